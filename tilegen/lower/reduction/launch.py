"""Reduction kernels, launch side: the launch table a generated launcher carries
(tilegen's DEFAULT_TABLE, adjusted per kernel for chained reductions, reading the row
again for the outputs, register pressure and rows mostly padding: the rules and their
measurements are here together) and what a spec's `schedule { }` pins in it. lower.py
puts the results into the render model; templates/_reduction_launcher.py.j2 prints them.
"""

from __future__ import annotations

# Default launch table, keyed by the row width N: the first entry whose max_n >= N wins
# (max_n None: any N). It is copied into every generated launcher, where it can be read,
# and a spec's `schedule { }` pins any column. Tune it here after measuring on the GPU.
#
#   max_n   strategy  BLOCK_N  ROWS  warps  per_sm  stages
#   BLOCK_N 0: the next power of two >= N (single pass: the whole row is one block).
#   ROWS: rows per program (a [ROWS, BLOCK_N] block); short rows share a program.
#   per_sm: persistent grid of per_sm programs per SM looping over row blocks (0: one
#   program per row block). stages: software-pipelining depth of the row-block loop.
DEFAULT_TABLE: tuple[tuple, ...] = (
    (32, "single", 0, 64, 4, 0, 1),
    (128, "single", 0, 16, 4, 0, 1),
    (512, "single", 0, 4, 4, 0, 1),
    (1024, "single", 0, 2, 4, 0, 1),
    (2048, "single", 0, 1, 4, 0, 1),
    (4096, "single", 0, 1, 8, 0, 1),
    (8192, "single", 0, 1, 8, 0, 1),
    (16384, "single", 0, 1, 16, 0, 1),
    (65536, "team", 4096, 1, 4, 0, 1),
    (None, "team", 8192, 1, 8, 0, 1),
)

# A single pass holds the row in one block of the next power of two of columns: 5000
# columns fill 61% of an 8192-column block, and the masked lanes still cost registers and
# instructions. Where the table's block for a row would be more than a third larger than
# the row (N <= PADDED_SHARE * block), rows of more than 2048 columns run looped in
# 1024-column chunks instead (5120 lanes for 5000 columns), reading the row a second time
# from cache (wider rows: PADDED_WIDE_ROW below). Measured on the H100,
# time of the single pass over time looped, 4 warps: softmax f16 4096x5000 2.04x
# (41.9 against 85.6 us; eager 68.8), 8192x3000 1.24x; layernorm bf16 2048x4097 1.54x,
# 4096x5001 1.68x, 1677x5000 1.26x, 1365x6144 1.20x, 3355x2500 1.11x, 2796x3000 1.02x;
# rmsnorm bf16 2048x4097 1.35x, 1677x5000 1.09x, 1365x6144 1.03x, 2796x3000 0.98x. Fuller
# rows gain less and lose elsewhere (layernorm 1198x7000, 85% full, 1.09x, but rmsnorm
# there 0.99x and layernorm 1024x8192 0.99x), so the bound stays at 3/4. Where the row
# blocks do not fill the SMs (tilegen.runtime.reduction.few_row_blocks) the launcher
# skips these entries, and a spec's schedule { } launch pins go without them.
# The launcher then sizes the chunks to how the rows load (tilegen.runtime.reduction.padded_chunk:
# 2048 columns of 8 warps for rows of whole 16-byte vectors, 512 of 4 warps or 1024 of the
# entry's warps for rows loaded element by element, where they leave fewer lanes past the
# row end); the table's 1024
# columns run 8 warps in kernels without an online max-and-sum (layernorm bf16 4096x4098:
# 43.3 us with 4, 37.2 with 8; rmsnorm 33.3, 30.7; at 5000 columns level, 37.0 and 37.1)
# and 4 in those with one (softmax f16 4096x4098: 43.4 with 4, 46.3 with 8). Even widths of
# 2049-3072 columns, which take these chunks, were not measured with 8 warps.
PADDED_SHARE = 0.75
PADDED_ROW = ("looped", 1024, 1, 4, 0, 1)  # strategy, BLOCK_N, ROWS, warps, per_sm, stages
PADDED_WARPS = 8  # the chunks' warps in kernels without an online max-and-sum
PADDED_WIDEST = 8192
PADDED_NARROWEST = 2048  # up to this many columns the single pass's block is at most 1024 lanes wider

