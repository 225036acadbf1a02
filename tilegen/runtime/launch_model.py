"""A model of a gemm launch on the GPU: estimated seconds for a block configuration and
launch mode at a shape, from the tiles, their waves over the SMs, the K depth and the
bytes moved. It picks the launch when nothing is tuned (TILEGEN_AUTOTUNE=0, CUDA-graph
capture, a first call), orders the candidates and shortlists those the tuner times."""

from __future__ import annotations

from .args import cdiv

# gemm_model's machine: per-SM dense 16-bit tensor-core rate and memory bandwidth (H100 SXM
# figures; only their ratio and the SM count steer the choice), the latency that bytes in
# flight must cover, a program's fixed cost (pipeline fill, epilogue, launch share) and
# how much L2 keeps an operand from being read twice.
GEMM_MODEL_FLOPS_PER_SM = 989e12 / 132
GEMM_MODEL_BANDWIDTH = 3.0e12  # bytes/s
GEMM_MODEL_LATENCY_S = 2.0e-6
GEMM_MODEL_TILE_S = 1.0e-6  # the last program's sum of split-K partials; a descriptor set-up not won back
# A program's fixed cost: its pipeline's fill, plus a part that grows with the tile's area
# (the accumulator's set-up and epilogue, and the MMAs of a K loop too short for loads to
# hide them). Fitted to per-program times on the H100, batched bf16 32x1x4096x128, one wave
# of programs per 4-8: 128x256 tiles 7.7 us a program, 64x128 3.3, 16x128 2.7, each less
# its bytes at the SM's share of the bandwidth and its MMAs at the model's rate.
GEMM_MODEL_PROGRAM_S = 0.75e-6
GEMM_MODEL_AREA_S = 1.5e-6  # per 128x128 outputs of the tile
# Operands loaded element by element (gemm_narrow_loads): the loads cannot become
# asynchronous copies, so each K block waits for its loads (about a memory latency) and
# each thread issues one load an element. Fitted on the H100 (f16/bf16, 24 pinned launches
# of each of the six corpus shapes with such operands; docs/design.md, "Loads element by
# element in the model"): any of 0.1-0.8 us a K block with 0.02-0.03 us an element a
# thread picked the same launches.
GEMM_MODEL_NARROW_BLOCK_S = 0.3e-6
GEMM_MODEL_NARROW_ELEMENT_S = 0.025e-6
# Pointer tiles whose B is stored along K (nn.Linear's weight read as w.T: gemm_k_major)
# run a block of 256 columns at about 0.8 of the rate of the same tile turned: 128x256
# 17-29% slower than 256x128 over four shapes on the H100 (Triton 3.6, f16), where a
# B stored along N runs 256x128 3-10% slower (docs/design.md, "B stored along K").
GEMM_MODEL_K_MAJOR_WIDE = 0.8
GEMM_MODEL_L2_BYTES = 50 * 2**20
GEMM_MODEL_OVERLAP = 0.2  # the share of the shorter of compute and memory time that does not overlap the longer


GEMM_TUNE_TOP = 4  # the tuner times the model's best few candidates (plus each launch mode's best), not all


def gemm_tile_cols(config):
    """A tile's columns: BLOCK_N, plus BLOCK_N2 for a tile of two column blocks."""
    return config["block_n"] + config.get("block_n2", 0)


