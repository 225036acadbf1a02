"""lower_reduction: a checked reduction kernel -> its render model, assembled from the
parts Lowering builds (the single-pass kernel, the looped passes, the team exchanges, the
stores) and the launch table (launch.py)."""

from __future__ import annotations

import dataclasses

from ...checker.check import CheckedKernel
from ...language import ir
from ...language.functions import FUNCTIONS, OPERATORS
from ...language.schedule import fast_division
from ..expr import squares
from ..model import Statement, helpers_used
from .axes import AxisReductionModel, lower_axis_reduction
from .axis_scan import AxisScanModel, lower_axis_scan
from .launch import (HEAVY_OUTPUTS_FEW_BLOCKS_PER_SM, LOOPED_FEW_BLOCKS_PER_SM, fallback_row, few_rows_team_row,
                     held_inputs, padded_chunk_warps,
                     padded_few_blocks_per_sm, reread_kind, schedule_pins, table_rows)
from .looped import looped
from .lowering import Lowering
from ..model import IndexStep, index_name
from .model import ReductionModel, RowOffs, Step, Window
from .plan import COL, FULL, ROW, plan
from .scans import has_scans, hoist_scans
from .team import team_model


def lower_reduction(checked: CheckedKernel, spec_file: str) -> ReductionModel | AxisReductionModel | AxisScanModel:
    if checked.reduced:  # reductions over named dimensions (axes.py)
        return lower_axis_reduction(checked, spec_file)
    if checked.scanned:  # scans along a named dimension (axis_scan.py)
        return lower_axis_scan(checked, spec_file)
    checked = hoist_scans(checked)  # each scan a statement of its own (scans.py)
    scans = has_scans(checked)
    low = Lowering(checked, spec_file)
    sig, an = low.sig, low.an
    rows = tuple(checked.rows)
    # Row index -> per-dimension indices (innermost first), when there are several row dims.
    split = []
    if len(rows) > 1:
        for n, d in enumerate(reversed(rows)):
            split.append(IndexStep(index_name(d, len(rows) - 1 - n), str(d), n == len(rows) - 1))
    index_of = low.row_indices
    row_offs = []
    for t in sig.inputs + sig.outputs:
        cls = an.tensor_class(t.dims)
        if cls in (FULL, ROW):
            # each of its row axes, by the space axis it lines up with (an input may leave some out)
            terms = [f"{index_of[t.axes[axis]]} * {stride}" for axis, stride in t.strides if t.axes[axis] < len(rows)]
            row_offs.append(RowOffs(f"{t.name}_row_offs", " + ".join(terms) if terms else "rows * 0"))
    direct_row = low.direct([])
    row_loads = low.loads(low.plan.row_loads, direct_row) + low.gathers()
    single_loads, single_steps = low.single()
    passes, loops, final_loads, final_steps, final_carries, final_backward = looped(low, low.plan)
    # The team kernel exchanges plain sums: its passes keep a variance apart from its mean
    # (a plan of its own only where the looped kernel's has Welford moments).
    has_moments = any(p.moments for p in low.plan.passes)
    team_passes = looped(low, plan(checked, moments=False))[0] if has_moments else passes
    outputs_by_class = {o.name: an.tensor_class(o.dims) for o in sig.outputs}
    row_stores = tuple(low.store(o) for o in sig.outputs if outputs_by_class[o.name] == ROW)
    varying_stores = tuple(low.store(o) for o in sig.outputs if outputs_by_class[o.name] in (FULL, COL))
    reads_full = loops + (1 if varying_stores else 0)
    suffix = {o.name: ".squeeze(-1)" for o in sig.outputs
              if outputs_by_class[o.name] == ROW and an.shapes[o.name] == ROW and rows}
    triton_helpers, torch_helpers = helpers_used(checked)
    pins, free_block = schedule_pins(checked.kernel.schedule)
    row_inputs = held_inputs(single_loads, single_steps)
    # No team kernel for a scan: a segment's running value would need every earlier segment's
    # total, an exchange more and a wait on the members before it (scans.py); such a kernel
    # runs looped where the table says team.
    team = None if scans else team_model(team_passes, final_loads, final_steps, varying_stores, row_stores,
                                         fallback_row())
    # the narrowest row-sized tensor's element size: what a 16-byte vector of a row holds
    row_itemsize = min((_itemsize(t) for t in sig.inputs + sig.outputs if an.tensor_class(t.dims) == FULL), default=4)
    # An argmax's or argmin's positions count from the segment's start: such a team keeps
    # its segments at the row's start (no WINDOW).
    if team is not None and not any(a.index for p in team_passes if p.loop for a in p.loop.accs):
        team = dataclasses.replace(team, window=window(sig, an, len(rows), row_itemsize))
    levels = max((r.level for r in low.plan.reductions), default=0)
    # Reading the row again only pays where a row-sized output is computed from it.
    full_outputs = any(c == FULL for c in outputs_by_class.values())
    online = any(p.online for p in low.plan.passes)
    reread = reread_kind(levels, full_outputs, online)
    if scans:  # the looped kernel's final steps carry a scan's running value: they need its loop
        reread = ""
    two_reads = has_moments and loops == 1
    # A schedule { } that pins launch values takes the table without the entries for rows
    # mostly padding, nor the online kernels' extra entry: its pins (a strategy, a block,
    # warps) are meant for the entries tilegen's defaults start from (`precision` pins none).
    body = checked.kernel.body
    light = light_per_element(body, an)
    full_names = [o.name for o in sig.outputs if outputs_by_class[o.name] == FULL]
    heavy = heavy_row_outputs(body, an, full_names, fast_division(checked.kernel))
    table, changed = table_rows(row_inputs, levels, reread, team is not None, two_reads, padded=not (pins or free_block),
                                online=online, heavy_outputs=heavy)
    # (the launcher tests the heavy entries among the padded ones': a table with them has those)
    assert not changed["heavy"] or changed["padded"], changed
    few_rows_team = few_rows_team_row(table, team is not None and team.window is not None, light,
                                      padded=not (pins or free_block))
    head, tail = split_single(single_steps, an) if reread == "chained" else (single_steps, ())
    if reread == "chained":  # the row loads keep it in L2 for the second read
        single_loads = tuple(dataclasses.replace(l, evict="reread") if l.mask == "mask" else l for l in single_loads)
    # A row width given at run time can be fixed per compile of the looped kernel (COLS).
    fixed_width = not low.ncols.isdigit()
    # Row loads are vectors only where Triton can prove the rows start aligned: the launcher
    # passes ALIGN, the largest power of two (to 16) dividing the row width and these row
    # strides, and the kernels restate them as its multiples.
    row_strides = tuple(
        (stride, f"{t.name}.stride({axis})")
        for t in sig.inputs + sig.outputs if an.tensor_class(t.dims) == FULL
        for axis, stride in t.strides if t.axes[axis] < len(rows)
    )
    aligned = (((low.ncols, low.ncols),) if fixed_width else ()) + row_strides
    # Sizes the kernel needs: the row width and the row dims it splits the row index over.
    named = [low.col] + [d for d in rows[1:]]
    size_args = tuple(d for d in named if isinstance(d, str))
    statements = tuple(
        Statement(a.target, "", low.torch(a.value), a.span.line if a.span else 0) for a in checked.kernel.body
    )
    # max and min of an empty row have no value (torch.amax raises): the launcher refuses N = 0.
    extremes = sorted({r.fn for r in low.plan.reductions if r.fn in ("max", "min", "argmax", "argmin")},
                      key=("max", "min", "argmax", "argmin").index)
    # The tensor to name: the first one spanning the columns (an input where there is one).
    row_param = next(t.name for t in sig.inputs + sig.outputs if an.tensor_class(t.dims) in (FULL, COL))
    return ReductionModel(
        sig=sig,
        statements=statements,
        extremes=" and ".join(extremes),
        row_param=row_param,
        ref_output_suffix=suffix,
        ncols=low.ncols,
        col_dim=str(low.col),
        n_rows=" * ".join(str(d) for d in rows) if rows else "1",
        size_args=tuple(dict.fromkeys(size_args)),
        row_dims_text=", ".join(str(d) for d in rows),
        row_split=tuple(split),
        row_offs=tuple(row_offs),
        row_loads=row_loads,
        prologue=tuple(low.assign(n) for n in low.plan.prologue),
        single_loads=tuple(l for l in single_loads if l.mask != "mask_n"),
        single_steps=head,
        single_tail=tail,
        reread=reread == "chained",
        row_stores=row_stores,
        single_stores=varying_stores,
        col_outputs=tuple(o.name for o in sig.outputs if an.tensor_class(o.dims) == COL),
        passes=passes,
        loops=loops,
        final_loads=final_loads,
        final_steps=final_steps,
        final_stores=tuple(
            dataclasses.replace(st, evict="evict_first") if loops and st.mask == "mask" else st for st in varying_stores
        ),
        final_carries=final_carries,
        final_backward=final_backward,
        reads=reads_full,
        reads_text={1: "once", 2: "twice"}.get(reads_full, f"{reads_full} times"),
        table=table,
        table_reread=", ".join(map(str, changed["reread"])),
        table_welford=", ".join(map(str, changed["welford"])),
        table_fewer_warps=", ".join(map(str, changed["fewer"])),
        table_more_warps=", ".join(map(str, changed["more"])),
        table_padded=", ".join(map(str, changed["padded"])),
        table_narrow=", ".join(map(str, changed["narrow"])),
        table_half_block=", ".join(map(str, changed["half_block"])),
        table_looped=", ".join(map(str, changed["looped"])),
        table_looped_few=", ".join(f"{n}: {LOOPED_FEW_BLOCKS_PER_SM}" for n in changed["looped"]),
        table_heavy=", ".join(map(str, changed["heavy"])),
        table_heavy_few=", ".join(f"{n}: {HEAVY_OUTPUTS_FEW_BLOCKS_PER_SM}" for n in changed["heavy"]),
        row_strides=tuple(expr for _, expr in row_strides),
        table_padded_few=", ".join(f"{n}: {padded_few_blocks_per_sm(n)}" for n in changed["padded"]),
        row_itemsize=row_itemsize,
        chunk_warps=padded_chunk_warps(online),
        row_inputs=row_inputs,
        pins=pins,
        pinned_block_n=free_block,
        latency_warps=all(var != "num_warps" for var, _ in pins),
        fill_rows=all(var != "ROWS" for var, _ in pins),
        # a team's segments follow the row (team_block) unless the schedule pins BLOCK_N
        team_block=not free_block and all(var != "BLOCK_N" for var, _ in pins),
        divides=low.divides,
        fixed_width=fixed_width,
        aligned=aligned,
        past_end=low.past_end,
        helpers=frozenset(triton_helpers) | ({"team"} if team else set()) | ({"fixed_width"} if fixed_width else set())
        | ({"last_lane"} if scans else set()),
        torch_helpers=frozenset(torch_helpers),
        team=team,
        few_rows_team=few_rows_team,
    )


