"""Experiment: layernorm and rmsnorm rows moved by the tensor memory accelerator (TMA), in a
persistent loop over rows that keeps the next rows' loads in flight, against tilegen's
generated kernels, torch.compile and a copy of the same bytes. GPU only:

    python bench/exp_norm_tma.py [ROWSxCOLS ...]     (default 8192x8192 16384x4096 65536x1024)

Hand-written kernels for contiguous rows whose width is a multiple of 256 (the widest box
one TMA message moves is 256 elements a dimension). A row of N columns is one [N / 256, 256]
block of x viewed as [M * N / 256, 256], so one descriptor load brings a whole row into
shared memory; `tl.range(num_stages=S)` over the program's rows lets Triton issue the loads
of the next S - 1 rows before the current one is reduced. Variants:

  tma        TMA loads and TMA stores (the store leaves from shared memory asynchronously)
  tma-ptr    TMA loads, pointer stores
  rowdesc    the row as one [1, N] block of x as [M, N] (Triton splits boxes over 256)

Each at several warps, pipeline depths and programs per SM. Results are checked against
torch.compile's output before timing (max error below 0.1 on values up to ~5).
"""

import statistics
import sys
from pathlib import Path

import torch
import torch.nn.functional as F
import triton
import triton.language as tl
from triton.tools.tensor_descriptor import TensorDescriptor

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tilegen.bench import interleaved_ms, print_rounds  # noqa: E402
from tilegen.cli import compile_paths  # noqa: E402
from tilegen.validate import load_module  # noqa: E402

ROUNDS = 5
BOX = 256


@triton.jit
def norm_rows(x_desc, w_ptr, b_ptr, y_desc, y_ptr, n_rows, eps,
              N: tl.constexpr, R: tl.constexpr, W: tl.constexpr, CENTER: tl.constexpr,
              TMA_STORE: tl.constexpr, ROW_DESC: tl.constexpr, STAGES: tl.constexpr):
    pid = tl.program_id(0)
    num_programs = tl.num_programs(0)
    # per-column weights, loaded once per program, in the row's block shape
    offs = tl.arange(0, R)[:, None] * W + tl.arange(0, W)[None, :]
    w = tl.load(w_ptr + offs).to(tl.float32)
    if CENTER:
        b = tl.load(b_ptr + offs).to(tl.float32)
    for row in tl.range(pid, n_rows, num_programs, num_stages=STAGES):
        if ROW_DESC:
            x = tl.reshape(x_desc.load([row, 0]), [R, W]).to(tl.float32)
        else:
            x = x_desc.load([row * R, 0]).to(tl.float32)
        if CENTER:
            mean = tl.sum(tl.sum(x, axis=1), axis=0) / N
            x = x - mean
        var = tl.sum(tl.sum(x * x, axis=1), axis=0) / N
        y = x * tl.rsqrt(var + eps) * w
        if CENTER:
            y = y + b
        y = y.to(y_ptr.dtype.element_ty)
        if TMA_STORE:
            if ROW_DESC:
                y_desc.store([row, 0], tl.reshape(y, [1, N]))
            else:
                y_desc.store([row * R, 0], y)
        else:
            tl.store(y_ptr + row * N + offs, y)  # M * N < 2**31 in this experiment


def launcher(kind, n, warps, stages, per_sm, center):
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    r = n // BOX
    row_desc = kind == "rowdesc"

    def run(x, w, b, eps):
        m = x.shape[0]
        y = torch.empty_like(x)
        if row_desc:
            x_desc = TensorDescriptor.from_tensor(x, [1, n])
            y_desc = TensorDescriptor.from_tensor(y, [1, n])
        else:
            x_desc = TensorDescriptor.from_tensor(x.view(m * r, BOX), [r, BOX])
            y_desc = TensorDescriptor.from_tensor(y.view(m * r, BOX), [r, BOX])
        grid = (min(m, sms * per_sm),)
        norm_rows[grid](x_desc, w, b if center else w, y_desc, y, m, eps, N=n, R=r, W=BOX, CENTER=center,
                        TMA_STORE=kind != "tma-ptr", ROW_DESC=row_desc, STAGES=stages, num_warps=warps)
        return y

    return run


def tma_variants(n, center):
    """(label, fn(x, w, b, eps)) for each TMA variant at row width n."""
    warps = {1024: (2, 4), 4096: (4, 8), 8192: (4, 8, 16)}.get(n, (8,))
    for kind in ("tma", "tma-ptr", "rowdesc"):
        for wp in warps:
            for stages in (2, 3):
                for per_sm in (1, 2, 4):
                    if kind != "tma" and (stages, per_sm) != (2, 2):
                        continue
                    yield f"{kind} w{wp} s{stages} {per_sm}/SM", launcher(kind, n, wp, stages, per_sm, center)


def compare(shapes, variants, module_name):
    """Time each of variants(n, center) -> (label, fn(x, w, b, eps)) beside torch.compile, a copy
    of the same bytes and the generated kernel, for layernorm and rmsnorm at each shape, in
    ROUNDS alternating rounds; a variant that fails or differs from torch.compile is reported
    and left out."""
    (compiled,) = compile_paths([str(ROOT / "bench/specs/bench_norms.tile")]).values()
    generated = load_module(compiled.source, module_name)
    for name in ("layernorm", "rmsnorm"):
        center = name == "layernorm"
        for m, n in shapes:
            torch._dynamo.reset()
            x = torch.randn(m, n, device="cuda", dtype=torch.bfloat16)
            w = torch.randn(n, device="cuda", dtype=torch.bfloat16)
            b = torch.randn(n, device="cuda", dtype=torch.bfloat16)
            eps = 1e-5 if center else 1e-6
            if center:
                peer = torch.compile(lambda x, w, b: F.layer_norm(x, (n,), w, b, eps))
                ours = lambda: generated.layernorm_bf16(x, w, b)  # noqa: E731
            else:
                peer = torch.compile(lambda x, w, b: F.rms_norm(x, (n,), w, eps))
                ours = lambda: generated.rmsnorm_bf16(x, w)  # noqa: E731
            ref = peer(x, w, b).float()
            y_copy = torch.empty_like(x)
            runs = {"torch.compile": lambda: peer(x, w, b), "copy_ (same bytes)": lambda: y_copy.copy_(x),
                    "tilegen (generated)": ours}
            for label, fn in variants(n, center):
                try:
                    err = (fn(x, w, b, eps).float() - ref).abs().max().item()
                except Exception as exc:  # a variant Triton cannot compile or launch
                    print(f"{name} {m}x{n} {label}: FAILED {type(exc).__name__}: "
                          f"{str(exc).splitlines()[0][:160]}", flush=True)
                    continue
                if not err < 0.1:
                    print(f"{name} {m}x{n} {label}: WRONG, max error {err}", flush=True)
                    continue
                runs[label] = lambda fn=fn: fn(x, w, b, eps)
            times = interleaved_ms(runs, ROUNDS, alternate=True)
            print_rounds(f"{name} {m}x{n}", times, statistics.median(times["torch.compile"]), 4 * m * n, width=28,
                         unit="GB/s")


def main(shapes):
    triton.set_allocator(lambda size, align, stream: torch.empty(size, dtype=torch.int8, device="cuda"))
    compare(shapes, tma_variants, "norms_tma_exp")


if __name__ == "__main__":
    args = sys.argv[1:] or ["8192x8192", "16384x4096", "65536x1024"]
    main([tuple(int(v) for v in a.split("x")) for a in args])
