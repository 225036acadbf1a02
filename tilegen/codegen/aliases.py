"""Kernel names that the module's own code uses: a spec may name a kernel `torch`, `tl`,
`len` or `_args`, and its launcher, a module-level function, would then hide the module,
built-in or helper that the rest of the module calls by that name.

The templates mark the places where a kernel's name means its launcher (the launcher's
`def`; `public` below). Every other global use of a kernel's name in the module is the
code's own: those uses take an alias (`torch_`): the import binds it (`import torch as
torch_`), a helper of that name is defined under it, a built-in is called as `builtins.len`.
Local names (a launcher's argument `len`, a kernel's local `sizes`) are left alone: they
hide nothing outside their function. A module whose code uses no kernel name for itself
keeps its text, less the marks.
"""

from __future__ import annotations

import ast
import builtins

from ..language.names import MODULE_NAMES, PYTHON_BUILTINS

MARK = "__tilegen_public__"


def public(name: str) -> str:
    """A kernel's name where the template means the kernel's launcher."""
    return MARK + name


def resolve(source: str, kernel_names) -> str:
    """`source` with its marks removed and each kernel name that the code also uses for
    itself replaced, in those uses, by an alias."""
    names = set(kernel_names)
    if not any(_may_be_used(name) for name in names):
        return source.replace(MARK, "")
    tree = ast.parse(source)
    found = _GlobalUses(names)
    found.visit_scope(tree.body, [])
    if not found.uses:
        return source.replace(MARK, "")
    every = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)} | names
    aliases = {}
    for name in sorted({name for _, _, name in found.uses}):
        alias = name + "_"
        while alias in every:
            alias += "_"
        aliases[name] = alias
    lines = source.splitlines(keepends=True)
    module_level = {n.name for n in tree.body if isinstance(n, ast.FunctionDef)} | {
        item.asname or item.name.split(".")[0]
        for n in tree.body if isinstance(n, (ast.Import, ast.ImportFrom)) for item in n.names}
    # A built-in is called through its module (`builtins.len`): Triton's compiler accepts
    # a module's attributes in a kernel, not another global bound to a built-in.
    module = "builtins" if "builtins" not in every else "builtins_"
    for name in aliases:
        if name not in module_level and hasattr(builtins, name):
            aliases[name] = f"{module}.{name}"
    # (row, column, characters replaced, text): each use, then each import of a name, binds the alias
    edits = [(row, col, len(name), aliases[name]) for row, col, name in found.uses]
    for node in found.annotations:  # `tl.constexpr` -> `constexpr`, imported below
        text = ast.get_source_segment(source, node)
        edits.append((node.lineno, node.col_offset, len(text.encode()), text.rsplit(".", 1)[-1]))
    for node in tree.body:
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            for item in node.names:
                name = item.asname or item.name.split(".")[0]
                if name in aliases:
                    # `import torch` -> `import torch as torch_`; `... as tl` -> `... as tl_`
                    row, col = item.lineno, item.end_col_offset
                    edits.append((row, col - len(name), len(name), aliases[name]) if item.asname
                                 else (row, col, 0, f" as {aliases[name]}"))
    for row, col, size, text in sorted(edits, reverse=True):
        line = lines[row - 1]
        col = len(line.encode()[:col].decode())  # ast counts bytes
        lines[row - 1] = line[:col] + text + line[col + size:]
    extra = []
    if any("." in alias for alias in aliases.values()):
        extra.append("import builtins" + (f" as {module}" if module != "builtins" else "")
                     + "  # a kernel's name hides a built-in\n")
    if found.annotations:
        extra.append("from triton.language import constexpr  # a kernel is named tl\n")
    if extra:  # after the module's imports
        last = max(node.end_lineno for node in tree.body if isinstance(node, (ast.Import, ast.ImportFrom)))
        lines.insert(last, "".join(extra))
    return "".join(lines).replace(MARK, "")


def _may_be_used(name: str) -> bool:
    """Whether the module's own code may use `name` as a global: its imports, the built-ins
    it calls (names.py holds both lists to the templates), its helpers and runtime modules
    (all `_`-prefixed), and what this pass itself adds. Kernel names elsewhere need no pass."""
    return (name in MODULE_NAMES or name in PYTHON_BUILTINS or name.startswith("_")
            or name in ("builtins", "constexpr"))


class _GlobalUses:
    """The positions (row, byte column, name) of the global uses of `names`: loads and
    stores of a name that no enclosing function binds, and module-level `def`s."""

    def __init__(self, names):
        self.names = names
        self.uses: list[tuple[int, int, str]] = []
        self.annotations: list[ast.expr] = []  # parameter annotations that use one of `names`

    def visit_scope(self, body, scopes) -> None:
        for node in body:
            self.visit(node, scopes)

    def visit(self, node, scopes) -> None:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for default in node.args.defaults + node.args.kw_defaults:
                if default is not None:
                    self.visit(default, scopes)
            if not isinstance(node, ast.Lambda):
                for decorator in node.decorator_list:
                    self.visit(decorator, scopes)
                for arg in node.args.args + node.args.kwonlyargs + node.args.posonlyargs:
                    # Triton's interpreter reads `BLOCK: tl.constexpr` by its text, which must
                    # be "tl.constexpr" or "constexpr": with a kernel named tl, it becomes
                    # `constexpr`, imported from triton.language.
                    if arg.annotation is not None and any(
                            isinstance(n, ast.Name) and n.id in self.names for n in ast.walk(arg.annotation)):
                        self.annotations.append(arg.annotation)
                if not scopes and node.name in self.names:
                    self.uses.append((node.lineno, node.col_offset + len("def "), node.name))
            body = node.body if isinstance(node.body, list) else [node.body]
            self.visit_scope(body, scopes + [_locals(node)])
            return
        if isinstance(node, (ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)):
            targets = {n.id for g in node.generators for n in ast.walk(g.target) if isinstance(n, ast.Name)}
            for child in ast.iter_child_nodes(node):
                self.visit(child, scopes + [targets])
            return
        if isinstance(node, ast.Name) and node.id in self.names and not any(node.id in s for s in scopes):
            self.uses.append((node.lineno, node.col_offset, node.id))
        for child in ast.iter_child_nodes(node):
            self.visit(child, scopes)


def _locals(func) -> set[str]:
    """The names a function binds: its parameters and what its body assigns."""
    args = func.args
    out = {a.arg for a in args.args + args.kwonlyargs + args.posonlyargs}
    out |= {a.arg for a in (args.vararg, args.kwarg) if a is not None}
    stack = list(func.body) if isinstance(func.body, list) else [func.body]
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            out.add(node.name)
            continue
        if isinstance(node, (ast.Lambda, ast.GeneratorExp, ast.ListComp, ast.SetComp, ast.DictComp)):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            out.add(node.id)
        elif isinstance(node, ast.ExceptHandler) and node.name:
            out.add(node.name)
        stack.extend(ast.iter_child_nodes(node))
    return out
