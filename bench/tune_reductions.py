"""Sweep the reduction launch table on the GPU: for each benchmark shape, time every
candidate (strategy, BLOCK_N, ROWS, warps, per_sm, stages) row. Prints the best few.

    python bench/tune_reductions.py [KERNEL | KERNEL:MxN ...]
"""

import sys
from pathlib import Path

import torch
import triton.testing

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.driver import compile_paths  # noqa: E402
from tilegen.runtime.calls import forget  # noqa: E402
from tilegen.tools.validate import Case, load_module, make_inputs  # noqa: E402

(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_norms.tile")]).values()
mod = load_module(compiled.source, "norms_tune")
models = {m.sig.name: m for m in compiled.models}
SHAPES = {
    "softmax_f16": [(32768, 1024), (8192, 4096), (2048, 16384), (512, 65536)],
    "layernorm_bf16": [(65536, 1024), (16384, 4096), (8192, 8192)],
    "rmsnorm_bf16": [(65536, 1024), (16384, 4096), (8192, 8192)],
}


def candidates(n):
    if n <= 1024:
        for rows in (1, 2, 4, 8):
            for warps in (1, 2, 4, 8):
                for per_sm in (0, 4, 8, 16):
                    yield ("single", 0, rows, warps, per_sm, 1)
    elif n <= 16384:
        for rows in (1, 2):
            for warps in (4, 8, 16, 32):
                for per_sm in (0, 2, 4):
                    yield ("single", 0, rows, warps, per_sm, 1)
        for block in (2048, 4096):
            for warps in (4, 8, 16):
                yield ("looped", block, 1, warps, 0, 1)
    else:
        for block in (2048, 4096, 8192, 16384):
            for warps in (4, 8, 16, 32):
                for per_sm in (0, 1, 2):
                    for stages in (1, 2):
                        yield ("looped", block, 1, warps, per_sm, stages)
        for warps in (16, 32):
            yield ("single", 0, 1, warps, 0, 1)


ONLY = sys.argv[1:]  # optional filters: "softmax_f16", "layernorm_bf16:8192x8192", ...


def wanted(name, m, n):
    return not ONLY or any(f in (name, f"{name}:{m}x{n}") for f in ONLY)


for name, shapes in SHAPES.items():
    table_name = f"_{name}_launch_table"
    original = getattr(mod, table_name)
    for m, n in shapes:
        if not wanted(name, m, n):
            continue
        args = make_inputs(models[name].sig, Case({"M": m, "N": n}, False, "tune"), "cuda", 0)
        results = []
        for cand in candidates(n):
            setattr(mod, table_name, ((None,) + cand,))
            forget()  # (a launcher reads its table once per call signature)
            try:
                ms = triton.testing.do_bench(lambda: getattr(mod, name)(*args), warmup=10, rep=40,
                                             return_mode="median")
            except Exception:  # noqa: BLE001 - some configs do not compile (too many registers)
                continue
            results.append((4 * m * n / ms / 1e6, cand))
        setattr(mod, table_name, original)
        forget()
        default_ms = triton.testing.do_bench(lambda: getattr(mod, name)(*args), warmup=10, rep=40,
                                             return_mode="median")
        results.sort(reverse=True)
        best = "; ".join(f"{gbs:.0f} {c}" for gbs, c in results[:4])
        print(f"{name} {m}x{n}: default {4 * m * n / default_ms / 1e6:.0f} GB/s | best: {best}", flush=True)
