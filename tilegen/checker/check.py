"""Stage 3: check a module. Collects every error instead of stopping at the first.

Returns, per kernel, a `CheckedKernel`: the kernel plus its iteration space and
the value type of every name, which the lowering stages use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..language import ir
from ..diagnostics import Diagnostic, DiagnosticError, in_source_order
from ..language.dtypes import int_range
from .axes import AxisChecks, with_scalar_outputs_0d
from .exprs import FLOAT_MAX, ExprChecks, fmt_dims, shown
from .limits import depth_errors
from .hints import row_dim_for
from .slices import GatherChecks, SliceChecks
from ..language.names import module_names, public_why, taken_why
from ..language.schedule import check_schedules
from ..language.typing import Typer, VType, is_subsequence, matmul_operand, merge_dims, param_vtype
from ..language.zeros import Zeros
from ..language.rounding import Rounded

@dataclass(frozen=True, slots=True)
class CheckedKernel:
    kernel: ir.Kernel
    space: tuple[ir.Dim, ...]  # the iteration space (output shape)
    rows: tuple[ir.Dim, ...]  # reduction kernels: the per-row dims; else ()
    types: tuple[tuple[str, VType], ...]  # every param, local and output
    # (name in the generated code, name in the spec) for each name renamed (lower/rename.py)
    public: tuple[tuple[str, str], ...] = ()
    # reduction kernels over named dimensions (`sum(x, M)`): the dims reduced, in space
    # order, `rows` being the dims kept (checker/axes.py); () for rows over the last dim
    reduced: tuple[ir.Dim, ...] = ()
    # reduction kernels whose scans run along a named dimension other than the last
    # (`cumsum(x, T)`): that dimension, `rows` being the others (checker/axes.py)
    scanned: tuple[ir.Dim, ...] = ()

    def public_name(self, name: str) -> str:
        """A parameter's, output's or dimension's name as the spec spells it."""
        return dict(self.public).get(name, name)

    def typer(self) -> Typer:
        # (kernels reducing or scanning along a named dimension hold their divisors a value an
        # element: no quotient of theirs divides through a row's reciprocal)
        rounded = Rounded() if self.reduced or self.scanned else Rounded.of_kernel(self.kernel)
        return Typer(self.space, dict(self.types), self.rows, Zeros.of_body(self.kernel.body), rounded)

    def vtype(self, name: str) -> VType:
        return dict(self.types)[name]


def _partial(dims, full) -> bool:
    """An input of a reduction that leaves dimensions out, as elementwise kernels allow: a
    subsequence of the full shape ending with the reduced dimension, or of the row dims."""
    dims, full = tuple(dims), tuple(full)
    if not dims or len(full) < 2:
        return False
    if dims[-1] == full[-1]:
        return is_subsequence(dims, full)
    return full[-1] not in dims and is_subsequence(dims, full[:-1])


