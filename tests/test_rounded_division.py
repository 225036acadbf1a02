"""Quotients only seen rounded to a coarser grid (tilegen/language/rounding.py) divide
through `_div_rounded_*` (templates/helpers.py.j2): the dividend times the row's
reciprocal, `div.rn.f32` only where that product's window straddles a rounding boundary of
the grid. Checked here: which quotients take it (the generated source), the rule itself
(emulated with numpy against correctly rounded division, on random and constructed
near-boundary operands, and shown to fail with too narrow a window), that the PTX
assembles for sm_80 and sm_90 with a branch around the division, and on a GPU, bit for
bit against tl.div_rn. On the interpreter the helpers divide with tl.div_rn."""

import numpy as np
import pytest
import torch

from conftest import DEVICE, compile_for_gpu, compile_spec

SPEC = """
reduction softmax16(x: f16[M, N]) -> (y: f16[M, N]) {
    e = exp(x - max(x))
    y = e / sum(e)
}

reduction softmaxb(x: bf16[M, N]) -> (y: bf16[M, N]) {
    e = exp(x - max(x))
    y = e / sum(e)
}

reduction softmax32(x: f32[M, N]) -> (y: f32[M, N]) {
    e = exp(x - max(x))
    y = e / sum(e)
}

reduction reused(x: f16[M, N]) -> (y: f16[M, N], z: f16[M, N]) {
    y = x / sum(x)
    z = y * 2
}

reduction per_column(x: f16[M, N], w: f32[N]) -> (y: f16[M, N]) {
    y = x / w
}

reduction quantize(x: bf16[M, N]) -> (q: i8[M, N], s: f32[M]) {
    s = max(abs(x)) / 127
    q = clamp(round(x / s), -127, 127)
}

reduction twice(x: f16[M, N]) -> (y: f16[M, N], z: f32[M, N]) {
    y = x / sum(x)
    z = x / sum(x)
}

reduction per_row(x: f16[M, N]) -> (y: f16[M]) {
    y = 1 / sum(x)
}

reduction scan_m(x: f32[M, N], s: f32[N]) -> (y: f16[M, N]) {
    y = cumsum(x, M) / s
}

reduction quantize8(x: bf16[M, N]) -> (q: f8e4m3[M, N], r: f8e5m2[M, N], t: f8e4m3[M, N], s: f32[M]) {
    s = max(abs(x)) / 448
    q = x / s
    r = x / (s / 256)
    t = x / (s / 2)
}

elementwise scaled(x: f32[N], s: f32, t: f32[N]) -> (a: f16[N], b: f16[N], c: f16[N]) {
    a = x / s
    b = ((x / (s + 1)) as f16) * 2
    c = x / t
}
"""


def _kernel(source: str, name: str) -> str:
    return source.split(f"def {name}_kernel(")[1].split("@triton.jit")[0]


def _squeeze(code: str) -> str:
    """The code with each call's arguments on one line (black wraps long calls)."""
    import re

    return re.sub(r"\(\n\s+", "(", re.sub(r",?\n\s*\)", ")", code))


