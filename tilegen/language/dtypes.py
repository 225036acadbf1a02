"""The scalar types of the .tile language and their names in torch and Triton."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DType:
    name: str  # spelling in .tile files
    torch: str  # torch attribute, e.g. "float32"
    triton: str  # triton.language attribute, e.g. "float32"
    category: str  # "float", "int" or "bool"
    bits: int
    signed: bool = True

    @property
    def is_float(self) -> bool:
        return self.category == "float"

    @property
    def is_16bit_float(self) -> bool:
        return self.is_float and self.bits == 16

    @property
    def is_fp8(self) -> bool:
        return self.is_float and self.bits == 8

    @property
    def narrow_float(self) -> bool:
        """A float type narrower than f32 (f16, bf16, f8e4m3, f8e5m2): stored, never computed in."""
        return self.is_float and self.bits < 32

    @property
    def compute(self) -> "DType":
        """The type arithmetic runs in: 16-bit and 8-bit floats compute in f32."""
        return DTYPES["f32"] if self.narrow_float else self

    @property
    def load_wrap(self) -> tuple[str, str] | None:
        """Triton text (before, after) that turns a loaded value into its compute type; None
        when it is one already. fp8 goes through _f32_of_f8 (templates/_fp8_helpers.py.j2):
        the Triton 3.6 interpreter reads fp8 NaN and inf as finite numbers."""
        if self.is_fp8:
            return "_f32_of_f8(", ")"
        return ("", ".to(tl.float32)") if self.narrow_float else None


DTYPES: dict[str, DType] = {
    d.name: d
    for d in (
        DType("f16", "float16", "float16", "float", 16),
        DType("bf16", "bfloat16", "bfloat16", "float", 16),
        DType("f32", "float32", "float32", "float", 32),
        DType("f64", "float64", "float64", "float", 64),
        # 8-bit floats, as torch names them: e4m3 has no inf and saturates at +-448 (the "fn"
        # of float8_e4m3fn: finite and NaN only), e5m2 is IEEE-like (inf, largest 57344).
        DType("f8e4m3", "float8_e4m3fn", "float8e4nv", "float", 8),
        DType("f8e5m2", "float8_e5m2", "float8e5", "float", 8),
        DType("i8", "int8", "int8", "int", 8),
        DType("i16", "int16", "int16", "int", 16),
        DType("i32", "int32", "int32", "int", 32),
        DType("i64", "int64", "int64", "int", 64),
        DType("u8", "uint8", "uint8", "int", 8, signed=False),
        DType("bool", "bool", "int1", "bool", 1, signed=False),
    )
}

F32 = DTYPES["f32"]
I32 = DTYPES["i32"]
BOOL = DTYPES["bool"]


def triton_cast(have: DType, want: DType) -> str:
    """The `.to()` that turns a Triton value of type `have` into `want`. f64, integer and
    bool values reach bf16 through f32: torch converts them that way (so both round
    alike), and Triton's interpreter turns them into garbage when it converts directly.
    An fp8 `want` is a call, not a `.to()`: see triton_convert."""
    if want.is_fp8:
        return ")"
    if want.name == "bf16" and have.name not in ("f32", "f16", "bf16"):
        return ".to(tl.float32).to(tl.bfloat16)"
    return f".to(tl.{want.triton})"


def triton_convert_open(want: DType) -> str:
    """What goes before a value converted to `want` (triton_cast goes after): fp8 values
    are made by _to_f8e4m3 / _to_f8e5m2 (templates/_fp8_helpers.py.j2), which round and
    saturate or overflow as torch's `.to()` does."""
    return f"_to_{want.name}(" if want.is_fp8 else ""


def promote(a: DType, b: DType) -> DType:
    """Result type of arithmetic on two compute types (already past `.compute`)."""
    rank = {"bool": 0, "int": 1, "float": 2}
    if rank[a.category] != rank[b.category]:
        return a if rank[a.category] > rank[b.category] else b
    return a if a.bits >= b.bits else b


def int_range(dtype: DType) -> tuple[int, int]:
    if not dtype.signed:
        return 0, 2**dtype.bits - 1
    return -(2 ** (dtype.bits - 1)), 2 ** (dtype.bits - 1) - 1
