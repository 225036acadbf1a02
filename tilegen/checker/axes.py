"""Checks of reductions over named dimensions (`sum(x, M)`, `mean(x, B, T)`, `sum(x, M, N)`).

A reduction kernel whose reductions name dimensions other than the last one reduces over
those (the kernel's *reduced* dims) and keeps the rest (its *kept* dims, in order): its
outputs are [kept], a scalar output when every dimension is reduced. Every reduction of such
a kernel names the same dimensions and reads no other reduction's result, so the kernel
reads its inputs once (lower/reduction/axes.py). Naming only the last dimension
(`sum(x, N)`) is the row reduction `sum(x)`.
"""

from __future__ import annotations

import dataclasses

from ..language import ir
from ..language.functions import FUNCTIONS, REDUCTIONS, SCANS
from ..language.schedule import SCHEDULE_KEYS
from ..language.typing import is_subsequence
from .exprs import fmt_dims


def named_reductions(kernel: ir.Kernel) -> list[ir.Call]:
    return [e for a in kernel.body for e in ir.walk(a.value)
            if isinstance(e, ir.Call) and e.func in REDUCTIONS]


def named_scans(kernel: ir.Kernel) -> list[ir.Call]:
    return [e for a in kernel.body for e in ir.walk(a.value) if isinstance(e, ir.Call) and e.func in SCANS]


def _row_only(kernel: ir.Kernel, refused) -> list[tuple[ir.Expr, str]]:
    """What a kernel over named dimensions cannot hold, with how to name it: calls of the
    functions `refused` picks, `rand()` and gathers."""
    out = []
    for a in kernel.body:
        for e in ir.walk(a.value):
            if isinstance(e, ir.Call) and (refused(e.func) or e.func == "rand"):
                out.append((e, f"{e.func}()"))
            elif isinstance(e, ir.Gather):
                out.append((e, "a gather"))
    return out


def reduces_named_dims(kernel: ir.Kernel) -> bool:
    """Whether some reduction names a dimension other than the last of its argument's kernel
    (decided before the shapes are checked: a scalar output of such a kernel is 0-d)."""
    if kernel.kind != "reduction":
        return False
    tensors = [d.type.dims for d in list(kernel.params) + list(kernel.outputs) if isinstance(d.type, ir.TensorType)]
    full = max(tensors, key=len, default=())
    return any(c.dims and tuple(d.id for d in c.dims) != tuple(str(d) for d in full[-1:])
               for c in named_reductions(kernel))


def with_scalar_outputs_0d(kernel: ir.Kernel) -> ir.Kernel:
    """A kernel reducing over named dimensions declares a 0-d output as a scalar type
    (`-> (loss: f32)`): it becomes a tensor of no dimensions."""
    if not reduces_named_dims(kernel):
        return kernel
    outputs = tuple(dataclasses.replace(o, type=ir.TensorType(o.type.dtype, ())) if isinstance(o.type, ir.ScalarType)
                    else o for o in kernel.outputs)
    return dataclasses.replace(kernel, outputs=outputs)


