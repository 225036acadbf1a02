"""Launch choices against what was measured on the H100: the GEMM launch model's order of
two candidates at a shape where the times of both are known (docs/design.md, "An analytic
model picks untuned"), and the rows a single-pass reduction takes a program
(rows_to_fill)."""

import pytest

import tilegen.runtime.gemm as gemm_rt
from tilegen.runtime.launch_model import gemm_model

SMS = 132


def pointer(block_m, block_n, block_k, warps, stages, split_k=1):
    return dict(block_m=block_m, block_n=block_n, block_k=block_k, group_m=8, warps=warps, stages=stages,
                split_k=split_k, addressing="pointer", persistent=False, flatten=False, sms=SMS)


@pytest.mark.parametrize("sizes, faster, slower", [
    # Batched rows of one over a short K: large tiles are mostly padding (21.3 against 30.8 us).
    ((32, 1, 4096, 128), pointer(16, 128, 128, 4, 4), pointer(128, 256, 64, 8, 3)),
    # Eleven columns over a deep K: small tiles, no split (22.0 against 25.4 us).
    ((1, 4096, 11, 4096), pointer(16, 32, 256, 4, 4), pointer(64, 64, 128, 4, 4, split_k=2)),
    # Large products keep large tiles.
    ((1, 4096, 4096, 4096), pointer(128, 256, 64, 8, 3), pointer(64, 64, 64, 4, 3)),
    # Decode: the weight streams once, in tiles of few rows (llama3-8b qkv at M = 1).
    ((1, 1, 6144, 4096), pointer(16, 32, 256, 4, 4), pointer(128, 256, 64, 8, 3)),
    # ... in tiles of 64 columns: half the programs, each with twice the bytes in flight (30.2 against 32.7 us),
    ((1, 1, 6144, 4096), pointer(16, 64, 256, 4, 4), pointer(16, 32, 256, 4, 4)),
    # and a deeper pipeline keeps more of them in flight (phi3-mini down: 31.0 against 33.2 us;
    # against split-K 4 over 16x128 tiles 32.1; qwen2-7b down: 62.9 against 68.9).
    ((1, 1, 3072, 8192), pointer(16, 32, 256, 4, 6), pointer(16, 32, 256, 4, 4)),
    ((1, 1, 3072, 8192), pointer(16, 32, 256, 4, 6), pointer(16, 128, 128, 4, 4, split_k=4)),
    ((1, 1, 3584, 18944), pointer(16, 32, 256, 4, 6), pointer(16, 32, 256, 4, 4)),
])
def test_model_orders_candidates_as_measured(sizes, faster, slower):
    assert gemm_model(faster, sizes, SMS, 2) < gemm_model(slower, sizes, SMS, 2)


def test_models_first_choice_at_batched_single_rows():
    candidates = [pointer(**{k: c[k] for k in ("block_m", "block_n", "block_k", "warps", "stages")})
                  for c in gemm_rt.GEMM_HOPPER_CONFIGS + gemm_rt.GEMM_HOPPER_SMALL_M_CONFIGS]
    first = gemm_rt.gemm_rank(candidates, (32, 1, 4096, 128), SMS, 2)[0]
    assert (first["block_m"], first["block_n"], first["block_k"]) == (16, 128, 128)  # measured best, 21.3 us


@pytest.mark.parametrize("sizes, want", [
    ((1, 1, 6144, 4096), (16, 64, 256, 4)),  # llama3-8b qkv M=1: 30.2 us (16x32x256 in 4 stages: 32.7)
    ((1, 1, 3072, 8192), (16, 32, 256, 6)),  # phi3-mini down M=1: 31.0 (split-K 4 over 16x128x128: 32.1)
    ((1, 1, 3584, 18944), (16, 32, 256, 6)),  # qwen2-7b down M=1: 62.9 (4 stages: 68.9)
    ((1, 32, 4096, 14336), (16, 64, 256, 4)),  # llama3-8b down M=32: the tuner's choice too (1.004x cuBLAS)
])
def test_models_first_choice_at_decode(monkeypatch, sizes, want):
    """The model's first choice among the Hopper candidates, split-K included, as a first
    call launches it untuned (docs/design.md, "Small-M tiles on Hopper")."""
    import torch

    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("NVIDIA H100 80GB HBM3", 9, 232448, SMS))
    grid = dict(split_k=1, addressing="pointer", persistent=False, flatten=False, sms=SMS)
    candidates = [{**grid, **c} for c in gemm_rt.gemm_candidates(torch.device("cuda", 0), 2, {})]
    candidates += gemm_rt.gemm_split_candidates(candidates, gemm_rt.gemm_bucket(sizes), SMS)
    first = gemm_rt.gemm_rank(candidates, sizes, SMS, 2)[0]
    assert (first["block_m"], first["block_n"], first["block_k"], first["stages"]) == want
    assert first["split_k"] == 1


