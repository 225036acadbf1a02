"""Schedule keys each kernel kind accepts, and how their values are checked."""

from __future__ import annotations

from . import ir
from ..diagnostics import Diagnostic
from ..runtime.rules import GEMM_CALL_RULES, SPEC_BOOL as _BOOL, WARPS as _WARPS, problem  # noqa: F401

# A rule is ("pow2", lo, hi), ("range", lo, hi) or ("one_of", value, ...): data, shared with
# the runtime, which checks a gemm call's schedule= by the same rules (runtime/rules.py).

MAX_REDUCTION_BLOCK = 1 << 16  # elements of a reduction kernel's [rows, block_n] block

# precision in elementwise and reduction kernels: how f32 quotients divide (fast_division).
DIVISION = ("one_of", "ieee", "fast")

SCHEDULE_KEYS: dict[str, dict[str, tuple]] = {
    "elementwise": {"block": ("pow2", 16, 65536), "warps": _WARPS, "precision": DIVISION},
    "reduction": {
        # Triton refuses blocks of more than 2**20 elements, and holds a [rows, block_n] block
        # per program (E055 past MAX_REDUCTION_BLOCK), besides other blocks of that size.
        "block_n": ("pow2", 1, 1 << 16),
        "rows": ("pow2", 1, 1024),
        "warps": _WARPS,
        "strategy": ("one_of", "single", "looped", "team"),
        "persistent": _BOOL,
        "stages": ("range", 1, 8),
        # reductions over named dimensions only (checker/axes.py): programs sharing each
        # block of kept elements, each over a slice of the reduced ones
        "split": ("range", 1, 4096),
        "precision": DIVISION,
    },
    # a call's rules, less flatten, split_k, block_n2 and pad_k (per-call keys only), plus precision (compiled in)
    "gemm": {
        **{key: rule for key, rule in GEMM_CALL_RULES.items()
           if key not in ("persistent", "flatten", "split_k", "block_n2", "pad_k")},
        "persistent": _BOOL,
        "precision": ("one_of", "tf32", "ieee", "fast"),
    },
}


def fast_division(kernel: ir.Kernel) -> bool:
    """Does an elementwise or reduction kernel divide f32 values with Triton's own `/`
    (`schedule { precision = fast }`: div.full.f32, within 2 ulp, as torch.compile's kernels
    divide) instead of the correctly rounded tl.div_rn (the default, `precision = ieee`)? A
    gemm's `precision` is about its operands: its epilogue's quotients stay exact."""
    return kernel.kind in ("elementwise", "reduction") and kernel.schedule.get("precision") == "fast"


FAST_DIVISION_NOTE = "precision = fast: quotients by Triton's `/` (div.full.f32, within 2 ulp), not tl.div_rn"


def call_rules() -> dict[str, tuple]:
    """The keys a gemm call's schedule= may set, with their rules: the spec's, less precision
    (compiled into the kernel), plus flatten; persistent and flatten also as Python bools."""
    return dict(GEMM_CALL_RULES)


def check_schedules(kernel: ir.Kernel) -> list[Diagnostic]:
    """E053 for every schedule block after the first; each block's settings are checked on
    their own, so a key set in two blocks is the one E053, not also E052."""
    errors = [_second_block(extra, kernel.schedules[0]) for extra in kernel.schedules[1:]]
    for schedule in kernel.schedules:
        errors.extend(_check_block(schedule, kernel.kind))
    return errors


def _second_block(extra: ir.Schedule, first: ir.Schedule) -> Diagnostic:
    diag = Diagnostic.make("E053", extra.span)
    where = f" (line {first.span.line})" if first.span else ""
    return diag.with_note(f"put every setting in the first schedule block{where}, separated by ';'")


def _check_block(schedule: ir.Schedule, kind: str) -> list[Diagnostic]:
    errors: list[Diagnostic] = []
    known = SCHEDULE_KEYS[kind]
    seen: set[str] = set()
    for setting in schedule.settings:
        if setting.key not in known:
            errors.append(Diagnostic.make("E050", setting.span, key=setting.key, kind=kind, known=", ".join(known)))
            continue
        if setting.key in seen:
            errors.append(Diagnostic.make("E052", setting.span, key=setting.key))
        seen.add(setting.key)
        why = problem(known[setting.key], setting.value)
        if why:
            errors.append(Diagnostic.make("E051", setting.span, key=setting.key, value=setting.text, why=why))
    settings = {s.key: s for s in schedule.settings}
    block_n, rows = settings.get("block_n"), settings.get("rows")
    if (kind == "reduction" and block_n is not None and rows is not None and not errors
            and block_n.value * rows.value > MAX_REDUCTION_BLOCK):
        errors.append(Diagnostic.make("E055", rows.span, key="rows", value=rows.text, other=f"block_n = {block_n.text}",
                                      why=f"a program holds rows x block_n elements, at most {MAX_REDUCTION_BLOCK}"))
    order, group = settings.get("order"), settings.get("group_m")
    if order is not None and order.value == "row_major" and group is not None and group.value != 1:
        errors.append(Diagnostic.make("E055", group.span, key="group_m", value=group.text, other="order = row_major",
                                      why="row-major order is grouped ordering with group_m = 1"))
    return errors
