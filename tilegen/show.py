"""`tilegen show`: pick one kernel's code out of a module, and highlight on a terminal."""

from __future__ import annotations

import re


def kernel_section(source: str, name: str) -> str | None:
    """The kernel, launcher and reference of `name`: from its `# spec:` line to the next kernel."""
    start = re.search(rf"^# spec: .*\n@triton\.jit\ndef {re.escape(name)}_kernel\(", source, re.M)
    if start is None:
        return None
    end = re.search(r"^# spec: .*\n@triton\.jit\ndef \w+_kernel\(", source[start.end():], re.M)
    stop = start.end() + end.start() if end else len(source)
    return source[start.start(): stop].rstrip() + "\n"


def highlight(source: str) -> str:
    try:
        from pygments import highlight as pyg_highlight
        from pygments.formatters import TerminalFormatter
        from pygments.lexers import PythonLexer
    except ImportError:
        return source
    return pyg_highlight(source, PythonLexer(), TerminalFormatter())
