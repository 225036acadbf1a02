"""Experiment: layernorm and rmsnorm as two loops over the row, the shape torch.compile's
kernels take at 4096 and 8192 columns (one program per row, 16 warps, few registers): a
first loop keeps per-lane running statistics (layernorm: Welford's mean and M2 per lane,
combined across lanes at the end; or plain sums of x and x * x), a second loop reads the row
again (from L2) and stores the output. Against tilegen's generated kernels, torch.compile
and a copy of the same bytes. GPU only:

    python bench/exp_norm_twopass.py [ROWSxCOLS ...]     (default 8192x8192 16384x4096)

Variants: the block width of the loops, warps, the statistics (welford: a division per
element; welford with one reciprocal per block, valid because every block but the last is
full; plain sums, whose variance cancels badly when the mean is large), and sizes
as run-time arguments or compile-time constants (torch.compile's kernels have the latter).
"""

import sys

import torch
import triton
import triton.language as tl

from exp_norm_tma import compare  # the same peers, checks and rounds as the TMA experiment


@triton.jit
def _welford_combine(mean_a, m2_a, n_a, mean_b, m2_b, n_b):
    n = n_a + n_b
    frac = tl.where(n == 0.0, 0.0, n_b / n)
    delta = mean_b - mean_a
    return mean_a + delta * frac, m2_a + m2_b + delta * delta * n_a * frac, n


@triton.jit
def norm_two_loops(x_ptr, w_ptr, b_ptr, y_ptr, N, stride_x, stride_y, eps,
                   BLOCK: tl.constexpr, CENTER: tl.constexpr, WELFORD: tl.constexpr, N_CONST: tl.constexpr):
    row = tl.program_id(0)
    if N_CONST > 0:  # sizes (and contiguous strides) known when compiling
        n_cols = N_CONST
        x_row = x_ptr + row * N_CONST
        y_row = y_ptr + row * N_CONST
    else:
        n_cols = N
        x_row = x_ptr + row * stride_x
        y_row = y_ptr + row * stride_y
    offs = tl.arange(0, BLOCK)
    acc_a = tl.zeros([BLOCK], tl.float32)  # welford: mean; sums: sum of x (layernorm) or of x * x
    acc_b = tl.zeros([BLOCK], tl.float32)  # welford: M2; sums: sum of x * x (layernorm)
    count = tl.zeros([BLOCK], tl.float32)
    for start in tl.range(0, n_cols, BLOCK):
        cols = start + offs
        mask = cols < n_cols
        x = tl.load(x_row + cols, mask=mask, other=0.0, eviction_policy="evict_last").to(tl.float32)
        if CENTER and WELFORD == 2:
            # every lane is valid in every block but the last: its count before this block
            # is the block's index, so one reciprocal per block serves every lane
            r = 1.0 / tl.cast(start // BLOCK + 1, tl.float32)
            delta = x - acc_a
            mean_next = acc_a + delta * r
            acc_b = tl.where(mask, acc_b + delta * (x - mean_next), acc_b)
            acc_a = tl.where(mask, mean_next, acc_a)
        elif CENTER and WELFORD:
            count_next = count + 1.0
            delta = x - acc_a
            mean_next = acc_a + delta / count_next
            acc_b = tl.where(mask, acc_b + delta * (x - mean_next), acc_b)
            acc_a = tl.where(mask, mean_next, acc_a)
            count = tl.where(mask, count_next, count)
        elif CENTER:
            acc_a += x
            acc_b += x * x
        else:
            acc_a += x * x
    if CENTER and WELFORD == 2:
        # lane j saw the blocks that reach past column j: cdiv(n_cols - j, BLOCK) of them
        count = tl.where(offs < n_cols, (n_cols - offs + BLOCK - 1) // BLOCK, 0).to(tl.float32)
        mean, m2, _ = tl.reduce((acc_a, acc_b, count), 0, _welford_combine)
        rstd = tl.rsqrt(m2 / n_cols + eps)
    elif CENTER and WELFORD:
        mean, m2, _ = tl.reduce((acc_a, acc_b, count), 0, _welford_combine)
        rstd = tl.rsqrt(m2 / n_cols + eps)
    elif CENTER:
        mean = tl.sum(acc_a, axis=0) / n_cols
        rstd = tl.rsqrt(tl.sum(acc_b, axis=0) / n_cols - mean * mean + eps)
    else:
        mean = 0.0
        rstd = tl.rsqrt(tl.sum(acc_a, axis=0) / n_cols + eps)
    for start in tl.range(0, n_cols, BLOCK):
        cols = start + offs
        mask = cols < n_cols
        x = tl.load(x_row + cols, mask=mask, other=0.0, eviction_policy="evict_first").to(tl.float32)
        w = tl.load(w_ptr + cols, mask=mask, other=0.0, eviction_policy="evict_last").to(tl.float32)
        y = (x - mean) * rstd * w
        if CENTER:
            y += tl.load(b_ptr + cols, mask=mask, other=0.0, eviction_policy="evict_last").to(tl.float32)
        tl.store(y_row + cols, y.to(y_ptr.dtype.element_ty), mask=mask)


def launcher(block, warps, welford, const, center):
    def run(x, w, b, eps):
        m, n = x.shape
        y = torch.empty_like(x)
        norm_two_loops[(m,)](x, w, b, y, n, x.stride(0), y.stride(0), eps, BLOCK=block, CENTER=center,
                             WELFORD=welford, N_CONST=n if const else 0, num_warps=warps)
        return y

    return run


def variants(n, center):
    """(label, fn(x, w, b, eps)) for each variant at row width n."""
    for block, warps in ((2048, 16), (4096, 16), (8192, 16), (2048, 8), (4096, 8)):
        if block > n:
            continue
        for welford in ((2, 1, 0) if center else (0,)):
            for const in (False, True):
                if welford == 1 and not const:
                    continue  # a division per element: 0.38-0.80x torch.compile (first run)
                stats = ("welford, scalar reciprocal" if welford == 2 else "welford" if welford else "sums") \
                    if center else "sum of squares"
                label = f"{stats} {block} w{warps}{' const' if const else ''}"
                yield label, launcher(block, warps, welford, const, center)


def main(shapes):
    compare(shapes, variants, "norms_twopass_exp")


if __name__ == "__main__":
    args = sys.argv[1:] or ["8192x8192", "16384x4096"]
    main([tuple(int(v) for v in a.split("x")) for a in args])
