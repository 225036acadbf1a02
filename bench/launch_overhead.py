"""Host-side cost of a generated gemm launcher at a small shape, where it can decide the
time: the launcher as users call it (with its own choice of launch, and pinned to tensor
descriptors, which it builds on the host), the same launch replayed from a CUDA graph
(no host work), and torch.matmul. Run on a CUDA machine:

    python bench/launch_overhead.py
"""

import sys
import time
from pathlib import Path

import torch
import triton.testing

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.driver import compile_paths  # noqa: E402
from tilegen.tools.validate import load_module  # noqa: E402

(compiled,) = compile_paths([str(ROOT / "specs/gemm.tile")]).values()
mod = load_module(compiled.source, "gemm_overhead")


def host_us(fn, n=2000):
    fn()
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(n):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / n * 1e6


def graph_us(fn):
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        fn()
    torch.cuda.current_stream().wait_stream(stream)
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        fn()
    return triton.testing.do_bench(graph.replay, warmup=25, rep=200, return_mode="median") * 1e3


for size in (512, 1024, 2048):
    a = torch.randn(size, size, device="cuda", dtype=torch.float16)
    b = torch.randn(size, size, device="cuda", dtype=torch.float16)
    c = torch.empty(size, size, device="cuda", dtype=torch.float16)
    flops = 2 * size**3
    rows = {
        "tilegen matmul": lambda: mod.matmul(a, b, c=c),
        # Tensor descriptors, which the launcher builds on the host for every call.
        "tilegen, TMA": lambda: mod.matmul(a, b, c=c, schedule={"addressing": "descriptor", "persistent": True}),
        "torch.matmul": lambda: torch.matmul(a, b, out=c),
    }
    for name, fn in rows.items():
        fn()
        bench_us = triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median") * 1e3
        g_us = graph_us(fn)
        print(f"{size:5d} {name:16s} do_bench {bench_us:7.2f} us ({flops / bench_us / 1e6:6.1f} TFLOP/s)  "
              f"graph {g_us:7.2f} us ({flops / g_us / 1e6:6.1f})  host loop {host_us(fn):7.2f} us/call", flush=True)
        if name.startswith("tilegen"):
            print(f"      config: {mod.matmul.last_config}", flush=True)
