"""Stage 1: source text -> Lark parse tree, with syntax errors turned into diagnostics."""

from __future__ import annotations

from functools import lru_cache

from lark import Lark, Token, UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken
from lark.lark import PostLex

from .diagnostics import Diagnostic, DiagnosticError, Span

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


@lru_cache(maxsize=1)
def _lark() -> Lark:
    return Lark.open(
        "grammar.lark",
        rel_to=__file__,
        parser="lalr",
        lexer="contextual",
        postlex=_DropNewlinesInBrackets(),
        propagate_positions=True,
        maybe_placeholders=True,
    )


# Friendly names for the terminals Lark reports as "expected".
_TOKEN_NAMES = {
    "NAME": "a name",
    "NUMBER": "a number",
    "INT": "an integer",
    "ELEMENTWISE": "'elementwise'", "REDUCTION": "'reduction'", "GEMM": "'gemm'", "KIND": "'elementwise', 'reduction' or 'gemm'",
    "LPAR": "'('",
    "RPAR": "')'",
    "LSQB": "'['",
    "RSQB": "']'",
    "LBRACE": "'{'",
    "RBRACE": "'}'",
    "COMMA": "','",
    "COLON": "':'",
    "SEMICOLON": "';'",
    "EQUAL": "'='",
    "_NL": "a newline",
    "CMP_OP": "a comparison",
    "ADD_OP": "'+' or '-'",
    "MUL_OP": "'*', '/', '%' or '@'",
    "MINUS": "'-'",
    "__ANON_0": "'->'",
}


def _describe(token: Token | None) -> str:
    if token is None or token.type == "$END":
        return "end of file"
    if token.type == "_NL":
        return "end of line"
    return repr(str(token))


def _expected(names) -> str:
    described = sorted({_TOKEN_NAMES.get(n, n.lower().strip("_")) for n in names})
    if len(described) > 6:
        return ""
    return " (expected " + ", ".join(described) + ")"


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
    if isinstance(exc, UnexpectedEOF) or (
        isinstance(exc, UnexpectedToken) and exc.token.type == "$END"
    ):
        last = text.rstrip().splitlines() or [""]
        span = Span(path, max(1, len(last)), len(last[-1]) + 1)
        return Diagnostic.make("E002", span, expected=_expected(exc.expected))
    assert isinstance(exc, UnexpectedToken)
    token = exc.token
    if token.type == "_NL":
        # Point at the end of the line, not at the start of the next one.
        prev_lines = text[: token.start_pos].splitlines() or [""]
        line, column = token.line, len(prev_lines[-1]) + 1
    width = 1 if token.type == "_NL" else max(1, len(str(token)))
    return Diagnostic.make(
        "E003",
        Span(path, line, column, width),
        found=_describe(token),
        expected=_expected(exc.accepts or exc.expected),
    )