class _KernelChecker(ExprChecks, SliceChecks, GatherChecks, AxisChecks):
    def __init__(self, kernel: ir.Kernel, errors: list[Diagnostic]):
        self.kernel = kernel
        self.errors = errors
        # Tensors whose shape has an error reported already: no knock-on shape errors follow
        # for them, or for values computed from them.
        self.bad_shapes: set[str] = set()
        self.f64_literals: set[int] = set()  # ids of float constants beside an f64 operand
        self.dim_args: set[int] = set()  # ids of index()'s arguments (dimension names)
        self.reduced: tuple[ir.Dim, ...] = ()  # the dims a kernel's reductions name (checker/axes.py)
        self.scanned: tuple[ir.Dim, ...] = ()  # the dim a kernel's scans name, if not the last

    def error(self, code: str, span, **fields) -> None:
        self.errors.append(Diagnostic.make(code, span, **fields))

    # ---- declarations -------------------------------------------------------

    def check_declarations(self) -> None:
        k = self.kernel
        seen: dict[str, str] = {}
        for decl, what in [(p, "parameter") for p in k.params] + [(o, "output") for o in k.outputs]:
            why = public_why(decl.name)
            if why:
                self.error("E013", decl.span, name=decl.name, why=why)
            if decl.name in seen:
                self.error("E011", decl.span, what=what, name=decl.name)
            seen[decl.name] = what
        with_default = None
        for param in k.params:
            if param.default is None:
                if with_default is not None:  # the launcher is a Python function: defaults come last
                    self.error("E025", param.span, name=param.name, after=with_default.name)
                continue
            with_default = param
            if isinstance(param.type, ir.TensorType):
                self.error("E014", param.span, name=param.name)
                continue
            dtype = param.type.dtype
            bad = dtype.category == "int" and (
                not isinstance(param.default, int) or not int_range(dtype)[0] <= param.default <= int_range(dtype)[1]
            )
            bad = bad or (dtype.category == "bool" and param.default not in (0, 1))
            bad = bad or abs(param.default) > FLOAT_MAX.get(dtype.name, float("inf"))
            bad = bad or isinstance(param.default, float) and not math.isfinite(param.default)  # 1e999
            if bad:
                self.error("E015", param.default_span or param.span, value=shown(param.default_text), dtype=dtype.name,
                           name=param.name)
        for output in k.outputs:
            if not isinstance(output.type, ir.TensorType):
                self.error("E016", output.span, name=output.name)
        tensors = [p for p in k.params if isinstance(p.type, ir.TensorType)]
        if not tensors:
            self.error("E019", k.span, name=k.name)
        bound = {d for p in tensors for d in p.type.dims}
        dims_seen: dict[str, str] = {}  # lower-cased name -> first spelling
        reported: set[str] = set()
        for decl in list(k.params) + list(k.outputs):
            if not isinstance(decl.type, ir.TensorType):
                continue
            for d in decl.type.dims:
                if isinstance(d, int) or d in reported:
                    continue
                why = "it names both a dimension and a parameter or output" if d in seen else None
                if why:
                    self.error("E013", decl.span, name=d, why=why)
                    reported.add(d)
                other = dims_seen.setdefault(d.lower(), d)
                if other != d:
                    self.error("E018", decl.span, a=other, b=d)
                    reported.add(d)
            if any(d in reported for d in decl.type.dims):
                self.bad_shapes.add(decl.name)
        for output in k.outputs:
            if isinstance(output.type, ir.TensorType) and tensors:
                for d in output.type.dims:
                    if not isinstance(d, int) and d not in bound:
                        self.error("E017", output.span, name=d, output=output.name)
        for decl in list(k.params) + list(k.outputs):
            if isinstance(decl.type, ir.ScalarType) and decl.type.dtype.category == "bool":
                self.error("E026", decl.span, name=decl.name)
            if isinstance(decl.type, ir.ScalarType) and decl.type.dtype.is_fp8:
                self.error("E071", decl.span, name=decl.name, dtype=decl.type.dtype.name)
            if k.kind != "gemm" and isinstance(decl.type, ir.TensorType):
                named = [d for d in decl.type.dims if not isinstance(d, int)]
                twice = next((d for i, d in enumerate(named) if d in named[:i]), None)
                if twice is not None:
                    self.error("E027", decl.span, name=decl.name, dim=twice, kind=k.kind)
                    self.bad_shapes.add(decl.name)

    # ---- the iteration space ----------------------------------------------------

    def space(self) -> tuple[tuple[ir.Dim, ...], tuple[ir.Dim, ...]]:
        k = self.kernel
        outs = [o for o in k.outputs if isinstance(o.type, ir.TensorType)]
        tensors = [p for p in k.params if isinstance(p.type, ir.TensorType)]
        matmuls = [e for a in k.body for e in ir.walk(a.value) if isinstance(e, ir.BinOp) and e.op == "@"]
        if matmuls and k.kind != "gemm":
            # Matrix operands do not fit an elementwise or row space; E033 (at the '@') is the
            # one error to report, not a shape error per operand.
            tensors = []
        if k.kind == "elementwise":
            if not outs:
                return (), ()  # E016 already says why
            space = outs[0].type.dims
            for o in outs[1:]:
                if o.type.dims != space:
                    self.error("E041", o.span, name=o.name, dims=fmt_dims(o.type.dims), kernel=fmt_dims(space))
            for p in tensors:
                if p.name not in self.bad_shapes and not is_subsequence(p.type.dims, space):
                    self.bad_shapes.add(p.name)
                    self.error("E040", p.span, what=f"parameter {p.name!r}", dims=fmt_dims(p.type.dims), kernel=fmt_dims(space))
            return space, ()
        if k.kind == "reduction":
            decls = tensors + outs
            if not decls:
                return (), ()
            full = max((d.type.dims for d in decls), key=len)
            if not full:
                self.error("E045", k.span)
                return (), ()
            self.scanned = self.scanned_dims(full)
            if self.scanned:
                self.check_axis_schedule(self.scanned, scans=True)
                return self.scan_space(full, self.scanned, decls, tensors)
            self.reduced = self.reduced_dims(full)
            self.check_axis_schedule(self.reduced)
            if self.reduced:
                return self.axis_space(full, self.reduced, decls, tensors)
            rows, cols = full[:-1], full[-1:]
            for d in decls:
                if d.name not in self.bad_shapes and d.type.dims not in (full, rows, cols) and not (
                        d in tensors and _partial(d.type.dims, full)):
                    self.bad_shapes.add(d.name)
                    self._reduction_shape_error(d, full, decls)
            return full, rows
        # gemm: the space is the shape of the product
        if len(matmuls) != 1:
            # Two or more: at the second '@' (the first is the one a gemm needs).
            spans = sorted((m.span for m in matmuls if m.span), key=lambda sp: (sp.line, sp.column))
            self.error("E034", spans[1] if len(spans) > 1 else k.span, count=len(matmuls))
            return (outs[0].type.dims if outs else ()), ()
        return self._gemm_space(matmuls[0], tensors, outs), ()

    def _reduction_shape_error(self, decl, full, decls) -> None:
        """E046: `decl` is none of [R..., N], [R...] and [N]. With 1-D tensors the kernel has a
        single row and no per-row shape to declare, so the message allows [N] only and the
        note says how to add a row dimension."""
        dims = fmt_dims(decl.type.dims)
        if len(full) > 1:
            allowed = f"allows [{fmt_dims(full)}], [{fmt_dims(full[:-1])}] or [{fmt_dims(full[-1:])}]"
            self.error("E046", decl.span, name=decl.name, dims=dims, allowed=allowed)
            return
        allowed = f"with 1-D tensors reduces a single row and allows only [{fmt_dims(full)}]"
        self.error("E046", decl.span, name=decl.name, dims=dims, allowed=allowed)
        widest = next(d for d in decls if d.type.dims == full)
        row = row_dim_for(decl.type.dims, full[0], self.kernel)
        self._note(f"per-row values need a row dimension: declare {widest.name!r} as [{row}, {full[0]}] "
                   f"and {decl.name!r} as [{row}]")

    def _gemm_space(self, matmul: ir.BinOp, tensors, outs) -> tuple[ir.Dim, ...]:
        shapes = []
        by_name = {p.name: p for p in self.kernel.params}
        for side in (matmul.lhs, matmul.rhs):
            operand = matmul_operand(side)
            param = by_name.get(operand[0].id) if operand else None
            if param is None or not isinstance(param.type, ir.TensorType):
                self.error("E035", side.span or matmul.span)
                return outs[0].type.dims if outs else ()
            dims = param.type.dims
            if len(dims) < 2:
                self.error("E047", operand[0].span, name=param.name, dims=fmt_dims(dims))
                return outs[0].type.dims if outs else ()
            shapes.append(dims[:-2] + (dims[-1], dims[-2]) if operand[1] else dims)
        a, b = shapes
        if a[-1] != b[-2]:
            self.error("E036", matmul.span, left=fmt_dims(a), right=fmt_dims(b), inner_a=a[-1], inner_b=b[-2])
        if a[:-2] != b[:-2]:
            self.error("E039", matmul.span, left=fmt_dims(a[:-2]), right=fmt_dims(b[:-2]))
        if a[-1] != b[-2] or a[:-2] != b[:-2]:
            return outs[0].type.dims if outs else ()  # no product shape to check the others against
        space = a[:-2] + (a[-2], b[-1])
        operands = {matmul_operand(s)[0].id for s in (matmul.lhs, matmul.rhs)}
        # An operand may also be read by the epilogue, like any other tensor, if its shape allows.
        outside = {e.id for st in self.kernel.body for e in ir.walk_outside(st.value, matmul)
                   if isinstance(e, ir.Name)}
        for d in tensors + outs:
            if d.name in operands and d.name not in outside:
                continue
            if d.name not in self.bad_shapes and not is_subsequence(d.type.dims, space):
                self.bad_shapes.add(d.name)
                full, rows, cols = space, space[:-1], space[-1:]
                self.error("E049", d.span, name=d.name, dims=fmt_dims(d.type.dims), full=fmt_dims(full),
                           rows=fmt_dims(rows), cols=fmt_dims(cols))
        return space

    # ---- statements -------------------------------------------------------------

    def check_body(self, space, rows) -> dict[str, VType]:
        k = self.kernel
        env: dict[str, VType] = {p.name: param_vtype(p) for p in k.params}
        params = set(env)
        outputs = {o.name: o for o in k.outputs}
        typer = Typer(space, env, rows)
        dims = {d for decl in list(k.params) + list(k.outputs) if isinstance(decl.type, ir.TensorType)
                for d in decl.type.dims}
        self.assigned = {stmt.target: stmt for stmt in reversed(k.body)}  # first assignment wins
        self.dims = dims
        used: set[str] = set()
        for stmt in k.body:
            self.current = stmt
            # '@' operands may carry '.T'; any other '.T' is an error (E037).
            self.matmul_sides = {id(side) for e in ir.walk(stmt.value) if isinstance(e, ir.BinOp) and e.op == "@"
                                 for side in (e.lhs, e.rhs)}
            # index(D)'s argument: a dimension's name, not a value
            self.dim_args = {id(e.args[0]) for e in ir.walk(stmt.value) if isinstance(e, ir.Call)
                             and e.func == "index" and len(e.args) == 1 and isinstance(e.args[0], ir.Name)}
            sliced = {id(e.operand) for e in ir.walk(stmt.value) if isinstance(e, ir.Slice)}
            for expr in ir.walk(stmt.value):
                if isinstance(expr, ir.Slice):
                    self._check_slice(expr)
                elif isinstance(expr, ir.Gather):
                    self._check_gather(expr, env, typer)
                    used.add(expr.source)
                elif isinstance(expr, ir.Name) and id(expr) not in sliced and self._scaled(expr.id):
                    self._whole_scaled(expr)
                self._check_expr(expr, env, typer)
                if isinstance(expr, ir.Name) and id(expr) not in self.dim_args:
                    used.add(expr.id)
            self._constants_fit(stmt)
            if stmt.target in params:
                if stmt.target not in outputs:  # a name both parameter and output is E011 already
                    self.error("E023", stmt.span, name=stmt.target)
                continue
            if stmt.target in env:
                self.error("E021", stmt.span, name=stmt.target)
                continue
            why = "it names a dimension" if stmt.target in dims and stmt.target not in outputs else None
            if why:
                self.error("E013", stmt.span, name=stmt.target, why=why)
            value = typer.of(stmt.value)
            if self._reads_bad_shape(stmt.value):
                self.bad_shapes.add(stmt.target)  # its shape follows from one reported already
            if stmt.target in outputs and isinstance(outputs[stmt.target].type, ir.TensorType):
                declared = outputs[stmt.target].type.dims
                if stmt.target not in self.bad_shapes and not is_subsequence(value.dims, declared):
                    self.error("E043", stmt.span, name=stmt.target, dims=fmt_dims(declared), value=fmt_dims(value.dims))
                # Later statements read the value as computed: the cast to the
                # declared type happens on the store.
                value = VType(declared, value.dtype)
            env[stmt.target] = value
        for name, output in outputs.items():
            if name not in env:
                self.error("E022", output.span, name=name)
        for stmt in k.body:
            if stmt.target not in used and stmt.target not in outputs and stmt.target not in params:
                if self.assigned[stmt.target] is stmt:
                    self.error("E024", stmt.span, name=stmt.target)
        return env

