"""Where the compiler keeps what it can compute again: $TILEGEN_CACHE_DIR (default
~/.cache/tilegen), one folder per kind of entry (formatted pieces of generated code, the
shipped compiled templates' code objects; the grammar's parse tables and Jinja's bytecode
only while the shipped ones are stale). A folder that cannot be made means no cache, never
an error. (The gemm tuner's cache, a run-time matter, lives beside them:
runtime/tuning_cache.py.)"""

from __future__ import annotations

import os
import threading
from pathlib import Path

from .runtime.tuning_cache import cache_root


def cache_dir(kind: str) -> Path | None:
    folder = Path(cache_root()) / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder


def store(path: Path, data: bytes) -> None:
    """Write one cache entry atomically (a file of this process and thread's, then a rename),
    so that a reader never sees half of it; a failure only means computing it again."""
    tmp = f"{path}.{os.getpid()}-{threading.get_ident()}.tmp"
    try:
        with open(tmp, "wb") as handle:
            handle.write(data)
        os.replace(tmp, path)
    except OSError:
        try:
            os.unlink(tmp)
        except OSError:
            pass