# Rows of 8193-12288 columns (the 16384 entry's block at most 3/4 full) run looped too, in
# the 4096-column chunks of 16 warps the 8192 entry's looped rows take (REREAD_AT,
# WELFORD_LOOPED_AT): a thread's share one 16-byte vector of 16-bit values, three chunks for
# 12288 columns; in kernels with an online max-and-sum, 2048 columns of 8 warps (the same
# share). The launcher sizes them as it does the narrower chunks (padded_chunk: 2048 columns
# of 8 warps where they leave fewer lanes past the row end, at 9000 and 10240 columns; for
# rows loaded element by element 512 columns of 4 warps, 1024 of PADDED_ROW's warps or, in
# online kernels, their own 2048 of 8, never 4096 of 16: looped_chunk). Measured on the H200, 4096
# rows, the single pass against chunks of 1024x8 / 2048x8 / 4096x16 (columns x warps), us:
# layernorm bf16 11008 67.6 against 71.1 / 63.9 / 56.8, 12288 69.2 against 64.8 / 61.0 /
# 58.0; rmsnorm bf16 11008 57.9 against 53.5 / 50.8 / 47.6, 12288 60.8 against 58.0 / 56.0 /
# 52.3; softmax f16 11008 84.6 against 91.6 / 80.7 / 78.6, 12288 85.6 against 96.6 / 79.9 /
# 78.5; log-softmax f16 11008 61.6 against 58.0 (2048x8) / 66.7 (4096x16), 12288 63.3 against
# 59.7 / 68.3 (its single pass holds only x); at 9000 columns 2048x8 (10240 lanes): layernorm
# 55.6, rmsnorm 42.5, softmax 69.1 against the single pass's 58.8, 54.4, 84.7. Odd widths
# (element by element), 512x4 / 2048x8 / 4096x16 against the single pass: layernorm 10001
# 121.0 / 129.5 / 183.5 against 181.5, softmax 109.0 / 90.7 / 143.1 against 180.3,
# log-softmax 11001 105.9 / 92.4 / 95.6 against 123.4. Over few rows the single pass keeps
# its lead for longer than at narrower rows, each of its programs holding a whole row's
# loads in flight: the launcher skips this entry over at most PADDED_WIDE_FEW_BLOCKS_PER_SM
# row blocks an SM (layernorm 264x10240: single pass 8.0 us, chunks 8.7; 528x10240 12.2 against
# 10.5; rmsnorm 7.2 against 7.9, 10.6 against 9.3).
PADDED_WIDE_ROW = ("looped", 4096, 1, 16, 0, 1)
PADDED_WIDE_ONLINE = (2048, 8)  # its BLOCK_N and warps in kernels with an online max-and-sum
PADDED_WIDE_WIDEST = 16384
# Row blocks an SM up to which the launcher skips an entry for rows mostly padding: the
# narrower entries', and the one for rows wider than PADDED_WIDEST.
PADDED_FEW_BLOCKS_PER_SM = 1
PADDED_WIDE_FEW_BLOCKS_PER_SM = 2


def padded_chunk_warps(online: bool) -> int:
    """The warps of a kernel's PADDED_ROW chunks (4 with an `online` max-and-sum, else
    PADDED_WARPS): its launcher's padded_chunk also offers rows loaded element by element
    1024-column chunks of them at the wider entries (tilegen.runtime.reduction.padded_chunk)."""
    return PADDED_ROW[3] if online else PADDED_WARPS


