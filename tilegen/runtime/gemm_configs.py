"""The gemm launcher's candidate block configurations, per GPU generation, the tiles that suit
operands loaded element by element, and its split-K candidates and buffers
(tilegen.runtime.gemm chooses among them). Imports nothing but torch."""

from __future__ import annotations

import torch
import triton.language as tl

from . import arrivals
from .args import cdiv, needs_int64, whole_vectors
from .launch_model import gemm_tile_cols

# The keys of a block configuration (what a schedule may pin of it).
GEMM_CONFIG_KEYS = ("block_m", "block_n", "block_k", "group_m", "warps", "stages", "split_k", "block_n2")
# A launch on a grid of one program per tile, masked pointers, K not split: the mode the
# launch model weighs others against (descriptors, restage.gemm_pad_k's copies).
GEMM_POINTER_GRID = {"split_k": 1, "block_n2": 0, "addressing": "pointer", "persistent": False, "flatten": False}


def gemm_pins(wish):
    """The block configuration keys that `wish` (the spec's schedule, the call's over it) pins."""
    pins = {key: wish[key] for key in GEMM_CONFIG_KEYS if key in wish}
    if wish.get("order") == "row_major":
        pins["group_m"] = 1  # one row of tiles per group: plain row-major order
    return pins


# Candidate block configurations, the default first. Hopper (sm_90+): large tiles,
# 8 warps (two warpgroups) for 128x256, deeper pipelines for its 227 KB of shared memory.
# Where gemm_model ties two stage counts of a tile (their bytes in flight both cover the
# latency), the deeper comes first and takes the tie: 256x128 in 4 stages before 3 (1-10%
# faster at 7 of 8 pointer launches measured), 128x128 and 64x128 of 4 warps in 5 before 4
# (docs/design.md, "Deeper pipelines take the model's ties").
GEMM_HOPPER_CONFIGS = [
    dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=3),
    dict(block_m=256, block_n=128, block_k=64, group_m=8, warps=8, stages=4),
    dict(block_m=256, block_n=128, block_k=64, group_m=8, warps=8, stages=3),
    dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=4),
    dict(block_m=128, block_n=128, block_k=64, group_m=8, warps=8, stages=4),
    dict(block_m=128, block_n=128, block_k=64, group_m=8, warps=4, stages=5),
    dict(block_m=128, block_n=128, block_k=64, group_m=8, warps=4, stages=4),
    dict(block_m=128, block_n=64, block_k=64, group_m=8, warps=4, stages=4),
    dict(block_m=64, block_n=128, block_k=64, group_m=8, warps=4, stages=5),
    dict(block_m=64, block_n=128, block_k=64, group_m=8, warps=4, stages=4),
    dict(block_m=128, block_n=64, block_k=128, group_m=8, warps=4, stages=3),
    dict(block_m=64, block_n=128, block_k=128, group_m=8, warps=4, stages=3),
    dict(block_m=64, block_n=64, block_k=64, group_m=8, warps=4, stages=3),
]
# Hopper, rows few (decode: M of 1 to 64): the weight streams from memory once, so these
# tiles trade MMA efficiency for programs enough to fill the SMs and K blocks deep enough
# to keep bytes in flight. 16x32x256 in 6 stages comes first: gemm_model rates it at
# least as fast as in 4 (more bytes in flight; a tie where they already cover the
# latency, and ties keep the list's order), and it ran 2-9% faster at M = 1-16 (f16/bf16;
# docs/design.md); the 4-stage one stays for operands whose 6 stages do not fit (f32).
# gemm_model decides when they pay; appended to the list above.
GEMM_HOPPER_SMALL_M_CONFIGS = [
    dict(block_m=16, block_n=32, block_k=256, group_m=8, warps=4, stages=6),
    dict(block_m=16, block_n=32, block_k=256, group_m=8, warps=4, stages=4),
    dict(block_m=16, block_n=64, block_k=256, group_m=8, warps=4, stages=4),
    dict(block_m=16, block_n=64, block_k=128, group_m=8, warps=4, stages=4),
    dict(block_m=16, block_n=128, block_k=128, group_m=8, warps=4, stages=4),
    dict(block_m=32, block_n=64, block_k=128, group_m=8, warps=4, stages=4),
    dict(block_m=32, block_n=128, block_k=128, group_m=8, warps=4, stages=4),
    dict(block_m=64, block_n=64, block_k=128, group_m=8, warps=4, stages=4),
]
# Hopper, 1-byte operands (fp8, i8): the same shared memory holds twice the K, so K blocks
# of 128 (the Triton tutorials' fp8 tiles); put before the list above for those operands.
GEMM_HOPPER_BYTE_CONFIGS = [
    dict(block_m=128, block_n=256, block_k=128, group_m=8, warps=8, stages=3),
    dict(block_m=256, block_n=128, block_k=128, group_m=8, warps=8, stages=3),
    dict(block_m=128, block_n=256, block_k=128, group_m=8, warps=8, stages=4),
    dict(block_m=128, block_n=128, block_k=128, group_m=8, warps=8, stages=4),
    dict(block_m=128, block_n=128, block_k=128, group_m=8, warps=4, stages=4),
    dict(block_m=64, block_n=128, block_k=128, group_m=8, warps=4, stages=5),
]
# Other GPUs (Ampere and older): the Triton tutorial's tiles, shallower pipelines.
GEMM_CONFIGS = [
    dict(block_m=128, block_n=256, block_k=32, group_m=8, warps=8, stages=3),
    dict(block_m=256, block_n=128, block_k=32, group_m=8, warps=8, stages=3),
    dict(block_m=128, block_n=128, block_k=32, group_m=8, warps=4, stages=4),
    dict(block_m=128, block_n=64, block_k=32, group_m=8, warps=4, stages=4),
    dict(block_m=64, block_n=128, block_k=32, group_m=8, warps=4, stages=4),
    dict(block_m=64, block_n=64, block_k=32, group_m=8, warps=4, stages=4),
    dict(block_m=32, block_n=64, block_k=32, group_m=8, warps=2, stages=5),
]
# The interpreter: small tiles, so that small test shapes still cross tile edges.
GEMM_INTERPRETER_CONFIG = dict(block_m=32, block_n=32, block_k=32, group_m=4, warps=4, stages=2)

