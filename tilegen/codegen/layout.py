"""Which statements of a piece of generated code black would change.

fmt.py formats a module one top-level definition ("piece") at a time. `plan(piece)` reads a
piece line by line and returns it as a list of segments: text black would leave as it is
(canonical.py vouches for each statement, docstring and comment, and the rules below for
the blank lines and indentation between them) and Units, the statements it cannot vouch
for, which fmt.py has black format on their own, at their depth (`wrap`, `unwrap`). Where
the piece's shape is outside what these rules know (a module's header, nested definitions,
a blank line where black's rules need more context, ...) `plan` returns None, and black
formats the whole piece, as it would without this module.

Black formats each statement of a block independently of the others but for the blank
lines between them (black.lines.EmptyLineTracker); the rules kept here are the subset of
those that generated code needs: no blank line inside a definition's head, after a block
opener or a docstring; at most one between statements of a body; exactly two before the
first top-level statement after a definition.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .canonical import LINE_LENGTH, canonical, comment_ok

# brackets, strings (either quote) and comments: what bracket counting must see
_SCAN = re.compile(r"""[rbfuRBFU]{0,2}(?:"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*')|#.*|[()\[\]{}]""")
_OPENERS = {"(": 1, "[": 1, "{": 1, ")": -1, "]": -1, "}": -1}


@dataclass(frozen=True, slots=True)
class Unit:
    """A statement for black: its lines as rendered, its block depth, and whether it opens
    a block (a header, given a `pass` body to be valid Python on its own)."""

    depth: int
    lines: tuple[str, ...]
    header: bool


def _balance(line: str) -> int | None:
    """The line's open brackets minus closed ones; None where it holds a triple quote."""
    if '"""' in line or "'''" in line:
        return None
    if "'" not in line and '"' not in line and "#" not in line:
        return line.count("(") + line.count("[") + line.count("{") - line.count(")") - line.count("]") - line.count("}")
    return sum(_OPENERS.get(m, 0) for m in _SCAN.findall(line))


def _code_of(line: str) -> str:
    """The line without a trailing comment (for the header test)."""
    if "#" not in line:
        return line
    out = line
    for m in _SCAN.finditer(line):
        if m.group().startswith("#"):
            out = line[: m.start()]
    return out.rstrip()


def plan(piece: str) -> list | None:
    """The piece as segments (str, kept as it is, or Unit), or None: black it whole."""
    lines = piece.splitlines()
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines or not lines[0].startswith(("#", "@", "def ")):
        return None
    out: list = []
    levels = [0]  # indentation of the open blocks
    expect_indent = False  # the previous statement opened a block
    prev = None  # what the previous non-blank line was: "comment", "decorator", "def", "header", "doc", "stmt"
    in_def = False  # inside the piece's definition (after its header)
    def_done = False  # back at depth 0 after it
    seen_top = False  # a top-level line after the definition
    comments: list[str] = []  # standalone comments waiting for the statement they precede
    blank = 0
    prev_width = 0
    after_def = None  # the indentation of a nested definition whose body is still open
    i, n = 0, len(lines)
    while i < n:
        line = lines[i]
        stripped = line.lstrip(" ")
        if not stripped:
            blank += 1
            i += 1
            continue
        if "\t" in line:
            return None
        width = len(line) - len(stripped)
        if stripped.startswith("#"):
            if width == 0 and in_def:
                def_done = True
            checked = False
            if after_def is not None and width <= after_def:
                # the first line after a nested definition: one blank line before it
                if width and blank != 1:
                    return None
                after_def, checked = None, bool(width)
            if not comment_ok(stripped) or not (checked or _blank_ok(blank, prev, width, stripped, def_done, seen_top)):
                return None
            if width == 0 and def_done:
                seen_top = True
            comments.append(line)
            out.extend([""] * blank)
            out.append(line)
            prev, blank = "comment", 0
            i += 1
            continue
        # a statement: its physical lines, to the bracket balance's return to zero
        start, depth_sum = i, 0
        while True:
            bal = _balance(lines[i])
            if bal is None:
                break
            depth_sum += bal
            i += 1
            if depth_sum <= 0 or i >= n:
                break
        if bal is None:  # a triple quote: a docstring right after the def, else not ours
            if not (prev == "def" and start == i and stripped.startswith('"""')):
                return None
            end = _docstring_end(lines, i)
            if end is None or blank or comments:
                return None
            doc = lines[i:end]
            if not _docstring_ok(doc, width):
                return None
            if width != levels[-1] + 4:
                return None
            levels.append(width)
            expect_indent = False
            out.extend(doc)
            prev, blank, i = "doc", 0, end
            continue
        if depth_sum != 0:
            return None
        stmt = lines[start:i]
        # indentation: one level deeper after a block opener, else an open level
        if expect_indent:
            if width != levels[-1] + 4:
                return None
            levels.append(width)
        else:
            while levels and levels[-1] > width:
                levels.pop()
            if not levels or levels[-1] != width:
                return None
        if any(len(c) - len(c.lstrip(" ")) != width for c in comments):
            return None
        comments = []
        depth = width // 4
        first_word = stripped.split(None, 1)[0] if stripped else ""
        is_header = _code_of(stmt[-1]).endswith(":")
        if width == 0:
            if in_def:
                def_done = True
            if stripped.startswith("@"):
                if in_def or prev not in (None, "comment", "decorator") or blank:
                    return None
                kind = "decorator"
            elif stripped.startswith("def "):
                if in_def or blank:
                    return None
                kind, in_def = "def", True
            elif not def_done or is_header:
                return None
            else:
                kind = "stmt"
        checked = False
        if width and after_def is not None and width <= after_def:
            # the first line after a nested definition: one blank line before it
            if blank != 1:
                return None
            after_def, checked = None, True
        if width == 0:
            after_def = None
        if width:
            if stripped.startswith(("class ", "@", "async ")) or first_word in ("import", "from"):
                return None
            kind = "header" if is_header else "stmt"
            if stripped.startswith("def "):
                # a nested definition: one blank line before it, after a statement of its block
                if blank != 1 or prev != "stmt" or prev_width != width or after_def is not None:
                    return None
                kind, checked, after_def = "def", True, width
        if not checked and not _blank_ok(blank, prev, width, stripped, def_done, seen_top):
            return None
        if width == 0 and def_done:
            seen_top = True
        out.extend([""] * blank)
        if canonical(stmt, depth):
            out.extend(stmt)
        elif (laid := relayout(stmt, depth)) is not None:
            out.extend(laid)
        elif kind == "decorator" or first_word.rstrip(":") in ("else", "elif"):
            return None
        else:
            out.append(Unit(depth, tuple(stmt), is_header))
        expect_indent = is_header
        prev, prev_width, blank = kind, width, 0
    if comments or expect_indent or not in_def:
        return None
    return out


