"""Constant expressions: arithmetic on number literals alone, evaluated when the spec compiles.

The generated code would otherwise leave `-7 % 3` to Python (Triton computes arithmetic on
constants in Python, and the torch reference too), whose `%` floors where the language's
rounds toward zero, and whose `7 / 0` raises. Folding gives such expressions the language's
meaning (docs/language.md, "Arithmetic and types"): `+ - *` exact on integers and in double
precision on floats, `/` true division, `%` the C-style remainder (the sign of the
dividend). The folded value is a literal like any other: next to a tensor it takes the
tensor's type and must fit it (E028), and a division by a zero constant is E029.

`**` is not folded (its base must be a float, E042), nor are comparisons, calls and casts.
"""

from __future__ import annotations

import math

from . import ir

Number = int | float

# An integer constant of more bits than this is not folded: it is far past i64 (E028 reports
# the operand that got it there), and folding on would build ever larger numbers.
_MAX_BITS = 4096

# Results per node, keyed by id() with the node kept alive beside its value (so that an id is
# never reused while it is cached): the checker and the renderers ask again and again about
# the same sub-expressions, and asking anew would walk the tree each time (x + x + ... + x
# was cubic in its length).
_CACHE: dict[tuple[str, int], tuple[ir.Expr, object]] = {}
_CACHE_SIZE = 200_000


def _memo(kind: str, expr: ir.Expr, compute):
    key = (kind, id(expr))
    hit = _CACHE.get(key)
    if hit is not None and hit[0] is expr:
        return hit[1]
    value = compute(expr)
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    _CACHE[key] = (expr, value)
    return value


def literal_only(expr: ir.Expr) -> bool:
    """True when `expr` is built from number literals with operators alone (no names, calls
    or casts): the generated code computes it on plain Python numbers, not on tensors."""
    return _memo("literal_only", expr, _literal_only)


def _literal_only(expr: ir.Expr) -> bool:
    if isinstance(expr, ir.Number):
        return True
    if not isinstance(expr, (ir.Neg, ir.Compare, ir.BoolOp, ir.Not)) and not (
            isinstance(expr, ir.BinOp) and expr.op != "@"):
        return False
    return all(literal_only(child) for child in ir.children(expr))


def constant(expr: ir.Expr) -> Number | None:
    """The value of a constant arithmetic expression, or None where `expr` is not one (or
    divides by a zero constant: see zero_divisor; or has no value in a double, or an integer
    of more than 4096 bits: past i64 either way, E028)."""
    if isinstance(expr, ir.Number):
        return expr.value
    return _memo("constant", expr, _constant)


def _constant(expr: ir.Expr) -> Number | None:
    if isinstance(expr, ir.Neg):
        value = constant(expr.operand)
        return None if value is None else -value
    if not isinstance(expr, ir.BinOp) or expr.op not in ("+", "-", "*", "/", "%"):
        return None
    a, b = constant(expr.lhs), constant(expr.rhs)
    if a is None or b is None:
        return None
    try:
        value = _arithmetic(expr.op, a, b)
    except OverflowError:  # an integer past a double's range, next to a float or divided
        return None
    if isinstance(value, int) and value.bit_length() > _MAX_BITS:
        return None
    return value


def _arithmetic(op: str, a: Number, b: Number) -> Number | None:
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        if isinstance(a, int) and isinstance(b, int) and a.bit_length() + b.bit_length() > _MAX_BITS + 1:
            raise OverflowError("product too large to fold")
        return a * b
    if b == 0:
        return None
    if op == "/":
        return a / b
    if isinstance(a, int) and isinstance(b, int):
        remainder = abs(a) % abs(b)  # exact for integers of any size
        return -remainder if a < 0 else remainder
    return math.fmod(a, b)


def zero_divisor(expr: ir.Expr) -> ir.BinOp | None:
    """A `/` or `%` whose both sides are constants and whose divisor is zero, where `expr`
    is one (Python would raise on it, in the kernel and in the reference)."""
    if isinstance(expr, ir.BinOp) and expr.op in ("/", "%"):
        a, b = constant(expr.lhs), constant(expr.rhs)
        if a is not None and b == 0:
            return expr
    return None


def folds(expr: ir.Expr) -> bool:
    """True for an operator expression with a constant value: rendered as that value."""
    return isinstance(expr, (ir.BinOp, ir.Neg)) and not _plain_literal(expr) and constant(expr) is not None


def maximal(expr: ir.Expr):
    """The largest sub-expressions of `expr` that fold, each once (not those inside them)."""
    if folds(expr):
        yield expr
        return
    for child in ir.children(expr):
        yield from maximal(child)


def text(value: Number) -> str:
    """Python source for a folded value (repr keeps every digit of a float)."""
    return repr(value)


def _plain_literal(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.Neg) and isinstance(expr.operand, ir.Number)


__all__ = ["constant", "folds", "literal_only", "maximal", "text", "zero_divisor"]
