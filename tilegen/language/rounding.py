"""Which quotients are only ever seen rounded to a coarser grid than f32's.

A quotient stored to an f16 or bf16 output and used nowhere else, cast to f16 or bf16, or
rounded to an integer by `round()` is seen only through that rounding: its f32 value (the
correctly rounded `/`) matters only where it decides the coarser rounding. Such a quotient,
varying along a row, by a divisor that is one value a row (a scalar in a kernel without
rows), divides through `_div_rounded_*` (templates/helpers.py.j2): the dividend times the
row's reciprocal, with `tl.div_rn` taken only where that product lies too near a rounding
boundary of the grid to round as the exact quotient would (docs/design.md, "Quotients seen
through a rounding"). Kernels reducing or scanning along a named dimension take none. The
grids:

    f16, bf16  round to nearest even in that type (the store's, or a cast's, conversion)
    int        round half to even to an integer (`round()`)

A quotient written twice alike (equal expressions) counts once: it is rounded only if every
use of it is, to one grid. Anything this misses keeps `tl.div_rn`, which rounds alike.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from . import ir

GRIDS = ("f16", "bf16", "int")


def _grid_of_dtype(dtype) -> str | None:
    return dtype.name if dtype.name in ("f16", "bf16") else None


@dataclass(frozen=True, slots=True)
class Rounded:
    grids: dict = field(default_factory=dict)  # quotient (ir.BinOp, compared by value) -> grid

    @classmethod
    def of_kernel(cls, kernel: ir.Kernel) -> "Rounded":
        used = {n.id for a in kernel.body for n in ir.walk(a.value) if isinstance(n, ir.Name)}
        stored = {o.name: _grid_of_dtype(o.type.dtype) for o in kernel.outputs if o.name not in used}
        seen: dict[ir.BinOp, set] = {}
        for a in kernel.body:
            # (an expression, the grid its value is rounded to before anything else sees it)
            stack = [(a.value, stored.get(a.target))]
            while stack:
                e, grid = stack.pop()
                if isinstance(e, ir.BinOp) and e.op == "/":
                    seen.setdefault(e, set()).add(grid)
                if isinstance(e, ir.Call) and e.func == "round" and len(e.args) == 1:
                    stack.append((e.args[0], "int"))
                elif isinstance(e, ir.Cast):
                    stack.append((e.operand, _grid_of_dtype(e.dtype)))
                else:
                    stack.extend((child, None) for child in ir.children(e))
        return cls({q: grids.pop() for q, grids in seen.items() if len(grids) == 1 and None not in grids})

    def grid(self, quotient: ir.Expr) -> str | None:
        return self.grids.get(quotient)
