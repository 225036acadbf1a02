"""Launching a @triton.jit kernel: straight to the kernel Triton compiled, once it has.

`kernel[grid](*args, **kwargs)` (Triton's JITFunction.run) binds and specializes every
argument, builds its cache key (a string of the options, too), reads its settings and
checks the kernel's globals on every call: about 20 us of host time for a small kernel on
the H100 machine, where launching the compiled kernel itself takes about 8. `launch` keeps
the compiled kernel that Triton's run returned, under a key of everything Triton
specializes it on, so that a later call with the same key launches it directly, as the
end of Triton's run does (the compiled kernel's launcher on the current stream, with the
launch hooks and their metadata). Where no launch hook is set, it skips what only hooks
need (Triton builds their metadata and calls its two empty hook chains on every launch),
passes each tensor as its address (Triton's launcher otherwise asks the driver about
every tensor's address, every call) and calls the launcher's C function itself where the
kernel needs no scratch memory. The key:

    each tensor   its dtype and its data pointer modulo 16 (Triton: 16-byte aligned or not)
    each int      whether it is 1 (Triton makes it a constant), whether 16 divides it, and
                  whether it fits 32 or 64 bits (Triton: i32, i64, u64)
    each float, bool, None   its type (Triton does not specialize on their values)
    each tensor descriptor   its base's dtype, block shape and padding (Triton: the dtype and
                  block shape; the base's address, shape and strides are encoded at launch)
    keywords      the constexprs and options (num_warps, ...) by value
    and           the kernel's source hash (Triton's: a kernel whose source was replaced
                  compiles again), the current CUDA device, Triton's debug and
                  instrumentation settings; each kernel keeps its own table

A launcher whose call signature fixes most of that key (tilegen.runtime.calls: every
tensor's dtype and alignment, every size and stride) calls `launch_known` with the
signature and the few arguments it does not fix (scalars, outputs, a team's workspace and
epoch): only those are keyed on each call, and the compiled kernel's tensor positions and
keyword values are kept with it.

Everything else takes Triton's own path: a kernel that is no JITFunction (the
interpreter's, a test's stand-in), one with pre-run hooks or whose globals changed since
it compiled (Triton raises), a constexpr given by position, an argument of another type
(a string, a list), a grid that is a function, a backend other than CUDA, a Triton
release other than those the key was checked against (CHECKED_RELEASES).
"""

from __future__ import annotations

import os

import torch

import triton

# The Triton releases whose specialization rules the key above was checked against (their
# native_specialize_impl, with the CUDA backend's rules for ints and pointers); any other
# takes its own path on every call.
CHECKED_RELEASES = ("3.6.",)
JITFunction = TensorDescriptor = HookChain = CudaLauncher = None
if triton.__version__.startswith(CHECKED_RELEASES):
    from triton import knobs
    from triton.backends.nvidia.driver import CudaLauncher
    from triton.knobs import HookChain
    from triton.compiler import CompiledKernel
    from triton.runtime.jit import JITFunction
    from triton.tools.tensor_descriptor import TensorDescriptor

# TILEGEN_DIRECT_LAUNCH=0 sends every launch through kernel[grid] (bench/launch_overhead.py
# times both ways).
ENABLED = os.environ.get("TILEGEN_DIRECT_LAUNCH", "1") not in ("", "0")
TABLE = "_tilegen_launches"  # a kernel's attribute: {key: (compiled kernel, the parameters taken by keyword, in order, its C launch)}
MAX_KEYS = 256  # per kernel
MAX_KNOWN = 1024  # per table of launch_known: {key: (kernel, its source hash, TABLE's entry, _start's known)}
_MISSING = object()
_Tensor = torch.Tensor
_INT_ONE = "int 1"  # (a key of its own: 1 == True, so the int itself would meet the key of an int divisible by 16)


class _NoKey(Exception):
    pass


def _silent(hook):
    """Does a launch hook do nothing: None, or an empty HookChain (Triton's default)?"""
    return hook is None or (type(hook) is HookChain and not hook.calls)


