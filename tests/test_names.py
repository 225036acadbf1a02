"""Names never collide: a spec may call its kernels, parameters, outputs, temporaries and
dimensions by any name the generated code uses itself (lower/rename.py renames the code's
side; codegen/aliases.py gives the module's own uses of a kernel's name an alias). Each
test builds a spec that uses every such name in one role, and runs every kernel against
its reference (`tilegen validate --quick`'s cases)."""

import keyword

import pytest

from tilegen.language.functions import FUNCTIONS
from tilegen.language.names import (
    GEMM_NAMES, GEMM_TILE_NAMES, LAUNCH_KEYWORDS, MODULE_NAMES, PYTHON_BUILTINS, REDUCTION_NAMES, RESERVED,
    RESERVED_PREFIXES, RESERVED_SUFFIXES, TILE_KEYWORDS, public_why,
)
from tilegen.pipeline import compile_source
from tilegen.tools.validate import load_module


# Every name the generated code uses, a name for each prefix and suffix it forms names with,
# the language's functions, the helpers and runtime modules a module imports or defines.
INTERNAL = sorted((
    set(RESERVED) | set(LAUNCH_KEYWORDS) | set(PYTHON_BUILTINS) | set(MODULE_NAMES) | set(REDUCTION_NAMES)
    | set(GEMM_NAMES) | set(GEMM_TILE_NAMES) | set(FUNCTIONS)
    | {prefix + "x" for prefix in RESERVED_PREFIXES} | {"x" + suffix for suffix in RESERVED_SUFFIXES}
    | {"_args", "_calls", "_fast", "_gemm", "_reduction", "_axes", "_ref", "_tanh", "_relu", "_div_by_count", "constexpr", "x_", "mask_",
       "user_mask", "n_elements", "a_desc", "c_ptr", "stride_x_n", "idx_n", "TensorDescriptor"}
) - TILE_KEYWORDS)
PUBLIC = [n for n in INTERNAL if public_why(n) is None]  # all but Python keywords
KEYWORDS = [n for n in keyword.kwlist if n not in ("True", "False", "None") and n not in TILE_KEYWORDS]


def _spec_names(kernels: str) -> list[str]:
    return [line.split("(")[0].split()[1] for line in kernels.splitlines() if line[:1].isalpha()]


def load_and_validate(compiled, name: str) -> list[str]:
    """Import a compiled module and run every kernel against its reference on `tilegen
    validate --quick`'s cases; the problems found."""
    from conftest import DEVICE
    from tilegen.tools.validate import cases_for, run_case

    module = load_module(compiled.source, name)
    problems = []
    for model in compiled.models:
        for n, case in enumerate(cases_for(model, quick=True)):
            problem = run_case(module, model.sig, case, DEVICE, seed=n, tf32=getattr(model, "tf32", False))
            if problem:
                problems.append(f"{model.sig.name} {case.label} {case.sizes}: {problem}")
    return problems


def build_and_validate(text: str, name: str) -> None:
    compiled = compile_source(text, f"{name}.tile")
    assert load_and_validate(compiled, name) == []


def chunks(names, size):
    return [names[i:i + size] for i in range(0, len(names), size)]


def test_every_internal_name_as_a_temporary():
    """Temporaries of each kind, Python keywords included (they are local to the code)."""
    names = [n for n in INTERNAL + KEYWORDS if n not in ("x", "y", "t")]
    body = "    " + names[0] + " = x * 0.5\n" + "".join(
        f"    {b} = {a} + 1.0\n" for a, b in zip(names, names[1:])) + f"    y = {names[-1]}\n"
    text = (f"elementwise chain(x: f32[C]) -> (y: f32[C]) {{\n{body}}}\n\n"
            f"reduction softmax_chain(x: f32[R, C]) -> (y: f32[R, C]) {{\n{body.replace('    y = ', '    t = ')}"
            "    y = exp(t - max(t)) / sum(exp(t - max(t)))\n}\n\n"
            f"gemm mm_chain(lhs: f32[P, L], rhs: f32[L, Q]) -> (y: f32[P, Q]) {{\n    x = lhs @ rhs\n{body}"
            "    schedule { precision = ieee }\n}\n")
    build_and_validate(text, "temporaries")


