"""Slices of a dimension (`x[:, :N]` of `x: bf16[M, 2 * N]`): the split GeGLU and RoPE of
specs/elementwise.tile against torch, at ragged sizes, on strided views and at sizes 0 and 1."""

import pytest
import torch
import torch.nn.functional as F

from conftest import DEVICE
from generated import elementwise as ew


def _bf16(shape, gen):
    return torch.randn(shape, generator=gen).to(DEVICE, torch.bfloat16)


@pytest.mark.parametrize("M, N", [(3, 5), (1, 1), (0, 4), (2, 0), (7, 129)])
@pytest.mark.parametrize("strided", [False, True])
def test_geglu_split(M, N, strided):
    gen = torch.Generator().manual_seed(M * 1000 + N)
    if strided:  # columns of a wider tensor, and rows two apart
        x = _bf16((2 * M, 2 * N + 3), gen)[::2, 1 : 2 * N + 1]
    else:
        x = _bf16((M, 2 * N), gen)
    y = ew.geglu_split(x)
    want = (F.gelu(x[:, :N].float()) * x[:, N:].float()).to(torch.bfloat16)
    assert y.shape == (M, N) and y.dtype == torch.bfloat16
    # one bf16 unit: the kernel's erf and torch's may round the f32 product apart
    torch.testing.assert_close(y.float(), want.float(), rtol=8e-3, atol=1e-5)
    assert not y.isnan().any()


def test_geglu_split_odd_size_is_refused():
    with pytest.raises(ValueError, match=r"parameter 'x': dimension 1 \(2 \* N\) must be a multiple of 2, got 5"):
        ew.geglu_split(torch.zeros(3, 5, dtype=torch.bfloat16, device=DEVICE))


def test_geglu_split_nan_propagates():
    x = torch.ones(2, 6, dtype=torch.bfloat16, device=DEVICE)
    x[1, 4] = float("nan")  # the second half, row 1, column 1
    y = ew.geglu_split(x)
    assert y[1, 1].isnan() and not y[0].isnan().any() and not y[1, [0, 2]].isnan().any()


def _rope_ref(x, cos, sin):
    d = x.shape[-1] // 2
    x1, x2 = x[..., :d].float(), x[..., d:].float()
    c, s = cos[:, None, :], sin[:, None, :]
    return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], dim=-1).to(torch.bfloat16)


@pytest.mark.parametrize("B, T, H, D", [(2, 5, 3, 4), (1, 1, 1, 1), (1, 3, 2, 17), (0, 2, 1, 2)])
def test_rope_into_halves_of_one_output(B, T, H, D):
    gen = torch.Generator().manual_seed(B + 10 * T + 100 * H + 1000 * D)
    x = _bf16((B, T, H, 2 * D), gen)
    angles = torch.rand((T, D), generator=gen).to(DEVICE) * 6
    cos, sin = angles.cos(), angles.sin()
    out = torch.full((B, T, H, 2 * D), float("nan"), dtype=torch.bfloat16, device=DEVICE)
    ew.rope(x, cos, sin, o1=out[..., :D], o2=out[..., D:])
    torch.testing.assert_close(out.float(), _rope_ref(x, cos, sin).float(), rtol=8e-3, atol=1e-5)


def test_rope_on_a_transposed_view():
    gen = torch.Generator().manual_seed(7)
    B, T, H, D = 2, 6, 3, 5
    x = _bf16((B, H, T, 2 * D), gen).transpose(1, 2)  # [B, T, H, 2D], not contiguous
    angles = torch.rand((T, D), generator=gen).to(DEVICE) * 6
    o1, o2 = ew.rope(x, angles.cos(), angles.sin())
    torch.testing.assert_close(torch.cat([o1, o2], -1).float(), _rope_ref(x, angles.cos(), angles.sin()).float(),
                               rtol=8e-3, atol=1e-5)


def test_thirds_of_the_outermost_dimension(tmp_path):
    """Blocks of the outermost (here only) dimension, whose size the kernel otherwise never
    takes; a size bound by another parameter is checked against the block size."""
    from conftest import compile_spec

    path = tmp_path / "thirds.tile"
    path.write_text(
        "elementwise thirds(x: f32[3 * N], u: f32[N]) -> (y: f32[N]) {\n"
        "    y = x[N:2 * N] - x[2 * N:] + u * x[:N]\n"
        "}\n"
    )
    module, _ = compile_spec(path)
    gen = torch.Generator().manual_seed(1)
    for n in (0, 1, 7, 1030):
        x = torch.randn(3 * n + 1, generator=gen).to(DEVICE)[1:]
        u = torch.randn(2 * n, generator=gen).to(DEVICE)[::2]
        torch.testing.assert_close(module.thirds(x, u), x[n : 2 * n] - x[2 * n :] + u * x[:n])
    with pytest.raises(ValueError, match=r"parameter 'u': dimension 0 \(N\) expected N=7 \(from 'x'\), got 6"):
        module.thirds(torch.zeros(21, device=DEVICE), torch.zeros(6, device=DEVICE))
