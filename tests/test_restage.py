"""Products on K-padded copies of their operands (tilegen.runtime.restage): operands whose
rows are not whole 16-byte vectors (K = 37) are copied into buffers with K of unit stride,
padded with zeros to a multiple of 16, where the launch model says it pays or a call's
schedule sets pad_k. The copy itself (every layout: K the minor or the major axis, batched,
broadcast, axes no one stride merges), products on it against float64 (ragged sizes,
strided views, batches, epilogues, two outputs, i8), the launch model's choice on the H100
at measured shapes, and misuse refused with the key named."""

import pytest
import torch
import torch.nn.functional as F

import tilegen.runtime.gemm as gemm_rt
from conftest import DEVICE, ROOT, check_max as check, compile_spec, randn
from tilegen.runtime import restage

pytestmark = pytest.mark.filterwarnings("ignore:Conversion of an array with ndim > 0:DeprecationWarning")

SMALL = {"block_m": 32, "block_n": 32, "block_k": 32}
PAD = dict(SMALL, pad_k=True)
SMS = 132


def padded_ok(p, t, axis, k_pad):
    """p is t with `axis` of unit stride, padded with zeros to k_pad."""
    k = t.shape[axis]
    assert p.shape[axis] == k_pad and p.stride(axis) == 1
    assert p.shape[:axis] + p.shape[axis + 1:] == t.shape[:axis] + t.shape[axis + 1:]
    assert p.data_ptr() % 16 == 0
    assert torch.equal(p.narrow(axis, 0, k), t)
    assert not p.narrow(axis, k, k_pad - k).any()


@pytest.mark.smoke
@pytest.mark.parametrize("make, axis", [
    (lambda: randn(5, 37), 1),  # K the minor axis
    (lambda: randn(37, 21), 0),  # K the major axis: the copy turns it minor
    (lambda: randn(3, 4, 37), 2),  # batched
    (lambda: randn(3, 37, 4), 1),
    (lambda: randn(40, 37)[1:, :], 1),  # a view one row in
    (lambda: randn(37, 60)[:, 3:50:2], 0),  # every other column
    (lambda: randn(37, 1).expand(37, 6), 0),  # broadcast: stride 0
    (lambda: randn(1, 37, 21).expand(4, 37, 21), 1),  # a weight broadcast over a batch
    (lambda: randn(2, 3, 4, 37).permute(1, 0, 2, 3), 3),  # batch axes no one stride steps through
    (lambda: randn(1, 37), 1),  # one row
    (lambda: randn(37, 1), 0),
])
def test_the_copy_pads_k_with_zeros(make, axis):
    t = make()
    padded_ok(restage.pad_k(t, axis, 48), t, axis, 48)


@pytest.mark.parametrize("make, axis", [
    (lambda: randn(5, 37), 1),
    (lambda: randn(37, 21), 0),
    (lambda: randn(3, 37, 4), 1),
    (lambda: randn(37, 60)[:, 3:50:2], 0),
    (lambda: randn(1, 37, 21).expand(4, 37, 21), 1),  # broadcast: pad_k's general path
    (lambda: randn(2, 3, 4, 37).permute(1, 0, 2, 3), 3),
    (lambda: randn(30, 48), 1),  # whole vectors, K padded as it lies
])
def test_copies_planned_once_a_signature_are_the_same_copies(make, axis):
    """pad_operands keeps how it copies an operand with the launcher's facts of the call's
    signature: a later call of that signature (other values, the same layout) allocates
    and launches only, and gets what pad_k gives; an operand the plan does not cover takes
    pad_k's own path."""
    from tilegen.runtime.calls import Calls

    calls = Calls("f", ("t",), (), in_place=False)
    for _ in range(2):
        t = make()
        signature, _ = calls.find((t,), ())
        (p,) = restage.pad_operands(calls, signature, 64, (t, axis))
        padded_ok(p, t, axis, 64)
        assert torch.equal(p, restage.pad_k(t, axis, 64)) and p.stride() == restage.pad_k(t, axis, 64).stride()
        calls.keep(signature, (t,), (), (t.device,))
    assert len(calls.table) == 1  # one signature, planned on its first call
    plan = calls.known[(signature, "pad_k", 0, axis, 64)]
    assert bool(plan) == (t.stride(0) != 0 and t.shape[-1] != 48 and t.dim() != 4)
    (p,) = restage.pad_operands(calls, None, 64, (t, axis))  # no signature: pad_k's path
    padded_ok(p, t, axis, 64)


