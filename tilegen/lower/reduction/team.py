"""Stage 4 (reduction, team strategy): the looped plan -> the render model of the team kernel.

A team kernel spreads each row over TEAM programs, one BLOCK_N-column segment each, held in
registers: the row is read once, however wide. A program holds one row, so its partial
results and the team's are scalars (a [1, 1] tensor would drag the row's layout along).
Each looped pass becomes an exchange: every program reduces its segment, publishes the
partial results (one f32 word each), reads the whole team's, and combines them
(templates/_team_helpers.py.j2 holds the protocol). An online max-and-sum pass publishes a
(max, sum) pair, so softmax needs one exchange.

Python decides what is reduced, published and combined; templates/_reduction_team.py.j2
owns the code structure.
"""

from __future__ import annotations

from ...language.functions import mean_of

import dataclasses

from .model import Acc, Load, Online, Pass, Step, Store, Team, TeamPass, short_literal

_COMBINE = {"sum": "_team_sum", "max": "_team_max", "min": "_team_min"}


def team_model(passes: tuple[Pass, ...], final_loads: tuple[Load, ...], final_steps: tuple[Step, ...],
               stores: tuple[Store, ...], row_stores: tuple[Store, ...], fallback: tuple[str, ...]) -> Team | None:
    """The team kernel's model, or None where some reduction does not accumulate in f32
    (the exchange carries f32 words)."""
    loops = [p.loop for p in passes if p.loop]
    dtypes = {a.dtype for lp in loops for a in lp.accs} | {o.dtype for lp in loops for o in lp.online}
    if dtypes - {"float32"}:
        return None
    loads, seen = [], set()
    for l in [l for lp in loops for l in lp.loads] + list(final_loads):
        if l.name not in seen:
            seen.add(l.name)
            loads.append(dataclasses.replace(l, evict=""))
    # one word per partial result; an argmax or argmin publishes its value and its position
    total = sum(sum(2 if a.index else 1 for a in lp.accs) + 2 * len(lp.online) for lp in loops)
    team_passes, prefix = [], 0
    for p in passes:
        if p.loop is None:
            team_passes.append(TeamPass(0, "", (), (), "", 0, 1, "", (), p.after))
            continue
        lp = p.loop
        partials, names, results = [], [], []
        # The segment's loads are those of the first pass, so only there may a reduction
        # rely on a load's other= (and skip its tl.where); later passes mask every lane.
        first = not team_passes or all(not tp.words for tp in team_passes)
        for a in lp.accs:
            if a.index:
                partials.extend(_arg_partials(a, a.masked or not first))
                results.append(_arg_result(a, len(names)))
                names += [f"part_{a.result}_value", f"part_{a.result}"]
                continue
            partials.append(_acc_partial(a, a.masked or not first))
            results.append(_acc_result(a, len(names)))
            names.append(f"part_{a.result}")
        for o in lp.online:
            partials.extend(_online_partials(o, o.masked or not first))
            results.extend(_online_results(o, len(names)))
            names += [f"part_{o.m_result}", f"part_{o.s_result}"]
        # _team_exchange takes a [WORDS_P2] vector: one partial (a scalar) gets its axis
        packed = names[-1] if len(names) > 1 else f"{names[0]}[None]"
        for k in range(len(names) - 2, -1, -1):
            packed = f"tl.where(kk == {k}, {names[k]}, {packed})"
        words = len(names)
        team_passes.append(TeamPass(lp.number, lp.title, lp.steps, tuple(partials), packed, words,
                                    1 << max(0, words - 1).bit_length(), f"(row_block * {total} + {prefix}) * TEAM",
                                    tuple(results), p.after))
        prefix += words
    return Team(
        loads=tuple(loads),
        passes=_spec_lines_once(team_passes),
        words=max(1, total),
        final_steps=final_steps,
        edge_loads=tuple(dataclasses.replace(l, evict="") for l in final_loads),
        stores=tuple(dataclasses.replace(st, evict="") for st in stores),
        row_stores=tuple(dataclasses.replace(st, mask="mask_rows") for st in row_stores),
        fallback=fallback,
    )