def test_every_internal_name_as_a_scalar_parameter():
    names = [n for n in PUBLIC if n not in ("x", "y", "w")]
    params = ", ".join(f"{n}: f32 = {i % 7}.5" for i, n in enumerate(names))
    total = " + ".join(names)
    text = (f"elementwise scalars(x: f32[C], {params}) -> (y: f32[C]) {{\n    y = x + {total}\n}}\n\n"
            f"reduction scalars_red(x: f32[R, C], {params}) -> (y: f32[R]) {{\n    y = sum(x * ({total}))\n}}\n\n"
            f"gemm scalars_mm(x: f32[P, L], w: f32[L, Q], {params}) -> (y: f32[P, Q]) {{\n"
            f"    y = x @ w + ({total})\n    schedule {{ precision = ieee }}\n}}\n")
    build_and_validate(text, "scalars")


@pytest.mark.parametrize("group", range(4))
def test_every_internal_name_as_a_tensor_output_and_dimension(group):
    """Tensor parameters and outputs of each name, and dimensions of each name (ten a kernel),
    in elementwise and reduction kernels; the gemm's operands and outputs too."""
    names = [n for n in PUBLIC if n not in ("x", "y")]
    kernels = []
    for i, part in enumerate(chunks(names, 10)):
        if i % 4 != group or len(part) < 10:
            part = (part + names)[:10] if i % 4 == group else None
        if part is None:
            continue
        d0, d1, d2, p0, p1, p2, o0, o1, o2, o3 = part
        full = f"{d0}, {d1}, {d2}"
        kernels.append(f"elementwise ew_{i}(x: f32[{full}], {p0}: f32[{d2}], {p1}: f32[{d2}], {p2}: f32 = 2.0) -> "
                       f"(y: f32[{full}], {o0}: f32[{full}], {o1}: f32[{full}]) {{\n"
                       f"    y = x * {p2}\n    {o0} = x + {p0}\n    {o1} = {o0} - {p1}\n}}\n")
        kernels.append(f"reduction red_{i}(x: f32[{full}], {p0}: f32[{d2}]) -> "
                       f"({o2}: f32[{full}], {o3}: f32[{d0}, {d1}]) {{\n"
                       f"    {o1} = exp(x - max(x)) * {p0}\n    {o2} = {o1} / sum({o1})\n"
                       f"    {o3} = mean(x)\n}}\n")
        kernels.append(f"gemm mm_{i}({p0}: f32[{d0}, L], {p1}: f32[L, {d1}], {p2}: f32[{d1}]) -> "
                       f"({o0}: f32[{d0}, {d1}]) {{\n    {o0} = {p0} @ {p1} + {p2}\n"
                       "    schedule { precision = ieee }\n}\n")
    build_and_validate("\n".join(kernels), f"tensors{group}")


@pytest.mark.smoke
def test_every_internal_name_as_a_kernel_name():
    """Kernels of each name, in one module: a kernel named torch, tl, len or _args hides
    nothing the rest of the module uses."""
    kernels = [f"elementwise {n}(x: f32[C], {n}: f32[C]) -> (y: f32[C]) {{\n    y = x * 2.0 + {n}\n}}\n"
               for n in PUBLIC if n not in ("x", "y", "C", "triton", "constexpr")]
    kernels += [f"reduction {n}(x: f32[M, N]) -> (y: f32[M, N]) {{\n    y = x - max(x)\n}}\n"
                for n in ("sum_", "tl_", "torch_")]
    kernels += ["gemm triton(a: f32[M, K], b: f32[K, N]) -> (c: f32[M, N]) {\n    c = a @ b\n"
                "    schedule { precision = ieee }\n}\n"]
    text = "\n".join(kernels)
    compiled = compile_source(text, "kernels.tile")
    module = load_module(compiled.source, "kernels")
    import torch

    from conftest import DEVICE

    # The launchers share the module's globals: run those named like a module-level name (an
    # import, a built-in, a helper) and every eighth of the rest.
    module_level = set(MODULE_NAMES) | set(PYTHON_BUILTINS) | {"constexpr"}
    x, z = torch.randn(5, device=DEVICE), torch.randn(5, device=DEVICE)
    for n, model in enumerate(compiled.models):
        if not (model.sig.name in module_level or model.sig.name.startswith("_") or model.sig.kind != "elementwise"
                or n % 8 == 0):
            continue
        name = model.sig.name
        launcher, reference = getattr(module, name), getattr(module, name + "_reference")
        if model.sig.kind == "elementwise":
            got, want = launcher(x, z), reference(x, z)
        elif model.sig.kind == "reduction":
            got, want = launcher(x.view(1, 5)), reference(x.view(1, 5))
        else:
            got, want = launcher(x.view(1, 5), z.view(5, 1)), reference(x.view(1, 5), z.view(5, 1))
        torch.testing.assert_close(got, want, msg=name)


