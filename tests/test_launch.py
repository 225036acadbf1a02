"""tilegen.runtime.launch: a launch goes straight to the compiled kernel only under a key
of everything Triton specializes on; anything the key does not hold goes through
kernel[grid]. The keying is tested here with stand-ins for Triton's JITFunction and
CompiledKernel (no GPU); test_launches_on_the_gpu runs the real ones."""

import pytest
import torch

from conftest import ROOT, compile_spec
from tilegen.runtime import launch as launch_rt


class Compiled:
    """Triton's CompiledKernel as launch() sees it."""

    function, packed_metadata = "function", "metadata"

    def __init__(self, log):
        self.log = log

    def launch_metadata(self, grid, stream, *args):
        return ("launch metadata", grid)

    def run(self, g0, g1, g2, stream, function, packed, meta, enter, exit, *args):
        assert (function, packed) == ("function", "metadata")
        # the metadata and hooks only where a hook is set (Triton's default: empty hook chains)
        assert (meta, enter, exit) == (None, None, None) or meta[0] == "launch metadata"
        self.log.append(("direct", (g0, g1, g2), args, stream))
        self.hooks = (enter, exit)


class Jit:
    """Triton's JITFunction as launch() sees it: parameters x, n, s, BLOCK."""

    arg_names = ["x", "n", "s", "BLOCK"]
    constexprs = [3]

    def __init__(self):
        self.log, self.pre_run_hooks, self.used_global_vals, self.hash = [], [], {}, "source hash"

    def __getitem__(self, grid):
        def run(*args, **kwargs):
            self.log.append(("triton", grid, args, kwargs))
            return Compiled(self.log)
        return run


@pytest.fixture
def jit(monkeypatch):
    monkeypatch.setattr(launch_rt, "JITFunction", Jit)
    monkeypatch.setattr(launch_rt, "CompiledKernel", Compiled)
    monkeypatch.setattr(launch_rt, "_BACKEND", True)
    monkeypatch.setattr(launch_rt, "_STREAM", lambda device: f"stream of {device}")
    monkeypatch.setattr(launch_rt, "_DEVICE", lambda: 0)
    return Jit()


def paths(kernel):
    return [entry[0] for entry in kernel.log]


def call(kernel, x, n=64, s=1.5, block=128, warps=4, grid=(2,)):
    return launch_rt.launch(kernel, grid, x, n, s, BLOCK=block, num_warps=warps)


def test_the_second_call_of_a_key_launches_the_compiled_kernel(jit):
    x = torch.randn(64)
    call(jit, x)
    call(jit, x, s=2.5)  # a float's value is no part of Triton's specialization: launched as Triton's run would
    assert paths(jit) == ["triton", "direct"]
    # every parameter by position, the constexprs after the positional ones, a tensor as its
    # address (Triton's launcher would ask the driver about it); the grid in 3 dimensions
    assert jit.log[1] == ("direct", (2, 1, 1), (x.data_ptr(), 64, 2.5, 128), "stream of 0")


def test_with_a_launch_hook_tensors_reach_the_compiled_kernel_as_they_are(jit, monkeypatch):
    """A launch hook (a profiler's) may read the arguments: the tensors go as Triton's run
    passes them."""
    hook = launch_rt.HookChain()
    monkeypatch.setattr(launch_rt.knobs.runtime, "launch_enter_hook", hook)
    x = torch.randn(64)
    call(jit, x)
    compiled = call(jit, x)
    assert compiled.hooks == (None, None)  # an empty chain is no hook
    hook.add(lambda metadata: None)
    compiled = call(jit, x)
    assert paths(jit) == ["triton", "direct", "direct"]
    assert jit.log[2][2][0] is x and compiled.hooks == (hook, launch_rt.knobs.runtime.launch_exit_hook)


