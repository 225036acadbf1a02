"""Scans along a named dimension (`cumsum(x, T)` of [B, T, C]): against torch along that
dimension, on ragged sizes, strided and transposed views, size 0 and 1, several blocks
along the scanned dimension (the running value carried between them), integers (i64
sums), NaN and inf; and the diagnostics of their misuse."""

import re
from functools import lru_cache

import pytest
import torch

from conftest import DEVICE, ROOT, compile_spec
from tilegen.diagnostics import DiagnosticError
from tilegen.pipeline import compile_source
from tilegen.tools.validate import load_module, run_case

SPEC = """
reduction scan_t(x: f32[B, T, C]) -> (s: f32[B, T, C], p: f32[B, T, C], hi: f32[B, T, C], lo: f32[B, T, C]) {
    s = cumsum(x, T)
    p = cumprod(x, T)
    hi = cummax(x, T)
    lo = cummin(x, T)
}
reduction scan_rows_down(x: f64[M, N], w: f64[N]) -> (y: f64[M, N]) {
    y = cumsum(x * w, M) / (index(M) + 1)
}
reduction count_down(x: i32[M, N]) -> (n: i64[M, N], s: i64[M, N]) {
    n = cumsum(x > 0, M)
    s = cumsum(x, M)
}
reduction scan_of_scan(x: f32[B, T, C]) -> (y: f32[B, T, C]) {
    y = cumsum(cumsum(x, B) * 0.5, B)
    schedule { warps = 2 }
}
reduction last_named(x: f32[M, N]) -> (y: f32[M, N]) {
    y = cumsum(x, N)
}
reduction last_plain(x: f32[M, N]) -> (y: f32[M, N]) {
    y = cumsum(x)
}
"""


@lru_cache(maxsize=None)
def module():
    return load_module(compile_source(SPEC, "scans.tile").source, "axis_scans")


def _exact_sum(x, dim):
    return torch.cumsum(x.double(), dim)


@pytest.mark.parametrize("shape", [(3, 300, 37), (2, 5, 64), (1, 1, 1), (4, 0, 3), (0, 7, 3), (2, 130, 129)], ids=str)
def test_scans_along_the_middle_dimension(shape):
    torch.manual_seed(0)
    x = torch.rand(shape, device=DEVICE) + 0.5
    s, p, hi, lo = module().scan_t(x)
    n = max(shape[1], 1)
    torch.testing.assert_close(s.double(), _exact_sum(x, 1), rtol=2**-23 * n, atol=2**-23 * n * 1.5)
    torch.testing.assert_close(p, torch.cumprod(x, 1), rtol=2**-22 * n, atol=0)
    assert torch.equal(hi, torch.cummax(x, 1).values) and torch.equal(lo, torch.cummin(x, 1).values)


def test_many_blocks_carry_the_running_value():
    """C = 64 kept elements give a tile 32 positions long: 100 positions take four blocks."""
    x = torch.randn(2, 100, 64, device=DEVICE)
    s, _, hi, _ = module().scan_t(x)
    torch.testing.assert_close(s.double(), _exact_sum(x, 1), rtol=1e-5, atol=1e-4)
    assert torch.equal(hi, torch.cummax(x, 1).values)


def test_strided_and_transposed_views():
    base = torch.randn(50, 9, 40, device=DEVICE)
    x = base.transpose(0, 1)[:, ::2, 3:30]  # [9, 25, 27], no dimension contiguous but the last
    s, _, hi, _ = module().scan_t(x)
    torch.testing.assert_close(s.double(), _exact_sum(x, 1), rtol=1e-5, atol=1e-5)
    assert torch.equal(hi, torch.cummax(x, 1).values)
    # outputs passed in as views are written in place of them
    out = torch.zeros(27, 25, 9, device=DEVICE).permute(2, 1, 0)
    module().scan_t(x, s=out)
    torch.testing.assert_close(out, s)


def test_running_mean_with_broadcast_weights_in_f64():
    x, w = torch.randn(301, 17, device=DEVICE, dtype=torch.float64), torch.randn(17, device=DEVICE, dtype=torch.float64)
    y = module().scan_rows_down(x, w)
    want = torch.cumsum(x * w, 0) / torch.arange(1, 302, device=DEVICE, dtype=torch.float64)[:, None]
    torch.testing.assert_close(y, want, rtol=1e-12, atol=1e-12)