def test_launchers_alike_in_their_tensors_keep_their_own_copies(tmp_path):
    """Two launchers called with tensors alike (one signature) copy each as its own product
    reads it: c = a @ b reads b's K down its rows, c = a @ b.T along them."""
    spec = tmp_path / "nn_nt.tile"
    spec.write_text("gemm nn(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {\n    c = a @ b\n}\n\n"
                    "gemm nt(a: f16[M, K], b: f16[N, K]) -> (c: f16[M, N]) {\n    c = a @ b.T\n}\n")
    m, _ = compile_spec(spec)
    a, b = randn(16, 37), randn(37, 37)
    for _ in range(2):  # the second calls use what the first planned
        check(m.nn(a, b, schedule=PAD), a.double() @ b.double())
        check(m.nt(a, b, schedule=PAD), a.double() @ b.double().T)
        assert m.nn.last_config["pad_k"] == m.nt.last_config["pad_k"] == 48


def test_broadcast_axes_stay_broadcast(gemms):
    """A weight broadcast over the batch (stride 0) is copied once, and stays broadcast."""
    w = randn(1, 37, 21).expand(5, 37, 21)
    p = restage.pad_k(w, 1, 48)
    assert p.stride(0) == 0 and torch.equal(p[:, :37], w) and not p[:, 37:].any()
    a = randn(5, 20, 37, dtype=torch.bfloat16)
    b = randn(1, 37, 25, dtype=torch.bfloat16).expand(5, 37, 25)
    check(gemms.bmm(a, b, schedule=PAD), a.double() @ b.double())
    assert gemms.bmm.last_config["pad_k"] == 48


def test_operands_in_whole_vectors_are_padded_as_they_lie_or_kept(gemms):
    """A [K, N] weight whose rows of N are whole vectors gets rows of zeros from K to k_pad,
    N still its unit axis (so tensor descriptors can read it); an operand in whole vectors
    whose K needs no padding is not copied at all."""
    b = randn(37, 48)
    p = restage.pad_k(b, 0, 48)
    assert p.stride() == (48, 1) and torch.equal(p[:37], b) and not p[37:].any()
    bb = randn(2, 37, 32)
    p = restage.pad_k(bb, 1, 48)
    assert p.stride() == (48 * 32, 32, 1) and torch.equal(p[:, :37], bb) and not p[:, 37:].any()
    a = randn(30, 64)
    assert restage.pad_k(a, 1, 64) is a
    a = randn(45, 37)
    check(gemms.matmul(a, b, schedule=PAD), a.double() @ b.double())
    assert gemms.matmul.last_config["pad_k"] == 48


def test_offsets_past_32_bits_take_64_bit_index_math(monkeypatch):
    """An operand whose K stride reaches past 2**31 elements (a transposed view of a tall
    matrix) copies with 64-bit offsets, along K too; the 64-bit path gives the same copy."""
    seen, real = [], restage.launch

    def spy(kernel, grid, *args, **kwargs):
        seen.append(kwargs["INDEX_64"])
        if args[0].device.type != "meta":  # run the 64-bit path on a small operand
            real(kernel, grid, *args, **{**kwargs, "INDEX_64": True})

    monkeypatch.setattr(restage, "launch", spy)
    far = torch.empty_strided((3, 200), (1, 2**24 + 1), dtype=torch.float16, device="meta")  # K = 200 down rows
    assert restage.pad_k(far, 1, 208).shape == (3, 208) and seen == [True]
    t = randn(37, 5).T  # K = 37 down the unit stride's neighbour: small offsets
    padded_ok(restage.pad_k(t, 1, 48), t, 1, 48)
    assert seen == [True, False]


