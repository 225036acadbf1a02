"""GEMM epilogues: a `gelu` whose value is stored straight to a 16-bit output.

`_gelu` (templates/helpers.py.j2) is accurate to f32. A value that is rounded to f16 or
bf16 right after needs less: `_gelu_f16` (a degree-6 polynomial, within 4.7e-5 of
float64) and `_gelu_bf16` (degree 5, within 3.7e-4) keep the error to about a twentieth
of a unit in the last place of the result, with 3 and 4 fewer FMAs per value. In an
elementwise kernel that saves nothing (memory is the limit there), but a GEMM's epilogue
runs on the same warps as the products, so at 8192^3 on the H100 it is 0.7% / 1.1% of the
whole kernel (docs/design.md). Only gemm kernels use them, and only where the
output's rounding follows at once: the call is the statement's whole value and no later
statement reads the unrounded f32 value.
"""

from __future__ import annotations

from ..language import ir
from ..language.typing import Typer

HELPERS = {"f16": "gelu_f16", "bf16": "gelu_bf16"}  # output type -> helper (templates/helpers.py.j2)


def short_gelus(kernel: ir.Kernel, output_dtypes: dict[str, str], typer: Typer) -> dict[int, str]:
    """The gelu calls that may take a 16-bit helper: id(call) -> the helper's name."""
    found = {}
    for i, statement in enumerate(kernel.body):
        helper, call = HELPERS.get(output_dtypes.get(statement.target, "")), statement.value
        if helper is None or not (isinstance(call, ir.Call) and call.func == "gelu"):
            continue
        if typer.of(call.args[0]).is_scalar:
            continue  # computed once, not per value
        later = (e for s in kernel.body[i + 1:] for e in ir.walk(s.value))
        if not any(isinstance(e, ir.Name) and e.id == statement.target for e in later):
            found[id(call)] = helper
    return found


def helpers_with(helpers: set[str], kernel: ir.Kernel, short: dict[int, str]) -> set[str]:
    """`helpers` (helpers_used) with the 16-bit gelus in, and `_gelu` out if no call needs it."""
    calls = sum(isinstance(e, ir.Call) and e.func == "gelu" for s in kernel.body for e in ir.walk(s.value))
    return (helpers - ({"gelu"} if calls == len(short) else set())) | set(short.values())
