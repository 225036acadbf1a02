"""Experiment: warp-specialized persistent GEMM (Triton's Hopper warp specialization:
one producer warpgroup issuing TMA loads, two consumer warpgroups splitting the tile)
against the generated default and cuBLAS, interleaved in rounds. GPU only:

    python bench/exp_ws.py [store] [SIZE ...]      (square products; default 4096 8192)

Each variant is a text edit of the generated bench module: `warp_specialize` on the tile
loop or the K loop, and the output tile stored whole (Triton's data partitioning of the
consumers does not take the reshape/permute/split of the two-halves store).

`store` times, instead, the generated kernel without warp specialization (8 warps, the
tuned 8192^3 launch: 128x256x64, 3 stages, persistent, with and without flatten) storing
its tile in two halves (as generated) against one whole-tile TMA store, which fits in
shared memory beside 3 stages.
"""

import re
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.cli import compile_paths  # noqa: E402

(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_gemm.tile")]).values()
BASE = compiled.source

STORE_TILE = '''
@triton.jit
def _store_tile(desc, off_m, off_n, tile, BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, SPLIT: tl.constexpr):
    if SPLIT == 1:
        desc.store([off_m, off_n], tile)
    else:
        _gemm_store_halves(desc, off_m, off_n, tile, BLOCK_M, BLOCK_N)

'''


def variant_source(ws_tile, ws_k, split):
    src = BASE
    src = src.replace("import triton.language as tl\n",
                      f"import triton.language as tl\n\n_WS_T = tl.constexpr({ws_tile})\n"
                      f"_WS_K = tl.constexpr({ws_k})\n_C_SPLIT = tl.constexpr({split})\n_C_SPLIT_N = {split}\n", 1)
    src = src.replace("flatten=FLATTEN)", "flatten=FLATTEN, warp_specialize=_WS_T)")
    src = re.sub(r"for k in range\(0, tl.cdiv\(K, BLOCK_K\)\):(\n\s+a = a_desc)",
                 r"for k in tl.range(0, tl.cdiv(K, BLOCK_K), warp_specialize=_WS_K):\1", src)
    # The output descriptors' blocks: built in batched kernels, by the launcher in the others.
    src = src.replace("block_shape=[BLOCK_M, BLOCK_N // 2]", "block_shape=[BLOCK_M, BLOCK_N // _C_SPLIT]")
    src = src.replace('config["block_n"] // 2])', 'config["block_n"] // _C_SPLIT_N])')
    src = re.sub(r"_gemm_store_halves\(\s*(\w+), ([^,]+), ([^,]+), ([^\n]+?), BLOCK_M, BLOCK_N\s*\)",
                 r"_store_tile(\1, \2, \3, \4, BLOCK_M, BLOCK_N, _C_SPLIT)", src)
    src = src.replace("\n# Candidate block configurations", STORE_TILE + "\n# Candidate block configurations", 1)
    assert src.count("_store_tile(") >= 7 and src.count("_WS_T)") >= 6 and src.count("_C_SPLIT_N])") >= 6, \
        "edit did not apply"
    return src


if __name__ == "__main__":
    import torch

    from tilegen.bench import interleaved_ms, print_rounds
    from tilegen.validate import load_module

    STORE_MODE = "store" in sys.argv[1:]
    MODS = {"gen": load_module(BASE, "gemm_ws_base")}
    if STORE_MODE:
        MODS["whole"] = load_module(variant_source(False, False, 1), "gemm_whole_store")
    else:
        MODS["ws_tile"] = load_module(variant_source(True, False, 1), "gemm_ws_tile")
        MODS["ws_k"] = load_module(variant_source(False, True, 1), "gemm_ws_k")

    def persistent(mod, bm, bn, bk, warps, stages, flatten=False):
        return mod, dict(addressing="descriptor", persistent=True, group_m=8, block_m=bm, block_n=bn, block_k=bk,
                         warps=warps, stages=stages, flatten=flatten)

    VARIANTS = {"generated 128x256x64 w8 s4 flatten": persistent("gen", 128, 256, 64, 8, 4, flatten=True)}
    if STORE_MODE:
        VARIANTS = {f"{label} 128x256x64 w8 s3{' flatten' if flatten else ''}": persistent(mod, 128, 256, 64, 8, 3, flatten)
                    for mod, label in (("gen", "halves"), ("whole", "whole tile")) for flatten in (False, True)}
    for mod, tile, stages in () if STORE_MODE else (("ws_tile", (128, 256, 64), 3), ("ws_k", (128, 256, 64), 3), ("ws_tile", (256, 128, 64), 3),
                              ("ws_tile", (128, 128, 64), 4), ("ws_tile", (128, 128, 64), 5),
                              ("ws_tile", (128, 256, 32), 6)):
        label = f"{mod.replace('_', ' ')} {'x'.join(map(str, tile))} s{stages}"
        VARIANTS[label] = persistent(mod, *tile, 4, stages)  # 4 warps: the one warpgroup Triton specializes

    KERNELS = [("mm", "cuBLAS torch.matmul", lambda a, b, bias: a @ b),
               ("mm_leaky", "cuBLAS + F.leaky_relu", lambda a, b, bias: torch.nn.functional.leaky_relu(a @ b, 0.01)),
               ("mm_bias_gelu", "cuBLAS + bias + F.gelu", lambda a, b, bias: torch.nn.functional.gelu(a @ b + bias))]
    ROUNDS = 5 if STORE_MODE else 3
    sizes = [int(s) for s in sys.argv[1:] if s.isdigit()] or [4096, 8192]
    for size in sizes:
        for dtype, suffix in ((torch.float16, "f16"), (torch.bfloat16, "bf16")):
            a = torch.randn(size, size, device="cuda", dtype=dtype)
            b = torch.randn(size, size, device="cuda", dtype=dtype)
            bias = torch.randn(size, device="cuda", dtype=dtype)
            c = torch.empty(size, size, device="cuda", dtype=dtype)
            for kname, peer, ref_fn in KERNELS:
                ref = ref_fn(a.double(), b.double(), bias.double()) if size <= 4096 else None
                runs = {peer: lambda ref_fn=ref_fn: ref_fn(a, b, bias)}
                for name, (mod, schedule) in VARIANTS.items():
                    fn = getattr(MODS[mod], f"{kname}_{suffix}")
                    args = (a, b, bias) if "bias" in kname else (a, b)
                    runs[name] = lambda fn=fn, args=args, schedule=schedule: fn(*args, c=c, schedule=schedule)
                    try:
                        runs[name]()
                        torch.cuda.synchronize()
                        if ref is not None:
                            err = ((c.double() - ref).abs().max() / ref.abs().max()).item()
                            if not err < 1e-2:
                                print(f"{size} {kname}_{suffix} {name}: WRONG, rel err {err:.3g}", flush=True)
                    except Exception as exc:  # noqa: BLE001
                        print(f"{size} {kname}_{suffix} {name}: FAILED {type(exc).__name__}: {str(exc)[:300]}",
                              flush=True)
                        del runs[name]
                times = interleaved_ms(runs, ROUNDS)
                print_rounds(f"{size} {kname}_{suffix:4s}", times, statistics.median(times[peer]), 2 * size**3, width=38)
