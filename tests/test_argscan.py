"""argmax / argmin and the scans (cumsum, cumprod, cummax, cummin) of reduction kernels,
against torch, on every strategy the planner has (single pass, looped, team, persistent):
ragged widths around the block, non-contiguous views, ties, NaN and inf, size 0 and 1,
16-bit, f32, f64 and integer inputs.

Tolerances: argmax, argmin, cummax and cummin compare and copy, so they must match torch
exactly (positions and values, NaN where torch has NaN). cumsum and cumprod of integers
are exact (i64, wrapping as torch does). A float cumsum adds in another order than
torch's (a scan tree per block, blocks in sequence), so it is compared against the sum in
f64: f32 (and 16-bit inputs, which accumulate in f32) within rtol 1e-5 and atol
2**-23 * n * max |x| (n additions of one rounding each, at most); f64 within rtol 1e-12
and atol 2**-52 * n * max |x|. cumprod multiplies values near 1 here: rtol 2**-23 * n
(f32), 1e-12 (f64), against the product in f64.
"""

import re

import pytest
import torch

from conftest import compile_for_gpu, compile_spec
from tilegen.tools.validate import Case, run_case

pytestmark = pytest.mark.filterwarnings("ignore:Conversion of an array with ndim > 0:DeprecationWarning")

FLOATS = ("f16", "bf16", "f32", "f64")
INTS = ("i8", "u8", "i32", "i64")
TORCH = {"f16": torch.float16, "bf16": torch.bfloat16, "f32": torch.float32, "f64": torch.float64,
         "i8": torch.int8, "u8": torch.uint8, "i32": torch.int32, "i64": torch.int64}
# what a running sum or product is kept in: f32 for 16-bit floats (as sum()), i64 for integers
ACC = {"f16": "f32", "bf16": "f32", "f32": "f32", "f64": "f64", "i8": "i64", "u8": "i64", "i32": "i64", "i64": "i64"}


def _kernels(t: str) -> str:
    return f"""
reduction args_{t}(x: {t}[M, N]) -> (hi: i64[M], lo: i64[M]) {{
    hi = argmax(x)
    lo = argmin(x)
}}
reduction scans_{t}(x: {t}[M, N]) -> (s: {ACC[t]}[M, N], p: {ACC[t]}[M, N], up: {t}[M, N], down: {t}[M, N]) {{
    s = cumsum(x)
    p = cumprod(x)
    up = cummax(x)
    down = cummin(x)
}}
"""


# What the examples do not cover: an argmax as a per-row value in an expression (index()
# beside it) and stored into a float output, an argmax beside max() of the same row, scans
# nested in expressions, a reduction of a scan (the scan in a reducing pass of the looped
# kernel), a scan of a value that needs a reduction first (the scan in the final pass), a
# scan of bool (counting), a rank-3 row space, and a scan's output feeding an argmax.
EXTRAS = """
reduction one_hot(x: f32[M, N]) -> (y: f32[M, N], at: f32[M], best: f32[M]) {
    y = where(index(N) == argmax(x), 1.0, 0.0)
    at = argmax(x)
    best = max(x)
}
reduction nested(x: f32[M, N]) -> (y: f32[M, N], total: f32[M]) {
    y = x * 2.0 - cumsum(x) + cummax(abs(x))
    total = sum(cumsum(x))
}
reduction after_max(x: f32[M, N]) -> (y: f32[M, N], first: i64[M]) {
    y = cumsum(exp(x - max(x))) / sum(exp(x - max(x)))
    first = argmax(cumsum(x))
}
reduction count(x: f32[B, T, N]) -> (n: i64[B, T, N]) {
    n = cumsum(x > 0.0)
}
"""

STRATEGIES = {
    "auto": "",
    "looped": "strategy = looped; block_n = 64",
    "looped_rows": "strategy = looped; block_n = 32; rows = 4",
    "persistent": "strategy = single; rows = 2; persistent = true",
    "team": "strategy = team; block_n = 64",
}


