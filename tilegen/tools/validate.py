"""Run generated kernels on random inputs and compare them with their torch references.

Used by `tilegen validate` and by the test suite. Inputs are fresh random data at
ragged sizes, contiguous and strided, including size-0 and size-1 dimensions.
Outputs are poisoned with NaN (or an extreme integer) before each run, so an
element the kernel fails to write can never pass.

Tolerances, per output dtype (the kernel and the reference both compute in f32,
or f64, and round once on the store, so they differ by a few ulps of the
intermediate math plus at most about one ulp of the output type):
    f64   rtol 1e-9, atol 1e-9
    f32   rtol 1e-4, atol 1e-5  GPU transcendentals (exp, erf, ...) are approximate
    f16   rtol 2e-3, atol 2e-3  one f16 ulp is 2**-10 ~ 9.8e-4 relative
    bf16  rtol 1.6e-2, atol 1e-2  one bf16 ulp is 2**-7 ~ 7.8e-3 relative
    f8e4m3  rtol 0.125, atol 2**-9  one ulp: 2**-3 relative, 2**-9 among subnormals
    f8e5m2  rtol 0.25, atol 2**-16  one ulp: 2**-2 relative, 2**-16 among subnormals
    (fp8 outputs are compared as f32; torch compares no fp8 tensors)
    ints and bool: exact
A float output whose value is cast to f16, bf16 or an fp8 type on its way (`y = (x as bf16) * 2.0`, also
through the statements it reads) gets that type's tolerance if it is looser: a cast rounds,
and two computations a few ulps apart before it can round to neighbouring values.
A gemm whose f32 operands multiply in TF32 (the default; schedule precision = ieee for exact
f32) rounds each operand to 10 mantissa bits, 2**-11 ~ 4.9e-4 relative, against an exact f32
reference: its float outputs get rtol 1e-2 and atol 1e-2 * max |reference| (errors grow with
K and with the size of the products, not of each result).
Where a kernel has f32 inputs, the reference also runs on f64 copies of them, and atol is
at least 4 times the largest distance between the two references over each output: that is
the f32 reference's own rounding error, and the kernel, rounding in another order, may be
as far off the other way. It is tiny unless the math cancels: a row sum of x - mean(x)
over 5000 columns keeps only a few digits in f32, in any order.
NaN never passes: torch.testing.assert_close(equal_nan=False). Only where the reference
itself is NaN (the math says so: 0 / 0) must the kernel give NaN, and a second run into
outputs filled with +inf shows that it wrote those elements.
"""

from __future__ import annotations

import itertools
import os

from ..driver import load_module  # noqa: F401 (tests and scripts take it from here too)
from ..lower.cases import Case

TOLERANCES = {
    "f64": (1e-9, 1e-9),
    "f32": (1e-4, 1e-5),
    "f16": (2e-3, 2e-3),
    "bf16": (1.6e-2, 1e-2),
    "f8e4m3": (0.125, 2**-9),
    "f8e5m2": (0.25, 2**-16),
}




def default_cases(sig, quick: bool = False) -> list[Case]:
    """Ragged sizes for each named dimension, one size-0 case, one all-ones case, strided views."""
    dims = [s.dim for s in sig.dim_sources]
    ragged = [[37, 5], [129, 3], [1000, 2]] if not quick else [[37, 5]]
    cases = []
    for pick in ragged:
        sizes = {d: pick[i % len(pick)] if i else pick[0] for i, d in enumerate(reversed(dims))}
        cases.append(Case(sizes, False, "ragged"))
    base = cases[0].sizes
    cases.append(Case(base, True, "strided"))
    cases.append(Case({d: 1 for d in dims}, False, "size 1"))
    if dims:
        cases.append(Case({**base, dims[0]: 0}, False, "size 0"))
    return cases


def _torch_dtype(dtype):
    import torch

    return getattr(torch, dtype.torch)


def random_tensor(dtype, shape, device, strided: bool, generator):
    """Fresh random data; `strided` gives a non-contiguous view of a larger buffer."""
    import torch

    shape = tuple(shape)
    alloc = shape[:-1] + (shape[-1] * 2,) if shape and strided else shape
    if dtype.category == "float":
        full = torch.randn(alloc, generator=generator, dtype=torch.float32).to(_torch_dtype(dtype))
    elif dtype.category == "bool":
        full = torch.rand(alloc, generator=generator) < 0.5
    else:
        lo, hi = (0, 100) if not dtype.signed else (-50, 50)
        full = torch.randint(lo, hi, alloc, generator=generator).to(_torch_dtype(dtype))
    full = full.to(device)
    if shape and strided:
        full = full[..., ::2]
        if len(shape) >= 2:
            # also swap the memory order of the two leading dims
            full = full.transpose(0, 1).contiguous().transpose(0, 1)
    return full