@pytest.mark.parametrize("dtype", [torch.bfloat16, torch.float32, torch.int8])
def test_the_copy_keeps_every_value_of_each_type(dtype):
    t = randn(9, 45, dtype=torch.float32)
    t = (t * 50).to(dtype) if dtype == torch.int8 else t.to(dtype)
    t[0, 0] = float("nan") if dtype.is_floating_point else -128
    p = restage.pad_k(t, 1, 48)
    assert torch.equal(p[1:, :45], t[1:]) and not p[:, 45:].any()
    assert p[0, 0].isnan() if dtype.is_floating_point else p[0, 0] == -128


@pytest.mark.smoke
def test_padded_products_match(gemms):
    a, b = randn(45, 37), randn(37, 70)  # K = 37: neither a's rows nor b's K stride are 16-byte multiples
    c = gemms.matmul(a, b, schedule=PAD)
    check(c, a.double() @ b.double())
    assert gemms.matmul.last_config["pad_k"] == 48
    plain = gemms.matmul(a, b, schedule=dict(SMALL, pad_k=False))
    assert gemms.matmul.last_config["pad_k"] == 0
    if DEVICE == "cpu":  # the same blocks, zeros read where the mask gave zeros: the same bits
        assert torch.equal(c, plain)
    # views: a transposed, b one column in and every other row
    a2, b2 = randn(37, 45).T, randn(80, 71)[::2, 1:][:37]
    check(gemms.matmul(a2, b2, schedule=PAD), a2.double() @ b2.double())
    assert gemms.matmul.last_config["pad_k"] == 48


def test_padded_products_with_epilogues_batches_and_two_outputs(gemms):
    x, w, bias = randn(50, 130, dtype=torch.bfloat16), randn(40, 130, dtype=torch.bfloat16), randn(40, dtype=torch.float32)
    y = gemms.linear_gelu(x, w, bias, schedule={"pad_k": True})  # the spec pins 128x128x64 tiles
    check(y, F.gelu(x.double() @ w.double().T + bias.double()))
    assert gemms.linear_gelu.last_config["pad_k"] == 144
    a, b = randn(3, 20, 37, dtype=torch.bfloat16), randn(3, 37, 25, dtype=torch.bfloat16)
    check(gemms.bmm(a, b, schedule=PAD), a.double() @ b.double())
    assert gemms.bmm.last_config["pad_k"] == 48
    x, w, bias = randn(33, 21), randn(21, 40), randn(40)
    pre, act = gemms.linear_silu(x, w, bias, schedule=PAD)
    want = x.double() @ w.double() + bias.double()
    check(pre, want)
    check(act, F.silu(want))


def test_aligned_k_with_a_view_that_breaks_the_runs_copies_without_padding(gemms):
    """K = 64, but a starts one element into its buffer: its loads go element by element
    too. pad_k copies it (and b) with K as it is."""
    a, b = randn(30, 65)[:, 1:], randn(64, 40)
    check(gemms.matmul(a, b, schedule=PAD), a.double() @ b.double())
    assert gemms.matmul.last_config["pad_k"] == 64


def test_no_copy_where_loads_are_whole_vectors_or_nothing_asks_for_it(gemms):
    a, b = randn(30, 64), randn(64, 48)
    check(gemms.matmul(a, b, schedule=PAD), a.double() @ b.double())
    assert gemms.matmul.last_config["pad_k"] == 0  # nothing loads element by element
    a, b = randn(30, 37), randn(37, 48)
    gemms.matmul(a, b, schedule=SMALL)
    if DEVICE == "cpu":
        assert gemms.matmul.last_config["pad_k"] == 0  # the interpreter copies only when asked
    a, b = randn(30, 0), randn(0, 48)  # K = 0: the sum is empty, nothing to copy
    assert not gemms.matmul(a, b, schedule=PAD).any()
    assert gemms.matmul.last_config["pad_k"] == 0


