"""Experiments on the row-reduction launches, each timed beside torch.compile of the torch
baseline and a same-size copy (`y.copy_(x)`, the ceiling for a kernel that reads x once
and writes y once), in interleaved rounds. GPU only:

    python bench/exp_norm_launches.py MODE [KERNEL or MxN ...]   (default: every case)
    (MODE: inductor, hints, regs, looped, reread, welford, shifted, unroll, const, team, forms,
     loopforms, combine, gaps)

inductor  writes torch.compile's layernorm / rmsnorm kernels and the launch configs its
          autotuner chose under $OUT (default /tmp), and times them beside tilegen's.
hints     the looped kernels with and without their cache hints (store evict_first,
          per-column loads evict_last), at whole-row and smaller blocks.
regs      the single pass with its registers capped (Triton's maxnreg), for more
          programs per SM.
looped    pinned rows of the launch table: single pass against looped whole-row blocks.
reread    layernorm's single pass holding the row against its REREAD form (both reductions
          from the registers, then x loaded again, from cache, and xc recomputed: the
          shape of torch.compile's 8192-column kernel). The generated REREAD form marks the
          first load of the row evict_last (this mode once timed it with and without).
welford   layernorm's single pass edited to get the mean and the variance from one
          reduction of (mean, M2, count) triples (Chan's combine, as torch.compile's
          Welford does) instead of two chained ones.
shifted   layernorm's mean and variance from one pass of two sums over the row shifted
          by its first element (d = x - x[0]: mean = x[0] + sum(d) / N, variance =
          sum(d * d) / N - (sum(d) / N)**2), so the row need not stay in registers
          between two chained reductions; as two tl.sum and as one tl.reduce of pairs,
          each under the single-pass and the REREAD strategy.
unroll    the looped kernels' column loops unrolled (`loop_unroll_factor`), so that a
          program has several blocks' loads in flight, as torch.compile's unrolled loops do.
const     what compile-time sizes are worth (torch.compile's kernels have them): the row
          width N as a constexpr, also the row strides, the masks replaced by all-true
          ones (an upper bound, valid only here, where N is the block width), and the
          single pass without its row-block loop.
team      rows of 4096 and 8192 columns spread over a team of programs (the strategy of
          rows wider than 16384 columns), against the table's launch.
forms     the generated single pass against the hand-written 1-D kernels of
          exp_norm_prefetch.py (grid of one program per row), and layernorm's single pass
          with the centred row masked once (xc = where(mask, x - mu, 0)) instead of inside
          the second reduction, with and without its row-block loop.
loopforms the looped kernels at 4096 and 8192 columns with pipelined column loops
          (stages 1-3), walking the final pass forwards instead of backwards, without the
          tl.where that masks a sum's lanes (the load's other= is 0 already), and without
          the row-block loop (one program per row block).
combine   how layernorm's looped Welford pass (8192 columns) merges its lanes: the row's
          mean divided by the row width (the default) against dividing by the sum of the
          lanes' counts (the same number, but a reduction the compiler placed before the
          first load), beside the hand-written two-loop kernel of exp_norm_twopass.py.
gaps      layernorm's looped kernel at 8192 columns against the hand-written two-loop kernel,
          one difference at a time: the plain mean update (mean + delta * weight, which
          turns an inf mean into NaN), the final pass walked forwards, no evict_first on
          the output, no row mask (one program per row), the lanes merged by one tl.reduce
          of (mean, M2, count) triples, and all of these together; and the final pass taking
          its first block (the one the Welford pass read last) from registers; the row
          strides as compile-time constants (as the hand-written kernel has them).

Variants are text edits of the generated bench module (bench/specs/bench_norms.tile).
"""

import functools
import gc
import os
import statistics
import sys
from pathlib import Path

import torch
import torch.nn.functional as F

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms, print_rounds  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