def _spec_lines_once(passes: list[TeamPass]) -> tuple[TeamPass, ...]:
    """The passes without a `# spec:` comment that repeats the one just above it (code other
    than steps, an exchange's header or its publishing, makes the next comment needed)."""
    out, shown = [], None
    for tp in passes:
        groups = {}
        for field in ("steps", "partials", "results", "after"):
            if tp.words and field in ("steps", "results"):
                shown = None
            fixed = []
            for st in getattr(tp, field):
                if st.spec and st.line == shown:
                    st = dataclasses.replace(st, spec=False)
                shown = st.line if st.spec else shown if st.line == shown else None
                fixed.append(st)
            groups[field] = tuple(fixed)
        out.append(dataclasses.replace(tp, **groups))
    return tuple(out)


def _acc_partial(a: Acc, masked: bool) -> Step:
    value = (f"tl.where(mask, {a.value}, {a.init})" if masked else a.value) + a.cast
    why = "count as" if masked else "already hold (the load's other=)"
    reduced = f"tl.sum({value})" if a.fn == "sum" else f"_reduce_{a.fn}({value}, None, False)"  # NaN wins, as in torch
    return Step("assign", f"part_{a.result}", reduced, a.line, True,
                note=f"this program's {a.fn} over its segment; lanes past the row end {why} {short_literal(a.init)}")


def _arg_partials(a: Acc, masked: bool) -> list[Step]:
    """An argmax's (argmin's) two words: the segment's best value, and its position within
    the segment (below BLOCK_N: exact as an f32 word)."""
    part = f"part_{a.result}"
    note = f"this program's {a.fn} over its segment"
    steps, value = [], a.value + a.cast
    if masked:
        steps.append(Step("assign", f"{part}_in", f"tl.where(mask, {a.value}, {a.init}){a.cast}", a.line, True,
                          note=f"{note}; lanes past the row end count as {short_literal(a.init)}"))
        value, note = f"{part}_in", ""
    else:
        note += f"; past the row end the load put {short_literal(a.init)}"
    extreme = "max" if a.fn == "argmax" else "min"
    return steps + [
        Step("assign", f"{part}_value", f"_reduce_{extreme}({value}, None, False)", a.line, not masked, note=note),
        Step("assign", part, f"_arg_reduce({value}, tl.arange(0, BLOCK_N)[None, :], None, False, "
                             f"{a.fn == 'argmax'}).to(tl.float32)",
             a.line, False, note="its position within the segment (the team adds the segment's start)"),
    ]


def _arg_result(a: Acc, word: int) -> Step:
    return Step("assign", a.result, f"_team_arg(parts, {word}, {word + 1}, TEAM, BLOCK_N, {a.fn == 'argmax'})",
                a.line, False, note="the segments' best values at their columns: the row's first best")


def _acc_result(a: Acc, word: int) -> Step:
    value = mean_of(f"{_COMBINE[a.fn]}(parts, {word}, TEAM)", a.divisor)
    return Step("assign", a.result, value, a.line, False)


def _online_partials(o: Online, masked: bool) -> list[Step]:
    inp, m, s = (f"{o.m_result}_in" if masked else o.value), f"part_{o.m_result}", f"part_{o.s_result}"
    why = "lanes past the row end hold -inf: they never win the max, and exp(-inf - max) adds 0"
    steps = [Step("assign", inp, f'tl.where(mask, {o.value}, float("-inf"))', o.line_m, True, note=why)] if masked else []
    return steps + [
        Step("assign", m, f"_reduce_max({inp}, None, False)", o.line_m, not masked,
             note="this program's max and sum(exp(value - max)) over its segment"
             + ("" if masked else "; past the row end the load put -inf")),
        Step("assign", f"{m}_shift", f'tl.where({m} == float("-inf"), 0.0, {m})', o.line_m, False,
             note="a segment of only -inf shifts by 0 instead, since -inf - -inf would be NaN"),
        # the sum comes from its own spec line where the max and the sum are two statements
        Step("assign", s, f"tl.sum(tl.exp({inp} - {m}_shift))", o.line_s, o.line_s != o.line_m),
    ]


def _online_results(o: Online, word: int) -> list[Step]:
    return [
        Step("assign", o.m_result, f"_team_max(parts, {word}, TEAM)", o.line_m, False),
        Step("assign", o.s_result, f"_team_exp_sum(parts, {word}, {word + 1}, TEAM, {o.m_result})", o.line_s,
             o.line_s != o.line_m,
             note="each program's sum was taken relative to its own max: rescale to the row's"),
    ]
