"""Scalar parameters compute in their declared types, in the kernel and in the reference alike
(Triton would pass a Python int as i32 and a float as f32; torch would let a Python number
take the other operand's type), and other corners of scalars and per-row / per-column outputs."""

import math

import pytest
import torch

from conftest import compile_spec

SPEC = """
elementwise i64_only(x: f32[N], n: i64) -> (y: i64[N]) {
    y = n * 3 + (x * 0) as i64
}
elementwise i32_by_i64(a: i32[N], n: i64) -> (y: i64[N]) {
    y = a * n
}
elementwise f32_plus_f64(x: f32[N], s: f64) -> (y: f64[N]) {
    y = x + s
}
elementwise i8_by_i8(x: i8[N], s: i8) -> (y: i32[N]) {
    y = x * s
}
elementwise i8_by_i32(x: i8[N], s: i32) -> (y: i32[N]) {
    y = x * s
}
elementwise u8_plus_u8(x: u8[N], s: u8) -> (y: i32[N]) {
    y = x + s
}
elementwise of_scalars(x: f32[N], s: f32 = 2) -> (a: f32[N], b: f32[N], c: f32[N], d: f32[N], e: f32[N]) {
    a = x + gelu(s) + silu(s) + softplus(s) + gelu_tanh(s)
    b = x + where(s > 0, s, 1.0)
    c = x + leaky_relu(s, 0.1) + relu(s) + relu(-s)
    d = x + tanh(s) + clamp(s, 0.0, 1.5) + pow(s, 2.0) + sigmoid(s)
    e = x + exp(s) + sqrt(s) + maximum(s, 3.0) + floor(s) + erf(s)
}
elementwise literals(x: f32[N], s: f32 = 2.0) -> (a: f32[N], b: f32[N], c: f32[N]) {
    a = where(2 > 1, x, 0.0)
    b = x + exp(1.0) + relu(-3.0) + gelu(1.0)
    c = where(s > 1.0, 1.0, 2.0) + x * (s > 1.0) as f32
}
elementwise constants(x: f32[N], i: i8[N]) -> (a: f32[N], b: f32[N], c: f32[N], d: f32[N], j: i8[N]) {
    a = x * 0 + ((-7 % 3) + (7 % -3) * 10 + (-7.5 % 2) * 100)
    b = -7 % x + (7 % 2) as f32
    c = x * 0 + leaky_relu(-2.0, 0.1) + leaky_relu(3, 0.5)
    d = x * 0 + (not (1 > 2)) as f32 + 10 * (not (2 > 1)) as f32 + 100 * (not (1 > 2) and 3 > 2) as f32
    j = i + (-7 % 3) * 2
}
elementwise tanh64(x: f64[N]) -> (y: f64[N]) {
    y = tanh(x)
}
elementwise round_trip(h: f32[N]) -> (y: f32[N]) {
    y = (h as bf16) as f32
}
gemm with_vectors(a: f32[M, K], b: f32[K, N], rb: f32[M], cb: f32[N], s: f16 = 0.1) -> (c: f32[M, N], r2: f32[M], c2: f32[N]) {
    c = a @ b + rb
    r2 = rb * 2
    c2 = cb * s
    schedule { precision = ieee }
}
reduction col_out(x: f32[M, N], w: f32[N], s: f32 = 1.5) -> (y: f32[M, N], wc: f32[N], ms: f32[M]) {
    y = x * w / sum(x * x)
    wc = w * 2
    ms = s
}
"""

SMALL = {"block_m": 16, "block_n": 16, "block_k": 16}


@pytest.fixture(scope="module")
def mod(tmp_path_factory):
    path = tmp_path_factory.mktemp("specs") / "scalar_types.tile"
    path.write_text(SPEC)
    return compile_spec(path)[0]


def both(mod, name, *args):
    """The kernel's and the reference's results, as lists."""
    got = getattr(mod, name)(*args)
    ref = getattr(mod, f"{name}_reference")(*args)
    return got.tolist(), ref.tolist()


def test_integer_scalars_keep_their_types(mod, device):
    x = torch.zeros(2, device=device)
    assert both(mod, "i64_only", x, 2**31 - 1) == ([3 * (2**31 - 1)] * 2,) * 2  # not wrapped in i32
    a = torch.tensor([2**30, 3, -(2**30)], dtype=torch.int32, device=device)
    assert both(mod, "i32_by_i64", a, 4) == ([2**32, 12, -(2**32)],) * 2  # i32 * i64 is i64
    i8 = torch.tensor([100, -100, 3], dtype=torch.int8, device=device)
    # i8 * i8 is i8 (wraps), then stored as i32; i8 * i32 is i32
    assert both(mod, "i8_by_i8", i8, 100) == ([16, -16, 44],) * 2
    assert both(mod, "i8_by_i32", i8, 1000) == ([100000, -100000, 3000],) * 2
    u8 = torch.tensor([200, 1], dtype=torch.uint8, device=device)
    assert both(mod, "u8_plus_u8", u8, 100) == ([44, 101],) * 2