class CLauncher:
    """Triton's CudaLauncher as launch() sees it: its C function, called directly where
    the kernel needs no scratch memory."""

    launch_cooperative_grid, launch_pdl = "cooperative", "pdl"

    def __init__(self, log, scratch=0):
        self.log, self.global_scratch_size, self.profile_scratch_size = log, scratch, 0

    def launch(self, g0, g1, g2, stream, function, cooperative, pdl, scratch, profile, packed, meta, enter, exit,
               *args):
        assert (function, cooperative, pdl, packed) == ("function", "cooperative", "pdl", "metadata")
        assert (scratch, profile, meta, enter, exit) == (None,) * 5
        self.log.append(("C launch", (g0, g1, g2), args, stream))

    def __call__(self, g0, g1, g2, stream, function, packed, meta, enter, exit, *args):
        self.log.append(("CudaLauncher.__call__", (g0, g1, g2), args, stream))  # (allocates the scratch memory)


@pytest.mark.parametrize("scratch", [0, 256])
def test_the_launchers_c_function_is_called_directly_where_no_scratch_is_needed(jit, monkeypatch, scratch):
    monkeypatch.setattr(launch_rt, "CudaLauncher", CLauncher)
    monkeypatch.setattr(Compiled, "run", CLauncher(jit.log, scratch))
    x = torch.randn(64)
    call(jit, x)
    call(jit, x)
    # with scratch memory, through the launcher's __call__, which allocates it
    assert paths(jit) == ["triton", "CudaLauncher.__call__" if scratch else "C launch"]
    assert jit.log[1][2] == (x.data_ptr(), 64, 1.5, 128)


@pytest.mark.parametrize("change", [
    dict(x=lambda: torch.randn(65)[1:]),  # a pointer 4 bytes past a 16-byte boundary
    dict(x=lambda: torch.randn(64, dtype=torch.float64)),
    dict(n=1),  # Triton makes an int of 1 a constant
    dict(n=17),  # not divisible by 16
    dict(n=2**31),  # 64-bit
    dict(n=2**63),  # unsigned 64-bit
    dict(s=2),  # an int where a float was
    dict(block=256),
    dict(warps=8),
])
def test_what_triton_specializes_on_takes_triton_path(jit, change):
    x = torch.randn(64)
    call(jit, x)
    kwargs = {k: (v() if callable(v) else v) for k, v in change.items()}
    call(jit, kwargs.pop("x", x), **kwargs)
    assert paths(jit) == ["triton", "triton"]
    call(jit, torch.randn(64), n=48, s=0.5)  # the first key again: 48 is divisible by 16 as 64 is
    assert paths(jit)[-1] == "direct"


def test_the_device_source_and_triton_settings_are_in_the_key(jit, monkeypatch):
    x = torch.randn(64)
    call(jit, x)
    jit.hash = None  # (Triton: the source was replaced; the next run compiles it again)
    call(jit, x)
    monkeypatch.setattr(launch_rt, "_DEVICE", lambda: 1)
    call(jit, x)
    monkeypatch.setattr(launch_rt.knobs.runtime, "debug", True)
    call(jit, x)
    assert paths(jit) == ["triton"] * 4


@pytest.mark.parametrize("why", ["hook", "globals", "other type", "grid", "not jit", "backend", "constexpr"])
def test_what_the_key_cannot_hold_takes_triton_path(jit, monkeypatch, why):
    x = torch.randn(64)
    call(jit, x)
    grid = (2,)
    if why == "hook":
        jit.pre_run_hooks.append(lambda *a, **k: None)
    elif why == "globals":
        scope = {"C": 2}
        jit.used_global_vals = {("C", id(scope)): (1, scope)}  # (Triton raises: the global changed)
    elif why == "other type":
        x = object()
    elif why == "grid":
        grid = lambda meta: (2,)  # noqa: E731
    elif why == "backend":
        monkeypatch.setattr(launch_rt, "_BACKEND", False)
    kernel = jit
    if why == "constexpr":  # BLOCK by position: Triton keys it by value, the key here by type
        launch_rt.launch(jit, grid, x, 64, 1.5, 128, num_warps=4)
        launch_rt.launch(jit, grid, x, 64, 1.5, 128, num_warps=4)
        assert paths(jit) == ["triton", "triton", "triton"]
        return
    if why == "not jit":
        kernel = type("Stand", (), {"__getitem__": Jit.__getitem__, "log": jit.log})()
    call(kernel, x, grid=grid)
    assert paths(jit) == ["triton", "triton"]


