"""Notes that follow a checker diagnostic: what the user probably meant (a row dimension
for a 1-D reduction, the two-argument form of max/min, a close function name)."""

from __future__ import annotations

from ..language import ir
from ..language.functions import FUNCTIONS


def row_dim_for(dims, col, kernel: ir.Kernel) -> str:
    """A name for the row dimension a 1-D reduction kernel lacks: the tensor's own dimension if
    it names one other than the row's, else the first of M, R, B, P the kernel does not use."""
    if len(dims) == 1 and isinstance(dims[0], str) and dims[0] != col:
        return dims[0]
    used = {d.name for d in list(kernel.params) + list(kernel.outputs)}
    used |= {dim for d in list(kernel.params) + list(kernel.outputs) if isinstance(d.type, ir.TensorType)
             for dim in d.type.dims}
    used |= {a.target for a in kernel.body}
    return next((name for name in ("M", "R", "B", "P") if name not in used), "M")


# Row reductions whose elementwise two-argument counterpart is another function.
TWO_ARGUMENT_FORM = {"max": "maximum", "min": "minimum"}


def _use_two_argument_form(name: str) -> str:
    other = TWO_ARGUMENT_FORM[name]
    return f"for the elementwise {other} of two values use {other}(a, b)"


def two_argument_note(name: str) -> str:
    return f"{_use_two_argument_form(name)}; {name}(x) reduces a row (reduction kernels)"


def reduction_elsewhere_notes(name: str, kind: str) -> list[str]:
    notes = [f"{name}(x) reduces each row over its last dimension"
             + (": declare the kernel 'reduction' to use it" if kind == "elementwise" else "")]
    if name in TWO_ARGUMENT_FORM:
        notes.append(_use_two_argument_form(name))
    return notes


# Math functions people expect that the language does not have: said plainly, rather than
# suggesting a function that is merely spelled alike (rand for round, sin for sign).
MISSING = frozenset({
    "log10", "prod", "std", "var", "norm", "softmax", "tan", "sinh", "cosh", "asin", "acos",
    "atan", "atan2", "hypot", "fma", "fmod", "mod", "rint", "cbrt", "square", "reciprocal", "elu", "selu",
    "mish", "hardtanh", "hardswish", "hardsigmoid", "logsumexp", "sort", "topk", "any", "all",
})


def _one_edit(a: str, b: str) -> bool:
    """a and b differ by one inserted, deleted or replaced character."""
    if abs(len(a) - len(b)) > 1 or a == b:
        return False
    if len(a) > len(b):
        a, b = b, a
    i = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), len(a))
    return a[i + (len(a) == len(b)):] == b[i + 1:]


def suggest(name: str) -> str:
    """The hint of E030: a known function spelled much alike (a name of 4 letters or fewer
    only one edit away, with its first letter), or that the language lacks the function."""
    import difflib

    if name in MISSING or name.lower() in MISSING:
        return f"; the language has no {name.lower()}() function (yet)"
    lowered = name.lower()
    if lowered in FUNCTIONS:
        return f"; did you mean {lowered!r}? (names are case-sensitive)"
    if len(name) <= 4:
        close = [f for f in FUNCTIONS if _one_edit(lowered, f) and f[0] == lowered[0]]
    else:
        close = difflib.get_close_matches(lowered, FUNCTIONS, n=1, cutoff=0.8)
    return f"; did you mean {close[0]!r}?" if close else ""
