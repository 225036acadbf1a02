"""What a gemm call's schedule= may set, and the values each key takes: data shared by the
compiler (which checks a spec's schedule { } with the same rules, plus precision, which is
compiled in) and the runtime (which checks a call's). A rule is ("pow2", lo, hi): a power
of two from lo to hi; ("range", lo, hi): an integer; ("one_of", value, ...)."""

WARPS = ("pow2", 1, 32)
SPEC_BOOL = ("one_of", "true", "false")
CALL_BOOL = ("one_of", True, False, "true", "false")  # a call may also pass Python bools

GEMM_CALL_RULES: dict[str, tuple] = {
    "block_m": ("pow2", 16, 256),
    "block_n": ("pow2", 16, 256),
    "block_k": ("pow2", 16, 256),
    "group_m": ("range", 1, 64),
    "warps": WARPS,
    "stages": ("range", 1, 8),
    "addressing": ("one_of", "pointer", "block_ptr", "descriptor"),
    "order": ("one_of", "grouped", "row_major"),
    "persistent": CALL_BOOL,
    "flatten": CALL_BOOL,
}
