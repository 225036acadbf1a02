"""The looped reduction kernel's Welford pass (a variance about a mean, computed with the
mean in one read), its row width fixed at compile time (COLS), and its launch with or
without the row-block loop (PERSISTENT)."""

import math

import pytest
import torch

import tilegen.runtime.reduction as reduction_rt
from tilegen.runtime.calls import forget

from conftest import compile_spec
from tilegen.tools.validate import Case, run_case

pytestmark = pytest.mark.filterwarnings("ignore:Conversion of an array with ndim > 0:DeprecationWarning")

LOOPED = "schedule { strategy = looped; block_n = 64 }"

# mean and variance, as layernorm writes them; the sum of squares about the mean, with
# `**`; f64; and kernels that must not fuse: a variance about another tensor's mean, a
# spread about the max, a third power.
SPEC = f"""
reduction var_mean(x: f32[M, N]) -> (mu: f32[M], var: f32[M], y: f32[M, N]) {{
    mu = mean(x)
    xc = x - mu
    var = mean(xc * xc)
    y = xc * rsqrt(var + 1e-5)
    {LOOPED}
}}
reduction sq_sum(x: f32[M, N]) -> (ss: f32[M]) {{
    ss = sum((x - mean(x)) ** 2)
    {LOOPED}
}}
reduction var64(x: f64[M, N]) -> (mu: f64[M], var: f64[M]) {{
    mu = mean(x)
    var = mean((x - mu) * (x - mu))
    {LOOPED}
}}
reduction other_mean(x: f32[M, N], z: f32[M, N]) -> (v: f32[M]) {{
    v = mean((x - mean(z)) * (x - mean(z)))
    {LOOPED}
}}
reduction about_max(x: f32[M, N]) -> (v: f32[M]) {{
    v = mean((x - max(x)) * (x - max(x)))
    {LOOPED}
}}
reduction cubed(x: f32[M, N]) -> (v: f32[M]) {{
    v = mean((x - mean(x)) ** 3)
    {LOOPED}
}}
reduction names(x: f32[M, N], s: f32[M]) -> (mu: f32[M], v: f32[M], mu_count: f32[M], y: f32[M, N]) {{
    mu_dist = s * 2.0
    mu = mean(x)
    v = mean((x - mu) * (x - mu))
    mu_count = sum(x)
    y = x * mu_dist + v
    {LOOPED}
}}
reduction online_names(x: f32[M, N]) -> (y: f32[M, N], m_new: f32[M], m_shift: f32[M]) {{
    m = max(x)
    e = exp(x - m)
    m_new = sum(x)
    m_shift = min(x)
    y = e / sum(e) + m_new + m_shift
    {LOOPED}
}}
reduction free(x: f32[M, N]) -> (mu: f32[M], var: f32[M], y: f32[M, N]) {{
    mu = mean(x)
    xc = x - mu
    var = mean(xc * xc)
    y = xc * rsqrt(var + 1e-5)
}}
"""


@pytest.fixture(scope="module")
def kernels(tmp_path_factory):
    path = tmp_path_factory.mktemp("specs") / "welford.tile"
    path.write_text(SPEC)
    return compile_spec(path)


def _source(module, name):
    import inspect

    return inspect.getsource(getattr(module, name).fn)


def test_a_variance_about_its_mean_joins_the_mean_pass(kernels):
    module, models = kernels
    for name in ("var_mean", "sq_sum", "var64"):
        src = _source(module, f"{name}_looped_kernel")
        assert "Welford" in src and src.count("Pass 1 of") == 1, name
        assert "Pass 2 of" not in src or "Pass 2 of 2 (final)" in src, name
    assert models["var_mean"].reads == 2 and models["sq_sum"].reads == 1 and models["var64"].reads == 1
    # not a variance about the mean of the same values: a pass of its own
    assert models["other_mean"].reads == 2 and models["about_max"].reads == 2 and models["cubed"].reads == 2
    for name in ("other_mean", "about_max", "cubed"):
        assert "Welford" not in _source(module, f"{name}_looped_kernel"), name


