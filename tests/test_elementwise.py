"""Elementwise kernels: every example in specs/elementwise.tile against its torch reference."""

import pytest
import torch

import tilegen.runtime.args as args_rt
import torch.nn.functional as F

from conftest import ROOT, compile_spec
from tilegen.tools.validate import default_cases, run_case

SPEC = ROOT / "specs" / "elementwise.tile"


@pytest.fixture(scope="module")
def compiled():
    return compile_spec(SPEC)


def _all_cases():
    _, models = compile_spec(SPEC)
    for name, model in models.items():
        for case in default_cases(model.sig):
            sizes = ",".join(f"{d}={s}" for d, s in case.sizes.items())
            marks = [pytest.mark.smoke] if name in ("add", "relu_dropout", "swiglu") else []
            yield pytest.param(name, case, id=f"{name}-{case.label}-{sizes}", marks=marks)


@pytest.mark.parametrize("name,case", list(_all_cases()))
def test_kernel_matches_reference(compiled, device, name, case):
    module, models = compiled
    problem = run_case(module, models[name].sig, case, device, seed=hash(case.label) % 1000)
    assert problem is None, problem


@pytest.mark.smoke
@pytest.mark.parametrize("seed", [0, 1, 12345, 2**31 - 1, -7])
def test_rand_is_bit_exact(compiled, device, seed):
    module, _ = compiled
    x = torch.randn(3000, device=device).abs() + 0.1  # all positive: out is 0 exactly where dropped
    out = module.relu_dropout(x, 0.3, seed)
    ref = module.relu_dropout_reference(x, 0.3, seed)
    assert torch.equal(out == 0, ref == 0)  # the same elements dropped: rand is bit-exact
    # The kept values are x / (1 - p): a GPU's f32 division (Triton's `/`) is within 2 ulp
    # of torch's correctly rounded one.
    torch.testing.assert_close(out, ref, rtol=2.5e-7, atol=0)
    kept = (out != 0).float().mean().item()
    assert 0.65 < kept < 0.75  # p = 0.3 drops about 30%


def test_rand_does_not_depend_on_layout(compiled, device):
    module, _ = compiled
    base = torch.randn(2, 4000, device=device).abs() + 0.1
    contiguous = module.relu_dropout(base[0].clone(), 0.5, 3)
    strided = module.relu_dropout(base.t()[:, 0], 0.5, 3)  # stride-2 view of the same values
    assert torch.equal(contiguous, strided)


def test_index_64_path_computes_the_same(compiled, device):
    module, _ = compiled
    x, y = torch.randn(1000, device=device), torch.randn(1000, device=device)
    out = torch.empty_like(x)
    module.add_kernel[(2,)](x, y, out, 1000, 1, 1, 1, BLOCK=512, FLAT=True, INDEX_64=True)
    assert torch.equal(out, x + y)


def test_needs_int64(compiled):
    module, _ = compiled
    assert not args_rt.needs_int64(torch.empty(10))
    assert args_rt.needs_int64(torch.empty(1).expand(2**31))
    wide_rows = torch.empty(2, 2, device="meta").as_strided((2, 2), (2**31, 1))
    assert args_rt.needs_int64(wide_rows)


def test_out_parameter_writes_in_place_into_a_view(compiled, device):
    module, _ = compiled
    g = torch.randn(6, 10, device=device, dtype=torch.bfloat16)
    u = torch.randn(6, 10, device=device, dtype=torch.bfloat16)
    y_buf = torch.full((10, 6), float("nan"), device=device, dtype=torch.bfloat16)
    y, act = module.swiglu(g, u, y=y_buf.t())
    assert y.data_ptr() == y_buf.data_ptr()
    ref_y, ref_act = module.swiglu_reference(g, u)
    torch.testing.assert_close(y_buf.t(), ref_y, rtol=1.6e-2, atol=1e-2)
    torch.testing.assert_close(act, ref_act)


