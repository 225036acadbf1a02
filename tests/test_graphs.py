"""CUDA graphs: a launch inside a graph capture must never synchronize or time anything.

On a GPU every example kernel of specs/ is captured at a shape this process has never
launched (so a gemm would normally tune there, and a wide reduction would take a team),
replayed, and compared with the reference, then replayed again on new inputs. Without a
GPU the capture is faked (torch.cuda.is_current_stream_capturing), and the gemm launcher
must take a cached or the model's choice without timing anything.
"""

import gc
from functools import lru_cache

import pytest
import torch

import tilegen.runtime.gemm as gemm_rt
import tilegen.runtime.reduction as reduction_rt
from conftest import ROOT, compile_spec
from tilegen.tools.validate import Case, _f32_if_fp8, compare, make_inputs

SPECS = ["elementwise", "reductions", "gemm", "lowprec"]
# Sizes no other test uses: a gemm of ~10^8 multiply-adds (it would tune outside a
# capture), rows of 40000 columns (a team outside a capture), odd sizes everywhere.
FRESH = {"N": 40009, "M": 3, "K": 1001, "B": 2, "T": 5, "C": 3001, "H": 3, "S": 77, "V": 40009, "D": 37}
FRESH_GEMM = {"M": 333, "N": 517, "K": 1000, "B": 2}
CUDA = torch.device("cuda", 0)


@lru_cache(maxsize=None)
def _spec(stem):
    return compile_spec(ROOT / "specs" / f"{stem}.tile")


KERNELS = [(stem, name) for stem in SPECS for name in _spec(stem)[1]]


@pytest.mark.gpu
@pytest.mark.parametrize("stem,name", KERNELS, ids=[f"{s}:{n}" for s, n in KERNELS])
def test_capture_and_replay_at_a_fresh_shape(stem, name, monkeypatch, tmp_path):
    monkeypatch.setenv("TILEGEN_CACHE_DIR", str(tmp_path))  # no tuned choice on disk either
    monkeypatch.delenv("TILEGEN_AUTOTUNE", raising=False)
    module, models = _spec(stem)
    sig = models[name].sig
    launcher, reference = getattr(module, name), getattr(module, name + "_reference")
    sizes = {**FRESH, **(FRESH_GEMM if sig.kind == "gemm" else {})}
    args = make_inputs(sig, Case(sizes, False, "graph"), "cuda", seed=1)
    # A graph an earlier (failed) test left behind must not be freed inside this capture.
    gc.collect()
    torch.cuda.synchronize()
    tf32 = getattr(models[name], "tf32", False)
    graph = torch.cuda.CUDAGraph()
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):  # a side stream, as torch.cuda.graph uses
        with torch.cuda.graph(graph, stream=stream):
            got = launcher(*args)
    torch.cuda.current_stream().wait_stream(stream)
    if sig.kind == "gemm":
        config = launcher.last_config
        assert config["source"].startswith(("model (graph capture)", "pinned")), config
    graph.replay()
    torch.cuda.synchronize()
    _check(sig, got, reference(*args), tf32)
    # The graph reads its inputs where they lie: new values, the same graph.
    for a, b in zip(args, make_inputs(sig, Case(sizes, False, "graph"), "cuda", seed=2)):
        if isinstance(a, torch.Tensor):
            a.copy_(b)
    graph.replay()
    torch.cuda.synchronize()
    _check(sig, got, reference(*args), tf32)
    graph.reset()
    if sig.kind == "gemm" and not launcher.last_config["source"].startswith("pinned"):
        launcher(*args)  # outside the capture the same shape tunes: the model's choice was not kept
        assert not launcher.last_config["source"].startswith("model"), launcher.last_config


def _check(sig, got, want, tf32):
    """Elementwise and reductions: validate's tolerances. Products of K = 1000 sum in
    another order than torch's f32 reference, so an f32 output near zero can differ
    relatively by far more than its rtol: gemm outputs by relative error over the whole
    tensor, the bar test_gemm.py sets against float64 (1e-2)."""
    if sig.kind != "gemm":
        assert compare(sig, _f32_if_fp8(got), _f32_if_fp8(want), tf32) is None
        return
    got, want = _f32_if_fp8(got), _f32_if_fp8(want)
    for out, g, w in zip(sig.outputs, got if isinstance(got, tuple) else (got,), want if isinstance(want, tuple) else (want,)):
        assert not g.isnan().any()
        # an fp8 output rounds each element to within 2^-4 of itself (e4m3's half unit)
        bound = 2**-4 if out.dtype.is_fp8 else 1e-2
        assert float((g.double() - w.double()).norm() / w.double().norm()) < bound


def _fake_capture(monkeypatch, capturing=True):
    """A CUDA device on a machine without one, capturing a graph: the H100's properties,
    and every way of timing replaced by a failure."""
    monkeypatch.setattr(gemm_rt, "gemm_device", lambda index: ("H100", 9, 227 * 1024, 132))
    monkeypatch.setattr(torch.cuda, "is_available", lambda: True)
    monkeypatch.setattr(torch.cuda, "is_current_stream_capturing", lambda: capturing)
    timed = []

    def no_timing(*args, **kwargs):
        timed.append(args)
        raise AssertionError("timed or synchronized during a graph capture")

    for name in ("gemm_tune", "gemm_device_ms", "flush_buffer"):
        monkeypatch.setattr(gemm_rt, name, no_timing)
    monkeypatch.setattr(gemm_rt, "gemm_cache_store", no_timing)
    monkeypatch.setattr(torch.cuda, "synchronize", no_timing)
    monkeypatch.delenv("TILEGEN_AUTOTUNE", raising=False)
    gemm_rt.GEMM_CHOSEN.clear()
    gemm_rt.GEMM_TUNED.clear()
    return timed


