"""Element-wise ops: arithmetic, bitwise logic, shifts, comparisons and conversions.

Integers are computed on int64/uint64 and wrapped to their N bits (so i2/i4
behave like i8/i32); floats narrower than f32 (f16, bf16, the f8 family) are
computed in float64 and rounded once, correctly, to the result type. The
transcendental and rounding ops and the conversions live in
`elementwise_math.py`.
"""
from __future__ import annotations

import functools
import math
import re

import numpy as np

from ...errors import InterpreterError
from ...literals import numpy_dtype
from ...verify._spec_table import ELEMENT_TYPES, OPS
from ..registry import implements
from . import xla_complex64, xla_f32_math

F32, F64 = np.dtype(np.float32), np.dtype(np.float64)
C64, C128 = np.dtype(np.complex64), np.dtype(np.complex128)
# Float element types whose numpy arithmetic is IEEE-754 in that very type.
_NATIVE_ARITH = {"f32", "f64"}
# Float element types with the standard IEEE-754 bit layout (sign, exponent, fraction, inf/NaN).
_IEEE_LAYOUT = {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}


def op(name: str, quant_aware: bool = False):
    """Registers an element-wise implementation: numpy floating-point and integer-overflow
    warnings are silenced (wrapping and IEEE special values are the intended results), and
    a result computed from rank-0 operands comes back as an array, not a numpy scalar."""
    def register(fn):
        @functools.wraps(fn)
        def run(ctx, *operands):
            if any(t.kind == "tensor" and None in t.shape for t in ctx.operand_types + ctx.result_types):
                check_shapes(ctx, operands)
            with np.errstate(all="ignore"):
                out = fn(ctx, *operands)
            out = np.asarray(out)
            expected = ctx.result_types[0]
            dtype = numpy_dtype(expected.quant.storage if expected.quant else expected.element)
            if out.dtype != dtype:
                raise TypeError(f"shlo.{name} computed {out.dtype}, expected {dtype}")
            return out
        implements(name, quant_aware)(run)
        return fn
    return register


# ----------------------------------------------------------------------------- run-time shapes

@functools.cache
def shape_rules(name: str) -> tuple:
    """(constraint id, operand / result positions, whether the first may be rank 0) of each of the
    op's spec constraints that need shapes to agree (compatible_shapes, scalar_or_compatible);
    results are numbered after the operands."""
    entry = OPS[name]
    names = [o[0] for o in entry["operands"]] + [r[0] for r in entry["results"]]
    rules = []
    for cid, _text, _when, check in entry["constraints"]:
        m = re.match(r"(compatible_shapes|scalar_or_compatible)\(([^)]*)\)", str(check))
        if m and all(a.strip() in names for a in m.group(2).split(",")):
            rules.append((cid, tuple(names.index(a.strip()) for a in m.group(2).split(",")),
                          m.group(1) == "scalar_or_compatible"))
    return tuple(rules)


def check_shapes(ctx, operands) -> None:
    """Operands (and static result sizes) whose shapes the spec needs to agree, compared when the
    op runs: ? sizes the program computes can differ (compiled code checks the same,
    lowering/size_checks.py)."""
    entry = OPS[ctx.name]
    names = [o[0] for o in entry["operands"]] + [r[0] for r in entry["results"]]
    shapes = [np.shape(x) for x in operands] + [tuple(t.shape) for t in ctx.result_types]
    for cid, positions, scalar_first in shape_rules(ctx.name):
        if scalar_first and len(shapes[positions[0]]) == 0:
            continue
        first = positions[0]
        for p in positions[1:]:
            a, b = shapes[first], shapes[p]
            if len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b)):
                continue
            other = f"the result type {_shape_text(b)}" if p >= len(operands) else f"{names[p]} {b}"
            raise InterpreterError(f"{ctx.location}: shlo.{ctx.name}: {names[first]} has shape {a}, "
                                   f"{other} ({ctx.name} {cid})")


def _shape_text(shape) -> str:
    sizes = ["?" if s is None else str(s) for s in shape]
    return "(" + ", ".join(sizes) + ("," if len(sizes) == 1 else "") + ")"


# ----------------------------------------------------------------------------- element type helpers

def kind(element: str) -> str:
    """'bool', 'signed', 'unsigned', 'float' or 'complex'."""
    return ELEMENT_TYPES[element][0]


def width(element: str) -> int:
    return ELEMENT_TYPES[element][1]


def part_element(element: str) -> str:
    """'f32' for 'complex<f32>'."""
    return element[len("complex<"):-1]