def test_tensor_descriptors_are_keyed_by_dtype_and_block_shape(jit):
    """A tensor descriptor (the gemm's descriptor addressing) over another base, shape or
    strides launches the same compiled kernel; another block shape or dtype does not."""
    desc = pytest.importorskip("triton.tools.tensor_descriptor").TensorDescriptor.from_tensor
    call(jit, desc(torch.randn(64, 64), [16, 32]))
    call(jit, desc(torch.randn(128, 48)[:100], [16, 32]))
    assert paths(jit) == ["triton", "direct"]
    call(jit, desc(torch.randn(64, 64), [32, 16]))
    call(jit, desc(torch.randn(64, 64).half(), [16, 32]))
    assert paths(jit)[2:] == ["triton", "triton"]


def test_an_int_of_1_differs_from_other_ints_of_its_class(jit):
    x = torch.randn(64)
    call(jit, x, n=17)
    call(jit, x, n=1)  # Triton makes an int of 1 a constant: neither divisible by 16 nor 64-bit, still another kernel
    call(jit, x, n=33)
    assert paths(jit) == ["triton", "triton", "direct"]


def test_direct_launch_can_be_turned_off(jit, monkeypatch):
    monkeypatch.setattr(launch_rt, "ENABLED", False)
    for _ in range(2):
        call(jit, torch.randn(64))
    assert paths(jit) == ["triton", "triton"]


def test_keys_are_bounded_and_kept_by_each_kernel(jit, monkeypatch):
    monkeypatch.setattr(launch_rt, "MAX_KEYS", 2)
    for block in (16, 32, 64, 128):
        call(jit, torch.randn(64), block=block)
    assert len(jit.__dict__[launch_rt.TABLE]) <= 2
    other = Jit()
    call(other, torch.randn(64), block=128)
    call(other, torch.randn(64), block=128)
    assert paths(other) == ["triton", "direct"] and len(other.__dict__[launch_rt.TABLE]) == 1


LAUNCHES = {}  # a launcher's table (Calls.launches)


@pytest.fixture(autouse=True)
def _fresh_launches():
    LAUNCHES.clear()


def known_call(kernel, known, x, n=64, s=1.5, block=128, warps=4, grid=(2,), vary=None, table=LAUNCHES):
    """A launcher's call: `known` stands for its signature, which fixes x, n and the
    keywords; s (a scalar) varies."""
    return launch_rt.launch_known(table, known, (s,) if vary is None else vary, kernel, grid, x, n, s, BLOCK=block,
                                  num_warps=warps)


def test_a_known_key_launches_the_compiled_kernel_without_keying_the_fixed_arguments(jit):
    x = torch.randn(64)
    known_call(jit, "signature A", x)
    known_call(jit, "signature A", x, s=2.5)
    # the tensor as its address, the keyword parameters after the positional ones, as launch
    assert paths(jit) == ["triton", "direct"]
    assert jit.log[1] == ("direct", (2, 1, 1), (x.data_ptr(), 64, 2.5, 128), "stream of 0")
    # the same signature with another tensor of its class: only its address changes
    y = torch.randn(64)
    known_call(jit, "signature A", y)
    assert jit.log[2][2] == (y.data_ptr(), 64, 1.5, 128)
    # the fixed arguments are the caller's word: an n of another class is not looked at
    # (a launcher's signature fixes its sizes and strides)
    known_call(jit, "signature A", x, n=17)
    assert paths(jit)[-1] == "direct"
    # and launch's own table holds what the known key found (one compile)
    assert len(jit.__dict__[launch_rt.TABLE]) == 1


