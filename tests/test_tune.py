"""`tilegen tune`: gemm launches tuned ahead of time into the disk cache."""

import json
import os
import subprocess
import sys

from conftest import ROOT


def _tune(tmp_path, *args):
    env = dict(os.environ, TILEGEN_CACHE_DIR=str(tmp_path), TRITON_INTERPRET="1")
    return subprocess.run([sys.executable, "-m", "tilegen", "tune", *args, "--interpret"], cwd=ROOT, env=env,
                          capture_output=True, text=True)


def test_tune_fills_the_disk_cache_and_a_second_run_finds_it(tmp_path):
    first = _tune(tmp_path, "specs/gemm.tile", "matmul", "--shapes", "M=16,N=16,K=16", "M=40,N=33,K=20")
    assert first.returncode == 0, first.stderr
    assert "matmul K=16, M=16, N=16:" in first.stdout and "(tuned now)" in first.stdout
    cache = json.loads((tmp_path / "gemm-autotune.json").read_text())
    assert sum("gemm.tile:matmul|" in key for key in cache) == 2  # one entry per shape bucket
    second = _tune(tmp_path, "specs/gemm.tile", "matmul", "--shapes", "M=16,N=16,K=16")
    assert second.returncode == 0 and "(tuned (disk cache))" in second.stdout, second.stdout + second.stderr


def test_tune_says_what_it_cannot_do(tmp_path):
    reduction = _tune(tmp_path, "specs/reductions.tile", "softmax", "--shapes", "M=2,N=3")
    assert reduction.returncode == 0 and "softmax: a reduction kernel, nothing to tune" in reduction.stdout
    missing = _tune(tmp_path, "specs/gemm.tile", "matmul", "--shapes", "M=2")
    assert missing.returncode == 2 and "lacks K, N" in missing.stderr
    bad = _tune(tmp_path, "specs/gemm.tile", "--shapes", "M=two")
    assert bad.returncode == 2 and "expected NAME=SIZE" in bad.stderr
    unknown = _tune(tmp_path, "specs/gemm.tile", "nope", "--shapes", "M=2,N=2,K=2")
    assert unknown.returncode == 1 and "no kernel 'nope'" in unknown.stderr


def test_tune_budget_reaches_the_tuner(tmp_path, monkeypatch):
    """--budget SECONDS is the tuner's time per bucket ahead of time; nothing above 0 is refused."""
    import argparse

    from tilegen.runtime import gemm as gemm_rt
    from tilegen.tools import tune

    monkeypatch.setenv("TILEGEN_CACHE_DIR", str(tmp_path))
    monkeypatch.setenv("TILEGEN_AUTOTUNE", "")  # (tune.main sets it; restored after)
    monkeypatch.setattr(gemm_rt, "GEMM_TUNE_BUDGET_S", gemm_rt.GEMM_TUNE_BUDGET_S)
    budgets = []

    def fake_tune(candidates, launch, outs, device):
        budgets.append(gemm_rt.GEMM_TUNE_BUDGET_S)
        return candidates[0]

    monkeypatch.setattr(gemm_rt, "gemm_tune", fake_tune)
    args = argparse.Namespace(spec="specs/gemm.tile", kernel="matmul", shapes=["M=16,N=16,K=16"], interpret=True,
                              budget=60.0)
    monkeypatch.chdir(ROOT)
    assert tune.main(args) == 0 and budgets == [60.0]
    args.budget = 0.0
    assert tune.main(args) == 2 and budgets == [60.0]
