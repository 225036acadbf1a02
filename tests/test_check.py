"""The checker: names, dims and broadcasting, dtypes, kinds, arity, schedules.
Tests assert diagnostic codes (and a few key words), not whole messages."""

from __future__ import annotations

import pytest

from test_parser import EXAMPLES
from tilegen.checker.check import check_module
from tilegen.language.names import RESERVED
from tilegen.diagnostics import DiagnosticError
from tilegen.language.dtypes import DTYPES
from tilegen.language.functions import FUNCTIONS
from tilegen.language.schedule import SCHEDULE_KEYS, problem
from tilegen.pipeline import parse


def check(text: str):
    return check_module(parse(text, "t.tile"))


def errors(text: str) -> list:
    try:
        check(text)
    except DiagnosticError as exc:
        return exc.diagnostics
    return []


def codes(text: str) -> list[str]:
    return sorted({d.code for d in errors(text)})


def ok(text: str):
    found = errors(text)
    assert not found, "\n".join(d.render(text) for d in found)
    return check(text)


def ew(params: str, outputs: str, body: str, kind: str = "elementwise") -> str:
    return f"{kind} kern({params}) -> ({outputs}) {{\n{body}\n}}\n"


# ---- the examples ------------------------------------------------------------


def test_examples_check():
    checked = {c.kernel.name: c for c in ok(EXAMPLES)}
    assert len(checked) == 8
    assert checked["add"].space == ("N",)
    assert checked["bias_gelu"].space == ("M", "N")
    assert checked["softmax"].space == ("M", "N") and checked["softmax"].rows == ("M",)
    assert checked["layernorm"].vtype("mu").dims == ("M",)
    assert checked["layernorm"].vtype("xc").dims == ("M", "N")
    assert checked["linear_gelu"].space == ("M", "N")
    assert checked["matmul_leaky_relu"].space == ("M", "N")
    keep = checked["relu_dropout"].vtype("keep")
    assert keep.dims == ("N",) and keep.dtype.name == "bool"


# ---- broadcasting by name ------------------------------------------------------


@pytest.mark.parametrize(
    "params, other, out",
    [
        ("x: f32[M, N], bias: f32[N]", "bias", "M, N"),  # a row vector over every row
        ("x: f32[M, N], scale: f32[M]", "scale", "M, N"),  # a column vector over every column
        ("x: f32[M, N], s: f32", "s", "M, N"),  # a scalar
        ("x: f32[B, M, N], s: f32[B, N]", "s", "B, M, N"),  # any subsequence, in order
        ("x: f32[4, N], b: f32[N]", "b", "4, N"),  # literal dims
    ],
)
def test_broadcast_by_name(params, other, out):
    ok(ew(params, f"y: f32[{out}]", f"    y = x + {other}"))


@pytest.mark.parametrize(
    "params, other",
    [
        ("x: f32[M, N], t: f32[N, M]", "t"),  # wrong order
        ("x: f32[M, N], r: f32[R]", "r"),  # a dim the output does not have
        ("x: f32[M, N], r: f32[M, N, R]", "r"),
    ],
)
def test_non_subsequence_dims_are_rejected(params, other):
    assert "E040" in codes(ew(params, "y: f32[M, N]", f"    y = x + {other}"))


def test_broadcast_value_may_be_stored_to_a_larger_output():
    ok(ew("x: f32[M, N], s: f32[M]", "y: f32[M, N], z: f32[M, N]", "    y = x\n    z = s * 2.0"))


def test_dims_are_bound_consistently():
    assert codes(ew("x: f32[N]", "y: f32[M, N]", "    y = x")) == ["E017"]
    assert codes(ew("x: f32[M, m]", "y: f32[M, m]", "    y = x")) == ["E018"]
    # E018 once per pair of spellings, however often they occur
    assert len(errors(ew("x: f32[M, m], z: f32[M, m]", "y: f32[M, m]", "    y = x + z"))) == 1


def test_elementwise_outputs_share_a_shape():
    assert codes(ew("x: f32[M, N]", "y: f32[M, N], z: f32[N]", "    y = x\n    z = x")) == ["E041", "E043"]