def _pinned(text: str, schedule: str) -> str:
    return re.sub(r"^}", f"    schedule {{ {schedule} }}\n}}", text, flags=re.M) if schedule else text


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    text = "".join(_kernels(t) for t in FLOATS + INTS) + EXTRAS
    out = {}
    for name, schedule in STRATEGIES.items():
        path = tmp_path_factory.mktemp("argscan") / f"argscan_{name}.tile"
        path.write_text(_pinned(text, schedule))
        out[name] = compile_spec(path)
    return out


def _values(t: str, shape, gen, kind: str = "args") -> torch.Tensor:
    """Few distinct values (many ties), with NaN, inf and -inf in some rows for floats."""
    if t in INTS:
        lo, hi = (0, 4) if t == "u8" else (-2, 3)
        if kind == "prod":
            lo, hi = (0, 2) if t == "u8" else (-1, 2)
        return torch.randint(lo, hi, shape, generator=gen).to(TORCH[t])
    if kind == "prod":
        return (1.0 + 0.05 * torch.randn(shape, generator=gen)).to(TORCH[t])
    x = torch.randint(-4, 5, shape, generator=gen).float()
    if kind == "sum":
        x = x + torch.rand(shape, generator=gen)
    if shape[-1] and shape[0] > 3:
        x[1, torch.randint(0, shape[-1], (2,), generator=gen)] = float("nan")
        x[2, torch.randint(0, shape[-1], (1,), generator=gen)] = float("inf")
        x[3, torch.randint(0, shape[-1], (1,), generator=gen)] = float("-inf")
    return x.to(TORCH[t])


def _view(x: torch.Tensor, layout: str) -> torch.Tensor:
    """The same values as a contiguous tensor, a column-strided view, or a transposed one."""
    if layout == "strided":
        wide = torch.zeros(x.shape[0], 2 * x.shape[1], dtype=x.dtype)
        wide[:, ::2] = x
        return wide[:, ::2]
    if layout == "transposed":
        return x.t().contiguous().t()
    return x


# (rows, width, layouts): ragged widths around the pinned block of 64 (and the looped_rows
# block of 32), one and many rows, and views that are not contiguous
CASES = [(1, 1, ("contiguous",)), (13, 1, ("contiguous",)), (13, 7, ("contiguous", "strided")),
         (13, 65, ("contiguous", "strided", "transposed")), (5, 300, ("contiguous", "transposed"))]
# the interpreter runs tl.associative_scan (cummax, cummin) one element at a time in Python
SCAN_CASES = [(1, 1, ("contiguous",)), (13, 7, ("contiguous", "strided")),
              (5, 65, ("contiguous", "strided", "transposed")), (3, 130, ("contiguous",))]
# a scan has no team kernel: pinned to team, it runs the looped kernel (as "looped")
SCAN_STRATEGIES = ["auto", "looped", "looped_rows", "persistent"]


@pytest.mark.parametrize("strategy", list(STRATEGIES))
@pytest.mark.parametrize("t", FLOATS + INTS)
def test_argmax_argmin_match_torch(modules, device, strategy, t):
    """First position on ties, NaN as the extreme (the first NaN), inf and -inf, exactly."""
    module, _ = modules[strategy]
    gen = torch.Generator().manual_seed(3)
    for rows, width, layouts in CASES:
        for layout in layouts:
            x = _view(_values(t, (rows, width), gen), layout).to(device)
            hi, lo = getattr(module, f"args_{t}")(x)
            assert hi.dtype == lo.dtype == torch.int64
            assert torch.equal(hi.cpu(), torch.argmax(x.cpu(), dim=-1)), (rows, width, layout, x)
            assert torch.equal(lo.cpu(), torch.argmin(x.cpu(), dim=-1)), (rows, width, layout, x)
            ref_hi, ref_lo = getattr(module, f"args_{t}_reference")(x)
            assert torch.equal(ref_hi, hi) and torch.equal(ref_lo, lo)


