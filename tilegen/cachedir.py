"""Where the compiler keeps what it can compute again: $TILEGEN_CACHE_DIR (default
~/.cache/tilegen), one folder per kind of entry (the grammar's parse tables, formatted
pieces of generated code). A folder that cannot be made means no cache, never an error.
(The gemm tuner's cache, a run-time matter, lives beside them: runtime/tuning_cache.py.)"""

from __future__ import annotations

from pathlib import Path

from .runtime.tuning_cache import cache_root


def cache_dir(kind: str) -> Path | None:
    folder = Path(cache_root()) / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder
