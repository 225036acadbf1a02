"""Parser and IR builder: the grammar, operator precedence, literals, spans, and
syntax errors (codes and wording, never Lark's internal token names)."""

from __future__ import annotations

import dataclasses
import re

import pytest

from tilegen.language import ir
from tilegen.diagnostics import DiagnosticError, Span
from tilegen.language.dtypes import DTYPES
from tilegen.frontend.parser import parse_source
from tilegen.pipeline import parse as parse_module

# The normative examples of the language reference (issue 2, section 1), verbatim.
EXAMPLES = """\
# Vector add: the "hello world" of Triton.
elementwise add(x: f32[N], y: f32[N]) -> (out: f32[N]) {
    out = x + y
}

# ReLU fused with dropout: rand(seed) is uniform in [0, 1), one draw per output element.
elementwise relu_dropout(x: f32[N], p: f32 = 0.5, seed: i32 = 0) -> (out: f32[N]) {
    keep = rand(seed) > p
    out = where(x > 0 and keep, x / (1 - p), 0.0)
}

# Named dimensions broadcast: bias[N] is added to every row of x[M, N].
elementwise bias_gelu(x: bf16[M, N], bias: bf16[N]) -> (y: bf16[M, N]) {
    y = gelu(x + bias)
}

# SwiGLU gate, two outputs.
elementwise swiglu(g: bf16[M, N], u: bf16[M, N]) -> (y: bf16[M, N], act: f32[M, N]) {
    act = silu(g)
    y = act * u
}

reduction softmax(x: f16[M, N]) -> (y: f16[M, N]) {
    e = exp(x - max(x))
    y = e / sum(e)
}

reduction layernorm(x: bf16[M, N], w: bf16[N], b: bf16[N], eps: f32 = 1e-5)
        -> (y: bf16[M, N], mu: f32[M], rstd: f32[M]) {
    mu = mean(x)
    xc = x - mu
    rstd = rsqrt(mean(xc * xc) + eps)
    y = xc * rstd * w + b
}

gemm matmul_leaky_relu(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {
    c = leaky_relu(a @ b, 0.01)
}

gemm linear_gelu(x: bf16[M, K], w: bf16[N, K], bias: f32[N]) -> (y: bf16[M, N]) {
    y = gelu(x @ w.T + bias)
    schedule { block_m = 128; block_n = 128; block_k = 64; group_m = 8; warps = 8; stages = 3 }
}
"""


def parse(text: str, path: str = "t.tile") -> ir.Module:
    return parse_module(text, path)


def kernel(text: str) -> ir.Kernel:
    (k,) = parse(text).kernels
    return k


def expr(source: str) -> ir.Expr:
    """The IR of one expression (names need not be defined: this is the parser only)."""
    return kernel(f"elementwise k(x: f32[N]) -> (y: f32[N]) {{ y = {source} }}").body[0].value


def syntax_error(text: str):
    with pytest.raises(DiagnosticError) as info:
        parse_source(text, "t.tile")
    (diag,) = info.value.diagnostics
    return diag


# Shorthands for building expected trees (spans are ignored by ==).
N = ir.Name
def num(text: str) -> ir.Number:  # noqa: E302
    return ir.Number(int(text) if text.isdigit() else float(text), text)
def B(op, lhs, rhs):  # noqa: E302
    return ir.BinOp(op, lhs, rhs)


a, b, c, x = N("a"), N("b"), N("c"), N("x")


# ---- the examples ------------------------------------------------------------


def test_examples_parse():
    module = parse(EXAMPLES)
    kinds = [(k.kind, k.name) for k in module.kernels]
    assert kinds == [
        ("elementwise", "add"), ("elementwise", "relu_dropout"), ("elementwise", "bias_gelu"),
        ("elementwise", "swiglu"), ("reduction", "softmax"), ("reduction", "layernorm"),
        ("gemm", "matmul_leaky_relu"), ("gemm", "linear_gelu"),
    ]