def test_the_team_kernel_keeps_plain_sums(kernels):
    """The team exchange carries sums, max and min: the variance there is its own exchange."""
    module, _ = kernels
    src = _source(module, "free_team_kernel")
    assert "Welford" not in src and "Exchange 2 of 2" in src


@pytest.mark.parametrize("width", [1, 7, 63, 64, 65, 130, 1000])
def test_matches_the_reference_at_ragged_widths(kernels, device, width):
    module, models = kernels
    for name in ("var_mean", "sq_sum", "var64"):
        for rows, strided in ((1, False), (13, False), (13, True)):
            case = Case({"M": rows, "N": width}, strided, f"{width}x{rows}")
            problem = run_case(module, models[name].sig, case, device, seed=width + rows)
            assert problem is None, f"{name} {case.label}: {problem}"


def test_generated_names_do_not_take_spec_names(kernels, device):
    """The Welford pass's helper values (a count, a distance, ...) and the online pass's
    (the new max, the shift) get names no spec statement or other reduction has."""
    module, models = kernels
    for name in ("names", "online_names"):
        for rows, strided in ((1, False), (13, True)):
            case = Case({"M": rows, "N": 150}, strided, f"150x{rows}")
            problem = run_case(module, models[name].sig, case, device, seed=rows)
            assert problem is None, f"{name} {case.label}: {problem}"
    src = _source(module, "names_looped_kernel")
    assert "mu_count_2 = " in src and "mu_dist_2 = " in src
    assert "acc_m_new_2 = " in _source(module, "online_names_looped_kernel")


def test_stable_where_sums_of_squares_cancel(kernels, device):
    """Rows around 1e4 with unit spread: sum(x * x) / N - mean**2 in f32 would be off by
    about 10 (x * x ~ 1e8 carries 8 of rounding a term); Welford's error stays near that of
    a difference from the mean (ulp(1e4) ~ 1e-3 on a spread of 1): rtol 1e-3 in f32.
    Against float64 of the same values."""
    module, _ = kernels
    gen = torch.Generator().manual_seed(0)
    x = (1e4 + torch.randn(5, 1000, generator=gen, dtype=torch.float64)).to(device)
    mu, var, _ = module.var_mean(x.float())
    want = x.float().double()
    torch.testing.assert_close(mu.double(), want.mean(-1), rtol=1e-6, atol=0)
    torch.testing.assert_close(var.double(), want.var(-1, unbiased=False), rtol=1e-3, atol=0)
    mu64, var64 = module.var64(x)
    torch.testing.assert_close(mu64, x.mean(-1), rtol=1e-12, atol=0)
    torch.testing.assert_close(var64, x.var(-1, unbiased=False), rtol=1e-9, atol=0)
    # a long row: 1563 blocks of 64 per lane, where a rounded weight's error would add up
    long = (1e4 + torch.randn(1, 100000, generator=gen, dtype=torch.float64)).float().to(device)
    mu, var, _ = module.var_mean(long)
    # 3 ulp of f32 at 1e4: the 64 lanes' means weighed by their counts sum to ~1e9 in f32, and
    # Triton's f32 division on a GPU (div.full) is within 2 ulp (1.5 ulp measured on an H100)
    torch.testing.assert_close(mu.double(), long.double().mean(-1), rtol=3e-7, atol=0)
    # per-lane means carry f32 rounding through 1563 updates: 1.2e-4 measured on the interpreter
    torch.testing.assert_close(var.double(), long.double().var(-1, unbiased=False), rtol=2e-4, atol=0)
    ss = module.sq_sum(x.float())
    torch.testing.assert_close(ss.double(), ((want - want.mean(-1, keepdim=True)) ** 2).sum(-1), rtol=1e-3, atol=0)


