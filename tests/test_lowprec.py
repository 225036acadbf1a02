"""Low-precision types: i8 GEMMs accumulating exactly in i32, fp8 (f8e4m3, f8e5m2) in
elementwise, reduction and gemm kernels, and the conversions to fp8, bit for bit as torch's
`.to()` does them (saturating e4m3, overflowing e5m2, NaN, subnormals, ties to even)."""

from functools import lru_cache

import pytest
import torch

from conftest import DEVICE, ROOT, compile_spec
from tilegen.diagnostics import DiagnosticError
from tilegen.pipeline import compile_source
from tilegen.tools.validate import default_cases, load_module, run_case

SPEC = ROOT / "specs" / "lowprec.tile"
E4M3, E5M2 = torch.float8_e4m3fn, torch.float8_e5m2
SMALL = {"block_m": 32, "block_n": 32, "block_k": 32}

EXTRAS = """
elementwise to_e4m3(x: f32[N]) -> (y: f8e4m3[N]) {
    y = x
}
elementwise to_e5m2(x: f32[N]) -> (y: f8e5m2[N]) {
    y = x
}
elementwise from_f8(a: f8e4m3[N], b: f8e5m2[N]) -> (y: f32[N], z: f32[N]) {
    y = a
    z = b
}
elementwise f64_to_f8(x: f64[N], i: i32[N]) -> (y: f8e4m3[N], z: f8e5m2[N]) {
    y = x
    z = i
}
elementwise cast_f8(x: f32[N]) -> (y: f32[N], z: bf16[N]) {
    y = (x as f8e4m3) * 3
    z = (x as f8e5m2) as f32
}
reduction rows_f8(x: f8e5m2[M, N], w: f8e4m3[N]) -> (s: f32[M], m: f8e5m2[M], y: f8e4m3[M, N]) {
    s = sum(x)
    m = max(x)
    y = (x - mean(x)) * w
}
gemm mm_i8(a: i8[M, K], b: i8[K, N]) -> (c: i32[M, N]) {
    c = a @ b
}
gemm linear_i8(x: i8[M, K], w: i8[N, K], sx: f32[M], sw: f32[N]) -> (y: f32[M, N], c: i32[M, N]) {
    c = x @ w.T
    y = c * sx * sw
}
gemm mm_f8(a: f8e4m3[M, K], b: f8e5m2[N, K], s: f32) -> (y: f32[M, N], q: f8e4m3[M, N], r: f8e5m2[M, N]) {
    y = (a @ b.T) * s
    q = y
    r = y
}
gemm bmm_i8(a: i8[B, M, K], b: i8[B, K, N]) -> (c: i32[B, M, N]) {
    c = a @ b
}
gemm mm_f8_kn(a: f8e5m2[M, K], b: f8e4m3[K, N], r: f8e4m3[M, N]) -> (y: bf16[M, N]) {
    y = a @ b + r
}
gemm mm_f8_fast(a: f8e4m3[M, K], b: f8e4m3[N, K], s: f32) -> (y: f32[M, N]) {
    y = (a @ b.T) * s
    schedule { precision = fast }
}
"""


@lru_cache(maxsize=None)
def extras():
    compiled = compile_source(EXTRAS, "lowprec_extras.tile")
    return load_module(compiled.source, "lowprec_extras")


@pytest.fixture(scope="module")
def compiled():
    return compile_spec(SPEC)


def _spec_cases():
    _, models = compile_spec(SPEC)
    for name, model in models.items():
        for case in default_cases(model.sig):
            sizes = ",".join(f"{d}={s}" for d, s in case.sizes.items())
            yield pytest.param(name, case, id=f"{name}-{case.label}-{sizes}")


@pytest.mark.parametrize("name,case", list(_spec_cases()))
def test_example_matches_reference(compiled, name, case):
    module, models = compiled
    problem = run_case(module, models[name].sig, case, DEVICE, seed=hash(case.label) % 1000)
    assert problem is None, problem


