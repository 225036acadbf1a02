"""Which values are zero at many positions by construction: masked scores.

`exp(z - max(z))` where `z = where(mask, -1e30, x)` is 0 wherever the mask hides a score. A
quotient of such a dividend divides through `_div_rn_zeros` (templates/helpers.py.j2):
`tl.div_rn` takes a slow path for a zero dividend, and under a causal mask half the
dividends are zero. Every other quotient keeps `tl.div_rn`, which is faster on rows
without zeros (docs/design.md, "Zero dividends of masked scores"). A wrong guess here costs
time only: both divisions round alike.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import fold, ir

# A where() branch at or below this is a mask value: exp() of it, less the row's max, is 0 in
# f32 (masks use -1e4, -65504, -1e9, -1e30, the f32 minimum).
MASK_BELOW = -1e4


def _constant(expr: ir.Expr):
    return fold.constant(expr) if fold.literal_only(expr) else None


@dataclass(frozen=True, slots=True)
class Zeros:
    masked: frozenset[str] = frozenset()  # names whose values are zero at masked positions
    low: frozenset[str] = frozenset()  # names whose values are a mask value at masked positions

    @classmethod
    def of_body(cls, body: tuple[ir.Assign, ...]) -> "Zeros":
        zeros = cls()
        for a in body:
            zeros = Zeros(zeros.masked | ({a.target} if zeros.dividend(a.value) else set()),
                          zeros.low | ({a.target} if zeros._low(a.value) else set()))
        return zeros

    def _low(self, expr: ir.Expr) -> bool:
        """Whether `expr` is a mask value at masked positions: a where() with one as a branch,
        carried through the operations that keep a large negative value large and negative
        (adding anything, subtracting from it, scaling by a positive constant, casts, where()
        branches). Reductions (`max(z)` is one value a row), negation and a subtrahend do not."""
        stack = [expr]
        while stack:
            e = stack.pop()
            if isinstance(e, ir.Name) and e.id in self.low:
                return True
            if isinstance(e, ir.Call) and e.func == "where":
                if any((v := _constant(a)) is not None and v <= MASK_BELOW for a in e.args[1:]):
                    return True
                stack.extend(e.args[1:])
            elif isinstance(e, ir.BinOp) and e.op in ("+", "-"):
                stack.extend((e.lhs, e.rhs) if e.op == "+" else (e.lhs,))
            elif isinstance(e, ir.BinOp) and e.op in ("*", "/"):
                for value, other in ((e.lhs, e.rhs), (e.rhs, e.lhs)) if e.op == "*" else ((e.lhs, e.rhs),):
                    if (c := _constant(other)) is not None and c > 0:
                        stack.append(value)
            elif isinstance(e, ir.Cast):
                stack.append(e.operand)
        return False

    def dividend(self, expr: ir.Expr) -> bool:
        """Whether `expr` is zero at masked positions: exp() of a mask value, or a product,
        quotient, cast or where() branch of one."""
        stack = [expr]
        while stack:
            e = stack.pop()
            if isinstance(e, ir.Name) and e.id in self.masked:
                return True
            if isinstance(e, ir.Call) and e.func in ("exp", "exp2") and self._low(e.args[0]):
                return True
            if isinstance(e, ir.Call) and e.func == "where":
                stack.extend(e.args[1:])
            elif isinstance(e, ir.BinOp) and e.op in ("*", "/"):
                stack.extend((e.lhs, e.rhs) if e.op == "*" else (e.lhs,))
            elif isinstance(e, ir.Cast):
                stack.append(e.operand)
        return False
