"""Reductions over named dimensions (`sum(x, M)`, `mean(e, B, N)`, max/min over several
dims, 0-d outputs) against torch: ragged sizes, strided and transposed views, sizes 0 and 1,
NaN and inf, split slices pinned by the schedule (the last slice of each block combines them) and not."""

import math
import re

import pytest
import torch

from conftest import DEVICE, compile_spec
from tilegen.pipeline import compile_source

SPEC = """
reduction colsum(x: bf16[M, N], w: f32[N], a: f32 = 2.0) -> (s: f32[N], m: f32[N], lo: f32[N]) {
    s = sum(x, M) * w + a
    m = max(x, M)
    lo = min(x * w, M)
}
reduction loss(x: f32[B, N], y: f32[B, N]) -> (l: f32, big: f32) {
    d = x - y
    l = mean(d * d, B, N)
    big = max(abs(d), N, B)
}
reduction middle(x: f32[B, T, C], mask: f32[T]) -> (y: f32[B, C]) {
    y = sum(x * mask, T)
}
reduction isum(x: i32[M, N]) -> (s: f32[N], top: i32[N]) {
    s = sum(x, M)
    top = max(x, M)
}
reduction rows_named(x: f32[M, N]) -> (s: f32[M]) {
    s = sum(x, N)
}
"""

SPLITS = {"auto": "", "split1": "split = 1", "split3": "split = 3; warps = 2"}


@pytest.fixture(scope="module")
def modules(tmp_path_factory):
    import re

    out = {}
    for name, schedule in SPLITS.items():
        text = SPEC
        if schedule:  # every kernel over named dims takes the pinned split
            text = re.sub(r"^}", f"    schedule {{ {schedule} }}\n}}", SPEC, flags=re.M)
            text = text.replace(f"    s = sum(x, N)\n    schedule {{ {schedule} }}", "    s = sum(x, N)")
        path = tmp_path_factory.mktemp("axes") / f"axes_{name}.tile"
        path.write_text(text)
        out[name] = compile_spec(path)[0]
    return out


def _randn(*shape, seed=0):
    return torch.randn(*shape, generator=torch.Generator().manual_seed(seed)).to(DEVICE)


@pytest.mark.parametrize("split", list(SPLITS))
@pytest.mark.parametrize("M, N, layout", [(5, 7, "contiguous"), (300, 33, "strided"), (70, 300, "transposed"),
                                          (1, 1, "contiguous"), (1000, 3, "contiguous")])
