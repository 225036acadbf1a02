"""Experiment: tensor descriptors built on the host (triton.tools.tensor_descriptor's
TensorDescriptor, passed to the kernel as parameters: what the generated launchers do)
against descriptors the kernel builds itself (tl.make_tensor_descriptor: each program
writes its descriptors to global scratch memory and fences them before the first TMA
load: what they did before). Same kernels otherwise, pinned launches, interleaved rounds
beside cuBLAS. GPU only:

    python bench/exp_host_desc.py [--clusters] [--gelu] [--programs=P] [--unbalanced] [--rounds=N]
                                  [--only=V1,V2] [SIZE ...]
    (square products; default 4096 8192; --only names variants of VARIANTS)

--clusters adds launches in clusters of two programs (num_ctas=2, as cuBLAS runs at 4096^3);
--gelu times the bias + gelu kernels instead of the plain ones.
--programs=P adds persistent host-descriptor launches sized for P SMs instead of the
device's (the launcher still balances the tiles over them, see _gemm_programs).
--unbalanced adds persistent host-descriptor launches of one program per SM (at most one
per tile), as the launchers started before they balanced their grids: at 4096^3, 132
programs of which 16 run 3 tiles and 116 run 4, against the balanced 128 of 4.
"""

import statistics
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms, print_rounds  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_gemm.tile")]).values()
SOURCE = compiled.source
# The suite's kernels are all [M, K] @ [K, N] -> [M, N], row-major.
IN_KERNEL = """    num_tiles = num_pid_m * num_pid_n
    if ADDRESSING == "descriptor":
        a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[stride_a_m, 1], block_shape=[BLOCK_M, BLOCK_K])
        b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[stride_b_k, 1], block_shape=[BLOCK_K, BLOCK_N])
        c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[stride_c_m, 1],
                                           block_shape=[BLOCK_M, BLOCK_N // 2])
"""


def device_descriptor_source(src):
    """The launchers pass None for the descriptors and the kernels build their own."""
    head = "    num_tiles = num_pid_m * num_pid_n\n"
    launch = '        if config["addressing"] == "descriptor":\n            _a_desc ='
    assert src.count(head) == src.count(launch) == 6
    return src.replace(head, IN_KERNEL).replace(launch, launch.replace(":", " and False:", 1))


device_mod = load_module(device_descriptor_source(SOURCE), "gemm_device_desc")
host_mod = load_module(SOURCE, "gemm_host_desc")
device_mod._gemm_use_scratch()  # kernels that build descriptors write them to scratch memory
# Clusters of two programs (num_ctas=2), as cuBLAS runs at 4096^3: host descriptors only
# (with descriptors, Triton 3.6 fails to compile them: ConvertTritonToTritonGPU).
CTAS_SOURCE = SOURCE.replace('            num_warps=config["warps"],\n',
                             '            num_warps=config["warps"],\n            num_ctas=2,\n')
assert CTAS_SOURCE.count("num_ctas=2") == 6
cluster_mod = load_module(CTAS_SOURCE, "gemm_cluster_desc")
PROGRAMS = next((int(a.split("=")[1]) for a in sys.argv if a.startswith("--programs=")), None)
PERSISTENT_ONLY = []  # (label, module) for persistent variants only
if PROGRAMS:
    fewer_mod = load_module(SOURCE, "gemm_fewer_programs")
    _sm_device = fewer_mod._gemm_device
    fewer_mod._gemm_device = lambda index: (*_sm_device(index)[:3], PROGRAMS, *_sm_device(index)[4:])
    PERSISTENT_ONLY.append((f"host, {PROGRAMS} SMs", fewer_mod))
if "--unbalanced" in sys.argv:
    unbalanced_mod = load_module(SOURCE, "gemm_unbalanced")
    unbalanced_mod._gemm_programs = min  # one program per SM, or per tile if fewer
    PERSISTENT_ONLY.append(("host, one program per SM", unbalanced_mod))
# flatten pinned: a persistent launch without it would time both forms and keep the faster.
BIG = dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=3, addressing="descriptor",
           persistent=True, flatten=False)
VARIANTS = {
    "persistent s3": dict(BIG),
    "persistent+flatten s3": dict(BIG, flatten=True),
    "persistent+flatten s4": dict(BIG, flatten=True, stages=4),
    "grid s3": dict(BIG, persistent=False),
    "256x128 persistent+flatten s3": dict(BIG, flatten=True, block_m=256, block_n=128),
    "256x128 persistent+flatten s4": dict(BIG, flatten=True, block_m=256, block_n=128, stages=4),
    "128x256x128 persistent+flatten s2": dict(BIG, flatten=True, block_k=128, stages=2),
}
ROUNDS = next((int(a.split("=")[1]) for a in sys.argv if a.startswith("--rounds=")), 3)
ONLY = next((a.split("=")[1].split(",") for a in sys.argv if a.startswith("--only=")), None)
GELU = "--gelu" in sys.argv
WHERE = [("device", device_mod), ("host", host_mod)] + [("host, num_ctas=2", cluster_mod)] * ("--clusters" in sys.argv)
for size in [int(s) for s in sys.argv[1:] if not s.startswith("--")] or [4096, 8192]:
    for kernel, dtype in (("mm_bias_gelu_f16", torch.float16), ("mm_bias_gelu_bf16", torch.bfloat16)) if GELU else \
            (("mm_f16", torch.float16), ("mm_bf16", torch.bfloat16)):
        a = torch.randn(size, size, device="cuda", dtype=dtype)
        b = torch.randn(size, size, device="cuda", dtype=dtype)
        c = torch.empty(size, size, device="cuda", dtype=dtype)
        extra = (torch.randn(size, device="cuda", dtype=dtype),) if GELU else ()
        ref = getattr(device_mod, kernel + "_reference")(a, b, *extra).float()
        runs = {"cuBLAS torch.matmul": lambda: torch.matmul(a, b, out=c)}
        if GELU:
            runs["cuBLAS + bias + F.gelu"] = lambda: torch.nn.functional.gelu(torch.matmul(a, b) + extra[0])
        for name, schedule in VARIANTS.items():
            if (GELU and name.startswith(("256x128", "128x256x128"))) or (ONLY and name not in ONLY):
                continue
            extra_where = [("pointer", host_mod)] if name.startswith("grid") else PERSISTENT_ONLY
            for where, mod in WHERE + extra_where:
                fn = getattr(mod, kernel)
                try:
                    if where == "pointer":
                        schedule = dict(schedule, addressing="pointer")
                    out = fn(a, b, *extra, c=c, schedule=schedule)
                except Exception as exc:  # noqa: BLE001 (a compiler failure is a result here)
                    print(f"{size} {kernel} {name} {where}: FAILED, {type(exc).__name__}: {str(exc)[:200]}", flush=True)
                    continue
                err = (out.float() - ref).abs().max().item()
                if not err <= 0.05 * ref.abs().max().item():
                    print(f"{size} {kernel} {name} {where}: WRONG, max error {err}", flush=True)
                    continue
                label = f"{name}, {where}" + " descriptors" * (where != "pointer")
                runs[label] = lambda fn=fn, schedule=schedule: fn(a, b, *extra, c=c, schedule=schedule)
        times = interleaved_ms(runs, ROUNDS, alternate=True)  # no variant always follows the same one
        print_rounds(f"{size} {kernel:13s}", times, statistics.median(times["cuBLAS torch.matmul"]), 2 * size**3)
