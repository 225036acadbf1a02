"""GEMM launches, host side: block configurations, launch modes, the autotuner and its
disk cache.

Each gemm launcher asks _gemm_config() how to launch: a block configuration
(tile sizes, GROUP_M, warps, pipeline stages) and a launch mode (addressing,
persistent, flatten). The spec's schedule pins any of these and a call can
override them with schedule={...}; _gemm_policy() below lists the launch modes
for the rest, and on a GPU the candidates (block configuration x launch mode) are
tuned once per (kernel, device, shape bucket, dtypes), the winner cached in memory
and in $TILEGEN_CACHE_DIR/gemm-autotune.json (default ~/.cache/tilegen).
TILEGEN_AUTOTUNE=0 takes the first candidate instead (on a GPU the best by
gemm_model, an analytic model of the shape, tile and SM count), and so does a launch
during CUDA graph capture that finds no tuned choice for its bucket (nothing may time or
synchronize there; that choice is not kept as tuned); TILEGEN_AUTOTUNE=1 tunes even
under the interpreter. TILEGEN_VERBOSE=1 logs every choice and every candidate that fails;
NAME.last_config holds the last choice.
"""

from __future__ import annotations

import functools
import os
import sys
import time

import torch
import triton

from .args import cdiv, interpreting, next_power_of_2
from .rules import GEMM_CALL_RULES, check_call_schedule as gemm_check_schedule
from .tuning_cache import gemm_cache_load, gemm_cache_store
from .launch_model import gemm_model, gemm_rank, gemm_shortlist  # noqa: F401 (tests and scripts read them here)
from .timing import device_ms, flush_buffer, ranks
from .gemm_configs import (  # noqa: F401 (tests, scripts and the generated launchers read them here)
    GEMM_CONFIG_KEYS, GEMM_CONFIGS, GEMM_HOPPER_BYTE_CONFIGS, GEMM_HOPPER_CONFIGS, GEMM_HOPPER_SMALL_M_CONFIGS,
    GEMM_INTERPRETER_CONFIG, GEMM_POINTER_GRID, GEMM_SPLIT_KS, gemm_facts, gemm_k_major, gemm_narrow_configs,
    gemm_narrow_loads, gemm_narrow_variants, gemm_pins, gemm_smem, gemm_split_candidates, gemm_split_k_buffers,
    gemm_split_k_done, gemm_tail_candidates, gemm_tma_ok,
)

# Launch policy for what neither the spec nor the call decides; change it here after measuring.
# An unbatched kernel's descriptor launch costs about 26 us more host time per call (the
# launcher builds and Triton encodes three descriptors: 62 against 36 us at 2048^3 on an
# H100 machine), so descriptors are timed only for products that keep the GPU ahead of the
# host in back-to-back calls: 2**35 multiply-adds and up, or where gemm_model says the best
# pointer launch runs at least GEMM_DESCRIPTOR_MIN_S. The time catches skinny products,
# slower per multiply-add (mistral's 256x32000x4096 lm_head, 2**35 less 0.1%, ~120 us);
# the count keeps 1-byte operands, which the model rates twice as fast (fp8 at 4096^3:
# 93 us by the model, about 100-130 measured). Batched kernels build their descriptors in
# the kernel, at no host cost.
GEMM_DESCRIPTOR_MIN_MACS = 1 << 35
GEMM_DESCRIPTOR_MIN_S = 100e-6
GEMM_DESCRIPTOR_MIN_MACS_BATCHED = 1 << 27
GEMM_FLATTEN = False  # persistent launches: flatten the tile loop into the K loop (schedule "flatten")
GEMM_TUNE_ROUNDS = 4  # interleaved timing rounds per candidate, half of them in reverse order (see gemm_tune)
GEMM_RUNOFF_WITHIN = 0.03  # then candidates this close to the best score (3%) run a runoff
GEMM_RUNOFF_ROUNDS = 8  # of this many more rounds among themselves
GEMM_WARMUP_MS = 25  # each timing starts with this much of the candidate back to back
GEMM_TIMED_MS = 100  # then times this much of it (at least 25 runs), as tilegen bench does
GEMM_MOST_RUNS = 1000  # at most this many runs of each: ~100 ms of runs down to 0.1 ms a run (see gemm_device_ms)
GEMM_TUNE_MIN_MACS = 1 << 24  # smaller products take the first candidate: tuning would cost more
GEMM_TUNE_BUDGET_S = 4.0  # no timing starts that would end past this (gemm_tune_rounds): 5 s a bucket; a compile past its estimate overshoots (docs/design.md)
# Part of every disk-cache key: raise it when kernels or launches change so that
# configurations tuned for the old ones are not reused (2: descriptors built on the host;
# 3: balanced persistent grids, gemm_programs; 4: a grid's tile loop of one constant step;
# 5: the tuner's runoff between its leaders; 6: timings after a sustained warm-up, ranked
# round by round; 7: timings of up to 1000 runs, not 200; 8: small-M tiles, candidates
# ranked by gemm_model; 9: the leader's turned tile timed too; 10: split-K candidates;
# 11: operands loaded element by element tune apart, with smaller K blocks; 12: and their
# tiles in K blocks of 16 timed beside, gemm_narrow_variants; 13: small-M 16x32x256 in 6
# stages and 16x64x256, and the narrow K-block extras timed right after the leader; 14:
# tiles of two column blocks, block_n2; 15: 256x128 in 4 stages).
GEMM_CACHE_VERSION = "v15"