(compiled,) = compile_paths([str(ROOT / "bench/specs/bench_norms.tile")]).values()
BASE = compiled.source.replace("import triton.language as tl\n", "import triton.language as tl\n\n_MAXNREG = None\n", 1)
LAUNCH_END = "        num_warps=num_warps,\n        **extra,\n    )"
assert LAUNCH_END in BASE
BASE = BASE.replace(LAUNCH_END, LAUNCH_END.replace("**extra,", "maxnreg=_MAXNREG,\n        **extra,"))
STORE_HINT = ', mask=mask, eviction_policy="evict_first")'
W_LOADS = ("w = tl.load(w_ptr + w_offs, mask=mask_n, other=0.0)", "b = tl.load(b_ptr + b_offs, mask=mask_n, other=0.0)")
SHAPES = {"softmax_f16": [(32768, 1024), (8192, 4096)],
          "layernorm_bf16": [(65536, 1024), (16384, 4096), (8192, 8192)],
          "rmsnorm_bf16": [(65536, 1024), (16384, 4096), (8192, 8192)]}
ROUNDS = 5
SEEN = set()  # torch.compile autotuners already reported


WELFORD_COMBINE = """
@triton.jit
def _welford_combine(mean_a, m2_a, n_a, mean_b, m2_b, n_b):
    n = n_a + n_b
    delta = mean_b - mean_a
    frac = tl.where(n == 0.0, 0.0, n_b / n)
    return mean_a + delta * frac, m2_a + m2_b + delta * delta * n_a * frac, n

"""


def welford_layernorm(src):
    """layernorm_bf16's single pass with mean and variance from one (mean, M2, count) reduction."""
    start = src.index("def layernorm_bf16_kernel(")
    end = src.index("def layernorm_bf16_looped_kernel(")
    body = src[start:end]
    old_mu = "mu = tl.sum(x, axis=1, keep_dims=True) / N"
    new_mu = ("mu, m2, count = tl.reduce((x, tl.zeros_like(x), tl.where(mask, 1.0, 0.0)), axis=1, "
              "combine_fn=_welford_combine, keep_dims=True)")
    old_var = "mean_xc_sq = tl.sum(tl.where(mask, xc * xc, 0.0), axis=1, keep_dims=True) / N"
    assert old_mu in body and old_var in body
    body = body.replace(old_mu, new_mu).replace(old_var, "mean_xc_sq = m2 / N")
    src = src[:start] + body + src[end:]
    at = src.index("# spec: bench_norms.tile:8")
    return src[:at] + WELFORD_COMBINE + src[at:]


PAIR_ADD = """
@triton.jit
def _pair_add(a1, a2, b1, b2):
    return a1 + b1, a2 + b2

"""


def shifted_layernorm(src, paired):
    """layernorm_bf16's single pass with mean and variance from sums over the shifted row."""
    start = src.index("def layernorm_bf16_kernel(")
    end = src.index("def layernorm_bf16_looped_kernel(")
    body = src[start:end]
    old_mu = "mu = tl.sum(x, axis=1, keep_dims=True) / N"
    old_var = "mean_xc_sq = tl.sum(tl.where(mask, xc * xc, 0.0), axis=1, keep_dims=True) / N"
    assert old_mu in body and old_var in body
    sums = ("s1, s2 = tl.reduce((d, d * d), axis=1, combine_fn=_pair_add, keep_dims=True)" if paired else
            "s1 = tl.sum(d, axis=1, keep_dims=True)\n        s2 = tl.sum(d * d, axis=1, keep_dims=True)")
    new_mu = ("shift = tl.load(x_ptr + x_row_offs, mask=mask_rows, other=0.0).to(tl.float32)\n"
              "        d = tl.where(mask, x - shift, 0.0)\n        " + sums + "\n        mu = shift + s1 / N")
    new_var = "mean_xc_sq = tl.maximum(s2 / N - (s1 / N) * (s1 / N), 0.0)"
    body = body.replace(old_mu, new_mu).replace(old_var, new_var)
    src = src[:start] + body + src[end:]
    at = src.index("# spec: bench_norms.tile:8")
    return src[:at] + PAIR_ADD + src[at:]


def _replace(src, old, new):
    """src with every `old` replaced by `new`; `old` must occur (an edit that silently
    misses would time the unedited kernel under the edit's name)."""
    assert old in src, f"edit did not apply: {old[:60]!r}"
    return src.replace(old, new)


BACKWARDS = "start = (num_col_blocks - 1 - col_block) * BLOCK_N"


def constants(src, n_const=False, strides=False, no_masks=False, no_loop=False, xc_masked=False,
              forward=False, no_where=False, no_row_loop=False):
    """Text edits for the const, forms and loopforms modes (see the module docstring)."""
    if forward:
        src = _replace(src, BACKWARDS, "start = col_block * BLOCK_N")
    if no_row_loop:
        src = _replace(src, "    for row_block in range(pid, num_row_blocks, num_programs):",
                       "    row_block = pid\n    if True:")
    if no_where:
        src = _replace(src, "acc_mean_x_sq += tl.where(mask, x * x, 0.0)", "acc_mean_x_sq += x * x")
    if xc_masked:
        start = src.index("def layernorm_bf16_kernel(")
        body = src[start:src.index("def layernorm_bf16_looped_kernel(")]
        edited = body.replace("        xc = x - mu\n", "        xc = tl.where(mask, x - mu, 0.0)\n", 1)
        edited = edited.replace("tl.sum(tl.where(mask, xc * xc, 0.0), axis=1", "tl.sum(xc * xc, axis=1", 1)
        assert edited.count("tl.where(mask, x - mu, 0.0)") == 1 and "tl.sum(xc * xc, axis=1" in edited
        src = src.replace(body, edited)
    if n_const:
        src = src.replace("\n    N,\n", "\n    N: tl.constexpr,\n")
    if strides:
        for name in ("stride_x_m", "stride_y_m"):
            src = src.replace(f"\n    {name},\n", f"\n    {name}: tl.constexpr,\n")
    if no_masks:
        src = src.replace("mask_n = offs_n < N", "mask_n = tl.full(offs_n.shape, True, tl.int1)")
        src = src.replace("mask_rows = rows < n_rows", "mask_rows = tl.full(rows.shape, True, tl.int1)")
    if no_loop:
        src = _replace(src, "    for row_block in tl.range(pid, num_row_blocks, num_programs, num_stages=NUM_STAGES):",
                       "    row_block = pid\n    if True:")
    return src

LOOPED_EDITS = {
    "plain update": ("""acc_mu = tl.where(
                tl.abs(acc_mu) == float("inf"),
                acc_mu * (1.0 - acc_mu_weight) + acc_mu_in * acc_mu_weight,
                acc_mu + acc_mu_delta * acc_mu_weight,
            )""", "acc_mu = acc_mu + acc_mu_delta * acc_mu_weight"),
    "forwards": (BACKWARDS, "start = col_block * BLOCK_N"),
    "no store hint": ('y.to(tl.bfloat16), mask=mask, eviction_policy="evict_first")', "y.to(tl.bfloat16), mask=mask)"),
    "no row mask": ("mask_rows = rows < n_rows", "mask_rows = tl.full(rows.shape, True, tl.int1)"),
    "one reduce": ("""mu = tl.sum(acc_mu * mu_count, axis=1, keep_dims=True) / N
        mu_dist = tl.where(mu_count > 0.0, acc_mu - mu, 0.0)
        mean_xc_sq = (
            tl.sum(acc_mean_xc_sq + mu_count * mu_dist * mu_dist, axis=1, keep_dims=True) / N
        )""",
                   """mu, mean_xc_sq, _ = tl.reduce((acc_mu, acc_mean_xc_sq, mu_count + tl.zeros_like(acc_mu)), axis=1,
                                 combine_fn=_welford_combine, keep_dims=True)
        mean_xc_sq = mean_xc_sq / N"""),
    # the previous kernel: the mean divided by the sum of the lanes' counts (the combine mode)
    "summed counts": ("keep_dims=True) / N\n        mu_dist",
                      "keep_dims=True) / tl.sum(mu_count, axis=1, keep_dims=True)\n        mu_dist"),
}
GAP_EDITS = ("plain update", "forwards", "no store hint", "no row mask", "one reduce")


