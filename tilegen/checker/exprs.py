"""The checker's expression checks: names, calls, operand types, literals and constants
that must fit their types. A mixin of the kernel checker (check.py), which holds the
kernel, its errors and its names."""

from __future__ import annotations

import math
import struct

from ..language import fold, ir
from ..language.dtypes import DTYPES, int_range
from ..language.functions import FLOAT_FUNCTIONS, FUNCTIONS
from ..language.typing import Typer, VType
from .hints import TWO_ARGUMENT_FORM, reduction_elsewhere_notes, suggest, two_argument_note

_I64_MIN, _I64_MAX = int_range(DTYPES["i64"])  # the widest integer a literal can be

# Largest finite value of each float type, for checking float defaults.
FLOAT_MAX = {"f16": 65504.0, "bf16": 3.3895313892515355e38, "f32": 3.4028234663852886e38,
              "f64": 1.7976931348623157e308}


def fmt_dims(dims) -> str:
    return ", ".join(str(d) for d in dims)


class ExprChecks:
    def _check_expr(self, expr: ir.Expr, env: dict[str, VType], typer: Typer) -> None:
        kind = self.kernel.kind
        if isinstance(expr, ir.Name) and id(expr) in self.dim_args:
            return  # index(D)'s argument names a dimension, not a value
        if isinstance(expr, ir.Name) and expr.id not in env:
            self.error("E020", expr.span, name=expr.id)
            later = self.assigned.get(expr.id)
            if later is self.current:
                self._note(f"{expr.id!r} cannot be used in its own definition")
            elif later is not None and later.span:
                self._note(f"{expr.id!r} is assigned on line {later.span.line}; assign a name before using it")
            elif expr.id in self.dims:
                self._note(f"{expr.id!r} is a dimension name; dimension sizes are not values in expressions")
        elif isinstance(expr, ir.Call):
            fn = FUNCTIONS.get(expr.func)
            if fn is None:
                self.error("E030", expr.span, name=expr.func, hint=suggest(expr.func))
                return
            if len(expr.args) != fn.arity:
                expected = f"{fn.arity} argument" + ("s" if fn.arity != 1 else "")
                self.error("E031", expr.span, name=fn.name, expected=expected, got=len(expr.args))
                if fn.name in TWO_ARGUMENT_FORM and len(expr.args) == 2:
                    self._note(two_argument_note(fn.name))
                return
            if fn.is_reduction and kind != "reduction":
                self.error("E032", expr.span, name=fn.name)
                for note in reduction_elsewhere_notes(fn.name, kind):
                    self._note(note)
            elif fn.is_reduction and _defined(expr.args[0], env):
                arg = typer.of(expr.args[0])
                if arg.dims != typer.space and not self._reads_bad_shape(expr.args[0]):
                    self.error("E044", expr.span, name=fn.name, dims=fmt_dims(arg.dims))
            if fn.is_scan and kind != "reduction":
                self.error("E074", expr.span, name=fn.name)
                self._note(f"{fn.name}(x) runs along each row's last dimension"
                           + (": declare the kernel 'reduction' to use it" if kind == "elementwise" else ""))
            elif fn.is_scan and _defined(expr.args[0], env):
                arg = typer.of(expr.args[0])
                if arg.dims != typer.space and not self._reads_bad_shape(expr.args[0]):
                    self.error("E075", expr.span, name=fn.name, dims=fmt_dims(arg.dims))
            if (fn.positional or fn.result == "keep" and (fn.is_scan or fn.is_reduction)) and fn.name not in ("max", "min"):
                # torch has no argmax, argmin, cummax or cummin of bool values
                self._want_number(expr.args, env, typer, f"{fn.name}()")
            if fn.result == "index":
                self._index_arg(expr, typer)
            if fn.name == "rand" and _defined(expr.args[0], env):
                seed = typer.of(expr.args[0])
                if not seed.is_scalar or seed.dtype.category != "int":
                    got = f"[{fmt_dims(seed.dims)}] {seed.dtype.name}" if seed.dims else seed.dtype.name
                    self.error("E038", expr.span, name="rand", got=got)
            if fn.name == "where" and _defined(expr.args[0], env):
                self._want_bool(expr.args[0], typer, "the condition of where()")
            if fn.name in FLOAT_FUNCTIONS:
                self._want_float(expr.args, env, typer, f"{fn.name}()", pow_like=fn.name == "pow")
            if fn.name == "pow":
                self._exponent_exact(*expr.args, env, typer)
            if fn.name == "abs":
                self._want_number(expr.args, env, typer, "abs()")
        elif isinstance(expr, ir.BinOp) and expr.op == "@" and kind != "gemm":
            self.error("E033", expr.span)
        elif isinstance(expr, ir.BoolOp):
            for side in (expr.lhs, expr.rhs):
                if _defined(side, env):
                    self._want_bool(side, typer, f"'{expr.op}'")
        elif isinstance(expr, ir.Not) and _defined(expr.operand, env):
            self._want_bool(expr.operand, typer, "'not'")
        elif isinstance(expr, ir.Transpose) and id(expr) not in self.matmul_sides:
            self.error("E037", expr.span)
        elif isinstance(expr, ir.BinOp) and expr.op == "**":
            self._want_float((expr.lhs, expr.rhs), env, typer, "'**'", pow_like=True)
            self._exponent_exact(expr.lhs, expr.rhs, env, typer)
        elif isinstance(expr, ir.BinOp) and expr.op in "+-*/%":
            self._want_number((expr.lhs, expr.rhs), env, typer, f"'{expr.op}'")
            self._literal_fits(expr, env, typer)
            if fold.zero_divisor(expr):
                self.error("E029", expr.span, op=expr.op)
        elif isinstance(expr, ir.Compare):
            self._literal_fits(expr, env, typer)
        elif isinstance(expr, ir.Number):
            if isinstance(expr.value, int) and not _I64_MIN <= expr.value <= _I64_MAX:
                self.error("E028", expr.span, value=shown(expr.text), dtype="i64", why="")
            elif isinstance(expr.value, float) and not math.isfinite(expr.value):
                self.error("E028", expr.span, value=shown(expr.text), dtype="f64", why=" as a finite number")
        elif isinstance(expr, ir.Neg):
            self._want_number((expr.operand,), env, typer, "unary '-'")

    def _reads_bad_shape(self, expr: ir.Expr) -> bool:
        return any(isinstance(e, ir.Name) and e.id in self.bad_shapes for e in ir.walk(expr))

    def _note(self, note: str) -> None:
        self.errors[-1] = self.errors[-1].with_note(note)

    def _want_float(self, args, env, typer: Typer, op: str, pow_like: bool) -> None:
        """Math functions compute on floats; an integer argument must be converted explicitly.
        An exponent may also be an integer literal (`x ** 2`)."""
        for n, arg in enumerate(args):
            literal = isinstance(arg, ir.Number) or isinstance(arg, ir.Neg) and isinstance(arg.operand, ir.Number)
            if not _defined(arg, env) or (pow_like and n == 1 and literal):
                continue
            t = typer.of(arg)
            if t.dtype.category != "float":
                what = ("base", "exponent")[n] if pow_like else "argument"
                expected = f"a float {what} (convert it with `as f32`)"
                self.error("E042", arg.span, op=op, expected=expected, got=t.dtype.name)

    def _exponent_exact(self, base, exponent, env, typer: Typer) -> None:
        """E028 for a constant exponent that f32 would round to another integer (16777217 to
        16777216: the sign of (-1) ** b would flip), or to an integer from a fraction: the
        kernel computes powers in the base's type, so an f64 base keeps the exponent exact."""
        value = fold.constant(exponent)
        if value is None or not _defined(base, env) or typer.of(base).dtype.name == "f64":
            return
        try:
            rounded = struct.unpack("f", struct.pack("f", float(value)))[0]
        except (OverflowError, struct.error):  # past f32, or an integer past a double
            rounded = math.inf
        integral = isinstance(value, int) or value.is_integer()
        if rounded != value and (integral or rounded == math.floor(rounded)):
            self.error("E028", exponent.span, value=_literal_text(exponent, value), dtype="f32",
                       why=" exactly, as an exponent: f32 holds the integers up to 2**24 (16777216) exactly "
                           "(use an f64 base for larger ones)")

    def _literal_fits(self, expr, env, typer: Typer) -> None:
        """A literal next to an integer operand takes that operand's type: it must fit it
        (x * 1000 with x: i8[N] would fail at the first call, and torch would wrap). So must
        the value of a constant expression (x * 0 + (100 + 100))."""
        for lit, other in ((expr.lhs, expr.rhs), (expr.rhs, expr.lhs)):
            value = fold.constant(lit)
            if isinstance(value, float) and _defined(other, env) and not fold.literal_only(other):
                if typer.of(other).dtype.name == "f64":
                    self.f64_literals.add(id(lit))  # takes f64: may be past f32's range
                continue
            if not isinstance(value, int) or not _defined(other, env) or fold.literal_only(other):
                continue
            number = lit.operand if isinstance(lit, ir.Neg) and isinstance(lit.operand, ir.Number) else lit
            if isinstance(number, ir.Number) and number.value > _I64_MAX:
                continue  # past every integer type: reported at the literal itself
            dtype = typer.of(other).dtype
            if dtype.category != "int":
                continue
            lo, hi = int_range(dtype)
            if not lo <= value <= hi:
                text = _literal_text(lit, value)
                self.error("E028", lit.span, value=text, dtype=dtype.name,
                           why=", the type of the other operand, which a literal takes (cast one side)")

    def _constants_fit(self, stmt: ir.Assign) -> None:
        """E028 for constant expressions whose value no literal could have: past i64, or a
        float past the finite range (1e300 * 1e300)."""
        for expr in _constants(stmt.value):
            value = fold.constant(expr)
            if (isinstance(value, float) and math.isfinite(value) and abs(value) > FLOAT_MAX["f32"]
                    and id(expr) not in self.f64_literals):
                # Triton would compute it in f64, torch (the reference) in f32.
                self.error("E028", expr.span, value=_literal_text(expr, value), dtype="f32",
                           why=": a float literal is f32, unless an operator's other operand is f64")
            if not fold.folds(expr):
                continue  # a literal as written: checked where it stands
            if isinstance(value, int) and not _I64_MIN <= value <= _I64_MAX:
                self.error("E028", expr.span, value=_literal_text(expr, value), dtype="i64", why="")
            elif isinstance(value, float) and not math.isfinite(value):
                self.error("E028", expr.span, value=_literal_text(expr, value), dtype="f64",
                           why=" as a finite number")

    def _want_number(self, args, env, typer: Typer, op: str) -> None:
        """Arithmetic on bool values is refused: torch and Triton disagree on it (True + True
        is True in one, 2 in the other, and '-' fails); a cast says which is meant."""
        for arg in args:
            if _defined(arg, env) and typer.of(arg).dtype.category == "bool":
                expected = "numbers (cast a bool first: `as i32` counts it as 0 or 1)"
                self.error("E042", arg.span, op=op, expected=expected, got="bool")

    def _index_arg(self, call: ir.Call, typer: Typer) -> None:
        """index(D): D names one of the kernel's dimensions (E069), in an elementwise kernel (E070)."""
        if self.kernel.kind not in FUNCTIONS["index"].kinds:
            self.error("E070", call.span, name="index", kind=self.kernel.kind)
            return
        (arg,) = call.args
        named = [str(d) for d in typer.space if isinstance(d, str)]
        if not (isinstance(arg, ir.Name) and arg.id in named):
            got = repr(arg.id) if isinstance(arg, ir.Name) else "an expression"
            self.error("E069", arg.span or call.span, dims=", ".join(named) or "none", got=got)

    def _want_bool(self, expr: ir.Expr, typer: Typer, op: str) -> None:
        t = typer.of(expr)
        if t.dtype.category != "bool":
            expected = "a boolean operand (a comparison such as x > 0)"
            self.error("E042", expr.span, op=op, expected=expected, got=t.dtype.name)


