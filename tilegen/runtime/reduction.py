"""Reduction launches, host side: which row widths a looped kernel is compiled for, and
the team strategy's exchange buffer (the programs that share a row publish their partial
results in it) and whether a team may launch at all (its programs wait for each other).
The device side, `_team_exchange` and the `_team_*` combines, is @triton.jit code in the
generated module.
"""

from __future__ import annotations

import torch

from .args import cdiv, current_stream, next_power_of_2

TEAM_WORKSPACES = {}


def team_workspace(device, n_words):
    """The exchange buffer of team kernels on the current stream, and this launch's epoch.

    Launches on one stream run one after another, so each takes the next epoch and never
    mistakes an earlier launch's words for its own; each stream has its own buffer. A new
    buffer starts zeroed (epoch 0: never a launch's) and the epochs start again from 1."""
    if device.type == "cuda":
        stream = current_stream(device.index if device.index is not None else torch.cuda.current_device())
    else:
        stream = 0
    key = (str(device), stream)
    ws, epoch = TEAM_WORKSPACES.get(key, (None, 0))
    epoch += 1
    if ws is None or ws.numel() < n_words or epoch >= 2**31:
        ws, epoch = torch.zeros(max(1, n_words), dtype=torch.int64, device=device), 1
    TEAM_WORKSPACES[key] = ws, epoch
    return ws, epoch


def team_fits(device, team):
    """A team's programs wait for each other, so all of them must be resident at once: at
    most one program per SM (each SM holds at least one), blocks dispatched in order (as
    CUDA does), and not while a CUDA graph is captured (a replay would repeat the epoch)."""
    if device.type != "cuda":
        return team == 1  # the interpreter runs programs one at a time
    if torch.cuda.is_current_stream_capturing():
        return False
    return team <= sm_count(device)


def launch_key(signature, device):
    """The key under which a launcher with a team keeps its launch choice (Calls.facts):
    the call's signature and whether a CUDA graph is being captured on the current stream,
    where a team cannot run (team_fits). None without a signature (worked out every call)."""
    if signature is None:
        return None
    return signature, device.type == "cuda" and torch.cuda.is_current_stream_capturing()


def element_by_element(*sizes):
    """Do rows of this width and these row strides (in elements) load element by element?
    So where any of them is odd: no two neighbours of a row share an aligned pair. (Their
    bits or'ed: the launchers of few_rows_team ask on every call.)"""
    odd = 0
    for n in sizes:
        odd |= n
    return bool(odd & 1)


# A team's segments hold BLOCK_N / (32 * warps) values a thread: 32 at the table's 4096
# columns of 4 warps (up to 65536 columns) and 8192 of 8 (beyond). Segments of half as
# many columns, the team twice as large (where it still fits: team_fits), run faster
# (1) where the rows load element by element (an odd width or row stride, and no WINDOW:
# row_window). Launchers as generated against the table's segments on the H100, us:
# softmax f16 2048x32001 198.3 -> 156.2, 264x50257 54.8 -> 46.1, 512x65537 127.9 -> 119.0
# (8192 -> 4096 columns); layernorm bf16 264x50257 60.5 -> 51.3, 128x131073 96.8 -> 90.5;
# log-softmax f16 264x50257 41.5 -> 38.8. (2) Where the teams are fewer programs than the
# SMs: a row's latency is then the kernel's time, and more SMs share each row. Pinned
# segments, us, the table's -> half: softmax f16 1x50257 10.2 -> 7.8, 4x50257 10.4 -> 8.2,
# 1x65536 8.2 -> 7.4, 4x131073 12.5 -> 9.8; layernorm bf16 1x50257 7.4 -> 7.0, 4x50257
# 7.6 -> 7.3; log-softmax f16 1x131073 7.4 -> 7.0, 4x50257 6.7 -> 6.9. With a wave of
# programs or more, rows in whole vectors keep the table's segments: log-softmax 264x50256
# 25.1 us in 4096 columns, 29.7 in 2048 (docs/design.md); 16x50257 (208 programs) 7.6
# against 7.9, though softmax there ran 11.4 against 9.2 (its exact division per element).
# (3) Where rows that do not start on 16-byte boundaries load through a window (row_window)
# in a kernel that divides exactly per element (softmax's quotient, `divides`; even widths not
# a multiple of the vector too): H200, softmax f16, pinned segments, the table's -> half, us:
# 4096x50257 472.6 -> 438.5 (eager 355.0), 1024x50257 126.0 -> 116.6, 4096x32001 293.3 ->
# 256.3, 2048x65537 395.6 -> 327.0 (8192 -> 4096 columns of 8 warps); even, in a later run:
# 4096x50260 463.0 -> 437.0, 2048x65540 389.2 -> 323.5. Rows in whole vectors (no window)
# lost there (4096x50304 325.7 -> 356.1, 4096x32000 202.0 -> 231.6, 2048x128256 489.8 ->
# 592.8), as did log-softmax's windowed rows, which divide nothing per element: 4096x50257
# 247.6 -> 308.7, 2048x65537 173.1 -> 205.6, 4096x50260 245.3 -> 314.8.
TEAM_SCALAR_SPLIT = 2


