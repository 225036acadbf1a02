"""Gathers (`logits[target]` in a reduction kernel): the cross-entropy of
specs/reductions.tile against F.cross_entropy(reduction="none", ignore_index=-100), on every
reduction strategy (single pass, looped, team, persistent), at ragged widths, on strided
and transposed views, with ignored rows and with indices outside [0, V) (NaN, never a read
past the row)."""

import re

import pytest
import torch
import torch.nn.functional as F

from conftest import DEVICE, compile_spec
from generated import reductions as red

SPEC = """
reduction ce(logits: bf16[B, V], target: i64[B], ignore_index: i64 = -100) -> (loss: f32[B]) {
    m = max(logits)
    lse = m + log(sum(exp(logits - m)))
    loss = where(target == ignore_index, 0.0, lse - logits[target])
}
reduction pick(x: f32[B, T, V], i: i32[B, T]) -> (y: f32[B, T]) {
    y = x[i] * 2.0
}
"""

STRATEGIES = {
    "auto": "",
    "looped": "strategy = looped; block_n = 64",
    "looped_rows": "strategy = looped; block_n = 32; rows = 4",
    "persistent": "strategy = single; rows = 2; persistent = true",
    "team": "strategy = team; block_n = 64",
}


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    out = {}
    for name, schedule in STRATEGIES.items():
        text = re.sub(r"^}", f"    schedule {{ {schedule} }}\n}}", SPEC, flags=re.M) if schedule else SPEC
        path = tmp_path_factory.mktemp("gather") / f"gather_{name}.tile"
        path.write_text(text)
        out[name] = compile_spec(path)
    return out


def _case(B, V, layout, gen):
    x = (3 * torch.randn(B, V, generator=gen)).to(DEVICE, torch.bfloat16)
    if layout == "strided":
        wide = torch.zeros(B, 2 * V, dtype=torch.bfloat16, device=DEVICE)
        wide[:, ::2] = x
        x = wide[:, ::2]
    elif layout == "transposed":
        x = x.t().contiguous().t()
    target = torch.randint(0, V, (B,), generator=gen)
    target[::3] = -100  # every third row ignored
    if B > 1:
        target[1] = V - 1  # the last column
    return x, target.to(DEVICE)


def _want(x, target):
    return F.cross_entropy(x.float(), target, reduction="none", ignore_index=-100)


CASES = [(1, 1, "contiguous"), (13, 7, "strided"), (13, 65, "transposed"), (5, 300, "contiguous"), (0, 9, "contiguous")]


@pytest.mark.parametrize("strategy", list(STRATEGIES))
@pytest.mark.parametrize("B, V, layout", CASES)
def test_cross_entropy_matches_torch(modules, strategy, B, V, layout):
    module, _ = modules[strategy]
    gen = torch.Generator().manual_seed(B * 1000 + V)
    x, target = _case(B, V, layout, gen)
    loss = module.ce(x, target)
    assert loss.shape == (B,) and loss.dtype == torch.float32
    torch.testing.assert_close(loss, _want(x, target), rtol=1e-5, atol=1e-5)
    assert not loss.isnan().any()
    assert (loss[::3] == 0).all()


def test_cross_entropy_in_generated_module():
    gen = torch.Generator().manual_seed(3)
    x, target = _case(9, 50, "contiguous", gen)
    torch.testing.assert_close(red.cross_entropy(x, target), _want(x, target), rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(red.cross_entropy_reference(x, target), _want(x, target), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("strategy", ["auto", "looped", "team"])
def test_index_outside_the_row_gives_nan(modules, strategy):
    """An index outside [0, V) that is not the ignore index reads nothing: NaN, as the
    reference; the rows around it are unaffected (no read past the row: the row after it
    holds a huge value that a wild read of V would pick up)."""
    module, _ = modules[strategy]
    B, V = 6, 70
    x = torch.zeros(B, V, dtype=torch.bfloat16, device=DEVICE)
    target = torch.tensor([0, V, -1, -100, V + 1000, 5], device=DEVICE)
    loss = module.ce(x, target)
    assert loss[[1, 2, 4]].isnan().all()
    assert loss[3] == 0
    torch.testing.assert_close(loss[[0, 5]], torch.full((2,), torch.tensor(float(V)).log().item(), device=DEVICE))
    torch.testing.assert_close(loss, module.ce_reference(x, target), equal_nan=True)
    # another ignore value is honoured
    loss = module.ce(x, torch.tensor([0, 7, 7, 1, 2, 7], device=DEVICE), ignore_index=7)
    assert (loss[[1, 2, 5]] == 0).all() and not loss.isnan().any()


@pytest.mark.parametrize("strategy", ["auto", "looped", "team"])
def test_gather_over_two_row_dims_with_i32_index(modules, strategy):
    module, _ = modules[strategy]
    gen = torch.Generator().manual_seed(5)
    x = torch.randn(3, 5, 90, generator=gen).to(DEVICE).transpose(0, 1)[:, :2]  # [5, 2, 90], rows not contiguous
    i = torch.randint(0, 90, x.shape[:2], generator=gen, dtype=torch.int32).to(DEVICE)
    i[0, 0] = 90
    y = module.pick(x, i)
    want = x.gather(-1, i.clamp(0, 89).long()[..., None])[..., 0] * 2.0
    want[0, 0] = float("nan")
    torch.testing.assert_close(y, want, equal_nan=True)
