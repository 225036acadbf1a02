"""What the GEMM experiment scripts share (GPU only; imported by bench/exp_*.py):
the bench GEMMs compiled from bench/specs/bench_gemm.tile, the launches that lead at
8192^3, and the bias + gelu case beside its peers.
"""

import re
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench_baselines import BASELINES  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.functions import GELU_FITS as GELU_HELPER_FITS  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

# 128x256x64 tiles, 8 warps (two warpgroups), tensor descriptors, persistent: what the
# tuner picks at 4096^3 and 8192^3 on the H100.
BIG = dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, addressing="descriptor", persistent=True)
# The four that lead there: 3 or 4 stages, with and without flatten.
LEADING_LAUNCHES = {
    f"s{stages}{' flatten' if flatten else ''}": dict(BIG, stages=stages, flatten=flatten)
    for stages in (3, 4)
    for flatten in (False, True)
}
BIAS_GELU_PEER = "cuBLAS + bias + F.gelu"
BENCH_PEERS = {"mm": "cuBLAS torch.matmul", "leaky": "cuBLAS + F.leaky_relu", "bias_gelu": BIAS_GELU_PEER}
# The generated gelus' polynomials (tilegen/functions.py), by degree: 9 is _gelu's
# (f32-accurate); 6 and 5 (fitted --relative) are _gelu_f16's and _gelu_bf16's.
GELU_FITS = {f"degree {len(fit) - 1}": fit for fit in GELU_HELPER_FITS.values()}
ERF_GELU = ["return 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))"]  # the erf form, as torch writes it
NO_GELU = ["return tl.maximum(x, 0.0)"]  # the floor: no gelu math at all
_GELU_CALL = re.compile(r"(?<!def )\b_gelu(?:_f16|_bf16)?\(")


def bench_source() -> str:
    """The generated source of bench/specs/bench_gemm.tile (mm_*, mm_leaky_*, mm_bias_gelu_*)."""
    (compiled,) = compile_paths([str(ROOT / "bench/specs/bench_gemm.tile")]).values()
    return compiled.source


def bench_module(name: str, source: str | None = None):
    """The bench GEMMs (or `source`, a variant of them) loaded as module `name`."""
    return load_module(source if source is not None else bench_source(), name)


def bench_cases(module, size: int, name_filter: str = "", device: str = "cuda"):
    """The bench GEMMs of `module` whose name contains name_filter, f16 then bf16, each
    plain, + leaky_relu, + bias + gelu at size^3: (name, its peer's name in BASELINES,
    the launcher, its inputs, an output tensor), inputs fresh random."""
    for tag, dtype in (("f16", torch.float16), ("bf16", torch.bfloat16)):
        for kind, peer_name in BENCH_PEERS.items():
            name = f"mm_{kind}_{tag}" if kind != "mm" else f"mm_{tag}"
            if name_filter not in name:
                continue
            a, b = (torch.randn(size, size, device=device, dtype=dtype) for _ in range(2))
            inputs = (a, b) + ((torch.randn(size, device=device, dtype=dtype),) if kind == "bias_gelu" else ())
            yield name, peer_name, getattr(module, name), inputs, torch.empty(size, size, device=device, dtype=dtype)


def bias_gelu_case(size: int, dtype, compiled_peer, device: str = "cuda"):
    """Inputs (a, b, bias), an output c and the peer's result (f32) for gelu(a @ b + bias)
    at size^3, and the two peers as runs: cuBLAS + bias + F.gelu, and `compiled_peer`
    (torch.compile of it, made once by the caller)."""
    peer = BASELINES[BIAS_GELU_PEER]
    a, b = (torch.randn(size, size, device=device, dtype=dtype) for _ in range(2))
    bias = torch.randn(size, device=device, dtype=dtype)
    c = torch.empty(size, size, device=device, dtype=dtype)
    runs = {BIAS_GELU_PEER: lambda: peer(a, b, bias), "torch.compile": lambda: compiled_peer(a, b, bias)}
    return (a, b, bias), c, peer(a, b, bias).float(), runs


def gelu_polynomial(coefficients) -> list[str]:
    """The body of a gelu from a fit in GELU_FITS: Horner's rule in t = min(|x|, 6), then
    _gelu_of_tail, as the generated helpers do."""
    lines = ["t = tl.minimum(tl.abs(x), 6.0)", f"p = {coefficients[0]!r} * t + {coefficients[1]!r}"]
    lines += [f"p = p * t + {c!r}" for c in coefficients[2:-1]]
    return lines + [f"return _gelu_of_tail(x, tl.exp2(p * t + {coefficients[-1]!r}))"]


def with_gelu(source: str, body: list[str]) -> str:
    """`source` (generated, with a gelu) with every gelu call (_gelu, _gelu_f16, _gelu_bf16)
    going to an added `_gelu_variant(x)` of the given body instead."""
    out, calls = _GELU_CALL.subn("_gelu_variant(", source)
    assert calls and "def _gelu_of_tail(" in out, "no gelu call in the source"
    return out + "\n\n@triton.jit\ndef _gelu_variant(x):\n" + "".join(f"    {line}\n" for line in body)
