"""Stage 3: check a module. Collects every error instead of stopping at the first.

Returns, per kernel, a `CheckedKernel`: the kernel plus its iteration space and
the value type of every name, which the lowering stages use.
"""

from __future__ import annotations

import math
import struct
from dataclasses import dataclass

from ..language import fold
from ..language import ir
from ..diagnostics import Diagnostic, DiagnosticError, in_source_order
from ..language.dtypes import DTYPES, int_range
from ..language.functions import FLOAT_FUNCTIONS, FUNCTIONS
from .hints import TWO_ARGUMENT_FORM, reduction_elsewhere_notes, row_dim_for, suggest, two_argument_note
from ..language.names import module_names, reserved_kernel_why, reserved_why, taken_why
from ..language.schedule import check_schedules
from ..language.typing import Typer, VType, is_subsequence, matmul_operand, merge_dims, param_vtype

# Functions that compute in floating point: integer or bool arguments must be cast first.

_I64_MIN, _I64_MAX = int_range(DTYPES["i64"])  # the widest integer a literal can be

# Largest finite value of each float type, for checking float defaults.
_FLOAT_MAX = {"f16": 65504.0, "bf16": 3.3895313892515355e38, "f32": 3.4028234663852886e38,
              "f64": 1.7976931348623157e308}


@dataclass(frozen=True, slots=True)
class CheckedKernel:
    kernel: ir.Kernel
    space: tuple[ir.Dim, ...]  # the iteration space (output shape)
    rows: tuple[ir.Dim, ...]  # reduction kernels: the per-row dims; else ()
    types: tuple[tuple[str, VType], ...]  # every param, local and output

    def typer(self) -> Typer:
        return Typer(self.space, dict(self.types), self.rows)

    def vtype(self, name: str) -> VType:
        return dict(self.types)[name]


