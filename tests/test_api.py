"""The library face: tilegen.compile, check, build and CompileError."""

import pytest
import torch

import tilegen
from conftest import ROOT

SOFTMAX = """reduction softmax(x: f32[M, N]) -> (y: f32[M, N]) {
    e = exp(x - max(x))
    y = e / sum(e)
}
"""


def test_compile_text_returns_the_imported_module(device):
    module = tilegen.compile(SOFTMAX)
    x = torch.randn(5, 37, device=device)
    torch.testing.assert_close(module.softmax(x), torch.softmax(x, dim=-1), rtol=1e-5, atol=1e-6)
    assert module.softmax_reference is not None and module.softmax_kernel is not None


def test_compile_a_path(device):
    module = tilegen.compile(ROOT / "specs" / "elementwise.tile")
    x = torch.randn(9, device=device)
    assert torch.equal(module.add(x, x), x + x)
    assert tilegen.compile(str(ROOT / "specs" / "elementwise.tile")).add is not None


def test_a_bad_spec_raises_one_error_with_every_diagnostic_rendered():
    text = "elementwise f(x: f32[N]) -> (y: f32[N]) {\n    y = x / q + r\n}\n"
    with pytest.raises(tilegen.CompileError) as exc:
        tilegen.compile(text, name="bad.tile")
    message = str(exc.value)
    assert message.startswith("bad.tile:2:13: error[E020]: undefined name 'q'")
    assert "    y = x / q + r\n" in message and "^" in message
    assert "bad.tile:2:17: error[E020]: undefined name 'r'" in message
    assert [d.code for d in exc.value.diagnostics] == ["E020", "E020"]
    with pytest.raises(tilegen.CompileError):
        tilegen.check(text)


def test_check_accepts_a_good_spec_and_writes_nothing(tmp_path):
    assert tilegen.check(ROOT / "specs" / "gemm.tile") is None
    assert list(tmp_path.iterdir()) == []


def test_build_writes_modules_and_nothing_on_error(tmp_path):
    written = tilegen.build(ROOT / "specs", tmp_path / "out")
    assert sorted(p.name for p in written) == ["elementwise.py", "gemm.py", "lowprec.py", "reductions.py"]
    assert (tmp_path / "out" / "gemm.py").read_text() == (ROOT / "generated" / "gemm.py").read_text()
    assert tilegen.build(ROOT / "specs", tmp_path / "out") == []  # nothing changed, nothing written
    bad = tmp_path / "bad.tile"
    bad.write_text("elementwise f(x: f32[N]) -> (y: f32[N]) {\n    y = x +\n}\n")
    with pytest.raises(tilegen.CompileError) as exc:
        tilegen.build([ROOT / "specs" / "elementwise.tile", bad], tmp_path / "other")
    assert "bad.tile:2:12: error[E003]: unexpected end of line" in str(exc.value)
    assert not (tmp_path / "other").exists()


def test_importing_tilegen_loads_no_compiler():
    import subprocess
    import sys

    probe = "import sys, tilegen; assert not [m for m in sys.modules if m.startswith(('lark', 'jinja2', 'black'))]"
    assert subprocess.run([sys.executable, "-c", probe], cwd=ROOT).returncode == 0


def test_errors_about_files_are_compile_errors_with_diagnostics(tmp_path):
    with pytest.raises(tilegen.CompileError) as exc:
        tilegen.check(tmp_path / "missing.tile")
    assert [d.code for d in exc.value.diagnostics] == ["E062"] and "missing.tile" in str(exc.value)
    bad = tmp_path / "bad.tile"
    bad.write_text("elementwise f(x: f32[N]) -> (y: f32[N]) {\n    y = x + q\n}\n")
    with pytest.raises(tilegen.CompileError) as exc:
        tilegen.build(bad, tmp_path / "out")
    assert [d.code for d in exc.value.diagnostics] == ["E020"]
    assert tilegen.compile(b"elementwise f(x: f32[N]) -> (y: f32[N]) {\n    y = x\n}\n").f is not None


def test_check_reports_a_foreign_file_as_one_a_build_would_refuse(tmp_path, capsys):
    from tilegen.tools.cli import main

    (tmp_path / "elementwise.py").write_text("# my own module\n")
    assert main(["build", str(ROOT / "specs" / "elementwise.tile"), "-o", str(tmp_path), "--check"]) == 1
    assert "error[E061]" in capsys.readouterr().err
