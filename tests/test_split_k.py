"""Split-K gemm launches (schedule split_k, and the split candidates the tuner and the
launch model see): the programs sharing a tile meet in a workspace and the last one adds
the partials in a fixed order and runs the epilogue. Checked against float64 products at
ragged sizes, with a slice of K left empty, strided operands, epilogues (bias, gelu, a
per-row scale, a residual), two outputs, batches and exact i8 products; the result the
same bits run to run; misuse refused with the parameter named."""

import pytest
import torch
import torch.nn.functional as F

import tilegen.runtime.gemm as gemm_rt
from conftest import DEVICE, ROOT, check_max as check, compile_spec, randn
from tilegen.runtime import arrivals

pytestmark = pytest.mark.filterwarnings("ignore:Conversion of an array with ndim > 0:DeprecationWarning")

SMALL = {"block_m": 32, "block_n": 32, "block_k": 32}


@pytest.mark.smoke
@pytest.mark.parametrize("split", [2, 3, 4])
def test_split_k_matches_the_product(gemms, split):
    # K = 200: 7 blocks of 32, split 2 (4 + 3), 3 (3 + 3 + 1), 4 (2 + 2 + 2 + 1)
    a, b = randn(45, 200), randn(200, 37)
    c = gemms.matmul(a, b, schedule=dict(SMALL, split_k=split))
    check(c, a.double() @ b.double())
    assert gemms.matmul.last_config["split_k"] == split
    assert torch.equal(c, gemms.matmul(a, b, schedule=dict(SMALL, split_k=split)))  # the same sum every time


def test_the_arrival_counts_are_zero_again_after_each_launch(gemms):
    """Launches on one stream take turns with one buffer of arrival counts, which no launch
    zeroes: each tile's last program sets its count back to 0. So launch after launch, of
    more tiles and of fewer, every result holds and the counts end at zero."""
    arrivals.ARRIVAL_COUNTS.clear()
    for m, n, split in ((45, 37, 3), (100, 90, 2), (45, 37, 4), (7, 200, 3)):
        a, b = randn(m, 200), randn(200, n)
        check(gemms.matmul(a, b, schedule=dict(SMALL, split_k=split)), a.double() @ b.double())
        (counts,) = arrivals.ARRIVAL_COUNTS.values()  # given back after the launch
        assert not counts.any()


def test_too_few_counts_are_replaced_and_a_failed_launch_gives_its_counts_up(gemms, monkeypatch):
    """A buffer with fewer counts than the launch has tiles is replaced by a zeroed one
    large enough; a launch that raises keeps its counts out of the pool (some programs may
    not have counted in), and the launch after it zeroes a fresh buffer."""
    a, b = randn(100, 200), randn(200, 90)  # 4 x 3 tiles of 32x32
    arrivals.ARRIVAL_COUNTS.clear()
    # too few, and not zero: must not be used
    arrivals.ARRIVAL_COUNTS[arrivals.counts_key(a.device)] = torch.ones(5, dtype=torch.int32, device=a.device)
    check(gemms.matmul(a, b, schedule=dict(SMALL, split_k=2)), a.double() @ b.double())
    (counts,) = arrivals.ARRIVAL_COUNTS.values()
    assert counts.numel() >= 12 and not counts.any()

    def fail(*args, **kwargs):
        raise RuntimeError("launch failed")

    monkeypatch.setattr(gemms._fast, "launch", fail)
    monkeypatch.setattr(gemms._fast, "launch_known", fail)  # the launchers' path on a GPU
    with pytest.raises(RuntimeError, match="launch failed"):
        gemms.matmul(a, b, schedule=dict(SMALL, split_k=2))
    assert arrivals.ARRIVAL_COUNTS == {}
    monkeypatch.undo()
    check(gemms.matmul(a, b, schedule=dict(SMALL, split_k=2)), a.double() @ b.double())
    assert len(arrivals.ARRIVAL_COUNTS) == 1


def test_an_empty_slice_of_k_adds_nothing(gemms):
    a, b = randn(40, 70).T.contiguous().T, randn(70, 33)  # 3 K blocks over 4 programs; a column-major
    check(gemms.matmul(a, b, schedule=dict(SMALL, split_k=4)), a.double() @ b.double())


def test_split_k_with_epilogues(gemms):
    x, w, bias = randn(50, 130, dtype=torch.bfloat16), randn(40, 130, dtype=torch.bfloat16), randn(40, dtype=torch.float32)
    y = gemms.linear_gelu(x, w, bias, schedule={"split_k": 3})  # the spec pins 128x128x64 tiles: 3 K blocks
    check(y, F.gelu(x.double() @ w.double().T + bias.double()))
    x, w = randn(33, 100), randn(20, 100)
    scale, b, res = randn(33, dtype=torch.float32), randn(20), randn(33, 20)
    out = gemms.scaled_residual(x, w, scale, b, res, 0.5, schedule=dict(SMALL, split_k=2))
    want = scale.double()[:, None] * (x.double() @ w.double().T) + b.double() + 0.5 * res.double()
    check(out, want)
    x, w, bias = randn(30, 96), randn(96, 21), randn(21)
    pre, act = gemms.linear_silu(x, w, bias, schedule=dict(SMALL, split_k=3))
    check(pre, x.double() @ w.double() + bias.double())
    check(act, F.silu(x.double() @ w.double() + bias.double()))


