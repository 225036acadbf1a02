"""Stage 4 (elementwise): a checked kernel -> the render model of
templates/elementwise.py.j2 (a flat fast path and a strided N-d path)."""

from __future__ import annotations

from dataclasses import dataclass

from ..language import ir
from ..language.schedule import fast_division
from ..language.slices import resolve
from ..checker.check import CheckedKernel
from .expr import ExprRenderer
from .model import IndexStep, Signature, Statement, TensorArg, helpers_used, index_name, signature, statements


@dataclass(frozen=True, slots=True)
class Load:
    tensor: TensorArg
    other: str  # value read by masked-off lanes
    upcast: tuple[str, str] | None  # narrow float: (before, after) the load, computed in f32
    var: str = ""  # the variable it loads into, where not the tensor's name (a slice's block)
    offs: str = ""  # a slice's block past the first: its offsets, e.g. "idx_m * stride_x_m + (idx_n + N) * stride_x_n"


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
    names = tuple(index_name(d, axis) for axis, d in enumerate(sig.space))
    sliced = {id(e.operand) for a in checked.kernel.body for e in ir.walk(a.value) if isinstance(e, ir.Slice)}
    used = {e.id for a in checked.kernel.body for e in ir.walk(a.value) if isinstance(e, ir.Name) and id(e) not in sliced}
    loads = [Load(t, "0.0" if t.dtype.is_float else "0", t.dtype.load_wrap) for t in sig.inputs if t.name in used]
    # A slice x[:, N:] of x[M, 2 * N] is the same load with the pointer moved N along its axis.
    blocks: dict[ir.Slice, str] = {}  # each slice -> the variable holding its block
    types = {p.name: p.type for p in checked.kernel.params}
    tensors_by_name = {t.name: t for t in sig.inputs}
    for a in checked.kernel.body:
        for e in ir.walk(a.value):
            if not isinstance(e, ir.Slice):
                continue
            block = resolve(e, types[e.operand.id])
            t = tensors_by_name[e.operand.id]
            var = f"{t.name}_{block.dim.lower()}{block.index}"
            if var not in {load.var for load in loads}:
                # its offsets: the tensor's, the cut axis's index moved to the block's start
                terms = []
                for axis, stride in t.strides:
                    index = names[t.axes[axis]]
                    if axis == block.axis and block.index:
                        start = block.dim if block.index == 1 else f"{block.index} * {block.dim}"
                        index = f"({index} + {start})"
                    terms.append(f"{index} * {stride}")
                offs = " + ".join(terms) if block.index else ""
                loads.append(Load(t, "0.0" if t.dtype.is_float else "0", t.dtype.load_wrap, var, offs))
            blocks[e] = var
    loads = tuple(loads)
    # index(D) reads D's index, so a kernel that asks for one always splits its flat index
    positions = {str(d): names[axis] for axis, d in enumerate(sig.space)}
    uses_index = any(isinstance(e, ir.Call) and e.func == "index" for a in checked.kernel.body for e in ir.walk(a.value))
    def narrow(e):  # the reference reads a block by torch's narrow (the space's axes, from the right)
        if not isinstance(e, ir.Slice):
            return None
        block = resolve(e, types[e.operand.id])
        axis = tensors_by_name[e.operand.id].axes[block.axis] - len(sig.space)
        return f"{e.operand.id}.narrow({axis}, {block.index} * {block.dim}, {block.dim})"

    triton = ExprRenderer("triton", typer, leaf=lambda e: blocks.get(e) if isinstance(e, ir.Slice) else None,
                          rand_index="offs", positions=positions, fast_division=fast_division(checked.kernel))
    torch = ExprRenderer("torch", typer, leaf=narrow, rand_shape=sig.shape_expr)
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
        # (and a slice's block size, which moves its pointer, whichever dimension it is)
        size_args=tuple(dict.fromkeys([d for d in sig.space[1:] if isinstance(d, str)]
                                      + [resolve(e, types[e.operand.id]).dim for e in blocks])),
        has_flat=all(t.full for t in tensors) and not uses_index and not blocks,
        block=schedule.get("block"),
        warps=schedule.get("warps"),
        helpers=frozenset(triton_helpers),
        torch_helpers=frozenset(torch_helpers),
    )
