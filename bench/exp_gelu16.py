"""Experiment: a cheaper GELU for results rounded to 16 bits, in the bias + gelu GEMM
epilogue at 8192^3. `_gelu` (degree 9, f32-accurate) against a degree-6 fit of q's
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

import re
import statistics
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms, paired_ratio, print_rounds  # noqa: E402
from tilegen.bench_baselines import BASELINES  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.pipeline import compile_source  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

DEGREE6 = (2.2990174329606816e-05, -0.0006110961548984051, 0.007195490412414074, -0.05118490010499954,
           -0.4612729847431183, -1.1501731872558594, -1.0000650882720947)


def degree6(source):
    """The source with _gelu's polynomial (every line from `t = ...` to `q = ...`) swapped."""
    lines = ["    t = tl.minimum(tl.abs(x), 6.0)", f"    p = {DEGREE6[0]!r} * t + {DEGREE6[1]!r}"]
    lines += [f"    p = p * t + {c!r}" for c in DEGREE6[2:-1]] + [f"    q = tl.exp2(p * t + {DEGREE6[-1]!r})"]
    out, n = re.subn(r"    t = tl\.minimum\(tl\.abs\(x\), 6\.0\)\n(?:    p = .*\n)+    q = tl\.exp2\(.*\)\n",
                     "\n".join(lines) + "\n", source, count=1)
    assert n == 1, "no _gelu polynomial in the source"
    return out


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

(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_gemm.tile")]).values()
variants = {"degree 9": load_module(compiled.source, "gelu_d9"), "degree 6": load_module(degree6(compiled.source), "gelu_d6")}
BIG = dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=3, addressing="descriptor", persistent=True)
MODES = {"persistent s3": dict(BIG, flatten=False), "persistent+flatten s3": dict(BIG, flatten=True)}
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
peer = BASELINES["cuBLAS + bias + F.gelu"]
compiled_peer = torch.compile(peer)
for dtype, tag in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
    a, b = (torch.randn(size, size, device="cuda", dtype=dtype) for _ in range(2))
    bias = torch.randn(size, device="cuda", dtype=dtype)
    c = torch.empty(size, size, device="cuda", dtype=dtype)
    want = peer(a, b, bias).float()
    runs = {"cuBLAS + bias + F.gelu": lambda: peer(a, b, bias), "torch.compile": lambda: compiled_peer(a, b, bias)}
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
    best = min(statistics.median(times[n]) for n in ("cuBLAS + bias + F.gelu", "torch.compile"))
    print_rounds(f"{size} {tag}", times, best, 2 * size**3, vs=" best peer")
    peers = {n: times[n] for n in ("cuBLAS + bias + F.gelu", "torch.compile")}
    for name in runs:
        if name not in peers:
            print(f"{size} {tag} {name}: paired ratio to the best peer {paired_ratio({**peers, name: times[name]}, name):.3f}x")