@pytest.mark.parametrize("change", ["vary class", "known", "source", "device", "debug", "globals", "none"])
def test_what_a_known_key_does_not_fix_takes_launchs_path(jit, monkeypatch, change):
    x = torch.randn(64)
    known_call(jit, "signature A", x)
    known = "signature A"
    s = 1.5
    if change == "vary class":
        s = 2  # an int where a float was
    elif change == "known":
        known = "signature B"
    elif change == "source":
        jit.hash = "another source"
    elif change == "device":
        monkeypatch.setattr(launch_rt, "_DEVICE", lambda: 1)
    elif change == "debug":
        monkeypatch.setattr(launch_rt.knobs.runtime, "debug", True)
    elif change == "globals":
        scope = {"C": 2}
        jit.used_global_vals = {("C", id(scope)): (1, scope)}  # (Triton raises: the global changed)
    elif change == "none":
        known = None  # no signature: launch keys every argument
    known_call(jit, known, x, s=s)
    # launch's own key: a new one (Triton compiles), or, for another signature of the
    # same classes and for no signature, the one the first call compiled
    expected = "direct" if change in ("known", "none") else "triton"
    assert paths(jit) == ["triton", expected]
    if change == "known":
        assert len(LAUNCHES) == 2  # each signature under its own key
    if change in ("known", "vary class", "source", "device", "debug"):
        known_call(jit, known, x, s=s)
        assert paths(jit)[-1] == "direct"  # then kept under its own known key


def test_a_known_keys_tensors_in_vary_are_keyed_by_alignment(jit):
    """An output the launcher allocates is keyed every call: an allocator may not align it."""
    for x in (torch.randn(64), torch.randn(65)[1:], torch.randn(64)):  # 4 bytes past a 16-byte boundary, then aligned
        known_call(jit, "signature A", x, vary=(1.5, x))
    assert paths(jit) == ["triton", "triton", "direct"]


def test_a_known_key_with_a_launch_hook_passes_the_tensors_as_they_are(jit, monkeypatch):
    x = torch.randn(64)
    known_call(jit, "signature A", x)
    hook = launch_rt.HookChain()
    hook.add(lambda metadata: None)
    monkeypatch.setattr(launch_rt.knobs.runtime, "launch_enter_hook", hook)
    compiled = known_call(jit, "signature A", x)
    assert paths(jit) == ["triton", "direct"] and jit.log[1][2] == (x, 64, 1.5, 128) and compiled.hooks[0] is hook


def test_known_keys_are_bounded_and_hold_their_kernel(jit, monkeypatch):
    monkeypatch.setattr(launch_rt, "MAX_KNOWN", 2)
    for known in "ABCD":
        known_call(jit, known, torch.randn(64))
    assert len(LAUNCHES) <= 2
    other = Jit()
    known_call(other, "D", torch.randn(64))
    assert paths(other) == ["triton"]  # another kernel under the same key: launch's path, its own compile
    known_call(other, "D", torch.randn(64))
    assert paths(other) == ["triton", "direct"]
    assert [entry[0] for key, entry in LAUNCHES.items() if key[0] == "D"] == [other]  # the key now holds the other kernel


class FirstRunJit(Jit):
    """Triton's JITFunction, whose source hash its first run works out (None before)."""

    def __init__(self):
        super().__init__()
        self.hash = None

    def __getitem__(self, grid):
        self.hash = "source hash"
        return super().__getitem__(grid)


def test_a_source_hash_worked_out_by_the_first_run_keys_the_compiled_kernel(jit, monkeypatch):
    """What the first run compiled is kept under the hash that run worked out, so the
    second call launches it directly, through launch and through launch_known alike."""
    monkeypatch.setattr(launch_rt, "JITFunction", FirstRunJit)
    for how in (call, lambda kernel, x: known_call(kernel, "signature A", x)):
        kernel, x = FirstRunJit(), torch.randn(64)
        how(kernel, x)
        how(kernel, x)
        assert paths(kernel) == ["triton", "direct"]