def _blank_ok(blank: int, prev, width: int, stripped: str, def_done: bool, seen_top: bool) -> bool:
    """Whether black keeps `blank` blank lines before this line as they are."""
    if width == 0 and def_done:
        # the first top-level line after the definition gets two; later ones keep theirs
        return blank == 2 if not seen_top else blank <= 2 and prev == "stmt" or blank == 0
    if blank == 0:
        return True
    if width == 0:
        return False
    return (
        blank == 1
        and prev == "stmt"
        and not stripped.startswith(("else", "elif", "def ", "@", "class "))
    )


def _docstring_end(lines: list[str], i: int) -> int | None:
    """The index after the docstring starting at line i, or None."""
    first = lines[i].lstrip(" ")
    if first.count('"""') == 2 and first.endswith('"""') and len(first) > 6:
        return i + 1
    if first.count('"""') != 1:
        return None
    for j in range(i + 1, len(lines)):
        count = lines[j].count('"""')
        if count:
            return j + 1 if count == 1 and lines[j].endswith('"""') else None
    return None


def _docstring_ok(doc: list[str], width: int) -> bool:
    """A docstring black writes as it is: text from the opening quotes on, no trailing spaces
    or backslashes, its other lines at the docstring's indentation (none less), the closing
    quotes on a line of their own (or ending a one-line docstring that fits)."""
    indent = " " * width
    if any("\\" in line or not line.isascii() or line != line.rstrip() for line in doc):
        return False
    first = doc[0][width + 3:]
    if not first or first[0] in ' "':
        return False
    if len(doc) == 1:
        text = first[:-3]
        return bool(text) and text[-1] not in ' "' and len(doc[0]) <= LINE_LENGTH
    last = doc[-1]
    if last != indent + '"""':
        # the closing quotes end the last line of text, where that fits
        text = last[:-3]
        if len(last) > LINE_LENGTH or not text.strip() or text[-1] in ' "':
            return False
    body = [line for line in doc[1:-1] if line]
    if last != indent + '"""':
        body.append(last)
    return all(line.startswith(indent) for line in body) and (
        not body or min(len(line) - len(line.lstrip(" ")) for line in body) == width
    )


def relayout(stmt: list[str], depth: int) -> list[str] | None:
    """A statement split one item a line at its last bracket (as templates write calls and
    signatures), laid out as black lays it out: on one line where it fits, else hugged or
    one item a line. Each candidate must pass canonical(), which also holds the length
    conditions that make it black's choice; None where none does. Only for two items or
    more without comments: black keeps the trailing comma of one item (`f(x,)`)."""
    if len(stmt) < 4 or stmt[0][-1:] not in "([{":
        return None
    indent = "    " * depth
    inner = indent + "    "
    items = []
    for line in stmt[1:-1]:
        if not line.startswith(inner) or "#" in line or not line.endswith(","):
            return None
        items.append(line[len(inner):-1])
    first, tail = stmt[0], stmt[-1][len(indent):]
    one = first + ", ".join(items) + tail
    if canonical([one], depth):
        return [one]
    hugged = [first, inner + ", ".join(items), stmt[-1]]
    if canonical(hugged, depth):
        return hugged
    return None


SENTINEL = "_tilegen_unit_ = 0"


def wrap(unit: Unit) -> list[str]:
    """The unit as a module of its own: inside `if _:` blocks up to its depth, with a `pass`
    body if it opens a block."""
    lines = ["    " * k + "if _:" for k in range(unit.depth)]
    lines.extend(unit.lines)
    if unit.header:
        lines.append("    " * (unit.depth + 1) + "pass")
    return lines


def unwrap(unit: Unit, formatted: list[str]) -> list[str] | None:
    """black's lines for `unit` (blank lines dropped), without the wrapping; None where
    they are not of the expected shape."""
    got = [line for line in formatted if line.strip()]
    head = ["    " * k + "if _:" for k in range(unit.depth)]
    if got[: unit.depth] != head:
        return None
    got = got[unit.depth:]
    if unit.header:
        if not got or got[-1] != "    " * (unit.depth + 1) + "pass":
            return None
        got = got[:-1]
    indent = "    " * unit.depth
    if not got or not got[0].startswith(indent) or got[0][len(indent)] == " ":
        return None
    return got
