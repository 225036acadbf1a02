"""`python -m tilegen`: the command line. Run by a Python that lacks tilegen's dependencies
from a checkout that has its environment (`make setup` creates .venv), it runs there."""

import importlib.util
import os
import sys
from pathlib import Path


def _project_python() -> Path | None:
    """The checkout's .venv Python, when this one lacks a dependency and that one exists."""
    if os.environ.get("TILEGEN_REEXEC") == "1" or all(
            importlib.util.find_spec(name) for name in ("lark", "jinja2", "black")):
        return None
    python = Path(__file__).resolve().parent.parent / ".venv" / "bin" / "python"
    return python if python.is_file() else None


python = _project_python()
if python is not None:
    os.execve(python, [str(python), "-m", "tilegen", *sys.argv[1:]], {**os.environ, "TILEGEN_REEXEC": "1"})

from .tools.cli import main  # noqa: E402 (after the switch above; cli needs the dependencies)

sys.exit(main())
