"""Element-wise ATen ops about a float's sign, exponent and neighbours, and the small complex
and distance ops that survive core decomposition: signbit, copysign, frexp, ldexp, nextafter,
hypot, angle, polar, view_as_complex, dist; hash_tensor (an XOR of bit patterns).

Sign bits are read from the bits (bitcast_convert), so -0.0 and NaNs with the sign bit set
count as negative, as C's signbit does. f16 / bf16 go through f32 where bits are taken apart
(every f16 / bf16 value is an f32 value, so nothing is rounded).
"""
from __future__ import annotations

import math

from ....types import tensor_type
from .. import dtypes
from ..registry import converts
from .elementwise import operands, same

# (integer type of the same width, mantissa bits, exponent bits, exponent bias) of the float
# types taken apart
_LAYOUT = {"f32": ("i32", 23, 8, 127), "f64": ("i64", 52, 11, 1023)}


def _wide(element: str) -> str:
    return element if element in _LAYOUT else "f32"


def _bits(cx, x):
    """x's bits as the signed integer of its width."""
    it = _LAYOUT[cx.element(x)][0]
    return cx.op("bitcast_convert", x, result_types=[tensor_type(cx.info(x).shape, it)])


def _negative(cx, x):
    """C's signbit(x) as i1: the sign bit of floats, x < 0 for signed integers."""
    element = cx.element(x)
    sizes = cx.sizes_of(x)
    if dtypes.is_float(element):
        x = cx.convert(x, _wide(element))
        bits = _bits(cx, x)
        return cx.op("compare", bits, cx.const(0, cx.element(bits), sizes), comparison_direction="LT")
    if element == "i1" or dtypes.is_unsigned(element):
        return cx.const(False, "i1", sizes)
    return cx.op("compare", x, cx.const(0, element, sizes), comparison_direction="LT")


@converts("signbit")
def signbit(cx, x):
    return _negative(cx, x)


@converts("copysign")
def copysign(cx, a, b):
    out = cx.out_element()
    sizes = cx.out_sizes()
    (a,) = operands(cx, a)
    b = cx.tensor(b, cx.element(b) if hasattr(b, "type") else out, sizes)
    mag = cx.op("abs", a)
    return cx.op("select", _negative(cx, b), cx.op("negate", mag), mag)


@converts("frexp")
def frexp(cx, x):
    """(mantissa in [0.5, 1) with x's sign, exponent as i32) with x = mantissa * 2^exponent;
    0, inf and NaN give themselves and exponent 0. Subnormals are scaled into the normal range
    first."""
    element = cx.element(x)
    wide = _wide(element)
    it, bits_m, bits_e, bias = _LAYOUT[wide]
    v = cx.convert(x, wide)
    sizes = cx.sizes_of(v)
    k = lambda value, el=it: cx.const(value, el, sizes)        # noqa: E731
    tiny = cx.op("compare", cx.op("abs", v), cx.const(2.0 ** (1 - bias), wide, sizes), comparison_direction="LT")
    scaled = cx.op("select", tiny, cx.op("multiply", v, cx.const(2.0 ** bits_m, wide, sizes)), v)
    bits = _bits(cx, scaled)
    biased = cx.op("and", cx.op("shift_right_logical", bits, k(bits_m)), k((1 << bits_e) - 1))
    exponent = cx.op("subtract", biased, k(bias - 1))
    exponent = cx.op("select", tiny, cx.op("subtract", exponent, k(bits_m)), exponent)
    exp_field = ((1 << bits_e) - 1) << bits_m
    mantissa_bits = cx.op("or", cx.op("and", bits, k(~exp_field)), k((bias - 1) << bits_m))
    mantissa = cx.op("bitcast_convert", mantissa_bits, result_types=[tensor_type(cx.info(v).shape, wide)])
    special = cx.op("or", cx.op("compare", v, cx.const(0.0, wide, sizes), comparison_direction="EQ"),
                    cx.op("not", cx.op("is_finite", v)))
    mantissa = cx.op("select", special, v, mantissa)
    exponent = cx.op("select", special, k(0), exponent)
    return cx.convert(mantissa, cx.out_element(0)), cx.convert(exponent, cx.out_element(1))


@converts("ldexp")
def ldexp(cx, x, e):
    """x * 2^e, as PyTorch computes it (x times pow(2, e))."""
    x, e = operands(cx, x, e)
    two = cx.const(2.0, cx.out_element(), cx.out_sizes())
    return cx.op("multiply", x, cx.op("power", two, e))