class AxisChecks:
    def reduced_dims(self, full: tuple[ir.Dim, ...]) -> tuple[ir.Dim, ...]:
        """The dims the kernel's reductions name, in `full`'s order; () when they reduce the
        last dimension only (rows). Reports E081-E083."""
        calls = named_reductions(self.kernel)
        named = [c for c in calls if c.dims]
        if not named:
            return ()
        names = {str(d): d for d in full}
        first: tuple[ir.Dim, ...] | None = None
        first_call = None
        for call in named:
            dims, bad = [], False
            for d in call.dims:
                if d.id not in names:
                    why = (f"is not a dimension of the kernel's [{fmt_dims(full)}]" if d.id not in self._all_names()
                           else "is a value, not a dimension")
                    self.error("E081", d.span, name=call.func, dim=d.id, why=why)
                    bad = True
                elif d.id in dims:
                    self.error("E081", d.span, name=call.func, dim=d.id, why="is named twice")
                    bad = True
                else:
                    dims.append(d.id)
            reduced = tuple(d for d in full if str(d) in dims)
            if bad:
                continue  # E081 says what is wrong with it
            if first is None:
                first, first_call = reduced, call
            elif set(reduced) != set(first):
                line = f" (line {first_call.span.line})" if first_call.span else ""
                self.error("E082", call.span, name=call.func, dims=fmt_dims(reduced),
                           other=f"{first_call.func}(){line} [{fmt_dims(first)}]")
        if first is None or first == tuple(full[-1:]):
            return ()
        for call in calls:
            if not call.dims:
                self.error("E082", call.span, name=call.func, dims=fmt_dims(full[-1:]),
                           other=f"{first_call.func}() [{fmt_dims(first)}]")
                self._note(f"name the dimensions: {call.func}(..., {', '.join(map(str, first))})")
            elif REDUCTIONS[call.func].positional:
                self.error("E083", call.span, what=f"{call.func}()", dims=fmt_dims(first))
        for e, what in _row_only(self.kernel, lambda f: f in FUNCTIONS and FUNCTIONS[f].is_scan):
            self.error("E083", e.span, what=what, dims=fmt_dims(first))
        return first

    def scanned_dims(self, full: tuple[ir.Dim, ...]) -> tuple[ir.Dim, ...]:
        """The dimension the kernel's scans run along where it is not the last (`cumsum(x, T)`
        of [B, T, C]), as a 1-tuple; () for scans along the row. Reports E085 and E086."""
        scans = named_scans(self.kernel)
        if not any(c.dims for c in scans):
            return ()
        names = {str(d): d for d in full}
        along: dict[ir.Call, ir.Dim] = {}
        for call in scans:
            if len(call.dims) > 1:
                dims = ", ".join(d.id for d in call.dims)
                self.error("E085", call.dims[1].span, name=call.func, what=f"[{dims}]", why="a scan runs along one dimension")
            elif call.dims and call.dims[0].id not in names:
                d = call.dims[0]
                why = (f"it is not a dimension of the kernel's [{fmt_dims(full)}]" if d.id not in self._all_names()
                       else "it is a value, not a dimension")
                self.error("E085", d.span, name=call.func, what=repr(d.id), why=why)
            else:
                along[call] = names[call.dims[0].id] if call.dims else full[-1]
        if not along:
            return ()
        first_call, first = next(iter(along.items()))
        for call, dim in along.items():
            if dim != first:
                line = f" (line {first_call.span.line})" if first_call.span else ""
                last = " (the last dimension)" if not call.dims else ""
                self.error("E085", call.span, name=call.func, what=f"{str(dim)!r}{last}",
                           why=f"{first_call.func}(){line} runs along {str(first)!r}: a kernel's scans run along one dimension")
        if first == full[-1]:
            return ()
        for e, what in _row_only(self.kernel, lambda f: f in REDUCTIONS):
            self.error("E086", e.span, what=what, dim=str(first))
        return (first,)

    def scan_space(self, full, scanned, decls, tensors) -> tuple[tuple[ir.Dim, ...], tuple[ir.Dim, ...]]:
        """The space of a kernel scanning along `scanned`: (full, the other dims). Inputs
        broadcast to the full shape; outputs are full (E046)."""
        allowed = (f"scanning along {str(scanned[0])!r} of [{fmt_dims(full)}] takes inputs that broadcast to "
                   f"[{fmt_dims(full)}] and outputs [{fmt_dims(full)}]")
        for d in decls:
            dims = tuple(d.type.dims)
            ok = dims == tuple(full) if d not in tensors else bool(dims) and is_subsequence(dims, tuple(full))
            if d.name not in self.bad_shapes and not ok:
                self.bad_shapes.add(d.name)
                self.error("E046", d.span, name=d.name, dims=fmt_dims(dims), allowed=allowed)
        return full, tuple(d for d in full if d not in scanned)

    def check_axis_schedule(self, reduced, scans: bool = False) -> None:
        """A kernel over named dimensions takes `split`, `warps` and `precision` (one scanning
        along a named dimension `warps` and `precision`); a row kernel all but `split`."""
        axis_keys = ("warps", "precision") if scans else ("split", "warps", "precision")
        for schedule in self.kernel.schedules[:1]:
            for setting in schedule.settings:
                if reduced and setting.key not in axis_keys and setting.key in SCHEDULE_KEYS["reduction"]:
                    kind = "named-dimension scan" if scans else "reduction over named dimensions"
                    self.error("E050", setting.span, key=setting.key, kind=kind, known=", ".join(axis_keys))
                elif not reduced and setting.key == "split":
                    known = ", ".join(k for k in SCHEDULE_KEYS["reduction"] if k != "split")
                    self.error("E050", setting.span, key=setting.key, kind="reduction", known=known)
                    self._note("split is for kernels that reduce over named dimensions, e.g. sum(x, M)")

    def _all_names(self) -> set[str]:
        k = self.kernel
        return {p.name for p in k.params} | {o.name for o in k.outputs} | {a.target for a in k.body}

    def axis_space(self, full, reduced, decls, tensors) -> tuple[tuple[ir.Dim, ...], tuple[ir.Dim, ...]]:
        """The space of a kernel reducing over `reduced`: (full, kept). Inputs broadcast to
        the full shape; outputs are [kept] (E046)."""
        kept = tuple(d for d in full if d not in reduced)
        allowed = (f"reducing [{fmt_dims(reduced)}] of [{fmt_dims(full)}] takes inputs that broadcast to "
                   f"[{fmt_dims(full)}] and outputs [{fmt_dims(kept)}]")
        for d in decls:
            dims = tuple(d.type.dims)
            ok = dims == kept if d not in tensors else bool(dims) and is_subsequence(dims, tuple(full))
            if d.name not in self.bad_shapes and not ok:
                self.bad_shapes.add(d.name)
                self.error("E046", d.span, name=d.name, dims=fmt_dims(dims), allowed=allowed)
                if d not in tensors and not kept:
                    self._note(f"every dimension is reduced: declare {d.name!r} with no dimensions, "
                               f"as `{d.name}: {d.type.dtype.name}`")
                elif d not in tensors and not dims:
                    self._note(f"a scalar output is for a kernel that reduces every dimension; this one keeps "
                               f"[{fmt_dims(kept)}]")
        return full, kept
