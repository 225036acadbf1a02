"""How deeply a spec's expressions may nest (E068): checked without recursion, before any
stage recurses into an expression."""

from __future__ import annotations

from ..diagnostics import Diagnostic
from ..language import ir


# How deeply an expression may nest. Generated code writes each expression out whole, in
# the kernel and in the reference, and Python refuses more than 200 nested brackets, and
# compiles expressions only up to about 3000 levels deep: calls, parentheses and operators
# inside one another (each may become two or three brackets of generated code) nest at most
# MAX_NESTING deep, and a chain of operators (x + x + ... + x, each operator one level
# deeper) is at most MAX_DEPTH long.
MAX_NESTING = 50
MAX_DEPTH = 2500

_GROUPS = {"+": "+", "-": "+", "*": "*", "/": "*", "%": "*", "@": "*"}


def _same_chain(parent: ir.Expr, lhs: ir.Expr) -> bool:
    """`lhs`, the left operand of `parent`, continues its chain: written without brackets."""
    if isinstance(parent, ir.BinOp) and isinstance(lhs, ir.BinOp):
        return _GROUPS.get(parent.op, parent.op) == _GROUPS.get(lhs.op, lhs.op) and parent.op != "**"
    return isinstance(parent, ir.BoolOp) and isinstance(lhs, ir.BoolOp) and parent.op == lhs.op


def depth_errors(kernel: ir.Kernel) -> list[Diagnostic]:
    """E068 for each statement whose value nests deeper than MAX_NESTING or MAX_DEPTH (found
    without recursion, before any stage recurses into the expression)."""
    errors = []
    for stmt in kernel.body:
        depth: dict[int, tuple[int, int]] = {}  # id(node) -> (levels, nesting) below it
        stack = [(stmt.value, False)]
        while stack:
            node, done = stack.pop()
            kids = ir.children(node)
            if not done:
                stack.append((node, True))
                stack.extend((child, False) for child in kids)
                continue
            levels = nesting = 0
            for n, child in enumerate(kids):
                child_levels, child_nesting = depth[id(child)]
                levels = max(levels, child_levels + 1)
                nesting = max(nesting, child_nesting + (0 if n == 0 and _same_chain(node, child) else 1))
            depth[id(node)] = (levels, nesting)
        levels, nesting = depth[id(stmt.value)]
        if nesting > MAX_NESTING:
            errors.append(Diagnostic.make(
                "E068", stmt.span, name=stmt.target, limit=MAX_NESTING,
                what=f"nests calls, parentheses and operators {nesting} levels deep",
                hint=" (name parts of it in statements of their own)"))
        elif levels > MAX_DEPTH:
            errors.append(Diagnostic.make(
                "E068", stmt.span, name=stmt.target, limit=MAX_DEPTH,
                what=f"chains {levels} levels of operators",
                hint=" (split the chain over several statements)"))
    return errors
