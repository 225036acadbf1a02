"""Every bad argument of a generated launcher (elementwise, reduction, gemm) is a clear
TypeError / ValueError / RuntimeError that names the kernel and the parameter, raised
before the launch: never a wrong result, a crash inside torch or Triton, or a wild access."""

import random
import re
from dataclasses import dataclass, field

import pytest
import torch

import conftest  # noqa: F401  (puts the checkout on sys.path, picks the device)
import generated.elementwise as ew
import generated.gemm as mm
import generated.reductions as red
from tilegen.runtime import args as _args
from tilegen.runtime import overlap as _overlap


@dataclass
class Case:
    """A launcher, good inputs for it, and its output."""

    fn: object
    inputs: list  # (name, shape, dtype), in signature order
    out: str
    out_shape: tuple
    out_dtype: torch.dtype
    mismatch: tuple  # (input index, shape, message): a bound dimension given another size
    in_place_why: str
    kwargs: dict = field(default_factory=dict)

    @property
    def name(self):
        return self.fn.__name__

    def make(self, device):
        torch.manual_seed(0)
        return [torch.randn(shape, device=device).to(dtype) for _, shape, dtype in self.inputs]

    def call(self, tensors, **outputs):
        return self.fn(*tensors, **outputs, **self.kwargs)

    def raises(self, kind, message, tensors, **outputs):
        with pytest.raises(kind, match=rf"^{re.escape(self.name)}\(\): parameter {message}"):
            self.call(tensors, **outputs)


GEMM_SCHEDULE = {"block_m": 16, "block_n": 16, "block_k": 16}
CASES = {
    "elementwise": Case(
        ew.bias_gelu, [("x", (4, 6), torch.bfloat16), ("bias", (6,), torch.bfloat16)], "y", (4, 6), torch.bfloat16,
        (1, (7,), r"'bias': dimension 0 \(N\) expected N=6 \(from 'x'\), got 7 \(shape \(7,\)\)"),
        "only an exact view of an input may be written in place",
    ),
    "reduction": Case(
        red.rmsnorm, [("x", (4, 6), torch.bfloat16), ("w", (6,), torch.bfloat16)], "y", (4, 6), torch.bfloat16,
        (1, (7,), r"'w': dimension 0 \(N\) expected N=6 \(from 'x'\), got 7 \(shape \(7,\)\)"),
        "only an exact view of an input may be written in place",
    ),
    "gemm": Case(
        mm.matmul, [("a", (4, 8), torch.float16), ("b", (8, 6), torch.float16)], "c", (4, 6), torch.float16,
        (1, (9, 6), r"'b': dimension 0 \(K\) expected K=8 \(from 'a'\), got 9 \(shape \(9, 6\)\)"),
        "a gemm reads its inputs while it writes", {"schedule": GEMM_SCHEDULE},
    ),
}


@pytest.fixture(params=sorted(CASES))
def case(request):
    return CASES[request.param]


def first(case):
    return case.inputs[0][0], case.inputs[0][2]


# --- inputs ---------------------------------------------------------------------------


def test_wrong_dtype(case, device):
    tensors = case.make(device)
    name, dtype = first(case)
    tensors[0] = tensors[0].float()
    case.raises(TypeError, rf"'{name}': expected dtype {dtype}, got torch.float32$", tensors)


def test_integer_tensor_for_a_float_parameter(case, device):
    tensors = case.make(device)
    name, dtype = first(case)
    tensors[0] = tensors[0].to(torch.int32)
    case.raises(TypeError, rf"'{name}': expected dtype {dtype}, got torch.int32$", tensors)


def test_wrong_rank(case, device):
    tensors = case.make(device)
    name, _ = first(case)
    tensors[0] = tensors[0][0]
    case.raises(ValueError, rf"'{name}': expected 2 dimension\(s\) \[\w+, \w+\], got shape \(\d+,\)$", tensors)
    tensors[0] = case.make(device)[0][None]
    case.raises(ValueError, rf"'{name}': expected 2 dimension\(s\) \[\w+, \w+\], got shape \(1, 4, \d+\)$", tensors)