def _arg_key(a):
    t = type(a)
    if t is int:
        if 1 < a < 2**31:  # (the common case first: i32, not 1)
            return a % 16 == 0
        if a == 1:
            return _INT_ONE
        return (int, a % 16 == 0, -2**31 <= a < 2**31, -2**63 <= a < 2**63)
    if t is float or t is bool or a is None:
        return t
    if isinstance(a, torch.Tensor):
        return (a.dtype, a.data_ptr() % 16)
    if t is TensorDescriptor:
        return (t, a.base.dtype, tuple(a.block_shape), a.padding)
    raise _NoKey


def _args_key(args):
    """Each argument's part of the key: _arg_key, with the common cases inline (a plain
    tensor, an i32, a float)."""
    return [(a.dtype, a.data_ptr() % 16) if type(a) is _Tensor else
            (a % 16 == 0 if 1 < a < 2**31 else _INT_ONE if a == 1 else _arg_key(a)) if type(a) is int else
            float if type(a) is float else _arg_key(a)
            for a in args]


def _c_launch(compiled):
    """(the C launch function, cooperative grid, PDL) of a compiled kernel whose launcher is
    CUDA's and needs no scratch memory, else None. Its launcher's __call__ would only
    allocate no scratch and call that function, one more Python frame per launch."""
    run = compiled.run
    if type(run) is not CudaLauncher or run.global_scratch_size or run.profile_scratch_size:
        return None
    return run.launch, run.launch_cooperative_grid, run.launch_pdl


def _cuda_backend():
    global _BACKEND, _STREAM, _DEVICE
    if _BACKEND is None:
        from triton.runtime import driver

        _STREAM = driver.active.get_current_stream
        # The current device's index, as torch.cuda.current_device() gives it once CUDA is
        # initialized (it is, where a launch gets here: its tensors are on the GPU).
        _DEVICE = getattr(torch._C, "_cuda_getDevice", torch.cuda.current_device)
        _BACKEND = driver.active.get_current_target().backend == "cuda"
    return _BACKEND


_BACKEND = _STREAM = _DEVICE = None


def _direct(kernel, grid, args):
    """Can this launch go straight to a compiled kernel at all (see the module docstring)?"""
    return (ENABLED and type(kernel) is JITFunction and not kernel.pre_run_hooks and type(grid) is tuple
            and not (kernel.constexprs and kernel.constexprs[0] < len(args)) and _cuda_backend())
    # (a constexpr given by position would be keyed by its type)


def _globals_changed(kernel):
    """Has a global the kernel reads changed since it compiled? (Triton's run raises.)"""
    for (name, _), (value, scope) in kernel.used_global_vals.items():
        if scope.get(name, _MISSING) != value:
            return True
    return False


def _compile(kernel, grid, key, args, kwargs):
    """kernel[grid](*args, **kwargs), Triton's own path, keeping what it compiled under key
    in the kernel's table; returns (what Triton's run returned, the table's entry or None)."""
    compiled = kernel[grid](*args, **kwargs)
    if key[0] != kernel.hash:  # (Triton works out the source hash on the kernel's first run)
        key = (kernel.hash, *key[1:])
    names = kernel.arg_names[len(args):]
    if not (isinstance(compiled, CompiledKernel) and all(n in kwargs for n in names)):
        return compiled, None
    table = kernel.__dict__.get(TABLE)
    if table is None:
        table = kernel.__dict__[TABLE] = {}
    if len(table) >= MAX_KEYS:
        table.clear()
    entry = table[key] = compiled, names, _c_launch(compiled)
    return compiled, entry


def _key(kernel, device, args, kwargs):
    """The key of a launch (see the module docstring); raises _NoKey or TypeError where an
    argument has none."""
    return (kernel.hash, device, knobs.runtime.debug, knobs.compilation.instrumentation_mode,
            *_args_key(args), *kwargs.items())


def launch(kernel, grid, *args, **kwargs):
    """kernel[grid](*args, **kwargs), directly through the compiled kernel when Triton has
    compiled it for the same key (see above)."""
    if not _direct(kernel, grid, args):
        return kernel[grid](*args, **kwargs)
    device = _DEVICE()
    try:
        key = _key(kernel, device, args, kwargs)
        # Each kernel keeps its own table (as an attribute: it lives and goes with the
        # kernel, and is found without hashing the JITFunction, which hashes its source).
        entry = kernel.__dict__.get(TABLE, {}).get(key)
    except (_NoKey, TypeError):  # (TypeError: a keyword value that cannot be hashed)
        return kernel[grid](*args, **kwargs)
    if _globals_changed(kernel):
        return kernel[grid](*args, **kwargs)  # (Triton raises)
    if entry is None:
        return _compile(kernel, grid, key, args, kwargs)[0]
    return _start(entry, device, grid, args, kwargs)