# ---- conversions ------------------------------------------------------------------------

SPECIALS = [0.0, -0.0, 1.0, 447.0, 448.0, 449.0, 463.9, 464.0, 464.1, 465.0, 480.0, 1e6, 1e30,
            float("inf"), -float("inf"), float("nan"), -float("nan"), -448.0, -464.0, -1e6,
            57344.0, 61439.0, 61440.0, 61441.0, -61440.0, 65504.0,
            2.0**-9, 2.0**-10, 1.5 * 2.0**-10, 3 * 2.0**-11, 2.0**-16, 2.0**-17, 1.5 * 2.0**-17, 3 * 2.0**-18,
            0.0625 + 2.0**-8, 240.0, 232.0, 248.0, 1e-40, -1e-40, 17.0, 18.0, 19.0, 0.1, 3.14159]


def _values(n=20000, seed=0):
    g = torch.Generator().manual_seed(seed)
    parts = [torch.randn(n, generator=g) * scale for scale in (1e-4, 1e-2, 1.0, 100.0, 3e4)]
    # every f32 near each fp8 value's halfway points: ties and their neighbours
    return torch.cat(parts + [torch.tensor(SPECIALS)]).to(DEVICE)


def _to(x, dtype):
    """torch's cast, e4m3 saturating at +-448 (NaN kept) as torch's own cast is from 2.13
    on, on every torch (an earlier CUDA cast gives NaN past 480)."""
    return (x.clamp(-448, 448) if dtype == E4M3 and x.dtype != torch.bool else x).to(dtype)


def _same_bits(got, want):
    """Bit-equal fp8 tensors, except that any NaN matches any NaN (its sign is no contract)."""
    g, w = got.view(torch.uint8).cpu(), want.view(torch.uint8).cpu()
    nan = want.float().isnan().cpu()
    assert torch.equal(got.float().isnan().cpu(), nan)
    bad = (g != w) & ~nan
    assert not bad.any(), [(hex(a), hex(b)) for a, b in zip(g[bad][:8].tolist(), w[bad][:8].tolist())]


@pytest.mark.parametrize("fn,dtype", [("to_e4m3", E4M3), ("to_e5m2", E5M2)])
def test_conversion_to_fp8_is_torchs(fn, dtype):
    """Round to nearest even, e4m3 saturating (inf too), e5m2 overflowing to inf from 61440,
    NaN, subnormals: every bit as torch's .to() gives."""
    x = _values()
    y = getattr(extras(), fn)(x)
    assert y.dtype == dtype
    _same_bits(y, _to(x, dtype))
    if dtype == E4M3:
        assert y[x == float("inf")].float().tolist() == [448.0] and y[x == 1e6].float().tolist() == [448.0]
    else:
        assert y[x == 61440.0].float().tolist() == [float("inf")] and y[x == 61439.0].float().tolist() == [57344.0]


def test_conversion_from_every_fp8_byte():
    """Every byte of both types reads as torch reads it: NaN, inf, -0.0 and subnormals too."""
    byte = torch.arange(256, dtype=torch.int32).to(torch.uint8).to(DEVICE)
    a, b = byte.view(E4M3), byte.view(E5M2)
    for got, want in zip(extras().from_f8(a, b), (a.float(), b.float())):
        nan = want.isnan()
        assert torch.equal(got.isnan(), nan)
        assert torch.equal(got[~nan], want[~nan]) and torch.equal(got[~nan].signbit(), want[~nan].signbit())


def test_conversion_from_f64_and_integers():
    x = _values(2000).double()
    i = torch.randint(-70000, 70000, (x.numel(),), dtype=torch.int32, device=DEVICE)
    y, z = extras().f64_to_f8(x, i)
    ry, rz = extras().f64_to_f8_reference(x, i)
    _same_bits(y, ry)
    _same_bits(z, rz)