def team_block(device, n_cols, block_n, *strides, n_rows, window, divides=False):
    """BLOCK_N of a team's segments for `n_rows` rows of `n_cols` columns and these row
    `strides`, the segments starting `window` - 1 elements before the row at most
    (row_window): the table's `block_n`, or 1/TEAM_SCALAR_SPLIT of it (not below 1024
    columns) where that larger team fits on the device and the rows, of an odd width or row
    stride, load element by element, or load through a window (`window` > 1) in a kernel
    that `divides` along the row, or the teams are fewer programs than the SMs (see above)."""
    half = block_n // TEAM_SCALAR_SPLIT
    if half < 1024 or not team_fits(device, cdiv(n_cols + window - 1, half)):
        return block_n
    scalar = (window == 1 and element_by_element(n_cols, *strides)) or (divides and window > 1)
    few = device.type == "cuda" and n_rows * cdiv(n_cols + window - 1, block_n) < sm_count(device)
    return half if scalar or few else block_n


# Few rows loaded element by element (an odd width or row stride) run as a team where the
# table's team segments would make at least two programs a row, the teams so counted fit
# in one wave of SMs (team_block may then halve the segments, as for wide rows), and the
# segments can start at the 16-byte boundary before each row (row_window): the team loads
# whole vectors where the single pass or the looped chunks load element by element, and
# more SMs share each row's latency. Pinned teams against the launchers as generated, H200,
# bf16, us: layernorm 1x4097 7.71 -> 5.70 (segments of 2048), 4x4097 7.78 -> 6.27, 64x4097
# 7.97 -> 6.94; rmsnorm 4x4097 6.11 -> 5.41, 64x4097 6.30 -> 5.84. Rows in whole vectors
# keep the table (layernorm 64x4096 5.28 against 6.66, rmsnorm 4x4096 4.48 against 5.28),
# as do kernels with more than light work per element (the op table's `light`; the
# launcher's template leaves them out): softmax f16 1x4097 6.56 against 7.74, 64x4097 6.72
# against 8.54 (docs/design.md).
def few_rows_team(device, n_rows, n_cols, block_n, vector, *strides):
    """Should rows of `n_cols` columns and these row `strides` (in elements) run as a team of
    `block_n`-column segments (the launch table's), instead of the table's entry for their
    width? Where they load element by element, a team of at least two programs a row
    (segments that may start `vector` - 1 elements before the row) and the teams fit in one
    wave of the SMs (see above). The launcher then checks that the segments can start at the
    boundary (row_window)."""
    if not element_by_element(n_cols, *strides) or device.type != "cuda":
        return False
    team = cdiv(n_cols + vector - 1, block_n)
    return team >= 2 and n_rows * team <= sm_count(device) and team_fits(device, team)


