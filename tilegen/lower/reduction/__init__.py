"""Stage 4 for reduction kernels: a checked kernel -> the render model of
templates/reduction.py.j2.

    plan.py      which values vary along the row, which reductions depend on which, and
                 how the looped strategy groups them into passes over the row
    model.py     the render model: plain frozen data
    lower.py     lower_reduction: assembles the model from Lowering's parts and the table
    lowering.py  Lowering: the parts; its public methods are the interface the
                 strategies use (listed in its docstring)
    looped.py    the looped strategy's passes (several loops over a long row)
    team.py      the team strategy (programs that share a row exchange partial results)
    scans.py     cumsum and the other scans: a statement each, a running value per loop
    launch.py    the launch table a launcher carries, and what a schedule pins in it
    cases.py     the shapes `tilegen validate` runs a reduction at
"""

from .lower import lower_reduction

__all__ = ["lower_reduction"]