def padded_rows(table: tuple[tuple, ...]) -> tuple[tuple, ...]:
    """`table` with an entry for rows mostly padding before each single-pass entry of
    PADDED_NARROWEST + 1 to PADDED_WIDE_WIDEST columns, covering the widths up to
    PADDED_SHARE of that entry's block (the entries stay in order of max_n): PADDED_ROW up to
    PADDED_WIDEST columns, PADDED_WIDE_ROW beyond."""
    out = []
    for row in table:
        max_n, strategy = row[0], row[1]
        if strategy == "single" and max_n is not None and PADDED_NARROWEST < max_n <= PADDED_WIDE_WIDEST:
            out.append((int(max_n * PADDED_SHARE),) + (PADDED_ROW if max_n <= PADDED_WIDEST else PADDED_WIDE_ROW))
        out.append(row)
    return tuple(out)


def padded_few_blocks_per_sm(max_n: int) -> int:
    """Row blocks an SM up to which a launcher skips the entry for rows mostly padding of
    `max_n` columns, for the next entry (tilegen.runtime.reduction.few_row_blocks)."""
    return PADDED_FEW_BLOCKS_PER_SM if max_n <= PADDED_WIDEST else PADDED_WIDE_FEW_BLOCKS_PER_SM


# Wider rows go to a team of cdiv(N, BLOCK_N) programs, each holding one BLOCK_N-column
# segment in registers and exchanging partial results with the others (read once). A
# team's programs wait for each other, so where they cannot all be resident at once (a
# team larger than the SM count, a CUDA graph being captured) or a kernel cannot exchange
# its reductions (accumulators other than f32), the launcher takes this looped row instead.
# Measured on the H100, softmax f16 512x65536: looped 2042-2056 GB/s; team of 16 programs
# of 4096 columns, 4 warps: 2648; 128x262144: looped 1698, team of 32 x 8192, 8 warps: 2503.
# Rows loaded element by element that these chunks pad much take narrower ones where the
# table is not pinned (tilegen.runtime.reduction.fallback_chunk).
LOOPED_FALLBACK = (None, "looped", 16384, 1, 32, 0, 1)

# A single-pass thread holds ROWS * BLOCK_N / (32 * warps) values of each full-shaped input
# (in f32) through the reductions; per-column inputs are loaded after them. Where that
# times the kernel's number of full-shaped inputs exceeds this budget, the kernel's copy
# of the table doubles num_warps (up to 32) so the registers do not cut occupancy
# (add_layernorm's x and r at 8192 columns and 4 warps would hold 128 values a thread).
# 0 turns the adjustment off.
REGISTER_BUDGET = 64

# Kernels whose reductions chain (one needs another's result: layernorm's variance needs
# the mean, softmax's sum needs the max) exchange values across warps once per link. At
# these table rows their single pass uses half the table's warps (at least 4): fewer
# warps make each exchange cheaper. Measured on the H100, layernorm bf16 8192x8192:
# 4 warps 2797 GB/s, 8 warps under 2690, while rmsnorm (one reduction) is best at 8;
# softmax f16 2048x16384 is best at 16-32 warps, so 16384 keeps the table's warps.
CHAINED_HALVE_AT = (8192,)