# Operands whose loads go element by element (gemm_narrow_loads): Triton cannot keep those in
# flight asynchronously, so the stages of the pipeline wait in registers, one element each.
# A thread then holds its share of the accumulator plus (stages - 1) K blocks of A and B;
# past about GEMM_NARROW_HELD values it spills and runs several times slower. Measured on
# the H100, bf16 77x4096x4099 (K odd; cuBLAS 47.5 us), values held and time: 64x64x64 4 warps
# 3 stages 160, 85 us; 128x128x64 8 warps 4 stages 256, 124 us; 128x64x32 4 warps 4 stages
# 208, 141 us; against 64x64x128 4 stages 416, 610 us; 64x128x64 5 stages 448, 1041 us;
# 128x256x64 8 warps 3 stages 320, 1618 us; 16x128x128 4 stages 448, 535 us. f16
# 512x3001x1027: 128x128x32 4 warps 5 stages (384) ran 7.5x slower than 128x128x64 8 warps
# 4 stages (256). Such candidates take K blocks down to 32, then fewer stages (down to 2),
# then K blocks of 16.
GEMM_NARROW_HELD = 256


def gemm_narrow_loads(operands):
    """Does the K loop load some operand element by element, not in whole 16-byte vectors
    (args.whole_vectors)? K = 4099 breaks the runs (the K-edge mask), so does a [K, N]
    weight with N = 50257 (the wrap past N) or a view that starts at an odd element."""
    return not whole_vectors(operands)