def test_which_quotients_divide_rounded():
    from tilegen.pipeline import compile_source

    source = compile_source(SPEC, "k.tile").source
    # (x_narrow: the dividend where a block narrower than 128 columns divides, 1.0 past the row end)
    narrow = "x_narrow=tl.where(mask_n, e, 1.0) if PAST_END else e, masked_zeros=False)"
    assert "y = _div_rounded_f16(e, sum_e, " + narrow in _squeeze(_kernel(source, "softmax16"))
    assert "y = _div_rounded_bf16(e, sum_e, " + narrow in _squeeze(_kernel(source, "softmaxb"))
    assert "y = tl.div_rn(" in _kernel(source, "softmax32")  # an f32 output sees the quotient itself
    assert "y = tl.div_rn(" in _kernel(source, "reused")  # y is read again: its f32 value is seen
    assert "y = tl.div_rn(" in _kernel(source, "per_column")  # one divisor an element: no row reciprocal
    assert "_round(_div_rounded_int(x, s, x_narrow=tl.where(mask_n, x, 1.0) if PAST_END else x" in _squeeze(
        _kernel(source, "quantize"))
    twice = _kernel(source, "twice")  # one quotient written twice, once stored as f32: exact both times
    assert "_div_rounded" not in twice and twice.count("tl.div_rn(") == 2
    # one quotient a row (its dividend a number), and a scan along M (its divisor a value an element)
    assert "_div_rounded" not in _kernel(source, "per_row") and "tl.div_rn(1, sum_x)" in _kernel(source, "per_row")
    assert "_div_rounded" not in _kernel(source, "scan_m") and "tl.div_rn(" in _kernel(source, "scan_m")
    scaled = _kernel(source, "scaled")
    assert "a = _div_rounded_f16(x, s, x_narrow=x, masked_zeros=False)" in scaled
    assert "_div_rounded_f16(x, s + 1, x_narrow=x, masked_zeros=False)" in scaled
    # fp8 stores divide with tl.div_rn (a window on the fp8 grids measured slower: design.md)
    quantize8 = _kernel(source, "quantize8")
    assert "_div_rounded" not in quantize8 and quantize8.count("tl.div_rn(") >= 4
    # each grid's helper is emitted where a kernel uses it, and only there
    alone = compile_source(SPEC.split("reduction softmaxb")[0], "k.tile").source
    assert "def _div_rounded_f16(" in alone and "_div_rounded_bf16" not in alone and "_DIV_ROUNDED_INT" not in alone
    assert "c = tl.div_rn(x, t)" in scaled
    fast = compile_source(SPEC.replace("y = e / sum(e)\n}", "y = e / sum(e)\n    schedule { precision = fast }\n}"),
                          "k.tile").source
    assert "y = e / sum_e" in _kernel(fast, "softmax16")


@pytest.fixture(scope="module")
def kernels(tmp_path_factory):
    path = tmp_path_factory.mktemp("rounded") / "k.tile"
    path.write_text(SPEC)
    return compile_spec(path)[0]


def test_kernels_and_references_round_the_exact_quotient(kernels):
    """The kernels (and their torch references) store the correctly rounded quotient's
    rounding, on ragged sizes, with zeros, infinities and NaN among the dividends and a zero
    divisor; a quotient cast inside an expression is cast as a whole (the reference once cast
    the divisor alone: `x / (s + 1).to(...)`)."""
    gen = torch.Generator().manual_seed(5)
    x = torch.randn(1037, generator=gen) * 10.0 ** torch.randint(-6, 6, (1037,), generator=gen)
    x[:5] = torch.tensor([0.0, -0.0, float("inf"), float("nan"), 65519.0])
    t = torch.randn(1037, generator=gen)
    t[5] = 0.0
    for s in (3.0, 0.0, -1e-30, float("inf")):
        a, b, c = kernels.scaled(x.to(DEVICE), s, t.to(DEVICE))
        s32 = torch.tensor(s, dtype=torch.float32)
        want = ((x / s32).half(), ((x / (s32 + 1)).half().float() * 2).half(), (x / t).half())
        for got, w, ref in zip((a, b, c), want, kernels.scaled_reference(x, s, t)):
            assert _same(got.cpu(), w), (s, got.cpu()[:8], w[:8])
            assert _same(ref, w), s
    q, scale = kernels.quantize(x.reshape(17, 61).bfloat16().to(DEVICE))
    xb = x.reshape(17, 61).bfloat16().float()
    want_scale = xb.abs().amax(1, keepdim=True) / 127
    assert _same(scale.cpu(), want_scale[:, 0])
    want_q = torch.round(xb / want_scale).clamp(-127, 127)
    assert _same(q.cpu(), want_q.to(torch.int8))
    # fp8: saturating at +-448 (f8e4m3), overflowing to +-inf from 61440 on (f8e5m2)
    x8 = x.reshape(17, 61).bfloat16()
    x8[3, :4] = torch.tensor([65504.0, -3.0e38, 1.0e-38, 0.0]).bfloat16()
    q8, r8, t8, s8 = kernels.quantize8(x8.to(DEVICE))
    want_s8 = x8.float().abs().amax(1, keepdim=True) / 448
    assert _same(s8.cpu(), want_s8[:, 0])
    assert _same(q8.cpu(), (x8.float() / want_s8).to(torch.float8_e4m3fn))
    assert _same(r8.cpu(), (x8.float() / (want_s8 / 256)).to(torch.float8_e5m2))
    assert _same(t8.cpu(), (x8.float() / (want_s8 / 2)).to(torch.float8_e4m3fn))
    assert r8.float().cpu().isinf().any()  # (past 61440)
    assert ((x8.float() / (want_s8 / 2)).abs() > 464).any()  # (saturated: quotients up to 896)