# Kernels with a single level of reductions (no reduction needs another's result, as in
# rmsnorm) and row-varying outputs run looped at these table rows: the first loop keeps
# only running sums, not the row, and the final loop reads the row again, from cache.
# Measured on two H100s, rmsnorm bf16, GB/s (a copy of the same bytes: 2858-2875):
#   65536x1024: single pass 2845-2853; looped, one 1024 block, 4 warps: 2883-2892
#   16384x4096: single pass 2838-2844; looped, one 4096 block, 8 warps: 2864-2875
#   8192x8192:  single pass 2818-2839 (8-16 warps); looped, two 4096 blocks: 2815-2832
#               with 8 warps, 2866-2867 with 16 (torch.compile 2863-2864, copy 2873)
# The 8192 figures are with the row width a compile-time constant (COLS, _fixed_width in
# the generated launcher); with it at run time the looped kernel lost 1-3% there.
# softmax (an online max-and-sum) measured 0.86-0.95x of its single pass this way, so it
# keeps it. Values: (strategy, BLOCK_N, ROWS, warps).
# The 65536x1024 figures above predate row ALIGN. Measured since, at 1024 columns the
# single pass is ahead where the rows fit in L2 (H100, 16384x1000: 24.3 us single against
# 27.5 looped) and 0.6% behind at 65536x1024 (93.7 against 93.1), so the 1024 row keeps
# the single pass.
# At 16384 columns the single pass stays: looped in 4096-column chunks of 16 warps, rmsnorm bf16
# ran 4-9% faster over 1024-8192 rows (H200, 8192x14336 125.6 -> 114.9 us, 4096x16384 71.7 ->
# 69.1) but level over 264, and quantize_rows_i8 lost there (264x16384 23.2 -> 26.8) and gained
# nothing over 2048-4096 rows (docs/design.md), before its quotient took the row's reciprocal;
# kernels whose outputs are the heavy work take HEAVY_OUTPUTS_CHUNKED since (below).
# Over rows loaded element by element the launcher resizes these entries' chunks, and
# WELFORD_LOOPED_AT's, as the padded entries' (tilegen.runtime.reduction.looped_chunk),
# except over at most LOOPED_FEW_BLOCKS_PER_SM row blocks an SM.
REREAD_AT = {4096: ("looped", 4096, 1, 8), 8192: ("looped", 4096, 1, 16)}
# Row blocks an SM up to which the looped entries of REREAD_AT and WELFORD_LOOPED_AT keep their
# own 4096-column chunks over rows loaded element by element (as the padded entries give way
# over few row blocks): H200, 264 rows (2 an SM) of 7001 columns, us, 4096 columns of 16 warps
# -> 1024 of 8: rmsnorm 9.2 -> 10.1, layernorm 11.1 -> 11.6; 528 rows 13.6 -> 12.7 and 17.7 ->
# 14.9; 1024 rows 22.7 -> 20.9 and 31.5 -> 25.0.
LOOPED_FEW_BLOCKS_PER_SM = 2

# Kernels of one level of reductions whose row outputs cost more than a few ALU
# instructions an element, none of that work feeding a reduction (quantization: abs and max
# for the scale, then a quotient, a rounding and a conversion a value), take an entry of
# 2048-column chunks of 16 warps before the 16384 entry's single pass (a thread's share 4
# values, where the single pass holds 32 through the work): the first loop finds the
# scale, the second reads the row again, from L2. The launcher skips it over at most
# HEAVY_OUTPUTS_FEW_BLOCKS_PER_SM row blocks an SM and for rows loaded element by element
# (the single pass then runs, as before). Pinned on the H100 (docs/design.md, "Heavy
# outputs"), widths 12800-16384 over 1024-8192 rows, the single pass's time over the
# chunks': quantize_rows_i8 1.014-1.179 (geomean 1.110; 2048x14336 50.1 -> 44.0 us),
# quantize_rows_f8 1.018-1.176 (1.086); over 264-528 rows 0.92-1.06; 4096-column chunks
# of 16 warps 1.014-1.072, 2048 of 8 0.765-1.16. rmsnorm (light outputs) lost in them
# (0.904-1.005), as did quantize_rows_f8 at 14337 columns (0.913, 0.970; quantize_rows_i8
# gained there, 1.22-1.26, a gain odd rows forgo).
HEAVY_OUTPUTS_CHUNKED = {16384: ("looped", 2048, 1, 16)}
HEAVY_OUTPUTS_FEW_BLOCKS_PER_SM = 4
# Rows of at most 12288 columns over few row blocks skip their padded entry and reach the
# heavy one: it must give way there too, to the single pass.
assert PADDED_WIDE_FEW_BLOCKS_PER_SM <= HEAVY_OUTPUTS_FEW_BLOCKS_PER_SM

# Kernels whose reductions chain only through a mean and a variance about it (layernorm:
# mean(x), then mean(xc * xc)) read the row twice looped, as rmsnorm does: the first loop
# keeps Welford's running mean and M2 per lane. At these table rows they run looped.
# Measured on the H100, layernorm bf16 8192x8192, GB/s (torch.compile 2857-2858, copy
# 2868-2873): single pass 2765-2771 (4 warps), 2797-2805 (8), 2832-2841 (16); looped, two
# 4096 blocks: 2566-2568 (8 warps), 2854-2855 (16), 2147 (32); four 2048 blocks, 16 warps:
# 2843. At 4096 columns the REREAD single pass below stays ahead (2866-2877 against
# 2852-2868 looped). Values: (strategy, BLOCK_N, ROWS, warps).
WELFORD_LOOPED_AT = {8192: ("looped", 4096, 1, 16)}