def gemm_k_major(b, k_axis):
    """Is the operand B stored along K (unit stride down K, other strides not), as
    nn.Linear's [N, K] weight read as w.T? (gemm_model: wide pointer tiles load it slower.)"""
    return b.numel() > 0 and b.shape[k_axis] > 1 and b.stride(k_axis) == 1 and all(
        s != 1 for axis, (s, n) in enumerate(zip(b.stride(), b.shape)) if axis != k_axis and n > 1)


def gemm_narrow_held(c):
    """Values a thread holds in a K loop whose loads go element by element: its share of the
    accumulator and of the (stages - 1) K blocks of A and B in flight."""
    threads = 32 * c["warps"]
    bn = gemm_tile_cols(c)
    return (c["block_m"] * bn + (c["stages"] - 1) * (c["block_m"] + bn) * c["block_k"]) // threads


def gemm_narrow_configs(configs, pinned=()):
    """`configs` made to hold at most GEMM_NARROW_HELD values a thread (gemm_narrow_held): K
    blocks halved down to 32, then fewer stages down to 2, then K blocks of 16, each only
    where the key is not `pinned`; duplicates dropped. (Pinned tile sizes or warps may leave
    a configuration above the bound: what a schedule pins, it gets.)"""
    out = []
    for c in configs:
        c = dict(c)
        for key, least in (("block_k", 32), ("stages", 2), ("block_k", 16)):
            while key not in pinned and gemm_narrow_held(c) > GEMM_NARROW_HELD and c[key] > least:
                c[key] = c[key] // 2 if key == "block_k" else c[key] - 1
        if c not in out:
            out.append(c)
    return out


def gemm_narrow_variants(candidates, pins, elem_bytes):
    """`candidates`, then each pointer candidate's tile in K blocks of 16 where it has none, in
    the same order, for operands loaded element by element: fewer loads past a short K's
    edge (K = 33: 48 columns a row against 64). The model ranks them with the rest
    (gemm_model counts such loads). None where block_k is pinned, nor for 1-byte operands
    (Triton's 8-bit dot takes K blocks of 32 and up)."""
    if "block_k" in pins or elem_bytes == 1:
        return candidates
    variants = [{**c, "block_k": 16} for c in candidates if c["block_k"] != 16 and c["addressing"] == "pointer"]
    return candidates + [v for k, v in enumerate(variants) if v not in candidates and v not in variants[:k]]


# Split-K candidates (programs per tile, each over a slice of K): offered where a pointer
# grid's tiles fill less than GEMM_SPLIT_K_BELOW of a wave, each slice at least
# GEMM_SPLIT_K_MIN_BLOCKS K blocks; gemm_model ranks them with the rest.
GEMM_SPLIT_KS = (2, 3, 4, 6, 8)
GEMM_SPLIT_K_BELOW = 1.0
GEMM_SPLIT_K_MIN_BLOCKS = 4


def gemm_split_candidates(candidates, sizes, sms):
    """Split-K versions of the pointer-grid candidates whose tiles fill less than
    GEMM_SPLIT_K_BELOW of a wave: each split of GEMM_SPLIT_KS that keeps at least
    GEMM_SPLIT_K_MIN_BLOCKS K blocks a program and no more programs than SMs. A small
    output over a deep K (gpt2's 1024x768 projection over K = 3072: 48 tiles of 128x128
    for 132 SMs) otherwise leaves most SMs idle."""
    batch, m, n, k = sizes
    out = []
    for c in candidates:
        if c["addressing"] != "pointer" or c["persistent"] or c["split_k"] != 1 or c.get("block_n2", 0):
            continue  # (a tile of two column blocks is not split: its partial tile would be two)
        tiles = batch * cdiv(m, c["block_m"]) * cdiv(n, c["block_n"])
        if tiles >= sms * GEMM_SPLIT_K_BELOW:
            continue
        for split in GEMM_SPLIT_KS:
            if cdiv(k, c["block_k"]) >= split * GEMM_SPLIT_K_MIN_BLOCKS and tiles * split <= sms:
                out.append({**c, "split_k": split})
    return out


