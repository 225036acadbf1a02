"""Torch helpers that generated references call where one torch call does not say what
the kernel computes: tl.rand bit for bit, leaky_relu, a matmul of operands of two types,
an exact i8 matmul."""

from __future__ import annotations

import torch


def matmul(a, b):
    # a @ b of operands of two types (f16 and f32, f32 and f64, ...): both in the wider type,
    # as the kernel multiplies them (torch.matmul wants one type).
    common = torch.promote_types(a.dtype, b.dtype)
    return torch.matmul(a.to(common), b.to(common))


def int_matmul(a, b):
    # i8 @ i8 as the kernel computes it: exact products summed in i32 (wrapping past its
    # range, as a 32-bit accumulator does). On the CPU through i64; CUDA has no integer
    # matmul but torch._int_mm's, which wants multiples of 8, so there through f64, exact
    # while |sum| < 2**53 (K < 2**39 for i8).
    if a.device.type == "cpu":
        return torch.matmul(a.to(torch.int64), b.to(torch.int64)).to(torch.int32)
    return torch.matmul(a.to(torch.float64), b.to(torch.float64)).to(torch.int64).to(torch.int32)


def leaky_relu(x, slope):
    return torch.where(x > 0, x, x * slope)


def positions(size, axis, rank, device):
    """index(D): 0, 1, ..., size - 1 along `axis` of a `rank`-dimensional space, shaped to
    broadcast over the other axes."""
    shape = [1] * rank
    shape[axis] = -1
    return torch.arange(size, dtype=torch.int64, device=device).view(shape)


def rand(seed, shape, device):
    """Bit-exact torch version of tl.rand(seed, index) for each element's row-major index.

    Triton draws from the Philox-4x32 counter-based generator (10 rounds): the
    counter is (index low 32 bits, index high 32 bits, 0, 0) and the key is the
    seed's low and high 32 bits. Unsigned 32-bit arithmetic is done in int64 and
    masked; the first output word becomes a float in [0, 1).
    """
    mask32 = 0xFFFFFFFF
    seed = int(seed)  # a Python int, or the one-element tensor of a scalar parameter
    index = torch.arange(0, max(1, torch.Size(shape).numel()), dtype=torch.int64, device=device)
    c0, c1 = index & mask32, (index >> 32) & mask32
    c2 = torch.zeros_like(c0)
    c3 = torch.zeros_like(c0)
    k0, k1 = seed & mask32, (seed >> 32) & mask32
    for _ in range(10):
        # mulhi/mullo of 32-bit words: the 64-bit product fits an int64 up to wraparound,
        # and the low 64 bits of a wrapped product are still exact.
        prod_b = 0xCD9E8D57 * c2
        prod_a = 0xD2511F53 * c0
        c0, c1, c2, c3 = (
            ((prod_b >> 32) & mask32) ^ c1 ^ k0,
            prod_b & mask32,
            ((prod_a >> 32) & mask32) ^ c3 ^ k1,
            prod_a & mask32,
        )
        k0, k1 = (k0 + 0x9E3779B9) & mask32, (k1 + 0xBB67AE85) & mask32
    # Reinterpret as int32, fold negatives onto [0, 2**31), scale into [0, 1).
    x = torch.where(c0 >= 2**31, c0 - 2**32, c0)
    x = torch.where(x < 0, -x - 1, x).to(torch.int32).to(torch.float32)
    uniform = x * torch.tensor(4.6566127342e-10, dtype=torch.float32)
    return uniform[: torch.Size(shape).numel()].reshape(shape)
