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

import sys

import torch
import triton
import triton.language as tl

from exp_norm_tma import compare  # the same peers, checks and rounds as the TMA experiment


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


def variants(n, center):
    """(label, fn(x, w, b, eps)) for each variant at row width n."""
    warps = {1024: (2, 4), 4096: (4, 8), 8192: (4, 8, 16)}.get(n, (8,))
    for wp in warps:
        yield f"grid w{wp}", launcher(0, wp, 0, center)
        for per_sm in (2, 4, 8):
            if wp * per_sm > 64:
                continue
            yield f"persistent w{wp} {per_sm}/SM", launcher(0, wp, per_sm, center)
            yield f"prefetch w{wp} {per_sm}/SM", launcher(1, wp, per_sm, center)
            yield f"prefetch2 w{wp} {per_sm}/SM", launcher(2, wp, per_sm, center)


def main(shapes):
    compare(shapes, variants, "norms_prefetch_exp")


if __name__ == "__main__":
    args = sys.argv[1:] or ["8192x8192", "16384x4096", "65536x1024"]
    main([tuple(int(v) for v in a.split("x")) for a in args])
