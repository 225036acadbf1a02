"""The render model of templates/reduction.py.j2: plain frozen data and one-line
expression strings. lower.py builds it; the templates own all code structure."""

from __future__ import annotations

from dataclasses import dataclass

from ...language import ir
from ..model import IndexStep, Signature, Statement


@dataclass(frozen=True, slots=True)
class Load:
    name: str
    offs: str  # NAME_offs = this ("" for per-row tensors: their row offset is enough)
    ptr: str  # e.g. "x_ptr + x_offs"
    mask: str  # mask (full), mask_rows (per-row) or mask_n (per-column)
    other: str  # the value masked-off lanes read
    why: str  # why `other` is what it is (a comment)
    upcast: tuple[str, str] | None  # narrow float: (before, after) the load, computed in f32
    evict: str = ""  # L2 eviction hint: evict_last (read again), evict_first (last read), reread (evict_last under REREAD)


@dataclass(frozen=True, slots=True)
class Step:
    """One line of kernel code: a spec statement, or a reduction over the block in registers."""

    kind: str  # "assign" or "reduce"
    target: str
    value: str  # assign: the expression; reduce: the reduced argument
    line: int  # spec line; 0 for none
    spec: bool  # print the `# spec:` line before it (first line of a statement)
    fn: str = ""  # reduce: tl.sum / tl.max / tl.min
    masked: bool = False  # reduce: wrap the argument in tl.where(mask, ., neutral)
    neutral: str = ""
    cast: str = ""  # reduce: ".to(tl.float32)" when the argument's type differs from the result's
    divisor: str = ""  # mean: the row width
    why: str = ""  # reduce: a comment on masked lanes
    note: str = ""  # assign: a comment on how it is computed
    loads: tuple = ()  # single pass: per-column inputs first used here, loaded just before it


@dataclass(frozen=True, slots=True)
class Acc:
    """A looped reduction: a [ROWS, BLOCK_N] accumulator, combined lane-wise, reduced after the loop."""

    name: str  # acc_...
    result: str
    fn: str  # tl function combining lanes at the end: sum / max / min
    init: str  # neutral element
    dtype: str  # accumulator type, e.g. float32
    value: str  # the argument
    masked: bool
    cast: str
    divisor: str
    line: int
    spec: bool
    why: str
    # argmax / argmin: the [ROWS, BLOCK_N] accumulator of each lane's position of its best
    # value (it starts past every position: NO_POSITION); "" for the other reductions
    index: str = ""
    index_init: str = "9223372036854775807"


@dataclass(frozen=True, slots=True)
class Online:
    """sum(exp(A - max(A))) and max(A) in one read: per lane a running max and a sum rescaled to it."""

    m_acc: str
    s_acc: str
    m_new: str
    shift: str
    m_result: str
    s_result: str
    value: str  # A
    input: str  # name holding A with masked lanes at -inf (== value when the load already did that)
    masked: bool
    line_m: int
    line_s: int
    m_spec: bool
    s_spec: bool
    dtype: str  # accumulator type: float32, or float64 for f64 inputs


@dataclass(frozen=True, slots=True)
class Moments:
    """mean(A) and the sum of (A - mean(A))**2 in one read (Welford): per lane a running
    mean and M2 (the sum of squared distances from that mean), combined per row. Its loop
    walks the row forwards, so a lane's count before a block is the block's index."""

    count_acc: str  # per lane, how many values it saw (computed after the loop)
    mean_acc: str
    m2_acc: str
    value: str  # A, in the accumulator type
    input: str  # name holding A, with masked lanes at the running mean (a delta of 0)
    delta: str
    weight: str  # 1 / (values a lane has seen, this block's included)
    distance: str  # each lane's mean minus the row's, when combining
    mean_result: str
    var_result: str
    divisor: str  # the row width for a mean of the squares ("" for a sum: M2 itself)
    line_mean: int
    line_var: int
    dtype: str  # accumulator type: float32, or float64 for f64 inputs


@dataclass(frozen=True, slots=True)
class Loop:
    """One looped pass over the row."""

    number: int  # 1-based, counting only passes that loop
    title: str  # what it computes, in spec terms
    backward: bool  # walk the row from its end (the blocks read last are likely still in L2)
    loads: tuple[Load, ...]
    steps: tuple[Step, ...]  # row-varying statements recomputed per block
    accs: tuple[Acc, ...]
    online: tuple[Online, ...]
    moments: tuple[Moments, ...] = ()
    carries: tuple[tuple[str, str, str], ...] = ()  # scans: (running value, start, dtype), kept across blocks


@dataclass(frozen=True, slots=True)
class Pass:
    loop: Loop | None  # None: this level's reductions were fused into the previous pass
    after: tuple[Step, ...]  # per-row statements once the pass is done