def _same(got: torch.Tensor, want: torch.Tensor) -> bool:
    """Bit for bit, NaN as NaN (its payload aside)."""
    got, want = got.float(), want.float()
    return bool(((got == want) & (torch.signbit(got) == torch.signbit(want)) | (got.isnan() & want.isnan())).all())


# ---- the rule, emulated -------------------------------------------------------------------

F32 = np.float32
DELTA = 8 * 2.0**-149  # the window's move outward (bf16's subnormals)


def _fma32(a: np.ndarray, s: np.ndarray, c: float) -> np.ndarray:
    """fma(a, s, c) rounded once to f32, for f32 a and s and c = +-DELTA: a * s is exact in
    f64; below 2**-94 so is the sum; above, c only breaks an exact tie between two f32s."""
    t = a.astype(np.float64) * s.astype(np.float64)
    small = np.abs(t) < 2.0**-94
    out = np.where(small, (t + c).astype(F32), t.astype(F32))
    # ties of the product alone, outside `small`: c (tiny) decides which way
    down = np.nextafter(out, F32(-np.inf))
    up = np.nextafter(out, F32(np.inf))
    with np.errstate(invalid="ignore", over="ignore"):
        finite = np.isfinite(out)  # (inf's neighbour averaged with it is inf: no tie)
        tie_below = finite & ((out.astype(np.float64) + down.astype(np.float64)) / 2 == t)
        tie_above = finite & ((out.astype(np.float64) + up.astype(np.float64)) / 2 == t)
    out = np.where(~small & tie_below & (c < 0), down, out)
    out = np.where(~small & tie_above & (c > 0), up, out)
    return out


def _bf16(x: np.ndarray) -> np.ndarray:
    return torch.from_numpy(np.ascontiguousarray(x)).to(torch.bfloat16).float().numpy()


GRID = {"f16": lambda v: v.astype(np.float16).astype(F32), "bf16": _bf16, "int": np.rint}


def _rounded_division(x, d, grid, eps=2.0**-21, delta=DELTA, guard=True):
    """(value, fast): what _div_rounded_GRID returns, and where it took the product (eps,
    delta and guard: the window's scale, its move outward, the int grid's 2**23 guard)."""
    with np.errstate(all="ignore"):
        r = F32(1) / d
        normal = (np.abs(r) >= np.finfo(F32).tiny) & (np.abs(r) <= np.finfo(F32).max)
        lo_scale = np.where(normal, F32(1 - eps), F32(np.nan)).astype(F32)
        hi_scale = np.where(normal, F32(1 + eps), F32(np.nan)).astype(F32)
        p = (x * r).astype(F32)
        a = np.abs(p)
        lo, hi = _fma32(a, lo_scale, -delta), _fma32(a, hi_scale, delta)
        g_lo, g_hi = GRID[grid](lo), GRID[grid](hi)
        fast = g_lo == g_hi  # a float compare: NaN equals nothing, -0 equals +0
        if grid == "int" and guard:
            fast &= ~(a >= 2.0**23)
        return np.where(fast, p, x / d), fast


