"""Stage 5: render models -> Python source, through the Jinja templates in templates/."""

from __future__ import annotations

import hashlib
import json
import marshal
import re
import sys
from functools import lru_cache
from importlib.machinery import SourceFileLoader
from pathlib import Path

import jinja2

from ..cachedir import cache_dir, store
from .aliases import public, resolve
from ..version import __version__
from ..language.functions import GELU_FITS, accumulate, mean_of, row_reduce


def templates_dir() -> Path:
    """templates/ ships inside the wheel as tilegen/templates; a checkout keeps it at the top."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "templates", package.parent / "templates"):
        if (candidate / "module.py.j2").is_file():
            return candidate
    raise FileNotFoundError("tilegen templates not found next to the package")


# Jinja's settings; with jinja's version and the templates' text they key the compiled templates
_SETTINGS = {"trim_blocks": True, "lstrip_blocks": True, "keep_trailing_newline": True, "autoescape": False}
# The templates compiled to Python by write_compiled_templates (Jinja's compile_templates, the
# modules its ModuleLoader imports) and shipped with the package: compiling the templates
# takes ~0.25 s, the Python they compile to ~0.05 s (`python -m tilegen.tools.prebuilt`
# rewrites them).
COMPILED = Path(__file__).with_name("compiled_templates")
_MANIFEST = "manifest.json"


def templates_key(folder: Path | None = None, with_jinja: bool = True) -> str:
    """What the compiled templates depend on: every template's name and text, Jinja's version
    and settings. Compiled templates under another key are never used."""
    folder = folder or templates_dir()
    digest = hashlib.sha256(f"jinja2 {jinja2.__version__} {sorted(_SETTINGS.items())}".encode() if with_jinja else b"")
    for path in sorted(folder.glob("*.j2")):
        digest.update(b"\0" + path.name.encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def compiled_manifest() -> dict:
    """What the shipped compiled templates were made from ({} when none are shipped)."""
    try:
        manifest = json.loads((COMPILED / _MANIFEST).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return manifest if isinstance(manifest, dict) else {}


def compiled_key() -> str | None:
    """The key the shipped compiled templates were made under (None: none shipped)."""
    return compiled_manifest().get("key")


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """The templates' environment: the shipped compiled templates when they are current, else
    the templates themselves, compiled on first use (and kept in tilegen's cache folder)."""
    if compiled_key() == templates_key():
        return _configure(_CompiledLoader(cache_dir("templates")))
    return _configure(jinja2.FileSystemLoader(str(templates_dir())), _bytecode_cache())


class _CompiledLoader(jinja2.BaseLoader):
    """The shipped compiled templates, run as Jinja's ModuleLoader runs them, with the code
    objects Python compiles them to kept in tilegen's cache folder (`cache`; None: none):
    where Python keeps no bytecode of its own (PYTHONDONTWRITEBYTECODE, a read-only
    checkout) a warm build would otherwise compile them again each time."""

    has_source_access = False

    def __init__(self, cache: Path | None):
        self.cache = cache

    def load(self, environment, name, globals=None):
        path = COMPILED / jinja2.ModuleLoader.get_module_filename(name)
        try:
            source = path.read_bytes()
        except OSError:
            raise jinja2.TemplateNotFound(name) from None
        namespace = {"__file__": str(path)}
        exec(self._code(source, path), namespace)
        return environment.template_class.from_module_dict(environment, namespace, globals or {})

    def _code(self, source: bytes, path: Path):
        if self.cache is None:
            return SourceFileLoader(path.stem, str(path)).get_code(path.stem)
        key = hashlib.sha256(f"{sys.implementation.cache_tag}\0{path.name}\0".encode() + source)
        entry = self.cache / f"{key.hexdigest()[:32]}.code"
        try:
            return marshal.loads(entry.read_bytes())
        except (OSError, EOFError, ValueError, TypeError):
            pass
        # as an import gets it: from the bytecode Python keeps beside it (an installed
        # wheel's) where that is current, else compiled
        code = SourceFileLoader(path.stem, str(path)).get_code(path.stem)
        store(entry, marshal.dumps(code))
        return code


def _configure(loader: jinja2.BaseLoader, bytecode_cache: jinja2.BytecodeCache | None = None) -> jinja2.Environment:
    env = jinja2.Environment(loader=loader, undefined=jinja2.StrictUndefined, bytecode_cache=bytecode_cache, **_SETTINGS)
    env.globals["gelu_fits"] = GELU_FITS  # the gelu helpers' polynomials (helpers.py.j2)
    # a reduction's Triton spelling, from the op table (language/functions.py)
    env.globals["reduce_row"] = row_reduce
    env.globals["accumulate"] = accumulate
    env.globals["mean_of"] = mean_of
    env.filters["identifiers"] = _identifiers
    env.filters["public"] = public  # a kernel's name meaning its launcher (codegen/aliases.py)
    env.filters["public_kwarg"] = _public_kwarg
    env.filters["pytuple"] = _pytuple
    env.filters["named_arg"] = lambda t: f'("{t.spec_name}", {t.name})'  # the checks' (name, tensor)
    env.globals["zip"] = zip
    return env


def write_compiled_templates(target: Path = COMPILED) -> None:
    """Compile every template to a Python module in `target` (Jinja's compile_templates, the
    form its ModuleLoader imports), with the key they were compiled under."""
    target.mkdir(parents=True, exist_ok=True)
    for old in target.glob("tmpl_*.py"):
        old.unlink()
    env = _configure(jinja2.FileSystemLoader(str(templates_dir())))
    env.compile_templates(str(target), zip=None, log_function=lambda message: None, ignore_errors=False)
    manifest = {
        "key": templates_key(),
        "templates": templates_key(None, with_jinja=False),
        "jinja2": jinja2.__version__,
        "made_by": "python -m tilegen.tools.prebuilt",
    }
    (target / _MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n", encoding="utf-8")


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates, kept in tilegen's cache folder (Jinja checks each against its
    template's source); compiling them all takes most of a second."""
    folder = cache_dir("jinja")
    return jinja2.FileSystemBytecodeCache(str(folder)) if folder is not None else None


def _pytuple(items) -> str:
    """Python source of a tuple of the given expressions, as black writes it: "(a, b)", a
    one-tuple "(a,)", "()"."""
    items = [str(item) for item in items]
    return f"({items[0]},)" if len(items) == 1 else "(" + ", ".join(items) + ")"


def _public_kwarg(name: str, spec_names) -> str:
    """A launch keyword's name in the launcher's signature: `schedule`, or `schedule_` where
    the spec has a parameter or output of that name."""
    return name + "_" if name in spec_names else name


def _identifiers(texts) -> set[str]:
    """The names that rendered code uses (so that a template defines only those)."""
    return set(re.findall(r"[A-Za-z_]\w*", " ".join(texts)))


# module of tilegen.runtime -> the name a generated module imports it as
RUNTIME_ALIASES = {"gemm": "_gemm", "restage": "_restage", "reduction": "_reduction", "axes": "_axes", "reference": "_ref"}


def runtime_modules(models, helpers, torch_helpers) -> list[tuple[str, str]]:
    """(module, alias) of the modules of tilegen.runtime, beside args, that the module's
    launchers and references call."""
    needs = {
        "gemm": any(m.template == "gemm.py.j2" for m in models),
        "restage": any(m.template == "gemm.py.j2" and m.pad_k for m in models),
        "reduction": bool({"team", "fixed_width"} & set(helpers))
        or any(getattr(m, "latency_warps", False) or getattr(m, "aligned", ()) or getattr(m, "table_padded", "")
               for m in models),
        "axes": any(m.template in ("axis_reduction.py.j2", "axis_scan.py.j2") for m in models),
        "reference": bool(set(torch_helpers)),
    }
    return [(name, RUNTIME_ALIASES[name]) for name, needed in needs.items() if needed]


def render_module(spec_file: str, models) -> str:
    helpers = sorted(set().union(*(m.helpers for m in models))) if models else []
    torch_helpers = sorted(set().union(*(m.torch_helpers for m in models))) if models else []
    descriptors = any("descriptor" in getattr(m, "modes", ()) for m in models)
    source = environment().get_template("module.py.j2").render(
        version=__version__,
        spec_file=spec_file,
        kernel_names=[m.sig.name for m in models],
        kernels=[{"template": m.template, "model": m} for m in models],
        helpers=helpers,
        torch_helpers=torch_helpers,
        runtime_modules=runtime_modules(models, helpers, torch_helpers),
        imports={"descriptors"} if descriptors else set(),
    )
    return resolve(source, [m.sig.name for m in models])
