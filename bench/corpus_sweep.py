"""The GEMM corpus three ways in one run: the model's untuned choice (what a first call
and a graph capture launch), the tuner's choice, and the peer (cuBLAS, eager).

    python bench/corpus_sweep.py [bench/corpus_gemm.toml] [--part I/N] [-k TEXT] [--json FILE] [--rounds R]
                                 [--fused] [--compile] [--plot FILE] [--from-json FILE ...]

--fused times every plain linear case of the corpus as its fused variant instead (bias and
an activation: GELU in bf16, SiLU in f16, as the corpus's own fused cases; batched cases
are left out). --compile times torch.compile of the peer beside it (default mode, compiled
afresh for each case, its compile time reported), and reports the ratios to it too.

For each case: the untuned choice (TILEGEN_AUTOTUNE=0), then tuning from scratch (empty
cache; its wall time, compiles included, is reported), then the two configurations (pinned
by schedule=) and the peer timed in interleaved rounds as `tilegen bench` times them. Each
output is checked against the peer's (relative Frobenius error under 2e-2). Prints, per
case, heuristic/tuned and tuned/peer and heuristic/peer (above 1: the first is faster), and
per group their minimum and geometric mean. --plot draws the ratios to the peer by case;
--from-json reports (and plots) saved --json runs, in the order given, without a GPU.
"""

import argparse
import json
import math
import os
import statistics
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.tools.bench import select_cases  # noqa: E402 (the same selection as tilegen bench)
from tilegen.tools.cli import _part  # noqa: E402
from make_corpus import fused_linear  # noqa: E402 (bench/, the script's own folder)


def main():
    p = argparse.ArgumentParser()
    p.add_argument("suite", nargs="?", default=str(ROOT / "bench" / "corpus_gemm.toml"))
    p.add_argument("--part", type=_part, default=(1, 1), metavar="I/N", help="every Nth selected case from the Ith")
    p.add_argument("-k", dest="match", default="", help="only the cases whose name (or group) contains this text")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--fused", action="store_true", help="every plain linear case as its bias + activation variant")
    p.add_argument("--compile", action="store_true", help="torch.compile of the peer as a second peer")
    p.add_argument("--json")
    p.add_argument("--plot", metavar="FILE", help="tuned / peer and model / peer by case, one panel per group (PNG)")
    p.add_argument("--from-json", nargs="+", metavar="FILE", help="report saved --json runs instead of timing")
    args = p.parse_args()
    if args.from_json:
        results = [r for path in args.from_json for r in json.loads(Path(path).read_text())]
        summarize(results)
        if args.plot:
            plot(results, args.plot)
        return
    os.environ["TILEGEN_CACHE_DIR"] = tempfile.mkdtemp()
    import torch

    import tilegen.runtime.gemm as gemm_rt
    from tilegen.tools.bench import _warm_up, interleaved_ms, paired_ratio
    from tilegen.tools.bench_report import launch_note
    from tilegen.tools.bench_baselines import BASELINES
    from tilegen.driver import compile_paths
    from tilegen.tools.validate import Case, load_module, make_inputs

    cases = tomllib.loads(Path(args.suite).read_text())["case"]
    if args.fused:
        cases = [fused_variant(c) for c in cases if "bmm" not in c["kernel"]]
    cases = select_cases(cases, args.match, args.part)
    modules, results = {}, []
    _warm_up(2.0)
    keys = gemm_rt.GEMM_CONFIG_KEYS + ("addressing", "persistent", "flatten")
    for case in cases:
        spec = str(ROOT / case["spec"])
        if spec not in modules:
            (compiled,) = compile_paths([spec]).values()
            modules[spec] = (load_module(compiled.source, Path(spec).stem), {m.sig.name: m for m in compiled.models})
        module, models = modules[spec]
        sig = models[case["kernel"]].sig
        fn = getattr(module, case["kernel"])
        sizes = dict(case["sizes"])
        inputs = make_inputs(sig, Case(sizes, False, "bench"), "cuda", seed=0)
        peer = BASELINES[case["baselines"][0]]
        gemm_rt.GEMM_CHOSEN.clear()
        gemm_rt.GEMM_TUNED.clear()
        os.environ["TILEGEN_CACHE_DIR"] = tempfile.mkdtemp()  # every case tunes from scratch
        os.environ["TILEGEN_AUTOTUNE"] = "0"
        # what each launch chose, pinned for the timed calls (pad_k: whether it ran on K-padded copies)
        chosen = lambda: {**{k: fn.last_config[k] for k in keys}, "pad_k": bool(fn.last_config.get("pad_k"))}
        fn(*inputs)
        first = chosen()
        os.environ["TILEGEN_AUTOTUNE"] = "1"
        gemm_rt.GEMM_CHOSEN.clear()
        torch.cuda.synchronize()
        start = time.perf_counter()
        fn(*inputs)
        torch.cuda.synchronize()
        tune_s = time.perf_counter() - start
        tuned = chosen()
        want = peer(*inputs).float()
        errors = {}
        for label, config in (("heuristic", first), ("tuned", tuned)):
            got = fn(*inputs, schedule=config).float()
            errors[label] = float((got - want).norm() / want.norm().clamp_min(1e-30))
        runs = {
            "heuristic": lambda: fn(*inputs, schedule=first),
            "tuned": lambda: fn(*inputs, schedule=tuned),
            "peer": lambda: peer(*inputs),
        }
        compile_s = None
        if args.compile:
            torch._dynamo.reset()  # a fresh compile for each shape (no recompile limit, no dynamic shapes)
            compiled = torch.compile(peer)
            start = time.perf_counter()
            got = compiled(*inputs).float()
            torch.cuda.synchronize()
            compile_s = time.perf_counter() - start
            errors["compile"] = float((got - want).norm() / want.norm().clamp_min(1e-30))
            runs["compile"] = lambda: compiled(*inputs)
        times = interleaved_ms(runs, args.rounds, alternate=True)
        flops = eval(case["flops"], {}, sizes)
        r = dict(
            case=case["name"], group=case.get("group", ""), sizes=sizes,
            heuristic=launch_note(first), tuned=launch_note(tuned), same=first == tuned, tune_s=tune_s,
            ms={k: statistics.median(v) for k, v in times.items()}, errors=errors,
            heuristic_vs_tuned=paired_ratio({"heuristic": times["heuristic"], "tuned": times["tuned"]}, "heuristic"),
            tuned_vs_peer=paired_ratio({"tuned": times["tuned"], "peer": times["peer"]}, "tuned"),
            heuristic_vs_peer=paired_ratio({"heuristic": times["heuristic"], "peer": times["peer"]}, "heuristic"),
        )
        if args.compile:
            r["compile_s"] = compile_s
            for label in ("tuned", "heuristic"):
                r[f"{label}_vs_compile"] = paired_ratio({label: times[label], "compile": times["compile"]}, label)
        r["tflops"] = {k: flops / v / 1e9 for k, v in r["ms"].items()}
        bad = "" if max(errors.values()) < 2e-2 else f"  WRONG {errors}"
        print(f"{r['case'][:52]:52s} h/t {r['heuristic_vs_tuned']:.3f} t/peer {r['tuned_vs_peer']:.3f} "
              f"h/peer {r['heuristic_vs_peer']:.3f} tune {tune_s:4.1f}s  {r['ms']['tuned']*1e3:8.1f}us  "
              + (f"t/compile {r['tuned_vs_compile']:.3f} " if args.compile else "")
              + f"H[{r['heuristic']}] T[{r['tuned']}]{bad}", flush=True)
        results.append(r)
        if args.json:  # after every case: a run cut short keeps what it measured
            Path(args.json).write_text(json.dumps(results, indent=1))
    summarize(results)
    if args.plot:
        plot(results, args.plot)


