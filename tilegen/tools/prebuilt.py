"""What the package ships precomputed, so that a build with no cache does not compute it:
the grammar's LALR tables (frontend/grammar_tables.pickle, from frontend/grammar.lark) and
the templates compiled to Python (codegen/compiled_templates/, from templates/*.j2).

    python -m tilegen.tools.prebuilt           rewrite the stale ones (--force: both)
    python -m tilegen.tools.prebuilt --check   say which are stale (exit 1 if any)

Each carries the key of what it was made from (the grammar's or the templates' text, the
Lark or Jinja version, the settings); one made under another key is never used: the parser
or the templates are then computed on first use, as without it. A test fails while either
is stale, so an edit to grammar.lark or a template comes with a rerun of this command.
"""

from __future__ import annotations

import argparse
import sys

from ..codegen import render
from ..frontend import parser


def stale_tables() -> bool:
    return parser.shipped_tables(parser.tables_key()) is None


def stale_templates() -> bool:
    return render.compiled_key() != render.templates_key()


def stale() -> list[str]:
    """What the shipped artifacts no longer match (empty: both current)."""
    found = []
    if stale_tables():
        found.append(f"{parser.TABLES} (from {parser.GRAMMAR})")
    if stale_templates():
        found.append(f"{render.COMPILED}/ (from {render.templates_dir()}/)")
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m tilegen.tools.prebuilt", description=__doc__.split("\n\n")[0])
    ap.add_argument("--check", action="store_true", help="only say which are stale")
    ap.add_argument("--force", action="store_true", help="rewrite both, current or not")
    args = ap.parse_args(argv)
    if args.check:
        found = stale()
        for item in found:
            print(f"stale: {item}")
        return 1 if found else 0
    # Only what is stale: the tables' layout varies from run to run (Lark numbers its states in
    # an order that depends on string hashing), so a rewrite of current tables only churns.
    if args.force or stale_tables():
        parser.write_tables()
        print(f"wrote {parser.TABLES}")
    if args.force or stale_templates():
        render.write_compiled_templates()
        print(f"wrote {render.COMPILED}/")
    return 0


if __name__ == "__main__":
    sys.exit(main())