def _literal_text(expr: ir.Expr, value) -> str:
    """How E028 names a literal: as written, or a constant expression by its value."""
    if isinstance(expr, ir.Number):
        return shown(expr.text)
    if isinstance(expr, ir.Neg) and isinstance(expr.operand, ir.Number):
        return "-" + shown(expr.operand.text)
    return f"{shown(value)} (the value of a constant expression)"


# id(expr) -> (expr, env, defined): asked for every operator of an expression about its
# operands, so each node is answered once (per env: a statement's names are fixed while it
# is checked).
_DEFINED: dict[int, tuple[ir.Expr, dict, bool]] = {}


def shown(value) -> str:
    """A number for a message: as it is, or cut short past 40 characters (and never turned
    into a string of thousands of digits, which Python refuses)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"about 2**{value.bit_length() - 1}" if value > 0 else f"about -2**{value.bit_length() - 1}"
    text = str(value)
    return text if len(text) <= 40 else f"{text[:20]}...{text[-8:]} ({len(text)} characters)"


def _constants(expr: ir.Expr):
    """The largest sub-expressions of `expr` with a constant value (literals too), each once."""
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, (ir.Number, ir.Neg, ir.BinOp)) and fold.constant(node) is not None:
            yield node
        else:
            stack.extend(reversed(ir.children(node)))


def _defined(expr: ir.Expr, env) -> bool:
    """Every name in `expr` is defined and every function known."""
    hit = _DEFINED.get(id(expr))
    if hit is not None and hit[0] is expr and hit[1] is env:
        return hit[2]
    if isinstance(expr, ir.Name):
        value = expr.id in env
    else:
        value = (not isinstance(expr, ir.Call) or expr.func in FUNCTIONS) and all(
            _defined(child, env) for child in ir.children(expr))
    if len(_DEFINED) >= 200_000:
        _DEFINED.clear()
    _DEFINED[id(expr)] = (expr, env, value)
    return value