def _operands(grid, n, rng):
    """Dividends and divisors: random bits (every special value), wide log-normal values,
    softmax-like ones, and dividends made so that the quotient lies within a few f32 ulps of
    a rounding boundary of the grid (midpoints of f16 or bf16 neighbours, half-integers)."""
    xs, ds = [], []
    bits = lambda: rng.integers(-2**31, 2**31, n, dtype=np.int64).astype(np.int32).view(F32)
    xs.append(bits()), ds.append(bits())
    xs.append(np.exp(rng.normal(0, 8, n)).astype(F32)), ds.append(np.exp(rng.normal(0, 8, n)).astype(F32))
    xs.append(rng.random(n, dtype=F32)), ds.append((rng.random(n) * 1e4 + 1).astype(F32))
    if grid == "int":
        mid = (rng.integers(0, 2**22, n) + 0.5) * rng.choice([-1.0, 1.0], n)
    else:
        dtype, top = (np.float16, 0x7BFF) if grid == "f16" else (None, 0x7F7F)
        low = rng.integers(0, top, n, dtype=np.int64)
        if grid == "f16":
            mid = (low.astype(np.int16).view(np.float16).astype(np.float64)
                   + (low + 1).astype(np.int16).view(np.float16).astype(np.float64)) / 2
        else:
            as_f32 = lambda b: (b.astype(np.uint32) << 16).view(F32).astype(np.float64)
            mid = (as_f32(low) + as_f32(low + 1)) / 2
    for scale in (6, 30):
        d = np.exp(rng.normal(0, scale, n)).astype(F32)
        x = (mid * d.astype(np.float64)).astype(F32)
        for nudge in (0, 1, -1, 2, -2):
            xs.append((x.view(np.int32) + nudge).view(F32)), ds.append(d)
    # quotients within 2**-149 of a midpoint of bf16's subnormals (f32-subnormal dividends:
    # only the window's move outward holds them), and dividends near the f32 maximum, whose
    # product with the reciprocal may overflow where the quotient does not
    d = rng.uniform(1, 2, n).astype(F32)
    x = ((rng.integers(0, 128, n) + 0.5) * 2.0**-133 * d.astype(np.float64)).astype(F32)
    for nudge in (0, 1, -1):
        xs.append((x.view(np.int32) + nudge).view(F32)), ds.append(d)
    d = rng.uniform(0.5, 1, n).astype(F32)
    xs.append((np.finfo(F32).max * d.astype(np.float64) * (1 + rng.uniform(-2.0**-22, 2.0**-22, n)))
              .clip(max=np.finfo(F32).max).astype(F32)), ds.append(d)
    return np.concatenate(xs), np.concatenate(ds)


@pytest.mark.parametrize("grid", ["f16", "bf16", "int"])
def test_rule_rounds_as_the_exact_quotient(grid):
    """Wherever the rule takes the product, the product rounds to the grid as the correctly
    rounded quotient does (bit for bit; NaN as NaN), and it takes the product for most
    operands (else it would be no faster)."""
    rng = np.random.default_rng(7)
    x, d = _operands(grid, 200_000, rng)
    with np.errstate(all="ignore"):
        exact = GRID[grid](x / d)
        got, fast = _rounded_division(x, d, grid)
        got = GRID[grid](got)
    same = (got.view(np.int32) == exact.view(np.int32)) | (np.isnan(got) & np.isnan(exact))
    assert same.all(), (x[~same][:5], d[~same][:5])
    n = 200_000
    assert fast[2 * n:3 * n].mean() > 0.99  # softmax-like operands
    # wide values (quotients from 2**23 on divide on the int grid)
    assert fast[n:2 * n].mean() > (0.95 if grid != "int" else 0.8)