def gemm_programs(num_tiles, sms):
    """Programs of a persistent launch over `num_tiles` tiles with `sms` SMs: the fewest
    that need no more rounds of tiles than one program per SM would. Then at most
    `rounds - 1` programs run one tile fewer than the rest, where one program per SM can
    leave up to `sms - 1` SMs idle in the last round. 512 tiles on 132 SMs (128x256 tiles
    at 4096^3): 128 programs of exactly 4 tiles, rather than 132 of which 16 run 3, and
    each round of 128 tiles is then one whole GROUP_M group of 8 tile rows. Measured 1.2%
    faster at 4096^3 on the H100 (docs/design.md)."""
    rounds = cdiv(max(num_tiles, 1), sms)
    return cdiv(max(num_tiles, 1), rounds)


def gemm_policy(device, descriptors_ok, pointer_s, macs, batched=False):
    """The launch modes, (addressing, persistent, flatten), to consider when neither the
    spec nor the call picks one; the first is used untuned. On Hopper and newer, long
    aligned products (GEMM_DESCRIPTOR_MIN_MACS `macs`, or the model's best unpinned pointer
    grid, `pointer_s` seconds, at least GEMM_DESCRIPTOR_MIN_S; batched: at least
    GEMM_DESCRIPTOR_MIN_MACS_BATCHED `macs`) are
    timed three ways: masked pointers on a grid of one program per tile, and tensor
    descriptors (TMA) run persistent, with and without the tile loop flattened into the K
    loop. Which wins depends on the shape (measured, see docs/design.md). Everywhere else:
    masked pointer arithmetic."""
    if batched:
        long_enough = macs >= GEMM_DESCRIPTOR_MIN_MACS_BATCHED
    else:
        long_enough = macs >= GEMM_DESCRIPTOR_MIN_MACS or pointer_s >= GEMM_DESCRIPTOR_MIN_S
    if device.type == "cuda" and descriptors_ok and long_enough:
        if gemm_device(device.index)[1] >= 9:
            return [("pointer", False, False), ("descriptor", True, False), ("descriptor", True, True)]
    return [("pointer", False, False)]


# What a call's schedule= may set, and the values each key takes: the rules tilegen checks a
# spec's schedule { } with (tilegen/language/schedule.py), less precision, which is compiled in.
# ("pow2", lo, hi): a power of two from lo to hi; ("range", lo, hi): an integer; ("one_of", ...).
GEMM_SCHEDULE_RULES = GEMM_CALL_RULES
GEMM_SCHEDULE_KEYS = tuple(GEMM_SCHEDULE_RULES)
GEMM_CHOSEN = {}  # (kernel, device, sizes, call schedule, TMA ok) -> launch configuration
GEMM_TUNED = {}  # tuning key -> block configuration, this process's share of the disk cache


@functools.lru_cache(maxsize=None)
def gemm_device(index):
    """(name, compute capability major, shared memory per block in bytes, SM count) of a CUDA device."""
    props = torch.cuda.get_device_properties(index)
    try:
        smem = triton.runtime.driver.active.utils.get_device_properties(index)["max_shared_mem"]
    except Exception:  # an older Triton: ask torch
        smem = getattr(props, "shared_memory_per_block_optin", 48 * 1024)
    return props.name, props.major, smem, props.multi_processor_count


