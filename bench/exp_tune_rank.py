"""Experiment: how reliably does the GEMM tuner rank the leading launches at 8192^3?

For each bench GEMM (plain, + leaky_relu, + bias + gelu; f16 and bf16) it takes the four
launches that lead there (128x256x64, 8 warps, tensor descriptors, persistent; 3 or 4
stages; with and without flatten) and

1. repeats the tuner's own timing TUNINGS times: `_gemm_tune_rounds` of the generated
   runtime, ROUNDS interleaved rounds each (every other one reversed), every time
   recorded;
2. then times the same launches beside the case's peers (cuBLAS + the eager epilogue and
   torch.compile of it) as `tilegen bench` does (`interleaved_ms`, BENCH_ROUNDS rounds),
   and prints each launch's paired ratio to the best peer: what the bench would report
   had the tuner picked that launch.

Everything goes to the JSON file (default exp_tune_rank.json), so that ways of ranking
the tuner's rounds can be compared offline with what the bench measures. GPU only:

    python bench/exp_tune_rank.py [TUNINGS] [ROUNDS] [BENCH_ROUNDS] [SIZE] [--json PATH] [-k FILTER] [--before]

(defaults 6, 12, 15, 8192). --before: the tuner's timing as it was before it warmed up
(no warm-up, 25 timed runs at 8192^3: _GEMM_WARMUP_MS 0, _GEMM_TIMED_MS 20), which is
what docs/performance.md's 8192^3 run of this script measured.
"""

import json
import sys
from pathlib import Path

import torch
from gemm_experiments import BASELINES, BENCH_PEERS, LEADING_LAUNCHES, bench_cases, bench_module  # puts the project on sys.path

from tilegen.bench import interleaved_ms, paired_ratio

args = sys.argv[1:]
out_path = args[args.index("--json") + 1] if "--json" in args else "exp_tune_rank.json"
name_filter = args[args.index("-k") + 1] if "-k" in args else ""
numbers = [int(a) for a in args if a.isdigit()]
tunings, rounds, bench_rounds, size = (numbers + [6, 12, 15, 8192][len(numbers):])[:4]

module = bench_module("bench_gemm_rank")
if "--before" in args:
    module._GEMM_WARMUP_MS, module._GEMM_TIMED_MS = 0, 20
LAUNCHES = LEADING_LAUNCHES
flush = torch.empty(256 * 2**20, dtype=torch.int8, device="cuda")
report = dict(size=size, tunings=tunings, rounds=rounds, bench_rounds=bench_rounds, launches=list(LAUNCHES), cases={})
for name, peer_name, fn, inputs, c in bench_cases(module, size, name_filter):
    candidates = list(LAUNCHES.values())

    def launch(config, c):
        return fn(*inputs, c=c, schedule=config)

    for config in candidates:
        launch(config, c)
    record = dict(tunings=[])
    for t in range(tunings):
        times = {i: [] for i in range(len(candidates))}
        module._gemm_tune_rounds(candidates, times, rounds, launch, [c], flush)
        record["tunings"].append([times.get(i) for i in range(len(candidates))])
        print(f"{name} tuning {t}: " + ", ".join(
            f"{label} {min(ms or [0]):.3f}-{max(ms or [0]):.3f}" for label, ms in zip(LAUNCHES, record["tunings"][-1])),
            flush=True)
    peer = BASELINES[peer_name]
    runs = {peer_name: lambda: peer(*inputs)}
    if peer_name != BENCH_PEERS["mm"]:  # fused: torch.compile of the peer too
        compiled_peer = torch.compile(peer)
        runs["torch.compile"] = lambda: compiled_peer(*inputs)
    for label, config in LAUNCHES.items():
        runs[label] = lambda config=config: launch(config, c)
    for run in runs.values():
        run()
    times = interleaved_ms(runs, bench_rounds, alternate=True)
    peers = {n: times[n] for n in runs if n not in LAUNCHES}
    record["bench"] = times
    record["paired"] = {label: paired_ratio({**peers, label: times[label]}, label) for label in LAUNCHES}
    print(f"{name} bench, paired ratio to the best peer: "
          + ", ".join(f"{label} {r:.3f}x" for label, r in record["paired"].items()), flush=True)
    report["cases"][name] = record
    torch._dynamo.reset()
    Path(out_path).write_text(json.dumps(report, indent=1))
print(f"wrote {out_path}")