def test_broadcast_per_row_and_per_column(compiled, device):
    module, _ = compiled
    x = torch.randn(5, 7, device=device, dtype=torch.float16)
    scale = torch.randn(5, device=device)
    bias = torch.randn(7, device=device)
    y = module.scale_bias_gelu_tanh(x, scale, bias)
    want = torch.nn.functional.gelu(x.float() * scale[:, None] + bias, approximate="tanh").half()
    torch.testing.assert_close(y, want, rtol=2e-3, atol=2e-3)


def test_size_zero_returns_empty_outputs(compiled, device):
    module, _ = compiled
    y, act = module.swiglu(*(torch.empty(0, 4, device=device, dtype=torch.bfloat16),) * 2)
    assert y.shape == (0, 4) and act.shape == (0, 4) and act.dtype == torch.float32


def test_matches_torch_directly(compiled, device):
    """Not only the generated reference: the plain torch formula users know."""
    module, _ = compiled
    g = torch.randn(33, 65, device=device, dtype=torch.bfloat16)
    u = torch.randn(33, 65, device=device, dtype=torch.bfloat16)
    want = (torch.nn.functional.silu(g.float()) * u.float()).bfloat16()
    torch.testing.assert_close(module.silu_mul(g.flatten(), u.flatten()), want.flatten(), rtol=1.6e-2, atol=1e-2)
    x = torch.randn(4, 33, device=device, dtype=torch.bfloat16)
    b = torch.randn(33, device=device, dtype=torch.bfloat16)
    want = torch.nn.functional.gelu(x.float() + b.float()).bfloat16()
    torch.testing.assert_close(module.bias_gelu(x, b), want, rtol=1.6e-2, atol=1e-2)


def test_nan_never_passes(compiled, device):
    """The comparison itself must reject NaN, even where the reference has NaN too."""
    from tilegen.tools.validate import compare

    _, models = compiled
    sig = models["add"].sig
    nan = torch.tensor([float("nan")])
    assert compare(sig, nan, nan) is not None
    assert compare(sig, torch.tensor([1.0]), torch.tensor([1.0])) is None
    assert compare(sig, torch.tensor([1.0]), torch.tensor([1.1])) is not None


@pytest.mark.gpu
def test_more_than_2_31_elements_uses_64_bit_offsets(compiled):
    """A real 2**31 + 5 element call (the INDEX_64 path), checked at both ends."""
    module, _ = compiled
    n = 2**31 + 5
    g = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    u = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    y = module.silu_mul(g, u)
    for part in (slice(0, 1 << 20), slice(n - (1 << 20), n)):
        want = module.silu_mul_reference(g[part], u[part])
        torch.testing.assert_close(y[part], want, rtol=1.6e-2, atol=1e-2)


GELU_SPEC = """
elementwise gelu32(x: f32[N]) -> (y: f32[N]) {
    y = gelu(x)
}
elementwise gelu64(x: f64[N]) -> (y: f64[N]) {
    y = gelu(x)
}
elementwise gelu_of_scalars(x: f32[N], s: f64) -> (y: f32[N], z: f64[N]) {
    y = x + gelu(1.0)
    z = x * gelu(s)
}
"""


@pytest.fixture(scope="module")
def gelu_module():
    from tilegen.pipeline import compile_source
    from tilegen.tools.validate import load_module

    return load_module(compile_source(GELU_SPEC, "gelu.tile").source, "gelu_accuracy")


def _gelu64(x):
    return x * 0.5 * torch.erfc(-x / 2**0.5)