def test_capture_takes_the_model_choice_without_timing(monkeypatch, tmp_path):
    """During a capture: no tuning, no timing, no cache write; the model's choice is used
    and not remembered, neither as chosen for the shape nor as tuned for its bucket."""
    monkeypatch.setenv("TILEGEN_CACHE_DIR", str(tmp_path))
    timed = _fake_capture(monkeypatch)
    module, _ = _spec("gemm")
    sizes = (1, 4096, 4096, 4096)
    launch = lambda config, *outs: timed.append(config)  # noqa: E731
    config = gemm_rt.gemm_config(module._matmul_gemm, None, CUDA, sizes, True, launch, ())
    assert config["source"] == "model (graph capture)"
    assert not timed and not gemm_rt.GEMM_CHOSEN and not gemm_rt.GEMM_TUNED
    ranked = gemm_rt.gemm_rank([{**c, "addressing": a, "persistent": p, "flatten": f, "sms": 132}
                                for a, p, f in gemm_rt.gemm_policy(CUDA, True, 200e-6, 4096**3)
                                for c in gemm_rt.gemm_candidates(CUDA, 2, {})], sizes, 132, 2)
    assert gemm_rt.gemm_model(config, sizes, 132, 2) == gemm_rt.gemm_model(ranked[0], sizes, 132, 2)
    # A decode-shaped product takes a tile of few rows.
    small = gemm_rt.gemm_config(module._matmul_gemm, None, CUDA, (1, 1, 4096, 4096), True, launch, ())
    assert small["block_m"] <= 32 and small["source"] == "model (graph capture)"
    assert not timed


def test_capture_uses_a_tuned_choice(monkeypatch, tmp_path):
    """A bucket tuned earlier (in this process or on disk) is used during a capture."""
    monkeypatch.setenv("TILEGEN_CACHE_DIR", str(tmp_path))
    timed = _fake_capture(monkeypatch, capturing=False)
    module, _ = _spec("gemm")
    sizes = (1, 2048, 2048, 4096)
    chosen = {}

    def tune(candidates, launch, outs, device):
        chosen["config"] = candidates[-1]  # not the model's first: the capture must reuse it
        return candidates[-1]

    monkeypatch.setattr(gemm_rt, "gemm_tune", tune)
    monkeypatch.setattr(gemm_rt, "gemm_cache_store", lambda key, config: None)
    gemm_rt.gemm_config(module._matmul_gemm, None, CUDA, sizes, True, None, ())
    monkeypatch.setattr(torch.cuda, "is_current_stream_capturing", lambda: True)
    gemm_rt.GEMM_CHOSEN.clear()  # a new shape of the same bucket
    config = gemm_rt.gemm_config(module._matmul_gemm, None, CUDA, (1, 2000, 2048, 4000), True, None, ())
    assert config["source"] == "tuned (this process)"
    assert {k: config[k] for k in chosen["config"]} == chosen["config"]
    assert not timed


def test_reduction_team_refused_during_capture(monkeypatch):
    """A team's programs wait for each other on an epoch a replay would repeat: never captured."""
    _fake_capture(monkeypatch)
    assert reduction_rt.team_fits(CUDA, 2) is False
    # and a launch choice kept outside a capture is not the one inside it
    assert reduction_rt.launch_key(("signature",), CUDA) == (("signature",), True)
    assert reduction_rt.launch_key(None, CUDA) is None
    monkeypatch.setattr(torch.cuda, "is_current_stream_capturing", lambda: False)
    assert reduction_rt.launch_key(("signature",), CUDA) == (("signature",), False)
    assert reduction_rt.launch_key(("signature",), torch.device("cpu")) == (("signature",), False)


@pytest.mark.gpu
def test_a_team_kept_for_a_signature_is_not_captured():
    """A launcher keeps its launch choice per call signature, a team among them; captured,
    the same signature takes the looped kernel (reduction.launch_key), and the replay
    matches torch. Outside the capture the team is still what it launches."""
    from generated import reductions

    x = torch.randn(3, 40009, device="cuda", dtype=torch.float16)
    want = torch.softmax(x.float(), -1)
    torch.testing.assert_close(reductions.softmax(x).float(), want, rtol=2e-3, atol=2e-3)

    def kept(capturing):
        return [v for k, v in reductions._softmax_calls.known.items() if k[1] is capturing]

    assert [launch[2] > 0 for launch in kept(False)] == [True]  # a team: workspace words
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        with torch.cuda.graph(graph, stream=stream):
            y = reductions.softmax(x)
    torch.cuda.current_stream().wait_stream(stream)
    assert [launch[2] for launch in kept(True)] == [0]  # no team inside the capture
    for _ in range(2):
        graph.replay()
        torch.cuda.synchronize()
        torch.testing.assert_close(y.float(), want, rtol=2e-3, atol=2e-3)
    graph.reset()
    reductions.softmax(x)
    assert len(kept(False)) == 1 and kept(False)[0][2] > 0


def test_every_team_launcher_keys_its_choice_by_capture():
    """A launcher with a team keeps its launch choice under reduction.launch_key (the
    signature and the capture state), so a team kept outside a capture is never launched
    inside one; the GPU test above runs it."""
    import inspect

    from generated import lowprec, reductions

    teams = [(module, name[: -len("_team_kernel")]) for module in (reductions, lowprec)
             for name in dir(module) if name.endswith("_team_kernel")]
    assert teams
    for module, name in teams:
        assert "_reduction.launch_key(signature, device)" in inspect.getsource(getattr(module, name)), name
