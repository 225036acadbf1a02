"""Reductions and scans over named dimensions, host side: the tiles and the split of the
reduced range (a model of the shape, the SM count and whether the inputs load in whole
vectors), and the buffer of a split's partial
results. The row reductions' launch rules are tilegen.runtime.reduction."""

from __future__ import annotations

import torch

from . import args, arrivals, reduction
from .args import cdiv, next_power_of_2

# A program's tile holds this many elements (an f32 accumulator of TILE / (32 * warps) values
# a thread), and a tile's inner axis at most INNER of them (for column sums: 64 columns of
# 32 rows a step, 128 bytes of each bf16 row). Programs the launch aims for per SM (each
# streams its own slice of the reduced range; 8-9 of 4 warps keep enough loads in flight
# to cover the memory latency), and the fewest tile steps a slice takes (a slice shorter than
# that costs more in partial results than it saves). Measured on the H100 over five shapes
# (column sums 8192x8192, 16384x1024, 4096x50257, 32768x4096 bf16; a whole-tensor mean of
# 8192x4096 f32) against torch's own (docs/design.md): geomean 1.22x, min 1.004x, with
# slices rounded up to a wave. Since then the slices fill at most one wave of those
# programs, never past it, and a wave is 9 programs an SM: a sweep of column sums over
# 400-1050 column blocks of rows not 16-byte aligned ran faster split up to 8.6 programs an
# SM and 18-32% slower from 9.1 (docs/design.md, "Slices fill one wave"). Where the tiles'
# rows load in whole 16-byte vectors (args.whole_vectors), a column block that would take
# one slice takes two up to AXIS_TWO_SLICES_PER_SM programs an SM: over 680 and 786 blocks
# (one slice: 5-6 programs an SM) two ran 1.6-6.8% faster, from 880 blocks level or slower;
# a wave of 12 for every split ran 10-14% slower where few blocks take many slices.
# Rows loaded element by element go the other way: a column block that one slice leaves
# at 6.5 programs an SM or more (858 blocks on 132 SMs: two slices make
# AXIS_NARROW_TWO_SLICES programs an SM, up to 15.5 a slice, 2046 blocks, the widest
# measured) takes two where each slice keeps AXIS_NARROW_SLICE_ROWS rows; slices of
# 2048-4095 rows (AXIS_NARROW_SHORT_SLICES) from 7 programs an SM (924 blocks): a short
# slice's partial results weigh more against its rows. Measured on the H100 (bf16, one
# slice -> two, torch.sum beside): over 858-2000 blocks of 8192 and 16384 rows two ran
# 1.5-35% faster (16384x63983 1157.1 -> 855.9 us, torch.sum 844.0; 8192x70383 581.1 ->
# 461.3, torch.sum 510.9), below 800 blocks 14-30% slower; at 4096 rows 830-880 blocks 4-7%
# slower, 940-2000 0.5-26% faster (4096x70383 288.7 -> 234.2, torch.sum 263.0).
AXIS_TILE = 2048
AXIS_INNER = 64
AXIS_PROGRAMS_PER_SM = 9
AXIS_TWO_SLICES_PER_SM = 12
AXIS_NARROW_TWO_SLICES = (13, 31)
AXIS_NARROW_SLICE_ROWS = 4096
AXIS_NARROW_SHORT_SLICES = (2048, 14)  # (rows a slice keeps at least, two slices' programs an SM at least)
AXIS_MIN_STEPS = 4
# A kernel that carries Welford moments (a variance joined to its mean's pass) holds three
# accumulators a lane, not one: ptxas (sm_90a) gives its 2048-element column tile of 4
# warps these registers a thread, rows loaded element by element and in whole vectors
# (column sums: 32-64). An SM's SM_REGISTERS then keep 6 and 5 of its programs resident,
# not 9, and its slices fill a wave of that many (docs/design.md, "A wave of Welford's
# programs"). The model counts a program's registers as those of 128 threads whatever its
# warps (a pinned count spreads the same tile over more or fewer threads) and its tile's
# orientation (measured on column tiles). The sums' two-slice rule for rows in whole
# vectors is not Welford's: past its wave it takes a second round (one slice -> two on the
# H100, us: 1024x32768 40.3 -> 50.1, 2048x24576 53.4 -> 55.8; design.md, "Welford takes no
# second slice past its wave"); the one for rows loaded element by element is (8192x63983
# 495.7 -> 428.9). Where a launch in whole vectors has more programs than 5 an SM (column
# blocks enough alone: 4096x50304), it caps its registers at AXIS_MOMENTS_MAXNREG (Triton's
# maxnreg, moments_options): 80 compile without spills there too (72: 28 bytes of spills),
# so 6 programs an SM stay resident, one round where there were two (768 programs of
# 2048x24576 when it took two slices: 62.9 -> 55.5 us on the H100); where they fit 5 an SM
# the cap ran 0.2-1.9% slower (design.md, "Welford's registers capped where the programs
# need it").
SM_REGISTERS = 65536
AXIS_MOMENTS_REGISTERS = (80, 96)
AXIS_MOMENTS_MAXNREG = 80
# The tile loop's loads ask L2 to drop their lines first (evict_first, as torch.compile's
# reductions load) where the tensors they read are at most this many L2s. Measured on the
# H100 (50 MiB of L2; bf16 column sums after the timing's flush, which leaves L2 full of
# dirty lines; docs/design.md, "The last read drops its lines first"): 6-28% faster at
# 25-128 MiB, 2% at 192 MiB; level at 256 MiB in whole vectors, 5% slower at 512 MiB; rows
# loaded element by element 11% slower at 196 MiB and 12-20% at 393-1000 MiB.
AXIS_EVICT_FIRST_L2S = 3
L2_DEFAULT_BYTES = 50 * 2**20


