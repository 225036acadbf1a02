"""Stage 4 (gemm): a checked kernel -> the render model of templates/gemm.py.j2.

A gemm kernel computes one tiled matrix product `a @ b` into an accumulator tile
`acc` and runs the rest of the spec (the epilogue) on that tile in registers before
storing each output. The iteration space is `batch + (M, N)`; the roles of the
dimensions (M: rows of the output, N: its columns, K: the inner dimension) come from
the '@' operands, whatever the spec calls them.

The names the emitted kernel uses are fixed by the template; spec names that clash
with them arrive renamed (lower/rename.py).
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from ..language import ir
from ..checker.check import CheckedKernel
from ..diagnostics import Diagnostic, DiagnosticError
from ..language.dtypes import DTYPES
from .expr import ExprRenderer
from .gemm_model import BatchOffset, GemmModel, Operand, TileTensor
from .model import IndexStep, TensorArg, helpers_used, signature, statements
from .short_gelu import helpers_with, short_gelus
from ..language.names import GEMM_NAMES
from ..language.typing import align, matmul_operand

# Schedule keys that pick a block configuration; the launcher tunes the ones a spec leaves open.
CONFIG_KEYS = ("block_m", "block_n", "block_k", "group_m", "warps", "stages")
OPERAND_DTYPES = ("f16", "bf16", "f32", "f64", "f8e4m3", "f8e5m2", "i8")
# Where each role's tile starts, for descriptor loads and block pointers.
_START = {"M": "pid_m * BLOCK_M", "N": "pid_n * BLOCK_N", "K": "k * BLOCK_K"}


def lower_gemm(checked: CheckedKernel, spec_file: str) -> GemmModel:
    kernel = checked.kernel
    matmul = next(e for s in kernel.body for e in ir.walk(s.value) if isinstance(e, ir.BinOp) and e.op == "@")
    (a_name, a_t), (b_name, b_t) = [(n.id, t) for n, t in map(matmul_operand, (matmul.lhs, matmul.rhs))]
    params = {p.name: p for p in kernel.params}
    space = checked.space
    nb = len(space) - 2
    a_dims = _logical(params[a_name].type.dims, a_t)
    m_dim, k_dim, n_dim = a_dims[-2], a_dims[-1], _logical(params[b_name].type.dims, b_t)[-1]

    errors = _check_names(kernel, space[:nb]) + _check_dtypes(kernel, params[a_name], params[b_name])
    modes = _modes(kernel, errors)
    if errors:
        raise DiagnosticError(errors)

    # The shared signature, with stride names that stay unique when a tensor repeats a dim name
    # and no reference-side broadcasting of the '@' operands.
    sig = signature(checked, spec_file)
    operand_of = {a_name: ("a", a_t), b_name: ("b", b_t)}
    fixed = {t.name: _with_strides(t, operand_of.get(t.name), space) for t in sig.inputs + sig.outputs}
    sig = replace(sig, params=tuple(fixed.get(p.name, p) for p in sig.params),
                  inputs=tuple(fixed[t.name] for t in sig.inputs), outputs=tuple(fixed[t.name] for t in sig.outputs))

    # Each tensor's offset to the current batch's matrices.
    index = {i: "batch_id" if nb == 1 else f"idx_{str(d).lower()}" if isinstance(d, str) else f"idx_{i}"
             for i, d in enumerate(space[:nb])}
    offsets = {}
    for t in sig.inputs + sig.outputs:
        axes = tuple(range(nb)) if t.name in operand_of else align(t.dims, space)
        terms = [f"{index[ax]} * {_stride(t, axis)}" for axis, ax in enumerate(axes) if ax < nb]
        if terms:
            offsets[t.name] = BatchOffset(f"{t.name}_batch_offs", " + ".join(terms))
    steps = tuple(IndexStep(index[i], str(space[i]), i == 0) for i in reversed(range(nb))) if nb > 1 else ()

    # The operands' tiles, and what the dot computes in.
    a_type, b_type = params[a_name].type.dtype, params[b_name].type.dtype
    common = _common_dtype(a_type, b_type)
    cast = "" if a_type == b_type or common.is_fp8 else f".to(tl.{common.triton})"
    if common.name == "bf16":
        cast = ".to(DOT_DTYPE)"  # bf16 on a GPU; the interpreter cannot multiply bf16 and gets f32
    a_op = _operand("a", fixed[a_name], a_t, nb, offsets, cast)
    b_op = _operand("b", fixed[b_name], b_t, nb, offsets, cast)
    precision = kernel.schedule.get("precision", "tf32")
    dot_args, note = _precision(common.name, precision)

    # The epilogue: tensors it reads, statements, outputs.
    typer = checked.typer()
    used = {e.id for s in kernel.body for e in ir.walk_outside(s.value, matmul) if isinstance(e, ir.Name)}
    loads = tuple(_tile(t, space, offsets, None) for t in sig.inputs if t.name in used)
    values = {s.target: typer.of(s.value).dims for s in kernel.body}
    outputs = tuple(_tile(t, space, offsets, values[t.name]) for t in sig.outputs)

    def torch_matmul(e):
        if e is not matmul:
            return None
        # Operands of two types multiply in the wider one, as in the kernel (tilegen.runtime.reference.matmul);
        # i8 operands exactly, to an i32 product (reference.int_matmul). fp8 operands arrive in f32.
        matmul_fn = "_ref.int_matmul" if common.name == "i8" else "torch.matmul" if a_type == b_type else "_ref.matmul"
        return f"{matmul_fn}({a_name}{'.mT' if a_t else ''}, {b_name}{'.mT' if b_t else ''})"

    # A gelu stored straight to a 16-bit output takes a shorter polynomial (short_gelu.py).
    short = short_gelus(kernel, {t.name: t.dtype.name for t in sig.outputs}, typer)

    def triton_leaf(e):
        if e is matmul:
            return "acc"
        return f"_{short[id(e)]}({triton(e.args[0])})" if id(e) in short else None

    triton = ExprRenderer("triton", typer, leaf=triton_leaf, rand_index="offs")
    torch = ExprRenderer("torch", typer, leaf=torch_matmul, rand_shape=sig.shape_expr)
    triton_helpers, torch_helpers = helpers_used(checked)
    # _gemm_split_k_sum counts a split-K tile's programs in with _last_arrival (templates/helpers.py.j2)
    triton_helpers = helpers_with(triton_helpers, kernel, short) | {"last_arrival"}
    body = statements(checked, triton, torch)
    # Part of the tuning cache's key: an edited epilogue or signature is tuned afresh.
    text = repr((sig.text, [(st.target, st.triton) for st in body], precision))
    fingerprint = hashlib.sha256(text.encode()).hexdigest()[:12]
    return GemmModel(
        sig=sig,
        a=a_op,
        b=b_op,
        matmul_text=f"{a_op.what} @ {b_op.what}",
        acc_dtype={"f64": "float64", "i8": "int32"}.get(common.name, "float32"),
        operand_zero="0" if common.name == "i8" else "0.0",
        dot_dtype="bfloat16" if common.name == "bf16" else "",
        dot_args=dot_args,
        tf32=common.name == "f32" and precision == "tf32",
        # A per-row output's value is [.., M, 1] in the reference (its per-row inputs are
        # indexed [.., None] to broadcast over N); a scalar value needs nothing.
        ref_output_suffix={t.name: "[..., 0]" for t in sig.outputs if t.ref_index and values[t.name]},
        precision_note=note,
        split_k="pointer" in modes and all(o.mask for o in outputs),
        tail="pointer" in modes,
        pad_k=a_op.tensor.name != b_op.tensor.name or a_op.k_axis == b_op.k_axis,
        loads=loads,
        statements=body,
        outputs=outputs,
        dims=(str(m_dim), str(n_dim), str(k_dim)),
        batch_dims=tuple(str(d) for d in space[:nb]),
        batch_steps=steps,
        batch_args=tuple(s.size for s in steps if not s.last and not s.size.isdigit()),
        batch_offsets=tuple(offsets[t.name] for t in sig.inputs + sig.outputs if t.name in offsets),
        batch_count=" * ".join(str(d) for d in space[:nb]) or "1",
        modes=modes,
        pinned=_pinned(kernel.schedule),
        kernel_id=f"{spec_file}:{kernel.name}",
        fingerprint=fingerprint,
        dtypes_key=f"{a_type.name},{b_type.name}->" + ",".join(t.dtype.name for t in sig.outputs),
        elem_bytes=common.bits // 8,
        partial_outputs=tuple(t.name for t in sig.outputs if tuple(t.dims) != tuple(space)),
        uses_rand=any(isinstance(e, ir.Call) and e.func == "rand" for s in kernel.body for e in ir.walk(s.value)),
        helpers=frozenset(triton_helpers),
        torch_helpers=frozenset(torch_helpers) | ({"int_matmul"} if common.name == "i8" else {"matmul"} if a_type != b_type else set()),
    )


# ---- schedule, precision and names -----------------------------------------------


def triton_version() -> tuple[int, int] | None:
    """The installed Triton's (major, minor), read without importing it; None when unknown."""
    import importlib.metadata  # here: ~20 ms to import, and only block_ptr kernels ask

    try:
        major, minor = importlib.metadata.version("triton").split(".")[:2]
        return int(major), int("".join(ch for ch in minor if ch.isdigit()) or 0)
    except (importlib.metadata.PackageNotFoundError, ValueError):
        return None


