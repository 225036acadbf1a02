"""Sweep BLOCK and num_warps for the flat elementwise path (GPU). Prints GB/s per config.

    python bench/tune_elementwise.py
"""

import sys
from pathlib import Path

import torch
import triton
import triton.testing

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tilegen.driver import compile_paths  # noqa: E402
from tilegen.tools.validate import load_module  # noqa: E402

(compiled,) = compile_paths([str(Path(__file__).resolve().parent.parent / "specs/elementwise.tile")]).values()
mod = load_module(compiled.source, "elementwise_tune")
for n in (2**20, 2**24, 2**27):
    g = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    u = torch.randn(n, device="cuda", dtype=torch.bfloat16)
    y = torch.empty_like(g)
    results = []
    for block in (512, 1024, 2048, 4096, 8192):
        for warps in (2, 4, 8, 16):
            if block // (32 * warps) < 1:
                continue
            grid = (triton.cdiv(n, block),)

            def run():
                mod.silu_mul_kernel[grid](g, u, y, n, 1, 1, 1, BLOCK=block, FLAT=True, INDEX_64=False,
                                          num_warps=warps)

            ms = triton.testing.do_bench(run, warmup=25, rep=100, return_mode="median")
            results.append((3 * n * 2 / ms / 1e6, block, warps, ms))
    results.sort(reverse=True)
    print(f"n=2^{n.bit_length() - 1}: " + "; ".join(f"{b}/{w}: {gbs:.0f}" for gbs, b, w, ms in results[:6]))
    ms = triton.testing.do_bench(lambda: mod.silu_mul(g, u, y=y), warmup=25, rep=100, return_mode="median")
    print(f"   launcher: {3 * n * 2 / ms / 1e6:.0f} GB/s ({ms * 1000:.1f} us)")
