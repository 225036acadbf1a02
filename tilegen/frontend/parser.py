"""Stage 1: source text -> Lark parse tree, with syntax errors turned into diagnostics."""

from __future__ import annotations

import hashlib
import pickle
import re
from functools import lru_cache
from pathlib import Path

import lark
from lark import Lark, Token, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.grammar import Rule
from lark.lark import PostLex
from lark.lexer import TerminalDef

from ..cachedir import cache_dir
from ..diagnostics import Diagnostic, DiagnosticError, Span
from ..language.dtypes import DTYPES

_OPENERS = {"LPAR": 1, "LSQB": 1, "RPAR": -1, "RSQB": -1}


class _DropNewlinesInBrackets(PostLex):
    """Newlines inside ( ) and [ ] do not end a statement (a signature may span lines)."""

    always_accept = ("_NL",)

    def process(self, stream):
        depth = 0
        for token in stream:
            if token.type == "_NL":
                if depth > 0:
                    continue
            else:
                depth = max(0, depth + _OPENERS.get(token.type, 0))
            yield token


GRAMMAR = Path(__file__).with_name("grammar.lark")
# The grammar's LALR tables, computed by write_tables and shipped with the package: building
# them takes ~0.3 s, loading them ~0.02 s (`python -m tilegen.tools.prebuilt` rewrites them).
TABLES = Path(__file__).with_name("grammar_tables.pickle")
_OPTIONS = {"parser": "lalr", "lexer": "contextual", "propagate_positions": True, "maybe_placeholders": True}


def tables_key() -> str:
    """What the tables depend on: the grammar's text, Lark's version, the options and the
    terminals the post-lexer needs kept. Tables under another key are never used."""
    parts = (
        GRAMMAR.read_bytes(),
        lark.__version__.encode(),
        repr(sorted(_OPTIONS.items())).encode(),
        repr(_DropNewlinesInBrackets.always_accept).encode(),
    )
    return hashlib.sha256(b"\0".join(parts)).hexdigest()


def _build(cache: str | bool = False) -> Lark:
    """The parser computed from grammar.lark (cache: a file for Lark's own table cache)."""
    return Lark(GRAMMAR.read_text(encoding="utf-8"), postlex=_DropNewlinesInBrackets(), cache=cache, **_OPTIONS)


def write_tables(path: Path = TABLES) -> None:
    """Compute the tables and write them, with their key, as plain data (Lark's own
    serialization, the one its cache and its standalone parsers use)."""
    data, memo = _build().memo_serialize([TerminalDef, Rule])
    data["options"] = {k: v for k, v in data["options"].items() if k != "postlex"}  # given on load
    made_from = {"grammar": hashlib.sha256(GRAMMAR.read_bytes()).hexdigest(), "lark": lark.__version__}
    blob = pickle.dumps({"key": tables_key(), **made_from, "data": data, "memo": memo}, protocol=4)
    path.write_bytes(blob)


class _PlainData(pickle.Unpickler):
    """Reads dicts, lists, strings and numbers only: the tables name no class or function."""

    def find_class(self, module, name):
        raise pickle.UnpicklingError(f"grammar tables may not name {module}.{name}")


def shipped_tables(key: str) -> dict | None:
    """The shipped tables when they were computed under `key`, else None."""
    try:
        with TABLES.open("rb") as handle:
            stored = _PlainData(handle).load()
    except (OSError, pickle.UnpicklingError, EOFError, ValueError):
        return None
    return stored if isinstance(stored, dict) and stored.get("key") == key else None


def _lark_cache(key: str) -> str | bool:
    """A file in tilegen's cache folder, named by the tables' key (so an edited grammar
    never meets old tables), else no cache."""
    folder = cache_dir("lark")
    if folder is None:
        return False
    return str(folder / f"grammar-{key[:24]}.cache")


@lru_cache(maxsize=1)
def _lark() -> Lark:
    """The parser: from the shipped tables when they are current, else computed from the
    grammar (and kept in tilegen's cache folder)."""
    key = tables_key()
    stored = shipped_tables(key)
    if stored is None:
        return _build(_lark_cache(key))
    return Lark._load_from_dict(stored["data"], stored["memo"], postlex=_DropNewlinesInBrackets())


# Friendly names for the terminals Lark reports as "expected". Terminals for fixed
# strings ('->', '**', 'schedule', ...) are named by their text (see _terminal_text),
# so Lark's internal names (__ANON_0, $END, RBRACE) never reach the user.
_TOKEN_NAMES = {
    "NAME": "a name",
    "NUMBER": "a number",
    "INT": "an integer",
    "_NL": "a newline",
    "$END": "end of file",
    "CMP_OP": "a comparison",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/', '%' or '@'",
}
_KINDS = {"ELEMENTWISE", "REDUCTION", "GEMM"}
_OPERAND = {"NAME", "NUMBER", "LPAR", "MINUS", "NOT"}
_OPERATOR_TEXT = {"+", "-", "*", "/", "%", "@", "**", ".T", "as", "and", "or"}


