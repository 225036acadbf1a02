"""Reduction kernels: every example in specs/reductions.tile against its torch reference,
on both strategies (single pass, looped), and against the torch functions users know."""

import inspect
import re

import pytest
import torch

import tilegen.runtime.calls as _calls
import tilegen.runtime.reduction as reduction_rt
import torch.nn.functional as F

from conftest import DEVICE, ROOT, Spy, compile_for_gpu, compile_spec
from tilegen.tools.validate import Case, compare, run_case

# The interpreter runs `range` over row blocks with 1-element arrays as bounds.
pytestmark = pytest.mark.filterwarnings("ignore:Conversion of an array with ndim > 0:DeprecationWarning")

SPEC = ROOT / "specs" / "reductions.tile"
TOL = {torch.float16: (2e-3, 2e-3), torch.bfloat16: (1.6e-2, 1e-2), torch.float32: (1e-4, 1e-5)}

# Kernels exercising what the examples do not: per-row inputs and scalar outputs, integer,
# bool and f64 values, rand(), a per-column output, three chained levels, reductions nested
# in one line, a rank-1 "one row" kernel, a literal row width.
EXTRAS = """
reduction scaled_softmax(x: f32[M, N], s: f32[M], t: f32 = 0.5) -> (y: f32[M, N], lse: f32[M], c: f32[M]) {
    z = x * s
    lse = log(sum(exp(z - max(z)))) + max(z)
    y = exp(z - lse)
    c = t
}
reduction int_stats(x: i32[M, N]) -> (total: f32[M], hi: i32[M], lo: i32[M], avg: f32[M]) {
    total = sum(x)
    hi = max(x)
    lo = min(x)
    avg = mean(x)
}
reduction dropout_sum(x: f32[M, N], seed: i32 = 3) -> (y: f32[M, N], s: f32[M]) {
    y = where(rand(seed) > 0.5, x, 0.0)
    s = sum(y)
}
reduction col_out(x: f32[M, N], w: f32[N]) -> (y: f32[M, N], w2: f32[N]) {
    w2 = w * 2
    y = x * w2 - max(x)
}
reduction three_levels(x: f32[M, N]) -> (y: f32[M, N], spread: f32[M]) {
    a = x - mean(x)
    b = a / (max(abs(a)) + 1)
    y = b - mean(b * b)
    spread = max(x) - min(x) + mean(x - mean(x))
}
reduction nested_lse(x: bf16[B, T, C]) -> (y: f32[B, T, C]) {
    y = x - log(sum(exp(x - max(x)))) - max(x)
}
reduction vector(x: f32[N]) -> (y: f32[N]) {
    y = x / sum(abs(x))
}
reduction small_int(x: i8[M, N]) -> (hi: i8[M], total: f32[M], any_big: bool[M]) {
    hi = max(x)
    total = sum(x)
    any_big = max(x > 40)
}
reduction lse64(x: f64[M, N]) -> (lse: f64[M], y: f64[M, N]) {
    lse = log(sum(exp(x - max(x)))) + max(x)
    y = x - lse
}
reduction fixed_width(x: f16[M, 96]) -> (y: f16[M, 96], m: f32[M]) {
    m = max(x)
    y = exp(x - m) / sum(exp(x - m))
}
"""

LOOPED = "strategy = looped; block_n = 64"
LOOPED_ROWS = "strategy = looped; block_n = 32; rows = 4"
PERSISTENT = "strategy = single; rows = 2; persistent = true; stages = 2"
TEAM = "strategy = team; block_n = 64"


def _pinned(text: str, schedule: str) -> str:
    """The same kernels with `schedule { ... }` added to each."""
    return re.sub(r"^}", f"    schedule {{ {schedule} }}\n}}", text, flags=re.M)


def _compile(tmp_path_factory, name: str, text: str):
    path = tmp_path_factory.mktemp("specs") / f"{name}.tile"
    path.write_text(text)
    return compile_spec(path)


@pytest.fixture(scope="module")
def examples():
    return compile_spec(SPEC)


@pytest.fixture(scope="module")
def variants(tmp_path_factory):
    """name -> (module, models): the row examples and extras, as written and pinned to each
    strategy (the reductions over named dimensions take no row strategy: tests/test_axes.py)."""
    text = SPEC.read_text().split("# ---- reductions over named dimensions")[0] + EXTRAS
    out = {"auto": _compile(tmp_path_factory, "auto", text)}
    for name, schedule in (("looped", LOOPED), ("looped_rows", LOOPED_ROWS), ("persistent", PERSISTENT), ("team", TEAM)):
        out[name] = _compile(tmp_path_factory, name, _pinned(text, schedule))
    return out


def _example_cases():
    _, models = compile_spec(SPEC)
    for name, model in models.items():
        for case in model.validation_cases():
            width = max(case.sizes.values(), default=0)
            # the newest Triton too: softmax and layernorm up to 1000 columns, and one row of
            # 65536 (the team kernels: two words per exchange, and one)
            smoke = width <= 1000 or case.label == "65536 wide, 1 row"
            marks = [pytest.mark.smoke] if name in ("softmax", "layernorm") and smoke else []
            sizes = ",".join(f"{d}={s}" for d, s in case.sizes.items())
            yield pytest.param(name, case, id=f"{name}-{case.label}-{sizes}".replace(" ", "_"), marks=marks)


@pytest.mark.parametrize("name,case", list(_example_cases()))
def test_example_matches_reference(examples, device, name, case):
    """The cases `tilegen validate` runs: widths 1 .. 300,000, 1 and many rows, strided, 0 rows."""
    module, models = examples
    problem = run_case(module, models[name].sig, case, device, seed=7)
    assert problem is None, problem


def _small_cases(model):
    rows = [d for d in model.sig.space[:-1] if isinstance(d, str)]
    col = model.sig.space[-1]
    for width in (1, 7, 65, 300):
        for n_rows, strided in ((1, False), (13, False), (13, True)):
            sizes = {d: (n_rows if i == 0 else 2) if n_rows > 1 else 1 for i, d in enumerate(rows)}
            if isinstance(col, str):
                sizes[col] = width
            yield Case(sizes, strided, f"{width}x{n_rows}{' strided' if strided else ''}")


def _variant_params():
    for variant in ("auto", "looped", "looped_rows", "persistent", "team"):
        yield pytest.param(variant, id=variant)


@pytest.mark.parametrize("variant", list(_variant_params()))
def test_every_kernel_on_every_strategy(variants, device, variant):
    """Examples and extras, each pinned to each strategy, at ragged widths around the block size."""
    module, models = variants[variant]
    failures = []
    for name, model in models.items():
        for case in _small_cases(model):
            problem = run_case(module, model.sig, case, device, seed=len(failures))
            if problem:
                failures.append(f"{name} {case.label}: {problem}")
    assert not failures, "\n".join(failures)


def test_schedule_pins_show_in_the_launcher(variants):
    module, _ = variants["looped"]
    src = _launcher_source(module, "softmax")
    assert 'strategy = "looped"' in src and "BLOCK_N = 64" in src
    module, _ = variants["persistent"]
    assert "per_sm = per_sm or 4" in _launcher_source(module, "layernorm")


def _launcher_source(module, name):
    """The launcher's source and its launch choice's (where it has one)."""
    import inspect

    choice = getattr(module, f"_{name}_launch_choice", None)
    return inspect.getsource(getattr(module, name)) + (inspect.getsource(choice) if choice else "")


@pytest.fixture
def spy(examples, monkeypatch):
    module, _ = examples
    calls = []
    for name in ("softmax", "layernorm", "rmsnorm"):
        for kind in ("kernel", "looped_kernel", "team_kernel"):
            attr = f"{name}_{kind}"
            monkeypatch.setattr(module, attr, Spy(getattr(module, attr), calls, kind))
    return module, calls


def _expected_launch(table, padded, width, device, n_rows):
    """What the launcher should pick for this row width of contiguous f16 rows, read from
    its own table: the first entry wide enough, but not one of the `padded` entries (rows
    mostly padding, looped in chunks that padded_chunk sizes) where the row blocks number at
    most the entry's `padded` value an SM of a GPU."""
    import triton
    from tilegen.runtime.reduction import padded_chunk, team_block

    sms = torch.cuda.get_device_properties(device).multi_processor_count if device.type == "cuda" else 0
    for max_n, strategy, block, rows, warps, *rest in table:
        few = device.type == "cuda" and max_n in padded and n_rows <= padded[max_n] * sms
        if (max_n is None or width <= max_n) and not few:
            break
    if strategy == "looped" and max_n in padded:
        block = padded_chunk(width, block, warps, 2, width, chunk_warps=4)[0]  # (softmax: an online max-and-sum)
    # rows that do not start on 16-byte boundaries: segments from the boundary before each
    window = 8 if width % 8 else 1
    if strategy == "team":
        block = team_block(device, width, block, width, width, n_rows=n_rows, window=window)
    if strategy == "single":
        return "kernel", max(block, triton.next_power_of_2(width))
    if strategy == "team":
        # the interpreter runs a team of one program holding the whole row
        return "team_kernel", block if device.type == "cuda" else triton.next_power_of_2(width + window - 1)
    return "looped_kernel", block or min(triton.next_power_of_2(width), 4096)


@pytest.mark.parametrize("width,n_rows", [(1, 2), (1000, 2), (2500, 2), (2501, 3), (5000, 2), (5000, 300),
                                          (6144, 2), (10240, 2), (11008, 300), (16384, 2), (16385, 2), (50257, 2),
                                          (65536, 2), (65537, 2)])
def test_launch_table_picks_the_strategy(spy, device, width, n_rows):
    module, calls = spy
    kind, block = _expected_launch(module._softmax_launch_table, module._softmax_padded, width, torch.device(device), n_rows)
    x = torch.randn(n_rows, width, device=device, dtype=torch.float16)
    y = module.softmax(x)
    assert (calls[-1][0], calls[-1][2]["BLOCK_N"]) == (kind, block)
    torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)