# ---- declarations --------------------------------------------------------------


@pytest.mark.parametrize(
    "params, outputs, code",
    [
        ("x: f32[N], x: f32[N]", "y: f32[N]", "E011"),
        ("x: f32[N]", "y: f32[N], y: f32[N]", "E011"),
        ("x: f32[N] = 1.0", "y: f32[N]", "E014"),
        ("x: f32[N]", "y: f32", "E016"),
        ("s: f32", "y: f32[N]", "E019"),
    ],
)
def test_declaration_errors(params, outputs, code):
    assert codes(ew(params, outputs, "    y = x" if "x" in params else "    y = s")) == [code]


@pytest.mark.parametrize(
    "decl, good",
    [
        ("i8 = 127", True), ("i8 = -128", True), ("i8 = 128", False), ("u8 = 255", True), ("u8 = -1", False),
        ("i32 = 0.5", False), ("i32 = -2147483648", True), ("i64 = 9223372036854775808", False),
        ("f16 = 65504", True), ("f16 = 1e5", False),
        ("bf16 = 1e38", True), ("f32 = 1e39", False), ("f64 = 1e300", True), ("f32 = -1e-5", True),
    ],
)
def test_default_ranges(decl, good):
    found = codes(ew(f"x: f32[N], s: {decl}", "y: f32[N]", "    y = x * (s as f32)"))
    assert found == ([] if good else ["E015"])


def test_defaults_come_last():
    ok(ew("x: f32[N], a: f32 = 1.0, b: i32 = 0", "y: f32[N]", "    y = x * a + (b as f32)"))
    found = errors(ew("a: f32 = 1.0, x: f32[N], s: f32", "y: f32[N]", "    y = x * a * s"))
    assert [(d.code, d.message.split("'")[1]) for d in found] == [("E025", "x"), ("E025", "s")]


def test_kernel_defined_twice():
    text = ew("x: f32[N]", "y: f32[N]", "    y = x") * 2
    assert codes(text) == ["E012"]


def test_unknown_types_do_not_hide_other_errors():
    found = errors(ew("x: float[N]", "y: f32[N]", "    y = (x as f8) + z"))
    assert [d.code for d in found] == ["E010", "E048", "E020"]


# ---- reserved names -------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["lambda", "None", "exp", "where", "tl", "pid", "mask", "offs", "grid", "sizes", "num_warps", "FLAT",
             "_x", "x_ptr", "x_kernel", "x_reference", "stride_x", "idx_m", "BLOCK_M"],
)
@pytest.mark.parametrize("where", ["param", "output", "local", "dim"])
def test_names_the_generated_code_uses_are_fine(name, where):
    """Only a Python keyword cannot name a parameter or an output (the launcher takes them
    by name); every other name is fine in every role (the code renames its own)."""
    text = {
        "param": ew(f"x: f32[N], {name}: f32", "y: f32[N]", f"    y = x * {name}"),
        "output": ew("x: f32[N]", f"{name}: f32[N]", f"    {name} = x"),
        "local": ew("x: f32[N]", "y: f32[N]", f"    {name} = x\n    y = {name}"),
        "dim": ew(f"x: f32[{name}]", f"y: f32[{name}]", "    y = x"),
    }[where]
    keyword = name in ("lambda", "None") and where in ("param", "output")
    assert codes(text) == (["E013"] if keyword else [])


@pytest.mark.parametrize(
    "name, reserved",
    [("lambda", True), ("None", True), ("tl", False), ("triton", False), ("torch", False), ("os", False),
     ("time", False), ("_x", False), ("x_kernel", False), ("x_reference", False), ("x_ptr", False),
     ("k", False), ("mask", False), ("relu", False), ("pid", False), ("index", False), ("shape", False)],
)
def test_kernel_names(name, reserved):
    found = codes(f"elementwise {name}(x: f32[N]) -> (y: f32[N]) {{ y = x }}")
    assert found == (["E013"] if reserved else [])


def test_reserved_list_is_not_empty():
    assert {"tl", "triton", "torch", "pid", "mask", "offs"} <= RESERVED


