"""Is a statement of generated code already what black makes of it?

A conservative test. `canonical(lines, depth)` is True only for a statement (or block
header) that black would leave exactly as it is at block depth `depth`:
- one physical line of at most LINE_LENGTH columns whose tokens are spaced as black spaces
  them, and which black has no other reason to rewrite (quotes, numeric literals, redundant
  parentheses, trailing commas); or
- a call, a `def` or a collection too long for one line, laid out as black lays it out: the
  arguments on one line of their own ("hugged", calls and defs only) where they fit, else
  one per line with a trailing comma.
It covers the subset of Python that generated code uses; anything outside it (lambda, `**`
between anything but two numbers, single-quoted or escaped strings, slices of expressions,
annotations, nested layouts, ...) is "not known" (False), and fmt.py gives that statement
to black. A True for a statement black would change is a bug: the tests hold this to black
on every statement of every example spec, and on perturbed and random ones.
"""

from __future__ import annotations

import keyword
import re
from functools import lru_cache

LINE_LENGTH = 100

_TOKEN = re.compile(
    r"""(?P<sp>[ ]+)
    |(?P<str>[rbf]?"[^"\\\n]*")
    |(?P<name>[A-Za-z_][A-Za-z0-9_]*)
    |(?P<num>\.?[0-9](?:[0-9a-zA-Z_.]|(?<=[eE])[-+])*)
    |(?P<com>\#.*)
    |(?P<op>\*\*=?|//=?|>>=?|<<=?|->|:=|[-+*/%@&|^<>!=]=|[-+*/%@&|^~<>=.:,;()\[\]{}])
    """,
    re.VERBOSE,
)
# numeric literals as black writes them (black.numerics)
_NUMBER = re.compile(r"(?:0|[1-9][0-9_]*)(?:\.[0-9][0-9_]*)?(?:e-?[0-9][0-9_]*)?j?|0x[0-9A-F_]+")
# comments black leaves alone: '#' alone or '# text', no trailing space, no directive
_COMMENT = re.compile(r"#(?: (?!.*(?:fmt:|type:)).*\S)?")

_PAIRS = {"(": ")", "[": "]", "{": "}"}
_CLOSE = frozenset(")]}")
_ATOMS = frozenset({"None", "True", "False"})
_KEYWORDS = frozenset(keyword.kwlist) - _ATOMS
# keywords whose statements black may treat specially: not known
_UNKNOWN = frozenset({
    "lambda", "async", "await", "yield", "global", "nonlocal", "del", "class", "with", "try",
    "except", "finally", "import", "from",
})
# after these black drops redundant parentheses around the whole clause
_CLAUSE_KEYWORDS = frozenset({"return", "if", "elif", "while", "for", "in", "assert", "else"})
_ASSIGN = frozenset({"=", "+=", "-=", "*=", "/=", "//=", "%=", "@=", "&=", "|=", "^=", ">>=", "<<=", "**="})
_CLAUSE_END = _ASSIGN | {":", "in"}


class _Unknown(Exception):
    """The statement is outside the subset this module understands."""


def comment_ok(text: str) -> bool:
    """A comment (from '#') that black writes as it is."""
    return text.isascii() and _COMMENT.fullmatch(text) is not None


def canonical(lines: list[str], depth: int) -> bool:
    """True if black leaves the statement `lines` (physical lines without newlines) unchanged
    at block depth `depth`."""
    if len(lines) == 1:
        return _one_line(lines[0], depth)
    try:
        return _split_ok(lines, "    " * depth)
    except _Unknown:
        return False


@lru_cache(maxsize=16384)
def _one_line(line: str, depth: int) -> bool:
    """canonical() of one line (kept: generated modules repeat many lines)."""
    indent = "    " * depth
    if len(line) > LINE_LENGTH or not line.startswith(indent) or not line.isascii():
        return False
    body = line[len(indent):]
    try:
        return _render(body) == body
    except _Unknown:
        return False


