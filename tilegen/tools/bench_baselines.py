"""Named torch baselines for `tilegen bench`: the code a user would write instead.

Each takes the kernel's launcher arguments (tensors and scalars, in declared order).
"""

from __future__ import annotations

import functools


def _f():
    import torch.nn.functional as F

    return F


def _silu_mul(g, u):
    return _f().silu(g) * u


def _swiglu(g, u):
    act = _f().silu(g.float())
    return act * u, act


def _add(x, y):
    return x + y


def _softmax(x):
    import torch

    return torch.softmax(x, dim=-1)


def _causal_softmax(x, scale=0.125):
    # attention probabilities under a causal mask, the mask built from positions as a model
    # writes it (torch.compile fuses it into the softmax)
    import torch

    t, s = x.shape[-2:]
    hidden = torch.arange(s, device=x.device)[None, :] > torch.arange(t, device=x.device)[:, None]
    return torch.softmax((x * scale).masked_fill(hidden, float("-inf")), dim=-1)


def _layer_norm(x, w, b, eps=1e-5):
    return _f().layer_norm(x, (x.shape[-1],), w, b, eps)


def _rms_norm(x, w, eps=1e-6):
    return _f().rms_norm(x, (x.shape[-1],), w, eps)


def _matmul(a, b, *rest):
    import torch

    return torch.matmul(a, b)


def _matmul_leaky(a, b):
    import torch

    return _f().leaky_relu(torch.matmul(a, b), 0.01)


def _matmul_bias_gelu(a, b, bias):
    import torch

    return _f().gelu(torch.matmul(a, b) + bias)


def _log_softmax(x):
    import torch

    return torch.log_softmax(x, dim=-1)


def _linear(x, w):
    return _f().linear(x, w)


def _linear_bias_gelu(x, w, bias):
    return _f().gelu(_f().linear(x, w, bias))


def _linear_bias_silu(x, w, bias):
    return _f().silu(_f().linear(x, w, bias))


def _scaled_mm_rowwise(a, b, sa, sb, bias, fast=False):
    import torch

    return torch._scaled_mm(a, b.t(), scale_a=sa[:, None], scale_b=sb[None, :], bias=bias, out_dtype=torch.bfloat16,
                            use_fast_accum=fast)


def _scale(value, device):
    # a per-tensor scale as _scaled_mm takes it: a one-element f32 tensor, made once per value
    # (outside the timed runs after the first call, as a caller would keep it)
    import torch

    key = (float(value), str(device))
    if key not in _SCALES:
        _SCALES[key] = torch.tensor(float(value), dtype=torch.float32, device=device)
    return _SCALES[key]


_SCALES = {}


def _scaled_mm_tensor(a, b, sa, sb, fast=False):
    import torch

    return torch._scaled_mm(a, b.t(), scale_a=_scale(sa, a.device), scale_b=_scale(sb, a.device),
                            out_dtype=torch.bfloat16, use_fast_accum=fast)


def _int_mm(a, b):
    import torch

    return torch._int_mm(a, b.t())
def _next_token(logits):
    import torch

    return torch.argmax(logits, dim=-1), torch.amax(logits, dim=-1)


def _top_p_cumulative(logits):
    import torch

    probs = torch.softmax(logits, dim=-1)
    return probs, torch.cumsum(probs, dim=-1)


def _cross_entropy(logits, target, ignore_index=-100):
    # as models call it: on the bf16 logits (torch computes in f32 inside its kernel)
    return _f().cross_entropy(logits, target, reduction="none", ignore_index=ignore_index)


def _quantize_rows_i8(x):
    import torch

    s = x.abs().amax(-1).float() / 127
    q = torch.round(x.float() / torch.where(s > 0, s, 1.0)[:, None]).clamp(-127, 127).to(torch.int8)
    return q, s


def _column_sum(dy):
    import torch

    return torch.sum(dy, 0, dtype=torch.float32)


def _mse_loss(x, y):
    return _f().mse_loss(x, y)


BASELINES = {
    "F.silu(g) * u": _silu_mul,
    "F.silu(g.float()) * u": _swiglu,
    "x + y": _add,
    "torch.softmax": _softmax,
    "causal torch.softmax": _causal_softmax,
    "F.layer_norm": _layer_norm,
    "F.rms_norm": _rms_norm,
    "cuBLAS torch.matmul": _matmul,
    "cuBLAS + F.leaky_relu": _matmul_leaky,
    "cuBLAS + bias + F.gelu": _matmul_bias_gelu,
    "torch.log_softmax": _log_softmax,
    "cuBLAS F.linear": _linear,
    "cuBLAS F.linear(bias) + F.gelu": _linear_bias_gelu,
    "cuBLAS F.linear(bias) + F.silu": _linear_bias_silu,
    "torch._scaled_mm rowwise + bias": _scaled_mm_rowwise,
    "torch._scaled_mm per-tensor": _scaled_mm_tensor,
    "torch._scaled_mm rowwise + bias, fast accum": functools.partial(_scaled_mm_rowwise, fast=True),
    "torch._scaled_mm per-tensor, fast accum": functools.partial(_scaled_mm_tensor, fast=True),
    "torch._int_mm": _int_mm,
    "torch.argmax + torch.amax": _next_token,
    "torch.softmax + torch.cumsum": _top_p_cumulative,
    "F.cross_entropy(reduction='none')": _cross_entropy,
    "absmax quantize (torch ops)": _quantize_rows_i8,
    "torch.sum(dy, 0, dtype=f32)": _column_sum,
    "F.mse_loss": _mse_loss,
}