def test_names_that_are_fine():
    ok(ew("x: f32[N], alpha: f32 = 1.0, seed2: i32 = 0", "out: f32[N]",
          "    tmp = x * alpha\n    out = tmp + rand(seed2)"))


def test_dim_name_clashes():
    assert codes(ew("N: f32[N]", "y: f32[N]", "    y = N")) == ["E013"]  # a parameter named like a dim
    assert codes(ew("x: f32[N]", "y: f32[N]", "    N = x\n    y = N")) == ["E013"]  # a local named like a dim


# ---- statements --------------------------------------------------------------------


def test_statement_errors():
    assert codes(ew("x: f32[N]", "y: f32[N]", "    y = x + z")) == ["E020"]
    assert codes(ew("x: f32[N]", "y: f32[N]", "    t = x\n    t = x\n    y = t")) == ["E021"]
    assert codes(ew("x: f32[N]", "y: f32[N]", "    y = x\n    y = x")) == ["E021"]
    assert codes(ew("x: f32[N]", "y: f32[N], z: f32[N]", "    y = x")) == ["E022"]
    assert codes(ew("x: f32[N]", "y: f32[N]", "    x = x * 2.0\n    y = x")) == ["E023"]
    assert codes(ew("x: f32[N]", "y: f32[N]", "    t = x * 2.0\n    y = x")) == ["E024"]


def test_undefined_name_notes():
    (used_early,) = errors(ew("x: f32[N]", "y: f32[N]", "    y = t\n    t = x"))
    assert used_early.code == "E020" and "line 3" in used_early.notes[0]
    (self_ref,) = errors(ew("x: f32[N]", "y: f32[N]", "    y = y + x"))
    assert "own definition" in self_ref.notes[0]
    (dim,) = errors(ew("x: f32[N]", "y: f32[N]", "    y = x * N"))
    assert "dimension" in dim.notes[0]


def test_all_errors_are_reported_in_source_order():
    text = (
        ew("x: f32[N]", "y: f32[N]", "    y = foo(x)")
        + ew("x: f32[N]", "y: f32[N]", "    y = x + z").replace(" kern(", " kern2(")
        + ew("x: f32[N]", "y: f32[N]", "    y = x\n    schedule { blok = 1 }").replace(" kern(", " kern3(")
    )
    found = errors(text)
    assert [d.code for d in found] == ["E030", "E020", "E050"]
    assert [d.span.line for d in found] == sorted(d.span.line for d in found)


# ---- functions and arity ---------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(FUNCTIONS))
def test_arity(name):
    fn = FUNCTIONS[name]
    kind = "reduction" if fn.is_reduction or fn.is_scan else "elementwise"
    for count in (fn.arity - 1, fn.arity + 1):
        if count < 0:
            continue
        args = ", ".join(["x"] * count)
        # a reduction reads the names after its argument as dimensions: `sum(x, x)` names a value
        # and a scan's, as the dimension it runs along: `cumsum(x, x)` names a value
        expected = "E081" if fn.is_reduction and count > 1 else "E085" if fn.is_scan and count > 1 else "E031"
        assert expected in codes(ew("x: f32[M, N]", "y: f32[M, N]", f"    y = {name}({args})", kind)), count


def test_unknown_function_suggests():
    (diag,) = errors(ew("x: f32[N]", "y: f32[N]", "    y = sigmod(x)"))
    assert diag.code == "E030" and "'sigmoid'" in diag.message


@pytest.mark.parametrize("name", ["sum", "max", "min", "mean", "argmax", "argmin"])
@pytest.mark.parametrize("kind", ["elementwise", "gemm"])
def test_reductions_only_in_reduction_kernels(name, kind):
    if kind == "gemm":
        text = ew("a: f16[M, K], b: f16[K, N], c: f32[M, N]", "y: f32[M, N]", f"    y = a @ b + {name}(c)", kind)
    else:
        text = ew("x: f32[M, N]", "y: f32[M, N]", f"    y = x - {name}(x)", kind)
    assert codes(text) == ["E032"]
    ok(ew("x: f32[M, N]", "y: f32[M, N]", f"    y = x - {name}(x)", "reduction"))


