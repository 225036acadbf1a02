"""Render IR expressions as one-line Triton or torch source, with minimal parentheses.

The op tables live in functions.py; this module only walks the tree. A `leaf`
hook lets a lowering stage substitute its own text for a sub-expression (the
accumulator for `a @ b`, a per-row variable for `sum(x)`, ...).
"""

from __future__ import annotations

from typing import Callable

from ..language import fold
from ..language import ir
from ..language.dtypes import triton_cast
from ..language.functions import (
    AND,
    ATOM,
    CMP,
    NOT,
    OPERATORS,
    OR,
    UNARY,
    BINARY_TORCH,
    BINARY_TRITON,
    BOOL_TORCH,
    BOOL_TRITON,
    FUNCTIONS,
    TORCH_TENSOR_ARGS,
    TRITON_WANTS_TENSOR,
)
from ..language.typing import Typer

# Python's binding strengths of what is emitted (the op table's, higher binds tighter).
_NOT, _CMP, _OR, _AND, _UNARY, _ATOM = NOT, CMP, OR, AND, UNARY, ATOM
_PREC = {s: op.precedence for s, op in OPERATORS.items()}


class ExprRenderer:
    def __init__(
        self,
        target: str,
        typer: Typer,
        leaf: Callable[[ir.Expr], str | None] | None = None,
        rand_index: str = "offs",
        rand_shape: str = "shape",
        positions: dict[str, str] | None = None,
        scan_dim: int = -1,
        dividend: Callable[[ir.BinOp, str], str] | None = None,
        fast_division: bool = False,
    ):
        assert target in ("triton", "torch")
        self.target = target
        self.typer = typer
        self.leaf = leaf or (lambda e: None)
        self.rand_index = rand_index
        self.rand_shape = rand_shape
        self.positions = positions or {}  # index(D): each dimension's index variable in the kernel
        self.scan_dim = scan_dim  # the torch dimension scans run along (references)
        # a quotient's dividend as tl.div_rn takes it, from (the quotient, its text): where the
        # lowering keeps lanes that are never stored off tl.div_rn's slow path (reduction kernels)
        self.dividend = dividend or (lambda quotient, text: text)
        # `schedule { precision = fast }`: f32 quotients by Triton's own `/` (language/schedule.py)
        self.fast_division = fast_division

    def __call__(self, expr: ir.Expr) -> str:
        return self._render(expr)[0]

    def _float(self, operand: ir.Expr, quotient: ir.Expr, min_prec: int = 0) -> str:
        """An operand of `/` as tl.div_rn (or Triton's `/`, whose operands bind at
        `min_prec`) takes it: a float (an integer value is converted to the quotient's type
        first, by tl.cast, which takes a constant too; a number literal converts itself)."""
        if self.typer.of(operand).dtype.category != "float" and not fold.literal_only(operand):
            return f"tl.cast({self(operand)}, tl.{self.typer.of(quotient).dtype.triton})"
        return self._wrap(operand, min_prec)

    def _wrap(self, expr: ir.Expr, min_prec: int) -> str:
        text, prec = self._render(expr)
        return f"({text})" if prec < min_prec else text

    def _render(self, expr: ir.Expr) -> tuple[str, int]:
        replaced = self.leaf(expr)
        if replaced is not None:
            return replaced, _ATOM
        triton = self.target == "triton"
        if fold.folds(expr):
            # Arithmetic on literals alone: its value, computed as the language defines it
            # (fold.py), not left to Python's `%` and `/`.
            text = fold.text(fold.constant(expr))
            return text, _UNARY if text.startswith("-") else _ATOM
        if isinstance(expr, ir.Number):
            # An integer from its value: its text may be `007`, which Python refuses.
            return (str(expr.value) if isinstance(expr.value, int) else expr.text), _ATOM
        if isinstance(expr, ir.Name):
            return expr.id, _ATOM
        if isinstance(expr, ir.BinOp):
            if expr.op == "**" and triton and self._squares(expr):
                # x ** 2 is x * x, as torch.pow computes it (exact; exp2/log2 would not be)
                base = self._wrap(expr.lhs, _PREC["*"] + 1)
                return f"{base} * {base}", _PREC["*"]
            if expr.op == "**":
                table = BINARY_TRITON if triton else BINARY_TORCH
                return table["**"].format(*self._pow_args(expr.lhs, expr.rhs)), _ATOM
            if expr.op == "/" and triton and self.typer.of(expr).dtype.name != "f64" and self.fast_division:
                # div.full.f32: no slow path for zero dividends, so no dividend needs replacing
                lhs, rhs = (self._float(e, expr, min_prec) for e, min_prec in
                            ((expr.lhs, _PREC["*"]), (expr.rhs, _PREC["*"] + 1)))
                return f"{lhs} / {rhs}", _PREC["*"]
            if expr.op == "/" and triton and self.typer.of(expr).dtype.name != "f64":
                grid = self.typer.rounded_quotient(expr)
                if grid:  # seen only rounded to `grid` (language/rounding.py)
                    # (narrow blocks divide with tl.div_rn: masked zeros apart, or lanes past
                    # the row end with the dividend the lowering gives them)
                    dividend, divisor = self._float(expr.lhs, expr), self._float(expr.rhs, expr)
                    masked = self.typer.masked_quotient(expr)
                    narrow = dividend if masked else self.dividend(expr, dividend)
                    return OPERATORS["/"].rounded.format(grid, dividend, divisor, narrow, masked), _ATOM
                if self.typer.masked_quotient(expr):
                    return OPERATORS["/"].zeros.format(*(self._float(e, expr) for e in (expr.lhs, expr.rhs))), _ATOM
                dividend = self.dividend(expr, self._float(expr.lhs, expr))
                return BINARY_TRITON["/"].format(dividend, self._float(expr.rhs, expr)), _ATOM
            prec = _PREC[expr.op]
            lhs = self._wrap(expr.lhs, prec)
            rhs = self._wrap(expr.rhs, prec + 1)
            if expr.op == "/" and triton:  # f64: Triton's `/` rounds correctly (tl.div_rn takes f32 only)
                return f"{lhs} / {rhs}", _PREC["*"]
            table = BINARY_TRITON if triton else BINARY_TORCH
            if expr.op == "/" and not triton and fold.literal_only(expr.rhs) and not fold.literal_only(expr.lhs):
                # a tensor divisor on the device: torch on CUDA multiplies by the reciprocal of
                # a number (or CPU scalar) divisor, which is not always the rounded quotient
                return f"{lhs} / torch.as_tensor({self(expr.rhs)}, device=device)", _PREC["*"]
            if expr.op == "/" and not triton:  # (binds as `*`: tl.div_rn's spelling is a call)
                return table["/"].format(lhs, rhs), _PREC["*"]
            if expr.op == "%" and not triton:
                dividend = self(expr.lhs)
                if fold.literal_only(expr.lhs):  # torch.fmod takes its dividend only as a tensor
                    dividend = f"torch.as_tensor({dividend}, device=device)"
                return table["%"].format(dividend, self(expr.rhs)), _ATOM
            return table[expr.op].format(lhs, rhs), prec
        if isinstance(expr, ir.Compare):
            return f"{self._wrap(expr.lhs, _OR)} {expr.op} {self._wrap(expr.rhs, _OR)}", _CMP
        if isinstance(expr, ir.BoolOp):
            prec = _AND if expr.op == "and" else _OR
            table = BOOL_TRITON if triton else BOOL_TORCH
            return table[expr.op].format(self._wrap(expr.lhs, prec), self._wrap(expr.rhs, prec + 1)), prec
        if isinstance(expr, ir.Not):
            if fold.literal_only(expr.operand):
                # A comparison of literals is a Python bool, on which `~` is integer negation.
                return f"not ({self(expr.operand)})", _NOT
            return "~" + self._wrap(expr.operand, _UNARY), _UNARY
        if isinstance(expr, ir.Neg):
            if triton and self.typer.of(expr.operand).dtype.category == "float" and not fold.literal_only(expr.operand):
                # Triton's -x is 0 - x, which gives +0.0 for +0.0; the product with -1.0 flips
                # the sign of zeros too, as torch's -x does (1 / -x is -inf at x = +0.0)
                return "-1.0 * " + self._wrap(expr.operand, _PREC["*"] + 1), _PREC["*"]
            return "-" + self._wrap(expr.operand, _UNARY), _UNARY
        if isinstance(expr, ir.Cast):
            return self._cast(expr), _ATOM
        if isinstance(expr, ir.Transpose):
            return self._wrap(expr.operand, _ATOM) + ".T", _ATOM
        if isinstance(expr, ir.Call):
            return self._call(expr), _ATOM
        raise TypeError(f"cannot render {expr!r}")

    def _cast(self, expr: ir.Cast) -> str:
        if expr.dtype.name == "f32" and isinstance(expr.operand, ir.Cast) and expr.operand.dtype.narrow_float:
            return self._cast(expr.operand)  # a 16- or 8-bit cast already goes back to f32 for computing
        inner = self._wrap(expr.operand, _ATOM)
        operand_type = self.typer.of(expr.operand)
        if operand_type.is_scalar:
            # A Python number (or scalar argument) becomes a typed value first.
            if self.target == "triton":
                inner = f"tl.full((), {self(expr.operand)}, tl.{operand_type.dtype.triton})"
            else:
                inner = f"torch.as_tensor({self(expr.operand)}, device=device)"
        if self.target == "triton" and expr.dtype.is_fp8:
            # Round to fp8 as torch does (saturating or overflowing), then compute in f32.
            return f"_f32_of_f8(_to_{expr.dtype.name}({inner}))"
        if self.target == "triton":
            text = inner + triton_cast(operand_type.dtype, expr.dtype)
        elif expr.dtype.name == "f8e4m3":
            # saturating, as torch's own cast from 2.13 on (an earlier CUDA cast gives NaN past 480)
            text = f"{inner}.clamp(-448, 448).to(torch.{expr.dtype.torch})"
        else:
            text = f"{inner}.to(torch.{expr.dtype.torch})"
        if expr.dtype.narrow_float:
            # Round to the 16-bit type, then keep computing in f32.
            text += ".to(tl.float32)" if self.target == "triton" else ".to(torch.float32)"
        return text

    def _squares(self, expr: ir.BinOp) -> bool:
        return squares(self.typer, expr)

    def _pow_args(self, base: ir.Expr, exponent: ir.Expr) -> list[str]:
        """pow's arguments; a power of two scalars (a ** 2, a scalar parameter) gets its base
        as a 0-d tensor of its type: _pow needs a tensor, and torch.pow takes no two numbers."""
        args = [self(base), self(exponent)]
        base_type = self.typer.of(base)
        if base_type.is_scalar and self.typer.of(exponent).is_scalar:
            if self.target == "triton":
                args[0] = f"tl.full((), {args[0]}, tl.{base_type.dtype.triton})"
            else:
                args[0] = f"torch.as_tensor({args[0]}, dtype=torch.{base_type.dtype.torch}, device=device)"
        return args

    def _call(self, expr: ir.Call) -> str:
        fn = FUNCTIONS[expr.func]
        args = self._pow_args(*expr.args) if fn.name == "pow" else [self(a) for a in expr.args]
        if self.target == "torch":
            wants = TORCH_TENSOR_ARGS.get(fn.name, ())
            args = [
                f"torch.as_tensor({text}, device=device)" if i in wants and self.typer.of(a).is_scalar else text
                for i, (a, text) in enumerate(zip(expr.args, args))
            ]
        elif fn.name in TRITON_WANTS_TENSOR and all(self.typer.of(a).is_scalar for a in expr.args):
            args = [f"tl.full((), {text}, tl.{self.typer.of(a).dtype.triton})" for a, text in zip(expr.args, args)]
        template = fn.triton if self.target == "triton" else fn.torch
        if fn.result == "index":
            dim = expr.args[0].id
            space = [str(d) for d in self.typer.space]
            return template.format(dim, position=self.positions.get(dim, ""), axis=space.index(dim), rank=len(space))
        return template.format(*args, index=self.rand_index, shape=self.rand_shape, dim=self.scan_dim)


def squares(typer, expr: ir.BinOp) -> bool:
    """`x ** 2` of a float tensor, which Triton source writes as a multiplication (the
    compiler computes `x` once)."""
    exponent, base = expr.rhs, typer.of(expr.lhs)
    return (isinstance(exponent, ir.Number) and exponent.value == 2 and base.dtype.is_float
            and not base.is_scalar and typer.of(expr).dtype == base.dtype)