def fused_variant(case):
    """The bias + activation variant of a plain linear case, as bench/make_corpus.py writes
    the corpus's own fused cases (those stay as they are)."""
    if "bias" in case["kernel"]:
        return case
    dtype = case["kernel"].rsplit("_", 1)[1]
    act, kernel, base = fused_linear(dtype)
    name = case["name"].replace(f" {dtype} ", f" +bias+{act} {dtype} ", 1)
    return dict(case, name=name, kernel=kernel, baselines=[base])


def summarize(results):
    """Per group and over all: minimum and geometric mean of each ratio, and tuning time."""
    print()
    groups = {}
    for r in results:
        groups.setdefault(r["group"], []).append(r)
    groups["all"] = results
    for group, rs in groups.items():
        for key in ("heuristic_vs_tuned", "tuned_vs_peer", "heuristic_vs_peer", "tuned_vs_compile", "heuristic_vs_compile"):
            if any(key not in r for r in rs):
                continue
            vals = [r[key] for r in rs]
            worst = min(rs, key=lambda r: r[key])
            geo = math.exp(sum(map(math.log, vals)) / len(vals))
            print(f"{group:14s} {key:18s} n={len(vals):3d} min {min(vals):.3f} geomean {geo:.3f}  worst: {worst['case']}")
        print(f"{group:14s} tuning seconds: max {max(r['tune_s'] for r in rs):.1f}, "
              f"median {statistics.median(r['tune_s'] for r in rs):.1f}")


def plot(results, path):
    """Tuned / peer and model (untuned) / peer by case, one panel per group, a line at 1."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    import matplotlib.ticker

    groups = {}
    for r in results:
        groups.setdefault(r["group"], []).append(r)
    fig, axes = plt.subplots(len(groups), 1, figsize=(max(8, 0.35 * max(map(len, groups.values()))), 3.8 * len(groups)),
                             squeeze=False)
    for ax, (group, rs) in zip(axes[:, 0], groups.items()):
        xs = range(len(rs))
        ax.bar([x - 0.2 for x in xs], [r["tuned_vs_peer"] for r in rs], 0.4, label="tuned / peer")
        ax.bar([x + 0.2 for x in xs], [r["heuristic_vs_peer"] for r in rs], 0.4, label="model / peer")
        ax.axhline(1.0, color="black", linewidth=0.8)
        ax.set_yscale("log")
        ax.set_yticks([0.5, 0.75, 1, 1.5, 2, 4, 8], ["0.5", "0.75", "1", "1.5", "2", "4", "8"])
        ax.yaxis.set_minor_formatter(matplotlib.ticker.NullFormatter())
        ax.set_xticks(list(xs), [r["case"] for r in rs], rotation=60, ha="right", fontsize=6)
        ax.set_ylabel("ratio to the peer (above 1: faster)")
        ax.set_title(group, fontsize=9)
        ax.legend(fontsize=7)
    fig.tight_layout()
    fig.savefig(path, dpi=120)


if __name__ == "__main__":
    main()
