"""GEMM kernels: the Triton tutorial's unit test, every example in specs/gemm.tile, ragged
shapes, transposed and column-major operands, batches, every addressing mode and
ordering, persistent launches, the descriptor fallback, autotuning and its disk cache.

Numerics are checked twice: against the generated torch reference (same f32 math) and
against a float64 computation written here by hand, where 16-bit outputs must be within
1e-2 relative error (the issue's bar). Shapes are small: the interpreter runs one Python
step per tile and K block. Run on a GPU with TRITON_INTERPRET=0.
"""

import inspect
import json
import re
import statistics
import time
import types
from functools import lru_cache

import pytest
import torch
import torch.nn.functional as F

import tilegen.lower.gemm as lower_gemm
import tilegen.runtime.args as args_rt
import tilegen.runtime.gemm as gemm_rt
from conftest import DEVICE, ROOT, compile_spec
from tilegen.diagnostics import DiagnosticError
from tilegen.pipeline import compile_source
from tilegen.tools.validate import load_module, run_case

# The interpreter runs `range` with 1-element arrays as bounds.
pytestmark = pytest.mark.filterwarnings("ignore:Conversion of an array with ndim > 0:DeprecationWarning")

SPEC = ROOT / "specs" / "gemm.tile"
# Small tiles make small shapes cross tile edges in M, N and K (and keep the interpreter quick).
SMALL = {"block_m": 32, "block_n": 32, "block_k": 32}
TINY = {"block_m": 16, "block_n": 16, "block_k": 16}
BLOCK_PTR_OK = (lower_gemm.triton_version() or (0, 0)) < (3, 9)
NO_BLOCK_PTR = "Triton >= 3.9 removed tl.make_block_ptr: addressing = block_ptr is a build-time error there"

EXTRAS = """
gemm attention_scores(q: f16[B, H, T, D], kt: f16[B, H, S, D], pos: f32[H, S], scale: f32 = 0.125)
        -> (s: f32[B, H, T, S]) {
    s = (q @ kt.T) * scale + pos
}
gemm square_residual(a: f32[N, N], b: f32[N, N]) -> (c: f32[N, N]) {
    c = a @ b + a
}
gemm gram(x: f16[M, K]) -> (g: f32[M, M]) {
    g = x @ x.T
}
gemm f64_mm(a: f64[M, K], b: f64[K, N]) -> (c: f64[M, N]) {
    c = a @ b
}
gemm mixed(a: f16[M, K], b: f32[K, N]) -> (c: f32[M, N]) {
    c = a @ b
}
gemm tf32_mm(a: f32[M, K], b: f32[K, N]) -> (c: f32[M, N]) {
    c = a @ b
}
gemm dropout_mm(a: f16[B, M, K], b: f16[B, K, N], seed: i32 = 7) -> (c: f16[B, M, N]) {
    c = where(rand(seed) > 0.5, (a @ b) * 2.0, 0.0)
}
gemm side_outputs(a: f16[M, K], b: f16[K, N], bias: f32[N]) -> (c: f16[M, N], b2: f32[N], flat: f32[M, N]) {
    c = a @ b + bias
    b2 = bias * 2.0
    flat = bias + 1.0
}
gemm transposed_a(a: bf16[K, M], b: bf16[N, K]) -> (c: bf16[M, N]) {
    c = a.T @ b.T
}
"""


def pinned_spec(addressing):
    """A kernel whose schedule pins everything, addressing included (named mm_pointer, mm_descriptor, mm_blockptr)."""
    return f"""
gemm mm_{addressing.replace("_", "")}(a: f16[M, K], b: f16[N, K], bias: f16[N]) -> (c: f16[M, N]) {{
    c = relu(a @ b.T + bias)
    schedule {{ addressing = {addressing}; block_m = 32; block_n = 32; block_k = 32; group_m = 4; warps = 4; stages = 2 }}
}}
"""


@pytest.fixture(scope="module")
def spec():
    return compile_spec(SPEC)


@lru_cache(maxsize=None)
def build(text, name="extras"):
    compiled = compile_source(text, f"{name}.tile")
    return load_module(compiled.source, name), {m.sig.name: m for m in compiled.models}


def randn(*shape, dtype=torch.float16):
    return torch.randn(*shape, device=DEVICE).to(dtype)


def rel_err(got, want):
    """Relative error in the Frobenius norm (|got - want| / |want|) against a float64 result."""
    return ((got.double() - want).norm() / want.norm().clamp_min(1e-30)).item()


def check(got, want64, bar=1e-2):
    """|got - want| < bar * |want| + the output type's rounding floor: below its smallest
    normal value a 16-bit float is spaced finfo.tiny * finfo.eps apart in absolute terms,
    so a tiny result (a 1x1x1 product, say) cannot be closer than that per element."""
    assert not torch.isnan(got).any(), "NaN in the output: some element was not written"
    info = torch.finfo(got.dtype)
    floor = info.tiny * info.eps * got.numel() ** 0.5
    err = (got.double() - want64).norm().item()
    assert err < bar * want64.norm().item() + floor, rel_err(got, want64)


# ---- the tutorial's unit test -----------------------------------------------------------


def tutorial_allclose(x, y, tol=1e-2):
    """The 2022 tutorial's check (triton.testing.allclose then): max |x - y| over max(x, y) below 1e-2."""
    return (x.float() - y.float()).abs().max() / torch.max(x.float().max(), y.float().max()) < tol


@pytest.mark.smoke
@pytest.mark.parametrize("size", [128, 512])
def test_tutorial_unit_test(spec, size):
    module, _ = spec
    torch.manual_seed(0)
    a, b = randn(size, size), randn(size, size)
    # A tutorial-sized tile on the interpreter (the default there is 32x32, built for edge cases).
    out = module.matmul(a, b, schedule={"block_m": 128, "block_n": 128, "block_k": 64})
    want = torch.matmul(a, b)
    assert tutorial_allclose(out, want)
    assert torch.allclose(out.float(), want.float(), atol=1e-2, rtol=1e-2)
    check(out, a.double() @ b.double())


# ---- every example, against its reference and a float64 computation -------------------


def _spec_cases():
    _, models = compile_spec(SPEC)
    for name, model in models.items():
        for case in model.validation_cases(quick=False):
            yield pytest.param(name, case, id=f"{name}-{case.label}")


@pytest.mark.parametrize("name,case", list(_spec_cases()))
def test_example_matches_reference(spec, name, case):
    module, models = spec
    problem = run_case(module, models[name].sig, case, DEVICE, seed=7)
    assert problem is None, problem


MIXED = """
gemm mix_f32_f64(a: f32[M, K], b: f64[K, N]) -> (c: f64[M, N]) {
    c = a @ b
}
gemm mix_f16_f32(a: f16[M, K], b: f32[K, N]) -> (c: f32[M, N]) {
    c = a @ b
    schedule { precision = ieee }
}
"""


@pytest.mark.parametrize("name", ["mix_f32_f64", "mix_f16_f32"])
def test_operands_of_two_types(name):
    """The reference multiplies operands of two types in the wider one, as the kernel does
    (torch.matmul takes one type); validation, which also runs the reference on f64 copies of
    f32 inputs, passes (found in review: both raised 'expected m1 and m2 to have the same dtype')."""
    module, models = build(MIXED, "mixed")
    for case in models[name].validation_cases(quick=True):
        problem = run_case(module, models[name].sig, case, DEVICE, seed=5)
        assert problem is None, problem
    a, b = randn(33, 17, dtype=torch.float16 if "f16" in name else torch.float32), randn(17, 9)
    b = b.double() if "f64" in name else b.float()
    want = a.double() @ b.double()
    assert rel_err(getattr(module, name)(a, b), want) < 1e-6
    assert rel_err(getattr(module, name + "_reference")(a, b), want) < 1e-6


def test_examples_against_float64(spec):
    m, _ = spec
    torch.manual_seed(1)
    M, N, K = 67, 45, 37
    a, b = randn(M, K), randn(K, N)
    A, B = a.double(), b.double()
    check(m.matmul(a, b), A @ B)
    check(m.matmul_leaky_relu(a, b), F.leaky_relu(A @ B, 0.01))

    x, w, bias = randn(M, K, dtype=torch.bfloat16), randn(N, K, dtype=torch.bfloat16), randn(N, dtype=torch.float32)
    check(m.linear_gelu(x, w, bias), F.gelu(x.double() @ w.double().T + bias.double()))

    x, w = randn(M, K), randn(N, K)
    scale, bias, residual = randn(M, dtype=torch.float32), randn(N), randn(M, N)
    want = scale.double()[:, None] * (x.double() @ w.double().T) + bias.double() + 0.5 * residual.double()
    check(m.scaled_residual(x, w, scale, bias, residual, 0.5), want)

    a3, b3 = randn(3, M, K, dtype=torch.bfloat16), randn(3, K, N, dtype=torch.bfloat16)
    check(m.bmm(a3, b3), a3.double() @ b3.double())

    x, w, bias = randn(M, K), randn(K, N), randn(N)
    pre, act = m.linear_silu(x, w, bias)
    want = x.double() @ w.double() + bias.double()
    assert pre.dtype == torch.float32 and act.dtype == torch.float16
    check(pre, want, bar=1e-5)
    check(act, F.silu(want))

    a32, b32 = randn(M, K, dtype=torch.float32), randn(K, N, dtype=torch.float32)
    check(m.matmul_f32(a32, b32), a32.double() @ b32.double(), bar=1e-5)


