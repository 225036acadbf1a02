"""The op table: every function and operator of the .tile language, one entry each, with
every fact about it: arity, where it is allowed, whether it takes floats only, how it is
spelled in Triton and in torch, and for reductions the neutral element and the Triton
reduction that combines a row. Adding a function is one entry here plus its tests (and,
for a helper, its @triton.jit body in templates/helpers.py.j2).

`{0}`, `{1}`, ... stand for the rendered arguments. Functions whose Triton form
needs an argument more than once call a small `@triton.jit` helper emitted into
the generated module (see templates/helpers.py.j2), so no argument is computed twice.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Function:
    name: str
    arity: int
    triton: str
    torch: str
    kinds: tuple[str, ...] = ("elementwise", "reduction", "gemm")
    helper: str | None = None  # name of the Triton helper the template must emit
    torch_helper: str | None = None  # name of the torch helper (tilegen.runtime.reference) it calls
    is_reduction: bool = False
    float_only: bool = True  # its arguments must be floats (E042 otherwise)
    neutral: str | None = None  # reductions: what masked-off lanes hold ("0", "-inf", "+inf")
    combine: str | None = None  # reductions: the tl reduction of a row's lanes (a mean is a sum, divided)
    torch_reduce: str | None = None  # reductions: the torch function of the reference
    row_reduce: str | None = None  # reductions: Triton, reduce {0} over axis {axis} ({keep}: keep_dims)
    accumulate: str | None = None  # reductions: Triton, fold a block {value} into {acc}
    # argmax/argmin: the reduction gives a position, carried beside the value ({index}: each
    # lane's column, or the accumulator of the positions); the result type is i64
    positional: bool = False
    # scans (a running value along the row, same shape as the row): `triton` scans one
    # block; `carry` combines the running value {0} of the blocks before with a block's
    # scan {1}; `neutral` is what the running value starts from
    is_scan: bool = False
    carry: str | None = None
    # The typing rule (language/typing.py): "float" (f32, or f64 from an f64 argument),
    # "same" (the arguments' promoted type), "bool", "where" (the promoted type of its
    # values), "keep" (the argument's own type), "rand" (f32 over the iteration space),
    # "index" (i64 along the dimension its argument names), "i64" (a row's position),
    # "accumulate" (a running sum or product: i64 for integers and bool, else as "float").
    result: str = "float"
    # A value costs a few ALU instructions in a reduction kernel: no transcendental
    # function, division or power (the reduction launchers run few rows of kernels doing only
    # light work per element as teams: tilegen.runtime.reduction.few_rows_team). `index` is
    # a column offset there; `round`'s helper takes a remainder, so it is not light.
    light: bool = False


def _f(name, arity, triton, torch, **kw) -> Function:
    return Function(name, arity, triton, torch, **kw)


_ROW_REDUCE = {"sum": "tl.sum({0}, axis={axis}, keep_dims={keep})", "max": "_reduce_max({0}, {axis}, {keep})",
               "min": "_reduce_min({0}, {axis}, {keep})",
               # {index}: each lane's column position (offs_n), or a looped kernel's positions
               "argmax": "_arg_reduce({0}, {index}, {axis}, {keep}, True)",
               "argmin": "_arg_reduce({0}, {index}, {axis}, {keep}, False)"}
_ACCUMULATE = {"sum": "{acc} += {value}",
               "max": "{acc} = tl.maximum({acc}, {value}, propagate_nan=tl.PropagateNan.ALL)",
               "min": "{acc} = tl.minimum({acc}, {value}, propagate_nan=tl.PropagateNan.ALL)",
               "argmax": "{acc}, {index} = _arg_step({acc}, {index}, {value}, offs_n, True)",
               "argmin": "{acc}, {index} = _arg_step({acc}, {index}, {value}, offs_n, False)"}


def _reduction(name, neutral, combine, torch_reduce, **kw) -> Function:
    """A row reduction: written in reduction kernels only, rendered by the reduction lowering.
    combine: how lanes and blocks combine (sum, max, min, argmax or argmin; max and min let
    NaN win, argmax and argmin take NaN's position, as torch does)."""
    return Function(name, 1, "", "", kinds=("reduction",), is_reduction=True, float_only=False,
                    neutral=neutral, combine=combine, torch_reduce=torch_reduce,
                    row_reduce=_ROW_REDUCE[combine], accumulate=_ACCUMULATE[combine], **kw)


def _scan(name, triton, torch, carry, neutral, **kw) -> Function:
    """A scan along the row: written in reduction kernels only; the reduction lowering gives
    it a statement of its own and, in the looped kernel, a running value across blocks."""
    return Function(name, 1, triton, torch, kinds=("reduction",), is_scan=True, float_only=False,
                    carry=carry, neutral=neutral, **kw)


FUNCTIONS: dict[str, Function] = {
    f.name: f
    for f in (
        _f("abs", 1, "tl.abs({0})", "torch.abs({0})", float_only=False, result="same", light=True),
        _f("exp", 1, "tl.exp({0})", "torch.exp({0})"),
        _f("exp2", 1, "tl.exp2({0})", "torch.exp2({0})"),
        _f("log", 1, "tl.log({0})", "torch.log({0})"),
        _f("log2", 1, "tl.log2({0})", "torch.log2({0})"),
        _f("sqrt", 1, "tl.sqrt({0})", "torch.sqrt({0})"),
        _f("rsqrt", 1, "tl.rsqrt({0})", "torch.rsqrt({0})"),
        _f("sin", 1, "tl.sin({0})", "torch.sin({0})"),
        _f("cos", 1, "tl.cos({0})", "torch.cos({0})"),
        _f("tanh", 1, "_tanh({0})", "torch.tanh({0})", helper="tanh"),
        _f("sigmoid", 1, "tl.sigmoid({0})", "torch.sigmoid({0})"),
        _f("erf", 1, "tl.erf({0})", "torch.erf({0})"),
        _f("floor", 1, "tl.floor({0})", "torch.floor({0})", light=True),
        _f("ceil", 1, "tl.ceil({0})", "torch.ceil({0})", light=True),
        _f("round", 1, "_round({0})", "torch.round({0})", helper="round"),  # half to even
        _f("trunc", 1, "_trunc({0})", "torch.trunc({0})", helper="trunc", light=True),
        _f("log1p", 1, "_log1p({0})", "torch.log1p({0})", helper="log1p"),
        _f("expm1", 1, "_expm1({0})", "torch.expm1({0})", helper="expm1"),
        _f("sign", 1, "_sign({0})", "torch.sign({0})", helper="sign", float_only=False, result="keep", light=True),
        _f("isnan", 1, "_isnan({0})", "torch.isnan({0})", helper="isnan", result="bool", light=True),
        _f("isinf", 1, "_isinf({0})", "torch.isinf({0})", helper="isinf", result="bool", light=True),
        _f("isfinite", 1, "_isfinite({0})", "torch.isfinite({0})", helper="isfinite", result="bool", light=True),
        _f("relu", 1, "_relu({0})", "torch.relu({0})", helper="relu", float_only=False, result="same", light=True),
        _f("leaky_relu", 2, "_leaky_relu({0}, {1})", "_ref.leaky_relu({0}, {1})",
           helper="leaky_relu", torch_helper="leaky_relu", float_only=False, light=True),
        _f("gelu", 1, "_gelu({0})", "torch.nn.functional.gelu({0})", helper="gelu"),
        _f("gelu_tanh", 1, "_gelu_tanh({0})", 'torch.nn.functional.gelu({0}, approximate="tanh")',
           helper="gelu_tanh"),
        _f("silu", 1, "_silu({0})", "torch.nn.functional.silu({0})", helper="silu"),
        _f("softplus", 1, "_softplus({0})", "torch.nn.functional.softplus({0})", helper="softplus"),
        _f("maximum", 2, "tl.maximum({0}, {1}, propagate_nan=tl.PropagateNan.ALL)", "torch.maximum({0}, {1})", float_only=False,
           result="same", light=True),
        _f("minimum", 2, "tl.minimum({0}, {1}, propagate_nan=tl.PropagateNan.ALL)", "torch.minimum({0}, {1})", float_only=False,
           result="same", light=True),
        _f("clamp", 3, "_clamp({0}, {1}, {2})", "torch.minimum(torch.maximum({0}, {1}), {2})", helper="clamp", float_only=False,
           result="same", light=True),
        _f("where", 3, "tl.where({0}, {1}, {2})", "torch.where({0}, {1}, {2})", float_only=False, result="where", light=True),
        _f("pow", 2, "_pow({0}, {1})", "torch.pow({0}, {1})", helper="pow"),
        _f("rand", 1, "tl.rand({0}, {index})", "_ref.rand({0}, {shape}, device)", torch_helper="rand", float_only=False,
           result="rand"),
        # the position along a dimension (its argument names one): the kernel's index of that
        # dimension, split from the flat index; in torch an arange shaped to broadcast
        _f("index", 1, "{position}.to(tl.int64)", "_ref.positions({0}, {axis}, {rank}, device)", kinds=("elementwise", "reduction"),
           torch_helper="positions", float_only=False, result="index", light=True),
        _reduction("sum", "0", "sum", "torch.sum"),
        _reduction("max", "-inf", "max", "torch.amax", helper="extremes", result="keep"),  # NaN wins, as in torch
        _reduction("min", "+inf", "min", "torch.amin", helper="extremes", result="keep"),
        _reduction("mean", "0", "sum", "torch.mean", helper="div_by_count"),  # a sum over the row width
        # the row's first position of its largest (smallest) value, NaN counting as the
        # extreme (torch.argmax's rule); the value reduced is carried beside the position
        _reduction("argmax", "-inf", "argmax", "torch.argmax", helper="argextremes", positional=True, result="i64"),
        _reduction("argmin", "+inf", "argmin", "torch.argmin", helper="argextremes", positional=True, result="i64"),
        # scans along the row: a running sum, product, max or min (torch.cumsum and others
        # along dim -1); a NaN stays in the running max and min from where it appears
        # ({dim}: the reference's dimension, -1 but for a scan along a named dimension)
        _scan("cumsum", "tl.cumsum({0}, axis=1)", "torch.cumsum({0}, {dim})", "{0} + {1}", "0", result="accumulate"),
        _scan("cumprod", "tl.cumprod({0}, axis=1)", "torch.cumprod({0}, {dim})", "{0} * {1}", "1", result="accumulate"),
        _scan("cummax", "tl.associative_scan({0}, 1, _max_nan)", "torch.cummax({0}, {dim}).values",
              "tl.maximum({0}, {1}, propagate_nan=tl.PropagateNan.ALL)", "-inf", helper="extremes", result="keep"),
        _scan("cummin", "tl.associative_scan({0}, 1, _min_nan)", "torch.cummin({0}, {dim}).values",
              "tl.minimum({0}, {1}, propagate_nan=tl.PropagateNan.ALL)", "+inf", helper="extremes", result="keep"),
    )
}

# The arguments torch functions take only as tensors: the torch renderer wraps a
# scalar-shaped one in torch.as_tensor(...) (a literal; scalar parameters are tensors in the
# reference already). torch.where takes numbers for its values but not for its condition
# (nor does leaky_relu's reference, a torch.where); pow's arguments are seen to by the renderer.
TORCH_TENSOR_ARGS: dict[str, tuple[int, ...]] = {
    n: tuple(range(f.arity)) for n, f in FUNCTIONS.items() if f.torch.startswith("torch.") and n not in ("where", "pow")
} | {"where": (0,), "leaky_relu": (0,)}

# Triton helpers look at their argument's dtype or shape (gelu keeps erf for f64, relu builds
# zeros like it): called on scalars only (Python numbers, or scalar parameters), each argument
# becomes a 0-d tensor of its type first. pow's arguments are seen to by the renderer.
TRITON_WANTS_TENSOR = frozenset(n for n, f in FUNCTIONS.items() if f.helper and not f.is_reduction and not f.is_scan
                                 and n != "pow")


@dataclass(frozen=True, slots=True)
class Operator:
    symbol: str
    triton: str
    torch: str
    precedence: int  # Python's binding strength of the emitted form (higher binds tighter)
    float_only: bool = False  # its operands must be floats (E042 otherwise)
    helper: str | None = None  # the Triton helper its spelling calls (templates/helpers.py.j2)
    # its spelling where the left operand is zero at masked positions (zeros.py), and the helper
    zeros: str | None = None
    zeros_helper: str | None = None
    # its spelling where its value is only seen rounded to a coarser grid (rounding.py; {0}
    # the grid; {3} x_narrow, the dividend, and {4} whether masked zeros go apart, where it
    # divides with tl.div_rn), and the helper
    rounded: str | None = None
    rounded_helper: str | None = None
    light: bool = True  # a few ALU instructions a value (Function.light): not /, % or **


# Python's binding strengths of what is emitted; `and`/`or` become `&`/`|`, which bind
# tighter than comparisons. The .tile grammar (frontend/grammar.lark) has its own levels.
NOT, CMP, OR, AND, ADD, MUL, UNARY, POW, ATOM = 0, 1, 2, 3, 5, 6, 7, 8, 9

OPERATORS: dict[str, Operator] = {
    op.symbol: op
    for op in (
        Operator("+", "{0} + {1}", "{0} + {1}", ADD),
        Operator("-", "{0} - {1}", "{0} - {1}", ADD),
        Operator("*", "{0} * {1}", "{0} * {1}", MUL),
        # true division, in every kind of kernel, rounded as IEEE (and torch) round it: Triton's
        # own `/` on f32 is an approximate division (div.full.f32, up to 2 ulp away), so f32
        # quotients call tl.div_rn (the expression renderer picks by the quotient's type;
        # f64's `/` rounds correctly already)
        # A dividend that is zero at masked positions (zeros.py) handles its zeros apart,
        # keeping tl.div_rn off its slow path for them (templates/helpers.py.j2, _div_rn_zeros)
        # A quotient seen only rounded to a coarser grid, by one divisor a row (rounding.py),
        # divides through the row's reciprocal, tl.div_rn only near the grid's rounding
        # boundaries (templates/helpers.py.j2, _div_rounded_f16 / _bf16 / _int)
        Operator("/", "tl.div_rn({0}, {1})", "{0} / {1}", ATOM,
                 zeros="_div_rn_zeros({0}, {1})", zeros_helper="div_rn_zeros",
                 rounded="_div_rounded_{0}({1}, {2}, x_narrow={3}, masked_zeros={4})", rounded_helper="div_rounded",
                 light=False),
        # the C-style remainder (sign of the dividend), as Triton computes it
        Operator("%", "{0} % {1}", "torch.fmod({0}, {1})", MUL, light=False),
        Operator("**", "_pow({0}, {1})", "torch.pow({0}, {1})", ATOM, float_only=True, helper="pow", light=False),
        Operator("@", "", "", MUL),  # the gemm's product: lowered to a K loop, not an expression
        Operator("and", "{0} & {1}", "{0} & {1}", AND),
        Operator("or", "{0} | {1}", "{0} | {1}", OR),
    )
}
BINARY_TRITON = {s: op.triton for s, op in OPERATORS.items() if s not in ("and", "or", "@")}
BINARY_TORCH = {s: op.torch for s, op in OPERATORS.items() if s not in ("and", "or", "@")}
BOOL_TRITON = {s: OPERATORS[s].triton for s in ("and", "or")}
BOOL_TORCH = {s: OPERATORS[s].torch for s in ("and", "or")}
FLOAT_FUNCTIONS = frozenset(n for n, f in FUNCTIONS.items() if f.float_only)
REDUCTIONS = {n: f for n, f in FUNCTIONS.items() if f.is_reduction}
SCANS = {n: f for n, f in FUNCTIONS.items() if f.is_scan}


def row_reduce(fn: str, arg: str, index: str = "offs_n", axis: int = 1, keep_dims: bool = True) -> str:
    """Triton source reducing `arg` over each row's lanes (a block's axis 1, kept as a
    column), by the reduction `fn`; an argmax or argmin takes each lane's position from
    `index`. `axis` and `keep_dims` fold another axis of a tile, to one value per lane of
    the other (reductions over named dimensions)."""
    return REDUCTIONS[fn].row_reduce.format(arg, index=index, axis=axis, keep=keep_dims)


def mean_of(total: str, count: str) -> str:
    """Triton source for a mean: a float sum over an integer `count` (a row width: an
    argument, a constant or a literal), as torch.mean computes it, through the _div_by_count
    helper (the sum times the correctly rounded reciprocal of the count); `total` itself
    where there is no count (a sum)."""
    return f"_div_by_count({total}, {count})" if count else total


def accumulate(fn: str, acc: str, value: str, index: str = "") -> str:
    """A Triton statement folding a block `value` into the accumulator `acc` (an argmax or
    argmin also into the positions `index`)."""
    return REDUCTIONS[fn].accumulate.format(acc=acc, value=value, index=index)

# The gelu helpers' polynomials p for q = Phi(-t) = exp2(p(t)), t = min(|x|, 6), highest
# power first, as f32 (bench/fit_gelu.py DEGREE 6.0 [--relative]). templates/helpers.py.j2
# writes each one out by Horner's rule. Why these degrees: docs/design.md.
GELU_FITS = {
    "gelu": (2.832578331890545e-07, -6.322600256680744e-06, 5.667209916282445e-05, -0.0002306544774910435,
             -7.335759437410161e-05, 0.007013277150690556, -0.05247605964541435, -0.45921143889427185,
             -1.1511051654815674, -1.0),  # degree 9: f32-accurate
    "gelu_f16": (2.2990174329606816e-05, -0.0006110961548984051, 0.007195490412414074, -0.05118490010499954,
                 -0.4612729847431183, -1.1501731872558594, -1.0000650882720947),  # degree 6 --relative
    "gelu_bf16": (-0.00020167870388831943, 0.00446742819622159, -0.0428311862051487, -0.4727908968925476,
                  -1.1443930864334106, -1.000533938407898),  # degree 5 --relative
}