def test_default_table_covers_the_design():
    """Single pass up to 16384 columns (whole rows in registers), a team beyond, looped
    where a team cannot run."""
    from tilegen.lower.reduction.launch import DEFAULT_TABLE, LOOPED_FALLBACK

    single = [row for row in DEFAULT_TABLE if row[1] == "single"]
    assert max(row[0] for row in single) >= 16384
    assert DEFAULT_TABLE[-1][0] is None and DEFAULT_TABLE[-1][1] == "team"
    assert [row[0] for row in DEFAULT_TABLE[:-1]] == sorted(row[0] for row in DEFAULT_TABLE[:-1])
    # a team of cdiv(N, BLOCK_N) programs must fit on the SMs of an H100 (132) up to 2**20 columns
    assert -(-(1 << 20) // DEFAULT_TABLE[-1][2]) <= 132
    assert LOOPED_FALLBACK[:2] == (None, "looped")


def test_rows_mostly_padding_run_looped(examples):
    """A row that would fill at most PADDED_SHARE of its entry's power-of-two block (2049-3072,
    4097-6144 and 8193-12288 columns) runs looped in chunks (1024 columns in the table up to
    8192 columns, 4096 of 16 warps beyond, which the launcher resizes: padded_chunk), in every
    kernel's table; the rows of 3073-4096, 6145-8192 and 12289-16384 columns keep their
    entries. Over few row blocks the launcher skips them: at most one an SM, two for the
    widest (padded_few_blocks_per_sm)."""
    from tilegen.lower.reduction.launch import (DEFAULT_TABLE, PADDED_ROW, PADDED_WARPS, PADDED_WIDE_ONLINE,
                                                PADDED_WIDE_ROW, padded_few_blocks_per_sm, padded_rows)

    module, models = examples
    table = padded_rows(DEFAULT_TABLE)
    assert [r[0] for r in table if r[1:] == PADDED_ROW] == [3072, 6144]
    assert [r[0] for r in table if r[1:] == PADDED_WIDE_ROW] == [12288]
    assert [r for r in table if r[1:] not in (PADDED_ROW, PADDED_WIDE_ROW)] == list(DEFAULT_TABLE)
    assert [padded_few_blocks_per_sm(n) for n in (3072, 6144, 12288)] == [1, 1, 2]
    pick = lambda rows, n: next(r for r in rows if r[0] is None or n <= r[0])
    for name in ("softmax", "log_softmax", "layernorm", "rmsnorm", "row_stats"):
        rows = getattr(module, f"_{name}_launch_table")
        assert models[name].table_padded == "3072, 6144, 12288", name
        assert getattr(module, f"_{name}_padded") == {3072: 1, 6144: 1, 12288: 2}, name
        # 1024-column chunks of 4 warps with an online max-and-sum (softmax's), else PADDED_WARPS
        warps = PADDED_ROW[3] if "softmax" in name else PADDED_WARPS
        for n in (2049, 3072, 4097, 5000, 6144):
            assert pick(rows, n)[1:] == PADDED_ROW[:3] + (warps,) + PADDED_ROW[4:], (name, n)
        # 4096-column chunks of 16 warps, 2048 of 8 with an online max-and-sum (PADDED_WIDE_ONLINE)
        assert PADDED_WIDE_ONLINE == (2048, 8)
        for n in (8193, 11008, 12288):
            want = ("looped", 2048, 1, 8, 0, 1) if "softmax" in name else PADDED_WIDE_ROW
            assert pick(rows, n)[1:] == want, (name, n)
        for n in (2048, 3073, 4096, 6145, 8192, 12289, 16384):
            assert pick(rows, n)[0] not in (3072, 6144, 12288), (name, n)


def test_padded_chunks_follow_the_row_loads():
    """Chunks for rows mostly padding: 2048 columns of 8 warps where the width and row
    strides are whole 16-byte vectors, the table's 1024 (4096 of 16 warps for rows of
    8193-12288 columns) otherwise; where some is odd, 512 columns of 4 warps, 1024 of the
    kernel's chunk warps, or the entry's own if at most 2048 of 8; of those that apply, the
    fewest lanes past the row end (ties: the larger)."""
    from tilegen.runtime.reduction import PADDED_SCALAR, PADDED_VECTOR, SCALAR_CHUNK, SCALAR_OWN_MOST, padded_chunk

    assert PADDED_VECTOR == (2048, 8) and PADDED_SCALAR == (512, 4)
    assert SCALAR_CHUNK == 1024 and SCALAR_OWN_MOST == (2048, 8)
    bf16 = lambda n, *strides, warps=8: padded_chunk(n, 1024, warps, 2, *(strides or (n,)), chunk_warps=warps)
    assert bf16(6144) == (2048, 8)  # 6144 lanes either way: the larger chunk
    wide = lambda n, *strides: padded_chunk(n, 4096, 16, 2, *(strides or (n,)), chunk_warps=8)  # the 12288 entry's
    assert wide(12288) == (4096, 16) and wide(11008) == (4096, 16)  # 12288 lanes either way: the larger
    assert wide(10240) == (2048, 8) and wide(9000) == (2048, 8)  # 10240 lanes, not 12288
    assert wide(10001) == (1024, 8) and wide(9001) == (1024, 8)  # element by element: 10240 and 9216 lanes either way
    assert wide(8193) == (512, 4)  # 8704 lanes, not 9216
    assert wide(12001) == (1024, 8)  # 12288 lanes in every size, but no 16 warps element by element
    online = lambda n: padded_chunk(n, 2048, 8, 2, n, chunk_warps=4)  # the 12288 entry of an online kernel
    assert online(12001) == (2048, 8)  # its own 2048 columns of 8 warps compete, the larger of a tie
    assert online(11001) == (1024, 4) and online(10001) == (2048, 8)  # 11264 lanes, not 12288; 10240 either way
    assert bf16(5000) == (1024, 8)  # whole vectors, but 2048-column chunks hold 6144 lanes
    assert bf16(5000, warps=4) == (1024, 4)  # the table's warps stay
    assert bf16(4097) == (512, 4) and bf16(2501) == (512, 4)  # 4608 and 2560 lanes, not 5120 and 3072
    assert bf16(5001) == (1024, 8)  # 5120 lanes either way
    assert bf16(4098) == (1024, 8) and bf16(4100) == (1024, 8)  # pairs and quads: neither vector nor odd
    assert bf16(4098, 4099) == (512, 4)  # an odd row stride loads element by element too
    assert bf16(6144, 6152) == (2048, 8) and bf16(6144, 6148) == (1024, 8)  # a stride off the vector
    assert padded_chunk(6144, 1024, 8, 4, 6148, chunk_warps=8) == (2048, 8)  # f32: 4 elements make a 16-byte vector
    assert padded_chunk(6144, 1024, 8, 1, 6152, chunk_warps=8) == (1024, 8)  # i8 / fp8: 16 elements do
    assert padded_chunk(5000, 256, 2, 2, 5000, chunk_warps=8) == (256, 2)  # an edited entry's own chunk, if it fits best
    assert padded_chunk(5000, 0, 8, 2, 5004, chunk_warps=8) == (0, 8)  # an edited entry's BLOCK_N 0 (the launcher sizes it)
    assert padded_chunk(5000, 0, 8, 2, 5000, chunk_warps=8) == (2048, 8)
    assert padded_chunk(5001, 1024, 2, 2, 5001, chunk_warps=8) == (1024, 2)  # ... and of a full tie


def test_looped_entries_take_small_chunks_for_odd_rows():
    """The looped entries that are not for rows mostly padding (REREAD_AT, WELFORD_LOOPED_AT:
    4096 columns of 8 or 16 warps) keep their chunks for rows in pairs or vectors and over
    few row blocks; rows loaded element by element take the padded entries' chunks."""
    from tilegen.runtime.reduction import looped_chunk

    assert looped_chunk(7000, 4096, 16, 7000, chunk_warps=8) == (4096, 16)  # whole vectors
    assert looped_chunk(7002, 4096, 16, 7002, chunk_warps=8) == (4096, 16)  # pairs
    assert looped_chunk(7001, 4096, 16, 7001, chunk_warps=8) == (1024, 8)  # 7168 lanes either way: the larger
    assert looped_chunk(8191, 4096, 16, 8191, chunk_warps=8) == (1024, 8)
    assert looped_chunk(4001, 4096, 8, 4001, chunk_warps=8) == (1024, 8)  # not its own 4096 of 8
    assert looped_chunk(7002, 4096, 16, 7003, chunk_warps=8) == (1024, 8)  # an odd row stride
    assert looped_chunk(6145, 4096, 16, 6145, chunk_warps=8) == (512, 4)  # 6656 lanes against 7168
    assert looped_chunk(7001, 4096, 16, 7001, chunk_warps=8, few=True) == (4096, 16)  # few row blocks
    assert looped_chunk(8001, 2048, 8, 8001, chunk_warps=4) == (2048, 8)  # an own chunk of at most 2048 of 8 competes
    assert looped_chunk(4001, 0, 8, 4001, chunk_warps=8) == (1024, 8)  # an edited entry's BLOCK_N 0 does not


@pytest.mark.parametrize("kernel,width,stride,few", [("rmsnorm", 4001, 4001, False), ("rmsnorm", 7001, 7001, False),
                                                     ("rmsnorm", 4000, 4000, False), ("rmsnorm", 7000, 7000, False),
                                                     ("layernorm", 7001, 7001, False), ("layernorm", 7000, 7001, False),
                                                     ("layernorm", 7000, 7000, False), ("rmsnorm", 7001, 7001, True),
                                                     ("layernorm", 7001, 7001, True)])
def test_norms_in_looped_chunks_match_torch(spy, device, monkeypatch, kernel, width, stride, few):
    """rmsnorm's REREAD entries (4096, 8192 columns) and layernorm's Welford entry (8192)
    loop over rows of an odd width or row stride in 1024 columns of 8 warps
    (looped_chunk), over rows in pairs or vectors, or over few row blocks, in the entry's
    4096 columns; against torch."""
    import tilegen.runtime.reduction as red

    module, calls = spy
    n_rows = 3 if device == "cpu" else 4 * red.sm_count(torch.device(device))  # past few_row_blocks
    if few:  # the launcher asks few_row_blocks with _NAME_looped's value (2) for these entries
        asked = []
        monkeypatch.setattr(red, "few_row_blocks", lambda device, blocks, per_sm=1: asked.append(per_sm) or per_sm == 2)
        monkeypatch.setattr(red, "few_rows_team", lambda *args: False)  # (not the team a GPU would take there)
    _calls.forget()  # (a launcher works out its launch once per signature)
    gen = torch.Generator().manual_seed(width)
    x = (torch.randn(n_rows, stride, generator=gen) * 3 + 1).to(device=device, dtype=torch.bfloat16)[:, :width]
    w, b = (torch.randn(width, generator=gen).to(device=device, dtype=torch.bfloat16) for _ in range(2))
    if kernel == "layernorm":
        y, want = module.layernorm(x, w, b)[0], F.layer_norm(x.float(), (width,), w.float(), b.float(), 1e-5)
    else:
        y, want = module.rmsnorm(x, w), F.rms_norm(x.float(), (width,), w.float(), 1e-6)
    odd = (width % 2 or stride % 2) and not few
    warps = 8 if kernel == "rmsnorm" and width <= 4096 else 16
    assert calls[-1][0] == "looped_kernel"
    assert (calls[-1][2]["BLOCK_N"], calls[-1][2]["num_warps"]) == ((1024, 8) if odd else (4096, warps))
    if few:
        assert getattr(module, f"_{kernel}_looped")[8192] == 2 and 2 in asked
        _calls.forget()  # (the next calls of this signature: not few)
    torch.testing.assert_close(y.float(), want, rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("width,stride", [(2501, 2501), (4098, 4098), (4098, 4099), (6144, 6144), (9000, 9000),
                                          (10001, 10001), (11008, 11008), (12001, 12001)])
def test_norms_in_padded_chunks_match_torch(spy, device, monkeypatch, width, stride):
    """layernorm and rmsnorm over rows in the chunks padded_chunk picks (512 columns of 4
    warps or 1024 of 8 for odd widths or strides, 1024 of 8, 2048 of 8 for whole vectors;
    past 8192 columns the entry's own 4096 of 16 competing, but not for odd rows; on a GPU
    over enough row blocks to fill it), fed the row strides of x and y, against torch."""
    import tilegen.runtime.reduction as red

    module, calls = spy
    asked = []
    real = red.padded_chunk
    monkeypatch.setattr(red, "padded_chunk", lambda *args, **kw: asked.append(args) or real(*args, **kw))
    n_rows = 3 if device == "cpu" else 4 * red.sm_count(torch.device(device))
    gen = torch.Generator().manual_seed(width)
    base = (torch.randn(n_rows, stride, generator=gen) * 3 + 1).to(device=device, dtype=torch.bfloat16)
    x = base[:, :width]  # rows `stride` elements apart
    w, b = (torch.randn(width, generator=gen).to(device=device, dtype=torch.bfloat16) for _ in range(2))
    y = module.layernorm(x, w, b)[0]
    want_chunk = {2501: (512, 4), 4098: (1024, 8) if stride == width else (512, 4), 6144: (2048, 8),
                  9000: (2048, 8), 10001: (1024, 8), 11008: (4096, 16), 12001: (1024, 8)}[width]
    entry = (1024, 8) if width <= 8192 else (4096, 16)
    assert asked[-1] == (width, *entry, 2, stride, width)  # x's row stride, then y's (a new tensor)
    assert calls[-1][0] == "looped_kernel"
    assert (calls[-1][2]["BLOCK_N"], calls[-1][2]["num_warps"]) == want_chunk
    want = F.layer_norm(x.float(), (width,), w.float(), b.float(), 1e-5)
    torch.testing.assert_close(y.float(), want, rtol=2e-2, atol=2e-2)
    y = module.rmsnorm(x, w)
    want = F.rms_norm(x.float(), (width,), w.float(), 1e-6)
    torch.testing.assert_close(y.float(), want, rtol=2e-2, atol=2e-2)


@pytest.mark.parametrize("width,want", [(11001, (1024, 4)), (12001, (2048, 8))])
def test_online_kernels_in_padded_chunks_match_torch(spy, device, width, want):
    """softmax's rows of 8193-12288 columns loaded element by element loop in 1024 columns
    of 4 warps (its narrower chunks' warps) or its entry's own 2048 of 8, whichever leaves
    fewer lanes past the row end (11264 against 12288; 12288 either way: the larger)."""
    import tilegen.runtime.reduction as red

    module, calls = spy
    _calls.forget()
    n_rows = 3 if device == "cpu" else 4 * red.sm_count(torch.device(device))  # past few_row_blocks
    x = torch.randn(n_rows, width, device=device, dtype=torch.float16) * 3
    y = module.softmax(x)
    assert calls[-1][0] == "looped_kernel" and (calls[-1][2]["BLOCK_N"], calls[-1][2]["num_warps"]) == want
    torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)


def test_edited_padded_entries_keep_their_launch(spy, device, monkeypatch):
    """A padded entry edited in the generated table keeps what it says: a single pass is
    not resized, and a looped entry's own chunk competes with padded_chunk's sizes."""
    import tilegen.runtime.reduction as red

    module, calls = spy
    table = module._softmax_launch_table
    n_rows = 3 if device == "cpu" else 4 * red.sm_count(torch.device(device))  # past few_row_blocks
    x = torch.randn(n_rows, 2600, device=device, dtype=torch.float16)
    for entry, want in (((3072, "single", 0, 1, 16, 0, 1), ("kernel", 4096, 16)),
                        ((3072, "looped", 256, 1, 2, 0, 1), ("looped_kernel", 256, 2))):
        monkeypatch.setattr(module, "_softmax_launch_table", tuple(entry if r[0] == 3072 else r for r in table))
        monkeypatch.setattr(module, "_softmax_padded", {3072: 1})
        _calls.forget()  # (a launcher reads its table once per signature)
        y = module.softmax(x)
        assert (calls[-1][0], calls[-1][2]["BLOCK_N"], calls[-1][2]["num_warps"]) == want, entry
        torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)


def test_team_segments_halve(monkeypatch):
    """A team takes segments of half the table's columns where the larger team still fits
    the SMs and either its rows load element by element (an odd width or row stride, and
    no WINDOW) or its teams are fewer programs than the SMs; with a WINDOW and a wave of
    programs its segments move whole vectors and keep the table's columns."""
    import tilegen.runtime.reduction as red

    cuda = torch.device("cuda", 0)
    monkeypatch.setattr(red, "team_fits", lambda device, team: team <= 132)
    monkeypatch.setattr(red, "sm_count", lambda device: 132)
    assert red.team_block(cuda, 50257, 4096, 50257, n_rows=264, window=1) == 2048  # a team of 25 instead of 13
    assert red.team_block(cuda, 50257, 4096, 50257, n_rows=264, window=8) == 4096  # segments from the boundary before the row
    assert red.team_block(cuda, 50256, 4096, 50256, n_rows=264, window=1) == 4096  # even: vectors of pairs or more
    assert red.team_block(cuda, 50256, 4096, 50257, n_rows=264, window=1) == 2048  # an odd row stride
    assert red.team_block(cuda, 1 << 20, 8192, (1 << 20) + 1, n_rows=264, window=1) == 8192  # 256 segments of 4096 would not fit
    assert red.team_block(cuda, 50257, 1024, 50257, n_rows=264, window=1) == 1024  # not below 1024 columns
    # fewer programs than SMs: 4 teams of 13 (50257 columns), 10 teams of 13 (130 programs)
    assert red.team_block(cuda, 50257, 4096, 50257, n_rows=4, window=8) == 2048
    assert red.team_block(cuda, 65536, 4096, 65536, n_rows=4, window=1) == 2048
    assert red.team_block(cuda, 50257, 4096, 50257, n_rows=10, window=8) == 2048
    assert red.team_block(cuda, 50257, 4096, 50257, n_rows=11, window=8) == 4096  # 143 programs: a wave
    # a kernel dividing along the row halves its segments through a window too, not in whole vectors
    assert red.team_block(cuda, 50257, 4096, 50257, n_rows=264, window=8, divides=True) == 2048
    assert red.team_block(cuda, 65537, 8192, 65537, n_rows=2048, window=8, divides=True) == 4096
    assert red.team_block(cuda, 50304, 4096, 50304, n_rows=264, window=1, divides=True) == 4096
    assert red.team_block(cuda, 50257, 4096, 50257, n_rows=264, window=8, divides=False) == 4096
    assert red.team_block(cuda, 50260, 4096, 50260, n_rows=264, window=8, divides=True) == 2048  # even, through a window
    assert red.team_block(cuda, 50260, 4096, 50260, n_rows=264, window=8) == 4096  # ... in a kernel dividing nothing
    monkeypatch.undo()
    cpu = torch.device("cpu")
    assert red.team_block(cpu, 50257, 4096, 50257, n_rows=1, window=1) == 4096  # the interpreter: a team of one
    assert red.team_block(cpu, 1500, 4096, 1500, n_rows=1, window=8) == 4096