# Kernels whose reductions chain (layernorm: the variance needs the mean), with row-varying
# outputs and no online max-and-sum, use the "reread" strategy at these table rows: the
# single pass computes every reduction from the row in registers, then lets the row go and
# reads it again, from cache, to compute the outputs, instead of holding it throughout (the
# first load asks L2 to keep the row). Measured on the H100, layernorm bf16, GB/s, against
# the single pass: 65536x1024 2871 / 2858 (2 rows, 4 warps); 16384x4096 2858 / 2843 and,
# on a second H100, 2856 / 2782 (8 warps). Without the evict_last on the first load it
# measured no better than the single pass; at 8192 columns it stayed within 1% of it.
# softmax keeps holding the row (reading it again would compute every exp twice).
# Values: (strategy, BLOCK_N, ROWS, warps).
# At 1024 columns the plain single pass is ahead (H200, layernorm 16384x1024: 20.3 against
# 22.0 us REREAD; 16384x1000: 20.3 against 21.9) and within 0.5% at 65536x1024 (2858
# against 2871 GB/s above; level in a later sweep), so the 1024 row keeps it.
REREAD_CHAINED_AT = {4096: ("reread", 0, 1, 8)}

# Kernels with an online max-and-sum (softmax, log-softmax: an exp per element and two
# reductions in a chain) size their single pass's blocks at these table rows from the row
# width, in the launcher (tilegen.runtime.reduction.narrow_rows: 4 or 8 values a thread), so
# that more programs overlap their latencies. Launchers as generated against the table's
# rows on the H100, f16, us: log-softmax 16384x17 8.67 -> 6.05 (eager 6.24); softmax 65536x100
# 26.46 -> 25.22, 16384x127 13.60 -> 11.65 (with 4 values a thread). In the sweep that chose
# it (docs/design.md) rmsnorm measured slower so (65536x24 7.14 -> 7.94, 16384x100 7.30 ->
# 8.13), as did softmax at the 512-column row (16384x255 14.18 -> 17.06). Not measured for the
# other online kernels of the examples (cross-entropy, top-p). A spec's schedule { } that
# pins launch values goes without it, as without the padded entries (`precision` pins none).
ONLINE_NARROW_AT = (32, 128)

# Kernels with an online max-and-sum give rows of 129-256 columns an entry of their own
# before the 512 entry: its 4 rows a program in 2 warps instead of 4, 16 values a thread (the
# 512 entry holds 8 there, half its block padding), as the 512 and 1024 entries' blocks hold
# at their widest rows. Measured on the H200, f16, the table's 4 warps against 2, us:
# softmax 16384x197 12.74 -> 11.74, 65536x197 33.89 -> 29.82, 65536x150 29.95 -> 25.54,
# 65536x255 34.50 -> 30.85, 4096x255 7.20 -> 6.91; log-softmax 16384x197 12.80 -> 10.94,
# 65536x197 34.98 -> 27.23; over 264-1056 rows within 2% (fewer row blocks than SMs take
# more warps there anyway: few_rows_warps). Wider rows keep 4 warps: at 300-511 columns 2
# warps ran 0.95-1.06x, at 600-1024 0.95-0.98x (softmax 16384x768 21.47 against 22.69).
ONLINE_HALF_BLOCK_ROW = (256, "single", 0, 4, 2, 0, 1)