class _KernelChecker:
    def __init__(self, kernel: ir.Kernel, errors: list[Diagnostic]):
        self.kernel = kernel
        self.errors = errors
        # Tensors whose shape has an error reported already: no knock-on shape errors follow
        # for them, or for values computed from them.
        self.bad_shapes: set[str] = set()
        self.f64_literals: set[int] = set()  # ids of float constants beside an f64 operand

    def error(self, code: str, span, **fields) -> None:
        self.errors.append(Diagnostic.make(code, span, **fields))

    # ---- declarations -------------------------------------------------------

    def check_declarations(self) -> None:
        k = self.kernel
        seen: dict[str, str] = {}
        for decl, what in [(p, "parameter") for p in k.params] + [(o, "output") for o in k.outputs]:
            why = reserved_why(decl.name)
            if why:
                self.error("E013", decl.span, name=decl.name, why=why)
            if decl.name in seen:
                self.error("E011", decl.span, what=what, name=decl.name)
            seen[decl.name] = what
        with_default = None
        for param in k.params:
            if param.default is None:
                if with_default is not None:  # the launcher is a Python function: defaults come last
                    self.error("E025", param.span, name=param.name, after=with_default.name)
                continue
            with_default = param
            if isinstance(param.type, ir.TensorType):
                self.error("E014", param.span, name=param.name)
                continue
            dtype = param.type.dtype
            bad = dtype.category == "int" and (
                not isinstance(param.default, int) or not int_range(dtype)[0] <= param.default <= int_range(dtype)[1]
            )
            bad = bad or (dtype.category == "bool" and param.default not in (0, 1))
            bad = bad or abs(param.default) > _FLOAT_MAX.get(dtype.name, float("inf"))
            bad = bad or isinstance(param.default, float) and not math.isfinite(param.default)  # 1e999
            if bad:
                self.error("E015", param.default_span or param.span, value=shown(param.default_text), dtype=dtype.name,
                           name=param.name)
        for output in k.outputs:
            if not isinstance(output.type, ir.TensorType):
                self.error("E016", output.span, name=output.name)
        tensors = [p for p in k.params if isinstance(p.type, ir.TensorType)]
        if not tensors:
            self.error("E019", k.span, name=k.name)
        bound = {d for p in tensors for d in p.type.dims}
        dims_seen: dict[str, str] = {}  # lower-cased name -> first spelling
        reported: set[str] = set()
        for decl in list(k.params) + list(k.outputs):
            if not isinstance(decl.type, ir.TensorType):
                continue
            for d in decl.type.dims:
                if isinstance(d, int) or d in reported:
                    continue
                why = "it names both a dimension and a parameter or output" if d in seen else reserved_why(d)
                if why:
                    self.error("E013", decl.span, name=d, why=why)
                    reported.add(d)
                other = dims_seen.setdefault(d.lower(), d)
                if other != d:
                    self.error("E018", decl.span, a=other, b=d)
                    reported.add(d)
            if any(d in reported for d in decl.type.dims):
                self.bad_shapes.add(decl.name)
        for output in k.outputs:
            if isinstance(output.type, ir.TensorType) and tensors:
                for d in output.type.dims:
                    if not isinstance(d, int) and d not in bound:
                        self.error("E017", output.span, name=d, output=output.name)
        for decl in list(k.params) + list(k.outputs):
            if isinstance(decl.type, ir.ScalarType) and decl.type.dtype.category == "bool":
                self.error("E026", decl.span, name=decl.name)
            if k.kind != "gemm" and isinstance(decl.type, ir.TensorType):
                named = [d for d in decl.type.dims if not isinstance(d, int)]
                twice = next((d for i, d in enumerate(named) if d in named[:i]), None)
                if twice is not None:
                    self.error("E027", decl.span, name=decl.name, dim=twice, kind=k.kind)
                    self.bad_shapes.add(decl.name)

    # ---- the iteration space ----------------------------------------------------

    def space(self) -> tuple[tuple[ir.Dim, ...], tuple[ir.Dim, ...]]:
        k = self.kernel
        outs = [o for o in k.outputs if isinstance(o.type, ir.TensorType)]
        tensors = [p for p in k.params if isinstance(p.type, ir.TensorType)]
        matmuls = [e for a in k.body for e in ir.walk(a.value) if isinstance(e, ir.BinOp) and e.op == "@"]
        if matmuls and k.kind != "gemm":
            # Matrix operands do not fit an elementwise or row space; E033 (at the '@') is the
            # one error to report, not a shape error per operand.
            tensors = []
        if k.kind == "elementwise":
            if not outs:
                return (), ()  # E016 already says why
            space = outs[0].type.dims
            for o in outs[1:]:
                if o.type.dims != space:
                    self.error("E041", o.span, name=o.name, dims=_fmt(o.type.dims), kernel=_fmt(space))
            for p in tensors:
                if p.name not in self.bad_shapes and not is_subsequence(p.type.dims, space):
                    self.bad_shapes.add(p.name)
                    self.error("E040", p.span, what=f"parameter {p.name!r}", dims=_fmt(p.type.dims), kernel=_fmt(space))
            return space, ()
        if k.kind == "reduction":
            decls = tensors + outs
            if not decls:
                return (), ()
            full = max((d.type.dims for d in decls), key=len)
            if not full:
                self.error("E045", k.span)
                return (), ()
            rows, cols = full[:-1], full[-1:]
            for d in decls:
                if d.name not in self.bad_shapes and d.type.dims not in (full, rows, cols):
                    self.bad_shapes.add(d.name)
                    self._reduction_shape_error(d, full, decls)
            return full, rows
        # gemm: the space is the shape of the product
        if len(matmuls) != 1:
            # Two or more: at the second '@' (the first is the one a gemm needs).
            spans = sorted((m.span for m in matmuls if m.span), key=lambda sp: (sp.line, sp.column))
            self.error("E034", spans[1] if len(spans) > 1 else k.span, count=len(matmuls))
            return (outs[0].type.dims if outs else ()), ()
        return self._gemm_space(matmuls[0], tensors, outs), ()

    def _reduction_shape_error(self, decl, full, decls) -> None:
        """E046: `decl` is none of [R..., N], [R...] and [N]. With 1-D tensors the kernel has a
        single row and no per-row shape to declare, so the message allows [N] only and the
        note says how to add a row dimension."""
        dims = _fmt(decl.type.dims)
        if len(full) > 1:
            allowed = f"allows [{_fmt(full)}], [{_fmt(full[:-1])}] or [{_fmt(full[-1:])}]"
            self.error("E046", decl.span, name=decl.name, dims=dims, allowed=allowed)
            return
        allowed = f"with 1-D tensors reduces a single row and allows only [{_fmt(full)}]"
        self.error("E046", decl.span, name=decl.name, dims=dims, allowed=allowed)
        widest = next(d for d in decls if d.type.dims == full)
        row = row_dim_for(decl.type.dims, full[0], self.kernel)
        self._note(f"per-row values need a row dimension: declare {widest.name!r} as [{row}, {full[0]}] "
                   f"and {decl.name!r} as [{row}]")

    def _gemm_space(self, matmul: ir.BinOp, tensors, outs) -> tuple[ir.Dim, ...]:
        shapes = []
        by_name = {p.name: p for p in self.kernel.params}
        for side in (matmul.lhs, matmul.rhs):
            operand = matmul_operand(side)
            param = by_name.get(operand[0].id) if operand else None
            if param is None or not isinstance(param.type, ir.TensorType):
                self.error("E035", side.span or matmul.span)
                return outs[0].type.dims if outs else ()
            dims = param.type.dims
            if len(dims) < 2:
                self.error("E047", operand[0].span, name=param.name, dims=_fmt(dims))
                return outs[0].type.dims if outs else ()
            shapes.append(dims[:-2] + (dims[-1], dims[-2]) if operand[1] else dims)
        a, b = shapes
        if a[-1] != b[-2]:
            self.error("E036", matmul.span, left=_fmt(a), right=_fmt(b), inner_a=a[-1], inner_b=b[-2])
        if a[:-2] != b[:-2]:
            self.error("E039", matmul.span, left=_fmt(a[:-2]), right=_fmt(b[:-2]))
        if a[-1] != b[-2] or a[:-2] != b[:-2]:
            return outs[0].type.dims if outs else ()  # no product shape to check the others against
        space = a[:-2] + (a[-2], b[-1])
        operands = {matmul_operand(s)[0].id for s in (matmul.lhs, matmul.rhs)}
        # An operand may also be read by the epilogue, like any other tensor, if its shape allows.
        outside = {e.id for st in self.kernel.body for e in ir.walk_outside(st.value, matmul)
                   if isinstance(e, ir.Name)}
        for d in tensors + outs:
            if d.name in operands and d.name not in outside:
                continue
            if d.name not in self.bad_shapes and not is_subsequence(d.type.dims, space):
                self.bad_shapes.add(d.name)
                full, rows, cols = space, space[:-1], space[-1:]
                self.error("E049", d.span, name=d.name, dims=_fmt(d.type.dims), full=_fmt(full),
                           rows=_fmt(rows), cols=_fmt(cols))
        return space

    # ---- statements -------------------------------------------------------------

    def check_body(self, space, rows) -> dict[str, VType]:
        k = self.kernel
        env: dict[str, VType] = {p.name: param_vtype(p) for p in k.params}
        params = set(env)
        outputs = {o.name: o for o in k.outputs}
        typer = Typer(space, env, rows)
        dims = {d for decl in list(k.params) + list(k.outputs) if isinstance(decl.type, ir.TensorType)
                for d in decl.type.dims}
        self.assigned = {stmt.target: stmt for stmt in reversed(k.body)}  # first assignment wins
        self.dims = dims
        used: set[str] = set()
        for stmt in k.body:
            self.current = stmt
            # '@' operands may carry '.T'; any other '.T' is an error (E037).
            self.matmul_sides = {id(side) for e in ir.walk(stmt.value) if isinstance(e, ir.BinOp) and e.op == "@"
                                 for side in (e.lhs, e.rhs)}
            for expr in ir.walk(stmt.value):
                self._check_expr(expr, env, typer)
                if isinstance(expr, ir.Name):
                    used.add(expr.id)
            self._constants_fit(stmt)
            if stmt.target in params:
                if stmt.target not in outputs:  # a name both parameter and output is E011 already
                    self.error("E023", stmt.span, name=stmt.target)
                continue
            if stmt.target in env:
                self.error("E021", stmt.span, name=stmt.target)
                continue
            why = "it names a dimension" if stmt.target in dims else reserved_why(stmt.target)
            why = None if stmt.target in outputs else why  # outputs were checked where declared
            if why:
                self.error("E013", stmt.span, name=stmt.target, why=why)
            value = typer.of(stmt.value)
            if self._reads_bad_shape(stmt.value):
                self.bad_shapes.add(stmt.target)  # its shape follows from one reported already
            if stmt.target in outputs and isinstance(outputs[stmt.target].type, ir.TensorType):
                declared = outputs[stmt.target].type.dims
                if stmt.target not in self.bad_shapes and not is_subsequence(value.dims, declared):
                    self.error("E043", stmt.span, name=stmt.target, dims=_fmt(declared), value=_fmt(value.dims))
                # Later statements read the value as computed: the cast to the
                # declared type happens on the store.
                value = VType(declared, value.dtype)
            env[stmt.target] = value
        for name, output in outputs.items():
            if name not in env:
                self.error("E022", output.span, name=name)
        for stmt in k.body:
            if stmt.target not in used and stmt.target not in outputs and stmt.target not in params:
                if self.assigned[stmt.target] is stmt:
                    self.error("E024", stmt.span, name=stmt.target)
        return env

    def _check_expr(self, expr: ir.Expr, env: dict[str, VType], typer: Typer) -> None:
        kind = self.kernel.kind
        if isinstance(expr, ir.Name) and expr.id not in env:
            self.error("E020", expr.span, name=expr.id)
            later = self.assigned.get(expr.id)
            if later is self.current:
                self._note(f"{expr.id!r} cannot be used in its own definition")
            elif later is not None and later.span:
                self._note(f"{expr.id!r} is assigned on line {later.span.line}; assign a name before using it")
            elif expr.id in self.dims:
                self._note(f"{expr.id!r} is a dimension name; dimension sizes are not values in expressions")
        elif isinstance(expr, ir.Call):
            fn = FUNCTIONS.get(expr.func)
            if fn is None:
                self.error("E030", expr.span, name=expr.func, hint=suggest(expr.func))
                return
            if len(expr.args) != fn.arity:
                expected = f"{fn.arity} argument" + ("s" if fn.arity != 1 else "")
                self.error("E031", expr.span, name=fn.name, expected=expected, got=len(expr.args))
                if fn.name in TWO_ARGUMENT_FORM and len(expr.args) == 2:
                    self._note(two_argument_note(fn.name))
                return
            if fn.is_reduction and kind != "reduction":
                self.error("E032", expr.span, name=fn.name)
                for note in reduction_elsewhere_notes(fn.name, kind):
                    self._note(note)
            elif fn.is_reduction and _defined(expr.args[0], env):
                arg = typer.of(expr.args[0])
                if arg.dims != typer.space and not self._reads_bad_shape(expr.args[0]):
                    self.error("E044", expr.span, name=fn.name, dims=_fmt(arg.dims))
            if fn.name == "rand" and _defined(expr.args[0], env):
                seed = typer.of(expr.args[0])
                if not seed.is_scalar or seed.dtype.category != "int":
                    got = f"[{_fmt(seed.dims)}] {seed.dtype.name}" if seed.dims else seed.dtype.name
                    self.error("E038", expr.span, name="rand", got=got)
            if fn.name == "where" and _defined(expr.args[0], env):
                self._want_bool(expr.args[0], typer, "the condition of where()")
            if fn.name in FLOAT_FUNCTIONS:
                self._want_float(expr.args, env, typer, f"{fn.name}()", pow_like=fn.name == "pow")
            if fn.name == "pow":
                self._exponent_exact(*expr.args, env, typer)
            if fn.name == "abs":
                self._want_number(expr.args, env, typer, "abs()")
        elif isinstance(expr, ir.BinOp) and expr.op == "@" and kind != "gemm":
            self.error("E033", expr.span)
        elif isinstance(expr, ir.BoolOp):
            for side in (expr.lhs, expr.rhs):
                if _defined(side, env):
                    self._want_bool(side, typer, f"'{expr.op}'")
        elif isinstance(expr, ir.Not) and _defined(expr.operand, env):
            self._want_bool(expr.operand, typer, "'not'")
        elif isinstance(expr, ir.Transpose) and id(expr) not in self.matmul_sides:
            self.error("E037", expr.span)
        elif isinstance(expr, ir.BinOp) and expr.op == "**":
            self._want_float((expr.lhs, expr.rhs), env, typer, "'**'", pow_like=True)
            self._exponent_exact(expr.lhs, expr.rhs, env, typer)
        elif isinstance(expr, ir.BinOp) and expr.op in "+-*/%":
            self._want_number((expr.lhs, expr.rhs), env, typer, f"'{expr.op}'")
            self._literal_fits(expr, env, typer)
            if fold.zero_divisor(expr):
                self.error("E029", expr.span, op=expr.op)
        elif isinstance(expr, ir.Compare):
            self._literal_fits(expr, env, typer)
        elif isinstance(expr, ir.Number):
            if isinstance(expr.value, int) and not _I64_MIN <= expr.value <= _I64_MAX:
                self.error("E028", expr.span, value=shown(expr.text), dtype="i64", why="")
            elif isinstance(expr.value, float) and not math.isfinite(expr.value):
                self.error("E028", expr.span, value=shown(expr.text), dtype="f64", why=" as a finite number")
        elif isinstance(expr, ir.Neg):
            self._want_number((expr.operand,), env, typer, "unary '-'")

    def _reads_bad_shape(self, expr: ir.Expr) -> bool:
        return any(isinstance(e, ir.Name) and e.id in self.bad_shapes for e in ir.walk(expr))

    def _note(self, note: str) -> None:
        self.errors[-1] = self.errors[-1].with_note(note)

    def _want_float(self, args, env, typer: Typer, op: str, pow_like: bool) -> None:
        """Math functions compute on floats; an integer argument must be converted explicitly.
        An exponent may also be an integer literal (`x ** 2`)."""
        for n, arg in enumerate(args):
            literal = isinstance(arg, ir.Number) or isinstance(arg, ir.Neg) and isinstance(arg.operand, ir.Number)
            if not _defined(arg, env) or (pow_like and n == 1 and literal):
                continue
            t = typer.of(arg)
            if t.dtype.category != "float":
                what = ("base", "exponent")[n] if pow_like else "argument"
                expected = f"a float {what} (convert it with `as f32`)"
                self.error("E042", arg.span, op=op, expected=expected, got=t.dtype.name)

    def _exponent_exact(self, base, exponent, env, typer: Typer) -> None:
        """E028 for a constant exponent that f32 would round to another integer (16777217 to
        16777216: the sign of (-1) ** b would flip), or to an integer from a fraction: the
        kernel computes powers in the base's type, so an f64 base keeps the exponent exact."""
        value = fold.constant(exponent)
        if value is None or not _defined(base, env) or typer.of(base).dtype.name == "f64":
            return
        try:
            rounded = struct.unpack("f", struct.pack("f", float(value)))[0]
        except (OverflowError, struct.error):  # past f32, or an integer past a double
            rounded = math.inf
        integral = isinstance(value, int) or value.is_integer()
        if rounded != value and (integral or rounded == math.floor(rounded)):
            self.error("E028", exponent.span, value=_literal_text(exponent, value), dtype="f32",
                       why=" exactly, as an exponent: f32 holds the integers up to 2**24 (16777216) exactly "
                           "(use an f64 base for larger ones)")

    def _literal_fits(self, expr, env, typer: Typer) -> None:
        """A literal next to an integer operand takes that operand's type: it must fit it
        (x * 1000 with x: i8[N] would fail at the first call, and torch would wrap). So must
        the value of a constant expression (x * 0 + (100 + 100))."""
        for lit, other in ((expr.lhs, expr.rhs), (expr.rhs, expr.lhs)):
            value = fold.constant(lit)
            if isinstance(value, float) and _defined(other, env) and not fold.literal_only(other):
                if typer.of(other).dtype.name == "f64":
                    self.f64_literals.add(id(lit))  # takes f64: may be past f32's range
                continue
            if not isinstance(value, int) or not _defined(other, env) or fold.literal_only(other):
                continue
            number = lit.operand if isinstance(lit, ir.Neg) and isinstance(lit.operand, ir.Number) else lit
            if isinstance(number, ir.Number) and number.value > _I64_MAX:
                continue  # past every integer type: reported at the literal itself
            dtype = typer.of(other).dtype
            if dtype.category != "int":
                continue
            lo, hi = int_range(dtype)
            if not lo <= value <= hi:
                text = _literal_text(lit, value)
                self.error("E028", lit.span, value=text, dtype=dtype.name,
                           why=", the type of the other operand, which a literal takes (cast one side)")

    def _constants_fit(self, stmt: ir.Assign) -> None:
        """E028 for constant expressions whose value no literal could have: past i64, or a
        float past the finite range (1e300 * 1e300)."""
        for expr in _constants(stmt.value):
            value = fold.constant(expr)
            if (isinstance(value, float) and math.isfinite(value) and abs(value) > _FLOAT_MAX["f32"]
                    and id(expr) not in self.f64_literals):
                # Triton would compute it in f64, torch (the reference) in f32.
                self.error("E028", expr.span, value=_literal_text(expr, value), dtype="f32",
                           why=": a float literal is f32, unless an operator's other operand is f64")
            if not fold.folds(expr):
                continue  # a literal as written: checked where it stands
            if isinstance(value, int) and not _I64_MIN <= value <= _I64_MAX:
                self.error("E028", expr.span, value=_literal_text(expr, value), dtype="i64", why="")
            elif isinstance(value, float) and not math.isfinite(value):
                self.error("E028", expr.span, value=_literal_text(expr, value), dtype="f64",
                           why=" as a finite number")

    def _want_number(self, args, env, typer: Typer, op: str) -> None:
        """Arithmetic on bool values is refused: torch and Triton disagree on it (True + True
        is True in one, 2 in the other, and '-' fails); a cast says which is meant."""
        for arg in args:
            if _defined(arg, env) and typer.of(arg).dtype.category == "bool":
                expected = "numbers (cast a bool first: `as i32` counts it as 0 or 1)"
                self.error("E042", arg.span, op=op, expected=expected, got="bool")

    def _want_bool(self, expr: ir.Expr, typer: Typer, op: str) -> None:
        t = typer.of(expr)
        if t.dtype.category != "bool":
            expected = "a boolean operand (a comparison such as x > 0)"
            self.error("E042", expr.span, op=op, expected=expected, got=t.dtype.name)


