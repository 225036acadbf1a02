"""The names a spec may not take, all in one place: those the generated kernels and
launchers use themselves (every kind's, then the reduction's and the gemm's own), Python
keywords, the Python built-ins the generated code calls, the language's functions, and
kernel names that would clash with a module-level name of the generated module (its
imports, or another kernel's functions). The checker reports E013 for them (the lowering
stages for the names only their kind uses). Also describe(): a few words for a generated
temporary, from the expression it holds.
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

# Names the generated reduction code uses beyond those reserved for every kind.
REDUCTION_NAMES = frozenset(
    {"n_rows", "num_row_blocks", "row_block", "num_col_blocks", "col_block", "ROWS", "sizes", "strategy",
     "num_warps", "per_sm", "stages", "max_n", "kernel", "n_sms", "seg", "TEAM", "TEAM_P2", "ws", "epoch", "parts",
     "kk", "team", "row_base", "row_start", "row_stop", "row_step", "row_iter", "PERSISTENT", "COLS", "REREAD",
     "extra"}
)
# Names the emitted gemm kernel keeps live across its loops: no spec name may take them.
GEMM_NAMES = ("M", "N", "K", "BATCH", "ADDRESSING", "DOT_DTYPE", "PERSISTENT", "FLATTEN", "tile_id", "num_tiles",
              "tile_base", "tile_start", "tile_stop", "tile_step", "tile_iter", "batch_id", "pid_mn")
# The gemm K loop's tiles and pointers: a scalar parameter (live in every loop) may not take them.
GEMM_TILE_NAMES = ("a", "b", "a_ptrs", "b_ptrs")

# The Python built-ins the generated code calls (launchers, references, kernels): a spec
# name, which becomes a variable there or a module-level function, would hide them. A test
# holds this list to what the templates use.
PYTHON_BUILTINS = frozenset(
    {"all", "any", "dict", "float", "int", "isinstance", "len", "max", "min", "range", "set", "sorted", "sum",
     "tuple", "type", "zip", "ValueError", "TypeError", "RuntimeError"}
)
# Keyword arguments of a Triton launch, which a launcher passes by name.
LAUNCH_KEYWORDS = frozenset({"num_warps", "num_stages", "num_ctas", "maxnreg"})

# Module-level names of a generated module (imports): a kernel name must not rebind them.
# Kernel names live at module level, so the local names above do not constrain them.
MODULE_NAMES = frozenset({"os", "sys", "json", "time", "math", "functools", "statistics", "warnings", "torch",
                          "triton", "tl", "TensorDescriptor", "tilegen"})


def reserved_why(name: str) -> str | None:
    if keyword.iskeyword(name) or name in ("True", "False", "None"):
        return "it is a Python keyword"
    if name in FUNCTIONS:
        return "it names a built-in function"
    if name in PYTHON_BUILTINS:
        return "it is a Python built-in that the generated code calls"
    if name in RESERVED or name in LAUNCH_KEYWORDS or name.startswith(RESERVED_PREFIXES) or name.endswith(RESERVED_SUFFIXES):
        return "the generated code uses this name"
    return None


def reserved_kernel_why(name: str) -> str | None:
    if keyword.iskeyword(name) or name in ("True", "False", "None"):
        return "it is a Python keyword"
    if name in PYTHON_BUILTINS:
        return "it is a Python built-in that the generated code calls (a kernel of that name would hide it)"
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