@pytest.mark.parametrize("name", ["cumsum", "cumprod", "cummax", "cummin"])
@pytest.mark.parametrize("kind", ["elementwise", "gemm"])
def test_scans_only_in_reduction_kernels(name, kind):
    if kind == "gemm":
        text = ew("a: f16[M, K], b: f16[K, N], c: f32[M, N]", "y: f32[M, N]", f"    y = a @ b + {name}(c)", kind)
    else:
        text = ew("x: f32[M, N]", "y: f32[M, N]", f"    y = x - {name}(x)", kind)
    assert codes(text) == ["E074"]
    ok(ew("x: f32[M, N]", "y: f32[M, N]", f"    y = x - {name}(x)", "reduction"))
    # a scan runs along a full row: not a per-row value (E075)
    assert codes(ew("x: f32[M, N]", "y: f32[M, N]", f"    y = x - {name}(sum(x))", "reduction")) == ["E075"]


def test_argmax_and_scan_types():
    """argmax gives i64 per row; cumsum of integers and bool gives i64, of 16-bit floats f32;
    cummax keeps its argument's type; argmax, argmin, cummax and cummin refuse bool (E042)."""
    from tilegen.pipeline import compile_source

    src = """
reduction t(x: i8[M, N], h: f16[M, N]) -> (i: i64[M], s: i64[M, N], c: i64[M, N], f: f32[M, N], m: i8[M, N]) {
    i = argmax(h)
    s = cumsum(x)
    c = cumprod(x > 0)
    f = cumsum(h)
    m = cummax(x)
}
"""
    (checked,) = compile_source(src, "t.tile", stop_after="checked").checked
    typer = checked.typer()
    values = {a.target: typer.of(a.value).dtype.name for a in checked.kernel.body}
    assert values == {"i": "i64", "s": "i64", "c": "i64", "f": "f32", "m": "i8"}
    for fn in ("argmax", "argmin", "cummax", "cummin"):
        out = "i64[M]" if fn.startswith("arg") else "bool[M, N]"
        assert codes(ew("b: bool[M, N]", f"y: {out}", f"    y = {fn}(b)", "reduction")) == ["E042"], fn


@pytest.mark.parametrize("kind", ["elementwise", "reduction"])
@pytest.mark.parametrize("name, other", [("max", "maximum"), ("min", "minimum")])
def test_max_of_two_values_points_at_maximum(name, other, kind):
    (diag,) = errors(ew("x: f32[M, N]", "y: f32[M, N]", f"    y = {name}(x, 0.0)", kind))
    assert diag.code == "E031" and diag.message == f"{name}() takes 1 argument, got 2"
    assert diag.notes == (f"for the elementwise {other} of two values use {other}(a, b); "
                          f"{name}(x) reduces a row (reduction kernels)",)
    # a reduction reads the names after its argument as dimensions: `x` names a value (E081),
    # and outside a reduction kernel the reduction itself is the error (E032)
    (diag,) = errors(ew("x: f32[M, N]", "y: f32[M, N]", "    y = sum(x, x)", kind))
    assert diag.code == ("E081" if kind == "reduction" else "E032")


def test_reduction_outside_a_reduction_kernel_says_what_it_does():
    (diag,) = errors(ew("x: f32[M, N]", "y: f32[M, N]", "    y = x - max(x)"))
    assert diag.code == "E032"
    assert diag.notes == ("max(x) reduces each row over its last dimension: declare the kernel 'reduction' to use it",
                          "for the elementwise maximum of two values use maximum(a, b)")
    text = ew("a: f16[M, K], b: f16[K, N], c: f32[M, N]", "y: f32[M, N]", "    y = a @ b + sum(c)", "gemm")
    (diag,) = errors(text)
    assert diag.code == "E032" and diag.notes == ("sum(x) reduces each row over its last dimension",)


