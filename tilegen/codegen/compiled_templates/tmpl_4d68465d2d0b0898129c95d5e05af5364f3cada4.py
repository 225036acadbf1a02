from jinja2.runtime import LoopContext, Macro, Markup, Namespace, TemplateNotFound, TemplateReference, TemplateRuntimeError, Undefined, escape, identity, internalcode, markup_join, missing, str_join
name = 'helpers.py.j2'

def root(context, missing=missing):
    resolve = context.resolve_or_missing
    undefined = environment.undefined
    concat = environment.concat
    cond_expr_undefined = Undefined
    if 0: yield None
    l_0_helpers = resolve('helpers')
    l_0_gelu_fits = resolve('gelu_fits')
    l_0_gelu_by_horner = missing
    try:
        t_1 = environment.filters['abs']
    except KeyError:
        @internalcode
        def t_1(*unused):
            raise TemplateRuntimeError("No filter named 'abs' found.")
    pass
    def macro(l_1_fit):
        t_2 = []
        if l_1_fit is missing:
            l_1_fit = undefined("parameter 'fit' was not provided", name='fit')
        pass
        t_2.extend((
            '    t = tl.minimum(tl.abs(x), 6.0)\n    p = ',
            str(environment.getitem(l_1_fit, 0)),
            ' * t ',
            str(('-' if (environment.getitem(l_1_fit, 1) < 0) else '+')),
            ' ',
            str(t_1(environment.getitem(l_1_fit, 1))),
            '\n',
        ))
        for l_2_c in l_1_fit[2:-1]:
            _loop_vars = {}
            pass
            t_2.extend((
                '    p = p * t ',
                str(('-' if (l_2_c < 0) else '+')),
                ' ',
                str(t_1(l_2_c)),
                '\n',
            ))
        l_2_c = missing
        t_2.extend((
            '    return _gelu_of_tail(x, tl.exp2(p * t ',
            str(('-' if (environment.getitem(l_1_fit, -1) < 0) else '+')),
            ' ',
            str(t_1(environment.getitem(l_1_fit, -1))),
            '))',
        ))
        return concat(t_2)
    context.exported_vars.add('gelu_by_horner')
    context.vars['gelu_by_horner'] = l_0_gelu_by_horner = Macro(environment, macro, 'gelu_by_horner', ('fit',), False, False, False, context.eval_ctx.autoescape)
    if (('tanh' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)) or ('gelu_tanh' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers))):
        pass
        yield '\n\n@triton.jit\ndef _tanh(x):\n    # tanh(x) = 2 * sigmoid(2x) - 1 saturates cleanly to -1 and 1 for large |x|, but near 0\n    # the subtraction loses the low digits (tanh(1e-7) came out 19% off): below |x| = 1/8\n    # the odd series x - x^3/3 + 2x^5/15 - 17x^7/315 (next term 2e-9 relative there).\n    # f64 takes the series through x^15 (next term 2e-18 relative at 1/8).\n    x2 = x * x\n    if x.dtype == tl.float64:\n        tail = x2 * (-929569.0 / 638512875.0)\n        tail = x2 * (62.0 / 2835.0 + x2 * (-1382.0 / 155925.0 + x2 * (21844.0 / 6081075.0 + tail)))\n    else:\n        tail = 0.0\n    series = x * (1.0 + x2 * (-1.0 / 3.0 + x2 * (2.0 / 15.0 + x2 * (-17.0 / 315.0 + tail))))\n    return tl.where(tl.abs(x) < 0.125, series, 2.0 * tl.sigmoid(2.0 * x) - 1.0)\n'
    if (('extremes' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)) or ('argextremes' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers))):
        pass
        yield "\n# Row max and min with torch.amax's NaN rule: a NaN anywhere gives NaN (tl.max and tl.min\n# skip NaN). On a GPU one tl.reduce whose combine lets NaN win; the interpreter calls a\n# combine function once per pair of elements in Python, so there a second, built-in\n# reduction (a sum that is NaN exactly when some element is) brings the NaN in instead.\n_NAN_BY_SUM = tl.constexpr(_args.interpreting())\n\n\n@triton.jit\ndef _max_nan(a, b):\n    return tl.maximum(a, b, propagate_nan=tl.PropagateNan.ALL)\n\n\n@triton.jit\ndef _min_nan(a, b):\n    return tl.minimum(a, b, propagate_nan=tl.PropagateNan.ALL)\n\n\n@triton.jit\ndef _nan_or_zero(x, axis: tl.constexpr, keep_dims: tl.constexpr):\n    # NaN where some element along axis is NaN, else 0 (of x's type)\n    return tl.sum(tl.where(x == x, tl.zeros_like(x), x), axis, keep_dims=keep_dims)\n\n\n@triton.jit\ndef _reduce_max(x, axis: tl.constexpr, keep_dims: tl.constexpr):\n    if _NAN_BY_SUM:\n        return tl.max(x, axis, keep_dims=keep_dims) + _nan_or_zero(x, axis, keep_dims)\n    else:\n        return tl.reduce(x, axis, _max_nan, keep_dims=keep_dims)\n\n\n@triton.jit\ndef _reduce_min(x, axis: tl.constexpr, keep_dims: tl.constexpr):\n    if _NAN_BY_SUM:\n        return tl.min(x, axis, keep_dims=keep_dims) + _nan_or_zero(x, axis, keep_dims)\n    else:\n        return tl.reduce(x, axis, _min_nan, keep_dims=keep_dims)\n"
    if ('argextremes' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _arg_reduce(x, index, axis: tl.constexpr, keep_dims: tl.constexpr, IS_MAX: tl.constexpr):\n    # torch.argmax's rule (torch.argmin's where IS_MAX is false): the position of the largest\n    # value along axis, NaN counting as larger than any number (the first NaN wins), and of\n    # equal values the first, the smallest position. `index` holds each lane's position;\n    # lanes past the row end hold the neutral value at positions past it, so they never win.\n    if IS_MAX:\n        best = _reduce_max(x, axis, True)\n    else:\n        best = _reduce_min(x, axis, True)\n    hit = (x == best) | ((x != x) & (best != best))\n    return tl.min(tl.where(hit, index.to(tl.int64), 9223372036854775807), axis, keep_dims=keep_dims)\n\n\n@triton.jit\ndef _arg_step(best, best_index, x, index, IS_MAX: tl.constexpr):\n    # A looped argmax (argmin): fold a block into each lane's running value and position.\n    # The block's value wins where it is larger (NaN is larger than any number, and a lane\n    # keeps the first NaN it sees), or equal at a smaller position: the same choice in\n    # whichever order the blocks come.\n    index = index.to(tl.int64)\n    x_nan = x != x\n    best_nan = best != best\n    if IS_MAX:\n        better = x > best\n    else:\n        better = x < best\n    tie = (x == best) | (x_nan & best_nan)\n    wins = better | (x_nan & ~best_nan) | (tie & (index < best_index))\n    return tl.where(wins, x, best), tl.where(wins, index, best_index)\n"
    if ('last_lane' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _last_lane(x):\n    # Each row's value in the last lane of a [ROWS, BLOCK_N] block, as [ROWS, 1]: the other\n    # lanes add -0.0 (0 for integers), which leaves any value as it is, -0.0, inf and NaN too;\n    # in x's type (tl.sum widens small integers to i32), as the running value stays.\n    lanes = tl.arange(0, x.shape[1])[None, :]\n    if x.dtype.is_floating():\n        rest = tl.full(x.shape, -0.0, x.dtype)\n    else:\n        rest = tl.zeros_like(x)\n    return tl.sum(tl.where(lanes == x.shape[1] - 1, x, rest), axis=1, keep_dims=True).to(x.dtype)\n"
    if ('last_arrival' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _last_arrival(count_ptr, index, sharers):\n    # Count one of `sharers` programs in on the arrival count at count_ptr + index, after\n    # its partial results are stored; True for the last of them to arrive, which sets the\n    # count back to 0 (every other one has counted in), so a launch leaves the counts zero\n    # (tilegen.runtime.arrivals). The barrier puts every thread\'s stores before the count;\n    # the atomic (acquire and release, GPU-wide) makes the others\' stores visible to the\n    # last one, whose loads of them must bypass L1 (.cg): L1 is not coherent across SMs.\n    tl.debug_barrier()\n    arrived = tl.atomic_add(count_ptr + index, 1, sem="acq_rel", scope="gpu")\n    last = arrived == sharers - 1\n    if last:\n        tl.store(count_ptr + index, 0)\n    return last\n'
    if ('relu' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _relu(x):\n    # max(x, 0), letting NaN through as torch.relu does; zeros_like keeps x's type (a 0.0\n    # literal would turn an integer x into f32 and round values past 2**24).\n    return tl.where(x > 0, x, tl.where(x == x, tl.zeros_like(x), x))\n"
    if ('leaky_relu' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _leaky_relu(x, slope):\n    if not isinstance(slope, tl.tensor):  # a literal: known when the kernel compiles\n        if slope > 0:\n            if slope <= 1:\n                # With 0 < slope <= 1, x * slope lies between 0 and x, so the larger of the two is\n                # the answer: one max instead of a compare and a select. NaN stays NaN, and +-inf\n                # stay themselves (slope 0 keeps the select: inf * 0 would be NaN).\n                return tl.maximum(x, x * slope, propagate_nan=tl.PropagateNan.ALL)\n    # x > 0, as torch compares: a zero takes x * slope, so a negative slope flips its sign.\n    return tl.where(x > 0, x, x * slope)\n'
    if ('gelu' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _gelu(x):\n    # Exact GELU (not the tanh approximation): x * Phi(x), Phi the normal CDF, which is\n    # 0.5 * (1 + erf(x / sqrt(2))). Phi comes from its tail q = Phi(-|x|) = exp2(p(|x|)), p a\n    # degree-9 polynomial fitted to log2 Phi(-t) on [0, 6] (bench/fit_gelu.py): nine FMAs and\n    # one exp2, no branch, about half the instructions of erf. Error on the H100: within\n    # 1.02e-7 * max(1, |x|) (torch's f32 gelu: 1.16e-7), and the negative tail keeps its\n    # relative accuracy (1.4e-4), where 1 + erf(x) cancels (torch's f32 gelu: 8%).\n    if x.dtype == tl.float64:\n        return 0.5 * x * (1.0 + tl.erf(x * 0.7071067811865476))  # f64 keeps erf: the fit is f32-accurate\n"
        yield str(context.call((undefined(name='gelu_by_horner') if l_0_gelu_by_horner is missing else l_0_gelu_by_horner), environment.getitem((undefined(name='gelu_fits') if l_0_gelu_fits is missing else l_0_gelu_fits), 'gelu')))
        yield '\n'
    if ('gelu_f16' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _gelu_f16(x):\n    # GELU for a value stored straight to an f16 output (a GEMM epilogue): _gelu's form with\n    # a degree-6 polynomial fitted to q's relative error alone (bench/fit_gelu.py 6 6.0\n    # --relative). Within 4.7e-5 of float64, about a twentieth of an f16 unit in the last\n    # place, with 3 FMAs fewer per value: 0.7% of an 8192^3 product on the H100, whose\n    # epilogue runs on the warps that multiply (docs/design.md).\n"
        yield str(context.call((undefined(name='gelu_by_horner') if l_0_gelu_by_horner is missing else l_0_gelu_by_horner), environment.getitem((undefined(name='gelu_fits') if l_0_gelu_fits is missing else l_0_gelu_fits), 'gelu_f16')))
        yield '\n'
    if ('gelu_bf16' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _gelu_bf16(x):\n    # GELU for a value stored straight to a bf16 output (a GEMM epilogue): _gelu's form with\n    # a degree-5 polynomial fitted to q's relative error alone (bench/fit_gelu.py 5 6.0\n    # --relative). Within 3.7e-4 of float64, about a twentieth of a bf16 unit in the last\n    # place, with 4 FMAs fewer per value: 1.1% of an 8192^3 product on the H100.\n"
        yield str(context.call((undefined(name='gelu_by_horner') if l_0_gelu_by_horner is missing else l_0_gelu_by_horner), environment.getitem((undefined(name='gelu_fits') if l_0_gelu_fits is missing else l_0_gelu_fits), 'gelu_bf16')))
        yield '\n'
    if ((('gelu' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)) or ('gelu_f16' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers))) or ('gelu_bf16' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers))):
        pass
        yield '\n\n@triton.jit\ndef _gelu_of_tail(x, q):\n    # GELU from q = Phi(-|x|): Phi = 1 - q at and above 0, q below; under -6 Phi < 1e-9 and\n    # is 0, as f32 erf gives.\n    return x * tl.where(x >= 0, 1.0 - q, tl.where(x > -6.0, q, 0.0))\n'
    if ('gelu_tanh' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _gelu_tanh(x):\n    # GELU, tanh approximation: 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))).\n    return 0.5 * x * (1.0 + _tanh(0.7978845608028654 * (x + 0.044715 * x * x * x)))\n'
    if (('round' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)) or ('div_rounded' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers))):
        pass
        yield '\n# Whether the kernels run on the Triton interpreter (TRITON_INTERPRET=1 as the module loads,\n# when Triton reads it too), which has neither libdevice nor PTX: helpers that use them on a\n# GPU compute the same values there with tl operations.\n_INTERPRETED = tl.constexpr(_args.interpreting())\n'
    if ('round' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _round(x):\n    # Half to even, as torch.round: the nearest integer, and at a tie (a fraction of exactly\n    # 0.5) the even one; a zero result keeps x's sign (-0.4 rounds to -0.0). On a GPU that is\n    # one instruction (cvt.rni, libdevice's rint); the interpreter has no libdevice: there\n    # x - floor(x) is exact, and values past 2**23 (f32) are integers already.\n    if not _INTERPRETED:\n        return tl.extra.cuda.libdevice.rint(x)\n    f = tl.floor(x)\n    d = x - f\n    up = (d > 0.5) | ((d == 0.5) & (f % 2 != 0))\n    r = tl.where(up, f + 1, f)\n    return tl.where(r == 0, x * 0, r)\n"
    if ('trunc' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _trunc(x):\n    # Toward zero: floor above 0, ceil below (ceil keeps -0.0 for -0.5 < x < 0, as torch).\n    return tl.where(x < 0, tl.ceil(x), tl.floor(x))\n'
    if ('log1p' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _log1p(x):\n    # log(1 + x), accurate for tiny x: with u = 1 + x rounded, log(u) * x / (u - 1) cancels\n    # the rounding of u (the classic correction); x itself where u rounds to 1; +inf stays.\n    u = 1.0 + x\n    small = tl.where(u == 1.0, x, tl.log(u) * (x / (u - 1.0)))\n    return tl.where(x == float("inf"), x, small)\n'
    if ('expm1' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _expm1(x):\n    # e^x - 1, accurate for small x: with u = e^x rounded, (u - 1) * x / log(u) cancels the\n    # rounding of u (Kahan's correction), x itself where u rounds to 1. From |x| = 1/2 on,\n    # u - 1 cancels nothing (and the correction would divide by a log of a denormal u).\n    u = tl.exp(x)\n    fine = tl.where(u == 1.0, x, (u - 1.0) * (x / tl.log(u)))\n    return tl.where(tl.abs(x) < 0.5, fine, u - 1.0)\n"
    if ('sign' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _sign(x):\n    # -1, 0 or 1 in x's type; 0 for NaN and for -0.0 (as torch.sign).\n    return tl.where(x > 0, 1, tl.where(x < 0, -1, 0)).to(x.dtype)\n"
    if ('isnan' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _isnan(x):\n    return x != x\n'
    if ('isinf' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _isinf(x):\n    return tl.abs(x) == float("inf")\n'
    if ('isfinite' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _isfinite(x):\n    # NaN compares false: not finite.\n    return tl.abs(x) < float("inf")\n'
    if ('silu' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _silu(x):\n    # SiLU (swish): x * sigmoid(x).\n    return x * tl.sigmoid(x)\n'
    if ('softplus' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _softplus(x):\n    # log(1 + exp(x)) = max(x, 0) + log1p(exp(-|x|)): exp never overflows, and\n    # log1p(e) = log(u) * e / (u - 1) with u = 1 + e keeps the digits that log(1 + e)\n    # rounds away once e is tiny (x below about -17 gave 0).\n    e = tl.exp(-tl.abs(x))\n    u = 1.0 + e\n    log1p = tl.where(u == 1.0, e, tl.log(u) * (e / (u - 1.0)))\n    return tl.where(x > 20.0, x, tl.maximum(x, 0.0) + log1p)\n'
    if ('clamp' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _clamp(x, lo, hi):\n    return tl.minimum(tl.maximum(x, lo, propagate_nan=tl.PropagateNan.ALL), hi, propagate_nan=tl.PropagateNan.ALL)\n'
    if ('div_rn_zeros' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _div_rn_zeros(x, d):\n    # x / d as tl.div_rn rounds it, for a dividend that is zero at masked positions (exp of a\n    # masked score): tl.div_rn takes a slow path for a zero dividend, which half the lanes\n    # take under a causal mask. A zero is divided as 1.0 instead, and its quotient is the zero\n    # with the sign of x times the sign of d, or NaN where d is 0 or NaN, as IEEE division gives.\n    is_zero = x == 0\n    q = tl.div_rn(tl.where(is_zero, 1.0, x), d)\n    zero = tl.where(d < 0, x * -1.0, x)  # x * -1.0: Triton\'s -x is 0 - x, +0.0 at +0.0\n    zero = tl.where((d == 0) | (d != d), float("nan"), zero)\n    return tl.where(is_zero, zero, q)\n'
    if ('div_rounded' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n# x / d for a quotient only seen rounded to a coarser grid (an f16 or bf16 store, round()),\n# d one value a row (tilegen/language/rounding.py). p = x * r, r = 1 / d rounded, is within\n# 1.5 f32 ulps of q, the correctly rounded quotient; p\'s window [lo, hi] (p\'s magnitude\n# scaled by 1 -+ 2**-21, moved out by 2**-146 for bf16\'s subnormals) holds q\'s magnitude.\n# Where lo and hi round to one value of the grid, so do p and q (rounding is monotonic):\n# p stands for q. Elsewhere (p near a rounding boundary: about 1 f16 value in 500; p NaN;\n# the row\'s r not a normal f32, whose window scales are then NaN) the thread divides with\n# div.rn.f32, as tl.div_rn does. A branch per element, hence PTX: a tl.where would divide\n# every element, and a branch per block would be taken almost always.\n_DIV_ROUNDED_HEAD = (\n    "{\\n"\n    ".reg .f32 p, a, lo, hi, glo, ghi;\\n"\n    ".reg .f16 lo16, hi16;\\n"\n    ".reg .b32 g, bits;\\n"\n    ".reg .pred slow;\\n"\n    "mul.rn.f32 p, $1, $3;\\n"\n    "abs.f32 a, p;\\n"\n    "fma.rn.f32 lo, a, $4, 0f80000008;\\n"\n    "fma.rn.f32 hi, a, $5, 0f00000008;\\n"\n)\n_DIV_ROUNDED_TAIL = (\n    "mov.f32 $0, p;\\n"\n    "@!slow bra DIV_ROUNDED_${:uid};\\n"\n    "div.rn.f32 $0, $1, $2;\\n"\n    "DIV_ROUNDED_${:uid}:\\n"\n    "}"\n)\n\n\n@triton.jit\ndef _div_rounded_window(d):\n    # The row\'s reciprocal and p\'s window scales: NaN where the reciprocal is not a normal\n    # f32 (d zero, subnormal past 2**126\'s reciprocal, infinite or NaN), so that every lane\n    # of such a row divides.\n    r = tl.div_rn(1.0, d)\n    normal = (tl.abs(r) >= 1.1754943508222875e-38) & (tl.abs(r) <= 3.4028234663852886e38)\n    # (1 -+ 2**-21, exact in f32)\n    return r, tl.where(normal, 0.9999995231628418, float("nan")), tl.where(normal, 1.0000004768371582, float("nan"))\n\n\n@triton.jit\ndef _div_as_before(x, d, x_narrow, masked_zeros: tl.constexpr):\n    # The quotient as one not rounded after divides: masked zeros apart, or with the\n    # dividend x_narrow (the caller\'s: 1.0 in lanes past the row end, PAST_END).\n    if masked_zeros:\n        return _div_rn_zeros(x, d)\n    return tl.div_rn(x_narrow, d)\n\n\n@triton.jit\ndef _div_rounded(x, d, asm: tl.constexpr, x_narrow, masked_zeros: tl.constexpr):\n    if _INTERPRETED:\n        return tl.div_rn(x, d)\n    if not tl.target_info.cuda_capability_geq(8, 0):\n        # cvt.rn.f16x2.f32 and cvt.rn.bf16x2.f32 need sm_80 (Ampere) or newer\n        return _div_as_before(x, d, x_narrow, masked_zeros)\n    if len(x.shape) == 2:\n        if x.shape[1] < 128:\n            # Blocks narrower than 128 columns hold a thread\'s values in several rows: the\n            # row\'s reciprocal would cost a division a value, the window\'s work on top.\n            return _div_as_before(x, d, x_narrow, masked_zeros)\n    r, scale_lo, scale_hi = _div_rounded_window(d)\n    return tl.inline_asm_elementwise(\n        asm, "=f,f,f,f,f,f", [x, d, r, scale_lo, scale_hi], dtype=tl.float32, is_pure=True, pack=1\n    )\n'
        if ('div_rounded_f16' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
            pass
            yield '\n\n# f16: lo and hi packed into one f16x2 register, its halves compared (+0 equals -0; NaN\n# equals nothing)\n_DIV_ROUNDED_F16_TEST = (\n    "cvt.rn.f16x2.f32 g, hi, lo;\\n"\n    "mov.b32 {lo16, hi16}, g;\\n"\n    "setp.neu.f16 slow, lo16, hi16;\\n"\n)\n_DIV_ROUNDED_F16 = tl.constexpr(_DIV_ROUNDED_HEAD + _DIV_ROUNDED_F16_TEST + _DIV_ROUNDED_TAIL)\n\n\n@triton.jit\ndef _div_rounded_f16(x, d, x_narrow, masked_zeros: tl.constexpr):\n    return _div_rounded(x, d, _DIV_ROUNDED_F16, x_narrow, masked_zeros)\n'
        if ('div_rounded_bf16' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
            pass
            yield '\n# bf16: lo and hi packed into one bf16x2 register, each half widened back to f32 (the\n# upper 16 bits of an f32) and compared\n_DIV_ROUNDED_BF16_TEST = (\n    "cvt.rn.bf16x2.f32 g, hi, lo;\\n"\n    "shl.b32 bits, g, 16;\\n"\n    "mov.b32 glo, bits;\\n"\n    "and.b32 bits, g, 0xFFFF0000;\\n"\n    "mov.b32 ghi, bits;\\n"\n    "setp.neu.f32 slow, glo, ghi;\\n"\n)\n_DIV_ROUNDED_BF16 = tl.constexpr(_DIV_ROUNDED_HEAD + _DIV_ROUNDED_BF16_TEST + _DIV_ROUNDED_TAIL)\n\n\n@triton.jit\ndef _div_rounded_bf16(x, d, x_narrow, masked_zeros: tl.constexpr):\n    return _div_rounded(x, d, _DIV_ROUNDED_BF16, x_narrow, masked_zeros)\n'
        if ('div_rounded_int' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
            pass
            yield '\n# int: lo and hi rounded half to even; from 2**23 on every quotient divides (a finite p there\n# straddles integers anyway; the guard is for p = inf, which may have overflowed where q did not)\n_DIV_ROUNDED_INT_TEST = (\n    "cvt.rni.f32.f32 glo, lo;\\n"\n    "cvt.rni.f32.f32 ghi, hi;\\n"\n    "setp.neu.f32 slow, glo, ghi;\\n"\n    "setp.ge.or.f32 slow, a, 0f4B000000, slow;\\n"\n)\n_DIV_ROUNDED_INT = tl.constexpr(_DIV_ROUNDED_HEAD + _DIV_ROUNDED_INT_TEST + _DIV_ROUNDED_TAIL)\n\n\n@triton.jit\ndef _div_rounded_int(x, d, x_narrow, masked_zeros: tl.constexpr):\n    return _div_rounded(x, d, _DIV_ROUNDED_INT, x_narrow, masked_zeros)\n'
    if ('div_by_count' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _div_by_count(total, count):\n    # A mean as torch.mean computes it: the sum times the reciprocal of the count (the row\n    # width), that reciprocal rounded to the sum's type (tl.div_rn: Triton's own f32 `/` is\n    # approximate). The reciprocal is one division per program, off the rows' critical path.\n    if total.dtype == tl.float64:\n        return total * (1.0 / tl.cast(count, tl.float64))\n    return total * tl.div_rn(1.0, count * 1.0)\n"
    if ('welford_pivot' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield "\n\n@triton.jit\ndef _welford_pivot(weighted, first):\n    # The pivot Welford's means fold around: their weighted sum where it is finite,\n    # else (a sum of large means overflows) the first of them where it is finite, else 0.\n    # (x - x is 0 only for a finite x.)\n    return tl.where(weighted - weighted == 0.0, weighted, tl.where(first - first == 0.0, first, 0.0))\n"
    if ('pow' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        yield '\n\n@triton.jit\ndef _pow(a, b):\n    # a ** b = exp2(b * log2(a)). A negative base keeps |a| ** b with the sign of\n    # (-1) ** b for integer exponents; for fractional ones log2(a) is NaN, as in torch.pow.\n    b = b + tl.zeros_like(a)  # a constant exponent becomes a tensor like the base\n    magnitude = tl.exp2(b * tl.log2(tl.abs(a)))\n    b_int = tl.floor(b) == b\n    b_odd = b_int & (tl.abs(b % 2.0) == 1.0)\n    signed = tl.where(b_odd, -magnitude, magnitude)\n    result = tl.where(a < 0, tl.where(b_int, signed, tl.exp2(b * tl.log2(a))), magnitude)\n    return tl.where((b == 0) | (a == 1.0), 1.0, result)  # torch.pow: 1 ** nan is 1 too\n'
    if ('team' in (undefined(name='helpers') if l_0_helpers is missing else l_0_helpers)):
        pass
        template = environment.get_template('_team_helpers.py.j2', 'helpers.py.j2')
        gen = template.root_render_func(template.new_context(context.get_all(), True, {'gelu_by_horner': l_0_gelu_by_horner}))
        try:
            for event in gen:
                yield event
        finally: gen.close()

blocks = {}
debug_info = '3=20&5=27&6=34&7=39&9=47&11=55&29=58&69=61&103=64&118=67&136=70&145=73&160=76&173=79&175=81&185=84&187=86&196=89&198=91&207=94&215=97&222=100&239=103&247=106&258=109&270=112&278=115&285=118&292=121&300=124&308=127&321=130&328=133&343=136&410=139&427=142&446=145&464=148&476=151&486=154&501=157&502=159'