"""Host cost of a launch: wall time per call of back-to-back calls at tiny shapes, where
the host, not the kernel, decides the time, for generated launchers against the torch
eager operation they stand for. Each row: a warm-up, then `--calls` calls in a loop, timed
from a synchronize to a synchronize, in `--rounds` rounds alternating tilegen and torch
(the median round is reported); the launchers also with TILEGEN_DIRECT_LAUNCH=0, every
launch through Triton's kernel[grid] (tilegen.runtime.launch). Needs a CUDA GPU, torch
and triton only (the committed modules in generated/):

    python bench/launch_overhead.py --out launch_overhead.md

--gemm-sizes also times the gemm launcher at 512^3, 1024^3 and 2048^3 beside
triton.testing.do_bench and a CUDA graph replay (no host work).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

import torch
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from generated import elementwise, gemm, reductions  # noqa: E402
from tilegen.runtime import launch as launch_rt  # noqa: E402


def per_call_us(fn, calls):
    torch.cuda.synchronize()
    start = time.perf_counter()
    for _ in range(calls):
        fn()
    torch.cuda.synchronize()
    return (time.perf_counter() - start) / calls * 1e6


def cases():
    """(name, tilegen call, torch call) at tiny shapes."""
    cuda = dict(device="cuda")
    x, y = torch.randn(1024, **cuda), torch.randn(1024, **cuda)
    h16 = torch.randn(4, 256, dtype=torch.float16, **cuda)
    hb = torch.randn(4, 256, dtype=torch.bfloat16, **cuda)
    wb, bb = torch.randn(256, dtype=torch.bfloat16, **cuda), torch.randn(256, dtype=torch.bfloat16, **cuda)
    a = torch.randn(16, 64, dtype=torch.float16, **cuda)
    b = torch.randn(64, 64, dtype=torch.float16, **cuda)
    out = torch.empty(1024, **cuda)
    c = torch.empty(16, 64, dtype=torch.float16, **cuda)
    return [
        ("add [1024] f32", lambda: elementwise.add(x, y), lambda: x + y),
        ("add, out= [1024] f32", lambda: elementwise.add(x, y, out=out), lambda: torch.add(x, y, out=out)),
        ("softmax [4, 256] f16", lambda: reductions.softmax(h16), lambda: torch.softmax(h16, -1)),
        ("rmsnorm [4, 256] bf16", lambda: reductions.rmsnorm(hb, wb), lambda: F.rms_norm(hb, (256,), wb, 1e-6)),
        ("layernorm [4, 256] bf16", lambda: reductions.layernorm(hb, wb, bb),
         lambda: F.layer_norm(hb, (256,), wb, bb, 1e-5)),
        ("gemm 16x64x64 f16", lambda: gemm.matmul(a, b), lambda: torch.matmul(a, b)),
        ("gemm, c= 16x64x64 f16", lambda: gemm.matmul(a, b, c=c), lambda: torch.matmul(a, b, out=c)),
    ]


def check(name, ours, theirs):
    """The tilegen result must match torch's before its time means anything."""
    got, want = ours(), theirs()
    got = got[0] if isinstance(got, tuple) else got
    torch.testing.assert_close(got.float(), want.float(), atol=2e-2, rtol=2e-2, msg=lambda m: f"{name}: {m}")


def through_triton(fn):
    """fn with every launch through Triton's kernel[grid] (TILEGEN_DIRECT_LAUNCH=0)."""
    def run():
        launch_rt.ENABLED = False
        try:
            return fn()
        finally:
            launch_rt.ENABLED = True
    return run


def gemm_sizes(lines):
    import triton.testing

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

    lines += ["", "| gemm f16 | call | do_bench us | graph us | host loop us/call |", "|---|---|---|---|---|"]
    for size in (512, 1024, 2048):
        a = torch.randn(size, size, device="cuda", dtype=torch.float16)
        b = torch.randn(size, size, device="cuda", dtype=torch.float16)
        c = torch.empty(size, size, device="cuda", dtype=torch.float16)
        rows = {
            "tilegen matmul": lambda: gemm.matmul(a, b, c=c),
            # Tensor descriptors, which the launcher builds on the host for every call.
            "tilegen, TMA": lambda: gemm.matmul(a, b, c=c, schedule={"addressing": "descriptor", "persistent": True}),
            "tilegen, TMA, kernel[grid]": through_triton(
                lambda: gemm.matmul(a, b, c=c, schedule={"addressing": "descriptor", "persistent": True})),
            "torch.matmul": lambda: torch.matmul(a, b, out=c),
        }
        for name, fn in rows.items():
            fn()
            bench = triton.testing.do_bench(fn, warmup=25, rep=200, return_mode="median") * 1e3
            line = f"| {size}^3 | {name} | {bench:.2f} | {graph_us(fn):.2f} | {per_call_us(fn, 2000):.2f} |"
            print(line, flush=True)
            lines.append(line)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", help="also write the table (markdown) to this file")
    parser.add_argument("--calls", type=int, default=2000, help="calls per timed loop")
    parser.add_argument("--rounds", type=int, default=5, help="timed loops of each, alternating")
    parser.add_argument("--gemm-sizes", action="store_true", help="also the gemm at 512^3 to 2048^3")
    opts = parser.parse_args()
    torch.set_grad_enabled(False)
    props = torch.cuda.get_device_properties(0)
    import triton

    lines = [f"{props.name}, torch {torch.__version__}, triton {triton.__version__}; "
             f"{opts.calls} back-to-back calls a round, median of {opts.rounds} rounds; "
             "kernel[grid]: the launchers with TILEGEN_DIRECT_LAUNCH=0",
             "", "| case | tilegen us/call | torch us/call | ratio | tilegen, kernel[grid] us/call |",
             "|---|---|---|---|---|"]
    print(lines[0], flush=True)

    for name, ours, theirs in cases():
        check(name, ours, theirs)
        plain = through_triton(ours)
        for fn in (ours, theirs, plain):  # warm-up: compiles, tunes, caches
            per_call_us(fn, 200)
        times = {ours: [], theirs: [], plain: []}
        for rnd in range(opts.rounds):
            for fn in (ours, theirs, plain) if rnd % 2 == 0 else (plain, theirs, ours):
                if fn is plain:
                    launch_rt.ENABLED = False  # (the whole loop, not per call: no toggling cost)
                    times[fn].append(per_call_us(ours, opts.calls))
                    launch_rt.ENABLED = True
                else:
                    times[fn].append(per_call_us(fn, opts.calls))
        t, r, p = (statistics.median(times[fn]) for fn in (ours, theirs, plain))
        line = f"| {name} | {t:.2f} | {r:.2f} | {t / r:.2f} | {p:.2f} |"
        print(line, flush=True)
        lines.append(line)
    if opts.gemm_sizes:
        gemm_sizes(lines)
    if opts.out:
        Path(opts.out).write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
