"""Gemm tiles of two column blocks (schedule block_n2: BLOCK_N + BLOCK_N2 columns a tile,
the second block in its own accumulator, pointer addressing): each tile's second block
runs the same epilogue at its own columns. Checked against float64 products at ragged
sizes (tile edges in either block), strided operands, epilogues (bias, gelu, a per-row
scale, a residual, a scalar), two outputs, batches and exact i8 products; the same bits as
the one-block launch; misuse refused with the parameter named; the candidates and the
launch model's use of them."""

import pytest
import torch
import torch.nn.functional as F

import tilegen.runtime.gemm as gemm_rt
from conftest import DEVICE, ROOT, check_max as check, compile_spec, randn
from tilegen.lower.gemm import triton_version
from tilegen.runtime.gemm_configs import GEMM_TAIL_MAX_AREA

pytestmark = pytest.mark.filterwarnings("ignore:Conversion of an array with ndim > 0:DeprecationWarning")

TAIL = {"block_m": 32, "block_n": 32, "block_n2": 16, "block_k": 32, "addressing": "pointer"}


@pytest.mark.smoke
@pytest.mark.parametrize("n", [48, 37, 80, 16, 1])
def test_two_blocks_match_the_product(gemms, n):
    # 48 columns: one whole tile; 37: the second block partly past N; 80: a second tile whose
    # second block is all past N; 16: the first block alone partly real; 1: one column
    a, b = randn(45, 70), randn(70, n)
    c = gemms.matmul(a, b, schedule=TAIL)
    check(c, a.double() @ b.double())
    assert gemms.matmul.last_config["block_n2"] == 16
    assert torch.equal(c, gemms.matmul(a, b, schedule=dict(TAIL, block_n2=0)))  # each element's sum unchanged


def test_two_blocks_with_strided_operands(gemms):
    a = randn(70, 45).T  # [45, 70], column-major
    b = randn(70, 200)[:, ::3]  # [70, 67], stride 3 along N
    check(gemms.matmul(a, b, schedule=TAIL), a.double() @ b.double())


def test_two_blocks_with_epilogues(gemms):
    x, w, bias = randn(50, 130, dtype=torch.bfloat16), randn(77, 130, dtype=torch.bfloat16), randn(77, dtype=torch.float32)
    # the spec pins 128x128x64 tiles: a second block of 64 makes 192 columns, more than N
    y = gemms.linear_gelu(x, w, bias, schedule={"block_n": 32, "block_n2": 16})
    check(y, F.gelu(x.double() @ w.double().T + bias.double()))
    x, w = randn(33, 100), randn(60, 100)
    scale, b, res = randn(33, dtype=torch.float32), randn(60), randn(33, 60)
    out = gemms.scaled_residual(x, w, scale, b, res, 0.5, schedule=TAIL)
    check(out, scale.double()[:, None] * (x.double() @ w.double().T) + b.double() + 0.5 * res.double())
    x, w, bias = randn(30, 96), randn(96, 45), randn(45)
    pre, act = gemms.linear_silu(x, w, bias, schedule=TAIL)
    check(pre, x.double() @ w.double() + bias.double())
    check(act, F.silu(x.double() @ w.double() + bias.double()))


def test_two_blocks_in_batches(gemms):
    a, b = randn(3, 20, 70, dtype=torch.bfloat16), randn(3, 70, 40, dtype=torch.bfloat16)
    check(gemms.bmm(a, b, schedule=TAIL), a.double() @ b.double())


def test_two_blocks_exact_for_integers():
    m, _ = compile_spec(ROOT / "specs" / "lowprec.tile")
    a = torch.randint(-128, 128, (33, 100), device=DEVICE, dtype=torch.int8)
    b = torch.randint(-128, 128, (100, 45), device=DEVICE, dtype=torch.int8)
    c = m.matmul_i8(a, b, schedule=TAIL)
    assert torch.equal(c.cpu().long(), a.cpu().long() @ b.cpu().long())


