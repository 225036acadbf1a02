"""Scans along a named dimension (`cumsum(x, T)` of [B, T, C]): a checked kernel -> the
render model of templates/axis_scan.py.j2.

The kernel's dimensions split into the *scanned* one (`checked.scanned`) and the *kept*
ones (`checked.rows`, every other). A program owns a block of BLOCK_K kept elements (their
flat index split into one index per kept dimension) and walks the scanned dimension
forwards, BLOCK_R positions at a time, on a [BLOCK_K, BLOCK_R] tile: each tile row is one
kept element's sequence, so a scan is the row scan of the op table (along axis 1), and
the running value of the blocks before (a [BLOCK_K, 1] carry) is the tile's last lane, as
in the looped row kernel (scans.py). Every value has every dimension: each statement runs
on the tile and each output is stored from it, under the tile's mask.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...checker.check import CheckedKernel
from ...language import ir
from ...language.functions import SCANS
from ..cases import Case
from ..expr import ExprRenderer
from ..model import IndexStep, Signature, Statement, helpers_used, index_name, signature, statements
from .axes import AxisLoad, AxisStore, _steps
from ...language.schedule import fast_division
from .plan import neutral_text
from .scans import hoist_scans, is_scan, scan_text


@dataclass(frozen=True, slots=True)
class ScanCarry:
    name: str  # the running value, e.g. "run_cumsum_x"
    start: str  # what it starts from (the scan's neutral element)
    dtype: str


@dataclass(frozen=True, slots=True)
class AxisScanModel:
    sig: Signature
    kept: tuple[ir.Dim, ...]
    scanned: ir.Dim
    kept_text: str
    kept_steps: tuple[IndexStep, ...]  # offs_k -> one index per kept dim, innermost first
    scan_index: str  # the scanned dimension's index variable, e.g. "idx_t"
    size_args: tuple[str, ...]  # the dims the kept index split needs (all but the outermost)
    loads: tuple[AxisLoad, ...]
    carries: tuple[ScanCarry, ...]
    steps: tuple[Statement, ...]  # the statements on the tile, each scan with its carry update
    stores: tuple[AxisStore, ...]
    statements: tuple[Statement, ...]  # every statement, for the reference
    warps: int | None
    helpers: frozenset[str]
    torch_helpers: frozenset[str]
    template: str = "axis_scan.py.j2"

    def validation_cases(self, quick: bool = False) -> list[Case]:
        """Long (many blocks along the scanned dimension), wide (many kept elements), both
        ragged, on strided views, at size 1, and with nothing to scan or to keep."""
        scanned = str(self.scanned) if isinstance(self.scanned, str) else None
        kept = [d for d in self.kept if isinstance(d, str)]

        def sizes(along, first_kept, other_kept):
            out = {d: first_kept if n == len(kept) - 1 else other_kept for n, d in enumerate(kept)}
            if scanned:
                out[scanned] = along
            return out

        long = sizes(300 if quick else 5000, 37, 3)
        cases = [Case(long, False, "long"), Case(long, True, "long, strided")]
        if not quick:
            cases.append(Case(sizes(37, 3000, 2), False, "wide"))
            cases.append(Case(sizes(131, 129, 3), True, "ragged, strided"))
        cases.append(Case(sizes(1, 1, 1), False, "size 1"))
        if scanned:
            cases.append(Case({**long, scanned: 0}, False, "nothing to scan"))
        if kept:
            cases.append(Case({**long, kept[-1]: 0}, False, "nothing kept"))
        return cases


def lower_axis_scan(checked: CheckedKernel, spec_file: str) -> AxisScanModel:
    checked = hoist_scans(checked)  # each scan a statement of its own
    sig = signature(checked, spec_file)
    typer = checked.typer()
    full, kept, (scanned,) = tuple(checked.space), tuple(checked.rows), tuple(checked.scanned)
    index = {d: index_name(d, full.index(d)) for d in full}
    # the tile: kept elements down its rows ([:, None]), the scanned positions along them
    positions = {str(d): f"{index[d]}{'[None, :]' if d == scanned else '[:, None]'}" for d in full}

    def offs(t) -> str:
        terms = [f"{positions[str(full[t.axes[axis]])]} * {stride}" for axis, stride in t.strides]
        return " + ".join(terms) if terms else "offs_k[:, None]"

    triton = ExprRenderer("triton", typer, positions=positions, fast_division=fast_division(checked.kernel))
    torch = ExprRenderer("torch", typer, rand_shape=sig.shape_expr, scan_dim=full.index(scanned))
    body = checked.kernel.body
    taken = {n for n, _ in checked.types}
    carries, steps = [], []
    for a in body:
        line = a.span.line if a.span else 0
        if not is_scan(a.value):
            steps.append(Statement(a.target, triton(a.value), "", line))
            continue
        fn = SCANS[a.value.func]
        dtype = typer.of(a.value).dtype
        run, n = f"run_{a.target}", 2
        while run in taken:
            run, n = f"run_{a.target}_{n}", n + 1
        taken.add(run)
        carries.append(ScanCarry(run, neutral_text(fn.neutral, dtype), dtype.triton))
        steps.append(Statement(a.target, fn.carry.format(run, scan_text(a.value, typer, triton)), "", line))
        steps.append(Statement(run, f"_last_lane({a.target})", "", 0))
    reads = {e.id for a in body for e in ir.walk(a.value) if isinstance(e, ir.Name)}
    triton_helpers, torch_helpers = helpers_used(checked)
    triton_helpers.add("last_lane")
    return AxisScanModel(
        sig=sig,
        kept=kept,
        scanned=scanned,
        kept_text=", ".join(map(str, kept)),
        kept_steps=_steps(kept, full),
        scan_index=index[scanned],
        size_args=tuple(str(d) for d in kept[1:] if isinstance(d, str)),
        loads=tuple(AxisLoad.of(t, offs(t)) for t in sig.inputs if t.name in reads),
        carries=tuple(carries),
        steps=tuple(steps),
        stores=tuple(AxisStore(o, offs(o)) for o in sig.outputs),
        statements=statements(checked, None, torch),
        warps=checked.kernel.schedule.get("warps"),
        helpers=frozenset(triton_helpers),
        torch_helpers=frozenset(torch_helpers),
    )