LOAD_X = """x = tl.load(x_ptr + x_offs, mask=mask, other=0.0, eviction_policy="{}").to(
                tl.float32
            )"""


def reuse_last_block(body):
    """The final pass (walking backwards) takes its first block, the one the Welford pass
    read last, from registers instead of loading it again."""
    first, final = LOAD_X.format("evict_last"), LOAD_X.format("evict_first")
    loop = "        for col_block in tl.range(0, num_col_blocks, num_stages=NUM_STAGES):"
    assert loop in body
    body = body.replace(loop, "        x_last = tl.zeros([ROWS, BLOCK_N], tl.float32)\n" + loop, 1)
    body = _replace(body, first, first + "\n            x_last = x")
    return _replace(body, final, "if col_block == 0:\n                x = x_last\n            else:\n                "
                        + final.replace("\n", "\n    "))


def gap_edit(src, edit):
    """One edit of layernorm_bf16_looped_kernel (the gaps and combine modes)."""
    start = src.index("def layernorm_bf16_looped_kernel(")
    end = src.index("def layernorm_bf16_team_kernel(")
    body = src[start:end]
    if edit == "reuse last block":
        return src[:start] + reuse_last_block(body) + src[end:]
    src = src[:start] + _replace(body, *LOOPED_EDITS[edit]) + src[end:]
    if edit == "one reduce":
        at = src.index("# spec: bench_norms.tile:8")
        src = src[:at] + WELFORD_COMBINE + src[at:]
    return src


@functools.cache  # one import (and Triton compile) per variant, shared by every shape
def module(name, store_hint=True, w_last=False, welford=False, unroll=0, const=(), shifted=None, gaps=()):
    src = constants(BASE, **dict(const))
    for edit in gaps:
        src = gap_edit(src, edit)
    if unroll:
        loop = "tl.range(0, num_col_blocks, num_stages=NUM_STAGES)"
        src = _replace(src, loop, loop[:-1] + f", loop_unroll_factor={unroll})")
    src = welford_layernorm(src) if welford else src
    src = shifted_layernorm(src, shifted == "paired") if shifted else src
    if not store_hint:
        src = src.replace(STORE_HINT, ", mask=mask)")
    if w_last:
        for load in W_LOADS:
            src = src.replace(load, load[:-1] + ', eviction_policy="evict_last")')
    return load_module(src, name)


def row(strategy, block, rows, warps, stages=1):
    return ((None, strategy, block, rows, warps, 0, stages),)


def peer_of(name, n):
    if name.startswith("softmax"):
        return lambda x, w, b: torch.softmax(x, -1)
    if name.startswith("layernorm"):
        return lambda x, w, b: F.layer_norm(x, (n,), w, b, 1e-5)
    return lambda x, w, b: F.rms_norm(x, (n,), w, 1e-6)


