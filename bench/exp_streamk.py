"""Experiment: a persistent GEMM whose last two waves of tiles are split by K ("stream-K"),
against cuBLAS and the generated kernel's persistent launch, in interleaved rounds. GPU only:

    python bench/exp_streamk.py [SIZE ...]      (square f16/bf16 products; default 4096)

With 128x256 tiles a 4096^3 product has 512 tiles for 132 SMs: 3.88 waves, so the last
wave leaves 12% of the SMs idle. Here the programs first run all but the last full wave
tile by tile (data-parallel), then split the remaining tiles' K iterations evenly: each
program takes a contiguous range of (tile, k-block) iterations. A tile shared by two
programs is finished by the later one: program p walks its range backwards, so the
beginning of its range (the end of a tile that program p - 1 started) comes last, by
which time p - 1 has long written its partial sum (f32, to a workspace) and raised an
epoch-tagged flag. Each range is longer than one tile, so a tile is shared by at most two.
"""

import statistics
import sys
from pathlib import Path

import torch
import triton
import triton.language as tl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms, print_rounds  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402


@triton.jit
def _tile_coords(tile_id, num_pid_m, num_pid_n, GROUP_M: tl.constexpr):
    num_pid_in_group = GROUP_M * num_pid_n
    group_id = tile_id // num_pid_in_group
    first_pid_m = group_id * GROUP_M
    group_size_m = min(num_pid_m - first_pid_m, GROUP_M)
    pid_m = first_pid_m + ((tile_id % num_pid_in_group) % group_size_m)
    pid_n = (tile_id % num_pid_in_group) // group_size_m
    return pid_m, pid_n


# The generated module: its kernels are the baseline, and its runtime's tile store (two
# [BLOCK_M, BLOCK_N // 2] TMA stores) is the one the stream-K kernel uses too.
(_compiled,) = compile_paths([str(ROOT / "bench/specs/bench_gemm.tile")]).values()
generated = load_module(_compiled.source, "gemm_sk")
_store_halves = generated._gemm_store_halves


