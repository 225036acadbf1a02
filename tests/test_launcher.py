"""A bad call of a generated launcher names the parameter, what was expected and what was given."""

import inspect

import pytest
import torch

from conftest import ROOT, compile_spec


@pytest.fixture(scope="module")
def ew():
    return compile_spec(ROOT / "specs" / "elementwise.tile")[0]


@pytest.mark.smoke
def test_wrong_dtype(ew, device):
    x = torch.randn(4, device=device)
    with pytest.raises(TypeError, match=r"add\(\): parameter 'y': expected dtype torch.float32, got torch.float16"):
        ew.add(x, x.half())


def test_not_a_tensor(ew, device):
    with pytest.raises(TypeError, match=r"parameter 'x': expected a torch.Tensor .* got list"):
        ew.add([1.0, 2.0], torch.randn(2, device=device))


def test_sparse_tensor(ew, device):
    x = torch.randn(4, device=device)
    with pytest.raises(TypeError, match=r"add\(\): parameter 'y': expected a dense \(strided\) tensor, got layout "
                                        r"torch.sparse_coo; convert it with y.to_dense\(\)"):
        ew.add(x, x.to_sparse())


def test_wrong_rank(ew, device):
    with pytest.raises(ValueError, match=r"parameter 'g': expected 2 dimension\(s\) \[M, N\], got shape \(4,\)"):
        ew.swiglu(torch.randn(4, device=device).bfloat16(), torch.randn(4, device=device).bfloat16())


def test_dimension_mismatch_names_both_sides(ew, device):
    x = torch.randn(3, 5, device=device).bfloat16()
    bias = torch.randn(6, device=device).bfloat16()
    with pytest.raises(ValueError, match=r"parameter 'bias': dimension 0 \(N\) expected N=5 \(from 'x'\), got 6"):
        ew.bias_gelu(x, bias)


def test_scalar_type(ew, device):
    x = torch.randn(4, device=device)
    with pytest.raises(TypeError, match=r"parameter 'seed': expected a Python int \(torch.int32\), got 1.5"):
        ew.relu_dropout(x, 0.5, 1.5)
    with pytest.raises(ValueError, match=r"parameter 'seed': 4294967296 is out of range"):
        ew.relu_dropout(x, 0.5, 2**32)
    with pytest.raises(TypeError, match=r"parameter 'p'"):
        ew.relu_dropout(x, "half")


SCALARS = """elementwise iscale(x: i32[N], a: f32) -> (y: f32[N]) {
    y = x * a
}
elementwise dscale(d: f64[N], a: f64 = 0.1) -> (y: f64[N]) {
    y = d * a
}
elementwise hscale(h: f16[N], a: f16) -> (y: f32[N]) {
    y = h * a
}
"""


@pytest.fixture(scope="module")
def scalars(tmp_path_factory):
    path = tmp_path_factory.mktemp("specs") / "scalars.tile"
    path.write_text(SCALARS)
    return compile_spec(path)[0]


def test_float_scalars_are_floats(scalars, device):
    """A float parameter given a Python int computes in floats (Triton would type the int as
    i32: 2**30 * 4 wrapped to 0); an f64 parameter reaches the kernel as f64, not f32."""
    x = torch.tensor([2**30, 3], dtype=torch.int32, device=device)
    assert scalars.iscale(x, 4).tolist() == [2.0**32, 12.0]
    d = torch.ones(3, dtype=torch.float64, device=device)
    assert scalars.dscale(d).tolist() == [0.1] * 3  # f32 would give 0.10000000149011612
    assert scalars.dscale(d, 1e300).tolist() == [1e300] * 3
    assert "a: tl.float64," in inspect.getsource(scalars.dscale_kernel.fn)
    h = torch.ones(2, dtype=torch.float16, device=device)
    with pytest.raises(ValueError, match=r"parameter 'a': 1000000.0 is out of range for torch.float16"):
        scalars.hscale(h, 1e6)
    with pytest.raises(ValueError, match=r"parameter 'a': \d+ is out of range for torch.float32"):
        scalars.iscale(x, 2**1100)
    assert scalars.hscale(h, float("inf")).tolist() == [float("inf")] * 2  # inf is a value, not overflow


def test_16bit_scalars_round_to_their_type(scalars, device):
    """An f16 scalar holds the nearest f16 value, in the kernel and in the reference alike:
    0.1 is 0.0999755859375 (y = 1 * a, stored as f32, shows it)."""
    h = torch.ones(3, dtype=torch.float16, device=device)
    assert scalars.hscale(h, 0.1).tolist() == [0.0999755859375] * 3
    assert scalars.hscale_reference(h, 0.1).tolist() == [0.0999755859375] * 3
    assert scalars.hscale(h, 2).tolist() == [2.0] * 3