@dataclass(frozen=True, slots=True)
class TeamPass:
    """One exchange of the team strategy: a looped pass's reductions, over this program's
    segment of the row, then combined across the team."""

    number: int
    title: str
    steps: tuple[Step, ...]  # row-varying statements the partial results need
    partials: tuple[Step, ...]  # this program's reductions over its segment
    packed: str  # the partial results as one [1, WORDS_P2] f32 vector (word k at lane k)
    words: int  # how many partial results
    words_p2: int  # words rounded up to a power of two
    base: str  # where this exchange's words start in ws_ptr
    results: tuple[Step, ...]  # the team's reductions, from every program's partial results
    after: tuple[Step, ...]  # per-row statements once the exchange is done


@dataclass(frozen=True, slots=True)
class Window:
    """A team kernel's WINDOW (tilegen.runtime.reduction.row_window): its segments may start
    at the 16-byte boundary at or before each row's start. The launcher's expressions for
    the check, and the row offsets the kernel takes the distance from."""

    ref: str  # e.g. x_row_offs: the segments' shift is this tensor's row start modulo WINDOW
    vector: int  # elements of a 16-byte vector of the narrowest row-sized tensor
    col_strides: tuple[str, ...]  # each row-sized tensor's column stride, e.g. x.stride(1)
    misaligned: tuple[str, ...]  # each row-sized tensor's data_ptr() modulo the bytes of `vector` of its elements
    align_bytes: int  # the largest of those moduli: the launcher's call signatures key data pointers modulo it
    row_strides: tuple[tuple[str, ...], ...]  # per row dim, each row-sized tensor's stride along it ("0": broadcast)


@dataclass(frozen=True, slots=True)
class Team:
    """The team strategy's kernel: the row's segments spread over TEAM programs, read once."""

    loads: tuple[Load, ...]  # every input of the row segment, loaded once
    passes: tuple[TeamPass, ...]
    words: int  # words per row and program: the sum over exchanges
    final_steps: tuple[Step, ...]
    edge_loads: tuple[Load, ...]  # with a WINDOW: the inputs of the row's edge elements, loaded again
    stores: tuple[Store, ...]
    row_stores: tuple[Store, ...]  # written by the team's first program
    fallback: tuple[str, ...]  # launch-table row (without max_n) used where a team cannot run
    window: Window | None = None  # None: the segments start at the row's start (a reduction takes positions)


@dataclass(frozen=True, slots=True)
class Store:
    name: str
    offs: str  # as Load.offs
    ptr: str
    value: str
    mask: str
    evict: str = ""  # looped final pass: evict_first, so the output does not push inputs out of L2
    only_if: str = ""  # a per-column output: only the programs of the first row block store it


@dataclass(frozen=True, slots=True)
class RowOffs:
    name: str  # x_row_offs
    expr: str  # rows * stride_x_m


