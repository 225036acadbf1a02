"""Before lowering: the names the generated code takes the spec's names by.

A spec may call a parameter `mask`, a temporary `tl` or a dimension `sizes`: names the
generated kernels and launchers use themselves. Each such name is renamed in a copy of
the kernel (language/names.py, code_names: `mask` becomes `mask_`), which is checked again
(so that its types are keyed by the new names) and lowered as usual; the result remembers
each renamed name's spelling in the spec, which the launcher keeps for its callers (its
arguments, its messages). Kernels with no such name pass through unchanged.
"""

from __future__ import annotations

from dataclasses import fields, replace

from ..checker.check import CheckedKernel, check_module
from ..language import ir
from ..language.names import code_names


def rename(checked: CheckedKernel, module: ir.Module) -> CheckedKernel:
    """`checked` with its clashing names renamed (and .public mapping each new name back)."""
    mapping = code_names(checked.kernel)
    if not mapping:
        return checked
    kernel = rename_kernel(checked.kernel, mapping)
    (again,) = check_module(ir.Module(module.path, module.source, (kernel,)))
    return replace(again, public=tuple((code, name) for name, code in mapping.items()))


def rename_kernel(kernel: ir.Kernel, mapping: dict[str, str]) -> ir.Kernel:
    def name(n):
        return mapping.get(n, n) if isinstance(n, str) else n

    def decl_type(t):
        return replace(t, dims=tuple(name(d) for d in t.dims)) if isinstance(t, ir.TensorType) else t

    return replace(
        kernel,
        params=tuple(replace(p, name=name(p.name), type=decl_type(p.type)) for p in kernel.params),
        outputs=tuple(replace(o, name=name(o.name), type=decl_type(o.type)) for o in kernel.outputs),
        body=tuple(replace(a, target=name(a.target), value=rename_expr(a.value, mapping)) for a in kernel.body),
    )


def rename_expr(expr: ir.Expr, mapping: dict[str, str]) -> ir.Expr:
    """`expr` with each Name renamed, rebuilt bottom-up without recursion (an expression may
    be thousands of operators deep)."""
    done: dict[int, ir.Expr] = {}
    stack = [(expr, False)]
    while stack:
        node, ready = stack.pop()
        kids = ir.children(node)
        if not ready and kids:
            stack.append((node, True))
            stack.extend((kid, False) for kid in kids)
            continue
        if isinstance(node, ir.Name):
            done[id(node)] = replace(node, id=mapping.get(node.id, node.id)) if node.id in mapping else node
        elif isinstance(node, ir.Call):
            dims = tuple(replace(d, id=mapping.get(d.id, d.id)) for d in node.dims)
            done[id(node)] = replace(node, args=tuple(done[id(a)] for a in node.args), dims=dims)
        elif isinstance(node, ir.Gather):
            done[id(node)] = replace(node, source=mapping.get(node.source, node.source), operand=done[id(node.operand)])
        else:
            changes = {f.name: done[id(getattr(node, f.name))] for f in fields(node)
                       if f.name in ("lhs", "rhs", "operand")}
            done[id(node)] = replace(node, **changes) if changes else node
    return done[id(expr)]