@pytest.mark.parametrize("sizes, want", [
    # untuned / tuned with 4 stages -> with 5
    ((1, 2048, 768, 3072), (64, 128, 64, 64, 5)),  # gpt2 proj bf16: 0.899 -> 1.001
    ((1, 512, 3072, 768), (64, 128, 64, 64, 5)),  # gpt2 fc + gelu: 0.974 -> 1.000
    ((1, 64, 256000, 3584), (64, 128, 64, 64, 5)),  # gemma2-9b lm_head M=64: 0.981 -> 0.996
    ((1, 64, 128256, 4096), (64, 128, 0, 64, 5)),  # llama3-8b lm_head M=64: 0.976 -> 0.998
    ((1, 32, 14336, 3584), (64, 128, 0, 64, 5)),  # gemma2-9b up M=32: 0.977 -> 1.000
])
def test_deeper_pipelines_take_the_models_ties(monkeypatch, sizes, want):
    """Where the model ties two stage counts of a tile (the bytes in flight of both cover the
    latency), the deeper is listed first and taken untuned (H100, docs/design.md, "Deeper
    pipelines take the model's ties"); want: (BLOCK_M, BLOCK_N, BLOCK_N2, BLOCK_K, stages)."""
    import torch

    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("NVIDIA H100 80GB HBM3", 9, 232448, SMS))
    grid = dict(split_k=1, block_n2=0, addressing="pointer", persistent=False, flatten=False, sms=SMS)
    candidates = [{**grid, **c} for c in gemm_rt.gemm_candidates(torch.device("cuda", 0), 2, {})]
    candidates += gemm_rt.gemm_split_candidates(candidates, gemm_rt.gemm_bucket(sizes), SMS)
    candidates += gemm_rt.gemm_tail_candidates(candidates, {}, 232448, 2)
    ranked = gemm_rt.gemm_rank(candidates, sizes, SMS, 2, b_k_major=True)
    first = ranked[0]
    assert (first["block_m"], first["block_n"], first["block_n2"], first["block_k"], first["stages"]) == want
    shallower = next(c for c in ranked if c == {**first, "stages": want[-1] - 1})
    assert gemm_model(shallower, sizes, SMS, 2, b_k_major=True) == gemm_model(first, sizes, SMS, 2, b_k_major=True)
    # The list's order: 256x128 in 4 stages before 3; 128x128 and 64x128 of 4 warps in 5 before 4.
    order = [(c["block_m"], c["block_n"], c["warps"], c["stages"]) for c in gemm_rt.GEMM_HOPPER_CONFIGS]
    for tile, deeper in (((256, 128, 8), 4), ((128, 128, 4), 5), ((64, 128, 4), 5)):
        assert order.index((*tile, deeper)) < order.index((*tile, deeper - 1))


@pytest.mark.parametrize("sizes, want", [
    ((1, 77, 4096, 4099), (128, 128, 64, 8, 4)),  # 57.4 us (64x64x64, the first choice before: 85.6)
    ((1, 8, 3072, 769), (16, 128, 64, 4, 4)),  # 13.6 (16x32x128: 16.0)
    ((64, 77, 77, 64), (128, 64, 64, 1, 1)),  # a bmm over one K block: 7.9 (64x128x32: 10.0)
    ((1, 512, 3001, 1027), (128, 128, 64, 1, 1)),  # 37.2, the fastest of 24 as before
    ((1, 2048, 1000, 999), (128, 128, 64, 1, 1)),  # 36.1, as before
])
def test_models_first_choice_for_loads_element_by_element(monkeypatch, sizes, want):
    """Operands loaded element by element cost a latency each K block and a load each element
    a thread loads (GEMM_MODEL_NARROW_*): the model's first choice among the narrow
    candidates, split-K included, is the fastest of the launches timed on the H100 (bf16 /
    f16, docs/design.md, "Loads element by element in the model"); want: (BLOCK_M, BLOCK_N,
    BLOCK_K, and warps and split-K where split)."""
    import torch

    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("NVIDIA H100 80GB HBM3", 9, 232448, SMS))
    grid = dict(split_k=1, addressing="pointer", persistent=False, flatten=False, sms=SMS)
    candidates = [{**grid, **c} for c in gemm_rt.gemm_candidates(torch.device("cuda", 0), 2, {}, narrow=True)]
    candidates += gemm_rt.gemm_split_candidates(candidates, gemm_rt.gemm_bucket(sizes), SMS)
    first = gemm_rt.gemm_rank(candidates, sizes, SMS, 2, narrow=True)[0]
    split = (first["warps"], first["split_k"]) if first["split_k"] > 1 else (1, 1)
    assert (first["block_m"], first["block_n"], first["block_k"], *split) == want
    # Without the terms the model ranks by bytes alone: 64x64x64 at K = 4099, 64x128x32 for the bmm.
    before = gemm_rt.gemm_rank(candidates, sizes, SMS, 2)[0]
    if sizes in ((1, 77, 4096, 4099), (64, 77, 77, 64)):
        assert before != first
    # Descriptors load whole tiles by TMA: the terms leave them alone.
    tma = {**first, "addressing": "descriptor", "persistent": True}
    assert gemm_model(tma, sizes, SMS, 2, narrow=True) == gemm_model(tma, sizes, SMS, 2)


