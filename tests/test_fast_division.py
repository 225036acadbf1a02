"""`schedule { precision = fast }` in elementwise and reduction kernels: f32 quotients by
Triton's own `/` (div.full.f32, within 2 ulp of the rounded quotient, as torch.compile's
kernels divide) instead of tl.div_rn. Checked in the source each kernel kind renders, in
the PTX Triton makes of it for an H100, and against torch (on the interpreter the division
is numpy's, exact; on a GPU within 2 ulp), with zeros, infinities and NaN."""

import re

import pytest
import torch

from conftest import DEVICE, compile_for_gpu, compile_spec

KERNELS = """
reduction causal(x: f16[B, T, S], scale: f32 = 0.125) -> (y: f16[B, T, S]) {
    z = where(index(S) > index(T), -1e30, x * scale)
    e = exp(z - max(z))
    y = e / sum(e)
    SCHEDULE
}

reduction rows(x: f32[M, N], d: f32[M]) -> (y: f32[M, N], m: f32[M]) {
    y = x / d
    m = mean(x) / 3
    SCHEDULE
}

elementwise ratio(a: f32[N], b: f32[N], i: i32[N]) -> (c: f32[N], q: f32[N]) {
    c = a / b
    q = i / 7 + 1 / (a - 2)
    SCHEDULE
}

reduction col(x: f32[M, N], w: f32[N]) -> (y: f32[N]) {
    y = sum(x / w, M) / 3
    SCHEDULE
}

reduction scan(x: f32[M, N]) -> (y: f32[M, N]) {
    y = cummax(x, N) / (1 + abs(x))
    SCHEDULE
}

reduction scan_m(x: f32[M, N]) -> (y: f32[M, N]) {
    y = cumsum(x / 3, M)
    SCHEDULE
}

elementwise wide(x: f64[N]) -> (y: f64[N]) {
    y = x / 3 + 1.0 / 4
    SCHEDULE
}
"""
FAST = KERNELS.replace("SCHEDULE", "schedule { precision = fast }")
IEEE = KERNELS.replace("SCHEDULE", "schedule { precision = ieee }")
DEFAULT = KERNELS.replace("SCHEDULE", "")


def _kernel_code(source: str) -> list[str]:
    """The code (comments dropped) of each @triton.jit function but the helpers'."""
    parts = re.split(r"^@triton\.jit.*\n", source, flags=re.M)[1:]
    return ["\n".join(line.split("#")[0] for line in p.split("\n\n\n")[0].splitlines())
            for p in parts if not p.startswith("def _")]


def test_fast_kernels_divide_with_tritons_slash():
    from tilegen.language.schedule import FAST_DIVISION_NOTE
    from tilegen.pipeline import compile_source

    fast = compile_source(FAST, "fast.tile").source
    kernels = _kernel_code(fast)
    # the row reductions' three kernels, the named-dimension reduction's one, a scan along M, ...
    assert len(kernels) == 12
    for code in kernels:
        assert "tl.div_rn(" not in code and "_div_rn_zeros(" not in code and "PAST_END else" not in code, code
    # each kernel whose quotients it changes says so; f64's `/` is exact already
    assert fast.count(f"    # {FAST_DIVISION_NOTE}\n") == len(kernels) - 1
    assert FAST_DIVISION_NOTE not in fast.split("def wide_kernel(")[1].split("@triton.jit")[0]
    code = "\n".join(kernels)
    assert "y = e / sum_e" in code  # masked zeros need no care: div.full.f32 has no slow path
    assert "c = a / b" in code and "q = tl.cast(i, tl.float32) / 7 + 1 / (a - 2)" in code
    assert "y = cummax_x / (1 + tl.abs(x))" in code
    assert "x / 3" in fast.split("def scan_m_kernel(")[1].split("@triton.jit")[0]  # a scan along M
    assert "def _div_rn_zeros(" not in fast
    # a mean still multiplies by the correctly rounded reciprocal of the count, as torch.mean
    assert "_div_by_count(" in code
    for spec in (IEEE, DEFAULT):
        exact = compile_source(spec, "exact.tile").source
        assert FAST_DIVISION_NOTE not in exact
        code = "\n".join(_kernel_code(exact))
        # (the causal quotient is stored as f16 only: language/rounding.py)
        assert "y = _div_rounded_f16(e, sum_e, x_narrow=e, masked_zeros=True)" in code
        assert "c = tl.div_rn(a, b)" in code
        assert "tl.div_rn(x, 3)" in exact.split("def scan_m_kernel(")[1].split("@triton.jit")[0]


