"""Reduction kernels, analysis: which values vary along the row, which reductions
depend on which, and how the looped strategy groups them into passes over the row.

Terms used here and in templates/reduction.py.j2:

    shape class   what a value varies over: "scalar", "row" (one value per row,
                  [*R]), "col" (one per column, [N]) or "full" ([*R, N]).
    level         0 for inputs; a reduction's level is one more than its
                  argument's; anything else takes the highest level it uses.
                  A level-k reduction needs the results of levels < k.
    pass          the looped strategy reads the row once per level: pass k loops
                  over the row and accumulates every level-k reduction. A
                  softmax-like `sum(exp(A - max(A)))` joins the pass of its max as
                  an online max-and-sum, so softmax reads x twice, not three times;
                  a variance `mean((A - mean(A))**2)` joins the pass of its mean as
                  Welford moments, so layernorm reads x twice too.
    final pass    one more loop that computes and stores the row-varying outputs.

Nothing here renders code; lowering.py and lower.py turn the plan into the render model.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ...language import ir
from ...checker.check import CheckedKernel
from ...language.functions import FUNCTIONS, REDUCTIONS
from ...language.dtypes import int_range
from ...language.typing import is_subsequence

SCALAR, ROW, COL, FULL = "scalar", "row", "col", "full"

# Neutral elements: masked-off lanes must hold these so they cannot change the result.
NEUTRAL = {n: f.neutral for n, f in REDUCTIONS.items()}
def neutral_text(value: str, dtype) -> str:
    """A neutral element ("0", "1", "-inf", "+inf": a reduction's or a scan's) as source text
    of `dtype`: the type's own extremes for integers, 0 and 1 for bool."""
    if dtype.category == "float":
        return {"0": "0.0", "1": "1.0", "-inf": 'float("-inf")', "+inf": 'float("inf")'}[value]
    lo, hi = int_range(dtype) if dtype.category == "int" else (0, 1)
    return {"0": "0", "1": "1", "-inf": str(lo), "+inf": str(hi)}[value]


# The tl reduction that combines a row's lanes (a mean is a sum, divided afterwards).
TL_REDUCE = {n: f.combine for n, f in REDUCTIONS.items()}

@dataclass(frozen=True, slots=True)
class Reduction:
    key: ir.Call  # the call with every local name inlined: equal keys are one reduction
    fn: str  # sum, max, min, mean
    arg: ir.Expr  # the argument as written at its first use (names refer to statements)
    level: int
    line: int  # spec line of its first use
    stmt: str  # target of the statement that first uses it
    whole: bool  # it is the whole value of that statement (the result takes the target's name)
    online_with: ir.Call | None = None  # a sum fused into its max's pass: that max's key
    moments_with: ir.Call | None = None  # a variance fused into its mean's pass: that mean's key
    pass_no: int = 0  # the looped pass that computes it


@dataclass(frozen=True, slots=True)
class PassPlan:
    number: int
    reductions: tuple[Reduction, ...]  # plain accumulations (not part of an online pair)
    online: tuple[tuple[Reduction, Reduction], ...]  # (max, sum) pairs computed together
    moments: tuple[tuple[Reduction, Reduction], ...]  # (mean, variance) pairs: Welford, one read
    varying: tuple[str, ...]  # row-varying statements recomputed inside the loop, spec order
    loads: tuple[str, ...]  # full and per-column inputs the loop reads
    after: tuple[str, ...]  # per-row statements computable once this pass is done


@dataclass(frozen=True, slots=True)
class Plan:
    shapes: dict  # name -> shape class, for params and statements
    reductions: tuple[Reduction, ...]  # in order of first use
    prologue: tuple[str, ...]  # per-row / scalar statements needing no reduction
    passes: tuple[PassPlan, ...]  # looped strategy: one per level that reduces something
    final_varying: tuple[str, ...]  # statements the final pass computes
    final_loads: tuple[str, ...]
    row_loads: tuple[str, ...]  # per-row inputs (loaded once per row block)
    single_loads: tuple[str, ...]  # full and per-column inputs the single pass reads


def join(*classes: str) -> str:
    present = set(classes) - {SCALAR}
    if not present:
        return SCALAR
    if FULL in present or present == {ROW, COL}:
        return FULL
    return present.pop()


def map_children(expr: ir.Expr, fn) -> ir.Expr:
    """The same node with `fn` applied to each child expression."""
    if isinstance(expr, (ir.BinOp, ir.Compare, ir.BoolOp)):
        return dataclasses.replace(expr, lhs=fn(expr.lhs), rhs=fn(expr.rhs))
    if isinstance(expr, (ir.Not, ir.Neg, ir.Cast, ir.Transpose)):
        return dataclasses.replace(expr, operand=fn(expr.operand))
    if isinstance(expr, ir.Call):
        return dataclasses.replace(expr, args=tuple(fn(a) for a in expr.args))
    return expr