def _modes(kernel: ir.Kernel, errors: list[Diagnostic]) -> tuple[str, ...]:
    """Addressing modes compiled into the kernel; the launcher picks one per call."""
    setting = kernel.schedule.setting("addressing")
    if setting is None:
        return ("pointer", "descriptor")
    if setting.value == "block_ptr":
        version = triton_version()
        if version is not None and version >= (3, 9):
            errors.append(Diagnostic.make("E054", setting.span, version="%d.%d" % version))
        return ("block_ptr",)
    if setting.value == "descriptor":
        return ("descriptor", "pointer")  # pointer: the fallback for tensors TMA cannot address
    return ("pointer",)


def _pinned(schedule: ir.Schedule) -> tuple[tuple[str, object], ...]:
    pinned = {key: schedule.get(key) for key in CONFIG_KEYS if schedule.get(key) is not None}
    if schedule.get("order") == "row_major":
        pinned["group_m"] = 1  # one row of tiles per group is row-major order
    if schedule.get("persistent") is not None:
        pinned["persistent"] = schedule.get("persistent") == "true"
    if schedule.get("addressing") is not None:
        pinned["addressing"] = schedule.get("addressing")
    return tuple(sorted(pinned.items()))


def _precision(dtype: str, precision: str) -> tuple[str, str]:
    if dtype == "f32" and precision == "tf32":
        return ', input_precision="tf32"', "f32 operands multiply in TF32 on tensor cores (schedule precision = ieee: exact f32)"
    if dtype == "f32":
        return ', input_precision="ieee"', "f32 operands multiply in IEEE f32 (schedule precision = ieee)"
    if dtype == "f64":
        return ', input_precision="ieee", out_dtype=tl.float64', "f64 operands accumulate in f64"
    if dtype == "i8":
        return ", out_dtype=tl.int32", "i8 operands multiply on tensor cores and accumulate exactly in i32"
    if dtype in ("f8e4m3", "f8e5m2") and precision == "fast":
        # Triton's default on Hopper (2**30) keeps all of K in the MMA's own sums:
        # torch._scaled_mm's use_fast_accum=True.
        return ("", "fp8 operands multiply on tensor cores and sum all of K in the MMA's own precision "
                "(schedule precision = fast)")
    if dtype in ("f8e4m3", "f8e5m2"):
        # Hopper's fp8 MMA sums in less than f32 precision; Triton's default there (2**30) keeps
        # all of K in it. Each BLOCK_K's partial sum goes into the f32 accumulator instead, as
        # torch._scaled_mm does without use_fast_accum.
        return (", max_num_imprecise_acc=BLOCK_K",
                "fp8 operands multiply on tensor cores; each BLOCK_K's partial sum is added into the f32 accumulator")
    return "", f"{dtype} operands multiply on tensor cores and accumulate in f32"