def test_precision_pins_no_launch():
    """A schedule of precision alone keeps tilegen's launch table (the padded entries, the
    online kernels' 2-warp entry, the narrow rows), as no schedule does; only the exact
    division's launch rule goes: a fast softmax's team keeps the table's segments through a
    window (team_block's `divides`), the exact one asks for half."""
    from tilegen.pipeline import compile_source

    sources = {name: compile_source(spec, "k.tile").source for name, spec in
               (("fast", FAST), ("ieee", IEEE), ("default", DEFAULT))}

    def launch_table(source):
        return source.split("_causal_launch_table = (")[1].split("\n)\n")[0]

    assert launch_table(sources["fast"]) == launch_table(sources["ieee"]) == launch_table(sources["default"])
    assert '(256, "single", 0, 4, 2, 0, 1)' in launch_table(sources["fast"])
    assert "_causal_padded = {3072: 1, 6144: 1, 12288: 2}" in sources["fast"]
    assert "_causal_narrow = (32, 128)" in sources["fast"]
    launcher = lambda source: source.split("def _causal_launch_choice(")[1].split("\n\n\n")[0]
    assert "divides=True" not in launcher(sources["fast"])
    assert "divides=True" in launcher(sources["ieee"]) and "divides=True" in launcher(sources["default"])


_PTX = r'''
import re, sys
from pathlib import Path
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
sys.path.insert(0, sys.argv[1])
from tilegen.pipeline import compile_source
from tilegen.tools.validate import load_module

for name, text in (("fast", sys.argv[2]), ("ieee", sys.argv[3])):
    fn = load_module(compile_source(text, name + ".tile").source, "ptx_" + name).ratio_kernel
    consts = dict(BLOCK=1024, FLAT=True, INDEX_64=False)
    signature = {n: "constexpr" if n in consts else {"i_ptr": "*i32"}.get(n, "*fp32" if n.endswith("_ptr") else "i32")
                 for n in fn.arg_names}
    ptx = triton.compile(ASTSource(fn, signature, consts), target=GPUTarget("cuda", 90, 32),
                         options={"num_warps": 4}).asm["ptx"]
    print(name, len(re.findall(r"div\.full\.f32", ptx)), len(re.findall(r"div\.rn\.f32", ptx)))
'''


def test_fast_division_is_div_full_in_ptx():
    """What precision = fast buys, in the code Triton makes for an H100: the elementwise
    kernel's three quotients are div.full.f32 (none div.rn.f32); with ieee, div.rn.f32."""
    out = compile_for_gpu(_PTX, FAST, IEEE)
    counts = {name: (int(full), int(rn)) for name, full, rn in (line.split() for line in out.split("\n") if line)}
    assert counts["fast"][0] >= 3 and counts["fast"][1] == 0, counts
    assert counts["ieee"][0] == 0 and counts["ieee"][1] >= 3, counts


@pytest.fixture(scope="module")
def fast(tmp_path_factory):
    path = tmp_path_factory.mktemp("fast") / "fast.tile"
    path.write_text(FAST)
    return compile_spec(path)[0]


