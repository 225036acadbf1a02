"""Aligned copies of gemm operands (tilegen.runtime.staging): which operands are copied,
that a copy holds the same values in aligned rows with the same contiguous axis, that K
is padded with zeros only where K is the rows' length, and that the generated gemms give
the reference's results through the copies (f16, bf16, f32, i8, fp8; transposed, strided,
broadcast and offset operands; inf and NaN in the last real column of K)."""

import pytest
import torch
import torch.nn.functional as F

import tilegen.runtime.staging as staging
from conftest import DEVICE, ROOT, compile_spec

pytestmark = pytest.mark.filterwarnings("ignore:Conversion of an array with ndim > 0:DeprecationWarning")

SMALL = {"block_m": 32, "block_n": 32, "block_k": 32}


@pytest.fixture(autouse=True)
def stage_every_product(monkeypatch):
    """Copies for products of any size, on a GPU too (the interpreter makes them always)."""
    monkeypatch.setattr(staging, "STAGE_MIN_MACS", 0)


def test_small_products_are_left_alone_on_a_gpu(monkeypatch):
    monkeypatch.setattr(staging, "STAGE_MIN_MACS", 1 << 28)
    monkeypatch.setattr(staging, "interpreting", lambda: False)
    x, w = randn(5, 33), randn(7, 33)
    (sx, sw), k = staging.gemm_aligned(((x, -1), (w, -1)), (1, 5, 7, 33))
    assert sx is x and sw is w and k == 33
    (sx, sw), k = staging.gemm_aligned(((x, -1), (w, -1)), (1, 1 << 14, 1 << 14, 33))  # 2**33 multiply-adds
    assert k == 48 and sx.shape == (5, 48)


def randn(*shape, dtype=torch.float16):
    return torch.randn(*shape, device=DEVICE).to(dtype)


def aligned(t):
    unit = staging.unit_axis(t) % t.dim()
    return t.data_ptr() % 16 == 0 and all(
        size <= 1 or stride % 16 == 0 for axis, (size, stride) in enumerate(zip(t.shape, t.stride())) if axis != unit
    )


def test_aligned_operands_pass_as_they_are():
    a, b = randn(40, 64), randn(64, 48)
    (sa, sb), k = staging.gemm_aligned(((a, -1), (b, -2)), (1, 40, 48, 64))
    assert sa is a and sb is b and k == 64
    w = randn(48, 80)[:, :64]  # a view: rows 80 elements apart, still aligned
    (sa, sw), k = staging.gemm_aligned(((a, -1), (w, -1)), (1, 40, 48, 64))
    assert sa is a and sw is w and k == 64
    # K = 0: nothing to load, nothing to copy.
    (sa, sb), k = staging.gemm_aligned(((randn(3, 0), -1), (randn(0, 5), -2)), (1, 3, 5, 0))
    assert k == 0 and sa.shape == (3, 0)


def test_k_rows_padded_with_zeros():
    x, w = randn(5, 33), randn(7, 33)  # nn.Linear: both operands' rows run along K = 33
    (sx, sw), k = staging.gemm_aligned(((x, -1), (w, -1)), (1, 5, 7, 33))
    assert k == 48 and sx.shape == (5, 48) and sw.shape == (7, 48)
    assert sx.stride(-1) == 1 and aligned(sx) and aligned(sw)
    assert torch.equal(sx[:, :33], x) and torch.equal(sw[:, :33], w)
    assert not sx[:, 33:].any() and not sw[:, 33:].any()
    # A row-major [K, N] right operand gets zero rows: it stays row-major.
    b = randn(33, 64)
    (sx, sb), k = staging.gemm_aligned(((x, -1), (b, -2)), (1, 5, 64, 33))
    assert sb.shape == (48, 64) and sb.stride() == (64, 1) and torch.equal(sb[:33], b) and not sb[33:].any()


def test_copies_keep_the_contiguous_axis():
    # K aligned; a transposed operand whose start is 2 bytes off: copied, still transposed.
    base = randn(64 * 48 + 1)
    a = base[1:].view(64, 48).T  # [48, 64] with strides (1, 48): the M axis is contiguous
    b = randn(64, 32)
    (sa, sb), k = staging.gemm_aligned(((a, -1), (b, -2)), (1, 48, 32, 64))
    assert k == 64 and sb is b and sa is not a
    assert sa.stride(-2) == 1 and aligned(sa) and torch.equal(sa, a)
    # No contiguous axis at all (every other column): copied into contiguous rows.
    w = randn(32, 128)[:, ::2]
    (sa2, sw), _ = staging.gemm_aligned(((randn(48, 64), -1), (w, -1)), (1, 48, 32, 64))
    assert sw.stride(-1) == 1 and aligned(sw) and torch.equal(sw, w)