def test_column_sums(modules, split, M, N, layout):
    x = _randn(M, N, seed=M + N).to(torch.bfloat16)
    if layout == "strided":
        x = torch.cat([x, x], 1)[:, ::2]
    elif layout == "transposed":
        x = x.t().contiguous().t()
    w = _randn(N, seed=1)
    s, m, lo = modules[split].colsum(x, w)
    xf = x.float()
    torch.testing.assert_close(s, xf.sum(0) * w + 2.0, rtol=1e-5, atol=1e-4)
    torch.testing.assert_close(m, xf.amax(0), rtol=0, atol=0)
    torch.testing.assert_close(lo, (xf * w).amin(0), rtol=0, atol=0)
    for got, want in zip((s, m, lo), modules[split].colsum_reference(x, w)):
        torch.testing.assert_close(got, want, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("split", list(SPLITS))
@pytest.mark.parametrize("B, N", [(3, 5), (257, 31), (1, 1), (0, 4)])
def test_whole_tensor_into_0d_outputs(modules, split, B, N):
    x, y = _randn(B, N, seed=2), _randn(B, N, seed=3)
    if B == 0:  # the mean of nothing is NaN, as torch's; the max of nothing has no value
        with pytest.raises(ValueError, match=r"max over \[B, N\] has no value"):
            modules[split].loss(x, y)
        return
    l, big = modules[split].loss(x, y)
    assert l.shape == () and big.shape == ()
    torch.testing.assert_close(l, ((x - y) ** 2).mean(), rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(big, (x - y).abs().amax(), rtol=0, atol=0)
    out = torch.full((), float("nan"), device=DEVICE)
    modules[split].loss(x, y, l=out)
    torch.testing.assert_close(out, l)


def test_split_is_deterministic(modules):
    x = _randn(999, 17, seed=4).to(torch.bfloat16)
    w = _randn(17, seed=5)
    first = modules["split3"].colsum(x, w)[0]
    for _ in range(3):
        assert torch.equal(modules["split3"].colsum(x, w)[0], first)


@pytest.mark.parametrize("split", list(SPLITS))
def test_middle_dimension_with_a_broadcast_input(modules, split):
    x = _randn(4, 50, 6, seed=6).transpose(0, 2).contiguous().transpose(0, 2)  # [4, 50, 6], not contiguous
    mask = (_randn(50, seed=7) > 0).float()
    y = modules[split].middle(x, mask)
    torch.testing.assert_close(y, (x * mask[:, None]).sum(1), rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(y, modules[split].middle_reference(x, mask), rtol=1e-5, atol=1e-5)


def test_nan_and_inf(modules):
    x = torch.zeros(9, 4, device=DEVICE, dtype=torch.bfloat16)
    x[3, 0], x[5, 1], x[2, 2] = float("nan"), float("inf"), float("-inf")
    s, m, lo = modules["split3"].colsum(x, torch.ones(4, device=DEVICE), a=0.0)
    assert s[0].isnan() and m[0].isnan() and lo[0].isnan()
    assert s[1] == math.inf and m[1] == math.inf and lo[1] == 0
    assert s[2] == -math.inf and m[2] == 0 and lo[2] == -math.inf
    assert s[3] == 0 and m[3] == 0 and lo[3] == 0


def test_integer_inputs(modules):
    x = torch.randint(-1000, 1000, (301, 9), generator=torch.Generator().manual_seed(8), dtype=torch.int32).to(DEVICE)
    s, top = modules["split3"].isum(x)
    assert top.dtype == torch.int32 and torch.equal(top, x.amax(0))
    torch.testing.assert_close(s, x.float().sum(0))


def test_naming_the_last_dimension_is_a_row_reduction(modules):
    x = _randn(6, 70, seed=9)
    torch.testing.assert_close(modules["split3"].rows_named(x), x.sum(1), rtol=1e-5, atol=1e-5)


def test_no_outputs_and_nothing_to_reduce(modules):
    w = _randn(0, seed=1)
    s, m, lo = modules["auto"].colsum(torch.zeros(5, 0, device=DEVICE, dtype=torch.bfloat16), w)
    assert s.shape == (0,)
    with pytest.raises(ValueError, match=r"max over \[M\] has no value"):
        modules["auto"].colsum(torch.zeros(0, 3, device=DEVICE, dtype=torch.bfloat16), _randn(3))
    y = modules["auto"].middle(torch.zeros(2, 0, 3, device=DEVICE), torch.zeros(0, device=DEVICE))
    assert torch.equal(y, torch.zeros(2, 3, device=DEVICE))


def test_bad_call_names_the_parameter(modules):
    with pytest.raises(ValueError, match="'w'"):
        modules["auto"].colsum(torch.zeros(5, 4, device=DEVICE, dtype=torch.bfloat16), torch.zeros(3, device=DEVICE))


def test_examples_in_generated_module():
    from generated import reductions as red

    dy = _randn(77, 130, seed=10).to(torch.bfloat16)
    torch.testing.assert_close(red.bias_grad(dy), dy.float().sum(0), rtol=1e-5, atol=1e-4)
    x, y = _randn(40, 9, seed=11), _randn(40, 9, seed=12)
    torch.testing.assert_close(red.mse_loss(x, y), torch.nn.functional.mse_loss(x, y), rtol=1e-5, atol=1e-6)
    a = _randn(2, 33, 5, seed=13).to(torch.bfloat16)
    scale = _randn(5, seed=14)
    mu, peak = red.channel_stats(a, scale)
    torch.testing.assert_close(mu, a.float().mean((0, 1)) * scale, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(peak, a.float().abs().amax((0, 1)), rtol=0, atol=0)


def test_axis_plan_covers_the_reduced_range():
    """The launch model: tiles within AXIS_TILE, slices that cover the reduced elements
    exactly once, more slices only where the kept elements leave the SMs idle, and never
    more programs than one wave of AXIS_PROGRAMS_PER_SM per SM."""
    import tilegen.runtime.axes as rt

    shapes = [(8192, 8192), (1024, 16384), (1, 33554432), (50257, 4096), (37, 0), (3, 5), (32001, 2048),
              (4097, 32768), (769, 65536), (8191, 8192), (34000, 4096), (129, 1 << 20), (63983, 8192),
              (60000, 2048)]
    for sms in (132, 4):
        for n_kept, n_reduced in shapes:
            for kept_inner in (True, False):
                block_r, block_k, split, r_per_split, warps = rt.axis_plan(n_kept, n_reduced, kept_inner, sms)
                assert block_r * block_k <= rt.AXIS_TILE and r_per_split % block_r == 0 and warps in (4, 8)
                assert split == 1 or (split - 1) * r_per_split < n_reduced <= split * r_per_split
                programs = rt.cdiv(n_kept, block_k) * split
                # (two slices of column blocks that one slice leaves within the wave, or of the
                # widest rows loaded element by element)
                assert split == 1 or programs <= rt.AXIS_PROGRAMS_PER_SM * sms or (
                    split == 2 and kept_inner and programs <= rt.AXIS_NARROW_TWO_SLICES[1] * sms), (n_kept, sms)
    # the slices of the column blocks fill one wave of 9 * 132 = 1188, rounded down: 786
    # blocks of the 50257 columns take one slice (two made 1572 programs, 1.32 waves), 532
    # of 34000 take 2 (1064), 128 blocks of 8192 take 9 (1152), 501 of 32001 take 2, 65 of
    # 4097 take 18, 13 of 769 90 (91 slices of 721 rows round to 90 of 736), 595 of 38080 1;
    # but 1000 blocks of 63983 take 2 over 4096 rows (test_narrow_rows_of_many_blocks_split_in_two)
    expected = {(50257, 4096): 1, (8192, 8192): 9, (8191, 8192): 9, (32001, 2048): 2, (4097, 32768): 18,
                (769, 65536): 90, (34000, 4096): 2, (38016, 4096): 2, (38080, 4096): 1, (63983, 4096): 2,
                (63983, 4095): 1, (63983, 8192): 2}
    assert {shape: rt.axis_plan(*shape, True, 132)[2] for shape in expected} == expected
    # a wide output fills the GPU alone; a tall one splits
    assert rt.axis_plan(1 << 20, 4096, True, 132)[2] == 1
    assert rt.axis_plan(1024, 1 << 16, True, 132)[2] > 1
    assert rt.axis_plan(1024, 1 << 16, True, 132, pinned_split=3)[2] == 3


def test_rows_in_whole_vectors_split_in_two_up_to_12_programs_an_sm():
    """Column tiles whose rows load in whole 16-byte vectors take two slices where one would
    leave fewer than 12 programs an SM for two (1584 on 132 SMs): 680 and 786 column blocks;
    880 keep one, and splits of more slices keep the wave of 9; rows element by element,
    and tiles whose contiguous axis is reduced, keep the rule of 9 throughout."""
    import tilegen.runtime.axes as rt

    expected = {(43520, 2048): (2, 1), (50304, 4096): (2, 1), (29440, 8192): (2, 2), (56320, 4096): (1, 1),
                (8192, 8192): (9, 9), (4096, 16384): (18, 18)}
    got = {shape: (rt.axis_plan(*shape, True, 132, whole_vectors=True)[2], rt.axis_plan(*shape, True, 132)[2])
           for shape in expected}
    assert got == expected
    assert rt.axis_plan(4096, 43520, False, 132, whole_vectors=True) == rt.axis_plan(4096, 43520, False, 132)
    assert rt.axis_plan(43520, 2048, True, 132, pinned_split=3, whole_vectors=True)[2] == 3
    assert rt.axis_plan(43520, 64, True, 132, whole_vectors=True)[2] == 1  # too few rows for two slices


def test_narrow_rows_of_many_blocks_split_in_two():
    """Column tiles whose rows load element by element take two slices where one leaves 6.5
    to 15.5 programs an SM (858-2046 column blocks on 132 SMs, the range measured), over at
    least 8192 rows (4096 a slice), or from 7 programs an SM (924 blocks) over 4096-8191 rows
    (2048 a slice); rows in whole vectors keep their own rule there (one slice past 792
    blocks)."""
    import tilegen.runtime.axes as rt

    rows = (4095, 4096, 8191, 8192, 16384)
    expected = {50287: (1, 1, 1, 1, 1), 54847: (1, 1, 1, 1, 1), 54911: (1, 1, 1, 2, 2), 56303: (1, 1, 1, 2, 2),
                59071: (1, 1, 1, 2, 2), 59135: (1, 2, 2, 2, 2), 63983: (1, 2, 2, 2, 2), 68608: (1, 2, 2, 2, 2),
                68609: (1, 2, 2, 2, 2), 127983: (1, 2, 2, 2, 2), 130944: (1, 2, 2, 2, 2), 130945: (1, 1, 1, 1, 1)}
    assert {cols: tuple(rt.axis_plan(cols, r, True, 132)[2] for r in rows) for cols in expected} == expected
    assert [rt.axis_plan(63983, r, True, 132, whole_vectors=True)[2] for r in rows] == [1] * len(rows)
    assert rt.axis_plan(8192, 63983, False, 132) == rt.axis_plan(8192, 63983, False, 132, whole_vectors=True)
    assert rt.axis_plan(63983, 8192, True, 132, pinned_split=1)[2] == 1


def test_welford_slices_fill_a_wave_of_the_programs_its_registers_keep():
    """A kernel with Welford moments holds 96 registers a thread in whole vectors and 80
    element by element (AXIS_MOMENTS_REGISTERS, 128 threads a program): 65536 registers an
    SM keep 5 and 6 of its programs, and its slices fill a wave of that many (column sums:
    9). The H100 shapes measured: 8192x8192 5 slices (9 for sums), 8192x8191 6, 32768x4096
    10, 16384x1024 40 (41 of 400 rows round to 40 of 416); 786 blocks of 50257 columns one
    slice either way; 384 blocks of 2048 rows and 512 of 1024 one (before, the sums'
    two-slice rule for rows in whole vectors gave them two); 1000 blocks of 8192 rows loaded
    element by element two, that rule's, as the sums'. The generated launchers ask for it
    where a pass carries moments, and only there."""
    import tilegen.runtime.axes as rt

    assert (rt.moments_programs(True), rt.moments_programs(False)) == (5, 6)
    expected = {(8192, 8192, True): (5, 9), (8191, 8192, False): (6, 9), (4096, 32768, True): (10, 18),
                (1024, 16384, True): (40, 74), (50257, 4096, False): (1, 1), (24576, 2048, True): (1, 3),
                (32768, 1024, True): (1, 2), (63983, 8192, False): (2, 2)}
    got = {(n, r, wv): (rt.axis_plan(n, r, True, 132, whole_vectors=wv, moments=True)[2],
                        rt.axis_plan(n, r, True, 132, whole_vectors=wv)[2]) for n, r, wv in expected}
    assert got == expected
    assert rt.axis_plan(8192, 8192, True, 132, pinned_split=3, moments=True)[2] == 3
    compiled = compile_source(WELFORD + SPEC, "welford_plan.tile")
    models = {m.sig.name: m for m in compiled.models}
    assert [name for name, m in models.items() if getattr(m, "welford", False)] == ["bn_stats", "group_m2"]
    launchers = {name: compiled.source.split(f"\ndef {name}(")[1].split("\ndef ")[0] for name in models}
    assert {name for name, text in launchers.items() if "moments=True" in text} == {"bn_stats", "group_m2"}
    assert {name for name, text in launchers.items() if "**_axes.moments_options(" in text} == {"bn_stats", "group_m2"}


def test_welford_caps_its_registers_where_its_programs_pass_the_fewest_resident():
    """Past 5 programs an SM (what 96 registers a thread keep resident) a launch with Welford
    moments whose rows load in whole vectors caps its registers at 80 (6 resident):
    4096x50304, 786 blocks of one slice on 132 SMs. Not 8192x8192 (640 programs), not
    2048x24576 (384 blocks, one slice each), not element by element (80 registers either
    way: 8192x8191, 768 programs), and a launcher whose spec pins the warps, even to 4, does
    not ask."""
    import tilegen.runtime.axes as rt

    assert rt.AXIS_MOMENTS_MAXNREG * 128 * 6 <= rt.SM_REGISTERS < rt.AXIS_MOMENTS_REGISTERS[1] * 128 * 6
    capped = {"maxnreg": 80}
    for n, r, wv, cap in ((50304, 4096, True, capped), (8191, 8192, False, {}), (8192, 8192, True, {}),
                          (1024, 16384, True, {}), (50257, 4096, False, {}), (24576, 2048, True, {}),
                          (32768, 1024, True, {})):
        block_r, block_k, split, _, warps = rt.axis_plan(n, r, True, 132, whole_vectors=wv, moments=True)
        assert rt.moments_options(((n + block_k - 1) // block_k, split), 132, wv) == cap, (n, r)
    assert rt.moments_options((660,), 132, True) == {} and rt.moments_options((331, 2), 132, True) == capped
    assert rt.moments_options((331, 2), 132, False) == {}
    pinned = WELFORD.replace("var = mean(xc * xc, B, T)\n}", "var = mean(xc * xc, B, T)\n    schedule { warps = 4 }\n}")
    assert pinned != WELFORD
    source = compile_source(pinned, "welford_pinned.tile").source
    bn = source.split("\ndef bn_stats(")[1].split("\ndef ")[0]
    m2 = source.split("\ndef group_m2(")[1].split("\ndef ")[0]
    assert "num_warps = 4  # pinned" in bn and "moments_options" not in bn and "**_axes.moments_options(" in m2


def test_axis_partials_allocate_only_when_split():
    import tilegen.runtime.axes as rt

    one = rt.axis_partials(1, 100, torch.float32, torch.device(DEVICE))
    assert one.numel() == 1 and rt.axis_partials(1, 7, torch.float32, torch.device(DEVICE)) is one
    assert rt.axis_partials(3, 100, torch.int32, torch.device(DEVICE)).shape == (3, 100)


def test_the_combine_reads_a_tile_of_slices_a_step():
    """The combine folds in a tile of AXIS_TILE elements a step: 32 slices of a 64-column
    block, every one of 1056 slices of a whole-tensor mean in one step, never more slices
    than there are (rounded up to a power of 2)."""
    import tilegen.runtime.axes as rt

    assert rt.axis_combine_block(16, 64) == 16 and rt.axis_combine_block(100, 64) == 32
    assert rt.axis_combine_block(1056, 1) == 2048 and rt.axis_combine_block(3, 1) == 4
    for split in (2, 7, 33, 1056):
        for block_k in (1, 2, 16, 64):
            s = rt.axis_combine_block(split, block_k)
            assert s * block_k <= max(rt.AXIS_TILE, block_k) and (s >= split or s * block_k * 2 > rt.AXIS_TILE)


def test_split_launches_leave_the_arrival_counts_at_zero(modules, monkeypatch):
    """The slices of a block count themselves in and the last to arrive combines them, then
    sets the block's count back to 0: launches on one stream take turns with one buffer of
    counts that no launch zeroes, so launch after launch, of more blocks and of fewer, every
    result holds and the counts end at zero. A launch that raises gives its counts up
    (some slices may not have counted in), and the next one zeroes a fresh buffer."""
    from tilegen.runtime import arrivals

    arrivals.ARRIVAL_COUNTS.clear()
    for M, N in ((999, 17), (300, 700), (50, 5), (1000, 3)):
        x = _randn(M, N, seed=M).to(torch.bfloat16)
        w = _randn(N, seed=N)
        s, m, lo = modules["split3"].colsum(x, w)
        torch.testing.assert_close(s, x.float().sum(0) * w + 2.0, rtol=1e-5, atol=1e-4)
        torch.testing.assert_close(m, x.float().amax(0), rtol=0, atol=0)
        (counts,) = arrivals.ARRIVAL_COUNTS.values()  # given back after the launch
        assert counts.dtype == torch.int32 and not counts.any()
        l, big = modules["split3"].loss(x.float(), w.expand(M, N))  # a 0-d output: one block of slices
        torch.testing.assert_close(l.double(), ((x.double() - w.double()) ** 2).mean(), rtol=1e-5, atol=1e-6)
        assert len(arrivals.ARRIVAL_COUNTS) == 1 and not arrivals.ARRIVAL_COUNTS[arrivals.counts_key(x.device)].any()
    module = modules["split3"]

    def fail(*args, **kwargs):
        raise RuntimeError("launch failed")

    monkeypatch.setattr(module._fast, "launch", fail)
    with pytest.raises(RuntimeError, match="launch failed"):
        module.colsum(x, w)
    assert arrivals.ARRIVAL_COUNTS == {}
    monkeypatch.undo()
    torch.testing.assert_close(module.colsum(x, w)[1], x.float().amax(0), rtol=0, atol=0)
    assert len(arrivals.ARRIVAL_COUNTS) == 1


def test_the_combines_own_names_are_free_for_specs(tmp_path):
    """The names the split path uses (the launcher's counts and their pool, the kernel's
    arrival, its loop over slices and the slices' tiles) may name a spec's parameters,
    outputs and temporaries: the generated code renames its own."""
    path = tmp_path / "names.tile"
    path.write_text("reduction names(count: f32[M, N], pool: f32[N]) -> (arrived: f32[N], slice_block: f32[N]) {\n"
                    "    slices_s = count * pool\n    arrived = sum(slices_s, M)\n    slice_block = max(count, M)\n"
                    "    schedule { split = 3 }\n}\n")
    module, _ = compile_spec(path)
    x, w = _randn(300, 70, seed=11), _randn(70, seed=12)
    got, top = module.names(x, w)
    torch.testing.assert_close(got, (x * w).sum(0), rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(top, x.amax(0), rtol=0, atol=0)


def test_one_slice_takes_no_counts(modules):
    """Unsplit launches count nothing: they take no buffer of counts from the pool."""
    from tilegen.runtime import arrivals

    arrivals.ARRIVAL_COUNTS.clear()
    x = _randn(40, 9, seed=3).to(torch.bfloat16)
    modules["split1"].colsum(x, _randn(9, seed=2))
    assert arrivals.ARRIVAL_COUNTS == {}



def test_evict_first_up_to_three_l2s_of_what_the_loop_reads():
    """The tile loop's loads ask L2 to drop their lines first where the tensors it reads come
    to at most 3 L2s (the H100's 50 MiB; the interpreter's default alike): the measured
    gains at 25-128 MiB of bf16 column sums, not the losses at 196 MiB of rows loaded element
    by element or at 393-1000 MiB. Both inputs of a loss count."""
    import tilegen.runtime.axes as rt

    def meta(*shape, dtype=torch.bfloat16):
        return torch.empty(shape, dtype=dtype, device="meta")

    cpu = torch.device("cpu")
    assert rt.l2_bytes(cpu) == 50 * 2**20 == rt.L2_DEFAULT_BYTES
    on = [meta(512, 32001), meta(8192, 8192), meta(2048, 32001), meta(65536, 769), meta(0, 5)]
    off = [meta(2048, 50257), meta(4096, 24576), meta(4096, 50257), meta(32768, 8192)]
    assert [rt.axis_evict_first((t,), cpu) for t in on] == [True] * len(on)
    assert [rt.axis_evict_first((t,), cpu) for t in off] == [False] * len(off)
    edge = 3 * 50 * 2**20 // 4  # f32 elements of exactly 3 L2s
    assert rt.axis_evict_first((meta(edge, dtype=torch.float32),), cpu)
    assert not rt.axis_evict_first((meta(edge + 1, dtype=torch.float32),), cpu)
    x = meta(8192, 4096, dtype=torch.float32)  # mse_loss: 128 MiB each, 256 together
    assert rt.axis_evict_first((x,), cpu) and not rt.axis_evict_first((x, x), cpu)


def test_only_the_last_pass_asks_l2_to_drop_its_rows():
    """A pass before the last reads rows a later pass reads again, so its loads carry no
    hint; the last pass's loads (flat and strided) carry evict_first under EVICT_FIRST, which
    the launcher sets from axis_evict_first over the tensors the loop reads."""
    source = compile_source(CHAINED, "chained_hint.tile").source
    kernel = source.split("def col_var_kernel(")[1].split("\ndef ")[0]
    first, last = kernel.split("if PASS == 0:")[1].split("elif PASS == 1:")
    hint = 'eviction_policy="evict_first" if EVICT_FIRST else ""'
    assert hint not in first and last.count(hint) == 2 and "EVICT_FIRST: tl.constexpr" in kernel
    launcher = source.split("\ndef col_var(")[1].split("\ndef ")[0]
    assert "signature, _axes.axis_facts, (x, scale), (x,), device" in launcher
    assert "EVICT_FIRST=evict_first," in launcher


def test_the_hint_goes_to_streamed_loads_alone():
    """Only full-shaped tensors' loads take the hint (each element read once a pass): w, a
    [N] row every tile step reads again, does not, nor a [T, S] mask read again for every B,
    nor does the launcher count their bytes. A Welford pass (the last) hints its load, the
    main loop's and the re-read's for a mean that is not finite."""
    source = compile_source(WELFORD + """
reduction weighted(x: bf16[M, N], w: f32[N]) -> (c: f32[N]) {
    c = sum(x * w, M)
}
reduction masked_rows(x: f32[B, T, S], keep: f32[T, S]) -> (c: f32[B, S]) {
    c = sum(x * keep, T)
}
""", "hint_streamed.tile").source
    hint = 'eviction_policy="evict_first" if EVICT_FIRST else ""'
    kernel = source.split("def weighted_kernel(")[1].split("\ndef ")[0]
    calls = re.findall(r"tl\.load\(\s*(\w+)_ptr([^)]*)\)", kernel)
    assert [name for name, args in calls if hint in args] == ["x"]  # (no flat path: w is not full-shaped)
    assert "w" in {name for name, args in calls if hint not in args}
    launcher = source.split("\ndef weighted(")[1].split("\ndef ")[0]
    assert "signature, _axes.axis_facts, (x, w), (x,), device" in launcher
    masked = source.split("def masked_rows_kernel(")[1].split("\ndef ")[0]
    calls = re.findall(r"tl\.load\(\s*(\w+)_ptr([^)]*)\)", masked)
    assert {name for name, args in calls if hint in args} == {"x"}
    assert "keep" in {name for name, args in calls if hint not in args}
    assert "_axes.axis_facts, (x, keep), (x,), device" in source.split("\ndef masked_rows(")[1]
    bn = source.split("def bn_stats_kernel(")[1].split("\ndef ")[0]
    assert bn.count(hint) == 4  # flat and strided, in the loop and in the re-read


# ---- reductions that read others' results: a pass per level ------------------------------

CHAINED = """
reduction col_var(x: f32[M, N], scale: f32[N]) -> (mu: f32[N], var: f32[N]) {
    mu = mean(x, M) * scale
    var = mean((x - mu) ** 2, M)
}
reduction kurtosis(x: f64[B, N]) -> (k: f64) {
    mu = mean(x, B, N)
    v = mean((x - mu) ** 2, B, N)
    k = mean(((x - mu) ** 2 / v) ** 2, B, N)
}
reduction spread(x: bf16[B, T, C]) -> (r: f32[C]) {
    r = max(abs(x - mean(x, B, T)), B, T)
}
reduction mad_ratio(x: f64[B, N]) -> (k: f64) {
    mu = mean(x, B, N)
    s = mean(abs(x - mu), B, N)
    k = mean(abs(x - mu) / s, B, N)
}
"""


@pytest.fixture(scope="module")
def chained(tmp_path_factory):
    path = tmp_path_factory.mktemp("chained") / "chained.tile"
    path.write_text(CHAINED)
    return compile_spec(path)


@pytest.mark.parametrize("M, N, layout", [(300, 33, "strided"), (70, 300, "transposed"), (1, 1, "contiguous"),
                                          (2000, 3, "contiguous"), (0, 4, "contiguous"), (5, 0, "contiguous")])
def test_column_variance_in_two_passes(chained, M, N, layout):
    module, models = chained
    # (mu * scale is no mean: col_var's variance takes a pass of its own; kurtosis's v joins
    # its mean's pass, Welford, test_variance_joins_its_mean_in_one_pass)
    assert len(models["col_var"].passes) == 2 and not models["col_var"].passes[0].moments
    assert len(models["kurtosis"].passes) == 2 and len(models["mad_ratio"].passes) == 3
    x = _randn(M + 3, N * 2 + 1, seed=M)[:M, 1::2] if layout == "strided" else (
        _randn(N, M, seed=N).T if layout == "transposed" else _randn(M, N, seed=1))
    x = x + 3.0  # a mean far from 0: a one-pass E[x^2] - E[x]^2 would lose digits here
    scale = _randn(N, seed=2)
    mu, var = module.col_var(x, scale)
    want_mu = x.double().mean(0) * scale.double()
    want_var = ((x.double() - want_mu) ** 2).mean(0)
    torch.testing.assert_close(mu.double(), want_mu, rtol=1e-5, atol=1e-5, equal_nan=M == 0)
    torch.testing.assert_close(var.double(), want_var, rtol=1e-4, atol=1e-5, equal_nan=M == 0)
    if M == 0 and N:
        assert mu.isnan().all() and var.isnan().all()  # 0 / 0, as torch.mean of nothing


def test_chained_kernels(chained):
    module, models = chained
    x = _randn(37, 301, seed=5).double()
    k = module.kurtosis(x)
    c = x - x.mean()
    want = ((c ** 2 / (c ** 2).mean()) ** 2).mean()
    assert k.shape == () and torch.allclose(k, want, rtol=1e-12, atol=0)
    torch.testing.assert_close(module.mad_ratio(x), (c.abs() / c.abs().mean()).mean(), rtol=1e-12, atol=0)
    # max over a centred value; a NaN in one channel stays there
    y = _randn(4, 50, 7, seed=6).to(torch.bfloat16)
    y[2, 10, 3] = float("nan")
    r = module.spread(y)
    want_r = (y.float() - y.float().mean((0, 1), keepdim=True)).abs().amax((0, 1))
    assert r.isnan().tolist() == [c == 3 for c in range(7)]
    torch.testing.assert_close(r[~r.isnan()], want_r[~want_r.isnan()], rtol=1e-6, atol=1e-6)
    # a launch per pass; what one pass leaves for the next goes through a [n_kept] buffer
    source = compile_source(CHAINED, "chained.tile").source
    assert "for PASS in range(3):" in source and "mu_keep = torch.empty(n_kept" in source
    assert "# Pass 2 of 2 over the reduced elements" in source and "# Pass 3 of 3" in source


WELFORD = """
reduction bn_stats(x: bf16[B, T, C]) -> (mu: f32[C], var: f32[C]) {
    mu = mean(x, B, T)
    xc = x - mu
    var = mean(xc * xc, B, T)
}
reduction group_m2(x: f32[B, T, C]) -> (mu: f32[B], m2: f32[B]) {
    mu = mean(x, T, C)
    m2 = sum((x - mu) ** 2, T, C)
}
"""


@pytest.mark.parametrize("split", [0, 3, 7])
def test_variance_joins_its_mean_in_one_pass(tmp_path, split):
    """A variance about a mean (`mean(D * D)` or `sum(D ** 2)`, D = A - mean(A), through
    names) joins the mean's pass: one read, Welford's running mean and M2 per lane,
    combined over the tile and then over the slices (pinned here: 3 and 7 slices, and the
    launch's own). Column tiles and tiles whose contiguous axis is reduced; a mean far from
    0 (where E[x^2] - E[x]^2 would lose every digit); strided views; inf and NaN as torch
    (an inf gives an inf mean and a NaN variance, +inf with -inf a NaN mean); nothing to
    reduce gives NaN."""
    path = tmp_path / f"welford{split}.tile"
    spec = re.sub(r"^}", f"    schedule {{ split = {split} }}\n}}", WELFORD, flags=re.M) if split else WELFORD
    path.write_text(spec)
    module, models = compile_spec(path)
    for name in ("bn_stats", "group_m2"):
        assert len(models[name].passes) == 1 and len(models[name].passes[0].moments) == 1, name
    x = (_randn(7, 301, 12, seed=11) * 3 + 5).to(torch.bfloat16)
    x[1, 8, 3] = float("inf")  # (even positions along T: the view x[:, ::2] keeps them)
    x[4, 100, 5] = float("nan")
    x[0, 0, 6], x[6, 300, 6] = float("inf"), float("-inf")
    for view in (x, x.transpose(0, 1).contiguous().transpose(0, 1), x[:, ::2]):
        mu, var = module.bn_stats(view)
        want_mu = view.double().mean((0, 1))
        want_var = ((view.double() - want_mu) ** 2).mean((0, 1))
        assert mu.isnan().tolist() == [c in (5, 6) for c in range(12)] and mu[3] == float("inf")
        torch.testing.assert_close(mu.double(), want_mu, rtol=1e-6, atol=1e-6, equal_nan=True)
        torch.testing.assert_close(var.double(), want_var, rtol=1e-5, atol=1e-6, equal_nan=True)
    # A mean far from 0 (1e4, spread 1): Welford's running means round at the mean's
    # magnitude, which reaches the M2 (4.5e-5 relative at most where measured; design.md).
    y = _randn(5, 67, 33, seed=12) + 1e4
    mu, m2 = module.group_m2(y[:, :, 1:])
    want = y[:, :, 1:].double()
    want_mu = want.mean((1, 2))
    torch.testing.assert_close(mu.double(), want_mu, rtol=1e-6, atol=0)
    torch.testing.assert_close(m2.double(), ((want - want_mu[:, None, None]) ** 2).sum((1, 2)), rtol=1e-4, atol=0)
    mu, var = module.bn_stats(x[:, :0])
    assert mu.shape == (12,) and mu.isnan().all() and var.isnan().all()


@pytest.mark.parametrize("split", [0, 3])
def test_welford_temporaries_take_no_result_names(tmp_path, split):
    """The running mean's temporaries (its delta, weight, value, counts) are named apart
    from every reduction's own: a variance named mean_x_delta, or a mean of an input named
    x_value, beside the Welford pair of mean(x), keep their own accumulators."""
    pin = f"\n    schedule {{ split = {split} }}" if split else ""
    path = tmp_path / f"names{split}.tile"
    path.write_text(f"""
reduction k(x: f32[M, N]) -> (mu: f32[N], v: f32[N]) {{
    mu = mean(x, M)
    x_delta = (x - mu) ** 2
    v = mean(x_delta, M){pin}
}}
reduction k2(x: f32[M, N], x_value: f32[M, N]) -> (v: f32[N], a: f32[N], w: f32[N]) {{
    mu = mean(x, M)
    v = mean((x - mu) ** 2, M)
    a = mean(x_value, M)
    w = sum(x_value * 2.0, M){pin}
}}
""")
    module, models = compile_spec(path)
    assert all(len(models[n].passes) == 1 for n in ("k", "k2"))
    x, y = _randn(300, 5, seed=13) + 2, _randn(300, 5, seed=14)
    want_v = ((x.double() - x.double().mean(0)) ** 2).mean(0)
    mu, v = module.k(x)
    torch.testing.assert_close(v.double(), want_v, rtol=1e-5, atol=1e-6)
    v, a, w = module.k2(x, y)
    torch.testing.assert_close(v.double(), want_v, rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(a.double(), y.double().mean(0), rtol=1e-5, atol=1e-6)
    torch.testing.assert_close(w.double(), y.double().sum(0) * 2, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("split", [0, 3])
def test_welford_masked_lanes_and_names(tmp_path, split):
    """Lanes past the reduced range (a ragged last step) load zeros, whose A may be inf or
    NaN (log(0)): they must not reach the M2. Welford's temporaries are named apart from
    the spec's own names (a value, an input, a kept result of an earlier pass)."""
    pin = f"\n    schedule {{ split = {split} }}" if split else ""
    path = tmp_path / f"masked{split}.tile"
    path.write_text(f"""
reduction logs(x: f32[M, N]) -> (mu: f32[N], v: f32[N]) {{
    a = log(x)
    mu = mean(a, M)
    v = mean((a - mu) ** 2, M){pin}
}}
reduction named(x: f32[M, N], acc_shift_mean_v: f32[M, N]) -> (v: f32[N], s: f32[N], o: f32[N]) {{
    shifted_mean_v = max(x, M)
    mu = mean(x - shifted_mean_v, M)
    v = mean((x - shifted_mean_v - mu) ** 2, M)
    s = sum(acc_shift_mean_v, M)
    o = shifted_mean_v + mu{pin}
}}
""")
    module, _ = compile_spec(path)
    for m in (3, 37, 1000, 4099):
        x = _randn(m, 5, seed=m).abs() + 0.5
        mu, v = module.logs(x)
        a = x.double().log()
        torch.testing.assert_close(v.double(), a.var(0, unbiased=False), rtol=1e-5, atol=1e-6)
        y = _randn(m, 5, seed=m + 1)
        v, s, o = module.named(x, y)
        c = x.double() - x.double().amax(0)
        torch.testing.assert_close(v.double(), c.var(0, unbiased=False), rtol=1e-5, atol=1e-6)
        torch.testing.assert_close(s.double(), y.double().sum(0), rtol=1e-5, atol=1e-5)
        torch.testing.assert_close(o.double(), x.double().mean(0), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("split", [0, 2, 3])
def test_welford_at_the_ends_of_the_range(tmp_path, split):
    """Finite values whose distances overflow give a mean that is no longer finite: the
    slice reads its values again, as for an inf (2e38 and -2e38 in one lane: mean 0, not
    -inf). Large equal values keep their mean and a variance of 0 (a sum of large means
    would overflow). A NaN or inf in one column leaves its neighbours' results as they
    were, bit for bit; an inf in one slice of a column gives an inf mean."""
    pin = f"\n    schedule {{ split = {split} }}" if split else ""
    path = tmp_path / f"ends{split}.tile"
    path.write_text(f"""
reduction cols(x: f32[M, N]) -> (mu: f32[N], v: f32[N]) {{
    mu = mean(x, M)
    v = mean((x - mu) ** 2, M){pin}
}}
reduction bn(x: f32[B, T, C]) -> (mu: f32[C], v: f32[C]) {{
    mu = mean(x, B, T)
    v = mean((x - mu) ** 2, B, T){pin}
}}
""")
    module, _ = compile_spec(path)
    x = torch.zeros(1024, 4)
    x[0, 1], x[512, 1] = 2e38, -2e38
    mu, v = module.cols(x)
    assert mu.tolist() == [0.0, 0.0, 0.0, 0.0] and v[0] == 0 and v[2] == 0
    mu, v = module.cols(torch.full((100, 4), 1e37))
    assert mu.tolist() == [1e37] * 4 or torch.equal(mu, torch.full((4,), 1e37)), mu
    assert v.tolist() == [0.0] * 4
    y = _randn(2, 700, 16, seed=21)
    mu, v = module.bn(y)
    y[1, 650, 7] = float("nan")
    y[0, 3, 9] = float("inf")
    mu2, v2 = module.bn(y)
    keep = [c for c in range(16) if c not in (7, 9)]
    assert torch.equal(mu2[keep], mu[keep]) and torch.equal(v2[keep], v[keep])
    assert mu2[7].isnan() and v2[7].isnan() and mu2[9] == float("inf") and v2[9].isnan()


def test_batch_norm_stats_example():
    from conftest import ROOT
    from tilegen.tools.validate import run_case

    module, models = compile_spec(ROOT / "specs" / "reductions.tile")
    model = models["batch_norm_stats"]
    for case in model.validation_cases(quick=True):
        assert run_case(module, model.sig, case, DEVICE) is None, case.label
    x = (_randn(6, 40, 9, seed=7) * 2 + 5).to(torch.bfloat16)
    mu, var = module.batch_norm_stats(x)
    torch.testing.assert_close(mu.double(), x.double().mean((0, 1)), rtol=1e-6, atol=1e-6)
    torch.testing.assert_close(var.double(), x.double().var((0, 1), unbiased=False), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("split", [1, 3, 7])
def test_chained_passes_with_split_slices(chained, tmp_path, split):
    """Pinned splits: each pass's slices are combined by the last to finish, and the results one
    pass leaves for the next go through memory; the same values as unsplit."""
    path = tmp_path / f"chained_split{split}.tile"
    path.write_text(re.sub(r"^}", f"    schedule {{ split = {split} }}\n}}", CHAINED, flags=re.M))
    module, _ = compile_spec(path)
    x = _randn(301, 37, seed=8).double() + 2.0
    scale = _randn(37, seed=9)
    mu, var = module.col_var(x.float(), scale)
    torch.testing.assert_close(mu.double(), x.mean(0) * scale.double(), rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(var.double(), ((x - x.mean(0) * scale.double()) ** 2).mean(0), rtol=1e-4, atol=1e-5)
    c = x - x.mean()
    k = module.kurtosis(x)
    torch.testing.assert_close(k, ((c ** 2 / (c ** 2).mean()) ** 2).mean(), rtol=1e-12, atol=0)
    y = _randn(3, 80, 5, seed=10).to(torch.bfloat16)
    want = (y.float() - y.float().mean((0, 1), keepdim=True)).abs().amax((0, 1))
    torch.testing.assert_close(module.spread(y), want, rtol=1e-6, atol=1e-6)