# ---- shapes, layouts, addressing, ordering, persistence ---------------------------------

ADDRESSING = ["pointer", "descriptor", pytest.param("block_ptr", marks=pytest.mark.skipif(not BLOCK_PTR_OK, reason=NO_BLOCK_PTR))]


@pytest.mark.parametrize("shape", [(1, 1, 1), (67, 45, 37), (20, 70, 100), (64, 96, 48)], ids=str)
@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
@pytest.mark.parametrize("order", ["grouped", "row_major"])
@pytest.mark.parametrize("persistent", [False, True], ids=["grid", "persistent"])
def test_shapes_orders_persistent(spec, shape, addressing, order, persistent):
    m, _ = spec
    M, N, K = shape
    a, b = randn(M, K), randn(K, N)
    schedule = dict(SMALL, addressing=addressing, order=order, persistent=persistent)
    check(m.matmul_leaky_relu(a, b, schedule=schedule), F.leaky_relu(a.double() @ b.double(), 0.01))
    config = m.matmul_leaky_relu.last_config
    assert config["persistent"] is persistent and (config["group_m"] == 1) == (order == "row_major")
    # Descriptors need 16-byte aligned rows: 64x96x48 qualifies, the ragged shapes fall back.
    assert config["addressing"] == ("descriptor" if addressing == "descriptor" and shape == (64, 96, 48) else "pointer")


@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
def test_persistent_flattened(spec, addressing):
    m, _ = spec
    a, b = randn(96, 64), randn(64, 80)
    schedule = dict(SMALL, addressing=addressing, persistent=True, flatten=True)
    check(m.matmul(a, b, schedule=schedule), a.double() @ b.double())
    assert m.matmul.last_config["flatten"] and m.matmul.last_config["addressing"] == addressing
    with pytest.raises(ValueError, match="flatten"):  # only persistent launches loop over tiles
        m.matmul(a, b, schedule=dict(schedule, persistent=False))
    m.matmul(a, b, schedule=dict(schedule, persistent=False, flatten=False))
    assert not m.matmul.last_config["flatten"] and not m.matmul.last_config["persistent"]


