"""Render-model pieces shared by every kernel kind: the launcher's arguments,
how each named dimension is bound, and the torch reference's statements.

The model is plain frozen data; templates/ owns all code structure.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..language import fold, ir
from ..checker.check import CheckedKernel
from ..language.dtypes import DType, triton_cast, triton_convert_open
from .expr import ExprRenderer
from ..language.schedule import FAST_DIVISION_NOTE, fast_division
from ..language.typing import align


@dataclass(frozen=True, slots=True)
class TensorArg:
    name: str
    dtype: DType
    dims: tuple[ir.Dim, ...]
    is_output: bool
    strides: tuple[tuple[int, str], ...]  # (axis, kernel argument name), e.g. (0, "stride_x_m")
    dims_text: str  # "M, N" for messages and comments
    dims_repr: str  # a Python tuple of the dims, e.g. ("M", "N")
    axes: tuple[int, ...]  # the iteration-space axis of each of its axes (typing.align)
    ref_index: str  # indexing that lines the tensor up with the iteration space, e.g. "[:, None]"
    full: bool  # has every dimension of the iteration space
    store_cast: str = ""  # outputs: the .to() from the value's type to the declared one
    rounded_to: tuple[str, ...] = ()  # outputs: 16-bit float types its value is cast to on the way
    divisor: bool = False  # inputs: divides integers (x % d); validate draws it without zeros
    public: str = ""  # its name in the spec, where the code renames it (lower/rename.py); else ""
    store_open: str = ""  # outputs: what goes before the value (a conversion call, for fp8)
    scale: tuple[int, ...] = ()  # inputs: an axis declared `k * D` (read by slices) is k times D
    gathers_along: str = ""  # inputs: the index of a gather (`x[t]`), into this dimension

    @property
    def spec_name(self) -> str:
        """The name callers know it by: the launcher's argument, its messages."""
        return self.public or self.name


@dataclass(frozen=True, slots=True)
class ScalarArg:
    name: str
    dtype: DType
    default: str | None  # source text of the default, or None
    py_kind: str  # "float", "int" or "bool": what the launcher accepts
    public: str = ""  # its name in the spec, where the code renames it; else ""

    @property
    def spec_name(self) -> str:
        return self.public or self.name

    @property
    def retyped(self) -> bool:
        """Triton passes a Python int as i32 (i64 past its range) and a float as f32: a scalar
        of another type is cast to its own at the kernel's top, so that it promotes as declared
        (16-bit floats are computed in f32 anyway)."""
        return self.dtype.name not in ("i32", "f32", "f16", "bf16")


@dataclass(frozen=True, slots=True)
class IndexStep:
    """One step of splitting a flat index (an element, a row, a batch) into one index per
    dimension, innermost first (templates/_loops.j2, split_index)."""

    index: str  # e.g. "idx_n"
    size: str  # the dimension's size: a kernel argument ("N") or a literal ("4")
    last: bool  # the outermost dimension takes what is left


@dataclass(frozen=True, slots=True)
class DimSource:
    dim: str  # the dimension name, also the kernel argument name
    tensor: str  # first tensor parameter that has it
    axis: int
    key: str  # its name in the spec: the launcher's messages (and its sizes dict) use it
    factor: int = 1  # the tensor's axis is declared `factor * dim` (read by slices)


@dataclass(frozen=True, slots=True)
class Statement:
    target: str
    triton: str
    torch: str
    line: int


@dataclass(frozen=True, slots=True)
class Signature:
    """Everything the launcher and the reference need, whatever the kernel kind."""

    name: str
    kind: str
    spec_file: str
    line: int
    text: str  # the spec's signature, for docstrings
    params: tuple[TensorArg | ScalarArg, ...]  # declared order
    inputs: tuple[TensorArg, ...]
    scalars: tuple[ScalarArg, ...]
    outputs: tuple[TensorArg, ...]
    space: tuple[ir.Dim, ...]
    space_text: str
    dim_sources: tuple[DimSource, ...]  # one per named dimension, in order of first use
    shape_expr: str  # Python tuple of the iteration space, e.g. "(M, N)"
    division_note: str = ""  # a comment heading each kernel whose quotients are approximate (schedule precision = fast)

    @property
    def wrapped(self) -> bool:
        """Whether the code renames a parameter or output (lower/rename.py): the launcher is
        then a function `fn` of the code's names, and `name` a wrapper taking the spec's."""
        return bool(self.renamed)

    @property
    def fn(self) -> str:
        return f"_{self.name}_launch" if self.wrapped else self.name

    @property
    def renamed(self) -> tuple[tuple[str, str], ...]:
        """(spec name, code name) of each renamed parameter and output."""
        return tuple((p.public, p.name) for p in self.params + self.outputs if p.public)

    @property
    def retyped_scalars(self) -> tuple[ScalarArg, ...]:
        """The scalars each kernel casts to their declared types first (see ScalarArg.retyped)."""
        return tuple(p for p in self.scalars if p.retyped)


