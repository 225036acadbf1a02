"""Argument checks and small helpers that every generated launcher calls.

A launcher checks each tensor (type, dtype, layout, rank, grad), binds each named
dimension from its first use and checks it at every later one, checks scalars (kind and
range), the device, and outputs passed in (shape, dtype, distinct elements, no memory
shared with an input or another output). Every error names the kernel and the
parameter, what was expected and what was given. Imports nothing but torch.
"""

from __future__ import annotations

import functools
import math
import os
import warnings

import torch


def interpreting() -> bool:
    """Kernels run on CUDA tensors, or on CPU tensors under the Triton interpreter
    (TRITON_INTERPRET=1, read as each @triton.jit function is defined: `tilegen validate
    --interpret` sets it before it loads generated modules, so it is read at every call)."""
    return os.environ.get("TRITON_INTERPRET", "0") not in ("", "0")



def quiet_interpreter():
    """The interpreter computes masked-off lanes too, with numpy, which warns on every inf or
    NaN they make (the max of a row past the last one is -inf, and -inf - -inf is NaN); a
    GPU computes them silently. Those lanes are never stored: silence those warnings."""
    if interpreting():
        warnings.filterwarnings("ignore", category=RuntimeWarning, module=r"triton\.runtime\.interpreter")


quiet_interpreter()  # as the first generated module loads


def _dtype_text(dtype):  # fp8 dtypes by their .tile names too (an error's text only)
    tile = {torch.float8_e4m3fn: "f8e4m3", torch.float8_e5m2: "f8e5m2"}.get(dtype)
    return f"{tile} ({dtype})" if tile else str(dtype)


def check_tensor(kernel, name, value, dtype, dims):
    """Check one tensor argument's type, dtype and rank."""
    if not isinstance(value, torch.Tensor):
        raise TypeError(
            f"{kernel}(): parameter {name!r}: expected a torch.Tensor of dtype {dtype} "
            f"and shape [{', '.join(map(str, dims))}], got {type(value).__name__}"
        )
    if value.dtype != dtype:
        raise TypeError(f"{kernel}(): parameter {name!r}: expected dtype {_dtype_text(dtype)}, got {_dtype_text(value.dtype)}")
    if value.layout != torch.strided:
        # Kernels address elements through strides: sparse and other layouts have none.
        raise TypeError(
            f"{kernel}(): parameter {name!r}: expected a dense (strided) tensor, got layout "
            f"{value.layout}; convert it with {name}.to_dense()"
        )
    if value.dim() != len(dims):
        raise ValueError(
            f"{kernel}(): parameter {name!r}: expected {len(dims)} dimension(s) "
            f"[{', '.join(map(str, dims))}], got shape {tuple(value.shape)}"
        )
    check_storage(kernel, name, value)
    if value.requires_grad and torch.is_grad_enabled():
        # The kernels record no autograd graph: a result would silently have no gradient.
        raise RuntimeError(
            f"{kernel}(): parameter {name!r}: expected a tensor that does not require grad "
            f"(the kernel records no gradient), got one with requires_grad=True; call it under "
            f"torch.no_grad() or torch.inference_mode(), or pass {name}.detach()"
        )


def bind_dims(kernel, sizes, name, value, dims):
    """Bind each named dimension on first use; check it on every later use."""
    for axis, dim in enumerate(dims):
        size = value.shape[axis]
        if isinstance(dim, int):
            if size != dim:
                raise ValueError(
                    f"{kernel}(): parameter {name!r}: dimension {axis} must be {dim}, got {size} (shape {tuple(value.shape)})"
                )
            continue
        bound = sizes.setdefault(dim, (size, name))
        if bound[0] != size:
            raise ValueError(
                f"{kernel}(): parameter {name!r}: dimension {axis} ({dim}) expected {dim}={bound[0]} "
                f"(from {bound[1]!r}), got {size} (shape {tuple(value.shape)})"
            )


