"""Stage 6: format generated source with black (fixed settings, so output is stable)."""

from __future__ import annotations

import ast

import black

_MODE = black.Mode(
    line_length=100, target_versions={black.TargetVersion.PY310}, magic_trailing_comma=False
)


class InternalError(RuntimeError):
    """A tilegen bug: the templates produced something that is not valid Python."""


def format_source(source: str) -> str:
    """black's formatting of `source`, which must be valid Python 3 (black also reads some
    Python 2, such as `007`: ast.parse has the last word)."""
    try:
        formatted = black.format_str(source, mode=_MODE)
        ast.parse(formatted)
    except (black.InvalidInput, SyntaxError, RecursionError, MemoryError) as exc:
        raise InternalError(
            f"tilegen produced invalid Python ({exc}); please report this with your spec "
            "(`tilegen build --dump=raw` shows the unformatted source)"
        ) from None
    return formatted
