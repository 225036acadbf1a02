"""The math functions added through the op table: round (half to even), trunc, log1p,
expm1, sign, isnan, isinf, isfinite, each against torch, inf and NaN included."""

import pytest
import torch

from conftest import DEVICE, compile_spec

SPEC = """
elementwise fns_{t}(x: {t}[N]) -> (r: {t}[N], t: {t}[N], l: {t}[N], e: {t}[N], s: {t}[N],
                                   nan: bool[N], inf: bool[N], fin: bool[N]) {{
    r = round(x)
    t = trunc(x)
    l = log1p(x)
    e = expm1(x)
    s = sign(x)
    nan = isnan(x)
    inf = isinf(x)
    fin = isfinite(x)
}}

elementwise isign(n: i32[N]) -> (s: i32[N]) {{
    s = sign(n)
}}
"""

SPECIAL = [float("-inf"), float("inf"), float("nan"), -0.0, 0.0, 0.5, 1.5, 2.5, -0.5, -1.5, -2.5, 0.49999997,
           -0.4, 3.5, 4.5, 1e-8, -1e-8, 1e-30, -1e-30, 1e-3, -1e-3, 100.0, -100.0, 88.0, -88.0, 8388609.0,
           -8388609.5, 1e20, -1.0, -0.999999, 7.25, -7.75]
# accuracy of log1p and expm1 against torch's (which are correctly rounded or nearly so): a
# few ulp; on a GPU tl.exp and tl.log in f32 are themselves within 2 ulp
TOLERANCE = {"f32": dict(rtol=3e-7 if DEVICE == "cpu" else 4e-6, atol=1e-38), "f64": dict(rtol=1e-15, atol=1e-300)}


@pytest.fixture(scope="module", params=["f32", "f64"])
def case(request, tmp_path_factory):
    path = tmp_path_factory.mktemp("fns") / "fns.tile"
    path.write_text(SPEC.format(t=request.param))
    module, _ = compile_spec(path)
    return request.param, module


def _same(got, want, **tol):
    assert torch.equal(got.isnan(), want.isnan())
    keep = ~want.isnan()
    if tol:
        torch.testing.assert_close(got[keep], want[keep], **tol)
    else:
        assert torch.equal(got[keep], want[keep]) and torch.equal(got[keep].signbit(), want[keep].signbit())


@pytest.mark.smoke
def test_functions_match_torch_at_special_and_random_values(case, device):
    dtype, module = case
    torch_dtype = {"f32": torch.float32, "f64": torch.float64}[dtype]
    x = torch.cat([torch.tensor(SPECIAL, dtype=torch_dtype),
                   torch.randn(301, dtype=torch_dtype, generator=torch.Generator().manual_seed(3)) * 10]).to(device)
    r, t, l, e, s, nan, inf, fin = getattr(module, f"fns_{dtype}")(x)
    _same(r, torch.round(x))
    _same(t, torch.trunc(x))
    _same(s, torch.sign(x))
    _same(l, torch.log1p(x), **TOLERANCE[dtype])
    _same(e, torch.expm1(x), **TOLERANCE[dtype])
    assert torch.equal(nan, torch.isnan(x)) and torch.equal(inf, torch.isinf(x)) and torch.equal(fin, torch.isfinite(x))
    # the references say the same
    for got, want in zip(getattr(module, f"fns_{dtype}_reference")(x), (r, t, l, e, s, nan, inf, fin)):
        _same(got, want, **TOLERANCE[dtype]) if got.is_floating_point() else torch.equal(got, want)


def test_sign_of_integers(case, device):
    _, module = case
    n = torch.tensor([-7, 0, 3, -2**31, 2**31 - 1], dtype=torch.int32, device=device)
    assert torch.equal(module.isign(n), torch.sign(n))


def test_strided_views(case, device):
    dtype, module = case
    torch_dtype = {"f32": torch.float32, "f64": torch.float64}[dtype]
    x = (torch.randn(2, 50, dtype=torch_dtype, device=device) * 3)[:, ::3].reshape(-1)[::2]
    _same(getattr(module, f"fns_{dtype}")(x)[0], torch.round(x))
