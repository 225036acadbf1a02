"""Fuzzing: whatever the text, compiling it gives a module or diagnostics, never a traceback
or a hang; what builds is Python that imports, and well-typed random kernels match their
torch references on the interpreter.

Two profiles (docs/reliability.md): the quick one runs with the suite, derandomized so CI
sees the same examples every run; the long one is

    TILEGEN_FUZZ=long python -m pytest tests/test_fuzz.py

(random examples, about 25 times as many). Random names stay away from those the generated
code uses itself (test_names_the_generated_code_uses; tests/test_names.py has them all).
"""

from __future__ import annotations

import ast
import os
import re
import signal
import subprocess
import sys
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
import torch
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import test_names  # the names the generated code uses
from conftest import DEVICE, ROOT
from tilegen.diagnostics import CATALOG, DiagnosticError
from tilegen.pipeline import compile_source

PROFILE = os.environ.get("TILEGEN_FUZZ", "quick")
SCALE = 25 if PROFILE == "long" else 1
TIME_LIMIT = 60  # seconds for one compilation: far above any spec's (a hang fails)

settings.register_profile(
    "tilegen-quick", deadline=None, derandomize=True, database=None, print_blob=True,
    suppress_health_check=list(HealthCheck),
)
settings.register_profile(
    "tilegen-long", deadline=None, derandomize=False, database=None, print_blob=True,
    suppress_health_check=list(HealthCheck),
)
_BASE = settings.get_profile("tilegen-long" if PROFILE == "long" else "tilegen-quick")


def fuzz(examples: int):
    """Settings for a fuzz test: `examples` in the quick profile, SCALE times as many in the long one."""
    return settings(_BASE, max_examples=examples * SCALE)


# ---- the one place that imports and validates generated modules (easy to repoint) ------


def load_and_validate(compiled, name: str, run: bool = True) -> list[str]:
    """Import a compiled module; with `run`, run every kernel against its reference on
    `tilegen validate --quick`'s cases. The problems found (empty: none)."""
    from tilegen.tools.validate import cases_for, load_module, run_case

    module = load_module(compiled.source, name)
    problems = []
    for model in compiled.models if run else ():
        for n, case in enumerate(cases_for(model, quick=True)):
            problem = run_case(module, model.sig, case, DEVICE, seed=n, tf32=getattr(model, "tf32", False))
            if problem:
                problems.append(f"{model.sig.name} {case.label} {case.sizes}: {problem}")
    return problems


# ---- invariants ---------------------------------------------------------------------------


@contextmanager
def time_limit(seconds: int):
    def expired(signum, frame):
        raise TimeoutError(f"compiling took more than {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def compile_or_diagnose(text: str, stop_after: str = "source"):
    """The compiled spec, or None where it has errors; anything else fails the test."""
    with time_limit(TIME_LIMIT):
        try:
            compiled = compile_source(text, "fuzz.tile", stop_after)
        except DiagnosticError as exc:
            assert exc.diagnostics, "a DiagnosticError without diagnostics"
            for diag in exc.diagnostics:
                assert diag.code in CATALOG
                assert diag.render(text).strip()
            return None
    if stop_after == "source":
        ast.parse(compiled.source)  # a module that builds is Python
    return compiled


def builds_and_imports(text: str, name: str = "fuzz"):
    compiled = compile_or_diagnose(text)
    if compiled is not None:
        assert load_and_validate(compiled, name, run=False) == []
    return compiled


def cli(*args: str, cwd=ROOT) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "tilegen", *args], cwd=cwd, capture_output=True, text=True,
                          env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=300)


def assert_clean_exit(result: subprocess.CompletedProcess) -> None:
    assert result.returncode in (0, 1), result.stderr
    assert "Traceback" not in result.stderr + result.stdout, result.stderr


# ---- (a) random text and random token sequences ----------------------------------------------

# The grammar's terminals (tilegen/frontend/grammar.lark), with a few values of each pattern.
TOKENS = [
    "elementwise", "reduction", "gemm", "schedule", "and", "or", "not", "as", "(", ")", "[", "]", "{", "}",
    ",", ":", ";", "=", "->", "**", ".T", "<", "<=", ">", ">=", "==", "!=", "+", "-", "*", "/", "%", "@",
    "\n", "\\\n", "# note\n", "x", "y", "N", "M", "f32", "f16", "i32", "bool", "exp", "sum", "max", "where",
    "0", "1", "2", "007", "1.5", ".5", "1e-5", "1e999", "4096", "team", "block_n", "strategy",
]
TEXT = st.text(alphabet=st.sampled_from(list("abcxyzNM019_.:;,=+-*/%@<>!()[]{}# \n\t\\\"'éΣ")), max_size=200)


