"""Stage 4 (reduction), scans: cumsum, cumprod, cummax and cummin along the row.

A scan's value has the row's shape, but each element depends on the elements before it
in its row. Before planning, every scan written inside a larger expression gets a
statement of its own (hoist_scans: `y = cumsum(x) * 2` becomes `cumsum_x = cumsum(x)`,
`y = cumsum_x * 2`), so the plan sees an ordinary row-varying statement and the
strategies only need to know how to compute a statement whose whole value is a scan
(scan_steps):

    single pass   the block holds whole rows: one tl.cumsum / tl.associative_scan over axis 1
    looped        the row in blocks, walked forwards: each block's scan is combined with the
                  running value of the blocks before it (a [ROWS, 1] carry, started at the
                  scan's neutral element), and the carry becomes the block's last lane
    team          none: a kernel with a scan runs looped where the table says team (lower.py),
                  since a segment's running value needs every earlier segment's total

Lanes past the row end come after every real lane, so a prefix never sees them: the scan
needs no mask (what they hold is never stored nor reduced unmasked).
"""

from __future__ import annotations

import dataclasses

from ...checker.check import CheckedKernel
from ...language import ir
from ...language.functions import FUNCTIONS, SCANS
from ...language.names import REDUCTION_NAMES, describe
from .model import Step


def is_scan(expr: ir.Expr) -> bool:
    return isinstance(expr, ir.Call) and expr.func in SCANS


def has_scans(checked: CheckedKernel) -> bool:
    return any(is_scan(e) for a in checked.kernel.body for e in ir.walk(a.value))


def hoist_scans(checked: CheckedKernel) -> CheckedKernel:
    """`checked` with each scan that is not a statement's whole value moved into a
    statement of its own, just before the statement that first uses it (equal scans once)."""
    if not has_scans(checked):
        return checked
    kernel = checked.kernel
    typer = checked.typer()
    taken = {n for n, _ in checked.types} | set(REDUCTION_NAMES) | {str(d) for d in checked.space}
    taken |= set(FUNCTIONS)
    body, types, lifted = [], dict(checked.types), {}

    def lift(expr: ir.Expr, top: bool) -> ir.Expr:
        kids = ir.children(expr)
        if isinstance(expr, ir.Call) and kids:
            expr = dataclasses.replace(expr, args=tuple(lift(a, False) for a in expr.args))
        elif kids:
            expr = _map(expr, lambda e: lift(e, False))
        if top or not is_scan(expr):
            return expr
        if expr not in lifted:
            base = f"{expr.func}_{describe(expr.args[0]) or target}"
            name, n = base, 2
            while name in taken:
                name, n = f"{base}_{n}", n + 1
            taken.add(name)
            lifted[expr] = name
            types[name] = typer.env[name] = typer.of(expr)
            body.append(ir.Assign(name, expr, span))
        return ir.Name(lifted[expr], expr.span)

    for stmt in kernel.body:
        span, target = stmt.span, stmt.target
        body.append(dataclasses.replace(stmt, value=lift(stmt.value, True)))
    kernel = dataclasses.replace(kernel, body=tuple(body))
    return dataclasses.replace(checked, kernel=kernel, types=tuple(types.items()))


def _map(expr: ir.Expr, fn) -> ir.Expr:
    if isinstance(expr, (ir.BinOp, ir.Compare, ir.BoolOp)):
        return dataclasses.replace(expr, lhs=fn(expr.lhs), rhs=fn(expr.rhs))
    if isinstance(expr, (ir.Not, ir.Neg, ir.Cast, ir.Transpose)):
        return dataclasses.replace(expr, operand=fn(expr.operand))
    return expr


def carry_name(low, name: str) -> str:
    return low.fresh(f"run_{name}")


def scan_text(call: ir.Call, typer, render) -> str:
    """One block's scan along its axis 1 (`tl.cumsum(x, axis=1)`), the argument cast to the
    scan's type; `render` turns the argument into Triton source."""
    dtype = typer.of(call).dtype
    arg = render(call.args[0])
    if typer.of(call.args[0]).dtype != dtype:
        arg = f"({arg}).to(tl.{dtype.triton})"
    return SCANS[call.func].triton.format(arg)


def scan_steps(low, name: str, call: ir.Call, line: int, spec: bool, carry: bool) -> tuple[Step, ...]:
    """The steps computing `name = call` (a scan): one scan of the block, and where the row
    comes in blocks (`carry`), combined with the running value of the blocks before."""
    fn = SCANS[call.func]
    scanned = scan_text(call, low.typer, low.render)
    what = {"cumsum": "sum", "cumprod": "product", "cummax": "max", "cummin": "min"}[fn.name]
    if not carry:
        note = f"the running {what} along each row (the block holds whole rows)"
        return (Step("assign", name, scanned, line, spec, note=note),)
    run = carry_name(low, name)
    return (
        Step("assign", name, fn.carry.format(run, scanned), line, spec,
             note=f"the running {what} along the row: this block's, after the blocks before ({run})"),
        Step("assign", run, f"_last_lane({name})", line, False,
             note="for the next block: each row's last lane (only the row's last block has lanes past its end)"),
    )


def carries(low, names) -> tuple[tuple[str, str, str], ...]:
    """(name, start value, dtype) of the running values a loop computing `names` keeps."""
    out = []
    for name in names:
        call = low.an.values.get(name)
        if is_scan(call):
            dtype = low.typer.of(call).dtype
            out.append((carry_name(low, name), low.scan_start(call.func, dtype), dtype.triton))
    return tuple(out)