def test_example_details():
    k = {k.name: k for k in parse(EXAMPLES).kernels}
    layernorm = k["layernorm"]  # its signature spans two lines
    assert [p.name for p in layernorm.params] == ["x", "w", "b", "eps"]
    assert [o.name for o in layernorm.outputs] == ["y", "mu", "rstd"]
    assert layernorm.params[3].default == 1e-5 and layernorm.params[3].default_text == "1e-5"
    assert layernorm.outputs[1].type == ir.TensorType(DTYPES["f32"], ("M",))
    dropout = k["relu_dropout"]
    assert dropout.params[1].type == ir.ScalarType(DTYPES["f32"])
    assert (dropout.params[1].default, dropout.params[2].default) == (0.5, 0)
    assert isinstance(dropout.params[2].default, int)
    linear = k["linear_gelu"]
    assert linear.body[0].value == ir.Call("gelu", (B("+", B("@", x, ir.Transpose(N("w"))), N("bias")),))
    settings = [(s.key, s.value) for s in linear.schedule.settings]
    assert settings == [("block_m", 128), ("block_n", 128), ("block_k", 64), ("group_m", 8), ("warps", 8),
                        ("stages", 3)]
    assert k["add"].schedule.settings == ()


# ---- precedence and associativity --------------------------------------------


@pytest.mark.parametrize(
    "source, tree",
    [
        ("a + b * c", B("+", a, B("*", b, c))),
        ("a * b + c", B("+", B("*", a, b), c)),
        ("(a + b) * c", B("*", B("+", a, b), c)),
        ("a - b - c", B("-", B("-", a, b), c)),
        ("a / b * c", B("*", B("/", a, b), c)),
        ("a % b + c", B("+", B("%", a, b), c)),
        ("-x ** 2", ir.Neg(B("**", x, num("2")))),
        ("2 ** 3 ** 2", B("**", num("2"), B("**", num("3"), num("2")))),
        ("x ** -2", B("**", x, ir.Neg(num("2")))),
        ("a * -b", B("*", a, ir.Neg(b))),
        ("a - -b", B("-", a, ir.Neg(b))),
        ("x as f32 * 2", B("*", ir.Cast(x, DTYPES["f32"]), num("2"))),
        ("-x as i32", ir.Neg(ir.Cast(x, DTYPES["i32"]))),
        ("x as f16 as f32", ir.Cast(ir.Cast(x, DTYPES["f16"]), DTYPES["f32"])),
        ("2 ** x as f32", B("**", num("2"), ir.Cast(x, DTYPES["f32"]))),
        ("not a and b", ir.BoolOp("and", ir.Not(a), b)),
        ("a or b and c", ir.BoolOp("or", a, ir.BoolOp("and", b, c))),
        ("a and b or c", ir.BoolOp("or", ir.BoolOp("and", a, b), c)),
        ("not not a", ir.Not(ir.Not(a))),
        ("not a < b", ir.Not(ir.Compare("<", a, b))),
        ("a + 1 < b * 2", ir.Compare("<", B("+", a, num("1")), B("*", b, num("2")))),
        ("a < b and b <= c", ir.BoolOp("and", ir.Compare("<", a, b), ir.Compare("<=", b, c))),
        ("a == b or a != c", ir.BoolOp("or", ir.Compare("==", a, b), ir.Compare("!=", a, c))),
        ("a >= -b", ir.Compare(">=", a, ir.Neg(b))),
        ("a @ b", B("@", a, b)),
        ("a @ b.T", B("@", a, ir.Transpose(b))),
        ("a.T @ b * 2", B("*", B("@", ir.Transpose(a), b), num("2"))),
        ("x.T.T", ir.Transpose(ir.Transpose(x))),
        ("exp(x).T", ir.Transpose(ir.Call("exp", (x,)))),
        ("rand(a)", ir.Call("rand", (a,))),
        ("clamp(x, 0, 1.5)", ir.Call("clamp", (x, num("0"), num("1.5")))),
        ("f()", ir.Call("f", ())),
        ("where(x > 0, x, -x)", ir.Call("where", (ir.Compare(">", x, num("0")), x, ir.Neg(x)))),
    ],
)
def test_precedence(source, tree):
    assert expr(source) == tree


@pytest.mark.parametrize("source", ["a < b < c", "a == b != c", "a < b == c"])
def test_comparisons_do_not_chain(source):
    diag = syntax_error(f"elementwise k(x: f32[N]) -> (y: f32[N]) {{ y = {source} }}")
    assert diag.code == "E003"
    assert "do not chain" in diag.message