def test_wrong_dimension(case, device):
    tensors = case.make(device)
    index, shape, message = case.mismatch
    tensors[index] = torch.zeros(shape, device=device, dtype=case.inputs[index][2])
    case.raises(ValueError, message, tensors)


@pytest.mark.parametrize("value", [1.0, 3, None, [[1.0]]])
def test_python_values_for_a_tensor(case, device, value):
    tensors = case.make(device)
    name, dtype = first(case)
    tensors[0] = value
    case.raises(TypeError, rf"'{name}': expected a torch.Tensor of dtype {dtype} and shape \[\w+, \w+\], "
                           rf"got {type(value).__name__}$", tensors)


def test_sparse_input(case, device):
    tensors = case.make(device)
    name, _ = first(case)
    tensors[0] = tensors[0].to_sparse()
    case.raises(TypeError, rf"'{name}': expected a dense \(strided\) tensor, got layout torch.sparse_coo; "
                           rf"convert it with {name}.to_dense\(\)$", tensors)


def test_meta_inputs(case):
    tensors = case.make("meta")
    name, _ = first(case)
    case.raises(ValueError, rf"'{name}': expected a CUDA tensor \(or a CPU tensor under TRITON_INTERPRET=1\), "
                            r"got device meta$", tensors)


def test_inputs_on_two_devices(case, device):
    tensors = case.make(device)
    name, other = case.inputs[0][0], case.inputs[1][0]
    tensors[1] = tensors[1].to("meta")
    case.raises(ValueError, rf"'{other}': expected device {re.escape(str(tensors[0].device))} \(like '{name}'\), "
                            r"got meta$", tensors)


