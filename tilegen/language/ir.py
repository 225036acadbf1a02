"""The typed, immutable IR built from the parse tree.

Nodes are frozen dataclasses with tuple children. Every node carries a `span`
(excluded from equality) so later stages can point diagnostics at the source.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Union

from ..diagnostics import Span
from .dtypes import DType

_SPAN = field(compare=False, repr=False, default=None)

Dim = Union[str, int]  # a dimension: a name bound at call time, or a literal size


@dataclass(frozen=True, slots=True)
class TensorType:
    dtype: DType
    dims: tuple[Dim, ...]
    # per axis, how many times its dim the declared size is (`x: bf16[M, 2 * N]`: dims (M, N),
    # scale (1, 2)); () when every axis is its dim. Only a slice of one block reads it.
    scale: tuple[int, ...] = ()

    def factor(self, axis: int) -> int:
        return self.scale[axis] if self.scale else 1

    def dim_text(self, axis: int) -> str:
        k = self.factor(axis)
        return f"{k} * {self.dims[axis]}" if k != 1 else str(self.dims[axis])


@dataclass(frozen=True, slots=True)
class ScalarType:
    dtype: DType


Type = Union[TensorType, ScalarType]


@dataclass(frozen=True, slots=True)
class Param:
    name: str
    type: Type
    default: float | int | None = None
    default_text: str | None = None
    default_span: Span | None = None  # where the default value is written
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Output:
    name: str
    type: Type
    span: Span | None = _SPAN


# ---- expressions -----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Number:
    value: float | int
    text: str
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Name:
    id: str
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class BinOp:
    op: str  # + - * / % @ **
    lhs: "Expr"
    rhs: "Expr"
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Compare:
    op: str  # < <= > >= == !=
    lhs: "Expr"
    rhs: "Expr"
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class BoolOp:
    op: str  # and, or
    lhs: "Expr"
    rhs: "Expr"
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Not:
    operand: "Expr"
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Neg:
    operand: "Expr"
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Call:
    func: str
    args: tuple["Expr", ...]
    # a reduction's dimensions, named after its argument (`sum(x, M)`): not values, so not
    # among the children an expression walk visits; () reduces the last dimension
    dims: tuple["Name", ...] = ()
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Cast:
    operand: "Expr"
    dtype: DType
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Transpose:
    operand: "Expr"
    span: Span | None = _SPAN


Bound = tuple[int, str]  # a slice bound, `k * N`: (k, "N"); a literal 0 is (0, "")


@dataclass(frozen=True, slots=True)
class Slice:
    """`x[:, :N]`: one axis of a parameter cut to [start, stop). `parts` holds each axis's
    (start, stop) as written: None for `:` and for an omitted bound."""

    operand: Name
    parts: tuple[tuple[Bound | None, Bound | None] | None, ...]
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Gather:
    """`logits[target]` in a reduction kernel: each row's element at the column its index
    (`operand`, a per-row integer tensor) names; `source` is the row-spanning parameter read."""

    source: str
    operand: Name
    span: Span | None = _SPAN


Expr = Union[Number, Name, BinOp, Compare, BoolOp, Not, Neg, Call, Cast, Transpose, Slice, Gather]


def children(expr: Expr) -> tuple[Expr, ...]:
    if isinstance(expr, (BinOp, Compare, BoolOp)):
        return (expr.lhs, expr.rhs)
    if isinstance(expr, (Not, Neg, Cast, Transpose, Slice, Gather)):
        return (expr.operand,)
    if isinstance(expr, Call):
        return expr.args
    return ()


def walk(expr: Expr):
    """Pre-order traversal of an expression tree (with a stack of its own: an expression may
    be thousands of operators deep, and nested generators would pass each node up through
    every level)."""
    stack = [expr]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(reversed(children(node)))


def walk_outside(expr: Expr, node: Expr):
    """Pre-order traversal of `expr` that skips the sub-tree `node`."""
    stack = [expr]
    while stack:
        current = stack.pop()
        if current is node:
            continue
        yield current
        stack.extend(reversed(children(current)))


# ---- statements and kernels ------------------------------------------------


@dataclass(frozen=True, slots=True)
class Assign:
    target: str
    value: Expr
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Setting:
    key: str
    value: int | float | str
    text: str
    span: Span | None = _SPAN


@dataclass(frozen=True, slots=True)
class Schedule:
    settings: tuple[Setting, ...]
    span: Span | None = _SPAN

    def setting(self, key: str) -> "Setting | None":
        return next((setting for setting in self.settings if setting.key == key), None)

    def get(self, key: str, default=None):
        setting = self.setting(key)
        return default if setting is None else setting.value


@dataclass(frozen=True, slots=True)
class Kernel:
    kind: str  # elementwise, reduction, gemm
    name: str
    params: tuple[Param, ...]
    outputs: tuple[Output, ...]
    body: tuple[Assign, ...]
    schedules: tuple[Schedule, ...]
    span: Span | None = _SPAN

    @property
    def schedule(self) -> Schedule:
        return self.schedules[0] if self.schedules else Schedule(())


@dataclass(frozen=True, slots=True)
class Module:
    path: str
    source: str = field(compare=False, repr=False)
    kernels: tuple[Kernel, ...]