def test_cast_rounds_then_computes_in_f32():
    x = _values(2000)
    y, z = extras().cast_f8(x)
    ry, rz = extras().cast_f8_reference(x)
    assert torch.equal(y.isnan(), ry.isnan()) and torch.equal(y[~ry.isnan()], ry[~ry.isnan()])
    assert torch.equal(z.isnan(), rz.isnan()) and torch.equal(z[~rz.isnan()], rz[~rz.isnan()])
    assert y[x == 1e6].item() == 448.0 * 3


@pytest.mark.parametrize("M,N", [(5, 37), (1, 1), (3, 0), (0, 4), (7, 2000)])
def test_fp8_reduction(M, N):
    x = (torch.randn(M, N, device=DEVICE) * 8).to(E5M2)
    w = torch.randn(N, device=DEVICE).to(E4M3)
    if N == 0:
        with pytest.raises(ValueError):  # max of an empty row
            extras().rows_f8(x, w)
        return
    s, m, y = extras().rows_f8(x, w)
    rs, rm, ry = extras().rows_f8_reference(x, w)
    torch.testing.assert_close(s, rs, rtol=1e-5, atol=1e-5)
    assert torch.equal(m.view(torch.uint8), rm.view(torch.uint8))  # a max is one of the values: exact
    torch.testing.assert_close(y.float(), ry.float(), rtol=0.125, atol=2.0**-9)


def test_fp8_inputs_with_inf_and_nan():
    x = torch.tensor([[1.0, float("inf"), 2.0], [3.0, float("nan"), -1.0], [-float("inf"), 4.0, 0.5]]).to(E5M2).to(DEVICE)
    w = torch.ones(3, device=DEVICE).to(E4M3)
    s, m, _ = extras().rows_f8(x, w)
    assert s[0].item() == float("inf") and s[1].isnan() and s[2].item() == -float("inf")
    assert m[0].float().item() == float("inf") and m[1].float().isnan() and m[2].float().item() == 4.0


# ---- i8 GEMMs: exact i32 ----------------------------------------------------------------


def _i8(*shape, lo=-128, hi=128):
    return torch.randint(lo, hi, shape, dtype=torch.int8, device=DEVICE)


def _exact(a, b):
    return (a.cpu().long() @ b.cpu().long()).to(torch.int32)  # on the CPU: CUDA has no i64 matmul


@pytest.mark.parametrize("shape", [(1, 1, 1), (37, 45, 70), (64, 32, 96), (5, 3, 0), (0, 5, 3), (33, 1, 129)], ids=str)
@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
def test_i8_gemm_is_exact(shape, addressing):
    M, N, K = shape
    a, b = _i8(M, K), _i8(K, N)
    c = extras().mm_i8(a, b, schedule=dict(SMALL, addressing=addressing))
    assert c.dtype == torch.int32 and torch.equal(c.cpu(), _exact(a, b))
    assert torch.equal(c.cpu(), extras().mm_i8_reference(a, b).cpu())


def test_i8_gemm_extremes_and_torch_int_mm():
    # -128 * -128 summed over K: the largest products, exact in i32
    M, N, K = 48, 40, 256
    a, b = torch.full((M, K), -128, dtype=torch.int8, device=DEVICE), torch.full((K, N), -128, dtype=torch.int8, device=DEVICE)
    c = extras().mm_i8(a, b)
    assert (c == 128 * 128 * K).all()
    a, b = _i8(M, K), _i8(K, N)
    assert torch.equal(extras().mm_i8(a, b).cpu(), torch._int_mm(a.cpu(), b.cpu()))


