"""Reliability: no code from spec text or file names, no silent miscompiles."""

import subprocess
import sys

import pytest
import torch

from conftest import DEVICE, ROOT, compile_spec

SPEC = """elementwise twice(x: f32[N]) -> (y: f32[N]) {
    y = x * 2.0
}
"""


@pytest.mark.smoke
@pytest.mark.parametrize(
    "stem",
    [
        'a""";__import__("pathlib").Path("INJECTED").touch();"""',
        "a'''; __import__('pathlib').Path('INJECTED').touch(); '''",
        "a\n__import__('pathlib').Path('INJECTED').touch()\n#",
        "a\\",
        "naïve 😀",
    ],
)
def test_file_names_never_become_code(tmp_path, stem):
    """A spec's file name reaches comments, docstrings and a string literal of the module:
    whatever it holds, the module imports without running it and is valid Python."""
    spec = tmp_path / f"{stem}.tile"
    spec.write_text(SPEC)
    out = tmp_path / "out"
    build = subprocess.run(
        [sys.executable, "-m", "tilegen", "build", str(spec), "-o", str(out)],
        cwd=ROOT, capture_output=True, text=True,
    )
    assert build.returncode == 0, build.stderr
    (module,) = out.glob("*.py")
    run = subprocess.run(
        [sys.executable, "-c", "import runpy, sys; runpy.run_path(sys.argv[1])", str(module)],
        cwd=tmp_path, capture_output=True, text=True,
        env={"TRITON_INTERPRET": "1", "PATH": "", "PYTHONPATH": str(ROOT)},  # tilegen.runtime, installed or not
    )
    assert run.returncode == 0, run.stderr
    assert not (tmp_path / "INJECTED").exists()


REPEATED = """elementwise square(x: f32[3, 3]) -> (y: f32[3, 3]) {
    y = x * 2.0
}

elementwise sandwich(x: f32[2, N, 2], b: f32[2, N], c: f32[2]) -> (y: f32[2, N, 2]) {
    y = x + b * 10.0 + c * 100.0
}

reduction rows(x: f32[3, 3]) -> (y: f32[3, 3]) {
    y = x - max(x)
}
"""