def test_inputs_that_require_grad(ew, device):
    """The kernels record no gradient: with grad enabled, an input that requires grad is an
    error instead of a result that silently has no grad_fn; under no_grad it is fine."""
    x = torch.randn(4, device=device, requires_grad=True)
    y = torch.randn(4, device=device)
    with pytest.raises(RuntimeError, match=r"add\(\): parameter 'x': expected a tensor that does not require grad .*x.detach\(\)"):
        ew.add(x, y)
    with torch.no_grad():
        assert torch.equal(ew.add(x, y), x.detach() + y)
    assert torch.equal(ew.add(x.detach(), y), x.detach() + y)


def test_meta_tensors_are_a_clear_error(ew):
    x = torch.empty(4, device="meta")
    with pytest.raises(ValueError, match=r"add\(\): parameter 'x': expected a CUDA tensor \(or a CPU tensor under TRITON_INTERPRET=1\), got device meta"):
        ew.add(x, x)


def test_scalars_by_keyword_and_default(ew, device):
    x = torch.randn(100, device=device)
    assert torch.equal(ew.relu_dropout(x, seed=5), ew.relu_dropout(x, 0.5, 5))


def test_output_checked(ew, device):
    x = torch.randn(4, device=device)
    with pytest.raises(ValueError, match=r"parameter 'out' \(an output\): expected shape \(4,\), got \(5,\)"):
        ew.add(x, x, out=torch.empty(5, device=device))
    with pytest.raises(TypeError, match=r"parameter 'out': expected dtype torch.float32, got torch.float64"):
        ew.add(x, x, out=torch.empty(4, device=device, dtype=torch.float64))
    shared = torch.zeros(1, device=device).expand(4)  # four elements at one address: racing stores
    with pytest.raises(ValueError, match=r"parameter 'out' \(an output\): expected distinct elements, got a view with strides \(0,\)"):
        ew.add(x, x, out=shared)
    assert torch.equal(ew.add(x, x, out=torch.zeros(4, 1, device=device)[:, 0]), x + x)  # size-1 or strided: fine


def test_cpu_without_interpreter_is_a_clear_error(ew, monkeypatch):
    monkeypatch.setenv("TRITON_INTERPRET", "0")  # read at every call (runtime.args.interpreting)
    with pytest.raises(RuntimeError, match="tensors are on the CPU; move them to a CUDA device, or set TRITON_INTERPRET=1"):
        ew.add(torch.randn(4), torch.randn(4))


def test_missing_argument_is_a_python_error(ew, device):
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'y'"):
        ew.add(torch.randn(4, device=device))


def test_outputs_that_overlap_inputs(ew, device):
    """An output may be exactly an input's view (in place) in elementwise and reduction
    kernels; any other overlap, and any in a gemm, is refused before the launch."""
    x, y = torch.randn(10, device=device), torch.randn(10, device=device)
    want = x + y
    assert ew.add(x, y, out=x) is x and torch.equal(x, want)
    buf = torch.randn(11, device=device)
    with pytest.raises(ValueError, match=r"parameter 'out' \(an output\): expected memory of its own, got memory "
                       r"overlapping input 'x' \(only an exact view of an input may be written in place\)"):
        ew.add(buf[1:], y, out=buf[:-1])
    red = compile_spec(ROOT / "specs" / "reductions.tile")[0]
    x = torch.randn(6, 40, device=device)
    want = torch.softmax(x, -1)
    half = x.half()
    assert torch.allclose(red.softmax(half, y=half).float(), want, atol=2e-3) and torch.allclose(half.float(), want, atol=2e-3)
    h = torch.randn(6, 40, device=device).half()
    with pytest.raises(ValueError, match=r"parameter 'y' \(an output\).*overlapping input 'x'"):
        red.softmax(h[:, :20], y=h[:, 10:30])
    mm = compile_spec(ROOT / "specs" / "gemm.tile")[0]
    a = torch.randn(16, 16, device=device).half()
    with pytest.raises(ValueError, match=r"parameter 'c' \(an output\).*overlapping input 'a' "
                       r"\(a gemm reads its inputs while it writes\)"):
        mm.matmul(a, a, c=a)


