"""A launcher's checks run in full once per call signature (tilegen.runtime.calls): what
the signature does not fix is checked at every call, and a call that differs in anything
the signature holds takes the full checks again, with their messages."""

import pytest
import torch

from conftest import ROOT, compile_spec
from tilegen.runtime import args as args_rt
from tilegen.runtime import calls as calls_rt


@pytest.fixture(scope="module")
def ew():
    return compile_spec(ROOT / "specs" / "elementwise.tile")[0]


@pytest.fixture(scope="module")
def red():
    return compile_spec(ROOT / "specs" / "reductions.tile")[0]


@pytest.fixture(scope="module")
def mm():
    return compile_spec(ROOT / "specs" / "gemm.tile")[0]


@pytest.fixture(autouse=True)
def fresh_tables(ew):
    ew._add_calls.table.clear()


def test_a_second_call_of_a_signature_skips_the_full_checks(ew, device, monkeypatch):
    x, y = torch.randn(5, device=device), torch.randn(5, device=device)
    ew.add(x, y)
    full, check = [], args_rt.check_tensor
    monkeypatch.setattr(args_rt, "check_tensor", lambda *a: full.append(a) or check(*a))
    out = ew.add(torch.randn(5, device=device), y)
    assert not full and len(ew._add_calls.table) == 1
    ew.add(torch.randn(6, device=device), torch.randn(6, device=device))  # a new shape: the full checks
    assert len(full) == 2 and len(ew._add_calls.table) == 2
    assert out.shape == (5,)


def test_a_later_call_gets_the_signature_its_first_call_made(ew, device):
    """find hands a later call of a signature the Signature object its first call made
    (its hash kept), equal to and hashed as the plain tuple it wraps; a new signature gets
    a new one."""
    x, y = torch.randn(5, device=device), torch.randn(5, device=device)
    first, checked = ew._add_calls.find((x, y), (None,))
    assert checked is None and type(first) is calls_rt.Signature
    ew.add(x, y)
    (kept,) = ew._add_calls.table
    again, checked = ew._add_calls.find((torch.randn(5, device=device), y), (None,))
    assert checked is not None and again is kept
    assert again == tuple(again) and hash(again) == hash(tuple(again))
    other, checked = ew._add_calls.find((torch.randn(6, device=device), torch.randn(6, device=device)), (None,))
    assert checked is None and other != again
    assert ew._add_calls.find((x, "y"), (None,)) == (None, None)  # no signature: the full checks say why
    import copy
    import pickle

    for twin in (copy.deepcopy(again), pickle.loads(pickle.dumps(again))):
        assert type(twin) is calls_rt.Signature and twin == again and hash(twin) == hash(again)
    ew._add_calls.table.clear()
    ew._add_calls.keep(tuple(first), (x, y), (None,), (x.device, 5))  # a plain tuple: kept as a Signature
    (kept,) = ew._add_calls.table
    assert type(kept) is calls_rt.Signature and kept == first
    ew._add_calls.table.clear()


@pytest.mark.parametrize("change", ["shape", "stride", "dtype", "alignment", "device", "requires_grad", "type"])
def test_what_the_signature_holds_misses_the_table(ew, device, change):
    x, y = torch.randn(8, device=device), torch.randn(8, device=device)
    ew.add(x, y)
    x2 = {
        "shape": lambda: torch.randn(9, device=device),
        "stride": lambda: torch.randn(16, device=device)[::2],
        "dtype": lambda: torch.randn(8, device=device, dtype=torch.float64),
        "alignment": lambda: torch.randn(9, device=device)[1:],  # 4 bytes past a 16-byte boundary
        "device": lambda: torch.randn(8, device="meta"),
        "requires_grad": lambda: torch.randn(8, device=device, requires_grad=True),
        "type": lambda: torch.nn.Parameter(torch.randn(8, device=device), requires_grad=False),
    }[change]()
    try:
        with torch.no_grad():
            ew.add(x2, x2)
    except (TypeError, ValueError):
        assert change in ("dtype", "device")  # the full checks raised: nothing kept
        assert len(ew._add_calls.table) == 1
    else:
        assert len(ew._add_calls.table) == 2


def test_a_bad_dtype_after_a_good_call(ew, device):
    x = torch.randn(4, device=device)
    ew.add(x, x)
    with pytest.raises(TypeError, match=r"add\(\): parameter 'y': expected dtype torch.float32, got torch.float16"):
        ew.add(x, x.half())


def test_a_bad_device_after_a_good_call(ew, device):
    x = torch.randn(4, device=device)
    ew.add(x, x)
    with pytest.raises(ValueError, match=r"add\(\): parameter 'y': expected device"):
        ew.add(x, torch.randn(4, device="meta"))