@pytest.mark.smoke
def test_gelu_is_as_accurate_as_f32_erf(gelu_module, device):
    """The generated gelu takes Phi from a fitted polynomial and exp2 (templates/helpers.py.j2).
    Against float64: absolute error within 1.5e-7 * max(1, |x|) (measured: 0.9e-7 on the
    interpreter, 1.02e-7 on the H100, whose exp2 is approximate; torch's own f32 gelu: 1.16e-7
    there), and in the negative tail, where 1 + erf(x) cancels, relative error below 2e-4
    wherever |gelu| > 1e-6 (measured 1.4e-4; torch's f32 gelu is off by 7-8% there)."""
    x = torch.linspace(-12.0, 12.0, 240001, device=device)
    got = gelu_module.gelu32(x).double()
    want = _gelu64(x.double())
    assert ((got - want).abs() / x.double().abs().clamp(min=1.0)).max().item() < 1.5e-7
    big = want.abs() > 1e-6
    assert ((got - want).abs()[big] / want.abs()[big]).max().item() < 2e-4
    assert torch.equal(got[x < -6.0], torch.zeros_like(got[x < -6.0]))  # Phi below -6 is 0, as in f32 erf


def test_gelu_special_values_and_f64(gelu_module, device):
    special = torch.tensor([float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 6.0, -6.0], device=device)
    got = gelu_module.gelu32(special)
    assert got[0].isnan() and got[1] == float("inf") and got[2].isnan()  # -inf * Phi(-inf) = -inf * 0, as in torch
    assert got[3] == 0.0 and not got[3].signbit() and got[4] == 0.0 and got[4].signbit()  # the sign of zero is kept
    assert abs(got[5].item() - 6.0) < 1e-6 and got[6] == 0.0
    x = torch.linspace(-12.0, 12.0, 4001, device=device, dtype=torch.float64)
    torch.testing.assert_close(gelu_module.gelu64(x), _gelu64(x), rtol=1e-12, atol=1e-14)  # f64 keeps erf


