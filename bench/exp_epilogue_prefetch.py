"""Experiment: load the epilogue's per-column vector (the bias of `gelu(a @ b + bias)`)
before the K loop instead of after it, so that its latency hides behind the tile's
products rather than stalling the epilogue of every tile (16 tiles per program at 8192^3).

Variants of the generated bias + gelu GEMM (128x256x64 w8, descriptors, persistent, 3
stages, with and without flatten): as generated, and with the bias load moved to the top
of the tile loop. Timed in interleaved rounds beside cuBLAS + bias + F.gelu and
torch.compile of it; prints each variant's paired ratio to the best peer. GPU only:

    python bench/exp_epilogue_prefetch.py [ROUNDS] [SIZE]      (defaults: 15, 8192)
"""

import re
import sys

import torch
from gemm_experiments import (BASELINES, BIAS_GELU_PEER, BIG, bench_module, bench_source,  # puts the project
                              bias_gelu_case)  # on sys.path

from tilegen.bench import interleaved_ms, paired_ratio

ZEROS = re.compile(r"( +)acc = tl\.zeros\(\(BLOCK_M, BLOCK_N\), dtype=tl\.float32\)\n")


def bias_load(kernel):
    """(start, end, indent, statement) of the kernel's bias load, comment line included."""
    start = kernel.find("# bias: [N] is per column")
    if start < 0:
        return None
    start = kernel.rindex("\n", 0, start) + 1
    first = kernel.index("\n", start) + 1
    end, depth = first, 0
    while True:  # the statement may span lines (black): up to its balancing parenthesis
        line_end = kernel.index("\n", end) + 1
        depth += kernel.count("(", end, line_end) - kernel.count(")", end, line_end)
        end = line_end
        if depth == 0:
            break
    indent = kernel[start:first][: -len(kernel[start:first].lstrip())]
    statement = " ".join(part.strip() for part in kernel[first:end].splitlines())
    return start, end, indent, statement.replace("( ", "(").replace(", )", ")")


def prefetched(source):
    """The source with every bias load moved right after its tile's `acc = tl.zeros(...)`."""
    out, moved = [], 0
    for kernel in re.split(r"(?=\n@triton\.jit\n)", source):
        found = bias_load(kernel)
        if found:
            start, end, indent, statement = found
            kernel = kernel[:start] + kernel[end:]
            early = (f"{indent}# The bias, loaded before the K loop: its latency hides behind the products.\n"
                     f"{indent}offs_cn = pid_n * BLOCK_N + tl.arange(0, BLOCK_N)\n"
                     f"{indent}mask_n = offs_cn < N\n{indent}{statement}\n")
            kernel, n = ZEROS.subn(lambda m: m.group(0) + early, kernel, count=1)
            moved += n
        out.append(kernel)
    assert moved, "no bias load found"
    return "".join(out)


numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
rounds = numbers[0] if numbers else 15
size = numbers[1] if len(numbers) > 1 else 8192
source = bench_source()
variants = {"generated": bench_module("gelu_gen", source), "bias first": bench_module("gelu_pre", prefetched(source))}
MODES = {"s3": dict(BIG, stages=3, flatten=False), "s3 flatten": dict(BIG, stages=3, flatten=True)}
compiled_peer = torch.compile(BASELINES[BIAS_GELU_PEER])
for dtype, tag in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
    (a, b, bias), c, want, runs = bias_gelu_case(size, dtype, compiled_peer)
    for label, module in variants.items():
        fn = getattr(module, f"mm_bias_gelu_{tag}")
        for mode, schedule in MODES.items():
            fn(a, b, bias, c=c, schedule=schedule)
            err = ((c.float() - want).abs().max() / want.abs().max()).item()
            assert err < 1e-2, (label, mode, err)
            runs[f"{label} {mode}"] = lambda fn=fn, schedule=schedule: fn(a, b, bias, c=c, schedule=schedule)
    for run in runs.values():
        run()
    times = interleaved_ms(runs, rounds, alternate=True)
    peers = {n: times[n] for n in (BIAS_GELU_PEER, "torch.compile")}
    for name in runs:
        if name not in peers:
            print(f"{size} {tag} {name}: paired ratio to the best peer {paired_ratio({**peers, name: times[name]}, name):.3f}x",
                  flush=True)
for label, module in variants.items():  # registers and spills of every compiled variant
    for tag in ("f16", "bf16"):
        jit = getattr(module, f"mm_bias_gelu_{tag}_kernel")
        for cache in getattr(jit, "device_caches", {}).values():
            for kernel in cache[0].values():
                print(f"{label} {tag}: {kernel.n_regs} registers, {kernel.n_spills} spills", flush=True)
