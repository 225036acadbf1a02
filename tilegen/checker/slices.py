"""Checks of slices and gathers. A slice (language/slices.py) reads one block of a parameter whose
dimension is declared `k * D`, and such a parameter is read by slices only."""

from __future__ import annotations

from ..language import ir
from ..language.slices import resolve, slice_text


def _dims(ttype: ir.TensorType) -> str:
    return ", ".join(ttype.dim_text(axis) for axis in range(len(ttype.dims)))


class SliceChecks:
    def _param_type(self, name: str) -> ir.TensorType | None:
        for p in self.kernel.params:
            if p.name == name and isinstance(p.type, ir.TensorType):
                return p.type
        return None

    def _scaled(self, name: str) -> bool:
        t = self._param_type(name)
        return t is not None and any(k != 1 for k in t.scale)

    def check_scaled_declarations(self) -> None:
        for decl in list(self.kernel.params) + list(self.kernel.outputs):
            t = decl.type
            if not (isinstance(t, ir.TensorType) and any(k != 1 for k in t.scale)):
                continue
            if isinstance(decl, ir.Output):
                self.error("E077", decl.span, name=decl.name, text=f"[{_dims(t)}]",
                           why="an output is written whole; declare each block an output of its own")
            elif self.kernel.kind != "elementwise":
                self.error("E077", decl.span, name=decl.name, text=f"[{_dims(t)}]",
                           why=f"slices are read in elementwise kernels only (yet), this is a {self.kernel.kind} kernel")

    def _check_slice(self, expr: ir.Slice) -> None:
        name, text = expr.operand.id, slice_text(expr)
        t = self._param_type(name)
        if t is None:
            self.error("E077", expr.span, name=name, text=text, why="only a tensor parameter is sliced")
            return
        block = resolve(expr, t)
        if isinstance(block, tuple):
            self.error("E076", expr.span, name=name, text=text, dims=_dims(t), why=block[1])
        elif isinstance(block, str):
            self.error("E077", expr.span, name=name, text=text, why=block)

    def _whole_scaled(self, expr: ir.Name) -> None:
        t = self._param_type(expr.id)
        axis = next(a for a, k in enumerate(t.scale) if k != 1)
        parts = [":"] * len(t.dims)
        parts[axis] = f":{t.dims[axis]}"
        self.error("E078", expr.span, name=expr.id, dims=_dims(t), example=f"{expr.id}[{', '.join(parts)}]")


class GatherChecks:
    """`x[i]` (language/gather): a reduction kernel reads each row of a row-spanning parameter
    at the column a per-row integer tensor parameter names."""

    def _check_gather(self, expr: ir.Gather, env, typer) -> None:
        text = f"{expr.source}[{expr.operand.id}]"
        source = self._param_type(expr.source)
        if self.kernel.kind != "reduction":
            self.error("E079", expr.span, name=expr.source,
                       why=f"a gather reads one element per row, in reduction kernels only, not in a '{self.kernel.kind}' kernel")
            return
        if source is None:
            self.error("E079", expr.span, name=expr.source,
                       why="only a tensor parameter spanning the row is gathered from"
                       + (" (it is not a parameter)" if expr.source not in env else ""))
        elif tuple(source.dims) != tuple(typer.space):
            self.error("E079", expr.span, name=expr.source,
                       why=f"it is [{_dims(source)}]; a gather reads a full-shaped [{', '.join(map(str, typer.space))}] tensor")
        index = self._param_type(expr.operand.id)
        rows = tuple(typer.rows)
        if index is None and expr.operand.id not in env:
            return  # undefined (E020), or a dimension's name (E020 says so)
        if index is None:
            got = f"{expr.operand.id!r} is a temporary"
            self.error("E080", expr.operand.span, text=text, want=f"an integer tensor parameter [{', '.join(map(str, rows))}]",
                       got=got)
        elif index.dtype.category != "int" or tuple(index.dims) != rows:
            self.error("E080", expr.operand.span, text=text, want=f"an integer tensor parameter [{', '.join(map(str, rows))}]",
                       got=f"{expr.operand.id!r} is {index.dtype.name}[{_dims(index)}]")