def test_one_row_reduction_shapes():
    """With 1-D tensors there is one row and no per-row shape: the message lists [N] alone."""
    (diag,) = errors(ew("x: f32[N]", "y: f32[N], s: f32[1]", "    s = sum(x)\n    y = x / s", "reduction"))
    assert diag.code == "E046"
    assert diag.message == "tensor 's' is [1]; a reduction kernel with 1-D tensors reduces a single row and allows only [N]"
    assert diag.notes == ("per-row values need a row dimension: declare 'x' as [M, N] and 's' as [M]",)
    (diag,) = errors(ew("x: f32[N], w: f32[R]", "y: f32[N]", "    y = x / sum(x) + w", "reduction"))
    assert diag.notes == ("per-row values need a row dimension: declare 'x' as [R, N] and 'w' as [R]",)
    (diag,) = errors(ew("M: f32[N]", "y: f32[N], s: f32[2]", "    s = sum(M)\n    y = M / s", "reduction"))
    assert diag.notes == ("per-row values need a row dimension: declare 'M' as [R, N] and 's' as [R]",)
    (c,) = ok(ew("x: f32[N]", "y: f32[N]", "    y = x / sum(x)", "reduction"))
    assert c.space == ("N",) and c.rows == ()
    # With rows, the three shapes are listed as before.
    (diag,) = errors(ew("x: f32[M, N], t: f32[N, M]", "y: f32[M, N]", "    y = x", "reduction"))
    assert diag.message == "tensor 't' is [N, M]; a reduction kernel allows [M, N], [M] or [N]" and diag.notes == ()


def test_reduction_semantics():
    (c,) = ok(ew("x: f32[M, N]", "y: f32[M, N], m: f32[M]",
                 "    m = max(x)\n    y = exp(x - m) / sum(exp(x - m))", "reduction"))
    assert c.space == ("M", "N") and c.rows == ("M",)
    assert c.vtype("m").dims == ("M",)
    # nesting: the argument of a reduction must be a full row
    assert codes(ew("x: f32[M, N]", "y: f32[M]", "    y = sum(sum(x))", "reduction")) == ["E044"]
    assert codes(ew("x: f32[M, N], w: f32[N]", "y: f32[M]", "    y = sum(x) + sum(w)", "reduction")) == ["E044"]
    # a per-row value cannot hold a full row
    assert codes(ew("x: f32[M, N]", "y: f32[M]", "    y = x", "reduction")) == ["E043"]
    assert codes(ew("x: f32[M, N], t: f32[N, M]", "y: f32[M, N]", "    y = x", "reduction")) == ["E046"]


# ---- '@' and gemm ---------------------------------------------------------------------

G = "a: f16[M, K], b: f16[K, N]"


def test_matmul_only_in_gemm():
    # (E027: an elementwise tensor may not name N twice)
    assert codes(ew("a: f32[N, N]", "c: f32[N, N]", "    c = a @ a")) == ["E027", "E033"]
    assert codes(ew("a: f32[N, N]", "c: f32[N, N]", "    c = a @ a.T")) == ["E027", "E033"]  # no extra E037
    assert codes(ew("a: f32[M, N]", "c: f32[M, N]", "    c = a - max(a) + a @ a", "reduction")) == ["E033"]


def test_gemm_rules():
    ok(ew(G, "c: f16[M, N]", "    c = a @ b", "gemm"))
    ok(ew("a: f16[M, K], b: f16[N, K], bias: f32[N], s: f32[M], alpha: f32 = 1.0", "c: f16[M, N]",
          "    c = relu(alpha * (a @ b.T) + bias + s)", "gemm"))
    ok(ew("a: f16[B, M, K], b: f16[B, K, N]", "c: f16[B, M, N]", "    c = a @ b", "gemm"))
    ok(ew("a: f16[K, M], b: f16[N, K]", "c: f16[M, N]", "    c = a.T @ b.T", "gemm"))
    assert codes(ew("a: f16[M, N], b: f16[M, N]", "c: f16[M, N]", "    c = a * b", "gemm")) == ["E034"]
    assert codes(ew(G, "c: f16[M, N]", "    c = a @ b + a @ b", "gemm")) == ["E034"]
    assert codes(ew(G, "c: f16[M, N]", "    c = (2.0 * a) @ b", "gemm")) == ["E035"]
    assert codes(ew(G, "c: f16[M, N]", "    t = a\n    c = t @ b", "gemm")) == ["E035"]
    assert len(errors(ew(G, "c: f16[M, N]", "    c = (a * 2.0).T @ b", "gemm"))) == 1  # E035, once
    assert codes(ew("a: f16[M, K], b: f16[N, K]", "c: f16[M, N]", "    c = a @ b", "gemm")) == ["E036"]
    assert codes(ew(G + ", c: f16[M, N]", "y: f16[M, N]", "    y = a @ b + c.T", "gemm")) == ["E037"]
    assert codes(ew("a: f16[B, M, K], b: f16[C, K, N]", "c: f16[B, M, N]", "    c = a @ b", "gemm")) == ["E039"]
    assert codes(ew("a: f16[K], b: f16[K, N]", "c: f16[N]", "    c = a @ b", "gemm")) == ["E047"]
    assert codes(ew(G + ", bias: f32[N, M]", "c: f16[M, N]", "    c = a @ b + bias", "gemm")) == ["E049"]