@pytest.mark.parametrize("sizes", [(1, 64, 4096, 4104), (1, 16, 8192, 4104), (1, 77, 4096, 4104)])
def test_narrow_operands_that_meet_the_tma_rules_keep_pointer_launches(monkeypatch, sizes):
    """K = 4104 breaks the runs of 16 (loads element by element) but meets the TMA rules:
    which launch modes are tried is worked out without the cost of such loads (descriptors
    were not measured there), so the untuned launch stays a pointer grid, as before that
    cost; with the cost the model's first choice would be a persistent descriptor launch."""
    import os
    import torch

    from conftest import ROOT, compile_spec

    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("NVIDIA H100 80GB HBM3", 9, 232448, SMS))
    monkeypatch.setitem(os.environ, "TILEGEN_AUTOTUNE", "0")
    module = compile_spec(ROOT / "specs" / "gemm.tile")[0]
    config = gemm_rt.gemm_choose(module._matmul_gemm, {}, torch.device("cuda", 0), sizes, True, None, (), narrow=True)
    assert config["addressing"] == "pointer"
    grid = dict(split_k=1, addressing="pointer", persistent=False, flatten=False, sms=SMS)
    narrow = [{**grid, **c} for c in gemm_rt.gemm_candidates(torch.device("cuda", 0), 2, {}, narrow=True)]
    assert min(gemm_model(c, sizes, SMS, 2, narrow=True) for c in narrow) > 2 * min(
        gemm_model(c, sizes, SMS, 2) for c in narrow)  # (what pointer_s would have become)


@pytest.mark.parametrize("sizes", [(1, 1024, 3584, 3584), (1, 2048, 3584, 3584), (1, 4096, 4096, 4096)])
def test_b_stored_along_k_turns_wide_pointer_tiles(sizes):
    """A 16-bit B stored along K (nn.Linear's weight read as w.T) runs pointer tiles of 256
    columns slower than the same tile turned (H100, f16: 1024x3584x3584 59.0 against 50.3
    us, 4096^3 255.8 against 212.8; stored along N, 256x128 ran 3-10% slower). The model
    slows the wide block only, and only for asynchronous 16-bit loads on pointer launches."""
    wide, turned = pointer(128, 256, 64, 8, 3), pointer(256, 128, 64, 8, 3)
    assert gemm_model(turned, sizes, SMS, 2, b_k_major=True) < gemm_model(wide, sizes, SMS, 2, b_k_major=True)
    assert gemm_model(wide, sizes, SMS, 2, b_k_major=True) > gemm_model(wide, sizes, SMS, 2)
    assert gemm_model(turned, sizes, SMS, 2, b_k_major=True) == gemm_model(turned, sizes, SMS, 2)
    for same in (dict(narrow=True), dict(elem_bytes=1)):  # element-by-element loads; 8-bit operands
        eb = same.pop("elem_bytes", 2)
        assert gemm_model(wide, sizes, SMS, eb, 2, b_k_major=True, **same) == gemm_model(wide, sizes, SMS, eb, 2, **same)
    tma = dict(wide, addressing="descriptor", persistent=True)
    assert gemm_model(tma, sizes, SMS, 2, b_k_major=True) == gemm_model(tma, sizes, SMS, 2)


