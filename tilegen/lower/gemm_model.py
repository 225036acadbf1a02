"""The render model of templates/gemm.py.j2: plain frozen data. gemm.py builds it."""

from __future__ import annotations

from dataclasses import dataclass

from .cases import Case
from .model import IndexStep, Signature, Statement, TensorArg

@dataclass(frozen=True, slots=True)
class Operand:
    """One side of '@': role "a" (tiles of [M, K]) or "b" (tiles of [K, N])."""

    role: str
    tensor: TensorArg
    transposed: bool  # `.T` in the spec: the tensor is stored the other way round
    what: str  # how the spec reads it: "x", "w.T"
    stride_rows: str  # stride along the tile's rows (a: M, b: K)
    stride_cols: str  # stride along the tile's columns (a: K, b: N)
    stride_k: str  # how far the pointers move per step of K
    k_axis: int  # the tensor's axis that runs along K
    batch_offs: str  # the per-batch offset variable, or ""
    cast: str  # ".to(tl.float32)" when the two operand types differ, ".to(DOT_DTYPE)" for bf16, else ""
    # tensor descriptor, over the stored layout (its last dimension has stride 1)
    desc_shape: str  # "M, K"; transposed "K, M"
    desc_stride: str  # stride of the stored outer dimension
    desc_block: str  # "BLOCK_M, BLOCK_K"
    desc_host_block: str  # the launcher's block shape: 'config["block_m"], config["block_k"]'
    desc_coords: str  # "pid_m * BLOCK_M, k * BLOCK_K"
    # block pointer, over the logical layout
    block_shape: str  # "M, K"
    block_offsets: str  # "pid_m * BLOCK_M, 0"
    block_tile: str  # "BLOCK_M, BLOCK_K"
    block_order: str  # "(1, 0)": the stored minor dimension first
    block_advance: str  # "0, BLOCK_K"


@dataclass(frozen=True, slots=True)
class TileTensor:
    """An epilogue input or an output: the [BLOCK_M, BLOCK_N] tile, or the part of it the tensor has."""

    tensor: TensorArg
    offs: str  # element offsets, e.g. "offs_cn[None, :] * stride_bias_n"
    mask: str  # e.g. "mask_n[None, :]"; "" for a per-batch value
    note: str  # "per column [N]: ..."
    upcast: tuple[str, str] | None  # narrow float: (before, after) the load, computed in f32
    other: str  # what masked-off lanes read
    tile_store: bool  # output [..., M, N] whose value fills the tile: descriptors/block pointers may store it
    stride_m: str
    stride_n: str
    batch_offs: str


@dataclass(frozen=True, slots=True)
class BatchOffset:
    name: str  # "x_batch_offs"
    expr: str  # "batch_id * stride_x_b"


@dataclass(frozen=True, slots=True)
class GemmModel:
    sig: Signature
    a: Operand
    b: Operand
    matmul_text: str  # "x @ w.T"
    acc_dtype: str  # "float32", or "float64" for f64 operands, "int32" for i8 operands
    operand_zero: str  # what the operands' masked-off K lanes read: "0.0", or "0" for i8
    dot_dtype: str  # "bfloat16" when the kernel takes DOT_DTYPE (see the template), else ""
    dot_args: str  # extra tl.dot arguments, e.g. ', input_precision="tf32"'
    tf32: bool  # f32 operands multiply in TF32 (validation widens its tolerance for it)
    ref_output_suffix: dict  # output -> text appended in the reference (per-row: drop the kept N dim)
    precision_note: str
    # Split-K is compiled in (SPLIT_K): pointer addressing, and every output masked by rows
    # or columns, so that the programs that do not finish a tile store nothing.
    split_k: bool
    # Tiles of two column blocks are compiled in (BLOCK_N2): pointer addressing.
    tail: bool
    # The launcher may run the product on copies of A and B with K padded to a multiple of 16
    # (tilegen.runtime.restage): not where one tensor is both operands along different axes (x @ x).
    pad_k: bool
    loads: tuple[TileTensor, ...]
    statements: tuple[Statement, ...]
    outputs: tuple[TileTensor, ...]
    dims: tuple[str, str, str]  # the spec's names (or literals) of M, N, K
    batch_dims: tuple[str, ...]
    batch_steps: tuple[IndexStep, ...]
    batch_args: tuple[str, ...]  # batch sizes the kernel needs to split batch_id
    batch_offsets: tuple[BatchOffset, ...]
    batch_count: str  # launcher expression: "B * H", or "1"
    modes: tuple[str, ...]  # addressing modes compiled in; the first is the kernel's own choice
    pinned: tuple[tuple[str, object], ...]  # what the spec's schedule fixes, for the launcher
    kernel_id: str  # "gemm.tile:matmul": the autotuning cache's name for the kernel
    fingerprint: str  # hash of the signature and the statements: tunings of an edited kernel are not reused
    dtypes_key: str  # "f16,f16->f16"
    elem_bytes: int  # bytes per operand element, for the shared-memory estimate
    uses_rand: bool
    partial_outputs: tuple[str, ...]  # outputs without some dimension of the space ([N], [M], ...)
    helpers: frozenset[str]
    torch_helpers: frozenset[str]
    template: str = "gemm.py.j2"
    launch_kwargs: tuple[tuple[str, str], ...] = (
        ("schedule", "overrides the spec's schedule for this call: a dict of its keys, e.g.\n"
                     "    {\"addressing\": \"pointer\", \"persistent\": True, \"block_m\": 64}; also\n"
                     "    \"flatten\": True, which lets a persistent launch pipeline across tiles,\n"
                     "    \"split_k\": S, S programs per output tile, each over a slice of K, and\n"
                     "    \"block_n2\": C, tiles of block_n + C columns (a second block of C), and\n"
                     "    \"pad_k\": True or False, whether to copy operands whose rows are not whole\n"
                     "    16-byte vectors into K-padded buffers first (unset: the launch model decides)."),
    )

    def validation_cases(self, quick: bool = False):
        """Ragged, strided, unit, empty and K = 0 shapes for `tilegen validate` (small: interpreter-friendly),
        and the strided shape on K-padded copies of the operands (schedule pad_k)."""

        def sizes(m, n, k, batch):
            named = [(d, batch) for d in self.batch_dims] + list(zip(self.dims[::-1], (k, n, m)))
            return {d: v for d, v in named if not d.isdigit()}

        cases = [
            Case(sizes(67, 45, 37, 3), False, "ragged"),
            Case(sizes(67, 45, 37, 3), True, "strided"),
            Case(sizes(1, 1, 1, 1), False, "size 1"),
            Case(sizes(0, 45, 37, 2), False, "size 0"),
            Case(sizes(33, 17, 0, 2), False, "K = 0"),
        ]
        if not quick:
            cases[1:1] = [Case(sizes(130, 96, 80, 2), False, "multi-tile"), Case(sizes(64, 128, 96, 2), False, "aligned")]
        if self.pad_k:  # the product on K-padded copies of strided operands (K = 37), as the launch model may choose
            cases.insert(2, Case(sizes(67, 45, 37, 3), True, "K-padded copies", schedule={"pad_k": True}))
        return cases