def _split_ok(lines: list[str], indent: str) -> bool:
    """A statement too long for one line, split at its last bracket as black splits it."""
    first, last = lines[0], lines[-1]
    inner = indent + "    "
    opener = first[-1:]
    closer = _PAIRS.get(opener)
    if closer is None or not first.startswith(indent) or first[len(indent):len(indent) + 1] == " ":
        return False
    head = first[len(indent):]
    if last not in (indent + closer, indent + closer + ":") or any(c in head[:-1] for c in "()[]{}#"):
        return False
    if last.endswith(":") != head.startswith("def "):
        return False
    kind = "call" if head[:-1] and (head[-2].isalnum() or head[-2] == "_") else "atom"
    middle = lines[1:-1]
    items, comments = [], []
    standalone = False
    for k, line in enumerate(middle):
        if line.startswith(inner + "#") and 0 < k < len(middle) - 1 and comment_ok(line[len(inner):]):
            standalone = True  # a comment line between two items: black keeps it there
            continue
        if len(line) > LINE_LENGTH or not line.startswith(inner) or line[len(inner):len(inner) + 1] in (" ", "#", ""):
            return False
        text, hash_, comment = line[len(inner):].partition("  #")
        if hash_:
            if not comment_ok("#" + comment):
                return False
            comments.append("#" + comment)
        items.append(text)
    tail = last[len(indent):]
    if len(items) == 1 and not items[0].endswith(","):
        # hugged: calls and defs whose arguments fit on one line
        if kind != "call" or comments or standalone or head.startswith("def ") and not _top_level_comma(items[0]):
            return False
        joined = head + items[0] + tail
        return _too_long(indent + joined) and _render(joined) == joined
    if not all(item.endswith(",") for item in items) or kind == "atom" and len(items) < 2:
        return False
    items = [item[:-1] for item in items]
    if any(_top_level_comma(item) for item in items):
        return False
    joined = head + ", ".join(items) + tail
    if not _too_long(indent + joined) or _render(joined) != joined:
        return False
    if kind == "call":
        hugged = inner + ", ".join(items) + "".join("  " + c for c in comments)
        return _too_long(hugged)
    return True


def _too_long(line: str) -> bool:
    return len(line) > LINE_LENGTH


def _top_level_comma(text: str) -> bool:
    depth = 0
    for kind, tok in _tokens(text):
        if kind == "op":
            if tok in _PAIRS:
                depth += 1
            elif tok in _CLOSE:
                depth -= 1
            elif tok == "," and depth == 0:
                return True
    return False


def _tokens(body: str) -> list[tuple[str, str]]:
    out = []
    pos, end = 0, len(body)
    match = _TOKEN.match
    while pos < end:
        m = match(body, pos)
        if m is None:
            raise _Unknown(body[pos:])
        kind = m.lastgroup
        if kind != "sp":
            out.append((kind, m.group()))
        pos = m.end()
    return out