def test_i8_gemm_views_and_scales():
    """w stored [N, K] (w.T in the spec), passed as a transposed view of a [K, N] buffer, and
    x a column slice: strided operands read by pointers."""
    M, N, K = 37, 29, 81
    x = _i8(M, 2 * K)[:, ::2]
    w = _i8(K, N).T  # [N, K] with strides (1, N)
    sx, sw = torch.rand(M, device=DEVICE), torch.rand(N, device=DEVICE)
    y, c = extras().linear_i8(x, w, sx, sw)
    assert torch.equal(c.cpu(), _exact(x, w.T))
    want = c.double() * sx.double()[:, None] * sw.double()[None, :]
    torch.testing.assert_close(y.double(), want, rtol=1e-6, atol=1e-3)
    ry, rc = extras().linear_i8_reference(x, w, sx, sw)
    assert torch.equal(c, rc) and torch.equal(y, ry)  # i32 -> f32, then f32 products: the same roundings


def test_batched_i8_gemm():
    a, b = _i8(3, 17, 40), _i8(3, 40, 9)
    assert torch.equal(extras().bmm_i8(a, b).cpu(), _exact(a, b))


# ---- fp8 GEMMs ------------------------------------------------------------------------------


def _f8(*shape, dtype=E4M3, scale=2.0):
    return (torch.randn(*shape, device=DEVICE) * scale).to(dtype)


@pytest.mark.parametrize("shape", [(1, 1, 1), (37, 45, 70), (64, 64, 64), (5, 3, 0), (0, 5, 3)], ids=str)
@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
def test_fp8_gemm_against_float64(shape, addressing):
    M, N, K = shape
    a, b = _f8(M, K), _f8(N, K, dtype=E5M2)
    y, q, r = extras().mm_f8(a, b, 0.5, schedule=dict(SMALL, addressing=addressing))
    want = (a.double() @ b.double().T) * 0.5
    torch.testing.assert_close(y.double(), want, rtol=1e-5, atol=1e-4 * max(K, 1))
    # fp8 outputs: the f32 value rounded once, as torch rounds it
    _same_bits(q, _to(y, E4M3))
    _same_bits(r, y.to(E5M2))
    if shape == (64, 64, 64):  # aligned: descriptors load the operands and store the tiles
        assert extras().mm_f8.last_config["addressing"] == addressing


@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
def test_fp8_gemm_with_n_major_b_and_fp8_epilogue_input(addressing):
    """b stored [K, N] (not K-major), an fp8 tensor read by the epilogue."""
    M, N, K = 64, 32, 96
    a, b, r = _f8(M, K, dtype=E5M2), _f8(K, N), _f8(M, N)
    y = extras().mm_f8_kn(a, b, r, schedule=dict(SMALL, addressing=addressing))
    want = a.double() @ b.double() + r.double()
    torch.testing.assert_close(y.double(), want, rtol=1.6e-2, atol=1e-2 * want.abs().max().item())
    assert extras().mm_f8_kn.last_config["addressing"] == addressing


@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
def test_fp8_gemm_fast_accumulation(addressing):
    """precision = fast: all of K summed in the MMA's own precision (torch's use_fast_accum);
    the default adds each BLOCK_K's partial sum into the f32 accumulator."""
    source = compile_source(EXTRAS, "lowprec_extras.tile").source
    fast = source.split("def mm_f8_fast_kernel(")[1].split("\ndef ")[0]
    default = source.split("def mm_f8_kernel(")[1].split("\ndef ")[0]
    assert "max_num_imprecise_acc" not in fast and "acc = tl.dot(a, b, acc)" in fast
    assert "max_num_imprecise_acc=BLOCK_K" in default
    M, N, K = 45, 37, 100
    a, b = _f8(M, K), _f8(N, K)
    y = extras().mm_f8_fast(a, b, 0.25, schedule=dict(SMALL, addressing=addressing))
    want = (a.double() @ b.double().T) * 0.25
    # on the interpreter the products are exact (fp8 through f16) and sums f32; on a GPU the
    # MMA's sums are narrower than f32: about 2**-13 relative each
    rtol = 1e-5 if DEVICE == "cpu" else 2e-3
    torch.testing.assert_close(y.double(), want, rtol=rtol, atol=rtol * want.abs().max().item())


