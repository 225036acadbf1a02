"""Column sums (generated/reductions.py's bias_grad: bf16 [R, C] -> f32 [C]) with the slices a
column block takes pinned, beside the launch rule's own choice and `torch.sum(x, 0)`: the
sweep behind the split rule of tilegen.runtime.axes (docs/design.md, "Slices fill one wave").

    python bench/axis_split_sweep.py [--rows 2048,4096,8192] [--blocks 400,460,...] [--short 17]
                                     [--slices 1,2,3] [--per-sm 12,16] [--rounds 3] [--json FILE]

Each width is a whole number of 64-column blocks less --short columns: 17 gives odd widths
(rows not 16-byte aligned, loaded element by element), 0 rows in whole vectors. Times are
device times (tilegen.runtime.timing), every implementation once a round, interleaved;
the table has the median round, us. Every output is checked against float32 sums first.
The slices are pinned by wrapping tilegen.runtime.axes.axis_plan (pinned_split), which the
generated launcher calls on every call; --per-sm P adds the rule itself with a wave of P
programs an SM in place of its own (tilegen.runtime.axes.AXIS_PROGRAMS_PER_SM, and
AXIS_TWO_SLICES_PER_SM, up to which rows in whole vectors take two slices).
"""

import argparse
import json
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

BLOCKS = "400,460,500,532,570,610,640,680,720,760,786,830,880,940,1000,1050"


def ints(text):
    return [int(v) for v in text.split(",") if v]


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--rows", type=ints, default=ints("2048,4096,8192"))
    p.add_argument("--blocks", type=ints, default=ints(BLOCKS), help="column blocks of 64")
    p.add_argument("--short", type=int, default=17, help="columns short of the last whole block")
    p.add_argument("--slices", type=ints, default=ints("1,2,3"))
    p.add_argument("--per-sm", type=ints, default=[], help="the rule with a wave of this many programs an SM")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--json")
    args = p.parse_args()

    import torch

    from generated import reductions
    from tilegen.runtime import axes
    from tilegen.tools.bench import interleaved_ms

    rule, per_sm = axes.axis_plan, (axes.AXIS_PROGRAMS_PER_SM, axes.AXIS_TWO_SLICES_PER_SM)
    sms = torch.cuda.get_device_properties(0).multi_processor_count

    def column_sum(x, slices, wave=per_sm):
        def run():
            # 0: the rule's own split; else the launcher's plan with `slices` pinned
            axes.axis_plan = rule if not slices else lambda *a, **k: rule(*a[:4], pinned_split=slices)
            axes.AXIS_PROGRAMS_PER_SM, axes.AXIS_TWO_SLICES_PER_SM = wave if isinstance(wave, tuple) else (wave, wave)
            try:
                return reductions.bias_grad(x)
            finally:
                axes.axis_plan = rule
                axes.AXIS_PROGRAMS_PER_SM, axes.AXIS_TWO_SLICES_PER_SM = per_sm
        return run

    rows_out = []
    print(f"{'shape':>14} {'blocks':>6} {'rule':>4} " + " ".join(f"{n:>8}" for n in
          ["rule"] + [f"{s} slices" for s in args.slices] + [f"{p} an SM" for p in args.per_sm] + ["torch"]))
    for rows in args.rows:
        for blocks in args.blocks:
            cols = blocks * 64 - args.short
            x = torch.randn(rows, cols, device="cuda", dtype=torch.bfloat16)
            want = x.float().sum(0)
            runs = {"rule": column_sum(x, 0), **{f"{s} slices": column_sum(x, s) for s in args.slices},
                    **{f"{p} an SM": column_sum(x, 0, p) for p in args.per_sm},
                    "torch": lambda x=x: torch.sum(x, 0, dtype=torch.float32)}
            for name, run in runs.items():
                torch.testing.assert_close(run(), want, rtol=1e-3, atol=1e-2, msg=lambda m, n=name: f"{n}: {m}")
            times = interleaved_ms(runs, args.rounds, alternate=True)
            us = {name: statistics.median(t) * 1e3 for name, t in times.items()}
            split = rule(cols, rows, True, sms, whole_vectors=args.short % 16 == 0)[2]
            rows_out.append({"rows": rows, "cols": cols, "blocks": blocks, "rule_split": split, "us": us})
            print(f"{f'{rows}x{cols}':>14} {blocks:>6} {split:>4} " + " ".join(f"{v:8.1f}" for v in us.values()),
                  flush=True)
            if args.json:  # after every shape, so that a run cut short keeps what it measured
                Path(args.json).write_text(json.dumps(rows_out, indent=1))


if __name__ == "__main__":
    main()