def light_per_element(body, an) -> bool:
    """Does every value that varies along the row cost a few ALU instructions (the op
    table's `light`: no transcendental function, quotient or power of row values; `x ** 2`
    of a float tensor is a product)? A node's shape is asked only where it is not light."""
    return all(_light(a.value, an, (COL, FULL)) for a in body)


def heavy_row_outputs(body, an, outputs, fast: bool) -> bool:
    """Do the row-sized `outputs` cost more than a few ALU instructions a value (a node that
    is not light over values of the row's shape, in their statements or those they read;
    `/` is light under `precision = fast`, a div.full.f32), while every value a reduction
    reads, and every statement whose value reaches one, is light? Then the heavy work is
    the outputs' alone, and a looped launch's first loop, which finds the reductions, stays
    cheap (HEAVY_OUTPUTS_CHUNKED in launch.py)."""
    reductions = [arg for a in body for node in ir.walk(a.value)
                  if isinstance(node, ir.Call) and FUNCTIONS[node.func].is_reduction for arg in node.args]
    defs = {a.target: a.value for a in body}
    if not all(_light(e, an, (COL, FULL)) for e in _reaching(defs, reductions)):
        return False
    stored = [defs[name] for name in outputs if name in defs]
    return not all(_light(e, an, (FULL,), fast) for e in _reaching(defs, stored))