def check_scalar(kernel, name, value, kind, dtype):
    """Check a scalar argument: a Python number of the declared kind, in range. Returns it
    as the kernel takes it: a float parameter given an int gets float(value), since Triton
    would type the int as an integer and compute integer arithmetic with it."""
    # Every call checks its scalars: first the common case, a finite float for a 32- or
    # 64-bit float, an int in range or a bool, then the full checks with their messages.
    bounds = SCALAR_BOUNDS.get((kind, dtype))
    if bounds is not None and type(value) is bounds[0] and bounds[1] <= value <= bounds[2]:
        return value
    ok = {
        "float": isinstance(value, (int, float)) and not isinstance(value, bool),
        "int": isinstance(value, int) and not isinstance(value, bool),
        "bool": isinstance(value, bool),
    }[kind]
    if not ok:
        raise TypeError(f"{kernel}(): parameter {name!r}: expected a Python {kind} ({dtype}), got {value!r}")
    if kind == "int":
        info = torch.iinfo(dtype)
        if not info.min <= value <= info.max:
            raise ValueError(f"{kernel}(): parameter {name!r}: {value} is out of range for {dtype}")
    if kind == "float":
        try:
            value = float(value)
        except OverflowError:
            raise ValueError(f"{kernel}(): parameter {name!r}: {value} is out of range for {dtype}") from None
        if math.isfinite(value) and abs(value) > torch.finfo(dtype).max:
            raise ValueError(f"{kernel}(): parameter {name!r}: {value} is out of range for {dtype}")
        if torch.finfo(dtype).bits == 16 and value:  # (zeros are exact; the cache would mix 0.0 and -0.0)
            value = round_16bit(value, dtype)
    return value


# (kind, dtype) -> (Python type, least, greatest) of the values check_scalar passes unchanged
# (a NaN fails the comparison and takes the full check; 16-bit floats are rounded there).
SCALAR_BOUNDS = {
    **{("float", t): (float, -torch.finfo(t).max, torch.finfo(t).max) for t in (torch.float32, torch.float64)},
    **{("int", t): (int, torch.iinfo(t).min, torch.iinfo(t).max)
       for t in (torch.int8, torch.int16, torch.int32, torch.int64, torch.uint8)},
    ("bool", torch.bool): (bool, False, True),
}


@functools.lru_cache(maxsize=256)
def round_16bit(value, dtype):
    """A 16-bit scalar holds what its type can: the nearest f16 / bf16 value (cached, since
    the same scalars come back call after call and a tensor costs microseconds to make)."""
    return torch.tensor(value, dtype=dtype).item()


def check_device(kernel, tensors):
    """All tensors on one device: CUDA, or the CPU under the Triton interpreter."""
    device = None
    for name, value in tensors:
        if device is None:
            device, first = value.device, name
        elif value.device != device:
            raise ValueError(
                f"{kernel}(): parameter {name!r}: expected device {device} (like {first!r}), got {value.device}"
            )
    if device.type not in ("cuda", "cpu"):
        raise ValueError(
            f"{kernel}(): parameter {first!r}: expected a CUDA tensor (or a CPU tensor under "
            f"TRITON_INTERPRET=1), got device {device}"
        )
    if device.type == "cpu" and not interpreting():
        raise RuntimeError(
            f"{kernel}(): the tensors are on the CPU; move them to a CUDA device, or set "
            "TRITON_INTERPRET=1 before importing triton to run on the Triton interpreter"
        )
    return device


def output(kernel, name, value, shape, dtype, device):
    """Allocate an output, or check one the caller passed in."""
    if value is None:
        return torch.empty(shape, dtype=dtype, device=device)
    check_output(kernel, name, value, shape, dtype, device)
    return value


def check_output(kernel, name, value, shape, dtype, device):
    """Check an output the caller passed in (None: the launcher allocates it)."""
    if value is None:
        return
    check_tensor(kernel, name, value, dtype, shape)
    where = f"{kernel}(): parameter {name!r} (an output)"
    if tuple(value.shape) != tuple(shape):
        raise ValueError(f"{where}: expected shape {tuple(shape)}, got {tuple(value.shape)}")
    if value.device != device:
        raise ValueError(f"{where}: expected device {device}, got {value.device}")
    if value.numel() and not value.is_contiguous():  # (an empty output has no elements to share)
        overlap = self_overlapping(value)
        if overlap is None:
            raise ValueError(
                f"{where}: expected distinct elements, got a view with strides {value.stride()} too irregular "
                f"to prove that no two elements share an address; pass a contiguous tensor"
            )
        if overlap:
            # Several elements share one address (an expanded view, or an as_strided one whose
            # strides revisit memory): their stores would race.
            raise ValueError(f"{where}: expected distinct elements, got a view with strides {value.stride()} "
                             f"whose elements share addresses")


