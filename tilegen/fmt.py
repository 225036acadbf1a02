"""Stage 6: format generated source with black (fixed settings, so output is stable)."""

from __future__ import annotations

import black

_MODE = black.Mode(
    line_length=100, target_versions={black.TargetVersion.PY310}, magic_trailing_comma=False
)


def format_source(source: str) -> str:
    return black.format_str(source, mode=_MODE)
