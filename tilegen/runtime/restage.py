"""Copying a gemm's operands into K-padded buffers before the product, where that pays.

An operand whose rows are not whole 16-byte vectors (K = 999 in an [M, K] activation or an
[N, K] weight) loads element by element (gemm_configs.gemm_narrow_loads): its K loop cannot
use asynchronous copies, and tensor descriptors refuse it. Copies of A and B whose K is
padded with zeros to a multiple of 16 load in whole vectors (by TMA where the output allows
and the copies keep the layout the kernel's descriptors read; a [K, N] B whose own rows
break the runs turns K-major, and its launches stay on pointers). The zeros add nothing to
any dot product (0 * 0 = 0, and no element of the caller's operands is dropped or
changed), so the product is the same sum. Both operands take the padded K; one that loads
in whole vectors already is padded as it lies, or kept where K needs no padding.

The copy costs a read and a write of the operands, so it pays on some shapes and not on
others: gemm_pad_k asks the launch model (tilegen.runtime.launch_model) for the best tile
as the operands are and as padded, and pads where the second plus the copy is faster by a
margin. A call's schedule={"pad_k": True} pads whenever an operand loads element by
element; {"pad_k": False} never pads. The interpreter never pads unless asked (nothing to
gain).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import torch
import triton
import triton.language as tl

from . import gemm
from .args import cdiv, whole_vectors
from .gemm_configs import gemm_narrow_variants
from .launch import launch, launch_known
from .launch_model import gemm_model

PAD_K_MULTIPLE = 16  # Triton proves a run of loads only from strides and sizes that 16 divides
# A copy on the H100: about 4.5 us a launch plus its bytes at 2.4 TB/s (bf16, 2048x999 ->
# 2048x1008: 8.3 us; 4096x4099: 31.2; 11008x4099: 74.8; F.pad took twice as long).
PAD_K_LAUNCH_S = 4.5e-6
PAD_K_BANDWIDTH = 2.4e12
# The model errs both ways here: for few rows it puts loads element by element at up to 2x
# what they take (16x4096x4099: 62 against 39 us), and launches on the copies 1.1-1.6x under.
# So it pads only where the launch as it is comes out PAD_K_MARGIN times the padded one and
# the copy (measured: 1.7x and more where the copy won, 1.3x and less where it lost).
PAD_K_MARGIN = 1.5
PAD_K_ROWS = 16  # a copy program's block: rows of the operand by columns of its K axis
PAD_K_COLS = 128
_BITS = {1: torch.int8, 2: torch.int16, 4: torch.int32, 8: torch.int64}
PAD_K_CHOSEN = {}  # (kernel, device, sizes, call schedule, operands' elements, B along K) -> K padded, or 0


@triton.jit
def pad_k_kernel(
    src_ptr,  # the operand, as [B, R, K] with any strides
    dst_ptr,  # the copy, [B * R, K_PAD] contiguous
    R,  # rows of each of the B matrices (the operand's other axes, flattened)
    ROWS,  # B * R
    K,
    K_PAD,  # K rounded up to a multiple of 16
    stride_src_b,
    stride_src_r,
    stride_src_k,
    BLOCK_R: tl.constexpr,
    BLOCK_K: tl.constexpr,
    INDEX_64: tl.constexpr,  # some offset needs 64 bits
):
    # Program pid copies one [BLOCK_R, BLOCK_K] block of the copy: the blocks of a row block
    # are consecutive programs (one grid axis, so neither count meets a grid limit).
    pid = tl.program_id(axis=0)
    if INDEX_64:
        pid = pid.to(tl.int64)
    blocks_k = tl.cdiv(K_PAD, BLOCK_K)
    pid_r = pid // blocks_k
    pid_k = pid % blocks_k
    offs_r = pid_r * BLOCK_R + tl.arange(0, BLOCK_R)
    offs_k = pid_k * BLOCK_K + tl.arange(0, BLOCK_K)  # (64-bit where pid is: the K stride may be large)
    # Row r of the copy is row r % R of matrix r // R of the operand.
    src_rows = (offs_r // R) * stride_src_b + (offs_r % R) * stride_src_r
    mask_r = offs_r < ROWS  # rows past the last (the last block of rows)
    # Columns from K to K_PAD read nothing: they are the zeros of the padding.
    mask_load = mask_r[:, None] & (offs_k[None, :] < K)
    values = tl.load(src_ptr + src_rows[:, None] + offs_k[None, :] * stride_src_k, mask=mask_load, other=0)
    mask_store = mask_r[:, None] & (offs_k[None, :] < K_PAD)  # columns past the padded row's end
    tl.store(dst_ptr + offs_r[:, None] * K_PAD + offs_k[None, :], values, mask=mask_store)


class _Plan(NamedTuple):
    """One copy by pad_k_kernel, as far as the operand's signature fixes it: the copy's
    shape with K last, the integer type of the element's width, the grid, the kernel's
    integer arguments (R, ROWS, K, K_PAD, the [B, R, K] strides), INDEX_64, and whether K
    moves back from last place to its axis."""

    shape: tuple
    bits: torch.dtype
    grid: tuple
    ints: tuple
    index_64: bool
    move: bool


def pad_operands(calls, signature, k_pad, *operands):
    """pad_k(t, k_axis, k_pad) of each (t, k_axis) in `operands`, as a tuple, for the
    launcher whose table of call signatures is `calls` (tilegen.runtime.calls.Calls) and
    this call's `signature` in it, which fixes each operand's shape, strides, dtype and
    16-byte alignment: each copy's _Plan is kept with the launcher's other facts of the
    signature (Calls.facts, under the operand's place and K axis), and its compiled launch
    in the launcher's table of launches, so that a later call of the signature allocates
    each copy and launches its kernel, and nothing more (on the H100's host pad_k took
    about 40 us a copy). Signature None: pad_k for each."""
    if signature is None:
        return tuple(pad_k(t, k_axis, k_pad) for t, k_axis in operands)
    padded = []
    for which, (t, k_axis) in enumerate(operands):
        key = (signature, "pad_k", which, k_axis, k_pad)
        plan = calls.facts(key, _planned, t, k_axis, k_pad)
        padded.append(pad_k(t, k_axis, k_pad) if plan is None else _copy(t, k_axis, plan, calls.launches, key))
    return tuple(padded)


def _planned(t, k_axis, k_pad):
    """The _Plan pad_k copies t by, or None where pad_k does otherwise: an axis broadcast,
    an operand in whole vectors (kept, or padded as it lies), or _plan's own cases."""
    if _broadcast_axes(t, k_axis) or whole_vectors((t,)):
        return None
    return _plan(t, k_axis, k_pad)


def _broadcast_axes(t, k_axis):
    """The axes of t but K broadcast with stride 0 (more than one step along them)."""
    return [d for d in range(t.dim()) if t.stride(d) == 0 and t.shape[d] > 1 and d != k_axis]


def pad_k(t, k_axis, k_pad):
    """`t` with its `k_axis` padded with zeros from t's size to `k_pad`, in whole 16-byte
    vectors. Most often a copy whose K axis has unit stride, the other axes in t's order
    above it: a view of a new [..., k_pad] buffer with that axis moved back to `k_axis`
    (pad_k_kernel reads the operand as [B, R, K]: R the axis just above K, 1 where there is
    none; B the axes above that, merged). But an operand that loads in whole vectors
    already is kept where K needs no padding, and padded as it lies where its rows run
    along another axis (a [K, N] weight: rows K to k_pad of zeros, N still the unit axis,
    as tensor descriptors read it). Axes broadcast with stride 0 stay broadcast: one matrix
    is copied, not one per step of the broadcast axis."""
    shape = list(t.shape)
    shape[k_axis] = k_pad
    broadcast = _broadcast_axes(t, k_axis)
    if broadcast:
        base = t
        for d in broadcast:
            base = base.narrow(d, 0, 1)
        return pad_k(base, k_axis, k_pad).expand(shape)
    if whole_vectors((t,)):
        if t.shape[k_axis] == k_pad:
            return t
        if t.stride(-1) == 1 and k_axis != t.dim() - 1:
            buffer = torch.empty(shape, dtype=t.dtype, device=t.device)
            buffer.narrow(k_axis, 0, t.shape[k_axis]).copy_(t)
            buffer.narrow(k_axis, t.shape[k_axis], k_pad - t.shape[k_axis]).zero_()
            return buffer
    plan = _plan(t, k_axis, k_pad)
    if plan is not None:
        return _copy(t, k_axis, plan)
    # Nothing to copy, or axes above R that no one stride steps through: torch copies.
    moved = t.movedim(k_axis, -1)
    buffer = torch.empty((*moved.shape[:-1], k_pad), dtype=t.dtype, device=t.device)
    buffer[..., : moved.shape[-1]].copy_(moved)
    buffer[..., moved.shape[-1]:].zero_()
    return buffer.movedim(-1, k_axis)


def _plan(t, k_axis, k_pad):
    """The _Plan of copying t with one launch of pad_k_kernel, or None where torch copies:
    batch axes that no one stride steps through, or nothing to copy."""
    moved = t.movedim(k_axis, -1)
    *outer, k = moved.shape
    r = outer[-1] if outer else 1
    try:  # the operand as [B, R, K]: B every axis above R, merged into one stride
        src = moved.view(-1, r, k)
    except RuntimeError:
        return None
    rows = src.shape[0] * r
    if not rows:
        return None
    reach = sum((size - 1) * stride for size, stride in zip(src.shape, src.stride()))
    return _Plan(shape=(*outer, k_pad), bits=_BITS[t.element_size()], grid=(cdiv(rows, PAD_K_ROWS) * cdiv(k_pad, PAD_K_COLS),),
                 ints=(r, rows, k, k_pad, *src.stride()), index_64=rows * k_pad >= 2**31 or reach >= 2**31,
                 move=k_axis % t.dim() != t.dim() - 1)


def _copy(t, k_axis, plan, table=None, key=None):
    """The copy of t by pad_k_kernel as `plan` says; with a launcher's `table` of launches
    and a `key` in it (pad_operands'), launched through tilegen.runtime.launch.launch_known
    under it, which then keys only the two tensors."""
    buffer = torch.empty(plan.shape, dtype=plan.bits, device=t.device)
    # Bits, not values: copied as integers of the element's width (every NaN as it is,
    # zero bits the zeros of every type).
    src = t.view(plan.bits)
    args = (pad_k_kernel, plan.grid, src, buffer, *plan.ints)
    kwargs = dict(BLOCK_R=PAD_K_ROWS, BLOCK_K=PAD_K_COLS, INDEX_64=plan.index_64, num_warps=4)
    if key is None:
        launch(*args, **kwargs)
    else:
        launch_known(table, key, (src, buffer), *args, **kwargs)
    copy = buffer.view(t.dtype)
    return copy.movedim(-1, k_axis) if plan.move else copy


def gemm_pad_k(kernel, schedule, device, sizes, operands, narrow, b_k_major, outs):
    """K rounded up to a multiple of 16 where the launcher should run the product on padded
    copies of its operands (pad_k), else 0. Only for operands that load element by element
    (`narrow`); then the call's schedule "pad_k" decides where it is set, and otherwise, on
    a GPU, the launch model: the best pointer tile on the operands as they are (loads
    element by element) against the best on the copies (K padded, B stored along K) plus
    the copy (PAD_K_LAUNCH_S a copy, and both operands read and written at PAD_K_BANDWIDTH),
    by a margin (PAD_K_MARGIN).
    `operands`: the tensors the copy would read (A, and B unless it is A too)."""
    batch, m, n, k = sizes
    if not narrow or k == 0:
        return 0
    k_pad = cdiv(k, PAD_K_MULTIPLE) * PAD_K_MULTIPLE
    if schedule is not None and isinstance(schedule, dict):
        gemm.gemm_check_schedule(kernel["id"].split(":")[-1], schedule)
        if "pad_k" in schedule:
            return k_pad if schedule["pad_k"] in (True, "true") else 0
    else:
        schedule = {}
    if device.type != "cuda":
        return 0
    key = (kernel["id"], device, sizes, tuple(sorted(schedule.items())), tuple(t.numel() for t in operands), b_k_major)
    chosen = PAD_K_CHOSEN.get(key)
    if chosen is None:
        pays = _pays(kernel, schedule, device, sizes, k_pad, operands, b_k_major, outs)
        chosen = PAD_K_CHOSEN[key] = k_pad if pays else 0
    return chosen


def _pays(kernel, schedule, device, sizes, k_pad, operands, b_k_major, outs):
    batch, m, n, k = sizes
    pins = gemm.gemm_pins({**kernel["pinned"], **schedule})
    elem_bytes = kernel["elem_bytes"]
    out_bytes = sum(o.element_size() for o in outs) or elem_bytes
    sms = gemm.gemm_device(device.index)[3]

    def best(size_k, narrow):
        # the model's best pointer launch on a grid, split-K among them where the kernel has it
        configs = [{**gemm.GEMM_POINTER_GRID, **c} for c in gemm.gemm_candidates(device, elem_bytes, pins, narrow)]
        if narrow:
            configs = gemm_narrow_variants(configs, pins, elem_bytes)
        shape = (batch, m, n, size_k)
        if kernel.get("split_k") and "split_k" not in pins:
            configs += gemm.gemm_split_candidates(configs, gemm.gemm_bucket(shape), sms)
        return min(gemm_model(c, shape, sms, elem_bytes, out_bytes, narrow, b_k_major or not narrow) for c in configs)

    copied = [t for t in operands if not (k == k_pad and whole_vectors((t,)))]  # (pad_k keeps the others)
    stored = lambda t: math.prod(n for n, stride in zip(t.shape, t.stride()) if stride or n < 2)  # broadcast stays so
    elements = sum(stored(t) + stored(t) // max(k, 1) * k_pad for t in copied)
    copy_s = len(copied) * PAD_K_LAUNCH_S + elements * elem_bytes / PAD_K_BANDWIDTH
    return best(k, True) > PAD_K_MARGIN * (best(k_pad, False) + copy_s)