def test_not_a_tensor_after_a_good_call(ew, device):
    x = torch.randn(2, device=device)
    ew.add(x, x)
    with pytest.raises(TypeError, match=r"parameter 'x': expected a torch.Tensor .* got list"):
        ew.add([1.0, 2.0], x)


def test_grad_mode_is_part_of_the_signature(ew, device):
    x = torch.randn(4, device=device, requires_grad=True)
    with torch.no_grad():
        ew.add(x, x)
    with pytest.raises(RuntimeError, match=r"parameter 'x': expected a tensor that does not require grad"):
        ew.add(x, x)


def test_overlapping_output_after_a_good_call_of_the_same_signature(ew, device):
    buf = torch.randn(24, device=device)
    x, y = buf[:8], torch.randn(8, device=device)
    ew.add(x, y, out=buf[8:16])  # 32 bytes on: disjoint
    torch.testing.assert_close(buf[8:16], x + y)
    bad = buf[4:12]  # 16 bytes on: the same signature (shape, stride, 16-byte aligned), overlapping x
    signature = next(iter(ew._add_calls.table))
    assert ew._add_calls.find((x, y), (buf[16:24],))[0] == signature  # (as bad has: 64 bytes on)
    with pytest.raises(ValueError, match=r"parameter 'out' \(an output\): expected memory of its own, got memory "
                                         r"overlapping input 'x' \(only an exact view of an input may be written in place\)"):
        ew.add(x, y, out=bad)


def test_in_place_and_interleaved_outputs_on_a_known_signature(ew, device):
    x, y = torch.randn(8, device=device), torch.randn(8, device=device)
    expected = x + y
    ew.add(x.clone(), y, out=torch.empty(8, device=device))
    ew.add(x, y, out=x)  # exactly an input's view: in place
    torch.testing.assert_close(x, expected)
    buf = torch.randn(16, device=device)
    a, b = buf[0::2], buf[1::2]  # interleaved: byte ranges meet, no element shared
    ew.add(a, y, out=torch.empty(16, device=device)[1::2])
    expected = a + y
    ew.add(a, y, out=b)  # the signature of the call before
    assert len(ew._add_calls.table) == 2
    torch.testing.assert_close(b, expected)


def test_overlapping_gemm_output_after_a_good_call(mm, device):
    a = torch.randn(8, 8, device=device).half()
    b = torch.randn(8, 8, device=device).half()
    mm.matmul(a, b, c=torch.empty(8, 8, device=device).half())
    with pytest.raises(ValueError, match=r"parameter 'c' \(an output\): expected memory of its own, got memory "
                                         r"overlapping input 'a' \(a gemm reads its inputs while it writes\)"):
        mm.matmul(a, b, c=a)


def test_storage_resized_after_a_good_call(ew, device):
    x, y = torch.randn(8, device=device), torch.randn(8, device=device)
    ew.add(x, y)
    x.untyped_storage().resize_(16)  # the view now reaches past its storage: same signature
    with pytest.raises(ValueError, match=r"add\(\): parameter 'x': expected a view within its storage, got one "
                                         r"\(storage offset 0, shape \(8,\), strides \(1,\)\) that reaches byte 32 "
                                         r"of a storage of 16 bytes"):
        ew.add(x, y)


def test_cpu_tensors_need_the_interpreter_at_every_call(ew, device, monkeypatch):
    if device != "cpu":
        pytest.skip("CPU tensors run on the interpreter only")
    x = torch.randn(4)
    ew.add(x, x)
    monkeypatch.setenv("TRITON_INTERPRET", "0")
    with pytest.raises(RuntimeError, match=r"add\(\): the tensors are on the CPU"):
        ew.add(x, x)


def test_scalars_are_checked_at_every_call(ew, device):
    x = torch.randn(4, device=device)
    ew.relu_dropout(x, 0.5, 1)
    with pytest.raises(TypeError, match=r"parameter 'seed': expected a Python int \(torch.int32\), got 1.5"):
        ew.relu_dropout(x, 0.5, 1.5)
    with pytest.raises(ValueError, match=r"parameter 'seed': 4294967296 is out of range"):
        ew.relu_dropout(x, 0.5, 2**32)
    with pytest.raises(TypeError, match=r"parameter 'p'"):
        ew.relu_dropout(x, True)


def test_a_failed_call_keeps_nothing(ew, device):
    x = torch.randn(4, device=device)
    for _ in range(2):
        with pytest.raises(TypeError, match=r"expected dtype torch.float32, got torch.float16"):
            ew.add(x, x.half())
    assert not ew._add_calls.table