def _elem(ctx, i=0) -> str:
    return ctx.operand_types[i].element


def _res(ctx, i=0) -> str:
    return ctx.result_types[i].element


# ----------------------------------------------------------------------------- integers

def as_int(x: np.ndarray, element: str) -> np.ndarray:
    """Integer (or bool) values widened to int64 (signed) or uint64 (unsigned, bool)."""
    return np.asarray(x).astype(np.int64 if kind(element) == "signed" else np.uint64)


def bits_of(x: np.ndarray, element: str) -> np.ndarray:
    """The N-bit two's-complement patterns of integer values, as uint64."""
    n = width(element)
    v = as_int(x, element).astype(np.uint64)
    return v if n == 64 else v & np.uint64((1 << n) - 1)


def from_bits(pattern: np.ndarray, element: str) -> np.ndarray:
    """Integer values of `element` whose bit patterns are the low N bits of `pattern`."""
    n = width(element)
    p = np.asarray(pattern).astype(np.uint64)
    if n < 64:
        p = p & np.uint64((1 << n) - 1)
    if kind(element) == "signed":
        s = p.astype(np.int64)
        if n < 64:
            s = np.where(s >= (1 << (n - 1)), s - (1 << n), s)
        return s.astype(numpy_dtype(element))
    return p.astype(numpy_dtype(element))


def wrap(values: np.ndarray, element: str) -> np.ndarray:
    """int64/uint64 results reduced modulo 2^N into `element`."""
    if kind(element) == "bool":
        return (np.asarray(values) & 1).astype(np.bool_)
    return from_bits(np.asarray(values).astype(np.uint64), element)


def int_range(element: str) -> tuple[int, int]:
    n = width(element)
    if kind(element) == "signed":
        return -(1 << (n - 1)), (1 << (n - 1)) - 1
    return 0, (1 << n) - 1


# ----------------------------------------------------------------------------- floats

def _f64_to_f32_round_to_odd(x: np.ndarray) -> np.ndarray:
    """float64 -> float32 rounding to odd: a second rounding to any type of at most 22
    fraction bits then equals a single correct rounding of the float64 value."""
    with np.errstate(all="ignore"):
        f = x.astype(F32)
        back = f.astype(F64)
        inexact = (back != x) & np.isfinite(x)
        bits = f.view(np.uint32).copy()
        too_big = inexact & (np.abs(back) > np.abs(x))
        bits[too_big] -= np.uint32(1)          # step the magnitude down: truncation toward zero
        bits[inexact] |= np.uint32(1)
    return bits.view(F32)


def float_from_f64(x: np.ndarray, element: str) -> np.ndarray:
    """float64 values rounded once (to nearest, ties to even) into float type `element`."""
    dt = numpy_dtype(element)
    x = np.asarray(x, dtype=F64)
    with np.errstate(all="ignore"):
        if dt in (F64, F32, np.dtype(np.float16)):
            return x.astype(dt)
        return _f64_to_f32_round_to_odd(x).astype(dt)


# XLA CPU computes element-wise arithmetic on these f8 types in f16: operands converted
# (exactly), the result rounded to f16 and then to the f8 type. The double rounding shows
# where the f16 result lands on a midpoint of the f8 type (sqrt(0.96875) in f8E3M4 is 1.0).
VIA_F16 = frozenset({"f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f8E4M3"})


def finish_arith(values: np.ndarray, element: str) -> np.ndarray:
    """`finish` for the result of an element-wise arithmetic op (see VIA_F16)."""
    if element in VIA_F16:
        with np.errstate(all="ignore"):
            return float_from_f64(np.asarray(values, F64).astype(np.float16).astype(F64), element)
    return finish(values, element)


def to_f64(x: np.ndarray) -> np.ndarray:
    with np.errstate(all="ignore"):
        return np.asarray(x).astype(F64)


def finish(values: np.ndarray, element: str) -> np.ndarray:
    """Computed float64/complex128 (or native) values as the result type `element`."""
    k = kind(element)
    values = np.asarray(values)
    if k == "complex":
        with np.errstate(all="ignore"):
            return values.astype(numpy_dtype(element))
    if k == "float":
        if values.dtype == numpy_dtype(element):
            return values
        return float_from_f64(values, element)
    raise TypeError(f"finish: not a float type {element}")


