"""The package's shape: stage packages, no import circle, no arrow from a stage back to a
tool, a runtime that needs nothing of the compiler, modules of a readable size."""

import ast
from pathlib import Path

from conftest import ROOT

PACKAGE = ROOT / "tilegen"
STAGES = ("frontend", "language", "checker", "lower", "codegen")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports() -> dict[str, set[str]]:
    """tilegen module -> the tilegen modules it imports (at any depth of its code)."""
    modules = {_module_name(p): p for p in PACKAGE.rglob("*.py")}
    graph = {}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        found = set()
        for node in ast.walk(ast.parse(path.read_text())):
            targets = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - node.level + 1]
                    stem = ".".join(base + ([node.module] if node.module else []))
                else:
                    stem = node.module or ""
                targets = [stem] + [f"{stem}.{a.name}" for a in node.names]
            found |= {t for t in targets if t in modules and t != name}
        graph[name] = found
    return graph


def _circle(graph):
    """One import circle, as a list of modules, or None."""
    state = {}

    def visit(node, trail):
        state[node] = "open"
        for nxt in sorted(graph[node]):
            if state.get(nxt) == "open":
                return trail[trail.index(nxt):] + [nxt]
            if nxt not in state:
                found = visit(nxt, trail + [nxt])
                if found:
                    return found
        state[node] = "done"
        return None

    for node in sorted(graph):
        if node not in state:
            found = visit(node, [node])
            if found:
                return found
    return None


def test_no_import_circle():
    # a package's __init__ re-exporting its own modules is no circle of the code
    graph = {m: {t for t in ts if not m.startswith(t + ".")} for m, ts in _imports().items()}
    assert _circle(graph) is None, " -> ".join(_circle(graph))


def test_no_stage_imports_a_tool_or_the_pipeline():
    for module, targets in _imports().items():
        if module.split(".")[1:2] and module.split(".")[1] in STAGES + ("runtime",):
            bad = sorted(t for t in targets if t.startswith(("tilegen.tools", "tilegen.pipeline", "tilegen.driver")))
            assert not bad, f"{module} imports {bad}"


def test_the_runtime_imports_only_itself():
    for module, targets in _imports().items():
        if module.startswith("tilegen.runtime"):
            bad = sorted(t for t in targets if not t.startswith("tilegen.runtime") and t != "tilegen")
            assert not bad, f"{module} imports {bad}"


def test_modules_stay_readable():
    # codegen/compiled_templates/ holds the templates compiled by Jinja (tools/prebuilt.py):
    # written by a tool, read in templates/
    written = PACKAGE / "codegen" / "compiled_templates"
    sizes = {p.relative_to(ROOT): len(p.read_text().splitlines()) for p in PACKAGE.rglob("*.py")
             if written not in p.parents}
    assert {p: n for p, n in sizes.items() if n > 420} == {}


def test_the_builtins_the_templates_call_are_reserved():
    """A spec name that equals a Python built-in the generated code calls would hide it
    (a parameter inside the launcher, a kernel in the whole module): names.PYTHON_BUILTINS
    must list every one the templates use."""
    import builtins
    import re

    from tilegen.language.names import PYTHON_BUILTINS

    candidates = [n for n in dir(builtins) if not n.startswith("_") and n not in ("True", "False", "None")]
    used = set()
    for path in (ROOT / "templates").glob("*.j2"):
        text = re.sub(r"\{[%#].*?[%#]\}", "", path.read_text(), flags=re.S)
        text = re.sub(r"\{\{.*?\}\}", "X", text, flags=re.S)
        for line in text.splitlines():
            code = re.sub(r'"[^"]*"', '""', line.split("#")[0])  # (not inside a string: PTX's abs.f32)
            used |= {n for n in candidates if re.search(rf"(?<![\w.]){n}\b(?!\s*=[^=])", code)}
    assert used - PYTHON_BUILTINS == set()


def test_every_global_name_a_function_reads_exists():
    """A function that reads a module-level name the module does not define (a helper moved
    to another module, its import left behind) fails only when it runs, which for GPU-only
    paths (`tilegen bench`) no CPU test does: symtable lists each function's global reads."""
    import builtins
    import importlib
    import symtable

    missing = []
    for path in sorted(PACKAGE.rglob("*.py")):
        if "compiled_templates" in path.parts or path.name == "__main__.py":
            continue
        module = importlib.import_module(_module_name(path))

        def walk(table):
            for child in table.get_children():
                if child.get_type() == "function":
                    for sym in child.get_symbols():
                        name = sym.get_name()
                        if (sym.is_global() and sym.is_referenced() and not sym.is_declared_global()
                                and name not in vars(module) and not hasattr(builtins, name)):
                            missing.append(f"{path.relative_to(ROOT)}:{child.get_lineno()} {child.get_name()}: {name}")
                walk(child)

        walk(symtable.symtable(path.read_text(), str(path), "exec"))
    assert missing == []