def _reaching(defs, roots):
    """`roots`, and the values of the statements they read, directly or through others."""
    todo, seen = list(roots), set()
    while todo:
        expr = todo.pop()
        yield expr
        for node in ir.walk(expr):
            if isinstance(node, ir.Name) and node.id in defs and node.id not in seen:
                seen.add(node.id)
                todo.append(defs[node.id])


def _light(expr, an, shapes, fast: bool = False) -> bool:
    """Is every node of `expr` whose shape is one of `shapes` light (a few ALU
    instructions; under `fast`, `/` too)?"""
    for node in ir.walk(expr):
        if isinstance(node, ir.Call):
            light = FUNCTIONS[node.func].light
        elif isinstance(node, ir.BinOp):
            light = (OPERATORS[node.op].light or (node.op == "**" and squares(an.typer, node))
                     or (fast and node.op == "/"))
        else:
            continue
        if not light and an.shape(node) in shapes:
            return False
    return True


def window(sig, an, n_row_dims: int, itemsize: int) -> Window | None:
    """What the launcher checks before a team's segments start at the 16-byte boundary
    before each row (tilegen.runtime.reduction.row_window), over the row-sized tensors."""
    full = [t for t in sig.inputs + sig.outputs if an.tensor_class(t.dims) == FULL]
    if not full:
        return None
    along = [{t.axes[axis]: axis for axis, _ in t.strides} for t in full]
    vector = max(1, 16 // itemsize)
    return Window(
        ref=f"{full[0].name}_row_offs",
        vector=vector,
        col_strides=tuple(f"{t.name}.stride({a[n_row_dims]})" for t, a in zip(full, along)),
        misaligned=tuple(f"{t.name}.data_ptr() % {vector * _itemsize(t)}" for t in full),
        align_bytes=max(vector * _itemsize(t) for t in full),
        row_strides=tuple(tuple(f"{t.name}.stride({a[d]})" if d in a else "0" for t, a in zip(full, along))
                          for d in range(n_row_dims)),
    )


def _itemsize(t) -> int:
    """Bytes per element of a tensor parameter (1 for sub-byte types)."""
    return max(1, t.dtype.bits // 8)


def split_single(steps: tuple[Step, ...], an) -> tuple[tuple[Step, ...], tuple[Step, ...]]:
    """The single pass's steps, split for REREAD: the head computes every reduction and
    every per-row value; the tail, the row-varying values after the last reduction (and
    the per-column loads they need), runs only when the row is held (REREAD false). A
    per-row value cannot depend on a row-varying one without a reduction, so the per-row
    steps after the last reduction can move ahead of the tail."""
    last = max((n for n, st in enumerate(steps) if st.kind == "reduce"), default=-1)
    rest = steps[last + 1:]
    per_row = tuple(st for st in rest if st.kind == "assign" and not an.varies(st.target))
    return steps[:last + 1] + per_row, tuple(st for st in rest if st not in per_row)
