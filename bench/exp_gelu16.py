"""Experiment: a cheaper GELU for results rounded to 16 bits, in the bias + gelu GEMM
epilogue at 8192^3. `_gelu`'s polynomial (degree 9, f32-accurate) against a degree-6 fit of q's
relative error alone (`python bench/fit_gelu.py 6 6.0 --relative`: within 4.7e-5 of
float64 everywhere, a tenth of an f16 unit in the last place), each with and without
flatten, with the plain GEMM, cuBLAS + bias + F.gelu and torch.compile of it in the same
interleaved rounds. GPU only:

    python bench/exp_gelu16.py [ROUNDS] [SIZE] [few] [warmup=MS]      (defaults: 15, 8192)

`few` times only the peers and the tuned launch (degree 9, persistent s3), three
implementations to a round like `tilegen bench`; `warmup=MS` runs each implementation
for MS ms before each of its timings (device_ms' default: 25).

Also prints, on this device, the degree-6 form's error against float64 and how often its
result rounded to f16 / bf16 differs from torch's f32 gelu rounded the same way.
"""

import statistics
import sys

import torch
from gemm_experiments import (BASELINES, BIAS_GELU_PEER, BIG, GELU_FITS, bench_module, bench_source,
                              bias_gelu_case, gelu_polynomial, with_gelu)  # puts the project on sys.path

from tilegen.bench import interleaved_ms, paired_ratio, print_rounds
from tilegen.pipeline import compile_source
from tilegen.validate import load_module


def degree6(source):
    """The source with its gelu calls going to the degree-6 fit instead."""
    return with_gelu(source, gelu_polynomial(GELU_FITS["degree 6"]))


acc_src = compile_source("elementwise gelu32(x: f32[N]) -> (y: f32[N]) {\n    y = gelu(x)\n}\n", "gelu32.tile").source
x = torch.linspace(-12.0, 12.0, 2_400_001, device="cuda")
want = x.double() * 0.5 * torch.erfc(-x.double() / 2**0.5)
big = x > -6.0  # below -6, _gelu gives 0, as f32 erf does
for label, src in (("degree 9", acc_src), ("degree 6", degree6(acc_src))):
    got = load_module(src, f"gelu32_{label[-1]}").gelu32(x)
    rel = ((got.double() - want).abs()[big] / want.abs()[big]).max().item()
    line = f"accuracy {label}: max relative error {rel:.3g};"
    for dt in (torch.float16, torch.bfloat16):
        mine, theirs = got.to(dt), torch.nn.functional.gelu(x).to(dt)
        line += f" {dt} results differing from torch's: {(mine != theirs).float().mean().item() * 100:.3f}%"
    print(line, flush=True)

source = bench_source()
variants = {"degree 9": bench_module("gelu_d9", with_gelu(source, gelu_polynomial(GELU_FITS["degree 9"]))),
            "degree 6": bench_module("gelu_d6", degree6(source))}
MODES = {"persistent s3": dict(BIG, stages=3, flatten=False), "persistent+flatten s3": dict(BIG, stages=3, flatten=True)}
numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
rounds = numbers[0] if numbers else 15
size = numbers[1] if len(numbers) > 1 else 8192
FEW = "few" in sys.argv[1:]
for arg in sys.argv[1:]:
    if arg.startswith("warmup="):
        import functools

        import tilegen.bench

        tilegen.bench.device_ms = functools.partial(tilegen.bench.device_ms, warmup_ms=float(arg[7:]))
if FEW:
    variants.pop("degree 6")
    MODES.pop("persistent+flatten s3")
compiled_peer = torch.compile(BASELINES[BIAS_GELU_PEER])
for dtype, tag in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
    (a, b, bias), c, want, runs = bias_gelu_case(size, dtype, compiled_peer)
    plain = getattr(variants["degree 9"], f"mm_{tag}")
    if not FEW:
        runs["plain mm, persistent s3"] = lambda: plain(a, b, c=c, schedule=MODES["persistent s3"])
    for label, module in variants.items():
        fn = getattr(module, f"mm_bias_gelu_{tag}")
        for name, schedule in MODES.items():
            fn(a, b, bias, c=c, schedule=schedule)
            err = ((c.float() - want).abs().max() / want.abs().max()).item()
            print(f"{size} {tag} {label} {name}: max error / max |c| = {err:.2e}", flush=True)
            runs[f"{label} {name}"] = lambda fn=fn, schedule=schedule: fn(a, b, bias, c=c, schedule=schedule)
    for fn in runs.values():
        fn()
    times = interleaved_ms(runs, rounds, alternate=True)
    best = min(statistics.median(times[n]) for n in (BIAS_GELU_PEER, "torch.compile"))
    print_rounds(f"{size} {tag}", times, best, 2 * size**3, vs=" best peer")
    peers = {n: times[n] for n in (BIAS_GELU_PEER, "torch.compile")}
    for name in runs:
        if name not in peers:
            print(f"{size} {tag} {name}: paired ratio to the best peer {paired_ratio({**peers, name: times[name]}, name):.3f}x")