def _int_to_f64_round_to_odd(v: np.ndarray) -> np.ndarray:
    """int64/uint64 -> float64, exact up to 2^53 and rounded to odd beyond."""
    f = v.astype(F64)
    big = np.abs(f) > 2.0 ** 53
    if big.any():
        flat_v, flat_f = v.reshape(-1), f.reshape(-1)
        for i in np.flatnonzero(big.reshape(-1)):
            iv = int(flat_v[i])
            g = float(iv)
            if int(g) != iv:
                if abs(int(g)) > abs(iv):
                    g = math.nextafter(g, 0.0)
                g = np.array(g, F64).view(np.uint64) | np.uint64(1)
                g = float(g.view(F64))
            flat_f[i] = g
        f = flat_f.reshape(v.shape)
    return f


def int_to_float(x: np.ndarray, src: str, element: str) -> np.ndarray:
    v = as_int(x, src)
    dt = numpy_dtype(element)
    if dt in (F64, F32):
        return v.astype(dt)  # C conversions from 64-bit integers round correctly
    return float_from_f64(_int_to_f64_round_to_odd(v), element)


def float_to_int(x: np.ndarray, element: str) -> np.ndarray:
    """Truncation toward zero; out of range saturates, NaN gives 0 (as XLA does)."""
    if kind(element) == "bool":
        return x != 0
    t = np.trunc(to_f64(x))
    lo, hi = int_range(element)
    nan = np.isnan(t)
    below = t < float(lo)
    above = t >= float(hi + 1)                 # hi + 1 is a power of two, exact in float64
    inner = np.where(nan | below | above, 0.0, t)
    wide = np.int64 if kind(element) == "signed" else np.uint64
    out = inner.astype(wide)
    out = np.where(above, wide(hi), np.where(below, wide(lo), out))
    return out.astype(numpy_dtype(element))


# ----------------------------------------------------------------------------- generic element-wise drivers

def _binary(ctx, a, b, *, boolean=None, integer=None, floating=None, complex_=None):
    """Dispatches on the element type; `integer(x, y, element)` gets int64/uint64 values."""
    e, r = _elem(ctx), _res(ctx)
    k = kind(e)
    with np.errstate(all="ignore"):
        if k == "bool":
            if boolean is None:
                raise TypeError(f"shlo.{ctx.name} does not take booleans")
            return np.asarray(boolean(a, b), dtype=np.bool_)
        if k in ("signed", "unsigned"):
            if integer is None:
                raise TypeError(f"shlo.{ctx.name} does not take integers")
            return wrap(integer(as_int(a, e), as_int(b, e), e), r)
        if k == "float":
            if floating is None:
                raise TypeError(f"shlo.{ctx.name} does not take floats")
            if e in _NATIVE_ARITH:
                return finish(floating(a, b), r)
            return finish_arith(floating(to_f64(a), to_f64(b)), r)
        if complex_ is None:
            raise TypeError(f"shlo.{ctx.name} does not take complex numbers")
        return finish(complex_(a, b), r)


# ----------------------------------------------------------------------------- arithmetic

@op("add")
def add(ctx, lhs, rhs):
    return _binary(ctx, lhs, rhs, boolean=np.logical_or, integer=lambda x, y, e: x + y,
                   floating=np.add, complex_=np.add)


@op("subtract")
def subtract(ctx, lhs, rhs):
    return _binary(ctx, lhs, rhs, integer=lambda x, y, e: x - y, floating=np.subtract, complex_=np.subtract)


def _complex_multiply(x, y):
    """Complex products as XLA CPU computes them, one fused multiply-add a part:
    re = fma(xr, yr, -(xi yi)), im = fma(xi, yr, xr yi), the inner product rounded to the part
    type (StableHLO leaves the rounding of complex products to the implementation; its test
    programs' expected values are XLA's). The compiled code computes the same
    (lowering/ops/elementwise.py: complex_product)."""
    from .fused_multiply_add import fma32, fma64
    x, y = np.asarray(x), np.asarray(y)
    dtype = np.result_type(x, y)
    fma = fma32 if dtype == C64 else fma64
    xr, xi, yr, yi = x.real, x.imag, y.real, y.imag
    out = np.empty(np.broadcast(x, y).shape, dtype)
    out.real = fma(xr, yr, -(xi * yi))
    out.imag = fma(xi, yr, xr * yi)
    return out


@op("multiply")
def multiply(ctx, lhs, rhs):
    return _binary(ctx, lhs, rhs, boolean=np.logical_and, integer=lambda x, y, e: x * y,
                   floating=np.multiply, complex_=_complex_multiply)