def test_f64_scalar_widens_an_f32_tensor(mod, device):
    x = torch.tensor([1.0, 0.0, 1e8], device=device)
    want = [1.0 + (1 + 1e-10), 1 + 1e-10, 1e8 + 1 + 1e-10]
    assert both(mod, "f32_plus_f64", x, 1 + 1e-10) == (want, want)
    assert both(mod, "f32_plus_f64", x, 1e300)[0] == [1e300] * 3  # f64, not inf in f32


def test_functions_of_scalars(mod, device):
    """Functions of a scalar parameter, also an int given for a float scalar: the kernel
    compiles (relu of a Python float did not) and the reference runs (gelu of a Python
    int, where of a Python bool did not); both agree with torch on a float tensor."""
    x = torch.zeros(3, device=device)
    s = torch.tensor(2.0)
    F = torch.nn.functional
    want = [
        F.gelu(s) + F.silu(s) + F.softplus(s) + F.gelu(s, approximate="tanh"),
        s,
        F.leaky_relu(s, 0.1) + torch.relu(s) + torch.relu(-s),
        torch.tanh(s) + torch.clamp(s, 0.0, 1.5) + s**2 + torch.sigmoid(s),
        torch.exp(s) + torch.sqrt(s) + torch.maximum(s, torch.tensor(3.0)) + torch.floor(s) + torch.erf(s),
    ]
    for value in (2, 2.0):
        got, ref = mod.of_scalars(x, value), mod.of_scalars_reference(x, value)
        for g, r, w in zip(got, ref, want):
            assert torch.allclose(g.cpu(), w.expand(3), rtol=1e-5) and torch.allclose(r.cpu(), w.expand(3), rtol=1e-6)


def test_functions_of_literals(mod, device):
    """Calls on literals only: a Python bool condition (torch.where takes none) and helpers
    given Python numbers, in the kernel and the reference."""
    x = torch.randn(5, device=device)
    want = (x, x + math.e + torch.nn.functional.gelu(torch.tensor(1.0)).item(), 1.0 + x)
    for got in (mod.literals(x), mod.literals_reference(x)):
        for g, w in zip(got, want):
            assert torch.allclose(g, w, rtol=1e-6)


def test_constant_expressions_follow_the_language(mod, device):
    """Arithmetic on literals alone is folded with the language's rules (C-style `%`), and
    what is left on plain numbers (a literal dividend of `%`, leaky_relu of literals, `not` of
    a comparison of literals) works in the reference as in the kernel (found in review:
    Python's `%`, `~False == -1`, and torch.fmod / torch.where refusing numbers)."""
    x = torch.tensor([1.5, -2.0, 4.0, 3.0, -0.75], device=device)
    i = torch.tensor([0, -5, 100, 127, -120], dtype=torch.int8, device=device)
    want = {
        "a": torch.full_like(x, -141.0),
        "b": torch.fmod(torch.tensor(-7.0, device=device), x) + 1.0,
        "c": torch.full_like(x, -0.2 + 3.0),
        "d": torch.full_like(x, 1.0 + 0.0 + 100.0),
        "j": i - 2,
    }
    for got in (mod.constants(x, i), mod.constants_reference(x, i)):
        for name, value in zip("abcdj", got):
            assert value.dtype == want[name].dtype, name
            torch.testing.assert_close(value, want[name], rtol=1e-6, atol=1e-6, msg=name)


def test_f64_tanh_is_accurate_near_zero(mod, device):
    x = torch.cat([torch.linspace(-0.2, 0.2, 401, dtype=torch.float64), torch.tensor([1e-300, -1e-8, 0.1249])])
    got = mod.tanh64(x.to(device)).cpu()
    rel = ((got - torch.tanh(x)).abs() / torch.tanh(x).abs().clamp_min(1e-300)).max().item()
    assert rel < 1e-14, rel  # the f32 series was 1e-9 off for f64


def test_cast_round_trip_reads_plainly(tmp_path):
    from tilegen.pipeline import compile_source

    source = compile_source(SPEC, "scalar_types.tile").source
    assert "y = h.to(tl.bfloat16).to(tl.float32)\n" in source
    assert "y = h.to(torch.bfloat16).to(torch.float32)\n" in source


@pytest.mark.parametrize("m, n", [(5, 7), (5, 0), (0, 7)])
def test_gemm_per_row_and_per_column_outputs(mod, device, m, n):
    """A per-row [M] output of a gemm: its reference ran into a shape error (and the launcher
    calls the reference where there are no tiles, N = 0)."""
    a, b = torch.randn(m, 3, device=device), torch.randn(3, n, device=device)
    rb, cb = torch.randn(m, device=device), torch.randn(n, device=device)
    got = mod.with_vectors(a, b, rb, cb, schedule=SMALL)
    ref = mod.with_vectors_reference(a, b, rb, cb)
    want = (a @ b + rb[:, None], rb * 2, cb * 0.0999755859375)  # s is f16: 0.1 rounds
    for g, r, w in zip(got, ref, want):
        assert torch.allclose(g, w, atol=1e-5) and torch.allclose(r, w, atol=1e-5)


