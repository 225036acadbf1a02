"""fmt.py runs black only on what black would change: layout.plan keeps what canonical.py
vouches for. A vouched-for statement black would change is a wrong output, so these tests
hold canonical() to black on every line of the generated modules perturbed in the ways black
normalizes, and on random calls and signatures near the line length."""

import random
import re

import pytest

from conftest import ROOT
from tilegen.codegen import fmt, layout
from tilegen.codegen.canonical import LINE_LENGTH, canonical


def _black_of(units):
    """black's lines for each layout.Unit (one run), as fmt formats them."""
    units = list(dict.fromkeys(units))
    got = fmt._format_units(units)
    assert len(got) == len(units)
    return [got[u] for u in units]


def _statements():
    """(depth, line) of every one-line statement of the committed generated modules."""
    out = set()
    for path in sorted((ROOT / "generated").glob("*.py")):
        for line in path.read_text().splitlines():
            body = line.lstrip(" ")
            if not body or body.startswith(("#", '"', "@")) or body.endswith(("(", "[", "{", ",")):
                continue
            if body[0] in ")]}" or (len(line) - len(body)) % 4:
                continue
            try:  # a statement, not a line of a docstring
                compile(body + ("\n    pass" if body.endswith(":") else ""), "<line>", "exec")
            except SyntaxError:
                continue
            out.add(((len(line) - len(body)) // 4, line))
    return sorted(out)


# ways black normalizes a line: each gives variants of it
_PERTURB = [
    lambda s: s.replace(", ", ","),
    lambda s: s.replace("(", " (", 1),
    lambda s: s.replace("(", "( ", 1),
    lambda s: s.replace(")", " )", 1),
    lambda s: s.replace(" = ", "=", 1),
    lambda s: s.replace("=", " = ", 1),
    lambda s: s.replace(" + ", "+", 1),
    lambda s: s.replace(" * ", "*", 1),
    lambda s: s.replace("**", " ** ", 1),
    lambda s: s.replace('"', "'"),
    lambda s: s.replace(")", ",)", 1),
    lambda s: s.replace("]", ",]", 1),
    lambda s: re.sub(r"= (.+)$", r"= (\1)", s, count=1),
    lambda s: re.sub(r"return (.+)$", r"return (\1)", s, count=1),
    lambda s: re.sub(r"if (.+):$", r"if (\1):", s, count=1),
    lambda s: s.replace(".0", ".", 1),
    lambda s: s.replace("0.", ".", 1),
    lambda s: re.sub(r"\b(\d+)\b", r"\1e+0", s, count=1),
    lambda s: s.replace(":", " :", 1),
    lambda s: s.replace(": ", ":", 1),
    lambda s: s.replace("[", "[ ", 1),
    lambda s: s.replace(" if ", "  if ", 1),
    lambda s: s.replace("  #", " #", 1),
    lambda s: s.replace("# ", "#", 1),
    lambda s: s.replace("-", "- ", 1),
    lambda s: s.replace(" - ", " -", 1),
    lambda s: s.replace("not ", "not(", 1) + ")" if "not " in s else s,
    lambda s: s + " ",
    lambda s: s.replace("x", "x" * 60, 1),
]


def test_canonical_holds_on_every_generated_line():
    """Every one-line statement of generated/ is black's already: canonical() should vouch
    for nearly all of them (a test that vouched for none would prove nothing)."""
    lines = _statements()
    vouched = [line for depth, line in lines if canonical([line], depth)]
    assert len(lines) > 1500 and len(vouched) > 0.9 * len(lines)


def test_canonical_never_vouches_for_a_line_black_changes():
    rng = random.Random(7)
    lines = _statements()
    candidates = set()
    for depth, line in lines:
        for perturb in _PERTURB:
            variant = perturb(line)
            if variant != line:
                candidates.add((depth, variant))
    candidates = sorted(candidates)
    rng.shuffle(candidates)
    checked = []
    for depth, variant in candidates:
        if len(checked) >= 2500:
            break
        try:
            compile("if 1:\n" * depth + variant.strip() + (" pass" if variant.rstrip().endswith(":") else ""),
                    "<v>", "exec")
        except SyntaxError:
            continue
        if canonical([variant], depth):
            checked.append(layout.Unit(depth, (variant,), variant.rstrip().endswith(":")))
    assert len(checked) > 50  # some perturbations leave a line as black writes it
    for unit, got in zip(checked, _black_of(checked)):
        assert got == list(unit.lines), unit.lines[0]


def _random_statement(rng):
    depth = rng.randint(0, 3)
    indent = "    " * depth
    head = rng.choice(["f(", "x = g.h(", "return call(", "def fn(", "y = (", "z = ["])
    names = ["a", "bb", "c.d", "e[0]", "f(1, 2)", "k=v", "*args", "-1", "2**31", '"s"', "(p, q)", "n + 1"]
    if head == "def fn(":
        names = ["a", "bb", "c=1", "*", "d=None", "e_long_name", "**kw"]
    count = rng.randint(1, 12)
    items = [rng.choice(names) for _ in range(count)]
    items = [item + "_" * rng.randint(0, 14) if item.isidentifier() else item for item in items]
    tail = ")" if head[-1] == "(" else "]" if head[-1] == "[" else ")"
    if head == "y = (":
        tail = ")"
    tail += ":" if head.startswith("def") else ""
    inner = indent + "    "
    form = rng.choice(["one", "hug", "split"])
    if form == "one":
        lines = [indent + head + ", ".join(items) + tail]
    elif form == "hug":
        lines = [indent + head, inner + ", ".join(items), indent + tail]
    else:
        lines = [indent + head] + [inner + item + "," for item in items] + [indent + tail]
        if rng.random() < 0.3 and len(items) > 2:
            lines.insert(2, inner + "# a comment between items")
        if rng.random() < 0.3:
            lines[1] += "  # a trailing comment"
    return depth, lines, head.startswith("def")


def test_canonical_layouts_are_black_s():
    """Random calls, signatures and collections near the line length, on one line, hugged
    or split: where canonical() vouches for one, black writes it the same."""
    rng = random.Random(11)
    units = []
    for _ in range(12000):
        depth, lines, header = _random_statement(rng)
        code = "\n".join(line[4 * depth:] if k == 0 else line for k, line in enumerate(lines))
        try:
            compile(code + ("\n    pass" if header else ""), "<r>", "exec")
        except SyntaxError:
            continue
        if canonical(lines, depth):
            units.append(layout.Unit(depth, tuple(lines), header))
    sizes = [len(u.lines) for u in units]
    assert sizes.count(1) > 20 and sizes.count(3) >= 4 and sum(n > 3 for n in sizes) > 20
    units = list(dict.fromkeys(units))
    for unit, got in zip(units, _black_of(units)):
        assert got == list(unit.lines), "\n".join(unit.lines)


@pytest.mark.parametrize("source", [
    # blank lines: after a def line, doubled in a body, before an else, after a docstring
    "def f(x):\n\n    return x\n",
    "def f(x):\n    y = x\n\n\n    return y\n",
    "def f(x):\n    if x:\n        y = 1\n\n    else:\n        y = 2\n    return y\n",
    'def f(x):\n    """Doc."""\n\n    return x\n',
    # a comment before a dedent, a nested def without its blank line, one top-level blank line
    "def f(x):\n    if x:\n        y = 1\n        # done\n    return y\n",
    "def f(x):\n    y = 1\n    def g():\n        return y\n    return g\n",
    "def f(x):\n    return x\n\n_t = 1\n",
    # docstrings black rewrites
    'def f(x):\n    """  Doc. """\n    return x\n',
    'def f(x):\n    """Doc.\n\n        more\n        """\n    return x\n',
    # a statement black splits, one it joins, one it rewrites in a header
    "def f(x):\n    return " + " + ".join(["x"] * 40) + "\n",
    "def f(\n    x,\n    y,\n):\n    return (x)\n",
    "@dec\ndef f(x):\n    for (i) in x:\n        pass\n",
])
def test_formatting_is_black_s_on_shapes_layout_must_not_keep(source):
    assert fmt.format_source(source) == fmt.format_whole(source)


def test_a_piece_of_unknown_shape_goes_to_black_whole():
    assert layout.plan("class C:\n    x = 1\n") is None
    assert layout.plan("def f():\n    class C:\n        pass\n") is None
    assert layout.plan('"""A module."""\nimport os\n') is None
    assert layout.plan("def f(x):\n    return x\n") == ["def f(x):", "    return x"]


def test_black_runs_only_on_what_it_would_change(monkeypatch):
    """A piece already as black writes it is kept without black; a statement black would
    change is the only thing it sees."""
    seen = []
    real = fmt._black
    monkeypatch.setattr(fmt, "_black", lambda source, one_pass=True: seen.append(source) or real(source, one_pass))
    monkeypatch.setattr(fmt, "_cache_dir", lambda: None)
    fmt._memory.clear()
    good = "def f(x, y):\n    z = x + y\n    return z\n"
    assert fmt.format_source(good) == good and not seen
    bad = "def f(x, y):\n    z = x+y\n    return z\n"
    assert fmt.format_source(bad) == good
    assert len(seen) == 1 and "x+y" in seen[0] and "return" not in seen[0]
    fmt._memory.clear()


def test_line_length_is_black_s():
    assert LINE_LENGTH == fmt._black_api()[1].line_length
