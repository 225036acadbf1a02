"""`tilegen tune SPEC [KERNEL] --shapes ...`: tune gemm launches ahead of time.

The first call of a gemm kernel at a new shape bucket (each size rounded up to a power of
two) times a shortlist of launches and stores the winner in the disk cache
($TILEGEN_CACHE_DIR/gemm-autotune.json). A server that captures CUDA graphs at start-up,
or that must not stall on a first request, fills that cache here instead: this runs each
gemm kernel once per shape, on fresh random inputs, with tuning on, and prints the launch
each bucket got. Reduction and elementwise kernels have nothing to tune. A first call
keeps its tuning within GEMM_TUNE_BUDGET_S; ahead of time, --budget may give it longer.
"""

from __future__ import annotations

import os
import sys


def parse_shape(text: str) -> dict[str, int]:
    """`M=4096,N=4096,K=4096` -> {"M": 4096, ...}."""
    sizes = {}
    for part in text.split(","):
        name, sep, value = part.partition("=")
        if not sep or not name.strip().isidentifier() or not value.strip().isdigit():
            raise ValueError(f"--shapes: expected NAME=SIZE[,NAME=SIZE...], got {text!r}")
        sizes[name.strip()] = int(value)
    return sizes


def main(args) -> int:
    if args.interpret:
        os.environ["TRITON_INTERPRET"] = "1"
    os.environ["TILEGEN_AUTOTUNE"] = "1"  # tune, also where a plain call would not
    import torch

    from ..driver import compile_paths, load_module
    from ..lower.cases import Case
    from ..runtime import gemm as gemm_rt
    from ..runtime.tuning_cache import gemm_cache_path
    from .bench_report import launch_note
    from .validate import make_inputs

    try:
        shapes = [parse_shape(s) for s in args.shapes]
    except ValueError as exc:
        print(f"tilegen: {exc}", file=sys.stderr)
        return 2
    if args.budget is not None:
        if not args.budget > 0:
            print(f"tilegen: --budget: expected seconds above 0, got {args.budget}", file=sys.stderr)
            return 2
        gemm_rt.GEMM_TUNE_BUDGET_S = args.budget
    interpret = os.environ.get("TRITON_INTERPRET") == "1"
    if not interpret and not torch.cuda.is_available():
        print("tilegen: tune needs a CUDA GPU (or --interpret, to try it on the Triton interpreter)", file=sys.stderr)
        return 1
    device = "cpu" if interpret else "cuda"
    results = compile_paths([args.spec])
    if results is None:
        return 1
    tuned = 0
    for spec, compiled in results.items():
        module = load_module(compiled.source, spec.stem)
        for model in compiled.models:
            if args.kernel and model.sig.name != args.kernel:
                continue
            if model.sig.kind != "gemm":
                print(f"{model.sig.name}: a {model.sig.kind} kernel, nothing to tune")
                continue
            dims = {s.dim for s in model.sig.dim_sources}
            for sizes in shapes:
                missing = sorted(dims - set(sizes))
                if missing:
                    print(f"tilegen: {model.sig.name}: --shapes {sizes} lacks {', '.join(missing)}", file=sys.stderr)
                    return 2
                launcher = getattr(module, model.sig.name)
                gemm_rt.GEMM_CHOSEN.clear()  # choose afresh: from the disk cache, or tuned now
                launcher(*make_inputs(model.sig, Case({d: sizes[d] for d in dims}, False, "tune"), device, 0))
                config = launcher.last_config
                shown = ", ".join(f"{d}={sizes[d]}" for d in sorted(dims))
                print(f"{model.sig.name} {shown}: {launch_note(config)} ({config['source']})")
                tuned += 1
    if args.kernel and not tuned and not any(m.sig.name == args.kernel for c in results.values() for m in c.models):
        print(f"tilegen: no kernel {args.kernel!r} in {args.spec}", file=sys.stderr)
        return 1
    print(f"tilegen: {tuned} launch(es) tuned or found; cache: {gemm_cache_path()}")
    return 0
