"""Experiment: wide-row softmax (few rows of 65536+ columns), hand-written variants timed
beside the generated kernel and the torch peers, to choose how tilegen should generate it.
GPU only:

    python bench/exp_softmax_wide.py

Variants:
  team T     a team of T programs shares each row, each holding N/T columns in
             registers; they exchange per-segment (max, sum) through a small workspace
             and a per-row arrival counter, then scale and store: read once.
"""

import sys
from pathlib import Path

import torch
import triton
import triton.language as tl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import device_ms  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

@triton.jit
def softmax_team(x_ptr, y_ptr, ws_ptr, cnt_ptr, epoch, N, sxm, sym, TEAM: tl.constexpr, BLOCK: tl.constexpr,
                 SPIN_LOAD: tl.constexpr, KEEP_EXP: tl.constexpr, HINTS: tl.constexpr):
    pid = tl.program_id(0)
    row = pid // TEAM
    seg = pid % TEAM
    offs = seg * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    if HINTS:
        xh = tl.load(x_ptr + row * sxm + offs, mask=mask, other=float("-inf"), eviction_policy="evict_first")
    else:
        xh = tl.load(x_ptr + row * sxm + offs, mask=mask, other=float("-inf"))
    m = tl.max(xh, 0).to(tl.float32)
    shift = tl.where(m == float("-inf"), 0.0, m)
    e = tl.exp2((xh.to(tl.float32) - shift) * 1.4426950408889634)
    l = tl.sum(e, 0)
    tl.store(ws_ptr + (row * TEAM + seg) * 2, m)
    tl.store(ws_ptr + (row * TEAM + seg) * 2 + 1, l)
    tl.debug_barrier()
    # the counter only grows: launch number `epoch` is complete for this row at epoch * TEAM
    tl.atomic_add(cnt_ptr + row, 1, sem="release")
    if SPIN_LOAD:
        while tl.load(cnt_ptr + row, volatile=True) < epoch * TEAM:
            pass
        tl.atomic_add(cnt_ptr + row, 0, sem="acquire")
    else:
        while tl.atomic_add(cnt_ptr + row, 0, sem="acquire") < epoch * TEAM:
            pass
    j = tl.arange(0, TEAM)
    ms = tl.load(ws_ptr + (row * TEAM + j) * 2, cache_modifier=".cg")
    ls = tl.load(ws_ptr + (row * TEAM + j) * 2 + 1, cache_modifier=".cg")
    mx = tl.max(ms, 0)
    shift_all = tl.where(mx == float("-inf"), 0.0, mx)
    total = tl.sum(ls * tl.exp(ms - shift_all), 0)
    inv = 1.0 / total
    if KEEP_EXP:
        y = e * (tl.exp(shift - shift_all) * inv)
    else:
        y = tl.exp2(xh.to(tl.float32) * 1.4426950408889634 - shift_all * 1.4426950408889634) * inv
    if HINTS:
        tl.store(y_ptr + row * sym + offs, y.to(y_ptr.dtype.element_ty), mask=mask, eviction_policy="evict_first")
    else:
        tl.store(y_ptr + row * sym + offs, y.to(y_ptr.dtype.element_ty), mask=mask)


class Team:
    def __init__(self, team, warps, **flags):
        self.team, self.warps, self.epoch, self.cnt, self.flags = team, warps, 0, None, flags

    def __call__(self, x, y):
        rows, n = x.shape
        if self.cnt is None or self.cnt.numel() < rows:
            self.cnt = torch.zeros(rows, dtype=torch.int32, device=x.device)
            self.ws = torch.empty(rows * self.team * 2, dtype=torch.float32, device=x.device)
            self.epoch = 0
        self.epoch += 1
        block = triton.next_power_of_2(triton.cdiv(n, self.team))
        flags = dict(dict(SPIN_LOAD=False, KEEP_EXP=False, HINTS=False), **self.flags)
        softmax_team[(rows * self.team,)](x, y, self.ws, self.cnt, self.epoch, n, x.stride(0), y.stride(0),
                                          TEAM=self.team, BLOCK=block, num_warps=self.warps, **flags)


def main():
    (compiled,) = compile_paths([str(ROOT / "bench/specs/bench_norms.tile")]).values()
    mod = load_module(compiled.source, "norms_exp")
    compiled_softmax = torch.compile(lambda x: torch.softmax(x, -1))
    for m, n in [(int(a), int(b)) for a, b in (s.split('x') for s in sys.argv[1:])] or [(512, 65536), (128, 262144)]:
        x = torch.randn(m, n, device="cuda", dtype=torch.float16)
        y = torch.empty_like(x)
        want = torch.softmax(x.float(), -1)
        rows = [
            ("torch.softmax", lambda: torch.softmax(x, -1)),
            ("torch.compile", lambda: compiled_softmax(x)),
            ("generated (default table)", lambda: mod.softmax_f16(x, y=y)),
        ]
        for team, warps in ((4, 4), (8, 8), (8, 4), (16, 4), (16, 2)):
            for flags in ({}, {"SPIN_LOAD": True}, {"KEEP_EXP": True}, {"HINTS": True},
                          {"SPIN_LOAD": True, "KEEP_EXP": True, "HINTS": True}):
                tag = "+".join(k.lower() for k in flags)
                rows.append((f"team T={team} w={warps} {tag}",
                             lambda f=Team(team * max(1, n // 65536), warps, **flags): f(x, y)))
        for name, fn in rows:
            try:
                y.fill_(float("nan"))
                out = fn()
                torch.cuda.synchronize()
                res = out if isinstance(out, torch.Tensor) else y
                err = (res.float() - want).abs().max().item()
                ms = device_ms(fn)
                print(f"{m}x{n} {name:28s} {4 * m * n / ms / 1e6:7.1f} GB/s  max err {err:.2e}", flush=True)
            except Exception as exc:  # noqa: BLE001
                print(f"{m}x{n} {name:28s} failed: {type(exc).__name__}: {str(exc)[:200]}", flush=True)


main()