def test_forget_drops_the_launches_kept_under_a_signature(jit):
    """After forget() a launcher may choose other keywords for the same signature (a test
    replacing its launch table does): what was launched under the signature goes too."""
    from tilegen.runtime import calls as calls_rt

    launcher = calls_rt.Calls("k", ("x",), (), False)
    x = torch.randn(64)
    known_call(jit, "signature A", x, table=launcher.launches)
    calls_rt.forget()
    known_call(jit, "signature A", x, block=256, table=launcher.launches)  # another choice now
    assert paths(jit) == ["triton", "triton"] and jit.log[1][3]["BLOCK"] == 256


def test_generated_launchers_key_their_scalars_and_outputs_every_call(monkeypatch):
    """The launchers pass launch_known their signature (a team's: with whether a graph is
    captured) and, to key every call, their scalars, outputs and team arguments."""
    red = compile_spec(ROOT / "specs" / "reductions.tile")[0]
    ew = compile_spec(ROOT / "specs" / "elementwise.tile")[0]
    seen = []
    for module in (red, ew):
        monkeypatch.setattr(module._fast, "launch_known",
                            lambda table, known, vary, kernel, grid, *a, **k: seen.append((known, vary, a)))
    x, w = torch.randn(3, 5, dtype=torch.bfloat16), torch.randn(5, dtype=torch.bfloat16)
    y = red.rmsnorm(x, w, 0.5)
    (known, vary, args), = seen
    assert known is not None and vary[:2] == (0.5, y) and args[3] is y
    seen.clear()
    a, b = torch.randn(7), torch.randn(7)
    out = torch.empty(7)
    ew.add(a, b, out=out)
    (known, vary, args), = seen
    assert known is not None and vary == (out,)
    seen.clear()
    # a team's launcher: its launch choice's key (with whether a graph is being captured),
    # and the team's workspace and epoch keyed every call
    wide = torch.randn(2, 20000, dtype=torch.float16)
    y = red.softmax(wide)
    (known, vary, args), = seen
    signature = red._softmax_calls.find((wide,), (None,))[0]
    assert known == (signature, False) and vary[0] is y and len(vary) == 3 and isinstance(vary[1], torch.Tensor)
    assert args[-2:] == vary[1:]  # the workspace and the epoch, the launch's last arguments


def test_gemm_launchers_key_what_their_signature_and_configuration_leave_open(monkeypatch):
    """The gemm launchers pass launch_known their call signature with the launch
    configuration, and key on each call what those leave open: the scalars, the outputs
    (allocated, passed in, the tuner's scratch), the descriptors and the split-K buffers.
    Under one known key every other argument has one key (launch's own) and every keyword
    one value; another configuration is another known key."""
    gemm = compile_spec(ROOT / "specs" / "gemm.tile")[0]
    seen = []
    monkeypatch.setattr(gemm._fast, "launch_known",
                        lambda table, known, vary, kernel, grid, *a, **k: seen.append((table, known, vary, kernel, a, k)))
    g = torch.Generator().manual_seed(5)
    f16 = lambda *shape: torch.randn(*shape, generator=g).to(torch.float16)  # noqa: E731
    a, b, c = f16(70, 40), f16(40, 33), torch.empty(70, 33, dtype=torch.float16)
    split = dict(split_k=2, block_m=32, block_n=32, block_k=16)
    tail = dict(block_n2=16, block_m=32, block_n=32)
    for schedule in (None, None, split, split, tail, tail):
        gemm.matmul(f16(70, 40), f16(40, 33), schedule=schedule)
        gemm.matmul(a, b, c=c, schedule=schedule)
    x, w, scale, bias, res = f16(9, 24), f16(12, 24), torch.randn(9, generator=g), f16(12), f16(9, 12)
    for alpha in (0.5, 2.0):
        gemm.scaled_residual(x, w, scale, bias, res, alpha=alpha)
    fixed, count = {}, {}
    for table, known, vary, kernel, args, kwargs in seen:
        count[known] = count.get(known, 0) + 1
        assert table is getattr(gemm, f"_{kernel.__name__.removesuffix('_kernel')}_calls").launches
        signature, config = known
        assert dict(config)["block_m"] == kwargs["BLOCK_M"] and dict(config)["split_k"] == kwargs.get("SPLIT_K", 1)
        outs = [t for t in args if isinstance(t, torch.Tensor) and any(t is v for v in vary)]
        assert outs, "every launch keys its output"
        rest = tuple(launch_rt._arg_key(v) for v in args if not any(v is u for u in vary))
        assert fixed.setdefault(known, (rest, kwargs)) == (rest, kwargs)
    # matmul: a signature without c= and one with, each under three configurations, each
    # called twice; scaled_residual: one signature, its scalar keyed on each call
    assert sorted(count.values()) == [2] * 7
    assert [vary[0] for *_, vary, _, _, _ in seen[-2:]] == [0.5, 2.0]  # the scalar, keyed every call
    assert any(v is not None for *_, known, vary, _, _, _ in seen if dict(known[1])["split_k"] > 1 for v in vary[-2:])


