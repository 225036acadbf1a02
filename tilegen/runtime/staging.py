"""Aligned copies of gemm operands whose rows the K loop cannot read in vectors.

A gemm kernel reads its operands tile by tile, many times over: each row of A once per
column of tiles, each column of B once per row of tiles. Triton loads a tile in 16-byte
vectors only when it can prove the rows start 16-element aligned: the base pointer 16-byte
aligned and every stride but the unit one a multiple of 16 (Triton specializes integer
arguments on that divisibility). Where the unit axis is K, the K-edge mask
(`offs_k < K - k * BLOCK_K`) must also be constant over 16 elements, so K itself must be
a multiple of 16. Otherwise every element is its own load, and a product runs an order of
magnitude slower (K = 4099: 0.08x cuBLAS, docs/design.md "Operands in aligned rows").

gemm_aligned() copies such operands once per call into aligned rows, keeping which axis
is contiguous (a weight stored [N, K] stays K-contiguous). Where K is an operand's row
length and not a multiple of 16, both operands get K padded with zeros to the next
multiple of 16 and the kernel runs on the padded K: the products of the zero columns add
exactly 0 to the f32 (or i32) accumulator. A copy costs one read and one write of the
operand; the K loop reads it many times. The torch inductor pads its matmul operands for
the same reason (its pad_mm pass).

What cannot be helped is left alone: a contiguous M or N axis whose size is not a
multiple of 16 (the tile's rows wrap around at M and N, which breaks the vectors whatever
the strides), and an operand broadcast over a batch (stride 0) is copied once, not per
batch. Products under STAGE_MIN_MACS multiply-adds are left alone too: there the copies'
launches (host time included) cost more than the element-by-element loads (measured on
the H200: K = 33, M = 1024, N = 4096, 13.5 us as it is, 75 us with copies; K = 769, M = 8:
17.3 against 53.7 us). The interpreter stages every call, so the tests cover the copies.
Imports nothing but torch.
"""

from __future__ import annotations

import torch

from .args import interpreting

ALIGN = 16  # elements: the divisibility Triton specializes integer arguments on
ALIGN_BYTES = 16  # of a base pointer
STAGE_MIN_MACS = 1 << 28  # smaller products load unaligned rows as they are


def round_up(n: int, to: int = ALIGN) -> int:
    return -(-n // to) * to


def unit_axis(t: torch.Tensor):
    """The operand's contiguous axis among its last two, -1 or -2, or None if neither."""
    if t.stride(-1) == 1:
        return -1
    if t.stride(-2) == 1:
        return -2
    return None


def vector_ok(t: torch.Tensor) -> bool:
    """Can a kernel read `t` along its unit axis in 16-byte vectors, as far as its base and
    strides go? (The unit axis's own size is the caller's question: see gemm_aligned.)"""
    unit = unit_axis(t)
    if unit is None or t.data_ptr() % ALIGN_BYTES:
        return False
    unit %= t.dim()
    return all(size <= 1 or stride % ALIGN == 0 for axis, (size, stride) in enumerate(zip(t.shape, t.stride())) if axis != unit)


def gemm_aligned(operands, sizes):
    """The gemm's operands, each `(tensor, k_axis)` (k_axis: -1 or -2, where K is), copied
    into aligned rows where that lets the K loop read them in vectors; `sizes` is (batch,
    M, N, K). Returns (tensors, K), K padded where it was. Operands already aligned come
    back as they are (no copy)."""
    tensors = [t for t, _ in operands]
    batch, m, n, size_k = sizes
    if size_k == 0 or batch * m * n * size_k < (0 if interpreting() else STAGE_MIN_MACS):
        return tensors, size_k
    pad_k = size_k % ALIGN != 0 and any(unit_axis(t) == k_axis for t, k_axis in operands)
    if pad_k:
        padded = round_up(size_k)
        return [_aligned_copy(t, k_axis, padded) for t, k_axis in operands], padded
    out = []
    for t, k_axis in operands:
        unit = unit_axis(t)
        # A copy helps only where the unit axis's size is a multiple of 16 (K is, here).
        helps = unit is None or unit == k_axis or t.shape[unit] % ALIGN == 0
        out.append(t if vector_ok(t) or not helps else _aligned_copy(t, k_axis, size_k))
    return out, size_k


def _aligned_copy(t: torch.Tensor, k_axis: int, size_k: int) -> torch.Tensor:
    """`t` copied into rows 16-element aligned, K padded with zeros to `size_k`, the
    contiguous axis kept (none: the last)."""
    # Batch axes broadcast with stride 0 stay broadcast: copy one batch, expand it back.
    broadcast = [axis for axis in range(t.dim() - 2) if t.stride(axis) == 0 and t.shape[axis] > 1]
    if broadcast:
        one = t[tuple(slice(0, 1) if axis in broadcast else slice(None) for axis in range(t.dim()))]
        copy = _aligned_copy(one, k_axis, size_k)
        return copy.expand(*t.shape[:-2], *copy.shape[-2:])
    turned = unit_axis(t) == -2  # stored transposed: copy it transposed, so it stays so
    x = t.transpose(-1, -2) if turned else t
    k_in_x = -3 - k_axis if turned else k_axis  # -1 <-> -2
    shape = list(x.shape)
    shape[k_in_x] = size_k
    # Rows of round_up(length) elements; the columns past the length are never read.
    store_shape = shape[:-1] + [round_up(shape[-1])]
    store = x.new_empty(store_shape)
    y = store[..., : shape[-1]]
    k = x.shape[k_in_x]
    y.narrow(k_in_x, 0, k).copy_(x)
    if size_k != k:
        y.narrow(k_in_x, k, size_k - k).zero_()  # the padding of K: products of 0 add nothing
    return y.transpose(-1, -2) if turned else y
