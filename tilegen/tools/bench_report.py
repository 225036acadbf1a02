"""`tilegen bench`, reporting: a timed case's rows, the table, each group's minimum and
geometric mean of tilegen's `x best`, the targets, and the JSON, CSV, Markdown and PNG
files; also saved JSON runs read back (`tilegen bench --from-json`), so that the parts of a
long corpus (`--part I/N`) report as one. bench.py times; this module only reads rows.
"""

from __future__ import annotations

import csv
import json
import math
import sys
from dataclasses import asdict, dataclass, field
from pathlib import Path


@dataclass
class Row:
    case: str
    group: str
    impl: str
    ms: float
    rate: float
    unit: str
    pct_copy: float | None
    note: str = ""
    spread: float | None = None  # (slowest - fastest round) / median, in percent
    vs_best: float | None = None  # tilegen only: its paired ratio to the closest other (paired_ratio)
    vs_best_interval: tuple[float, float] | None = None  # tilegen only: 95% interval of vs_best (paired_interval)
    target: float | None = None  # tilegen only: the suite's target for vs_best
    rounds: list[float] = field(default_factory=list)  # each round's ms, in the order they ran (JSON, CSV)


def target_lines(rows: list[Row]) -> list[str]:
    """One line per case with a target (its tilegen row's vs_best against the target), then
    how many were met. A case whose ratio could not be taken (tilegen or every other
    implementation failed) is not met."""
    checked = [(row, row.vs_best is not None and row.vs_best >= row.target)
               for row in rows if row.impl == "tilegen" and row.target is not None]
    lines = [f"{row.case}: {'n/a' if row.vs_best is None else f'{row.vs_best:.3f}x'} the best other"
             f"{_interval_words(row.vs_best_interval)}, target {row.target}x: {'met' if met else 'NOT met'}"
             for row, met in checked]
    if checked:
        lines.append(f"targets met: {sum(met for _, met in checked)} of {len(checked)}")
    return lines


def _interval_words(interval: tuple[float, float] | None) -> str:
    return "" if interval is None else f" (95% interval {interval[0]:.3f}-{interval[1]:.3f})"


def csv_record(row: Row) -> dict:
    """A row as one CSV record: its rounds' times in one field, space-separated, and so
    the two ends of vs_best_interval."""
    interval = " ".join(f"{x:.4f}" for x in row.vs_best_interval or ())
    return {**asdict(row), "rounds": " ".join(f"{ms:.4f}" for ms in row.rounds), "vs_best_interval": interval}


def launch_note(config) -> str:
    """A gemm launcher's last_config in a few words: "128x256x64 w8 s3, descriptor persistent flatten";
    a tile of two column blocks reads 64x(64+32)x128; a launch on K-padded copies of its
    operands ends "on K-padded copies" (pad_k, tilegen.runtime.restage)."""
    if not isinstance(config, dict) or "block_m" not in config:
        return str(config or "")
    mode = "persistent" + (" flatten" if config.get("flatten") else "") if config.get("persistent") else "grid"
    split = f" split-K {config['split_k']}" if config.get("split_k", 1) > 1 else ""
    n2 = config.get("block_n2", 0)
    cols = f"({config['block_n']}+{n2})" if n2 else f"{config['block_n']}"  # a tile of two column blocks
    pad = ", on K-padded copies" if config.get("pad_k") else ""
    return (f"{config['block_m']}x{cols}x{config['block_k']} w{config['warps']} s{config['stages']}, "
            f"{config.get('addressing', 'pointer')} {mode}{split}{pad}")


def format_table(rows: list[Row], markdown: bool = False) -> str:
    header = ["case", "impl", "ms", "rate", "% copy", "spread", "x best", "note"]
    body = [
        [r.case, r.impl, f"{r.ms:.4f}", f"{r.rate:.1f} {r.unit}", "" if r.pct_copy is None else f"{r.pct_copy:.1f}",
         "" if r.spread is None else f"{r.spread:.1f}%", "" if r.vs_best is None else f"{r.vs_best:.3f}x", r.note]
        for r in rows
    ]
    if markdown:
        lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        lines += ["| " + " | ".join(row) + " |" for row in body]
        return "\n".join(lines) + "\n"
    widths = [max(len(x[i]) for x in [header] + body) for i in range(len(header))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths)).rstrip() for row in [header] + body) + "\n"


def group_summary(rows: list[Row], impl: str = "tilegen") -> dict:
    """Per group, over impl's rows with an `x best` ratio: {group: dict(cases, min, geomean,
    worst)}; worst names the case of the smallest ratio. Groups without ratios are left out."""
    by_group = {}
    for r in rows:
        if r.impl == impl and r.vs_best is not None and r.vs_best > 0:
            by_group.setdefault(r.group, []).append(r)
    summary = {}
    for group, rs in by_group.items():
        worst = min(rs, key=lambda r: r.vs_best)
        geomean = math.exp(sum(math.log(r.vs_best) for r in rs) / len(rs))
        summary[group] = dict(cases=len(rs), min=worst.vs_best, geomean=geomean, worst=worst.case)
    return summary


def summary_lines(rows: list[Row]) -> list[str]:
    """One line per group: the minimum and geometric mean of tilegen's `x best` ratio."""
    return [f"{group}: {s['cases']} cases, x best min {s['min']:.3f} (at {s['worst']}), geomean {s['geomean']:.3f}"
            for group, s in group_summary(rows).items()]


def _plot(rows: list[Row], path: str) -> None:
    """tilegen's `x best` ratio by shape, one panel per group, a line at 1 (parity)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    groups = {}
    for r in rows:
        if r.impl == "tilegen" and r.vs_best is not None:
            groups.setdefault(r.group, []).append(r)
    if not groups:
        return
    fig, axes = plt.subplots(len(groups), 1, figsize=(max(8, 0.3 * max(map(len, groups.values()))), 3.5 * len(groups)),
                             squeeze=False)
    for ax, (group, rs) in zip(axes[:, 0], groups.items()):
        ax.bar(range(len(rs)), [r.vs_best for r in rs], color=["tab:green" if r.vs_best >= 1 else "tab:red" for r in rs])
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_xticks(range(len(rs)), [r.case for r in rs], rotation=60, ha="right", fontsize=6)
        ax.set_ylabel("x best (tilegen / best peer)")
        ax.set_title(group, fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


def load_rows(paths: list[str]) -> list[Row]:
    """The rows of saved runs (`--json` files), in the order given."""
    rows = []
    for path in paths:
        for record in json.loads(Path(path).read_text(encoding="utf-8")):
            interval = record.get("vs_best_interval")
            rows.append(Row(**{**record, "vs_best_interval": tuple(interval) if interval else None}))
    return rows


def report(rows: list[Row], args) -> None:
    """Print the table, the targets and the group summaries of `rows`; write the files that
    `args` asks for (json, csv, markdown, plot)."""
    print(format_table(rows))
    for line in target_lines(rows) + summary_lines(rows):
        print(line)
    if args.json:
        Path(args.json).write_text(json.dumps([asdict(r) for r in rows], indent=1), encoding="utf-8")
    if args.csv and rows:
        with open(args.csv, "w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=list(asdict(rows[0])))
            writer.writeheader()
            writer.writerows(csv_record(r) for r in rows)
    if args.markdown:
        Path(args.markdown).write_text(format_table(rows, markdown=True), encoding="utf-8")
    if args.plot:
        try:
            _plot(rows, args.plot)
        except ImportError:
            print("tilegen bench: --plot needs matplotlib", file=sys.stderr)