def test_keywords_inside_names():
    """'as', 'and', 'or', 'not' and the kind names are keywords only as whole words."""
    assert expr("android + nothing * order - ash") == B(
        "-", B("+", N("android"), B("*", N("nothing"), N("order"))), N("ash")
    )
    assert expr("gemmx + notes") == B("+", N("gemmx"), N("notes"))


# ---- literals ------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, value",
    [("2", 2), ("0", 0), ("0.5", 0.5), (".5", 0.5), ("1.", 1.0), ("1e-5", 1e-5), ("1E+3", 1000.0), ("2.5e2", 250.0)],
)
def test_numbers(text, value):
    number = expr(text)
    assert isinstance(number, ir.Number)
    assert number.value == value and type(number.value) is type(value) and number.text == text


@pytest.mark.parametrize(
    "default, value",
    [("1e-5", 1e-5), ("-0.5", -0.5), ("-3", -3), ("2", 2), ("-1e-3", -1e-3), (".25", 0.25), ("0", 0)],
)
def test_numeric_defaults(default, value):
    k = kernel(f"elementwise k(x: f32[N], s: f32 = {default}) -> (y: f32[N]) {{ y = x * s }}")
    param = k.params[1]
    assert param.default == value and type(param.default) is type(value)
    assert param.default_text == default


def test_integer_literal_dims():
    k = kernel("elementwise k(x: f32[4, N], b: f32[N]) -> (y: f32[4, N]) { y = x + b }")
    assert k.params[0].type.dims == (4, "N") and isinstance(k.params[0].type.dims[0], int)
    assert k.outputs[0].type == ir.TensorType(DTYPES["f32"], (4, "N"))


@pytest.mark.parametrize("name", list(DTYPES))
def test_every_dtype(name):
    k = kernel(f"elementwise k(x: {name}[N], s: {name}) -> (y: {name}[N]) {{ y = x as {name} }}")
    assert k.params[0].type.dtype is DTYPES[name]
    assert k.params[1].type == ir.ScalarType(DTYPES[name])
    assert k.body[0].value.dtype is DTYPES[name]


# ---- layout: comments, separators, line breaks -------------------------------


def test_comments_and_blank_lines():
    k = kernel(
        "# leading comment\n\n"
        "elementwise k(x: f32[N]) # after the signature's start\n"
        "    -> (y: f32[N]) {  # comment after the brace\n"
        "    # a comment line in the body\n\n"
        "    y = x  # trailing comment\n"
        "}\n# the end\n"
    )
    assert k.body == (ir.Assign("y", x),)


def test_semicolons():
    k = kernel("elementwise k(x: f32[N]) -> (y: f32[N]) { t = x; u = t;; y = u; }")
    assert [s.target for s in k.body] == ["t", "u", "y"]
    k2 = kernel("elementwise k(x: f32[N]) -> (y: f32[N]) {\n  t = x; u = t\n  y = u;\n}")
    assert k2.body == k.body


def test_signature_spanning_lines():
    k = kernel(
        "elementwise k(\n"
        "    x: f32[M,\n"
        "           N],   # dims may break too\n"
        "    s: f32 = 1.0,\n"
        ")\n"
        "    ->\n"
        "    (y: f32[M, N],\n"
        "     z: f32[M, N],)\n"
        "{\n"
        "    y = x * s; z = x\n"
        "}\n"
    )
    assert [p.name for p in k.params] == ["x", "s"] and [o.name for o in k.outputs] == ["y", "z"]
    assert k.params[0].type.dims == ("M", "N")


def test_line_breaks_inside_parentheses_and_backslash():
    k = kernel(
        "elementwise k(a: f32[N], b: f32[N]) -> (y: f32[N], z: f32[N]) {\n"
        "    y = (a +\n"
        "         b)\n"
        "    z = a + \\\n"
        "        b\n"
        "}\n"
    )
    assert k.body[0].value == k.body[1].value == B("+", a, b)


def test_crlf_line_endings():
    text = "elementwise k(x: f32[N]) -> (y: f32[N]) {\r\n    t = x\r\n    y = t\r\n}\r\n"
    assert [s.target for s in kernel(text).body] == ["t", "y"]


