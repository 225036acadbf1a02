"""tilegen: compile declarative .tile specs into readable, fast Triton kernels.

The library face (the command line is a thin layer over it):

    tilegen.compile(text_or_path)   compile one spec and import it: the generated module
    tilegen.check(text_or_path)     report every error a build would, writing nothing
    tilegen.build(paths, out_dir)   compile specs (files or directories) into out_dir
    tilegen.CompileError            what all three raise on a bad spec; its message is the
                                    rendered diagnostics (PATH:LINE:COL: error[CODE]: ...)

The compiler is imported on first use, so that `import tilegen.runtime` (what generated
modules import) stays light.
"""

from __future__ import annotations

from .version import __version__

__all__ = ["CompileError", "build", "check", "compile", "__version__"]


class CompileError(Exception):
    """A spec did not compile. str(error) is every diagnostic, rendered as the command line
    prints them (with the source line and a caret); .diagnostics holds them one by one."""

    def __init__(self, message: str, diagnostics=()):
        super().__init__(message)
        self.diagnostics = tuple(diagnostics)


def _source(text_or_path, name: str | None) -> tuple[str, str]:
    """(text, path) of a spec given as its text or as a path to a .tile file."""
    from pathlib import Path

    if isinstance(text_or_path, Path) or (
        isinstance(text_or_path, str) and "\n" not in text_or_path and text_or_path.endswith(".tile")
    ):
        from .diagnostics import Diagnostic
        from .driver import read_spec

        path = Path(text_or_path)
        try:
            return read_spec(path), str(path)
        except (OSError, UnicodeDecodeError) as exc:  # as the command line reports them: E062
            why = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            diagnostic = Diagnostic.make("E062", None, path=str(path), why=why)
            raise CompileError(diagnostic.render(None), [diagnostic]) from None
    if isinstance(text_or_path, bytes):
        text_or_path = text_or_path.decode("utf-8")
    return str(text_or_path), name or "<string>.tile"


def _compiled(text_or_path, name: str | None, stop_after: str):
    from .diagnostics import DiagnosticError
    from .pipeline import compile_source

    text, path = _source(text_or_path, name)
    try:
        return compile_source(text, path, stop_after), path
    except DiagnosticError as exc:
        rendered = "\n".join(d.render(text) for d in exc.diagnostics)
        raise CompileError(rendered, exc.diagnostics) from None


def check(text_or_path, *, name: str | None = None) -> None:
    """Check one spec (its text, or a path to a .tile file); raise CompileError on any error.
    name: the file name diagnostics show for a spec given as text."""
    _compiled(text_or_path, name, "model")


def compile(text_or_path, *, name: str | None = None):  # noqa: A001 (the API's word for it)
    """Compile one spec (its text, or a path to a .tile file) and return the generated module,
    imported: `tilegen.compile(text).softmax(x)`. Raises CompileError on a bad spec."""
    from pathlib import Path

    from .driver import load_module

    compiled, path = _compiled(text_or_path, name, "source")
    stem = Path(path).stem.replace("<", "").replace(">", "") or "spec"
    return load_module(compiled.source, stem)


def build(paths, out_dir="generated") -> list:
    """Compile specs (.tile files or directories of them) into out_dir/<stem>.py; returns the
    paths written (files whose bytes would not change are left alone). Raises CompileError,
    and writes nothing, if any spec has an error."""
    import io
    from pathlib import Path

    from .codegen.write import write_all
    from .diagnostics import DiagnosticError
    from .driver import compile_paths, module_outputs

    paths = [str(p) for p in ([paths] if isinstance(paths, (str, Path)) else paths)]
    err, found = io.StringIO(), []
    results = compile_paths(paths, err=err, diagnostics=found)
    if results is None:
        raise CompileError(err.getvalue().rstrip(), found)
    outputs, errors = module_outputs(results, Path(out_dir))
    try:
        if errors:
            raise DiagnosticError(errors)
        return write_all(outputs)
    except DiagnosticError as exc:
        raise CompileError("\n".join(d.render(None) for d in exc.diagnostics), exc.diagnostics) from None
