"""Reductions over named dimensions (`sum(x, M)`, `mean(e, B, N)`): a checked kernel -> the
render model of templates/axis_reduction.py.j2.

The kernel's dimensions split into the *kept* ones (its outputs' shape, `checked.rows`) and
the *reduced* ones (`checked.reduced`). A program owns a block of BLOCK_K kept elements
(their flat index split into one index per kept dimension) and loops over a slice of the
reduced elements, BLOCK_R at a time (their flat index split likewise), on a
[BLOCK_R, BLOCK_K] tile, or [BLOCK_K, BLOCK_R] where the innermost dimension is reduced,
so that the tile's inner axis is the one memory holds contiguously. Each reduction keeps a
tile-shaped accumulator, folded to one value per kept element after the loop. The
statements before the reductions run on the tile ("loop" statements); those after them,
on the kept block ("epilogue"). Where SPLIT programs share a kept block (runtime/axes.py,
axis_plan), each writes its partial results and counts itself in; the last of them to
arrive combines them, in order, and runs the epilogue.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...checker.check import CheckedKernel
from ...language import ir
from ...language.functions import REDUCTIONS, accumulate, mean_of, row_reduce
from ..cases import Case
from ..expr import ExprRenderer
from ...language.schedule import fast_division
from .axis_moments import AxisMoments, axis_moments, moment_pairs
from .plan import neutral_text
from ..model import IndexStep, Signature, Statement, TensorArg, helpers_used, index_name, signature, statements


@dataclass(frozen=True, slots=True)
class AxisLoad:
    tensor: TensorArg
    offs: str  # its memory offsets on the tile (loop) or the kept block (epilogue)
    other: str  # what masked-off lanes read
    upcast: tuple[str, str] | None  # narrow floats: loaded and computed in f32
    streamed: bool = False  # a full-shaped tensor's tile load: each element read once a pass (one lacking a dimension is read again across it)

    @classmethod
    def of(cls, tensor: TensorArg, offs: str, streamed: bool = False) -> "AxisLoad":
        """`tensor` loaded at `offs`, masked-off lanes reading zero of its type."""
        return cls(tensor, offs, "0.0" if tensor.dtype.is_float else "0", tensor.dtype.load_wrap, streamed)


@dataclass(frozen=True, slots=True)
class AxisResult:
    """One reduction: its accumulator over the tile, folded to one value per kept element."""

    name: str  # the variable holding its result, e.g. "sum_x"
    fn: str
    dtype: str  # its accumulator's Triton type, e.g. "float32"
    neutral: str  # what masked-off lanes contribute
    step: str  # one tile step, e.g. "acc_sum_x += tl.where(mask, x, 0.0)"
    fold: str  # the tile folded over its reduced axis, e.g. "tl.sum(acc_sum_x, axis=0)"
    merge: str  # folding a tile of the slices' `partial` results in, e.g. "slices_sum_x += partial"
    fold_slices: str  # that tile folded over its slices (axis 0)
    final: str  # the result from the folded value (a mean divides by n_reduced), e.g. "sum_x"


@dataclass(frozen=True, slots=True)
class AxisPass:
    """One pass over the reduced elements: the loads and statements on its tiles, its
    reductions, and the kept results computed after it, which later passes read."""

    loads: tuple[AxisLoad, ...]
    statements: tuple[Statement, ...]
    results: tuple[AxisResult, ...]
    mid_loads: tuple[AxisLoad, ...]  # on the kept block, for mid_statements
    mid_statements: tuple[Statement, ...]
    kept_before: tuple[AxisKeep, ...]  # the earlier passes' results, loaded at its start
    kept_after: tuple[AxisKeep, ...]  # its results (and mid_statements) later passes read
    moments: tuple[AxisMoments, ...] = ()  # means with the variance about them (Welford)


@dataclass(frozen=True, slots=True)
class AxisKeep:
    """A kept result one pass leaves for the next in a [n_kept] buffer (`NAME_keep`)."""

    name: str
    dtype: str  # Triton's name
    torch: str  # torch's name
    level: int


@dataclass(frozen=True, slots=True)
class AxisStore:
    tensor: TensorArg
    offs: str


@dataclass(frozen=True, slots=True)
class AxisReductionModel:
    sig: Signature
    kept: tuple[ir.Dim, ...]
    reduced: tuple[ir.Dim, ...]
    kept_text: str
    reduced_text: str
    kept_inner: bool  # the innermost dimension is kept: the tile is [BLOCK_R, BLOCK_K]
    kept_steps: tuple[IndexStep, ...]  # offs_k -> one index per kept dim, innermost first
    reduced_steps: tuple[IndexStep, ...]
    size_args: tuple[str, ...]  # the dims the index splits need (all but each outermost)
    loop_loads: tuple[AxisLoad, ...]
    # the full-shaped tensors the last pass streams (each element read once): the last read
    # of them, which may ask the caches to drop their lines first (EVICT_FIRST)
    last_reads: tuple[str, ...]
    # where every tensor the loop reads is full-shaped and the reduced dims all come before
    # the kept ones (or after them), a contiguous call's offsets are the flat index: this
    # expression of offs_r and offs_k ("" where the dims interleave or index() is read)
    flat: str
    # the passes over the reduced elements: one, or one per level of reductions reading
    # others' results (`sum((x - mean(x, M)) ** 2, M)`: two), each a launch of its own
    passes: tuple[AxisPass, ...]
    results: tuple[AxisResult, ...]  # every pass's
    partials: tuple[tuple[str, str], ...]  # (name, Triton type) of each [SPLIT, n_kept] buffer of partial results
    keeps: tuple[AxisKeep, ...]  # several passes: the results one leaves for later ones
    epilogue_loads: tuple[AxisLoad, ...]
    epilogue_statements: tuple[Statement, ...]
    stores: tuple[AxisStore, ...]
    statements: tuple[Statement, ...]  # every statement, for the reference
    extremes: str  # "max" or "min" where one is taken: an empty range has none (the launcher raises)
    split: int | None  # pinned by the spec's schedule
    warps: int | None
    helpers: frozenset[str]
    torch_helpers: frozenset[str]
    # the reference computes with the reduced axes kept (size 1): the outputs drop these axes
    # of its rank-`ref_rank` values (runtime/args.py, output_ref)
    ref_reduced: tuple[int, ...]
    ref_rank: int
    template: str = "axis_reduction.py.j2"

    @property
    def welford(self) -> bool:  # a pass with Welford moments: fewer programs fit an SM (runtime.axes)
        return any(p.moments for p in self.passes)

    def validation_cases(self, quick: bool = False) -> list[Case]:
        """Tall (many reduced elements per output: split slices), wide (many outputs), both
        ragged, on strided views, at size 1, and with no outputs or (sum and mean only)
        nothing to reduce."""
        kept = [d for d in self.kept if isinstance(d, str)]
        reduced = [d for d in self.reduced if isinstance(d, str)]

        def sizes(first_kept, other_kept, first_reduced, other_reduced):
            out = {d: first_kept if n == 0 else other_kept for n, d in enumerate(kept)}
            out.update({d: first_reduced if n == 0 else other_reduced for n, d in enumerate(reduced)})
            return out

        tall = sizes(37, 3, 300 if quick else 5000, 5)
        cases = [Case(tall, False, "tall"), Case(tall, True, "tall, strided")]
        if not quick:
            cases.append(Case(sizes(3000, 3, 37, 3), False, "wide"))
            cases.append(Case(sizes(129, 2, 131, 3), True, "ragged, strided"))
        cases.append(Case(sizes(1, 1, 1, 1), False, "size 1"))
        if kept:
            cases.append(Case({**tall, kept[0]: 0}, False, "no outputs"))
        if reduced and not self.extremes:
            cases.append(Case({**tall, reduced[0]: 0}, False, "nothing to reduce"))
        return cases


def _steps(dims: tuple[ir.Dim, ...], full: tuple[ir.Dim, ...]) -> tuple[IndexStep, ...]:
    axes = [full.index(d) for d in dims]
    return tuple(IndexStep(index_name(d, a), str(d), n == len(dims) - 1)
                 for n, (d, a) in enumerate(reversed(list(zip(dims, axes)))))


def _flat(full, kept, reduced, loads, uses_index) -> str:
    """The flat offset of a tile element where every loaded tensor is full-shaped and contiguous
    (see AxisReductionModel.flat), or ""."""
    if uses_index or not loads or not all(load.tensor.full for load in loads):
        return ""
    if full[:len(reduced)] == reduced and kept:  # [reduced..., kept...]: kept is the inner axis
        return "offs_r[:, None] * n_kept + offs_k[None, :]"
    if full[:len(kept)] == kept:  # [kept..., reduced...]: reduced is the inner axis
        return "offs_k[:, None] * n_reduced + offs_r[None, :]"
    return ""


def _reads(value: ir.Expr, calls: dict, inside: bool) -> set[str]:
    """The names `value` reads outside its reductions' arguments (inside=False), or inside
    them (inside=True)."""
    names, stack = set(), [(value, False)]
    while stack:
        e, within = stack.pop()
        if isinstance(e, ir.Name) and within == inside:
            names.add(e.id)
        within = within or (isinstance(e, ir.Call) and e in calls)
        stack.extend((c, within) for c in ir.children(e))
    return names


def _needs(body, targets: set[str], calls: dict) -> set[str]:
    """The statement targets that `targets` read outside reductions, transitively (themselves
    included)."""
    values = {a.target: a.value for a in body}
    seen, todo = set(), list(targets)
    while todo:
        t = todo.pop()
        if t in seen or t not in values:
            continue
        seen.add(t)
        todo.extend(_reads(values[t], calls, inside=False))
    return seen


def _levels(values: dict, calls: dict, fused: dict) -> dict:
    """The pass each reduction runs in (0 unless its argument reads another's result, then
    one past it; a variance `fused` with its mean, the mean's), and each statement's value
    is known after (-1: it reads no reduction)."""
    level: dict = {}

    def of(e) -> int:
        key = e if isinstance(e, ir.Call) and e in calls else e.id if isinstance(e, ir.Name) and e.id in values else None
        if key is None:
            return max((of(c) for c in ir.children(e)), default=-1)
        if key not in level:
            if key in fused:
                level[key] = of(fused[key])
            else:
                level[key] = of(e.args[0]) + 1 if isinstance(key, ir.Call) else of(values[key])
        return level[key]

    for t in values:
        of(ir.Name(t))
    for c in calls:
        of(c)
    return level


def _tile_needs(args, values: dict, calls: dict, kept_results: dict) -> set[str]:
    """The names a pass's reduction arguments read on the tile, transitively: not inside
    other reductions, not kept results (read broadcast)."""
    seen, stack = set(), list(args)
    while stack:
        e = stack.pop()
        if isinstance(e, ir.Call) and e in calls:
            continue
        if isinstance(e, ir.Name):
            if e.id not in kept_results and e.id not in seen:
                seen.add(e.id)
                if e.id in values:
                    stack.append(values[e.id])
            continue
        stack.extend(ir.children(e))
    return seen


def _result(call, name, typer, loop, kept_inner) -> AxisResult:
    fn = REDUCTIONS[call.func]
    dtype = typer.of(call).dtype
    value = loop(call.args[0])
    if typer.of(call.args[0]).dtype != dtype:
        value = f"({value}).to(tl.{dtype.triton})"
    neutral = neutral_text(fn.neutral, dtype)
    acc = f"acc_{name}"
    axis = 0 if kept_inner else 1
    final = mean_of(name, "n_reduced") if call.func == "mean" else name
    return AxisResult(
        name=name, fn=call.func, dtype=dtype.triton, neutral=neutral,
        step=accumulate(fn.combine, acc, f"tl.where(mask, {value}, {neutral})"),
        fold=row_reduce(fn.combine, acc, axis=axis, keep_dims=False),
        merge=accumulate(fn.combine, f"slices_{name}", "partial"),
        fold_slices=row_reduce(fn.combine, f"slices_{name}", axis=0, keep_dims=False),
        final=final)


def lower_axis_reduction(checked: CheckedKernel, spec_file: str) -> AxisReductionModel:
    sig = signature(checked, spec_file)
    typer = checked.typer()
    full, kept, reduced = tuple(checked.space), tuple(checked.rows), tuple(checked.reduced)
    kept_inner = bool(full) and full[-1] in kept
    k_axis, r_axis = ("[None, :]", "[:, None]") if kept_inner else ("[:, None]", "[None, :]")
    body = checked.kernel.body
    index = {d: index_name(d, full.index(d)) for d in full}

    def offs(t: TensorArg, tile: bool) -> str:
        terms = []
        for axis, stride in t.strides:
            d = full[t.axes[axis]]
            suffix = (k_axis if d in kept else r_axis) if tile else ""
            terms.append(f"{index[d]}{suffix} * {stride}")
        return " + ".join(terms) if terms else "offs_k"  # a 0-d tensor: its one element (offs_k is 0)

    def load(t: TensorArg, tile: bool) -> AxisLoad:
        return AxisLoad.of(t, offs(t, tile), tile and len(set(t.axes)) == len(full))

    # the reductions, each once, named for what they reduce (sum_x, max_x_2, ...)
    calls: dict[ir.Call, str] = {}
    call_lines: dict[ir.Call, int] = {}
    taken = {p.name for p in checked.kernel.params} | {o.name for o in checked.kernel.outputs} | {a.target for a in body}
    for a in body:
        for e in ir.walk(a.value):
            if isinstance(e, ir.Call) and e.func in REDUCTIONS and e not in calls:
                arg = e.args[0]
                base = f"{e.func}_{arg.id}" if isinstance(arg, ir.Name) else f"{e.func}_{a.target}"
                name, n = base, 2
                while name in taken:
                    name, n = f"{base}_{n}", n + 1
                taken.add(name)
                calls[e] = name
                call_lines[e] = a.span.line if a.span else 0
    fast = fast_division(checked.kernel)
    loop_positions = {str(d): f"{index[d]}{k_axis if d in kept else r_axis}" for d in full}
    epilogue = ExprRenderer("triton", typer, leaf=lambda e: calls.get(e) if isinstance(e, ir.Call) else None,
                            positions={str(d): index[d] for d in kept}, fast_division=fast)
    values = {a.target: a.value for a in body}
    lines = {a.target: (a.span.line if a.span else 0) for a in body}
    # a variance about a mean joins the mean's pass (Welford): {variance: mean}
    fused = moment_pairs(calls, values, typer)
    level = _levels(values, calls, fused)
    # kept results: statements of the kept shape computed from reductions (`m = mean(x, M)`),
    # known after the pass of the last reduction they read; a later pass reads them broadcast
    kept_results = {t: level[t] for t, v in values.items()
                    if level[t] >= 0 and not any(d in reduced for d in typer.of(v).dims)}

    def broadcast(e):
        if isinstance(e, ir.Call) and e in calls:
            return f"{calls[e]}{k_axis}"
        return f"{e.id}{k_axis}" if isinstance(e, ir.Name) and e.id in kept_results else None

    loop = ExprRenderer("triton", typer, positions=loop_positions, leaf=broadcast, fast_division=fast)
    last = max((level[c] for c in calls), default=0)
    # kept results computed between passes (`m` above); the last pass's are the epilogue's
    done = {t for t, n in kept_results.items() if n < last}
    # several passes: one launch each; what a pass leaves for later ones goes through memory
    keeps = [AxisKeep(name, typer.of(call).dtype.triton, typer.of(call).dtype.torch, level[call])
             for call, name in calls.items() if level[call] < last]
    keeps += [AxisKeep(t, typer.of(values[t]).dtype.triton, typer.of(values[t]).dtype.torch, level[t])
              for t in values if t in done]
    passes = []
    for p in range(last + 1):
        # (a variance fused with its mean reads only the mean's argument)
        needed = _tile_needs([c.args[0] for c in calls if level[c] == p and c not in fused], values, calls, kept_results)
        mids = [t for t in values if t in done and kept_results[t] == p]
        used_mid = set().union(*(_reads(values[t], calls, inside=False) for t in mids))
        passes.append(AxisPass(
            loads=tuple(load(t, True) for t in sig.inputs if t.name in needed),
            statements=tuple(Statement(t, loop(values[t]), "", lines[t]) for t in values if t in needed),
            results=tuple(_result(call, name, typer, loop, kept_inner) for call, name in calls.items()
                          if level[call] == p and call not in fused and call not in fused.values()),
            mid_loads=tuple(load(t, False) for t in sig.inputs if t.name in used_mid),
            mid_statements=tuple(Statement(t, epilogue(values[t]), "", lines[t]) for t in mids),
            kept_before=tuple(k for k in keeps if k.level < p),
            kept_after=tuple(k for k in keeps if k.level == p),
            moments=tuple(axis_moments(var, mean, calls, call_lines, typer, loop)
                          for var, mean in fused.items() if level[mean] == p)))
    in_epilogue = _needs(body, {o.name for o in checked.kernel.outputs}, calls) - done
    every = statements(checked, None, _torch_renderer(checked, sig, typer, reduced, full))
    epilogue_statements = tuple(Statement(a.target, epilogue(a.value), "", lines[a.target]) for a in body
                                if a.target in in_epilogue)
    used_epilogue = set().union(*(_reads(a.value, calls, inside=False) for a in body if a.target in in_epilogue))
    loop_names = {load.tensor.name for p in passes for load in p.loads}
    loop_loads = tuple(load(t, True) for t in sig.inputs if t.name in loop_names)

    extremes = next((c.func for c in calls if c.func in ("max", "min")), "")
    uses_index = any(isinstance(e, ir.Call) and e.func == "index" for a in body for e in ir.walk(a.value))
    triton_helpers, torch_helpers = helpers_used(checked)
    triton_helpers.add("last_arrival")  # a split's slices count themselves in (templates/helpers.py.j2)
    if any(c.func == "mean" for c in calls):
        triton_helpers.add("div_by_count")
    if fused:
        triton_helpers.add("welford_pivot")  # (templates/helpers.py.j2)
    size_args = [str(d) for d in kept[1:] + reduced[1:] if isinstance(d, str)]
    return AxisReductionModel(
        sig=sig,
        kept=kept,
        reduced=reduced,
        kept_text=", ".join(map(str, kept)),
        reduced_text=", ".join(map(str, reduced)),
        kept_inner=kept_inner,
        kept_steps=_steps(kept, full),
        reduced_steps=_steps(reduced, full),
        size_args=tuple(dict.fromkeys(size_args)),
        loop_loads=loop_loads,
        last_reads=tuple(load.tensor.name for load in passes[-1].loads if load.streamed),
        flat=_flat(full, kept, reduced, loop_loads, uses_index),
        passes=tuple(passes),
        results=tuple(r for q in passes for r in q.results),
        partials=tuple([(r.name, r.dtype) for q in passes for r in q.results]
                       + [(name, w.dtype) for q in passes for w in q.moments for name in (w.mean, w.var)]),
        keeps=tuple(keeps),
        epilogue_loads=tuple(load(t, False) for t in sig.inputs if t.name in used_epilogue),
        epilogue_statements=epilogue_statements,
        stores=tuple(AxisStore(o, offs(o, False)) for o in sig.outputs),
        statements=every,
        extremes=extremes,
        split=checked.kernel.schedule.get("split"),
        warps=checked.kernel.schedule.get("warps"),
        helpers=frozenset(triton_helpers),
        torch_helpers=frozenset(torch_helpers),
        ref_reduced=tuple(full.index(d) for d in reduced),
        ref_rank=len(full),
    )


def _torch_renderer(checked, sig, typer, reduced, full) -> ExprRenderer:
    """The reference reduces with keepdim, so every value stays lined up with the full shape."""
    dims = tuple(full.index(d) for d in reduced)
    renderer = None

    def leaf(e):
        if not (isinstance(e, ir.Call) and e.func in REDUCTIONS):
            return None
        arg = renderer(e.args[0])
        want, have = typer.of(e).dtype, typer.of(e.args[0]).dtype
        if want != have:
            arg = f"({arg}).to(torch.{want.torch})"
        return f"{REDUCTIONS[e.func].torch_reduce}({arg}, dim={dims!r}, keepdim=True)"

    renderer = ExprRenderer("torch", typer, leaf=leaf, rand_shape=sig.shape_expr)
    return renderer