def test_inner_dims_message_names_the_dims():
    (diag,) = errors(ew("a: f16[M, K], b: f16[N, K]", "c: f16[M, N]", "    c = a @ b", "gemm"))
    assert "[M, K] @ [N, K]" in diag.message and "K == N" in diag.message


def test_transpose_only_on_matmul_operands():
    assert codes(ew("x: f32[N, N]", "y: f32[N, N]", "    y = x.T")) == ["E027", "E037"]
    assert codes(ew("x: f32[N, N]", "y: f32[N, N]", "    y = exp(x).T")) == ["E027", "E037"]


# ---- types -------------------------------------------------------------------------------


def test_compute_types():
    (c,) = ok(ew("h: f16[N], b: bf16[N], i: i32[N], j: i8[N]", "y: f32[N]",
                 "    hh = h * 2\n    bb = b\n    q = i / j\n    m = i % j\n    p = h ** 2\n    w = where(i > j, i, j)"
                 "\n    cast = h as f16\n    y = hh + bb + q + m + p + w + cast"))
    t = {name: c.vtype(name).dtype.name for name in ("h", "hh", "bb", "q", "m", "p", "w", "cast")}
    # 16-bit floats compute in f32; '/' is float; '%' keeps the integer type
    assert t == {"h": "f32", "hh": "f32", "bb": "f32", "q": "f32", "m": "i32", "p": "f32", "w": "i32",
                 "cast": "f32"}
    assert c.vtype("y").dtype == DTYPES["f32"]


def test_math_functions_need_float_arguments():
    params = "x: f32[N], i: i32[N], h: f16[N], n: i32 = 2"
    ok(ew(params, "y: f32[N]", "    y = exp(x) + exp(i as f32) + x ** 2 + x ** -2 + pow(h, 3) + h ** 0.5 + abs(i)"
          " + relu(i) + maximum(i, 2) + clamp(i, 0, 3) + where(i > 0, i, 0) + leaky_relu(i, 0.1)"))
    for source in ("exp(i)", "sqrt(3)", "floor(i)", "gelu(i)", "tanh(x > 0)", "i ** 2", "pow(i, 2.0)",
                   "x ** n", "pow(x, i)"):
        found = errors(ew(params, "y: f32[N]", f"    y = x + {source}"))
        assert [d.code for d in found] == ["E042"], source
        assert "as f32" in found[0].message


def test_rand():
    (c,) = ok(ew("x: f32[M, N], seed: i32 = 0", "y: f32[M, N]", "    r = rand(seed)\n    y = x * r"))
    assert c.vtype("r").dims == ("M", "N")  # one draw per output element
    ok(ew("x: f32[N]", "y: f32[N]", "    y = x * rand(42)"))
    for seed in ("s", "x", "1.5", "seed > 0"):
        params = "x: f32[N], s: f32 = 1.0, seed: i32 = 0"
        assert codes(ew(params, "y: f32[N]", f"    y = x * rand({seed})")) == ["E038"], seed


