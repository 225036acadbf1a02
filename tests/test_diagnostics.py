"""Golden diagnostics: every bad spec under tests/bad_specs/ fails `tilegen check`
with exactly the text in its `.err` file, and with the codes its first line lists.

Each `NN_name.tile` starts with `# expect: E0xx E0yy`; `NN_name.err` holds what
`tilegen check tests/bad_specs/NN_name.tile` prints to stderr, run from the
repository root. To rewrite the goldens after an intended change of wording:

    TILEGEN_UPDATE_GOLDEN=1 python -m pytest tests/test_diagnostics.py

and review the diff. The build-level codes (E061-E067) are tested at the end.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from tilegen.tools.cli import main
from tilegen.diagnostics import CATALOG

BAD = ROOT / "tests" / "bad_specs"
SPECS = sorted(BAD.glob("*.tile"))
UPDATE = os.environ.get("TILEGEN_UPDATE_GOLDEN") == "1"

# Codes no spec can trigger (see docs/language.md, "Diagnostics"):
NOT_FROM_A_SPEC = {
    "E045": "unreachable: a tensor type has at least one dimension, so a reduction kernel always has a row",
    "E054": "only under Triton >= 3.9 (block_ptr addressing); the suite runs on Triton 3.6",
    "E060": "every kernel kind compiles (or will): not a property of a bad spec",
}
BUILD_CODES = {"E061", "E062", "E063", "E064", "E065", "E066", "E067"}  # tested below, not by .tile files

HEAD = re.compile(r"^(?P<path>[^:\s]+):(?P<line>\d+):(?P<col>\d+): error\[(?P<code>E\d{3})\]: \S", re.M)

GOOD = """elementwise scale(x: f32[N], a: f32 = 2.0) -> (y: f32[N]) {
    y = a * x
}
"""


def expected_codes(spec: Path) -> set[str]:
    first = spec.read_text(encoding="utf-8").splitlines()[0]
    match = re.fullmatch(r"# expect:((?: E\d{3})+)", first)
    assert match, f"{spec.name}: the first line must be '# expect: E0xx ...'"
    return set(match.group(1).split())


def run_cli(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()  # drop anything printed before
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# ---- the golden files -------------------------------------------------------


def test_there_are_enough_bad_specs():
    assert len(SPECS) >= 30
    names = [s.stem for s in SPECS]
    assert all(re.fullmatch(r"\d\d_[a-z0-9_]+", n) for n in names), names
    assert len({n[:2] for n in names}) == len(names), "numbers must be unique"


@pytest.mark.smoke
@pytest.mark.parametrize("spec", SPECS, ids=[s.stem for s in SPECS])
def test_bad_spec(spec: Path, capsys, monkeypatch):
    monkeypatch.chdir(ROOT)
    rel = spec.relative_to(ROOT).as_posix()
    status, out, err = run_cli(capsys, "check", rel)
    assert status == 1
    assert "Traceback" not in err + out
    assert out == ""

    heads = list(HEAD.finditer(err))
    assert heads, err
    assert {m.group("path") for m in heads} == {rel}
    assert {m.group("code") for m in heads} == expected_codes(spec), err
    # Reported in source order (line, then column).
    positions = [(int(m.group("line")), int(m.group("col"))) for m in heads]
    assert positions == sorted(positions)

    golden = spec.with_suffix(".err")
    if UPDATE:
        golden.write_text(err, encoding="utf-8")
    assert golden.exists(), f"missing {golden.name}: run with TILEGEN_UPDATE_GOLDEN=1"
    assert err == golden.read_text(encoding="utf-8")


def test_no_orphan_goldens():
    assert {p.stem for p in BAD.glob("*.err")} == {p.stem for p in SPECS}


def test_every_spec_level_code_has_a_bad_spec():
    covered = set().union(*(expected_codes(s) for s in SPECS))
    wanted = set(CATALOG) - set(NOT_FROM_A_SPEC) - BUILD_CODES
    assert wanted - covered == set(), "codes without a bad spec"
    assert covered <= set(CATALOG)


def test_several_errors_in_one_file_are_all_reported():
    multi = [s for s in SPECS if len(expected_codes(s)) >= 3]
    assert multi, "at least one bad spec should show several different errors"


def test_check_all_bad_specs_at_once(capsys, monkeypatch):
    """One run over the directory reports every file's errors (and still exits 1)."""
    monkeypatch.chdir(ROOT)
    status, _, err = run_cli(capsys, "check", "tests/bad_specs")
    assert status == 1
    assert {m.group("path") for m in HEAD.finditer(err)} == {s.relative_to(ROOT).as_posix() for s in SPECS}


