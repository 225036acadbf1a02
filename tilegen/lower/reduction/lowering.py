"""Stage 4 (reduction): a checked kernel -> the render model of templates/reduction.py.j2.

Each reduction kernel becomes up to three @triton.jit kernels and one launcher:

    NAME_kernel         single pass: a block of ROWS whole rows is loaded once,
                        reduced in registers and stored once (optionally a
                        persistent grid looping over row blocks)
    NAME_looped_kernel  wide rows: one loop over the row per reduction level
                        (plan.py), then a final loop that stores
    NAME(...)           picks one from a launch table keyed by the row width

Python decides *what* goes where (which loads, which masks, which reductions in
which pass) and renders one-line expressions; the templates own all code structure.
"""

from __future__ import annotations

import dataclasses

from ...language import ir
from ...checker.check import CheckedKernel
from ...diagnostics import Diagnostic, DiagnosticError
from ...language.dtypes import I32
from ..expr import ExprRenderer
from ..model import TensorArg, index_name, signature
from ...language.functions import REDUCTIONS, SCANS
from ...language.names import REDUCTION_NAMES, describe
from ...language.schedule import fast_division
from .model import (
    Load, Step, Store, short_literal,
)
from .plan import (
    COL, FULL, NEUTRAL, ROW, SCALAR, TL_REDUCE, Analysis, Reduction, is_reduction, neutral_text, plan,
    post_order,
)
from .scans import is_scan, scan_steps

_TORCH_REDUCE = {n: f.torch_reduce for n, f in REDUCTIONS.items()}
PAST_END_NOTE = "PAST_END: lanes past the row end (never stored) take dividend 1.0, not 0 (tl.div_rn's slow path)"


