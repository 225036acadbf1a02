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


def _grid_of_dtype(dtype) -> str | None:
    return dtype.name if dtype.name in ("f16", "bf16") else None


@dataclass(frozen=True, slots=True)
class Rounded:
    # id(quotient) -> (the quotient, its grid): the body's own nodes, which the lowerings
    # render (a node they build anew is not found, and keeps tl.div_rn)
    grids: dict = field(default_factory=dict)

    @classmethod
    def of_kernel(cls, kernel: ir.Kernel) -> "Rounded":
        used = {n.id for a in kernel.body for n in ir.walk(a.value) if isinstance(n, ir.Name)}
        stored = {o.name: _grid_of_dtype(o.type.dtype) for o in kernel.outputs if o.name not in used}
        quotients: list[tuple[ir.BinOp, str | None]] = []
        for a in kernel.body:
            # (an expression, the grid its value is rounded to before anything else sees it)
            stack = [(a.value, stored.get(a.target))]
            while stack:
                e, grid = stack.pop()
                if isinstance(e, ir.BinOp) and e.op == "/":
                    quotients.append((e, grid))
                if isinstance(e, ir.Call) and e.func == "round" and len(e.args) == 1:
                    stack.append((e.args[0], "int"))
                elif isinstance(e, ir.Cast):
                    stack.append((e.operand, _grid_of_dtype(e.dtype)))
                else:
                    stack.extend((child, None) for child in ir.children(e))
        candidates = [(q, grid) for q, grid in quotients if grid]
        if not candidates:
            return cls()
        # A quotient written alike elsewhere (compared by value, among those as deep only:
        # comparing deep expressions is slow) must be rounded alike there too.
        height = _heights([q for q, _ in quotients])
        grids = {}
        for q, grid in candidates:
            alike = [(other, g) for other, g in quotients if height[id(other)] == height[id(q)] and other == q]
            if all(g == grid for _, g in alike):
                grids.update((id(other), (other, grid)) for other, _ in alike)
        return cls(grids)

    def grid(self, quotient: ir.Expr) -> str | None:
        entry = self.grids.get(id(quotient))
        return entry[1] if entry is not None and entry[0] is quotient else None


def _heights(roots) -> dict[int, int]:
    """id(node) -> the height of its tree, for every node under `roots` (iteratively: an
    expression may nest thousands deep)."""
    height: dict[int, int] = {}
    for root in roots:
        stack = [(root, False)]
        while stack:
            node, done = stack.pop()
            if id(node) in height:
                continue
            kids = ir.children(node)
            if done:
                height[id(node)] = 1 + max((height[id(k)] for k in kids), default=0)
            else:
                stack.append((node, True))
                stack.extend((k, False) for k in kids if id(k) not in height)
    return height
