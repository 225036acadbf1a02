"""Stage 4 (reduction): a checked kernel -> the render model of templates/reduction.py.j2.

Each reduction kernel becomes two @triton.jit kernels and one launcher:

    NAME_kernel         single pass: a block of ROWS whole rows is loaded once,
                        reduced in registers and stored once (optionally a
                        persistent grid looping over row blocks)
    NAME_looped_kernel  wide rows: one loop over the row per reduction level
                        (reduction_plan.py), then a final loop that stores
    NAME(...)           picks one from a launch table keyed by the row width

Python decides *what* goes where (which loads, which masks, which reductions in
which pass) and renders one-line expressions; the templates own all code structure.
"""

from __future__ import annotations

import dataclasses

from . import ir
from .check import CheckedKernel
from .diagnostics import Diagnostic, DiagnosticError
from .dtypes import I32, int_range
from .expr import ExprRenderer
from .model import Statement, TensorArg, helpers_used, signature
from .names import describe
from .lower_looped import looped
from .lower_team import team_model
from .reduction_launch import fallback_row, held_inputs, reread_kind, schedule_pins, table_rows
from .reduction_model import (
    Load, ReductionModel, RowIndex, RowOffs, Step, Store, short_literal,
)
from .reduction_plan import (
    COL, FULL, NEUTRAL, ROW, SCALAR, TL_REDUCE, Analysis, Reduction, is_reduction, map_children, plan,
    post_order,
)

# Names the generated reduction code uses beyond those the checker reserves for every kind.
GENERATED_NAMES = frozenset(
    {"n_rows", "num_row_blocks", "row_block", "num_col_blocks", "col_block", "ROWS", "sizes", "strategy",
     "num_warps", "per_sm", "stages", "max_n", "kernel", "n_sms", "seg", "TEAM", "TEAM_P2", "ws", "epoch", "parts",
     "kk", "team", "row_base", "row_start", "row_stop", "row_step", "row_iter", "PERSISTENT", "COLS", "REREAD",
     "extra"}
)
_TORCH_REDUCE = {"sum": "torch.sum", "mean": "torch.mean", "max": "torch.amax", "min": "torch.amin"}