def test_row_window_needs_rows_alike_in_every_tensor():
    """row_window: a 16-byte vector's elements where the rows do not start and end on
    16-byte boundaries but start alike in every row-sized tensor, else 1."""
    import tilegen.runtime.reduction as red

    def window(n, col_strides=(1, 1), misaligned=(0, 0), *row_strides):
        return red.row_window(8, n, col_strides, misaligned, *(row_strides or ((n, n),)))

    assert window(50257) == 8  # odd rows of contiguous x and y
    assert window(50258) == 8  # even, but pairs only: whole vectors from the boundary
    assert window(50256) == 1  # every row starts and ends on a boundary: ALIGN's case
    assert window(50256, (1, 1), (0, 0), (50256 + 8, 50256)) == 1
    assert window(50257, (1, 1), (0, 0), (50264, 50257)) == 1  # x's rows 7 elements further apart
    assert window(50257, (1, 1), (0, 0), (50257 + 16, 50257)) == 8  # 16 more: the same distance past a boundary
    assert window(50257, (2, 1)) == 1  # x's columns strided
    assert window(50257, (1, 1), (2, 0)) == 1  # x's data off a 16-byte boundary
    assert window(1000, (1, 1, 1), (0, 0, 0), (0, 0, 0), (1000, 1000, 1001)) == 1  # rows of another dim apart
    assert window(1001, (1, 1, 1), (0, 0, 0), (0, 0, 0), (1001, 1001, 1001)) == 8  # a broadcast input: stride 0
    assert red.row_window(4, 50257, (1,), (0,), (50257,)) == 4  # f32: vectors of 4


def test_row_window_asks_each_tensor_aligned_to_its_chunk(examples):
    """The launchers pass each row-sized tensor's data pointer modulo the bytes of WINDOW
    of its elements: 16 for bf16 beside bf16, 32 for bf16 beside an i8 output (WINDOW
    16), so that no chunk a segment reads whole straddles a page."""
    module, _ = examples
    src = _launcher_source(module, "layernorm")
    assert "(x.data_ptr() % 16, y.data_ptr() % 16)" in src
    from generated import lowprec

    src = _launcher_source(lowprec, "quantize_rows_i8")
    assert "(x.data_ptr() % 32, q.data_ptr() % 16)" in src and re.search(r"row_window\(\s*16,", src)


def test_team_window_keeps_neighbours_out(device, monkeypatch):
    """A team kernel with a WINDOW loads whole 16-byte granules, its neighbours' elements
    among them: rows `stride` apart with NaN and inf in the gaps between them, rows whose
    first and last elements hold the extremes, and rows that start off a boundary by every
    distance. Against torch, and the launch takes WINDOW 8 (f16), or 1 where the rows of x
    and y start unlike (an odd stride against y's)."""
    module, _ = compile_spec(SPEC)
    seen = []
    kernel = module.softmax_team_kernel
    monkeypatch.setattr(module, "softmax_team_kernel", Spy(kernel, seen, "team_kernel"))
    # segments of 16 columns: on the GPU teams of up to 13 programs, the last of them
    # sometimes empty, edges in every segment position (the interpreter runs a team of one)
    monkeypatch.setattr(module, "_softmax_launch_table", ((None, "team", 16, 1, 4, 0, 1),))
    gen = torch.Generator().manual_seed(3)
    for width, stride, want_window in ((37, 45, 8), (37, 37, 8), (42, 42, 8), (8, 9, 1), (1, 8, 1), (200, 203, 1),
                                       (200, 200, 1)):
        base = torch.randn(9, stride, generator=gen).to(device=device, dtype=torch.float16) * 4
        base[:, width:] = float("nan")
        base[::3, width:] = float("inf")
        x = base[:, :width]
        x[2, 0], x[4, -1] = float("inf"), 60000.0
        y = torch.full((9, width), float("nan"), device=device, dtype=torch.float16)
        module.softmax(x, y=y)
        assert seen[-1][2]["WINDOW"] == want_window, (width, stride)
        want = torch.softmax(x.float(), dim=-1)
        torch.testing.assert_close(y.float(), want, rtol=2e-3, atol=2e-3, equal_nan=True)
        assert torch.isnan(y).sum() == torch.isnan(want).sum()
    # in place: the segments read whole granules that the rows around them write
    x = (torch.randn(9, 45, generator=gen) * 4).to(device=device, dtype=torch.float16)
    want = torch.softmax(x.float(), dim=-1)
    module.softmax(x, y=x)
    assert seen[-1][2]["WINDOW"] == 8
    torch.testing.assert_close(x.float(), want, rtol=2e-3, atol=2e-3)


def test_team_window_with_an_i8_output(device, monkeypatch):
    """quantize_rows_i8 (bf16 rows in, i8 rows out): WINDOW is the i8 output's 16 elements,
    the bf16 input's loads 32 bytes; odd rows and a view off a 32-byte boundary (WINDOW 1)."""
    from generated import lowprec

    seen = []
    monkeypatch.setattr(lowprec, "quantize_rows_i8_team_kernel",
                        Spy(lowprec.quantize_rows_i8_team_kernel, seen, "team_kernel"))
    monkeypatch.setattr(lowprec, "_quantize_rows_i8_launch_table", ((None, "team", 64, 1, 4, 0, 1),))
    gen = torch.Generator().manual_seed(5)
    base = (torch.randn(5 * 301 + 8, generator=gen) * 3).to(device=device, dtype=torch.bfloat16)
    for x, want_window in ((base[: 5 * 301].view(5, 301), 16), (base[8:].view(5, 301), 1)):
        q, s = lowprec.quantize_rows_i8(x)
        assert seen[-1][2]["WINDOW"] == want_window
        q_ref, s_ref = lowprec.quantize_rows_i8_reference(x)
        # the same exact division and rounding as the reference: equal bits
        assert torch.equal(s, s_ref.to(s.dtype)) and torch.equal(q, q_ref)


def test_team_launch_asks_team_block_with_the_row_strides(spy, device, monkeypatch):
    """The launcher passes the row width and the row strides of x and y to team_block and
    launches the segments it returns (the interpreter then runs a team of one)."""
    import tilegen.runtime.reduction as red

    module, calls = spy
    asked = []
    monkeypatch.setattr(red, "team_block", lambda *args, **kw: asked.append((args, kw)) or args[2])
    x = torch.randn(2, 20003, device=device, dtype=torch.float16)[:, :20001]
    y = module.softmax(x)
    assert asked == [((x.device, 20001, 4096, 20003, 20001), dict(n_rows=2, window=1, divides=True))]
    assert calls[-1][0] == "team_kernel"
    torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)


def test_online_kernels_size_narrow_rows(examples):
    """softmax and log-softmax (an online max-and-sum) have their rows at the
    ONLINE_NARROW_AT entries sized by the launcher (narrow_rows); rmsnorm and layernorm do
    not, and every table keeps the default rows."""
    from tilegen.lower.reduction.launch import DEFAULT_TABLE, ONLINE_NARROW_AT

    module, models = examples
    defaults = {r[0]: r[3] for r in DEFAULT_TABLE}
    for name in ("softmax", "log_softmax", "rmsnorm", "layernorm"):
        online = "softmax" in name
        rows = {r[0]: r[3] for r in getattr(module, f"_{name}_launch_table")}
        assert models[name].table_narrow == (", ".join(map(str, ONLINE_NARROW_AT)) if online else ""), name
        assert getattr(module, f"_{name}_narrow", None) == (ONLINE_NARROW_AT if online else None), name
        assert all(rows[width] == n for width, n in defaults.items() if width in rows), name


def test_online_kernels_take_two_warps_up_to_256_columns(examples, tmp_path):
    """Kernels with an online max-and-sum have an entry of 2 warps for rows of 129-256
    columns (ONLINE_HALF_BLOCK_ROW), before the 512 entry; rmsnorm and layernorm do not, nor
    does a kernel whose schedule pins its launch."""
    from tilegen.lower.reduction.launch import ONLINE_HALF_BLOCK_ROW

    module, _ = examples
    for name in ("softmax", "log_softmax", "causal_softmax", "cross_entropy", "rmsnorm", "layernorm"):
        table = getattr(module, f"_{name}_launch_table")
        assert (ONLINE_HALF_BLOCK_ROW in table) == ("softmax" in name or name == "cross_entropy"), name
        if ONLINE_HALF_BLOCK_ROW in table:
            assert [r[0] for r in table].index(256) == [r[0] for r in table].index(512) - 1, name
    path = tmp_path / "pinned.tile"
    path.write_text("reduction sm(x: f16[M, N]) -> (y: f16[M, N]) {\n    e = exp(x - max(x))\n    y = e / sum(e)\n"
                    "    schedule { warps = 8 }\n}\n")
    assert 256 not in [r[0] for r in compile_spec(path)[0]._sm_launch_table]


def test_narrow_rows_hold_four_or_eight_values_a_thread():
    """Blocks of 4 values a thread (4 warps: 512 elements) where the row is padded to its
    power-of-two block or a row stride is odd, 8 where it fills the block."""
    from tilegen.runtime.reduction import narrow_rows

    assert narrow_rows(17, 64, 4, 17) == 16 and narrow_rows(24, 64, 4, 24) == 16  # padded to 32
    assert narrow_rows(32, 64, 4, 32) == 32 and narrow_rows(64, 16, 4, 64) == 16 and narrow_rows(128, 16, 4, 128) == 8
    assert narrow_rows(100, 16, 4, 100) == 4 and narrow_rows(127, 16, 4, 127) == 4
    assert narrow_rows(64, 16, 4, 65) == 8  # an odd row stride: element by element
    assert narrow_rows(3, 64, 4, 3) == 64  # never more than the table's rows (128 would be 4 a thread)
    assert narrow_rows(128, 16, 2, 128) == 4 and narrow_rows(128, 2, 4, 128) == 2  # fewer warps; an edited entry


def test_narrow_online_launch_uses_narrow_rows(spy, device, monkeypatch):
    """The softmax launcher asks narrow_rows with the row width, its warps and the row
    strides of x and y, launches the rows it returns, and matches torch."""
    import tilegen.runtime.reduction as red

    module, calls = spy
    asked = []
    real = red.narrow_rows
    monkeypatch.setattr(red, "narrow_rows", lambda *args: asked.append(args) or real(*args))
    for width, stride, rows in ((17, 17, 16), (64, 64, 16), (64, 65, 8), (100, 100, 4), (128, 128, 8)):
        x = torch.randn(300, stride, device=device, dtype=torch.float16)[:, :width]
        y = module.softmax(x)
        assert asked[-1] == (width, 64 if width <= 32 else 16, 4, stride, width) and calls[-1][2]["ROWS"] == rows, width
        torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)


def test_few_rows_mostly_padding_take_the_single_pass(spy, device, monkeypatch):
    """Over fewer row blocks than SMs a row's latency is the kernel's time: the entries for
    rows mostly padding give way to the next entry's single pass (few_row_blocks; faked
    here as a GPU of 8 SMs), and to the looped chunks from 8 row blocks on; for rows of
    8193-12288 columns, from 16 (two an SM)."""
    import tilegen.runtime.reduction as red

    module, calls = spy
    assert not red.few_row_blocks(torch.device("cpu"), 1)  # the interpreter runs one program at a time
    monkeypatch.setattr(red, "few_row_blocks", lambda device, n, blocks_per_sm=1: n <= 8 * blocks_per_sm)
    for rows, kind, block, width in ((3, "kernel", 8192, 5000), (9, "looped_kernel", 1024, 5000),
                                     (16, "kernel", 16384, 10240), (17, "looped_kernel", 2048, 10240)):
        x = torch.randn(rows, width, device=device, dtype=torch.float16)
        y = module.softmax(x)
        assert (calls[-1][0], calls[-1][2]["BLOCK_N"]) == (kind, block), rows
        torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)
    # layernorm's next entry at 5000 columns runs looped over 4096-column blocks (WELFORD_LOOPED_AT)
    for rows, block in ((3, 4096), (9, 1024)):
        x = torch.randn(rows, 5000, device=device, dtype=torch.bfloat16)
        w, b = torch.randn(5000, device=device, dtype=torch.bfloat16), torch.randn(5000, device=device, dtype=torch.bfloat16)
        y = module.layernorm(x, w, b)[0]
        assert (calls[-1][0], calls[-1][2]["BLOCK_N"]) == ("looped_kernel", block), rows
        want = F.layer_norm(x.float(), (5000,), w.float(), b.float(), 1e-5).bfloat16()
        torch.testing.assert_close(y, want, rtol=2e-2, atol=2e-2)


def test_few_rows_team_needs_rows_element_by_element_that_fit_one_wave(monkeypatch):
    """few_rows_team: on a GPU (faked here: 132 SMs), rows loaded element by element (an odd
    width or row stride) whose teams of the table's segments hold at least two programs a
    row and fit in one wave; never under the interpreter, nor where a team cannot run."""
    import tilegen.runtime.reduction as red

    gpu = torch.device("cuda", 0)
    monkeypatch.setitem(red._SMS, 0, (132, 64))
    monkeypatch.setattr(red, "team_fits", lambda device, team: team <= 132)
    assert red.few_rows_team(gpu, 4, 4097, 4096, 8, 4097)
    assert red.few_rows_team(gpu, 66, 4097, 4096, 8, 4097)  # 132 programs: one wave
    assert not red.few_rows_team(gpu, 67, 4097, 4096, 8, 4097)  # 134: more than a wave
    assert red.few_rows_team(gpu, 4, 4096, 4096, 8, 4097)  # an odd row stride
    assert red.few_rows_team(gpu, 4, 4097, 4096, 8, 4098, 4098)  # an odd width, even row strides
    assert not red.few_rows_team(gpu, 4, 4096, 4096, 8, 4096, 4096)  # whole vectors: the table's entry
    assert not red.few_rows_team(gpu, 4, 4089, 4096, 8, 4089)  # one program a row (4089 + 7 columns)
    # vectors of 4 (f32 rows): 4093 + 3 columns make one segment, 4095 + 3 two
    assert not red.few_rows_team(gpu, 1, 4093, 4096, 4, 4093) and red.few_rows_team(gpu, 1, 4095, 4096, 4, 4095)
    assert not red.few_rows_team(torch.device("cpu"), 4, 4097, 4096, 8, 4097)
    monkeypatch.setattr(red, "team_fits", lambda device, team: False)  # e.g. inside a CUDA graph capture
    assert not red.few_rows_team(gpu, 4, 4097, 4096, 8, 4097)


