"""Reduction kernels, launch side: the launch table a generated launcher carries
(tilegen's DEFAULT_TABLE, adjusted per kernel for chained reductions, reading the row
again for the outputs, and register pressure) and what a spec's `schedule { }` pins in
it. lower.py puts the results into the render model; templates/reduction.py.j2
prints them.
"""

from __future__ import annotations

from .plan import (
    CHAINED_HALVE_AT,
    DEFAULT_TABLE,
    LOOPED_FALLBACK,
    REGISTER_BUDGET,
    REREAD_AT,
    REREAD_CHAINED_AT,
    WELFORD_LOOPED_AT,
)


def table_rows(row_inputs: int, levels: int, reread: str, team: bool,
               two_reads: bool = False) -> tuple[tuple[tuple[str, ...], ...], dict]:
    """The launch table for a kernel whose reductions have `levels` levels and whose single
    pass holds `row_inputs` row-sized inputs through them: DEFAULT_TABLE, with the rows that
    read the row again for the outputs where `reread` allows it ("looped": REREAD_AT,
    "chained": REREAD_CHAINED_AT, "": neither), num_warps halved at the CHAINED_HALVE_AT
    widths where reductions chain (two levels or more), then doubled where a single pass
    (REREAD or not) would hold more than REGISTER_BUDGET row values a thread (and lose
    occupancy to registers). Without a `team` kernel, the team rows become one
    LOOPED_FALLBACK row. A "chained" kernel whose looped form reads the row only twice
    (`two_reads`: its variance joins its mean's pass) also runs looped at the
    WELFORD_LOOPED_AT widths. Also returns the widths each adjustment changed: {"reread": ...,
    "welford": ..., "fewer": ..., "more": ...} (fewer / more warps than the row it started
    from)."""
    rows, changed = [], {"reread": [], "welford": [], "fewer": [], "more": []}
    table = DEFAULT_TABLE
    if not team:
        table = tuple(r for r in DEFAULT_TABLE if r[1] != "team") + (LOOPED_FALLBACK,)
    rereads = {"looped": REREAD_AT, "chained": REREAD_CHAINED_AT}.get(reread, {})
    if reread == "chained" and two_reads:
        rereads = {**rereads, **WELFORD_LOOPED_AT}
    for max_n, strategy, block, n_rows, default_warps, per_sm, stages in table:
        warps = default_warps
        if strategy == "single" and max_n in rereads:
            strategy, block, n_rows, default_warps = rereads[max_n]
            warps = default_warps
            changed["welford" if strategy == "looped" and reread == "chained" else "reread"].append(max_n)
        # the single pass, REREAD or not, holds the row through its reductions
        if strategy in ("single", "reread") and max_n is not None:
            if levels >= 2 and max_n in CHAINED_HALVE_AT:
                warps = max(4, warps // 2)
            width = block or 1 << max(0, max_n - 1).bit_length()  # the widest block this entry launches
            while REGISTER_BUDGET and warps < 32 and n_rows * width // (32 * warps) * max(1, row_inputs) > REGISTER_BUDGET:
                warps *= 2
            (changed["fewer"] if warps < default_warps else changed["more"] if warps > default_warps else []).append(max_n)
        rows.append(tuple(repr(v) for v in (max_n, strategy, block, n_rows, warps, per_sm, stages)))
    return tuple(rows), {k: tuple(v) for k, v in changed.items()}


def reread_kind(levels: int, full_outputs: bool, online: bool) -> str:
    """Which launches that read the row again for the outputs suit a kernel: "looped" for one
    level of reductions (the looped kernel's first loop keeps only running sums), "chained"
    for reductions that chain but have no online max-and-sum (the single pass with
    REREAD), "" where there is no row-sized output to compute after the reductions."""
    if not full_outputs or levels == 0:
        return ""
    if levels == 1:
        return "looped"
    return "" if online else "chained"


def fallback_row() -> tuple[str, ...]:
    """LOOPED_FALLBACK without its max_n, as Python literals: what a launcher runs where a
    team cannot."""
    return tuple(repr(v) for v in LOOPED_FALLBACK[1:])


def held_inputs(loads, steps) -> int:
    """How many row-sized inputs the single pass holds through a reduction: every
    full-shaped input (loaded with the row), and each per-column input whose load comes
    before some reduction (it appears inside the argument of a reduction of the statement
    that first uses it; one used only outside them loads after them)."""
    last_reduce = max((n for n, st in enumerate(steps) if st.kind == "reduce"), default=-1)
    early = sum(len(st.loads) for st in steps[:last_reduce] if st.kind == "loads")
    return sum(1 for l in loads if l.mask == "mask") + early


def schedule_pins(schedule) -> tuple[tuple[tuple[str, str], ...], str]:
    pins = []
    strategy = schedule.get("strategy")
    if strategy is not None:
        pins.append(("strategy", repr(str(strategy))))
    if schedule.get("block_n") is not None and strategy is not None:
        pins.append(("BLOCK_N", str(schedule.get("block_n"))))
    elif strategy == "team":
        # The launch table's BLOCK_N is 0 for rows it runs in one pass: a team needs segments.
        pins.append(("BLOCK_N", "BLOCK_N or 4096"))
    for key, var in (("rows", "ROWS"), ("warps", "num_warps"), ("stages", "stages")):
        if schedule.get(key) is not None:
            pins.append((var, str(schedule.get(key))))
    persistent = schedule.get("persistent")
    if persistent is not None:
        pins.append(("per_sm", "per_sm or 4" if str(persistent) == "true" else "0"))
    free_block = str(schedule.get("block_n")) if schedule.get("block_n") is not None and strategy is None else ""
    return tuple(pins), free_block