@converts("nextafter")
def nextafter(cx, a, b):
    from ...chlo import DECOMPOSITIONS
    a, b = operands(cx, a, b)
    return DECOMPOSITIONS["next_after"](cx, [a, b], {}, [str(cx.info(a))])[0]


@converts("hypot")
def hypot(cx, a, b):
    """sqrt(a^2 + b^2) scaled by max(|a|, |b|) so that neither overflows nor underflows; inf if
    either is infinite (even with a NaN), as C's hypot."""
    out = cx.out_element()
    wide = _wide(out)
    a, b = (cx.convert(v, wide) for v in operands(cx, a, b))
    sizes = cx.sizes_of(a)
    a, b = cx.op("abs", a), cx.op("abs", b)
    big, small = cx.op("maximum", a, b), cx.op("minimum", a, b)
    zero = cx.op("compare", big, cx.const(0.0, wide, sizes), comparison_direction="EQ")
    ratio = cx.op("divide", small, cx.op("select", zero, cx.const(1.0, wide, sizes), big))
    r = cx.op("multiply", big, cx.op("sqrt", cx.op("add", cx.const(1.0, wide, sizes), cx.op("multiply", ratio, ratio))))
    inf = cx.const(math.inf, wide, sizes)
    either_inf = cx.op("or", cx.op("compare", a, inf, comparison_direction="EQ"),
                       cx.op("compare", b, inf, comparison_direction="EQ"))
    return cx.convert(cx.op("select", either_inf, inf, r), out)


@converts("angle")
def angle(cx, x):
    """atan2(imag, real) of complex x; of real x: pi below 0, else 0, NaN for NaN."""
    element = cx.element(x)
    if dtypes.is_complex(element):
        return cx.op("atan2", cx.op("imag", x), cx.op("real", x))
    out = cx.out_element()
    v = same(cx, x)
    sizes = cx.sizes_of(v)
    r = cx.op("select", cx.op("compare", v, cx.const(0, out, sizes), comparison_direction="LT"),
              cx.const(math.pi, out, sizes), cx.const(0.0, out, sizes))
    return cx.op("select", cx.op("compare", v, v, comparison_direction="NE"), v, r)


@converts("polar")
def polar(cx, r, theta):
    part = dtypes.element(cx.val.dtype.to_real())
    sizes = cx.out_sizes()
    r, theta = (cx.tensor(v, part, sizes) for v in (r, theta))
    return cx.op("complex", cx.op("multiply", r, cx.op("cosine", theta)), cx.op("multiply", r, cx.op("sine", theta)))


@converts("view_as_complex")
def view_as_complex(cx, x):
    sizes = cx.sizes_of(x)
    if sizes[-1] != 2:
        raise cx.error(f"view_as_complex needs a last dimension of size 2, got {sizes[-1]}")
    rank = len(sizes)
    parts = []
    for i in range(2):
        part = cx.op("slice", x, start_indices=[0] * (rank - 1) + [i], limit_indices=list(sizes[:-1]) + [i + 1],
                     strides=[1] * rank)
        parts.append(cx.reshape(part, sizes[:-1]))
    return cx.op("complex", *parts)


@converts("dist")
def dist(cx, a, b, p=2):
    """||a - b||_p over every element (a and b broadcast together)."""
    from .special import linalg_vector_norm
    element = cx.out_element()
    sizes = cx.broadcast_sizes(a, b)
    diff = cx.op("subtract", cx.tensor(a, element, sizes), cx.tensor(b, element, sizes))
    return linalg_vector_norm(cx, diff, ord=p)


@converts("hash_tensor")
def hash_tensor(cx, x, dim=(), keepdim=False, mode=0):
    """XOR of the elements' 64-bit patterns over `dim` (all if empty), as uint64: floats as f64,
    signed integers as i64, unsigned ones and bools widened."""
    from .reductions import finish, reduce1, reduced_dims
    if mode != 0:
        raise cx.error(f"hash_tensor mode {mode} is not supported (only 0, xor_sum)")
    element = cx.element(x)
    shape = cx.info(x).shape
    if dtypes.is_complex(element):
        raise cx.error("hash_tensor of complex tensors is not supported")
    if dtypes.is_float(element):
        bits = cx.op("bitcast_convert", cx.convert(x, "f64"), result_types=[tensor_type(shape, "ui64")])
    elif element == "i1" or dtypes.is_unsigned(element):
        bits = cx.convert(x, "ui64")
    else:
        bits = cx.op("bitcast_convert", cx.convert(x, "i64"), result_types=[tensor_type(shape, "ui64")])
    return finish(cx, reduce1(cx, bits, reduced_dims(cx.rank(x), list(dim) or None), "xor", 0))