def poisoned(dtype, shape, device, strided: bool, fill: float = float("nan")):
    """An output to run a kernel into, filled with what no correct kernel leaves there: NaN
    (or `fill`) for floats, the largest value for integers, True for bool."""
    import torch

    t = random_tensor(dtype, shape, device, strided, torch.Generator().manual_seed(0))
    if dtype.category == "float":
        t.fill_(fill)
    elif dtype.category == "int":
        t.fill_(torch.iinfo(_torch_dtype(dtype)).max)
    else:
        t.fill_(True)
    return t


def make_inputs(sig, case: Case, device, seed: int, outside_indices: bool = True):
    """Fresh inputs for `case`. A gather's index is mostly inside the row, with -100 (the usual
    ignore index) and, with `outside_indices`, the row width (outside it: torch's own
    cross_entropy asserts on it, so benchmarks leave it out)."""
    import torch

    generator = torch.Generator().manual_seed(seed)
    args = []
    for p in sig.params:
        if hasattr(p, "dims"):
            shape = [case.sizes[d] if isinstance(d, str) else d for d in p.dims]
            shape = [size * k for size, k in zip(shape, p.scale)] if p.scale else shape  # `2 * N`
            t = random_tensor(p.dtype, shape, device, case.strided, generator)
            if p.divisor:  # an integer divisor: the remainder by 0 is undefined
                t.masked_fill_(t == 0, 1)
            if p.gathers_along and case.sizes[p.gathers_along]:  # a gather's index (`x[t]`)
                width = case.sizes[p.gathers_along]
                drawn = torch.randint(0, width, t.shape, generator=generator)
                drawn.view(-1)[::7] = -100
                if outside_indices:
                    drawn.view(-1)[3::11] = width
                t.copy_(drawn)  # into the view: its strides stay
            args.append(t)
        elif p.default is not None:
            args.append(type(eval(p.default))(eval(p.default)) if p.py_kind == "float" else int(eval(p.default)))
        else:
            args.append({"float": 0.75, "int": 7, "bool": True}[p.py_kind])
    return args


def compare(sig, got, want, tf32: bool = False, exact=None) -> str | None:
    """None when every output matches within tolerance, else a description. tf32: the
    kernel's f32 operands multiply in TF32; exact: the reference computed from f64 copies of
    the f32 inputs, whose distance from `want` widens atol (see the module docstring)."""
    import torch

    got, want = _as_tuple(got), _as_tuple(want)
    exact = _as_tuple(exact) if exact is not None else want
    for out, g, w, x in zip(sig.outputs, got, want, exact):
        rtol, atol = TOLERANCES.get(out.dtype.name, (0, 0))
        if out.dtype.name == "f64" and any(p.dtype.is_float and p.dtype.name != "f64" for p in sig.params):
            # an f64 output of a kernel that reads narrower floats computes those parts in
            # f32 (tanh(b) of an f32 b), as its helpers do: f32's tolerance
            rtol, atol = TOLERANCES["f32"]
        if out.dtype.name in TOLERANCES:  # a float value cast to a 16-bit type on its way
            rtol, atol = max([(rtol, atol)] + [TOLERANCES[name] for name in out.rounded_to])
        if tf32 and out.dtype.name in TOLERANCES and w.numel():
            rtol, atol = max(rtol, 1e-2), max(atol, 1e-2 * w.abs().nan_to_num(0.0, 0.0, 0.0).max().item())
        if out.dtype.name in TOLERANCES and w.numel():
            # the f32 reference's own rounding error, largest over the output
            gap = (x.double() - w.double()).abs()
            gap = gap[gap.isfinite()]
            atol = max(atol, 4 * gap.max().item()) if gap.numel() else atol
        try:
            torch.testing.assert_close(g.cpu(), w.cpu(), rtol=rtol, atol=atol, equal_nan=False)
        except AssertionError as exc:
            lines = [ln for ln in str(exc).strip().splitlines() if ln.strip()]
            return f"output {out.spec_name!r}: " + " ".join(lines[:4]) + f" (rtol {rtol:.3g}, atol {atol:.3g})"
    return None


def _as_tuple(value):
    return value if isinstance(value, tuple) else (value,)


def run_case(module, sig, case: Case, device, seed: int = 0, tf32: bool = False) -> str | None:
    """Run one case: kernel (into poisoned outputs) vs reference. None means it passed."""
    import torch

    launcher = getattr(module, sig.name)
    reference = getattr(module, sig.name + "_reference")
    args = make_inputs(sig, case, device, seed)
    shapes = {o.name: [case.sizes[d] if isinstance(d, str) else d for d in o.dims] for o in sig.outputs}
    outs = {o.spec_name: poisoned(o.dtype, shapes[o.name], device, case.strided) for o in sig.outputs}
    got = _f32_if_fp8(launcher(*args, **outs, **_call_keys(case)))
    want = _f32_if_fp8(reference(*args))
    widened = [a.double() if getattr(a, "dtype", None) is torch.float32 else a for a in args]
    exact = _f32_if_fp8(reference(*widened)) if any(w is not a for w, a in zip(widened, args)) else None
    nan_at = [w.isnan() if w.is_floating_point() else None for w in _as_tuple(want)]
    if any(m is not None and bool(m.any()) for m in nan_at):
        problem = _expected_nans(sig, launcher, args, shapes, device, case, nan_at)
        if problem:
            return problem
        got, want, exact = (_fill_at(v, nan_at) if v is not None else None for v in (got, want, exact))
    return compare(sig, got, want, tf32, exact)


