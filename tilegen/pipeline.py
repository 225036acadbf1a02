"""The compiler, top to bottom. Each stage is a package named for what it does:

    parse      frontend/parser.py       source text -> Lark tree (frontend/grammar.lark)
    build IR   frontend/transformer.py  Lark tree -> frozen IR (language/ir.py)
    check      checker/check.py         IR -> checked kernels (every error at once)
    rename     lower/rename.py          spec names the generated code uses itself -> its own names
    lower      lower/<kind>             checked kernel -> render model
    render     codegen/render.py        render models -> Python source (templates/)
    format     codegen/fmt.py           black
    write      codegen/write.py         atomic writes, staleness check (the CLI and tilegen.build)

`compile_source` runs all but the last; `--dump=STAGE` stops after a stage. The language
itself (types, the op table, schedule keys, names) lives in language/; what generated
modules import at run time lives in runtime/.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from .checker.check import CheckedKernel, check_module
from .codegen.fmt import format_source
from .codegen.render import render_module
from .diagnostics import Diagnostic, DiagnosticError, in_source_order
from .frontend.parser import parse_source
from .frontend.transformer import to_ir
from .language import ir
from .language.names import printable
from .lower.elementwise import lower_elementwise
from .lower.gemm import lower_gemm
from .lower.reduction import lower_reduction
from .lower.rename import rename

STAGES = ("ir", "checked", "model", "raw", "source")

# kind -> lowering function (checked kernel, spec file name) -> render model
LOWERINGS = {"elementwise": lower_elementwise, "reduction": lower_reduction, "gemm": lower_gemm}


@dataclass(frozen=True, slots=True)
class Compiled:
    module: ir.Module
    checked: tuple[CheckedKernel, ...]
    models: tuple
    raw: str  # rendered, before black
    source: str  # final module text


def parse(text: str, path: str) -> ir.Module:
    """Parse and build the IR. Errors found building it (unknown types) come with every
    error the checker finds in the rest of the file, so that all are reported at once."""
    module, errors = to_ir(parse_source(text, path), path, text)
    if errors:
        try:
            check_module(module)
        except DiagnosticError as exc:
            errors.extend(exc.diagnostics)
        raise DiagnosticError(in_source_order(errors))
    return module


def lower(checked: tuple[CheckedKernel, ...], spec_file: str, module: ir.Module) -> tuple:
    errors: list[Diagnostic] = []
    models = []
    for ck in checked:
        lowering = LOWERINGS.get(ck.kernel.kind)
        if lowering is None:
            errors.append(Diagnostic.make("E060", ck.kernel.span, kind=ck.kernel.kind, name=ck.kernel.name))
            continue
        try:
            models.append(lowering(rename(ck, module), spec_file))
        except DiagnosticError as exc:
            errors.extend(exc.diagnostics)
    if errors:
        raise DiagnosticError(in_source_order(errors))  # kernel by kernel, each in its own order
    return tuple(models)


# Python frames the stages may need: they recurse into expressions, a few frames per level,
# up to checker.limits.MAX_DEPTH levels (deeper ones are E068, found without recursion).
_RECURSION_LIMIT = 20_000


@contextmanager
def _deep_recursion():
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(max(old, _RECURSION_LIMIT))
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


def compile_source(text: str, path: str, stop_after: str = "source") -> Compiled:
    """Run the pipeline on one spec; raises DiagnosticError with every error found."""
    with _deep_recursion():
        return _compile(text, path, stop_after)


def _compile(text: str, path: str, stop_after: str) -> Compiled:
    spec_file = printable(Path(path).name)  # it reaches comments, docstrings and a string literal
    module = parse(text, path)  # parse + build IR
    checked = check_module(module) if stop_after != "ir" else ()
    models = lower(checked, spec_file, module) if stop_after not in ("ir", "checked") else ()
    raw = render_module(spec_file, models) if stop_after in ("raw", "source") else ""
    source = format_source(raw) if stop_after == "source" else ""
    return Compiled(module, checked, models, raw, source)
