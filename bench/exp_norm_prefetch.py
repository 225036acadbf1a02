"""Experiment: layernorm and rmsnorm in a persistent loop over rows that loads the NEXT row
into registers before it reduces the current one (a software pipeline in registers, no
shared memory), against tilegen's generated kernels, torch.compile and a copy of the same
bytes. GPU only:

    python bench/exp_norm_prefetch.py [ROWSxCOLS ...]   (default 8192x8192 16384x4096 65536x1024)

Hand-written kernels for contiguous rows (any width; masked). Variants:

  grid          one program per row, no prefetch (the generated single pass, by hand)
  persistent    PER_SM programs per SM loop over the rows, no prefetch
  prefetch      the same loop, the next row's raw 16-bit values loaded one row ahead
  prefetch2     two rows ahead

Each at several warps and programs per SM. Results are checked against torch.compile's
output before timing (max error below 0.1 on values up to ~5).
"""

import statistics
import sys
from pathlib import Path

import torch
import torch.nn.functional as F
import triton
import triton.language as tl

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

ROUNDS = 5


@triton.jit
def _normalize(x_raw, w, b, mask, eps, N, CENTER: tl.constexpr):
    x = x_raw.to(tl.float32)
    if CENTER:
        mean = tl.sum(x, axis=0) / N
        x = tl.where(mask, x - mean, 0.0)
    var = tl.sum(x * x, axis=0) / N
    y = x * tl.rsqrt(var + eps) * w
    if CENTER:
        y = y + b
    return y


@triton.jit
def norm_rows(x_ptr, w_ptr, b_ptr, y_ptr, n_rows, N, stride_x, stride_y, eps,
              BLOCK: tl.constexpr, CENTER: tl.constexpr, DEPTH: tl.constexpr):
    pid = tl.program_id(0)
    num_programs = tl.num_programs(0)
    offs = tl.arange(0, BLOCK)
    mask = offs < N
    if DEPTH >= 1:
        # the first row (or two) before the loop: from here on a row's load is issued one
        # (two) iterations before its values are used
        x_next = tl.load(x_ptr + pid * stride_x + offs, mask=mask & (pid < n_rows), other=0.0)
    if DEPTH >= 2:
        row2 = pid + num_programs
        x_next2 = tl.load(x_ptr + row2 * stride_x + offs, mask=mask & (row2 < n_rows), other=0.0)
    for row in range(pid, n_rows, num_programs):
        if DEPTH == 0:
            x_raw = tl.load(x_ptr + row * stride_x + offs, mask=mask, other=0.0)
        elif DEPTH == 1:
            x_raw = x_next
            nxt = row + num_programs
            x_next = tl.load(x_ptr + nxt * stride_x + offs, mask=mask & (nxt < n_rows), other=0.0)
        else:
            x_raw = x_next
            x_next = x_next2
            nxt = row + 2 * num_programs
            x_next2 = tl.load(x_ptr + nxt * stride_x + offs, mask=mask & (nxt < n_rows), other=0.0)
        # per-column weights: after the row's load, from L1 after the first row
        w = tl.load(w_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        b = w
        if CENTER:
            b = tl.load(b_ptr + offs, mask=mask, other=0.0).to(tl.float32)
        y = _normalize(x_raw, w, b, mask, eps, N, CENTER)
        tl.store(y_ptr + row * stride_y + offs, y.to(y_ptr.dtype.element_ty), mask=mask)


def launcher(depth, warps, per_sm, center):
    sms = torch.cuda.get_device_properties(0).multi_processor_count

    def run(x, w, b, eps):
        m, n = x.shape
        y = torch.empty_like(x)
        grid = (m if per_sm == 0 else min(m, sms * per_sm),)
        norm_rows[grid](x, w, b, y, m, n, x.stride(0), y.stride(0), eps, BLOCK=triton.next_power_of_2(n),
                        CENTER=center, DEPTH=depth, num_warps=warps)
        return y

    return run


def variants(n):
    warps = {1024: (2, 4), 4096: (4, 8), 8192: (4, 8, 16)}.get(n, (8,))
    for wp in warps:
        yield f"grid w{wp}", 0, wp, 0
        for per_sm in (2, 4, 8):
            if wp * per_sm > 64:
                continue
            yield f"persistent w{wp} {per_sm}/SM", 0, wp, per_sm
            yield f"prefetch w{wp} {per_sm}/SM", 1, wp, per_sm
            yield f"prefetch2 w{wp} {per_sm}/SM", 2, wp, per_sm


def main(shapes):
    (compiled,) = compile_paths([str(ROOT / "bench/specs/bench_norms.tile")]).values()
    generated = load_module(compiled.source, "norms_prefetch_exp")
    for name in ("layernorm", "rmsnorm"):
        center = name == "layernorm"
        for m, n in shapes:
            torch._dynamo.reset()
            x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
            w = torch.randn(n, device="cuda", dtype=torch.bfloat16)
            b = torch.randn(n, device="cuda", dtype=torch.bfloat16)
            eps = 1e-5 if center else 1e-6
            if center:
                peer = torch.compile(lambda x, w, b: F.layer_norm(x, (n,), w, b, eps))
                ours = lambda: generated.layernorm_bf16(x, w, b)  # noqa: E731
            else:
                peer = torch.compile(lambda x, w, b: F.rms_norm(x, (n,), w, eps))
                ours = lambda: generated.rmsnorm_bf16(x, w)  # noqa: E731
            ref = peer(x, w, b).float()
            y_copy = torch.empty_like(x)
            runs = {"torch.compile": lambda: peer(x, w, b), "copy_ (same bytes)": lambda: y_copy.copy_(x),
                    "tilegen (generated)": ours}
            for label, depth, wp, per_sm in variants(n):
                fn = launcher(depth, wp, per_sm, center)
                try:
                    err = (fn(x, w, b, eps).float() - ref).abs().max().item()
                except Exception as exc:  # a variant Triton cannot compile or launch
                    print(f"{name} {m}x{n} {label}: FAILED {type(exc).__name__}: "
                          f"{str(exc).splitlines()[0][:160]}", flush=True)
                    continue
                if not err < 0.1:
                    print(f"{name} {m}x{n} {label}: WRONG, max error {err}", flush=True)
                    continue
                runs[label] = lambda fn=fn: fn(x, w, b, eps)
            times = interleaved_ms(runs, ROUNDS, alternate=True)
            base = statistics.median(times["torch.compile"])
            for k, ts in times.items():
                ms = statistics.median(ts)
                print(f"{name} {m}x{n} {k:28s} {4 * m * n / ms / 1e6:7.1f} GB/s  {base / ms:6.4f}x  "
                      f"spread {(max(ts) - min(ts)) / ms * 100:4.1f}%", flush=True)


if __name__ == "__main__":
    args = sys.argv[1:] or ["8192x8192", "16384x4096", "65536x1024"]
    main([tuple(int(v) for v in a.split("x")) for a in args])