def gemm_candidates(device, elem_bytes, pins, narrow=False):
    """The block configurations to try, `pins` applied, pruned to what fits in shared memory;
    for `narrow` operands (gemm_narrow_loads) shrunk to hold few values a thread, pinned keys
    kept (gemm_narrow_configs)."""
    if device.type != "cuda":
        base, smem = [GEMM_INTERPRETER_CONFIG] + GEMM_CONFIGS, None
    else:
        _, major, smem, _ = gemm_device(device.index)
        base = GEMM_HOPPER_CONFIGS + GEMM_HOPPER_SMALL_M_CONFIGS if major >= 9 else GEMM_CONFIGS
        if major >= 9 and elem_bytes == 1:
            base = GEMM_HOPPER_BYTE_CONFIGS + base
    configs = []
    for config in base:
        config = {**config, **pins}
        if config not in configs:
            configs.append(config)
    if narrow:
        configs = gemm_narrow_configs(configs, pinned=pins)
    need = lambda c: gemm_smem(c, elem_bytes)
    fits = [c for c in configs if smem is None or need(c) <= smem]
    return fits or [min(configs, key=need)]


def gemm_capturing(device):
    """Is the current CUDA stream capturing a graph? Then a launch may not synchronize or time."""
    return device.type == "cuda" and torch.cuda.is_available() and torch.cuda.is_current_stream_capturing()


def gemm_scratch(size, alignment, stream):
    """Global scratch memory where kernels write the tensor descriptors they create
    (batched kernels: one per product)."""
    return torch.empty(size, dtype=torch.int8, device="cpu" if interpreting() else "cuda")


def gemm_use_scratch():
    """Install gemm_scratch as Triton's allocator, unless the caller installed one."""
    try:
        from triton.runtime._allocation import _NULL_ALLOCATOR, _allocator

        if _allocator.get() is not _NULL_ALLOCATOR:
            return
    except ImportError:
        pass
    triton.set_allocator(gemm_scratch)


def gemm_config(kernel, schedule, device, sizes, tma_ok, launch, outs, narrow=False, b_k_major=False):
    """How to launch `kernel` on these sizes: a block configuration plus the launch mode
    ("addressing", "persistent", "flatten"), "sms" (the SM count a persistent grid is sized for, see
    gemm_programs) and
    "source" (pinned, first candidate, or tuned now / in this process / from disk). `narrow`:
    an operand loads element by element (gemm_narrow_loads), which takes other tiles;
    `b_k_major`: B is stored along K (gemm_k_major), which wide pointer tiles load slower."""
    if schedule is not None and not isinstance(schedule, dict):
        name = kernel["id"].split(":")[-1]
        raise TypeError(f"{name}(): parameter 'schedule': expected a dict of settings (dict(block_m=128, ...)), got {schedule!r}")
    key = (kernel["id"], device, sizes, tuple(sorted(schedule.items())) if schedule else (), tma_ok, narrow, b_k_major)
    config = GEMM_CHOSEN.get(key)
    if config is None:
        config = gemm_choose(kernel, schedule or {}, device, sizes, tma_ok, launch, outs, narrow, b_k_major)
        # Later calls reuse the choice: for them it was tuned earlier in this process. A
        # model's choice made during graph capture is not kept: the next call outside a
        # capture tunes.
        if not config["source"].startswith("model (graph capture"):
            GEMM_CHOSEN[key] = {**config, "source": config["source"].replace("tuned now", "tuned (this process)")}
        if os.environ.get("TILEGEN_VERBOSE", "0") not in ("", "0"):
            print(f"tilegen: {kernel['id']} batch={sizes[0]} M={sizes[1]} N={sizes[2]} K={sizes[3]}: {config}", file=sys.stderr)
    if config["addressing"] == "descriptor" and kernel["batched"]:
        gemm_use_scratch()  # batched kernels build their descriptors in global scratch memory
    return config


def gemm_bucket(sizes):
    """The tuning bucket of sizes: each rounded up to a power of two."""
    return tuple(next_power_of_2(d) for d in sizes)


