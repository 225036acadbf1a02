"""Experiment: what the bias + gelu epilogue costs the 8192^3 GEMM, and what shorter
polynomials for 16-bit results would save. Variants of the generated kernel's `_gelu`,
all on the tuned launch (128x256x64 w8 s3, descriptors, persistent):

- degree 9: as generated (f32-accurate);
- degree 6 / degree 5: fits of q's relative error alone (`bench/fit_gelu.py D 6.0
  --relative`: within 4.7e-5 / 3.7e-4 of float64, a tenth of an f16 / bf16 unit in the
  last place);
- floor: gelu replaced by max(x, 0), the bias add kept: what the rest of the epilogue costs.

Timed in interleaved rounds beside cuBLAS + bias + F.gelu and torch.compile of it; prints
each variant's paired ratio to the best peer and to degree 9. GPU only:

    python bench/exp_gelu_cost.py [ROUNDS] [SIZE]      (defaults: 30, 8192)
"""

import re
import statistics
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms, paired_ratio  # noqa: E402
from tilegen.bench_baselines import BASELINES  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

FITS = {  # bench/fit_gelu.py D 6.0 --relative, highest power first
    "degree 6": (2.2990174329606816e-05, -0.0006110961548984051, 0.007195490412414074, -0.05118490010499954,
                 -0.4612729847431183, -1.1501731872558594, -1.0000650882720947),
    "degree 5": (-0.00020167870388831943, 0.00446742819622159, -0.0428311862051487, -0.4727908968925476,
                 -1.1443930864334106, -1.000533938407898),
}
POLY = re.compile(r"    t = tl\.minimum\(tl\.abs\(x\), 6\.0\)\n(?:    p = .*\n)+    q = tl\.exp2\(.*\)\n")
BODY = re.compile(r"(def _gelu\(x\):\n)((?:    .*\n|\n)+?)(?=\n\n)")


def with_fit(source, coefficients):
    lines = ["    t = tl.minimum(tl.abs(x), 6.0)", f"    p = {coefficients[0]!r} * t + {coefficients[1]!r}"]
    lines += [f"    p = p * t + {c!r}" for c in coefficients[2:-1]] + [f"    q = tl.exp2(p * t + {coefficients[-1]!r})"]
    out, n = POLY.subn("\n".join(lines) + "\n", source, count=1)
    assert n == 1, "no _gelu polynomial in the source"
    return out


def floor(source):
    out, n = BODY.subn(lambda m: m.group(1) + "    return tl.maximum(x, 0.0)\n", source, count=1)
    assert n == 1, "no _gelu in the source"
    return out


numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
rounds = numbers[0] if numbers else 30
size = numbers[1] if len(numbers) > 1 else 8192
(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_gemm.tile")]).values()
variants = {"degree 9": load_module(compiled.source, "gelu_cost_9")}
variants.update({label: load_module(with_fit(compiled.source, fit), f"gelu_cost_{label[-1]}") for label, fit in FITS.items()})
variants["floor"] = load_module(floor(compiled.source), "gelu_cost_floor")
LAUNCH = dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=3, addressing="descriptor",
              persistent=True, flatten=False)
peer = BASELINES["cuBLAS + bias + F.gelu"]
compiled_peer = torch.compile(peer)
for dtype, tag in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
    a, b = (torch.randn(size, size, device="cuda", dtype=dtype) for _ in range(2))
    bias = torch.randn(size, device="cuda", dtype=dtype)
    c = torch.empty(size, size, device="cuda", dtype=dtype)
    want = peer(a, b, bias).float()
    runs = {"cuBLAS + bias + F.gelu": lambda: peer(a, b, bias), "torch.compile": lambda: compiled_peer(a, b, bias)}
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
    peers = {n: times[n] for n in ("cuBLAS + bias + F.gelu", "torch.compile")}
    for label in variants:
        to_peers = paired_ratio({**peers, label: times[label]}, label)
        to_nine = statistics.median(n / t for n, t in zip(times["degree 9"], times[label]))
        print(f"{size} {tag} {label}: {to_peers:.3f}x the best peer, {to_nine:.4f}x degree 9", flush=True)
