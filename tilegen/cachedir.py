"""Where the compiler keeps what it can compute again: $TILEGEN_CACHE_DIR (default
~/.cache/tilegen), one folder per kind of entry (the grammar's parse tables, formatted
pieces of generated code). A folder that cannot be made means no cache, never an error.
(The gemm tuner's cache, a run-time matter, lives beside them: runtime/tuning_cache.py.)"""

from __future__ import annotations

import os
from pathlib import Path


def cache_dir(kind: str) -> Path | None:
    root = os.environ.get("TILEGEN_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".cache", "tilegen")
    folder = Path(root) / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder
