"""The names a spec may not take: those the generated kernel and launcher use themselves,
Python keywords, built-in functions, and kernel names that would clash with a module-level
name of the generated module (its imports, or another kernel's functions). Used by the
checker for E013; the lowering stages keep their own lists of the names they add
(lower_reduction.GENERATED_NAMES, lower_gemm.KERNEL_NAMES), which a test holds to these rules.
Also describe(): a few words for a generated temporary, from the expression it holds.
"""

from __future__ import annotations

import keyword

from . import ir
from .functions import FUNCTIONS

# Names the generated code itself uses; a spec may not take them.
RESERVED = frozenset(
    {"tl", "triton", "torch", "math", "os", "pid", "offs", "mask", "device", "grid", "rest", "acc", "row",
     "col", "cols", "rows", "start", "num_programs", "num_pid_m", "num_pid_n", "num_pid_in_group",
     "group_id", "first_pid_m", "group_size_m", "pid_m", "pid_n", "k", "meta", "kernel", "shape",
     "schedule", "config", "index", "n_elements", "sizes", "num_warps", "FLAT"}
)
RESERVED_PREFIXES = ("_", "offs_", "idx_", "stride_", "mask_", "BLOCK", "GROUP", "NUM_", "INDEX_", "acc_", "size_")
RESERVED_SUFFIXES = ("_ptr", "_desc", "_offs", "_reference", "_kernel")

# Module-level names of a generated module (imports): a kernel name must not rebind them.
# Kernel names live at module level, so the local names above do not constrain them.
MODULE_NAMES = frozenset({"os", "sys", "json", "time", "math", "functools", "statistics", "warnings", "torch",
                          "triton", "tl", "TensorDescriptor"})


def reserved_why(name: str) -> str | None:
    if keyword.iskeyword(name) or name in ("True", "False", "None"):
        return "it is a Python keyword"
    if name in FUNCTIONS:
        return "it names a built-in function"
    if name in RESERVED or name.startswith(RESERVED_PREFIXES) or name.endswith(RESERVED_SUFFIXES):
        return "the generated code uses this name"
    return None


def reserved_kernel_why(name: str) -> str | None:
    if keyword.iskeyword(name) or name in ("True", "False", "None"):
        return "it is a Python keyword"
    if name in MODULE_NAMES or name.startswith("_") or name.endswith(RESERVED_SUFFIXES):
        return "the generated module uses this name"
    return None


def module_names(kernel: ir.Kernel) -> list[str]:
    """The module-level names a kernel's generated code defines."""
    extra = ["_looped_kernel", "_team_kernel"] if kernel.kind == "reduction" else []
    return [kernel.name + suffix for suffix in ["", "_kernel", "_reference", *extra]]


def taken_why(kernel: ir.Kernel, defined: dict) -> str | None:
    """Why the kernel's name clashes with a name of its own or of another kernel's code."""
    own = {p.name for p in kernel.params} | {o.name for o in kernel.outputs}
    if kernel.name in own:
        return "it is also the name of one of the kernel's parameters or outputs (the launcher takes both)"
    for name in module_names(kernel)[1:]:
        other = defined.get(name)
        if other is not None and other != kernel.name:
            return f"kernel {other!r} in this file generates {name!r}, which this kernel's code would also define"
    other = defined.get(kernel.name)
    if other is not None and other != kernel.name:
        return f"kernel {other!r} in this file generates a function of that name"
    return None


def describe(expr: ir.Expr) -> str | None:
    """A few words naming a value after its expression, for the generated code's own
    temporaries: `x` for x, `xc_sq` for xc * xc or xc ** 2, `abs_x` for abs(x), `exp` for
    exp(x - m); None where no short name fits (the caller falls back to its statement)."""
    if isinstance(expr, ir.Name):
        return expr.id
    if isinstance(expr, ir.Cast):
        return describe(expr.operand)
    if isinstance(expr, ir.BinOp) and isinstance(expr.lhs, ir.Name):
        rhs = expr.rhs
        if (expr.op == "*" and isinstance(rhs, ir.Name) and rhs.id == expr.lhs.id) or (
                expr.op == "**" and isinstance(rhs, ir.Number) and rhs.value == 2):
            return f"{expr.lhs.id}_sq"
    if isinstance(expr, ir.Call):
        (arg, *rest) = expr.args or (None,)
        return f"{expr.func}_{arg.id}" if isinstance(arg, ir.Name) and not rest else expr.func
    return None


def printable(text: str) -> str:
    """`text` (a spec's file name) made safe to place in a comment, a docstring or a string
    literal of the generated module: printable ASCII stays, except quotes and backslashes;
    everything else (newlines, quotes, non-ASCII) becomes its \\x / \\u escape. No text of the
    spec's surroundings can then end a comment or a string and become code."""
    out = []
    for ch in text:
        if " " <= ch <= "~" and ch not in "\"'\\":
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        elif ord(ch) < 0x10000:
            out.append(f"\\u{ord(ch):04x}")
        else:
            out.append(f"\\U{ord(ch):08x}")
    return "".join(out)