def dims_text(dims) -> str:
    return ", ".join(str(d) for d in dims)


def index_name(dim: ir.Dim, axis: int) -> str:
    """The variable holding one dimension's index, split from a flat index (an element's, a
    row's): idx_n for N, idx_1 for a literal size at axis 1."""
    return f"idx_{dim.lower()}" if isinstance(dim, str) else f"idx_{axis}"


def stride_name(tensor: str, dim: ir.Dim, axis: int) -> str:
    return f"stride_{tensor}_{str(dim).lower()}" if isinstance(dim, str) else f"stride_{tensor}_{axis}"


def _ref_index(axes: tuple[int, ...], rank: int) -> str:
    if not axes or axes == tuple(range(rank - len(axes), rank)):
        return ""  # torch broadcasting already lines up trailing dims
    return "[" + ", ".join(":" if axis in axes else "None" for axis in range(rank)) + "]"


def _tensor(decl, space, value: DType | None = None, rounded_to: tuple[str, ...] = (), divisor: bool = False,
            public=lambda name: name) -> TensorArg:
    """An input, or (value: the type of what its statement computes) an output. `public`
    gives a name's spelling in the spec."""
    dims = decl.type.dims
    strides = tuple((axis, stride_name(decl.name, d, axis)) for axis, d in enumerate(dims))
    axes = align(dims, space) or ()  # () for a gemm operand, which lower_gemm places itself
    spec_dims = tuple(public(d) if isinstance(d, str) else d for d in dims)
    # an axis declared `k * D` (read by slices) reaches the launcher as (k, "D")
    bound_dims = tuple((decl.type.factor(a), d) if decl.type.factor(a) != 1 else d for a, d in enumerate(spec_dims))
    shown = [f"{decl.type.factor(a)} * {d}" if decl.type.factor(a) != 1 else d for a, d in enumerate(spec_dims)]
    return TensorArg(decl.name, decl.type.dtype, dims, value is not None, strides, dims_text(shown),
                     py_literal(bound_dims), axes, _ref_index(axes, len(space)), tuple(dims) == tuple(space),
                     triton_cast(value, decl.type.dtype) if value is not None else "", rounded_to, divisor,
                     public(decl.name) if public(decl.name) != decl.name else "",
                     triton_convert_open(decl.type.dtype) if value is not None else "", decl.type.scale)


def py_literal(value) -> str:
    """A tuple of str, int and such tuples as Python source, written as black writes it
    (double quotes; a trailing comma only in a one-tuple), so that black has nothing to
    change in the lines that show it."""
    if isinstance(value, tuple):
        inner = ", ".join(py_literal(v) for v in value)
        return f"({inner},)" if len(value) == 1 else f"({inner})"
    if isinstance(value, str):
        return f'"{value}"' if value.isidentifier() else repr(value)
    return repr(value)


def _integer_divisors(checked: CheckedKernel) -> frozenset[str]:
    """The tensor parameters that are the divisor of an integer `%` (`x % d`): the remainder by
    0 is undefined, and torch raises on it on the CPU."""
    typer = checked.typer()
    return frozenset(
        e.rhs.id
        for a in checked.kernel.body
        for e in ir.walk(a.value)
        if isinstance(e, ir.BinOp) and e.op == "%" and isinstance(e.rhs, ir.Name)
        and typer.of(e).dtype.category == "int"
    )


def _rounded_to(kernel: ir.Kernel, name: str) -> tuple[str, ...]:
    """The 16-bit float types that the value of `name` is cast to on its way (`x as bf16`, in
    its statement or in those it reads): each cast rounds, and the two sides of a comparison
    may land on either side of a rounding step, one ulp of that type apart."""
    values = {a.target: a.value for a in kernel.body}
    found, seen, todo = set(), set(), [name]
    while todo:
        target = todo.pop()
        if target in seen or target not in values:
            continue
        seen.add(target)
        for e in ir.walk(values[target]):
            if isinstance(e, ir.Cast) and e.dtype.narrow_float:
                found.add(e.dtype.name)
            elif isinstance(e, ir.Name):
                todo.append(e.id)
    return tuple(sorted(found))


def _signature_text(kernel: ir.Kernel, public) -> str:
    def one(decl):
        t = decl.type
        dims = [public(d) if isinstance(d, str) else d for d in getattr(t, "dims", ())]
        dims = [f"{t.factor(a)} * {d}" if t.factor(a) != 1 else d for a, d in enumerate(dims)]
        text = t.dtype.name + (f"[{dims_text(dims)}]" if isinstance(t, ir.TensorType) else "")
        default = f" = {decl.default_text}" if getattr(decl, "default_text", None) else ""
        return f"{public(decl.name)}: {text}{default}"

    params = ", ".join(one(p) for p in kernel.params)
    outputs = ", ".join(one(o) for o in kernel.outputs)
    return f"{kernel.kind} {kernel.name}({params}) -> ({outputs})"


