"""The compiler, top to bottom. Each stage is one module:

    parse      parser.py            source text -> Lark tree
    build IR   transformer.py       Lark tree -> frozen IR (ir.py)
    check      check.py             IR -> checked kernels (all errors at once; names.py:
                                    the names a spec may not take, hints.py: notes)
    lower      lower_<kind>.py      checked kernel -> render model
    render     render.py            render models -> Python source (templates/)
    format     fmt.py               black
    write      write.py             atomic writes, staleness check

`compile_source` runs all but the last; `--dump=STAGE` stops after a stage.
"""

from __future__ import annotations

import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from . import ir
from .check import CheckedKernel, check_module
from .diagnostics import Diagnostic, DiagnosticError, in_source_order
from .fmt import format_source
from .lower_elementwise import lower_elementwise
from .names import printable
from .parser import parse_source
from .render import render_module
from .transformer import to_ir

STAGES = ("ir", "checked", "model", "raw", "source")

# kind -> lowering function (checked kernel, spec file name) -> render model
LOWERINGS = {"elementwise": lower_elementwise}


def _register_optional_lowerings() -> None:
    try:
        from .lower_reduction import lower_reduction

        LOWERINGS["reduction"] = lower_reduction
    except ImportError:
        pass
    try:
        from .lower_gemm import lower_gemm

        LOWERINGS["gemm"] = lower_gemm
    except ImportError:
        pass


_register_optional_lowerings()


@dataclass(frozen=True, slots=True)
class Compiled:
    module: ir.Module
    checked: tuple[CheckedKernel, ...]
    models: tuple
    raw: str  # rendered, before black
    source: str  # final module text


def parse(text: str, path: str) -> ir.Module:
    return to_ir(parse_source(text, path), path, text)


def lower(checked: tuple[CheckedKernel, ...], spec_file: str) -> tuple:
    errors: list[Diagnostic] = []
    models = []
    for ck in checked:
        lowering = LOWERINGS.get(ck.kernel.kind)
        if lowering is None:
            errors.append(Diagnostic.make("E060", ck.kernel.span, kind=ck.kernel.kind, name=ck.kernel.name))
            continue
        try:
            models.append(lowering(ck, spec_file))
        except DiagnosticError as exc:
            errors.extend(exc.diagnostics)
    if errors:
        raise DiagnosticError(in_source_order(errors))  # kernel by kernel, each in its own order
    return tuple(models)


# Python frames the stages may need: they recurse into expressions, a few frames per level,
# up to check.MAX_DEPTH levels (deeper ones are E068, found without recursion).
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
    models = lower(checked, spec_file) if stop_after not in ("ir", "checked") else ()
    raw = render_module(spec_file, models) if stop_after in ("raw", "source") else ""
    source = format_source(raw) if stop_after == "source" else ""
    return Compiled(module, checked, models, raw, source)
