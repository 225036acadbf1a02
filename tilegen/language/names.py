"""The names the generated code uses itself, all in one place: those its kernels and
launchers use (every kind's, then the reduction's and the gemm's own), the Python
built-ins it calls and the names its module imports. A spec may use any of them: where a
spec's name clashes with one, the generated code takes the spec's name renamed
(code_names: `mask` becomes `mask_`, `offs_x` becomes `user_offs_x`) and the launcher
keeps the spec's name for its callers. Only a Python keyword cannot name a parameter, an
output or a kernel (they are the launcher's name and arguments): E013 (public_why).
Also describe(): a few words for a generated temporary, from the expression it holds;
and printable(), for text of the spec's surroundings that reaches the module.
"""

from __future__ import annotations

import keyword

from . import ir

# The words of the .tile language itself (frontend/grammar.lark): they name nothing.
TILE_KEYWORDS = frozenset({"elementwise", "reduction", "gemm", "schedule", "as", "and", "or", "not"})

# Names the generated code itself uses (a spec's name of these is renamed in the code).
RESERVED = frozenset(
    {"tl", "triton", "torch", "math", "os", "pid", "offs", "mask", "device", "grid", "rest", "acc", "row",
     "col", "cols", "rows", "start", "num_programs", "num_pid_m", "num_pid_n", "num_pid_in_group",
     "group_id", "first_pid_m", "group_size_m", "pid_m", "pid_n", "k", "meta", "kernel", "shape",
     "schedule", "config", "index", "n_elements", "sizes", "num_warps", "FLAT", "signature", "checked"}
)
RESERVED_PREFIXES = ("_", "offs_", "idx_", "stride_", "mask_", "BLOCK", "GROUP", "NUM_", "INDEX_", "acc_", "size_",
                     "slices_")
RESERVED_SUFFIXES = ("_ptr", "_desc", "_offs", "_reference", "_kernel", "_part")

# Names the generated reduction code uses beyond those reserved for every kind.
REDUCTION_NAMES = frozenset(
    {"n_rows", "num_row_blocks", "row_block", "num_col_blocks", "col_block", "ROWS", "sizes", "strategy",
     "num_warps", "per_sm", "stages", "max_n", "kernel", "n_sms", "seg", "TEAM", "TEAM_P2", "ws", "epoch", "parts",
     "kk", "team", "row_base", "row_start", "row_stop", "row_step", "row_iter", "PERSISTENT", "COLS", "REREAD",
     "extra", "choice", "team_args", "team_words", "constexprs",
     # reductions over named dimensions (templates/axis_reduction.py.j2)
     "pid_k", "pid_r", "n_kept", "n_reduced", "r_per_split", "r_start", "r_stop", "r_block", "slice_id", "partial",
     "SPLIT", "index_64", "flat_offs", "slice_block", "arrived", "count", "pool"}
)
# Names the emitted gemm kernel keeps live across its loops: no spec name may take them.
GEMM_NAMES = ("M", "N", "K", "BATCH", "ADDRESSING", "DOT_DTYPE", "PERSISTENT", "FLATTEN", "tile_id", "num_tiles",
              "tile_base", "tile_start", "tile_stop", "tile_step", "tile_iter", "batch_id", "pid_mn",
              # split-K: the kernel's workspace and counts (ws_ptr, count_ptr), its slice, the launcher's split
              "SPLIT_K", "split_k", "split", "k_first", "k_last", "last", "ws", "count",
              # a tile of two column blocks: the second block's accumulator
              "acc2")
# The gemm K loop's tiles and pointers: a scalar parameter (live in every loop) may not take them.
GEMM_TILE_NAMES = ("a", "b", "a_ptrs", "b_ptrs", "b2", "b2_ptrs")

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