def _literal_text(expr: ir.Expr, value) -> str:
    """How E028 names a literal: as written, or a constant expression by its value."""
    if isinstance(expr, ir.Number):
        return shown(expr.text)
    if isinstance(expr, ir.Neg) and isinstance(expr.operand, ir.Number):
        return "-" + shown(expr.operand.text)
    return f"{shown(value)} (the value of a constant expression)"


# id(expr) -> (expr, env, defined): asked for every operator of an expression about its
# operands, so each node is answered once (per env: a statement's names are fixed while it
# is checked).
_DEFINED: dict[int, tuple[ir.Expr, dict, bool]] = {}


def shown(value) -> str:
    """A number for a message: as it is, or cut short past 40 characters (and never turned
    into a string of thousands of digits, which Python refuses)."""
    if isinstance(value, int) and value.bit_length() > 128:
        return f"about 2**{value.bit_length() - 1}" if value > 0 else f"about -2**{value.bit_length() - 1}"
    text = str(value)
    return text if len(text) <= 40 else f"{text[:20]}...{text[-8:]} ({len(text)} characters)"


def _constants(expr: ir.Expr):
    """The largest sub-expressions of `expr` with a constant value (literals too), each once."""
    stack = [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, (ir.Number, ir.Neg, ir.BinOp)) and fold.constant(node) is not None:
            yield node
        else:
            stack.extend(reversed(ir.children(node)))


