"""Value types of expressions: which kernel dimensions a value varies over, and
the type its arithmetic runs in. Shared by the checker and the lowering stages."""

from __future__ import annotations

from dataclasses import dataclass

from . import ir
from .dtypes import BOOL, DTYPES, F32, I32, DType, promote
from .fold import literal_only
from .functions import FUNCTIONS
from .rounding import Rounded
from .zeros import Zeros


@dataclass(frozen=True, slots=True)
class VType:
    dims: tuple[ir.Dim, ...]  # () for a scalar-shaped value
    dtype: DType  # the compute type (16-bit floats are f32 here)

    @property
    def is_scalar(self) -> bool:
        return not self.dims


def merge_dims(space: tuple[ir.Dim, ...], *dims_list: tuple[ir.Dim, ...]) -> tuple[ir.Dim, ...]:
    """Union of several dim tuples, in the order of the kernel's iteration space."""
    present = set().union(*dims_list) if dims_list else set()
    ordered = tuple(d for d in space if d in present)
    extra = tuple(d for dims in dims_list for d in dims if d not in space)
    return ordered + tuple(dict.fromkeys(extra))


def is_subsequence(dims: tuple[ir.Dim, ...], space: tuple[ir.Dim, ...]) -> bool:
    it = iter(space)
    return all(d in it for d in dims)


def align(dims: tuple[ir.Dim, ...], space: tuple[ir.Dim, ...]) -> tuple[int, ...] | None:
    """The space axis of each of `dims`, matched from the right, as torch broadcasting lines
    up trailing dims; None where `dims` is no subsequence of `space` (a gemm operand). Axes,
    not dims, name what a tensor is indexed by: a literal size may repeat (`f32[2, N, 2]`),
    and each axis has its own index."""
    out, j = [], len(space) - 1
    for d in reversed(dims):
        while j >= 0 and space[j] != d:
            j -= 1
        if j < 0:
            return None
        out.append(j)
        j -= 1
    return tuple(reversed(out))


def matmul_operand(expr: ir.Expr) -> tuple[ir.Name, bool] | None:
    """(name, transposed) when `expr` is a legal '@' operand, else None."""
    if isinstance(expr, ir.Name):
        return expr, False
    if isinstance(expr, ir.Transpose) and isinstance(expr.operand, ir.Name):
        return expr.operand, True
    return None


