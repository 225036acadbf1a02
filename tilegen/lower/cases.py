"""The cases `tilegen validate` runs a kernel at: a lowering may name its own (shapes that
cross its tiles, a zero-size inner dimension, a launch setting the call pins); validate
falls back to ragged sizes, strided views, size 1 and size 0 for each named dimension."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Case:
    sizes: dict  # dim name -> size
    strided: bool  # inputs and outputs are non-contiguous views
    label: str
    schedule: dict | None = None  # a gemm call's schedule= (e.g. {"pad_k": True}), or none