def test_what_no_copy_helps_is_left():
    # Rows along N = 67: the tile wraps at N, so vectors are out of reach whatever the stride.
    a, b = randn(40, 64), randn(64, 67)
    (sa, sb), k = staging.gemm_aligned(((a, -1), (b, -2)), (1, 48, 32, 64))
    assert sa is a and sb is b and k == 64


def test_broadcast_batches_stay_broadcast():
    w = randn(33, 40).expand(6, 33, 40)  # one [K, N] for every product
    a = randn(6, 20, 33)
    (sa, sw), k = staging.gemm_aligned(((a, -1), (w, -2)), (6, 20, 40, 33))
    assert k == 48 and sw.shape == (6, 48, 40) and sw.stride(0) == 0
    assert torch.equal(sw[3, :33], w[3]) and not sw[:, 33:].any()


@pytest.fixture(scope="module")
def gemms():
    return compile_spec(ROOT / "specs" / "gemm.tile")


def check(got, want, tol=2e-2):
    want = want.to(torch.float64)
    err = (got.double() - want).abs().max().item() / max(want.abs().max().item(), 1.0)
    assert err <= tol, err


@pytest.mark.smoke
@pytest.mark.parametrize("k", [1, 33, 71])
def test_unaligned_k_through_the_generated_gemms(gemms, k):
    m, _ = gemms
    x, w, bias = randn(45, k, dtype=torch.bfloat16), randn(37, k, dtype=torch.bfloat16), randn(37, dtype=torch.float32)
    y = m.linear_gelu(x, w, bias, schedule=SMALL)
    check(y, F.gelu(x.double() @ w.double().T + bias.double()))
    assert m.linear_gelu.last_config["block_k"] == 32
    a, b = randn(50, k), randn(k, 40)
    check(m.matmul(a.T.contiguous().T, b, schedule=SMALL), a.double() @ b.double())  # a column-major
    check(m.matmul(a, b, schedule=SMALL), a.double() @ b.double())
    ab, bb = randn(3, 20, k, dtype=torch.bfloat16), randn(k, 24, dtype=torch.bfloat16).expand(3, k, 24)
    check(m.bmm(ab, bb, schedule=SMALL), ab.double() @ bb.double())


def test_inf_and_nan_in_the_last_column_of_k(gemms):
    m, _ = gemms
    a, b = randn(20, 33), randn(33, 24)
    a[0, 32], a[1, 32], b[32, 5] = float("inf"), float("nan"), float("-inf")
    got, want = m.matmul(a, b, schedule=SMALL).double(), a.double() @ b.double()
    assert torch.equal(got.isnan(), want.isnan()) and torch.equal(got.isinf(), want.isinf())
    finite = want.isfinite()
    check(got[finite], want[finite])


def test_one_byte_operands_with_unaligned_k():
    m, _ = compile_spec(ROOT / "specs" / "lowprec.tile")
    a = torch.randint(-128, 128, (33, 45), device=DEVICE, dtype=torch.int8)
    b = torch.randint(-128, 128, (45, 19), device=DEVICE, dtype=torch.int8)
    c = m.matmul_i8(a, b, schedule=SMALL)
    assert torch.equal(c.cpu().long(), a.cpu().long() @ b.cpu().long())  # exact in i32
    a8 = (torch.randn(20, 45, device=DEVICE) * 4).to(torch.float8_e4m3fn)
    b8 = (torch.randn(30, 45, device=DEVICE) * 4).to(torch.float8_e4m3fn)
    sa, sb = torch.rand(20, device=DEVICE) + 0.5, torch.rand(30, device=DEVICE) + 0.5
    bias = randn(30, dtype=torch.bfloat16)
    y = m.scaled_mm(a8, b8, sa, sb, bias, schedule=SMALL)
    want = (a8.double() @ b8.double().T) * sa.double()[:, None] * sb.double()[None, :] + bias.double()
    check(y, want)