def table_rows(row_inputs: int, levels: int, reread: str, team: bool,
               two_reads: bool = False, padded: bool = True,
               online: bool = False, heavy_outputs: bool = False) -> tuple[tuple[tuple[str, ...], ...], dict]:
    """The launch table for a kernel whose reductions have `levels` levels and whose single
    pass holds `row_inputs` row-sized inputs through them: DEFAULT_TABLE, with the rows that
    read the row again for the outputs where `reread` allows it ("looped": REREAD_AT,
    "chained": REREAD_CHAINED_AT, "": neither), num_warps halved at the CHAINED_HALVE_AT
    widths where reductions chain (two levels or more), then doubled where a single pass
    (REREAD or not) would hold more than REGISTER_BUDGET row values a thread (and lose
    occupancy to registers). Without a `team` kernel, the team rows become one
    LOOPED_FALLBACK row. A "chained" kernel whose looped form reads the row only twice
    (`two_reads`: its variance joins its mean's pass) also runs looped at the
    WELFORD_LOOPED_AT widths. Where `padded` (no schedule pins), rows that would fill little of
    a single pass's power-of-two block run looped in chunks (padded_rows): PADDED_ROW's of
    PADDED_WARPS unless the kernel has an `online` max-and-sum, PADDED_WIDE_ROW's, or
    PADDED_WIDE_ONLINE's in such a kernel; an online kernel also takes ONLINE_HALF_BLOCK_ROW,
    and its launcher sizes its single pass's rows at the ONLINE_NARROW_AT widths (both also
    only where `padded`). A "looped" kernel whose outputs are the heavy work
    (`heavy_outputs`, also only where `padded`) takes HEAVY_OUTPUTS_CHUNKED's entries before
    those widths' single pass. Also returns the widths each
    adjustment changed: {"reread": ..., "welford": ..., "fewer": ..., "more": ..., "padded":
    ..., "narrow": ..., "half_block": ..., "looped": ..., "heavy": ...} (fewer / more warps
    than the row it started from; padded: the chunked rows; narrow: the rows the launcher
    sizes; half_block: the ONLINE_HALF_BLOCK_ROW entry; looped: the other looped rows of a
    width, whose chunks the launcher sizes for rows loaded element by element; heavy: the
    HEAVY_OUTPUTS_CHUNKED entries)."""
    rows = []
    changed = {key: [] for key in ("reread", "welford", "fewer", "more", "padded", "narrow", "half_block", "looped",
                                   "heavy")}
    heavy = HEAVY_OUTPUTS_CHUNKED if padded and heavy_outputs and reread == "looped" else {}
    table = padded_rows(DEFAULT_TABLE) if padded else DEFAULT_TABLE
    padded_maxes = {r[0] for r in table} - {r[0] for r in DEFAULT_TABLE}  # the entries padded_rows added
    if padded and online:
        table = tuple(sorted(table + (ONLINE_HALF_BLOCK_ROW,), key=lambda r: (r[0] is None, r[0] or 0)))
        changed["half_block"].append(ONLINE_HALF_BLOCK_ROW[0])
    if not team:
        table = tuple(r for r in table if r[1] != "team") + (LOOPED_FALLBACK,)
    rereads = {"looped": REREAD_AT, "chained": REREAD_CHAINED_AT}.get(reread, {})
    if reread == "chained" and two_reads:
        rereads = {**rereads, **WELFORD_LOOPED_AT}
    for max_n, strategy, block, n_rows, default_warps, per_sm, stages in table:
        warps = default_warps
        if max_n in padded_maxes:  # PADDED_ROW or PADDED_WIDE_ROW
            changed["padded"].append(max_n)
            if (strategy, block, n_rows, warps, per_sm, stages) == PADDED_ROW:
                warps = default_warps = padded_chunk_warps(online)
            elif online:
                block, warps = PADDED_WIDE_ONLINE
                default_warps = warps
        if padded and online and strategy == "single" and max_n in ONLINE_NARROW_AT:
            changed["narrow"].append(max_n)
        if strategy == "single" and max_n in heavy:
            rows.append(tuple(repr(v) for v in (max_n,) + heavy[max_n] + (0, 1)))
            changed["heavy"].append(max_n)
        if strategy == "single" and max_n in rereads:
            strategy, block, n_rows, default_warps = rereads[max_n]
            warps = default_warps
            changed["welford" if strategy == "looped" and reread == "chained" else "reread"].append(max_n)
        # the single pass, REREAD or not, holds the row through its reductions
        if strategy in ("single", "reread") and max_n is not None:
            if levels >= 2 and max_n in CHAINED_HALVE_AT:
                warps = max(4, warps // 2)
            width = block or 1 << max(0, max_n - 1).bit_length()  # the widest block this entry launches
            while REGISTER_BUDGET and warps < 32 and n_rows * width // (32 * warps) * max(1, row_inputs) > REGISTER_BUDGET:
                warps *= 2
            (changed["fewer"] if warps < default_warps else changed["more"] if warps > default_warps else []).append(max_n)
        if padded and strategy == "looped" and max_n is not None and max_n not in padded_maxes:
            changed["looped"].append(max_n)  # REREAD_AT, WELFORD_LOOPED_AT: chunks for odd rows (looped_chunk)
        rows.append(tuple(repr(v) for v in (max_n, strategy, block, n_rows, warps, per_sm, stages)))
    return tuple(rows), {k: tuple(v) for k, v in changed.items()}


def reread_kind(levels: int, full_outputs: bool, online: bool) -> str:
    """Which launches that read the row again for the outputs suit a kernel: "looped" for one
    level of reductions (the looped kernel's first loop keeps only running sums), "chained"
    for reductions that chain but have no online max-and-sum (the single pass with
    REREAD), "" where there is no row-sized output to compute after the reductions."""
    if not full_outputs or levels == 0:
        return ""
    if levels == 1:
        return "looped"
    return "" if online else "chained"


def few_rows_team_row(table, window: bool, light: bool, padded: bool) -> tuple[str, ...]:
    """The table's first team entry, without its max_n, for the launcher to run over few rows
    loaded element by element (tilegen.runtime.reduction.few_rows_team, with the
    measurements), or () where that does not apply: no team kernel whose segments may start
    at the 16-byte boundary before the row (`window`), work per element beyond a few ALU
    instructions (not `light`: an exp, a quotient, a power; softmax's single pass spreads it
    over more threads than a team's segments do, and measured faster), or a `schedule { }`
    (not `padded`: its pins stand)."""
    if not window or not light or not padded:
        return ()
    return next((row[1:] for row in table if row[1] == repr("team")), ())


def fallback_row() -> tuple[str, ...]:
    """LOOPED_FALLBACK without its max_n, as Python literals: what a launcher runs where a
    team cannot."""
    return tuple(repr(v) for v in LOOPED_FALLBACK[1:])


def held_inputs(loads, steps) -> int:
    """How many row-sized inputs the single pass holds through a reduction: every
    full-shaped input (loaded with the row), and each per-column input whose load comes
    before some reduction (it appears inside the argument of a reduction of the statement
    that first uses it; one used only outside them loads after them)."""
    last_reduce = max((n for n, st in enumerate(steps) if st.kind == "reduce"), default=-1)
    early = sum(len(st.loads) for st in steps[:last_reduce] if st.kind == "loads")
    return sum(1 for l in loads if l.mask == "mask") + early


def schedule_pins(schedule) -> tuple[tuple[tuple[str, str], ...], str]:
    pins = []
    strategy = schedule.get("strategy")
    if strategy is not None:
        pins.append(("strategy", repr(str(strategy))))
    if schedule.get("block_n") is not None and strategy is not None:
        pins.append(("BLOCK_N", str(schedule.get("block_n"))))
    elif strategy == "team":
        # The launch table's BLOCK_N is 0 for rows it runs in one pass: a team needs segments.
        pins.append(("BLOCK_N", "BLOCK_N or 4096"))
    for key, var in (("rows", "ROWS"), ("warps", "num_warps"), ("stages", "stages")):
        if schedule.get(key) is not None:
            pins.append((var, str(schedule.get(key))))
    persistent = schedule.get("persistent")
    if persistent is not None:
        pins.append(("per_sm", "per_sm or 4" if str(persistent) == "true" else "0"))
    free_block = str(schedule.get("block_n")) if schedule.get("block_n") is not None and strategy is None else ""
    return tuple(pins), free_block