def test_empty_file_and_several_kernels():
    assert parse("").kernels == ()
    assert parse("# nothing here\n").kernels == ()
    two = parse("elementwise f(x: f32[N]) -> (y: f32[N]) { y = x }\n"
                "elementwise g(x: f32[N]) -> (y: f32[N]) { y = x }; gemm h(a: f16[M, K], b: f16[K, N]) "
                "-> (c: f16[M, N]) { c = a @ b }")
    assert [k.name for k in two.kernels] == ["f", "g", "h"]


def test_schedule_values():
    k = kernel("gemm k(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {\n"
               "    c = a @ b\n"
               "    schedule {\n        block_m = 64\n        addressing = descriptor; persistent = true\n    }\n}")
    assert [(s.key, s.value, s.text) for s in k.schedule.settings] == [
        ("block_m", 64, "64"), ("addressing", "descriptor", "descriptor"), ("persistent", "true", "true"),
    ]


# ---- spans and IR properties -----------------------------------------------------


def test_spans():
    text = (
        "# comment\n"
        "elementwise scale(x: f32[N], a: f32 = 2.0) -> (y: f32[N]) {\n"
        "    t = a * exp(x)\n"
        "    y = -t\n"
        "}\n"
    )
    k = kernel(text)
    assert k.span == Span("t.tile", 2, 13, 5)  # the kernel's name
    assert k.params[0].span == Span("t.tile", 2, 19, 1)
    assert k.params[1].span == Span("t.tile", 2, 30, 1)
    assert k.outputs[0].span == Span("t.tile", 2, 48, 1)
    first, second = k.body
    assert first.span == Span("t.tile", 3, 5, 1)
    mul = first.value
    assert mul.span == Span("t.tile", 3, 11, 1)  # a binary operator points at its operator
    assert mul.lhs.span == Span("t.tile", 3, 9, 1)
    assert mul.rhs.span == Span("t.tile", 3, 13, 3)  # a call points at the function name
    assert mul.rhs.args[0].span == Span("t.tile", 3, 17, 1)
    assert second.value.span.line == 4 and second.value.span.column == 9


def test_every_expression_node_has_a_span():
    k = kernel("elementwise k(x: f32[N]) -> (y: f32[N]) {\n"
               "    y = where(not (x > 0) or x < 1, -x ** 2 as f32 % 3, exp(x))\n}")
    nodes = list(ir.walk(k.body[0].value))
    assert len(nodes) > 10
    for node in nodes:
        assert node.span is not None and node.span.line == 2 and node.span.column >= 9, node


