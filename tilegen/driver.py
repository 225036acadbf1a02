"""Compile spec files: find them, read them, run the pipeline on each, report every
diagnostic, and name the module each one becomes. The command line, `tilegen validate`,
`tilegen bench` and the public API (tilegen.compile, tilegen.build) all start here; it
also imports generated source as a module (load_module)."""

from __future__ import annotations

import atexit
import functools
import importlib.util
import itertools
import shutil
import sys
import tempfile
from pathlib import Path

from .codegen.fmt import InternalError
from .diagnostics import Diagnostic, DiagnosticError, Span
from .pipeline import compile_source


def find_specs(paths: list[str]) -> tuple[list[Path], list[Diagnostic]]:
    specs, errors = [], []
    for raw in paths:
        path = Path(raw)
        if path.is_dir():
            found = sorted(path.rglob("*.tile"))
            if not found:
                errors.append(Diagnostic.make("E063", None, path=raw))
            specs.extend(found)
        elif path.is_file():
            specs.append(path)
        else:
            errors.append(Diagnostic.make("E062", None, path=raw, why="no such file or directory"))
    return specs, errors


def read_spec(path: Path) -> str:
    """The spec's text: UTF-8, without the byte-order mark some editors write first."""
    data = path.read_bytes()
    return data.removeprefix(b"\xef\xbb\xbf").decode("utf-8")


def _not_utf8(path: Path, exc: UnicodeDecodeError) -> str:
    """E062 at the first byte that is not UTF-8, shown in its line (exc.object: the bytes
    read_spec decoded)."""
    data = exc.object
    before = data[: exc.start].decode("utf-8")
    line = before.count("\n") + 1
    column = len(before) - (before.rfind("\n") + 1) + 1
    why = f"byte 0x{data[exc.start]:02x} is not UTF-8 (save the file as UTF-8)"
    span = Span(str(path), line, column)
    return Diagnostic.make("E062", span, path=str(path), why=why).render(data.decode("utf-8", "replace"))


def compile_paths(paths: list[str], stop_after: str = "source", err=None, writes: bool = False,
                  diagnostics: list | None = None):
    """Compile every spec; print all diagnostics; return {spec: Compiled} or None on error.
    writes: the caller (build) would write files, so say that none were. diagnostics: a
    list that collects every diagnostic too (tilegen.build's CompileError carries them)."""
    err = err if err is not None else sys.stderr  # looked up now, so redirections apply
    found = diagnostics if diagnostics is not None else []

    def report(diag, text):
        found.append(diag)
        print(diag.render(text), file=err)

    specs, errors = find_specs(paths)
    for diag in errors:
        report(diag, None)
    results, failed = {}, bool(errors)
    for spec in specs:
        try:
            text = read_spec(spec)
        except OSError as exc:
            report(Diagnostic.make("E062", None, path=str(spec), why=str(exc)), None)
            failed = True
            continue
        except UnicodeDecodeError as exc:
            print(_not_utf8(spec, exc), file=err)
            failed = True
            continue
        try:
            results[spec] = compile_source(text, str(spec), stop_after)
        except DiagnosticError as exc:
            failed = True
            for diag in exc.diagnostics:
                report(diag, text)
        except InternalError as exc:
            failed = True
            print(f"{spec}: internal error: {exc}", file=err)
    if failed:
        if writes:
            print("tilegen: errors found; nothing was written", file=err)
        return None
    return results


def module_outputs(results, out_dir: Path) -> tuple[dict[Path, str], list[Diagnostic]]:
    outputs: dict[Path, str] = {}
    sources: dict[Path, Path] = {}  # module -> the spec it comes from
    errors = []
    for spec, compiled in results.items():
        target = out_dir / (spec.stem + ".py")
        if target in outputs:
            errors.append(Diagnostic.make("E066", None, path=str(target), first=str(sources[target]), second=str(spec)))
        outputs[target] = compiled.source
        sources[target] = spec
    return outputs, errors


_MODULE_NUMBER = itertools.count()


@functools.lru_cache(maxsize=1)
def _module_dir() -> Path:
    """One temporary directory per process, removed when it exits."""
    directory = tempfile.mkdtemp(prefix="tilegen-")
    atexit.register(shutil.rmtree, directory, ignore_errors=True)
    return Path(directory)


def load_module(source: str, name: str):
    """Import generated source as a module. It is written to a file first, because Triton
    reads a kernel's source from its file; the files share one temporary directory, removed
    when the process exits."""
    number = next(_MODULE_NUMBER)
    path = _module_dir() / f"{name}_{number}.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location(f"tilegen_module_{name}_{number}", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module
