"""Column mean and variance (`mean(x, M)`, `mean((x - mu) ** 2, M)`, bf16 x -> f32) in one
read, Welford, against the same kernel in two passes and torch.var_mean, eager and
compiled: the measurement behind docs/design.md, "A variance joins its mean's pass".

    python bench/column_variance.py [--shapes 8192x8192,...] [--rounds 5] [--no-compile]
                                    [--waves 4,5,9] [--no-cap] [--json FILE]

The two-pass kernel is the same spec with the squares multiplied by 1.0, which the
compiler does not recognise as a variance about the mean (the value is the same). Times
are device times (tilegen.runtime.timing), every implementation once a round,
interleaved; the table has the median round, us, and GB/s counting x read once. Every
output is checked against float64 first. [B, T, C] shapes reduce B and T (batch-norm
statistics). --waves P,... adds the one-read kernel with its slices filling a wave of P
programs an SM in place of the count its registers keep resident
(tilegen.runtime.axes.moments_programs, which the generated launcher's plan calls on
every call): the sweep behind docs/design.md, "A wave of Welford's programs". --no-cap
adds the one-read kernel with its registers left uncapped where the launch would cap them
(tilegen.runtime.axes.moments_options): docs/design.md, "Welford's registers capped where
the programs need it".
"""

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

SHAPES = "2048x24576,32768x4096,4096x50257,16384x1024,8192x8192,8x4096x1024"
SPEC = """
reduction col_stats(x: bf16[M, N]) -> (mu: f32[N], var: f32[N]) {
    mu = mean(x, M)
    var = mean((x - mu) ** 2%s, M)
}
reduction bn_stats(x: bf16[B, T, C]) -> (mu: f32[C], var: f32[C]) {
    mu = mean(x, B, T)
    var = mean((x - mu) ** 2%s, B, T)
}
"""


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--shapes", default=SHAPES, help="MxN column statistics, or BxTxC batch-norm statistics")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--no-compile", action="store_true", help="leave out torch.compile")
    p.add_argument("--waves", default="", help="also time the one read at these programs an SM (e.g. 4,5,9)")
    p.add_argument("--no-cap", action="store_true", help="also time the one read without its register cap")
    p.add_argument("--json")
    args = p.parse_args()

    import torch

    import tilegen
    from tilegen.runtime import axes
    from tilegen.tools.bench import interleaved_ms

    def at_wave(per_sm, run):
        """run() with the plan's wave of a kernel with moments pinned to per_sm programs an SM."""
        def pinned():
            own, axes.moments_programs = axes.moments_programs, lambda whole_vectors: per_sm
            try:
                return run()
            finally:
                axes.moments_programs = own
        return pinned

    def uncapped(run):
        """run() with the register cap the generated launcher asks for withheld."""
        def without_cap():
            own, axes.moments_options = axes.moments_options, lambda grid, sms, whole_vectors: {}
            try:
                return run()
            finally:
                axes.moments_options = own
        return without_cap

    one = tilegen.compile(SPEC % ("", ""), name="welford_stats")
    two = tilegen.compile(SPEC % (" * 1.0", " * 1.0"), name="two_pass_stats")
    rows_out = []
    columns = (["one read", "two passes", "eager", "compile"] + ["no cap"] * args.no_cap
               + [f"wave {w}" for w in args.waves.split(",") if w])
    print(f"{'shape':>14} " + " ".join(f"{n:>12}" for n in columns) + "   GB/s one read")
    for text in args.shapes.split(","):
        dims = [int(v) for v in text.split("x")]
        x = (torch.randn(*dims, device="cuda") + 3.0).to(torch.bfloat16)
        reduce = tuple(range(len(dims) - 1))
        kernel = "col_stats" if len(dims) == 2 else "bn_stats"
        want_var, want_mu = torch.var_mean(x.double(), reduce, unbiased=False)
        runs = {"one read": lambda: getattr(one, kernel)(x), "two passes": lambda: getattr(two, kernel)(x),
                "eager": lambda: torch.var_mean(x.float(), reduce, unbiased=False)[::-1]}
        if args.no_cap:
            runs["no cap"] = uncapped(runs["one read"])
        for wave in [int(w) for w in args.waves.split(",") if w]:
            runs[f"wave {wave}"] = at_wave(wave, runs["one read"])
        if not args.no_compile:
            # a fresh compile for each shape: no recompile limit, no kernels for dynamic shapes
            torch._dynamo.reset()
            compiled = torch.compile(lambda x, d: torch.var_mean(x.float(), d, unbiased=False))
            runs["compile"] = lambda: compiled(x, reduce)[::-1]
        for name, run in runs.items():
            mu, var = run()
            torch.testing.assert_close(mu.double(), want_mu, rtol=1e-5, atol=1e-5, msg=lambda m, n=name: f"{n}: {m}")
            torch.testing.assert_close(var.double(), want_var, rtol=1e-4, atol=1e-5, msg=lambda m, n=name: f"{n}: {m}")
        times = interleaved_ms(runs, args.rounds, alternate=True)
        us = {name: statistics.median(t) * 1e3 for name, t in times.items()}
        gbs = x.numel() * x.element_size() / us["one read"] / 1e3
        rows_out.append({"shape": text, "us": us})
        print(f"{text:>14} " + " ".join(f"{us.get(n, float('nan')):12.1f}" for n in columns)
              + f"   {gbs:7.0f}", flush=True)
        if args.json:
            Path(args.json).write_text(json.dumps(rows_out, indent=1))


if __name__ == "__main__":
    main()
