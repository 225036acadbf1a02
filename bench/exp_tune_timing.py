"""Experiment: which part of the tuner's timing makes it rank the 8192^3 launches unlike
`tilegen bench`? (bench/exp_tune_rank.py: the tuner's rounds put 3 stages + flatten
ahead in every case, the bench's rounds put it level with or behind 3 stages without.)

The four leading launches (128x256x64 w8, descriptors, persistent; 3 or 4 stages, with
and without flatten) are timed in interleaved rounds five ways:

- tuner: the generated runtime's `_gemm_device_ms` (one run, then 25 timed runs, each
  after an L2 flush and a ~100 us GPU sleep);
- tuner x60: the same with 60 timed runs (about as long as the bench's);
- warm + tuner: 25 ms of the launch back to back first, then `_gemm_device_ms`;
- bench: `tilegen.bench.device_ms` (25 ms warm-up, then ~100 ms of timed runs);
- bench, no warm-up: the same with warmup_ms=0.

Per way, each launch's median over rounds of its time relative to the round's median of
the four. GPU only:

    python bench/exp_tune_timing.py [ROUNDS] [SIZE] [-k FILTER]      (defaults 8, 8192)
"""

import functools
import statistics
import sys
from pathlib import Path

import torch

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import device_ms  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

args = sys.argv[1:]
name_filter = args[args.index("-k") + 1] if "-k" in args else ""
numbers = [int(a) for a in args if a.isdigit()]
rounds, size = (numbers + [8, 8192][len(numbers):])[:2]

(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_gemm.tile")]).values()
module = load_module(compiled.source, "bench_gemm_timing")
BIG = dict(block_m=128, block_n=256, block_k=64, group_m=8, warps=8, addressing="descriptor", persistent=True)
LAUNCHES = {
    f"s{stages}{' flatten' if flatten else ''}": dict(BIG, stages=stages, flatten=flatten)
    for stages in (3, 4)
    for flatten in (False, True)
}
flush = torch.empty(256 * 2**20, dtype=torch.int8, device="cuda")


def tuner_runs(run, runs):
    """_gemm_device_ms with a fixed number of timed runs."""
    run()
    torch.cuda.synchronize()
    pairs = []
    for _ in range(runs):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        flush.zero_()
        torch.cuda._sleep(200_000)
        start.record()
        run()
        end.record()
        pairs.append((start, end))
    torch.cuda.synchronize()
    return statistics.median(s.elapsed_time(e) for s, e in pairs)


def warm_then_tuner(run):
    for _ in range(15):  # ~25 ms at 8192^3
        run()
    return module._gemm_device_ms(run, flush)


WAYS = {
    "tuner": lambda run: module._gemm_device_ms(run, flush),
    "tuner x60": lambda run: tuner_runs(run, 60),
    "warm + tuner": warm_then_tuner,
    "bench": device_ms,
    "bench, no warm-up": functools.partial(device_ms, warmup_ms=0),
}
for tag, dtype in (("f16", torch.float16), ("bf16", torch.bfloat16)):
    for kind in ("mm", "leaky", "bias_gelu"):
        name = f"mm_{kind}_{tag}" if kind != "mm" else f"mm_{tag}"
        if name_filter not in name:
            continue
        fn = getattr(module, name)
        a, b = (torch.randn(size, size, device="cuda", dtype=dtype) for _ in range(2))
        inputs = (a, b) + ((torch.randn(size, device="cuda", dtype=dtype),) if kind == "bias_gelu" else ())
        c = torch.empty(size, size, device="cuda", dtype=dtype)
        runs = {label: functools.partial(fn, *inputs, c=c, schedule=config) for label, config in LAUNCHES.items()}
        for run in runs.values():
            run()
        times = {(way, label): [] for way in WAYS for label in runs}
        for rnd in range(rounds):
            for way, timer in WAYS.items():
                for label in list(runs)[:: -1 if rnd % 2 else 1]:
                    times[way, label].append(timer(runs[label]))
        for way in WAYS:
            rel = {
                label: statistics.median(
                    times[way, label][r] / statistics.median(times[way, other][r] for other in runs)
                    for r in range(rounds)
                )
                for label in runs
            }
            best = min(rel, key=rel.get)
            print(f"{name} {way:18s} " + "  ".join(
                f"{label} {statistics.median(times[way, label]):.3f} ms ({rel[label]:.3f})" for label in runs)
                + f"  -> {best}", flush=True)