def _trunc_div(x, y, e):
    """Quotient truncated toward zero, with XLA's answers for x/0 and INT_MIN/-1 (y must be nonzero,
    not -1 where it matters: callers mask those)."""
    safe = np.where(y == 0, 1, y).astype(y.dtype)
    if kind(e) == "unsigned":
        return x // safe
    safe = np.where(safe == -1, 1, safe).astype(y.dtype)
    q = x // safe                               # floor division
    r = x - q * safe
    q = np.where((r != 0) & ((x < 0) != (safe < 0)), q + 1, q)
    return np.where(y == -1, np.int64(0) - x, q)    # x / -1 = -x, wrapping (INT_MIN / -1 = INT_MIN)


def _int_divide(x, y, e):
    q = _trunc_div(x, y, e)
    return np.where(y == 0, np.array(-1).astype(x.dtype) if kind(e) == "signed" else ~np.uint64(0), q)


def _int_remainder(x, y, e):
    q = _trunc_div(x, y, e)
    r = x - q * np.where(y == 0, 1, y).astype(y.dtype)
    return np.where(y == 0, x, r)


def _complex64_divide(x, y):
    # the spec leaves complex division's rounding free: XLA CPU's f32 Smith steps where they
    # apply (xla_complex_divide.py), numpy's quotient elsewhere (0, infinities, NaN, overflow)
    from . import xla_complex_divide
    return xla_complex_divide.divide(x, y, np.divide(x, y))


@op("divide")
def divide(ctx, lhs, rhs):
    c64 = _elem(ctx) == _elem(ctx, 1) == _res(ctx) == "complex<f32>"
    return _binary(ctx, lhs, rhs, integer=_int_divide, floating=np.divide,
                   complex_=_complex64_divide if c64 else np.divide)


def _complex_remainder(x, y):
    # Implementation-defined in StableHLO: x - y * trunc(x / y), with both parts truncated.
    q = x / y
    return x - y * (np.trunc(q.real) + 1j * np.trunc(q.imag))


@op("remainder")
def remainder(ctx, lhs, rhs):
    return _binary(ctx, lhs, rhs, integer=_int_remainder, floating=np.fmod, complex_=_complex_remainder)


def _int_power(x, y, e):
    result = np.ones_like(x)
    base = x.copy()
    negative = (y < 0) if kind(e) == "signed" else np.zeros(y.shape, bool)
    exp = np.where(negative, 0, y).astype(np.uint64)
    while exp.any():
        result = np.where(exp & np.uint64(1), result * base, result)
        base = base * base
        exp = exp >> np.uint64(1)
    if kind(e) == "signed":
        odd = (y & 1) == 1
        special = np.where(x == 1, 1, np.where(x == -1, np.where(odd, -1, 1), 0)).astype(x.dtype)
        result = np.where(negative, special, result)
    return result


@op("power")
def power(ctx, lhs, rhs):
    e = _elem(ctx)
    if e == _res(ctx) and e in ("f32", "f16", "bf16"):
        # glibc's powf, as XLA CPU calls it for these types (xla_f32_math.py)
        with np.errstate(all="ignore"):
            return finish(xla_f32_math.power(np.asarray(lhs, np.float32), np.asarray(rhs, np.float32)), e)

    def floating(x, y):
        return np.power(x.astype(F64), y.astype(F64))

    def complex_(x, y):
        x, y = x.astype(C128), y.astype(C128)
        out = np.where(y == 0, 1 + 0j, np.exp(y * np.log(x)))
        if e == _res(ctx) == "complex<f32>":
            # XLA CPU's f32 steps where both are finite (xla_complex64.py), C99's elsewhere and
            # for 0 to a complex power (XLA's NaN there)
            finite = np.isfinite(x) & np.isfinite(y) & ((x != 0) | (y.imag == 0))
            fast = xla_complex64.power(np.where(finite, x, 1), np.where(finite, y, 1))
            out = np.where(finite, fast.astype(C128), out)
        return out

    return _binary(ctx, lhs, rhs, integer=_int_power, floating=floating, complex_=complex_)


# ----------------------------------------------------------------------------- ordering

def _total_key(x: np.ndarray, element: str) -> np.ndarray:
    """int64 keys whose signed order is the IEEE-754 totalOrder of the float values."""
    n = _IEEE_LAYOUT.get(element)
    if n is None:                                # f8 family: order through float64
        x, n = to_f64(x), 64
    s = x.view(np.dtype(f"i{n // 8}")).astype(np.int64)
    return np.where(s < 0, s ^ np.int64((1 << (n - 1)) - 1), s)