@pytest.mark.parametrize("strategy", ["auto", "looped", "team"])
def test_argmax_special_rows(modules, device, strategy):
    """Rows of only NaN, NaN first or last, only -inf (argmax 0), only inf (argmin 0), one
    value repeated: torch's answers, at widths across the block of 64."""
    module, _ = modules[strategy]
    nan, inf = float("nan"), float("inf")
    for width in (1, 64, 65, 130):
        rows = torch.zeros(7, width)
        rows[0] = nan
        rows[1, -1] = nan
        rows[2, 0] = nan
        rows[2, -1] = nan
        rows[3] = -inf
        rows[4] = inf
        rows[5] = 2.5
        rows[6, width // 2:] = 1.0  # ties from the middle on
        x = rows.to(device)
        hi, lo = module.args_f32(x)
        assert torch.equal(hi.cpu(), torch.argmax(rows, -1)), (width, hi)
        assert torch.equal(lo.cpu(), torch.argmin(rows, -1)), (width, lo)


@pytest.mark.parametrize("strategy", SCAN_STRATEGIES)
@pytest.mark.parametrize("t", FLOATS + INTS)
def test_scans_match_torch(modules, device, strategy, t):
    """cumsum and cumprod within the tolerances of the module docstring (ints exactly),
    cummax and cummin exactly, NaN propagating from where it appears, as in torch."""
    module, _ = modules[strategy]
    kernel = getattr(module, f"scans_{t}")
    gen = torch.Generator().manual_seed(5)
    for rows, width, layouts in SCAN_CASES:
        for layout in layouts:
            x = _view(_values(t, (rows, width), gen, "sum"), layout).to(device)
            s, _, up, down = kernel(x)
            s, up, down = s.cpu(), up.cpu(), down.cpu()
            xc = x.cpu()
            assert _equal_nan(up, torch.cummax(xc, -1).values), (rows, width, layout)
            assert _equal_nan(down, torch.cummin(xc, -1).values), (rows, width, layout)
            if t in INTS:
                assert s.dtype == torch.int64 and torch.equal(s, torch.cumsum(xc, -1))
            else:
                want = torch.cumsum(xc.double(), -1)
                bound = 2.0 ** -23 if t != "f64" else 2.0 ** -52
                scale = width * xc.double().abs().nan_to_num(0, 0, 0).amax().item()
                torch.testing.assert_close(s.double(), want, rtol=1e-5 if t != "f64" else 1e-12,
                                           atol=bound * scale + 1e-30, equal_nan=True)
            # cumprod of values near 1 (ints in -1..1): no overflow, no underflow
            xp = _view(_values(t, (rows, width), gen, "prod"), layout).to(device)
            p = kernel(xp)[1].cpu()
            want = torch.cumprod(xp.cpu().double() if t not in INTS else xp.cpu(), -1)
            if t in INTS:
                assert torch.equal(p, want)
            else:
                torch.testing.assert_close(p.double(), want, rtol=2.0 ** -23 * max(width, 1) if t != "f64" else 1e-12,
                                           atol=0)


def _equal_nan(got, want) -> bool:
    """Equal values (in got's type), NaN where the other has NaN."""
    want = want.to(got.dtype)
    if not got.is_floating_point():
        return torch.equal(got, want)
    nan = got.isnan()
    return torch.equal(nan, want.isnan()) and torch.equal(got.masked_fill(nan, 0), want.masked_fill(nan, 0))


@pytest.mark.parametrize("strategy", ["auto", "looped"])
def test_cummax_nan_and_inf(modules, device, strategy):
    """A NaN stays in the running max and min from where it appears on (torch.cummax);
    inf and -inf are values like any other."""
    module, _ = modules[strategy]
    nan, inf = float("nan"), float("inf")
    x = torch.tensor([[1.0, inf, 2.0, nan, 5.0] + [0.0] * 70,
                      [-inf, -1.0, -inf, 3.0, 1.0] + [2.0] * 69 + [nan],
                      [nan] * 75]).to(device)
    s, p, up, down = module.scans_f32(x)
    for got, want in ((up, torch.cummax(x.cpu(), -1).values), (down, torch.cummin(x.cpu(), -1).values),
                      (s, torch.cumsum(x.cpu(), -1)), (p, torch.cumprod(x.cpu(), -1))):
        assert _equal_nan(got.cpu(), want), (got, want)


@pytest.mark.parametrize("strategy", list(STRATEGIES))
def test_extras_against_their_reference(modules, device, strategy):
    """argmax and scans inside expressions, reductions of scans, scans after reductions,
    through the validation harness (poisoned outputs, f64 reference bounds)."""
    module, models = modules[strategy]
    failures = []
    for name in ("one_hot", "nested", "after_max", "count"):
        sig = models[name].sig
        for width in (1, 7, 65, 130):
            for n_rows, strided in ((1, False), (5, False), (5, True)):
                sizes = {d: (n_rows if i == 0 else 2) for i, d in enumerate(x for x in sig.space[:-1])}
                sizes[sig.space[-1]] = width
                problem = run_case(module, sig, Case(sizes, strided, "x"), device, seed=width)
                if problem:
                    failures.append(f"{name} {width}x{n_rows} {strided}: {problem}")
    assert not failures, "\n".join(failures)


def test_one_hot_marks_the_first_best(modules, device):
    module, _ = modules["auto"]
    x = torch.tensor([[1.0, 3.0, 3.0, 0.0], [float("nan"), 1.0, float("nan"), 2.0]], device=device)
    y, at, best = module.one_hot(x)
    assert y.cpu().tolist() == [[0.0, 1.0, 0.0, 0.0], [1.0, 0.0, 0.0, 0.0]]
    assert at.dtype == torch.float32 and at.cpu().tolist() == [1.0, 0.0]  # the store converts the position
    assert best.cpu()[0] == 3.0 and best.cpu()[1].isnan()


def test_sizes_zero_and_one(modules, device):
    """Zero rows: empty outputs. Rows of zero columns: scans give empty rows, as torch;
    argmax and argmin refuse the call (torch raises too), naming the parameter."""
    module, _ = modules["auto"]
    hi, lo = module.args_f32(torch.empty(0, 5, device=device))
    assert hi.shape == lo.shape == (0,)
    with pytest.raises(ValueError, match=re.escape(
            "args_f32(): argmax and argmin of an empty row have no value: parameter 'x' has N = 0 columns "
            "(shape (3, 0))")):
        module.args_f32(torch.empty(3, 0, device=device))
    with pytest.raises((IndexError, RuntimeError)):
        torch.argmax(torch.empty(3, 0), dim=-1)
    s, p, up, down = module.scans_f32(torch.empty(3, 0, device=device))
    assert s.shape == p.shape == up.shape == down.shape == (3, 0)
    s, p, up, down = module.scans_i32(torch.full((1, 1), 7, device=device, dtype=torch.int32))
    assert s.dtype == torch.int64 and s.item() == 7 and p.item() == 7 and up.item() == 7 and down.item() == 7


@pytest.mark.parametrize("width", [20000])
def test_wide_rows_on_the_default_table(modules, device, width):
    """Past 16384 columns the table says team: argmax runs as a team (a team of one
    program on the interpreter), a kernel with a scan has no team kernel and runs looped,
    carrying its running values across blocks of 16384."""
    module, _ = modules["auto"]
    assert hasattr(module, "args_f32_team_kernel") and not hasattr(module, "scans_f32_team_kernel")
    gen = torch.Generator().manual_seed(11)
    x = torch.randn(2, width, generator=gen)
    x[1, 17000] = 100.0
    x[1, 19999] = 100.0
    hi, lo = module.args_f32(x.to(device))
    assert torch.equal(hi.cpu(), x.argmax(-1)) and torch.equal(lo.cpu(), x.argmin(-1))
    s, p, up, down = module.scans_f32(x.to(device))
    torch.testing.assert_close(s.cpu().double(), x.double().cumsum(-1), rtol=1e-5, atol=2.0 ** -23 * width * 100)
    assert torch.equal(up.cpu(), x.cummax(-1).values) and torch.equal(down.cpu(), x.cummin(-1).values)


def test_looped_scans_walk_forwards_and_carry(modules):
    """The looped kernel's passes that compute a scan walk the row forwards and start a
    running value per row; no team kernel and no REREAD single pass for a scan."""
    module, _ = modules["looped"]
    import inspect

    src = inspect.getsource(module)
    looped = src.split("def nested_looped_kernel", 1)[1].split("\ndef ", 1)[0]
    assert "run_cumsum_x = tl.full([ROWS, 1], 0.0, tl.float32)" in looped
    assert "run_cumsum_x = _last_lane(cumsum_x)" in looped
    assert "num_col_blocks - 1 - col_block" not in looped  # every pass computes a scan: forwards
    assert "def nested_team_kernel" not in src and "REREAD" not in src.split("def nested_kernel", 1)[1].split("\ndef ", 1)[0]


@pytest.mark.gpu
@pytest.mark.parametrize("width", [16385, 65536, 128256, 300_000])
def test_wide_rows_on_the_gpu(device, width):
    """The examples on the GPU's default table: next_token as a team of several programs
    (each publishes its segment's best value and position), its best in the last segment,
    in the first, and tied across segments; top_p_cumulative looped in blocks of 16384."""
    from conftest import ROOT

    module, _ = compile_spec(ROOT / "specs" / "reductions.tile")
    gen = torch.Generator().manual_seed(width)
    logits = torch.randn(6, width, generator=gen)
    logits[1, -1] = 50.0
    logits[2, 0] = 50.0
    logits[3, [5, width // 2, width - 3]] = 50.0  # a tie across segments: the first wins
    logits[4, width // 3] = float("nan")
    logits[5] = float("-inf")
    x = logits.to(device)
    token, best = module.next_token(x)
    assert torch.equal(token.cpu(), torch.argmax(logits, -1)), token
    assert _equal_nan(best.cpu(), torch.amax(logits, -1))
    x = torch.randn(3, width, generator=gen).to(device)
    probs, cumulative = module.top_p_cumulative(x)
    want = torch.cumsum(torch.softmax(x.double(), -1), -1)
    torch.testing.assert_close(cumulative.double(), want, rtol=1e-5, atol=2.0 ** -23 * width)
    assert abs(cumulative[:, -1].double().cpu() - 1.0).max() < 1e-3


_AOT = r'''
import sys
from pathlib import Path
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
sys.path.insert(0, sys.argv[1])
from tilegen.pipeline import compile_source
from tilegen.tools.validate import load_module

compiled = compile_source(Path(sys.argv[2]).read_text(), "aot.tile")
module = load_module(compiled.source, "aot_argscan")
CONST = {"BLOCK_N": 256, "ROWS": 2, "NUM_STAGES": 2, "INDEX_64": False, "PERSISTENT": False, "COLS": 0,
         "REREAD": False, "TEAM": 3, "TEAM_P2": 4, "PAST_END": True}
TYPES = {"float16": "fp16", "bfloat16": "bf16", "float32": "fp32", "float64": "fp64", "int1": "i1", "int8": "i8",
         "int16": "i16", "int32": "i32", "int64": "i64", "uint8": "u8"}
for model in compiled.models:
    dtypes = {t.name: t.dtype.triton for t in model.sig.inputs + model.sig.outputs}
    for suffix in ("_kernel", "_looped_kernel", "_team_kernel"):
        fn = getattr(module, model.sig.name + suffix, None)
        if fn is None:
            continue
        signature = {}
        for name in fn.arg_names:
            if name in CONST:
                signature[name] = "constexpr"
            elif name == "ws_ptr":
                signature[name] = "*i64"
            elif name.endswith("_ptr"):
                signature[name] = "*" + TYPES[dtypes[name[:-4]]]
            else:
                signature[name] = "i32"
        consts = {k: v for k, v in CONST.items() if k in fn.arg_names}
        if suffix == "_team_kernel":
            consts["ROWS"] = 1
        triton.compile(ASTSource(fn, signature, consts), target=GPUTarget("cuda", 90, 32),
                       options={"num_warps": 4, "num_stages": 2})
        print("ok", model.sig.name + suffix)
'''


def test_kernels_compile_for_sm90_without_a_gpu(tmp_path):
    """The interpreter does not type-check what the compiler does (loop-carried values, the
    scans' combine functions, the team's words): compile every kernel of the argmax and scan
    kernels above, every input type, for an H100 (the team kernels too)."""
    spec = tmp_path / "aot.tile"
    spec.write_text("".join(_kernels(t) for t in FLOATS + INTS) + EXTRAS)
    out = compile_for_gpu(_AOT, spec, timeout=900)
    assert "ok args_f32_team_kernel" in out and "ok scans_i8_looped_kernel" in out
