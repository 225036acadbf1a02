"""Stage 1-2: source text -> Lark tree (parser.py, grammar.lark) -> frozen IR (transformer.py)."""
