"""GPU reliability checks of every example kernel, meant to run under compute-sanitizer:

    compute-sanitizer --tool memcheck python3 bench/gpu_checks.py

Runs each kernel of specs/ at `tilegen validate --quick`'s ragged, strided, size-1 and
size-0 shapes against its torch reference, and each gemm kernel again under every launch
mode compiled into it (pointer, block_ptr where Triton has it, descriptor; a grid of one
program per tile, persistent, persistent with the tile loop flattened). Prints one line
per failure and a count; memcheck adds its own error summary. Large tensors (past 2**31
elements) and CUDA-graph capture are GPU tests: `python3 -m pytest -m gpu`.
Results: docs/reliability.md.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ.setdefault("TILEGEN_AUTOTUNE", "0")  # the launch modes are pinned below

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tilegen.driver import compile_paths, load_module  # noqa: E402
from tilegen.lower.gemm import triton_version  # noqa: E402
from tilegen.tools.validate import cases_for, run_case  # noqa: E402


def launch_modes(model) -> list[dict]:
    """Every launch mode a gemm kernel has compiled in (none for other kinds)."""
    if not hasattr(model, "modes"):
        return [{}]
    modes = []
    for addressing in model.modes:
        if addressing == "block_ptr" and (triton_version() or (0, 0)) >= (3, 9):
            continue
        for persistent, flatten in ((False, False), (True, False), (True, True)):
            modes.append(dict(addressing=addressing, persistent=persistent, flatten=flatten))
    return modes


def main() -> int:
    import torch

    device = "cuda" if torch.cuda.is_available() else "cpu"  # (the interpreter: a dry run of this script)
    results = compile_paths([str(ROOT / "specs")])
    if results is None:
        return 1
    runs = failures = 0
    for spec, compiled in results.items():
        module = load_module(compiled.source, spec.stem)
        for model in compiled.models:
            name = model.sig.name
            for mode in launch_modes(model):
                if mode:  # pin the mode as a spec's schedule would
                    launch = getattr(module, f"_{name}_gemm")
                    launch["pinned"] = {**launch["pinned"], **mode}
                for n, case in enumerate(cases_for(model, quick=True)):
                    runs += 1
                    try:
                        problem = run_case(module, model.sig, case, device, seed=n, tf32=getattr(model, "tf32", False))
                    except Exception as exc:  # report and go on
                        problem = f"{type(exc).__name__}: {exc}"
                    if problem:
                        failures += 1
                        print(f"FAIL {spec.name} {name} {mode or ''} {case.label} {case.sizes}: {problem}")
    print(f"{runs - failures} passed, {failures} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
