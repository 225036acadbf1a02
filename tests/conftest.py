"""Kernels run on the GPU when there is one, else on the Triton interpreter.

TRITON_INTERPRET must be set before triton is imported, so it is decided here.
"""

import os
import sys
from pathlib import Path

import pytest
import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

if not torch.cuda.is_available():
    os.environ.setdefault("TRITON_INTERPRET", "1")

DEVICE = "cpu" if os.environ.get("TRITON_INTERPRET") == "1" else "cuda"


def compile_spec(path):
    """Compile a spec and import the generated module: (module, {kernel name: model})."""
    from tilegen.pipeline import compile_source
    from tilegen.tools.validate import load_module

    path = Path(path)
    compiled = compile_source(path.read_text(), str(path))
    module = load_module(compiled.source, path.stem)
    return module, {m.sig.name: m for m in compiled.models}


def randn(*shape, dtype=torch.float16):
    """Normal values of `dtype` on the test device."""
    return torch.randn(*shape, device=DEVICE).to(dtype)


def check_max(got, want, tol=1e-2):
    """No NaN, and the largest error at most `tol` of the largest |want| (or of 1)."""
    want = want.to(torch.float64)
    assert not got.isnan().any()
    err = (got.double() - want).abs().max().item() / max(want.abs().max().item(), 1.0)
    assert err <= tol, err


@pytest.fixture(scope="session")
def gemms():
    """specs/gemm.tile's generated module."""
    return compile_spec(ROOT / "specs" / "gemm.tile")[0]


def compile_for_gpu(script: str, *args, timeout: int = 600) -> str:
    """Run `script` (python -c) with ROOT and `args` as its arguments, in a process where
    Triton compiles for a GPU instead of interpreting (no TRITON_INTERPRET; a target is
    named, so none is needed), and return what it printed. Skips where the Triton install
    has no ptxas; a failure shows the end of its stderr."""
    import subprocess

    env = {k: v for k, v in os.environ.items() if k != "TRITON_INTERPRET"}
    result = subprocess.run([sys.executable, "-c", script, str(ROOT), *map(str, args)], env=env,
                            capture_output=True, text=True, timeout=timeout)
    if "ptxas" in result.stderr and "not found" in result.stderr.lower():
        pytest.skip("no ptxas in this Triton install")
    assert result.returncode == 0, result.stderr[-3000:]
    return result.stdout


@pytest.fixture(scope="session")
def device():
    return DEVICE


def pytest_collection_modifyitems(config, items):
    if torch.cuda.is_available():
        return
    skip = pytest.mark.skip(reason="needs a CUDA GPU")
    for item in items:
        if "gpu" in item.keywords:
            item.add_marker(skip)


@pytest.fixture(autouse=True)
def fresh_launch_choices():
    """Each test starts from launchers that have kept nothing per signature: tests edit
    launch tables and launch rules, which a launcher reads once per signature."""
    from tilegen.runtime import calls

    calls.forget()
    yield
    calls.forget()  # nor does a test leave choices made under its edits to the next module's


class Spy:
    """Stands in for a @triton.jit kernel: records the launch (label, grid, keyword
    arguments) in `calls`, then runs the real one."""

    def __init__(self, kernel, calls, label):
        self.kernel, self.calls, self.label = kernel, calls, label

    def __getitem__(self, grid):
        def launch(*args, **kwargs):
            self.calls.append((self.label, grid, kwargs))
            return self.kernel[grid](*args, **kwargs)

        return launch
