"""Experiment: pinned gemm launch variants against cuBLAS, interleaved in rounds so that
clock and temperature drift hit every variant alike. GPU only:

    python bench/exp_gemm.py [SIZE ...]          (square products; default 4096 8192)
    python bench/exp_gemm.py --wide [SIZE ...]   256x256 tiles (four warpgroups) against the
                                                 tuned 128x256 launches, plain and leaky_relu
    python bench/exp_gemm.py --group [SIZE ...]  GROUP_M 4, 8 (the default) and 16 with the
                                                 tuned persistent descriptor launches, plain
                                                 and leaky_relu, 5 rounds in alternating order

With balanced persistent grids (128 programs at 4096^3 and 8192^3 with 128x256 tiles) a
round of tiles is GROUP_M rows by 128 / GROUP_M columns of tiles: GROUP_M 16 makes it
square (2048x2048 of the output), which needs the fewest operand bytes from HBM per round.
"""

import statistics
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.bench import device_ms, print_rounds  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_gemm.tile")]).values()
mod = load_module(compiled.source, "gemm_exp")
BIG = dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=3)
VARIANTS = {
    "pointer 128x256x64 s3": dict(BIG, addressing="pointer", persistent=False),
    "pointer 128x256x64 s3 g16": dict(BIG, addressing="pointer", persistent=False, group_m=16),
    "pointer 128x256x64 s4": dict(BIG, addressing="pointer", persistent=False, stages=4),
    "pointer 256x128x64 s3": dict(BIG, addressing="pointer", persistent=False, block_m=256, block_n=128),
    "pointer 128x256x128 s2": dict(BIG, addressing="pointer", persistent=False, block_k=128, stages=2),
    "descriptor grid 128x256x64 s3": dict(BIG, addressing="descriptor", persistent=False),
    "descriptor persistent 128x256x64 s3": dict(BIG, addressing="descriptor", persistent=True),
    "descriptor persistent+flatten s3": dict(BIG, addressing="descriptor", persistent=True, flatten=True),
    "descriptor persistent 256x128x64 s3": dict(BIG, addressing="descriptor", persistent=True, block_m=256, block_n=128),
    "descriptor persistent 128x256x64 s4": dict(BIG, addressing="descriptor", persistent=True, stages=4),
    "descriptor persistent s3 g16": dict(BIG, addressing="descriptor", persistent=True, group_m=16),
    "descriptor persistent+flatten s4": dict(BIG, addressing="descriptor", persistent=True, flatten=True, stages=4),
    "descriptor persistent+flatten s4 g4": dict(BIG, addressing="descriptor", persistent=True, flatten=True, stages=4,
                                                 group_m=4),
    "descriptor persistent+flatten s4 g16": dict(BIG, addressing="descriptor", persistent=True, flatten=True, stages=4,
                                                  group_m=16),
    "descriptor persistent+flatten 128x256x32 s6": dict(BIG, addressing="descriptor", persistent=True, flatten=True,
                                                         block_k=32, stages=6),
    "descriptor persistent+flatten 128x256x32 s8": dict(BIG, addressing="descriptor", persistent=True, flatten=True,
                                                         block_k=32, stages=8),
    "pointer 64x128x64 w4 s4": dict(BIG, addressing="pointer", persistent=False, block_m=64, block_n=128, warps=4, stages=4),
    "pointer 64x128x64 w4 s5": dict(BIG, addressing="pointer", persistent=False, block_m=64, block_n=128, warps=4, stages=5),
    "pointer 64x128x32 w4 s6": dict(BIG, addressing="pointer", persistent=False, block_m=64, block_n=128, block_k=32,
                                    warps=4, stages=6),
    "pointer 128x128x64 w8 s4": dict(BIG, addressing="pointer", persistent=False, block_n=128, stages=4),
    "pointer 64x64x64 w4 s4": dict(BIG, addressing="pointer", persistent=False, block_m=64, block_n=64, warps=4, stages=4),
    "descriptor grid 64x128x64 w4 s4": dict(BIG, addressing="descriptor", persistent=False, block_m=64, block_n=128,
                                            warps=4, stages=4),
}
VARIANTS_ALL = VARIANTS
WIDE_PERSISTENT = dict(BIG, addressing="descriptor", persistent=True, block_m=256, block_n=256, warps=16)
WIDE = {
    "descriptor persistent 128x256x64 s3": VARIANTS["descriptor persistent 128x256x64 s3"],
    "descriptor persistent+flatten s4": VARIANTS["descriptor persistent+flatten s4"],
    "descriptor persistent 256x256x64 w16 s2": dict(WIDE_PERSISTENT, stages=2),
    "descriptor persistent 256x256x64 w16 s3": dict(WIDE_PERSISTENT, stages=3),
    "descriptor persistent+flatten 256x256x64 w16 s2": dict(WIDE_PERSISTENT, stages=2, flatten=True),
    "descriptor persistent 256x256x32 w16 s4": dict(WIDE_PERSISTENT, block_k=32, stages=4),
    "descriptor persistent 256x256x32 w16 s5": dict(WIDE_PERSISTENT, block_k=32, stages=5),
    "descriptor persistent+flatten 256x256x32 w16 s4": dict(WIDE_PERSISTENT, block_k=32, stages=4, flatten=True),
    "descriptor grid 256x256x64 w16 s2": dict(WIDE_PERSISTENT, stages=2, persistent=False),
    "pointer 256x256x64 w16 s2": dict(WIDE_PERSISTENT, stages=2, persistent=False, addressing="pointer"),
}
PERSISTENT = dict(BIG, addressing="descriptor", persistent=True)
GROUP = {f"descriptor persistent{' + flatten s4' if flatten else ' s3'} g{g}":
         dict(PERSISTENT, group_m=g, flatten=flatten, stages=4 if flatten else 3)
         for flatten in (False, True) for g in (4, 8, 16)}
