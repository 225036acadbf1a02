"""The version of tilegen (in every generated module's first line)."""

__version__ = "0.1.0"
