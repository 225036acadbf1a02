"""Decode GEMMs (M <= 64) as a share of memory bandwidth: the weight read once, in GB/s, for
tilegen's untuned launch, cuBLAS and `torch.sum(w)` (a plain read of the same tensor), each
timed after two kinds of L2 flush.

    python bench/decode_bandwidth.py [bench/corpus_gemm.toml] [-k TEXT ...] [--rounds R] [--json FILE]

"dirty": the timing every other figure uses (tilegen.runtime.timing.device_ms): a 256 MB
buffer zeroed before each timed run. Zeroing leaves the L2 (50 MB on the H100) full of
dirty lines, which the timed kernel writes back to memory as its reads evict them: about
5-10 us more (growing with the bytes read up to the L2's size), in every implementation,
that a real decode step does not pay for clean lines (weights are only read). "clean":
the buffer zeroed, then read back, so the L2 holds clean lines only. Copy: a 1 GiB
device-to-device copy (bytes read + written) in the same run, the ceiling the decode
target (85% of the bandwidth it takes to read the weight once, docs/performance.md) is
measured against.
"""

import argparse
import json
import os
import statistics
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["TILEGEN_AUTOTUNE"] = "0"  # the model's choice: a first call's, a graph capture's


def main():
    p = argparse.ArgumentParser()
    p.add_argument("suite", nargs="?", default=str(ROOT / "bench" / "corpus_gemm.toml"))
    p.add_argument("-k", dest="match", action="append", help="only the cases whose name contains this text (repeatable)")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json")
    args = p.parse_args()

    import torch

    from tilegen.driver import compile_paths
    from tilegen.runtime.timing import device_ms, flush_buffer
    from tilegen.tools.bench import _copy_ceiling, _warm_up
    from tilegen.tools.bench_baselines import BASELINES
    from tilegen.tools.validate import Case, load_module, make_inputs

    with open(args.suite, "rb") as f:
        suite = tomllib.load(f)["case"]
    cases = [c for c in suite
             if c["group"] == "gemm decode" and (not args.match or any(m in c["name"] for m in args.match))]
    if not cases:
        raise SystemExit(f"no decode case of {args.suite} matches {args.match}")
    buffer = flush_buffer()

    class Clean:  # device_ms calls flush.zero_() before each timed run
        def zero_(self):
            buffer.zero_()
            buffer.sum()  # read back: the dirty lines are written back now, outside the timing

    flushes = {"dirty": buffer, "clean": Clean()}
    modules = {}
    _warm_up(2.0)
    copy = _copy_ceiling()
    print(f"copy: {copy:.0f} GB/s")
    rows = []
    for case in cases:
        if case["spec"] not in modules:
            (compiled,) = compile_paths([str(ROOT / case["spec"])]).values()
            modules[case["spec"]] = (load_module(compiled.source, Path(case["spec"]).stem),
                                     {m.sig.name: m for m in compiled.models})
        module, models = modules[case["spec"]]
        fn = getattr(module, case["kernel"])
        inputs = make_inputs(models[case["kernel"]].sig, Case(dict(case["sizes"]), False, "bench"), "cuda", seed=0)
        weight = inputs[1]
        peer = BASELINES[case["baselines"][0]]
        got, want = fn(*inputs).float(), peer(*inputs).float()
        error = float((got - want).norm() / want.norm().clamp_min(1e-30))
        if not error < 2e-2:  # (NaN fails too)
            raise SystemExit(f"{case['name']}: relative error {error} against {case['baselines'][0]}")
        runs = {"tilegen": lambda: fn(*inputs), "cuBLAS": lambda: peer(*inputs),
                "sum(w)": lambda: torch.sum(weight, dtype=torch.float32)}
        times = {}
        for rnd in range(args.rounds):
            for flush_name, flush in flushes.items():
                for name in list(runs)[:: -1 if rnd % 2 else 1]:
                    ms = device_ms(runs[name], flush, timed_ms=60, least_runs=5, most_runs=1000)
                    times.setdefault(f"{flush_name} {name}", []).append(ms)
        weight_bytes = weight.numel() * weight.element_size()
        us = {key: statistics.median(ms) * 1e3 for key, ms in times.items()}
        gbs = {key: weight_bytes / t / 1e3 for key, t in us.items()}
        config = fn.last_config
        launch = f"{config['block_m']}x{config['block_n']}x{config['block_k']} s{config['stages']}" + (
            f" split-K {config['split_k']}" if config.get("split_k", 1) > 1 else "")
        print(f"{case['name']:52s} {weight_bytes / 2**20:6.0f} MiB  {launch:22s}"
              + "".join(f" | {key} {us[key]:6.1f} us {100 * gbs[key] / copy:3.0f}%" for key in us), flush=True)
        rows.append(dict(case=case["name"], weight_bytes=weight_bytes, launch=launch, us=us, gbs=gbs,
                         copy_gbs=copy, error=error))
        if args.json:  # after every case: a run cut short keeps what it measured
            Path(args.json).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