def test_interleaved_views_do_not_overlap(ew, device):
    """x[::2] and x[1::2] span the same bytes but share no element: an output may be one
    while an input is the other (also a gemm's). Views that do share one are still refused."""
    buf = torch.randn(20, device=device)
    evens, odds = buf[::2], buf[1::2]
    want = evens + 1.0
    assert torch.equal(ew.add(evens, torch.ones_like(evens), out=odds), want) and torch.equal(buf[1::2], want)
    pairs = torch.randn(6, 2, device=device)  # the real and imaginary columns of an [N, 2] view
    want = pairs[:, 0] * 2
    assert torch.equal(ew.add(pairs[:, 0], pairs[:, 0], out=pairs[:, 1]), want) and torch.equal(pairs[:, 1], want)
    with pytest.raises(ValueError, match=r"overlapping input 'x'"):
        ew.add(buf[::2], odds, out=buf[2::2])  # shifted by one element of the same stride: shared
    with pytest.raises(ValueError, match=r"overlapping input 'y'"):
        # out (elements 1, 4, .., 16) misses x (0, 3, .., 15) but meets y (1, 3, .., 11)
        ew.add(buf[0:18:3], odds[:6], out=buf[1:19:3])
    mm = compile_spec(ROOT / "specs" / "gemm.tile")[0]
    store = torch.zeros(8, 16, device=device).half()
    a, c = store[:, ::2], store[:, 1::2]  # [8, 8] each, interleaved columns
    a.copy_(torch.randn(8, 8, device=device))
    b = torch.randn(8, 8, device=device).half()
    want = (a.float() @ b.float())
    got = mm.matmul(a, b, c=c, schedule={"block_m": 16, "block_n": 16, "block_k": 16})
    assert got is c and torch.allclose(c.float(), want, atol=1e-2, rtol=1e-2)


def test_self_overlapping_outputs_are_refused(ew, device):
    """An output whose elements share addresses (not only through a stride of 0) would race;
    as_strided((5, 5), (1, 1)) over 25 elements was accepted and gave a wrong result."""
    x = torch.randn(5, 5, device=device).bfloat16()
    bias = torch.randn(5, device=device).bfloat16()
    out = torch.empty(25, device=device).bfloat16().as_strided((5, 5), (1, 1))
    with pytest.raises(ValueError, match=r"bias_gelu\(\): parameter 'y' \(an output\): expected distinct elements, "
                       r"got a view with strides \(1, 1\) whose elements share addresses"):
        ew.bias_gelu(x, bias, y=out)
    out = torch.empty(40, device=device).bfloat16().as_strided((5, 5), (6, 1))  # rows 6 apart: distinct
    assert torch.equal(ew.bias_gelu(x, bias, y=out), ew.bias_gelu(x, bias))


TWO_OUTPUTS = """elementwise split(x: f32[M, N]) -> (y: f32[M, N], z: f32[M, N]) {
    y = x * 2.0
    z = x + 1.0
}
"""


@pytest.fixture(scope="module")
def two(tmp_path_factory):
    path = tmp_path_factory.mktemp("specs") / "two.tile"
    path.write_text(TWO_OUTPUTS)
    return compile_spec(path)[0]


def test_disjoint_parts_of_one_buffer_are_not_overlapping(ew, two, device):
    """The overlap test is exact: the two halves of one buffer's rows share no element (their
    byte ranges meet), so an input and an output, or two outputs, may be them; a shifted
    view that does share elements is still refused."""
    buf = torch.randn(4, 6, device=device).bfloat16()
    x, y = buf[:, :3], buf[:, 3:]
    bias = torch.randn(3, device=device).bfloat16()
    want = ew.bias_gelu(x.clone(), bias)
    assert ew.bias_gelu(x, bias, y=y) is y and torch.equal(buf[:, 3:], want)
    with pytest.raises(ValueError, match=r"parameter 'y' \(an output\): expected memory of its own, got memory overlapping input 'x'"):
        ew.bias_gelu(buf[:, :3], bias, y=buf[:, 2:5])
    store = torch.zeros(4, 6, device=device)
    src = torch.randn(4, 3, device=device)
    y, z = two.split(src, y=store[:, :3], z=store[:, 3:])
    assert torch.equal(store[:, :3], src * 2.0) and torch.equal(store[:, 3:], src + 1.0)
    with pytest.raises(ValueError, match=r"parameter 'z' \(an output\): expected memory of its own, got memory overlapping output 'y'"):
        two.split(src, y=store[:, :3], z=store[:, 2:5])


def test_views_past_their_storage_are_refused(ew, device):
    """torch.empty(4).as_strided((10,), (1,)) is refused by torch itself; a storage shrunk
    after its view was made is not, and the kernel would read and write past its end."""
    with pytest.raises(RuntimeError, match="out of bounds for storage"):
        torch.empty(4, device=device).as_strided((10,), (1,))
    base = torch.randn(10, device=device)
    view = base[2:]
    base.untyped_storage().resize_(16)  # 4 floats left; view claims 8 from offset 2
    ok = torch.randn(8, device=device)
    with pytest.raises(ValueError, match=r"add\(\): parameter 'x': expected a view within its storage, got one "
                       r"\(storage offset 2, shape \(8,\), strides \(1,\)\) that reaches byte 40 of a storage of 16 bytes"):
        ew.add(view, ok)
    with pytest.raises(ValueError, match=r"add\(\): parameter 'out': expected a view within its storage"):
        ew.add(ok, ok, out=view)