def test_few_rows_team_in_the_norms_only(variants, tmp_path):
    """The launchers that run few rows loaded element by element as a team: kernels with
    a team whose segments may start before the row and only light work per element (the op
    table's `light`: layernorm, rmsnorm; a quotient or rsqrt of per-row values, a clamp);
    not an exp (softmax), a quotient of row values (quantize_rows_i8), a sigmoid, a team
    without a window (argmax) or a pinned schedule."""
    from tilegen.lower.reduction.launch import DEFAULT_TABLE

    team = tuple(repr(v) for v in next(r for r in DEFAULT_TABLE if r[1] == "team")[1:])
    _, models = variants["auto"]
    for name in ("layernorm", "rmsnorm", "add_layernorm", "add_rmsnorm", "row_stats"):
        assert models[name].few_rows_team == team, name
    for name in ("softmax", "log_softmax", "causal_softmax", "next_token", "cross_entropy", "scaled_softmax"):
        assert models[name].few_rows_team == (), name
    for pinned in ("looped", "persistent", "team"):
        assert variants[pinned][1]["layernorm"].few_rows_team == (), pinned
    _, lowprec = compile_spec(ROOT / "specs" / "lowprec.tile")
    assert lowprec["quantize_rows_i8"].few_rows_team == ()
    spec = tmp_path / "light.tile"
    spec.write_text("""
reduction per_row_quotient(x: f32[M, N]) -> (y: f32[M, N]) {
    y = clamp(x, -1.0, 1.0) * (1.0 / sum(abs(x))) * rsqrt(mean(x * x) + 1e-6)
}
reduction gated(x: f32[M, N]) -> (y: f32[M, N]) {
    y = x * sigmoid(x) * rsqrt(mean(x * x) + 1e-6)
}
reduction remainder(x: f32[M, N]) -> (y: f32[M, N]) {
    y = (x % 2.0) * rsqrt(mean(x * x) + 1e-6)
}
reduction squared(x: f32[M, N]) -> (y: f32[M, N]) {
    y = x * rsqrt(mean(x ** 2) + 1e-6)
}
reduction cubed(x: f32[M, N]) -> (y: f32[M, N]) {
    y = x * rsqrt(mean(x ** 3) + 1e-6)
}
""")
    _, light = compile_spec(spec)
    assert light["per_row_quotient"].few_rows_team == team
    assert light["gated"].few_rows_team == () and light["remainder"].few_rows_team == ()
    assert light["squared"].few_rows_team == team and light["cubed"].few_rows_team == ()  # x ** 2 is x * x


def test_few_rows_loaded_element_by_element_run_as_a_team(spy, device, monkeypatch):
    """Where few_rows_team says so (faked here: the interpreter runs a team of one program
    holding the row), layernorm launches its team kernel with WINDOW 8 over rows of 4097
    columns, and the table's entry where the segments cannot start at the boundary (x a view
    one element past it) or the rule says no; softmax never asks. Against torch."""
    import tilegen.runtime.reduction as red

    module, calls = spy
    asked = []
    monkeypatch.setattr(red, "few_rows_team", lambda *args: asked.append(args) or True)
    gen = torch.Generator().manual_seed(11)
    base = torch.randn(4 * 4097 + 1, generator=gen).to(device=device, dtype=torch.bfloat16)
    w = torch.randn(4097, generator=gen).to(device=device, dtype=torch.bfloat16)
    b = torch.randn(4097, generator=gen).to(device=device, dtype=torch.bfloat16)
    for x, kind in ((base[: 4 * 4097].view(4, 4097), "team_kernel"), (base[1:].view(4, 4097), "looped_kernel")):
        y, mu, rstd = module.layernorm(x, w, b)
        assert asked[-1] == (x.device, 4, 4097, 4096, 8, 4097, 4097) and calls[-1][0] == kind
        if kind == "team_kernel":
            assert calls[-1][2]["WINDOW"] == 8
        want = F.layer_norm(x.float(), (4097,), w.float(), b.float(), 1e-5)
        torch.testing.assert_close(y.float(), want, rtol=2e-2, atol=2e-2)
        torch.testing.assert_close(mu, x.float().mean(-1), rtol=1e-4, atol=1e-4)
    # rows over two dims ([B, T, C], add_layernorm): the rule asks with every row stride
    x3 = torch.randn(2, 3, 4097, generator=gen).to(device=device, dtype=torch.bfloat16)
    r3 = torch.randn(2, 3, 4097, generator=gen).to(device=device, dtype=torch.bfloat16)
    w3, b3 = torch.randn(4097, generator=gen).to(device), torch.randn(4097, generator=gen).to(device)
    seen = []
    monkeypatch.setattr(module, "add_layernorm_team_kernel", Spy(module.add_layernorm_team_kernel, seen, "team_kernel"))
    y3, h3 = module.add_layernorm(x3, r3, w3, b3)
    # every row-sized tensor's strides along both row dims: x, r, y, h
    strides = tuple(t.stride(d) for t in (x3, r3, y3, h3) for d in (0, 1))
    assert asked[-1] == (x3.device, 6, 4097, 4096, 8, *strides) and seen[-1][0] == "team_kernel"
    assert seen[-1][2]["WINDOW"] == 8
    y_ref, h_ref = module.add_layernorm_reference(x3, r3, w3, b3)
    torch.testing.assert_close(h3.float(), h_ref.float(), rtol=1.6e-2, atol=1e-2)
    torch.testing.assert_close(y3.float(), y_ref.float(), rtol=2e-2, atol=2e-2)
    monkeypatch.setattr(red, "few_rows_team", lambda *args: asked.append(args) and False)
    _calls.forget()  # (a launcher reads its launch rules once per signature)
    module.layernorm(base[: 4 * 4097].view(4, 4097), w, b)
    assert calls[-1][0] == "looped_kernel"
    n_asked = len(asked)
    module.softmax(torch.randn(4, 4097, device=device, dtype=torch.float16))
    assert len(asked) == n_asked and calls[-1][0] != "team_kernel"


def test_pinned_schedules_go_without_the_padded_entries(variants):
    """A spec's schedule { } pins columns of the entries tilegen's defaults start from: the
    kernels pinned to a strategy have no entries for rows mostly padding."""
    for name in ("looped", "persistent", "team"):
        module, models = variants[name]
        assert not models["softmax"].table_padded and not hasattr(module, "_softmax_padded"), name
        assert 6144 not in [r[0] for r in module._softmax_launch_table], name
    assert variants["auto"][1]["softmax"].table_padded == "3072, 6144, 12288"
    for name in ("looped", "persistent", "team"):  # nor chunks resized for rows loaded element by element
        module, models = variants[name]
        assert not models["rmsnorm"].table_looped and not hasattr(module, "_rmsnorm_looped"), name
        assert "looped_chunk" not in inspect.getsource(module._rmsnorm_launch_choice), name
    # nor the team fallback's chunks resized (the team variant keeps a fallback: LOOPED_FALLBACK's)
    assert "fallback_chunk" not in inspect.getsource(variants["team"][0]._softmax_launch_choice)
    assert "16384, 1, 32" in inspect.getsource(variants["team"][0]._softmax_launch_choice)
    assert "fallback_chunk" in inspect.getsource(variants["auto"][0]._softmax_launch_choice)
    module, models = variants["auto"]
    assert models["rmsnorm"].table_looped == "4096, 8192" and module._rmsnorm_looped == {4096: 2, 8192: 2}


def test_launch_table_is_readable_and_editable(spy, device, monkeypatch):
    module, calls = spy
    table = module._softmax_launch_table
    assert table[-1][:2] == (None, "team")
    monkeypatch.setattr(module, "_softmax_launch_table", ((None, "looped", 16, 2, 4, 0, 1),))
    x = torch.randn(5, 100, device=device, dtype=torch.float16)
    y = module.softmax(x)
    assert calls[-1][0] == "looped_kernel" and calls[-1][2]["BLOCK_N"] == 16 and calls[-1][2]["ROWS"] == 2
    torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)


@pytest.mark.smoke
@pytest.mark.parametrize("width", [7, 1000, 5000, 20000])
def test_softmax_matches_torch(examples, device, width):
    module, _ = examples
    x = torch.randn(9, width, device=device, dtype=torch.float16) * 3
    torch.testing.assert_close(module.softmax(x), torch.softmax(x.float(), dim=-1).half(), rtol=2e-3, atol=2e-3)
    torch.testing.assert_close(
        module.log_softmax(x), torch.log_softmax(x.float(), dim=-1).half(), rtol=2e-3, atol=2e-3
    )