def _defined(expr: ir.Expr, env) -> bool:
    """Every name in `expr` is defined and every function known."""
    hit = _DEFINED.get(id(expr))
    if hit is not None and hit[0] is expr and hit[1] is env:
        return hit[2]
    if isinstance(expr, ir.Name):
        value = expr.id in env
    else:
        value = (not isinstance(expr, ir.Call) or expr.func in FUNCTIONS) and all(
            _defined(child, env) for child in ir.children(expr))
    if len(_DEFINED) >= 200_000:
        _DEFINED.clear()
    _DEFINED[id(expr)] = (expr, env, value)
    return value


def _fmt(dims) -> str:
    return ", ".join(str(d) for d in dims)


# How deeply an expression may nest. Generated code writes each expression out whole, in
# the kernel and in the reference, and Python refuses more than 200 nested brackets, and
# compiles expressions only up to about 3000 levels deep: calls, parentheses and operators
# inside one another (each may become two or three brackets of generated code) nest at most
# MAX_NESTING deep, and a chain of operators (x + x + ... + x, each operator one level
# deeper) is at most MAX_DEPTH long.
MAX_NESTING = 50
MAX_DEPTH = 2500

_GROUPS = {"+": "+", "-": "+", "*": "*", "/": "*", "%": "*", "@": "*"}