def _check_names(kernel: ir.Kernel, batch_dims) -> list[Diagnostic]:
    """A batch dimension may not be one of the gemm's own names (the spec's other names
    that the code uses were renamed before: lower/rename.py)."""
    return [Diagnostic.make("E013", kernel.span, name=d, why="the generated gemm kernel uses it")
            for d in batch_dims if d in GEMM_NAMES]


def _common_dtype(a_type, b_type):
    """The type the dot multiplies in: the operands' own, or f32 (f64) where they differ.
    Two fp8 types (e4m3 and e5m2) multiply as they are: the tensor cores take the mix."""
    if a_type == b_type or (a_type.is_fp8 and b_type.is_fp8):
        return a_type
    return DTYPES["f64" if "f64" in (a_type.name, b_type.name) else "f32"]


def _check_dtypes(kernel: ir.Kernel, a: ir.Param, b: ir.Param) -> list[Diagnostic]:
    for p in (a, b):
        if p.type.dtype.name not in OPERAND_DTYPES:
            return [Diagnostic.make("E042", p.span, op="'@'", expected="f16, bf16, f32, f64, f8e4m3, f8e5m2 or i8 operands",
                                    got=f"{p.name!r} of type {p.type.dtype.name}")]
    # i8 multiplies only i8 (an exact i32 product) and fp8 only fp8 (on fp8 tensor cores):
    # there is no tensor-core product of an i8 or fp8 tile with a wider one.
    for p, other in ((a, b), (b, a)):
        mine, theirs = p.type.dtype, other.type.dtype
        if mine.name == "i8" and theirs.name != "i8":
            return [Diagnostic.make("E042", other.span, op=f"'@' with the i8 operand {p.name!r}",
                                    expected="an i8 operand on its other side (i8 @ i8 accumulates in i32)",
                                    got=f"{other.name!r} of type {theirs.name}")]
        if mine.is_fp8 and not theirs.is_fp8:
            return [Diagnostic.make("E042", other.span, op=f"'@' with the {mine.name} operand {p.name!r}",
                                    expected="an f8e4m3 or f8e5m2 operand on its other side (fp8 @ fp8 accumulates in f32)",
                                    got=f"{other.name!r} of type {theirs.name}")]
    common = _common_dtype(a.type.dtype, b.type.dtype).name
    setting = kernel.schedule.setting("precision")
    fp8 = common in ("f8e4m3", "f8e5m2")
    if setting is not None and fp8 and setting.value != "fast":
        why = ("fp8 operands multiply on fp8 tensor cores; precision = fast sums all of K in the MMA's own "
               "precision (torch's use_fast_accum), the default adds each block_k's partial sum in f32")
        return [Diagnostic.make("E051", setting.span, key="precision", value=setting.text, why=why)]
    if setting is not None and not fp8 and (common != "f32" or setting.value == "fast"):
        how = {"f64": "multiply in f64", "i8": "multiply exactly and accumulate in i32",
               "f32": "take tf32 or ieee"}.get(common, "multiply exactly on tensor cores and accumulate in f32")
        what = ("precision = fast is for fp8 operands" if setting.value == "fast"
                else "precision chooses how f32 operands multiply")
        why = f"{what}; {common} operands {how}"
        return [Diagnostic.make("E051", setting.span, key="precision", value=setting.text, why=why)]
    return []


