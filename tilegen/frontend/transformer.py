"""Stage 2: Lark parse tree -> IR (tilegen.language.ir), one method per grammar rule."""

from __future__ import annotations

from lark import Token, v_args
from lark.visitors import Transformer_NonRecursive

from ..language import ir
from ..diagnostics import Diagnostic, Span
from ..language.dtypes import DTYPES, F32
from ..language.functions import REDUCTIONS, SCANS


# Integer literals of more digits than this are past every integer type (E028); Python
# refuses to convert such long digit strings (sys.get_int_max_str_digits), so they are read
# as this value instead, which is past them as well.
_MAX_DIGITS = 1000


def _number(text: str) -> float | int:
    if any(c in text for c in ".eE"):
        return float(text)
    if len(text) > _MAX_DIGITS:
        return 10**_MAX_DIGITS
    return int(text)


@v_args(meta=True)
class _ToIR(Transformer_NonRecursive):  # expressions may be thousands of levels deep
    def __init__(self, path: str):
        super().__init__()
        self.path = path
        self.errors: list[Diagnostic] = []

    def _span(self, meta, width: int | None = None) -> Span:
        if getattr(meta, "empty", False):
            return Span(self.path, 1, 1)
        if width is None:
            width = meta.end_column - meta.column if meta.end_line == meta.line else 1
        return Span(self.path, meta.line, meta.column, max(1, width))

    def _token_span(self, token: Token) -> Span:
        return Span(self.path, token.line, token.column, max(1, len(str(token))))

    def _dtype(self, token: Token, in_cast: bool = False):
        dtype = DTYPES.get(str(token))
        if dtype is None:
            span = self._token_span(token)
            if in_cast:
                why = "not a type (expected one of " + ", ".join(DTYPES) + ")"
                self.errors.append(Diagnostic.make("E048", span, dtype=str(token), why=why))
            else:
                self.errors.append(Diagnostic.make("E010", span, name=str(token)))
            return F32  # keep going, so the checker can report the file's other errors
        return dtype

    # ---- module and kernel -------------------------------------------------

    def start(self, meta, items):
        return tuple(items)

    def kernel(self, meta, items):
        kind, name, *rest = items
        body = rest[-1]
        outputs = tuple(x for x in rest[:-1] if isinstance(x, ir.Output))
        params = tuple(x for x in rest[:-1] if isinstance(x, ir.Param))
        assigns = tuple(x for x in body if isinstance(x, ir.Assign))
        schedules = tuple(x for x in body if isinstance(x, ir.Schedule))
        return ir.Kernel(str(kind), str(name), params, outputs, assigns, schedules, span=self._token_span(name))

    def kind(self, meta, items):
        (token,) = items
        return token

    def param(self, meta, items):
        name, type_, default = items
        value, text, default_span = default if default is not None else (None, None, None)
        return ir.Param(str(name), type_, value, text, default_span=default_span, span=self._token_span(name))

    def output(self, meta, items):
        name, type_ = items
        return ir.Output(str(name), type_, span=self._token_span(name))

    def type(self, meta, items):
        dtype_token, *dims = items
        dtype = self._dtype(dtype_token)
        if len(dims) == 1 and dims[0] is None:
            return ir.ScalarType(dtype)
        if any(isinstance(d, tuple) for d in dims):
            scale = tuple(d[0] if isinstance(d, tuple) else 1 for d in dims)
            dims = [d[1] if isinstance(d, tuple) else d for d in dims]
            return ir.TensorType(dtype, tuple(dims), scale)
        return ir.TensorType(dtype, tuple(dims))

    def dim(self, meta, items):
        (token,) = items
        return int(token) if token.type == "INT" else str(token)

    def scaled_dim(self, meta, items):
        factor, name = items
        return (int(factor), str(name))

    def pos_number(self, meta, items):
        (token,) = items
        return _number(str(token)), str(token), self._span(meta)

    def neg_number(self, meta, items):
        (token,) = items
        return -_number(str(token)), "-" + str(token), self._span(meta)

    def body(self, meta, items):
        return tuple(items)

    def assign(self, meta, items):
        name, value = items
        return ir.Assign(str(name), value, span=self._token_span(name))

    def schedule(self, meta, items):
        return ir.Schedule(tuple(items), span=self._span(meta, width=len("schedule")))

    def setting(self, meta, items):
        key, (value, text) = items
        return ir.Setting(str(key), value, text, span=self._token_span(key))

    def setting_number(self, meta, items):
        (token,) = items
        return _number(str(token)), str(token)

    def setting_name(self, meta, items):
        (token,) = items
        return str(token), str(token)

    # ---- expressions -------------------------------------------------------

    def number(self, meta, items):
        (token,) = items
        return ir.Number(_number(str(token)), str(token), span=self._token_span(token))

    def name(self, meta, items):
        (token,) = items
        return ir.Name(str(token), span=self._token_span(token))

    def call(self, meta, items):
        name, *args = items
        args = tuple(a for a in args if a is not None)
        if (str(name) in REDUCTIONS or str(name) in SCANS) and len(args) > 1 and all(isinstance(a, ir.Name) for a in args[1:]):
            # `sum(x, M, N)`, `cumsum(x, T)`: the names after a reduction's or scan's argument are its dimensions
            return ir.Call(str(name), args[:1], dims=args[1:], span=self._token_span(name))
        return ir.Call(str(name), args, span=self._token_span(name))

    def _binary(self, cls, meta, items):
        lhs, op, rhs = items
        return cls(str(op), lhs, rhs, span=self._token_span(op))

    def binop(self, meta, items):
        return self._binary(ir.BinOp, meta, items)

    def compare(self, meta, items):
        return self._binary(ir.Compare, meta, items)

    def pow_op(self, meta, items):
        lhs, rhs = items
        return ir.BinOp("**", lhs, rhs, span=self._span(meta))

    def or_op(self, meta, items):
        lhs, rhs = items
        return ir.BoolOp("or", lhs, rhs, span=self._span(meta))

    def and_op(self, meta, items):
        lhs, rhs = items
        return ir.BoolOp("and", lhs, rhs, span=self._span(meta))

    def not_op(self, meta, items):
        (operand,) = items
        return ir.Not(operand, span=self._span(meta))

    def neg(self, meta, items):
        (operand,) = items
        return ir.Neg(operand, span=self._span(meta))

    def cast(self, meta, items):
        operand, dtype_token = items
        return ir.Cast(operand, self._dtype(dtype_token, in_cast=True), span=self._token_span(dtype_token))

    def slice(self, meta, items):
        name, *parts = items
        operand = ir.Name(str(name), span=self._token_span(name))
        return ir.Slice(operand, tuple(parts), span=self._span(meta))

    def gather(self, meta, items):
        source, index = items
        return ir.Gather(str(source), ir.Name(str(index), span=self._token_span(index)), span=self._span(meta))

    def whole(self, meta, items):
        return None

    def upto(self, meta, items):
        return (None, items[0])

    def from_(self, meta, items):
        return (items[0], None)

    def between(self, meta, items):
        return (items[0], items[1])

    def bound(self, meta, items):
        if len(items) == 2:
            return (int(items[0]), str(items[1]))
        (token,) = items
        return (int(token), "") if token.type == "INT" else (1, str(token))

    def transpose(self, meta, items):
        (operand,) = items
        return ir.Transpose(operand, span=self._span(meta))


def to_ir(tree, path: str, source: str) -> tuple[ir.Module, list[Diagnostic]]:
    """The module, and the errors found building it (an unknown type is read as f32, so
    the checker can still report every other error of the file at once)."""
    builder = _ToIR(path)
    kernels = builder.transform(tree)
    return ir.Module(path, source, kernels), list(builder.errors)