def bytes_spanned(t):
    """[first, end) of the bytes a tensor's elements lie in (torch strides are never negative)."""
    last = sum((size - 1) * stride for size, stride in zip(t.shape, t.stride()))
    return t.data_ptr(), t.data_ptr() + (last + 1) * t.element_size()


def check_storage(kernel, name, value):
    """A view may claim no byte past the end of its storage (a storage resized after the view
    was made, or a view set_ on a smaller storage): the kernel would read or write past it.
    torch's own as_strided refuses such a view; a resize of its storage afterwards does not."""
    if not value.numel():
        return
    last = sum((size - 1) * stride for size, stride in zip(value.shape, value.stride()))
    end = (value.storage_offset() + last + 1) * value.element_size()
    have = value.untyped_storage().nbytes()
    if end > have:
        raise ValueError(
            f"{kernel}(): parameter {name!r}: expected a view within its storage, got one (storage offset "
            f"{value.storage_offset()}, shape {tuple(value.shape)}, strides {value.stride()}) that reaches "
            f"byte {end} of a storage of {have} bytes"
        )


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


def check_overlap(kernel, inputs, outputs, in_place):
    """Outputs passed in may not share memory with an input or with each other: a program
    could read an element that another program has already written. in_place: an output
    that is exactly an input's view (address, dtype, shape, strides) is allowed, since each
    element is read before it is written, by the program that writes it. The test is exact
    (share_memory): views whose bytes interleave, or that are disjoint parts of one buffer,
    pass; only views too irregular to decide are refused without proof, and say so."""
    # (a non-tensor, sparse or meta output is refused by output(), with its own message)
    given = [(name, t) for name, t in outputs
             if isinstance(t, torch.Tensor) and t.layout == torch.strided and not t.is_meta and t.numel()]
    for n, (name, out) in enumerate(given):
        lo, hi = bytes_spanned(out)
        others = [("input", *pair) for pair in inputs] + [("output", *pair) for pair in given[:n]]
        for role, other, t in others:
            if not t.numel() or out.device != t.device:
                continue
            t_lo, t_hi = bytes_spanned(t)
            if lo >= t_hi or t_lo >= hi:
                continue
            same = (out.data_ptr(), out.dtype, out.shape, out.stride()) == (t.data_ptr(), t.dtype, t.shape, t.stride())
            if in_place and role == "input" and same:
                continue
            shared = share_memory(out, t)
            if shared is False:
                continue
            why = "only an exact view of an input may be written in place" if in_place else "a gemm reads its inputs while it writes"
            if shared is None:
                raise ValueError(
                    f"{kernel}(): parameter {name!r} (an output): expected memory of its own, got a view whose "
                    f"strides {out.stride()} interleave with those of {role} {other!r} ({t.stride()}) too "
                    f"irregularly to prove that they share no element; pass a separate tensor"
                )
            raise ValueError(
                f"{kernel}(): parameter {name!r} (an output): expected memory of its own, got memory "
                f"overlapping {role} {other!r} ({why})"
            )


def cdiv(a, b):
    """ceil(a / b) for ints (triton.cdiv is a jit function: slower to call from Python)."""
    return -(-a // b)


def next_power_of_2(n):
    """The smallest power of two >= n (1 for n <= 1)."""
    return 1 << max(0, n - 1).bit_length()


def needs_int64(*tensors):
    """True when some element offset may not fit in 32 bits."""
    for t in tensors:
        if t.is_contiguous() and t.numel() < 2**31:
            continue  # the largest offset is numel - 1
        span = sum((size - 1) * abs(stride) for size, stride in zip(t.shape, t.stride()))
        if t.numel() >= 2**31 or span >= 2**31:
            return True
    return False


def output_ref(value, shape, dtype, device):
    """Broadcast a reference result to its output shape and declared dtype."""
    return torch.as_tensor(value, device=device).broadcast_to(shape).to(dtype)