def _keys(x: np.ndarray, element: str, total: bool):
    """Values comparable with numpy's operators, per part: a list of one or two arrays."""
    k = kind(element)
    if k == "complex":
        p = part_element(element)
        re, im = np.real(x), np.imag(x)
        return [_total_key(re, p), _total_key(im, p)] if total else [re, im]
    if k == "float":
        return [_total_key(x, element)] if total else [to_f64(x)]
    return [as_int(x, element)]


_OPS = {"EQ": np.equal, "NE": np.not_equal, "LT": np.less, "LE": np.less_equal,
        "GT": np.greater, "GE": np.greater_equal}
_STRICT = {"LT": np.less, "LE": np.less, "GT": np.greater, "GE": np.greater}


def compare_values(a, b, element: str, direction: str, total: bool) -> np.ndarray:
    ka, kb = _keys(a, element, total), _keys(b, element, total)
    with np.errstate(all="ignore"):
        if len(ka) == 1:
            return _OPS[direction](ka[0], kb[0])
        (ar, ai), (br, bi) = ka, kb
        if direction == "EQ":
            return (ar == br) & (ai == bi)
        if direction == "NE":
            return (ar != br) | (ai != bi)
        return _STRICT[direction](ar, br) | ((ar == br) & _OPS[direction](ai, bi))


@op("compare")
def compare(ctx, lhs, rhs):
    e = _elem(ctx)
    ctype = ctx.attrs.get("compare_type")
    inferred = {"float": "FLOAT", "complex": "FLOAT", "signed": "SIGNED"}.get(kind(e), "UNSIGNED")
    fitting = ("FLOAT", "TOTALORDER") if inferred == "FLOAT" else (inferred,)
    if ctype not in fitting:
        # Absent, NOTYPE, or (since 1.3.0) one that does not fit the element type: ignored.
        ctype = inferred
    direction = ctx.attrs["comparison_direction"]
    k = kind(e)
    if k in ("float", "complex"):
        return compare_values(lhs, rhs, e, direction, ctype == "TOTALORDER")
    if ctype == "UNSIGNED" or k == "bool":
        return _OPS[direction](bits_of(lhs, e) if k != "bool" else lhs.astype(np.uint8),
                               bits_of(rhs, e) if k != "bool" else rhs.astype(np.uint8))
    # SIGNED
    se = e if k == "signed" else "i" + str(width(e))
    return _OPS[direction](as_int(from_bits(bits_of(lhs, e), se), se), as_int(from_bits(bits_of(rhs, e), se), se))


def _pick(a, b, element: str, greater: bool) -> np.ndarray:
    """IEEE-754 maximum/minimum: NaN wins, -0 < +0; complex lexicographic; integers by value."""
    k = kind(element)
    with np.errstate(all="ignore"):
        if k == "bool":
            return (np.logical_or if greater else np.logical_and)(a, b)
        if k in ("signed", "unsigned"):
            x, y = as_int(a, element), as_int(b, element)
            return np.where((x > y) if greater else (x < y), a, b)
        if k == "complex":
            choose_a = compare_values(a, b, element, "GT" if greater else "LT", False)
            return np.where(choose_a, a, b)
        x, y = to_f64(a), to_f64(b)
        tx, ty = _total_key(x, "f64"), _total_key(y, "f64")  # orders -0 < +0 among equal values
        choose_a = (tx > ty) if greater else (tx < ty)
        out = np.where(choose_a, a, b)
        out = np.where(np.isnan(y), b, out)
        return np.where(np.isnan(x), a, out)


@op("maximum")
def maximum(ctx, lhs, rhs):
    return _pick(lhs, rhs, _elem(ctx), True).astype(numpy_dtype(_res(ctx)))


@op("minimum")
def minimum(ctx, lhs, rhs):
    return _pick(lhs, rhs, _elem(ctx), False).astype(numpy_dtype(_res(ctx)))


@op("clamp")
def clamp(ctx, lo, x, hi):
    e = ctx.operand_types[1].element
    lo, hi = np.broadcast_to(lo, x.shape), np.broadcast_to(hi, x.shape)
    out = _pick(_pick(x, lo, e, True), hi, e, False)
    return np.asarray(out).astype(numpy_dtype(_res(ctx)))


@op("select")
def select(ctx, pred, on_true, on_false):
    return np.where(np.asarray(pred, bool), on_true, on_false).astype(numpy_dtype(_res(ctx)))


# ----------------------------------------------------------------------------- bitwise logic and shifts

