"""Experiment: the fitted-polynomial GELU epilogue against the erf form, in the bias + gelu
GEMM, pinned launch modes, with cuBLAS + bias + F.gelu and torch.compile of it in the same
rounds (interleaved, so clock and temperature drift hit every variant alike). GPU only:

    python bench/exp_gelu.py [SIZE ...]      (square products; default 4096 8192)

The fitted module is the generated one (its gelu stored to 16 bits now takes `_gelu_f16` /
`_gelu_bf16`, docs/language.md); the erf-form module is the same with the gelu swapped to
0.5 * x * (1 + erf(x / sqrt(2))) (gemm_experiments.with_gelu).
"""

import statistics
import sys

import torch
from gemm_experiments import (BASELINES, BIAS_GELU_PEER, ERF_GELU, bench_module, bench_source,  # puts the project
                              bias_gelu_case, with_gelu)  # on sys.path

from tilegen.bench import interleaved_ms, print_rounds
from tilegen.pipeline import compile_source
from tilegen.validate import load_module

source = bench_source()
fitted = bench_module("gelu_fitted", source)
erf_form = bench_module("gelu_erf", with_gelu(source, ERF_GELU))

# Accuracy on this device (the GPU's exp2 is ex2.approx, not correctly rounded): an f32
# elementwise gelu against float64, and torch's own f32 gelu (the erf form) for comparison.

_acc = load_module(compile_source("elementwise gelu32(x: f32[N]) -> (y: f32[N]) {\n    y = gelu(x)\n}\n",
                                  "gelu32.tile").source, "gelu32")
_x = torch.linspace(-12.0, 12.0, 2_400_001, device="cuda")
_want = _x.double() * 0.5 * torch.erfc(-_x.double() / 2**0.5)
_big = _want.abs() > 1e-6
for _name, _got in (("fitted", _acc.gelu32(_x)), ("torch f32 erf form", torch.nn.functional.gelu(_x))):
    _err = (_got.double() - _want).abs()
    print(f"accuracy {_name}: max |gelu - gelu64| / max(1, |x|) = {(_err / _x.double().abs().clamp(min=1)).max():.3g}, "
          f"max |Phi - Phi64| (|x| >= 1) = {(_err / _x.double().abs())[_x.abs() >= 1].max():.3g}, "
          f"max relative error where |gelu| > 1e-6 = {(_err[_big] / _want.abs()[_big]).max():.3g}", flush=True)

BIG = dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=3)
MODES = {
    "pointer grid s3": dict(BIG, addressing="pointer", persistent=False),
    "descriptor persistent s3": dict(BIG, addressing="descriptor", persistent=True),
    "descriptor persistent+flatten s3": dict(BIG, addressing="descriptor", persistent=True, flatten=True),
    "descriptor persistent+flatten s4": dict(BIG, addressing="descriptor", persistent=True, flatten=True, stages=4),
}
ROUNDS = 3
compiled_peer = torch.compile(BASELINES[BIAS_GELU_PEER])
for size in [int(s) for s in sys.argv[1:]] or [4096, 8192]:
    for dtype, kernel in ((torch.float16, "mm_bias_gelu_f16"), (torch.bfloat16, "mm_bias_gelu_bf16")):
        (a, b, bias), c, want, runs = bias_gelu_case(size, dtype, compiled_peer)
        for label, module in (("fitted", fitted), ("erf", erf_form)):
            fn = getattr(module, kernel)
            for name, schedule in MODES.items():
                fn(a, b, bias, c=c, schedule=schedule)
                err = ((c.float() - want).abs().max() / want.abs().max()).item()
                print(f"{size} {kernel} {label} {name}: max error / max |c| = {err:.2e}", flush=True)
                runs[f"{label} {name}"] = lambda fn=fn, schedule=schedule: fn(a, b, bias, c=c, schedule=schedule)
        times = interleaved_ms(runs, ROUNDS)
        best_peer = min(statistics.median(times[n]) for n in (BIAS_GELU_PEER, "torch.compile"))
        print_rounds(f"{size} {kernel:18s}", times, best_peer, 2 * size**3, vs=" best peer")