@pytest.mark.parametrize("grid", ["f16", "bf16", "int"])
def test_rule_fails_with_a_window_too_narrow(grid):
    """The operands are sharp enough to catch a wrong rule: with a window of a quarter of
    an f32 ulp (2**-25), some products round otherwise than the exact quotient."""
    rng = np.random.default_rng(7)
    x, d = _operands(grid, 200_000, rng)
    with np.errstate(all="ignore"):
        exact = GRID[grid](x / d)
        got = GRID[grid](_rounded_division(x, d, grid, eps=2.0**-25)[0])
    same = (got.view(np.int32) == exact.view(np.int32)) | (np.isnan(got) & np.isnan(exact))
    assert not same.all()


def test_rule_needs_its_move_outward_and_its_guard():
    """The window's move outward by 2**-146 holds bf16's subnormal midpoints, and the int
    grid's 2**23 guard catches a product that overflowed where the quotient did not: without
    either, some products round otherwise than the exact quotient."""
    for grid, change in (("bf16", dict(delta=0.0)), ("int", dict(guard=False))):
        x, d = _operands(grid, 200_000, np.random.default_rng(7))
        with np.errstate(all="ignore"):
            exact = GRID[grid](x / d)
            got = GRID[grid](_rounded_division(x, d, grid, **change)[0])
        same = (got.view(np.int32) == exact.view(np.int32)) | (np.isnan(got) & np.isnan(exact))
        assert not same.all(), grid


# ---- the PTX, and the GPU ---------------------------------------------------------------

_CHECK_MODULE = r"""
import triton
import triton.language as tl
from tilegen.pipeline import compile_source
from tilegen.tools.validate import load_module

m = load_module(compile_source(SPEC, "k.tile").source, "rounded_k")


@triton.jit
def check_kernel(x_ptr, d_ptr, out_ptr, n, BLOCK: tl.constexpr):
    # 1 where a grid's rounding of _div_rounded_* differs from that of tl.div_rn
    offs = tl.program_id(0) * BLOCK + tl.arange(0, BLOCK)
    mask = offs < n
    x = tl.load(x_ptr + offs, mask=mask)
    d = tl.load(d_ptr + offs, mask=mask, other=1.0)
    q = tl.div_rn(x, d)
    a = m._div_rounded_f16(x, d, x, False).to(tl.float16).to(tl.float32)
    b = m._div_rounded_bf16(x, d, x, False).to(tl.bfloat16).to(tl.float32)
    c = m._round(m._div_rounded_int(x, d, x, False))
    qa, qb, qc = q.to(tl.float16).to(tl.float32), q.to(tl.bfloat16).to(tl.float32), m._round(q)
    bad = (a != qa) & ~((a != a) & (qa != qa))
    bad |= (b != qb) & ~((b != b) & (qb != qb))
    bad |= (c != qc) & ~((c != c) & (qc != qc))
    # a zero's sign too (signed zeros compare equal)
    bad |= (a == 0) & (qa == 0) & (a.to(tl.int32, bitcast=True) != qa.to(tl.int32, bitcast=True))
    tl.store(out_ptr + offs, bad.to(tl.int8), mask=mask)
"""


def _check_module(directory, spec=SPEC):
    """The checking kernel, as a module file (Triton reads a kernel's source from its file)."""
    import importlib.util

    path = directory / "rounded_check.py"
    path.write_text(f"SPEC = {spec!r}\n" + _CHECK_MODULE)
    loader = importlib.util.spec_from_file_location("rounded_check", path)
    module = importlib.util.module_from_spec(loader)
    loader.loader.exec_module(module)
    return module


_PTX = r"""
import importlib.util, pathlib, sys, tempfile
sys.path.insert(0, sys.argv[1])
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource

path = pathlib.Path(tempfile.mkdtemp()) / "rounded_check.py"
path.write_text(sys.argv[2])
loader = importlib.util.spec_from_file_location("rounded_check", path)
module = importlib.util.module_from_spec(loader)
loader.loader.exec_module(module)
import triton.language.target_info as target_info


def _target(cc):  # (no GPU here: the target compiled for stands for the device)
    def current_target():
        return GPUTarget("cuda", cc, 32)

    current_target.__triton_builtin__ = True
    return current_target


for cc in (75, 80, 90):
    target_info.current_target = _target(cc)
    src = ASTSource(module.check_kernel, {"x_ptr": "*fp32", "d_ptr": "*fp32", "out_ptr": "*i8", "n": "i32",
                                          "BLOCK": "constexpr"}, {"BLOCK": 256})
    ptx = triton.compile(src, target=GPUTarget("cuda", cc, 32), options={"num_warps": 4}).asm["ptx"]
    print(cc, ptx.count("cvt.rn.f16x2.f32"), ptx.count("cvt.rn.bf16x2.f32"), ptx.count("@!slow bra DIV_ROUNDED"),
          ptx.count("div.rn.f32"))
"""