def launch_known(table, known, vary, kernel, grid, *args, **kwargs):
    """launch(kernel, grid, *args, **kwargs) for a caller that vouches that `known`
    (hashable: a launcher's call signature) fixes the kernel and the key of every argument
    and keyword but those in `vary`, which are keyed on every call, for as long as it keeps
    `table` (its dict, which it clears whenever what `known` stands for may change: a
    launcher's Calls.launches, cleared with its launch choices). The key is then `known`,
    the classes of `vary`, the current device and Triton's settings, without a look at the
    other arguments. Each entry keeps the kernel and its source hash: another kernel, or one
    edited since, takes launch's own path."""
    if known is None or not _direct(kernel, grid, args):
        return launch(kernel, grid, *args, **kwargs)
    device = _DEVICE()
    try:
        key = (known, device, knobs.runtime.debug, knobs.compilation.instrumentation_mode, *_args_key(vary))
        found = table.get(key)
    except (_NoKey, TypeError):
        return launch(kernel, grid, *args, **kwargs)
    if found is None or found[0] is not kernel or found[1] != kernel.hash:
        compiled = launch(kernel, grid, *args, **kwargs)
        try:
            entry = kernel.__dict__.get(TABLE, {}).get(_key(kernel, device, args, kwargs))
        except (_NoKey, TypeError):
            entry = None
        if entry is not None and entry[0] is compiled:
            if len(table) >= MAX_KNOWN:
                table.clear()
            # Under this key the same arguments are tensors and the keywords have the same values.
            tensor_at = tuple(i for i, a in enumerate(args) if isinstance(a, _Tensor))
            table[key] = kernel, kernel.hash, entry, (tensor_at, tuple(kwargs[n] for n in entry[1]))
        return compiled
    if _globals_changed(kernel):
        return kernel[grid](*args, **kwargs)  # (Triton raises)
    return _start(found[2], device, grid, args, kwargs, found[3])


def _start(entry, device, grid, args, kwargs, known=None):
    """The end of Triton's run for a compiled kernel found in a table: the launch on the
    current stream, with the launch hooks. known: (the positions of the tensors among the
    arguments, the values of the parameters taken by keyword), where launch_known's key
    fixes them."""
    compiled, names, c_launch = entry
    stream = _STREAM(device)
    grid_1 = grid[1] if len(grid) > 1 else 1
    grid_2 = grid[2] if len(grid) > 2 else 1
    enter, exit = knobs.runtime.launch_enter_hook, knobs.runtime.launch_exit_hook
    if _silent(enter) and _silent(exit):
        # No launch hooks (Triton's default: two empty hook chains, which its run would
        # still call, with launch metadata built for them, on every launch). Each tensor
        # goes as its address: Triton's launcher takes an int as it is, where for a tensor
        # it calls data_ptr() and asks the driver whether that is a device address
        # (cuPointerGetAttribute), every call; the launchers' checks put every tensor on
        # one CUDA device first.
        if known is None:
            args = [a if type(a) is int else a.data_ptr() if isinstance(a, _Tensor) else a
                    for a in (*args, *[kwargs[n] for n in names])]  # (ints, most of them, first; nn.Parameter too)
        else:
            tensor_at, tail = known
            args = [*args, *tail]
            for i in tensor_at:
                args[i] = args[i].data_ptr()
        if c_launch is not None:  # (see _c_launch)
            c_launch[0](grid[0], grid_1, grid_2, stream, compiled.function, c_launch[1], c_launch[2], None, None,
                        compiled.packed_metadata, None, None, None, *args)
        else:
            compiled.run(grid[0], grid_1, grid_2, stream, compiled.function, compiled.packed_metadata, None, None,
                         None, *args)
    else:  # hooks (a profiler's) read the metadata and may read the arguments: as Triton's run passes them
        args = (*args, *[kwargs[n] for n in names])
        compiled.run(grid[0], grid_1, grid_2, stream, compiled.function, compiled.packed_metadata,
                     compiled.launch_metadata(grid, stream, *args), enter, exit, *args)
    return compiled