KERNELS = ((torch.float16, "mm_f16"), (torch.bfloat16, "mm_bf16"))
args = sys.argv[1:]
ROUNDS, ALTERNATE = 3, False
if "--wide" in args:
    args.remove("--wide")
    VARIANTS = WIDE
    KERNELS += ((torch.float16, "mm_leaky_f16"),)
if "--group" in args:
    args.remove("--group")
    VARIANTS = GROUP
    KERNELS += ((torch.float16, "mm_leaky_f16"), (torch.bfloat16, "mm_leaky_bf16"))
    ROUNDS, ALTERNATE = 5, True
for size in [int(s) for s in args] or [4096, 8192]:
    for dtype, kernel in KERNELS:
        fn = getattr(mod, kernel, None)
        if fn is None:
            continue
        a = torch.randn(size, size, device="cuda", dtype=dtype)
        b = torch.randn(size, size, device="cuda", dtype=dtype)
        c = torch.empty(size, size, device="cuda", dtype=dtype)
        runs = {"cuBLAS torch.matmul": lambda: torch.matmul(a, b, out=c)}
        if "leaky" in kernel:
            runs["cuBLAS + F.leaky_relu"] = lambda: torch.nn.functional.leaky_relu(torch.matmul(a, b, out=c), 0.01)
        for name, schedule in VARIANTS.items():
            small = ("64x", "128x128")
            if VARIANTS is VARIANTS_ALL and (size <= 1024) != any(name.split(" ", 2)[-1].startswith(t) or f" {t}" in name for t in small):
                continue
            runs[name] = lambda schedule=schedule: fn(a, b, c=c, schedule=schedule)
            if VARIANTS is not VARIANTS_ALL:  # check the result before timing it
                want = torch.matmul(a, b).float()
                want = torch.nn.functional.leaky_relu(want, 0.01) if "leaky" in kernel else want
                try:
                    err = ((runs[name]().float() - want).norm() / want.norm()).item()
                except Exception as exc:  # noqa: BLE001 (a variant Triton cannot compile or launch)
                    print(f"{size} {kernel} {name}: FAILED {type(exc).__name__}: {str(exc).splitlines()[0][:160]}")
                    del runs[name]
                    continue
                if not err < 1e-2:
                    print(f"{size} {kernel} {name}: WRONG, relative error {err}")
                    del runs[name]
        times = {name: [] for name in runs}
        for rnd in range(ROUNDS):
            for name, run in list(runs.items())[:: -1 if ALTERNATE and rnd % 2 else 1]:
                try:
                    times[name].append(device_ms(run))
                except Exception:  # noqa: BLE001 (a launch that fails is a NaN row)
                    times[name].append(float("nan"))
        peer = "cuBLAS + F.leaky_relu" if "leaky" in kernel else "cuBLAS torch.matmul"
        print_rounds(f"{size} {kernel:8s}", times, statistics.median(times[peer]), 2 * size**3, width=38, vs=f" {peer}")