def test_fp8_gemm_output_saturates_and_overflows():
    a = torch.full((4, 8), 448.0, device=DEVICE).to(E4M3)
    b = torch.full((3, 8), 57344.0, device=DEVICE).to(E5M2)
    y, q, r = extras().mm_f8(a, b, 1.0)
    assert (q.float() == 448.0).all() and (r.float() == float("inf")).all()
    y, q, r = extras().mm_f8(a, b, -1.0)
    assert (q.float() == -448.0).all() and (r.float() == -float("inf")).all()


def test_scaled_mm_views(compiled):
    """The rowwise scaled GEMM with b a transposed view (K-major: strides (1, N)), a sliced a."""
    module, _ = compiled
    M, N, K = 45, 37, 96
    a = _f8(M, K + 16)[:, :K]
    b = _f8(K, N).T
    sa, sb = torch.rand(M, device=DEVICE) + 0.5, torch.rand(N, device=DEVICE) + 0.5
    bias = torch.randn(N, device=DEVICE).to(torch.bfloat16)
    y = module.scaled_mm(a, b, sa, sb, bias)
    want = (a.double() @ b.double().T) * sa.double()[:, None] * sb.double()[None, :] + bias.double()
    torch.testing.assert_close(y.double(), want, rtol=1.6e-2, atol=1e-2 * want.abs().max().item())
    # a per-tensor scale kept on the device, passed as a stride-0 per-row scale (no copy, no sync)
    s = torch.full((1,), 0.75, device=DEVICE)
    y2 = module.scaled_mm(a, b, s.expand(M), sb, bias)
    want2 = (a.double() @ b.double().T) * 0.75 * sb.double()[None, :] + bias.double()
    torch.testing.assert_close(y2.double(), want2, rtol=1.6e-2, atol=1e-2 * want2.abs().max().item())


# ---- launcher checks and diagnostics ----------------------------------------------------------


def test_launcher_names_fp8_dtypes(compiled):
    module, _ = compiled
    a = torch.zeros(4, 8, device=DEVICE)
    with pytest.raises(TypeError, match=r"parameter 'a': expected dtype f8e4m3 \(torch.float8_e4m3fn\), got torch.float32$"):
        module.scaled_mm(a, a.to(E4M3), torch.ones(4, device=DEVICE), torch.ones(4, device=DEVICE),
                         torch.zeros(4, device=DEVICE, dtype=torch.bfloat16))
    with pytest.raises(TypeError, match=r"'q': expected dtype f8e5m2 \(torch.float8_e5m2\), got f8e4m3 \(torch.float8_e4m3fn\)$"):
        module.dequantize_f8(a.to(E4M3), torch.ones(4, device=DEVICE))


def _codes(text):
    with pytest.raises(DiagnosticError) as info:
        compile_source(text, "bad.tile")
    return [(d.code, d.message) for d in info.value.diagnostics]


@pytest.mark.parametrize("a,b,culprit", [("i8", "f16", "'b' of type f16"), ("bf16", "i8", "'a' of type bf16"),
                                          ("f8e4m3", "bf16", "'b' of type bf16"), ("f32", "f8e5m2", "'a' of type f32"),
                                          ("i8", "f8e4m3", "'b' of type f8e4m3"), ("u8", "u8", "'a' of type u8")])
def test_mixed_low_precision_operands_are_errors(a, b, culprit):
    ((code, message),) = _codes(f"gemm g(a: {a}[M, K], b: {b}[K, N]) -> (c: f32[M, N]) {{\n    c = a @ b\n}}\n")
    assert code == "E042" and message.endswith(culprit), message


