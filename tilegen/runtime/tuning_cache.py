"""The gemm tuner's disk cache: $TILEGEN_CACHE_DIR/gemm-autotune.json (default
~/.cache/tilegen), one JSON object of {tuning key: block configuration}, written whole to a
temporary file and renamed, so a reader never sees half of it."""

from __future__ import annotations

import json
import os


def cache_root() -> str:
    """Where tilegen keeps what it can compute again: $TILEGEN_CACHE_DIR, or ~/.cache/tilegen
    (the compiler's caches live there too: tilegen/cachedir.py)."""
    return os.environ.get("TILEGEN_CACHE_DIR") or os.path.join(os.path.expanduser("~"), ".cache", "tilegen")


def gemm_cache_path():
    return os.path.join(cache_root(), "gemm-autotune.json")


def gemm_cache_load():
    """The tuned configurations on disk: {tuning key: block configuration}."""
    try:
        with open(gemm_cache_path(), encoding="utf-8") as f:
            data = json.load(f)
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def gemm_cache_store(key, config):
    """Add one tuned configuration to the disk cache (write a temporary file, then rename it)."""
    path = gemm_cache_path()
    try:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        data = gemm_cache_load()
        data[key] = config
        temporary = f"{path}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as f:
            json.dump(data, f, indent=1, sort_keys=True)
        os.replace(temporary, path)
    except OSError:
        pass  # an unwritable cache only means tuning again in the next process