@fuzz(60)
@given(TEXT)
def test_random_text(text):
    compile_or_diagnose(text)


@fuzz(60)
@given(st.lists(st.sampled_from(TOKENS), max_size=60))
def test_random_token_sequences(tokens):
    compile_or_diagnose(" ".join(tokens))


# A kernel around random tokens gets past the signature more often.
@fuzz(40)
@given(st.lists(st.sampled_from(TOKENS), max_size=25))
def test_random_statements(tokens):
    compile_or_diagnose("elementwise k(x: f32[N], s: f32 = 2.0) -> (y: f32[N]) {\n    y = " + " ".join(tokens) + "\n}\n")


# ---- (b) mutations of the example and bad specs -------------------------------------------

SPEC_FILES = sorted((ROOT / "specs").glob("*.tile")) + sorted((ROOT / "tests" / "bad_specs").glob("*.tile"))
TOKEN_RE = re.compile(r"#[^\n]*|\n|[A-Za-z_]\w*|(?:\d+\.\d*|\.\d+|\d+)(?:[eE][+-]?\d+)?|->|\*\*|<=|>=|==|!=|\.T|\S")
NUMBERS = ["0", "1", "-1", "2", "007", "0.0", "1e-45", "3.4e38", "1e39", "1e999", "9223372036854775808",
           "1" + "0" * 400, "65504", "256", "16777217", "1e-400", "0.5"]
DTYPES = ["f16", "bf16", "f32", "f64", "f8e4m3", "f8e5m2", "i8", "i16", "i32", "i64", "u8", "bool", "f8", "int"]
DIMS = ["N", "M", "K", "B", "T", "C", "n", "1", "0", "3", "N2"]
KINDS = ["elementwise", "reduction", "gemm"]


def _tokens(path: Path) -> list[str]:
    return TOKEN_RE.findall(path.read_text(encoding="utf-8"))


SPEC_TOKENS = {path.name: _tokens(path) for path in SPEC_FILES}


@st.composite
def mutants(draw):
    name = draw(st.sampled_from(sorted(SPEC_TOKENS)))
    tokens = list(SPEC_TOKENS[name])
    names = sorted({t for t in tokens if re.fullmatch(r"[A-Za-z_]\w*", t)}) or ["x"]
    for _ in range(draw(st.integers(1, 3))):
        if not tokens:
            break
        i = draw(st.integers(0, len(tokens) - 1))
        op = draw(st.sampled_from(["delete", "duplicate", "swap", "number", "name", "dtype", "dim", "kind"]))
        token = tokens[i]
        if op == "delete":
            del tokens[i]
        elif op == "duplicate":
            tokens.insert(i, token)
        elif op == "swap":
            j = draw(st.integers(0, len(tokens) - 1))
            tokens[i], tokens[j] = tokens[j], tokens[i]
        else:
            pool = {"number": NUMBERS, "name": names, "dtype": DTYPES, "dim": DIMS, "kind": KINDS}[op]
            tokens[i] = draw(st.sampled_from(pool))
    return " ".join(tokens)


@fuzz(50)
@given(mutants())
def test_mutated_specs(text):
    builds_and_imports(text)


