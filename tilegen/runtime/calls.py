"""A launcher's checks, done in full once per call signature.

Most of what a launcher checks depends only on its tensors' signature: type, dtype,
layout, shape, strides, device, requires_grad (with the grad mode), and, for the gemm's
tensor descriptors and Triton's own specialization, whether the data pointer is 16-byte
aligned (its offset from a 32- or 64-byte boundary, where a launcher's choice reads that:
`align`). The first call of a signature runs every check (tilegen.runtime.args) and keeps
what they computed (the device, the bound dimensions); a later call of the same signature
finds that and repeats only the checks that depend on more than the signature:

    storage bounds  a view may not reach past its storage, which may have been resized
                    since (storage offset and size are not in the signature)
    overlap         outputs passed in may not share memory with an input or each other:
                    data pointers are not in the signature, so each call compares the
                    byte ranges its tensors span (kept per signature) and, where two meet,
                    runs the exact test (args.check_overlap) with its messages
    CPU tensors     accepted only under TRITON_INTERPRET=1, read at every call
    scalars         checked at every call by the launcher (args.check_scalar)

What else follows from the signature alone is worked out once too (`facts`): the layout
facts of elementwise launchers, the gemm's, and a reduction launcher's whole launch choice
(kernel, grid, blocks, warps; keyed also by whether a CUDA graph is being captured, where
a team cannot run), and so is the compiled kernel a launch under the signature takes
(`launches`, tilegen.runtime.launch.launch_known: the signature fixes every argument's
class but the scalars', the outputs' and a team's). `forget` drops all of it, for every
launcher.

A value that is no tensor, or a tensor without strides or data pointer, has no signature:
its call takes the full checks, which raise. Errors are therefore always the full checks'
messages. Each launcher has its own table, cleared when it passes MAX_SIGNATURES.
"""

from __future__ import annotations

import weakref

import torch

from .args import check_overlap, check_storage, interpreting

MAX_SIGNATURES = 1024


def _reach(t):
    """Bytes from t's first element to the end of its last (0 for no elements)."""
    if not t.numel():
        return 0
    last = sum((size - 1) * stride for size, stride in zip(t.shape, t.stride()))
    return (last + 1) * t.element_size()


_ALL = weakref.WeakSet()  # every launcher's Calls (forget)


def forget():
    """Drop what every launcher keeps per signature: the checks and the facts, the launch
    choice among them, and the compiled kernels launched under it. A launcher works out
    its launch choice once per signature from its module's launch table, kernels and other
    tables and the rules and constants of tilegen.runtime, and keeps the kernel it chose;
    after replacing any of them at run time (a test does), call this so that the next
    calls see the change. Outputs the launcher
    allocates count as contiguous and aligned as torch's allocators give them (a custom
    allocator that does not would cost speed, never correctness: team windows mask their stores)."""
    for calls in list(_ALL):
        calls.table.clear()
        calls.known.clear()
        calls.launches.clear()


_UNKNOWN = object()  # (a fact not yet worked out: None is a fact too)


class Signature(tuple):
    """A call signature as Calls.find builds it, its hash worked out once: a launcher keys
    its facts, its launch choice and its compiled launches by it on every call (a tuple's
    hash is worked out again at each lookup: about 0.35 us for three tensors' signature).
    A later call of the signature gets the object its first call made."""

    def __new__(cls, key):
        self = super().__new__(cls, key)
        self._hash = tuple.__hash__(self)
        return self

    def __hash__(self):
        return self._hash

    def __reduce__(self):  # (a copy or a pickle works its hash out again)
        return Signature, (tuple(self),)


class Calls:
    """One launcher's table of checked call signatures: signature -> (what the checks
    computed, the device, each tensor's (element size, byte reach), whether an output was
    passed in, the Signature its first call made)."""

    def __init__(self, kernel, inputs, outputs, in_place, align=16):
        self.kernel, self.inputs, self.outputs, self.in_place = kernel, inputs, outputs, in_place
        self.align = align  # data pointers are keyed modulo this many bytes (a power of two, at least 16)
        self.table = {}
        self.known = {}  # signature -> a fact worked out on its first call (facts)
        # the compiled kernels the launcher launched, under its signatures (tilegen.runtime.launch.launch_known)
        self.launches = {}
        _ALL.add(self)

    def find(self, inputs, outputs):
        """(signature, what the first call's checks computed), or (signature, None) when
        this call must take the full checks: a new signature, or none (signature None)."""
        try:
            align = self.align
            key = (torch.is_grad_enabled(), *[
                None if t is None else
                (type(t), t.dtype, t.layout, t.shape, t.stride(), t.device, t.requires_grad, t.data_ptr() % align)
                for t in inputs + outputs])
        except Exception:  # no tensor, or one without strides or data pointer: the full checks say why
            return None, None
        entry = self.table.get(key)
        if entry is None:
            return Signature(key), None
        value, device, reach, given, key = entry
        if device.type == "cpu" and not interpreting():
            return key, None  # (the full checks raise)
        tensors = inputs + outputs
        for t, name, (size, n) in zip(tensors, self.inputs + self.outputs, reach):
            if n and t.storage_offset() * size + n > t.untyped_storage().nbytes():
                check_storage(self.kernel, name, t)  # raises
        if given:
            self._overlap(inputs, outputs, reach)
        return key, value

    def _overlap(self, inputs, outputs, reach):
        spans = [(t.data_ptr(), t.data_ptr() + n) if n else None for t, (_, n) in zip(inputs + outputs, reach)]
        first = len(inputs)
        for k in range(first, len(spans)):
            if spans[k] is None:
                continue
            lo, hi = spans[k]
            for other in spans[:k]:
                if other is not None and lo < other[1] and other[0] < hi:
                    # Byte ranges meet: the exact test, which passes interleaved views and
                    # exact in-place views, and raises with its message otherwise.
                    check_overlap(self.kernel, tuple(zip(self.inputs, inputs)), tuple(zip(self.outputs, outputs)),
                                  self.in_place)
                    return

    def keep(self, key, inputs, outputs, value):
        """Remember what the full checks of a call computed, value = (device, dimension
        sizes...); returns value."""
        if key is not None:
            if len(self.table) >= MAX_SIGNATURES:
                self.table.clear()
                self.known.clear()
                self.launches.clear()
            reach = tuple((0, 0) if t is None else (t.element_size(), _reach(t)) for t in inputs + outputs)
            key = key if type(key) is Signature else Signature(key)
            self.table[key] = (value, value[0], reach, any(t is not None for t in outputs), key)
        return value

    def facts(self, key, compute, *args):
        """compute(*args), worked out once for the signature `key`: for what depends only on
        the signature (its tensors' sizes, strides and pointer alignments (`align`), with the outputs
        the launcher allocates for it), after the outputs exist; every call for key None."""
        if key is None:
            return compute(*args)
        value = self.known.get(key, _UNKNOWN)
        if value is _UNKNOWN:
            value = self.known[key] = compute(*args)
        return value