def row_window(vector, n_cols, col_strides, misaligned, *row_strides):
    """WINDOW of a team kernel: `vector`, the elements of a 16-byte vector of the narrowest
    row-sized tensor, where the rows do not all start on 16-byte boundaries or end on one
    (the row width or a row stride is not a multiple of it, so the segments would load
    element by element or in shorter vectors) and yet each row starts the same number of
    elements past a boundary in every row-sized tensor: unit column strides
    (`col_strides`), data aligned to `vector` of its elements (`misaligned`: each tensor's
    data_ptr() modulo those bytes, all 0; a chunk of `vector` elements then never
    straddles a page), and row strides equal modulo `vector` along each row dimension
    (`row_strides`: per row dimension, a tuple of every tensor's stride along it, 0 where
    it is broadcast). The row's segments then start at the boundary at or before its
    start and move whole vectors. Else 1.
    Measured on the H100, log-softmax f16, the launcher before (segments of half as many
    columns, element by element) -> with windows, us, in one run: 264x50257 37.7 -> 23.6,
    512x65537 90.2 -> 53.6, 2048x32001 153.1 -> 97.8; eager 29.1, 84.3, 145.1
    (docs/design.md, "Segments start at the 16-byte boundary before the row")."""
    if n_cols % vector == 0 and all(s % vector == 0 for strides in row_strides for s in strides):
        return 1  # whole vectors already (ALIGN says so where Triton cannot prove it)
    if any(s != 1 for s in col_strides) or any(misaligned):
        return 1
    if any(len({s % vector for s in strides}) > 1 for strides in row_strides):
        return 1
    return vector


# A single pass over fewer row blocks than the GPU has SMs leaves SMs idle, and each row's
# latency (load, reductions across warps, store) is the kernel's time: more warps share a
# row's work, up to one warp per LATENCY_ELEMENTS_PER_WARP elements of the block (32 at
# most). Measured on the H100, softmax f16 (table warps -> these): 1x4097 13.5 -> 7.4 us,
# 4x5120 11.9 -> 7.2, 64x8192 10.0 -> 7.1, 1x16384 8.2 -> 7.8; with a wave of row blocks or
# more the table's warps stay (8192x4096: 4 warps 52.4 us, 16 warps 60.2).
LATENCY_ELEMENTS_PER_WARP = 256


