"""Experiment: which part of the tuner's timing makes it rank the 8192^3 launches unlike
`tilegen bench`? (bench/exp_tune_rank.py: the tuner's rounds put 3 stages + flatten
ahead in every case, the bench's rounds put it level with or behind 3 stages without.)

The four leading launches (128x256x64 w8, descriptors, persistent; 3 or 4 stages, with
and without flatten) are timed in interleaved rounds seven ways, five of them by the
generated runtime's `_gemm_device_ms` with its warm-up and timed lengths and its cap on
runs set (_GEMM_WARMUP_MS, _GEMM_TIMED_MS, _GEMM_MOST_RUNS; at 8192^3 a run takes
~1.6 ms, at 4096^3 ~0.19 ms):

- tuner before: no warm-up, 25 timed runs (the minimum), each after an L2 flush and a
  ~100 us GPU sleep: the tuner's timing before the warm-up was added;
- ~100 ms, no warm-up: ~100 ms of timed runs (about 60 at 8192^3), as long as the bench's;
- warm-up + 25 runs: 25 ms of the launch back to back first (about 15 runs at 8192^3);
- tuner, 200 runs: 25 ms of warm-up, then ~100 ms of timed runs, at most 200 runs of
  each (which binds below ~0.5 ms a run: at 4096^3 it timed 200 runs, ~75 ms with the
  flushes and sleeps, where the bench times ~530, ~200 ms);
- tuner now: the same with at most _GEMM_MOST_RUNS (1000) runs of each, which at
  4096^3 and 8192^3 binds nowhere;
- bench: `tilegen.bench.device_ms` (25 ms warm-up, then ~100 ms of timed runs); also
  bench, no warm-up (warmup_ms=0).

Per way, each launch's median over rounds of its time relative to the round's median of
the four. GPU only:

    python bench/exp_tune_timing.py [ROUNDS] [SIZE] [-k FILTER]      (defaults 8, 8192)
"""

import functools
import statistics
import sys

import torch
from gemm_experiments import LEADING_LAUNCHES, bench_cases, bench_module  # puts the project on sys.path

from tilegen.bench import device_ms

args = sys.argv[1:]
name_filter = args[args.index("-k") + 1] if "-k" in args else ""
numbers = [int(a) for a in args if a.isdigit()]
rounds, size = (numbers + [8, 8192][len(numbers):])[:2]

module = bench_module("bench_gemm_timing")
flush = torch.empty(256 * 2**20, dtype=torch.int8, device="cuda")


MOST_RUNS = module._GEMM_MOST_RUNS


def tuner(warmup_ms, timed_ms, most_runs=200):
    """The generated runtime's timing with these lengths (0: no warm-up; 25 runs at least,
    at most `most_runs` runs of warm-up and of timing: 200 before the cap was raised)."""

    def timing(run):
        module._GEMM_WARMUP_MS, module._GEMM_TIMED_MS, module._GEMM_MOST_RUNS = warmup_ms, timed_ms, most_runs
        return module._gemm_device_ms(run, flush)

    return timing


WAYS = {
    "tuner before": tuner(0, 0),
    "~100 ms, no warm-up": tuner(0, 100),
    "warm-up + 25 runs": tuner(25, 0),
    "tuner, 200 runs": tuner(25, 100),
    "tuner now": tuner(25, 100, MOST_RUNS),
    "bench": device_ms,
    "bench, no warm-up": functools.partial(device_ms, warmup_ms=0),
}
for name, _, fn, inputs, c in bench_cases(module, size, name_filter):
    runs = {label: functools.partial(fn, *inputs, c=c, schedule=config)
            for label, config in LEADING_LAUNCHES.items()}
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
        print(f"{name} {way:20s} " + "  ".join(
            f"{label} {statistics.median(times[way, label]):.3f} ms ({rel[label]:.3f})" for label in runs)
            + f"  -> {best}", flush=True)
