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
    # programs per output tile, each over a slice of K (a call's key only, like flatten)
    "split_k": ("range", 1, 16),
    # a second block of columns per tile (0: none), pointer addressing: tiles of BLOCK_N +
    # BLOCK_N2 columns (a call's key only)
    "block_n2": ("one_of", 0, 16, 32, 64, 128),
    # copy operands whose rows are not whole 16-byte vectors into buffers with K padded to a
    # multiple of 16 first (a call's key only; unset: the launch model decides, runtime/restage.py)
    "pad_k": CALL_BOOL,
}


def problem(rule: tuple, value, show=str) -> str | None:
    """Why `value` breaks `rule` ("expected ..."), or None; `show` writes a one_of choice."""
    kind, *args = rule
    if kind == "one_of":  # (of the same type too: 16.0 and False are not 16 and 0)
        same = any(value == a and (isinstance(a, str) or type(value) is type(a)) for a in args)
        return None if same else "expected one of " + ", ".join(map(show, args))
    lo, hi = args
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        return f"expected {'a power of two' if kind == 'pow2' else 'an integer'} from {lo} to {hi}"
    if kind == "pow2" and value & (value - 1):
        return f"expected a power of two from {lo} to {hi}"
    return None


def check_call_schedule(name, schedule):
    """A call's schedule= must name known keys with values their rules allow."""
    unknown = sorted(set(schedule) - set(GEMM_CALL_RULES))
    if unknown:
        why = " (precision is compiled in: set it in the spec's schedule { })" if "precision" in unknown else ""
        raise ValueError(
            f"{name}(): schedule key(s) {unknown} cannot be set per call{why}; expected some of {list(GEMM_CALL_RULES)}"
        )
    for key, value in schedule.items():
        why = problem(GEMM_CALL_RULES[key], value, show=repr)
        if why:
            raise ValueError(f"{name}(): schedule[{key!r}] must be {why.removeprefix('expected ')}; got {value!r}")
    if schedule.get("order") == "row_major" and schedule.get("group_m", 1) != 1:
        raise ValueError(f"{name}(): schedule order 'row_major' is group_m = 1; got group_m = {schedule['group_m']!r}")
