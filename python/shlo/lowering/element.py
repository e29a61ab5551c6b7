"""Element types of lowered code: how each shlo element type is stored and computed.

Lowered tensors hold *storage* elements, laid out as numpy/ml_dtypes lay them
out, so compiled functions read and write numpy buffers directly:

  shlo element            storage (in tensors)     compute (inside loop bodies)
  i1 (bool)               i8 (0 or 1)              i1
  iN/uiN (N >= 8)         iN (signless)            the same
  i2/i4, ui2/ui4          i8 (low N bits, rest 0)  i2/i4
  f16, bf16, f32, f64     the same                 the same
  f8 / f6 / f4 families   i8 (the bit pattern)     f32 (exact), rounded back once
  complex<f32/f64>        the same                 the same

`to_compute` and `from_compute` convert one scalar between the two forms;
arithmetic is done on compute values, so an op's lowering never sees storage.
Nothing narrower than a byte is ever kept in memory: MLIR 22.1.8 aborts when
lowering a load from a memref of i1 (or any sub-byte type) to LLVM.
"""
from __future__ import annotations

import functools

import ml_dtypes
import numpy as np
from mlir import ir
from mlir.dialects import arith

from ..literals import numpy_dtype
from ..verify._spec_table import ELEMENT_TYPES

# The f8 family and the narrower f6 / f4 types: one byte each in memory (ml_dtypes' layout, the
# bit pattern in the low bits), f32 inside loop bodies.
BYTE_FLOATS = {e for e in ELEMENT_TYPES if e.startswith(("f8", "f6E", "f4E"))}
SUB_BYTE = {"i1", "i2", "i4", "ui2", "ui4"}
IEEE_FLOATS = {"f16", "bf16", "f32", "f64"}


def kind(element: str) -> str:
    """'bool', 'signed', 'unsigned', 'float' or 'complex'."""
    return ELEMENT_TYPES[element][0]


def width(element: str) -> int:
    return ELEMENT_TYPES[element][1]


def is_float(element: str) -> bool:
    return kind(element) == "float"


def is_int(element: str) -> bool:
    return kind(element) in ("signed", "unsigned")


def is_signed(element: str) -> bool:
    return kind(element) == "signed"


def part_element(element: str) -> str:
    """'f32' for 'complex<f32>'."""
    return element[len("complex<"):-1]


def storage_name(element: str) -> str:
    if element in BYTE_FLOATS or element in SUB_BYTE:
        return "i8"
    if element.startswith("ui"):
        return element[1:]
    return element


def compute_name(element: str) -> str:
    if element in BYTE_FLOATS:
        return "f32"
    if element in SUB_BYTE:
        return "i" + element.lstrip("ui")
    if element.startswith("ui"):
        return element[1:]
    return element


# Parsed types of the lowering in progress; `forget_types` empties it when a lowering ends,
# since a cached type keeps its context (and every module in it) alive.
_TYPES: dict = {}


def _parse(name: str, context: ir.Context) -> ir.Type:
    key = (name, context)
    t = _TYPES.get(key)
    if t is None:
        t = _TYPES[key] = ir.Type.parse(name, context)
    return t


def forget_types() -> None:
    _TYPES.clear()


def storage_type(element: str) -> ir.Type:
    return _parse(storage_name(element), ir.Context.current)


def compute_type(element: str) -> ir.Type:
    return _parse(compute_name(element), ir.Context.current)


def mlir_type(name: str) -> ir.Type:
    """An MLIR type from its spelling (`f32`, `i8`, `complex<f64>`), cached per context."""
    return _parse(name, ir.Context.current)


# ----------------------------------------------------------------------------- storage <-> compute

def to_compute(v: ir.Value, element: str) -> ir.Value:
    """A storage scalar of `element` as its compute value."""
    if element in SUB_BYTE:
        return arith.trunci(compute_type(element), v)
    if element in BYTE_FLOATS:
        return f8_to_f32(v, element)
    return v


def from_compute(v: ir.Value, element: str) -> ir.Value:
    """A compute scalar of `element` as its storage value."""
    if element in SUB_BYTE:
        return arith.extui(storage_type(element), v)   # ml_dtypes keeps the upper bits zero
    if element in BYTE_FLOATS:
        return f32_to_f8(v, element)
    return v


# ----------------------------------------------------------------------------- constants

def const(value, type_: ir.Type) -> ir.Value:
    """A scalar arith.constant of an integer, index or float type."""
    if isinstance(type_, ir.IntegerType):
        w = type_.width
        v = int(value) & ((1 << w) - 1)
        if w > 1 and v >= 1 << (w - 1):
            v -= 1 << w                      # the attribute wants the signed reading
        if w == 1:
            v = -v if v else 0
        return arith.constant(type_, ir.IntegerAttr.get(type_, v))
    if isinstance(type_, ir.IndexType):
        return arith.constant(type_, ir.IntegerAttr.get(type_, int(value)))
    return arith.constant(type_, ir.FloatAttr.get(type_, float(value)))