def inline(expr: ir.Expr, values: dict) -> ir.Expr:
    """`expr` with every name of `values` (statement target -> value) replaced by its value,
    through other names (for structural comparison)."""
    if isinstance(expr, ir.Name):
        return inline(values[expr.id], values) if expr.id in values else ir.Name(expr.id)
    return map_children(expr, lambda child: inline(child, values))


def is_reduction(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.Call) and expr.func in FUNCTIONS and FUNCTIONS[expr.func].is_reduction


def post_order(expr: ir.Expr):
    for child in ir.children(expr):
        yield from post_order(child)
    yield expr


class Analysis:
    """Shape classes, levels and inlining over one checked reduction kernel."""

    def __init__(self, checked: CheckedKernel):
        kernel = checked.kernel
        self.space = checked.space
        self.rows = checked.rows
        self.col = self.space[-1] if self.space else None
        self.params = {p.name: p for p in kernel.params}
        self.outputs = {o.name: o for o in kernel.outputs}
        self.body = kernel.body
        self.values = {a.target: a.value for a in kernel.body}
        self.order = {a.target: n for n, a in enumerate(kernel.body)}
        self.typer = checked.typer()
        self.shapes: dict[str, str] = {}
        for name, p in self.params.items():
            self.shapes[name] = self.tensor_class(p.type.dims) if isinstance(p.type, ir.TensorType) else SCALAR
        for a in kernel.body:
            self.shapes[a.target] = self.shape(a.value)

    def tensor_class(self, dims) -> str:
        dims = tuple(dims)
        if dims == tuple(self.space):
            return FULL
        if dims == tuple(self.space[-1:]):
            return COL  # a [N] tensor is per-column even when a row dim is also named N
        if dims == tuple(self.rows):
            return ROW
        # An input may leave dimensions out, as in elementwise kernels ([T, S] in a [B, H, T, S]
        # softmax): it is read with stride 0 along them (lower.py indexes by typing.align).
        if dims and dims[-1] == self.space[-1] and is_subsequence(dims, self.space):
            return FULL
        if dims and is_subsequence(dims, self.rows):
            return ROW
        return SCALAR

    def shape(self, expr: ir.Expr) -> str:
        if isinstance(expr, ir.Name):
            return self.shapes.get(expr.id, SCALAR)
        if is_reduction(expr):
            return ROW
        if isinstance(expr, ir.Call) and expr.func == "rand":
            return FULL
        if isinstance(expr, ir.Call) and expr.func == "index":  # the position along a dimension
            return COL if expr.args and isinstance(expr.args[0], ir.Name) and expr.args[0].id == str(self.space[-1]) else ROW
        return join(*(self.shape(c) for c in ir.children(expr)))

    def varies(self, name: str) -> bool:
        """True when the value changes along the row (recomputed inside column loops)."""
        return self.shapes[name] in (COL, FULL)

    def inline(self, expr: ir.Expr) -> ir.Expr:
        """`expr` with every local name replaced by its value (for structural comparison)."""
        return inline(expr, self.values)

    def level(self, expr: ir.Expr) -> int:
        if isinstance(expr, ir.Name):
            return self.level(self.values[expr.id]) if expr.id in self.values else 0
        if is_reduction(expr):
            return 1 + self.level(expr.args[0])
        return max((self.level(c) for c in ir.children(expr)), default=0)

    def names_in(self, expr: ir.Expr) -> set[str]:
        return {e.id for e in ir.walk(expr) if isinstance(e, ir.Name)}

    def closure(self, exprs, varying_only: bool) -> tuple[set[str], set[str]]:
        """(statements, params) an expression list needs. With `varying_only`, per-row
        statements count as already computed, so the walk stops at them."""
        stmts, params, todo = set(), set(), [n for e in exprs for n in self.names_in(e)]
        while todo:
            name = todo.pop()
            if name in self.params:
                params.add(name)
            elif name in self.values and name not in stmts:
                if varying_only and not self.varies(name):
                    continue
                stmts.add(name)
                todo.extend(self.names_in(self.values[name]))
        return stmts, params

    def spec_order(self, names) -> tuple[str, ...]:
        return tuple(sorted(names, key=self.order.__getitem__))


def online_partner(an: Analysis, key: ir.Call) -> ir.Call | None:
    """For `sum(exp(A - max(A)))` (through any names) return the key of `max(A)`."""
    if key.func != "sum":
        return None
    arg = key.args[0]
    if not (isinstance(arg, ir.Call) and arg.func == "exp" and len(arg.args) == 1):
        return None
    inner = arg.args[0]
    if not (isinstance(inner, ir.BinOp) and inner.op == "-"):
        return None
    m = inner.rhs
    if isinstance(m, ir.Call) and m.func == "max" and m.args[0] == inner.lhs:
        # float values only: the online max is kept in a float accumulator
        return m if an.typer.of(inner.lhs).dtype.is_float else None
    return None