@pytest.mark.smoke
def test_the_launcher_keeps_the_spec_names():
    """Callers pass arguments, and read messages, by the spec's names."""
    text = ("elementwise f(mask: f32[N], offs: f32 = 1.5) -> (pid: f32[N]) {\n    pid = mask * offs\n}\n"
            "gemm g(a: f32[M, K], b: f32[K, N], schedule: f32 = 2.0) -> (c: f32[M, N]) {\n"
            "    c = (a @ b) * schedule\n    schedule { precision = ieee }\n}\n")
    compiled = compile_source(text, "keep.tile")
    module = load_module(compiled.source, "keep")
    import inspect

    import torch

    from conftest import DEVICE

    assert list(inspect.signature(module.f).parameters) == ["mask", "offs", "pid"]
    assert list(inspect.signature(module.g).parameters) == ["a", "b", "schedule", "c", "schedule_"]
    mask = torch.randn(7, device=DEVICE)
    out = torch.empty(7, device=DEVICE)
    assert module.f(mask=mask, offs=2.0, pid=out) is out
    torch.testing.assert_close(out, mask * 2.0)
    with pytest.raises(TypeError, match="'mask'"):
        module.f(torch.randn(7, dtype=torch.float64, device=DEVICE))
    a, b = torch.randn(3, 4, device=DEVICE), torch.randn(4, 5, device=DEVICE)
    torch.testing.assert_close(module.g(a, b, schedule=3.0), (a @ b) * 3.0)
    assert module.g.last_config is not None


@pytest.mark.parametrize("name", ["if", "lambda", "class", "None"])
def test_python_keywords_cannot_name_what_callers_pass(name):
    """A launcher cannot take a Python keyword as its name or an argument's."""
    from tilegen.diagnostics import DiagnosticError

    for text in (f"elementwise {name}(x: f32[N]) -> (y: f32[N]) {{\n    y = x\n}}\n",
                 f"elementwise k(x: f32[N], {name}: f32) -> (y: f32[N]) {{\n    y = x\n}}\n"):
        with pytest.raises(DiagnosticError) as exc:
            compile_source(text, "kw.tile")
        assert [d.code for d in exc.value.diagnostics] == ["E013"]
        assert "Python keyword" in exc.value.diagnostics[0].message


@pytest.mark.smoke
def test_kernels_named_tl_and_constexpr_in_one_file():
    """With a kernel named tl, the constexpr parameters read `BLOCK: constexpr` (what Triton's
    interpreter accepts besides `tl.constexpr`): a kernel may then not be named constexpr."""
    from tilegen.diagnostics import DiagnosticError

    one = "elementwise {}(x: f32[N]) -> (y: f32[N]) {{\n    y = x\n}}\n"
    assert "BLOCK: constexpr," in compile_source(one.format("tl"), "tl.tile").source
    compile_source(one.format("constexpr"), "constexpr.tile")
    with pytest.raises(DiagnosticError) as exc:
        compile_source(one.format("tl") + one.format("constexpr"), "both.tile")
    assert [d.code for d in exc.value.diagnostics] == ["E013"]


def test_specs_without_clashes_are_unchanged():
    """A spec with no clashing name compiles to the module it always did (no wrapper, no alias)."""
    compiled = compile_source("elementwise add(x: f32[N], y: f32[N]) -> (out: f32[N]) {\n    out = x + y\n}\n",
                              "add.tile")
    assert "_add_launch" not in compiled.source and "__tilegen" not in compiled.source
    assert "import torch\n" in compiled.source

