"""Arrival counts: int32 counters by which programs that share a piece of work (the split-K
programs of a GEMM tile, the slices of a block in a reduction over named dimensions) find
the last of them to finish. Each program stores its partial result, then adds 1 to its
piece's count; the one that reads back `sharers - 1` combines every partial result in a
fixed order (so the result does not depend on which finished last) and sets the count
back to 0. A launch thus leaves the counts as it found them, all zero. Imports torch and
tilegen.runtime.args only."""

from __future__ import annotations

import torch

from .args import current_stream

ARRIVAL_COUNTS = {}  # (device, stream) -> arrival counts, all zero, not in use


def counts_key(device):
    """The stream a launch goes to (the current device's current stream, where Triton
    launches), with the device the counts live on."""
    return str(device), current_stream(torch.cuda.current_device()) if device.type == "cuda" else 0


def take_counts(device, n):
    """(n arrival counts, all zero; the key of the pool they go back to, or None).
    Launches on one stream run one after another and take turns with one buffer per stream,
    zeroed once (a zeroing per launch cost a memset kernel, 1.4-2.4 us of device time on
    the H200, and its host time). The buffer is taken out of ARRIVAL_COUNTS until
    give_back returns it after the launch is queued: a launch that raises (its programs may
    not all have counted in) never does, and the next one zeroes a new buffer. Inside
    CUDA-graph capture each launch gets a buffer of its own, zeroed in the graph, which
    goes back to no pool: a replay may run on another stream, beside launches on this one."""
    if device.type == "cuda" and torch.cuda.is_current_stream_capturing():
        return torch.zeros(n, dtype=torch.int32, device=device), None
    pool = counts_key(device)
    counts = ARRIVAL_COUNTS.pop(pool, None)
    if counts is None or counts.numel() < n:
        counts = torch.zeros(max(n, 1024), dtype=torch.int32, device=device)
    return counts, pool


def give_back(pool, counts):
    """Give a launch's arrival counts back to their pool (take_counts), once the launch is
    queued; nothing for a pool of None (graph capture, or a launch that took no counts)."""
    if pool is not None:
        ARRIVAL_COUNTS[pool] = counts
