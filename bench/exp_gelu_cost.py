"""Experiment: what the bias + gelu epilogue costs the 8192^3 GEMM, and what shorter
polynomials for 16-bit results would save. The generated kernel with its gelu swapped
(gemm_experiments.with_gelu), all on the tuned launch (128x256x64 w8 s3, descriptors,
persistent):

- degree 9: `_gelu`'s polynomial (f32-accurate);
- degree 6 / degree 5: fits of q's relative error alone (`bench/fit_gelu.py D 6.0
  --relative`: within 4.7e-5 / 3.7e-4 of float64, a twentieth of an f16 / bf16 unit in
  the last place), which the generated kernels now use (`_gelu_f16`, `_gelu_bf16`);
- floor: gelu replaced by max(x, 0), the bias add kept: what the rest of the epilogue costs.

Timed in interleaved rounds beside cuBLAS + bias + F.gelu and torch.compile of it; prints
each variant's paired ratio to the best peer and to degree 9. GPU only:

    python bench/exp_gelu_cost.py [ROUNDS] [SIZE]      (defaults: 30, 8192)
"""

import statistics
import sys

import torch
from gemm_experiments import (BASELINES, BIAS_GELU_PEER, BIG, GELU_FITS, NO_GELU, bench_module, bench_source,
                              bias_gelu_case, gelu_polynomial, with_gelu)  # puts the project on sys.path

from tilegen.bench import interleaved_ms, paired_ratio

numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
rounds = numbers[0] if numbers else 30
size = numbers[1] if len(numbers) > 1 else 8192
source = bench_source()
variants = {label: bench_module(f"gelu_cost_{label[-1]}", with_gelu(source, gelu_polynomial(fit)))
            for label, fit in GELU_FITS.items()}
variants["floor"] = bench_module("gelu_cost_floor", with_gelu(source, NO_GELU))
LAUNCH = dict(BIG, stages=3, flatten=False)
compiled_peer = torch.compile(BASELINES[BIAS_GELU_PEER])
for dtype, tag in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
    (a, b, bias), c, want, runs = bias_gelu_case(size, dtype, compiled_peer)
    for label, module in variants.items():
        fn = getattr(module, f"mm_bias_gelu_{tag}")
        fn(a, b, bias, c=c, schedule=LAUNCH)
        if label != "floor":
            err = ((c.float() - want).abs().max() / want.abs().max()).item()
            print(f"{size} {tag} {label}: max error / max |c| = {err:.2e}", flush=True)
        runs[label] = lambda fn=fn: fn(a, b, bias, c=c, schedule=LAUNCH)
    for run in runs.values():
        run()
    times = interleaved_ms(runs, rounds, alternate=True)
    peers = {n: times[n] for n in (BIAS_GELU_PEER, "torch.compile")}
    for label in variants:
        to_peers = paired_ratio({**peers, label: times[label]}, label)
        to_nine = statistics.median(n / t for n, t in zip(times["degree 9"], times[label]))
        print(f"{size} {tag} {label}: {to_peers:.3f}x the best peer, {to_nine:.4f}x degree 9", flush=True)