def gemm_model(config, sizes, sms, elem_bytes, out_bytes=2, narrow=False, b_k_major=False):
    """Estimated seconds of one launch of `config` on sizes (batch, M, N, K) with `sms` SMs: a
    roofline per launch, not a table of measured answers. Compute: the waves of tiles
    (ceil(tiles / SMs): a last partial wave costs a whole one), each tile's padded work
    (K rounded up to BLOCK_K, rows up to BLOCK_M) at a rate that grows with the tile's
    operand reuse, bm*bn/(bm+bn) (128x256 is the reference), halved for tiles under 64 rows
    (no warpgroup MMA). Memory: each operand read once if it fits in a quarter of L2, else
    once per group of tiles that share it while resident; the operands' bandwidth reached
    only if the running programs keep enough bytes in flight ((stages - 1) K blocks each)
    to cover the latency, the output's always. The larger of the two, plus a share of the
    smaller (they never overlap perfectly: this is what prefers small tiles when rows are
    few), plus a fixed cost per wave of tiles that grows with the tile's area
    (GEMM_MODEL_PROGRAM_S, GEMM_MODEL_AREA_S: over a short K loop a large tile mostly
    padding costs more than its bytes). Split-K (split_k programs per tile) divides each
    program's K and multiplies the programs, and moves each partial tile twice more.
    Persistent descriptor launches pay the pipeline's fill once per program (the area's
    part still per tile) and move tiles by TMA (a 3% better rate). Launches whose operands load element by element (`narrow`; descriptors
    do not) add, a wave, a latency each K block of the longest slice and an issue cost
    each element a thread loads (GEMM_MODEL_NARROW_BLOCK_S, GEMM_MODEL_NARROW_ELEMENT_S).
    Pointer launches whose 16-bit B is stored along K (`b_k_major`; loads not element by
    element) run a block of 256 columns at GEMM_MODEL_K_MAJOR_WIDE of the rate."""
    batch, m, n, k = sizes
    bm, bn, bk = config["block_m"], gemm_tile_cols(config), config["block_k"]
    split = config.get("split_k", 1)  # programs per tile, each over a slice of K
    tiles_m, tiles_n = cdiv(m, bm), cdiv(n, bn)
    tiles = batch * tiles_m * tiles_n
    programs = tiles * split
    waves = cdiv(max(programs, 1), sms)
    k_pad = max(cdiv(cdiv(k, bk), split), 1) * bk  # the longest slice
    # A dot's rate grows with its operand reuse, bm * cols / (bm + cols) (128x256 is the
    # reference); a tile of two column blocks runs two dots, each at its own.
    reuse = lambda cols: min(1.0, (bm * cols / (bm + cols)) / (128 * 256 / 384)) ** 0.5
    blocks = (config["block_n"], config["block_n2"]) if config.get("block_n2") else (bn,)
    rate = GEMM_MODEL_FLOPS_PER_SM
    if bm < 64:
        rate *= 0.5
    if elem_bytes == 1:
        rate *= 2.0  # fp8 and i8 tensor cores: twice the 16-bit rate
    # Descriptors pay off over a K loop long enough to pipeline; over a few K blocks their
    # setup (in the kernel, for batched products) is not won back.
    descriptor = config.get("addressing") == "descriptor" and cdiv(k, bk) >= 4
    if descriptor:
        rate *= 1.03
    # Pointer loads of a 16-bit B stored along K (`b_k_major`) feed a block of 256 columns
    # slower (measured where loads are asynchronous copies, not element by element).
    k_major = b_k_major and elem_bytes == 2 and not narrow and config.get("addressing") == "pointer"
    wide = GEMM_MODEL_K_MAJOR_WIDE if k_major else 1.0
    compute = waves * 2.0 * bm * k_pad * sum(cols / (rate * reuse(cols) * (wide if cols >= 256 else 1.0))
                                            for cols in blocks)
    a_bytes, b_bytes = m * k * elem_bytes, n * k * elem_bytes
    running = min(programs, sms)
    share_m = min(tiles_m, config.get("group_m", 8))  # tile rows of a group share B's tiles
    share_n = max(1, running // max(share_m, 1))  # and that many tile columns share A's
    a_reads = 1 if a_bytes <= GEMM_MODEL_L2_BYTES / 4 else max(1.0, tiles_n / share_n)
    b_reads = 1 if b_bytes <= GEMM_MODEL_L2_BYTES / 4 else max(1.0, tiles_m / share_m)
    moved = batch * (a_bytes * a_reads + b_bytes * b_reads)
    moved += 2 * programs * bm * bn * 4 if split > 1 else 0  # split-K: partial tiles written, read back
    in_flight = running * max(config["stages"] - 1, 1) * (min(bm, m) + min(bn, n)) * bk * elem_bytes  # masked rows move nothing
    reach = min(1.0, in_flight / (GEMM_MODEL_BANDWIDTH * GEMM_MODEL_LATENCY_S))
    # The output's stores wait on no load: its bytes go at the full bandwidth.
    memory = moved / (GEMM_MODEL_BANDWIDTH * reach) + batch * m * n * out_bytes / GEMM_MODEL_BANDWIDTH
    # the pipeline's fill once a program; the part of the tile's area once a tile (a
    # persistent program handles several)
    fixed = GEMM_MODEL_PROGRAM_S * (1 if descriptor and config.get("persistent") else waves)
    fixed += GEMM_MODEL_AREA_S * bm * bn / (128 * 128) * waves
    fixed += GEMM_MODEL_TILE_S if split > 1 else 0  # split-K: the last program's sum of the partials
    if config.get("addressing") == "descriptor" and not descriptor:
        fixed += GEMM_MODEL_TILE_S
    if narrow and config.get("addressing") != "descriptor":  # (descriptors load whole tiles by TMA)
        per_thread = k_pad * (bm + bn) / (32 * config["warps"])
        fixed += waves * (k_pad // bk * GEMM_MODEL_NARROW_BLOCK_S + per_thread * GEMM_MODEL_NARROW_ELEMENT_S)
    return max(compute, memory) + GEMM_MODEL_OVERLAP * min(compute, memory) + fixed


def gemm_rank(candidates, sizes, sms, elem_bytes, out_bytes=2, narrow=False, b_k_major=False):
    """The candidates, fastest first by gemm_model (ties keep their order)."""
    return sorted(candidates, key=lambda c: gemm_model(c, sizes, sms, elem_bytes, out_bytes, narrow, b_k_major))


def gemm_shortlist(ranked, top=None, narrow=False):
    """What the tuner times: the model's `top` best, plus the best of every launch mode
    they leave out (split-K counts as a mode), plus the best with the leader's tile turned
    (BLOCK_M and BLOCK_N swapped), and, for operands loaded element by element (`narrow`),
    the first of each K block size they leave out, smallest K block first, right after the
    leader. The model knows least about launch modes and about which orientation the
    compiler serves better: 128x256 and 256x128 differ by up to 10% the one way or the
    other depending on the kernel (fp8 at 4096^3, docs/design.md)."""
    top = GEMM_TUNE_TOP if top is None else top
    keep = list(ranked[:top])
    modes = {(c["addressing"], c["persistent"], c["flatten"], c.get("split_k", 1) > 1) for c in keep}
    for c in ranked[top:]:
        mode = (c["addressing"], c["persistent"], c["flatten"], c.get("split_k", 1) > 1)
        if mode not in modes:
            modes.add(mode)
            keep.append(c)
    if narrow:
        # Loads element by element, whose cost the model knows least: the first of each K
        # block size it leaves out too (K blocks of 16 against 64 can go either way:
        # gemm_narrow_variants). Right after the leader: the tuner times the shortlist in
        # order within its budget, and a candidate its first round does not reach drops out.
        blocks, extra = {c["block_k"] for c in keep}, []
        for c in ranked:
            if c["block_k"] not in blocks:
                blocks.add(c["block_k"])
                extra.append(c)
        keep[1:1] = sorted(extra, key=lambda c: c["block_k"])  # the smallest K blocks first
    if ranked:
        lead = ranked[0]
        turned = (lead["block_n"], lead["block_m"])
        if turned != (lead["block_m"], lead["block_n"]) and not any((c["block_m"], c["block_n"]) == turned for c in keep):
            keep += [c for c in ranked if (c["block_m"], c["block_n"]) == turned][:1]
    return keep