def time_launches(name, m, n, launches, dump=None):
    """launches: [(label, module, launch table or None for its own, maxnreg)]."""
    torch._dynamo.reset()
    dtype = torch.float16 if name.startswith("softmax") else torch.bfloat16
    x = torch.randn(m, n, device="cuda", dtype=dtype)
    w = torch.randn(n, device="cuda", dtype=dtype)
    b = torch.randn(n, device="cuda", dtype=dtype)
    args = (x,) if name.startswith("softmax") else (x, w, b) if name.startswith("layernorm") else (x, w)
    y_copy = torch.empty_like(x)
    peer = torch.compile(peer_of(name, n))
    ref = peer(x, w, b).float()
    if dump is not None:
        dump(name, m, n, peer, (x, w, b))
    runs = {"torch.compile": lambda: peer(x, w, b), "copy_ (same bytes)": lambda: y_copy.copy_(x)}
    table_name = f"_{name}_launch_table"

    def launch(mod, table, cap):
        original = getattr(mod, table_name)
        setattr(mod, table_name, table or original)
        mod._MAXNREG = cap
        try:
            return getattr(mod, name)(*args)
        finally:
            setattr(mod, table_name, original)
            mod._MAXNREG = None

    for label, mod, table, cap in launches:
        if callable(mod):  # a hand-written launcher (forms mode)
            fn = mod
            err = (fn(*args).float() - ref).abs().max().item()
            if err < 0.1:
                runs[label] = lambda fn=fn: fn(*args)
            else:
                print(f"{name} {m}x{n} {label}: WRONG, max error {err}", flush=True)
            continue
        err = (launch(mod, table, cap).float() - ref).abs().max().item()
        if not err < 0.1:  # bf16 outputs of values up to ~5: a few ulp
            print(f"{name} {m}x{n} {label}: WRONG, max error {err}", flush=True)
            continue
        runs[label] = lambda mod=mod, table=table, cap=cap: launch(mod, table, cap)
    times = interleaved_ms(runs, ROUNDS)
    print_rounds(f"{name} {m}x{n}", times, statistics.median(times["torch.compile"]), 4 * m * n, width=44, unit="GB/s")


def dump_inductor(name, m, n, peer, args):
    from torch._inductor.runtime.triton_heuristics import CachingAutotuner
    from torch._inductor.utils import run_and_get_code

    out = Path(os.environ.get("OUT", "/tmp"))
    _, codes = run_and_get_code(peer, *args)
    (out / f"inductor_{name}_{m}x{n}.py").write_text("\n\n".join(codes))
    for obj in gc.get_objects():
        # type(), not isinstance: gc also holds weak proxies, which raise once their object is gone
        if issubclass(type(obj), CachingAutotuner) and obj.launchers and id(obj) not in SEEN:
            SEEN.add(id(obj))
            configs = [(str(launcher.config), launcher.n_regs) for launcher in obj.launchers]
            print(f"{name} {m}x{n} torch.compile kernel {obj.fn.__name__}: {configs} (config, registers)", flush=True)