def test_results_on_known_signatures(ew, red, device):
    for _ in range(3):  # the first call checks in full, the others find the signature
        x, y = torch.randn(7, 9, device=device)[:, ::2].t(), torch.randn(5, 7, device=device)
        torch.testing.assert_close(ew.add(x.reshape(-1), y.reshape(-1)), x.reshape(-1) + y.reshape(-1))
        h = torch.randn(3, 40, device=device).bfloat16()[:, ::2]
        w = torch.randn(20, device=device).bfloat16()
        torch.testing.assert_close(red.rmsnorm(h, w), red.rmsnorm_reference(h, w))


def test_the_table_is_bounded(ew, red, device, monkeypatch):
    """Both what a launcher keeps per signature, the checks (table) and the facts worked
    out from them (known: a reduction's launch choice), are cleared past MAX_SIGNATURES."""
    monkeypatch.setattr(calls_rt, "MAX_SIGNATURES", 3)
    for n in range(1, 8):
        ew.add(torch.randn(n, device=device), torch.randn(n, device=device))
        x = torch.randn(2, n, device=device, dtype=torch.float16)
        torch.testing.assert_close(red.softmax(x), red.softmax_reference(x))
        assert len(ew._add_calls.table) <= 3
        assert len(red._softmax_calls.table) <= 3 and len(red._softmax_calls.known) <= 3
    assert red._softmax_calls.known  # the last signatures' choices are kept


def test_scalar_fast_path_matches_the_full_check():
    check = args_rt.check_scalar
    assert check("k", "a", 1.5, "float", torch.float32) == 1.5
    assert type(check("k", "a", 2, "float", torch.float32)) is float
    assert check("k", "a", float("inf"), "float", torch.float32) == float("inf")
    nan = check("k", "a", float("nan"), "float", torch.float32)
    assert nan != nan
    with pytest.raises(ValueError, match=r"parameter 'a': 1e\+39 is out of range for torch.float32"):
        check("k", "a", 1e39, "float", torch.float32)
    with pytest.raises(TypeError, match=r"expected a Python float"):
        check("k", "a", True, "float", torch.float32)
    with pytest.raises(TypeError, match=r"expected a Python int"):
        check("k", "a", True, "int", torch.int32)
    with pytest.raises(ValueError, match=r"-2147483649 is out of range for torch.int32"):
        check("k", "a", -2**31 - 1, "int", torch.int32)
    assert check("k", "a", -2**31, "int", torch.int32) == -2**31
    assert check("k", "a", 0.1, "float", torch.float16) == torch.tensor(0.1, dtype=torch.float16).item()


def test_facts_are_worked_out_once_per_signature(mm, device, monkeypatch):
    """The gemm's facts of a signature (64-bit offsets, the TMA rules) are worked out on its
    first call and found after; another alignment is another signature; no signature, every call."""
    from tilegen.runtime import gemm as gemm_rt

    seen = []
    facts = gemm_rt.gemm_facts
    monkeypatch.setattr(gemm_rt, "gemm_facts", lambda *args: seen.append(args) or facts(*args))
    mm._matmul_calls.table.clear()
    mm._matmul_calls.known.clear()
    a = torch.randn(40, 24, device=device, dtype=torch.float16)
    b = torch.randn(24, 32, device=device, dtype=torch.float16)
    for _ in range(3):
        torch.testing.assert_close(mm.matmul(a, b).float(), a.float() @ b.float(), rtol=2e-2, atol=2e-2)
    assert len(seen) == 1 and seen[0][2] == 24
    unaligned = torch.randn(40 * 24 + 1, device=device, dtype=torch.float16)[1:].view(40, 24)
    mm.matmul(unaligned, b)
    assert len(seen) == 2  # a pointer 2 bytes past 16: another signature, its own facts
    assert facts((a, b), (a, b), 24) == (False, True) and facts((a, b), (unaligned, b), 24) == (False, False)
    assert facts((a, b), (a, b), 0) == (False, False)  # K = 0 loads nothing
    calls = calls_rt.Calls("k", ("x",), (), in_place=False)
    assert [calls.facts(None, len, "abc") for _ in range(2)] == [3, 3]
    assert calls.known == {}


def test_elementwise_layout_facts_follow_the_signature(ew, device, monkeypatch):
    """An elementwise launcher's layout facts (all contiguous, 64-bit offsets) are worked
    out once per signature: a strided view after a contiguous tensor of the same shape is
    another signature, whose own facts send it down the strided path; every result exact."""
    seen = []
    layout = ew._args.layout_facts
    monkeypatch.setattr(ew._args, "layout_facts", lambda tensors: seen.append(len(tensors)) or layout(tensors))
    ew._add_calls.known.clear()
    x, y = torch.randn(40, device=device), torch.randn(40, device=device)
    strided = torch.randn(80, device=device)[::2]
    for a in (x, x, strided, strided, x):
        torch.testing.assert_close(ew.add(a, y), a + y, rtol=0, atol=0)
    assert len(seen) == 2
    assert layout((x, y)) == (True, False) and layout((strided, y)) == (False, False)
