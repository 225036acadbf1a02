"""Experiment: cache hints on the single-pass reduction kernels (softmax, layernorm,
rmsnorm), each variant a text edit of the generated source, timed in interleaved rounds
beside torch.compile of the torch baseline. GPU only:

    python bench/exp_norm_hints.py
"""

import statistics
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms  # noqa: E402
from tilegen.bench_baselines import BASELINES  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_norms.tile")]).values()
BASE = compiled.source
X_LOADS = ('other=float("-inf")).to(tl.float32)', 'other=0.0).to(tl.float32)')
EDITS = {
    "x evict_first": [
        ("x = tl.load(x_ptr + x_offs, mask=mask, " + X_LOADS[0],
         "x = tl.load(x_ptr + x_offs, mask=mask, eviction_policy=\"evict_first\", " + X_LOADS[0]),
        ("x = tl.load(x_ptr + x_offs, mask=mask, " + X_LOADS[1],
         "x = tl.load(x_ptr + x_offs, mask=mask, eviction_policy=\"evict_first\", " + X_LOADS[1]),
    ],
    "w evict_last": [
        ("w = tl.load(w_ptr + w_offs, mask=mask_n, other=0.0)",
         "w = tl.load(w_ptr + w_offs, mask=mask_n, other=0.0, eviction_policy=\"evict_last\")"),
        ("b = tl.load(b_ptr + b_offs, mask=mask_n, other=0.0)",
         "b = tl.load(b_ptr + b_offs, mask=mask_n, other=0.0, eviction_policy=\"evict_last\")"),
    ],
    "y evict_first": [
        ("y.to(tl.bfloat16), mask=mask)", "y.to(tl.bfloat16), mask=mask, eviction_policy=\"evict_first\")"),
        ("y.to(tl.float16), mask=mask)", "y.to(tl.float16), mask=mask, eviction_policy=\"evict_first\")"),
    ],
}
COMBOS = {"base": [], "xf": ["x evict_first"], "wl": ["w evict_last"], "xf+wl": ["x evict_first", "w evict_last"],
          "xf+wl+yf": ["x evict_first", "w evict_last", "y evict_first"], "yf": ["y evict_first"]}


def variant(names):
    src = BASE
    for name in names:
        for old, new in EDITS[name]:
            src = src.replace(old, new)
    return load_module(src, "norms_hint_" + ("_".join(n.split()[0] for n in names) or "base"))


MODS = {k: variant(v) for k, v in COMBOS.items()}
CASES = [("softmax_f16", torch.float16, "torch.softmax", s) for s in ((32768, 1024), (8192, 4096), (2048, 16384))]
CASES += [(k, torch.bfloat16, b, s) for k, b in (("layernorm_bf16", "F.layer_norm"), ("rmsnorm_bf16", "F.rms_norm"))
          for s in ((65536, 1024), (16384, 4096), (8192, 8192))]
for kernel, dtype, base, (m, n) in CASES:
    x = torch.randn(m, n, device="cuda", dtype=dtype)
    extra = [] if kernel.startswith("softmax") else [torch.randn(n, device="cuda", dtype=dtype)]
    if kernel.startswith("layernorm"):
        extra.append(torch.randn(n, device="cuda", dtype=dtype))
    y = torch.empty_like(x)
    want = getattr(MODS["base"], kernel + "_reference")(x, *extra)
    runs = {"torch.compile": (lambda f=torch.compile(BASELINES[base]): f(x, *extra))}
    for name, mod in MODS.items():
        fn = getattr(mod, kernel)
        runs[name] = lambda fn=fn: fn(x, *extra, y=y)
        fn(x, *extra, y=y)
        torch.testing.assert_close(y.float(), want.float(), atol=2e-2, rtol=2e-2)
    times = interleaved_ms(runs, 3)
    gbs = {k: 2 * x.numel() * x.element_size() / statistics.median(v) / 1e6 for k, v in times.items()}
    line = "  ".join(f"{k} {v:7.1f}" for k, v in gbs.items())
    print(f"{kernel} {m}x{n}: {line}", flush=True)
