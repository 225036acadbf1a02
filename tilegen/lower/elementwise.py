"""Stage 4 (elementwise): a checked kernel -> the render model of
templates/elementwise.py.j2 (a flat fast path and a strided N-d path)."""

from __future__ import annotations

from dataclasses import dataclass

from ..language import ir
from ..checker.check import CheckedKernel
from .expr import ExprRenderer
from .model import IndexStep, Signature, Statement, TensorArg, helpers_used, index_name, signature, statements


@dataclass(frozen=True, slots=True)
class Load:
    tensor: TensorArg
    other: str  # value read by masked-off lanes
    upcast: tuple[str, str] | None  # narrow float: (before, after) the load, computed in f32


@dataclass(frozen=True, slots=True)
class ElementwiseModel:
    sig: Signature
    loads: tuple[Load, ...]
    statements: tuple[Statement, ...]
    index_steps: tuple[IndexStep, ...]  # innermost dimension first
    index_names: tuple[str, ...]  # the index variable of each axis of the iteration space
    size_args: tuple[str, ...]  # named dimensions the kernel splits its index by (all but the outermost)
    has_flat: bool  # every tensor is full-shaped, so a contiguous call can use flat offsets
    block: int | None
    warps: int | None
    helpers: frozenset[str]
    torch_helpers: frozenset[str]
    template: str = "elementwise.py.j2"


def lower_elementwise(checked: CheckedKernel, spec_file: str) -> ElementwiseModel:
    sig = signature(checked, spec_file)
    typer = checked.typer()
    used = {e.id for a in checked.kernel.body for e in ir.walk(a.value) if isinstance(e, ir.Name)}
    loads = tuple(
        Load(t, "0.0" if t.dtype.is_float else "0", t.dtype.load_wrap) for t in sig.inputs if t.name in used
    )
    names = tuple(index_name(d, axis) for axis, d in enumerate(sig.space))
    # index(D) reads D's index, so a kernel that asks for one always splits its flat index
    positions = {str(d): names[axis] for axis, d in enumerate(sig.space)}
    uses_index = any(isinstance(e, ir.Call) and e.func == "index" for a in checked.kernel.body for e in ir.walk(a.value))
    triton = ExprRenderer("triton", typer, rand_index="offs", positions=positions)
    torch = ExprRenderer("torch", typer, rand_shape=sig.shape_expr)
    steps = []
    reversed_space = list(enumerate(sig.space))[::-1]
    for n, (axis, d) in enumerate(reversed_space):
        steps.append(IndexStep(index_name(d, axis), str(d), n == len(reversed_space) - 1))
    tensors = sig.inputs + sig.outputs
    schedule = checked.kernel.schedule
    triton_helpers, torch_helpers = helpers_used(checked)
    return ElementwiseModel(
        sig=sig,
        loads=loads,
        statements=statements(checked, triton, torch),
        index_steps=tuple(steps),
        index_names=names,
        # The outermost dimension takes what is left of the index (see _strided_offsets.py.j2):
        # its size is never needed, only the inner ones are.
        size_args=tuple(d for d in sig.space[1:] if isinstance(d, str)),
        has_flat=all(t.full for t in tensors) and not uses_index,
        block=schedule.get("block"),
        warps=schedule.get("warps"),
        helpers=frozenset(triton_helpers),
        torch_helpers=frozenset(torch_helpers),
    )
