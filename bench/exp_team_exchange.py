"""Experiment: how the programs of a team (several programs sharing one wide softmax row)
exchange their partial (max, sum) results. Hand-written variants beside the generated
kernel and the torch peers; GPU only:

    python bench/exp_team_exchange.py

  team    each program stores (m, l), bumps a per-row arrival counter, spins on it with
          atomics, then reads the team's values
  tag     each program publishes (m, l) as 64-bit words tagged with the launch's epoch and
          polls the team's words until all carry it (poll=1: relaxed atomics, poll=0:
          volatile loads); clear=1 drops the epoch: the team's last program zeroes the words
The generated team kernels use tag with poll=1 (templates/_team_runtime.py.j2).
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
def _segment(x_ptr, N, sxm, TEAM: tl.constexpr, BLOCK: tl.constexpr):
    """This program's segment of its row: (row, seg, offs, mask, x) and its softmax partials
    m (max) and l (sum of exp(x - m))."""
    pid = tl.program_id(0)
    row = pid // TEAM
    seg = pid % TEAM
    offs = seg * BLOCK + tl.arange(0, BLOCK)
    mask = offs < N
    xh = tl.load(x_ptr + row * sxm + offs, mask=mask, other=float("-inf"))
    m = tl.max(xh, 0).to(tl.float32)
    shift = tl.where(m == float("-inf"), 0.0, m)
    l = tl.sum(tl.exp2((xh.to(tl.float32) - shift) * 1.4426950408889634), 0)
    return row, seg, offs, mask, xh, m, l


@triton.jit
def _finish(y_ptr, sym, row, offs, mask, xh, ms, ls):
    """Combine the team's partials (ms, ls) and store this segment's softmax."""
    mx = tl.max(ms, 0)
    shift_all = tl.where(mx == float("-inf"), 0.0, mx)
    total = tl.sum(ls * tl.exp(ms - shift_all), 0)
    y = tl.exp2(xh.to(tl.float32) * 1.4426950408889634 - shift_all * 1.4426950408889634) * (1.0 / total)
    tl.store(y_ptr + row * sym + offs, y.to(y_ptr.dtype.element_ty), mask=mask)


@triton.jit
def softmax_team(x_ptr, y_ptr, ws_ptr, cnt_ptr, epoch, N, sxm, sym, TEAM: tl.constexpr, BLOCK: tl.constexpr):
    row, seg, offs, mask, xh, m, l = _segment(x_ptr, N, sxm, TEAM, BLOCK)
    tl.store(ws_ptr + (row * TEAM + seg) * 2, m)
    tl.store(ws_ptr + (row * TEAM + seg) * 2 + 1, l)
    tl.debug_barrier()
    tl.atomic_add(cnt_ptr + row, 1, sem="release")
    while tl.atomic_add(cnt_ptr + row, 0, sem="acquire") < epoch * TEAM:
        pass
    j = tl.arange(0, TEAM)
    ms = tl.load(ws_ptr + (row * TEAM + j) * 2, cache_modifier=".cg")
    ls = tl.load(ws_ptr + (row * TEAM + j) * 2 + 1, cache_modifier=".cg")
    _finish(y_ptr, sym, row, offs, mask, xh, ms, ls)


@triton.jit(do_not_specialize=["epoch"])
def softmax_tag(x_ptr, y_ptr, ws_ptr, done_ptr, epoch, N, sxm, sym, TEAM: tl.constexpr, BLOCK: tl.constexpr,
                CLEAR: tl.constexpr, POLL: tl.constexpr):
    # each member publishes (m, l) as two 64-bit words tagged with `epoch` in the high half;
    # members poll the team's 2*TEAM words until every tag is current: the poll carries the data.
    row, seg, offs, mask, xh, m, l = _segment(x_ptr, N, sxm, TEAM, BLOCK)
    tag = epoch.to(tl.int64) << 32
    base = ws_ptr + row * (2 * TEAM)
    pair = tl.arange(0, 2)
    vals = tl.where(pair == 0, m, l)
    words = tag | (vals.to(tl.int32, bitcast=True).to(tl.int64) & 0xFFFFFFFF)
    tl.store(base + seg * 2 + pair, words, cache_modifier=".cg")
    j = tl.arange(0, 2 * TEAM)
    if POLL == 0:
        w = tl.load(base + j, volatile=True)
    else:
        w = tl.atomic_add(base + j, 0, sem="relaxed")
    while tl.sum(((w >> 32).to(tl.int32) != epoch).to(tl.int32), 0) > 0:
        if POLL == 0:
            w = tl.load(base + j, volatile=True)
        else:
            w = tl.atomic_add(base + j, 0, sem="relaxed")
    v = (w & 0xFFFFFFFF).to(tl.int32).to(tl.float32, bitcast=True)
    ms, ls = tl.split(tl.reshape(v, (TEAM, 2)))
    _finish(y_ptr, sym, row, offs, mask, xh, ms, ls)
    if CLEAR:
        # the last member to finish clears the words, so the next launch can use epoch 1 again
        old = tl.atomic_add(done_ptr + row, 1, sem="acq_rel")
        if old == TEAM - 1:
            tl.store(base + j, tl.zeros([2 * TEAM], tl.int64), cache_modifier=".cg")
            tl.atomic_xchg(done_ptr + row, 0, sem="release")


(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_norms.tile")]).values()
mod = load_module(compiled.source, "norms_exp")


class Team:
    def __init__(self, team, warps):
        self.team, self.warps, self.epoch, self.cnt = team, warps, 0, None

    def __call__(self, x, y):
        rows, n = x.shape
        if self.cnt is None:
            self.cnt = torch.zeros(rows, dtype=torch.int32, device=x.device)
            self.ws = torch.empty(rows * self.team * 2, dtype=torch.float32, device=x.device)
        self.epoch += 1
        block = triton.next_power_of_2(triton.cdiv(n, self.team))
        softmax_team[(rows * self.team,)](x, y, self.ws, self.cnt, self.epoch, n, x.stride(0), y.stride(0),
                                          TEAM=self.team, BLOCK=block, num_warps=self.warps)


class Tag:
    def __init__(self, team, warps, clear, poll):
        self.team, self.warps, self.clear, self.poll, self.epoch, self.ws = team, warps, clear, poll, 0, None

    def __call__(self, x, y):
        rows, n = x.shape
        if self.ws is None:
            self.ws = torch.zeros(rows * self.team * 2, dtype=torch.int64, device=x.device)
            self.done = torch.zeros(rows, dtype=torch.int32, device=x.device)
        self.epoch = 1 if self.clear else self.epoch + 1
        block = triton.next_power_of_2(triton.cdiv(n, self.team))
        softmax_tag[(rows * self.team,)](x, y, self.ws, self.done, self.epoch, n, x.stride(0), y.stride(0),
                                         TEAM=self.team, BLOCK=block, CLEAR=self.clear, POLL=self.poll,
                                         num_warps=self.warps)


def main():
    copy_src = torch.empty(2**28, dtype=torch.float32, device="cuda")
    copy_dst = torch.empty_like(copy_src)
    ms = device_ms(lambda: copy_dst.copy_(copy_src))
    print(f"copy 1 GiB fp32 {2 * copy_src.numel() * 4 / ms / 1e6:.1f} GB/s", flush=True)
    compiled_softmax = torch.compile(lambda x: torch.softmax(x, -1))
    for m, n in [(512, 65536), (128, 262144), (1024, 32768), (2048, 16384)]:
        x = torch.randn(m, n, device="cuda", dtype=torch.float16)
        y = torch.empty_like(x)
        want = torch.softmax(x.float(), -1)
        rows = [
            ("torch.softmax", lambda: torch.softmax(x, -1)),
            ("torch.compile", lambda: compiled_softmax(x)),
            ("generated (default table)", lambda: mod.softmax_f16(x, y=y)),
        ]
        seg = max(1, n // 65536)
        rows.append(("team T=8 w=8", Team(8 * seg, 8)))
        rows.append(("team T=16 w=4", Team(16 * seg, 4)))
        for team, warps in ((8, 8), (16, 4), (16, 8), (4, 16), (8, 4)):
            for clear in (0, 1):
                for poll in (0, 1):
                    rows.append((f"tag T={team * seg} w={warps} clear={clear} poll={poll}",
                                 Tag(team * seg, warps, clear, poll)))
        for name, fn in rows:
            try:
                y.fill_(float("nan"))
                call = (lambda f=fn: f(x, y)) if hasattr(fn, "epoch") else fn
                call()
                out = call()  # a second launch: the hand-written variants reuse their words with a new epoch
                torch.cuda.synchronize()
                res = out if isinstance(out, torch.Tensor) else y
                err = (res.float() - want).abs().max().item()
                ms = device_ms(call)
                print(f"{m}x{n} {name:34s} {4 * m * n / ms / 1e6:7.1f} GB/s  err {err:.1e}", flush=True)
            except Exception as exc:  # noqa: BLE001
                print(f"{m}x{n} {name:34s} skipped: {type(exc).__name__}: {str(exc)[-300:]}", flush=True)


if __name__ == "__main__":
    main()
