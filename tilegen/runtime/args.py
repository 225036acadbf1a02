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

from .overlap import bytes_spanned, self_overlapping, share_memory


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


def _dims_text(dims):
    return ", ".join(f"{d[0]} * {d[1]}" if isinstance(d, tuple) else str(d) for d in dims)


def check_tensor(kernel, name, value, dtype, dims):
    """Check one tensor argument's type, dtype and rank."""
    if not isinstance(value, torch.Tensor):
        raise TypeError(
            f"{kernel}(): parameter {name!r}: expected a torch.Tensor of dtype {dtype} "
            f"and shape [{_dims_text(dims)}], got {type(value).__name__}"
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
            f"[{_dims_text(dims)}], got shape {tuple(value.shape)}"
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
    """Bind each named dimension on first use; check it on every later use. A dimension
    declared `k * D` (read by slices, `x[:, :D]`) is given as (k, "D") and binds D to a k-th."""
    for axis, dim in enumerate(dims):
        size = value.shape[axis]
        if isinstance(dim, tuple):
            factor, dim = dim
            if size % factor:
                raise ValueError(
                    f"{kernel}(): parameter {name!r}: dimension {axis} ({factor} * {dim}) must be a multiple "
                    f"of {factor}, got {size} (shape {tuple(value.shape)})"
                )
            size //= factor
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
        return torch.empty(size=shape, dtype=dtype, device=device)  # (size= by keyword: parsed faster)
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


_RAW_STREAM = getattr(torch._C, "_cuda_getCurrentRawStream", None)  # (absent from some builds)


def current_stream(index):
    """The raw handle of CUDA device `index`'s current stream, where Triton launches: read
    through torch's C accessor, as Triton's driver reads it (torch.cuda.current_stream()
    builds a Stream object: 4.7 us a call on the H200's host, against about 0.1 here)."""
    if _RAW_STREAM is not None:
        return _RAW_STREAM(index)
    return torch.cuda.current_stream(index).cuda_stream


def cdiv(a, b):
    """ceil(a / b) for ints (triton.cdiv is a jit function: slower to call from Python)."""
    return -(-a // b)


def next_power_of_2(n):
    """The smallest power of two >= n (1 for n <= 1)."""
    return 1 << max(0, n - 1).bit_length()


def needs_int64(*tensors, margin=0):
    """True when some element offset, or one up to `margin` elements past a tensor's last
    (a team segment's whole vectors: WINDOW - 1), may not fit in 32 bits."""
    for t in tensors:
        if t.is_contiguous() and t.numel() + margin < 2**31:
            continue  # the largest offset is numel - 1 (+ margin)
        span = sum((size - 1) * abs(stride) for size, stride in zip(t.shape, t.stride()))
        if t.numel() + margin >= 2**31 or span + margin >= 2**31:
            return True
    return False


def whole_vectors(tensors):
    """Does Triton load every one of `tensors` in runs of whole 16-byte vectors? It proves a
    run only from a 16-byte aligned base, every stride but the unit one divisible by 16 and
    the size along the unit stride too (the edge's mask breaks the run otherwise). An empty
    tensor loads nothing; a size of 1 is a constant to Triton (it specializes 1), its stride
    unused."""
    for t in tensors:
        if t.numel() == 0:
            continue
        dims = [(stride, size) for stride, size in zip(t.stride(), t.shape) if size > 1]
        units = [size for stride, size in dims if stride == 1]
        if t.data_ptr() % 16 or not units or units[0] % 16 or any(stride % 16 for stride, _ in dims if stride != 1):
            return False
    return True


def layout_facts(tensors):
    """(every tensor contiguous, some offset needs 64 bits: needs_int64): facts of a call's
    signature, which elementwise launchers work out once per signature (Calls.facts)."""
    return all(t.is_contiguous() for t in tensors), needs_int64(*tensors)


def output_ref(value, shape, dtype, device, reduced=(), rank=0):
    """Broadcast a reference result to its output shape and declared dtype (f8e4m3
    saturating at +-448, NaN kept, as torch's own cast from 2.13 on; an earlier CUDA cast
    gives NaN past 480). A reduction over named dimensions computes with them kept (size 1,
    the value `rank`-dimensional): `reduced` drops them."""
    value = torch.as_tensor(value, device=device)
    if reduced:
        value = value.squeeze(reduced) if value.dim() == rank else value.reshape(value.shape[value.dim() - len(shape):])
    if dtype == torch.float8_e4m3fn and value.dtype != torch.bool:
        value = value.clamp(-448, 448)
    return value.broadcast_to(shape).to(dtype)
