"""Schedule keys each kernel kind accepts, and how their values are checked."""

from __future__ import annotations

from . import ir
from .diagnostics import Diagnostic


def _pow2(lo: int, hi: int):
    def check(value):
        if not isinstance(value, int) or value < lo or value > hi or value & (value - 1):
            return f"expected a power of two from {lo} to {hi}"
        return None

    return check


def _int_range(lo: int, hi: int):
    def check(value):
        if not isinstance(value, int) or not lo <= value <= hi:
            return f"expected an integer from {lo} to {hi}"
        return None

    return check


def _one_of(*names: str):
    def check(value):
        if value not in names:
            return "expected one of " + ", ".join(names)
        return None

    return check


_WARPS = _pow2(1, 32)

SCHEDULE_KEYS: dict[str, dict[str, object]] = {
    "elementwise": {"block": _pow2(16, 65536), "warps": _WARPS},
    "reduction": {
        "block_n": _pow2(1, 1 << 20),
        "rows": _pow2(1, 1024),
        "warps": _WARPS,
        "strategy": _one_of("single", "looped", "team"),
        "persistent": _one_of("true", "false"),
        "stages": _int_range(1, 8),
    },
    "gemm": {
        "block_m": _pow2(16, 256),
        "block_n": _pow2(16, 256),
        "block_k": _pow2(16, 256),
        "group_m": _int_range(1, 64),
        "warps": _WARPS,
        "stages": _int_range(1, 8),
        "addressing": _one_of("pointer", "block_ptr", "descriptor"),
        "order": _one_of("grouped", "row_major"),
        "persistent": _one_of("true", "false"),
        "precision": _one_of("tf32", "ieee"),
    },
}


def check_schedules(kernel: ir.Kernel) -> list[Diagnostic]:
    errors: list[Diagnostic] = []
    known = SCHEDULE_KEYS[kernel.kind]
    for extra in kernel.schedules[1:]:
        errors.append(Diagnostic.make("E053", extra.span))
    seen: set[str] = set()
    for schedule in kernel.schedules:
        for setting in schedule.settings:
            if setting.key not in known:
                errors.append(
                    Diagnostic.make("E050", setting.span, key=setting.key, kind=kernel.kind, known=", ".join(known))
                )
                continue
            if setting.key in seen:
                errors.append(Diagnostic.make("E052", setting.span, key=setting.key))
            seen.add(setting.key)
            why = known[setting.key](setting.value)
            if why:
                errors.append(Diagnostic.make("E051", setting.span, key=setting.key, value=setting.text, why=why))
    return errors