# ---- dimensions, strides and tiles ------------------------------------------------------


def _logical(dims, transposed: bool):
    return dims[:-2] + (dims[-1], dims[-2]) if transposed else dims


def _with_strides(t: TensorArg, operand, space) -> TensorArg:
    """stride_<tensor>_<dim> per axis; a dim named twice in one tensor is told apart by its role."""
    nb = len(space) - 2
    if operand is not None:
        role, transposed = operand
        inner = ("m", "k") if role == "a" else ("k", "n")
        roles = tuple(f"b{i}" for i in range(nb)) + (inner[::-1] if transposed else inner)
    else:
        roles = tuple({nb: "m", nb + 1: "n"}.get(ax, f"b{ax}") for ax in align(t.dims, space))
    strides = tuple(
        (axis, f"stride_{t.name}_{d.lower() if isinstance(d, str) and t.dims.count(d) == 1 else roles[axis]}")
        for axis, d in enumerate(t.dims)
    )
    return replace(t, strides=strides, ref_index="" if operand is not None else t.ref_index)


def _stride(t: TensorArg, axis: int) -> str:
    return dict(t.strides)[axis]


def _operand(role: str, t: TensorArg, transposed: bool, nb: int, offsets, cast: str) -> Operand:
    rows_axis, cols_axis = (nb + 1, nb) if transposed else (nb, nb + 1)
    rows, cols = _stride(t, rows_axis), _stride(t, cols_axis)
    r, c = ("M", "K") if role == "a" else ("K", "N")
    stored = (c, r) if transposed else (r, c)
    return Operand(
        role=role,
        tensor=t,
        transposed=transposed,
        what=t.name + (".T" if transposed else ""),
        stride_rows=rows,
        stride_cols=cols,
        stride_k=cols if role == "a" else rows,
        k_axis=cols_axis if role == "a" else rows_axis,
        batch_offs=offsets[t.name].name if t.name in offsets else "",
        cast=cast,
        desc_shape=", ".join(stored),
        desc_stride=_stride(t, nb),
        desc_block=", ".join(f"BLOCK_{d}" for d in stored),
        desc_host_block=", ".join(f'config["block_{d.lower()}"]' for d in stored),
        desc_coords=", ".join(_START[d] for d in stored),
        block_shape=f"{r}, {c}",
        block_offsets=", ".join("0" if d == "K" else _START[d] for d in (r, c)),
        block_tile=f"BLOCK_{r}, BLOCK_{c}",
        block_order="(0, 1)" if transposed else "(1, 0)",
        block_advance="0, BLOCK_K" if role == "a" else "BLOCK_K, 0",
    )