def check_module(module: ir.Module) -> tuple[CheckedKernel, ...]:
    errors: list[Diagnostic] = []
    checked = []
    names: set[str] = set()
    defined = {}  # module-level name -> the kernel whose code defines it
    for kernel in module.kernels:
        for name in module_names(kernel):
            defined.setdefault(name, kernel.name)
    for kernel in module.kernels:
        if kernel.name in names:
            errors.append(Diagnostic.make("E012", kernel.span, name=kernel.name))
        names.add(kernel.name)
        too_deep = depth_errors(kernel)
        if too_deep:  # the other checks would recurse that deep
            errors.extend(too_deep)
            continue
        why = public_why(kernel.name) or taken_why(kernel, defined)
        if why:
            errors.append(Diagnostic.make("E013", kernel.span, name=kernel.name, why=why))
        kernel = with_scalar_outputs_0d(kernel)
        checker = _KernelChecker(kernel, errors)
        checker.check_declarations()
        checker.check_scaled_declarations()
        errors.extend(check_schedules(kernel))
        space, rows = checker.space()
        env = checker.check_body(space, rows)
        checked.append(CheckedKernel(kernel, tuple(space), tuple(rows), tuple(env.items()), reduced=checker.reduced,
                                      scanned=checker.scanned))
    if errors:
        raise DiagnosticError(in_source_order(errors))
    return tuple(checked)


__all__ = ["CheckedKernel", "check_module", "merge_dims"]
