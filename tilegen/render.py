"""Stage 5: render models -> Python source, through the Jinja templates in templates/."""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

import jinja2

from . import __version__
from .functions import GELU_FITS
from .schedule import call_rules


def templates_dir() -> Path:
    """templates/ ships inside the wheel as tilegen/templates; a checkout keeps it at the top."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "templates", here.parent / "templates"):
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
    )
    env.globals["gemm_call_rules"] = call_rules()  # what a gemm call's schedule= may set
    env.globals["gelu_fits"] = GELU_FITS  # the gelu helpers' polynomials (helpers.py.j2)
    env.filters["identifiers"] = _identifiers
    return env


def _identifiers(texts) -> set[str]:
    """The names that rendered code uses (so that a template defines only those)."""
    return set(re.findall(r"[A-Za-z_]\w*", " ".join(texts)))


def render_module(spec_file: str, models) -> str:
    helpers = sorted(set().union(*(m.helpers for m in models))) if models else []
    torch_helpers = sorted(set().union(*(m.torch_helpers for m in models))) if models else []
    return environment().get_template("module.py.j2").render(
        version=__version__,
        spec_file=spec_file,
        kernel_names=[m.sig.name for m in models],
        kernels=[{"template": m.template, "model": m} for m in models],
        helpers=helpers,
        torch_helpers=torch_helpers,
    )