def _same_chain(parent: ir.Expr, lhs: ir.Expr) -> bool:
    """`lhs`, the left operand of `parent`, continues its chain: written without brackets."""
    if isinstance(parent, ir.BinOp) and isinstance(lhs, ir.BinOp):
        return _GROUPS.get(parent.op, parent.op) == _GROUPS.get(lhs.op, lhs.op) and parent.op != "**"
    return isinstance(parent, ir.BoolOp) and isinstance(lhs, ir.BoolOp) and parent.op == lhs.op


def depth_errors(kernel: ir.Kernel) -> list[Diagnostic]:
    """E068 for each statement whose value nests deeper than MAX_NESTING or MAX_DEPTH (found
    without recursion, before any stage recurses into the expression)."""
    errors = []
    for stmt in kernel.body:
        depth: dict[int, tuple[int, int]] = {}  # id(node) -> (levels, nesting) below it
        stack = [(stmt.value, False)]
        while stack:
            node, done = stack.pop()
            kids = ir.children(node)
            if not done:
                stack.append((node, True))
                stack.extend((child, False) for child in kids)
                continue
            levels = nesting = 0
            for n, child in enumerate(kids):
                child_levels, child_nesting = depth[id(child)]
                levels = max(levels, child_levels + 1)
                nesting = max(nesting, child_nesting + (0 if n == 0 and _same_chain(node, child) else 1))
            depth[id(node)] = (levels, nesting)
        levels, nesting = depth[id(stmt.value)]
        if nesting > MAX_NESTING:
            errors.append(Diagnostic.make(
                "E068", stmt.span, name=stmt.target, limit=MAX_NESTING,
                what=f"nests calls, parentheses and operators {nesting} levels deep",
                hint=" (name parts of it in statements of their own)"))
        elif levels > MAX_DEPTH:
            errors.append(Diagnostic.make(
                "E068", stmt.span, name=stmt.target, limit=MAX_DEPTH,
                what=f"chains {levels} levels of operators",
                hint=" (split the chain over several statements)"))
    return errors