def test_persistent_grid_balances_its_programs(spec, monkeypatch):
    m, _ = spec
    # 512 tiles on 132 SMs (128x256 tiles at 4096^3 on an H100): 128 programs of 4 tiles.
    assert gemm_rt.gemm_programs(512, 132) == 128
    assert gemm_rt.gemm_programs(2048, 132) == 128  # 8192^3: 16 tiles each
    assert gemm_rt.gemm_programs(100, 132) == 100  # fewer tiles than SMs: one each
    assert gemm_rt.gemm_programs(133, 132) == 67  # two rounds either way: 66 programs of 2, one of 1
    for sms in (4, 132):
        for tiles in range(1, 700):
            programs = gemm_rt.gemm_programs(tiles, sms)
            rounds = -(-tiles // sms)
            # No more programs than SMs, no more rounds than one per SM needs, and one program
            # fewer would need another round.
            assert programs <= sms and -(-tiles // programs) == rounds
            assert programs == 1 or -(-tiles // (programs - 1)) > rounds
    # The launcher starts that many: sms + 1 tiles of 32x32 need two rounds, so half as many
    # programs (3 where the interpreter counts 4 "SMs", 67 on an H100's 132), where one per
    # SM would start them all.
    monkeypatch.setenv("TILEGEN_AUTOTUNE", "0")  # one launch, not a tuning sweep
    sms = gemm_rt.gemm_device(0)[3] if DEVICE == "cuda" else 4
    grids, persistent = [], []
    kernel = m.matmul_kernel

    class Recorder:
        def __getitem__(self, grid):
            grids.append(grid)

            def launch(*args, **kwargs):
                persistent.append(kwargs["PERSISTENT"])
                return kernel[grid](*args, **kwargs)

            return launch

    monkeypatch.setattr(m, "matmul_kernel", Recorder())
    a, b = randn(32 * (sms + 1), 64), randn(64, 32)
    check(m.matmul(a, b, schedule=dict(SMALL, persistent=True)), a.double() @ b.double())
    assert m.matmul.last_config["sms"] == sms and grids == [(-(-(sms + 1) // 2),)]
    # Fewer programs than tiles: the kernel loops over its tiles (PERSISTENT). One program
    # per tile (a grid, or a persistent launch with no more tiles than SMs) compiles the
    # loop as one step with constant bounds, which the compiler removes.
    a = randn(32 * sms, 64)
    check(m.matmul(a, b, schedule=dict(SMALL, persistent=True)), a.double() @ b.double())
    check(m.matmul(a, b, schedule=dict(SMALL, persistent=False)), a.double() @ b.double())
    assert grids[1:] == [(sms,), (sms,)] and persistent == [True, False, False]
    assert "tile_base, tile_start, tile_stop, tile_step = pid, 0, 1, 1" in inspect.getsource(kernel.fn)


@pytest.mark.smoke
@pytest.mark.parametrize("addressing", ADDRESSING)
def test_pinned_addressing(addressing):
    module, models = build(pinned_spec(addressing), f"pinned_{addressing}")
    name = "mm_" + addressing.replace("_", "")
    fn = getattr(module, name)
    assert models[name].modes[0] == addressing
    for M, N, K in [(67, 45, 37), (64, 64, 64)]:
        a, b, bias = randn(M, K), randn(N, K), randn(N)
        check(fn(a, b, bias), torch.relu(a.double() @ b.double().T + bias.double()))
        aligned = (M, N, K) == (64, 64, 64)
        assert fn.last_config["addressing"] == ("pointer" if addressing == "descriptor" and not aligned else addressing)
        assert fn.last_config["source"].startswith("pinned")


def test_block_ptr_is_a_build_error_on_triton_39(monkeypatch):
    monkeypatch.setattr(lower_gemm, "triton_version", lambda: (3, 9))
    with pytest.raises(DiagnosticError) as info:
        compile_source(pinned_spec("block_ptr"), "bp.tile")
    (diag,) = info.value.diagnostics
    assert diag.code == "E054" and "3.9" in diag.message and diag.span.line == 4


def test_pointer_only_kernel_has_no_addressing_switch():
    compiled = compile_source(pinned_spec("pointer"), "p.tile")
    kernel = compiled.source.split("def mm_pointer_kernel(")[1].split("def mm_pointer(")[0]
    assert "ADDRESSING" not in kernel and "make_tensor_descriptor" not in kernel and "offs_am" in kernel


@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
def test_transposed_and_column_major_operands(spec, addressing):
    m, _ = spec
    M, N, K = 48, 64, 80
    a_cm = randn(K, M).T  # column-major views: no copy is made
    b_cm = randn(N, K).T
    want = a_cm.double() @ b_cm.double()
    check(m.matmul(a_cm, b_cm, schedule=dict(SMALL, addressing=addressing)), want)
    assert m.matmul.last_config["addressing"] == "pointer"  # last stride != 1: no descriptor
    # linear_gelu reads w transposed: a column-major w is a row-major w.T, and vice versa.
    x, w, bias = randn(M, K, dtype=torch.bfloat16), randn(K, N, dtype=torch.bfloat16).T, randn(N, dtype=torch.float32)
    check(m.linear_gelu(x, w, bias, schedule={"addressing": addressing}), F.gelu(x.double() @ w.double().T + bias.double()))
    assert m.linear_gelu.last_config["addressing"] == "pointer"  # w's last stride != 1
    w = randn(N, K, dtype=torch.bfloat16)  # row-major [N, K], as declared: descriptors can read it
    check(m.linear_gelu(x, w, bias, schedule=dict(SMALL, addressing=addressing)),
          F.gelu(x.double() @ w.double().T + bias.double()))
    assert m.linear_gelu.last_config["addressing"] == addressing
    # Both operands transposed in the spec, row-major in memory: descriptors load and transpose tiles.
    module, _ = build(EXTRAS)
    a, b = randn(K, M, dtype=torch.bfloat16), randn(N, K, dtype=torch.bfloat16)
    check(module.transposed_a(a, b, schedule=dict(SMALL, addressing=addressing)), a.double().T @ b.double().T)
    assert module.transposed_a.last_config["addressing"] == addressing


def test_strided_views_and_outputs(spec):
    m, _ = spec
    M, N, K = 40, 24, 56
    a = randn(M, 2 * K)[:, ::2]  # every other column
    b = randn(2 * K, N)[::2]  # every other row
    c = torch.full((M, 3 * N), float("nan"), device=DEVICE, dtype=torch.float16)[:, ::3]
    out = m.matmul(a, b, c=c, schedule=SMALL)
    assert out is c
    check(c, a.double() @ b.double())


@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
@pytest.mark.parametrize("persistent", [False, True], ids=["grid", "persistent"])
def test_batched(spec, addressing, persistent):
    m, _ = spec
    a, b = randn(3, 48, 64, dtype=torch.bfloat16), randn(3, 64, 32, dtype=torch.bfloat16)
    schedule = dict(SMALL, addressing=addressing, persistent=persistent)
    check(m.bmm(a, b, schedule=schedule), a.double() @ b.double())
    assert m.bmm.last_config["addressing"] == addressing
    # A strided batch dimension and a ragged shape.
    a2 = randn(5, 37, 29, dtype=torch.bfloat16)[::2]
    b2 = randn(29, 3, 21, dtype=torch.bfloat16).permute(1, 0, 2)
    check(m.bmm(a2, b2, schedule=schedule), a2.double() @ b2.double())


def test_two_batch_dims_and_per_head_epilogue():
    module, models = build(EXTRAS)
    B, H, T, S, D = 2, 3, 33, 20, 16
    q, kt, pos = randn(B, H, T, D), randn(B, H, S, D), randn(H, S, dtype=torch.float32)
    want = (q.double() @ kt.double().transpose(-1, -2)) * 0.125 + pos.double()[:, None, :]
    check(module.attention_scores(q, kt, pos, schedule=TINY), want, bar=1e-5)
    assert run_case(module, models["attention_scores"].sig, models["attention_scores"].validation_cases(True)[1], DEVICE) is None


def test_operand_read_by_epilogue_and_gram_matrix():
    module, _ = build(EXTRAS)
    a, b = randn(40, 40, dtype=torch.float32), randn(40, 40, dtype=torch.float32)
    check(module.square_residual(a, b, schedule=SMALL), a.double() @ b.double() + a.double(), bar=1e-2)
    x = randn(50, 24)
    check(module.gram(x, schedule=SMALL), x.double() @ x.double().T)
    x = randn(48, 24)  # g's rows (48 f32) are 16-byte multiples, as descriptors need
    # x is both operands: with descriptors, two of them over x in different blocks.
    check(module.gram(x, schedule=dict(SMALL, addressing="descriptor")), x.double() @ x.double().T)
    assert module.gram.last_config["addressing"] == "descriptor"


def test_precision_and_operand_types():
    module, models = build(EXTRAS)
    source = compile_source(EXTRAS, "extras.tile").source
    tf32 = source.split("def tf32_mm_kernel(")[1].split("def tf32_mm(")[0]
    assert 'input_precision="tf32"' in tf32
    ieee = compile_source(SPEC.read_text(), str(SPEC)).source.split("def matmul_f32_kernel(")[1]
    assert 'input_precision="ieee"' in ieee.split("def matmul_f32(")[0]
    a, b = randn(30, 20, dtype=torch.float32), randn(20, 40, dtype=torch.float32)
    check(module.tf32_mm(a, b, schedule=SMALL), a.double() @ b.double())  # TF32 on a GPU: ~1e-3
    a, b = randn(30, 20, dtype=torch.float64), randn(20, 40, dtype=torch.float64)
    check(module.f64_mm(a, b, schedule=SMALL), a @ b, bar=1e-12)
    assert models["f64_mm"].acc_dtype == "float64"
    # validate widens its tolerance where f32 operands multiply in TF32, and only there
    assert models["tf32_mm"].tf32 and models["mixed"].tf32 and not models["f64_mm"].tf32
    _, spec_models = build(SPEC.read_text(), "gemm_spec")
    assert not spec_models["matmul_f32"].tf32 and not spec_models["matmul"].tf32
    a, b = randn(30, 20), randn(20, 40, dtype=torch.float32)
    check(module.mixed(a, b, schedule=SMALL), a.double() @ b.double())  # f16 widened to f32: TF32 on a GPU


def test_precision_applies_to_f32_products_only():
    spec = "gemm mm(a: {}[M, K], b: {}[K, N]) -> (c: f32[M, N]) {{\n    c = a @ b\n    schedule {{ precision = ieee }}\n}}\n"
    # f16 times f32 multiplies in f32: precision applies
    assert 'input_precision="ieee"' in compile_source(spec.format("f16", "f32"), "mixed.tile").source
    for a, b, what in (("f16", "f16", "f16 operands multiply exactly"), ("f64", "f32", "f64 operands multiply in f64")):
        with pytest.raises(DiagnosticError) as info:
            compile_source(spec.format(a, b), "bad.tile")
        (diag,) = info.value.diagnostics
        assert diag.code == "E051" and what in diag.message and (diag.span.line, diag.span.column) == (3, 16)


@pytest.mark.parametrize("addressing", ["pointer", "descriptor"])
def test_rand_and_side_outputs(addressing):
    module, models = build(EXTRAS)
    for name in ("dropout_mm", "side_outputs"):
        for case in models[name].validation_cases(quick=True):
            problem = run_case(module, models[name].sig, case, DEVICE, seed=3)
            assert problem is None, (name, case, problem)
    a, b, bias = randn(32, 64), randn(64, 48), randn(48, dtype=torch.float32)
    c, b2, flat = module.side_outputs(a, b, bias, schedule=dict(SMALL, addressing=addressing))
    assert module.side_outputs.last_config["addressing"] == addressing
    check(c, a.double() @ b.double() + bias.double())
    assert torch.equal(b2, bias * 2) and torch.equal(flat, (bias + 1).expand(32, 48))


def test_int64_offsets_path(spec, monkeypatch):
    """The INDEX_64 variant (used from 2**31 elements on) computes the same thing."""
    m, _ = spec
    monkeypatch.setattr(args_rt, "needs_int64", lambda *tensors: True)
    a, b = randn(3, 40, 24, dtype=torch.bfloat16), randn(3, 24, 36, dtype=torch.bfloat16)
    check(m.bmm(a, b, schedule=dict(SMALL, addressing="descriptor", persistent=True)), a.double() @ b.double())
    assert m.bmm.last_config["addressing"] == "pointer"  # descriptors take 32-bit coordinates


GPU_SCHEDULES = {
    "default": None,  # the policy: descriptors + persistent for big aligned products on Hopper, and tuning
    "pointer": {"addressing": "pointer"},
    "descriptor": {"addressing": "descriptor", "persistent": False},
    "descriptor-persistent": {"addressing": "descriptor", "persistent": True},
    "flattened": {"addressing": "descriptor", "persistent": True, "flatten": True},
    "row-major": {"addressing": "pointer", "order": "row_major", "persistent": True},
}


@pytest.mark.gpu
@pytest.mark.parametrize("shape", [(1, 1, 1), (67, 45, 37), (1000, 1000, 1000), (4097, 4095, 129), (2048, 2048, 2048)],
                         ids=str)
@pytest.mark.parametrize("mode", list(GPU_SCHEDULES))
def test_gpu_shapes_and_modes(spec, shape, mode):
    """The issue's GPU shapes, under every launch mode (run with TRITON_INTERPRET=0 on a GPU)."""
    m, _ = spec
    M, N, K = shape
    schedule = GPU_SCHEDULES[mode]
    a, b = randn(M, K), randn(K, N)
    check(m.matmul_leaky_relu(a, b, schedule=schedule), F.leaky_relu(a.double() @ b.double(), 0.01))
    x, w, bias = randn(M, K, dtype=torch.bfloat16), randn(N, K, dtype=torch.bfloat16), randn(N, dtype=torch.float32)
    check(m.linear_gelu(x, w, bias, schedule=schedule), F.gelu(x.double() @ w.double().T + bias.double()))
    a3, b3 = randn(2, M, K, dtype=torch.bfloat16), randn(2, K, N, dtype=torch.bfloat16)
    check(m.bmm(a3, b3, schedule=schedule), a3.double() @ b3.double())
    a32, b32 = randn(M, K, dtype=torch.float32), randn(K, N, dtype=torch.float32)
    check(m.matmul_f32(a32, b32, schedule=schedule), a32.double() @ b32.double(), bar=1e-5)


# ---- the launcher --------------------------------------------------------------------------


def test_launcher_errors(spec):
    m, _ = spec
    a, b = randn(8, 5), randn(6, 4)
    with pytest.raises(ValueError, match=r"parameter 'b': dimension 0 \(K\) expected K=5 \(from 'a'\), got 6"):
        m.matmul(a, b)
    with pytest.raises(TypeError, match="parameter 'b': expected dtype torch.float16"):
        m.matmul(a, randn(5, 4, dtype=torch.float32))
    with pytest.raises(ValueError, match="parameter 'bias'"):
        m.linear_gelu(randn(8, 5, dtype=torch.bfloat16), randn(4, 5, dtype=torch.bfloat16), randn(3, dtype=torch.float32))
    with pytest.raises(ValueError, match=r"schedule key\(s\) \['block'\] cannot be set per call; expected"):
        m.matmul(randn(8, 5), randn(5, 4), schedule={"block": 64})
    with pytest.raises(TypeError, match=r"matmul\(\): parameter 'schedule': expected a dict of settings \(dict\(block_m=128, \.\.\.\)\), got 'fast'"):
        m.matmul(randn(8, 5), randn(5, 4), schedule="fast")
    with pytest.raises(ValueError, match=r"\['precision'\] cannot be set per call \(precision is compiled in"):
        m.matmul(randn(8, 5), randn(5, 4), schedule={"precision": "ieee"})
    with pytest.raises(ValueError, match="'block_ptr' is not compiled into this kernel"):
        m.matmul(randn(8, 5), randn(5, 4), schedule={"addressing": "block_ptr"})


@pytest.mark.parametrize("key,value,want", [
    ("group_m", 0, "an integer from 1 to 64"),  # once ran, and returned wrong numbers
    ("block_m", 7, "a power of two from 16 to 256"),
    ("block_m", 512, "a power of two from 16 to 256"),
    ("block_n", "64", "a power of two from 16 to 256"),
    ("block_k", True, "a power of two from 16 to 256"),
    ("warps", 3, "a power of two from 1 to 32"),
    ("stages", 0, "an integer from 1 to 8"),
    ("persistent", "yes", "one of True, False, 'true', 'false'"),
    ("flatten", None, "one of True, False, 'true', 'false'"),
    ("order", "column_major", "one of 'grouped', 'row_major'"),
    ("addressing", "tma", "one of 'pointer', 'block_ptr', 'descriptor'"),
])
def test_call_schedule_values_are_checked(spec, key, value, want):
    """A call's schedule= follows the rules of the spec's schedule { } (E051)."""
    m, _ = spec
    with pytest.raises(ValueError, match=re.escape(f"matmul(): schedule[{key!r}] must be {want}; got {value!r}")):
        m.matmul(randn(70, 40), randn(40, 50), schedule={key: value})


def test_call_schedule_order_and_group_agree(spec):
    m, _ = spec
    with pytest.raises(ValueError, match=r"matmul\(\): schedule order 'row_major' is group_m = 1; got group_m = 8"):
        m.matmul(randn(70, 40), randn(40, 50), schedule={"order": "row_major", "group_m": 8})
    a, b = randn(70, 40), randn(40, 50)
    check(m.matmul(a, b, schedule={"order": "row_major", "group_m": 1}), a.double() @ b.double())


def test_call_schedule_flatten_needs_a_persistent_launch(spec):
    """flatten merges the tile loop of a persistent launch into its K loop: asking for it with
    persistent = False is refused, not quietly dropped."""
    m, _ = spec
    with pytest.raises(ValueError, match=r"matmul\(\): schedule flatten = True merges .* got persistent = False"):
        m.matmul(randn(70, 40), randn(40, 50), schedule={"flatten": True, "persistent": False})
    a, b = randn(70, 40), randn(40, 50)
    check(m.matmul(a, b, schedule={"flatten": False, "persistent": False}), a.double() @ b.double())


def test_call_schedule_rules_are_the_specs(spec):
    from tilegen.language.schedule import SCHEDULE_KEYS, call_rules

    m, _ = spec
    assert gemm_rt.GEMM_SCHEDULE_RULES == call_rules()  # the rules tilegen/language/schedule.py checks specs with
    assert set(SCHEDULE_KEYS["gemm"]) - set(gemm_rt.GEMM_SCHEDULE_KEYS) == {"precision"}
    assert gemm_rt.GEMM_SCHEDULE_RULES["group_m"] == SCHEDULE_KEYS["gemm"]["group_m"]


def test_empty_and_k_zero(spec):
    m, _ = spec
    assert m.matmul(randn(0, 5), randn(5, 4)).shape == (0, 4)
    assert m.bmm(randn(0, 3, 5, dtype=torch.bfloat16), randn(0, 5, 4, dtype=torch.bfloat16)).shape == (0, 3, 4)
    bias = randn(6, dtype=torch.float32)
    y = m.linear_gelu(randn(3, 0, dtype=torch.bfloat16), randn(6, 0, dtype=torch.bfloat16), bias)
    check(y, F.gelu(bias.double()).expand(3, 6))


def test_descriptor_alignment_fallback(spec):
    m, _ = spec
    base = randn(64 * 64 + 1)
    a = base[1:].view(64, 64)  # 2 bytes past a 16-byte boundary
    b = randn(64, 80)[:, :72]  # a view: row stride 80 elements (160 bytes), still aligned
    odd = randn(64, 67)  # row stride 67 * 2 bytes: not a multiple of 16 (nor is the output's)
    for x, y, ok in [(randn(64, 64), b, True), (a, b, False), (randn(64, 64), odd, False), (randn(64, 64).T, b, False)]:
        check(m.matmul(x, y, schedule=dict(SMALL, addressing="descriptor")), x.double() @ y.double())
        assert m.matmul.last_config["addressing"] == ("descriptor" if ok else "pointer"), m.matmul.last_config
    # The output too: a c= view whose row stride breaks the rule takes the pointer fallback.
    x = randn(64, 64)
    c = torch.zeros(64, 80, device=DEVICE, dtype=torch.float16)[:, :72]
    c_odd = torch.zeros(64, 75, device=DEVICE, dtype=torch.float16)[:, :72]
    for out, ok in [(c, True), (c_odd, False)]:
        assert m.matmul(x, b, c=out, schedule=dict(SMALL, addressing="descriptor")) is out
        check(out, x.double() @ b.double())
        assert m.matmul.last_config["addressing"] == ("descriptor" if ok else "pointer"), m.matmul.last_config


# ---- configurations and autotuning ----------------------------------------------------------


def test_config_sources(spec, monkeypatch):
    m, _ = spec
    a, b = randn(64, 32), randn(32, 64)
    m.matmul(a, b)
    assert m.matmul.last_config["source"] == "first candidate"  # too small to be worth tuning
    if DEVICE == "cpu":
        assert {k: m.matmul.last_config[k] for k in ("block_m", "block_n")} == {"block_m": 32, "block_n": 32}
    x, w, bias = randn(8, 32, dtype=torch.bfloat16), randn(16, 32, dtype=torch.bfloat16), randn(16, dtype=torch.float32)
    m.linear_gelu(x, w, bias)
    cfg = m.linear_gelu.last_config
    assert cfg["source"] == "pinned" and (cfg["block_m"], cfg["block_n"], cfg["block_k"], cfg["warps"]) == (128, 128, 64, 8)


def test_verbose_log(spec, monkeypatch, capsys):
    m, _ = spec
    monkeypatch.setenv("TILEGEN_VERBOSE", "1")
    gemm_rt.GEMM_CHOSEN.clear()
    m.matmul(randn(16, 16), randn(16, 16))
    assert re.search(r"tilegen: gemm.tile:matmul batch=1 M=16 N=16 K=16: .*'block_m'", capsys.readouterr().err)


def test_autotune_cache_written_and_reused(spec, monkeypatch, tmp_path):
    m, _ = spec
    monkeypatch.setenv("TILEGEN_AUTOTUNE", "1")  # tune even on the interpreter
    monkeypatch.setenv("TILEGEN_CACHE_DIR", str(tmp_path))
    gemm_rt.GEMM_CHOSEN.clear()
    gemm_rt.GEMM_TUNED.clear()
    a, b = randn(32, 32), randn(32, 32)
    pins = {"block_k": 32, "warps": 4, "stages": 2, "group_m": 4}  # tune tile sizes only
    check(m.matmul(a, b, schedule=pins), a.double() @ b.double())
    assert m.matmul.last_config["source"] == "tuned now"
    m.matmul(a, b, schedule=pins)  # the same call again: chosen earlier in this process
    assert m.matmul.last_config["source"] == "tuned (this process)"
    cache = json.loads((tmp_path / "gemm-autotune.json").read_text())
    (key,) = cache
    device = "interpreter" if DEVICE == "cpu" else torch.cuda.get_device_name()
    assert key.startswith(f"gemm.tile:matmul|{device}|1x32x32x32|f16,f16->f16|pointer:grid|")
    assert key.endswith("|" + m._matmul_gemm["fingerprint"])  # an edited kernel is tuned afresh
    assert cache[key]["addressing"] == "pointer" and cache[key]["persistent"] is False
    tuned = {k: m.matmul.last_config[k] for k in cache[key]}
    assert tuned == cache[key]
    # Same bucket, same process: no new tuning. A fresh process (empty memory) reads the file.
    m.matmul(randn(30, 32), randn(32, 32), schedule=pins)
    assert m.matmul.last_config["source"] == "tuned (this process)"
    # Operands loaded element by element (K = 31) tune apart, under their own key.
    a31, b31 = randn(30, 31), randn(31, 29)
    check(m.matmul(a31, b31, schedule=pins), a31.double() @ b31.double())
    assert m.matmul.last_config["source"] == "tuned now"
    cache = json.loads((tmp_path / "gemm-autotune.json").read_text())
    assert sorted("|narrow|" in k for k in cache) == [False, True]
    del cache[next(k for k in cache if "|narrow|" in k)]
    gemm_rt.GEMM_CHOSEN.clear()
    gemm_rt.GEMM_TUNED.clear()
    cache[key] = dict(cache[key], block_m=64, block_n=64, block_n2=0)  # a choice the cache can prove it made
    (tmp_path / "gemm-autotune.json").write_text(json.dumps(cache))
    m.matmul(a, b, schedule=pins)
    assert m.matmul.last_config["source"] == "tuned (disk cache)"
    assert (m.matmul.last_config["block_m"], m.matmul.last_config["block_n"]) == (64, 64)
    # TILEGEN_AUTOTUNE=0: the first candidate, no tuning.
    monkeypatch.setenv("TILEGEN_AUTOTUNE", "0")
    gemm_rt.GEMM_CHOSEN.clear()
    m.matmul(a, b, schedule=pins)
    assert m.matmul.last_config["source"] == "first candidate"


def test_candidates_pruned_by_shared_memory(spec, monkeypatch):
    m, _ = spec
    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("GPU", 9, 100 * 1024, 132))
    cuda = torch.device("cuda", 0)
    configs = gemm_rt.gemm_candidates(cuda, 2, {})
    assert configs and all(c["stages"] * (c["block_m"] + c["block_n"]) * c["block_k"] * 2 <= 100 * 1024 for c in configs)
    assert len(configs) < len(gemm_rt.GEMM_HOPPER_CONFIGS)
    assert gemm_rt.gemm_candidates(cuda, 2, {"block_m": 64, "block_n": 64, "block_k": 64, "group_m": 8, "warps": 4,
                                        "stages": 3}) == [dict(block_m=64, block_n=64, block_k=64, group_m=8, warps=4, stages=3)]
    # The default policy: descriptors and persistence for long aligned products on Hopper, pointers elsewhere.
    modes = gemm_rt.gemm_policy(cuda, True, 200e-6, 4096**3)  # all timed
    assert modes == [("pointer", False, False), ("descriptor", True, False), ("descriptor", True, True)]
    assert gemm_rt.gemm_policy(cuda, True, 3e-6, 64**3) == [("pointer", False, False)]
    assert gemm_rt.gemm_policy(cuda, True, 25e-6, 2048**3) == [("pointer", False, False)]  # host cost (see the policy)
    assert gemm_rt.gemm_policy(cuda, True, 25e-6, 2048**3, batched=True) == modes  # batched: no host cost
    assert gemm_rt.gemm_policy(cuda, False, 200e-6, 4096**3) == [("pointer", False, False)]
    assert gemm_rt.gemm_policy(torch.device("cpu"), True, 200e-6, 4096**3) == [("pointer", False, False)]


def test_one_byte_products_keep_descriptors_by_their_count(monkeypatch):
    """fp8 and i8 tensor cores run twice the 16-bit rate in the model, so its 4096^3 pointer
    grid comes under GEMM_DESCRIPTOR_MIN_S (fp8 measured 100-130 us there, where
    descriptors win): 2**35 multiply-adds offer descriptors whatever the time."""
    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("GPU", 9, 232448, 132))
    cuda, sizes = torch.device("cuda", 0), (1, 4096, 4096, 4096)
    grid = dict(split_k=1, addressing="pointer", persistent=False, flatten=False)
    pointer_s = min(gemm_rt.gemm_model({**grid, **c}, sizes, 132, 1) for c in gemm_rt.gemm_candidates(cuda, 1, {}))
    assert pointer_s < gemm_rt.GEMM_DESCRIPTOR_MIN_S
    assert [a for a, _, _ in gemm_rt.gemm_policy(cuda, True, pointer_s, 4096**3)] == ["pointer", "descriptor", "descriptor"]


@pytest.mark.parametrize("sizes, addressing", [
    ((1, 256, 32000, 4096), "descriptor"),  # mistral-7b's lm_head: 2**35 multiply-adds less 0.1%, ~120 us
    ((1, 2048, 2048, 2048), "pointer"),  # ~23 us by the model (29 measured): the descriptors' host time would show
    ((1, 4, 152064, 3584), "pointer"),  # long, but rows of four: descriptor tiles (128 rows and up) lose
])
def test_descriptors_where_the_kernel_outlasts_their_host_time(spec, monkeypatch, sizes, addressing):
    """Descriptor launches are offered where the model's best pointer grid runs at least
    GEMM_DESCRIPTOR_MIN_S; the model's untuned choice then takes one where it ranks best."""
    m, _ = spec
    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("GPU", 9, 232448, 132))
    monkeypatch.setenv("TILEGEN_AUTOTUNE", "0")
    out = torch.empty(0, dtype=torch.float16)
    config = gemm_rt.gemm_config(m._matmul_gemm, None, torch.device("cuda", 0), sizes, True, None, (out,))
    assert config["addressing"] == addressing and config["source"] == "first candidate"
    assert config["persistent"] == (addressing == "descriptor")


def test_narrow_loads_are_told_apart():
    """Triton loads runs of elements only where it can prove them (16-byte aligned base,
    strides and the size along the unit stride divisible by 16); otherwise element by element."""
    x, w = torch.empty(64, 4096, dtype=torch.bfloat16), torch.empty(4096, 4096, dtype=torch.bfloat16)
    assert not gemm_rt.gemm_narrow_loads((x, w)) and not gemm_rt.gemm_narrow_loads((x, w.T))
    assert gemm_rt.gemm_narrow_loads((torch.empty(77, 4099), w))  # K odd: the K-edge mask breaks runs
    assert gemm_rt.gemm_narrow_loads((x, torch.empty(4096, 50257)))  # [K, N], N odd: the wrap past N
    assert gemm_rt.gemm_narrow_loads((torch.empty(64, 4112)[:, 1:4097], w))  # starts at an odd element
    assert gemm_rt.gemm_narrow_loads((torch.empty(4, 64, 4104)[:, :, :4096], w))  # rows 4104 apart
    assert not gemm_rt.gemm_narrow_loads((torch.empty(64, 4096).T, w))  # runs along the other dimension
    assert gemm_rt.gemm_narrow_loads((torch.empty(64, 8192)[:, ::2], w))  # no unit stride
    # Triton takes a size of 1 as a constant: its stride is never used; an empty operand loads nothing
    assert not gemm_rt.gemm_narrow_loads((torch.empty(1, 4099 * 2)[:, :4096], torch.empty(4096, 1)))
    assert not gemm_rt.gemm_narrow_loads((torch.empty(77, 0), torch.empty(0, 4096)))


def test_narrow_candidates_hold_few_values(monkeypatch):
    """Loaded element by element, a thread holds its share of the accumulator and of the K
    blocks in flight in registers: candidates shrink BLOCK_K, then stages, to stay within
    GEMM_NARROW_HELD; a pinned BLOCK_K stays."""
    from tilegen.runtime.gemm_configs import GEMM_NARROW_HELD, gemm_narrow_held

    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("H100", 9, 227 * 1024, 132))
    cuda = torch.device("cuda", 0)
    wide, narrow = gemm_rt.gemm_candidates(cuda, 2, {}), gemm_rt.gemm_candidates(cuda, 2, {}, narrow=True)
    assert any(gemm_narrow_held(c) > GEMM_NARROW_HELD for c in wide)
    assert all(gemm_narrow_held(c) <= GEMM_NARROW_HELD and c["block_k"] >= 16 and c["stages"] >= 2 for c in narrow)
    assert len(narrow) == len({tuple(c.values()) for c in narrow})
    # 128x128x64 with 8 warps holds 64 + 3 * 64 = 256 a thread: kept; 128x256x64 holds 320: K blocks of 32
    assert dict(block_m=128, block_n=128, block_k=64, group_m=8, warps=8, stages=4) in narrow
    assert dict(block_m=128, block_n=256, block_k=32, group_m=8, warps=8, stages=3) in narrow
    # Pins apply first, and stay: the other keys shrink (to K blocks of 16 and 2 stages at least).
    pinned = gemm_rt.gemm_candidates(cuda, 2, {"block_k": 128}, narrow=True)
    assert all(c["block_k"] == 128 for c in pinned) and min(c["stages"] for c in pinned) == 2
    for c in gemm_rt.gemm_candidates(cuda, 2, {"stages": 5}, narrow=True):
        assert c["stages"] == 5 and (gemm_narrow_held(c) <= GEMM_NARROW_HELD or c["block_k"] == 16), c


@pytest.mark.parametrize("elem_bytes", [2, 4])
def test_narrow_tiles_in_k_blocks_of_16_join_the_ranking(monkeypatch, elem_bytes):
    """Each pointer tile gets a twin in K blocks of 16 (gemm_narrow_variants), which the
    model ranks with the rest: at K = 33 (48 columns loaded a row against 64) its first
    choice is 128x256x16 (10.4 us against 128x256x32's 12.8 on the H100), at K = 4099 a
    K block of 64 (8x more K blocks, each a latency); none for a pinned block_k or 1-byte
    operands (Triton's 8-bit dot takes K blocks of 32)."""
    from tilegen.runtime.gemm_configs import gemm_narrow_variants

    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("H100", 9, 227 * 1024, 132))
    grid = dict(split_k=1, addressing="pointer", persistent=False, flatten=False, sms=132)
    configs = [{**grid, **c} for c in gemm_rt.gemm_candidates(torch.device("cuda", 0), elem_bytes, {}, narrow=True)]
    out = gemm_narrow_variants(configs, {}, elem_bytes)
    assert out[:len(configs)] == configs and len(out) > len(configs)
    assert all(c["block_k"] == 16 for c in out[len(configs):]) and len({str(c) for c in out}) == len(out)
    assert all({**c, "block_k": 16} in out for c in configs)
    assert gemm_narrow_variants(configs, {"block_k": 32}, elem_bytes) == configs
    assert gemm_narrow_variants(configs, {}, 1) == configs
    if elem_bytes == 2:
        first = gemm_rt.gemm_rank(out, (1, 1024, 4096, 33), 132, 2, narrow=True)[0]
        assert (first["block_m"], first["block_n"], first["block_k"]) == (128, 256, 16)
        assert gemm_rt.gemm_rank(out, (1, 77, 4096, 4099), 132, 2, narrow=True)[0]["block_k"] == 64


def test_pins_narrow_the_tuned_launch_modes(spec, monkeypatch):
    """On Hopper, what a schedule leaves open is tuned; what it pins narrows the launch
    modes. Batched kernels' descriptor candidates need Triton's allocator before they are timed."""
    m, _ = spec
    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("H100", 9, 227 * 1024, 132))
    monkeypatch.setenv("TILEGEN_AUTOTUNE", "1")
    events, seen = [], []
    monkeypatch.setattr(gemm_rt, "gemm_use_scratch", lambda: events.append("allocator"))

    def fake_tune(candidates, launch, outs, device):
        events.append("tune")
        seen.append(candidates)
        return candidates[0]

    monkeypatch.setattr(gemm_rt, "gemm_tune", fake_tune)
    monkeypatch.setattr(gemm_rt, "gemm_cache_load", lambda: {})
    monkeypatch.setattr(gemm_rt, "gemm_cache_store", lambda key, config: None)
    cuda = torch.device("cuda", 0)

    def modes(schedule):
        seen.clear()
        gemm_rt.GEMM_TUNED.clear()
        gemm_rt.gemm_choose(m._matmul_gemm, schedule, cuda, (1, 4096, 4096, 4096), True, None, ())
        return sorted({(c["addressing"], c["persistent"], c["flatten"]) for c in seen[-1]})

    descriptor_modes = [("descriptor", True, False), ("descriptor", True, True)]
    assert modes({}) == descriptor_modes + [("pointer", False, False)]
    assert events == ["tune"]  # unbatched kernels get their descriptors from the launcher
    events.clear()
    gemm_rt.gemm_choose(m._bmm_gemm, {}, cuda, (2, 4096, 4096, 4096), True, None, ())
    assert events == ["allocator", "tune"]  # batched ones build theirs in scratch memory
    assert modes({"persistent": True}) == descriptor_modes
    assert modes({"addressing": "descriptor"}) == descriptor_modes
    assert modes({"persistent": False}) == modes({"addressing": "pointer"}) == [("pointer", False, False)]
    assert modes({"flatten": False}) == [("descriptor", True, False), ("pointer", False, False)]
    # Pinned small tiles still try descriptors; unpinned, descriptors get large tiles only.
    assert ("descriptor", True, False) in modes({"block_m": 64, "block_n": 64})
    modes({})
    assert all(c["block_m"] * c["block_n"] >= 128 * 128 for c in seen[-1] if c["addressing"] == "descriptor")
    # f32 operands: no 128x128 tile fits in shared memory, so descriptors keep the tiles that do.
    gemm_rt.gemm_choose(m._matmul_f32_gemm, {"addressing": "descriptor", "persistent": True}, cuda, (1, 1000, 1000, 1000),
                   True, None, ())
    assert seen[-1] and {c["addressing"] for c in seen[-1]} == {"descriptor"}
    # Without the TMA rules, descriptors drop out even when asked for.
    gemm_rt.gemm_choose(m._matmul_gemm, {"addressing": "descriptor"}, cuda, (1, 4096, 4096, 4096), False, None, ())
    assert {c["addressing"] for c in seen[-1]} == {"pointer"}
    # Operands whose runs break (K = 4104: TMA rules hold, 16 does not divide K) shrink the
    # pointer candidates only: descriptors load whole tiles by TMA and keep theirs.
    gemm_rt.gemm_choose(m._matmul_gemm, {}, cuda, (1, 4096, 4096, 4104), True, None, (), narrow=True)
    from tilegen.runtime.gemm_configs import GEMM_NARROW_HELD, gemm_narrow_held
    assert all(gemm_narrow_held(c) <= GEMM_NARROW_HELD for c in seen[-1] if c["addressing"] == "pointer")
    assert any(c["block_k"] == 64 and c["block_n"] == 256 for c in seen[-1] if c["addressing"] == "descriptor")