@pytest.mark.parametrize("width", [7, 1000, 5000, 20000])
def test_layernorm_matches_torch(examples, device, width):
    module, _ = examples
    x = torch.randn(6, width, device=device, dtype=torch.bfloat16) * 2 + 0.5
    w = torch.randn(width, device=device, dtype=torch.bfloat16)
    b = torch.randn(width, device=device, dtype=torch.bfloat16)
    y, mu, rstd = module.layernorm(x, w, b, 1e-5)
    want = F.layer_norm(x.float(), (width,), w.float(), b.float(), 1e-5).bfloat16()
    torch.testing.assert_close(y, want, rtol=1.6e-2, atol=1e-2)
    torch.testing.assert_close(mu, x.float().mean(-1), rtol=1e-4, atol=1e-5)
    var = x.float().var(-1, unbiased=False)
    torch.testing.assert_close(rstd, torch.rsqrt(var + 1e-5), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("width", [7, 1000, 5000, 20000])
def test_rmsnorm_matches_torch(examples, device, width):
    module, _ = examples
    x = torch.randn(6, width, device=device, dtype=torch.bfloat16)
    w = torch.randn(width, device=device, dtype=torch.bfloat16)
    want = F.rms_norm(x.float(), (width,), w.float(), 1e-6).bfloat16()
    torch.testing.assert_close(module.rmsnorm(x, w), want, rtol=1.6e-2, atol=1e-2)


def test_add_layernorm_matches_torch_on_permuted_views(examples, device):
    """[B, T, C] views whose B and T strides are swapped: the row dims do not collapse."""
    module, _ = examples
    B, T, C = 3, 5, 300
    x = torch.randn(T, B, C, device=device, dtype=torch.bfloat16).transpose(0, 1)
    r = torch.randn(T, B, C * 2, device=device, dtype=torch.bfloat16).transpose(0, 1)[..., ::2]
    w, b = torch.randn(C, device=device), torch.randn(C, device=device)
    y, h = module.add_layernorm(x, r, w, b)
    h_want = x.float() + r.float()
    torch.testing.assert_close(h, h_want.bfloat16(), rtol=1.6e-2, atol=1e-2)
    torch.testing.assert_close(y, F.layer_norm(h_want, (C,), w, b, 1e-5).bfloat16(), rtol=1.6e-2, atol=1e-2)


@pytest.mark.parametrize("layout", ["row_slice", "every_other_row", "column_major", "negative_free_expand"])
def test_non_contiguous_rows(examples, device, layout):
    module, _ = examples
    base = torch.randn(16, 2 * 1000, device=device, dtype=torch.float16)
    x = {
        "row_slice": base[:, 3:1003],  # row stride 2000, unaligned start
        "every_other_row": base[::2, :1000],
        "column_major": base[:, :1000].t().contiguous().t(),  # row stride 1, column stride 16
        "negative_free_expand": base[:1, :1000].expand(8, 1000),  # row stride 0
    }[layout]
    y = torch.full((x.shape[1], x.shape[0]), float("nan"), device=device, dtype=torch.float16).t()
    module.softmax(x, y=y)
    torch.testing.assert_close(y, torch.softmax(x.float(), -1).half(), rtol=2e-3, atol=2e-3)
    stats = module.row_stats(x.float())
    torch.testing.assert_close(stats[1], x.float().abs().amax(-1))


def test_wide_row_one_row(examples, device):
    """65536 columns: a team of programs of 4096 columns each (on the GPU)."""
    module, _ = examples
    x = torch.randn(1, 65536, device=device, dtype=torch.float16) * 4
    torch.testing.assert_close(module.softmax(x), torch.softmax(x.float(), -1).half(), rtol=2e-3, atol=2e-3)


@pytest.mark.slow
def test_million_columns(examples, device):
    module, _ = examples
    x = torch.randn(2, 1 << 20, device=device, dtype=torch.bfloat16)
    w = torch.randn(1 << 20, device=device, dtype=torch.bfloat16)
    b = torch.randn(1 << 20, device=device, dtype=torch.bfloat16)
    y, mu, rstd = module.layernorm(x, w, b)
    want = F.layer_norm(x.float(), (1 << 20,), w.float(), b.float(), 1e-5).bfloat16()
    torch.testing.assert_close(y, want, rtol=1.6e-2, atol=1e-2)
    s = torch.randn(2, (1 << 20) + 3, device=device, dtype=torch.float16)
    torch.testing.assert_close(module.softmax(s), torch.softmax(s.float(), -1).half(), rtol=2e-3, atol=2e-6)


@pytest.mark.parametrize("variant", ["auto", "looped"])
def test_softmax_with_minus_inf(variants, device, variant):
    """-inf entries (attention masks) must not poison the online max-and-sum; an all -inf row gives NaN like torch."""
    module, _ = variants[variant]
    x = torch.randn(4, 300, device=device, dtype=torch.float16)
    x[0, :150] = float("-inf")
    x[1, ::3] = float("-inf")
    x[2, 299] = float("-inf")
    x[3, :] = float("-inf")
    want = torch.softmax(x.float(), -1).half()
    got = module.softmax(x)
    torch.testing.assert_close(got[:3], want[:3], rtol=2e-3, atol=2e-3)
    assert torch.isnan(got[3]).all() and torch.isnan(want[3]).all()


def test_zero_rows_and_zero_width(examples, device):
    module, _ = examples
    y = module.softmax(torch.empty(0, 128, device=device, dtype=torch.float16))
    assert y.shape == (0, 128)
    y = module.softmax(torch.empty(5, 0, device=device, dtype=torch.float16))
    assert y.shape == (5, 0)
    y, mu, rstd = module.layernorm(
        torch.empty(0, 64, device=device, dtype=torch.bfloat16), *(torch.ones(64, device=device).bfloat16(),) * 2
    )
    assert y.shape == (0, 64) and mu.shape == (0,) and rstd.shape == (0,)
    y, h = module.add_layernorm(*(torch.empty(2, 0, 8, device=device, dtype=torch.bfloat16),) * 2,
                                torch.ones(8, device=device), torch.ones(8, device=device))
    assert y.shape == (2, 0, 8)


def test_rows_of_zero_columns(examples, variants, device):
    """N = 0 with rows left: sum is 0 and mean NaN, as in torch (the reference agrees); max and
    min have no value, so a kernel that takes them refuses the call, naming the row input."""
    module, _ = examples
    x = torch.empty(4, 0, device=device, dtype=torch.bfloat16)
    w = torch.empty(0, device=device, dtype=torch.bfloat16)
    y, mu, rstd = module.layernorm(x, w, w)  # mean only
    assert y.shape == (4, 0) and mu.isnan().all() and rstd.isnan().all()
    assert module.layernorm_reference(x, w, w)[1].isnan().all()
    with pytest.raises(ValueError, match=re.escape(
            "row_stats(): max of an empty row has no value: parameter 'x' has N = 0 columns (shape (4, 0))")):
        module.row_stats(torch.empty(4, 0, device=device))
    ints, _ = variants["auto"]
    with pytest.raises(ValueError, match=r"int_stats\(\): max and min of an empty row have no value"):
        ints.int_stats(torch.empty(3, 0, device=device, dtype=torch.int32))


def test_rows_built_from_a_per_row_and_a_per_column_input(tmp_path_factory, device):
    """No input spans the full [M, N]: the row comes from broadcasting s[M] against w[N]."""
    module, _ = _compile(tmp_path_factory, "outer",
                         "reduction outer(s: f32[M], w: f32[N]) -> (y: f32[M, N]) {\n    y = s + w - max(s + w)\n}\n")
    s, w = torch.randn(3, device=device), torch.randn(5, device=device)
    want = s[:, None] + w - (s[:, None] + w).amax(-1, keepdim=True)
    torch.testing.assert_close(module.outer(s, w), want)
    assert module.outer(s, w[:0]).shape == (3, 0)  # empty rows: nothing to store, no max taken


def test_index_64_path_computes_the_same(examples, device):
    module, _ = examples
    x = torch.randn(5, 300, device=device, dtype=torch.float16)
    y = torch.empty_like(x)
    looped = module.softmax_looped_kernel
    for kernel, block, extra in ((module.softmax_kernel, 512, {}), (looped, 64, {"COLS": 0}), (looped, 64, {"COLS": 300})):
        y.fill_(float("nan"))
        for align in (1, 4):  # 300 columns: multiples of 4, restated so (ALIGN) or not
            y.fill_(float("nan"))
            kernel[(2,)](x, y, 5, 300, *x.stride(), *y.stride(), BLOCK_N=block, ROWS=2, NUM_STAGES=1,
                         PERSISTENT=True, INDEX_64=True, ALIGN=align, PAST_END=True, **extra)
            torch.testing.assert_close(y, torch.softmax(x.float(), -1).half(), rtol=2e-3, atol=2e-3)


def test_quotients_past_the_row_end_divide_one(examples, device):
    """A quotient along the row divides 1.0 in the lanes outside the row where the block has
    any (PAST_END): tl.div_rn takes its slow path for a zero dividend (exp(-inf - max) past
    the row end). Those lanes are never stored, so both ways give the same bits; the launcher
    sets PAST_END only where the block runs past the row."""
    module, _ = examples
    x = torch.randn(5, 300, device=device, dtype=torch.float16)
    x[1, 7] = float("nan")
    outs = []
    for past_end in (False, True):
        y = torch.full_like(x, float("nan"))
        module.softmax_kernel[(3,)](x, y, 5, 300, *x.stride(), *y.stride(), BLOCK_N=512, ROWS=2, NUM_STAGES=1,
                                    PERSISTENT=False, INDEX_64=False, ALIGN=4, PAST_END=past_end)
        outs.append(y)
    assert torch.equal(outs[0].view(torch.int16), outs[1].view(torch.int16))
    torch.testing.assert_close(outs[1], module.softmax_reference(x), equal_nan=True)
    source = inspect.getsource(module.softmax_kernel.fn)  # (the JITFunction, or the interpreter's, holds it)
    # (an f16 softmax's quotient is only stored rounded: its blocks narrower than 128 columns
    # divide with tl.div_rn on this dividend, language/rounding.py)
    assert "_div_rounded_f16(" in source and "x_narrow=tl.where(mask_n, e, 1.0) if PAST_END else e" in source
    choice = inspect.getsource(module._softmax_launch_choice)
    assert "PAST_END=N % BLOCK_N != 0" in choice and "PAST_END=WINDOW > 1 or TEAM * BLOCK_N != N" in choice


def test_which_quotients_take_past_end():
    """Quotients of a dividend per column take PAST_END, in a scan too (its prefix never
    reaches the lanes past the row end); a dividend per row or a literal does not, nor do
    masked zeros (zeros.py, tested in test_division.py)."""
    from tilegen.pipeline import compile_source

    src = compile_source("""
reduction k(x: f32[M, N], w: f32[N]) -> (a: f32[M, N], b: f32[M, N], c: f32[M], d: f32[N], f: f32[M, N]) {
    s = sum(x)
    a = x / s
    b = 2.0 / x + s / 3.0
    c = s / 7.0
    d = w / 2.0
    f = s / x
}
reduction scan(x: f32[M, N]) -> (y: f32[M, N]) {
    y = cumsum(x / sum(x))
}
""", "k.tile").source
    code = "\n".join(line.split("#")[0] for line in src.splitlines())
    assert "a = tl.div_rn(tl.where(mask_n, x, 1.0) if PAST_END else x, s)" in code
    assert "b = tl.div_rn(2.0, x) + tl.div_rn(s, 3.0)" in code
    assert "c = tl.div_rn(s, 7.0)" in code
    assert "d = tl.div_rn(tl.where(mask_n, w, 1.0) if PAST_END else w, 2.0)" in code
    assert "f = tl.div_rn(s, x)" in code
    assert "y = tl.cumsum(tl.div_rn(tl.where(mask_n, x, 1.0) if PAST_END else x, sum_x), axis=1)" in code
    assert code.count("PAST_END: tl.constexpr") == 5  # k's single pass, looped and team kernels; scan's first two


def test_row_align():
    from tilegen.runtime.reduction import row_align

    assert row_align(1000, 1000, 1000) == 8  # rows of 1000: vectors of 8 elements
    assert row_align(1000, 1004) == 4
    assert row_align(1024, 2048) == 1  # multiples of 16: Triton proves those itself
    assert row_align(4097, 4097) == 1
    assert row_align(1000, 0) == 8  # a row stride of 0 (broadcast rows) divides by anything
    assert row_align(24, 48, 40) == 8


def test_aligned_rows_from_views(examples, device):
    """Rows whose width and strides are multiples of 8, 4 or 2 but not 16 (ALIGN 8, 4, 2), a
    view of odd stride (ALIGN 1) and multiples of 16 (ALIGN 1: Triton knows), against torch
    (bf16: 2e-2, f16: 2e-3); the launch passes the ALIGN the sizes allow."""
    module, _ = examples
    cases = ((1000, 1000, 8), (1000, 1004, 4), (1002, 1002, 2), (1000, 1001, 1), (24, 40, 8), (1024, 1024, 1))
    for cols, stride, align in cases:
        x = torch.randn(7, stride, device=device, dtype=torch.float16)[:, :cols]
        spy = _LaunchSpy(module.softmax_kernel)
        module.softmax_kernel = spy
        try:
            y = module.softmax(x)
        finally:
            module.softmax_kernel = spy.kernel
        assert [c["ALIGN"] for c in spy.calls] == [align], (cols, stride)
        torch.testing.assert_close(y, torch.softmax(x.float(), -1).half(), rtol=2e-3, atol=2e-3)
        xb = torch.randn(7, stride, device=device, dtype=torch.bfloat16)[:, :cols]
        w, b = torch.randn(cols, device=device, dtype=torch.bfloat16), torch.randn(cols, device=device, dtype=torch.bfloat16)
        want = F.layer_norm(xb.float(), (cols,), w.float(), b.float(), 1e-5).bfloat16()
        torch.testing.assert_close(module.layernorm(xb, w, b)[0], want, rtol=2e-2, atol=2e-2)


def test_nan_in_output_fails(examples):
    _, models = examples
    sig = models["layernorm"].sig
    good = (torch.zeros(2, 3), torch.zeros(2), torch.zeros(2))
    bad = (torch.zeros(2, 3), torch.tensor([0.0, float("nan")]), torch.zeros(2))
    assert compare(sig, good, good) is None
    assert compare(sig, bad, bad) is not None


CANCEL = """reduction centered_sum(x: f32[M, N]) -> (s: f32[M]) {
    s = sum(x - mean(x))
}
"""


def test_validate_allows_f32_rounding_where_sums_cancel(tmp_path_factory, device):
    """sum(x - mean(x)) is ~0 and keeps only a few digits in f32, in any order: validate
    compares it within 4x the f32 reference's own distance from an f64 one (not atol 1e-5),
    and still fails a kernel that dropped one column."""
    module, models = _compile(tmp_path_factory, "cancel", CANCEL)
    sig = models["centered_sum"].sig
    for width in (1000, 5000, 65536):
        assert run_case(module, sig, Case({"M": 3, "N": width}, False, f"{width}"), device, seed=width) is None
    x = torch.randn(37, 5000, generator=torch.Generator().manual_seed(1)).to(device)
    got = module.centered_sum(x)
    want, exact = module.centered_sum_reference(x), module.centered_sum_reference(x.double())
    assert compare(sig, got, want) is not None  # the fixed atol alone rejects the rounding
    assert compare(sig, got, want, exact=exact) is None
    dropped = got.clone()
    dropped[1] -= (x[1] - x[1].mean()).abs().max()
    assert "output 's'" in compare(sig, dropped, want, exact=exact)


UNBIASED = """reduction unbiased_var(x: f32[M, N]) -> (var: f32[M], y: f32[M, N]) {
    mu = mean(x)
    var = sum((x - mu) * (x - mu)) / (sum(x * 0.0 + 1.0) - 1.0)
    y = x - mu
}
"""


def test_nan_where_the_reference_is_nan(tmp_path_factory, device):
    """An unbiased variance of rows of one column is 0 / 0: the reference is NaN, and a kernel
    that computes NaN there passes validation; a kernel that left those elements unwritten (or
    wrote a number) still fails, as does NaN anywhere else (found in review: validate failed
    the correct kernel)."""
    from tilegen.tools import validate

    module, models = _compile(tmp_path_factory, "unbiased", UNBIASED)
    sig = models["unbiased_var"].sig
    for width in (1, 7):
        assert run_case(module, sig, Case({"M": 5, "N": width}, False, "w"), device, seed=width) is None
    x = torch.randn(5, 1, device=device)
    shapes = {"var": [5], "y": [5, 1]}
    nan_at = [torch.ones(5, dtype=torch.bool), torch.zeros(5, 1, dtype=torch.bool)]
    lazy = lambda *args, var, y: (var, module.unbiased_var(*args)[1])  # never writes var  # noqa: E731
    wrote_zero = lambda *args, var, y: (var.zero_(), y)  # noqa: E731
    for launcher in (lazy, wrote_zero):
        problem = validate._expected_nans(sig, launcher, [x], shapes, device, Case({"M": 5, "N": 1}, False, "w"), nan_at)
        assert problem is not None and "output 'var': 5 element(s)" in problem, problem
    assert validate._expected_nans(sig, module.unbiased_var, [x], shapes, device, Case({"M": 5, "N": 1}, False, "w"),
                                   nan_at) is None


def test_reference_reduces_with_keepdim_and_squeezes_per_row_outputs(examples, device):
    module, _ = examples
    x = torch.randn(2, 3, 10, device=device, dtype=torch.bfloat16)
    y, h = module.add_layernorm_reference(x, x, torch.ones(10, device=device), torch.zeros(10, device=device))
    assert y.shape == (2, 3, 10)
    _, mu, rstd = module.layernorm_reference(x[0], torch.ones(10, device=device).bfloat16(),
                                             torch.zeros(10, device=device).bfloat16())
    assert mu.shape == (3,) and rstd.shape == (3,)


# ---- the generated source -------------------------------------------------------------


def test_reduction_temporaries_are_named_after_what_they_reduce(examples):
    """A reduction's result is named after its argument where a short name fits (mean_xc_sq
    holds mean(xc * xc)), else after the statement that uses it."""
    from tilegen.language import ir
    from tilegen.language.names import describe

    x, m = ir.Name("x"), ir.Name("m")
    assert describe(x) == "x" and describe(ir.BinOp("*", x, x)) == "x_sq"
    assert describe(ir.BinOp("**", x, ir.Number(2, "2"))) == "x_sq"
    assert describe(ir.Call("abs", (x,))) == "abs_x" and describe(ir.Call("exp", (ir.BinOp("-", x, m),))) == "exp"
    assert describe(ir.BinOp("*", x, m)) is None and describe(ir.BinOp("**", x, ir.Number(3, "3"))) is None
    module, _ = examples
    assert "mean_xc_sq = _div_by_count(tl.sum(tl.where(mask, xc * xc, 0.0)" in _kernel_source(module, "layernorm_kernel")
    assert "rstd = tl.rsqrt(mean_xc_sq + eps)" in _kernel_source(module, "layernorm_kernel")
    assert "y = x * tl.rsqrt(mean_x_sq + eps) * w" in _kernel_source(module, "rmsnorm_kernel")
    assert "lse = tl.log(sum_exp)" in _kernel_source(module, "log_softmax_kernel")


def _kernel_source(module, name):
    import inspect

    return inspect.getsource(getattr(module, name).fn)


def test_softmax_looped_reads_x_twice(examples):
    module, _ = examples
    looped = _kernel_source(module, "softmax_looped_kernel")
    assert _loads_of_x(looped) == 2  # online max-and-sum, then the final pass
    assert "Online max-and-sum" in looped and "Pass 1 of 2" in looped and "Pass 2 of 2 (final)" in looped
    assert _loads_of_x(_kernel_source(module, "softmax_kernel")) == 1
    assert _loads_of_x(_kernel_source(module, "layernorm_looped_kernel")) == 2  # Welford, then the final pass
    assert _loads_of_x(_kernel_source(module, "row_stats_looped_kernel")) == 1  # no final pass
    assert _loads_of_x(_kernel_source(module, "log_softmax_looped_kernel")) == 2


def test_team_kernels_read_once_and_exchange_once_per_pass(examples):
    module, _ = examples
    for name, exchanges in (("softmax", 1), ("log_softmax", 1), ("layernorm", 2), ("rmsnorm", 1), ("row_stats", 1)):
        src = _kernel_source(module, f"{name}_team_kernel")
        # with a WINDOW, the row's edge elements (fewer than 8 at each end) are loaded again
        # for the outputs stored one by one; row_stats stores per-row outputs only
        segment, _, edges = src.partition("---- The row's first and last elements")
        assert _loads_of_x(segment) == 1 and _loads_of_x(edges) == (name != "row_stats"), name
        assert src.count("_team_exchange(") == exchanges, name
        assert f"Exchange {exchanges} of {exchanges}:" in src, name
    src = _kernel_source(module, "softmax_team_kernel")
    # the online max-and-sum publishes its pair in one exchange, and the sum is rescaled
    assert "tl.where(kk == 0, part_max_x, part_sum_e)" in src and "_team_exp_sum(parts, 0, 1, TEAM, max_x)" in src


def test_team_provenance_names_each_statement_once(examples):
    """The online max-and-sum exchange carries two statements (max on one spec line, the sum
    on the next): each partial and combined result says which line it comes from, and no
    comment repeats the one just above it."""
    module, _ = examples
    lines = [ln.strip() for ln in _kernel_source(module, "log_softmax_team_kernel").splitlines()]
    at = {ln.split(" = ")[0]: i for i, ln in enumerate(lines) if " = " in ln}
    spec_lines = SPEC.read_text(encoding="utf-8").splitlines()
    max_line = spec_lines.index("    m = max(x)") + 1
    assert spec_lines[max_line].startswith("    lse = log(sum(exp(x - m)))")  # the next line
    assert lines[at["part_m"] - 2] == f"# spec: reductions.tile:{max_line}"  # (a note comment in between)
    assert lines[at["part_sum_exp"] - 1] == f"# spec: reductions.tile:{max_line + 1}"
    assert lines[at["sum_exp"] - 2] == f"# spec: reductions.tile:{max_line + 1}"
    spec = [i for i, ln in enumerate(lines) if ln.startswith("# spec:")]
    for i, j in zip(spec, spec[1:]):
        code = [ln for ln in lines[i + 1 : j] if not ln.startswith("#")]
        assert lines[i] != lines[j] or len(code) > 1, f"{lines[i]} repeated after one line: {code}"


def test_kernels_that_cannot_exchange_f32_have_no_team(variants):
    """lse64 accumulates in f64: no team kernel; its table ends with the looped row, and a
    pinned team runs looped."""
    module, _ = variants["auto"]
    assert not hasattr(module, "lse64_team_kernel") and hasattr(module, "softmax_team_kernel")
    assert module._lse64_launch_table[-1][:2] == (None, "looped")
    assert "team" not in [row[1] for row in module._lse64_launch_table]


def test_team_falls_back_to_looped_where_it_cannot_run(spy, device, monkeypatch):
    module, calls = spy
    monkeypatch.setattr(reduction_rt, "team_fits", lambda device, team: False)
    x = torch.randn(3, 70000, device=device, dtype=torch.float16)
    y = module.softmax(x)
    assert calls[-1][0] == "looped_kernel"
    from tilegen.lower.reduction.launch import LOOPED_FALLBACK

    assert calls[-1][2]["BLOCK_N"] == LOOPED_FALLBACK[2] and calls[-1][2]["num_warps"] == LOOPED_FALLBACK[4]
    torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)