class _Lowering:
    def __init__(self, checked: CheckedKernel, spec_file: str):
        self.checked = checked
        self.sig = signature(checked, spec_file)
        self.an = Analysis(checked)
        self.plan = plan(checked)
        self.typer = checked.typer()
        self.col = self.an.col
        self.ncols = str(self.col)
        self.tensors = {t.name: t for t in self.sig.inputs + self.sig.outputs}
        self._check_names()
        self.results = self._name_results()
        # rand() is keyed on the row-major element index, as in the torch reference.
        rand_index = f"rows * {self.ncols} + offs_n"
        self.triton = ExprRenderer("triton", self.typer, leaf=self._triton_leaf, rand_index=rand_index)
        self.torch = ExprRenderer("torch", self.typer, leaf=self._torch_leaf, rand_shape=self.sig.shape_expr)

    # ---- names --------------------------------------------------------------------

    def _check_names(self) -> None:
        k = self.checked.kernel
        errors = []
        decls = [(p.name, p.span) for p in k.params] + [(o.name, o.span) for o in k.outputs]
        decls += [(a.target, a.span) for a in k.body]
        first_use = {}  # each dimension, at the first tensor that names it
        for decl in k.params + k.outputs:
            if isinstance(decl.type, ir.TensorType):
                for d in decl.type.dims:
                    if isinstance(d, str):
                        first_use.setdefault(d, decl.span)
        decls += list(first_use.items())
        for name, span in decls:
            if name in GENERATED_NAMES:
                why = "the generated reduction code uses this name"
                errors.append(Diagnostic.make("E013", span, name=name, why=why))
        if self.col in self.checked.rows:
            # [N] could be per-row or per-column when a row dim is also named N.
            for decl in k.params + k.outputs:
                if isinstance(decl.type, ir.TensorType) and tuple(decl.type.dims) == (self.col,):
                    message = (f"tensor {decl.name!r} is [{self.col}], which is ambiguous here: {self.col!r} names "
                               "both a row dimension and the reduced one; rename one of them")
                    errors.append(Diagnostic("E046", message, decl.span))
        if errors:
            raise DiagnosticError(errors)

    def _name_results(self) -> dict:
        taken = set(self.an.shapes) | set(GENERATED_NAMES) | {str(d) for d in self.sig.space}
        names = {}
        for r in self.plan.reductions:
            if r.whole:
                names[r.key] = r.stmt
                continue
            base = f"{r.fn}_{describe(r.arg) or r.stmt}"  # mean_xc_sq for mean(xc * xc)
            name, n = base, 2
            while name in taken:
                name, n = f"{base}_{n}", n + 1
            taken.add(name)
            names[r.key] = name
        # names the looped kernel derives from them (fresh) must not take these either
        self._taken = taken | set(names.values()) | {f"acc_{n}" for n in names.values()}
        self._fresh: dict[str, str] = {}
        return names

    def fresh(self, base: str) -> str:
        """A name for a helper value of the generated code (a Welford count, an online
        max's shifted copy): `base`, or base_2, ... where a spec name or another generated
        one has it. The same base gets the same name every time it is asked for."""
        if base not in self._fresh:
            name, n = base, 2
            while name in self._taken:
                name, n = f"{base}_{n}", n + 1
            self._taken.add(name)
            self._fresh[base] = name
        return self._fresh[base]

    def _triton_leaf(self, expr):
        if is_reduction(expr):
            return self.results[self.an.inline(expr)]
        return None

    def _torch_leaf(self, expr):
        if not is_reduction(expr):
            return None
        arg = self.torch(expr.args[0])
        if self._cast_to(expr):
            arg = f"({arg}).to(torch.{self.typer.of(expr).dtype.torch})"
        return f"{_TORCH_REDUCE[expr.func]}({arg}, dim=-1, keepdim=True)"

    def _cast_to(self, call) -> str:
        want, have = self.typer.of(call).dtype, self.typer.of(call.args[0]).dtype
        return "" if want == have else want.triton

    # ---- tensors ------------------------------------------------------------------

    def _where(self, name: str) -> tuple[str, str]:
        """(offsets, pointer) of a tensor's block: full [ROWS, BLOCK_N], per-row [ROWS, 1], per-column [1, BLOCK_N]."""
        t = self.tensors[name]
        cls = self.an.tensor_class(t.dims)
        col = f"offs_n * {t.strides[-1][1]}"
        if cls == ROW:
            return "", f"{name}_ptr + {name}_row_offs"
        return (f"{name}_row_offs + {col}" if cls == FULL else col), f"{name}_ptr + {name}_offs"

    def _mask(self, name: str) -> str:
        return {FULL: "mask", ROW: "mask_rows", COL: "mask_n"}[self.an.tensor_class(self.tensors[name].dims)]

    def _neutral(self, fn: str, dtype) -> str:
        value = NEUTRAL[fn]
        if dtype.category == "float":
            return {"0": "0.0", "-inf": 'float("-inf")', "+inf": 'float("inf")'}[value]
        lo, hi = int_range(dtype) if dtype.category == "int" else (0, 1)
        return {"0": "0", "-inf": str(lo), "+inf": str(hi)}[value]

    def _load(self, name: str, direct: dict) -> Load:
        """`direct`: param -> {neutral: reduction text} of the reductions that take it bare."""
        t = self.tensors[name]
        cls = self.an.tensor_class(t.dims)
        zero = "0.0" if t.dtype.is_float else "0"
        uses = direct.get(name, {})
        if len(uses) == 1:
            (other, what), = uses.items()
            verb = "add nothing to" if what.startswith(("sum", "mean")) else "never win"
            why = f"other={short_literal(other)}: lanes past the row end must {verb} {what}"
        elif cls == ROW:
            other, why = zero, f"other={zero}: rows past the end are computed but never stored"
        elif cls == COL:
            other, why = zero, f"other={zero}: columns past the row end are computed but never stored"
        else:
            other = zero
            why = f"other={zero}: lanes past the row end are computed but never stored (a reduction of them masks those lanes itself)"
        offs, ptr = self._where(name)
        return Load(name, offs, ptr, self._mask(name), other, why, t.dtype.is_16bit_float)

    def _loads(self, names, direct, evict: str = "") -> tuple[Load, ...]:
        loads = tuple(self._load(n, direct) for n in names)
        if evict:  # only full-shaped inputs are big enough to matter
            loads = tuple(dataclasses.replace(l, evict=evict) if l.mask == "mask" else l for l in loads)
        return loads

    def _direct(self, reds: list[Reduction], online_args=()) -> dict:
        direct: dict[str, dict] = {}
        for r in reds:
            if isinstance(r.arg, ir.Name) and r.arg.id in self.an.params:
                neutral = self._neutral(r.fn, self.typer.of(r.arg).dtype)
                direct.setdefault(r.arg.id, {}).setdefault(neutral, f"{r.fn}({r.arg.id})")
        for arg in online_args:
            if isinstance(arg, ir.Name) and arg.id in self.an.params:
                direct.setdefault(arg.id, {}).setdefault('float("-inf")', f"max({arg.id})")
        return direct

    def _bare(self, arg: ir.Expr, neutral: str, loads: tuple[Load, ...]) -> bool:
        """True when the argument is a loaded input whose masked lanes already hold `neutral`."""
        return isinstance(arg, ir.Name) and any(l.name == arg.id and l.other == neutral for l in loads)

    # ---- steps --------------------------------------------------------------------

    def _line(self, name: str) -> int:
        stmt = next(a for a in self.checked.kernel.body if a.target == name)
        return stmt.span.line if stmt.span else 0

    def _assign(self, name: str, spec: bool = True) -> Step:
        value = self.an.values[name]
        rewritten = self._reciprocal(value)
        note = "" if rewritten == value else (
            "dividing by a per-row value or a scalar: one reciprocal per row, then a multiply per element"
        )
        return Step("assign", name, self.triton(rewritten), self._line(name), spec, note=note)

    def _reciprocal(self, expr: ir.Expr) -> ir.Expr:
        """`a / b` -> `a * (1.0 / b)` where `a` varies along the row and `b` does not: the
        division (a reciprocal on the special-function unit) then runs once per row, not once
        per element. Within an ulp or two of the f32 quotient."""
        if is_reduction(expr):
            return expr  # replaced whole by its result; its key must not change
        expr = map_children(expr, self._reciprocal)
        if (isinstance(expr, ir.BinOp) and expr.op == "/" and self.an.shape(expr.lhs) in (FULL, COL)
                and self.an.shape(expr.rhs) in (ROW, SCALAR) and self.typer.of(expr).dtype.is_float):
            one = ir.Number(1.0, "1.0")
            return ir.BinOp("*", expr.lhs, ir.BinOp("/", one, expr.rhs))
        return expr

    def _render(self, expr: ir.Expr) -> str:
        return self.triton(self._reciprocal(expr))

    def _reduce_why(self, r: Reduction, bare: bool, neutral: str) -> str:
        if bare:
            return f"{r.arg.id} already holds {short_literal(neutral)} past the row end (its load's other=)"
        effect = "adding nothing to the sum" if r.fn in ("sum", "mean") else f"never winning the {r.fn}"
        return f"tl.where: lanes past the row end count as {short_literal(neutral)}, {effect}"

    def _reduce(self, r: Reduction, loads, spec: bool) -> Step:
        dtype = self.typer.of(r.key).dtype
        neutral = self._neutral(r.fn, dtype)
        bare = self._bare(r.arg, neutral, loads)
        cast = self._cast_to_text(r)
        return Step("reduce", self.results[r.key], self._render(r.arg), r.line, spec, fn=TL_REDUCE[r.fn],
                    masked=not bare, neutral=neutral, cast=cast, divisor=self.ncols if r.fn == "mean" else "",
                    why=self._reduce_why(r, bare, neutral))

    def _acc_dtype(self, r: Reduction):
        """The type a reduction accumulates in: its result type, with small ints and bools
        widened to i32 (as tl.max/tl.min do), so a loop-carried accumulator keeps one type."""
        dtype = self.typer.of(r.key).dtype
        return I32 if dtype.category in ("int", "bool") and dtype.bits < 32 else dtype

    def _cast_to_text(self, r: Reduction) -> str:
        want, have = self._acc_dtype(r), self.typer.of(r.arg).dtype
        return "" if want == have else f".to(tl.{want.triton})"

    def single(self):
        reds = {r.key: r for r in self.plan.reductions}
        loads = self._loads(self.plan.single_loads, self._direct(list(reds.values())))
        steps, done, prologue = [], set(), set(self.plan.prologue)
        # Per-column inputs (weights) are loaded just before their first use, not with the
        # row: they are not live across reductions, which keeps registers for the row.
        pending = {l.name: l for l in loads if l.mask == "mask_n"}
        for stmt in self.checked.kernel.body:
            if stmt.target in prologue:
                continue
            first = True
            names = self.an.names_in(stmt.value)
            calls = [e for e in post_order(stmt.value) if is_reduction(e)]
            reduced = {n for e in calls for n in self.an.names_in(e)}
            used = [pending.pop(n) for n in list(pending) if n in names]
            # a weight inside a reduction's argument loads before the statement's reductions,
            # one used only outside them after (layernorm's w and b: after the variance)
            early = tuple(l for l in used if l.name in reduced)
            late = tuple(l for l in used if l.name not in reduced)
            if early:
                steps.append(Step("loads", stmt.target, "", 0, False, loads=early))
            for expr in calls:
                key = self.an.inline(expr)
                if key not in done:
                    done.add(key)
                    steps.append(self._reduce(reds[key], loads, first))
                    first = False
            if late:
                steps.append(Step("loads", stmt.target, "", 0, False, loads=late))
            whole = any(r.whole and r.stmt == stmt.target for r in self.plan.reductions)
            if not whole:
                # the statement's own `# spec:` line, again where loads separate it from its reductions
                steps.append(self._assign(stmt.target, first or bool(late)))
        return loads, tuple(steps)

    # ---- stores -------------------------------------------------------------------

    def _store(self, o: TensorArg) -> Store:
        cls = self.an.tensor_class(o.dims)
        value_cls = self.an.shapes[o.name]
        compute = o.dtype.compute.triton
        value = o.name
        if value_cls == SCALAR:
            shape = "[ROWS, 1]" if cls == ROW else "[ROWS, BLOCK_N]"
            value = f"(tl.zeros({shape}, tl.{compute}) + {o.name})"
        mask, first = self._mask(o.name), ""
        if cls == COL:
            mask, first = "mask_n", "row_block == 0"  # per-column: the first row block writes it
        offs, ptr = self._where(o.name)
        return Store(o.name, offs, ptr, value + o.store_cast, mask, only_if=first)


