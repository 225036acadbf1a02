"""Stage 6: format generated source as black does (fixed settings, so output is stable).

A module is formatted definition by definition: black formats top-level definitions
independently (two blank lines between them, whatever came before), so the pieces,
joined by two blank lines, are byte for byte what black gives for the whole module (a
test holds this for every example spec). Each formatted piece is cached, in memory and
on disk, keyed by its text and black's version: a rebuild formats only the kernels whose
code changed.

Within a piece, black runs only on what it would change. layout.plan vouches for the
statements, comments, docstrings and blank lines that are already as black writes them
(canonical.py), which the templates and the lowerings emit for most of the code; the
others ("units") go to black together, one run per module, each wrapped to its depth. A
piece whose shape layout.py does not know goes to black whole. black parses everything it
is given (about 0.2 ms a line), so this is what makes a build with an empty cache fast;
black itself is imported only when something needs it.

black's format_str formats twice (the second pass exists for magic trailing commas, which
these settings turn off); one pass (`_format_str_once`, where this black has it) gives the
same text in half the time. The tests hold every path to the whole-module, two-pass result.
"""

from __future__ import annotations

import gc
import hashlib
import importlib.metadata
import importlib.util
import os
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path

from . import layout
from ..cachedir import cache_dir, store

if importlib.util.find_spec("black") is None:  # tilegen formats with black: refuse to start
    raise ModuleNotFoundError("No module named 'black'", name="black")

_LINE_LENGTH = 100  # black's settings: line_length, target PY310, no magic trailing comma
assert layout.LINE_LENGTH == _LINE_LENGTH


class InternalError(RuntimeError):
    """A tilegen bug: the templates produced something that is not valid Python."""


def format_source(source: str) -> str:
    """black's formatting of `source`, which must be valid Python 3 (black also reads some
    Python 2, such as `007`: Python's compiler has the last word)."""
    with _fewer_collections():
        formatted = "\n\n".join(_format_pieces(pieces(source)))
    try:
        # compile rather than ast.parse: the parser's errors and the compiler's own (`return`
        # outside a function), without ~100,000 AST objects to build (0.06 s, not 0.08 s,
        # for specs/)
        compile(formatted, "<generated>", "exec", dont_inherit=True)
    except (SyntaxError, ValueError, RecursionError, MemoryError) as exc:
        raise _internal(exc) from None
    return formatted


def _format_pieces(parts: list[str]) -> list[str]:
    """Each piece formatted: from the caches, else from its plan (layout.py) with the
    statements black must see formatted together in one run, else by black whole."""
    done: dict[str, str] = {}
    plans: dict[str, list] = {}
    for piece in parts:
        if piece in done or piece in plans:
            continue
        cached = _cached(piece)
        if cached is not None:
            done[piece] = cached
            continue
        segments = layout.plan(piece)
        if segments is None:
            done[piece] = _store(piece, _black(piece))
        else:
            plans[piece] = segments
    units = [seg for segments in plans.values() for seg in segments if not isinstance(seg, str)]
    formatted = _format_units(units) if units else {}
    for piece, segments in plans.items():
        lines: list[str] | None = []
        for seg in segments:
            if isinstance(seg, str):
                lines.append(seg)
            elif seg in formatted:
                lines.extend(formatted[seg])
            else:
                lines = None
                break
        done[piece] = _store(piece, "\n".join(lines) + "\n" if lines is not None else _black(piece))
    return [done[piece] for piece in parts]


def _format_units(units: list) -> dict:
    """black's lines for each unit (layout.Unit), from one run over all of them, each
    wrapped to its depth and parted from the next by a sentinel line. A unit whose lines do
    not come back in the expected shape is left out: its piece is then formatted whole."""
    source: list[str] = []
    for unit in units:
        source.extend(layout.wrap(unit))
        source.append(layout.SENTINEL)
    chunks: list[list[str]] = [[]]
    for line in _black("\n".join(source) + "\n").splitlines():
        if line == layout.SENTINEL:
            chunks.append([])
        else:
            chunks[-1].append(line)
    if len(chunks) != len(units) + 1:
        return {}
    result = {}
    for unit, chunk in zip(units, chunks):
        got = layout.unwrap(unit, chunk)
        if got is not None:
            result[unit] = got
    return result


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


_memory: dict[str, str] = {}  # piece -> formatted, for this process


def _cached(piece: str) -> str | None:
    """The piece's formatted text from this process's memory or the disk cache, or None."""
    text = _memory.get(piece)
    if text is not None:
        return text
    folder = _cache_dir()
    if folder is None:
        return None
    try:
        text = (folder / f"{_key(piece)}.py").read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    _memory[piece] = text
    return text


def _store(piece: str, text: str) -> str:
    _memory[piece] = text
    folder = _cache_dir()
    if folder is not None:
        store(folder / f"{_key(piece)}.py", text.encode("utf-8"))
    return text


@lru_cache(maxsize=1)
def _key_prefix() -> str:
    """What a cache entry's name hashes besides the piece: black's version and settings (read
    from the package's metadata, so that a warm build need not import black)."""
    return f"{importlib.metadata.version('black')}\nline_length={_LINE_LENGTH} py310 no-magic-comma\n"


def _key(piece: str) -> str:
    return hashlib.sha256(f"{_key_prefix()}{piece}".encode()).hexdigest()


@lru_cache(maxsize=1)
def _black_api():
    import black

    mode = black.Mode(
        line_length=_LINE_LENGTH, target_versions={black.TargetVersion.PY310}, magic_trailing_comma=False
    )
    # One formatting pass where black has it (see the module docstring), else black's two.
    return black, mode, getattr(black, "_format_str_once", None) or black.format_str


def _black(source: str, one_pass: bool = True) -> str:
    black, mode, once = _black_api()
    try:
        return (once if one_pass else black.format_str)(source, mode=mode)
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
