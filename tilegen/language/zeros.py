"""Which values are zero at many positions by construction: masked scores.

`exp(z - max(z))` where `z = where(mask, -1e30, x)` is 0 wherever the mask hides a score, and
`where(mask, e, 0.0)` is 0 wherever it is false. A quotient of such a dividend divides
through `_div_rn_zeros` (templates/helpers.py.j2): `tl.div_rn` takes a slow path for a zero
dividend, and under a causal mask half the dividends are zero. Elsewhere plain `tl.div_rn`
is faster (docs/design.md, "Zero dividends of masked scores").
"""

from __future__ import annotations

from dataclasses import dataclass

from . import fold, ir

# A where() branch at or below this is a mask value: exp() of it, less the row's max, is 0 in
# f32 (masks use -1e4, -65504, -1e9, -1e30, the f32 minimum).
MASK_BELOW = -1e4


def _branch_below(call: ir.Call) -> bool:
    values = (fold.constant(a) for a in call.args[1:] if fold.literal_only(a))
    return any(v is not None and v <= MASK_BELOW for v in values)


@dataclass(frozen=True, slots=True)
class Zeros:
    masked: frozenset[str] = frozenset()  # names whose values are zero at masked positions
    low: frozenset[str] = frozenset()  # names whose values are mask values at masked positions

    @classmethod
    def of_body(cls, body: tuple[ir.Assign, ...]) -> "Zeros":
        zeros = cls()
        for a in body:
            zeros = Zeros(zeros.masked | ({a.target} if zeros.dividend(a.value) else set()),
                          zeros.low | ({a.target} if zeros._low(a.value) else set()))
        return zeros

    def _low(self, expr: ir.Expr) -> bool:
        """Whether `expr` holds a mask value somewhere: a where() with one, or a name that does."""
        return any((isinstance(e, ir.Name) and e.id in self.low)
                   or (isinstance(e, ir.Call) and e.func == "where" and _branch_below(e))
                   for e in ir.walk(expr))

    def dividend(self, expr: ir.Expr) -> bool:
        """Whether `expr` is zero at masked positions: exp() of a value holding a mask value, a
        where() with a 0 branch, or a product, quotient, cast or where() branch of one."""
        stack = [expr]
        while stack:
            e = stack.pop()
            if isinstance(e, ir.Name) and e.id in self.masked:
                return True
            if isinstance(e, ir.Call) and e.func in ("exp", "exp2") and self._low(e.args[0]):
                return True
            if isinstance(e, ir.Call) and e.func == "where":
                if any(fold.literal_only(a) and fold.constant(a) == 0 for a in e.args[1:]):
                    return True
                stack.extend(e.args[1:])
            elif isinstance(e, ir.BinOp) and e.op in ("*", "/"):
                stack.extend((e.lhs, e.rhs) if e.op == "*" else (e.lhs,))
            elif isinstance(e, ir.Cast):
                stack.append(e.operand)
        return False