# ---- the emitted source ----------------------------------------------------------------------


def test_emitted_source_reads_like_the_tutorial():
    text = SPEC.read_text()
    source = compile_source(text, str(SPEC)).source
    assert source == compile_source(text, str(SPEC)).source  # deterministic
    kernel = source.split("def matmul_kernel(")[1].split("def matmul(")[0]
    for needle in ("a_ptr,", "stride_a_m", "offs_am", "offs_bn", "offs_k", "BLOCK_M: tl.constexpr", "GROUP_M",
                   "group_size_m = tl.minimum(num_pid_m - first_pid_m, GROUP_M)", "acc = tl.dot(a, b, acc)",
                   "mask=offs_k[None, :] < K - k * BLOCK_K", "# Grouped ordering", "# K-edge mask",
                   "# Epilogue", "a_desc,", "a_desc.load(["):
        assert needle in kernel, needle
    # Unbatched kernels get their descriptors from the launcher, built on the host; batched
    # ones build one per product in the kernel.
    launcher = source.split("def matmul(")[1].split("def matmul_reference(")[0]
    assert "tl.make_tensor_descriptor" not in kernel
    assert "_a_desc = TensorDescriptor.from_tensor(a, [config[\"block_m\"], config[\"block_k\"]])" in launcher
    batched = source.split("def bmm_kernel(")[1].split("def bmm(")[0]
    assert "tl.make_tensor_descriptor" in batched and "a_desc," not in batched.split("):")[0]
    lines = [int(n) for n in re.findall(r"# spec: gemm\.tile:(\d+)", source)]
    spec_lines = text.splitlines()
    assert all(spec_lines[n - 1].lstrip().startswith(("gemm", "c =", "y =", "out =", "pre =", "act =")) for n in lines)
    assert "make_block_ptr" not in source  # only when a schedule asks for it