def _terminal_text(name: str) -> str:
    if name in _TOKEN_NAMES:
        return _TOKEN_NAMES[name]
    try:
        pattern = _lark().get_terminal(name).pattern
    except KeyError:
        return name.lower().strip("_")
    return repr(pattern.value) if pattern.type == "str" else name.lower().strip("_")


def _is_operator(name: str) -> bool:
    if name in ("ADD_OP", "MUL_OP", "CMP_OP"):
        return True
    text = _terminal_text(name).strip("'")
    return text in _OPERATOR_TEXT


def _join(items: list[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " or " + items[-1]


def _expected(names, before: str = "") -> str:
    """' (expected ...)' in words, grouping what Lark lists terminal by terminal."""
    names = set(names)
    groups: list[str] = []
    if names == {"NAME"} and re.search(r"(:|\bas)\s*$", before):
        return " (expected a type: " + ", ".join(DTYPES) + ")"
    if _KINDS <= names:
        # Between kernels: only a new kernel (or the end of the file) may follow.
        return " (expected a kernel: 'elementwise', 'reduction' or 'gemm')"
    if {"NAME", "NUMBER", "LPAR"} <= names:
        groups.append("an expression")
        names -= _OPERAND
    operators = {n for n in names if _is_operator(n)}
    if len(operators) >= 3:
        groups.append("an operator")
        names -= operators | {"LPAR"}  # '(' here would start a call
    if "_NL" in names and "SEMICOLON" not in names and names != {"_NL"}:
        names.discard("_NL")  # an optional line break, not what is missing
    groups += sorted(_terminal_text(n) for n in names)
    return " (expected " + _join(groups) + ")" if groups else ""


def _describe(token: Token | None) -> str:
    if token is None or token.type == "$END":
        return "end of file"
    if token.type == "_NL":
        return "end of line"
    return repr(str(token))


def _hint(token: Token, names, text: str) -> str:
    """A sentence for the common mistakes a token list does not explain."""
    names = set(names)
    if token.type == "CMP_OP" and "CMP_OP" not in names:
        if str(token).startswith(">") and text[: token.start_pos].rstrip().endswith("<"):
            return "; not-equal is written !="
        return "; comparisons do not chain: write (a < b) and (b < c)"
    if str(token) == "=" and re.search(r"\bschedule\s*$", text[: token.start_pos]):
        return "; 'schedule' is a keyword and cannot name a value"
    if token.type == "_NL" and "NAME" in names:
        return "; to continue a statement on the next line, wrap it in ( ) or end the line with \\"
    if token.type == "SCHEDULE" and _KINDS <= names:
        return "; a schedule block goes inside the kernel's braces, after its statements"
    return ""


def parse_source(text: str, path: str):
    """Parse `text`; raise DiagnosticError carrying one syntax diagnostic on failure."""
    try:
        return _lark().parse(text)
    except UnexpectedInput as exc:
        raise DiagnosticError([_syntax_diagnostic(exc, text, path)]) from None


def _syntax_diagnostic(exc: UnexpectedInput, text: str, path: str) -> Diagnostic:
    line = getattr(exc, "line", None) or 1
    column = getattr(exc, "column", None) or 1
    if isinstance(exc, UnexpectedCharacters):
        char = text[exc.pos_in_stream] if exc.pos_in_stream < len(text) else ""
        return Diagnostic.make("E001", Span(path, line, column), char=char)
    expected = getattr(exc, "accepts", None) or getattr(exc, "expected", None) or ()
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        last = text.rstrip().split("\n")
        span = Span(path, max(1, len(last)), len(last[-1]) + 1)
        # Separators cannot fix a file that ends too early: leave them out.
        return Diagnostic.make("E002", span, expected=_expected(set(expected) - {"_NL", "SEMICOLON"}, text))
    assert isinstance(exc, UnexpectedToken)
    token = exc.token
    if token.type == "_NL":
        # Point at the end of the line, not at the start of the next one.
        prev_lines = text[: token.start_pos].split("\n")
        line, column = token.line, len(prev_lines[-1]) + 1
    width = 1 if token.type == "_NL" else max(1, len(str(token)))
    return Diagnostic.make(
        "E003",
        Span(path, line, column, width),
        found=_describe(token),
        expected=_expected(expected, text[: token.start_pos]) + _hint(token, expected, text),
    )
