"""Time every candidate block configuration of the generated gemm launcher, under each
addressing / persistence mode, beside torch.matmul. Run on a CUDA machine:

    python bench/tune_gemm.py [SIZE ...]      (square f16 products; default 1024 2048 4096)
"""

import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.driver import compile_paths  # noqa: E402
from tilegen.tools.bench import device_ms  # noqa: E402
from tilegen.tools.validate import load_module  # noqa: E402

(compiled,) = compile_paths([str(ROOT / "specs/gemm.tile")]).values()
mod = load_module(compiled.source, "gemm_tune")
device = torch.device("cuda")
configs = mod._gemm_candidates(device, 2, {})
MODES = {
    "pointer": {"addressing": "pointer", "persistent": False},
    "descriptor": {"addressing": "descriptor", "persistent": False},
    "descriptor+persistent": {"addressing": "descriptor", "persistent": True},
}
sizes = [int(s) for s in sys.argv[1:]] or [1024, 2048, 4096]
for size in sizes:
    a = torch.randn(size, size, device="cuda", dtype=torch.float16)
    b = torch.randn(size, size, device="cuda", dtype=torch.float16)
    c = torch.empty(size, size, device="cuda", dtype=torch.float16)
    tflops = lambda ms: 2 * size**3 / ms / 1e9
    bench = device_ms
    ref = bench(lambda: torch.matmul(a, b, out=c))
    print(f"{size}: torch.matmul {tflops(ref):.1f} TFLOP/s", flush=True)
    results = []
    for mode, launch in MODES.items():
        for config in configs:
            schedule = {**config, **launch}
            try:
                ms = bench(lambda: mod.matmul(a, b, c=c, schedule=schedule))
            except Exception as exc:  # noqa: BLE001 - a config may not compile
                print(f"  {mode} {config}: failed ({type(exc).__name__})")
                continue
            results.append((tflops(ms), mode, config))
    results.sort(key=lambda r: -r[0])
    for rate, mode, config in results[:8]:
        c_text = " ".join(f"{k}={v}" for k, v in config.items())
        print(f"  {rate:6.1f} TFLOP/s ({rate / tflops(ref):.2f}x) {mode:22s} {c_text}", flush=True)