class Typer:
    """Computes VTypes. `env` maps every known name to its VType."""

    def __init__(self, space: tuple[ir.Dim, ...], env: dict[str, VType], rows: tuple[ir.Dim, ...] = (),
                 zeros: Zeros = Zeros(), rounded: Rounded = Rounded()):
        self.space = space
        self.rows = rows  # per-row dims in a reduction kernel
        self.env = env
        self.zeros = zeros  # which names are zero at masked positions (zeros.py)
        self.rounded = rounded  # which quotients are only seen rounded to a coarser grid (rounding.py)
        # id(expr) -> (expr, its VType): each node is typed once, however often it is asked
        # about (the node is kept, so that its id is not reused while cached).
        self._types: dict[int, tuple[ir.Expr, VType]] = {}

    def f32_quotient(self, expr: ir.Expr) -> bool:
        """Whether `expr` is a quotient below f64: one the kernels divide with tl.div_rn (or,
        under `precision = fast`, Triton's own `/`); f64's `/` rounds correctly already."""
        return isinstance(expr, ir.BinOp) and expr.op == "/" and self.of(expr).dtype.name != "f64"

    def masked_quotient(self, expr: ir.BinOp) -> bool:
        """Whether `expr` is a quotient below f64 whose dividend is zero at masked positions
        (zeros.py): it is spelled OPERATORS["/"].zeros, with that operator's zeros_helper."""
        return self.f32_quotient(expr) and self.zeros.dividend(expr.lhs)

    def rounded_quotient(self, expr: ir.BinOp) -> str | None:
        """The grid (rounding.py) of an f32 quotient that is only seen rounded to one, varying
        along a row, by a divisor that is one value a row (a scalar where the kernel has no
        rows): it is spelled `_div_rounded_GRID`. None for any other."""
        if not self.rounded.grids or not (self.f32_quotient(expr) and self.of(expr).dtype.name == "f32"):
            return None
        rows = set(self.rows)
        # (a quotient one value a row, or a scalar, is a division a row or a program anyway)
        if set(self.of(expr).dims) <= rows or not set(self.of(expr.rhs).dims) <= rows:
            return None
        return self.rounded.grid(expr)

    def of(self, expr: ir.Expr) -> VType:
        hit = self._types.get(id(expr))
        if hit is not None and hit[0] is expr:
            return hit[1]
        method = getattr(self, "_" + type(expr).__name__.lower())
        vtype = method(expr)
        self._types[id(expr)] = (expr, vtype)
        return vtype

    def _number(self, expr: ir.Number) -> VType:
        return VType((), F32 if isinstance(expr.value, float) else I32)

    def _name(self, expr: ir.Name) -> VType:
        return self.env.get(expr.id, VType((), F32))

    def _merge(self, *types: VType) -> tuple[ir.Dim, ...]:
        return merge_dims(self.space, *(t.dims for t in types))

    def _binop(self, expr: ir.BinOp) -> VType:
        if expr.op == "@":
            return self._matmul(expr)
        lhs, rhs = self.of(expr.lhs), self.of(expr.rhs)
        dtype = promote(lhs.dtype, rhs.dtype)
        lhs_literal, rhs_literal = literal_only(expr.lhs), literal_only(expr.rhs)
        if lhs_literal != rhs_literal:
            # A literal (or arithmetic on literals alone) takes the type of the value beside it
            # unless it is a float beside an integer (then f32): as in Triton and torch.
            value, literal = (rhs, lhs) if lhs_literal else (lhs, rhs)
            if value.dtype.category != "int" or literal.dtype.category == "int":
                dtype = value.dtype
        if expr.op in ("/", "**") and dtype.category != "float":
            dtype = F32  # true division; '**' computes like pow(), in floats
        if dtype.category == "bool":
            dtype = I32
        return VType(self._merge(lhs, rhs), dtype)

    def _matmul(self, expr: ir.BinOp) -> VType:
        dims = []
        for side in (expr.lhs, expr.rhs):
            operand = matmul_operand(side)
            if operand is None:
                return VType(self.space, F32)
            name, transposed = operand
            t = self.env.get(name.id)
            if t is None or len(t.dims) < 2:
                return VType(self.space, F32)
            d = t.dims[:-2] + (t.dims[-1], t.dims[-2]) if transposed else t.dims
            dims.append(d)
        (a, b) = dims
        if a[-1] != b[-2] or a[:-2] != b[:-2]:
            return VType(self.space, F32)  # the checker reports E036/E039
        out = a[:-2] + (a[-2], b[-1])
        lhs, rhs = self._name_dtype(expr.lhs), self._name_dtype(expr.rhs)
        dtype = F32 if lhs.is_float else I32
        if "f64" in (lhs.name, rhs.name):
            dtype = DTYPES["f64"]  # f64 operands accumulate in f64
        return VType(out, dtype)

    def _name_dtype(self, expr) -> DType:
        operand = matmul_operand(expr)
        return self.env[operand[0].id].dtype if operand and operand[0].id in self.env else F32

    def _compare(self, expr: ir.Compare) -> VType:
        return VType(self._merge(self.of(expr.lhs), self.of(expr.rhs)), BOOL)

    def _boolop(self, expr: ir.BoolOp) -> VType:
        return VType(self._merge(self.of(expr.lhs), self.of(expr.rhs)), BOOL)

    def _not(self, expr: ir.Not) -> VType:
        return VType(self.of(expr.operand).dims, BOOL)

    def _neg(self, expr: ir.Neg) -> VType:
        return self.of(expr.operand)

    def _cast(self, expr: ir.Cast) -> VType:
        return VType(self.of(expr.operand).dims, expr.dtype.compute)

    def _slice(self, expr: ir.Slice) -> VType:
        return self.of(expr.operand)  # one block of x[M, 2 * N] is [M, N], as x is typed

    def _gather(self, expr: ir.Gather) -> VType:
        # one element per row: the index's shape, the source's type
        source = self.env.get(expr.source, VType((), F32))
        return VType(self.of(expr.operand).dims, source.dtype)

    def _transpose(self, expr: ir.Transpose) -> VType:
        return self.of(expr.operand)

    def _call(self, expr: ir.Call) -> VType:
        """A call's type, by its entry's typing rule (the op table's `result`)."""
        fn = FUNCTIONS.get(expr.func)
        if fn is not None and fn.result == "index":
            dim = expr.args[0].id if len(expr.args) == 1 and isinstance(expr.args[0], ir.Name) else None
            return VType((dim,) if dim in self.space else (), DTYPES["i64"])
        args = [self.of(a) for a in expr.args]
        if fn is None or not args:
            return VType(self.space if fn and fn.result == "rand" else (), F32)
        if fn.result == "rand":
            return VType(self.space, F32)
        if fn.is_reduction:
            if fn.result == "i64":  # a position along the row
                return VType(self.rows, DTYPES["i64"])
            return VType(self.rows, args[0].dtype if fn.result == "keep" else promote(args[0].dtype, F32))
        if fn.is_scan:  # the row's shape; a running sum or product of integers (or bool) is i64
            arg = args[0]
            if fn.result == "keep":
                return VType(arg.dims, arg.dtype)
            return VType(arg.dims, promote(arg.dtype, F32) if arg.dtype.is_float else DTYPES["i64"])
        dims = self._merge(*args)
        if fn.result == "where":
            return VType(dims, promote(args[1].dtype, args[2].dtype) if len(args) == 3 else F32)
        if fn.result == "same":
            dtype = args[0]
            for a in args[1:]:
                dtype = VType((), promote(dtype.dtype, a.dtype))
            return VType(dims, dtype.dtype)
        if fn.result == "keep":
            return VType(dims, args[0].dtype)
        if fn.result == "bool":
            return VType(dims, BOOL)
        if fn.name in ("floor", "ceil") and args[0].dtype.category != "float":
            return VType(dims, args[0].dtype)
        return VType(dims, promote(F32, max((a.dtype for a in args), key=lambda d: d.bits)))


def param_vtype(param: ir.Param | ir.Output) -> VType:
    dims = param.type.dims if isinstance(param.type, ir.TensorType) else ()
    return VType(dims, param.type.dtype.compute)


__all__ = ["VType", "Typer", "merge_dims", "is_subsequence", "matmul_operand", "param_vtype", "DTYPES"]