def few_rows_warps(device, num_row_blocks, block_elements, num_warps):
    """num_warps for a single-pass launch of `num_row_blocks` blocks of `block_elements`
    elements: more where the blocks do not fill the SMs once (see above), else unchanged."""
    if not few_row_blocks(device, num_row_blocks):
        return num_warps
    return max(num_warps, min(32, block_elements // LATENCY_ELEMENTS_PER_WARP))


# A single pass whose row blocks do not fill the programs the SMs hold at once (the warps
# an SM runs: 64 on the H100) leaves latency unhidden: fewer rows a program give more
# programs, down to FILL_VALUES values a thread (a 16-byte vector of 16-bit values).
# Measured on the H100, softmax f16, the launcher before -> after, us: 1000 columns, 528
# rows 8.1 -> 6.8, 2048 rows 10.7 -> 9.6, 4096 rows 13.6 -> 13.1; 1024 columns, 2048 rows
# 7.3 -> 6.8, 4096 rows 9.4 -> 8.9; with 16384 rows (8192 blocks of 2) the 2 rows stay
# (30.8 us; 1 row a program 31.8).
FILL_VALUES = 8


def rows_to_fill(device, n_rows, rows, block_n, num_warps):
    """ROWS for a single pass: the table's `rows`, halved while its row blocks number fewer
    than the SMs hold at once (sm_warps // num_warps programs an SM) and a block keeps at
    least FILL_VALUES values a thread. Unchanged under the interpreter."""
    if device.type != "cuda":
        return rows
    slots = sm_count(device) * max(1, sm_warps(device) // num_warps)
    while rows > 1 and cdiv(n_rows, rows) < slots and rows // 2 * block_n >= FILL_VALUES * 32 * num_warps:
        rows //= 2
    return rows


def few_row_blocks(device, num_row_blocks, blocks_per_sm=1):
    """Do `num_row_blocks` number at most `blocks_per_sm` an SM (one wave of the GPU's SMs, by
    default)? Then a row's latency is the kernel's time: a single pass takes more warps
    (few_rows_warps), and the launch table's entries for rows mostly padding (looped chunks,
    PADDED_SHARE in tilegen/lower/reduction/launch.py; their `blocks_per_sm` from
    padded_few_blocks_per_sm there) give way to the next entry, what ran before them.
    Measured on the H100, that entry against the chunks: layernorm bf16 64x4097 8.2 against
    9.0 us, rmsnorm 4x4097 6.3 against 6.9; with 1024 rows of softmax f16 5000 wide the
    chunks lead, 14.7 against 24.2. Never under the interpreter (one program at a time)."""
    return device.type == "cuda" and num_row_blocks <= blocks_per_sm * sm_count(device)


def heavy_gives_way(device, num_row_blocks, blocks_per_sm, n_cols, *strides):
    """Does a launch table's entry for heavy outputs (HEAVY_OUTPUTS_CHUNKED in
    tilegen/lower/reduction/launch.py: narrow chunks for kernels whose outputs cost a
    quotient or a transcendental function a value) give way to the single pass after it?
    So over at most `blocks_per_sm` row blocks an SM (few_row_blocks), and over rows of
    this width and these row strides loaded element by element."""
    return few_row_blocks(device, num_row_blocks, blocks_per_sm) or element_by_element(n_cols, *strides)


# Rows mostly padding run looped in chunks (PADDED_SHARE in tilegen/lower/reduction/launch.py)
# sized to how the rows load: a thread's share of a chunk is one 16-byte vector where the
# rows load in them, fewer values where they load element by element. Among the sizes that
# suit the loads and the table entry's own (1024 columns; for rows of 8193-12288 columns
# 4096 of 16 warps, or 2048 of 8 with an online max-and-sum), the fewest lanes past the row
# end win (ties: the larger chunk). Launchers as generated against 1024-column chunks of 4 warps
# on the H100, x best of eager (and torch.compile at 2048x4097): layernorm bf16 2048x4097 0.949 -> 1.192
# (512 columns, 4 warps), 4096x2501 1.43 -> 1.83 (512, 4), 4096x5001 1.61 -> 1.88 (1024, 8);
# rmsnorm 4096x6144 1.196 -> 1.297 (2048, 8); softmax f16 4096x6144 1.71 -> 1.87 (2048, 8),
# 4096x2501 1.34 -> 1.49 (512, 4); the sweep that chose the sizes: docs/design.md, "The
# chunks follow the row's loads".
# Rows loaded element by element loop in chunks of 512 columns of 4 warps, 1024 columns of
# the warps the kernel's narrower chunks run (`chunk_warps`: 4 with an online max-and-sum,
# else 8) or the entry's own up to SCALAR_OWN_MOST (an online kernel's 2048 of 8), at the
# padded entries and REREAD_AT's and WELFORD_LOOPED_AT's looped ones (looped_chunk; not the
# team fallback's 16384 columns, nor pinned launches): 4096-column chunks loading element
# by element ran up to 1.65x slower than 1024 columns of 8. H200, 4096 rows, us, before ->
# after: layernorm bf16 8191 119.0 -> 72.0, 12001 194.3 -> 139.3; rmsnorm bf16 4001 43.1 ->
# 35.7; log-softmax f16 11001 106.6 -> 86.1 (docs/design.md, "Rows loaded element by
# element loop in small chunks").
PADDED_VECTOR = (2048, 8)  # rows of whole 16-byte vectors: 8 values a thread
PADDED_SCALAR = (512, 4)  # rows loaded element by element: 4 values a thread
SCALAR_CHUNK = 1024  # ... or 1024 columns of the kernel's chunk warps
SCALAR_OWN_MOST = (2048, 8)  # ... or the entry's own chunk, up to this many columns and warps


def _lanes(n_cols, block_n):
    """Lanes that chunks of `block_n` columns take for a row of `n_cols`."""
    return cdiv(n_cols, block_n) * block_n


def _fewest_lanes(n_cols, options):
    """Of (BLOCK_N, num_warps) `options`, the one whose chunks leave the fewest lanes past
    the row end (of a tie, the larger chunk)."""
    return min(options, key=lambda option: (_lanes(n_cols, option[0]), -option[0]))


def padded_chunk(n_cols, block_n, num_warps, itemsize, *strides, chunk_warps):
    """(BLOCK_N, num_warps) for the looped chunks of rows mostly padding: the table entry's
    own (`block_n`, `num_warps`) or PADDED_VECTOR where the row width and the row `strides`
    are multiples of a 16-byte vector of `itemsize`-byte elements; where some is odd,
    PADDED_SCALAR, SCALAR_CHUNK columns of `chunk_warps` warps or the entry's own up to
    SCALAR_OWN_MOST (looped_chunk); of those, the one with the fewest lanes past the row end
    (of a tie, the larger chunk). An own BLOCK_N of 0 (an edited table's) competes with none."""
    if element_by_element(n_cols, *strides):
        return looped_chunk(n_cols, block_n, num_warps, *strides, chunk_warps=chunk_warps)
    vector = max(1, 16 // itemsize)
    whole = all(n % vector == 0 for n in (n_cols,) + strides)
    options = ([PADDED_VECTOR] if whole else []) + ([(block_n, num_warps)] if block_n else [])
    return _fewest_lanes(n_cols, options) if options else (block_n, num_warps)


def looped_chunk(n_cols, block_n, num_warps, *strides, chunk_warps, few=False):
    """(BLOCK_N, num_warps) for a looped entry's chunks (also padded_chunk's for rows loaded
    element by element): its own, but where the rows load element by element (an odd width
    or row stride) PADDED_SCALAR, SCALAR_CHUNK columns of `chunk_warps` warps or its own up
    to SCALAR_OWN_MOST, whichever leaves the fewest lanes past the row end (of a tie, the
    larger chunk); its own over `few` row blocks (the launcher asks few_row_blocks with
    LOOPED_FEW_BLOCKS_PER_SM of tilegen/lower/reduction/launch.py: a row's latency is then
    the kernel's time). An own BLOCK_N of 0 (an edited table's) does not compete."""
    if few or not element_by_element(n_cols, *strides):
        return block_n, num_warps
    own = [(block_n, num_warps)] if 0 < block_n <= SCALAR_OWN_MOST[0] and num_warps <= SCALAR_OWN_MOST[1] else []
    return _fewest_lanes(n_cols, [PADDED_SCALAR] + own + [(SCALAR_CHUNK, chunk_warps)])  # (own first: of a full tie, it stays)


# Where a team cannot run (a CUDA graph being captured, a team of more programs than SMs),
# rows wider than the table's single pass run looped in LOOPED_FALLBACK's chunks (16384
# columns of 32 warps, tilegen/lower/reduction/launch.py). Rows loaded element by element
# that those chunks leave more than FALLBACK_PAD_SHARE of the row past its end take
# FALLBACK_NARROW's chunks, over more than one row block an SM. Pinned on the H200, 50257
# columns, 264 / 1024 / 4096 rows, us, 16384x32 -> 4096x16: softmax f16 56.2 -> 45.4, 202.4
# -> 153.6, 759.5 -> 577.3; layernorm bf16 120.6 -> 60.0, 422.1 -> 215.2, 1620.8 -> 821.2;
# rmsnorm and log-softmax 1.21-1.28x. Where the wide chunks pad little (32001, 128257
# columns) or the rows are few (4) they stay: 4096x16 ran 0.65-0.95x there in softmax,
# layernorm or rmsnorm (docs/design.md, "The looped fallback's chunks"). Other rows (whole
# vectors or pairs) take them in kernels that divide per element, where the narrow chunks
# save more than FALLBACK_PAD_SHARE of the row in lanes: H100, captured, softmax f16
# 4096x20000 301.8 -> 146.4 us, 4096x50304 566.0 -> 389.1, quantize_rows_i8 4096x20480
# 260.3 -> 128.6; rmsnorm loses there (4096x50304 227 -> 265, pinned).
FALLBACK_NARROW = (4096, 16)
FALLBACK_PAD_SHARE = 1 / 8


def fallback_chunk(device, n_rows, n_cols, block_n, num_warps, *strides, divides=False):
    """(BLOCK_N, num_warps) for the looped fallback of a team over rows of `n_cols` columns
    and these row strides: the fallback's own (`block_n`, `num_warps`), or FALLBACK_NARROW
    where more than FALLBACK_PAD_SHARE of the row would be wasted lanes and the rows fill
    more than one row block an SM. Wasted: for rows loaded element by element, the lanes
    the own chunks leave past the row end; for other rows (whole vectors or pairs) in a
    kernel that `divides` per element (every lane a quotient, softmax's an exp too), the
    lanes FALLBACK_NARROW's chunks save against the own ones."""
    if element_by_element(n_cols, *strides):
        wasted = _lanes(n_cols, block_n) - n_cols
    elif divides:
        wasted = _lanes(n_cols, block_n) - _lanes(n_cols, FALLBACK_NARROW[0])
    else:
        return block_n, num_warps
    if wasted <= n_cols * FALLBACK_PAD_SHARE:
        return block_n, num_warps
    return (block_n, num_warps) if few_row_blocks(device, n_rows) else FALLBACK_NARROW


# Kernels with an online max-and-sum (softmax: an exp per element, two reductions in a
# chain) over narrow rows (the launch table's entries up to 128 columns: ONLINE_NARROW_AT in
# tilegen/lower/reduction/launch.py) take blocks of NARROW_VALUES values a thread: 4 where
# the row is padded to its power-of-two block or loads element by element, 8 where it fills
# the block in vectors; the table's blocks hold 8-16. Measured on the H100, f16, us, 4 warps,
# the table's rows -> rows of 4 values a thread -> of 8: softmax 65536x17 12.96 -> 11.49 ->
# 12.54, 65536x24 11.04 -> 10.11 -> 10.80, 16384x100 11.81 -> 10.37 -> 11.07, 16384x127
# 13.66 -> 11.62 -> 12.54; 65536x32 8.38 -> 8.19 -> 7.87, 16384x128 8.45 -> 8.22 -> 7.90,
# 16384x64 (table: 8 values) 6.59 with 8, 6.72 with 4; log-softmax 16384x17 8.58 -> 5.95.
NARROW_VALUES = (4, 8)  # values a thread: padded or element by element, whole vectors


def narrow_rows(n_cols, rows, num_warps, *strides):
    """ROWS for the single pass of an online kernel over rows of `n_cols` columns: blocks of
    NARROW_VALUES[1] values a thread where the row fills its power-of-two block and no row
    stride is odd, else NARROW_VALUES[0]; never more than the table entry's `rows` (the
    narrowest rows, a few columns, were not measured with more)."""
    block = next_power_of_2(n_cols)
    full = block == n_cols and not element_by_element(*strides)
    return max(1, min(rows, NARROW_VALUES[full] * 32 * num_warps // block))


_SMS = {}  # device index -> (SM count, warps an SM runs at once, L2 bytes)


def _sm(device):
    """(SM count, warps an SM runs at once, L2 bytes) of a CUDA device, asked once per device."""
    index = device.index if device.index is not None else torch.cuda.current_device()
    if index not in _SMS:
        props = torch.cuda.get_device_properties(index)
        _SMS[index] = (props.multi_processor_count, getattr(props, "max_threads_per_multi_processor", 2048) // 32,
                       getattr(props, "L2_cache_size", 0))
    return _SMS[index]


def sm_count(device):
    """The number of SMs of a CUDA device."""
    return _sm(device)[0]


def sm_warps(device):
    """The warps an SM of a CUDA device runs at once (64 on Hopper and the A100, 48 on
    sm_86 and sm_89)."""
    return _sm(device)[1]


def l2_bytes(device):
    """The L2 cache of a CUDA device, in bytes (0 where torch does not say)."""
    return _sm(device)[2]


def row_align(*sizes):
    """The largest power of two up to 16 dividing every one of `sizes` (a row width and row
    strides), or 1 where all are multiples of 16: Triton proves those itself (it specializes
    integer arguments on divisibility by 16), so the kernel needs telling only of less. Rows
    of 1000 bf16 elements (2000 bytes) are 8-aligned: loaded in 16-byte vectors once the
    kernel knows (layernorm 16384x1000 on the H200: 39.9 us without, 21.9 with; docs/design.md)."""
    align = 16
    for n in sizes:
        while n % align:
            align //= 2
    return 1 if align == 16 else align


# How many row widths a looped kernel is compiled for, each with the width a constant.
FIXED_WIDTHS = 8


def fixed_width(widths, n):
    """n where the looped kernel is (or may be) compiled for rows of n columns, else 0:
    the first FIXED_WIDTHS widths a process launches get a compile each (known loop trip
    counts and masks); later widths share one compile that takes the width at run time."""
    if n > 0 and (n in widths or len(widths) < FIXED_WIDTHS):
        widths.add(n)
        return n
    return 0
