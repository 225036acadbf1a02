"""How tilegen times a GPU kernel: one method, used by the GEMM tuner and `tilegen bench`.

device_ms() returns the median device time of a callable. After 3 runs that estimate its
time, `warmup_ms` of runs back to back bring the GPU to the clocks it holds under sustained
load: large products run at the power limit, and in a launch's first milliseconds there
they run faster than sustained, and not alike for every launch (without the warm-up the
tuner preferred flatten at 8192^3, which is slower sustained; docs/design.md). Then
`timed_ms` of timed runs (at least `least_runs`), so that configurations a few percent apart
rank reliably. After the warm-up the clocks take longer than 75 ms to settle at the pace
of the timed runs: capped at 200 runs, a 4096^3 product (~0.19 ms a run) was timed over
~75 ms and read 3-7% slow, so the tuner's cap is 1000 runs.

Before each timed run a large buffer is zeroed, so the operands come from memory, not L2,
as they do in real use, and the GPU sleeps HEAD_START_US (or twice the median host time of
the estimating runs, if more; at most 2 ms), so the host enqueues the launch meanwhile: a
launcher's Python and the driver's launch cost never show up as idle GPU time inside the
interval (host cost per call is measured on its own, bench/launch_overhead.py). A launch of
several kernels needs the longer sleep: on the H100's host a product on K-padded copies
(two copies, then the product) took 157-182 us to enqueue, and under a 100 us head start
read 42.4 us where its kernels took 24.8. The host's time is read from the estimating runs
only, which start on an empty queue: in the timed runs the host soon waits for the queue
to drain (a run's flush, sleep and kernels outlast its enqueue), and timing those waits
grew the head start run after run up to its cap (a 50 us product then took 2 ms a run to
time, the GPU asleep for most of it; its times were right, only slow to get).
"""

from __future__ import annotations

import statistics
import time
import warnings

import torch

HEAD_START_US = 100  # GPU sleep before each timed run, in microseconds, at least
HEAD_START_MARGIN = 2.0  # ... and at least this many times the median host time of the estimating runs
HEAD_START_MOST_US = 2_000
FLUSH_BYTES = 256 * 2**20  # zeroed before each timed run: larger than any L2


def flush_buffer(device=None):
    """The buffer device_ms zeroes before each timed run (allocate once, reuse)."""
    return torch.empty(FLUSH_BYTES, dtype=torch.int8, device=device or "cuda")


def device_ms(run, flush=None, *, warmup_ms=25.0, timed_ms=100.0, least_runs=25, most_runs=None,
              head_us=None) -> float:
    """Median device time of `run()` in ms (see the module docstring). most_runs caps the
    warm-up and the timed runs (None: no cap). head_us: a one-element list holding the head
    start in us, shared by the callers that pass it (tilegen bench times every contender of
    a case with the longest any has needed, so that none idles the GPU longer between runs
    than the others); None: this call's own, from HEAD_START_US."""
    flush = flush if flush is not None else flush_buffer()
    cap = most_runs if most_runs is not None else float("inf")
    head_us = [HEAD_START_US] if head_us is None else head_us

    def timed(runs, learn=False):
        events, host_s = [], []
        sleep_cycles = int(head_us[0] * 2000)  # cycles at 2 GHz; a slower clock sleeps longer
        for _ in range(runs):
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            flush.zero_()
            torch.cuda._sleep(sleep_cycles)
            start.record()
            begin = time.perf_counter()
            run()
            if learn:
                host_s.append(time.perf_counter() - begin)
            end.record()
            events.append((start, end))
        torch.cuda.synchronize()
        if not learn:
            return [s.elapsed_time(e) for s, e in events]
        # The GPU must still be asleep when the host has enqueued all of run(): a launch
        # whose host path takes longer than the head start (several kernels, each launched
        # from Python) would otherwise be timed with the GPU idle between its kernels. The
        # median, so that one slow enqueue (a garbage collection) does not lengthen every
        # sleep after it.
        need_us = HEAD_START_MARGIN * statistics.median(host_s) * 1e6
        if need_us > HEAD_START_MOST_US:
            warnings.warn(f"the host takes {need_us / HEAD_START_MARGIN:.0f} us to enqueue a run, past the GPU's "
                          f"head start of {HEAD_START_MOST_US} us at most: its device time includes the GPU waiting",
                          RuntimeWarning, stacklevel=3)
        head_us[0] = min(max(head_us[0], need_us), HEAD_START_MOST_US)
        return [s.elapsed_time(e) for s, e in events]

    run()
    torch.cuda.synchronize()
    estimate = max(sum(timed(3, learn=True)) / 3, 1e-3)  # (and the head start the host needs)
    for _ in range(int(min(cap, warmup_ms / estimate))):
        run()
    return statistics.median(timed(int(max(least_runs, min(cap, timed_ms / estimate)))))


def ranks(times: dict) -> dict:
    """Rank candidates round by round: each one's time in a round over the median of all of
    theirs in that round, then the median over the rounds; lower is faster. `times` maps
    each candidate that ran every round to its timings, in the order of the rounds. Like
    `tilegen bench`'s paired ratio, this cancels drift from one round to the next (at the
    power limit clocks move by several percent), which a ranking by each candidate's median
    timing would count."""
    rounds = range(min(map(len, times.values()), default=0))
    typical = [statistics.median(ms[r] for ms in times.values()) for r in rounds]
    return {i: statistics.median(ms[r] / typical[r] for r in rounds) for i, ms in times.items() if rounds}
