"""Validation cases for reduction kernels: ReductionModel.validation_cases(quick).

Row widths 1, 7, 128, 1000, 4096, 4097, 5000 (single pass or looped chunks; on a GPU the
norms run 4097's odd rows, few, as teams: tilegen.runtime.reduction.few_rows_team), 65536
(a team on a GPU) and 300,000 (looped, past 2**18), each with one row and with many;
non-contiguous views; zero rows. `tilegen
validate` and tests/test_reduction.py run them against the torch reference.
"""

from __future__ import annotations

from ..cases import Case

WIDTHS = (1, 7, 128, 1000, 4096, 4097, 5000, 65536)
WIDE = 300_000  # above 262,144: the looped path over many blocks
QUICK_WIDTHS = (1, 7, 1000, 5000)
MANY_ROWS = 37  # ragged: not a multiple of any ROWS
MANY_ROWS_WIDE = 3  # the interpreter is slow on wide rows; a few rows still cover row blocks


def _rows(model, total: int) -> dict:
    """Sizes for the named row dims giving about `total` rows (several dims: ragged factors)."""
    names = [d for d in model.sig.space[:-1] if isinstance(d, str)]
    if not names:
        return {}
    if total <= 1:
        return {d: 1 for d in names}
    sizes = {d: 1 for d in names}
    if len(names) == 1:
        sizes[names[0]] = total
    else:
        sizes[names[0]] = 3
        sizes[names[-1]] = max(1, total // 3)
    return sizes


def _case(model, rows: dict, width: int, strided: bool, label: str) -> Case:
    sizes = dict(rows)
    col = model.sig.space[-1]
    if isinstance(col, str):
        sizes[col] = width
    return Case(sizes, strided, label)


def validation_cases(model, quick: bool = False) -> list[Case]:
    cases = []
    widths = QUICK_WIDTHS if quick else WIDTHS
    for width in widths:
        many = MANY_ROWS if width <= 8192 else MANY_ROWS_WIDE
        cases.append(_case(model, _rows(model, many), width, False, f"{width} wide, many rows"))
        cases.append(_case(model, _rows(model, 1), width, False, f"{width} wide, 1 row"))
        if width in (7, 1000, 5000, 65536):
            cases.append(_case(model, _rows(model, many), width, True, f"{width} wide, strided"))
    if not quick:
        cases.append(_case(model, _rows(model, 1), WIDE, False, f"{WIDE} wide, 1 row"))
    zero = {d: 0 if n == 0 else s for n, (d, s) in enumerate(_rows(model, MANY_ROWS).items())}
    cases.append(_case(model, zero, 128, False, "0 rows"))
    return cases
