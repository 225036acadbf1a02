"""The launchers' own host cost: Python time per call of a generated launcher with the
Triton launch replaced by a no-op, on CPU tensors (no GPU needed). Every `*_kernel` of
the generated modules is swapped for a stub whose `kernel[grid](...)` returns at once, so
what is timed is the launcher's argument checks, output allocation and launch choice,
nothing of Triton's (with --launch-key, also tilegen.runtime.launch's key, the stubs
standing for Triton's JITFunction and CompiledKernel: the Python that replaces part of
Triton's launch). Run anywhere (the generated modules need torch and triton):

    python bench/launcher_host_cost.py [--calls 20000] [--profile NAME] [--root DIR] [--launch-key]

--profile NAME runs cProfile over the calls of one row (e.g. rmsnorm) and prints the top
entries. The tensors are CPU tensors, so TRITON_INTERPRET=1 is set after the modules load
(the kernels stay compiled-kernel objects, and the launchers accept CPU tensors).
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# --root DIR: time another checkout's generated modules and runtime (e.g. the main branch's)
_at = sys.argv.index("--root") + 1 if "--root" in sys.argv else 0
sys.path.insert(0, sys.argv[_at] if _at else str(ROOT))
os.environ.pop("TRITON_INTERPRET", None)

import torch  # noqa: E402

from generated import elementwise, gemm, reductions  # noqa: E402

os.environ["TRITON_INTERPRET"] = "1"  # the launchers' device check then accepts CPU tensors


class _Stub:
    """Stands for a @triton.jit kernel: kernel[grid](*args, **kwargs) does nothing, and
    returns a stand-in for the compiled kernel, whose launch does nothing either."""

    pre_run_hooks = ()
    used_global_vals = {}

    def __init__(self, kernel):
        self.arg_names, self.constexprs, self.hash = kernel.arg_names, kernel.constexprs, "source hash"

    def __getitem__(self, grid):
        return _noop


class _Compiled:
    function = packed_metadata = None

    def run(self, *args):
        return None

    def launch_metadata(self, grid, stream, *args):
        return None


def _noop(*args, **kwargs):
    return _compiled


_compiled = _Compiled()

for module in (elementwise, gemm, reductions):
    for name in dir(module):
        if name.endswith("_kernel") and hasattr(getattr(module, name), "run"):
            setattr(module, name, _Stub(getattr(module, name)))
if "--launch-key" in sys.argv:  # tilegen.runtime.launch's key too, the stubs standing for Triton's classes
    from tilegen.runtime import launch as _launch_rt

    _launch_rt.JITFunction, _launch_rt.CompiledKernel, _launch_rt._BACKEND = _Stub, _Compiled, True
    _launch_rt._STREAM = lambda device: 0
    _launch_rt._DEVICE = torch.cuda.current_device = lambda: 0


def rows():
    """(name, call) pairs: tiny shapes, as a decode step or a small layer calls them."""
    x = torch.randn(64)
    y = torch.randn(64)
    out = torch.empty(64)
    h = torch.randn(4, 64, dtype=torch.float16)
    hb = torch.randn(4, 64, dtype=torch.bfloat16)
    wb = torch.randn(64, dtype=torch.bfloat16)
    bb = torch.randn(64, dtype=torch.bfloat16)
    a16 = torch.randn(16, 64, dtype=torch.float16)
    b16 = torch.randn(64, 64, dtype=torch.float16)
    c16 = torch.empty(16, 64, dtype=torch.float16)
    return [
        ("add", lambda: elementwise.add(x, y)),
        ("add, out=", lambda: elementwise.add(x, y, out=out)),
        ("softmax", lambda: reductions.softmax(h)),
        ("rmsnorm", lambda: reductions.rmsnorm(hb, wb)),
        ("layernorm", lambda: reductions.layernorm(hb, wb, bb)),
        ("gemm 16x64x64", lambda: gemm.matmul(a16, b16)),
        ("gemm, c=", lambda: gemm.matmul(a16, b16, c=c16)),
    ]


def per_call_us(fn, calls):
    """The least CPU time per call over 20 runs of calls / 20 calls: CPU time, not wall
    time, and the least, since the machine may be shared."""
    for _ in range(200):
        fn()
    best = float("inf")
    for _ in range(20):
        start = time.process_time()
        for _ in range(calls // 20):
            fn()
        best = min(best, (time.process_time() - start) / (calls // 20))
    return best * 1e6


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=20000)
    parser.add_argument("--profile", metavar="NAME")
    parser.add_argument("--root", metavar="DIR", help="the checkout whose generated/ and tilegen/ to time")
    parser.add_argument("--launch-key", action="store_true",
                        help="time tilegen.runtime.launch's key too (it stands in for part of Triton's launch)")
    opts = parser.parse_args()
    torch.set_grad_enabled(False)
    table = rows()
    if opts.profile:
        fn = dict(table)[opts.profile]
        fn()
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(opts.calls):
            fn()
        profiler.disable()
        pstats.Stats(profiler).sort_stats("tottime").print_stats(25)
        return
    print(f"{'launcher':16s} {'us/call':>8s}")
    for name, fn in table:
        print(f"{name:16s} {per_call_us(fn, opts.calls):8.2f}", flush=True)


if __name__ == "__main__":
    main()