@dataclass(frozen=True, slots=True)
class ReductionModel:
    sig: Signature
    statements: tuple[Statement, ...]  # for the torch reference
    ref_output_suffix: dict  # output -> text appended in the reference (per-row: drop the kept dim)
    extremes: str  # "max", "min", "max and min" or "": the reductions an empty row has no value for
    row_param: str  # the first tensor spanning the columns (an input where one does), named when a row is empty
    ncols: str  # the row width: a kernel argument ("N") or a literal
    col_dim: str
    n_rows: str  # launcher expression for the number of rows
    size_args: tuple[str, ...]
    row_dims_text: str
    row_split: tuple[IndexStep, ...]  # innermost first; empty for one row dim or none
    row_offs: tuple[RowOffs, ...]  # for full and per-row tensors
    row_loads: tuple[Load, ...]
    prologue: tuple[Step, ...]
    single_loads: tuple[Load, ...]
    single_steps: tuple[Step, ...]  # with REREAD: only through the reductions and per-row values
    single_tail: tuple[Step, ...]  # REREAD kernels: the rest, run when the row is held
    reread: bool  # the single kernel can read the row again for its outputs (REREAD)
    row_stores: tuple[Store, ...]
    single_stores: tuple[Store, ...]  # full and per-column outputs
    col_outputs: tuple[str, ...]  # per-column outputs: written by the first row block
    passes: tuple[Pass, ...]
    loops: int
    final_loads: tuple[Load, ...]
    final_steps: tuple[Step, ...]
    final_stores: tuple[Store, ...]
    final_carries: tuple[tuple[str, str, str], ...]  # scans in the final pass: (running value, start, dtype)
    final_backward: bool  # the final pass walks the row from its end (not where it computes a scan)
    reads: int  # how many times the looped strategy reads the full inputs
    reads_text: str  # "once", "twice", "3 times"
    table: tuple[tuple[str, ...], ...]  # launch table rows, as Python literals
    table_reread: str  # row widths whose launch reads the row again for the outputs
    table_welford: str  # row widths where a chained kernel runs looped (Welford: two reads)
    table_fewer_warps: str  # row widths whose num_warps is below DEFAULT_TABLE's (chained reductions)
    table_more_warps: str  # row widths whose num_warps is above DEFAULT_TABLE's (register pressure)
    table_padded: str  # row widths that run looped in chunks: a power-of-two block would be mostly padding
    table_narrow: str  # table rows whose single pass the launcher sizes by the row width (online kernels)
    table_half_block: str  # the online kernels' entry of 2 warps for rows of 129-256 columns (ONLINE_HALF_BLOCK_ROW)
    table_looped: str  # the other looped entries' widths (REREAD_AT, WELFORD_LOOPED_AT): chunks for odd rows (looped_chunk)
    table_looped_few: str  # those widths with the row blocks an SM up to which their own chunks stay for odd rows
    table_heavy: str  # widths whose chunked entry for heavy outputs comes before the single pass (HEAVY_OUTPUTS_CHUNKED)
    table_heavy_few: str  # those widths with the row blocks an SM up to which the launcher skips that entry
    row_itemsize: int  # bytes per element of the narrowest row-sized tensor (padded_chunk's vectors)
    chunk_warps: int  # the warps of its 1024-column chunks (padded_chunk's for rows loaded element by element)
    row_strides: tuple[str, ...]  # launcher expressions of the row-sized tensors' row strides
    table_padded_few: str  # those widths with the row blocks an SM up to which the launcher skips them
    row_inputs: int  # row-sized inputs the single pass holds in registers through a reduction
    pins: tuple[tuple[str, str], ...]  # (launcher variable, literal) pinned by the schedule
    pinned_block_n: str  # schedule block_n without a pinned strategy: "" or the literal
    latency_warps: bool  # warps not pinned: a single pass over few row blocks may take more
    fill_rows: bool  # rows not pinned: a single pass over too few row blocks to fill the SMs takes fewer
    team_block: bool  # BLOCK_N not pinned: the launcher may halve a team's segments (team_block)
    divides: bool  # some quotient along the row divides exactly (tl.div_rn): team_block's `divides`
    fixed_width: bool  # the row width is a run-time size: the looped kernel may take it as COLS
    # What every kernel restates as a multiple of ALIGN (see templates/_reduction_macros.j2,
    # align): (kernel argument, the launcher's expression for it): the run-time row width
    # and the row strides of the tensors that span the row.
    aligned: tuple[tuple[str, str], ...]
    past_end: bool  # some quotient along the row: the kernels take PAST_END (lowering.py, _dividend)
    helpers: frozenset[str]
    torch_helpers: frozenset[str]
    team: Team | None = None  # None: some reduction cannot be exchanged (not f32); no team kernel
    # the table's team entry (no max_n) the launcher runs over few rows loaded element by
    # element (tilegen.runtime.reduction.few_rows_team); (): never
    few_rows_team: tuple[str, ...] = ()
    template: str = "reduction.py.j2"

    @property
    def pointer_align(self) -> int:
        """The bytes the launcher's call signatures key data pointers modulo: the team window's
        where it reads more than 16-byte boundaries (row_window), else 16."""
        window = self.team.window if self.team else None
        return max(16, window.align_bytes) if window else 16

    def validation_cases(self, quick: bool = False):
        from .cases import validation_cases

        return validation_cases(self, quick)


def short_literal(literal: str) -> str:
    """A neutral element as a comment spells it: -inf, not float("-inf")."""
    return {'float("-inf")': "-inf", 'float("inf")': "inf"}.get(literal, literal)


def spec_text(expr: ir.Expr) -> str:
    """An expression as a spec would spell it (for comments)."""
    if isinstance(expr, ir.Number):
        return expr.text
    if isinstance(expr, ir.Name):
        return expr.id
    if isinstance(expr, ir.Call):
        return f"{expr.func}({', '.join(spec_text(a) for a in expr.args)})"
    if isinstance(expr, (ir.BinOp, ir.Compare, ir.BoolOp)):
        def side(e):
            loose = isinstance(e, (ir.BinOp, ir.Compare, ir.BoolOp)) and _loose(e, expr)
            return f"({spec_text(e)})" if loose else spec_text(e)
        return f"{side(expr.lhs)} {expr.op} {side(expr.rhs)}"
    if isinstance(expr, ir.Neg):
        return "-" + spec_text(expr.operand)
    if isinstance(expr, ir.Not):
        return "not " + spec_text(expr.operand)
    if isinstance(expr, ir.Cast):
        return f"{spec_text(expr.operand)} as {expr.dtype.name}"
    return "?"


def _loose(inner, outer) -> bool:
    rank = {"or": 1, "and": 2, "<": 4, "<=": 4, ">": 4, ">=": 4, "==": 4, "!=": 4, "+": 5, "-": 5, "*": 6, "/": 6,
            "%": 6, "**": 8}
    return rank.get(inner.op, 9) <= rank.get(outer.op, 9) and not (inner.op == outer.op and inner.op in "+*")