def gemm_choose(kernel, schedule, device, sizes, tma_ok, launch, outs, narrow=False, b_k_major=False):
    name = kernel["id"].split(":")[-1]
    gemm_check_schedule(name, schedule)
    wish = {**kernel["pinned"], **schedule}  # the call overrides the spec
    if wish.get("flatten") in (True, "true") and wish.get("persistent") in (False, "false"):
        raise ValueError(f"{name}(): schedule flatten = True merges a persistent launch's tile loop into its K loop; "
                         f"got persistent = False")
    batch, m, n, k = sizes
    macs = batch * m * n * k
    pins = gemm_pins(wish)
    sms = gemm_device(device.index)[3] if device.type == "cuda" else 4  # the interpreter: 4 "SMs"
    # Every candidate: a block configuration under a launch mode.
    configs = gemm_candidates(device, kernel["elem_bytes"], pins, narrow)
    out_bytes = sum(o.element_size() for o in outs) or kernel["elem_bytes"]
    pointer_s = 0.0
    if device.type == "cuda":  # the model's best pointer grid, unpinned: is the kernel long enough for descriptors?
        unpinned = gemm_candidates(device, kernel["elem_bytes"], {}, narrow) if pins else configs
        # (Without the cost of loads element by element: which launch modes are tried for
        # narrow operands that meet the TMA rules, K = 4104, is not measured against it.)
        pointer_s = min(gemm_model({**GEMM_POINTER_GRID, **c}, sizes, sms, kernel["elem_bytes"], out_bytes, b_k_major=b_k_major)
                        for c in unpinned)
    modes = gemm_policy(device, tma_ok and "descriptor" in kernel["modes"], pointer_s, macs, kernel["batched"])
    note = ""
    # What the spec or the call pins narrows the policy's launch modes; what it leaves
    # open is tuned (e.g. pinning persistent = true on Hopper still times flatten both ways).
    if "addressing" in wish:
        addressing = wish["addressing"]
        if addressing not in kernel["modes"]:
            raise ValueError(
                f"{name}(): addressing {addressing!r} is not compiled into this kernel (it has {list(kernel['modes'])}); "
                "set it in the spec's schedule"
            )
        if addressing == "block_ptr" and tuple(int(p) for p in triton.__version__.split(".")[:2]) >= (3, 9):
            raise RuntimeError(f"{name}(): addressing = block_ptr needs Triton < 3.9 (installed: {triton.__version__})")
        if addressing == "descriptor" and not tma_ok:
            # An operand or output breaks the descriptor rules (see gemm_tma_ok): masked pointers work for any layout.
            addressing, note = "pointer", " (descriptor rules not met: pointer fallback)"
        modes = [mode for mode in modes if mode[0] == addressing] or [(addressing, False, False)]
    if "persistent" in wish:
        persistent = wish["persistent"] in (True, "true")
        modes = [mode for mode in modes if mode[1] == persistent] or [(modes[0][0], persistent, persistent and GEMM_FLATTEN)]
    if "flatten" in wish:
        flatten = wish["flatten"] in (True, "true")
        modes = list(dict.fromkeys((a, p, p and flatten) for a, p, _ in modes))
    if pins.get("split_k", 1) > 1:
        # The programs sharing a tile meet through masked stores: a pointer grid only.
        if not kernel.get("split_k"):
            raise ValueError(f"{name}(): schedule split_k > 1 needs every output masked by rows or columns "
                             "and pointer addressing compiled in; this kernel has not")
        if (wish.get("addressing", "pointer") != "pointer" or wish.get("persistent") in (True, "true")
                or wish.get("flatten") in (True, "true")):
            raise ValueError(f"{name}(): schedule split_k > 1 runs with addressing = 'pointer', persistent = False; "
                             f"got addressing = {wish.get('addressing', 'pointer')!r}, persistent = {wish.get('persistent')!r}"
                             f", flatten = {wish.get('flatten')!r}")
        modes = [("pointer", False, False)]
    if pins.get("block_n2", 0) > 0:  # a tile's second block of columns: a pointer grid, one program a tile
        if not kernel.get("tail"):
            raise ValueError(f"{name}(): schedule block_n2 > 0 needs pointer addressing compiled into this kernel "
                             f"(it has {list(kernel['modes'])}); allow it in the spec's schedule")
        got = {key: wish.get(key, default) for key, default in (("addressing", "pointer"), ("persistent", False))}
        if got["addressing"] != "pointer" or got["persistent"] in (True, "true") or pins.get("split_k", 1) > 1:
            spec = " (the spec's schedule)" if any(k in kernel["pinned"] and k not in schedule for k in got) else ""
            raise ValueError(f"{name}(): schedule block_n2 > 0 runs with addressing = 'pointer', persistent = False, "
                             f"split_k = 1; got addressing = {got['addressing']!r}, persistent = {got['persistent']!r}, "
                             f"split_k = {pins.get('split_k', 1)!r}{spec}")
        modes = [("pointer", False, False)]
    # Descriptors load whole tiles by TMA, asynchronously, whatever the pointers' runs: their
    # candidates keep the full tiles (where the TMA rules hold but K breaks the runs, K = 4104).
    wide_configs = gemm_candidates(device, kernel["elem_bytes"], pins) if narrow else configs
    candidates = []
    for addressing, persistent, flatten in modes:
        # When several launch modes are tuned, descriptor modes get tiles of at least
        # 128x128 only (smaller ones never won with them on the H100; docs/design.md),
        # unless the tile size is pinned or no such tile fits (f32 operands).
        keep = wide_configs if addressing == "descriptor" else configs
        if len(modes) > 1 and addressing != "pointer" and "block_m" not in pins and "block_n" not in pins:
            keep = [c for c in keep if c["block_m"] * c["block_n"] >= 128 * 128] or keep
        candidates += [
            {"split_k": 1, "block_n2": 0, **config, "addressing": addressing, "persistent": persistent, "flatten": flatten,
             "sms": sms}
            for config in keep
        ]
        if addressing == "pointer" and not persistent and "split_k" not in pins and kernel.get("split_k"):
            # Offered by the sizes' tuning bucket (each rounded up to a power of two), so that
            # every shape of a bucket has the same candidates as the choice cached for it.
            candidates += gemm_split_candidates(candidates, gemm_bucket(sizes), sms)
        if addressing == "pointer" and not persistent and not narrow and "block_n2" not in pins and kernel.get("tail"):
            smem = gemm_device(device.index)[2] if device.type == "cuda" else None
            candidates += gemm_tail_candidates(candidates, pins, smem, kernel["elem_bytes"])
    if device.type == "cuda" and len(candidates) > 1:
        # The model's ranking: its best is the first candidate, taken untuned.
        if narrow:  # each tile in K blocks of 16 too: fewer loads past a short K's edge
            candidates = gemm_narrow_variants(candidates, pins, kernel["elem_bytes"])
        candidates = gemm_rank(candidates, sizes, sms, kernel["elem_bytes"], out_bytes, narrow, b_k_major)
    tune = os.environ.get("TILEGEN_AUTOTUNE", "")
    if len(candidates) == 1:
        return {**candidates[0], "source": "pinned" + note}
    if tune == "0" or (tune != "1" and (device.type != "cuda" or macs < GEMM_TUNE_MIN_MACS)):
        return {**candidates[0], "source": "first candidate" + note}
    # Tune per bucket of sizes (each rounded up to a power of two), not per exact shape. B's
    # layout only orders the same candidates: one tuned choice serves both (`tilegen tune`'s).
    bucket = "x".join(map(str, gemm_bucket(sizes)))
    device_name = gemm_device(device.index)[0] if device.type == "cuda" else "interpreter"
    tuning_key = "|".join([
        kernel["id"], device_name, bucket, kernel["dtypes"],
        ",".join(f"{a}:{'persistent' if p else 'grid'}{'+flatten' if f else ''}" for a, p, f in modes),
        ",".join(f"{k}={v}" for k, v in sorted(pins.items())),
        "narrow" if narrow else "wide",  # operands loaded element by element take other tiles
        GEMM_CACHE_VERSION,
        kernel["fingerprint"],
    ])
    config = GEMM_TUNED.get(tuning_key)
    source = "tuned (this process)"
    if config is None:
        config = gemm_cache_load().get(tuning_key)
        source = "tuned (disk cache)"
    if config not in candidates:
        if gemm_capturing(device):
            # Inside a CUDA graph capture nothing may synchronize or time: the model's
            # choice, not remembered as tuned (the first call outside a capture tunes).
            return {**candidates[0], "source": "model (graph capture)" + note}
        if kernel["batched"] and any(c["addressing"] == "descriptor" for c in candidates):
            gemm_use_scratch()  # batched descriptor kernels need Triton's allocator to launch at all
        shortlist = gemm_shortlist(candidates, narrow=narrow) if device.type == "cuda" else candidates
        config = gemm_tune(shortlist, launch, outs, device)
        gemm_cache_store(tuning_key, config)
        source = "tuned now"
    GEMM_TUNED[tuning_key] = config
    return {**config, "source": source + note}