def lower_reduction(checked: CheckedKernel, spec_file: str) -> ReductionModel:
    low = _Lowering(checked, spec_file)
    sig, an = low.sig, low.an
    rows = tuple(checked.rows)
    # Row index -> per-dimension indices (innermost first), when there are several row dims.
    split = []
    if len(rows) > 1:
        for n, d in enumerate(reversed(rows)):
            split.append(RowIndex(_index(d, len(rows) - 1 - n), str(d), n == 0, n == len(rows) - 1))
    # by axis, not by dim: a literal size may repeat ([3, 3]), and each axis has its own index
    index_of = tuple("rows" if len(rows) == 1 else _index(d, a) for a, d in enumerate(rows))
    row_offs = []
    for t in sig.inputs + sig.outputs:
        cls = an.tensor_class(t.dims)
        if cls in (FULL, ROW):
            terms = [f"{index_of[axis]} * {stride}" for axis, stride in t.strides[: len(rows)]]
            row_offs.append(RowOffs(f"{t.name}_row_offs", " + ".join(terms) if terms else "rows * 0"))
    direct_row = low._direct([])
    row_loads = low._loads(low.plan.row_loads, direct_row)
    single_loads, single_steps = low.single()
    passes, loops, final_loads, final_steps = looped(low, low.plan)
    # The team kernel exchanges plain sums: its passes keep a variance apart from its mean
    # (a plan of its own only where the looped kernel's has Welford moments).
    has_moments = any(p.moments for p in low.plan.passes)
    team_passes = looped(low, plan(checked, moments=False))[0] if has_moments else passes
    outputs_by_class = {o.name: an.tensor_class(o.dims) for o in sig.outputs}
    row_stores = tuple(low._store(o) for o in sig.outputs if outputs_by_class[o.name] == ROW)
    varying_stores = tuple(low._store(o) for o in sig.outputs if outputs_by_class[o.name] in (FULL, COL))
    reads_full = loops + (1 if varying_stores else 0)
    suffix = {o.name: ".squeeze(-1)" for o in sig.outputs
              if outputs_by_class[o.name] == ROW and an.shapes[o.name] == ROW and rows}
    triton_helpers, torch_helpers = helpers_used(checked)
    pins, free_block = schedule_pins(checked.kernel.schedule)
    row_inputs = held_inputs(single_loads, single_steps)
    team = team_model(team_passes, final_loads, final_steps, varying_stores, row_stores, fallback_row())
    levels = max((r.level for r in low.plan.reductions), default=0)
    # Reading the row again only pays where a row-sized output is computed from it.
    full_outputs = any(c == FULL for c in outputs_by_class.values())
    reread = reread_kind(levels, full_outputs, any(p.online for p in low.plan.passes))
    two_reads = has_moments and loops == 1
    table, changed = table_rows(row_inputs, levels, reread, team is not None, two_reads)
    head, tail = split_single(single_steps, an) if reread == "chained" else (single_steps, ())
    if reread == "chained":  # the row loads keep it in L2 for the second read
        single_loads = tuple(dataclasses.replace(l, evict="reread") if l.mask == "mask" else l for l in single_loads)
    # A row width given at run time can be fixed per compile of the looped kernel (COLS).
    fixed_width = not low.ncols.isdigit()
    # Sizes the kernel needs: the row width and the row dims it splits the row index over.
    named = [low.col] + [d for d in rows[1:]]
    size_args = tuple(d for d in named if isinstance(d, str))
    statements = tuple(
        Statement(a.target, "", low.torch(a.value), a.span.line if a.span else 0) for a in checked.kernel.body
    )
    # max and min of an empty row have no value (torch.amax raises): the launcher refuses N = 0.
    extremes = sorted({r.fn for r in low.plan.reductions if r.fn in ("max", "min")})
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
        prologue=tuple(low._assign(n) for n in low.plan.prologue),
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
        reads=reads_full,
        reads_text={1: "once", 2: "twice"}.get(reads_full, f"{reads_full} times"),
        table=table,
        table_reread=", ".join(map(str, changed["reread"])),
        table_welford=", ".join(map(str, changed["welford"])),
        table_fewer_warps=", ".join(map(str, changed["fewer"])),
        table_more_warps=", ".join(map(str, changed["more"])),
        row_inputs=row_inputs,
        pins=pins,
        pinned_block_n=free_block,
        fixed_width=fixed_width,
        helpers=frozenset(triton_helpers) | ({"team"} if team else set()) | ({"fixed_width"} if fixed_width else set()),
        torch_helpers=frozenset(torch_helpers),
        team=team,
    )


def _index(dim, axis: int) -> str:
    return f"idx_{dim.lower()}" if isinstance(dim, str) else f"idx_{axis}"


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