@pytest.mark.smoke
def test_a_repeated_literal_size_indexes_each_axis(tmp_path, device):
    """f32[3, 3] called with x.t() once wrote only the diagonal: both axes took one index."""
    path = tmp_path / "repeated.tile"
    path.write_text(REPEATED)
    module, _ = compile_spec(path)
    x = torch.randn(3, 3, device=device)
    torch.testing.assert_close(module.square(x.t()), x.t() * 2.0, rtol=0, atol=0)
    torch.testing.assert_close(module.rows(x.t()), x.t() - x.t().amax(1, keepdim=True), rtol=0, atol=0)
    x = torch.randn(2, 2, 5, device=device).transpose(1, 2)  # [2, 5, 2], not contiguous
    b = torch.randn(5, 2, device=device).t()
    c = torch.randn(2, device=device)
    want = x + b[:, :, None] * 10.0 + c * 100.0  # [2, N] lines up with the leading axes, [2] the last
    torch.testing.assert_close(module.sandwich(x, b, c), want, rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(module.sandwich_reference(x, b, c), want, rtol=1e-6, atol=1e-6)


DIVIDES = """reduction scale(x: f32[M, N]) -> (y: f32[M, N]) {
    y = x / max(abs(x))
}

reduction by_scalar(x: f32[M, N], s: f32) -> (y: f32[M, N], m: f32[M]) {
    y = x / s
    m = sum(x) / s
}

elementwise ew_by_scalar(x: f32[N], s: f32) -> (y: f32[N]) {
    y = x / s
}

reduction mean_rows(x: f32[M, N]) -> (y: f32[M]) {
    y = mean(x)
}
"""


@pytest.mark.smoke
def test_slash_divides_exactly_as_torch(tmp_path, device):
    """`/` is true division in every kind of kernel: rounded as torch rounds it, not a
    multiplication by a reciprocal (an ulp off in about a third of x / max(abs(x)))."""
    path = tmp_path / "divides.tile"
    path.write_text(DIVIDES)
    module, _ = compile_spec(path)
    x = torch.randn(37, 300, device=device)
    assert torch.equal(module.scale(x), x / x.abs().amax(1, keepdim=True))
    # (a tensor divisor: torch divides by a Python number as a multiplication by its reciprocal on a GPU)
    three, seven = torch.tensor(3.0, device=device), torch.tensor(7.0, device=device)
    y, m = module.by_scalar(x, 3.0)
    assert torch.equal(y, x / three)
    torch.testing.assert_close(m, x.sum(1) / 3.0)
    assert torch.equal(module.ew_by_scalar(x[0], 7.0), x[0] / seven)
    torch.testing.assert_close(module.mean_rows(x), x.mean(1), rtol=1e-6, atol=1e-7)


def test_f64_quotients_divide_too(tmp_path, device):
    """tl.div_rn takes f32 only: an f64 quotient keeps Triton's `/`, which rounds correctly
    in f64 (the fuzzer found `x / (1.0 + abs(x))` with an f64 x failing to compile)."""
    path = tmp_path / "f64.tile"
    path.write_text("elementwise q(x: f64[N], d: f32[N]) -> (y: f64[N]) {\n    y = x / (1.0 + abs(x)) + x / d\n}\n"
                    "reduction r(x: f64[M, N]) -> (y: f64[M, N]) {\n    y = x / sum(abs(x))\n}\n")
    module, _ = compile_spec(path)
    x, d = torch.randn(37, dtype=torch.float64, device=device), torch.rand(37, device=device) + 0.5
    assert torch.equal(module.q(x, d), x / (1.0 + x.abs()) + x / d.double())
    x2 = torch.randn(5, 33, dtype=torch.float64, device=device)
    torch.testing.assert_close(module.r(x2), x2 / x2.abs().sum(1, keepdim=True), rtol=1e-12, atol=0)


def test_division_by_a_scalar_zero_gives_inf_and_nan(tmp_path, device):
    """A scalar divisor of 0.0 divides as torch does (inf, -inf, NaN), on the interpreter too."""
    path = tmp_path / "divides.tile"
    path.write_text(DIVIDES)
    module, _ = compile_spec(path)
    x = torch.tensor([[1.0, -2.0, 0.0]], device=device)
    y, m = module.by_scalar(x, 0.0)
    assert torch.equal(y.isnan(), (x / 0.0).isnan()) and torch.equal(y.nan_to_num(), (x / 0.0).nan_to_num())
    assert torch.equal(m, torch.tensor([-float("inf")], device=device))
    assert torch.equal(module.ew_by_scalar(x[0], 0.0).nan_to_num(), (x[0] / 0.0).nan_to_num())


def test_reduction_row_indices_widen_before_multiplying():
    """rows = row_block * ROWS + ... was computed in int32 and widened after: past 2**31 rows
    the product wrapped (and the team workspace index (row_block * W + w0) * TEAM, computed
    from row_block, always did). Under INDEX_64 every reduction kernel widens row_block
    first, and the launchers set INDEX_64 when the rows or the workspace index need it."""
    import re

    text = (ROOT / "generated" / "reductions.py").read_text()
    setups = re.findall(r"\n( *)if INDEX_64:\n(?:\1    #.*\n)*\1    row_block = row_block\.to\(tl\.int64\)\n"
                        r"\1rows = row_block \* ROWS \+ tl\.arange\(0, ROWS\)\[:, None\]\n", text)
    assert len(setups) == text.count("rows = row_block * ROWS") > 0
    assert "INDEX_64:\n        rows = rows.to(tl.int64)" not in text
    launches = text.count("INDEX_64=_args.needs_int64(")
    assert launches == text.count("or num_row_blocks * ROWS > 2**31,") + text.count(" * _args.next_power_of_2(TEAM) >= 2**31,")


@pytest.mark.gpu
def test_softmax_past_2_to_the_31_rows():
    """f16[2**31 + 1, 1]: every row's softmax is 1, the last rows' included."""
    import generated.reductions as red

    if torch.cuda.get_device_properties(0).total_memory < 24 * 2**30:
        pytest.skip("needs 24 GiB of GPU memory")
    rows = 2**31 + 1
    x = torch.randn(rows, 1, device="cuda").half()
    y = torch.zeros_like(x)
    red.softmax(x, y=y)
    assert bool((y[-4096:] == 1).all()) and bool((y == 1).all())
    del x, y
    torch.cuda.empty_cache()


GEMM_NAMES = "".join(
    f"gemm {name}(a: f32[P, K], b: f32[K, Q]) -> (c: f32[P, Q]) {{\n    c = a @ b\n"
    f"    schedule {{ precision = ieee }}\n}}\n"
    for name in ("sizes", "config", "device", "schedule", "M")
)


def test_gemm_kernels_may_share_a_name_with_launcher_locals(tmp_path, device):
    """A gemm launcher once recorded its launch as NAME.last_config, which inside the
    launcher meant its local `sizes`, `config`, `device` or `schedule` when the kernel had
    that name: every call failed."""
    path = tmp_path / "names.tile"
    path.write_text(GEMM_NAMES)
    module, _ = compile_spec(path)
    a, b = torch.randn(5, 3, device=device), torch.randn(3, 4, device=device)
    for name in ("sizes", "config", "device", "schedule", "M"):
        launcher = getattr(module, name)
        torch.testing.assert_close(launcher(a, b), a @ b, rtol=1e-4, atol=1e-5)
        assert launcher.last_config["block_m"] > 0


@pytest.mark.parametrize("decl", ["dict: f32[N]", "range: f32", "num_stages: f32", "all: f32[N]"])
def test_names_that_would_hide_a_builtin_build_and_run(decl):
    """A parameter named like a built-in the launcher calls (dict, all, float, range) or a
    launch keyword (num_stages) once built and crashed at every call; kernels named like
    built-ins (int, len, sum, zip, sorted) broke every other kernel of the file. They
    build and run now, and the launcher takes the spec's names."""
    from tilegen.pipeline import compile_source
    from tilegen.tools.validate import load_module

    name = decl.split(":")[0]
    text = f"elementwise f(x: f32[N], {decl}) -> (y: f32[N]) {{\n    y = x + {name}\n}}\n"
    text += "".join(f"elementwise {kernel}(x: f32[N]) -> (y: f32[N]) {{\n    y = x * 2.0\n}}\n"
                    for kernel in ("int", "len", "sum", "zip", "sorted"))
    module = load_module(compile_source(text, "t.tile").source, "builtins_" + name)
    x, v = torch.randn(6, device=DEVICE), torch.randn(6, device=DEVICE)
    value = v if "[" in decl else 1.5
    torch.testing.assert_close(module.f(x, **{name: value}), x + value)
    for kernel in ("int", "len", "sum", "zip", "sorted"):
        torch.testing.assert_close(getattr(module, kernel)(x), x * 2.0)


TRIPLE = "'" * 3
INJECTIONS = "\n".join([
    '# a comment """; __import__("os").system("echo INJECTED") """ \\',
    'elementwise k(x: f32[N], s: f32 = 0.5) -> (y: f32[N]) {  # """ + ' + TRIPLE,
    "    # " + TRIPLE + " ; import os ; " + TRIPLE,
    "    y = x * s + 1e3 + 0x1  # '; import os #",
    '    schedule { block = 256 }  # ");',
    "}",
    "",
])


def test_spec_text_never_becomes_code():
    """Only validated identifiers and numbers written from their values reach a module:
    comments and string-like text of a spec never do, whatever they hold. (Names are
    identifiers by the grammar; schedule values are checked numbers and keywords.)"""
    from tilegen.diagnostics import DiagnosticError
    from tilegen.pipeline import compile_source

    text = INJECTIONS.replace(" + 0x1", "")  # (hex literals are no part of the language)
    source = compile_source(text, "inject.tile").source
    for fragment in ("INJECTED", "import os", "system", '"""; ', "'; "):
        assert fragment not in source, fragment
    with pytest.raises(DiagnosticError):  # the hex literal: a located error, not text in a module
        compile_source(INJECTIONS, "inject.tile")