def gemm_tune(candidates, launch, outs, device):
    """Time each candidate, writing to scratch outputs; the fastest wins; one that fails to
    compile or launch is skipped. On a GPU: GEMM_TUNE_ROUNDS interleaved rounds, every other
    one in reverse order (clock drift under the power limit hits every candidate alike),
    ranked round by round (gemm_scores); then the candidates within GEMM_RUNOFF_WITHIN of
    the best run GEMM_RUNOFF_ROUNDS more rounds among themselves, which alone rank them
    (one round scatters by more than the leaders differ). All within GEMM_TUNE_BUDGET_S."""
    # Laid out as the outputs, strides too (launches key an output's strides by the call's signature).
    scratch = [torch.empty_strided(o.shape, o.stride(), dtype=o.dtype, device=o.device) for o in outs]
    flush = flush_buffer(device) if device.type == "cuda" else None
    deadline = time.perf_counter() + GEMM_TUNE_BUDGET_S if flush is not None else None  # compiles included
    costs = {}  # candidate index -> seconds of its first and last timing
    times = {i: [] for i in range(len(candidates))}  # candidate index -> its timings
    failure = gemm_tune_rounds(candidates, times, GEMM_TUNE_ROUNDS if flush is not None else 1, launch, scratch, flush,
                               deadline, costs)
    scores = gemm_scores(times)
    finalists = [i for i in scores if scores[i] <= min(scores.values(), default=0.0) * (1 + GEMM_RUNOFF_WITHIN)]
    if flush is not None and len(finalists) > 1:
        runoff = {i: [] for i in finalists}
        failure = gemm_tune_rounds(candidates, runoff, GEMM_RUNOFF_ROUNDS, launch, scratch, flush, deadline,
                                   costs) or failure
        # The runoff alone ranks the finalists, if a round of it fitted the budget; should
        # every one fail in it, the others that ran.
        if any(runoff.values()) or not runoff:
            scores = gemm_scores(runoff) or {i: s for i, s in scores.items() if i not in finalists}
    if not scores:
        raise RuntimeError(f"none of the {len(candidates)} gemm configurations could run, e.g. {candidates[0]}") from failure
    return candidates[min(scores, key=scores.get)]


