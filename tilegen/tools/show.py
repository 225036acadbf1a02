"""`tilegen show`: pick one kernel's code out of a module, and highlight on a terminal."""

from __future__ import annotations

import re


# The `# spec:` line that opens one @triton.jit kernel of a module, and that kernel's name.
_KERNEL_START = re.compile(r"^# spec: .*\n@triton\.jit\b.*\ndef (\w+)_kernel\(", re.M)
# The extra kernels a reduction kernel NAME generates (NAME_looped_kernel, NAME_team_kernel).
_VARIANTS = ("", "_looped", "_team")


def kernel_section(source: str, name: str) -> str | None:
    """The kernels, launcher and reference of `name`: from its `# spec:` line to the next
    kernel's."""
    starts = list(_KERNEL_START.finditer(source))
    first = next((i for i, m in enumerate(starts) if m.group(1) == name), None)
    if first is None:
        return None
    own = {name + variant for variant in _VARIANTS}
    end = next((m.start() for m in starts[first + 1:] if m.group(1) not in own), len(source))
    return source[starts[first].start(): end].rstrip() + "\n"


def highlight(source: str) -> str:
    try:
        from pygments import highlight as pyg_highlight
        from pygments.formatters import TerminalFormatter
        from pygments.lexers import PythonLexer
    except ImportError:
        return source
    return pyg_highlight(source, PythonLexer(), TerminalFormatter())