# Tiles of two column blocks (BLOCK_N + BLOCK_N2, pointer addressing): a tile width that is
# no power of two, as cuBLAS's 64x96, 128x192 and 112x128 tiles, so that the tile count can
# come near a whole number of waves over the SMs. gpt2's 1024x768 projection takes 96 tiles
# of 64x128 or 192 of 64x64 on 132 SMs; 64x(64 + 32) takes 128. gemm_model ranks them with
# the rest (docs/design.md, "Tiles of two column blocks").
GEMM_TAIL_MAX_AREA = 128 * 256  # a tile's outputs, its accumulators' registers: the largest base tile's


def gemm_smem(config, elem_bytes):
    """Shared memory a configuration's pipeline takes: `stages` blocks of A and of B (both of B's column blocks)."""
    return config["stages"] * (config["block_m"] + gemm_tile_cols(config)) * config["block_k"] * elem_bytes


def gemm_tail_candidates(candidates, pins, smem=None, elem_bytes=2):
    """Each pointer-grid candidate of at least 64x64 again with half its columns more
    (block_n2 = block_n / 2: 64 + 32, 128 + 64), where the tile stays within
    GEMM_TAIL_MAX_AREA outputs and its pipeline within `smem` bytes of shared memory (None:
    any); none where block_n is pinned."""
    out = []
    for c in candidates:
        if (c["addressing"] != "pointer" or c["persistent"] or c["split_k"] != 1 or c["block_n2"]
                or c["block_m"] < 64 or c["block_n"] < 64 or "block_n" in pins):
            continue
        tail = {**c, "block_n2": c["block_n"] // 2}
        fits = smem is None or gemm_smem(tail, elem_bytes) <= smem
        if c["block_m"] * gemm_tile_cols(tail) <= GEMM_TAIL_MAX_AREA and fits and tail not in out:
            out.append(tail)
    return out


def gemm_split_k_buffers(num_tiles, config, device, acc_dtype):
    """(the workspace of partial tiles, the zeroed arrival counts, the pool the counts go
    back to) for a split-K launch; (None, None, None) for split_k 1. The workspace comes per
    launch from torch's caching allocator; the counts from tilegen.runtime.arrivals, which
    the launcher gives back (gemm_split_k_done) once the launch is queued."""
    split = config.get("split_k", 1)
    if split == 1:
        return None, None, None
    ws = torch.empty(num_tiles * split * config["block_m"] * config["block_n"], dtype=acc_dtype, device=device)
    return (ws, *arrivals.take_counts(device, num_tiles))


gemm_split_k_done = arrivals.give_back


def gemm_tma_ok(tensors):
    """Can tensor descriptors address every one of `tensors`? TMA needs a 16-byte aligned
    base, a contiguous last dimension (stride 1) and every other stride a multiple of 16 bytes."""
    if not hasattr(tl, "make_tensor_descriptor"):
        return False
    for t in tensors:
        size, strides = t.element_size(), t.stride()
        if t.data_ptr() % 16 or strides[-1] != 1 or any(s * size % 16 for s in strides[:-1]):
            return False
    return True


def gemm_facts(tensors, tma_tensors, size_k):
    """(some offset needs 64 bits, tensor descriptors can address `tma_tensors`: the TMA
    rules, 32-bit offsets, and K > 0, as K = 0 loads nothing). Facts of a call's signature
    (sizes, strides, 16-byte alignments; outputs the launcher allocates are contiguous and
    aligned alike for it): the launchers work them out once per signature (Calls.facts)."""
    index_64 = needs_int64(*tensors)
    return index_64, size_k > 0 and not index_64 and gemm_tma_ok(tma_tensors)