def check_module(module: ir.Module) -> tuple[CheckedKernel, ...]:
    errors: list[Diagnostic] = []
    checked = []
    names: set[str] = set()
    defined = {}  # module-level name -> the kernel whose code defines it
    for kernel in module.kernels:
        for name in module_names(kernel):
            defined.setdefault(name, kernel.name)
    for kernel in module.kernels:
        if kernel.name in names:
            errors.append(Diagnostic.make("E012", kernel.span, name=kernel.name))
        names.add(kernel.name)
        too_deep = depth_errors(kernel)
        if too_deep:  # the other checks would recurse that deep
            errors.extend(too_deep)
            continue
        why = reserved_kernel_why(kernel.name) or taken_why(kernel, defined)
        if why:
            errors.append(Diagnostic.make("E013", kernel.span, name=kernel.name, why=why))
        checker = _KernelChecker(kernel, errors)
        checker.check_declarations()
        errors.extend(check_schedules(kernel))
        space, rows = checker.space()
        env = checker.check_body(space, rows)
        checked.append(CheckedKernel(kernel, tuple(space), tuple(rows), tuple(env.items())))
    if errors:
        raise DiagnosticError(in_source_order(errors))
    return tuple(checked)


__all__ = ["CheckedKernel", "check_module", "merge_dims"]