class Lowering:
    """One reduction kernel's lowering: the analysis, the plan and the names, and the
    methods the strategies build their parts with (looped.py and team.py call these):

        assign(name)            the Step that computes one statement's value
        direct(reductions, ...) the reductions a kernel computes from its loads directly
        loads(loads, direct, eviction)  the Load of each tensor a pass reads
        store(output)           the Store of one output
        neutral(fn, dtype)      a reduction's neutral element, as source text
        bare(arg, neutral, loads)  whether a reduction's argument is a plain load
        render(expr)            an expression as Triton source
        acc_dtype(reduction)    the accumulator's dtype
        cast_to_text(reduction) the cast of a reduction's result to its value's type
        reduce_why(...)         the comment that explains a reduction's form
        fresh(name)             a name no other value of the kernel has
    """

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
        # index(D): the column's position is offs_n in every kernel; a row dimension's, the row
        # index (or its part, split over several row dims)
        rows = tuple(checked.rows)
        # by axis, not by dim: a literal size may repeat ([3, 3]), and each axis has its own index
        self.row_indices = tuple("rows" if len(rows) == 1 else index_name(d, a) for a, d in enumerate(rows))
        positions = {str(d): index for d, index in zip(rows, self.row_indices)}
        positions[str(self.col)] = "offs_n"
        self.triton = ExprRenderer("triton", self.typer, leaf=self._triton_leaf, rand_index=rand_index,
                                   positions=positions, dividend=self._dividend,
                                   fast_division=fast_division(checked.kernel))
        # Whether some quotient is computed along the row: its dividend takes 1.0 in the lanes
        # outside the row where the launch has any (_dividend; the kernels' PAST_END).
        self.past_end = any(self._along_row(e) for a in checked.kernel.body for e in ir.walk(a.value))
        # Whether some quotient per element divides exactly, masked zeros or not (team_block's
        # `divides`: the launcher halves a team's segments for such rows where they load
        # through a window)
        self.divides = not self.triton.fast_division and any(
            self.typer.f32_quotient(e) and self.an.shape(e) in (COL, FULL)
            for a in checked.kernel.body for e in ir.walk(a.value))
        self._past_end_used = False  # (assign: whether the statement just rendered has one)
        self.torch = ExprRenderer("torch", self.typer, leaf=self._torch_leaf, rand_shape=self.sig.shape_expr)

    # ---- names --------------------------------------------------------------------

    def _check_names(self) -> None:
        k = self.checked.kernel
        errors = []  # (names the code uses itself were renamed before: lower/rename.py)
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
        taken = set(self.an.shapes) | set(REDUCTION_NAMES) | {str(d) for d in self.sig.space}
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
        if isinstance(expr, ir.Gather):
            return f"{expr.source}_at_{expr.operand.id}"
        if is_reduction(expr):
            return self.results[self.an.inline(expr)]
        return None

    def _along_row(self, expr: ir.Expr) -> bool:
        """A quotient that tl.div_rn computes with a dividend per column (not one per row,
        not a literal), not handled as masked zeros already (zeros.py); a rounded one
        (rounding.py) takes that dividend only where it divides (blocks narrower than 128)."""
        return (self.typer.f32_quotient(expr) and not self.triton.fast_division
                and not self.typer.masked_quotient(expr) and self.an.shape(expr.lhs) in (COL, FULL))

    def _dividend(self, quotient: ir.BinOp, text: str) -> str:
        """Where the launch has lanes outside the row (PAST_END), a quotient computed along
        the row takes 1.0 as its dividend in them (outside mask_n): its dividend is often 0
        there (exp(-inf - max), a load's other=0.0), which sends tl.div_rn to its slow path
        for the warp, and those lanes are never stored; reductions mask them themselves, and
        a scan's prefix never reaches them (scans.py)."""
        if not self._along_row(quotient):
            return text
        self._past_end_used = True
        return f"tl.where(mask_n, {text}, 1.0) if PAST_END else {text}"

    def _torch_leaf(self, expr):
        if isinstance(expr, ir.Gather):  # NaN (0 for integers) where the index is outside [0, ncols)
            i, n = expr.operand.id, self.ncols
            missing = 'float("nan")' if self.tensors[expr.source].dtype.is_float else "0"
            return (f"torch.where(({i} >= 0) & ({i} < {n}), "
                    f"{expr.source}.gather(-1, {i}.clamp(0, {n} - 1).long()), {missing})")
        if not is_reduction(expr):
            return None
        arg = self.torch(expr.args[0])
        if self._cast_to(expr) and not REDUCTIONS[expr.func].positional:
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

    def value_dtype(self, r: Reduction):
        """The type of the values a reduction compares or adds: its result's, or for an
        argmax or argmin (whose result is a position) its argument's."""
        return self.typer.of(r.arg if REDUCTIONS[r.fn].positional else r.key).dtype

    def scan_start(self, fn: str, dtype) -> str:
        """What a scan's running value starts from, as source text of its type."""
        return neutral_text(SCANS[fn].neutral, dtype)

    def neutral(self, fn: str, dtype) -> str:
        return neutral_text(NEUTRAL[fn], dtype)

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
        return Load(name, offs, ptr, self._mask(name), other, why, t.dtype.load_wrap)

    def gathers(self) -> tuple[Load, ...]:
        """`x[i]`: each row's element at column i, one value per row, loaded after the per-row
        inputs (i is one). An index outside [0, ncols) reads nothing: NaN (0 for integers)."""
        loads = {}
        for a in self.checked.kernel.body:
            for e in ir.walk(a.value):
                if not isinstance(e, ir.Gather):
                    continue
                t, i = self.tensors[e.source], e.operand.id
                stride = dict(t.strides)[len(t.dims) - 1]
                missing = 'float("nan")' if t.dtype.is_float else "0"
                why = (f"other={short_literal(missing)}: an index outside [0, {self.ncols}) reads nothing "
                       f"(the ignore index among them), and rows past the end are never stored")
                loads[f"{e.source}_at_{i}"] = Load(
                    f"{e.source}_at_{i}", "", f"{e.source}_ptr + {e.source}_row_offs + {i} * {stride}",
                    f"mask_rows & ({i} >= 0) & ({i} < {self.ncols})", missing, why, t.dtype.load_wrap)
        return tuple(loads.values())

    def loads(self, names, direct, evict: str = "") -> tuple[Load, ...]:
        loads = tuple(self._load(n, direct) for n in names)
        if evict:  # only full-shaped inputs are big enough to matter
            loads = tuple(dataclasses.replace(l, evict=evict) if l.mask == "mask" else l for l in loads)
        return loads

    def direct(self, reds: list[Reduction], online_args=()) -> dict:
        direct: dict[str, dict] = {}
        for r in reds:
            if isinstance(r.arg, ir.Name) and r.arg.id in self.an.params:
                neutral = self.neutral(r.fn, self.typer.of(r.arg).dtype)
                direct.setdefault(r.arg.id, {}).setdefault(neutral, f"{r.fn}({r.arg.id})")
        for arg in online_args:
            if isinstance(arg, ir.Name) and arg.id in self.an.params:
                direct.setdefault(arg.id, {}).setdefault('float("-inf")', f"max({arg.id})")
        return direct

    def bare(self, arg: ir.Expr, neutral: str, loads: tuple[Load, ...]) -> bool:
        """True when the argument is a loaded input whose masked lanes already hold `neutral`."""
        return isinstance(arg, ir.Name) and any(l.name == arg.id and l.other == neutral for l in loads)

    # ---- steps --------------------------------------------------------------------

    def _line(self, name: str) -> int:
        stmt = next(a for a in self.checked.kernel.body if a.target == name)
        return stmt.span.line if stmt.span else 0

    def assign(self, name: str, spec: bool = True) -> Step:
        # `/` divides, rounded as torch rounds (a multiply by a per-row reciprocal would be
        # cheaper, and an ulp away in about a third of the elements)
        value = self.an.values[name]
        self._past_end_used = False
        text = self.triton(value)
        note = PAST_END_NOTE if self._past_end_used else ""
        return Step("assign", name, text, self._line(name), spec, note=note)

    def assign_steps(self, name: str, carry: bool, spec: bool = True) -> tuple[Step, ...]:
        """The steps computing one statement: assign's, or for a scan (scans.py) the block's
        scan and, where the row comes in blocks (`carry`), its running value."""
        value = self.an.values[name]
        if is_scan(value):
            return scan_steps(self, name, value, self._line(name), spec, carry)
        return (self.assign(name, spec),)

    def render(self, expr: ir.Expr) -> str:
        return self.triton(expr)

    def reduce_why(self, r: Reduction, bare: bool, neutral: str) -> str:
        if bare:
            return f"{r.arg.id} already holds {short_literal(neutral)} past the row end (its load's other=)"
        effect = "adding nothing to the sum" if r.fn in ("sum", "mean") else f"never winning the {r.fn}"
        return f"tl.where: lanes past the row end count as {short_literal(neutral)}, {effect}"

    def _reduce(self, r: Reduction, loads, spec: bool) -> Step:
        dtype = self.value_dtype(r)
        neutral = self.neutral(r.fn, dtype)
        bare = self.bare(r.arg, neutral, loads)
        cast = self.cast_to_text(r)
        return Step("reduce", self.results[r.key], self.render(r.arg), r.line, spec, fn=TL_REDUCE[r.fn],
                    masked=not bare, neutral=neutral, cast=cast, divisor=self.ncols if r.fn == "mean" else "",
                    why=self.reduce_why(r, bare, neutral))

    def acc_dtype(self, r: Reduction):
        """The type a reduction accumulates in: its result type, with small ints and bools
        widened to i32 (as tl.max/tl.min do), so a loop-carried accumulator keeps one type."""
        dtype = self.value_dtype(r)
        return I32 if dtype.category in ("int", "bool") and dtype.bits < 32 else dtype

    def cast_to_text(self, r: Reduction) -> str:
        want, have = self.acc_dtype(r), self.typer.of(r.arg).dtype
        return "" if want == have else f".to(tl.{want.triton})"

    def single(self):
        reds = {r.key: r for r in self.plan.reductions}
        loads = self.loads(self.plan.single_loads, self.direct(list(reds.values())))
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
                steps.extend(self.assign_steps(stmt.target, False, first or bool(late)))
        return loads, tuple(steps)

    # ---- stores -------------------------------------------------------------------

    def store(self, o: TensorArg) -> Store:
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
        return Store(o.name, offs, ptr, o.store_open + value + o.store_cast, mask, only_if=first)
