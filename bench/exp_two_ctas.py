"""Experiment: two programs per SM, so that one program's epilogue overlaps the other's
products. A 128x256 tile with 8 warps fills an SM (its f32 accumulator is 128 registers
per thread, its pipeline ~150 KB of shared memory); while it runs its epilogue (bias +
gelu: ~18 instructions per value) the tensor cores idle. 128x128 tiles with 4 warps and a
shallow pipeline (2 or 3 stages: 64 or 96 KB, plus the output's staging) fit two to an SM,
and the warp schedulers interleave the two programs, as a ping-pong kernel does by hand.

Launches of one program per tile (descriptors, grid) so that the hardware places two per
SM where they fit, beside the tuned 128x256 persistent launch, cuBLAS + bias + F.gelu and
torch.compile of it; also the plain product against cuBLAS. Prints each launch's shared
memory, registers, and paired ratio to the best peer. GPU only:

    python bench/exp_two_ctas.py [ROUNDS] [SIZE]      (defaults: 15, 8192)
"""

import sys

import torch
from gemm_experiments import BASELINES, BIG, bench_module  # puts the project on sys.path

from tilegen.bench import interleaved_ms, paired_ratio

numbers = [int(a) for a in sys.argv[1:] if a.isdigit()]
rounds = numbers[0] if numbers else 15
size = numbers[1] if len(numbers) > 1 else 8192
module = bench_module("gemm_two_ctas")
SMALL = dict(BIG, block_n=128, warps=4, stages=3, persistent=False)
LAUNCHES = {
    "128x256 w8 s3 persistent": dict(BIG, stages=3),
    "128x128 w4 s2 grid": dict(SMALL, stages=2),
    "128x128 w4 s3 grid": dict(SMALL, stages=3),
    "128x128 w8 s2 grid": dict(SMALL, stages=2, warps=8),
}
for kind, peer_name in (("bias_gelu", "cuBLAS + bias + F.gelu"), ("mm", "cuBLAS torch.matmul")):
    for dtype, tag in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
        name = f"mm_{kind}_{tag}" if kind != "mm" else f"mm_{tag}"
        fn = getattr(module, name)
        a, b = (torch.randn(size, size, device="cuda", dtype=dtype) for _ in range(2))
        inputs = (a, b) + ((torch.randn(size, device="cuda", dtype=dtype),) if kind == "bias_gelu" else ())
        c = torch.empty(size, size, device="cuda", dtype=dtype)
        peer = BASELINES[peer_name]
        want = peer(*inputs).float()
        runs = {peer_name: lambda peer=peer: peer(*inputs)}
        if kind != "mm":
            compiled_peer = torch.compile(peer)
            runs["torch.compile"] = lambda: compiled_peer(*inputs)
        for label, schedule in LAUNCHES.items():
            try:
                fn(*inputs, c=c, schedule=schedule)
            except Exception as exc:  # too much shared memory, say
                print(f"{name} {label}: {type(exc).__name__}: {str(exc)[:160]}", flush=True)
                continue
            err = ((c.float() - want).abs().max() / want.abs().max()).item()
            assert err < 1e-2, (label, err)
            runs[label] = lambda fn=fn, schedule=schedule: fn(*inputs, c=c, schedule=schedule)
        for run in runs.values():
            run()
        times = interleaved_ms(runs, rounds, alternate=True)
        peers = {n: times[n] for n in runs if n not in LAUNCHES}
        for label in runs:
            if label not in peers:
                ratio = paired_ratio({**peers, label: times[label]}, label)
                print(f"{size} {name} {label}: paired ratio to the best peer {ratio:.3f}x", flush=True)
        torch._dynamo.reset()
jit = module.mm_bias_gelu_f16_kernel
for cache in getattr(jit, "device_caches", {}).values():
    for kernel in cache[0].values():
        print(f"mm_bias_gelu_f16 kernel: {kernel.metadata.num_warps} warps, {kernel.metadata.shared} B shared, "
              f"{kernel.n_regs} registers, {kernel.n_spills} spills", flush=True)