def _tile(t: TensorArg, space, offsets, value_dims) -> TileTensor:
    """Offsets and mask of the part of the output tile that `t` covers (value_dims: outputs only)."""
    nb = len(space) - 2
    by_space_axis = {ax: _stride(t, axis) for axis, ax in enumerate(align(t.dims, space))}
    stride_m, stride_n = by_space_axis.get(nb, ""), by_space_axis.get(nb + 1, "")
    terms = ([f"offs_cm[:, None] * {stride_m}"] if stride_m else []) + ([f"offs_cn[None, :] * {stride_n}"] if stride_n else [])
    masks = (["mask_m[:, None]"] if stride_m else []) + (["mask_n[None, :]"] if stride_n else [])
    if stride_m and stride_n:
        note = f"[{t.dims_text}] is full: one value per element of the tile"
    elif stride_m:
        note = f"[{t.dims_text}] is per row: a [BLOCK_M, 1] column, broadcast across the tile"
    elif stride_n:
        note = f"[{t.dims_text}] is per column: a [1, BLOCK_N] row, broadcast down the tile"
    else:
        note = f"[{t.dims_text}] is per batch: one value for the whole tile"
    batch = offsets[t.name].name if t.name in offsets else ""
    inner = " + ".join(terms)
    offs = {(True, True): f"{batch} + ({inner})" if len(terms) > 1 else f"{batch} + {inner}",
            (True, False): batch, (False, True): f"({inner})" if len(terms) > 1 else inner,
            (False, False): "0"}[(bool(batch), bool(terms))]
    fills = value_dims is not None and len(value_dims) >= 2 and tuple(value_dims[-2:]) == tuple(space[-2:])
    return TileTensor(
        tensor=t,
        offs=offs,
        mask=" & ".join(masks),
        note=note,
        upcast=t.dtype.load_wrap,
        other="0.0" if t.dtype.is_float else "0",
        tile_store=bool(stride_m and stride_n) and len(t.dims) == len(space) and fills,
        stride_m=stride_m,
        stride_n=stride_n,
        batch_offs=batch,
    )