def _ulps(got: torch.Tensor, want: torch.Tensor) -> torch.Tensor:
    """|got - want| in units of the last place of want (f32), 0 where both are the same
    special value (inf of one sign, NaN, or a zero)."""
    same = (got == want) | (got.isnan() & want.isnan())
    ulp = (torch.nextafter(want.abs(), torch.tensor(float("inf"))) - want.abs()).double()
    return torch.where(same, 0.0, (got.double() - want.double()).abs() / ulp)


def test_elementwise_quotients_within_two_ulp(fast):
    gen = torch.Generator().manual_seed(3)
    a = torch.randn(5000, generator=gen) * 10.0 ** torch.randint(-30, 30, (5000,), generator=gen)
    b = torch.randn(5000, generator=gen) * 10.0 ** torch.randint(-30, 30, (5000,), generator=gen)
    a[:8] = torch.tensor([0.0, -0.0, 1.0, float("inf"), float("nan"), 5.0, -3.0, 0.0])
    b[:8] = torch.tensor([2.0, 3.0, 0.0, 2.0, 1.0, float("inf"), -0.0, 0.0])
    i = torch.randint(-1000, 1000, (5000,), generator=gen, dtype=torch.int32)
    c, q = fast.ratio(a.to(DEVICE), b.to(DEVICE), i.to(DEVICE))
    assert _ulps(c.cpu(), a / b).max() <= 2
    # special values as IEEE division gives them: 0/2, -0/3, 1/0, inf/2, nan/1, 5/inf, -3/-0, 0/0
    assert torch.equal(c[:8].cpu().isnan(), torch.tensor([False] * 4 + [True] + [False] * 2 + [True]))
    assert c[:8].cpu()[[0, 2, 3, 5, 6]].tolist() == [0.0, float("inf"), float("inf"), 0.0, float("inf")]
    assert torch.signbit(c[1].cpu())
    want_q = i.float() / 7 + 1 / (a - 2)
    assert _ulps(q.cpu(), want_q).nan_to_num(0).max() <= 5  # two quotients and a sum


@pytest.mark.parametrize("shape", [(3, 7, 0), (2, 1, 1), (2, 33, 33), (1, 70, 1000), (1, 5, 4097)])
def test_causal_softmax_fast_matches_torch(fast, shape):
    """Within f16's rounding of torch's softmax (a quotient 2 ulp of f32 away moves an f16
    output by at most one of its ulps), masked keys exactly 0, rows summing to 1."""
    gen = torch.Generator().manual_seed(1)
    x = (torch.randn(shape, generator=gen) * 4).half()
    y = fast.causal(x.to(DEVICE)).cpu()
    t, s = shape[1], shape[2]
    hidden = torch.arange(s)[None, :] > torch.arange(t)[:, None]
    want = torch.softmax((x.float() * 0.125).masked_fill(hidden, float("-inf")), dim=-1).half()
    assert not y.isnan().any()
    torch.testing.assert_close(y, want, rtol=2e-3, atol=1e-4)
    assert (y[..., hidden] == 0).all()


def test_row_and_axis_quotients_fast_match_torch(fast):
    gen = torch.Generator().manual_seed(2)
    x = torch.randn(37, 301, generator=gen)
    d = torch.randn(37, generator=gen)
    d[0], d[1] = 0.0, float("nan")
    y, m = fast.rows(x.to(DEVICE), d.to(DEVICE))
    assert _ulps(y.cpu(), x / d[:, None]).max() <= 2
    torch.testing.assert_close(m.cpu(), x.mean(-1) / 3, rtol=1e-6, atol=1e-7)
    xt = torch.randn(301, 37, generator=gen).t()  # a strided view
    w = torch.rand(301, generator=gen) + 0.5
    col = fast.col(xt.to(DEVICE), w.to(DEVICE)).cpu()
    torch.testing.assert_close(col, (xt / w).sum(0) / 3, rtol=1e-5, atol=1e-5)
    s = fast.scan(x.to(DEVICE)).cpu()
    assert _ulps(s, torch.cummax(x, -1).values / (1 + x.abs())).max() <= 2
