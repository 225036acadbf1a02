"""`tilegen show`: pick one kernel's code out of a module, and highlight on a terminal."""

from __future__ import annotations

import re


# The `# spec:` line that opens one @triton.jit kernel of a module, and that kernel's name.
_KERNEL_START = re.compile(r"^# spec: .*\n@triton\.jit\b.*\ndef (\w+)_kernel\(", re.M)
# The extra kernels a reduction kernel NAME generates (NAME_looped_kernel, NAME_team_kernel).
_VARIANTS = ("", "_looped", "_team")


# A helper the kernels call (modules end with them): a @triton.jit function or a constant.
_HELPER_START = re.compile(r"^(?:@triton\.jit\n)?def (_\w+)\(|^(_[A-Z][A-Z0-9_]*) = ", re.M)


# A kernel's torch reference, the last of its section.
_REFERENCE = re.compile(r"^def \w+_reference\(", re.M)


def kernel_section(source: str, name: str) -> str | None:
    """The kernels, launcher and reference of `name` (from its `# spec:` line to the next
    kernel's, or to the helpers), then the @triton.jit helpers they call."""
    starts = list(_KERNEL_START.finditer(source))
    first = next((i for i, m in enumerate(starts) if m.group(1) == name), None)
    if first is None:
        return None
    own = {name + variant for variant in _VARIANTS}
    # Helpers follow the last kernel's reference (before it: the launchers' own functions).
    references = list(_REFERENCE.finditer(source, starts[-1].end()))
    helpers = _helpers(source, references[-1].end() if references else starts[-1].end())
    helpers_start = min((start for start, _, _ in helpers), default=len(source))
    end = next((m.start() for m in starts[first + 1:] if m.group(1) not in own), helpers_start)
    section = source[starts[first].start(): min(end, helpers_start)].rstrip() + "\n"
    return section + "".join(f"\n\n{text}" for text in _called(section, helpers))


def _helpers(source: str, after: int) -> list[tuple[int, str, str]]:
    """(start, name, text) of each helper past the last kernel, in module order."""
    found = [m for m in _HELPER_START.finditer(source) if m.start() >= after]
    starts = [_with_comments(source, m.start()) for m in found]
    ends = starts[1:] + [len(source)]
    return [(start, m.group(1) or m.group(2), source[start:end].rstrip() + "\n")
            for m, start, end in zip(found, starts, ends)]


def _with_comments(source: str, start: int) -> int:
    """`start` moved up over the comment lines right above it."""
    while True:
        line_start = source.rfind("\n", 0, max(start - 1, 0)) + 1
        if start == 0 or not source[line_start:start].startswith("#"):
            return start
        start = line_start


def _called(section: str, helpers) -> list[str]:
    """The helpers `section` uses, and those they use in turn, in module order."""
    used, todo = set(), [section]
    while todo:
        text = todo.pop()
        for _, name, body in helpers:
            if name not in used and re.search(rf"\b{re.escape(name)}\b", text):
                used.add(name)
                todo.append(body)
    return [body for _, name, body in helpers if name in used]


def highlight(source: str) -> str:
    try:
        from pygments import highlight as pyg_highlight
        from pygments.formatters import TerminalFormatter
        from pygments.lexers import PythonLexer
    except ImportError:
        return source
    return pyg_highlight(source, PythonLexer(), TerminalFormatter())