@pytest.mark.parametrize("path", SPEC_FILES[:3] + SPEC_FILES[-3:], ids=lambda p: p.name)
def test_cli_check_and_build_exit_cleanly(tmp_path, path):
    """`check` and `build` on a mutant, through the command line: status 0 or 1, no traceback."""
    tokens = _tokens(path)
    mutant = tmp_path / "mutant.tile"
    mutant.write_text(" ".join(tokens[: len(tokens) // 2] + tokens[len(tokens) // 2 + 1:]))
    assert_clean_exit(cli("check", str(mutant)))
    assert_clean_exit(cli("build", str(mutant), "-o", str(tmp_path / "out")))
    assert_clean_exit(cli("check", str(path)))


# ---- (c) grammatical but odd specs ----------------------------------------------------------


def _ew(body: str, params: str = "x: f32[N]", outputs: str = "y: f32[N]", name: str = "k") -> str:
    return f"elementwise {name}({params}) -> ({outputs}) {{\n    {body}\n}}\n"


DEEP = 3000
ODD = {
    "abs nested deep": _ew("y = " + "abs(" * DEEP + "x" + ")" * DEEP),
    "parentheses deep": _ew("y = " + "(" * DEEP + "x" + ")" * DEEP),
    "unary minus deep": _ew("y = " + "- " * DEEP + "x"),
    "not deep": _ew("y = where(" + "not " * DEEP + "(x > 0), x, 0.0)"),
    "power tower": _ew("y = " + " ** ".join(["x"] * DEEP)),
    "long sum": _ew("y = " + " + ".join(["x"] * DEEP)),
    "long product of calls": _ew("y = " + " * ".join(["abs(x)"] * 500)),
    "huge exponent": _ew("y = x ** 1" + "0" * 400),
    "huge float": _ew("y = x * 1e308 * 10.0"),
    "tiny float": _ew("y = x * 1e-400 + 5e-324"),
    "inf literal": _ew("y = x + 1e999"),
    "nan name": _ew("y = x + nan"),
    "inf default": _ew("y = x * a", "x: f32[N], a: f32 = 1e999"),
    "huge int": _ew("y = x + " + "9" * 5000),
    "huge int fold": _ew("y = x + (" + " * ".join(["9223372036854775807"] * 300) + ") / 1"),
    "f64 huge fold": _ew("y = x + 1e300 * 1e300", "x: f64[N]", "y: f64[N]"),
    "long name": _ew("y = x * 2.0", "x: f32[N], " + "a" * 10000 + ": f32 = 1.0"),
    "long kernel name": _ew("y = x", name="k" * 5000),
    "six dims": _ew("y = x * b", "x: f32[A, B, C, D, E, F], b: f32[F]", "y: f32[A, B, C, D, E, F]"),
    "eight dims reduction": "reduction r(x: f32[A, B, C, D, E, F, G, H]) -> (y: f32[A, B, C, D, E, F, G, H]) {\n"
                            "    y = x - max(x)\n}\n",
    "repeated dim": _ew("y = x", "x: f32[N, N]", "y: f32[N, N]"),
    "repeated dim gemm": "gemm g(a: f32[N, N], b: f32[N, N]) -> (c: f32[N, N]) {\n    c = a @ b\n}\n",
    "zero dim": _ew("y = x", "x: f32[0, N]", "y: f32[0, N]"),
    "many parameters": _ew("y = x + " + " + ".join(f"p{i}" for i in range(300)),
                           "x: f32[N], " + ", ".join(f"p{i}: f32 = {i}.5" for i in range(300))),
    "many statements": _ew("\n    ".join(f"t{i} = {'x' if i == 0 else f't{i - 1}'} + 1.0" for i in range(500))
                           + "\n    y = t499"),
    "many kernels": "".join(_ew("y = x * 2.0", name=f"k{i}") for i in range(60)),
    "empty file": "",
    "comments only": "# a\n# b\n",
    "huge block": _ew("y = x\n    schedule { block = 99999999999999999999999 }"),
    "float schedule": _ew("y = x\n    schedule { block = 1e3; warps = 4.0 }"),
    "team without block_n": "reduction r(x: f32[M, N]) -> (y: f32[M]) {\n    y = sum(x)\n"
                            "    schedule { strategy = team }\n}\n",
    "leading zeros": _ew("y = x + 007 + n", "x: i32[N], n: i32 = 0010", "y: i32[N]"),
    "crlf": _ew("y = x\r\n").replace("\n", "\r\n"),
    "tabs and nul": _ew("y =\tx\x00"),
}


@pytest.mark.parametrize("name", list(ODD))
def test_odd_specs(name):
    builds_and_imports(ODD[name], re.sub(r"\W", "_", name))


@fuzz(25)
@given(st.sampled_from(NUMBERS + ["1e38", "-0.0", "4294967296", "1" + "0" * 5000]),
       st.sampled_from(["f16", "bf16", "f32", "f64", "i8", "i32", "i64", "u8"]),
       st.sampled_from(["+", "*", "-", "/", "%", "**", "<"]))
def test_odd_literals(number, dtype, op):
    value = f"where(x {op} {number}, 1, 0)" if op == "<" else f"x {op} {number}"
    builds_and_imports(_ew(f"y = {value}", f"x: {dtype}[N], d: {dtype} = {number}", f"y: {dtype}[N]"))


@fuzz(8)
@given(st.integers(1, 8), st.integers(0, 3), st.booleans())
def test_odd_shapes(rank, repeats, literal):
    dims = [f"D{i}" for i in range(rank)]
    for n in range(repeats):
        dims.insert(n % (len(dims) + 1), "3" if literal else dims[0])
    shape = ", ".join(dims)
    for kind, body in (("elementwise", "y = x * 2.0"), ("reduction", "y = x - max(x)")):
        builds_and_imports(f"{kind} k(x: f32[{shape}]) -> (y: f32[{shape}]) {{\n    {body}\n}}\n")


# ---- (d) well-typed random kernels match their references ---------------------------------

SAFE_UNARY = ["abs({})", "sigmoid({})", "tanh({})", "sin({})", "cos({})", "relu({})", "exp(-abs({}))",
              "sqrt(abs({}) + 1.0)", "leaky_relu({}, 0.1)", "floor({})", "-{}", "({}) as f16 as f32"]
SAFE_BINARY = ["{} + {}", "{} - {}", "{} * {}", "maximum({}, {})", "minimum({}, {})", "{} / (1.0 + abs({}))",
               "where({0} > {1}, {0}, {1})", "clamp({}, -1.0, {})"]


def expressions(leaves):
    """Float expressions over `leaves`, well conditioned (no division near zero, no log of
    negatives), so that kernel and reference agree within validate's tolerances."""
    def extend(children):
        unary = st.tuples(st.sampled_from(SAFE_UNARY), children).map(lambda t: t[0].format(f"({t[1]})"))
        binary = st.tuples(st.sampled_from(SAFE_BINARY), children, children).map(
            lambda t: t[0].format(f"({t[1]})", f"({t[2]})") if "{0}" not in t[0]
            else t[0].format(f"({t[1]})", f"({t[2]})"))
        return unary | binary

    return st.recursive(st.sampled_from(leaves), extend, max_leaves=6)


def _names_used(expr: str, names) -> set[str]:
    return {n for n in names if re.search(rf"\b{n}\b", expr)}


@fuzz(4)
@given(expressions(["x", "b", "s", "0.5", "2.0"]), st.sampled_from(["f32", "f16", "f64"]))
def test_random_elementwise_kernels_match_their_references(expr, dtype):
    assume("x" in _names_used(expr, ["x"]))
    text = _ew(f"y = {expr}", f"x: {dtype}[M, N], b: f32[N], s: f32 = 0.75", f"y: {dtype}[M, N]", "rand_ew")
    compiled = compile_or_diagnose(text)
    assert compiled is not None, text
    assert load_and_validate(compiled, "rand_ew") == [], text


@fuzz(4)
@given(expressions(["x", "w", "1.5"]), st.sampled_from(["sum", "max", "min", "mean"]),
       st.sampled_from(["f32", "bf16"]))
def test_random_reduction_kernels_match_their_references(expr, reduce, dtype):
    assume("x" in _names_used(expr, ["x"]))  # a row reduction needs a full-shaped argument (E044)
    text = (f"reduction rand_red(x: {dtype}[M, N], w: f32[N]) -> (y: {dtype}[M, N], r: f32[M]) {{\n"
            f"    r = {reduce}({expr})\n    y = x - r\n}}\n")
    compiled = compile_or_diagnose(text)
    assert compiled is not None, text
    assert load_and_validate(compiled, "rand_red") == [], text


@fuzz(3)
@given(expressions(["mm", "bias", "scale", "0.5"]), st.booleans(), st.sampled_from(["f32", "f16"]))
def test_random_gemm_kernels_match_their_references(expr, transposed, dtype):
    assume("mm" in _names_used(expr, ["mm"]))
    b_shape, b_use = ("N, K", "b.T") if transposed else ("K, N", "b")
    text = (f"gemm rand_mm(a: {dtype}[M, K], b: {dtype}[{b_shape}], bias: f32[N], scale: f32[M])"
            f" -> (c: f32[M, N]) {{\n    mm = a @ {b_use}\n    c = {expr}\n    schedule {{ precision = ieee }}\n}}\n")
    if dtype != "f32":
        text = text.replace("    schedule { precision = ieee }\n", "")
    compiled = compile_or_diagnose(text)
    assert compiled is not None, text
    assert load_and_validate(compiled, "rand_mm") == [], text


# ---- names the generated code uses itself ------------------------------------------------------

NAMES = """elementwise sum(dict: f32[N], range: f32 = 1.0, num_stages: f32 = 2.0) -> (len: f32[N]) {
    len = dict * range + num_stages
}

reduction len(x: f32[M, N], list: f32[N]) -> (max_n: f32[M, N]) {
    max_n = x - max(x) + list
}

gemm sizes(a: f32[M, K], b: f32[K, N]) -> (device: f32[M, N]) {
    device = a @ b
}

gemm M(a: f32[P, K], b: f32[K, Q]) -> (c: f32[P, Q]) {
    c = a @ b
}
"""


def test_names_the_generated_code_uses():
    compiled = compile_source(NAMES, "names.tile")
    assert load_and_validate(compiled, "names") == []


# ---- what the fuzzer and reports found ------------------------------------------------------------


def test_leading_zeros_build_python_and_mean_nothing():
    text = _ew("y = x + 007 + n", "x: i32[N], n: i32 = 0010", "y: i32[N]")
    compiled = compile_or_diagnose(text)
    assert compiled is not None
    from tilegen.tools.validate import load_module

    module = load_module(compiled.source, "zeros")
    x = torch.arange(4, dtype=torch.int32, device=DEVICE)
    assert module.k(x).tolist() == [17, 18, 19, 20]


def test_a_long_sum_checks_in_seconds():
    """x + x + ... + x: folding asked about every operator's operands anew (cubic)."""
    text = _ew("y = " + " + ".join(["x"] * 2000))
    start = time.perf_counter()
    assert compile_or_diagnose(text, stop_after="model") is not None
    assert time.perf_counter() - start < 10


@pytest.mark.parametrize("name", ["abs nested deep", "power tower", "unary minus deep", "huge int fold"])
def test_deep_and_huge_expressions_are_errors(name):
    with pytest.raises(DiagnosticError) as exc:
        compile_source(ODD[name], "odd.tile")
    assert {d.code for d in exc.value.diagnostics} <= {"E028", "E068"}


def test_team_without_block_n_runs():
    compiled = compile_or_diagnose(ODD["team without block_n"])
    assert load_and_validate(compiled, "team") == []


def test_empty_rows_and_empty_outputs():
    """max over rows of no columns: the kernel returns its empty output, and so does the
    reference (it raised); an empty output may have any strides (it was refused)."""
    text = ("reduction r(x: f32[M, N]) -> (y: f32[M, N]) {\n    y = x - max(x)\n}\n"
            + _ew("y = x * 2.0", "x: f32[A, B, C]", "y: f32[A, B, C]", "e"))
    from tilegen.tools.validate import load_module

    module = load_module(compile_or_diagnose(text).source, "empty")
    x = torch.randn(3, 0, device=DEVICE)
    assert module.r(x).shape == module.r_reference(x).shape == (3, 0)
    out = torch.empty(0, device=DEVICE).as_strided((2, 0, 3), (0, 1, 0))
    assert module.e(torch.randn(2, 0, 3, device=DEVICE), y=out).shape == (2, 0, 3)


# ---- random names in random roles (tests/test_names.py has each in each role) --------------------------------------------------

POOL = test_names.PUBLIC + ["x", "w", "y", "D", "E"]
KEYWORDS = test_names.KEYWORDS


@fuzz(6)
@given(st.lists(st.sampled_from(POOL), min_size=7, max_size=7, unique=True),
       st.sampled_from(["elementwise", "reduction", "gemm"]), st.sampled_from(KEYWORDS + ["t"]))
def test_random_names_in_every_role_match_their_references(names, kind, local):
    """A kernel, its parameters, output, dimensions and a temporary, each named at random
    from the names the generated code uses; the kernel matches its reference."""
    kernel, x, w, s, y, d0, d1 = names
    if local in names:
        local = "t"
    if kind == "elementwise":
        text = (f"elementwise {kernel}({x}: f32[{d0}, {d1}], {w}: f32[{d1}], {s}: f32 = 0.5) -> "
                f"({y}: f32[{d0}, {d1}]) {{\n    {local} = {x} * {s}\n    {y} = {local} + {w}\n}}\n")
    elif kind == "reduction":
        text = (f"reduction {kernel}({x}: f32[{d0}, {d1}], {w}: f32[{d1}], {s}: f32 = 0.5) -> "
                f"({y}: f32[{d0}, {d1}]) {{\n    {local} = exp({x} * {s} - max({x} * {s})) * {w}\n"
                f"    {y} = {local} / sum({local})\n}}\n")
    else:
        text = (f"gemm {kernel}({x}: f32[{d0}, L], {w}: f32[L, {d1}], {s}: f32 = 0.5) -> "
                f"({y}: f32[{d0}, {d1}]) {{\n    {local} = {x} @ {w}\n    {y} = {local} * {s}\n"
                "    schedule { precision = ieee }\n}\n")
    compiled = compile_source(text, "random_names.tile")
    assert load_and_validate(compiled, "random_names") == [], text