def test_integer_scans_are_exact_i64():
    x = torch.randint(-2**31, 2**31 - 1, (257, 5), device=DEVICE, dtype=torch.int32)
    n, s = module().count_down(x)
    assert n.dtype == s.dtype == torch.int64
    assert torch.equal(n, torch.cumsum(x > 0, 0)) and torch.equal(s, torch.cumsum(x, 0))


def test_nan_and_inf():
    x = torch.rand(2, 40, 3, device=DEVICE)
    x[0, 5, 0], x[1, 10, 2], x[0, 20, 1] = float("nan"), float("inf"), -float("inf")
    s, p, hi, lo = module().scan_t(x)
    want_hi, want_lo = torch.cummax(x, 1).values, torch.cummin(x, 1).values
    assert torch.equal(hi.isnan(), want_hi.isnan()) and torch.equal(lo.isnan(), want_lo.isnan())
    assert torch.equal(torch.nan_to_num(hi), torch.nan_to_num(want_hi))
    assert torch.equal(torch.nan_to_num(lo), torch.nan_to_num(want_lo))
    assert torch.equal(s.isnan(), torch.cumsum(x, 1).isnan()) and torch.equal(s.isinf(), torch.cumsum(x, 1).isinf())


def test_scan_of_a_scan_along_the_first_dimension():
    x = torch.randn(70, 3, 5, device=DEVICE)
    y = module().scan_of_scan(x)
    want = torch.cumsum(torch.cumsum(x.double(), 0) * 0.5, 0)
    torch.testing.assert_close(y.double(), want, rtol=1e-4, atol=1e-3)
    source = compile_source(SPEC, "scans.tile").source
    assert "num_warps = 2  # pinned by the spec's schedule" in source


def test_naming_the_last_dimension_is_the_row_scan():
    source = compile_source(SPEC, "scans.tile").source
    named = source.split("def last_named_kernel(")[1].split("\ndef ")[0]
    plain = source.split("def last_plain_kernel(")[1].split("\ndef ")[0]
    same = lambda text, name: re.sub(r"scans\.tile:\d+", "L", text.replace(name, "X"))
    assert same(named, "last_named") == same(plain, "last_plain")


@pytest.mark.parametrize("quick", [True])
def test_example_matches_reference(quick):
    """specs/reductions.tile's running_stats at the validation cases (ragged, strided, size
    0 and 1), then against torch directly."""
    module_, models = compile_spec(ROOT / "specs" / "reductions.tile")
    model = models["running_stats"]
    for case in model.validation_cases(quick=quick):
        assert run_case(module_, model.sig, case, DEVICE) is None, case.label
    x = torch.randn(3, 301, 33, device=DEVICE).to(torch.bfloat16)
    scale = torch.randn(33, device=DEVICE)
    total, avg, peak = module_.running_stats(x, scale)
    torch.testing.assert_close(total.double(), torch.cumsum(x.double(), 1), rtol=1e-5, atol=1e-3)
    want_avg = (total / torch.arange(1, 302, device=DEVICE)[:, None]).to(torch.bfloat16)
    # bf16 outputs: one rounding (the interpreter truncates f32 to bf16, a GPU rounds)
    torch.testing.assert_close(avg.float(), want_avg.float(), rtol=2**-7, atol=0)
    assert torch.equal(peak, torch.cummax(x.float() * scale, 1).values)


def _codes(text):
    with pytest.raises(DiagnosticError) as info:
        compile_source(text, "bad.tile")
    return [(d.code, d.message) for d in info.value.diagnostics]


def test_misuse_diagnostics():
    head = "reduction k(x: f32[B, T, C]) -> (y: f32[B, T, C]) {\n    y = "
    assert _codes(head + "cumsum(x, T, C)\n}\n")[0][0] == "E085"
    assert _codes(head + "cumsum(x, Q)\n}\n")[0][0] == "E085"
    assert [c for c, _ in _codes(head + "cumsum(x, T) + cumsum(x, B)\n}\n")] == ["E085"]
    assert [c for c, _ in _codes(head + "cumsum(x, T) + max(x)\n}\n")] == ["E086"]
    codes = _codes(head + "cumsum(x, T)\n    schedule { split = 2 }\n}\n")
    assert codes[0][0] == "E050" and "named-dimension scan kernels (expected one of warps, precision)" in codes[0][1]
    codes = _codes("reduction k(x: f32[B, T, C]) -> (y: f32[B, C]) {\n    y = cumsum(x, T)\n}\n")
    assert codes[0][0] == "E046" and "scanning along 'T'" in codes[0][1]