def test_boolean_operands():
    ok(ew("x: f32[N]", "y: f32[N]", "    y = where(x > 0 and not (x > 1) or x == 0.5, x, 0.0)"))
    for source in ("where(x, x, 0.0)", "where(x > 0 and x, x, 0.0)", "where(not x, x, 0.0)",
                   "where(x > 0 or 1, x, 0.0)"):
        assert codes(ew("x: f32[N]", "y: f32[N]", f"    y = {source}")) == ["E042"], source
    ok(ew("x: f32[N], m: bool[N]", "y: f32[N]", "    y = where(m and x > 0, x, 0.0)"))


# ---- schedules ---------------------------------------------------------------------------------


def _valid_value(rule) -> str:
    for value in (128, 64, 16, 8, 4, 2, 1):
        if problem(rule, value) is None:
            return str(value)
    why = problem(rule, "__not_a_value__")  # "expected one of a, b, c"
    return why.split("one of ")[1].split(",")[0].strip()


KERNELS = {
    "elementwise": ew("x: f32[M, N]", "y: f32[M, N]", "    y = x\n    schedule { @@ }"),
    "reduction": ew("x: f32[M, N]", "y: f32[M, N]", "    y = x / sum(x)\n    schedule { @@ }", "reduction"),
    "gemm": ew(G, "c: f16[M, N]", "    c = a @ b\n    schedule { @@ }", "gemm"),
}


@pytest.mark.parametrize("kind", sorted(SCHEDULE_KEYS))
def test_every_schedule_key_accepts_a_valid_value(kind):
    # `split` is for reductions over named dimensions only (below)
    keys = [key for key in SCHEDULE_KEYS[kind] if not (kind == "reduction" and key == "split")]
    settings = "; ".join(f"{key} = {_valid_value(SCHEDULE_KEYS[kind][key])}" for key in keys)
    (c,) = ok(KERNELS[kind].replace("@@", settings))
    assert [s.key for s in c.kernel.schedule.settings] == keys


def test_reductions_over_named_dims_take_split_and_warps_only():
    text = ("reduction k(x: f32[M, N]) -> (y: f32[N]) {\n    y = sum(x, M)\n    schedule { @@ }\n}\n")
    (c,) = ok(text.replace("@@", "split = 3; warps = 2"))
    assert c.reduced == ("M",) and c.rows == ("N",)
    assert codes(text.replace("@@", "rows = 2")) == ["E050"]
    assert codes(text.replace("@@", "split = 0")) == ["E051"]
    row = "reduction k(x: f32[M, N]) -> (y: f32[M]) {\n    y = sum(x)\n    schedule { split = 2 }\n}\n"
    assert codes(row) == ["E050"]


@pytest.mark.parametrize("kind", sorted(SCHEDULE_KEYS))
def test_schedule_errors(kind):
    template = KERNELS[kind]
    assert codes(template.replace("@@", "no_such_key = 1")) == ["E050"]
    assert codes(template.replace("@@", "warps = 3")) == ["E051"]
    assert codes(template.replace("@@", "warps = 4; warps = 8")) == ["E052"]
    # A second block is E053, and only that: a key it repeats from the first is not also E052.
    two_blocks = template.replace("\n}", "\n    schedule { warps = 4 }\n}").replace("@@", "warps = 4")
    assert codes(two_blocks) == ["E053"]
    (diag,) = errors(two_blocks)
    assert diag.notes == ("put every setting in the first schedule block (line 3), separated by ';'",)
    # Each block's own settings are still checked.
    bad_second = template.replace("\n}", "\n    schedule { warps = 3; warps = 4 }\n}").replace("@@", "warps = 4")
    assert codes(bad_second) == ["E051", "E052", "E053"]


def test_schedule_keys_differ_by_kind():
    assert codes(KERNELS["elementwise"].replace("@@", "block_m = 64")) == ["E050"]
    assert codes(KERNELS["gemm"].replace("@@", "block = 1024")) == ["E050"]


# ---- the examples in docs/language.md ----------------------------------------------------


def test_language_reference_examples_check():
    import re
    from pathlib import Path

    docs = (Path(__file__).resolve().parent.parent / "docs" / "language.md").read_text(encoding="utf-8")
    blocks = [b for b in re.findall(r"```\n(.*?)```", docs, re.S)
              if re.match(r"(\s*#.*\n)*\s*(elementwise|reduction|gemm) ", b)]
    assert len(blocks) >= 6
    for block in blocks:
        ok(block)


