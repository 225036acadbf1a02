"""What the package ships precomputed (tilegen/tools/prebuilt.py): the grammar's parse tables
and the compiled templates are current, give what computing them gives, are used by a build
with no cache, and are left alone once stale."""

import filecmp
import os
import shutil
import subprocess
import sys

import jinja2
import lark
import pytest
from conftest import ROOT

from tilegen.codegen import render
from tilegen.frontend import parser

RERUN = "run `python -m tilegen.tools.prebuilt` and commit what it writes"
SPECS = sorted((ROOT / "specs").glob("*.tile")) + sorted((ROOT / "bench" / "specs").glob("*.tile"))
BAD_SPECS = sorted((ROOT / "tests" / "bad_specs").glob("*.tile"))


def _sha256(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _stored_tables() -> dict:
    with parser.TABLES.open("rb") as handle:
        return parser._PlainData(handle).load()


def test_shipped_tables_are_the_grammars():
    stored = _stored_tables()
    assert stored["grammar"] == _sha256(parser.GRAMMAR.read_bytes()), f"grammar.lark changed: {RERUN}"
    if stored["lark"] == lark.__version__:
        assert parser.shipped_tables(parser.tables_key()) is not None, f"the parser's options changed: {RERUN}"


def test_shipped_compiled_templates_are_the_templates():
    manifest = render.compiled_manifest()
    assert manifest["templates"] == render.templates_key(with_jinja=False), f"a template changed: {RERUN}"
    if manifest["jinja2"] == jinja2.__version__:
        assert manifest["key"] == render.templates_key(), f"the Jinja settings changed: {RERUN}"


def test_compiled_templates_are_what_jinja_compiles_now(tmp_path):
    if render.compiled_manifest()["jinja2"] != jinja2.__version__:
        pytest.skip("compiled by another Jinja version (then they are not used)")
    render.write_compiled_templates(tmp_path)
    shipped = sorted(p.name for p in render.COMPILED.iterdir() if p.is_file())
    assert shipped == sorted(p.name for p in tmp_path.iterdir()), RERUN
    match, mismatch, errors = filecmp.cmpfiles(render.COMPILED, tmp_path, shipped, shallow=False)
    assert (mismatch, errors) == ([], []), RERUN


def _outcome(lark_parser, text):
    try:
        return lark_parser.parse(text)
    except lark.UnexpectedInput as exc:
        expected = getattr(exc, "accepts", None) or getattr(exc, "expected", None)
        return type(exc).__name__, exc.line, exc.column, sorted(expected or ())


def test_shipped_tables_parse_as_the_grammar_does():
    """Every example, bench and bad spec: the same tree, or the same error at the same place
    expecting the same terminals, from the shipped tables as from the grammar."""
    if parser.shipped_tables(parser.tables_key()) is None:
        pytest.skip("no current shipped tables (another Lark version): nothing to compare")
    parser._lark.cache_clear()
    shipped, computed = parser._lark(), parser._build()
    texts = [p.read_text() for p in SPECS + BAD_SPECS]
    texts.append("elementwise k(x: f32[N]) -> (y: f32[N]) {\n    y = x +\n}\n")
    assert len(texts) > 20
    for text in texts:
        assert _outcome(shipped, text) == _outcome(computed, text), text


def test_stale_tables_are_not_used(tmp_path, monkeypatch):
    grammar = tmp_path / "grammar.lark"
    grammar.write_text(parser.GRAMMAR.read_text() + "\n// an edit\n")
    monkeypatch.setattr(parser, "GRAMMAR", grammar)
    monkeypatch.setenv("TILEGEN_CACHE_DIR", str(tmp_path / "cache"))
    assert parser.shipped_tables(parser.tables_key()) is None
    parser._lark.cache_clear()
    try:
        assert parser.parse_source((ROOT / "specs" / "elementwise.tile").read_text(), "x.tile")
        # computed from the edited grammar, and kept in the cache folder for next time
        assert len(list((tmp_path / "cache" / "lark").iterdir())) == 1
    finally:
        parser._lark.cache_clear()


def test_stale_compiled_templates_are_not_used(tmp_path, monkeypatch):
    templates = tmp_path / "templates"
    shutil.copytree(render.templates_dir(), templates)
    module = templates / "module.py.j2"
    module.write_text(module.read_text() + "# an edit\n")
    monkeypatch.setattr(render, "templates_dir", lambda: templates)
    monkeypatch.setenv("TILEGEN_CACHE_DIR", str(tmp_path / "cache"))
    render.environment.cache_clear()
    try:
        env = render.environment()
        assert isinstance(env.loader, jinja2.FileSystemLoader)
        assert render.render_module("x.tile", []).endswith("# an edit\n")
    finally:
        render.environment.cache_clear()
    monkeypatch.undo()
    assert isinstance(render.environment().loader, render._CompiledLoader)


def test_a_build_without_cache_computes_neither_and_imports_no_torch(tmp_path):
    """`tilegen build` with an empty cache folder: the shipped tables and templates serve (no
    grammar tables or Jinja bytecode land in the cache), the output is generated/ byte for
    byte, and torch and triton stay unimported."""
    cache = tmp_path / "cache"
    script = (
        "import sys; from tilegen.tools.cli import main; code = main(sys.argv[1:]); "
        "assert not [m for m in sys.modules if m.split('.')[0] in ('torch', 'triton')]; sys.exit(code)"
    )
    env = {**os.environ, "TILEGEN_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-c", script, "build", str(ROOT / "specs"), "-o", str(tmp_path / "out")],
        capture_output=True, text=True, cwd=ROOT, env=env,
    )
    assert done.returncode == 0, done.stderr
    # formatted pieces, and the compiled templates' code objects: no tables, no Jinja bytecode
    assert sorted(p.name for p in cache.iterdir()) == ["black", "templates"]
    assert len(list((cache / "templates").iterdir())) == len(list(render.COMPILED.glob("tmpl_*.py")))
    for generated in (ROOT / "generated").glob("*.py"):
        assert (tmp_path / "out" / generated.name).read_bytes() == generated.read_bytes()