def test_helpers_assemble_with_a_branch():
    """The helpers' PTX assembles for sm_80 and sm_90 (ptxas runs in triton.compile), each
    element branching around its div.rn.f32; for sm_75, which has no packed conversions
    from f32, they divide as before (no window)."""
    out = compile_for_gpu(_PTX, f"SPEC = {SPEC!r}\n" + _CHECK_MODULE)
    lines = out.strip().split("\n")
    assert len(lines) == 3, out
    for line in lines:
        cc, f16, bf16, branches, divisions = map(int, line.split())
        if cc == 75:
            assert f16 == bf16 == branches == 0, line
        else:
            assert f16 >= 1 and bf16 >= 1 and branches >= 3 and divisions >= 4, line


@pytest.mark.gpu
def test_bit_for_bit_against_div_rn_on_gpu(tmp_path):
    """On a GPU, 3.9 million operand pairs (random bits, wide values, near-boundary
    quotients) round alike through _div_rounded_* and tl.div_rn, for each grid."""
    check = _check_module(tmp_path)
    rng = np.random.default_rng(11)
    for grid in ("f16", "bf16", "int"):
        x, d = _operands(grid, 100_000, rng)
        out = torch.empty(x.size, dtype=torch.int8, device="cuda")
        check.check_kernel[(x.size + 255) // 256,](torch.from_numpy(x).cuda(), torch.from_numpy(d).cuda(), out,
                                                    x.size, BLOCK=256)
        assert int(out.sum()) == 0, grid


_BLOCKS = r"""
import sys
sys.path.insert(0, sys.argv[1])
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
from tilegen.pipeline import compile_source
from tilegen.tools.validate import load_module

import triton.language.target_info as target_info

def current_target():  # (no GPU here: the target compiled for stands for the device)
    return GPUTarget("cuda", 90, 32)


current_target.__triton_builtin__ = True
target_info.current_target = current_target
fn = load_module(compile_source(sys.argv[2], "k.tile").source, "rounded_blocks").softmax16_kernel
for block_n, rows in ((32, 16), (4096, 1)):
    consts = dict(BLOCK_N=block_n, ROWS=rows, NUM_STAGES=1, PERSISTENT=False, INDEX_64=False, ALIGN=1, PAST_END=True)
    signature = {n: "constexpr" if n in consts else "*fp16" if n.endswith("_ptr") else "i32" for n in fn.arg_names}
    ptx = triton.compile(ASTSource(fn, signature, consts), target=GPUTarget("cuda", 90, 32),
                         options={"num_warps": 4}).asm["ptx"]
    print(block_n, ptx.count("cvt.rn.f16x2.f32"), ptx.count("@!slow bra DIV_ROUNDED"), ptx.count("div.rn.f32"))
"""


def test_narrow_blocks_divide_as_before():
    """A block narrower than 128 columns (a thread's values in several rows) divides with
    div.rn as a quotient not rounded after would, no window in its code; a wide block takes
    the window, its branch around div.rn."""
    out = compile_for_gpu(_BLOCKS, SPEC)
    counts = {int(b): (int(w), int(br), int(d)) for b, w, br, d in (line.split() for line in out.strip().split("\n"))}
    assert counts[32][0] == 0 and counts[32][1] == 0 and counts[32][2] >= 1, counts
    assert counts[4096][0] >= 1 and counts[4096][1] >= 1, counts