def test_two_blocks_misuse_is_refused(gemms):
    a, b = randn(40, 64), randn(64, 40)
    with pytest.raises(ValueError, match=r"matmul\(\): schedule block_n2 > 0 runs with addressing = 'pointer', "
                                         r"persistent = False, split_k = 1; got addressing = 'descriptor'"):
        gemms.matmul(a, b, schedule=dict(TAIL, addressing="descriptor"))
    with pytest.raises(ValueError, match=r"split_k = 2"):
        gemms.matmul(a, b, schedule=dict(TAIL, split_k=2))
    with pytest.raises(ValueError, match=r"persistent = False, split_k = 1; got addressing = 'pointer', persistent = True"):
        gemms.matmul(a, b, schedule=dict(TAIL, persistent=True))
    for wrong in (16.0, False, 48):  # a float or a bool is no block size either
        with pytest.raises(ValueError, match=rf"schedule\['block_n2'\] must be one of 0, 16, 32, 64, 128; got {wrong}"):
            gemms.matmul(a, b, schedule=dict(TAIL, block_n2=wrong))
    m = compile_text("gemm dmm(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {\n"
                     "    c = a @ b\n    schedule { addressing = descriptor }\n}\n")
    with pytest.raises(ValueError, match=r"dmm\(\): .* got addressing = 'descriptor', .* \(the spec's schedule\)"):
        m.dmm(a, b, schedule={"block_n2": 32})
    check(m.dmm(a, b, schedule={"block_n2": 32, "addressing": "pointer"}), a.double() @ b.double())  # (compiled in)
    if (triton_version() or (0, 0)) < (3, 9):  # (no block pointers in Triton 3.9)
        m = compile_text("gemm bpm(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {\n"
                         "    c = a @ b\n    schedule { addressing = block_ptr }\n}\n", "tail_bp")
        with pytest.raises(ValueError, match=r"bpm\(\): schedule block_n2 > 0 needs pointer addressing compiled into "
                                             r"this kernel \(it has \['block_ptr'\]\)"):
            m.bpm(a, b, schedule={"block_n2": 32})


SIDE = """
gemm drop(x: f16[M, K], w: f16[K, N], s: f32[M], seed: i32 = 3) -> (y: f32[M, N], rs: f32[M]) {
    z = (x @ w) * s
    y = where(rand(seed) > 0.5, z, 0.0)
    rs = s * 2.0
}
gemm colout(x: f16[M, K], w: f16[K, N], c: f32[N]) -> (y: f16[M, N], cc: f32[N]) {
    y = (x @ w) + c
    cc = c + 1.0
}
gemm bdrop(x: bf16[B, M, K], w: bf16[B, K, N], seed: i32 = 5) -> (y: f32[B, M, N]) {
    y = where(rand(seed) > 0.3, x @ w, 0.0)
}
"""


def compile_text(text, name="tail_extras"):
    from tilegen.pipeline import compile_source
    from tilegen.tools.validate import load_module

    return load_module(compile_source(text, f"{name}.tile").source, name)


def test_two_blocks_with_random_draws_and_outputs_by_row_or_column():
    """rand() draws from each element's index in the whole output, per-row and per-column
    outputs are stored from each block: all as one block stores them, and as the reference."""
    m = compile_text(SIDE)
    x, w, s = randn(45, 33), randn(33, 70), randn(45, dtype=torch.float32)
    y, rs = m.drop(x, w, s, 11, schedule=TAIL)
    y0, rs0 = m.drop(x, w, s, 11, schedule=dict(TAIL, block_n2=0))
    assert torch.equal(y, y0) and torch.equal(rs, rs0) and torch.equal(rs, s * 2.0)
    want, _ = m.drop_reference(x, w, s, 11)
    assert torch.equal(y == 0, want == 0)  # the same draws
    check(y, want)
    c = randn(70, dtype=torch.float32)
    y, cc = m.colout(x, w, c, schedule=TAIL)
    assert torch.equal(cc, c + 1.0)
    check(y, x.double() @ w.double() + c.double())
    xb, wb = randn(3, 45, 33, dtype=torch.bfloat16), randn(3, 33, 60, dtype=torch.bfloat16)
    assert torch.equal(m.bdrop(xb, wb, schedule=TAIL), m.bdrop(xb, wb, schedule=dict(TAIL, block_n2=0)))


def test_two_blocks_with_operands_loaded_element_by_element(gemms):
    a, b = randn(45, 37), randn(37, 70)  # K = 37: rows of a are not 16-byte multiples
    check(gemms.matmul(a, b, schedule=TAIL), a.double() @ b.double())
    assert gemms.matmul.last_config["block_n2"] == 16
    with pytest.raises(ValueError, match=r"schedule\['block_n2'\] must be one of 0, 16, 32, 64, 128; got 48"):
        gemms.matmul(a, b, schedule=dict(TAIL, block_n2=48))


def test_block_n2_is_a_call_key_only():
    from test_check import codes

    spec = "gemm f(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {\n    c = a @ b\n    schedule { block_n2 = 32 }\n}\n"
    assert codes(spec) == ["E050"]  # an unknown schedule key in a spec


