"""Stage 6: format generated source with black (fixed settings, so output is stable).

A module is formatted definition by definition: black formats top-level definitions
independently (two blank lines between them, whatever came before), so the pieces,
joined by two blank lines, are byte for byte what black gives for the whole module (a
test holds this for every example spec). Each formatted piece is cached, in memory and
on disk, keyed by its text and black's version: a rebuild formats only the kernels whose
code changed, and black runs once per kernel.

black's format_str formats twice (the second pass exists for magic trailing commas, which
these settings turn off); one pass (`_format_str_once`, where this black has it) gives the
same text in half the time. The tests hold both to the whole-module, two-pass result.
"""

from __future__ import annotations

import gc
import hashlib
import os
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

import black

from ..cachedir import cache_dir, store

_MODE = black.Mode(
    line_length=100, target_versions={black.TargetVersion.PY310}, magic_trailing_comma=False
)


class InternalError(RuntimeError):
    """A tilegen bug: the templates produced something that is not valid Python."""


def format_source(source: str) -> str:
    """black's formatting of `source`, which must be valid Python 3 (black also reads some
    Python 2, such as `007`: Python's compiler has the last word)."""
    with _fewer_collections():
        formatted = "\n\n".join(_format_piece(piece) for piece in pieces(source))
    try:
        # compile rather than ast.parse: the parser's errors and the compiler's own (`return`
        # outside a function), without ~100,000 AST objects to build (0.06 s, not 0.08 s,
        # for specs/)
        compile(formatted, "<generated>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise _internal(exc) from None
    return formatted


# black builds a tree for each piece whose nodes point to their parents: cycles, freed only by
# Python's cycle collector. At its default threshold (a young-generation pass every 700 new
# objects) the collector walks each tree many times while black works on it, moves it to the
# older generations, and full passes follow: ~0.2 s of a 2 s build. With 50,000 most trees
# are garbage by the first pass that sees them: the collector's time in a build of specs/
# drops from ~0.25 s to ~0.1 s, and memory grows by ~1 MB.
_YOUNG_THRESHOLD = 50_000


@contextmanager
def _fewer_collections():
    """The collector's young-generation threshold raised while black runs, then restored
    (left alone where it is higher already, or 0: automatic collection off)."""
    old = gc.get_threshold()
    if not 0 < old[0] < _YOUNG_THRESHOLD:
        yield
        return
    gc.set_threshold(_YOUNG_THRESHOLD, *old[1:])
    try:
        yield
    finally:
        gc.set_threshold(*old)


def format_whole(source: str) -> str:
    """black over the whole module at once, both passes (what format_source must equal)."""
    return _black(source, one_pass=False)


def pieces(source: str) -> list[str]:
    """The module split before each top-level definition (with the comment lines and
    decorators right above it)."""
    lines = source.splitlines(keepends=True)
    starts = []
    for n, line in enumerate(lines):
        if line.startswith(("def ", "class ", "@")):
            k = n
            while k > 0 and lines[k - 1].startswith(("#", "@")):
                k -= 1
            if k > 0 and (not starts or starts[-1] < k):
                starts.append(k)
    bounds = [0, *starts, len(lines)]
    return ["".join(lines[a:b]) for a, b in zip(bounds, bounds[1:])]


# what a cache entry's name hashes besides the piece: black's version and settings
_KEY_PREFIX = f"{black.__version__}\n{_MODE!r}\n"


@lru_cache(maxsize=4096)
def _format_piece(piece: str) -> str:
    key = hashlib.sha256(f"{_KEY_PREFIX}{piece}".encode()).hexdigest()
    folder = _cache_dir()
    path = folder / f"{key}.py" if folder else None
    if path is not None:
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            pass
    text = _black(piece)
    if path is not None:
        store(path, text.encode("utf-8"))
    return text


# One formatting pass where black has it (see the module docstring), else black's two.
_ONE_PASS = getattr(black, "_format_str_once", None) or black.format_str


def _black(source: str, one_pass: bool = True) -> str:
    try:
        return (_ONE_PASS if one_pass else black.format_str)(source, mode=_MODE)
    except (black.InvalidInput, RecursionError, MemoryError) as exc:
        raise _internal(exc) from None


def _internal(exc: Exception) -> InternalError:
    return InternalError(
        f"tilegen produced invalid Python ({exc}); please report this with your spec "
        "(`tilegen build --dump=raw` shows the unformatted source)"
    )


@lru_cache(maxsize=1)
def _cache_dir() -> Path | None:
    """cachedir's "black" folder; None when it cannot be made (then every piece is
    formatted afresh) or TILEGEN_FORMAT_CACHE=0."""
    if os.environ.get("TILEGEN_FORMAT_CACHE", "1") == "0":
        return None
    return cache_dir("black")