def test_kernel_names_that_clash_with_generated_code():
    """A kernel may not take a name another kernel's code defines (another reduction's
    looped or team kernel); a module import or its own output's name is fine."""
    red = "reduction nrm(x: f32[M, N]) -> (y: f32[M, N]) {\n    y = x - max(x)\n}\n"
    for other in ("nrm_looped", "nrm_team"):
        text = red + f"elementwise {other}(x: f32[N]) -> (y: f32[N]) {{\n    y = x\n}}\n"
        (diag,) = errors(text)
        assert diag.code == "E013" and f"'{other}_kernel'" in diag.message and diag.span.line == 4
    assert codes(red.replace("reduction", "elementwise").replace("max(x)", "x") + red) == ["E012"]
    for name in ("statistics", "TensorDescriptor"):  # module-level names: the module aliases its own
        assert codes(f"elementwise {name}(x: f32[N]) -> (y: f32[N]) {{\n    y = x\n}}\n") == []
    assert codes("gemm c(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {\n    c = a @ b\n}\n") == []
    assert codes("elementwise nrm_looped_ok(x: f32[N]) -> (y: f32[N]) {\n    y = x\n}\n" + red) == []


def test_bool_scalars_and_repeated_dimensions():
    """A bool scalar parameter is E026 (Triton cannot pass one to a kernel on every
    backend); a dimension named twice in one tensor is E027 outside gemm kernels, whose
    operands name dims by position (a: f32[N, N] is a square matrix there)."""
    assert codes(ew("x: f32[N], flag: bool", "y: f32[N]", "    y = where(flag, x, -x)")) == ["E026"]
    assert codes(ew("x: f32[N], flag: bool = 1", "y: f32[N]", "    y = where(flag, x, -x)")) == ["E026"]
    assert codes(ew("x: f32[N, N]", "y: f32[N, N]", "    y = x")) == ["E027"]
    ok("gemm g(a: f32[N, N], b: f32[N, N]) -> (c: f32[N, N]) {\n    c = a @ b\n}\n")


def test_arithmetic_on_bool_needs_a_cast():
    for body in ("    s = a + c", "    s = (a - c) as i32", "    s = (-a) as i32", "    s = abs(a) as i32", "    s = a * 2"):
        assert codes(ew("a: bool[N], c: bool[N]", "s: i32[N]", body)) == ["E042"], body
    ok(ew("a: bool[N], c: bool[N]", "s: i32[N]", "    s = (a as i32) + (c as i32)"))
    ok(ew("x: f32[M, N]", "n: i64[M]", "    n = sum(x > 0.0)", "reduction"))  # a count


def test_literals_must_fit_the_type_they_take():
    assert codes(ew("x: i8[N]", "y: i8[N]", "    y = x * 1000")) == ["E028"]
    assert codes(ew("x: i8[N]", "y: i8[N]", "    y = x * -128")) == []
    assert codes(ew("x: i8[N]", "y: f32[N]", "    y = (x as f32) * 1000")) == []
    assert codes(ew("x: u8[N]", "y: u8[N]", "    y = x + -1")) == ["E028"]
    assert codes(ew("x: f32[N]", "y: f32[N]", "    y = x * 1e400")) == ["E028"]
    assert codes(ew("x: i64[N]", "y: i64[N]", "    y = x + 9223372036854775808")) == ["E028"]


def test_default_errors_point_at_the_value_and_no_knock_on_e023():
    (diag,) = errors(ew("x: f32[N], a: i8 = 200", "y: f32[N]", "    y = x * (a as f32)"))
    assert diag.code == "E015" and (diag.span.column, diag.span.width) == (ew("x: f32[N], a: i8 = 200", "y: f32[N]", "").index("200") + 1, 3)
    found = errors("elementwise f(x: f32[N], y: f32[N]) -> (y: f32[N]) {\n    y = x\n}\n")
    assert [d.code for d in found] == ["E011"]  # not also E023 for assigning the 'parameter' y