def moments_partner(typer, key: ir.Call) -> ir.Call | None:
    """For `sum(D * D)`, `mean(D * D)` or either with `D ** 2`, where D = `A - mean(A)`
    (through any names), return the key of `mean(A)`: both come from one Welford pass."""
    if key.func not in ("sum", "mean"):
        return None
    arg = key.args[0]
    if not isinstance(arg, ir.BinOp):
        return None
    if arg.op == "*" and arg.lhs == arg.rhs:
        d = arg.lhs
    elif arg.op == "**" and isinstance(arg.rhs, ir.Number) and arg.rhs.value == 2:
        d = arg.lhs
    else:
        return None
    if not (isinstance(d, ir.BinOp) and d.op == "-"):
        return None
    m = d.rhs
    if isinstance(m, ir.Call) and m.func == "mean" and m.args[0] == d.lhs:
        # float values only: the running mean is kept in a float accumulator
        float_arg = typer.of(d.lhs).dtype.is_float and typer.of(key).dtype.is_float
        return m if float_arg and typer.of(m).dtype == typer.of(key).dtype else None
    return None


def collect_reductions(an: Analysis, moments: bool = True) -> list[Reduction]:
    found: dict[ir.Call, Reduction] = {}
    for stmt in an.body:
        for expr in post_order(stmt.value):
            if not is_reduction(expr):
                continue
            key = an.inline(expr)
            if key in found:
                continue
            found[key] = Reduction(
                key=key, fn=expr.func, arg=expr.args[0], level=an.level(expr),
                line=stmt.span.line if stmt.span else 0, stmt=stmt.target, whole=expr is stmt.value,
            )
    reds = list(found.values())
    # Pair each sum(exp(A - max(A))) with its max (each max at most once).
    paired: set[ir.Call] = set()
    for n, r in enumerate(reds):
        partner = online_partner(an, r.key)
        if partner is not None and partner in found and partner not in paired:
            paired.add(partner)
            reds[n] = dataclasses.replace(r, online_with=partner)
    # Pair each sum or mean of (A - mean(A))**2 with its mean (each mean at most once).
    for n, r in enumerate(reds):
        partner = moments_partner(an.typer, r.key) if moments else None
        if partner is not None and partner in found and partner not in paired:
            paired.add(partner)
            reds[n] = dataclasses.replace(r, moments_with=partner)
    fused = lambda r: r.online_with is not None or r.moments_with is not None  # noqa: E731
    return [dataclasses.replace(r, pass_no=r.level - 1 if fused(r) else r.level) for r in reds]


def plan(checked: CheckedKernel, moments: bool = True) -> Plan:
    """The kernel's plan; `moments` False keeps a variance in its own pass (the team
    kernel exchanges plain sums)."""
    an = Analysis(checked)
    reds = collect_reductions(an, moments)
    by_key = {r.key: r for r in reds}
    row_stmts = [a.target for a in an.body if not an.varies(a.target)]
    levels = {name: an.level(an.values[name]) for name in row_stmts}
    # A statement that *is* a reduction is computed where that reduction is finalised.
    direct = {r.stmt for r in reds if r.whole}
    passes = []
    # One pass per level; a level whose only reduction joined the previous pass (the sum
    # of an online max-and-sum) has no loop, just the per-row statements of that level.
    for k in range(1, max((r.level for r in reds), default=0) + 1):
        in_pass = [r for r in reds if r.pass_no == k]
        pairs = tuple((by_key[r.online_with], r) for r in in_pass if r.online_with is not None)
        moment_pairs = tuple((by_key[r.moments_with], r) for r in in_pass if r.moments_with is not None)
        paired = {r.key for pair in pairs + moment_pairs for r in pair}
        plain = tuple(r for r in in_pass if r.key not in paired)
        # a variance needs only its mean's argument A: the pass never forms A - mean(A)
        firsts = [m.arg for m, _ in pairs + moment_pairs]
        stmts, params = an.closure([r.arg for r in plain] + firsts, varying_only=True)
        loads = {p for p in params if an.shapes[p] in (FULL, COL)}
        after = tuple(n for n in row_stmts if levels[n] == k and n not in direct)
        passes.append(PassPlan(k, plain, pairs, moment_pairs, an.spec_order(stmts), _param_order(an, loads), after))
    prologue = tuple(n for n in row_stmts if levels[n] == 0)
    final_out = [o for o in an.outputs if an.tensor_class(an.outputs[o].type.dims) in (FULL, COL)]
    stmts, params = an.closure([ir.Name(o) for o in final_out], varying_only=True)
    used = {n for a in an.body for n in an.names_in(a.value) if n in an.params}
    return Plan(
        shapes=dict(an.shapes), reductions=tuple(reds), prologue=prologue, passes=tuple(passes),
        final_varying=an.spec_order(stmts),
        final_loads=_param_order(an, {p for p in params if an.shapes[p] in (FULL, COL)}),
        row_loads=_param_order(an, {p for p in used if an.shapes[p] == ROW}),
        single_loads=_param_order(an, {p for p in used if an.shapes[p] in (FULL, COL)}),
    )


def _param_order(an: Analysis, names) -> tuple[str, ...]:
    return tuple(p for p in an.params if p in names)
