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


# ---- index(D): the position along a dimension -------------------------------------------

INDEX = """
elementwise causal(x: f32[T, S]) -> (y: f32[T, S]) {
    y = where(index(S) > index(T), -1e9, x)
}

elementwise rope_angle(x: f32[B, T, D], theta: f32 = 10000.0) -> (y: f32[B, T, D]) {
    inv = exp(-log(theta) * (index(D) - index(D) % 2) / 8.0)
    y = x * cos(index(T) * inv)
}

elementwise ramp(x: f16[N]) -> (y: f16[N], i: i64[N]) {
    i = index(N)
    y = x + i * 0.5
}

elementwise renamed(x: f32[tl, offs]) -> (y: f32[tl, offs]) {
    y = x + index(tl) * 10 + index(offs)
}
"""


@pytest.fixture(scope="module")
def index_module(tmp_path_factory):
    path = tmp_path_factory.mktemp("index") / "index.tile"
    path.write_text(INDEX)
    return compile_spec(path)


def test_index_matches_its_reference_on_every_case(index_module):
    from tilegen.tools.validate import cases_for, run_case

    module, models = index_module
    for model in models.values():
        for n, case in enumerate(cases_for(model, quick=True)):
            assert run_case(module, model.sig, case, DEVICE, seed=n) is None, (model.sig.name, case.label)


@pytest.mark.smoke
def test_index_values_are_positions(index_module):
    module, _ = index_module
    x = torch.zeros(3, 5, device=DEVICE)
    want = torch.where(torch.arange(5)[None, :] > torch.arange(3)[:, None], -1e9, 0.0)
    assert torch.equal(module.causal(x).cpu(), want)
    y, i = module.ramp(torch.zeros(7, dtype=torch.float16, device=DEVICE))
    assert i.dtype == torch.int64 and i.tolist() == list(range(7))
    assert module.renamed(torch.zeros(2, 3, device=DEVICE)).tolist() == [[0, 1, 2], [10, 11, 12]]
    # a strided view: positions are logical, whatever the memory order
    t = torch.zeros(4, 3, device=DEVICE).t()
    assert module.causal(t).cpu().equal(torch.where(torch.arange(4)[None, :] > torch.arange(3)[:, None], -1e9, 0.0))


@pytest.mark.parametrize("body, code", [
    ("y = x + index(M)", "E069"),  # not a dimension of the kernel
    ("y = x + index(x)", "E069"),  # a value, not a dimension
    ("y = x + index(N + 1)", "E069"),
    ("y = x + index(N, N)", "E031"),
])
def test_index_takes_a_dimension(body, code):
    from tilegen.diagnostics import DiagnosticError
    from tilegen.pipeline import compile_source

    with pytest.raises(DiagnosticError) as exc:
        compile_source(f"elementwise k(x: f32[N]) -> (y: f32[N]) {{\n    {body}\n}}\n", "k.tile")
    assert code in [d.code for d in exc.value.diagnostics]


def test_index_is_not_in_gemm_kernels_yet():
    from tilegen.diagnostics import DiagnosticError
    from tilegen.pipeline import compile_source

    with pytest.raises(DiagnosticError) as exc:
        compile_source("gemm g(a: f32[M, K], b: f32[K, N]) -> (c: f32[M, N]) {\n    c = a @ b + index(N)\n}\n", "g.tile")
    assert [d.code for d in exc.value.diagnostics] == ["E070"]


CAUSAL = """
reduction causal_softmax(x: f32[B, H, T, S], scale: f32 = 0.5) -> (y: f32[B, H, T, S]) {
    z = where(index(S) > index(T), -1e30, x * scale)
    y = exp(z - max(z)) / sum(exp(z - max(z)))
}

reduction positions(x: f32[M, N]) -> (y: f32[M, N], c: f32[M]) {
    w = x * (index(N) + 1) + index(M)
    c = sum(w)
    y = w - mean(w)
}
"""


@pytest.mark.parametrize("strategy", ["", "strategy = looped; block_n = 64", "strategy = team; block_n = 64"])
def test_index_in_reduction_kernels(strategy, tmp_path):
    """A causal softmax from positions (the column's and a row dimension's), and positions
    in per-row sums, in the single-pass, looped and team kernels."""
    text = CAUSAL if not strategy else CAUSAL.replace("\n}\n", f"\n    schedule {{ {strategy} }}\n}}\n")
    path = tmp_path / "causal.tile"
    path.write_text(text)
    module, _ = compile_spec(path)
    b, h, t, s = 2, 3, 9, 300
    x = torch.randn(b, h, t, s, device=DEVICE)
    keep = torch.arange(s)[None, :] <= torch.arange(t)[:, None]
    want = torch.softmax(torch.where(keep.to(DEVICE), x * 0.5, -1e30), -1)
    torch.testing.assert_close(module.causal_softmax(x), want, rtol=1e-5, atol=1e-6)
    x2 = torch.randn(5, s, device=DEVICE)
    w = x2 * (torch.arange(s, device=DEVICE) + 1) + torch.arange(5, device=DEVICE)[:, None]
    y, c = module.positions(x2)
    torch.testing.assert_close(c, w.sum(-1), rtol=1e-5, atol=1e-3)
    torch.testing.assert_close(y, w - w.mean(-1, keepdim=True), rtol=1e-5, atol=1e-3)
