"""Stage 4 (reduction), the looped kernel: a plan's passes -> the render model of
NAME_looped_kernel in templates/_reduction_looped.py.j2 (and, from the plan without
Welford moments, of the team kernel's exchanges).

Each pass that reduces something becomes one loop over the row in blocks: plain
accumulators (Acc), online max-and-sum pairs (Online) and Welford mean-and-variance
pairs (Moments), each kept per lane and combined per row after the loop.
"""

from __future__ import annotations

from .model import Acc, Loop, Moments, Online, Pass, spec_text
from ...language.functions import REDUCTIONS
from .plan import COL, FULL, TL_REDUCE, Plan, Reduction
from .scans import carries


def looped(low, plan: Plan):
    """(passes, loops, final loads, final steps, final carries, final backward) of the
    looped kernel for `plan`; `low` is the kernel's lowering (lowering.Lowering). A loop
    that computes a scan walks the row forwards and carries its running value (scans.py)."""
    passes, number, backward = [], 0, False
    loops = sum(1 for p in plan.passes if p.reductions or p.online or p.moments)
    final = bool(plan.final_varying) or any(low.an.tensor_class(o.dims) in (FULL, COL) for o in low.sig.outputs)
    for p in plan.passes:
        after = tuple(low.assign(n) for n in p.after)
        if not p.reductions and not p.online and not p.moments:
            passes.append(Pass(None, after))
            continue
        number += 1
        # Welford's running counts need the row walked forwards (lanes see a prefix of
        # blocks), and so does a scan's running value
        run = carries(low, p.varying)
        backward = backward and not p.moments and not run
        direct = low.direct(list(p.reductions), [m.arg for m, _ in p.online])
        read_again = number < loops or final
        loads = low.loads(p.loads, direct, "evict_last" if read_again else "evict_first")
        steps = tuple(st for n in p.varying for st in low.assign_steps(n, True))
        accs = tuple(_acc(low, r, loads) for r in p.reductions)
        online = tuple(_online(low, m, s, loads) for m, s in p.online)
        moments = tuple(_moments(low, m, v) for m, v in p.moments)
        parts = [f"{r.fn}({spec_text(r.arg)})" for r in p.reductions]
        parts += [f"max({a}) and sum(exp({a} - max({a}))), online" for a in (spec_text(m.arg) for m, _ in p.online)]
        parts += [f"mean({a}) and the variance about it, Welford" for a in (spec_text(m.arg) for m, _ in p.moments)]
        loop = Loop(number, "; ".join(parts), backward, loads, steps, accs, online, moments, run)
        passes.append(Pass(loop, after))
        backward = not backward
    final_loads = low.loads(plan.final_loads, {}, "evict_first" if number else "")
    final_steps = tuple(st for n in plan.final_varying for st in low.assign_steps(n, True))
    final_run = carries(low, plan.final_varying)
    # the final pass walks the row against the last loop (its last blocks are likely still
    # in L2), unless it computes a scan
    return tuple(passes), number, final_loads, final_steps, final_run, backward and not final_run


def _acc(low, r: Reduction, loads) -> Acc:
    dtype = low.value_dtype(r)
    neutral = low.neutral(r.fn, dtype)
    bare = low.bare(r.arg, neutral, loads)
    name = low.results[r.key]
    index = low.fresh(f"acc_{name}_at") if REDUCTIONS[r.fn].positional else ""
    return Acc(f"acc_{name}", name, TL_REDUCE[r.fn], neutral,
               low.acc_dtype(r).triton,
               low.render(r.arg), not bare, low.cast_to_text(r), low.ncols if r.fn == "mean" else "",
               r.line, True, low.reduce_why(r, bare, neutral), index)


def _online(low, m: Reduction, s: Reduction, loads) -> Online:
    m_name, s_name = low.results[m.key], low.results[s.key]
    bare = low.bare(m.arg, 'float("-inf")', loads)
    value = low.render(m.arg)
    m_acc = f"acc_{m_name}"
    return Online(m_acc, f"acc_{s_name}", low.fresh(f"{m_acc}_new"), low.fresh(f"{m_acc}_shift"), m_name, s_name,
                  value, value if bare else low.fresh(f"{m_acc}_in"), not bare, m.line, s.line, True,
                  s.line != m.line, low.typer.of(s.key).dtype.triton)


def _moments(low, m: Reduction, v: Reduction) -> Moments:
    m_name, v_name = low.results[m.key], low.results[v.key]
    acc = f"acc_{m_name}"
    return Moments(low.fresh(f"{m_name}_count"), acc, f"acc_{v_name}", low.render(m.arg) + low.cast_to_text(m),
                   low.fresh(f"{acc}_in"), low.fresh(f"{acc}_delta"), low.fresh(f"{acc}_weight"),
                   low.fresh(f"{m_name}_dist"), m_name, v_name,
                   low.ncols if v.fn == "mean" else "", m.line, v.line, low.typer.of(m.key).dtype.triton)