def signature(checked: CheckedKernel, spec_file: str) -> Signature:
    kernel = checked.kernel
    space = checked.space
    params: list[TensorArg | ScalarArg] = []
    divisors = _integer_divisors(checked)
    public = checked.public_name
    for p in kernel.params:
        if isinstance(p.type, ir.TensorType):
            params.append(_tensor(p, space, divisor=p.name in divisors, public=public))
        else:
            # An integer default from its value: its text may be `007`, which Python refuses.
            default = str(p.default) if isinstance(p.default, int) else p.default_text
            spec_name = public(p.name)
            params.append(ScalarArg(p.name, p.type.dtype, default, p.type.dtype.category,
                                    spec_name if spec_name != p.name else ""))
    outputs = tuple(_tensor(o, space, checked.vtype(o.name).dtype, _rounded_to(kernel, o.name), public=public)
                    for o in kernel.outputs)
    # a gather's index (`logits[target]`): validate draws it inside the row, mostly
    indices = {e.operand.id: e.source for a in kernel.body for e in ir.walk(a.value) if isinstance(e, ir.Gather)}
    widths = {p.name: p.type.dims[-1] for p in kernel.params if isinstance(p.type, ir.TensorType) and p.type.dims}
    params = [dataclasses.replace(p, gathers_along=str(widths.get(indices[p.name], "")))
              if isinstance(p, TensorArg) and p.name in indices else p for p in params]
    inputs = tuple(p for p in params if isinstance(p, TensorArg))
    sources: dict[str, DimSource] = {}
    for t in inputs:
        for axis, d in enumerate(t.dims):
            if isinstance(d, str) and d not in sources:
                decl = next(p for p in kernel.params if p.name == t.name)
                sources[d] = DimSource(d, t.name, axis, public(d), decl.type.factor(axis))
    shape = "(" + "".join(f"{d}, " for d in space) + ")"
    return Signature(
        kernel.name, kernel.kind, spec_file, kernel.span.line if kernel.span else 1, _signature_text(kernel, public),
        tuple(params), inputs, tuple(p for p in params if isinstance(p, ScalarArg)), outputs, space,
        dims_text(space), tuple(sources.values()), shape, _division_note(checked),
    )


def _division_note(checked: CheckedKernel) -> str:
    """FAST_DIVISION_NOTE where the kernel asks for fast division and has a quotient it
    changes: below f64 (whose `/` is exact), not of literals alone (folded when it compiles)."""
    if not fast_division(checked.kernel):
        return ""
    typer = checked.typer()
    approximate = any(typer.f32_quotient(e) and not fold.folds(e) for a in checked.kernel.body for e in ir.walk(a.value))
    return FAST_DIVISION_NOTE if approximate else ""


def statements(checked: CheckedKernel, triton: ExprRenderer | None, torch: ExprRenderer) -> tuple[Statement, ...]:
    return tuple(
        Statement(a.target, triton(a.value) if triton else "", torch(a.value), a.span.line if a.span else 0)
        for a in checked.kernel.body
    )


def helpers_used(checked: CheckedKernel) -> tuple[set[str], set[str]]:
    """Names of the Triton and torch helper functions the kernel's expressions call."""
    from ..language.functions import FUNCTIONS, OPERATORS

    triton, torch = set(), set()
    kernel = checked.kernel
    typer = checked.typer()
    if any(getattr(d.type.dtype, "is_fp8", False) for d in kernel.params + kernel.outputs):
        triton.add("fp8")  # loads and stores of fp8 tensors convert through helpers
    for a in checked.kernel.body:
        for e in ir.walk(a.value):
            if isinstance(e, ir.Cast) and e.dtype.is_fp8:
                triton.add("fp8")
            if isinstance(e, ir.Call) and e.func in FUNCTIONS:
                fn = FUNCTIONS[e.func]
                if fn.helper:
                    triton.add(fn.helper)
                if fn.torch_helper:
                    torch.add(fn.torch_helper)
            if isinstance(e, ir.BinOp) and e.op in OPERATORS and OPERATORS[e.op].helper:
                triton.add(OPERATORS[e.op].helper)
            if isinstance(e, ir.BinOp) and e.op == "/" and not fast_division(kernel):
                grid = typer.rounded_quotient(e)
                if grid:  # the shared part, and the grid's own
                    triton.add(OPERATORS["/"].rounded_helper)
                    triton.add(f"{OPERATORS['/'].rounded_helper}_{grid}")
                if typer.masked_quotient(e):  # (a rounded one's narrow blocks divide so too)
                    triton.add(OPERATORS["/"].zeros_helper)
    return triton, torch