def test_the_tuners_scratch_outputs_keep_the_outputs_strides(monkeypatch, tmp_path):
    """The tuner launches into scratch outputs under the call's signature: laid out as the
    outputs, strides too (a view's gaps kept), so that its launches and the call's, keyed
    alike, pass outputs Triton specializes alike."""
    import tilegen.runtime.gemm as gemm_rt

    gemm = compile_spec(ROOT / "specs" / "gemm.tile")[0]
    monkeypatch.setenv("TILEGEN_AUTOTUNE", "1")  # tune even on the interpreter
    monkeypatch.setenv("TILEGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr(gemm_rt, "GEMM_CHOSEN", {})
    monkeypatch.setattr(gemm_rt, "GEMM_TUNED", {})
    seen = []
    monkeypatch.setattr(gemm._fast, "launch_known", lambda table, known, vary, kernel, grid, *a, **k: seen.append(a))
    a, b = torch.randn(40, 24).to(torch.float16), torch.randn(24, 32).to(torch.float16)
    c = torch.empty(40, 36, dtype=torch.float16)[:, :32]  # a view whose rows are 36 apart
    gemm.matmul(a, b, c=c, schedule=dict(block_k=32, warps=4, stages=2, group_m=4))
    assert gemm.matmul.last_config["source"] == "tuned now" and len(seen) > 2
    assert {args[2].stride() for args in seen} == {(36, 1)}  # c is matmul_kernel's third argument


@pytest.mark.gpu
def test_launches_on_the_gpu():
    """The real JITFunction: aligned and unaligned pointers, sizes 1, 16k and others, one
    key after another; every result against torch, the compiled kernels counted."""
    ew = compile_spec(ROOT / "specs" / "elementwise.tile")[0]
    keys = lambda: len(ew.add_kernel.__dict__.get(launch_rt.TABLE, {}))  # noqa: E731
    before = keys()
    for n in (64, 1, 17, 64, 4096, 1, 33):
        for offset in (0, 1, 4, 0, 2):
            for _ in range(3):
                x = torch.randn(n + offset, device="cuda")[offset:]
                y = torch.randn(n + 3, device="cuda")[3:]
                out = torch.full((n + offset,), 7.0, device="cuda")[offset:]
                ew.add(x, y, out=out)
                torch.testing.assert_close(out, x + y, rtol=0, atol=0)
    assert keys() > before


@pytest.mark.gpu
def test_launch_hooks_see_the_direct_launches_on_the_gpu():
    """A launch hook (as a profiler sets one) is called for direct launches too, with
    Triton's launch metadata, and the results hold; without one, none is called."""
    from triton import knobs

    ew = compile_spec(ROOT / "specs" / "elementwise.tile")[0]
    x, y = torch.randn(1000, device="cuda"), torch.randn(1000, device="cuda")
    ew.add(x, y)  # compiled: the calls below launch it directly
    seen = []
    hook = lambda metadata: seen.append(metadata.get()["name"])  # noqa: E731
    knobs.runtime.launch_enter_hook.add(hook)
    try:
        out = ew.add(x, y)
    finally:
        knobs.runtime.launch_enter_hook.remove(hook)
    ew.add(x, y)
    torch.testing.assert_close(out, x + y, rtol=0, atol=0)
    assert seen == ["add_kernel"]


def test_the_key_is_as_fine_as_tritons_specialization():
    """Two arguments with one key must get one specialization from Triton itself (its
    native_specialize_impl, under the CUDA backend's rules): else a kernel compiled for
    one would be launched with the other (e.g. one compiled for 16-byte aligned pointers
    with an unaligned one)."""
    native = pytest.importorskip("triton._C.libtriton").native_specialize_impl
    backend = pytest.importorskip("triton.backends.nvidia.compiler").CUDABackend
    base = torch.randn(64)
    values = [0, 1, 2, 15, 16, 17, 32, -1, -16, 2**31 - 1, 2**31, 2**31 + 16, -2**31, -2**31 - 1, 2**32, 2**63 - 1,
              2**63, 2**63 + 16, 2**64 - 1, 0.0, 1.0, 1.5, -2.0, True, False, None,
              *(base[k:] for k in range(6)), *(base.double()[k:] for k in range(3)), base.half()[1:], base.half()[8:]]
    # Tensor descriptors (the gemm's descriptor addressing): Triton keys the block shape and
    # the dtype, not the base's address, shape or strides (encoded at each launch).
    descriptor = pytest.importorskip("triton.tools.tensor_descriptor").TensorDescriptor
    grid = torch.randn(64, 64)
    values += [descriptor.from_tensor(t, block) for t in (grid, grid[:32], grid.half(), grid[8:, :16].half())
               for block in ([16, 16], [32, 16], [16, 32])]
    seen = {}
    for v in values:
        key = tuple(launch_rt._args_key([v]))
        assert key == (launch_rt._arg_key(v),)
        spec = native(backend, v, False, True, True)
        if key in seen:
            assert seen[key] == spec, (v, key)
        seen[key] = spec
    assert len(seen) > 10


@pytest.mark.gpu
def test_descriptor_gemm_launches_on_the_gpu():
    """The gemm's host-built tensor descriptors through the real JITFunction: the second
    call of a key (other operands, other sizes of one specialization) launches the compiled
    kernel directly; every result against torch."""
    gemm = compile_spec(ROOT / "specs" / "gemm.tile")[0]
    schedule = dict(addressing="descriptor", persistent=True, block_m=128, block_n=128, block_k=64, warps=8, stages=3)
    for m, n, k in ((256, 512, 320), (300, 512, 320), (256, 512, 320), (1000, 2048, 96)):
        a = torch.randn(m, k, device="cuda", dtype=torch.float16)
        b = torch.randn(k, n, device="cuda", dtype=torch.float16)
        c = gemm.matmul(a, b, schedule=schedule)
        assert gemm.matmul.last_config["addressing"] == "descriptor"
        torch.testing.assert_close(c.float(), a.float() @ b.float(), rtol=2e-2, atol=2e-2)
    table = gemm.matmul_kernel.__dict__.get(launch_rt.TABLE, {})
    assert any(launch_rt.TensorDescriptor in (part[0] if isinstance(part, tuple) else None for part in key)
               for key in table)


@pytest.mark.gpu
def test_current_stream_is_where_triton_launches():
    """tilegen.runtime.args.current_stream (the team workspace's and split-K counts' key)
    gives the handle of the stream torch and Triton launch on, inside `torch.cuda.stream`
    too."""
    from triton.runtime import driver

    from tilegen.runtime.args import current_stream

    index = torch.cuda.current_device()
    assert current_stream(index) == torch.cuda.current_stream().cuda_stream == driver.active.get_current_stream(index)
    side = torch.cuda.Stream()
    with torch.cuda.stream(side):
        assert current_stream(index) == side.cuda_stream == driver.active.get_current_stream(index)
    assert current_stream(index) != side.cuda_stream