def int_const(value, width_: int) -> ir.Value:
    return const(value, ir.IntegerType.get_signless(width_))


def index_const(value) -> ir.Value:
    return const(value, ir.IndexType.get())


def float_bits_const(bits: int, type_: ir.Type) -> ir.Value:
    """A float constant given by its bit pattern (NaN payloads, -0.0 exact)."""
    w = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[str(type_)]
    return arith.bitcast(type_, int_const(bits, w))


# ----------------------------------------------------------------------------- the f8 family

@functools.lru_cache(maxsize=None)
def _f8_info(element: str):
    dt = numpy_dtype(element)
    fi = ml_dtypes.finfo(dt)
    bits = width(element)
    table = np.arange(1 << bits, dtype=np.uint8).view(dt).astype(np.float32)
    nan = int(np.array(np.nan, np.float32).astype(dt).view(np.uint8))
    # -NaN: NaN with its sign where the type has one; the types without NaN (f4 / f6) give a
    # zero, of the opposite sign (ml_dtypes' rounding of the all-ones mantissa carries into it)
    neg_nan = int(np.array(-np.nan, np.float32).astype(dt).view(np.uint8))
    if element == "f4E2M1FN":
        neg_nan = nan       # -0 for every NaN, as XLA writes it (and the interpreter)
    pos_overflow = int(np.array(np.inf, np.float32).astype(dt).view(np.uint8))
    max_enc = int(np.array(float(fi.max), np.float32).astype(dt).view(np.uint8))
    signed = element != "f8E8M0FNU"
    sign_bit = 1 << (bits - 1)
    neg_zero = signed and int(np.array(-0.0, np.float32).astype(dt).view(np.uint8)) == sign_bit
    return {"table": table, "nexp": int(fi.nexp), "nmant": int(fi.nmant), "minexp": int(fi.minexp),
            "nan": nan, "neg_nan": neg_nan, "overflow": pos_overflow, "max_enc": max_enc, "signed": signed,
            "neg_zero": neg_zero, "bits": bits, "sign_bit": sign_bit}


def f8_table(element: str) -> np.ndarray:
    """The f32 value of each of the 256 bit patterns of an f8 type."""
    return _f8_info(element)["table"]


def f8_to_f32(bits: ir.Value, element: str) -> ir.Value:
    """Exact f32 value of an f8 bit pattern (i8), decoded with integer ops."""
    info = _f8_info(element)
    i32 = ir.IntegerType.get_signless(32)
    f32 = ir.F32Type.get()
    b = arith.extui(i32, bits)
    m, e_bits = info["nmant"], info["nexp"]
    if not info["signed"]:           # f8E8M0FNU: 2^(b - 127), 0xFF is NaN
        out = arith.bitcast(f32, arith.shli(b, int_const(23, 32)))
        is_nan = arith.cmpi(arith.CmpIPredicate.eq, b, int_const(0xFF, 32))
        zero_enc = arith.cmpi(arith.CmpIPredicate.eq, b, int_const(0, 32))
        out = arith.select(zero_enc, const(2.0 ** -127, f32), out)
        return arith.select(is_nan, const(float("nan"), f32), out)
    bias = 1 - info["minexp"]
    sign = arith.andi(b, int_const(info["sign_bit"], 32))
    mag = arith.andi(b, int_const(info["sign_bit"] - 1, 32))
    exp = arith.shrui(mag, int_const(m, 32))
    man = arith.andi(mag, int_const((1 << m) - 1, 32))
    # normal: (exp - bias + 127) << 23 | man << (23 - m); subnormal: man * 2^(1 - bias - m)
    normal = arith.ori(arith.shli(arith.addi(exp, int_const(127 - bias, 32)), int_const(23, 32)),
                       arith.shli(man, int_const(23 - m, 32)))
    normal_f = arith.bitcast(f32, normal)
    sub_f = arith.mulf(arith.uitofp(f32, man), const(2.0 ** (1 - bias - m), f32))
    is_sub = arith.cmpi(arith.CmpIPredicate.eq, exp, int_const(0, 32))
    mag_f = arith.select(is_sub, sub_f, normal_f)
    out = arith.bitcast(f32, arith.ori(arith.bitcast(i32, mag_f), arith.shli(sign, int_const(32 - info["bits"], 32))))
    # specials (NaN, infinities) differ per type: read them off ml_dtypes' table
    table = info["table"]
    special = [(enc, table[enc]) for enc in range(len(table)) if not np.isfinite(table[enc])]
    for enc, v in special:
        hit = arith.cmpi(arith.CmpIPredicate.eq, b, int_const(enc, 32))
        out = arith.select(hit, const(float(v), f32), out)
    return out


