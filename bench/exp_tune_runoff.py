"""Experiment: how many runoff rounds does the GEMM tuner need to pick the launch the
bench measures fastest, with every candidate it really tunes (not only the four leaders
of bench/exp_tune_rank.py)?

For each bench GEMM (plain by default) at SIZE^3 it captures the candidates the
generated launcher would tune (a fresh tuning cache), then TUNINGS times over:

1. the tuner's first phase: _GEMM_TUNE_ROUNDS interleaved rounds of every candidate
   (`_gemm_tune_rounds`, timed as the tuner times);
2. a long runoff: RUNOFF rounds among the candidates within _GEMM_RUNOFF_WITHIN of the
   best first-phase score (the tuner runs _GEMM_RUNOFF_ROUNDS of these).

Every timing is recorded, so that runoffs of fewer rounds (its first 8, 16, ...) can be
replayed offline. Then the finalists of all tunings are timed beside cuBLAS as `tilegen
bench` times (`interleaved_ms`, BENCH_ROUNDS rounds): each one's paired ratio is what
the bench would report had the tuner picked it. GPU only:

    python bench/exp_tune_runoff.py [TUNINGS] [RUNOFF] [BENCH_ROUNDS] [SIZE] [--json PATH] [-k FILTER]

(defaults 3, 24, 15, 4096; FILTER defaults to the plain GEMMs, "mm_f16" and "mm_bf16").
"""

import json
import os
import sys
import tempfile
from pathlib import Path

import torch
from gemm_experiments import BASELINES, bench_cases, bench_module  # puts the project on sys.path

from tilegen.bench import interleaved_ms, launch_note, paired_interval, paired_ratio

args = sys.argv[1:]
out_path = args[args.index("--json") + 1] if "--json" in args else "exp_tune_runoff.json"
name_filter = args[args.index("-k") + 1] if "-k" in args else ""
numbers = [int(a) for a in args if a.isdigit()]
tunings, runoff_rounds, bench_rounds, size = (numbers + [3, 24, 15, 4096][len(numbers):])[:4]

os.environ["TILEGEN_CACHE_DIR"] = tempfile.mkdtemp(prefix="tilegen-runoff-")
module = bench_module("bench_gemm_runoff")
flush = torch.empty(256 * 2**20, dtype=torch.int8, device="cuda")


def captured_candidates(fn, inputs, c):
    """What the launcher's tuner would time: call it once with _gemm_tune replaced."""
    seen = {}

    def capture(candidates, launch, outs, device):
        seen.update(candidates=candidates, launch=launch)
        return candidates[0]

    tune, module._gemm_tune = module._gemm_tune, capture
    try:
        fn(*inputs, c=c)
    finally:
        module._gemm_tune = tune
        module._GEMM_CHOSEN.clear()
        module._GEMM_TUNED.clear()
    return seen["candidates"], seen["launch"]


report = dict(size=size, tunings=tunings, runoff_rounds=runoff_rounds, bench_rounds=bench_rounds,
              first_rounds=module._GEMM_TUNE_ROUNDS, within=module._GEMM_RUNOFF_WITHIN, cases={})
for name, peer_name, fn, inputs, c in bench_cases(module, size, name_filter):
    if not name_filter and name not in ("mm_f16", "mm_bf16"):
        continue
    candidates, launch = captured_candidates(fn, inputs, c)
    labels = [launch_note(config) for config in candidates]
    record = dict(candidates=labels, tunings=[])
    for t in range(tunings):
        first = {i: [] for i in range(len(candidates))}
        module._gemm_tune_rounds(candidates, first, module._GEMM_TUNE_ROUNDS, launch, [c], flush)
        scores = module._gemm_scores(first)
        best = min(scores.values())
        finalists = [i for i in scores if scores[i] <= best * (1 + module._GEMM_RUNOFF_WITHIN)]
        runoff = {i: [] for i in finalists}
        module._gemm_tune_rounds(candidates, runoff, runoff_rounds, launch, [c], flush)
        record["tunings"].append(dict(first={labels[i]: ms for i, ms in first.items()},
                                      runoff={labels[i]: ms for i, ms in runoff.items()}))
        for rounds in (8, 16, runoff_rounds):
            ranked = module._gemm_scores({i: ms[:rounds] for i, ms in runoff.items()})
            pick = min(ranked, key=ranked.get)
            print(f"{name} tuning {t}, runoff of {rounds}: {labels[pick]} ("
                  + ", ".join(f"{labels[i]} {s:.4f}" for i, s in sorted(ranked.items(), key=lambda kv: kv[1])) + ")",
                  flush=True)
    finalists = sorted({lab for tuning in record["tunings"] for lab in tuning["runoff"]}, key=labels.index)
    peer = BASELINES[peer_name]
    runs = {peer_name: lambda: peer(*inputs)}
    for lab in finalists:
        runs[lab] = lambda config=candidates[labels.index(lab)]: launch(config, c)
    for run in runs.values():
        run()
    times = interleaved_ms(runs, bench_rounds, alternate=True)
    record["bench"] = times
    record["paired"] = {lab: paired_ratio({peer_name: times[peer_name], lab: times[lab]}, lab) for lab in finalists}
    for lab in finalists:
        interval = paired_interval({peer_name: times[peer_name], lab: times[lab]}, lab)
        print(f"{name} bench: {lab} {record['paired'][lab]:.3f}x ({interval[0]:.3f}-{interval[1]:.3f})", flush=True)
    report["cases"][name] = record
    Path(out_path).write_text(json.dumps(report, indent=1))
print(f"wrote {out_path}")