def base_configs(sms=132):
    return [{"split_k": 1, "block_n2": 0, **c, "addressing": "pointer", "persistent": False, "flatten": False, "sms": sms}
            for c in gemm_rt.GEMM_HOPPER_CONFIGS + gemm_rt.GEMM_HOPPER_SMALL_M_CONFIGS]


def test_tail_candidates():
    tails = gemm_rt.gemm_tail_candidates(base_configs(), {})
    assert tails and all(c["block_n2"] == c["block_n"] // 2 for c in tails)
    assert all(c["block_m"] >= 64 and c["block_n"] >= 64 for c in tails)
    assert all(c["block_m"] * (c["block_n"] + c["block_n2"]) <= GEMM_TAIL_MAX_AREA for c in tails)
    assert not any(c["block_n"] == 256 for c in tails)  # 128x384 would pass the largest tile's registers
    assert not gemm_rt.gemm_tail_candidates(base_configs(), {"block_n": 128})  # a pinned tile width stays
    descriptors = [dict(c, addressing="descriptor", persistent=True) for c in base_configs()]
    assert not gemm_rt.gemm_tail_candidates(descriptors, {})
    # nor split: a pinned block_n2 (every candidate has it) gets no split-K candidates beside
    assert not gemm_rt.gemm_split_candidates(tails, (1, 1024, 768, 3072), 132)
    # shared memory: 128x(128 + 64)x64 in 5 stages is 200 KiB of bf16; the H100's 227 KiB keeps it, 160 KiB not
    roomy = gemm_rt.gemm_tail_candidates(base_configs(), {}, smem=232448)
    tight = gemm_rt.gemm_tail_candidates(base_configs(), {}, smem=160 * 1024)
    assert tails == roomy and 0 < len(tight) < len(roomy)
    assert all(gemm_rt.gemm_smem(c, 2) <= 160 * 1024 for c in tight)
    assert not gemm_rt.gemm_tail_candidates(base_configs(), {}, smem=1024)  # none fits


def test_the_model_counts_the_second_block():
    """gpt2's projection, 1024x768 over K = 3072, on 132 SMs: 64x(64 + 32) tiles are 128, one
    wave, each with three quarters of a 64x128 tile's work (96 tiles, also one wave)."""
    sizes = (1, 1024, 768, 3072)
    base = base_configs()
    ranked = gemm_rt.gemm_rank(base + gemm_rt.gemm_tail_candidates(base, {}), sizes, 132, 2)
    assert ranked[0]["block_n2"] > 0
    c = dict(block_m=64, block_n=64, block_k=64, group_m=8, warps=4, stages=4, split_k=1, addressing="pointer",
             persistent=False, flatten=False)
    one, two = gemm_rt.gemm_model(dict(c, block_n=128), sizes, 132, 2), gemm_rt.gemm_model(dict(c, block_n2=32), sizes, 132, 2)
    assert two < one
    # 4096^3: whole waves of 128x256 tiles already; the model keeps them
    ranked = gemm_rt.gemm_rank(base + gemm_rt.gemm_tail_candidates(base, {}), (1, 4096, 4096, 4096), 132, 2)
    assert ranked[0]["block_n2"] == 0


def test_untuned_launches_take_the_models_first_tile(monkeypatch):
    """An untuned launch (a first call with tuning off, a graph capture) takes the model's
    first candidate, a two-block tile where the model ranks one first: gpt2's 1024x768
    projection over K = 3072, 128 tiles of 64x(64+32) on 132 SMs."""
    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("H100", 9, 232448, 132))
    monkeypatch.setenv("TILEGEN_AUTOTUNE", "0")
    kernel = dict(id="t.tile:linear", pinned={}, modes=("pointer", "descriptor"), elem_bytes=2, batched=False,
                  split_k=True, tail=True, fingerprint="0", dtypes="bf16,bf16->bf16")
    sizes = (1, 1024, 768, 3072)
    out = torch.empty(0, dtype=torch.bfloat16)
    config = gemm_rt.gemm_choose(kernel, {}, torch.device("cuda", 0), sizes, True, None, (out,))
    assert (config["block_m"], config["block_n"], config["block_n2"]) == (64, 64, 32)
    assert config["source"] == "first candidate"
    # at 4096^3 the model's first is a one-block tile, and an untuned launch takes that
    square = gemm_rt.gemm_choose(kernel, {}, torch.device("cuda", 0), (1, 4096, 4096, 4096), True, None, (out,))
    assert square["block_n2"] == 0
    pinned = gemm_rt.gemm_choose(kernel, {"block_n2": 32}, torch.device("cuda", 0), sizes, True, None, (out,))
    assert pinned["block_n2"] == 32 and pinned["split_k"] == 1 and pinned["addressing"] == "pointer"