@op("and")
def and_(ctx, lhs, rhs):
    return _binary(ctx, lhs, rhs, boolean=np.logical_and, integer=lambda x, y, e: x & y)


@op("or")
def or_(ctx, lhs, rhs):
    return _binary(ctx, lhs, rhs, boolean=np.logical_or, integer=lambda x, y, e: x | y)


@op("xor")
def xor(ctx, lhs, rhs):
    return _binary(ctx, lhs, rhs, boolean=np.logical_xor, integer=lambda x, y, e: x ^ y)


@op("not")
def not_(ctx, operand):
    e = _elem(ctx)
    if kind(e) == "bool":
        return np.logical_not(operand)
    return from_bits(~bits_of(operand, e), _res(ctx))


def _shift_amount(rhs, e):
    """The shift amount read as an unsigned N-bit number, clamped to N (anything >= N acts alike)."""
    n = width(e)
    return np.minimum(bits_of(rhs, e), np.uint64(n))


def _logical_shift(ctx, lhs, rhs, shift):
    """A shift that moves zeros in: amounts of the bit width or more give 0."""
    e = _elem(ctx)
    n = width(e)
    amt = _shift_amount(rhs, e)
    out = np.where(amt >= n, np.uint64(0), shift(bits_of(lhs, e), np.minimum(amt, np.uint64(n - 1))))
    return from_bits(out, _res(ctx))


@op("shift_left")
def shift_left(ctx, lhs, rhs):
    return _logical_shift(ctx, lhs, rhs, np.left_shift)


@op("shift_right_logical")
def shift_right_logical(ctx, lhs, rhs):
    return _logical_shift(ctx, lhs, rhs, np.right_shift)


@op("shift_right_arithmetic")
def shift_right_arithmetic(ctx, lhs, rhs):
    e = _elem(ctx)
    n = width(e)
    amt = np.minimum(_shift_amount(rhs, e), np.uint64(n - 1)).astype(np.int64)
    signed = as_int(from_bits(bits_of(lhs, e), f"i{n}"), f"i{n}")   # the pattern read as signed
    return from_bits((signed >> amt).astype(np.uint64), _res(ctx))


@op("popcnt")
def popcnt(ctx, operand):
    e = _elem(ctx)
    return wrap(np.bitwise_count(bits_of(operand, e)).astype(np.uint64), _res(ctx))


@op("count_leading_zeros")
def count_leading_zeros(ctx, operand):
    e = _elem(ctx)
    n = width(e)
    p = bits_of(operand, e)
    length = np.zeros(p.shape, np.uint64)           # bit length of each pattern
    for k in range(n):
        length = np.where((p >> np.uint64(k)) != 0, np.uint64(k + 1), length)
    return wrap(np.uint64(n) - length, _res(ctx))


# ----------------------------------------------------------------------------- conversion of values (convert's semantics; other ops use it too)

def convert_values(x: np.ndarray, src: str, dst: str) -> np.ndarray:
    ks, kd = kind(src), kind(dst)
    dt = numpy_dtype(dst)
    x = np.asarray(x)
    with np.errstate(all="ignore"):
        if ks == "complex":
            if kd == "complex":
                p = part_element(dst)
                out = np.empty(x.shape, dt)
                out.real = float_from_f64(np.real(x).astype(F64), p)
                out.imag = float_from_f64(np.imag(x).astype(F64), p)
                return out
            return convert_values(np.real(x), part_element(src), dst)
        if kd == "complex":
            out = np.zeros(x.shape, dt)
            out.real = convert_values(x, src, part_element(dst))
            return out
        if kd == "bool":
            return np.asarray(to_f64(x) != 0 if ks == "float" else x != 0, dtype=np.bool_)
        if ks == "bool":
            x, src, ks = x.astype(np.uint8), "ui8", "unsigned"
        if ks in ("signed", "unsigned"):
            if kd == "float":
                return int_to_float(x, src, dst)
            return wrap(as_int(x, src), dst)        # integer to integer wraps modulo 2^N
        # float source
        if kd == "float":
            if np.asarray(x).dtype == F32 and dst not in ("f64", "f32", "f16"):
                out = x.astype(dt)                  # ml_dtypes rounds float32 correctly
            else:
                out = float_from_f64(to_f64(x), dst)
            if dst == "f4E2M1FN":                   # no NaN: XLA writes -0 (sign bit only)
                out = np.where(np.isnan(to_f64(x)), np.array(-0.0).astype(dt), out)
            return out
        return float_to_int(x, dst)
