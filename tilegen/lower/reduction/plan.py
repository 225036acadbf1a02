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

# Default launch table, keyed by the row width N: the first entry whose max_n >= N wins
# (max_n None: any N). It is copied into every generated launcher, where it can be read,
# and a spec's `schedule { }` pins any column. Tune it here after measuring on the GPU.
#
#   max_n   strategy  BLOCK_N  ROWS  warps  per_sm  stages
#   BLOCK_N 0: the next power of two >= N (single pass: the whole row is one block).
#   ROWS: rows per program (a [ROWS, BLOCK_N] block); short rows share a program.
#   per_sm: persistent grid of per_sm programs per SM looping over row blocks (0: one
#   program per row block). stages: software-pipelining depth of the row-block loop.
DEFAULT_TABLE: tuple[tuple, ...] = (
    (32, "single", 0, 64, 4, 0, 1),
    (128, "single", 0, 16, 4, 0, 1),
    (512, "single", 0, 4, 4, 0, 1),
    (1024, "single", 0, 2, 4, 0, 1),
    (2048, "single", 0, 1, 4, 0, 1),
    (4096, "single", 0, 1, 8, 0, 1),
    (8192, "single", 0, 1, 8, 0, 1),
    (16384, "single", 0, 1, 16, 0, 1),
    (65536, "team", 4096, 1, 4, 0, 1),
    (None, "team", 8192, 1, 8, 0, 1),
)

# Wider rows go to a team of cdiv(N, BLOCK_N) programs, each holding one BLOCK_N-column
# segment in registers and exchanging partial results with the others (read once). A
# team's programs wait for each other, so where they cannot all be resident at once (a
# team larger than the SM count, a CUDA graph being captured) or a kernel cannot exchange
# its reductions (accumulators other than f32), the launcher takes this looped row instead.
# Measured on the H100, softmax f16 512x65536: looped 2042-2056 GB/s; team of 16 programs
# of 4096 columns, 4 warps: 2648; 128x262144: looped 1698, team of 32 x 8192, 8 warps: 2503.
LOOPED_FALLBACK = (None, "looped", 16384, 1, 32, 0, 1)

# A single-pass thread holds ROWS * BLOCK_N / (32 * warps) values of each full-shaped input
# (in f32) through the reductions; per-column inputs are loaded after them. Where that
# times the kernel's number of full-shaped inputs exceeds this budget, the kernel's copy
# of the table doubles num_warps (up to 32) so the registers do not cut occupancy
# (add_layernorm's x and r at 8192 columns and 4 warps would hold 128 values a thread).
# 0 turns the adjustment off.
REGISTER_BUDGET = 64

# Kernels whose reductions chain (one needs another's result: layernorm's variance needs
# the mean, softmax's sum needs the max) exchange values across warps once per link. At
# these table rows their single pass uses half the table's warps (at least 4): fewer
# warps make each exchange cheaper. Measured on the H100, layernorm bf16 8192x8192:
# 4 warps 2797 GB/s, 8 warps under 2690, while rmsnorm (one reduction) is best at 8;
# softmax f16 2048x16384 is best at 16-32 warps, so 16384 keeps the table's warps.
CHAINED_HALVE_AT = (8192,)

# Kernels with a single level of reductions (no reduction needs another's result, as in
# rmsnorm) and row-varying outputs run looped at these table rows: the first loop keeps
# only running sums, not the row, and the final loop reads the row again, from cache.
# Measured on two H100s, rmsnorm bf16, GB/s (a copy of the same bytes: 2858-2875):
#   65536x1024: single pass 2845-2853; looped, one 1024 block, 4 warps: 2883-2892
#   16384x4096: single pass 2838-2844; looped, one 4096 block, 8 warps: 2864-2875
#   8192x8192:  single pass 2818-2839 (8-16 warps); looped, two 4096 blocks: 2815-2832
#               with 8 warps, 2866-2867 with 16 (torch.compile 2863-2864, copy 2873)
# The 8192 figures are with the row width a compile-time constant (COLS, _fixed_width in
# the generated launcher); with it at run time the looped kernel lost 1-3% there.
# softmax (an online max-and-sum) measured 0.86-0.95x of its single pass this way, so it
# keeps it. Values: (strategy, BLOCK_N, ROWS, warps).
# The 65536x1024 figures above predate row ALIGN. Measured since, at 1024 columns the
# single pass is ahead where the rows fit in L2 (H100, 16384x1000: 24.3 us single against
# 27.5 looped) and 0.6% behind at 65536x1024 (93.7 against 93.1), so the 1024 row keeps
# the single pass.
REREAD_AT = {4096: ("looped", 4096, 1, 8), 8192: ("looped", 4096, 1, 16)}

# Kernels whose reductions chain only through a mean and a variance about it (layernorm:
# mean(x), then mean(xc * xc)) read the row twice looped, as rmsnorm does: the first loop
# keeps Welford's running mean and M2 per lane. At these table rows they run looped.
# Measured on the H100, layernorm bf16 8192x8192, GB/s (torch.compile 2857-2858, copy
# 2868-2873): single pass 2765-2771 (4 warps), 2797-2805 (8), 2832-2841 (16); looped, two
# 4096 blocks: 2566-2568 (8 warps), 2854-2855 (16), 2147 (32); four 2048 blocks, 16 warps:
# 2843. At 4096 columns the REREAD single pass below stays ahead (2866-2877 against
# 2852-2868 looped). Values: (strategy, BLOCK_N, ROWS, warps).
WELFORD_LOOPED_AT = {8192: ("looped", 4096, 1, 16)}

# Kernels whose reductions chain (layernorm: the variance needs the mean), with row-varying
# outputs and no online max-and-sum, use the "reread" strategy at these table rows: the
# single pass computes every reduction from the row in registers, then lets the row go and
# reads it again, from cache, to compute the outputs, instead of holding it throughout (the
# first load asks L2 to keep the row). Measured on the H100, layernorm bf16, GB/s, against
# the single pass: 65536x1024 2871 / 2858 (2 rows, 4 warps); 16384x4096 2858 / 2843 and,
# on a second H100, 2856 / 2782 (8 warps). Without the evict_last on the first load it
# measured no better than the single pass; at 8192 columns it stayed within 1% of it.
# softmax keeps holding the row (reading it again would compute every exp twice).
# Values: (strategy, BLOCK_N, ROWS, warps).
# At 1024 columns the plain single pass is ahead (H200, layernorm 16384x1024: 20.3 against
# 22.0 us REREAD; 16384x1000: 20.3 against 21.9) and within 0.5% at 65536x1024 (2858
# against 2871 GB/s above; level in a later sweep), so the 1024 row keeps it.
REREAD_CHAINED_AT = {4096: ("reread", 0, 1, 8)}


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
        if isinstance(expr, ir.Name):
            if expr.id in self.values:
                return self.inline(self.values[expr.id])
            return ir.Name(expr.id)
        return map_children(expr, self.inline)

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


def moments_partner(an: Analysis, key: ir.Call) -> ir.Call | None:
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
        float_arg = an.typer.of(d.lhs).dtype.is_float and an.typer.of(key).dtype.is_float
        return m if float_arg and an.typer.of(m).dtype == an.typer.of(key).dtype else None
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
        partner = moments_partner(an, r.key) if moments else None
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