def public_why(name: str) -> str | None:
    """Why `name` cannot name a kernel, a parameter or an output: the launcher is a Python
    function of that name, taking those arguments by name."""
    if keyword.iskeyword(name) or name in ("True", "False", "None"):
        return "it is a Python keyword (the launcher is a Python function of the kernel's name, taking its parameters and outputs by name)"
    return None


def clashes(name: str, kind: str, role: str = "value") -> bool:
    """Whether the generated code of a `kind` kernel uses `name` itself (role: "value" for a
    parameter, an output or a temporary; "scalar" and "output" add the gemm's own rules;
    "dim" for a dimension)."""
    if keyword.iskeyword(name) or name in ("True", "False", "None"):
        return True
    if name in RESERVED or name in LAUNCH_KEYWORDS or name in PYTHON_BUILTINS or name in MODULE_NAMES:
        return True
    if name.startswith(RESERVED_PREFIXES) or name.endswith(RESERVED_SUFFIXES):
        return True
    if kind == "reduction" and name in REDUCTION_NAMES:
        return True
    if kind == "gemm" and role != "dim":
        # M, N and K as dimensions are the gemm's own M, N and K (lower/gemm.py)
        if name in GEMM_NAMES or (role == "scalar" and name in GEMM_TILE_NAMES):
            return True
        if role == "output" and name in ("a", "b"):  # the operand descriptors a_desc, b_desc
            return True
    return False


def code_names(kernel: ir.Kernel) -> dict[str, str]:
    """spec name -> the name the generated code takes it by, for each parameter, output,
    temporary and dimension of `kernel` that clashes with a name the code uses itself
    (clashes): `name_` (more underscores while that is taken too), or `user_name` where
    the name starts with a prefix the code uses (`offs_`, `_`, `BLOCK`, ...)."""
    roles: dict[str, str] = {}
    for p in kernel.params:
        roles.setdefault(p.name, "scalar" if isinstance(p.type, ir.ScalarType) else "value")
    for o in kernel.outputs:
        roles.setdefault(o.name, "output")
    for a in kernel.body:
        roles.setdefault(a.target, "value")
    for decl in kernel.params + kernel.outputs:
        for d in getattr(decl.type, "dims", ()):
            if isinstance(d, str):
                roles.setdefault(d, "dim")
    taken = set(roles) | {d.lower() for d, role in roles.items() if role == "dim"}
    renamed = {}
    for name, role in roles.items():
        if not clashes(name, kernel.kind, role):
            continue
        code = f"{name}_"
        if code.startswith(RESERVED_PREFIXES):  # `_x`, `offs_x`; `mask_` is a prefix too
            code = f"user_{name}"
        while clashes(code, kernel.kind, role) or code in taken or code.lower() in taken:
            code += "_"
        taken |= {code, code.lower()}
        renamed[name] = code
    return renamed


def module_names(kernel: ir.Kernel) -> list[str]:
    """The module-level names a kernel's generated code defines."""
    extra = ["_looped_kernel", "_team_kernel"] if kernel.kind == "reduction" else []
    return [kernel.name + suffix for suffix in ["", "_kernel", "_reference", *extra]]


def taken_why(kernel: ir.Kernel, defined: dict) -> str | None:
    """Why the kernel's name clashes with a name of its own or of another kernel's code."""
    for name in module_names(kernel)[1:]:
        other = defined.get(name)
        if other is not None and other != kernel.name:
            return f"kernel {other!r} in this file generates {name!r}, which this kernel's code would also define"
    other = defined.get(kernel.name)
    if other is not None and other != kernel.name:
        return f"kernel {other!r} in this file generates a function of that name"
    if kernel.name == "constexpr" and "tl" in defined:
        # With a kernel named tl, the kernels' `BLOCK: tl.constexpr` become `BLOCK: constexpr`
        # (codegen/aliases.py): Triton's interpreter reads constexpr parameters by that text.
        return "kernel 'tl' in this file makes the kernels' constexpr parameters read `BLOCK: constexpr`"
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