def test_fallback_chunks_narrow_for_odd_rows_they_pad_much(monkeypatch):
    """The looped fallback of a team keeps its 16384 columns of 32 warps but for rows loaded
    element by element that those chunks pad by more than an eighth of the row, over more
    than one row block an SM: 4096 columns of 16 warps there."""
    import tilegen.runtime.reduction as red

    monkeypatch.setattr(red, "sm_count", lambda device: 132)
    cuda = torch.device("cuda", 0)
    assert red.fallback_chunk(cuda, 264, 50257, 16384, 32, 50257) == (4096, 16)  # 65536 lanes: 30% padding
    assert red.fallback_chunk(cuda, 4096, 50256, 16384, 32, 50257) == (4096, 16)  # an odd row stride
    assert red.fallback_chunk(cuda, 4096, 50304, 16384, 32, 50304) == (16384, 32)  # whole vectors
    assert red.fallback_chunk(cuda, 4096, 32001, 16384, 32, 32001) == (16384, 32)  # 32768 lanes: 2% padding
    assert red.fallback_chunk(cuda, 4096, 128257, 16384, 32, 128257) == (16384, 32)
    assert red.fallback_chunk(cuda, 132, 50257, 16384, 32, 50257) == (16384, 32)  # one row block an SM
    assert red.fallback_chunk(cuda, 133, 50257, 16384, 32, 50257) == (4096, 16)
    assert red.fallback_chunk(cuda, 4096, 20001, 16384, 32, 20001) == (4096, 16)  # 32768 lanes for 20001
    assert red.fallback_chunk(cuda, 4096, 29127, 16384, 32, 29127) == (4096, 16)  # 3641 lanes past the end: just over n / 8
    assert red.fallback_chunk(cuda, 4096, 29128, 16384, 32, 29127) == (16384, 32)  # 3640: just under n / 8
    assert red.fallback_chunk(cuda, 4096, 65536, 16384, 32, 65537) == (16384, 32)  # odd stride, no lane past the end
    assert red.fallback_chunk(torch.device("cpu"), 3, 50257, 16384, 32, 50257) == (4096, 16)  # (the interpreter: never few)


def test_fallback_chunks_narrow_for_any_rows_they_pad_much_in_a_dividing_kernel(monkeypatch):
    """A kernel that divides per element (softmax's quotient) pays for every lane past the
    row end: its rows in whole vectors take FALLBACK_NARROW's chunks too where those save
    more than an eighth of the row in lanes against the own chunks, over more than one row
    block an SM."""
    import tilegen.runtime.reduction as red

    monkeypatch.setattr(red, "sm_count", lambda device: 132)
    cuda = torch.device("cuda", 0)
    assert red.fallback_chunk(cuda, 4096, 50304, 16384, 32, 50304, divides=True) == (4096, 16)  # 65536 -> 53248 lanes
    assert red.fallback_chunk(cuda, 4096, 50304, 16384, 32, 50304) == (16384, 32)  # (a norm keeps its chunks)
    assert red.fallback_chunk(cuda, 4096, 24576, 16384, 32, 24576, divides=True) == (4096, 16)  # 32768 -> 24576
    assert red.fallback_chunk(cuda, 4096, 69632, 16384, 32, 69632, divides=True) == (4096, 16)  # 12288 saved > 8704
    assert red.fallback_chunk(cuda, 4096, 69640, 16384, 32, 69640, divides=True) == (16384, 32)  # 8192 saved <= 8705
    assert red.fallback_chunk(cuda, 4096, 100000, 16384, 32, 100000, divides=True) == (16384, 32)  # 12288 saved: 12.3%
    assert red.fallback_chunk(cuda, 4096, 32768, 16384, 32, 32768, divides=True) == (16384, 32)  # no lane past the end
    assert red.fallback_chunk(cuda, 4096, 29120, 16384, 32, 29120, divides=True) == (16384, 32)  # 32768 lanes either way
    assert red.fallback_chunk(cuda, 4096, 152064, 16384, 32, 152064, divides=True) == (16384, 32)
    assert red.fallback_chunk(cuda, 132, 50304, 16384, 32, 50304, divides=True) == (16384, 32)  # one row block an SM
    assert red.fallback_chunk(cuda, 4096, 50257, 16384, 32, 50257, divides=True) == (4096, 16)  # (odd: as without)


@pytest.mark.parametrize("width,stride", [(50257, 50257), (50256, 50257), (50304, 50304)])
def test_team_fallback_chunks_follow_the_rows_loads(spy, device, monkeypatch, width, stride):
    """Where a team cannot run, rows loaded element by element that the fallback's chunks
    would pad much loop in 4096 columns of 16 warps (fallback_chunk, fed the row strides of
    x and y); rows in whole vectors keep the fallback's, but for softmax, which divides per
    element; against torch."""
    module, calls = spy
    monkeypatch.setattr(reduction_rt, "team_fits", lambda device, team: False)
    _calls.forget()  # (a launcher works out its launch once per signature)
    n_rows = 3 if device == "cpu" else 4 * reduction_rt.sm_count(torch.device(device))  # past few_row_blocks
    gen = torch.Generator().manual_seed(width)
    base = torch.randn(n_rows, stride, generator=gen) * 3
    x = base.to(device=device, dtype=torch.float16)[:, :width]  # rows `stride` elements apart
    want_chunk = (16384, 32) if width == stride == 50304 else (4096, 16)
    try:
        y = module.softmax(x)
        assert calls[-1][0] == "looped_kernel" and (calls[-1][2]["BLOCK_N"], calls[-1][2]["num_warps"]) == (4096, 16)
        torch.testing.assert_close(y.float(), torch.softmax(x.float(), dim=-1), rtol=2e-3, atol=2e-3)
        xb = base.to(device=device, dtype=torch.bfloat16)[:, :width]
        w, b = xb[0].contiguous(), xb[1].contiguous()
        y = module.layernorm(xb, w, b)[0]
        assert calls[-1][0] == "looped_kernel" and (calls[-1][2]["BLOCK_N"], calls[-1][2]["num_warps"]) == want_chunk
        want = F.layer_norm(xb.float(), (width,), w.float(), b.float(), 1e-5)
        torch.testing.assert_close(y.float(), want, rtol=2e-2, atol=2e-2)
    finally:
        _calls.forget()  # (the choices kept hold the spies and the fallback)


