"""A bad call of a generated launcher names the parameter, what was expected and what was given."""

import pytest
import torch

from conftest import ROOT, compile_spec


@pytest.fixture(scope="module")
def ew():
    return compile_spec(ROOT / "specs" / "elementwise.tile")[0]


@pytest.mark.smoke
def test_wrong_dtype(ew, device):
    x = torch.randn(4, device=device)
    with pytest.raises(TypeError, match=r"add\(\): parameter 'y': expected dtype torch.float32, got torch.float16"):
        ew.add(x, x.half())


def test_not_a_tensor(ew, device):
    with pytest.raises(TypeError, match=r"parameter 'x': expected a torch.Tensor .* got list"):
        ew.add([1.0, 2.0], torch.randn(2, device=device))


def test_wrong_rank(ew, device):
    with pytest.raises(ValueError, match=r"parameter 'g': expected 2 dimension\(s\) \[M, N\], got shape \(4,\)"):
        ew.swiglu(torch.randn(4, device=device).bfloat16(), torch.randn(4, device=device).bfloat16())


def test_dimension_mismatch_names_both_sides(ew, device):
    x = torch.randn(3, 5, device=device).bfloat16()
    bias = torch.randn(6, device=device).bfloat16()
    with pytest.raises(ValueError, match=r"parameter 'bias': dimension 0 \(N\) expected N=5 \(from 'x'\), got 6"):
        ew.bias_gelu(x, bias)


def test_scalar_type(ew, device):
    x = torch.randn(4, device=device)
    with pytest.raises(TypeError, match=r"parameter 'seed': expected a Python int \(torch.int32\), got 1.5"):
        ew.relu_dropout(x, 0.5, 1.5)
    with pytest.raises(ValueError, match=r"parameter 'seed': 4294967296 is out of range"):
        ew.relu_dropout(x, 0.5, 2**32)
    with pytest.raises(TypeError, match=r"parameter 'p'"):
        ew.relu_dropout(x, "half")


def test_scalars_by_keyword_and_default(ew, device):
    x = torch.randn(100, device=device)
    assert torch.equal(ew.relu_dropout(x, seed=5), ew.relu_dropout(x, 0.5, 5))


def test_output_checked(ew, device):
    x = torch.randn(4, device=device)
    with pytest.raises(ValueError, match=r"parameter 'out' \(an output\): expected shape \(4,\), got \(5,\)"):
        ew.add(x, x, out=torch.empty(5, device=device))
    with pytest.raises(TypeError, match=r"parameter 'out': expected dtype torch.float32, got torch.float64"):
        ew.add(x, x, out=torch.empty(4, device=device, dtype=torch.float64))
    shared = torch.zeros(1, device=device).expand(4)  # four elements at one address: racing stores
    with pytest.raises(ValueError, match=r"parameter 'out' \(an output\): expected distinct elements, got a view with strides \(0,\)"):
        ew.add(x, x, out=shared)
    assert torch.equal(ew.add(x, x, out=torch.zeros(4, 1, device=device)[:, 0]), x + x)  # size-1 or strided: fine


def test_cpu_without_interpreter_is_a_clear_error(ew, monkeypatch):
    monkeypatch.setattr(ew, "_INTERPRET", False)
    with pytest.raises(RuntimeError, match="tensors are on the CPU; move them to a CUDA device, or set TRITON_INTERPRET=1"):
        ew.add(torch.randn(4), torch.randn(4))


def test_missing_argument_is_a_python_error(ew, device):
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'y'"):
        ew.add(torch.randn(4, device=device))