def _call_keys(case: Case) -> dict:
    """What a case passes the launcher beside its tensors: a gemm case's schedule=, if any."""
    return {} if case.schedule is None else {"schedule": case.schedule}


def _expected_nans(sig, launcher, args, shapes, device, case, nan_at) -> str | None:
    """Where the reference itself is NaN (0 / 0 in an unbiased variance of one column, say),
    the kernel's output must be NaN too. The NaN poison cannot tell a written NaN from an
    element never written, so the kernel runs again into outputs filled with +inf."""
    outs = {o.spec_name: poisoned(o.dtype, shapes[o.name], device, case.strided, fill=float("inf")) for o in sig.outputs}
    for out, g, mask in zip(sig.outputs, _as_tuple(_f32_if_fp8(launcher(*args, **outs, **_call_keys(case)))), nan_at):
        wrong = 0 if mask is None else int((~g.cpu()[mask.cpu()].isnan()).sum())
        if wrong:
            return (f"output {out.spec_name!r}: {wrong} element(s) where the reference is NaN are not NaN "
                    "(or were never written)")
    return None


def _f32_if_fp8(values):
    """The outputs, fp8 ones as f32 (exactly): torch's comparisons and indexing take no fp8."""
    values = tuple(v.float() if v.is_floating_point() and v.element_size() == 1 else v for v in _as_tuple(values))
    return values if len(values) > 1 else values[0]


def _fill_at(values, masks):
    """Copies of the outputs with 0 where the reference is NaN (checked by _expected_nans), so
    the comparison covers the rest with NaN still failing it."""
    filled = []
    for v, mask in zip(_as_tuple(values), masks):
        if mask is not None and v.is_floating_point() and v.shape == mask.shape:
            v = v.clone()
            v[mask.to(v.device)] = 0
        filled.append(v)
    return tuple(filled)


def main(args) -> int:
    if args.interpret or not _cuda_available():
        # Read when @triton.jit runs, i.e. when the generated modules load below: setting it
        # here works even if triton itself was imported already.
        os.environ["TRITON_INTERPRET"] = "1"
    from ..driver import compile_paths
    from ..runtime.args import quiet_interpreter

    quiet_interpreter()

    results = compile_paths(args.paths)
    if results is None:
        return 1
    device = "cpu" if os.environ.get("TRITON_INTERPRET") == "1" else "cuda"
    where = "Triton interpreter (CPU)" if device == "cpu" else _device_name()
    print(f"validating on {where}")
    # (The interpreter's numpy warnings on masked-off lanes are silenced by
    # tilegen.runtime.args.quiet_interpreter, above and as the first module loads.)
    failures = 0
    rows = []
    for spec, compiled in results.items():
        module = load_module(compiled.source, spec.stem)
        for model in compiled.models:
            for n, case in enumerate(cases_for(model, args.quick)):
                try:
                    problem = run_case(module, model.sig, case, device, seed=n, tf32=getattr(model, "tf32", False))
                except Exception as exc:  # report and go on: one kernel must not hide the others
                    problem = f"{type(exc).__name__}: {exc}"
                failures += problem is not None
                order = [s.dim for s in model.sig.dim_sources]  # the spec's order, whatever the case's
                spelled = {s.dim: s.key for s in model.sig.dim_sources}  # as the spec spells them
                shape = ", ".join(f"{spelled.get(d, d)}={case.sizes[d]}" for d in sorted(case.sizes, key=lambda d: (
                    order.index(d) if d in order else len(order), d)))
                rows.append((spec.name, model.sig.name, case.label, shape, "ok" if problem is None else "FAIL", problem or ""))
    _print_table(rows)
    print(f"{len(rows) - failures} passed, {failures} failed")
    return 1 if failures else 0


def cases_for(model, quick: bool = False) -> list[Case]:
    """The cases `tilegen validate` runs for a kernel: its kind's own, or the default ones."""
    hook = getattr(model, "validation_cases", None)
    return hook(quick) if hook else default_cases(model.sig, quick)


def _print_table(rows) -> None:
    header = ("spec", "kernel", "case", "sizes", "result")
    widths = [max(len(str(r[i])) for r in itertools.chain([header], rows)) for i in range(5)]
    for row in itertools.chain([header], rows):
        print("  ".join(str(c).ljust(w) for c, w in zip(row[:5], widths)))
        if len(row) > 5 and row[5]:
            print("      " + row[5])


def _cuda_available() -> bool:
    import torch

    return torch.cuda.is_available()


def _device_name() -> str:
    import torch

    return torch.cuda.get_device_name(0)
