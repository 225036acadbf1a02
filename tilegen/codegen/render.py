"""Stage 5: render models -> Python source, through the Jinja templates in templates/."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import jinja2

from ..cachedir import cache_dir
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


@lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir())),
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        autoescape=False,
        bytecode_cache=_bytecode_cache(),
    )
    env.globals["gelu_fits"] = GELU_FITS  # the gelu helpers' polynomials (helpers.py.j2)
    # a reduction's Triton spelling, from the op table (language/functions.py)
    env.globals["reduce_row"] = row_reduce
    env.globals["accumulate"] = accumulate
    env.globals["mean_of"] = mean_of
    env.filters["identifiers"] = _identifiers
    env.filters["public"] = public  # a kernel's name meaning its launcher (codegen/aliases.py)
    env.filters["public_kwarg"] = _public_kwarg
    env.globals["zip"] = zip
    return env


def _bytecode_cache() -> jinja2.BytecodeCache | None:
    """Compiled templates, kept in tilegen's cache folder (Jinja checks each against its
    template's source); compiling them all takes most of a second."""
    folder = cache_dir("jinja")
    return jinja2.FileSystemBytecodeCache(str(folder)) if folder is not None else None


def _public_kwarg(name: str, spec_names) -> str:
    """A launch keyword's name in the launcher's signature: `schedule`, or `schedule_` where
    the spec has a parameter or output of that name."""
    return name + "_" if name in spec_names else name


def _identifiers(texts) -> set[str]:
    """The names that rendered code uses (so that a template defines only those)."""
    return set(re.findall(r"[A-Za-z_]\w*", " ".join(texts)))


# module of tilegen.runtime -> the name a generated module imports it as
RUNTIME_ALIASES = {"gemm": "_gemm", "reduction": "_reduction", "reference": "_ref"}


def runtime_modules(models, helpers, torch_helpers) -> list[tuple[str, str]]:
    """(module, alias) of the modules of tilegen.runtime, beside args, that the module's
    launchers and references call."""
    needs = {
        "gemm": any(m.template == "gemm.py.j2" for m in models),
        "reduction": bool({"team", "fixed_width"} & set(helpers)) or any(getattr(m, "latency_warps", False) for m in models),
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