def _render(body: str) -> str:
    """`body`'s tokens joined as black joins them (raises _Unknown outside the subset)."""
    if "\\" in body or '""' in body:
        raise _Unknown(body)
    toks = _tokens(body)
    comment = None
    if toks and toks[-1][0] == "com":
        comment = toks.pop()[1]
        if not comment_ok(comment):
            raise _Unknown(comment)
    if not toks or len(toks) == 1 and toks[0][0] == "str":
        raise _Unknown(body)  # a comment alone, or a string statement (a docstring?)
    if toks[0][1] in ("match", "case", "type") and len(toks) > 1 and toks[1][0] in ("name", "num", "str"):
        raise _Unknown(body)  # soft keywords
    n = len(toks)
    out: list[str] = []
    # one entry per open bracket: [kind, opener, commas, annotated, complex, slice, clause]
    stack: list[list] = []
    prev_kind = prev = None
    tight = False  # the previous token binds its right neighbour: no space after it
    clause_start = True  # the next token starts a clause black strips parentheses from
    is_def = toks[0][1] == "def"
    for i, (kind, text) in enumerate(toks):
        top = stack[-1] if stack else None
        if kind == "name" and text in _KEYWORDS:
            if text in _UNKNOWN:
                raise _Unknown(text)
            kind = "kw"
        elif kind == "num" and not _NUMBER.fullmatch(text):
            raise _Unknown(text)
        if top is not None and top[0] == "sub" and (kind in ("kw", "str") or kind == "op" and text not in ":,])"):
            top[4] = True  # anything but names, numbers, colons and commas: not simple
        role = False
        if prev is None or tight:
            sep = ""
        elif kind == "op" and (text in _CLOSE or text in ",." or text == ":" and prev != ","):
            sep = ""
        elif prev == "." or prev in _PAIRS:
            sep = ""
        elif kind == "op" and text in "([" and (prev_kind in ("name", "str") or prev in _CLOSE):
            sep = ""  # a call or a subscript
        else:
            sep = " "
        if kind == "op":
            if text in (";", ":=", "->") or text == "." and prev_kind in ("num", "kw", "str"):
                raise _Unknown(text)
            if text in _PAIRS:
                if text in "([" and (prev_kind in ("name", "str") or prev in _CLOSE):
                    bracket = "params" if is_def and i == 2 else ("call" if text == "(" else "sub")
                else:
                    bracket = {"(": "paren", "[": "list", "{": "brace"}[text]
                clause = clause_start and bracket == "paren" and not stack
                stack.append([bracket, text, 0, False, False, False, clause])
                role = True
            elif text in _CLOSE:
                if top is None or _PAIRS[top[1]] != text:
                    raise _Unknown(body)
                stack.pop()
                if prev == "," and not (top[0] == "paren" and top[2] == 1):
                    raise _Unknown(body)  # black drops this trailing comma (all but a one-tuple's)
                if top[6] and prev != "(" and top[2] == 0:
                    nxt = toks[i + 1][1] if i + 1 < n else None
                    if nxt is None or nxt in _CLAUSE_END:
                        raise _Unknown(body)  # black drops these parentheses
            elif text == ",":
                if top is not None:
                    top[2] += 1
                    top[3] = False
            elif text == "=":
                if top is None:
                    pass  # an assignment
                elif top[0] == "call" or top[0] == "params" and not top[3]:
                    sep, role = "", True  # a keyword argument or an unannotated default
                elif top[0] != "params":
                    raise _Unknown(body)
            elif text == ":":
                if top is None:
                    if i != n - 1:
                        raise _Unknown(body)  # an annotation or a one-line block
                elif top[0] == "sub":
                    role = True
                    top[5] = True
                elif top[0] == "params":
                    top[3] = True
                elif top[0] != "brace":
                    raise _Unknown(body)
            elif text in ("*", "**"):
                if prev in ("(", ",") and top is not None and top[0] in ("call", "params", "paren", "list"):
                    role = True  # unpacking, or the keyword-only marker
                elif text == "**" and prev in ("{", ",") and top is not None and top[0] == "brace":
                    role = True
                elif text == "**":
                    _power(toks, i)
                    sep, role = "", True
                elif prev_kind in (None, "kw") or prev_kind == "op" and prev not in _CLOSE:
                    raise _Unknown(body)
            elif text in "-+~":
                if prev_kind in (None, "kw") or prev_kind == "op" and prev not in _CLOSE:
                    if tight and prev in ("-", "+", "~"):
                        raise _Unknown(body)
                    role = True  # unary
            elif text == "@" and i == 0:
                role = True  # a decorator
        if top is not None and top[0] == "sub" and top[4] and top[5]:
            raise _Unknown(body)  # a slice of expressions: black spaces its colons
        out.append(sep)
        out.append(text)
        clause_start = (kind == "kw" and text in _CLAUSE_KEYWORDS) or (not stack and text in _ASSIGN)
        prev_kind, prev, tight = kind, text, role
    if stack:
        raise _Unknown(body)
    if comment is not None:
        out.append("  " + comment)
    return "".join(out)


def _power(toks: list[tuple[str, str]], i: int) -> None:
    """`**` is known only between two numbers that are whole operands (black hugs those)."""
    before = toks[i - 2][1] if i >= 2 else None
    after = toks[i + 2][1] if i + 2 < len(toks) else None
    if (
        i == 0
        or i + 1 >= len(toks)
        or toks[i - 1][0] != "num"
        or toks[i + 1][0] != "num"
        or before in (".", "**", "-", "+", "~")
        or before in _CLOSE
        or after in ("(", "[", ".", "**")
    ):
        raise _Unknown("**")