def test_reduction_per_column_output_without_rows(mod, device):
    """No rows: no program runs, but the per-column output still has its values."""
    w = torch.randn(5, device=device)
    y, wc, ms = mod.col_out(torch.randn(0, 5, device=device), w)
    assert y.shape == (0, 5) and ms.shape == (0,) and torch.equal(wc, w * 2)
    x = torch.randn(3, 5, device=device)
    for g, r in zip(mod.col_out(x, w), mod.col_out_reference(x, w)):
        assert torch.allclose(g, r, rtol=1e-5)


TO_BF16 = """
elementwise ew_to_bf16(x: f64[N], i: i32[N], b: bool[N], u: u8[N], s: f64 = 2.5) -> (y: bf16[N], z: bf16[N], w: bf16[N], v: bf16[N], r: f32[N]) {
    y = x * s
    z = i
    w = b
    v = u
    r = (x as bf16) + (i as bf16)
}
reduction red_to_bf16(x: f64[M, N], j: i32[M, N]) -> (y: bf16[M, N], s: bf16[M], c: bf16[M]) {
    s = sum(x)
    y = x - s
    c = sum(j)
}
gemm gemm_to_bf16(a: f64[M, K], b: f64[K, N]) -> (c: bf16[M, N]) {
    c = a @ b
}
"""


@pytest.fixture(scope="module")
def to_bf16(tmp_path_factory):
    path = tmp_path_factory.mktemp("specs") / "to_bf16.tile"
    path.write_text(TO_BF16)
    return compile_spec(path)


@pytest.mark.smoke
@pytest.mark.parametrize("kernel", ["ew_to_bf16", "red_to_bf16", "gemm_to_bf16"])
def test_f64_and_integer_values_store_into_bf16(to_bf16, device, kernel):
    """f64, integer and bool values reach a bf16 output (or an `as bf16`) through f32, as torch
    converts them: Triton's interpreter turned the direct conversion into garbage (1.0 ->
    9.2e-41, -3.0 -> NaN), and through f32 both sides round alike. The f32 output `r` adds two
    bf16 casts, so it is held to the bf16 tolerance (validate: a cast rounds)."""
    from tilegen.tools.validate import cases_for, run_case

    module, models = to_bf16
    model = models[kernel]
    for case in cases_for(model):
        problem = run_case(module, model.sig, case, device, seed=3)
        assert problem is None, f"{case.label}: {problem}"


def test_bf16_conversions_read_plainly(to_bf16):
    from tilegen.pipeline import compile_source

    source = compile_source(TO_BF16, "to_bf16.tile").source
    assert "tl.store(y_ptr + y_offs, y.to(tl.float32).to(tl.bfloat16), mask=mask)" in source
    assert "r = x.to(tl.float32).to(tl.bfloat16).to(tl.float32) + i.to(tl.float32).to(tl.bfloat16).to(" in source
    # the gemm: pointer and descriptor stores, and the pointer store of a tile's second column block
    assert source.count("c.to(tl.float32).to(tl.bfloat16),") == 3
    # an f32 value goes to bf16 directly
    assert "y = h.to(tl.bfloat16).to(tl.float32)\n" in compile_source(SPEC, "scalar_types.tile").source


def test_outputs_cast_to_16_bits_on_the_way_get_that_tolerance(to_bf16):
    """validate's tolerance for a float output is the loosest of its own type's and those of
    the 16-bit casts its value goes through (in its statement or in those it reads)."""
    _, models = to_bf16
    rounded = {o.name: o.rounded_to for o in models["ew_to_bf16"].sig.outputs}
    assert rounded == {"y": (), "z": (), "w": (), "v": (), "r": ("bf16",)}


def test_integer_divisors_are_drawn_without_zeros(tmp_path, device):
    """x % d with integer d: the remainder by 0 is undefined (torch raises on the CPU), so
    validate fills d without zeros; a float divisor keeps its zeros (fmod by 0 is NaN on both
    sides, which validate checks)."""
    from tilegen.tools.validate import cases_for, make_inputs, run_case

    path = tmp_path / "int_mod.tile"
    path.write_text("elementwise int_mod(x: i32[N], d: i32[N], f: f32[N], e: f32[N]) -> (m: i32[N], g: f32[N]) {\n"
                    "    m = x % d\n    g = f % e\n}\n")
    module, models = compile_spec(path)
    sig = models["int_mod"].sig
    assert [t.divisor for t in sig.inputs] == [False, True, False, False]
    for case in cases_for(models["int_mod"]):
        x, d, f, e = make_inputs(sig, case, device, seed=1)
        assert not (d == 0).any() and ((x == 0).any() or x.numel() < 200)
        assert run_case(module, sig, case, device, seed=1) is None, case.label