def axis_plan(n_kept, n_reduced, kept_inner, sms, pinned_split=0, whole_vectors=False, moments=False):
    """(BLOCK_R, BLOCK_K, SPLIT, r_per_split, num_warps) of a reduction over named dimensions:
    n_kept outputs, each reducing n_reduced elements. The tile's inner axis (axis 1, read
    contiguously) is the kept one when the innermost dimension is kept (column sums), else
    the reduced one. Where the kept elements give too few programs to fill the GPU, SPLIT
    programs share each block of kept elements, each reducing r_per_split of the reduced
    elements: as many as fit in one wave of AXIS_PROGRAMS_PER_SM per SM (a kernel with
    Welford `moments`: as many as its registers leave resident, moments_programs; column sums
    whose rows load in `whole_vectors`: two, not one, up to AXIS_TWO_SLICES_PER_SM; rows
    loaded element by element: two within AXIS_NARROW_TWO_SLICES, over enough rows), every
    block split alike; the block's last slice to finish adds their partial results in a fixed order
    (axis_counts), so the result depends on the shape, the SM count, `whole_vectors` and
    `moments` only, never on timing."""
    if kept_inner:
        block_k = min(next_power_of_2(max(n_kept, 1)), AXIS_INNER)
        block_r = max(1, min(AXIS_TILE // block_k, next_power_of_2(max(n_reduced, 1))))
    else:
        block_r = min(next_power_of_2(max(n_reduced, 1)), AXIS_TILE)
        block_k = max(1, min(AXIS_TILE // block_r, next_power_of_2(max(n_kept, 1))))
    programs_k = cdiv(max(n_kept, 1), block_k)
    per_sm = moments_programs(whole_vectors) if moments else AXIS_PROGRAMS_PER_SM
    if pinned_split:
        split = pinned_split
    else:
        # The slices of every block fit in one wave (rounded down): rounded up, past a wave,
        # ran slower at 4096x50257 and 2048x32001 columns on the H100, level elsewhere.
        waves = per_sm * sms // programs_k
        # Rows in whole vectors split in two past the wave, but not Welford's: past the programs
        # its registers keep resident, a second round.
        if waves < 2 and kept_inner and whole_vectors and not moments and AXIS_TWO_SLICES_PER_SM * sms >= 2 * programs_k:
            waves = 2
        elif waves <= 1 and kept_inner and not whole_vectors and 2 * programs_k <= AXIS_NARROW_TWO_SLICES[1] * sms:
            # rows loaded element by element: two slices of enough rows each, over enough blocks
            rows, least = ((AXIS_NARROW_SLICE_ROWS, AXIS_NARROW_TWO_SLICES[0]) if n_reduced >= 2 * AXIS_NARROW_SLICE_ROWS
                           else AXIS_NARROW_SHORT_SLICES)
            waves = 2 if n_reduced >= 2 * rows and least * sms <= 2 * programs_k else waves
        split = min(waves, cdiv(n_reduced, AXIS_MIN_STEPS * block_r))
    split = max(1, split)
    r_per_split = cdiv(cdiv(max(n_reduced, 1), split), block_r) * block_r
    split = max(1, cdiv(n_reduced, r_per_split))
    num_warps = 4 if block_r * block_k <= 2048 else 8  # (a pinned larger tile takes more warps)
    return block_r, block_k, split, r_per_split, num_warps


def moments_programs(whole_vectors):
    """The programs of a kernel with Welford moments an SM keeps resident: SM_REGISTERS
    over a program's (AXIS_MOMENTS_REGISTERS a thread, 128 threads), never more than
    AXIS_PROGRAMS_PER_SM."""
    return max(1, min(AXIS_PROGRAMS_PER_SM, _resident(AXIS_MOMENTS_REGISTERS[bool(whole_vectors)])))


def _resident(registers):
    """The 128-thread programs of `registers` a thread an SM's SM_REGISTERS keep resident."""
    return SM_REGISTERS // (registers * 128)


_CAPPED = {"maxnreg": AXIS_MOMENTS_MAXNREG}
_UNCAPPED = {}


def moments_options(grid, sms, whole_vectors):
    """The compile options of a launch of a kernel with Welford moments, as keywords:
    Triton's maxnreg = AXIS_MOMENTS_MAXNREG where its rows load in `whole_vectors` (96
    registers uncapped; element by element it takes 80 either way) and its programs (the
    product of `grid`) are more than 96 registers a thread keep resident on `sms` SMs
    (SM_REGISTERS over those of 128 threads); none otherwise. Measured on 4-warp programs:
    a launcher whose spec pins the warps does not ask."""
    programs = 1
    for size in grid:
        programs *= size
    return _CAPPED if whole_vectors and programs > _resident(AXIS_MOMENTS_REGISTERS[1]) * sms else _UNCAPPED


def axis_combine_block(split, block_k):
    """BLOCK_S, the slices a split reduction's combine folds in per step: a tile of as many
    elements as the reduction's (AXIS_TILE), so that a block of few kept elements (one, for
    a whole-tensor mean) reads its many slices in few steps, each a load and a wait."""
    return min(next_power_of_2(split), max(1, AXIS_TILE // block_k))


def axis_scan_plan(n_kept, n_scan):
    """(BLOCK_R, BLOCK_K, num_warps) of a scan along a named dimension: n_kept sequences of
    n_scan elements, the kept one the tile's contiguous axis. The tile of a reduction over
    named dimensions with one slice (axis_plan): a scan's programs cannot share a sequence,
    each element waiting on every one before it."""
    block_r, block_k, _, _, num_warps = axis_plan(n_kept, n_scan, True, 1, pinned_split=1)
    return block_r, block_k, num_warps


_NO_PARTIALS = {}


def axis_partials(split, n_kept, dtype, device):
    """The [split, n_kept] buffer of a split reduction's partial results; with one slice the
    kernel writes none, and takes a one-element tensor kept per device and type (no
    allocation on that launch path)."""
    if split > 1:
        return torch.empty((split, n_kept), dtype=dtype, device=device)
    key = (str(device), dtype)
    if key not in _NO_PARTIALS:
        _NO_PARTIALS[key] = torch.empty(1, dtype=dtype, device=device)
    return _NO_PARTIALS[key]


def axis_counts(split, n_blocks, device):
    """(the arrival counts of a split launch's n_blocks blocks of kept elements, the pool
    they go back to through axis_counts_done once the launch is queued): the slices of a
    block count themselves in and the last to arrive combines their partial results
    (tilegen.runtime.arrivals). With one slice the kernel counts nothing, and takes the
    one-element tensor of axis_partials (no allocation on that launch path)."""
    if split > 1:
        return arrivals.take_counts(device, n_blocks)
    return axis_partials(1, 1, torch.int32, device), None


axis_counts_done = arrivals.give_back


def axis_facts(inputs, last_reads, device):
    """(args.whole_vectors(inputs), axis_evict_first(last_reads, device)): what a launch
    takes from its signature alone, worked out on the signature's first call
    (tilegen.runtime.calls.Calls.facts)."""
    return args.whole_vectors(inputs), axis_evict_first(last_reads, device)


def axis_evict_first(tensors, device):
    """Do the last pass's loads of `tensors` (the tensors it streams, read for the last
    time) ask the caches to drop their lines first (evict_first)? Where they come to at
    most AXIS_EVICT_FIRST_L2S times the device's L2, where it measured faster (after the
    timing's flush, which leaves L2 full of dirty lines: perhaps such a read leaves them
    there rather than writing them back to make room; not established). Past that the
    hint cost more than it saved. Elsewhere than on a GPU (the interpreter, which ignores
    the hint) an L2 of L2_DEFAULT_BYTES."""
    total = sum(t.numel() * t.element_size() for t in tensors)
    return total <= AXIS_EVICT_FIRST_L2S * l2_bytes(device)


def l2_bytes(device):
    """The L2 cache of a CUDA device, in bytes (tilegen.runtime.reduction.l2_bytes);
    L2_DEFAULT_BYTES elsewhere, or where torch does not say."""
    return (reduction.l2_bytes(device) if device.type == "cuda" else 0) or L2_DEFAULT_BYTES


def sm_count_or_default(device):
    """The SM count of a CUDA device; 4 elsewhere (the interpreter), so that its runs split
    the reduced range as a small GPU would."""
    return reduction.sm_count(device) if device.type == "cuda" else 4