def shrunk(shape, dtype, device):
    """A view of `shape` whose storage was cut to half its elements after the view was made."""
    numel = shape[0] * shape[1]
    base = torch.zeros(numel + 2, device=device, dtype=dtype)
    view = base[2:].view(shape)
    base.untyped_storage().resize_(numel // 2 * base.element_size())
    return view


def test_input_past_its_storage(case, device):
    tensors = case.make(device)
    name, dtype = first(case)
    tensors[0] = shrunk(tensors[0].shape, dtype, device)
    case.raises(ValueError, rf"'{name}': expected a view within its storage, got one \(storage offset 2, .*\) "
                            r"that reaches byte \d+ of a storage of \d+ bytes$", tensors)


def test_input_that_requires_grad(case, device):
    tensors = case.make(device)
    name, _ = first(case)
    tensors[0].requires_grad_(True)
    case.raises(RuntimeError, rf"'{name}': expected a tensor that does not require grad", tensors)


# --- outputs --------------------------------------------------------------------------


def out_of(case, device, shape=None, dtype=None):
    return torch.zeros(shape or case.out_shape, device=device, dtype=dtype or case.out_dtype)


def test_output_of_the_wrong_shape(case, device):
    bad = out_of(case, device, shape=(4, 7))
    case.raises(ValueError, rf"'{case.out}' \(an output\): expected shape \(4, 6\), got \(4, 7\)$",
                case.make(device), **{case.out: bad})
    bad = out_of(case, device, shape=(24,))
    case.raises(ValueError, rf"'{case.out}': expected 2 dimension\(s\)", case.make(device), **{case.out: bad})


def test_output_of_the_wrong_dtype(case, device):
    bad = out_of(case, device, dtype=torch.float64)
    case.raises(TypeError, rf"'{case.out}': expected dtype {case.out_dtype}, got torch.float64$",
                case.make(device), **{case.out: bad})


@pytest.mark.parametrize("make", [lambda t: t.tolist(), lambda t: t.to_sparse(), lambda t: t.to("meta"), lambda t: 0.0],
                         ids=["list", "sparse", "meta", "float"])
def test_outputs_that_are_no_usable_tensor(case, device, make):
    bad = make(out_of(case, device))
    message = {
        list: r"expected a torch.Tensor .* got list$",
        float: r"expected a torch.Tensor .* got float$",
    }.get(type(bad))
    if message is None:
        message = (r"expected a dense \(strided\) tensor, got layout torch.sparse_coo" if bad.is_sparse
                   else rf"\(an output\): expected device {re.escape(str(torch.device(device)))}.*, got meta$")
    kind = TypeError if not isinstance(bad, torch.Tensor) or bad.is_sparse else ValueError
    case.raises(kind, rf"'{case.out}'.*{message}", case.make(device), **{case.out: bad})


def test_output_that_requires_grad(case, device):
    bad = out_of(case, device).requires_grad_(True)
    case.raises(RuntimeError, rf"'{case.out}': expected a tensor that does not require grad",
                case.make(device), **{case.out: bad})


def test_expanded_output(case, device):
    bad = torch.zeros(1, 6, device=device, dtype=case.out_dtype).expand(4, 6)
    case.raises(ValueError, rf"'{case.out}' \(an output\): expected distinct elements, got a view with strides "
                            r"\(0, 1\) whose elements share addresses$", case.make(device), **{case.out: bad})


@pytest.mark.parametrize("strides", [(1, 1), (3, 1), (1, 3), (5, 0)])
def test_self_overlapping_output(case, device, strides):
    bad = torch.zeros(64, device=device, dtype=case.out_dtype).as_strided((4, 6), strides)
    case.raises(ValueError, rf"'{case.out}' \(an output\): expected distinct elements, got a view with strides "
                            rf"\({strides[0]}, {strides[1]}\) whose elements share addresses$",
                case.make(device), **{case.out: bad})


def test_output_past_its_storage(case, device):
    bad = shrunk(case.out_shape, case.out_dtype, device)
    case.raises(ValueError, rf"'{case.out}': expected a view within its storage", case.make(device), **{case.out: bad})


def test_output_overlapping_an_input(case, device):
    """out shares two columns of each row with the first input: refused; the columns just
    past the input (same buffer, byte ranges interleaved row by row) are accepted and give
    the same result as a fresh output."""
    tensors = case.make(device)
    name, dtype = first(case)
    cols = tensors[0].shape[1]
    buf = torch.zeros(4, cols + 8, device=device, dtype=dtype)
    buf[:, :cols] = tensors[0]
    tensors[0] = buf[:, :cols]
    case.raises(ValueError, rf"'{case.out}' \(an output\): expected memory of its own, got memory overlapping "
                            rf"input '{name}' \({re.escape(case.in_place_why)}\)$",
                tensors, **{case.out: buf[:, cols - 2:cols + 4]})
    want = case.call(tensors)
    got = case.call(tensors, **{case.out: buf[:, cols:cols + 6]})
    assert got.data_ptr() == buf[:, cols:].data_ptr() and torch.equal(got, want)


def test_output_overlapping_a_later_input(case, device):
    tensors = case.make(device)
    name, shape, dtype = case.inputs[1]
    if dtype != case.out_dtype:
        pytest.skip("the second input's dtype differs from the output's")
    store = torch.zeros(64, device=device, dtype=dtype)
    tensors[1] = store[:tensors[1].numel()].view(tensors[1].shape)
    bad = store[1:25].view(4, 6)
    case.raises(ValueError, rf"'{case.out}' \(an output\): expected memory of its own, got memory overlapping "
                            rf"input '{name}'", tensors, **{case.out: bad})


def test_two_outputs_that_overlap(device):
    """layernorm's mu and rstd (f32[M]) in one buffer: overlapping ones are refused, its two
    halves and its interleaved columns accepted."""
    x = torch.randn(4, 6, device=device).bfloat16()
    w, b = torch.randn(6, device=device).bfloat16(), torch.randn(6, device=device).bfloat16()
    _, mu, rstd = red.layernorm(x, w, b)
    store = torch.zeros(8, device=device)
    with pytest.raises(ValueError, match=r"^layernorm\(\): parameter 'rstd' \(an output\): expected memory of its "
                       r"own, got memory overlapping output 'mu'"):
        red.layernorm(x, w, b, mu=store[:4], rstd=store[3:7])
    red.layernorm(x, w, b, mu=store[:4], rstd=store[4:])
    assert torch.equal(store, torch.cat([mu, rstd]))
    pairs = torch.zeros(4, 2, device=device)
    red.layernorm(x, w, b, mu=pairs[:, 0], rstd=pairs[:, 1])
    assert torch.equal(pairs, torch.stack([mu, rstd], 1))


# --- scalars --------------------------------------------------------------------------

SCALARS = {
    "elementwise": (lambda d: ew.relu_dropout, lambda d: [torch.randn(8, device=d)], "p"),
    "reduction": (lambda d: red.rmsnorm, lambda d: [torch.randn(4, 6, device=d).bfloat16(),
                                                    torch.randn(6, device=d).bfloat16()], "eps"),
    "gemm": (lambda d: mm.scaled_residual, lambda d: [
        torch.randn(4, 8, device=d).half(), torch.randn(6, 8, device=d).half(), torch.randn(4, device=d),
        torch.randn(6, device=d).half(), torch.randn(4, 6, device=d).half()], "alpha"),
}


@pytest.mark.parametrize("kind", sorted(SCALARS))
@pytest.mark.parametrize("value", [torch.tensor(0.5), torch.ones(1), "0.5", None, True, 1 + 2j])
def test_wrong_values_for_a_float_scalar(kind, value, device):
    fn, tensors, name = SCALARS[kind]
    fn = fn(device)
    with pytest.raises(TypeError, match=rf"^{fn.__name__}\(\): parameter '{name}': expected a Python float "
                                        rf"\(torch.float32\), got {re.escape(repr(value))}$"):
        fn(*tensors(device), **{name: value})


def test_wrong_values_for_an_int_scalar(device):
    x = torch.randn(8, device=device)
    for value in (torch.tensor(3), 3.0, True, "3"):
        with pytest.raises(TypeError, match=rf"^relu_dropout\(\): parameter 'seed': expected a Python int "
                                            rf"\(torch.int32\), got {re.escape(repr(value))}$"):
            ew.relu_dropout(x, 0.5, value)


# --- the overlap test is exact ----------------------------------------------------------


def brute_bytes(t):
    return set((_overlap._byte_offsets(t) + t.data_ptr()).tolist())


def test_overlap_is_exact_on_random_views():
    """share_memory and self_overlapping agree with enumeration on every pair of random
    small views of one buffer, of one or of different element sizes: no false positive,
    no false negative."""
    rng = random.Random(0)
    buf = torch.empty(1024)
    for _ in range(4000):
        views = []
        for _ in range(2):
            dtype = rng.choice([torch.float32, torch.float32, torch.float16, torch.uint8])
            rank = rng.randint(1, 3)
            shape = [rng.randint(1, 5) for _ in range(rank)]
            strides = [rng.choice([0, 1, 2, 3, 4, 5, 6, 8, 12, 18]) for _ in range(rank)]
            views.append(buf.view(dtype).as_strided(shape, strides, rng.randint(0, 40)))
        a, b = views
        assert _overlap.share_memory(a, b) == bool(brute_bytes(a) & brute_bytes(b)), (a.shape, a.stride(), b.shape, b.stride())
        element_offsets = (_overlap._byte_offsets(a)[:: a.element_size()]).tolist()
        assert _overlap.self_overlapping(a) == (len(set(element_offsets)) < len(element_offsets)), (a.shape, a.stride())


def test_overlap_of_large_views_is_decided_quickly():
    """Views too large to enumerate: halves, interleaved columns, transposes and shifted
    copies of one 2**24-element buffer are decided exactly by the search."""
    big = torch.empty(4096, 4096)
    left, right = big[:, :2048], big[:, 2048:]
    assert _overlap.share_memory(left, right) is False
    assert _overlap.share_memory(big[:, ::2], big[:, 1::2]) is False
    assert _overlap.share_memory(left, big[:, 2047:4095]) is True
    assert _overlap.share_memory(big[:2048].t(), big[2048:]) is False
    flat = big.reshape(-1)
    assert _overlap.share_memory(flat[4098:8193], big[:, 1]) is False  # row 1 from column 2 to row 2's column 0
    assert _overlap.share_memory(flat[4098:8194], big[:, 1]) is True  # ... to row 2's column 1
    assert _overlap.self_overlapping(big.t()) is False
    assert _overlap.self_overlapping(big.as_strided((4096, 4096), (4095, 1))) is True