def test_python_dash_m_matches_the_golden():
    """The real command line prints the same bytes as the in-process run."""
    spec = SPECS[-1]
    rel = spec.relative_to(ROOT).as_posix()
    proc = subprocess.run(
        [sys.executable, "-m", "tilegen", "check", rel], cwd=ROOT, capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 1
    assert proc.stderr == spec.with_suffix(".err").read_text(encoding="utf-8")


# ---- build: nothing written on error, foreign files, --check, bad paths ---------


def _project(tmp_path: Path) -> Path:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "scale.tile").write_text(GOOD, encoding="utf-8")
    return tmp_path


def test_bad_spec_build_writes_nothing(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(_project(tmp_path))
    assert run_cli(capsys, "build", "specs")[0] == 0
    module = tmp_path / "generated" / "scale.py"
    before = module.read_bytes()

    # Change the good spec (so a build would rewrite its module) and add a bad one.
    (tmp_path / "specs" / "scale.tile").write_text(GOOD.replace("2.0", "3.0"), encoding="utf-8")
    bad = (BAD / "22_undefined_names.tile").read_text(encoding="utf-8")
    (tmp_path / "specs" / "bad.tile").write_text(bad, encoding="utf-8")
    status, out, err = run_cli(capsys, "build", "specs")
    assert status == 1
    assert "error[E020]" in err and "Traceback" not in err
    assert "nothing was written" in err
    assert module.read_bytes() == before
    assert sorted(p.name for p in (tmp_path / "generated").iterdir()) == ["scale.py"]


def test_build_refuses_to_overwrite_a_foreign_file(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(_project(tmp_path))
    (tmp_path / "generated").mkdir()
    foreign = tmp_path / "generated" / "scale.py"
    foreign.write_text("# my own code\n", encoding="utf-8")
    status, _, err = run_cli(capsys, "build", "specs")
    assert status == 1
    assert "error[E061]" in err and "scale.py" in err
    assert foreign.read_text(encoding="utf-8") == "# my own code\n"


def test_build_check(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(_project(tmp_path))
    status, _, err = run_cli(capsys, "build", "specs", "--check")
    assert status == 1 and "error[E065]" in err  # missing
    assert not (tmp_path / "generated").exists()  # --check writes nothing

    assert run_cli(capsys, "build", "specs")[0] == 0
    status, out, err = run_cli(capsys, "build", "specs", "--check")
    assert status == 0, err
    assert "up to date" in out

    module = tmp_path / "generated" / "scale.py"
    module.write_text(module.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    status, _, err = run_cli(capsys, "build", "specs", "--check")
    assert status == 1 and "error[E064]" in err  # stale


@pytest.mark.parametrize("command", ["check", "build"])
def test_nonexistent_path(command, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    status, _, err = run_cli(capsys, command, "no/such.tile")
    assert status == 1
    assert err.startswith("error[E062]: cannot read 'no/such.tile'")
    assert "Traceback" not in err
    assert not (tmp_path / "generated").exists()


def test_directory_without_specs(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "empty").mkdir()
    status, _, err = run_cli(capsys, "check", "empty")
    assert status == 1 and "error[E063]" in err


def test_two_specs_with_one_module_name(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for sub in ("a", "b"):
        (tmp_path / sub).mkdir()
        (tmp_path / sub / "scale.tile").write_text(GOOD, encoding="utf-8")
    status, _, err = run_cli(capsys, "build", "a", "b")
    named = "generated/scale.py': a/scale.tile and b/scale.tile (rename one)"
    assert status == 1 and "error[E066]" in err and named.replace("/", os.sep) in err, err
    assert not (tmp_path / "generated").exists()
    status, out, err = run_cli(capsys, "check", "a", "b")  # check finds what build would
    assert status == 1 and "error[E066]" in err and "a/scale.tile and b/scale.tile" in err and "no errors" not in out


def test_byte_order_mark_is_not_source(tmp_path, capsys, monkeypatch):
    """Some editors start UTF-8 files with a byte-order mark; it is not a character of the spec.
    Columns still count from the first real character."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bom.tile").write_bytes(b"\xef\xbb\xbf" + GOOD.encode())
    status, out, err = run_cli(capsys, "check", "bom.tile")
    assert status == 0 and "1 kernel(s): no errors" in out, err
    (tmp_path / "bom.tile").write_bytes(b"\xef\xbb\xbf" + GOOD.replace("a * x", "a * z").encode())
    status, _, err = run_cli(capsys, "check", "bom.tile")
    assert status == 1 and err.startswith("bom.tile:2:13: error[") and "\ufeff" not in err, err


def test_a_byte_that_is_not_utf8_is_shown_where_it_is(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "latin1.tile").write_bytes(b"\xef\xbb\xbf" + GOOD.replace("a * x", "a * x \xb7 2.0").encode("latin-1"))
    status, out, err = run_cli(capsys, "check", "latin1.tile")
    head, line, caret = err.splitlines()[:3]
    assert status == 1 and out == "" and "Traceback" not in err
    assert head == "latin1.tile:2:15: error[E062]: cannot read 'latin1.tile': byte 0xb7 is not UTF-8 (save the file as UTF-8)"
    assert line.index("\ufffd") == caret.index("^")


def test_validate_and_show_write_nothing_and_do_not_say_so(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "bad.tile").write_text(GOOD.replace("a * x", "a * z"), encoding="utf-8")
    for command in ("show", "check"):
        status, _, err = run_cli(capsys, command, "bad.tile")
        assert status == 1 and "error[" in err and "nothing was written" not in err, err
    status, _, err = run_cli(capsys, "build", "bad.tile", "--check")
    assert status == 1 and "nothing was written" not in err, err


def _two_specs(tmp_path: Path) -> Path:
    (tmp_path / "specs").mkdir()
    (tmp_path / "specs" / "scale.tile").write_text(GOOD, encoding="utf-8")
    (tmp_path / "specs" / "rows.tile").write_text(
        "reduction softmax(x: f32[M, N]) -> (y: f32[M, N]) {\n    e = exp(x - max(x))\n    y = e / sum(e)\n}\n",
        encoding="utf-8")
    return tmp_path


def test_show_a_directory_of_specs(tmp_path, capsys, monkeypatch):
    """show DIR prints every spec's module, each under a line naming its spec."""
    monkeypatch.chdir(_two_specs(tmp_path))
    status, out, err = run_cli(capsys, "show", "specs")
    assert status == 0 and err == "", err
    assert out.startswith("# ==== specs/rows.tile ====\n")
    assert "\n# ==== specs/scale.tile ====\n" in out
    assert "def softmax_kernel(" in out and "def scale_kernel(" in out
    # One spec alone prints just its module, as `show FILE` does.
    status, alone, _ = run_cli(capsys, "show", "specs/scale.tile")
    assert status == 0 and alone.startswith("# Generated by tilegen") and alone in out


def test_show_one_kernel_of_a_directory(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(_two_specs(tmp_path))
    status, out, err = run_cli(capsys, "show", "specs", "scale")
    assert status == 0 and err == "", err
    assert out.startswith("# spec: scale.tile:1\n") and "def scale(" in out and "def scale_reference(" in out
    assert "def softmax" not in out
    # A reduction kernel's section holds all its kernels, its launcher and its reference.
    status, out, _ = run_cli(capsys, "show", "specs", "softmax")
    assert status == 0
    for name in ("softmax_kernel(", "softmax_looped_kernel(", "softmax_team_kernel(", "softmax(",
                 "softmax_reference("):
        assert f"def {name}" in out, name
    assert "def scale" not in out


def test_show_an_unknown_kernel_lists_the_kernels(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(_two_specs(tmp_path))
    status, out, err = run_cli(capsys, "show", "specs", "nope")
    assert status == 1 and out == ""
    assert err == "tilegen: no kernel 'nope' in specs (kernels: softmax, scale)\n"
    status, _, err = run_cli(capsys, "show", "specs/scale.tile", "softmax")
    assert status == 1 and err == "tilegen: no kernel 'softmax' in specs/scale.tile (kernels: scale)\n"


def test_build_into_a_path_that_cannot_be_a_directory(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(_project(tmp_path))
    (tmp_path / "afile").write_text("mine\n", encoding="utf-8")
    for out in ("afile", "afile/sub"):
        status, _, err = run_cli(capsys, "build", "specs", "-o", out)
        assert status == 1 and "error[E067]: cannot write 'afile" in err and "Traceback" not in err, err
        assert "nothing was written" in err
    assert (tmp_path / "afile").read_text(encoding="utf-8") == "mine\n"


# ---- docs/language.md stays in step with the catalog -------------------------------


def test_language_reference_lists_every_code():
    docs = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| (E\d{3}) \|", docs, re.M)
    assert rows == sorted(CATALOG), "the diagnostics table must list every CATALOG code once, in order"


def test_language_reference_lists_every_schedule_key():
    from tilegen.language.schedule import SCHEDULE_KEYS

    docs = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    section = docs.split("## Schedules", 1)[1].split("\n## ", 1)[0]
    for kind, keys in SCHEDULE_KEYS.items():
        table = section.split(f"**{kind}**", 1)[1].split("\n\n**", 1)[0]
        for key in keys:
            assert f"`{key}`" in table, f"docs/language.md: schedule key {key!r} of {kind} kernels"


def test_language_reference_lists_every_reserved_name():
    from tilegen.language.names import (
        GEMM_NAMES, GEMM_TILE_NAMES, LAUNCH_KEYWORDS, MODULE_NAMES, PYTHON_BUILTINS, REDUCTION_NAMES, RESERVED,
        RESERVED_PREFIXES, RESERVED_SUFFIXES,
    )

    docs = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    section = docs.split("## Names", 1)[1].split("\n## ", 1)[0]
    words = set(re.findall(r"[A-Za-z_][A-Za-z0-9_]*", section))
    names = (set(RESERVED) | set(MODULE_NAMES) | set(REDUCTION_NAMES) | set(GEMM_NAMES) | set(GEMM_TILE_NAMES)
             | set(PYTHON_BUILTINS) | set(LAUNCH_KEYWORDS))
    assert names - words == set(), "docs/language.md, Names: names it does not list"
    for affix in RESERVED_PREFIXES + RESERVED_SUFFIXES:
        assert re.search(rf"[`\s]{re.escape(affix)}[`\s]", section), affix


def test_language_reference_power_example_compiles():
    """The associativity example of '**' is a valid expression that means what the table says."""
    from tilegen.pipeline import compile_source

    docs = (ROOT / "docs" / "language.md").read_text(encoding="utf-8")
    example, same = re.search(r"^\| 8 \| `a \*\* b` \| right: `([^`]+)` is `([^`]+)`", docs, re.M).groups()
    exprs = {}
    for text in (example, same):
        spec = f"elementwise f(x: f32[N]) -> (y: f32[N]) {{\n    y = x + {text}\n}}\n"
        (kernel,) = compile_source(spec, "doc.tile", "checked").module.kernels
        exprs[text] = kernel.body[0].value.rhs
    power = exprs[example]
    assert power.op == "**" and power.rhs.op == "**"  # a ** (b ** c)
    assert eval(example) == eval(same)


def test_show_one_kernel_adds_the_helpers_it_calls(capsys, monkeypatch):
    """Helpers follow the kernels in a module: `show SPEC KERNEL` appends those the kernel's
    code calls (and those they call), whichever kernel comes last."""
    monkeypatch.chdir(ROOT)
    status, out, _ = run_cli(capsys, "show", "specs/reductions.tile", "softmax")
    assert status == 0 and out.startswith("# spec: reductions.tile:")
    for helper in ("def _reduce_max(", "def _max_nan(", "def _team_exchange(", "_NAN_BY_SUM = "):
        assert helper in out, helper
    assert "def _gelu" not in out and "def layernorm" not in out
    status, out, _ = run_cli(capsys, "show", "specs/elementwise.tile", "add")
    assert status == 0 and "def add(" in out and "def _" not in out