def test_ir_is_frozen_and_hashable():
    module = parse(EXAMPLES)
    k = module.kernels[0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        k.name = "other"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        k.body[0].value.op = "-"  # type: ignore[misc]
    assert isinstance(k.body, tuple) and isinstance(k.params, tuple)
    assert len({hash(k) for k in module.kernels}) == len(module.kernels)
    assert hash(module) == hash(parse(EXAMPLES))


def test_equality_ignores_spans():
    one = kernel("elementwise f(x: f32[N]) -> (y: f32[N]) { y = x * 2 }")
    other = kernel("\n\n# moved\nelementwise   f(\n  x: f32[N]\n) -> (y: f32[N]) {\n\n    y = x*2\n}\n")
    assert one.span != other.span
    assert one.body[0].value.span != other.body[0].value.span
    assert one == other and hash(one) == hash(other)
    assert parse("", "a.tile") == parse("# different source\n", "a.tile")  # source is not compared
    assert one != kernel("elementwise f(x: f32[N]) -> (y: f32[N]) { y = x * 3 }")


# ---- syntax errors -------------------------------------------------------------------

K = "elementwise k(x: f32[N]) -> (y: f32[N]) "

SYNTAX = [
    # (source, code, line, column, words the message must contain)
    (K + "{ y = x $ 1 }", "E001", 1, 49, ["'$'"]),
    (K + '{ y = "x" }', "E001", 1, 47, ["'\"'"]),
    (K + "{\n    y = x\n", "E002", 2, 10, ["end of file", "'}'"]),
    (K + "{ y = x", "E002", 1, 48, ["end of file", "an operator"]),
    ("elementwise k(x: f32[N],", "E002", 1, 25, ["end of file", "')'"]),
    ("elementwise k(x: f32[N]) (y: f32[N]) { y = x }", "E003", 1, 26, ["'('", "'->'"]),
    (K + "\n    y = x\n}", "E003", 2, 5, ["'y'", "'{'"]),
    (K + "{\n    y = x +\n        1\n}", "E003", 2, 12, ["end of line", "an expression", "( )"]),
    (K + "{ y = x 1 }", "E003", 1, 49, ["'1'", "an operator"]),
    (K + "{ y = (x + 1 }", "E003", 1, 54, ["'}'", "')'"]),
    (K + "{ y = x } }", "E003", 1, 51, ["'}'", "'elementwise', 'reduction' or 'gemm'"]),
    ("kernel k(x: f32[N]) -> (y: f32[N]) { y = x }", "E003", 1, 1, ["'kernel'", "'elementwise'"]),
    (K + "{ y = x } schedule { block = 1024 }", "E003", 1, 51, ["'schedule'", "inside the kernel's braces"]),
    (K + "{ y = x; schedule = 1 }", "E003", 1, 59, ["'='", "keyword"]),
    (K + "{ y = x ** }", "E003", 1, 52, ["'}'", "an expression"]),
    (K + "{ y = x as }", "E003", 1, 52, ["'}'", "a type: f16, bf16"]),
    ("elementwise k(x: ) -> (y: f32[N]) { y = x }", "E003", 1, 18, ["')'", "a type"]),
    (K + "{ y x }", "E003", 1, 45, ["'x'", "'='"]),
    ("elementwise k(x f32[N]) -> (y: f32[N]) { y = x }", "E003", 1, 17, ["'f32'", "':'"]),
    ("elementwise k(x: f32[]) -> (y: f32[N]) { y = x }", "E003", 1, 22, ["']'", "a name or an integer"]),
    ("elementwise k(x: f32[N) -> (y: f32[N]) { y = x }", "E003", 1, 23, ["')'", "']'"]),
    ("elementwise k(x: f32[N], s: f32 = ) -> (y: f32[N]) { y = x }", "E003", 1, 35, ["')'", "a number"]),
    ("elementwise k(x: f32[N], s: f32 = +1) -> (y: f32[N]) { y = x }", "E003", 1, 35, ["'+'", "'-' or a number"]),
    (K + "{ y = max(x,) }", "E003", 1, 53, ["')'", "an expression"]),
]


@pytest.mark.parametrize("source, code, line, column, words", SYNTAX)
def test_syntax_errors(source, code, line, column, words):
    diag = syntax_error(source)
    assert (diag.code, diag.span.line, diag.span.column) == (code, line, column), diag.message
    for word in words:
        assert word in diag.message, diag.message


@pytest.mark.parametrize("source", [s[0] for s in SYNTAX])
def test_no_lark_names_leak(source):
    message = syntax_error(source).message
    assert not re.search(r"__ANON|\$END|\b[A-Z][A-Z_]{2,}\b", message), message


def test_syntax_error_renders_with_caret():
    text = K + "{\n    y = x $ 1\n}\n"
    diag = syntax_error(text)
    assert diag.render(text) == (
        "t.tile:2:11: error[E001]: unexpected character '$'\n"
        "        y = x $ 1\n"
        "              ^"
    )


def test_caret_lines_up_under_tabs_and_line_numbers_count_newlines_only():
    text = K + "{\f\n\ty = x\t$ 1\n}\n"  # a form feed is blank space, not a line break
    diag = syntax_error(text)
    assert (diag.span.line, diag.span.column) == (2, 8)
    assert diag.render(text).splitlines()[1:] == ["        y = x   $ 1", "                ^"]


def test_crlf_error_position():
    text = K + "{\r\n    y = x +\r\n        1\r\n}\r\n"
    diag = syntax_error(text)
    assert (diag.code, diag.span.line, diag.span.column) == ("E003", 2, 12)
    assert diag.render(text).splitlines()[1:] == ["        y = x +", "               ^"]


def test_not_equal_spelled_like_basic():
    diag = syntax_error("elementwise k(x: f32[N]) -> (y: bool[N]) { y = x <> 0.0 }")
    assert diag.code == "E003" and diag.message.endswith("; not-equal is written !=")