@triton.jit
def streamk_kernel(a_ptr, b_ptr, c_ptr, ws_ptr, flag_ptr, epoch, M, N, K, dp_tiles,
                   BLOCK_M: tl.constexpr, BLOCK_N: tl.constexpr, BLOCK_K: tl.constexpr,
                   GROUP_M: tl.constexpr, NUM_SMS: tl.constexpr, FLATTEN: tl.constexpr):
    pid = tl.program_id(0)
    a_desc = tl.make_tensor_descriptor(a_ptr, shape=[M, K], strides=[K, 1], block_shape=[BLOCK_M, BLOCK_K])
    b_desc = tl.make_tensor_descriptor(b_ptr, shape=[K, N], strides=[N, 1], block_shape=[BLOCK_K, BLOCK_N])
    c_desc = tl.make_tensor_descriptor(c_ptr, shape=[M, N], strides=[N, 1], block_shape=[BLOCK_M, BLOCK_N // 2])
    num_pid_m = tl.cdiv(M, BLOCK_M)
    num_pid_n = tl.cdiv(N, BLOCK_N)
    num_tiles = num_pid_m * num_pid_n
    k_tiles = tl.cdiv(K, BLOCK_K)
    # Data-parallel part: whole tiles.
    for tile_id in tl.range(pid, dp_tiles, NUM_SMS, flatten=FLATTEN):
        pid_m, pid_n = _tile_coords(tile_id, num_pid_m, num_pid_n, GROUP_M)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(0, k_tiles):
            a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
            b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
            acc = tl.dot(a, b, acc)
        _store_halves(c_desc, pid_m * BLOCK_M, pid_n * BLOCK_N, acc.to(c_ptr.dtype.element_ty), BLOCK_M, BLOCK_N)
    # Stream-K part: this program's share of the remaining tiles' k-iterations, walked backwards.
    total = (num_tiles - dp_tiles) * k_tiles
    start = pid * total // NUM_SMS
    it_end = (pid + 1) * total // NUM_SMS
    offs_m = tl.arange(0, BLOCK_M)[:, None]
    offs_n = tl.arange(0, BLOCK_N)[None, :]
    while it_end > start:
        local = (it_end - 1) // k_tiles
        k0 = max(local * k_tiles, start) - local * k_tiles
        k1 = it_end - local * k_tiles
        pid_m, pid_n = _tile_coords(dp_tiles + local, num_pid_m, num_pid_n, GROUP_M)
        acc = tl.zeros((BLOCK_M, BLOCK_N), dtype=tl.float32)
        for k in range(k0, k1):
            a = a_desc.load([pid_m * BLOCK_M, k * BLOCK_K])
            b = b_desc.load([k * BLOCK_K, pid_n * BLOCK_N])
            acc = tl.dot(a, b, acc)
        if k1 < k_tiles:
            # The tile's end belongs to program pid + 1: publish this partial sum.
            tl.store(ws_ptr + pid * BLOCK_M * BLOCK_N + offs_m * BLOCK_N + offs_n, acc, cache_modifier=".cg")
            tl.debug_barrier()
            tl.atomic_xchg(flag_ptr + pid, epoch, sem="release")
        else:
            if k0 > 0:
                # The tile's beginning was program pid - 1's: wait for its partial sum and add it.
                while tl.atomic_add(flag_ptr + pid - 1, 0, sem="acquire") != epoch:
                    pass
                acc += tl.load(ws_ptr + (pid - 1) * BLOCK_M * BLOCK_N + offs_m * BLOCK_N + offs_n, cache_modifier=".cg")
            _store_halves(c_desc, pid_m * BLOCK_M, pid_n * BLOCK_N, acc.to(c_ptr.dtype.element_ty), BLOCK_M, BLOCK_N)
        it_end = local * k_tiles + k0


_STATE = {}


def streamk(a, b, c, block_m=128, block_n=256, block_k=64, group_m=8, warps=8, stages=3, flatten=True,
            sk_waves=1):
    M, K = a.shape
    N = b.shape[1]
    sms = torch.cuda.get_device_properties(a.device).multi_processor_count
    tiles = triton.cdiv(M, block_m) * triton.cdiv(N, block_n)
    full = tiles // sms
    # Stream-K takes the last sk_waves full waves and the partial one, so every program's
    # range is at least one tile long; without a partial wave (or a full one) it is not needed.
    dp = max(0, full - sk_waves) * sms if tiles % sms and full >= 1 else tiles
    key = (a.device, sms, block_m, block_n)
    if key not in _STATE:
        _STATE[key] = [torch.zeros(sms * block_m * block_n, device=a.device, dtype=torch.float32),
                       torch.zeros(sms, device=a.device, dtype=torch.int32), 0]
    ws, flags, epoch = _STATE[key]
    epoch += 1
    _STATE[key][2] = epoch
    streamk_kernel[(sms,)](a, b, c, ws, flags, epoch, M, N, K, dp, BLOCK_M=block_m, BLOCK_N=block_n,
                           BLOCK_K=block_k, GROUP_M=group_m, NUM_SMS=sms, FLATTEN=flatten,
                           num_warps=warps, num_stages=stages)
    return c


def main():
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    big = dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8)
    for size in [int(s) for s in sys.argv[1:]] or [4096]:
        for dtype, kernel in ((torch.float16, "mm_f16"), (torch.bfloat16, "mm_bf16")):
            a = torch.randn(size, size, device="cuda", dtype=dtype)
            b = torch.randn(size, size, device="cuda", dtype=dtype)
            c = torch.empty(size, size, device="cuda", dtype=dtype)
            want = torch.matmul(a, b)
            gen = getattr(generated, kernel)
            runs = {"cuBLAS torch.matmul": lambda: torch.matmul(a, b, out=c)}
            for stages in (3, 4):
                sched = dict(big, stages=stages, addressing="descriptor", persistent=True, flatten=True)
                runs[f"tilegen persistent+flatten s{stages}"] = lambda s=sched: gen(a, b, c=c, schedule=s)
                for flatten in (False, True):
                    for sk_waves in (1, 2):
                        name = f"stream-K s{stages}{' flatten' if flatten else ''} sk_waves={sk_waves}"
                        run = (lambda st=stages, f=flatten, w=sk_waves:
                               streamk(a, b, c, stages=st, flatten=f, sk_waves=w))
                        c.zero_()
                        run()
                        err = ((c.float() - want.float()).abs().max() / want.float().abs().max()).item()
                        for _ in range(3):  # back-to-back launches reuse the flags with new epochs
                            run()
                        err2 = ((c.float() - want.float()).abs().max() / want.float().abs().max()).item()
                        print(f"{size} {kernel} {name}: max error / max |c| = {err:.2e}, after reruns {err2:.2e}",
                              flush=True)
                        runs[name] = run
            times = interleaved_ms(runs, 3)
            print_rounds(f"{size} {kernel:8s}", times, statistics.median(times["cuBLAS torch.matmul"]), 2 * size**3,
                         width=44, vs=" cuBLAS")


if __name__ == "__main__":
    main()