def test_launchers_tell_the_layout_of_b(monkeypatch):
    """The launchers pass whether B is stored along K: a spec's `w.T` over an [N, K] weight,
    or a [K, N] operand given as a transposed view; not a row-major [K, N] operand, nor one
    whose K is a single element."""
    import torch

    from conftest import DEVICE, ROOT, compile_spec

    module = compile_spec(ROOT / "specs" / "gemm.tile")[0]
    seen = []

    def config(kernel, schedule, device, sizes, tma_ok, launch, outs, narrow=False, b_k_major=False):
        seen.append(b_k_major)
        raise LookupError

    monkeypatch.setattr(gemm_rt, "gemm_config", config)
    a, w = (torch.randn(n, 7, dtype=torch.float16, device=DEVICE) for n in (5, 6))
    calls = [
        lambda: module.matmul(a, w.t()),
        lambda: module.matmul(a, w.t().contiguous()),
        lambda: module.matmul(a[:, :1], w.t()[:1]),
        lambda: module.linear_gelu(a.bfloat16(), w.bfloat16(), torch.randn(6, device=DEVICE)),
    ]
    for call in calls:
        with pytest.raises(LookupError):
            call()
    assert seen == [True, False, False, True]
    b3 = torch.randn(2, 7, 6, dtype=torch.bfloat16, device=DEVICE)  # batched [B, K, N]: K is axis 1
    for b, want in ((b3, False), (b3.transpose(1, 2).contiguous().transpose(1, 2), True)):
        with pytest.raises(LookupError):
            module.bmm(torch.randn(2, 5, 7, dtype=torch.bfloat16, device=DEVICE), b)
        assert seen[-1] is want
    assert not gemm_rt.gemm_k_major(torch.empty(4, 0), 0)  # empty: strides (1, 1), nothing loaded


def test_the_layout_of_b_keys_the_untuned_choice(monkeypatch):
    """The same sizes with B stored along K and along N are two choices in the process's
    cache: qwen2-7b o's 1024x3584x3584 takes 256x128 tiles over w.T and 128x256 over a
    row-major B (what the model ranks first for each)."""
    import os
    import torch

    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("NVIDIA H100 80GB HBM3", 9, 232448, SMS))
    monkeypatch.setitem(os.environ, "TILEGEN_AUTOTUNE", "0")
    monkeypatch.setattr(gemm_rt, "GEMM_CHOSEN", {})
    kernel = dict(id="t.tile:linear", pinned={}, modes=("pointer",), elem_bytes=2, batched=False,
                  split_k=True, tail=True, fingerprint="0", dtypes="f16,f16->f16")
    out, sizes, cuda = torch.empty(0, dtype=torch.float16), (1, 1024, 3584, 3584), torch.device("cuda", 0)
    tiles = {}
    for b_k_major in (True, False):
        config = gemm_rt.gemm_config(kernel, None, cuda, sizes, True, None, (out,), False, b_k_major)
        tiles[b_k_major] = (config["block_m"], config["block_n"] + config["block_n2"])
    assert tiles == {True: (256, 128), False: (128, 256)}
    assert len(gemm_rt.GEMM_CHOSEN) == 2


@pytest.mark.parametrize("n_rows, rows, block_n, warps, want", [
    (264, 2, 1024, 4, 1),  # 132 blocks of 2 rows: 1 row a program (softmax f16 264x1000: 6.5 us, 6.7 before)
    (4096, 2, 1024, 4, 1),  # 2048 blocks, fewer than 132 SMs x 16 programs
    (16384, 2, 1024, 4, 2),  # 8192 blocks fill the SMs: the table's rows stay
    (2048, 16, 128, 4, 8),  # halved down to 8 values a thread (8 x 128 = 1024 = 8 x 32 x 4), no further
    (64, 4, 512, 8, 4),  # 8 warps over 4 x 512: already under 8 values a thread halved
])
def test_rows_to_fill_the_sms(monkeypatch, n_rows, rows, block_n, warps, want):
    import torch

    import tilegen.runtime.reduction as reduction_rt

    monkeypatch.setattr(reduction_rt, "sm_count", lambda device: 132)
    monkeypatch.setattr(reduction_rt, "sm_warps", lambda device: 64)
    assert reduction_rt.rows_to_fill(torch.device("cuda", 0), n_rows, rows, block_n, warps) == want
    assert reduction_rt.rows_to_fill(torch.device("cpu"), n_rows, rows, block_n, warps) == rows  # the interpreter