def test_fp8_scalars_and_precision_are_errors():
    codes = _codes("elementwise f(x: f32[N], s: f8e4m3) -> (y: f32[N]) {\n    y = x * s\n}\n")
    assert [c for c, _ in codes] == ["E071"]
    codes = _codes("gemm g(a: i8[M, K], b: i8[K, N]) -> (c: i32[M, N]) {\n    c = a @ b\n"
                   "    schedule { precision = ieee }\n}\n")
    assert codes[0][0] == "E051" and "i32" in codes[0][1]
    # precision = fast is for fp8 products; tf32 and ieee for f32 ones
    codes = _codes("gemm g(a: f8e4m3[M, K], b: f8e4m3[N, K]) -> (c: bf16[M, N]) {\n    c = a @ b.T\n"
                   "    schedule { precision = ieee }\n}\n")
    assert codes[0][0] == "E051" and "use_fast_accum" in codes[0][1]
    codes = _codes("gemm g(a: f32[M, K], b: f32[K, N]) -> (c: f32[M, N]) {\n    c = a @ b\n"
                   "    schedule { precision = fast }\n}\n")
    assert codes[0][0] == "E051" and "fast is for fp8 operands; f32 operands take tf32 or ieee" in codes[0][1]


# ---- on a GPU: Triton's own conversions ------------------------------------------------------


@pytest.mark.gpu
@pytest.mark.parametrize("fn,dtype", [("to_e4m3", E4M3), ("to_e5m2", E5M2)])
def test_gpu_native_conversions_are_torchs(fn, dtype):
    x = _values(200000, seed=3)
    _same_bits(getattr(extras(), fn)(x), _to(x, dtype))


@pytest.mark.gpu
@pytest.mark.parametrize("size", [256, 1000, 2048, 4096])
def test_gpu_scaled_mm_against_torch(compiled, size):
    """Against f64 and, at sizes it takes (multiples of 16), torch._scaled_mm; i8 against torch._int_mm."""
    module, _ = compiled
    a, b = _f8(size, size), _f8(size, size)
    sa, sb = torch.rand(size, device="cuda") + 0.5, torch.rand(size, device="cuda") + 0.5
    bias = torch.randn(size, device="cuda").to(torch.bfloat16)
    y = module.scaled_mm(a, b, sa, sb, bias)
    want = (a.double() @ b.double().T) * sa.double()[:, None] * sb.double()[None, :] + bias.double()
    torch.testing.assert_close(y.double(), want, rtol=1.6e-2, atol=1e-2 * want.abs().max().item())
    if size % 16 == 0:
        peer = torch._scaled_mm(a, b.T, scale_a=sa[:, None], scale_b=sb[None, :], bias=bias, out_dtype=torch.bfloat16)
        torch.testing.assert_close(y.double(), peer.double(), rtol=1.6e-2, atol=1e-2 * want.abs().max().item())
    x, w = _i8(size, size), _i8(size, size)
    c = module.matmul_i8(x, w.T)
    assert torch.equal(c, torch._int_mm(x, w.T))  # w.T: column-major, as cuBLASLt's int8 product wants it
    assert torch.equal(c, module.matmul_i8_reference(x, w.T))


def test_references_saturate_e4m3_on_every_torch():
    """The references' fp8 outputs saturate as the kernels do, whatever the running torch's
    own cast does (torch 2.11's CUDA cast gives NaN past 480)."""
    from tilegen.runtime.args import output_ref

    x = torch.tensor([1e6, -1e6, 479.0, 500.0, float("inf"), -float("inf"), float("nan"), 1.0], device=DEVICE)
    got = output_ref(x, (8,), E4M3, DEVICE).float().cpu()
    assert got[:6].tolist() == [448.0, -448.0, 448.0, 448.0, 448.0, -448.0] and got[6].isnan() and got[7] == 1.0
    ints = output_ref(torch.tensor([70000, -70000, 3], dtype=torch.int32, device=DEVICE), (3,), E4M3, DEVICE)
    assert ints.float().cpu().tolist() == [448.0, -448.0, 3.0]