def test_gelu_of_a_literal_and_a_scalar_parameter(gelu_module, device):
    x = torch.randn(100, device=device)
    y, z = gelu_module.gelu_of_scalars(x, -0.75)
    torch.testing.assert_close(y, x + 0.8413447460685429, rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(z, x.double() * _gelu64(torch.tensor(-0.75, dtype=torch.float64)).item(),
                               rtol=1e-6, atol=1e-7)


LEAKY_SPEC = """
elementwise leaky(x: f32[N], slope: f32) -> (y02: f32[N], y0: f32[N], y15: f32[N], yneg: f32[N], ys: f32[N]) {
    y02 = leaky_relu(x, 0.2)
    y0 = leaky_relu(x, 0.0)
    y15 = leaky_relu(x, 1.5)
    yneg = leaky_relu(x, -0.5)
    ys = leaky_relu(x, slope)
}
"""


def test_leaky_relu_matches_torch_bit_for_bit(device):
    """A literal slope in (0, 1] takes the one-max form, any other slope (0, above 1, negative,
    or a scalar parameter) the compare and select (templates/helpers.py.j2); both agree with
    torch on every value, NaN, +-inf and the sign of zero included (inf * 0 is why slope 0
    keeps the select)."""
    from tilegen.pipeline import compile_source
    from tilegen.tools.validate import load_module

    module = load_module(compile_source(LEAKY_SPEC, "leaky.tile").source, "leaky_forms")
    special = [float("nan"), float("inf"), -float("inf"), 0.0, -0.0, 1e-30, -1e-30, 3.0e38, -3.0e38]
    x = torch.cat([torch.tensor(special), torch.randn(1000)]).to(device)
    y02, y0, y15, yneg, ys = module.leaky(x, 0.3)
    for got, slope in ((y02, 0.2), (y0, 0.0), (y15, 1.5), (yneg, -0.5), (ys, 0.3)):
        want = torch.nn.functional.leaky_relu(x, slope)
        assert torch.equal(got.isnan(), want.isnan()), slope
        keep = ~want.isnan()
        assert torch.equal(got[keep], want[keep]) and torch.equal(got[keep].signbit(), want[keep].signbit()), slope


def test_validate_command_reports_without_interpreter_warnings(tmp_path, capsys, device):
    """`tilegen validate` prints one row per case and a count; numpy's warnings about the
    interpreter's masked lanes (1 / 0.0 past the end of x here) are not part of it."""
    import argparse
    import warnings

    from tilegen.tools import validate

    spec = tmp_path / "recip.tile"
    spec.write_text("elementwise recip(x: f32[N]) -> (y: f32[N]) {\n    y = 1.0 / x\n}\n")
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        status = validate.main(argparse.Namespace(paths=[str(spec)], interpret=device == "cpu", quick=True))
    out = capsys.readouterr().out
    assert status == 0 and "recip" in out and out.rstrip().endswith("passed, 0 failed"), out
    assert not [w for w in caught if issubclass(w.category, RuntimeWarning)], [str(w.message) for w in caught]


def test_validate_tolerance_of_tf32_gemms():
    """TF32 rounds f32 operands to 10 mantissa bits: a TF32 gemm's outputs are compared with
    rtol 1e-2 and atol 1e-2 * max |reference|; f32 kernels keep rtol 1e-4. NaN never passes."""
    from types import SimpleNamespace

    from tilegen.tools.validate import compare

    sig = SimpleNamespace(outputs=[SimpleNamespace(name="c", spec_name="c", dtype=SimpleNamespace(name="f32"), rounded_to=())])
    torch.manual_seed(0)
    want = torch.randn(64, 64) * 30.0
    got = want + 3e-3 * 30.0 * torch.randn(64, 64)  # TF32-sized errors, also where want is near 0
    assert compare(sig, got, want) is not None
    assert compare(sig, got, want, tf32=True) is None
    assert compare(sig, want * 1.05, want, tf32=True) is not None  # 5% off is not rounding
    got[3, 4] = float("nan")
    assert "output 'c'" in compare(sig, got, want, tf32=True)


def test_integer_relu_stays_integer(tmp_path, device):
    """relu of an integer tensor is computed in its own type: a 0.0 literal in the helper
    once made it f32, rounding 16777217 to 16777216 and 2**31 - 1 to -2**31."""
    path = tmp_path / "irelu.tile"
    path.write_text("elementwise irelu(x: i32[N], y: i64[N], f: f32[N]) -> (r: i32[N], q: i64[N], g: f32[N]) {\n"
                    "    r = relu(x)\n    q = relu(y)\n    g = relu(f)\n}\n")
    module, _ = compile_spec(path)
    r, q, g = module.irelu(torch.tensor([16777217, 2**31 - 1, -5], dtype=torch.int32, device=device),
                           torch.tensor([2**53 + 1, -1, 7], device=device),
                           torch.tensor([float("nan"), -float("inf"), 2.0], device=device))
    assert r.tolist() == [16777217, 2**31 - 1, 0] and q.tolist() == [2**53 + 1, 0, 7]
    assert g[0].isnan() and g[1:].tolist() == [0.0, 2.0]


def test_tanh_and_softplus_keep_small_values(tmp_path, device):
    """tanh near 0 (2 * sigmoid(2x) - 1 alone lost the digits: tanh(1e-7) was 19% off) and
    softplus far below 0 (log(1 + exp(x)) gave 0 past x = -17), against float64 torch."""
    path = tmp_path / "acc.tile"
    path.write_text("elementwise acc(x: f32[N]) -> (t: f32[N], s: f32[N]) {\n    t = tanh(x)\n    s = softplus(x)\n}\n")
    module, _ = compile_spec(path)
    x = torch.tensor([1e-7, -1e-5, 0.12, 0.13, 2.5, -13.9, -18.0, -60.0, 30.0], device=device)
    t, s = module.acc(x)
    xd = x.double()
    # rtol 1e-5: a GPU's exp2 / log2 are approximate to a few ulps, amplified near 1/8
    torch.testing.assert_close(t.double(), torch.tanh(xd), rtol=1e-5, atol=0)
    torch.testing.assert_close(s.double(), F.softplus(xd), rtol=1e-5, atol=0)


def test_powers_of_scalars(tmp_path, device):
    """a ** 2 of a scalar parameter and pow() of two literals: _pow needs a tensor and
    torch.pow takes no two numbers, so both crashed, kernel and reference."""
    path = tmp_path / "pw.tile"
    path.write_text("elementwise sq(x: f32[N], a: f32 = 3.0) -> (y: f32[N]) {\n"
                    "    y = x * (a ** 2) + pow(2.0, 3.0) + (-a) ** 3\n}\n")
    module, models = compile_spec(path)
    x = torch.ones(4, device=device)
    torch.testing.assert_close(module.sq(x), torch.full((4,), 9.0 + 8.0 - 27.0, device=device))  # exp2(b * log2|a|)
    assert run_case(module, models["sq"].sig, default_cases(models["sq"].sig, quick=True)[0], device) is None
    path = tmp_path / "pw2.tile"
    path.write_text("elementwise p(a: f32[N], b: f32[N]) -> (y: f32[N]) {\n    y = pow(a, b)\n}\n")
    module, _ = compile_spec(path)
    a = torch.tensor([1.0, 1.0, 2.0, -8.0, 0.0], device=device)
    b = torch.tensor([float("nan"), 5.0, float("nan"), 1 / 3, 0.0], device=device)
    torch.testing.assert_close(module.p(a, b), torch.pow(a, b), equal_nan=True)  # 1 ** nan is 1


def test_square_is_a_multiplication(tmp_path, device):
    """x ** 2 of a float tensor is x * x, as torch.pow computes it: bit for bit, and no
    exp2/log2 (which would be neither exact nor cheap)."""
    from tilegen.pipeline import compile_source

    text = "elementwise sq(x: f32[N], y: f32[N]) -> (z: f32[N]) {\n    z = (x - y) ** 2 + x ** 2.5\n}\n"
    source = compile_source(text, "sq.tile").source
    assert "(x - y) * (x - y)" in source and "_pow(x, 2.5)" in source
    path = tmp_path / "sq.tile"
    path.write_text(text.replace(" + x ** 2.5", ""))
    module, _ = compile_spec(path)
    x = torch.randn(1000, generator=torch.Generator().manual_seed(0)).to(device) * 1e3
    y = torch.randn(1000, generator=torch.Generator().manual_seed(1)).to(device)
    assert torch.equal(module.sq(x, y), torch.pow(x - y, 2))


@pytest.mark.smoke
def test_negation_flips_the_sign_of_zero(tmp_path, device):
    """`-x` is torch's negation, bit for bit: -(+0.0) is -0.0 (Triton's own -x computes
    0 - x, which is +0.0 there), so 1 / -x at x = +0.0 is -inf, in elementwise and
    reduction kernels, for f32 and for 16-bit inputs."""
    spec = tmp_path / "neg.tile"
    spec.write_text("""
elementwise neg(x: f32[N], h: bf16[N]) -> (y: f32[N], z: f32[N], w: bf16[N]) {
    y = -x
    z = 1 / -x
    w = -h
}

reduction neg_rows(x: f32[M, N]) -> (y: f32[M, N]) {
    y = -x - max(x) * 0
}
""")
    module = compile_spec(spec)[0]
    x = torch.tensor([0.0, -0.0, 1.5, -2.0, float("inf"), float("nan")], device=device)
    y, z, w = module.neg(x, x.bfloat16())

    def bits(t):
        return t.float().nan_to_num(nan=7.0).view(torch.int32).tolist()

    assert bits(y) == bits(-x)
    assert bits(z) == bits(1 / -x)
    assert bits(w) == bits(-x.bfloat16())
    rows = torch.tensor([[0.0, 1.0], [-0.0, 2.0]], device=device)
    assert bits(module.neg_rows(rows)) == bits(-rows)
