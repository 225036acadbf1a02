"""`tilegen bench`: time generated kernels on the GPU beside their peers, in one run.

For every case of a suite file (TOML, see bench/suite.toml) it times, with
device_ms() below (median of repeated runs; before each, L2 is flushed and the GPU
given a head start, so host-side launch cost stays out of the measured interval: the
numbers are device times, for every implementation alike), in
`rounds` interleaved rounds (each round times every implementation once, every
other round in reverse order, so clock, temperature and power drift hit all of them
alike and none always runs first; the reported time is the median round and `spread`
the range of the rounds):
  tilegen          the generated launcher
  reference        the generated plain-torch reference, eager
  compile(ref)     torch.compile of that reference
  <baseline>       the named hand-written torch code, eager, and torch.compile of it
and reports ms, GB/s (bytes read + written once each) or TFLOP/s (2*M*N*K), and
the percentage of a device-to-device copy measured in the same run.

tilegen's row also shows `x best`: for each other implementation, its time over
tilegen's round by round and the median of those ratios (a paired ratio: the two times
of one round were taken moments apart, so drift between rounds cancels); the smallest
of them, tilegen against the other it beats by least. A case with `target = R` in the
suite is met when that ratio is at least R; the targets are summed up after the table,
each with a 95% interval of that median (paired_interval), which shows how far the
rounds leave it uncertain: at the power limit one round's ratio scatters by ~3%, so 20
rounds pin the median to about +-1%, 60 rounds to about +-0.5%.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import tomllib
from pathlib import Path

from .bench_report import Row, launch_note, load_rows, report


# At most this many warm-up and timed runs per timing, as the gemm tuner (GEMM_MOST_RUNS):
# each timed run first zeroes a 256 MB buffer and sleeps 100 us, so 100 ms of a 6 us
# kernel's runs (16,000) took 3 s, and a suite of small rows spent its time there.
BENCH_MOST_RUNS = 1000


def device_ms(fn, warmup_ms: float = 25, rep_ms: float = 100, head_us: list | None = None) -> float:
    """Median device time of `fn` in ms: tilegen.runtime.timing.device_ms, the method the
    gemm tuner times with too (L2 flushed and a GPU head start before each timed run;
    head_us: see there)."""
    from ..runtime.timing import device_ms as timed

    return timed(fn, warmup_ms=warmup_ms, timed_ms=rep_ms, least_runs=5, most_runs=BENCH_MOST_RUNS, head_us=head_us)


def interleaved_ms(runs: dict, rounds: int, alternate: bool = False, failed: dict | None = None) -> dict:
    """device_ms of each of `runs` (name -> callable) in `rounds` interleaved rounds: each
    round times every run once, so drift (clocks, temperature, power) hits them all alike.
    alternate: every other round in reverse order, so that no run always comes early in a
    round (right after the previous case) or right after the same other run.
    failed: a run that raises drops out, its error recorded there (a peer recompiling or
    running out of memory must not stop a suite); without it, errors propagate.
    Every run is timed with one head start, the longest any of them has needed so far
    (tilegen.runtime.timing.device_ms's head_us).
    Returns name -> the rounds' times, for the runs that finished every round."""
    from ..runtime.timing import HEAD_START_US

    times = {name: [] for name in runs}
    head_us = [HEAD_START_US]
    for rnd in range(rounds):
        for name in list(times)[:: -1 if alternate and rnd % 2 else 1]:
            try:
                times[name].append(device_ms(runs[name], head_us=head_us))
            except Exception as exc:
                if failed is None:
                    raise
                failed[name] = _failure(exc)
                del times[name]
    return times


def _failure(exc: Exception) -> str:
    return f"failed: {type(exc).__name__}: {str(exc)[:80]}"


def print_rounds(prefix: str, times: dict, base_ms: float, work: float, width: int = 40, vs: str = "",
                 unit: str = "TFLOP/s") -> None:
    """One line per run of interleaved_ms' result: its median round as a rate (`work`
    FLOPs as TFLOP/s, or `work` bytes as GB/s), the ratio of base_ms to it (`vs` names the
    base; four decimals for GB/s, where memory-bound kernels differ by tenths of a percent)
    and the rounds' spread."""
    scale, digits = (1e9, 3) if unit == "TFLOP/s" else (1e6, 4)
    for name, ts in times.items():
        ms = statistics.median(ts)
        spread = (max(ts) - min(ts)) / ms * 100
        print(f"{prefix} {name:{width}s} {work / ms / scale:7.1f} {unit}  {base_ms / ms:.{digits}f}x{vs}  "
              f"spread {spread:4.1f}%", flush=True)


def _copy_ceiling() -> float:
    """GB/s of a 1 GiB device-to-device copy (bytes read + written)."""
    import torch

    src = torch.empty(2**28, dtype=torch.float32, device="cuda").normal_()
    dst = torch.empty_like(src)
    ms = device_ms(lambda: dst.copy_(src))
    return 2 * src.numel() * 4 / ms / 1e6


def _warm_up(seconds: float) -> None:
    """Keep the GPU busy for a while first, so its clocks are up before the first case
    (an idle GPU starts slow, and the first case's first round would pay for it)."""
    import time

    import torch

    x = torch.empty(2**26, dtype=torch.float32, device="cuda").normal_()
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        for _ in range(20):
            x.mul_(1.0)
        torch.cuda.synchronize()


def _bytes(tensors) -> int:
    return sum(t.numel() * t.element_size() for t in tensors)


def _impls(module, model, case, compile_ok: bool):
    import torch

    from .bench_baselines import BASELINES

    name = model.sig.name
    impls = {"tilegen": getattr(module, name)}
    if case.get("reference", True):
        impls["reference (eager)"] = getattr(module, name + "_reference")
        if compile_ok:
            impls["reference (torch.compile)"] = torch.compile(getattr(module, name + "_reference"))
    for base in case.get("baselines", []):
        impls[base] = BASELINES[base]
        if compile_ok and case.get("compile_baselines", True) and not base.startswith("cuBLAS torch.matmul"):
            impls[base + " (torch.compile)"] = torch.compile(BASELINES[base])
    return impls


def select_cases(cases: list[dict], name_filter: str = "", part: tuple[int, int] = (1, 1)) -> list[dict]:
    """The cases whose name contains `name_filter` (or whose group is it), then part I of N:
    every Nth of them from the Ith, so that N runs of a long suite share its cases."""
    index, parts = part
    kept = [c for c in cases if not name_filter or name_filter in c["name"] or name_filter == c.get("group")]
    return kept[index - 1::parts]


def run_suite(path: str, name_filter: str = "", rounds: int = 3, progress=None, part=(1, 1)) -> list[Row]:
    """Time every case of the suite (select_cases); `progress(row)`, where given, sees each
    row as it is measured (a long run cut short still shows what it measured)."""
    import torch

    from ..driver import compile_paths
    from .validate import Case, load_module, make_inputs

    suite = tomllib.loads(Path(path).read_text(encoding="utf-8"))
    root = Path(path).resolve().parent.parent
    _warm_up(seconds=2.0)
    copy_gbs = _copy_ceiling()
    rows = [Row("copy 1 GiB fp32", "limit", "torch copy_", 2 * 2**30 / copy_gbs / 1e6, copy_gbs, "GB/s", 100.0)]
    modules = {}
    compile_ok = os.environ.get("TILEGEN_BENCH_COMPILE", "1") != "0"
    for case in select_cases(suite["case"], name_filter, part):
        spec = str(root / case["spec"])
        if spec not in modules:
            results = compile_paths([spec])
            if results is None:
                raise SystemExit(f"cannot compile {spec}")
            (compiled,) = results.values()
            modules[spec] = (load_module(compiled.source, Path(spec).stem), {m.sig.name: m for m in compiled.models})
        module, models = modules[spec]
        model = models[case["kernel"]]
        sizes = dict(case["sizes"])
        args = make_inputs(model.sig, Case(sizes, False, "bench"), "cuda", seed=0, outside_indices=False)
        outs = getattr(module, model.sig.name)(*args)
        outs = outs if isinstance(outs, tuple) else (outs,)
        tensors = [a for a in args if isinstance(a, torch.Tensor)] + list(outs)
        if "flops" in case:
            work, unit = eval(case["flops"], {}, sizes), "TFLOP/s"
        else:
            work = eval(case["bytes"], {}, sizes) if "bytes" in case else _bytes(tensors)
            unit = "GB/s"
        config = getattr(getattr(module, model.sig.name), "last_config", "") or ""
        impls, ready, failed = _impls(module, model, case, compile_ok), {}, {}
        for impl, fn in impls.items():
            try:
                fn(*args)  # compile, tune and warm up outside the timed rounds
                ready[impl] = lambda fn=fn: fn(*args)
            except Exception as exc:  # a peer that fails to compile must not stop the run
                failed[impl] = _failure(exc)
        times = interleaved_ms(ready, rounds, alternate=True, failed=failed)
        for impl in impls:
            if impl in failed:
                rows.append(Row(case["name"], case.get("group", ""), impl, float("nan"), float("nan"), unit, None,
                                failed[impl], target=case.get("target") if impl == "tilegen" else None))
                continue
            ms = statistics.median(times[impl])
            rate = work / ms / (1e9 if unit == "TFLOP/s" else 1e6)
            pct = 100 * rate / copy_gbs if unit == "GB/s" else None
            note = launch_note(config) if impl == "tilegen" else ""
            spread = 100 * (max(times[impl]) - min(times[impl])) / ms
            row = Row(case["name"], case.get("group", ""), impl, ms, rate, unit, pct, note, spread, rounds=times[impl])
            if impl == "tilegen":
                row.vs_best, row.target = paired_ratio(times), case.get("target")
                row.vs_best_interval = paired_interval(times)
            rows.append(row)
            if progress is not None:
                progress(row)
        torch._dynamo.reset()
    return rows


def _paired(times: dict, impl: str) -> list[list[float]]:
    """impl against each other implementation, round by round: for each other, that other's
    time in each round over impl's in the same round (the rounds are in the same order)."""
    others = [name for name in times if name != impl]
    if impl not in times:
        return []
    return [[o / ms for o, ms in zip(times[other], times[impl])] for other in others]


def paired_ratio(times: dict, impl: str = "tilegen") -> float | None:
    """impl against each other implementation, round by round (that other's time in a
    round over impl's in the same round), the median over the rounds; then the smallest
    of those medians: above 1 when impl is faster than every other. Not the ratio to the
    fastest other in each round: when two others are nearly tied, the faster of their two
    noisy times in a round sits below both one's typical times (by about half the standard
    deviation of one round's timing), which would count that noise against impl. None
    without other implementations. `times` maps each implementation to its rounds' times,
    in the same order of rounds (implementations that failed are not in it)."""
    return min((statistics.median(ratios) for ratios in _paired(times, impl)), default=None)


def paired_interval(times: dict, impl: str = "tilegen") -> tuple[float, float] | None:
    """A 95% interval of paired_ratio: of the median of the rounds' ratios to the other
    that paired_ratio settles on (median_interval). None where paired_ratio is None or
    there are too few rounds for one (under 6)."""
    per_other = _paired(times, impl)
    if not per_other:
        return None
    return median_interval(min(per_other, key=statistics.median))


def median_interval(values: list[float], confidence: float = 0.95) -> tuple[float, float] | None:
    """A distribution-free interval for the median of whatever `values` sample: the k-th
    smallest and k-th largest value, k the largest for which the true median falls outside
    with probability at most 1 - confidence (each value lies below the median with
    probability 1/2, so the count below it is binomial). 20 values: the 6th and 15th
    (95.9%). None with too few values for that confidence (under 6 for 95%)."""
    n, x = len(values), sorted(values)
    tail, k = 0.0, 0  # tail: the chance that fewer than k + 1 values lie below the median
    while True:
        tail += math.comb(n, k) / 2**n
        if tail > (1 - confidence) / 2:
            break
        k += 1
    return (x[k - 1], x[n - k]) if k >= 1 else None


def _progress(row: Row) -> None:
    """One line per measured row on stderr, as the run goes (the table follows at the end)."""
    ratio = f"  {row.vs_best:.3f}x best peer" if row.vs_best is not None else ""
    print(f"  {row.case}: {row.impl} {row.ms * 1e3:.1f} us, {row.rate:.1f} {row.unit}{ratio}", file=sys.stderr,
          flush=True)


def main(args) -> int:
    if args.from_json:
        # Report saved runs (several --part runs as one) without timing anything, in the
        # order of the suite's cases where the suite file is there.
        rows = load_rows(args.from_json)
        if Path(args.suite).is_file():
            names = [c["name"] for c in tomllib.loads(Path(args.suite).read_text(encoding="utf-8"))["case"]]
            rows.sort(key=lambda r: names.index(r.case) if r.case in names else -1)
        report(rows, args)
        return 0
    import torch

    if not torch.cuda.is_available():
        print("tilegen bench: needs a CUDA GPU (benchmarks never run on the interpreter)", file=sys.stderr)
        return 2
    import triton

    print(f"device: {torch.cuda.get_device_name(0)}; torch {torch.__version__}; triton {triton.__version__}")
    report(run_suite(args.suite, args.filter, args.rounds, progress=_progress, part=args.part), args)
    return 0