def test_exact_integer_products_on_padded_copies():
    m, _ = compile_spec(ROOT / "specs" / "lowprec.tile")
    a = torch.randint(-128, 128, (33, 37), dtype=torch.int8, device=DEVICE)
    b = torch.randint(-128, 128, (37, 29), dtype=torch.int8, device=DEVICE)
    got = m.matmul_i8(a, b, schedule=PAD)
    assert torch.equal(got.cpu().long(), a.cpu().long() @ b.cpu().long())  # (CUDA has no int64 matmul)
    assert m.matmul_i8.last_config["pad_k"] == 48


def test_bad_pad_k_is_refused_with_the_key_named(gemms):
    a, b = randn(30, 37), randn(37, 48)
    with pytest.raises(ValueError, match=r"matmul\(\): schedule\['pad_k'\] must be one of True, False, 'true', 'false'; got 1"):
        gemms.matmul(a, b, schedule={"pad_k": 1})


def test_pad_k_is_a_call_key_only():
    from test_check import codes

    spec = "gemm f(a: f16[M, K], b: f16[K, N]) -> (c: f16[M, N]) {\n    c = a @ b\n    schedule { pad_k = true }\n}\n"
    assert codes(spec) == ["E050"]  # an unknown schedule key in a spec


def test_one_tensor_as_both_operands_along_different_axes_is_not_copied(tmp_path):
    """x @ x reads x along K as A's columns and as B's rows: one copy cannot serve both, so
    its launcher never pads; x @ x.T reads both along x's columns and may."""
    spec = tmp_path / "square.tile"
    spec.write_text("gemm sq(x: f32[M, M]) -> (y: f32[M, M]) {\n    y = x @ x\n}\n\n"
                    "gemm gram(x: f32[M, K]) -> (y: f32[M, M]) {\n    y = x @ x.T\n}\n")
    m, models = compile_spec(spec)
    assert not models["sq"].pad_k and models["gram"].pad_k
    x = randn(37, 37, dtype=torch.float32)
    check(m.sq(x, schedule=PAD), x.double() @ x.double(), tol=2e-2)
    assert m.sq.last_config["pad_k"] == 0  # asked, but x @ x never copies
    check(m.gram(x, schedule=PAD), x.double() @ x.double().T, tol=2e-2)
    assert m.gram.last_config["pad_k"] == 48