def test_split_k_in_batches(gemms):
    a, b = randn(3, 20, 130, dtype=torch.bfloat16), randn(3, 130, 24, dtype=torch.bfloat16)
    check(gemms.bmm(a, b, schedule=dict(SMALL, split_k=2)), a.double() @ b.double())


def test_split_k_exact_for_integers():
    m, _ = compile_spec(ROOT / "specs" / "lowprec.tile")
    a = torch.randint(-128, 128, (33, 200), device=DEVICE, dtype=torch.int8)
    b = torch.randint(-128, 128, (200, 19), device=DEVICE, dtype=torch.int8)
    c = m.matmul_i8(a, b, schedule=dict(SMALL, split_k=3))
    assert torch.equal(c.cpu().long(), a.cpu().long() @ b.cpu().long())


def test_split_k_misuse_is_refused(gemms):
    a, b = randn(40, 64), randn(64, 40)
    with pytest.raises(ValueError, match=r"matmul\(\): schedule split_k > 1 runs with addressing = 'pointer'"):
        gemms.matmul(a, b, schedule=dict(SMALL, split_k=2, addressing="descriptor"))
    with pytest.raises(ValueError, match=r"persistent = True"):
        gemms.matmul(a, b, schedule=dict(SMALL, split_k=2, persistent=True))
    with pytest.raises(ValueError, match=r"schedule\['split_k'\] must be an integer from 1 to 16; got 0"):
        gemms.matmul(a, b, schedule=dict(SMALL, split_k=0))


def test_split_candidates_only_under_a_wave():
    base = [{"split_k": 1, **c, "addressing": "pointer", "persistent": False, "flatten": False, "sms": 132}
            for c in gemm_rt.GEMM_HOPPER_CONFIGS + gemm_rt.GEMM_HOPPER_SMALL_M_CONFIGS]
    few = gemm_rt.gemm_split_candidates(base, (1, 1024, 768, 3072), 132)  # gpt2's projection: 48-96 tiles
    assert few and all(c["split_k"] > 1 for c in few)
    for c in few:
        tiles = -(-1024 // c["block_m"]) * -(-768 // c["block_n"])
        assert tiles < 132 and tiles * c["split_k"] <= 132 and 3072 // c["block_k"] >= 4 * c["split_k"]
    assert not gemm_rt.gemm_split_candidates(base, (1, 4096, 4096, 4096), 132)  # waves of tiles already
    assert not gemm_rt.gemm_split_candidates(base, (1, 64, 64, 64), 132)  # K too short to split
    # The shortlist the tuner times keeps the model's best split-K candidate.
    ranked = sorted(base + few, key=lambda c: gemm_rt.gemm_model(c, (1, 1024, 768, 3072), 132, 2))
    assert any(c["split_k"] > 1 for c in gemm_rt.gemm_shortlist(ranked))


@pytest.mark.skipif(DEVICE != "cuda", reason="programs run concurrently only on a GPU")
def test_split_k_sums_the_same_bits_whichever_program_finishes_last(gemms):
    """On a GPU the programs of a tile finish in any order: the last one adds the partials
    in slot order, so repeated launches over many tiles give the same bits, and the sum
    matches the product."""
    a, b = randn(512, 4096), randn(4096, 512)
    first = gemms.matmul(a, b, schedule={"block_m": 64, "block_n": 64, "block_k": 64, "split_k": 8})
    check(first, a.double() @ b.double())
    for _ in range(20):
        assert torch.equal(first, gemms.matmul(a, b, schedule={"block_m": 64, "block_n": 64, "block_k": 64, "split_k": 8}))


@pytest.mark.skipif(DEVICE != "cuda", reason="streams and graphs need a GPU")
def test_split_k_on_two_streams_and_in_a_graph(gemms):
    """Each stream takes turns with its own arrival counts: split-K launches queued on two
    streams at once, many times over, all hold. A launch captured in a CUDA graph zeroes
    counts of its own inside the graph and leaves the streams' pool alone; its replays hold."""
    sched = {"block_m": 64, "block_n": 64, "block_k": 64, "split_k": 4}
    a, b = randn(256, 2048), randn(2048, 384)
    want = gemms.matmul(a, b, schedule=sched)
    check(want, a.double() @ b.double())
    streams = [torch.cuda.Stream(), torch.cuda.Stream()]
    for s in streams:
        s.wait_stream(torch.cuda.current_stream())
    outs = []
    for _ in range(10):
        for s in streams:
            with torch.cuda.stream(s):
                outs.append(gemms.matmul(a, b, schedule=sched))
    for s in streams:
        torch.cuda.current_stream().wait_stream(s)
    assert all(torch.equal(o, want) for o in outs)
    pool = dict(arrivals.ARRIVAL_COUNTS)
    assert len(pool) >= 3 and not any(c.any() for c in pool.values())  # the default stream's and both side streams'
    graph, side = torch.cuda.CUDAGraph(), torch.cuda.Stream()
    side.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(side), torch.cuda.graph(graph, stream=side):
        got = gemms.matmul(a, b, schedule=sched)
    torch.cuda.current_stream().wait_stream(side)
    assert {k: id(v) for k, v in arrivals.ARRIVAL_COUNTS.items()} == {k: id(v) for k, v in pool.items()}
    for _ in range(3):
        graph.replay()
        torch.cuda.synchronize()
        assert torch.equal(got, want)