def gemm_scores(times):
    """Candidates ranked round by round (timing.ranks); lower is faster."""
    return ranks(times)


def gemm_tune_rounds(candidates, times, rounds, launch, scratch, flush, deadline=None, costs=None):
    """Time candidates[i] for each index i of `times` in `rounds` interleaved rounds, every
    other one in reverse order, appending to times[i]; one that raises drops out of `times`.
    Returns the last error, or None. flush None: the interpreter, wall-clock time. With a
    `deadline` (time.perf_counter()) nothing starts that would end past it, judged by `costs`
    (index -> seconds of its first and its last timing, kept across calls): a round of
    candidates timed before by the sum of their last timings, a candidate not yet timed by
    the longest of the others' first (which include their compiles). The very first always
    runs; candidates the first round did not reach drop out of `times`."""
    failure, costs = None, {} if costs is None else costs
    for rnd in range(rounds):
        order = list(times)[:: -1 if rnd % 2 else 1]
        if deadline is not None and all(i in costs for i in order):
            if time.perf_counter() + sum(costs[i][1] for i in order) > deadline:
                break
        for i in order:
            start = time.perf_counter()
            if deadline is not None and i not in costs and costs:
                if start + max(first for first, _ in costs.values()) > deadline:
                    for k in [k for k in times if not times[k]]:
                        del times[k]  # not reached: out of the ranking
                    return failure
            run = functools.partial(launch, candidates[i], *scratch)
            try:
                if flush is not None:
                    ms = gemm_device_ms(run, flush)
                else:
                    run()  # the interpreter: compile, then the wall-clock time of one run
                    begin = time.perf_counter()
                    run()
                    ms = (time.perf_counter() - begin) * 1e3
                times[i].append(ms)
                took = time.perf_counter() - start
                costs[i] = (costs[i][0] if i in costs else took, took)
            except Exception as exc:
                del times[i]
                failure = exc
                if os.environ.get("TILEGEN_VERBOSE", "0") not in ("", "0"):
                    print(f"tilegen: skipped {candidates[i]}: {type(exc).__name__}: {str(exc)[:120]}", file=sys.stderr)
    return failure


def gemm_device_ms(run, flush):
    """Median device time of `run` in ms, timed as `tilegen bench` times (timing.device_ms),
    capped at GEMM_MOST_RUNS runs: see timing.device_ms for why the cap and the warm-up."""
    return device_ms(run, flush, warmup_ms=GEMM_WARMUP_MS, timed_ms=GEMM_TIMED_MS, most_runs=GEMM_MOST_RUNS)
