"""Experiment: one-program-per-block launches whose block loop has constant bounds (one
step, which the compiler removes) against the previous form, a loop from pid to pid + 1,
which reaches Triton's barrier placement still a loop and gets a barrier at its head.
Row reductions (every bench suite shape, the launch table's choice) and GEMMs on a grid
(the pinned launches the tuner picks at 1024^3 and 2048^3), each beside its peer, in
interleaved rounds (alternating order). GPU only:

    python bench/exp_loop_head.py [norms] [gemm] [ROUNDS]     (default: both, 7 rounds)

The previous form is a text edit of the generated bench modules: the one-step loop's
bounds (0, 1) become (pid, pid + 1) and its base pid becomes 0, which is the loop the
kernels had before.
"""

import statistics
import sys
from pathlib import Path

import torch
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms, print_rounds  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

EDITS = {"norms": ("row_base, row_start, row_stop, row_step = pid, 0, 1, 1",
                   "row_base, row_start, row_stop, row_step = 0, pid, pid + 1, 1"),
         "gemm": ("tile_base, tile_start, tile_stop, tile_step = pid, 0, 1, 1",
                  "tile_base, tile_start, tile_stop, tile_step = 0, pid, pid + 1, 1")}
NORM_SHAPES = {"softmax_f16": [(32768, 1024), (8192, 4096), (2048, 16384), (512, 65536)],
               "layernorm_bf16": [(65536, 1024), (16384, 4096), (8192, 8192)],
               "rmsnorm_bf16": [(65536, 1024), (16384, 4096), (8192, 8192)]}
# The launches the tuner picked for these sizes (docs/performance.md, runs A and A').
GEMM_PINS = {1024: dict(block_m=64, block_n=128, block_k=64, group_m=8, warps=4, stages=5),
             2048: dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=4)}


def modules(spec, kind):
    (compiled,) = compile_paths([str(ROOT / "bench/specs" / spec)]).values()
    new, old = EDITS[kind]
    assert compiled.source.count(new) >= 3, f"edit did not apply: {new}"
    return {"constant bounds": load_module(compiled.source, f"{kind}_const"),
            "pid .. pid + 1": load_module(compiled.source.replace(new, old), f"{kind}_pid")}


def norms(rounds):
    mods = modules("bench_norms.tile", "norms")
    for name, shapes in NORM_SHAPES.items():
        dtype = torch.float16 if name.startswith("softmax") else torch.bfloat16
        for m, n in shapes:
            torch._dynamo.reset()
            x = torch.randn(m, n, device="cuda", dtype=dtype)
            w, b = torch.randn(n, device="cuda", dtype=dtype), torch.randn(n, device="cuda", dtype=dtype)
            args = {"softmax": (x,), "layernorm": (x, w, b), "rmsnorm": (x, w)}[name.split("_")[0]]
            peer = {"softmax": lambda: torch.softmax(x, -1), "layernorm": lambda: F.layer_norm(x, (n,), w, b, 1e-5),
                    "rmsnorm": lambda: F.rms_norm(x, (n,), w, 1e-6)}[name.split("_")[0]]
            compiled_peer = torch.compile(peer)
            want = compiled_peer().float()
            runs = {"torch.compile": compiled_peer}
            for label, mod in mods.items():
                fn = getattr(mod, name)
                err = (fn(*args).float() - want).abs().max().item()
                assert err < 0.1, f"{name} {m}x{n} {label}: max error {err}"  # bf16 outputs of values up to ~5
                runs[label] = lambda fn=fn: fn(*args)
            times = interleaved_ms(runs, rounds, alternate=True)
            print_rounds(f"{name} {m}x{n}", times, statistics.median(times["torch.compile"]), 4 * m * n, width=16,
                         vs=" torch.compile", unit="GB/s")


def gemm(rounds):
    mods = modules("bench_gemm.tile", "gemm")
    for size, pin in GEMM_PINS.items():
        schedule = dict(pin, addressing="pointer", persistent=False)
        for dtype, suffix in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
            a = torch.randn(size, size, device="cuda", dtype=dtype)
            b = torch.randn(size, size, device="cuda", dtype=dtype)
            bias = torch.randn(size, device="cuda", dtype=dtype)
            c = torch.empty(size, size, device="cuda", dtype=dtype)
            for kname, peer in (("mm", lambda: torch.matmul(a, b, out=c)),
                                ("mm_leaky", lambda: F.leaky_relu(torch.matmul(a, b, out=c), 0.01)),
                                ("mm_bias_gelu", lambda: F.gelu(torch.matmul(a, b) + bias))):
                want = peer().float()
                runs = {"peer (cuBLAS, eager epilogue)": peer}
                for label, mod in mods.items():
                    fn = getattr(mod, f"{kname}_{suffix}")
                    inputs = (a, b, bias) if "bias" in kname else (a, b)
                    err = ((fn(*inputs, c=c, schedule=schedule).float() - want).norm() / want.norm()).item()
                    assert err < 1e-2, f"{size} {kname}_{suffix} {label}: relative error {err}"
                    runs[label] = lambda fn=fn, inputs=inputs: fn(*inputs, c=c, schedule=schedule)
                times = interleaved_ms(runs, rounds, alternate=True)
                print_rounds(f"{size} {kname}_{suffix:4s}", times, statistics.median(times["peer (cuBLAS, eager epilogue)"]),
                             2 * size**3, width=30)


if __name__ == "__main__":
    args = sys.argv[1:]
    rounds = next((int(a) for a in args if a.isdigit()), 7)
    if "norms" in args or "gemm" not in args:
        norms(rounds)
    if "gemm" in args or "norms" not in args:
        gemm(rounds)
