"""Whether two strided views share a byte, decided exactly (the launchers' overlap check
for outputs passed in, tilegen.runtime.args.check_overlap), and whether one view's
elements share addresses. Imports nothing but torch.
"""

from __future__ import annotations

import math

import torch


def bytes_spanned(t):
    """[first, end) of the bytes a tensor's elements lie in (torch strides are never negative)."""
    last = sum((size - 1) * stride for size, stride in zip(t.shape, t.stride()))
    return t.data_ptr(), t.data_ptr() + (last + 1) * t.element_size()


# Overlap is decided exactly: two views share a byte when some index vectors i, j give
#     data_ptr(a) + sum_k i_k * stride_a_k * size_a + p == data_ptr(b) + sum_k j_k * stride_b_k * size_b + q
# (p, q: a byte within an element), a bounded linear Diophantine equation. `_solvable`
# searches it dimension by dimension, largest coefficient first, trying for each only the
# values the remaining dimensions can still make up (and that the gcd of their
# coefficients allows): for the views that slicing, transposing and interleaving make
# ("nested" strides, each larger than what all smaller ones span) that is at most one or two
# values per dimension. Strides built to defeat it (as_strided with coprime strides
# spanning each other) may exhaust SEARCH_LIMIT; then small views are enumerated, and only
# large ones of that kind are refused (as overlapping: the safe answer), with a message
# that says the overlap could not be decided.
SEARCH_LIMIT = 20_000
ENUMERATE_LIMIT = 1 << 22  # bytes of offsets enumerated at most, when the search gives up


class _TooHard(Exception):
    pass


def _solvable(terms, d, budget):
    """Whether integers x_k in [lo_k, hi_k] with sum_k x_k * c_k == d exist, for terms
    (c_k > 0, lo_k, hi_k). Raises _TooHard after budget[0] candidate values."""
    merged = {}
    for c, lo, hi in terms:
        if c and lo != hi:
            m = merged.get(c, (0, 0))
            merged[c] = (m[0] + lo, m[1] + hi)
        else:
            d -= c * lo
    terms = sorted(((c, lo, hi) for c, (lo, hi) in merged.items()), reverse=True)
    n = len(terms)
    low, high, gcds = [0] * (n + 1), [0] * (n + 1), [0] * (n + 1)
    for k in range(n - 1, -1, -1):
        c, lo, hi = terms[k]
        low[k], high[k], gcds[k] = low[k + 1] + lo * c, high[k + 1] + hi * c, math.gcd(gcds[k + 1], c)

    def go(k, d):
        if not low[k] <= d <= high[k] or (gcds[k] and d % gcds[k]):
            return False
        if k == n:
            return True  # d == 0
        c, lo, hi = terms[k]
        g = gcds[k + 1]
        first = max(lo, -((high[k + 1] - d) // c))  # ceil((d - high) / c)
        last = min(hi, (d - low[k + 1]) // c)
        step = 1
        if g:  # x * c == d (mod g): x runs through one residue class mod g / gcd(c, g)
            g1 = gcds[k]
            step = g // g1
            if step > 1:
                x0 = (d // g1) * pow(c // g1, -1, step) % step
                first += (x0 - first) % step
        for x in range(first, last + 1, step):
            budget[0] -= 1
            if budget[0] < 0:
                raise _TooHard
            if go(k + 1, d - x * c):
                return True
        return False

    return go(0, d)


def _terms(t, scale, sign):
    """One term per dimension of t: (stride in units of `scale` bytes, index range), negated by sign."""
    size = t.element_size() // scale
    return [(stride * size, 0, n - 1) if sign > 0 else (stride * size, 1 - n, 0)
            for n, stride in zip(t.shape, t.stride()) if n > 1 and stride]


def _byte_offsets(t):
    """Every byte address of t's elements, relative to its data_ptr (for small views)."""
    offs = torch.zeros(1, dtype=torch.int64)
    for n, stride in zip(t.shape, t.stride()):
        offs = (offs[:, None] + torch.arange(n, dtype=torch.int64) * (stride * t.element_size())).reshape(-1)
    return (offs[:, None] + torch.arange(t.element_size(), dtype=torch.int64)).reshape(-1)


def share_memory(a, b):
    """True when views a and b share a byte, False when not, None when undecided (the search
    ran past SEARCH_LIMIT on views too large to enumerate)."""
    lo, hi = bytes_spanned(a)
    b_lo, b_hi = bytes_spanned(b)
    if lo >= b_hi or b_lo >= hi:
        return False
    d = b.data_ptr() - a.data_ptr()
    e = a.element_size()
    if b.element_size() == e and d % e == 0:  # in elements: aligned elements meet only at one address
        terms, d = _terms(a, e, 1) + _terms(b, e, -1), d // e
    else:  # in bytes, with the byte within each element as one more term
        terms = _terms(a, 1, 1) + _terms(b, 1, -1) + [(1, 1 - b.element_size(), e - 1)]
    try:
        return _solvable(terms, d, [SEARCH_LIMIT])
    except _TooHard:
        pass
    if (a.numel() * a.element_size() + b.numel() * b.element_size()) * 8 > ENUMERATE_LIMIT:
        return None
    return bool(torch.isin(_byte_offsets(a), _byte_offsets(b) + d).any())


def interleaved(a, b):
    """True when two views whose byte ranges meet share no element (x[::2] and x[1::2]; the
    real and imaginary columns of an [N, 2] view; the two halves of out[:, :3] and out[:, 3:])."""
    return share_memory(a, b) is False


def self_overlapping(t):
    """True when two of t's elements share an address, False when not, None when undecided.
    Sorted by stride, a view whose every stride passes the span of all smaller ones (plus
    one) is free of overlap; otherwise the search looks for a nonzero index difference that
    moves by zero bytes (the first nonzero one positive, by symmetry)."""
    dims = sorted((stride, n) for n, stride in zip(t.shape, t.stride()) if n > 1)
    span = 0
    for stride, n in dims:
        if stride <= span:
            break
        span += (n - 1) * stride
    else:
        return False
    if any(stride == 0 for stride, _ in dims) or len({s for s, _ in dims}) < len(dims):
        return True  # two indices at one address: stride 0, or two dimensions of one stride
    dims.reverse()
    budget = [SEARCH_LIMIT]
    try:
        for k, (stride, n) in enumerate(dims):
            rest = [(s, 1 - m, m - 1) for s, m in dims[k + 1:]]
            reach = sum((m - 1) * s for s, m in dims[k + 1:])
            for x in range(1, min(n - 1, reach // stride) + 1):
                if _solvable(rest, -x * stride, budget):
                    return True
        return False
    except _TooHard:
        pass
    if t.numel() > ENUMERATE_LIMIT // 8:
        return None
    offs = torch.zeros(1, dtype=torch.int64)
    for n, stride in zip(t.shape, t.stride()):
        offs = (offs[:, None] + torch.arange(n, dtype=torch.int64) * stride).reshape(-1)
    return offs.unique().numel() < offs.numel()