def test_prebuilt_check_says_current():
    if _stored_tables()["lark"] != lark.__version__ or render.compiled_manifest()["jinja2"] != jinja2.__version__:
        pytest.skip("made with another Lark or Jinja version: stale here by design")
    done = subprocess.run([sys.executable, "-m", "tilegen.tools.prebuilt", "--check"],
                          capture_output=True, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0 and done.stdout == "", done.stdout + done.stderr


def test_compiled_templates_code_is_cached_and_served(tmp_path, monkeypatch):
    """The compiled templates' code objects land in the cache folder and serve the next
    environment: the same text rendered, without reading the modules' Python again."""
    first = render._configure(render._CompiledLoader(tmp_path)).get_template("module.py.j2").render(**_EMPTY_MODULE)
    assert len(list(tmp_path.iterdir())) >= 1

    class NoLoader:
        def __init__(self, *args):
            pytest.fail("a cached template's code was loaded again")

    monkeypatch.setattr(render, "SourceFileLoader", NoLoader)
    again = render._configure(render._CompiledLoader(tmp_path)).get_template("module.py.j2").render(**_EMPTY_MODULE)
    assert again == first


_EMPTY_MODULE = dict(version="0", spec_file="x.tile", kernel_names=[], kernels=[], helpers=[], torch_helpers=[],
                     runtime_modules=[], imports=set())


def test_tables_hold_only_plain_data():
    """The tables are read with an unpickler that refuses every class and function."""
    import pickle

    class Evil:
        def __reduce__(self):
            return (print, ("ran",))

    with pytest.raises(pickle.UnpicklingError):
        parser._PlainData(__import__("io").BytesIO(pickle.dumps(Evil()))).load()
    assert isinstance(_stored_tables(), dict)