def main(mode, only=()):
    """only: names or shapes to run (layernorm_bf16, 8192x8192, ...); all when empty."""
    plain = module("norms_exp")
    for name, shapes in SHAPES.items():
        for m, n in shapes:
            if only and name not in only and f"{m}x{n}" not in only:
                continue
            launches = [("default", plain, None, None)]
            dump = None
            if mode == "inductor":
                if name.startswith("softmax"):
                    continue
                dump = dump_inductor
            elif mode == "hints":
                mods = {"as is": plain, "no store hint": module("norms_nostore", store_hint=False),
                        "no store hint, w evict_last": module("norms_wlast", store_hint=False, w_last=True)}
                blocks = {1024: [(1024, 1), (1024, 2)], 4096: [(4096, 8), (2048, 8), (4096, 16)],
                          8192: [(8192, 16), (4096, 16), (2048, 16), (4096, 8)]}[n]
                launches += [(f"looped {bl} w{wp} ({k})", mod, row("looped", bl, 1, wp), None)
                             for k, mod in mods.items() for bl, wp in blocks]
            elif mode == "regs":
                caps = {1024: [(2, 4, None), (2, 4, 32), (2, 4, 40), (1, 2, 32), (4, 4, 40), (4, 8, 32)],
                        4096: [(1, 8, 32), (1, 4, None), (1, 4, 64), (1, 16, None), (1, 16, 32)],
                        8192: [(1, 4, None), (1, 4, 128), (1, 8, None), (1, 8, 64), (1, 16, None), (1, 16, 32)]}[n]
                launches += [(f"rows {r} w{wp} maxnreg {c}", plain, row("single", 0, r, wp), c) for r, wp, c in caps]
            elif mode == "looped":
                pins = {1024: [("looped", 1024, 1, 1), ("looped", 1024, 1, 2), ("looped", 1024, 1, 4),
                               ("single", 0, 1, 2), ("single", 0, 2, 4)],
                        4096: [("looped", 4096, 1, 4), ("looped", 4096, 1, 8), ("looped", 4096, 1, 16),
                               ("looped", 2048, 1, 8), ("single", 0, 1, 8)],
                        8192: [("looped", 8192, 1, 16), ("looped", 8192, 1, 32), ("looped", 4096, 1, 8),
                               ("looped", 4096, 1, 16), ("looped", 4096, 1, 32), ("looped", 2048, 1, 8),
                               ("looped", 2048, 1, 16), ("single", 0, 1, 8), ("single", 0, 1, 16)]}[n]
                launches += [(" ".join(map(str, p)), plain, row(*p), None) for p in pins]
                if n == 8192:  # 16 warps at 32 registers: 4 programs (2048 threads) per SM
                    launches += [(f"looped {bl} 1 16, maxnreg 32", plain, row("looped", bl, 1, 16), 32)
                                 for bl in (4096, 2048)]
            elif mode == "reread":
                if not name.startswith("layernorm"):
                    continue
                pins = {1024: [(2, 4), (1, 2), (1, 4)], 4096: [(1, 4), (1, 8)], 8192: [(1, 4), (1, 8), (1, 16)]}[n]
                launches += [(f"{strategy} rows {r} w{wp}", plain, row(strategy, 0, r, wp), None)
                             for strategy in ("single", "reread") for r, wp in pins]
            elif mode == "welford":
                if not name.startswith("layernorm"):
                    continue
                mods = {"welford": module("norms_welford", welford=True)}
                pins = {1024: [(2, 4), (1, 4), (2, 8)], 4096: [(1, 4), (1, 8), (1, 16)],
                        8192: [(1, 4), (1, 8), (1, 16), (1, 32)]}[n]
                launches += [(f"{label} rows {r} w{wp}", mod, row("single", 0, r, wp), None)
                             for label, mod in mods.items() for r, wp in pins]
            elif mode == "shifted":
                if not name.startswith("layernorm"):
                    continue
                mods = {"shifted": module("norms_shifted", shifted="sums"),
                        "shifted, paired": module("norms_shifted_paired", shifted="paired")}
                pins = {1024: [(2, 4), (1, 4), (1, 2)], 4096: [(1, 4), (1, 8), (1, 16)],
                        8192: [(1, 4), (1, 8), (1, 16), (1, 32)]}[n]
                launches += [(f"{label} {strategy} rows {r} w{wp}", mod, row(strategy, 0, r, wp), None)
                             for label, mod in mods.items() for strategy in ("single", "reread") for r, wp in pins]
            elif mode == "unroll":
                if name.startswith("softmax") or n != 8192:
                    continue
                launches += [(f"looped {bl} w{wp} unroll {u}", module(f"norms_unroll{u}", unroll=u),
                              row("looped", bl, 1, wp), None)
                             for bl, wp, u in ((4096, 8, 2), (2048, 16, 4), (2048, 8, 4), (1024, 8, 8), (1024, 4, 8))]
                launches += [(f"looped {bl} w{wp}", plain, row("looped", bl, 1, wp), None)
                             for bl, wp in ((4096, 8), (2048, 16), (2048, 8))]
            elif mode == "const":
                if name.startswith("softmax"):
                    continue
                variants = {"N constexpr": (("n_const", True),),
                            "N, row strides constexpr": (("n_const", True), ("strides", True)),
                            "no row loop": (("no_loop", True),),
                            "all-true masks": (("no_masks", True),),
                            "N constexpr, all-true masks, no row loop":
                                (("n_const", True), ("no_masks", True), ("no_loop", True))}
                pins = [None] + ([row("single", 0, 1, 4), row("reread", 0, 1, 4)] if name.startswith("layernorm")
                                 else [row("single", 0, 1, 8), row("single", 0, 1, 16)]) * (n == 8192)
                launches += [(f"{label} {'table' if pin is None else ' '.join(map(str, pin[0][1:5]))}",
                              module("norms_" + "_".join(k for k, _ in edits), const=edits), pin, None)
                             for label, edits in variants.items() for pin in pins]
                launches += [(f"default {' '.join(map(str, pin[0][1:5]))}", plain, pin, None) for pin in pins[1:]]
            elif mode == "forms":
                if name.startswith("softmax") or n != 8192:
                    continue
                import exp_norm_prefetch

                center = name.startswith("layernorm")
                eps = 1e-5 if center else 1e-6
                for wp in (4, 8, 16):
                    run = exp_norm_prefetch.launcher(0, wp, 0, center)
                    hand = (lambda x, w, b, run=run: run(x, w, b, eps)) if center else \
                        (lambda x, w, run=run: run(x, w, w, eps))
                    launches.append((f"hand-written 1-D w{wp}", hand, None, None))
                    launches.append((f"single w{wp}", plain, row("single", 0, 1, wp), None))
                    if center:
                        for edits in ((("xc_masked", True),), (("xc_masked", True), ("no_loop", True))):
                            label = "xc masked" + (", no row loop" if len(edits) > 1 else "")
                            launches.append((f"{label} w{wp}", module("norms_" + "_".join(k for k, _ in edits),
                                                                      const=edits), row("single", 0, 1, wp), None))
            elif mode == "loopforms":
                if name.startswith("softmax") or n < 8192:
                    continue
                edits = {"": (), "no row loop ": (("no_row_loop", True),),
                         "no row loop, N const ": (("no_row_loop", True), ("n_const", True)),
                         "no row loop, N + strides const ": (("no_row_loop", True), ("n_const", True),
                                                             ("strides", True))}
                for wp in (8, 16):
                    for stages in (1,):
                        for label, edit in edits.items():
                            mod = module("norms_" + "_".join(k for k, _ in edit), const=edit) if edit else plain
                            launches.append((f"{label}looped 4096 w{wp} s{stages}", mod,
                                             row("looped", 4096, 1, wp, stages), None))
            elif mode == "combine":
                if not name.startswith("layernorm") or n != 8192:
                    continue
                import exp_norm_twopass

                launches.append(("counts summed, table", module("norms_summed", gaps=("summed counts",)), None, None))
                run = exp_norm_twopass.launcher(4096, 16, 2, True, True)
                launches.append(("hand-written two loops 4096 w16 const", lambda x, w, b: run(x, w, b, 1e-5),
                                 None, None))
            elif mode == "gaps":
                if not name.startswith("layernorm") or n != 8192:
                    continue
                import exp_norm_twopass

                for edits in [(e,) for e in GAP_EDITS] + [tuple(GAP_EDITS), ("reuse last block",)]:
                    label = ", ".join(edits) if len(edits) == 1 else "all"
                    mod = module("norms_gaps_" + "_".join(e.replace(" ", "") for e in edits), gaps=edits)
                    launches.append((f"{label}, table", mod, None, None))
                strides = (("strides", True),)
                launches.append(("row strides constexpr, table", module("norms_gaps_strides", const=strides), None, None))
                launches.append(("row strides constexpr, no row mask, table",
                                 module("norms_gaps_strides_nomask", const=strides, gaps=("no row mask",)), None, None))
                run = exp_norm_twopass.launcher(4096, 16, 2, True, True)
                launches.append(("hand-written two loops 4096 w16 const", lambda x, w, b: run(x, w, b, 1e-5),
                                 None, None))
            elif mode == "team":
                if name.startswith("softmax") or n < 4096:
                    continue
                pins = [(1024, 4), (2048, 4), (2048, 8), (4096, 4), (4096, 8)]
                launches += [(f"team {bl} w{wp}", plain, row("team", bl, 1, wp), None) for bl, wp in pins if bl < n]
            else:
                sys.exit(__doc__)
            time_launches(name, m, n, launches, dump)


if __name__ == "__main__":
    main(sys.argv[1] if len(sys.argv) > 1 else "", sys.argv[2:])
