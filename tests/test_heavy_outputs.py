"""Reduction kernels of one level whose row outputs are the heavy work (a quotient a value,
none of it feeding a reduction: quantization) take an entry of 2048-column chunks of 16
warps before the 16384-column single pass (HEAVY_OUTPUTS_CHUNKED in
tilegen/lower/reduction/launch.py). Checked here: which kernels take it, and that the
launcher runs it only over rows that fill the GPU and do not load element by element,
against torch."""

import pytest
import torch

from conftest import DEVICE, Spy, compile_spec

SPEC = """
reduction quantize(x: bf16[M, N]) -> (q: i8[M, N], s: f32[M]) {
    s = max(abs(x)) / 127
    q = clamp(round(x / where(s > 0, s, 1.0)), -127, 127)
}

reduction normalize(x: f32[M, N]) -> (y: f32[M, N]) {
    e = exp(x)
    y = e / sum(e)
}

reduction rms(x: bf16[M, N], w: bf16[N]) -> (y: bf16[M, N]) {
    y = x * rsqrt(mean(x * x) + 1e-6) * w
}

reduction pinned(x: bf16[M, N]) -> (q: i8[M, N], s: f32[M]) {
    s = max(abs(x)) / 127
    q = clamp(round(x / where(s > 0, s, 1.0)), -127, 127)
    schedule { warps = 8 }
}

reduction fast(x: bf16[M, N]) -> (y: bf16[M, N]) {
    y = x / max(abs(x))
    schedule { precision = fast }
}

reduction column_heavy(x: bf16[M, N], w: f32[N]) -> (y: bf16[M, N], d: f32[N]) {
    y = x * rsqrt(mean(x * x) + 1e-6) * w
    d = exp(w)
}

reduction chained(x: f32[M, N]) -> (y: f32[M, N]) {
    c = x - mean(x)
    y = exp(c / sqrt(mean(c * c) + 1e-5))
}

reduction scanned(x: f32[M, N]) -> (y: f32[M, N]) {
    y = exp(cumsum(x) / max(abs(x)))
}
"""


@pytest.fixture(scope="module")
def compiled(tmp_path_factory):
    path = tmp_path_factory.mktemp("heavy") / "heavy.tile"
    path.write_text(SPEC)
    return compile_spec(path)


def test_which_kernels_take_the_chunked_entry(compiled):
    """quantize: a quotient a value for its outputs, its reduction reading abs(x). Not
    normalize (its exp feeds the sum: a looped first loop would compute it too), not rms
    (light outputs), not a kernel whose schedule pins launch values, not one dividing with
    `precision = fast` (div.full.f32, a few instructions), not one whose heavy work is per
    column (exp(w)), nor chained reductions (layernorm-like) or scans."""
    module, _ = compiled
    table = module._quantize_launch_table
    at = [row for row in table if row[0] == 16384]
    assert at == [(16384, "looped", 2048, 1, 16, 0, 1), (16384, "single", 0, 1, 16, 0, 1)], at
    assert module._quantize_heavy == {16384: 4}
    for name in ("normalize", "rms", "pinned", "fast", "column_heavy", "chained", "scanned"):
        assert not hasattr(module, f"_{name}_heavy"), name
        assert [row[1] for row in getattr(module, f"_{name}_launch_table") if row[0] == 16384] != ["looped", "single"]


@pytest.mark.parametrize("width,stride,few,want", [
    (14336, 14336, False, ("looped_kernel", 2048, 16)),
    (12800, 13000, False, ("looped_kernel", 2048, 16)),  # rows in pairs: 13000 apart
    (14337, 14337, False, ("kernel", 16384, 16)),  # an odd width loads element by element
    (14336, 14337, False, ("kernel", 16384, 16)),  # as does an odd row stride
    (14336, 14336, True, ("kernel", 16384, 16)),  # few row blocks: the single pass
    (12000, 12000, True, ("kernel", 16384, 16)),  # its padded entry skipped there too: past the heavy one
])
def test_the_launcher_takes_it_where_rows_fill_the_gpu(compiled, monkeypatch, width, stride, few, want):
    import tilegen.runtime.reduction as red
    from tilegen.runtime import calls as _calls

    module, _ = compiled
    launches = []
    for kind in ("kernel", "looped_kernel", "team_kernel"):
        monkeypatch.setattr(module, f"quantize_{kind}", Spy(getattr(module, f"quantize_{kind}"), launches, kind))
    asked = []
    real = red.few_row_blocks
    # (the heavy entry asks with 4 row blocks an SM, the padded ones with 1 or 2; on the CPU
    # few_row_blocks is always False)
    monkeypatch.setattr(red, "few_row_blocks",
                        lambda device, blocks, per_sm=1: asked.append(per_sm) or (few and per_sm in (2, 4))
                        or real(device, blocks, per_sm))
    _calls.forget()
    n_rows = 3 if DEVICE == "cpu" else 5 * red.sm_count(torch.device(DEVICE))  # past 4 row blocks an SM
    gen = torch.Generator().manual_seed(width + stride)
    # (made on the device, then sliced: a sliced tensor moved to another device is made contiguous)
    x = (torch.randn(n_rows, stride, generator=gen) * 3).bfloat16().to(DEVICE)[:, :width]
    x[1] = 0.0  # a row of zeros: its scale 0, its values 0
    assert x.stride(0) == stride
    q, s = module.quantize(x)
    label, _, kwargs = launches[-1]
    assert (label, kwargs["BLOCK_N"], kwargs["num_warps"]) == want
    assert few is False or 4 in asked
    xf = x.float().cpu()
    want_s = xf.abs().amax(1) / 127
    want_q = torch.round(xf / torch.where(want_s > 0, want_s, 1.0)[:, None]).clamp(-127, 127).to(torch.int8)
    assert torch.equal(s.cpu(), want_s) and torch.equal(q.cpu(), want_q)