def test_rows_of_no_columns(kernels, device):
    """The mean of no values is NaN (0 / 0, as torch's), so is their mean square; their
    sum of squares is 0."""
    module, _ = kernels
    x = torch.empty(3, 0, device=device)
    mu, var, y = module.var_mean(x)
    assert mu.isnan().all() and var.isnan().all() and y.shape == (3, 0)
    assert torch.equal(module.sq_sum(x), torch.zeros(3, device=device))


def test_nan_and_inf_spread_as_in_torch(kernels, device):
    module, _ = kernels
    x = torch.randn(3, 200, device=device)
    x[0, 150] = float("nan")
    x[1, 3] = float("inf")
    mu, var, y = module.var_mean(x)
    assert mu[0].isnan() and var[0].isnan() and y[0].isnan().all()
    assert mu[1] == float("inf") and var[1].isnan() and y[1].isnan().all()  # the mean of a row with inf is inf
    want = x[2] - x[2].mean()
    assert math.isclose(var[2].item(), (want * want).mean().item(), rel_tol=1e-5)


class _Spy:
    """Stands in for a @triton.jit kernel: records each launch's keyword arguments."""

    def __init__(self, kernel, calls):
        self.kernel, self.calls = kernel, calls

    def __getitem__(self, grid):
        def launch(*args, **kwargs):
            self.calls.append((grid, kwargs))
            return self.kernel[grid](*args, **kwargs)

        return launch


def test_row_width_is_fixed_for_the_first_widths_only(kernels, device, monkeypatch):
    """The looped kernel is compiled with the row width a constant (COLS) for the first
    _FIXED_WIDTHS widths a process launches; later widths share the run-time form (COLS 0),
    and widths seen before keep theirs. Each result is right either way."""
    module, _ = kernels
    calls = []
    monkeypatch.setattr(module, "free_looped_kernel", _Spy(module.free_looped_kernel, calls))
    monkeypatch.setattr(module, "_free_launch_table", ((None, "looped", 32, 1, 4, 0, 1),))
    monkeypatch.setattr(module, "_free_widths", set())
    limit = reduction_rt.FIXED_WIDTHS
    widths = list(range(40, 40 + limit + 2)) + [40]
    for width in widths:
        x = torch.randn(3, width, device=device)
        mu, var, _ = module.free(x)
        torch.testing.assert_close(var, x.var(-1, unbiased=False), rtol=1e-5, atol=1e-6)
    cols = [kwargs["COLS"] for _, kwargs in calls]
    assert cols == widths[:limit] + [0, 0, 40]
    assert module._free_widths == set(widths[:limit])


def test_the_row_block_loop_only_on_a_persistent_grid(kernels, device, monkeypatch):
    """One program per row block: PERSISTENT False, and the kernel takes its row block
    without looping; a persistent grid with fewer programs than row blocks: True."""
    module, _ = kernels
    calls = []
    monkeypatch.setattr(module, "free_kernel", _Spy(module.free_kernel, calls))
    x = torch.randn(10, 50, device=device)
    for per_sm in (0, 1):
        monkeypatch.setattr(module, "_free_launch_table", ((None, "single", 0, 2, 4, per_sm, 1),))
        forget()  # (a launcher reads its table once per signature)
        _, var, _ = module.free(x)
        torch.testing.assert_close(var, x.var(-1, unbiased=False), rtol=1e-5, atol=1e-6)
    (grid0, plain), (grid1, persistent) = calls
    assert grid0 == (5,) and plain["PERSISTENT"] is False
    # the interpreter counts one SM: one program for five row blocks
    n_sms = torch.cuda.get_device_properties(0).multi_processor_count if device == "cuda" else 1
    assert grid1 == (min(5, n_sms),) and persistent["PERSISTENT"] is (n_sms < 5)
    src = _source(module, "free_looped_kernel")
    assert "row_base, row_start, row_stop, row_step = pid, 0, 1, 1" in src and "if PERSISTENT:" in src