def f32_to_f8(x: ir.Value, element: str) -> ir.Value:
    """f32 rounded to nearest-even into an f8 type, as ml_dtypes rounds (overflow -> inf or NaN)."""
    info = _f8_info(element)
    i32 = ir.IntegerType.get_signless(32)
    i8 = ir.IntegerType.get_signless(8)
    bits = arith.bitcast(i32, x)
    a = arith.andi(bits, int_const(0x7FFFFFFF, 32))
    ult = arith.CmpIPredicate.ult
    if not info["signed"]:           # f8E8M0FNU: the exponent, rounded half up on the mantissa
        e = arith.shrui(a, int_const(23, 32))
        up = arith.cmpi(arith.CmpIPredicate.uge, arith.andi(a, int_const(0x7FFFFF, 32)), int_const(0x400000, 32))
        enc = arith.addi(e, arith.extui(i32, up))
        # f32 subnormals: 2^-127 is encoding 0, anything from 1.5 * 2^-127 up rounds to 2^-126
        sub = arith.extui(i32, arith.cmpi(arith.CmpIPredicate.uge, a, int_const(0x600000, 32)))
        enc = arith.select(arith.cmpi(ult, a, int_const(0x800000, 32)), sub, enc)
        enc = arith.minui(enc, int_const(0xFF, 32))
        neg = arith.cmpi(arith.CmpIPredicate.ne, arith.shrui(bits, int_const(31, 32)), int_const(0, 32))
        is_zero = arith.cmpi(arith.CmpIPredicate.eq, a, int_const(0, 32))
        nanlike = arith.ori(arith.cmpi(arith.CmpIPredicate.ugt, a, int_const(0x7F800000, 32)), arith.andi(neg, arith.cmpi(arith.CmpIPredicate.ne, a, int_const(0, 32))))
        enc = arith.select(is_zero, int_const(info["nan"], 32), enc)
        enc = arith.select(nanlike, int_const(info["nan"], 32), enc)
        return arith.trunci(i8, enc)
    m = info["nmant"]
    bias = 1 - info["minexp"]
    shift_n = 23 - m

    def round_shift(v, sh):
        half_minus_one = arith.subi(arith.shli(int_const(1, 32), arith.subi(sh, int_const(1, 32))), int_const(1, 32))
        lsb = arith.andi(arith.shrui(v, sh), int_const(1, 32))
        return arith.shrui(arith.addi(arith.addi(v, half_minus_one), lsb), sh)

    normal = arith.subi(round_shift(a, int_const(shift_n, 32)), int_const((127 - bias) << m, 32))
    e32 = arith.shrui(a, int_const(23, 32))
    min_normal_e32 = 128 - bias
    m24 = arith.ori(arith.andi(a, int_const(0x7FFFFF, 32)), int_const(0x800000, 32))
    sh = arith.subi(int_const(shift_n + min_normal_e32, 32), e32)
    big = arith.cmpi(arith.CmpIPredicate.ugt, sh, int_const(25, 32))
    sub = round_shift(m24, arith.minui(sh, int_const(25, 32)))
    sub = arith.select(big, int_const(0, 32), sub)
    is_sub = arith.cmpi(ult, e32, int_const(min_normal_e32, 32))
    enc = arith.select(is_sub, sub, normal)
    over = arith.cmpi(arith.CmpIPredicate.ugt, enc, int_const(info["max_enc"], 32))
    over = arith.ori(over, arith.cmpi(arith.CmpIPredicate.uge, a, int_const(0x7F800000, 32)))   # inf
    enc = arith.select(over, int_const(info["overflow"] & (info["sign_bit"] - 1), 32), enc)
    sign = arith.shrui(bits, int_const(32 - info["bits"], 32))
    sign = arith.andi(sign, int_const(info["sign_bit"], 32))
    if not info["neg_zero"]:
        nonzero = arith.cmpi(arith.CmpIPredicate.ne, enc, int_const(0, 32))
        sign = arith.select(nonzero, sign, int_const(0, 32))
    enc = arith.ori(enc, sign)
    if info["overflow"] == info["nan"] and not info["neg_zero"]:
        # FNUZ: overflow is NaN (0x80) whatever the sign
        enc = arith.select(over, int_const(info["nan"], 32), enc)
    is_nan = arith.cmpi(arith.CmpIPredicate.ugt, a, int_const(0x7F800000, 32))
    negative = arith.cmpi(arith.CmpIPredicate.slt, bits, int_const(0, 32))
    nan = arith.select(negative, int_const(info["neg_nan"], 32), int_const(info["nan"], 32))
    enc = arith.select(is_nan, nan, enc)
    return arith.trunci(i8, enc)
