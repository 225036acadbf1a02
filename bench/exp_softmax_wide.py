"""Experiment: wide-row softmax (few rows of 65536+ columns), hand-written variants timed
beside the generated kernel, to choose how tilegen should generate it. GPU only:

    python bench/exp_softmax_wide.py
"""

import sys
from pathlib import Path

import torch
import triton
import triton.language as tl
import triton.testing

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402


@triton.jit
def softmax_lane_online(x_ptr, y_ptr, n_rows, N, sxm, sym, BLOCK: tl.constexpr):
    # looped, per-lane running max and sum: no cross-warp reduction inside the loop
    pid = tl.program_id(0)
    for row in range(pid, n_rows, tl.num_programs(0)):
        m = tl.full([BLOCK], float("-inf"), tl.float32)
        s = tl.zeros([BLOCK], tl.float32)
        for start in range(0, N, BLOCK):
            offs = start + tl.arange(0, BLOCK)
            x = tl.load(x_ptr + row * sxm + offs, mask=offs < N, other=float("-inf"), eviction_policy="evict_last").to(tl.float32)
            m_new = tl.maximum(m, x)
            shift = tl.where(m_new == float("-inf"), 0.0, m_new)
            s = s * tl.exp(m - shift) + tl.exp(x - shift)
            m = m_new
        mx = tl.max(m, 0)
        total = tl.sum(s * tl.exp(m - mx), 0)
        inv = 1.0 / total
        for start in range(0, N, BLOCK):
            start = (N - 1) // BLOCK * BLOCK - start
            offs = start + tl.arange(0, BLOCK)
            x = tl.load(x_ptr + row * sxm + offs, mask=offs < N, other=0.0, eviction_policy="evict_first").to(tl.float32)
            tl.store(y_ptr + row * sym + offs, (tl.exp(x - mx) * inv).to(y_ptr.dtype.element_ty), mask=offs < N)


@triton.jit
def softmax_split(x_ptr, y_ptr, ws_ptr, cnt_ptr, n_rows, N, sxm, sym, SPLIT: tl.constexpr, BLOCK: tl.constexpr):
    # a team of SPLIT programs shares each row; each holds BLOCK columns in registers
    pid = tl.program_id(0)
    team = pid // SPLIT
    seg = pid % SPLIT
    n_teams = tl.num_programs(0) // SPLIT
    offs = seg * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    j = tl.arange(0, SPLIT)
    it = 0
    for row in range(team, n_rows, n_teams):
        x = tl.load(x_ptr + row * sxm + offs, mask=mask, other=float("-inf")).to(tl.float32)
        m = tl.max(x, 0)
        shift = tl.where(m == float("-inf"), 0.0, m)
        l = tl.sum(tl.exp(x - shift), 0)
        base = ((team * 2 + it % 2) * SPLIT) * 2
        tl.store(ws_ptr + base + seg * 2, m)
        tl.store(ws_ptr + base + seg * 2 + 1, l)
        tl.debug_barrier()
        tl.atomic_add(cnt_ptr + team, 1, sem="release")
        target = (it + 1) * SPLIT
        while tl.atomic_add(cnt_ptr + team, 0, sem="acquire") < target:
            pass
        ms = tl.load(ws_ptr + base + j * 2, cache_modifier=".cg")
        ls = tl.load(ws_ptr + base + j * 2 + 1, cache_modifier=".cg")
        mx = tl.max(ms, 0)
        total = tl.sum(ls * tl.exp(ms - mx), 0)
        inv = 1.0 / total
        tl.store(y_ptr + row * sym + offs, (tl.exp(x - mx) * inv).to(y_ptr.dtype.element_ty), mask=mask)
        it += 1


def run_split(x, y, split, block, warps, per_sm):
    n_rows, n = x.shape
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    teams = max(1, min(n_rows, per_sm * sms // split))
    ws = torch.empty(teams * 2 * split * 2, device=x.device, dtype=torch.float32)
    cnt = torch.zeros(teams, device=x.device, dtype=torch.int32)
    softmax_split[(teams * split,)](x, y, ws, cnt, n_rows, n, x.stride(0), y.stride(0), SPLIT=split, BLOCK=block,
                                    num_warps=warps)


def main():
    (compiled,) = compile_paths([str(ROOT / "bench/specs/bench_norms.tile")]).values()
    mod = load_module(compiled.source, "norms_exp")
    for m, n in [(512, 65536), (256, 131072), (128, 262144)]:
        x = torch.randn(m, n, device="cuda", dtype=torch.float16)
        y = torch.empty_like(x)
        want = torch.softmax(x.float(), -1)
        gbs = lambda ms: 4 * m * n / ms / 1e6
        bench = lambda fn: triton.testing.do_bench(fn, warmup=25, rep=100, return_mode="median")
        rows = [("generated (default table)", lambda: mod.softmax_f16(x, y=y))]
        for block, warps in ((4096, 8), (8192, 16), (8192, 32)):
            sms = 132
            rows.append((f"lane-online B={block} w={warps}",
                         lambda block=block, warps=warps: softmax_lane_online[(min(m, 2 * sms),)](
                             x, y, m, n, x.stride(0), y.stride(0), BLOCK=block, num_warps=warps)))
        for split_block, warps, per_sm in ((8192, 16, 2), (8192, 16, 3), (16384, 32, 1), (4096, 8, 4), (8192, 8, 2),
                                           (16384, 16, 1), (4096, 4, 8)):
            split = max(1, n // split_block)
            rows.append((f"split S={split} B={split_block} w={warps} per_sm={per_sm}",
                         lambda s=split, b=split_block, w=warps, p=per_sm: run_split(x, y, s, b, w, p)))
        for name, fn in rows:
            try:
                y.fill_(float("nan"))
                fn()
                torch.cuda.synchronize()
                err = (y.float() - want).abs().max().item()
                ms = bench(fn)
                print(f"{m}x{n} {name:40s} {gbs(ms):7.1f} GB/s  max err {err:.2e}", flush=True)
            except Exception as exc:  # noqa: BLE001
                print(f"{m}x{n} {name:40s} failed: {type(exc).__name__}: {str(exc)[:200]}", flush=True)


main()