@pytest.mark.gpu
@pytest.mark.parametrize("width", [16385, 65536, 70001, 300_000, 1 << 20])
def test_team_on_the_gpu(examples, width):
    """Teams of 5 to 128 programs, ragged last segments, layernorm's two exchanges, and
    launches back to back on one stream (each with a new epoch)."""
    module, _ = examples
    x = torch.randn(6, width, device="cuda", dtype=torch.float16) * 3
    x[1, : width // 2] = float("-inf")
    for _ in range(3):
        torch.testing.assert_close(module.softmax(x), torch.softmax(x.float(), -1).half(), rtol=2e-3, atol=2e-6)
    xb, w, b = (torch.randn(*shape, device="cuda", dtype=torch.bfloat16) for shape in ((6, width), (width,), (width,)))
    y, mu, rstd = module.layernorm(xb, w, b)
    torch.testing.assert_close(y, F.layer_norm(xb.float(), (width,), w.float(), b.float(), 1e-5).bfloat16(),
                               rtol=1.6e-2, atol=1e-2)
    torch.testing.assert_close(mu, xb.float().mean(-1), rtol=1e-4, atol=1e-4)


@pytest.mark.gpu
def test_team_is_not_captured_in_a_cuda_graph(spy):
    """A replayed graph would repeat its launch's epoch: inside a capture the looped kernel runs."""
    module, calls = spy
    x = torch.randn(4, 70000, device="cuda", dtype=torch.float16)
    y = torch.empty_like(x)
    module.softmax(x, y=y)  # compile outside the capture
    assert calls[-1][0] == "team_kernel"
    module._softmax_launch_table, saved = ((None, "looped", 16384, 1, 32, 0, 1),), module._softmax_launch_table
    module.softmax(x, y=y)  # the looped kernel compiles outside the capture too
    module._softmax_launch_table = saved
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        module.softmax(x, y=y)
    assert calls[-1][0] == "looped_kernel"
    y.zero_()
    graph.replay()
    torch.cuda.synchronize()
    torch.testing.assert_close(y.float(), torch.softmax(x.float(), -1), rtol=2e-3, atol=2e-6)


def test_team_workspace_takes_a_new_epoch_per_launch(examples, device):
    module, _ = examples
    dev = torch.device(device)
    ws, first = reduction_rt.team_workspace(dev, 10)
    ws2, second = reduction_rt.team_workspace(dev, 10)
    assert ws2 is ws and second == first + 1
    ws3, third = reduction_rt.team_workspace(dev, ws.numel() + 1)  # grown: zeroed, epochs start again
    assert ws3.numel() == ws.numel() + 1 and third == 1 and not ws3.any()


def test_team_index_64_path_computes_the_same(examples, device):
    module, _ = examples
    x = torch.randn(3, 300, device=device, dtype=torch.float16)
    y = torch.full_like(x, float("nan"))
    ws, epoch = reduction_rt.team_workspace(torch.device(device), 3 * 2)
    module.softmax_team_kernel[(3,)](x, y, 3, 300, *x.stride(), *y.stride(), ws, epoch, BLOCK_N=512, TEAM=1,
                                     TEAM_P2=1, ROWS=1, INDEX_64=True, ALIGN=4, WINDOW=1, PAST_END=True)
    torch.testing.assert_close(y, torch.softmax(x.float(), -1).half(), rtol=2e-3, atol=2e-3)
    x = torch.randn(3, 301, device=device, dtype=torch.float16)  # rows off 16-byte boundaries: WINDOW
    y = torch.full_like(x, float("nan"))
    module.softmax_team_kernel[(3,)](x, y, 3, 301, *x.stride(), *y.stride(), ws, epoch + 1, BLOCK_N=512, TEAM=1,
                                     TEAM_P2=1, ROWS=1, INDEX_64=True, ALIGN=1, WINDOW=8, PAST_END=True)
    torch.testing.assert_close(y, torch.softmax(x.float(), -1).half(), rtol=2e-3, atol=2e-3)


def _loads_of_x(source):
    return len(re.findall(r"tl\.load\(\s*x_ptr", source))


def test_source_explains_masks_and_passes(examples):
    module, _ = examples
    src = _kernel_source(module, "softmax_kernel")
    assert 'other=float("-inf")' in src and "other=-inf: lanes past the row end must never win max(x)" in src
    assert "# spec: reductions.tile:" in src
    rms = _kernel_source(module, "rmsnorm_looped_kernel")
    assert "tl.where: lanes past the row end count as 0.0, adding nothing to the sum" in rms
    layer = _kernel_source(module, "layernorm_looped_kernel")
    assert "masked lanes take their running mean as the value: a delta of 0 changes nothing" in layer
    assert "Walk the row backwards" in layer
    assert "idx_t = rows % T" in _kernel_source(module, "add_layernorm_kernel")


def test_build_is_deterministic():
    from tilegen.pipeline import compile_source

    text = SPEC.read_text()
    assert compile_source(text, str(SPEC)).source == compile_source(text, str(SPEC)).source


def test_names_the_reduction_code_uses_are_renamed(tmp_path):
    """A temporary named like the reduction code's own n_rows (E013 once) is renamed in the code."""
    from tilegen.pipeline import compile_source
    from tilegen.tools.validate import load_module

    text = "reduction demo(x: f32[M, N]) -> (y: f32[M, N]) {\n    n_rows = sum(x)\n    y = x - n_rows\n}\n"
    source = compile_source(text, "k.tile").source
    assert "n_rows_ = " in source
    module = load_module(source, "demo_names")
    x = torch.randn(4, 7, device=DEVICE)
    torch.testing.assert_close(module.demo(x), x - x.sum(-1, keepdim=True), rtol=1e-5, atol=1e-5)


def test_schedule_pins_are_checked():
    from tilegen.diagnostics import DiagnosticError
    from tilegen.pipeline import compile_source

    text = "reduction demo(x: f32[M, N]) -> (y: f32[M, N]) {\n    y = x - max(x)\n    schedule { stages = 9 }\n}\n"
    with pytest.raises(DiagnosticError) as exc:
        compile_source(text, "k.tile")
    assert exc.value.diagnostics[0].code == "E051"


_AOT = r'''
import sys
from pathlib import Path
import torch, triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
sys.path.insert(0, sys.argv[1])
from tilegen.pipeline import compile_source

text = Path(sys.argv[2]).read_text()
compiled = compile_source(text, "aot.tile")
from tilegen.tools.validate import load_module
module = load_module(compiled.source, "aot_module")
CONST = {"BLOCK_N": 256, "ROWS": 2, "NUM_STAGES": 2, "INDEX_64": False, "BLOCK_R": 32, "BLOCK_K": 64, "BLOCK_S": 32,
         "PAST_END": True}
TYPES = {"float16": "fp16", "bfloat16": "bf16", "float32": "fp32", "float64": "fp64", "int1": "i1", "int8": "i8",
         "int16": "i16", "int32": "i32", "int64": "i64", "uint8": "u8"}
for model in compiled.models:
    dtypes = {t.name: t.dtype.triton for t in model.sig.inputs + model.sig.outputs}
    scalars = {p.name: p.py_kind for p in model.sig.scalars}
    axes = model.template == "axis_reduction.py.j2"  # reductions over named dims: partials, arrival counts
    dtypes.update({name + "_part": dtype for name, dtype in model.partials} if axes else {})
    dtypes.update({m.name + "_keep": m.dtype for m in model.keeps} if axes else {})
    dtypes.update({"count": "int32"} if axes else {})
    scans = model.template == "axis_scan.py.j2"  # scans along a named dim: one kernel
    suffixes = ("_kernel",) if axes or scans else ("_kernel", "_looped_kernel")
    for suffix in suffixes:
        fn = getattr(module, model.sig.name + suffix)
        signature = {}
        for name in fn.arg_names:
            if name in CONST:
                signature[name] = "constexpr"
            elif name.endswith("_ptr"):
                signature[name] = "*" + TYPES[dtypes[name[:-4]]]
            else:
                signature[name] = "fp32" if scalars.get(name) == "float" else "i32"
        consts = {k: v for k, v in CONST.items() if k in fn.arg_names}
        # the single pass with and without REREAD; the looped kernel with the row width at
        # run time and fixed (COLS); each on a persistent grid and on one program per row block
        extra = {"REREAD": (True, False)} if "REREAD" in fn.arg_names else {"COLS": (0, 1000)} if "COLS" in fn.arg_names else {}
        forms = [dict(PERSISTENT=True), dict(PERSISTENT=False)] if "PERSISTENT" in fn.arg_names else [{}]
        if "FLAT" in fn.arg_names:
            forms = [dict(FLAT=True), dict(FLAT=False)]
        for key, values in extra.items():
            forms = [{**forms[0], key: values[0]}, {**forms[0], key: values[1]}, {**forms[1], key: values[1]}]
        if "PASS" in fn.arg_names:  # several passes over the reduced elements: each
            forms = [{**form, "PASS": n} for form in forms for n in range(len(model.passes))]
        if "EVICT_FIRST" in fn.arg_names:  # every form with the caches' hint, the last pass's also without
            forms = [{**form, "EVICT_FIRST": True} for form in forms] + [{**forms[-1], "EVICT_FIRST": False}]
        for form in forms:
            signature.update({k: "constexpr" for k in form})
            src = ASTSource(fn, signature, {**consts, **form})
            triton.compile(src, target=GPUTarget("cuda", 90, 32), options={"num_warps": 4, "num_stages": 2})
        print("ok", model.sig.name + suffix)
    if scans or axes:
        print("ok", model.sig.name + " (one kernel)")
'''


def test_kernels_compile_for_sm90_without_a_gpu(tmp_path):
    """The interpreter does not type-check loop-carried values the way the compiler does:
    compile both kernels of every example (and of the odd-typed extras) for an H100, the
    single pass both with and without REREAD where it has it, the looped kernel with the
    row width at run time and as a constant, each persistent or not; reductions over named
    dimensions with and without EVICT_FIRST."""
    spec = tmp_path / "aot.tile"
    spec.write_text(SPEC.read_text() + EXTRAS + _AOT_CHAINED)
    assert compile_for_gpu(_AOT, spec).count("ok ") == 2 * len(compile_spec(spec)[1])


# Reductions over named dimensions in two passes, the second Welford's or a plain one: the
# hint of the last pass (EVICT_FIRST) compiles in a kernel with PASS too.
_AOT_CHAINED = """
reduction col_spread(x: f32[M, N], scale: f32[N]) -> (mu: f32[N], var: f32[N]) {
    mu = mean(x, M) * scale
    var = mean((x - mu) ** 2, M)
}
reduction col_kurtosis(x: bf16[M, N]) -> (k: f32[N]) {
    mu = mean(x, M)
    v = mean((x - mu) ** 2, M)
    k = mean(((x - mu) ** 2 / v) ** 2, M)
}
"""


_VECTORS = r'''
import re, sys
from pathlib import Path
import triton
from triton.backends.compiler import GPUTarget
from triton.compiler import ASTSource
sys.path.insert(0, sys.argv[1])
from tilegen.pipeline import compile_source
from tilegen.tools.validate import load_module

module = load_module(compile_source(Path(sys.argv[2]).read_text(), "reductions.tile").source, "vectors")
fn = module.softmax_team_kernel
# As a launch specializes them: 16-byte aligned data, unit column strides; the row width and
# row strides unknown (odd).
consts = dict(BLOCK_N=4096, TEAM=4, TEAM_P2=4, ROWS=1, INDEX_64=False, ALIGN=1, PAST_END=True, stride_x_n=1,
              stride_y_n=1)
types = {"x_ptr": "*fp16", "y_ptr": "*fp16", "ws_ptr": "*i64"}
attrs = {(i,): [["tt.divisibility", 16]] for i, name in enumerate(fn.arg_names) if name.endswith("_ptr")}
for window in (1, 8):
    c = {**consts, "WINDOW": window}
    signature = {name: "constexpr" if name in c else types.get(name, "i32") for name in fn.arg_names}
    ptx = triton.compile(ASTSource(fn, signature, c, attrs), target=GPUTarget("cuda", 90, 32),
                         options={"num_warps": 8}).asm["ptx"]
    print(window, len(re.findall(r"ld\.global(?:\.\w+)*\.v4", ptx)), len(re.findall(r"st\.global(?:\.\w+)*\.v4", ptx)))
'''


def test_team_window_loads_and_stores_whole_vectors():
    """The point of WINDOW, checked in the code Triton makes for an H100: with rows of
    unknown (odd) width and stride, a team segment of f16 loads and stores 16-byte vectors
    (ld/st.global.v4) from the boundary before its row (WINDOW 8), and none at the row's
    own start (WINDOW 1, element by element)."""
    out = compile_for_gpu(_VECTORS, SPEC)
    counts = {int(w): (int(ld), int(st)) for w, ld, st in (line.split() for line in out.split("\n") if line)}
    assert counts[1] == (0, 0), counts
    assert counts[8][0] >= 1 and counts[8][1] >= 1, counts


def test_square_kernel_rejects_ambiguous_vectors():
    """x: [N, N] names N twice: E027, before anything else (its module would not even
    import, two parameters being called stride_x_n; and a [N] tensor would be ambiguous)."""
    from tilegen.diagnostics import DiagnosticError
    from tilegen.pipeline import compile_source

    text = "reduction demo(x: f32[N, N], s: f32[N]) -> (y: f32[N, N]) {\n    y = x * s - max(x)\n}\n"
    with pytest.raises(DiagnosticError) as exc:
        compile_source(text, "k.tile")
    assert {d.code for d in exc.value.diagnostics} == {"E027"}
    with pytest.raises(DiagnosticError) as exc:
        compile_source("reduction demo(x: f32[N, N]) -> (y: f32[N, N]) {\n    y = x - max(x)\n}\n", "k.tile")
    assert {d.code for d in exc.value.diagnostics} == {"E027"}


def test_division_by_a_row_value_divides(examples):
    """`/` divides, rounded as torch rounds it (tl.div_rn: Triton's own f32 `/` is an
    approximate division), not a bare multiplication by a per-row reciprocal."""
    module, _ = examples
    for name in ("softmax_kernel", "softmax_looped_kernel"):
        src = _kernel_source(module, name)
        # (stored as f16 only: the row's reciprocal where it rounds alike, tl.div_rn elsewhere;
        # tests/test_rounded_division.py)
        assert "y = _div_rounded_f16(" in src and "x_narrow=tl.where(mask_n, e, 1.0) if PAST_END else e" in src
        assert "1.0 /" not in src


def test_launch_table_raises_warps_for_register_pressure(examples):
    """add_layernorm holds x and r through its reductions, layernorm only x (both load w
    and b after the variance, where they are first used outside a reduction): where their
    single pass would hold more than REGISTER_BUDGET values a thread, more warps."""
    from tilegen.lower.reduction.launch import table_rows
    from tilegen.lower.reduction.launch import REGISTER_BUDGET

    module, models = examples
    assert models["add_layernorm"].row_inputs == 2 and models["layernorm"].row_inputs == 1
    # without the Welford rows (at 8192 both run looped), two inputs get twice the warps there
    warps = {inputs: {r[0]: int(r[4]) for r in table_rows(inputs, 2, "chained", True)[0]} for inputs in (1, 2)}
    assert warps[2]["8192"] == 2 * warps[1]["8192"]
    for table_name, inputs in (("_add_layernorm_launch_table", 2), ("_layernorm_launch_table", 1)):
        for max_n, strategy, block, rows, warps, *_ in getattr(module, table_name):
            if strategy == "single" and max_n is not None and warps < 32:
                width = block or 1 << (max_n - 1).bit_length()
                assert rows * width // (32 * warps) * inputs <= REGISTER_BUDGET


def test_launch_table_halves_warps_where_reductions_chain(examples):
    """softmax's sum needs its max (a chain); rmsnorm has one reduction. At the
    CHAINED_HALVE_AT widths the chained kernel's single pass runs with half the warps."""
    from tilegen.lower.reduction.launch import CHAINED_HALVE_AT, DEFAULT_TABLE, padded_rows

    module, models = examples
    tables = {name: {r[0]: r for r in getattr(module, f"_{name}_launch_table")} for name in ("softmax", "rmsnorm")}
    assert models["softmax"].table_fewer_warps == "8192" and not models["rmsnorm"].table_fewer_warps
    defaults = {r[0]: r for r in padded_rows(DEFAULT_TABLE)}
    for width in CHAINED_HALVE_AT:
        assert tables["softmax"][width][1] == "single" and tables["softmax"][width][4] * 2 == defaults[width][4]
    # (the widest entry for rows mostly padding takes its own chunks in softmax: PADDED_WIDE_ONLINE;
    # and rows of 129-256 columns an entry of their own: ONLINE_HALF_BLOCK_ROW)
    same = [w for w in tables["softmax"] if w not in CHAINED_HALVE_AT and w not in (256, 12288)]
    assert all(tables["softmax"][w][4] == defaults[w][4] for w in same)


def test_launch_table_rereads_rows_for_the_outputs(examples):
    """rmsnorm's one reduction needs no other: at the REREAD_AT widths it runs looped (the
    final loop reads the row again). layernorm and add_layernorm chain their reductions:
    at the REREAD_CHAINED_AT widths they run the single pass with REREAD, and at the
    WELFORD_LOOPED_AT widths looped (mean and variance in one pass: two reads). softmax
    (an online max-and-sum) and row_stats (no row-varying output) keep the single pass."""
    from tilegen.lower.reduction.launch import DEFAULT_TABLE, REREAD_AT, REREAD_CHAINED_AT, WELFORD_LOOPED_AT, padded_rows

    module, models = examples
    defaults = {r[0]: r[1:5] for r in padded_rows(DEFAULT_TABLE)}
    for name, rereads in (("rmsnorm", REREAD_AT), ("layernorm", REREAD_CHAINED_AT), ("add_layernorm", REREAD_CHAINED_AT)):
        chained = rereads is REREAD_CHAINED_AT
        assert models[name].table_reread == ", ".join(map(str, rereads)), name
        assert models[name].table_welford == (", ".join(map(str, WELFORD_LOOPED_AT)) if chained else ""), name
        assert models[name].reread == chained, name
        table = {r[0]: r[1:5] for r in getattr(module, f"_{name}_launch_table")}
        changed = {**rereads, **WELFORD_LOOPED_AT} if chained else rereads
        for width, row in changed.items():
            assert table[width] == row and row[0] in ("looped", "reread"), (name, width)
        assert all(table[w][0] == defaults[w][0] for w in table if w not in changed), name
    assert all(strategy == "looped" for strategy, *_ in WELFORD_LOOPED_AT.values())
    assert all(strategy == "looped" and block <= width for width, (strategy, block, _, _) in REREAD_AT.items())
    for name in ("softmax", "row_stats"):
        assert not models[name].table_reread and not models[name].reread, name
        table = {r[0]: r[1] for r in getattr(module, f"_{name}_launch_table")}
        assert all(table[w] == "single" for w in {**REREAD_AT, **REREAD_CHAINED_AT, **WELFORD_LOOPED_AT}), name
    for name, row_input in (("layernorm", "x"), ("add_layernorm", "x")):
        src = _kernel_source(module, f"{name}_kernel")
        branch = src[src.index("if REREAD:"):src.index("else:", src.index("if REREAD:"))]
        assert f"{row_input} = tl.load({row_input}_ptr" in branch, name  # the row loaded again
        assert "REREAD: tl.constexpr" in src
    assert "REREAD" not in _kernel_source(module, "softmax_kernel")


class _LaunchSpy:
    """Stands in for a @triton.jit kernel: records each launch's keyword arguments."""

    def __init__(self, kernel):
        self.kernel, self.calls = kernel, []

    def __getitem__(self, grid):
        def launch(*args, **kwargs):
            self.calls.append(kwargs)
            return self.kernel[grid](*args, **kwargs)

        return launch


def test_reread_launches_and_matches_holding_the_row(examples, device):
    """layernorm and add_layernorm launch their single pass with REREAD at the
    REREAD_CHAINED_AT widths (4000 columns: the 4096 row) and without it elsewhere (2000),
    and the REREAD result (the row loaded again for the outputs) has the same bits as
    holding the row on the interpreter: the same arithmetic on the same loaded values. Ragged widths, rows
    not a multiple of ROWS, a 3-D [B, T, C] input for add_layernorm. On the GPU the two
    compiled kernels may round differently: within one unit in the last place there."""
    module, _ = examples
    gen = torch.Generator().manual_seed(7)

    def rand(*shape, dtype=torch.bfloat16):
        return (torch.randn(*shape, generator=gen) * 3 + 1).to(device=device, dtype=dtype)

    for name, n in (("layernorm", 4000), ("layernorm", 2000), ("add_layernorm", 4000)):
        if name == "layernorm":
            args = (rand(7, n), rand(n), rand(n))
        else:
            args = (rand(2, 3, n), rand(2, 3, n), rand(n, dtype=torch.float32), rand(n, dtype=torch.float32))
        kernel_name, table_name = f"{name}_kernel", f"_{name}_launch_table"
        kernel, table = getattr(module, kernel_name), getattr(module, table_name)
        results = {}
        try:
            for strategy in ("default", "single", "reread"):
                spy = _LaunchSpy(kernel)
                setattr(module, kernel_name, spy)
                if strategy != "default":
                    setattr(module, table_name, ((None, strategy, 0, 2, 4, 0, 1),))
                _calls.forget()  # (a launcher reads its table once per signature)
                results[strategy] = getattr(module, name)(*args)
                assert [c["REREAD"] for c in spy.calls] == [
                    strategy == "reread" or (strategy == "default" and n > 2048)], (name, n, strategy)
        finally:
            setattr(module, kernel_name, kernel)
            setattr(module, table_name, table)
        for held, reread in zip(results["single"], results["reread"]):
            assert not torch.isnan(held.float()).any()
            if device == "cpu":
                assert torch.equal(held, reread), (name, n)
            else:  # the compiler may contract or order the two kernels' f32 math differently
                ulp = 2.0**-7 if held.dtype == torch.bfloat16 else 2.0**-22
                torch.testing.assert_close(reread, held, rtol=ulp, atol=0, msg=f"{name} {n}")
        if name == "layernorm":
            x, w, b = args
            want = F.layer_norm(x.float(), (n,), w.float(), b.float(), 1e-5)
            torch.testing.assert_close(results["reread"][0].float(), want, atol=3e-2, rtol=1e-2)


def test_weights_used_outside_a_reduction_load_after_it(examples):
    """rmsnorm's w and layernorm's w and b are used only outside the reduction of their
    statement: they load after it, so they hold no registers through it."""
    module, _ = examples
    for name, weights in (("rmsnorm", ["w"]), ("layernorm", ["w", "b"])):
        src = _kernel_source(module, f"{name}_kernel")
        last_reduce = src.rindex("tl.sum(")
        for w in weights:
            assert src.index(f"{w} = tl.load(") > last_reduce, (name, w)


@pytest.mark.parametrize("variant", ["auto", "looped", "looped_rows", "persistent", "team"])
def test_nan_wins_max_and_min_as_in_torch(variants, variant, device):
    """tl.max and tl.min drop NaN; torch.amax and amin return it. Every path (single pass,
    looped accumulators, the online max-and-sum, team exchanges) must return NaN for a row
    holding one, and leave the other rows alone."""
    module, _ = variants[variant]
    for width in (40, 3000):
        x = torch.randn(3, width, device=device)
        x[1, width // 3] = float("nan")
        s, mx = module.row_stats(x)
        assert mx[1].isnan() and not mx[[0, 2]].isnan().any(), (variant, width)
        torch.testing.assert_close(mx[[0, 2]], x[[0, 2]].abs().amax(-1))
        y = module.softmax(x.half())
        assert y[1].isnan().all() and not y[[0, 2]].isnan().any(), (variant, width)


ONLINE = """reduction online(x: f32[M, N]) -> (mx: f32[M], s: f32[M]) {
    mx = max(x)
    s = sum(exp(x - mx))
}
"""


@pytest.mark.parametrize("schedule", ["", "strategy = looped; block_n = 16", "strategy = team; block_n = 16"])
def test_a_row_of_only_minus_inf(tmp_path_factory, schedule, device):
    """sum(exp(x - max(x))) of a row of only -inf is NaN in torch (-inf - -inf); the looped
    and team kernels shift such a row by 0 to keep their running sums finite, and returned
    0 for it: they must return NaN, like the single pass."""
    text = _pinned(ONLINE, schedule) if schedule else ONLINE
    module, _ = _compile(tmp_path_factory, "online", text)
    x = torch.randn(3, 40, device=device)
    x[1] = float("-inf")
    mx, s = module.online(x)
    assert mx[1] == float("-inf") and s[1].isnan(), schedule
    torch.testing.assert_close(s[[0, 2]], torch.exp(x[[0, 2]] - x[[0, 2]].amax(-1, keepdim=True)).sum(-1))


PARTIAL = """
reduction masked_softmax(x: f32[B, H, T, S], mask: f32[T, S]) -> (y: f32[B, H, T, S]) {
    z = x + mask
    y = exp(z - max(z)) / sum(exp(z - max(z)))
}

reduction gapped(x: f32[B, H, T, S], w: f32[B, S], scale: f32[H, T]) -> (y: f32[B, H, T, S], m: f32[B, H, T]) {
    m = mean(x * w) * scale
    y = x * w - m
}
"""


@pytest.mark.parametrize("strategy", ["", "looped", "team"])
@pytest.mark.parametrize("width", [37, 700])
def test_inputs_may_leave_dimensions_out(strategy, width):
    """An attention mask [T, S] over [B, H, T, S] scores, and inputs with a gap ([B, S]) or
    per-row values with fewer row dims ([H, T]), as elementwise kernels allow (E046 once)."""
    from tilegen.pipeline import compile_source
    from tilegen.tools.validate import load_module

    text = PARTIAL
    if strategy:
        extra = "; block_n = 128" if strategy == "team" else "; block_n = 64"
        text = text.replace("}\n\nreduction", f"    schedule {{ strategy = {strategy}{extra} }}\n}}\n\nreduction")
    module = load_module(compile_source(text, "partial.tile").source, f"partial_{strategy or 'auto'}")
    g = torch.Generator().manual_seed(width)
    b, h, t, s = 2, 3, 5, width
    x = torch.randn(b, h, t, s, generator=g).to(DEVICE)
    mask = torch.randn(s, t, generator=g).to(DEVICE).t()  # strided
    torch.testing.assert_close(module.masked_softmax(x, mask), torch.softmax(x + mask, -1), rtol=1e-5, atol=1e-6)
    w, scale = torch.randn(b, s, generator=g).to(DEVICE), torch.randn(h, t, generator=g).to(DEVICE)
    y, m = module.gapped(x, w, scale)
    xw = x * w[:, None, None, :]
    want_m = xw.mean(-1) * scale
    torch.testing.assert_close(m, want_m, rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(y, xw - want_m[..., None], rtol=1e-5, atol=1e-5)
    torch.testing.assert_close(module.masked_softmax_reference(x, mask), torch.softmax(x + mask, -1))


def test_outputs_still_take_a_whole_shape():
    from tilegen.diagnostics import DiagnosticError
    from tilegen.pipeline import compile_source

    text = "reduction r(x: f32[B, S]) -> (y: f32[S2]) {\n    y = x - max(x)\n}\n"
    with pytest.raises(DiagnosticError):
        compile_source(text, "out.tile")
    text = "reduction r(x: f32[B, T, S]) -> (y: f32[T, S]) {\n    y = x - max(x)\n}\n"
    with pytest.raises(DiagnosticError) as exc:
        compile_source(text, "out.tile")
    assert [d.code for d in exc.value.diagnostics] == ["E046"]


def test_few_row_blocks_take_more_warps(monkeypatch):
    """A single pass over fewer row blocks than SMs is latency bound: more warps share each
    row (up to one per 256 elements of the block, 32 at most); a wave or more keeps the
    table's warps, and never fewer than the table's."""
    from tilegen.runtime import reduction as r

    gpu = torch.device("cuda", 0)
    monkeypatch.setitem(r._SMS, 0, (132, 64))
    assert r.few_rows_warps(gpu, 1, 8192, 4) == 32
    assert r.few_rows_warps(gpu, 64, 8192, 8) == 32
    assert r.few_rows_warps(gpu, 132, 2048, 4) == 8
    assert r.few_rows_warps(gpu, 133, 8192, 4) == 4
    assert r.few_rows_warps(gpu, 1, 64, 4) == 4
    assert r.few_rows_warps(torch.device("cpu"), 1, 8192, 4) == 4
    # the threshold the entries for rows mostly padding pass: row blocks an SM
    assert r.few_row_blocks(gpu, 132) and not r.few_row_blocks(gpu, 133)
    assert r.few_row_blocks(gpu, 264, 2) and not r.few_row_blocks(gpu, 265, 2)


def test_pinned_warps_stay_pinned():
    from tilegen.pipeline import compile_source

    text = "reduction s(x: f32[M, N]) -> (y: f32[M]) {\n    y = sum(x)\n    schedule { warps = 2 }\n}\n"
    (model,) = compile_source(text, "k.tile").models
    assert not model.latency_warps
    (model,) = compile_source(text.replace("    schedule { warps = 2 }\n", ""), "k.tile").models
    assert model.latency_warps


@pytest.mark.parametrize("shape", [(37, 1000), (5, 4096), (1, 1), (0, 7)])
def test_add_rmsnorm_is_the_unfused_bf16_block(examples, device, shape):
    """add_rmsnorm returns h = x + r rounded to bf16 exactly as torch's bf16 add does, and
    y = rms_norm(h) * w of that rounded h (torch in f32, rounded once to bf16)."""
    module, _ = examples
    gen = torch.Generator().manual_seed(len(shape))
    x, r = (torch.randn(*shape, generator=gen).to(device, torch.bfloat16) for _ in range(2))
    x = torch.cat([x, x], dim=-1)[..., : shape[-1]]  # a strided view
    w = torch.randn(shape[-1], generator=gen).to(device, torch.bfloat16)
    y, h = module.add_rmsnorm(x, r, w)
    want_h = x + r
    if device == "cpu":
        # Triton 3.6's interpreter converts f32 to bf16 by truncation, not to nearest: one
        # unit off, and y is held to the norm of the kernel's own h
        torch.testing.assert_close(h, want_h, rtol=2**-7, atol=0)
        want_h = h
    else:
        assert torch.equal(h, want_h)
    hf = want_h.float()
    want_y = (hf * torch.rsqrt(hf.pow(2).mean(-1, keepdim=True) + 1e-6) * w.float()).to(torch.bfloat16)
    torch.testing.assert_close(y, want_y, rtol=2**-7, atol=1e-6)


def test_launch_choice_once_per_signature(examples, device, monkeypatch):
    """A reduction launcher works its launch choice out on a signature's first call and
    reuses it (the rules ask nothing else); a new shape, strides, a data pointer off the
    16-byte boundary, or calls.forget() ask again. The launches match torch each time."""
    import tilegen.runtime.reduction as red

    module, _ = examples
    asked = []
    real = red.few_rows_warps
    monkeypatch.setattr(red, "few_rows_warps", lambda *args: asked.append(args) or real(*args))
    gen = torch.Generator().manual_seed(3)
    base = torch.randn(2 * 300 * 61 + 8, generator=gen).to(device=device, dtype=torch.float16)

    def run(x, n_asked):
        y = module.softmax(x)
        torch.testing.assert_close(y.float(), torch.softmax(x.float(), -1), rtol=2e-3, atol=2e-3)
        assert len(asked) == n_asked, x.shape

    x = base[: 300 * 61].view(300, 61)
    run(x, 1)
    run(x.clone(), 1)  # the same signature: another tensor alike
    run(base[: 301 * 61].view(301, 61), 2)  # another shape
    run(base[: 2 * 300 * 61].view(300, 122)[:, :61], 3)  # other row strides
    run(base[1: 300 * 61 + 1].view(300, 61), 4)  # 2 bytes past the boundary
    run(base[8: 300 * 61 + 8].view(300, 61), 4)  # 16 bytes past it: aligned alike
    _calls.forget()
    run(x, 5)