# The launch model's choice on the H100 (f16 / bf16 linear layers, weights [N, K] read as
# w.T), against the same launch tuned with pad_k False and True there, us (docs/design.md):
@pytest.mark.parametrize("m, n, k, pads", [
    (2048, 1000, 999, True),  # 43.3 -> 26.3
    (512, 3001, 1027, True),  # 44.2 -> 27.0
    (3000, 5000, 705, True),  # 186.8 -> 85.3
    (4096, 4096, 4097, True),  # 990.8 -> 257.0
    (8192, 1024, 1023, True),  # 127.1 -> 60.2
    (256, 11008, 4099, True),  # 317.2 -> 133.5
    (1024, 4096, 33, False),  # 13.2 -> 62.4
    (16, 4096, 4099, False),  # 39.4 -> 52.5: few rows read the weight once either way, the copy twice more
    (1, 4096, 4099, False),  # 37.5 -> 52.8
    (8, 3072, 769, False),  # 13.8 -> 17.3
    (4096, 1000, 100, False),  # 16.0 -> 21.6
    (77, 4096, 4099, False),  # 62.0 -> 59.8: a near tie the margin leaves as it is
])
def test_the_launch_model_pads_where_the_copy_pays(monkeypatch, m, n, k, pads):
    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("NVIDIA H100 80GB HBM3", 9, 232448, SMS))
    restage.PAD_K_CHOSEN.clear()
    kernel = {"id": "t.tile:linear", "pinned": {}, "elem_bytes": 2, "split_k": True}
    x, w, y = (torch.empty(s, device="meta", dtype=torch.float16) for s in ((m, k), (n, k), (m, n)))
    k_pad = restage.gemm_pad_k(kernel, None, torch.device("cuda", 0), (1, m, n, k), (x, w), True, True, (y,))
    assert k_pad == ((k + 15) // 16 * 16 if pads else 0)
    # nothing loads element by element: nothing to copy
    assert restage.gemm_pad_k(kernel, None, torch.device("cuda", 0), (1, m, n, k), (x, w), False, True, (y,)) == 0


def test_the_launch_model_weighs_the_pinned_launch(monkeypatch):
    """What a schedule pins, the model weighs as pinned, split-K included: 8x3072x769 pinned
    to 16x128x64 tiles in 4 slices of K (the tuner's choice there) keeps its operands; the
    same tiles without the split would load a deep K in one program a tile, and copy."""
    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("NVIDIA H100 80GB HBM3", 9, 232448, SMS))
    restage.PAD_K_CHOSEN.clear()
    kernel = {"id": "t.tile:linear", "pinned": {}, "elem_bytes": 2, "split_k": True}
    x, w, y = (torch.empty(s, device="meta", dtype=torch.float16) for s in ((8, 769), (3072, 769), (8, 3072)))
    tiles = dict(block_m=16, block_n=128, block_k=64, group_m=8, warps=4, stages=4)
    decide = lambda schedule: restage.gemm_pad_k(kernel, schedule, torch.device("cuda", 0), (1, 8, 3072, 769), (x, w),
                                                 True, True, (y,))
    assert decide(dict(tiles, split_k=4)) == 0
    assert decide(dict(tiles, split_k=1)) == 784


@pytest.mark.gpu
def test_padded_launches_capture_in_a_cuda_graph(gemms):
    """The copies are part of the launch: a graph captures them, and a replay copies the
    operands' new values."""
    a, b = randn(333, 1001), randn(1001, 517)
    torch.cuda.synchronize()
    graph, stream = torch.cuda.CUDAGraph(), torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        with torch.cuda.graph(graph, stream=stream):
            c = gemms.matmul(a, b, schedule={"pad_k": True})
    torch.cuda.current_stream().wait_stream(stream)
    assert gemms.matmul.last_config["pad_k"] == 1008
    for _ in range(2):
        graph.replay()
        torch.cuda.synchronize()
        check(c, a.double() @ b.double())
        a.copy_(randn(333, 1001))
    graph.reset()


_AOT = r'''
import sys
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
sys.path.insert(0, sys.argv[1])
from tilegen.runtime import restage

for bits in ("i8", "i16", "i32"):
    for index_64 in (False, True):
        signature = {"src_ptr": "*" + bits, "dst_ptr": "*" + bits, "R": "i32", "ROWS": "i32", "K": "i32", "K_PAD": "i32",
                     "stride_src_b": "i32", "stride_src_r": "i32", "stride_src_k": "i32",
                     "BLOCK_R": "constexpr", "BLOCK_K": "constexpr", "INDEX_64": "constexpr"}
        consts = {"BLOCK_R": restage.PAD_K_ROWS, "BLOCK_K": restage.PAD_K_COLS, "INDEX_64": index_64}
        triton.compile(ASTSource(restage.pad_k_kernel, signature, consts), target=GPUTarget("cuda", 90, 32),
                       options={"num_warps": 4})
        print("ok", bits, index_64)
'''


def test_the_copy_kernel_compiles_for_sm90_without_a_gpu():
    """The interpreter does not type-check what the compiler does: compile the copy kernel for
    an H100, every element width the launchers copy, 32- and 64-bit offsets."""
    from conftest import compile_for_gpu

    out = compile_for_gpu(_AOT, timeout=600)
    assert "ok i8 False" in out and "ok i32 True" in out
