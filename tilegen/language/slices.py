"""Slices of a dimension: `x[:, :N]` reads one block of a parameter declared `bf16[M, 2 * N]`.

A slice cuts one axis to [start, stop), both multiples of that axis's dimension: the
declared size `k * N` holds k blocks of N, and a slice takes one of them (`:N`, `N:` on
`2 * N`; `N:2 * N` and `2 * N:` on `3 * N`). The kernel reads it with the same load as
the whole tensor, its pointer moved by `block * N * stride` along that axis. Shared by the
checker (what is legal) and the lowering (which block).
"""

from __future__ import annotations

from dataclasses import dataclass

from . import ir


@dataclass(frozen=True, slots=True)
class Block:
    axis: int  # the axis that is cut
    dim: str  # its dimension (the block's size)
    index: int  # which block: the slice starts at index * dim
    factor: int  # how many blocks the axis holds


def bound_text(bound: ir.Bound | None) -> str:
    if bound is None:
        return ""
    k, name = bound
    return str(k) if not name else name if k == 1 else f"{k} * {name}"


def slice_text(expr: ir.Slice) -> str:
    parts = (":" if p is None else f"{bound_text(p[0])}:{bound_text(p[1])}" for p in expr.parts)
    return f"{expr.operand.id}[{', '.join(parts)}]"


def resolve(expr: ir.Slice, ttype: ir.TensorType) -> Block | str:
    """The block `expr` reads, or why it is no slice of one block of `ttype` (E077), or, as
    ("fit", why), why its bounds do not fit the declared size (E076)."""
    if len(expr.parts) != len(ttype.dims):
        return f"it is declared with {len(ttype.dims)} dimension(s), the slice names {len(expr.parts)}"
    cut = [axis for axis, part in enumerate(expr.parts) if part is not None]
    if len(cut) != 1:
        return "a slice cuts exactly one dimension (write `:` for the others)"
    (axis,) = cut
    dim, factor = ttype.dims[axis], ttype.factor(axis)
    start, stop = expr.parts[axis]
    if not isinstance(dim, str) or factor == 1:
        return f"dimension {axis} is declared {ttype.dim_text(axis)}; declare it `2 * D` to read it by halves"
    for bound in (start, stop):
        if bound is not None and bound[0] != 0 and bound[1] != dim:
            return f"its bounds must be multiples of {dim} (dimension {axis} is declared {factor} * {dim})"
    lo = 0 if start is None else start[0]
    hi = factor if stop is None else stop[0]
    if lo >= factor or hi > factor or lo >= hi:
        return ("fit", f"it reads [{bound_text((lo, dim if lo else ''))}, {bound_text((hi, dim if hi else ''))}) "
                       f"of dimension {axis}, which holds [0, {factor} * {dim})")
    if hi - lo != 1:
        return f"it reads {hi - lo} blocks of {dim}; a slice reads one ({dim} elements)"
    return Block(axis, dim, lo, factor)
