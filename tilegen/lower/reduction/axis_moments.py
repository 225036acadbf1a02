"""Reductions over named dimensions: a variance about a mean in the mean's pass (Welford).

`var = mean((x - mean(x, B, T)) ** 2, B, T)` (or `sum`, or `D * D`, through any names, as
the row kernels recognise it: plan.moments_partner) would read x twice, once for the mean
and once for the squared distances from it. Paired here, both come from one read: per lane
of the tile a running mean and M2 (the sum of squared distances from that mean), folded
over the tile's reduced axis and then over the slices as in Chan et al.
(templates/axis_reduction.py.j2, `moments`). A slice whose mean comes out inf or NaN (an
inf or a NaN among its values, or finite values whose distances overflow) reads its values
again for a plain sum, so that an inf mean stays inf as in torch.mean.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...language import ir
from ...language.functions import mean_of
from .plan import inline, moments_partner


@dataclass(frozen=True, slots=True)
class AxisMoments:
    """The variance about mean(A) in the mean's pass: the template's names for it are all
    derived from the variance's result (acc_VAR, acc_running_VAR, acc_delta_VAR, ...)."""

    mean: str  # the mean's result, e.g. "mean_x"
    var: str  # the variance's: its M2 until finished, e.g. "mean_xc"
    dtype: str  # accumulator type: float32, or float64 for f64 inputs
    value: str  # A on the tile, in the accumulator type
    var_final: str  # the variance from the M2: over n_reduced for a mean, the M2 itself for a sum
    what: str  # for the comments, e.g. "mean(x) and the variance about it"
    line_mean: int
    line_var: int


def moment_pairs(calls: dict, values: dict, typer) -> dict:
    """{variance call: its mean's call} for each `mean` or `sum` of `(A - mean(A)) ** 2`
    whose mean is one of `calls` (each mean paired at most once)."""
    inlined = {}
    for c in calls:
        inlined.setdefault(inline(c, values), c)
    pairs, taken = {}, set()
    for c in calls:
        partner = moments_partner(typer, inline(c, values))
        mean = inlined.get(partner) if partner is not None else None
        if mean is not None and mean not in taken:
            taken.add(mean)
            pairs[c] = mean
    return pairs


def axis_moments(var: ir.Call, mean: ir.Call, calls: dict, lines: dict, typer, loop) -> AxisMoments:
    """The render model of one pair; `loop` renders an expression on the tile."""
    dtype = typer.of(mean).dtype
    value = loop(mean.args[0])
    if typer.of(mean.args[0]).dtype != dtype:
        value = f"({value}).to(tl.{dtype.triton})"
    arg = mean.args[0]
    what = f"mean({arg.id})" if isinstance(arg, ir.Name) else "a mean"
    m2 = calls[var]
    return AxisMoments(mean=calls[mean], var=m2, dtype=dtype.triton, value=value,
                       var_final=mean_of(m2, "n_reduced") if var.func == "mean" else m2,
                       what=f"{what} and the variance about it", line_mean=lines[mean], line_var=lines[var])