@pytest.mark.parametrize("text", [
    "gemm f(a: f32[M, K], b: f32[K, N], a_ptrs: f32 = 2.0) -> (c: f32[M, N]) { c = a @ b * a_ptrs }",
    "gemm f(x: f32[M, K], w: f32[K, N], b: f32 = 2.0) -> (c: f32[M, N]) { c = x @ w + b }",
    "gemm f(x: f32[T, D], w: f32[D, H], K: f32 = 2.0) -> (c: f32[T, H]) { c = x @ w * K }",
    "gemm f(x: f32[M, K], w: f32[K, N]) -> (a: f32[M, N]) { a = x @ w }",
])
def test_names_the_gemm_kernel_uses_are_renamed(text):
    """A scalar named like a K-loop tile (a, a_ptrs) or a gemm size (K), an output named
    like an operand descriptor's tensor (a): the code renames its side (they were E013)."""
    compiled = compile_source(text.replace(" }", "\n    schedule { precision = ieee }\n}"), "names.tile")
    module = load_module(compiled.source, "gemm_names")
    x, w = torch.randn(5, 3, device=DEVICE), torch.randn(3, 4, device=DEVICE)
    torch.testing.assert_close(module.f(x, w), module.f_reference(x, w), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("text,code", [
    ("gemm f(a: i32[M, K], b: i32[K, N]) -> (c: i32[M, N]) { c = a @ b }", "E042"),
    ("gemm f(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) { c = a @ b + a }", "E049"),
])
def test_gemm_diagnostics(text, code):
    with pytest.raises(DiagnosticError) as info:
        compile_source(text, "bad.tile")
    assert [d.code for d in info.value.diagnostics][0] == code


def test_names_that_do_not_collide():
    """Spec names that only look like the kernel's own stay legal: tensors named a/b, dims named anything."""
    module, _ = build("""
gemm g(b: f16[T, D], a: f16[D, H], bias: f32[H]) -> (out: f16[T, H]) {
    out = b @ a + bias
}
gemm h(x: f16[N, 64], w: f16[64, N]) -> (y: f16[N, N]) {
    y = x @ w
}
""", "names")
    x, w, bias = randn(20, 30), randn(30, 10), randn(10, dtype=torch.float32)
    check(module.g(x, w, bias, schedule=SMALL), x.double() @ w.double() + bias.double())
    x, w = randn(24, 64), randn(64, 24)
    check(module.h(x, w, schedule=SMALL), x.double() @ w.double())


def test_tuner_skips_configurations_that_fail(spec):
    """A candidate that cannot compile or launch drops out of tuning; if none can run, the
    error says so and carries the last failure."""
    m, _ = spec
    out = torch.empty(4)

    def launch(config, scratch):
        if config["fail"]:
            raise RuntimeError("out of resources: shared memory")
        time.sleep(config["sleep"])

    candidates = [dict(fail=True, sleep=0.0), dict(fail=False, sleep=0.05), dict(fail=False, sleep=0.0)]
    assert gemm_rt.gemm_tune(candidates, launch, (out,), torch.device("cpu")) is candidates[2]
    with pytest.raises(RuntimeError, match="none of the 1 gemm configurations could run") as exc:
        gemm_rt.gemm_tune(candidates[:1], launch, (out,), torch.device("cpu"))
    assert "out of resources" in str(exc.value.__cause__)


def _timed_tuning(m, monkeypatch, rounds_ms):
    """Run gemm_rt.gemm_tune as on a GPU, with the device timing faked: candidate NAME's k-th
    timing returns rounds_ms[NAME][k], or fails where that is None (and past its end).
    Returns tune(candidates) and the list of names in the order they were timed."""
    gpu = types.SimpleNamespace(type="cuda")
    real_empty = torch.empty
    monkeypatch.setattr(torch, "empty", lambda *a, device=None, **k: real_empty(1) if device is gpu
                        else real_empty(*a, device=device, **k))  # the tuner's L2-flush buffer
    order = []

    def device_ms(run, flush):
        name = run.args[0]["name"]
        order.append(name)
        k = order.count(name) - 1
        if k >= len(rounds_ms[name]) or rounds_ms[name][k] is None:
            raise RuntimeError(f"{name} failed in its timing {k}")
        return rounds_ms[name][k]

    monkeypatch.setattr(gemm_rt, "gemm_device_ms", device_ms)
    return (lambda candidates: gemm_rt.gemm_tune(candidates, lambda config, *outs: None, (torch.empty(4),), gpu)), order


def test_tuner_alternates_the_order_of_its_rounds(spec, monkeypatch):
    """On a GPU every other tuning round times the candidates in reverse order, and each
    candidate is ranked by its median round, so the place in a round favours none."""
    m, _ = spec
    # Candidate "late" is slowest in its first round only; "early" is slow in every reversed round.
    rounds_ms = {"early": [1.0, 9.0, 1.0, 9.0], "late": [9.0, 2.0, 2.0, 2.0], "mid": [3.0, 3.0, 3.0, 3.0]}
    tune, order = _timed_tuning(m, monkeypatch, rounds_ms)
    candidates = [dict(name="early"), dict(name="mid"), dict(name="late")]
    assert tune(candidates) is candidates[2]  # medians: early 5.0, mid 3.0, late 2.0
    assert order == ["early", "mid", "late", "late", "mid", "early"] * (gemm_rt.GEMM_TUNE_ROUNDS // 2)


def test_tuner_runs_a_runoff_between_its_leaders(spec, monkeypatch):
    """Candidates within 3% of the best median run more rounds among themselves, which alone
    rank them; the others are not timed again."""
    m, _ = spec
    first, runoff = gemm_rt.GEMM_TUNE_ROUNDS, gemm_rt.GEMM_RUNOFF_ROUNDS
    # "lucky" leads the first rounds by 2.5%; over the runoff's rounds "steady" is faster.
    rounds_ms = {"lucky": [2.0] * first + [2.2] * runoff, "steady": [2.05] * (first + runoff), "slow": [5.0] * first}
    tune, order = _timed_tuning(m, monkeypatch, rounds_ms)
    candidates = [dict(name="lucky"), dict(name="slow"), dict(name="steady")]
    assert tune(candidates) is candidates[2]  # the runoff's medians: lucky 2.2, steady 2.05
    assert order[3 * first:] == ["lucky", "steady", "steady", "lucky"] * (runoff // 2)
    # Without a close second there is no runoff.
    rounds_ms["steady"] = [2.1] * first
    order.clear()
    assert tune(candidates) is candidates[0]
    assert len(order) == 3 * first


def test_tuner_runoff_survives_failures(spec, monkeypatch):
    """A finalist that fails in the runoff drops out; if every finalist fails there, the
    best of the others that ran wins; if nothing ran at all, the tuner says so."""
    m, _ = spec
    first, runoff = gemm_rt.GEMM_TUNE_ROUNDS, gemm_rt.GEMM_RUNOFF_ROUNDS
    rounds_ms = {"a": [2.0] * first + [None], "b": [2.02] * (first + runoff), "c": [3.0] * first}
    tune, order = _timed_tuning(m, monkeypatch, rounds_ms)
    candidates = [dict(name="a"), dict(name="b"), dict(name="c")]
    assert tune(candidates) is candidates[1]  # "a" led, then failed in the runoff
    rounds_ms["b"] = [2.02] * first + [None]
    order.clear()
    assert tune(candidates) is candidates[2]  # both finalists failed: the best of the rest
    rounds_ms["c"] = [None]
    order.clear()
    with pytest.raises(RuntimeError, match="none of the 3 gemm configurations could run"):
        tune([dict(name="c")] * 3)


def test_tuner_keeps_to_its_time_budget(spec, monkeypatch):
    """Nothing starts that would end past GEMM_TUNE_BUDGET_S, compiles included: candidates
    the first round cannot reach drop out, and no round or runoff starts that would not
    end in time; within the budget every round runs."""
    m, _ = spec
    clock = [0.0]
    monkeypatch.setattr(gemm_rt, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))
    monkeypatch.setattr(gemm_rt, "GEMM_TUNE_BUDGET_S", 5.0)
    names = "abcdef"
    rounds_ms = {n: [2.0 + k / 20] * 20 for k, n in enumerate(names)}  # a leads, b within 3%
    tune, order = _timed_tuning(m, monkeypatch, rounds_ms)
    timed = gemm_rt.gemm_device_ms

    def advancing(run, flush):  # a candidate's first timing compiles it
        clock[0] += cost[0] if run.args[0]["name"] not in order else cost[1]
        return timed(run, flush)

    monkeypatch.setattr(gemm_rt, "gemm_device_ms", advancing)
    candidates = [dict(name=n) for n in names]
    cost = (1.5, 0.3)  # a, b, c fit in 4.5 s; d would end at 6.0; a round of a, b, c at 5.4
    assert tune(candidates) is candidates[0]
    assert order == ["a", "b", "c"] and clock[0] <= 5.0
    cost, clock[0] = (0.2, 0.1), 0.0  # all fits: 4 rounds of 6 (3.0 s), a runoff of a and b (1.6 s)
    order.clear()
    assert tune(candidates) is candidates[0]
    first = gemm_rt.GEMM_TUNE_ROUNDS
    assert len(order) == 6 * first + 2 * gemm_rt.GEMM_RUNOFF_ROUNDS and clock[0] <= 5.0
    cost, clock[0] = (0.5, 0.5), 0.0  # rounds of 3 s: a second would end at 6 s; the
    order.clear()  # runoff's rounds of a and b (1 s) fit twice
    assert tune(candidates) is candidates[0] and order[6:] == ["a", "b", "b", "a"] and clock[0] == 5.0


def test_tuner_ranks_candidates_round_by_round(spec):
    """Each candidate's score is its time over the round's median, the median over the
    rounds: a drift that slows every candidate alike in some rounds cancels."""
    m, _ = spec
    times = {0: [1.0, 2.0, 4.0], 1: [1.1, 2.2, 4.4], 2: [0.9, 1.8, 3.6]}
    assert gemm_rt.gemm_scores(times) == pytest.approx({0: 1.0, 1: 1.1, 2: 0.9})
    # By its median time "steady" (2.0) would lose to "drifting" (1.5); round by round it is
    # 20% faster in two of three rounds.
    times = {"steady": [1.0, 2.0, 4.0], "drifting": [1.25, 1.5, 5.0], "mid": [1.1, 2.2, 4.4]}
    scores = gemm_rt.gemm_scores(times)
    assert min(scores, key=scores.get) == "steady" and statistics.median(times["drifting"]) < 2.0
    assert gemm_rt.gemm_scores({}) == {}


def test_shortlist_times_the_leaders_turned_tile():
    """The model's best few, the best of each launch mode they leave out, and the leader's
    tile turned (256x128 -> 128x256), which the model cannot tell apart well."""
    def cand(bm, bn, mode="descriptor", stages=3):
        return dict(block_m=bm, block_n=bn, block_k=128, warps=8, stages=stages, addressing=mode,
                    persistent=mode == "descriptor", flatten=False)
    ranked = [cand(256, 128), cand(256, 128, stages=4), cand(128, 128), cand(64, 128), cand(64, 64),
              cand(256, 128, "pointer"), cand(128, 256), cand(128, 256, stages=4)]
    short = gemm_rt.gemm_shortlist(ranked, top=2)
    assert short == [ranked[0], ranked[1], ranked[5], ranked[6]]
    # nothing to add where the leader is square or its turn is already kept
    assert gemm_rt.gemm_shortlist(ranked[2:5], top=2) == ranked[2:4]
    assert gemm_rt.gemm_shortlist([cand(128, 256), cand(256, 128)], top=2) == [cand(128, 256), cand(256, 128)]
    assert gemm_rt.gemm_shortlist([]) == []
    # Operands loaded element by element (narrow): the best of each K block left out, too.
    ks = [dict(cand(256, 128), block_k=32), dict(cand(128, 128), block_k=32), dict(cand(64, 64), block_k=16),
          dict(cand(128, 64), block_k=16), dict(cand(128, 256), block_k=32), dict(cand(64, 128), block_k=64)]
    assert gemm_rt.gemm_shortlist(ks, top=1) == [ks[0], ks[4]]  # (ks[4]: the leader's tile turned)
    assert gemm_rt.gemm_shortlist(ks, top=1, narrow=True) == [ks[0], ks[2], ks[5], ks[4]]
    # ... timed right after the leader, before the rest of the model's best (a candidate the
    # tuner's first round does not reach within its budget drops out)
    assert gemm_rt.gemm_shortlist(ks, top=2, narrow=True) == [ks[0], ks[2], ks[5], ks[1], ks[4]]


def test_tuner_times_after_a_sustained_warm_up(spec, monkeypatch):
    """A timing is: one run; 3 timed runs that estimate the time; _GEMM_WARMUP_MS of runs
    back to back (no flush, no sleep: the GPU settles at its sustained clocks); then
    _GEMM_TIMED_MS of timed runs (at least 25), each after an L2 flush and a GPU sleep;
    their median. Both at most _GEMM_MOST_RUNS."""
    m, _ = spec
    log, elapsed = [], []

    class Event:
        def __init__(self, enable_timing):
            assert enable_timing

        def record(self):
            log.append("event")

        def elapsed_time(self, end):
            return elapsed[0]

    monkeypatch.setattr(torch.cuda, "Event", Event)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: log.append("sync"))
    monkeypatch.setattr(torch.cuda, "_sleep", lambda cycles: log.append("sleep"))
    flush = types.SimpleNamespace(zero_=lambda: log.append("flush"))
    timed = ["flush", "sleep", "event", "run", "event"]
    most = gemm_rt.GEMM_MOST_RUNS
    # 0.19 ms, a 4096^3 product on an H100: ~530 timed runs, as the bench times (not 200)
    assert int(gemm_rt.GEMM_TIMED_MS / 0.19) > 500
    for ms, warm, runs in ((1.6, int(gemm_rt.GEMM_WARMUP_MS / 1.6), int(gemm_rt.GEMM_TIMED_MS / 1.6)),
                           (0.19, int(gemm_rt.GEMM_WARMUP_MS / 0.19), int(gemm_rt.GEMM_TIMED_MS / 0.19)),
                           (0.01, most, most), (10.0, int(gemm_rt.GEMM_WARMUP_MS / 10.0), 25)):
        log.clear()
        elapsed[:] = [ms]
        assert gemm_rt.gemm_device_ms(lambda: log.append("run"), flush) == ms
        assert log == ["run", "sync"] + timed * 3 + ["sync"] + ["run"] * warm + timed * runs + ["sync"]


def test_the_gpu_sleeps_longer_than_the_host_takes_to_enqueue_a_run(monkeypatch):
    """The sleep before each timed run covers the host's time to enqueue run(): twice the
    median of the runs before, at least HEAD_START_US, at most HEAD_START_MOST_US. A run of
    several launches from Python (a product on K-padded copies) would otherwise be timed
    with the GPU waiting for them; one slow enqueue among quick ones changes nothing."""
    from tilegen.runtime import timing

    class Event:
        def __init__(self, enable_timing):
            pass

        def record(self):
            pass

        def elapsed_time(self, end):
            return 0.05

    sleeps = []
    monkeypatch.setattr(torch.cuda, "Event", Event)
    monkeypatch.setattr(torch.cuda, "synchronize", lambda: None)
    monkeypatch.setattr(torch.cuda, "_sleep", sleeps.append)
    flush = types.SimpleNamespace(zero_=lambda: None)
    quick = 2000 * timing.HEAD_START_US  # cycles at 2 GHz
    assert timing.device_ms(lambda: None, flush, warmup_ms=0, timed_ms=0, least_runs=2) == 0.05
    assert sleeps == [quick] * 5  # a quick host: the least head start throughout
    sleeps.clear()
    assert timing.device_ms(lambda: time.sleep(0.0005), flush, warmup_ms=0, timed_ms=0, least_runs=2) == 0.05
    # 3 estimating runs at the least head start, then at least twice the 0.5 ms each took
    assert sleeps[:3] == [quick] * 3 and len(sleeps) == 5
    assert all(2000 * 1000 <= cycles <= 2000 * timing.HEAD_START_MOST_US for cycles in sleeps[3:])
    sleeps.clear()
    slow = iter([0.0, 0.0, 0.005, 0.0])  # the second estimating run takes 5 ms: an outlier
    run = lambda: (seconds := next(slow, 0.0)) and time.sleep(seconds)  # noqa: E731 (time.sleep(0) takes ~70 us)
    assert timing.device_ms(run, flush, warmup_ms=0, timed_ms=0, least_runs=2) == 0.05
    assert sleeps == [quick] * 5
    # A shared head start (tilegen bench's contenders of one case): the longest any needed.
    shared, sleeps[:] = [timing.HEAD_START_US], []
    timing.device_ms(lambda: time.sleep(0.0005), flush, warmup_ms=0, timed_ms=0, least_runs=2, head_us=shared)
    assert shared[0] >= 1000
    timing.device_ms(lambda: None, flush, warmup_ms=0, timed_ms=0, least_runs=2, head_us=shared)
    assert sleeps[5:] == [int(shared[0] * 2000)] * 5
    # Past the longest head start: it stays at most that, and says so.
    with pytest.warns(RuntimeWarning, match="head start"):
        timing.device_ms(lambda: time.sleep(0.0015), flush, warmup_ms=0, timed_ms=0, least_runs=2)
    assert sleeps[-1] == 2000 * timing.HEAD_START_MOST_US
    # The timed runs' host times (waits for a full queue to drain) teach it nothing: only
    # the estimating runs, which start on an empty queue, set the head start.
    calls, sleeps[:] = iter(range(10**6)), []
    queued = lambda: next(calls) >= 4 and time.sleep(0.001)  # noqa: E731 (quick, then 1 ms)
    shared = [timing.HEAD_START_US]
    for _ in range(2):
        calls = iter(range(10**6))
        assert timing.device_ms(queued, flush, warmup_ms=0, timed_ms=0, least_runs=3, head_us=shared) == 0.05
    assert shared == [timing.HEAD_START_US] and sleeps == [quick] * 12



def test_tuning_fingerprint_follows_the_kernel_not_its_place():
    """The tuning cache keys a kernel by its signature and statements: an edited epilogue gets
    a new fingerprint, the same kernel moved down the file keeps its own."""
    base = "gemm mm(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {\n    c = a @ b\n}\n"
    prints = {text: build(text, "fp")[0]._mm_gemm["fingerprint"]
              for text in (base, "\n\n" + base, base.replace("a @ b", "relu(a @ b)"))}
    first, moved, edited = prints.values()
    assert first == moved and first != edited and re.fullmatch(r"[0-9a-f]{12}", first)


SHORT_GELU_SPEC = """
gemm g16(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {
    c = gelu(a @ b)
}
gemm gbf16(a: bf16[M, K], b: bf16[K, N]) -> (c: bf16[M, N]) {
    c = gelu(a @ b)
}
gemm g32(a: f16[M, K], b: f16[K, N]) -> (c: f32[M, N]) {
    c = gelu(a @ b)
}
gemm read_later(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N], d: f32[M, N]) {
    c = gelu(a @ b)
    d = c * 2.0
}
gemm inner(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {
    c = gelu(a @ b) * 2.0
}
gemm read_later_bf16(a: bf16[M, K], b: bf16[K, N]) -> (c: bf16[M, N], d: f32[M, N]) {
    c = gelu(a @ b)
    d = c * 2.0
}
"""


def test_gelu_stored_straight_to_16_bits_takes_the_short_polynomial():
    """A gelu that is a statement's whole value, stored to an f16 / bf16 output that no later
    statement reads, calls _gelu_f16 / _gelu_bf16 (tilegen/lower/short_gelu.py); an f32 output, a
    value read again unrounded, or a gelu inside a larger expression keeps the f32-accurate
    _gelu."""
    compiled = compile_source(SHORT_GELU_SPEC, "short.tile")
    kernels = {m.sig.name: m for m in compiled.models}
    epilogue = {name: [st.triton for st in m.statements] for name, m in kernels.items()}
    assert epilogue == {
        "g16": ["_gelu_f16(acc)"],
        "gbf16": ["_gelu_bf16(acc)"],
        "g32": ["_gelu(acc)"],
        "read_later": ["_gelu(acc)", "c * 2.0"],
        "inner": ["_gelu(acc) * 2.0"],
        "read_later_bf16": ["_gelu(acc)", "c * 2.0"],
    }
    assert {"gelu", "gelu_f16", "gelu_bf16"} <= set(kernels["inner"].helpers | kernels["g16"].helpers
                                                   | kernels["gbf16"].helpers)
    assert "gelu" not in kernels["g16"].helpers  # no call there needs the long form
    # Elementwise kernels keep _gelu: memory bounds them, the polynomial's length costs nothing there.
    elementwise = compile_source("elementwise e(x: f16[N]) -> (y: f16[N]) {\n    y = gelu(x)\n}\n", "e.tile")
    assert [st.triton for st in elementwise.models[0].statements] == ["_gelu(x)"]


def _ordinal(t):
    """A 16-bit float's place among the values of its type: neighbours differ by 1, -0 is 0."""
    bits = t.view(torch.int16).int()
    return torch.where(bits < 0, -(bits & 0x7FFF), bits)


@pytest.mark.parametrize("dtype", [torch.float16, torch.bfloat16], ids=["f16", "bf16"])
def test_short_gelu_rounds_like_the_exact_one(dtype):
    """gelu(x @ 1) over -12..12, K = 1 so that acc is x itself. Above x = -6 the short form's
    results are within one unit in the last place of the f32-accurate _gelu's, rounded to
    the same output type the same way (read_later*: the output is read again, so it keeps
    _gelu), and differ from them for under 3% of the values; f16 results are also within one
    unit of float64 gelu rounded to f16. From -6 down both give 0. (The interpreter rounds
    f32 to bf16 by truncation, a GPU to nearest: hence bf16 against _gelu, not float64.)"""
    module, _ = build(SHORT_GELU_SPEC, "short_gelu")
    x = torch.linspace(-12.0, 12.0, 4801, device=DEVICE).to(dtype)
    one = torch.ones(1, 1, device=DEVICE, dtype=dtype)
    short, long = ((module.g16, module.read_later) if dtype == torch.float16 else (module.gbf16, module.read_later_bf16))
    short, long = short(x[:, None], one)[:, 0], long(x[:, None], one)[0][:, 0]
    assert not short.isnan().any()
    body = x.float() > -6.0
    assert (_ordinal(short) - _ordinal(long))[body].abs().max().item() <= 1
    assert (short[~body] == 0).all() and (long[~body] == 0).all()
    differ = (short != long)[body].float().mean().item()
    assert differ < 0.03, differ
    if dtype == torch.float16:
        want = (x.double() * 0.5 * torch.erfc(-x.double() / 2**0.5)).to(dtype)
        assert (_ordinal(short) - _ordinal(want))[body].abs().max().item() <= 1


@pytest.mark.gpu
def test_output_past_2_31_elements(spec):
    """An output of more than 2**31 elements takes the 64-bit offsets (INDEX_64): rows past
    the 32-bit range are written where they belong."""
    m, _ = spec
    rows, cols, k = 65537, 32768, 16  # 2**31 + 32768 output elements
    a, b = torch.randn(rows, k, device="cuda", dtype=torch.float16), torch.randn(k, cols, device="cuda", dtype=torch.float16)
    c = m.matmul(a, b)
    for r in (0, rows // 2, rows - 1):  # the last row starts past 2**31
        torch.testing.assert_close(c[r].float(), (a[r:r + 1].float() @ b.float())[0], rtol=2e-3, atol=2e-2)
