"""Edge cases of the element-wise ops in the reference interpreter.

Expected values are computed independently: with Python integers, plain
numpy in float64/complex128, or an exact nearest-value search over every
value of a narrow float type.
"""
from __future__ import annotations

import bisect
import fractions
import math

import ml_dtypes
import numpy as np
import pytest

import shlo
from shlo.interpreter import interpret

BF16 = np.dtype(ml_dtypes.bfloat16)
E4M3 = np.dtype(ml_dtypes.float8_e4m3fn)
E5M2 = np.dtype(ml_dtypes.float8_e5m2)


def run(text: str, *inputs):
    return interpret(shlo.parse(text), *inputs)


def unary(op: str, t_in: str, t_out: str, x, attrs: str = ""):
    text = (f"func.func @main(%a: {t_in}) -> {t_out} {{\n"
            f"  %0 = \"shlo.{op}\"(%a) {attrs} : ({t_in}) -> {t_out}\n"
            f"  func.return %0 : {t_out}\n}}")
    return run(text, x)[0]


def binary(op: str, t: str, x, y, t_out: str | None = None, attrs: str = ""):
    t_out = t_out or t
    text = (f"func.func @main(%a: {t}, %b: {t}) -> {t_out} {{\n"
            f"  %0 = \"shlo.{op}\"(%a, %b) {attrs} : ({t}, {t}) -> {t_out}\n"
            f"  func.return %0 : {t_out}\n}}")
    return run(text, x, y)[0]


def wrap_int(v: int, bits: int, signed: bool) -> int:
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v


def same_floats(actual, expected):
    """Bit-for-bit equality of values, except that any NaN matches any NaN."""
    a = np.asarray(actual, np.float64)
    e = np.asarray(expected, np.float64)
    assert a.shape == e.shape
    assert np.array_equal(np.isnan(a), np.isnan(e)), (a, e)
    ok = ~np.isnan(e)
    assert np.array_equal(a[ok], e[ok]), (a, e)
    assert np.array_equal(np.signbit(a[ok]), np.signbit(e[ok])), (a, e)


class Nearest:
    """Exact round-to-nearest-even into a narrow float type, by searching all its values."""

    def __init__(self, dtype):
        self.dtype = np.dtype(dtype)
        n = self.dtype.itemsize * 8
        patterns = np.arange(1 << n, dtype=np.uint64).astype(np.dtype(f"u{n // 8}"))
        with np.errstate(invalid="ignore"):
            values = patterns.view(self.dtype).astype(np.float64)
        finite = np.isfinite(values) & ~((values == 0) & np.signbit(values))
        pairs = sorted(zip(values[finite].tolist(), patterns[finite].tolist()))
        self.values = [v for v, _ in pairs]
        self.patterns = [p for _, p in pairs]
        self.has_inf = bool(np.isinf(values).any())
        top, below = fractions.Fraction(self.values[-1]), fractions.Fraction(self.values[-2])
        self.overflow_at = top + (top - below) / 2

    def __call__(self, x) -> float:
        """The value (as float64) that correct rounding of exact number x (int, float or Fraction) gives."""
        exact = fractions.Fraction(x)
        if abs(exact) >= self.overflow_at:
            big = math.inf if self.has_inf else math.nan
            return math.copysign(big, exact)
        i = bisect.bisect_left(self.values, float(exact))
        best = None
        for j in (i - 1, i, i + 1):
            if 0 <= j < len(self.values):
                d = abs(fractions.Fraction(self.values[j]) - exact)
                key = (d, self.patterns[j] & 1)
                if best is None or key < best[0]:
                    best = (key, self.values[j])
        value = best[1]
        return -0.0 if value == 0 and exact < 0 else value


# ----------------------------------------------------------------------------- integer wraparound

@pytest.mark.parametrize("elem,bits,signed,dtype", [
    ("i8", 8, True, np.int8), ("ui8", 8, False, np.uint8),
    ("i4", 4, True, ml_dtypes.int4), ("ui4", 4, False, ml_dtypes.uint4),
])
def test_integer_arithmetic_wraps(elem, bits, signed, dtype):
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    xs = [lo, hi, hi, lo, 1, hi - 1]
    ys = [lo, hi, 1, hi, lo, 2]
    t = f"tensor<6x{elem}>"
    x, y = np.array(xs, dtype), np.array(ys, dtype)
    for op, f in [("add", lambda a, b: a + b), ("subtract", lambda a, b: a - b),
                  ("multiply", lambda a, b: a * b)]:
        got = binary(op, t, x, y)
        assert got.dtype == np.dtype(dtype)
        assert got.astype(np.int64).tolist() == [wrap_int(f(a, b), bits, signed) for a, b in zip(xs, ys)], op
    got = unary("negate", t, t, x)
    assert got.astype(np.int64).tolist() == [wrap_int(-a, bits, signed) for a in xs]
    got = unary("not", t, t, x)
    assert got.astype(np.int64).tolist() == [wrap_int(~a, bits, signed) for a in xs]


def test_abs_of_int_min_wraps():
    got = unary("abs", "tensor<3xi8>", "tensor<3xi8>", np.array([-128, -5, 7], np.int8))
    assert got.tolist() == [-128, 5, 7]


def test_integer_power():
    x = np.array([3, 2, -1, -1, 1, 0, 5, 0], np.int8)
    y = np.array([5, -1, -3, -4, -7, 0, 0, 3], np.int8)
    expected = [wrap_int(3 ** 5, 8, True), 0, -1, 1, 1, 1, 1, 0]
    assert binary("power", "tensor<8xi8>", x, y).tolist() == expected
    xu = np.array([3, 255, 2], np.uint32)
    yu = np.array([40, 2, 31], np.uint32)
    assert binary("power", "tensor<3xui32>", xu, yu).tolist() == [pow(3, 40, 1 << 32), pow(255, 2), 1 << 31]


# ----------------------------------------------------------------------------- integer division

@pytest.mark.parametrize("elem,bits,dtype", [("i8", 8, np.int8), ("i32", 32, np.int32), ("i64", 64, np.int64),
                                              ("i4", 4, ml_dtypes.int4)])
def test_signed_divide_and_remainder(elem, bits, dtype):
    lo = -(1 << (bits - 1))
    xs = [7, -7, 7, -7, lo, lo, 5, -5, 0, lo + 1]
    ys = [2, 2, -2, -2, -1, 1, 0, 0, 0, -1]
    t = f"tensor<{len(xs)}x{elem}>"
    x, y = np.array(xs, dtype), np.array(ys, dtype)

    def tdiv(a, b):
        if b == 0:
            return -1
        q = abs(a) // abs(b)
        return wrap_int(q if (a < 0) == (b < 0) else -q, bits, True)

    def trem(a, b):
        if b == 0:
            return a
        q = abs(a) // abs(b)
        q = q if (a < 0) == (b < 0) else -q        # exact quotient truncated toward zero
        return wrap_int(a - b * q, bits, True)

    assert binary("divide", t, x, y).astype(np.int64).tolist() == [tdiv(a, b) for a, b in zip(xs, ys)]
    expected_rem = [trem(a, b) for a, b in zip(xs, ys)]
    assert expected_rem[4] == 0 and expected_rem[6] == 5
    assert binary("remainder", t, x, y).astype(np.int64).tolist() == expected_rem


def test_unsigned_divide_and_remainder():
    x = np.array([200, 7, 0, 255], np.uint8)
    y = np.array([0, 2, 0, 16], np.uint8)
    assert binary("divide", "tensor<4xui8>", x, y).tolist() == [255, 3, 255, 15]
    assert binary("remainder", "tensor<4xui8>", x, y).tolist() == [200, 1, 0, 15]
    x64 = np.array([2 ** 64 - 1, 10], np.uint64)
    y64 = np.array([0, 3], np.uint64)
    assert binary("divide", "tensor<2xui64>", x64, y64).tolist() == [2 ** 64 - 1, 3]


def test_float_remainder_is_fmod():
    x = np.array([5.5, -5.5, 1.0, np.inf, 1.0, -4.0, 1e30, np.nan], np.float32)
    y = np.array([2.0, 2.0, 0.0, 1.0, np.inf, 2.0, 3.0, 1.0], np.float32)
    with np.errstate(all="ignore"):
        expected = np.fmod(x.astype(np.float64), y.astype(np.float64))   # exact, then representable in f32
    same_floats(binary("remainder", "tensor<8xf32>", x, y), expected)


def test_float_divide_signs():
    x = np.array([1.0, -1.0, 0.0, 1.0, np.inf, -0.0], np.float32)
    y = np.array([0.0, 0.0, 0.0, -0.0, np.inf, 5.0], np.float32)
    same_floats(binary("divide", "tensor<6xf32>", x, y), [np.inf, -np.inf, np.nan, -np.inf, np.nan, -0.0])


# ----------------------------------------------------------------------------- shifts

def test_shifts_past_the_width():
    x = np.array([1, -128, -1, 64, 5, -7], np.int8)
    s = np.array([8, 9, -1, 1, 127, 1], np.int8)
    t = "tensor<6xi8>"
    assert binary("shift_left", t, x, s).tolist() == [0, 0, 0, -128, 0, wrap_int(-7 << 1, 8, True)]
    assert binary("shift_right_logical", t, x, s).tolist() == [0, 0, 0, 32, 0, (-7 & 0xFF) >> 1]
    assert binary("shift_right_arithmetic", t, x, s).tolist() == [0, -1, -1, 32, 0, -4]


def test_shifts_unsigned_and_narrow():
    x = np.array([128, 200, 1, 255], np.uint8)
    s = np.array([1, 9, 7, 200], np.uint8)
    t = "tensor<4xui8>"
    assert binary("shift_left", t, x, s).tolist() == [0, 0, 128, 0]
    assert binary("shift_right_logical", t, x, s).tolist() == [64, 0, 0, 0]
    assert binary("shift_right_arithmetic", t, x, s).tolist() == [192, 255, 0, 255]
    x4 = np.array([-8, 7, -1, 3], ml_dtypes.int4)
    s4 = np.array([1, 4, -1, 3], ml_dtypes.int4)
    t4 = "tensor<4xi4>"
    assert binary("shift_left", t4, x4, s4).astype(int).tolist() == [0, 0, 0, -8]
    assert binary("shift_right_logical", t4, x4, s4).astype(int).tolist() == [4, 0, 0, 0]
    assert binary("shift_right_arithmetic", t4, x4, s4).astype(int).tolist() == [-4, 0, -1, 0]


def test_popcnt_and_count_leading_zeros():
    cases = [("i8", 8, np.int8, [0, -1, 1, -128, 127]), ("ui16", 16, np.uint16, [0, 1, 65535, 256, 4096]),
             ("i64", 64, np.int64, [0, -1, 1, -(1 << 63), 12345]), ("i4", 4, ml_dtypes.int4, [0, -1, 1, -8, 7]),
             ("ui2", 2, ml_dtypes.uint2, [0, 1, 2, 3, 3])]
    for elem, bits, dtype, xs in cases:
        t = f"tensor<5x{elem}>"
        x = np.array(xs, dtype)
        patterns = [v & ((1 << bits) - 1) for v in xs]
        assert unary("popcnt", t, t, x).astype(np.int64).tolist() == [bin(p).count("1") for p in patterns]
        assert unary("count_leading_zeros", t, t, x).astype(np.int64).tolist() == [bits - p.bit_length()
                                                                                    for p in patterns]


# ----------------------------------------------------------------------------- floats: NaN, infinities, signed zeros

@pytest.mark.parametrize("elem,dtype", [("f32", np.float32), ("bf16", BF16), ("f64", np.float64)])
def test_maximum_minimum_nan_and_signed_zero(elem, dtype):
    x = np.array([-0.0, 0.0, np.nan, 1.0, -np.inf, 3.0], dtype)
    y = np.array([0.0, -0.0, 1.0, np.nan, 2.0, 3.0], dtype)
    t = f"tensor<6x{elem}>"
    same_floats(binary("maximum", t, x, y), [0.0, 0.0, np.nan, np.nan, 2.0, 3.0])
    same_floats(binary("minimum", t, x, y), [-0.0, -0.0, np.nan, np.nan, -np.inf, 3.0])


def test_clamp_with_scalar_bounds_and_nan():
    text = """func.func @main(%lo: tensor<f32>, %x: tensor<5xf32>, %hi: tensor<f32>) -> tensor<5xf32> {
      %0 = "shlo.clamp"(%lo, %x, %hi) : (tensor<f32>, tensor<5xf32>, tensor<f32>) -> tensor<5xf32>
      func.return %0 : tensor<5xf32>
    }"""
    x = np.array([-5.0, 0.5, 7.0, np.nan, -0.0], np.float32)
    got = run(text, np.array(0.0, np.float32), x, np.array(1.0, np.float32))[0]
    same_floats(got, [0.0, 0.5, 1.0, np.nan, 0.0])


def test_float_arithmetic_special_values():
    x = np.array([-0.0, np.inf, 0.0, np.nan, -0.0], np.float32)
    y = np.array([-0.0, -np.inf, np.inf, 1.0, 0.0], np.float32)
    t = "tensor<5xf32>"
    with np.errstate(all="ignore"):
        same_floats(binary("add", t, x, y), x.astype(np.float64) + y.astype(np.float64))
        same_floats(binary("subtract", t, x, y), x.astype(np.float64) - y.astype(np.float64))
        same_floats(binary("multiply", t, x, y), x.astype(np.float64) * y.astype(np.float64))


def test_unary_special_values():
    x = np.array([-0.0, 0.0, np.inf, -np.inf, np.nan, -1.0], np.float32)
    t = "tensor<6xf32>"
    same_floats(unary("sqrt", t, t, x), [-0.0, 0.0, np.inf, np.nan, np.nan, np.nan])
    same_floats(unary("rsqrt", t, t, x), [-np.inf, np.inf, 0.0, np.nan, np.nan, np.nan])
    same_floats(unary("log", t, t, x), [-np.inf, -np.inf, np.inf, np.nan, np.nan, np.nan])
    same_floats(unary("exponential_minus_one", t, t, x), [-0.0, 0.0, np.inf, -1.0, np.nan, np.float32(np.expm1(-1.0))])
    same_floats(unary("tanh", t, t, x), [-0.0, 0.0, 1.0, -1.0, np.nan, np.float32(np.tanh(-1.0))])
    same_floats(unary("logistic", t, t, x), [0.5, 0.5, 1.0, 0.0, np.nan, np.float32(1 / (1 + math.e))])
    same_floats(unary("sign", t, t, x), [-0.0, 0.0, 1.0, -1.0, np.nan, -1.0])
    same_floats(unary("negate", t, t, x), [0.0, -0.0, -np.inf, np.inf, np.nan, 1.0])
    same_floats(unary("abs", t, t, x), [0.0, 0.0, np.inf, np.inf, np.nan, 1.0])
    same_floats(unary("cbrt", t, t, np.array([-8.0, -0.0, 27.0, -np.inf, np.nan, 1.0], np.float32)),
                [-2.0, -0.0, 3.0, -np.inf, np.nan, 1.0])
    assert unary("is_finite", t, "tensor<6xi1>", x).tolist() == [True, True, False, False, False, True]


def test_float_power_special_cases():
    x = np.array([np.nan, 1.0, 0.0, -0.0, -8.0, 2.0], np.float64)
    y = np.array([0.0, np.nan, -1.0, -3.0, 1.0 / 3.0, 10.0], np.float64)
    same_floats(binary("power", "tensor<6xf64>", x, y), [1.0, 1.0, np.inf, -np.inf, np.nan, 1024.0])


def test_rounding_to_integral():
    xs = [0.5, 1.5, 2.5, -0.5, -2.5, -0.4, 0.49999999999999994, -0.0, np.inf, np.nan, 3.7, -3.7]
    x = np.array(xs, np.float64)
    t = "tensor<12xf64>"
    same_floats(unary("round_nearest_even", t, t, x), np.round(x))
    afz = [1.0, 2.0, 3.0, -1.0, -3.0, -0.0, 0.0, -0.0, np.inf, np.nan, 4.0, -4.0]
    same_floats(unary("round_nearest_afz", t, t, x), afz)
    same_floats(unary("ceil", t, t, x), np.ceil(x))
    same_floats(unary("floor", t, t, x), np.floor(x))


# ----------------------------------------------------------------------------- narrow floats: one correct rounding

def test_bf16_arithmetic_rounds_to_nearest_even():
    near = Nearest(BF16)
    xs = [1.0, 1.0078125, 1.0, 3.0, 1e38, 1.0]
    ys = [0.00390625, 0.00390625, 2.0 ** -8 * (1 + 2 ** -7), 7.0, 1e38, 3.0]
    x, y = np.array(xs, BF16), np.array(ys, BF16)
    t = "tensor<6xbf16>"
    xe, ye = x.astype(np.float64).tolist(), y.astype(np.float64).tolist()
    got = binary("add", t, x, y)
    assert got.dtype == BF16
    same_floats(got, [near(fractions.Fraction(a) + fractions.Fraction(b)) for a, b in zip(xe, ye)])
    same_floats(binary("multiply", t, x, y), [near(fractions.Fraction(a) * fractions.Fraction(b))
                                              for a, b in zip(xe, ye)])
    same_floats(binary("divide", t, x, y), [near(fractions.Fraction(a) / fractions.Fraction(b))
                                            for a, b in zip(xe, ye)])


@pytest.mark.parametrize("dtype,elem", [(E4M3, "f8E4M3FN"), (E5M2, "f8E5M2")])
def test_f8_arithmetic_and_conversion(dtype, elem):
    near = Nearest(dtype)
    xs = [1.0, 1.0, 1.125, 2.0, 0.5]
    ys = [0.0625, 0.1875, 0.0625, 3.0, 0.25]
    x, y = np.array(xs, dtype), np.array(ys, dtype)
    xe, ye = x.astype(np.float64).tolist(), y.astype(np.float64).tolist()
    same_floats(binary("add", f"tensor<5x{elem}>", x, y),
                [near(fractions.Fraction(a) + fractions.Fraction(b)) for a, b in zip(xe, ye)])
    vals = [1 + 2 ** -4 + 2 ** -40, 1 + 2 ** -4, 1000.0, -3.3e-3, 0.1, 500.0]
    got = unary("convert", "tensor<6xf64>", f"tensor<6x{elem}>", np.array(vals))
    assert got.dtype == dtype
    same_floats(got, [near(v) for v in vals])


def test_convert_f64_to_bf16_rounds_once():
    near = Nearest(BF16)
    vals = [1 + 2 ** -8 + 2 ** -40, 1 + 2 ** -8, 1 + 3 * 2 ** -8, -(1 + 2 ** -8 + 2 ** -45), 3.4e38, 1e-40, 0.1]
    got = unary("convert", "tensor<7xf64>", "tensor<7xbf16>", np.array(vals))
    same_floats(got, [near(v) for v in vals])
    # and from large integers, which are not exact in float64 either
    ints = [2 ** 62 + 2 ** 54 + 1, -(2 ** 62 + 2 ** 54 + 1), 2 ** 53 + 1, 257]
    got = unary("convert", "tensor<4xi64>", "tensor<4xbf16>", np.array(ints, np.int64))
    same_floats(got, [near(v) for v in ints])


def test_convert_to_f16_and_f32():
    vals = [1 + 2 ** -11 + 2 ** -40, 65520.0, 1e-8, -0.0, np.inf]
    got = unary("convert", "tensor<5xf64>", "tensor<5xf16>", np.array(vals))
    same_floats(got, [Nearest(np.float16)(v) if np.isfinite(v) and v != 0 else v for v in vals])
    got = unary("convert", "tensor<2xi64>", "tensor<2xf32>", np.array([2 ** 24 + 1, 2 ** 63 - 1], np.int64))
    assert got.tolist() == [float(2 ** 24), float(2 ** 63)]


def test_reduce_precision_matches_narrow_types():
    rng = np.random.default_rng(0)
    x = (rng.standard_normal(200) * np.exp2(rng.integers(-10, 10, 200))).astype(np.float32)
    x[:4] = [np.inf, -np.inf, -0.0, 1.00390625]
    bf = unary("reduce_precision", "tensor<200xf32>", "tensor<200xf32>", x,
               "{exponent_bits = 8 : i32, mantissa_bits = 7 : i32}")
    same_floats(bf, x.astype(BF16).astype(np.float32))
    h = unary("reduce_precision", "tensor<200xf32>", "tensor<200xf32>", x,
              "{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}")
    x16 = x.astype(np.float16).astype(np.float32)
    # the narrow format has no subnormals: what f16 would hold as one flushes to zero
    same_floats(h, np.where(np.abs(x16) < 2.0 ** -14, np.copysign(np.float32(0), x), x16))
    odd = np.array([65520.0, 2.0 ** -15, -(2.0 ** -14), np.nan, 1e-45], np.float32)
    h = unary("reduce_precision", "tensor<5xf32>", "tensor<5xf32>", odd,
              "{exponent_bits = 5 : i32, mantissa_bits = 10 : i32}")
    same_floats(h, [np.inf, 0.0, -(2.0 ** -14), np.nan, 0.0])
    # no fraction bits: ties go to the even biased exponent (2 = 2^1 has exponent 128, 8 = 2^3 has 130)
    z = unary("reduce_precision", "tensor<3xf32>", "tensor<3xf32>", np.array([np.nan, 3.0, 6.0], np.float32),
              "{exponent_bits = 8 : i32, mantissa_bits = 0 : i32}")
    same_floats(z, [np.inf, 2.0, 8.0])


def test_reduce_precision_of_f8_works_in_f16_as_xla():
    """XLA reduces an f8 operand as the f16 it converts to (found by tools/xla_diff_sweep.py):
    e4m3 on f8E4M3FN overflows 448 to inf (NaN in the type) and flushes 2^-9, below e4m3's
    smallest normal 2^-6; e5m2 on f8E5M2FNUZ rounds 1.5 * 2^-16 up to 2^-15 as f16's
    fraction bits give it (the interpreter had kept every value: f8 types were narrowed only
    below their own exponent width)."""
    x = np.array([448.0, -448.0, 2.0 ** -9, 240.0, 1.0, np.nan], np.float32).astype(E4M3)
    got = unary("reduce_precision", "tensor<6xf8E4M3FN>", "tensor<6xf8E4M3FN>", x,
                "{exponent_bits = 4 : i32, mantissa_bits = 3 : i32}")
    same_floats(got.astype(np.float32), [np.nan, np.nan, 0.0, 240.0, 1.0, np.nan])
    fnuz = np.dtype(ml_dtypes.float8_e5m2fnuz)
    y = np.array([1.5 * 2.0 ** -16, 2.0 ** -17, 3.0], np.float32).astype(fnuz)
    got = unary("reduce_precision", "tensor<3xf8E5M2FNUZ>", "tensor<3xf8E5M2FNUZ>", y,
                "{exponent_bits = 5 : i32, mantissa_bits = 2 : i32}")
    same_floats(got.astype(np.float32), [2.0 ** -15, 0.0, 3.0])


# ----------------------------------------------------------------------------- complex numbers

def test_complex_ops_match_numpy():
    a = np.array([1 + 2j, -3.5 + 0.25j, 0j, 2 - 2j], np.complex128)
    b = np.array([0.5 - 1j, 2 + 2j, 1 + 0j, -1 - 3j], np.complex128)
    t = "tensor<4xcomplex<f64>>"
    np.testing.assert_allclose(binary("add", t, a, b), a + b, rtol=0)
    np.testing.assert_allclose(binary("multiply", t, a, b), a * b, rtol=1e-15)
    np.testing.assert_allclose(binary("divide", t, a, b), a / b, rtol=1e-15)
    np.testing.assert_allclose(unary("sqrt", t, t, a), np.sqrt(a), rtol=1e-15)
    np.testing.assert_allclose(unary("exponential", t, t, a), np.exp(a), rtol=1e-15)
    np.testing.assert_allclose(unary("log", t, t, b), np.log(b), rtol=1e-15)
    got = unary("abs", t, "tensor<4xf64>", a)
    assert got.dtype == np.float64
    np.testing.assert_allclose(got, [math.hypot(z.real, z.imag) for z in a], rtol=1e-15)
    c64 = a.astype(np.complex64)
    got = unary("negate", "tensor<4xcomplex<f32>>", "tensor<4xcomplex<f32>>", c64)
    assert got.dtype == np.complex64 and np.array_equal(got, -c64)


def test_complex_special_values_as_xla():
    """Found by tools/xla_diff_sweep.py against XLA (which agrees with C99 Annex G here):
    expm1 of a real z keeps the imaginary zero (numpy's complex expm1 gave inf + NaN i at
    z = inf); logistic of a large negative real part is 0 (1 / (1 + exp(-z)) gave inf / inf);
    sign divides part by part (sign(inf) = NaN + 0i, not NaN + NaN i) and keeps a zero's signs."""
    inf = np.inf
    z = np.array([complex(inf, 0), complex(np.nan, 0), complex(1e30, 0), complex(-2, -0.0)], np.complex64)
    got = unary("exponential_minus_one", "tensor<4xcomplex<f32>>", "tensor<4xcomplex<f32>>", z)
    same_floats(got.real, [inf, np.nan, inf, np.expm1(np.float32(-2))])
    same_floats(got.imag, [0.0, 0.0, 0.0, -0.0])
    z = np.array([complex(-1e30, 1), complex(-inf, -1), complex(0, 0)], np.complex64)
    got = unary("logistic", "tensor<3xcomplex<f32>>", "tensor<3xcomplex<f32>>", z)
    same_floats(got.real, [0.0, 0.0, 0.5])
    same_floats(got.imag, [0.0, -0.0, 0.0])
    z = np.array([complex(inf, 0), complex(-inf, 0), complex(-0.0, 0), complex(3, -4)], np.complex128)
    got = unary("sign", "tensor<4xcomplex<f64>>", "tensor<4xcomplex<f64>>", z)
    same_floats(got.real, [np.nan, np.nan, -0.0, 0.6])
    same_floats(got.imag, [0.0, 0.0, 0.0, -0.8])


def test_complex_log1p_and_expm1_do_not_cancel():
    """Found by tools/xla_diff_sweep.py --strict and mpmath: numpy's complex log1p / expm1 are
    log(1 + z) / exp(z) - 1, which cancel near 0 (log1p(1e-30 + 0i) was 0, expm1(1e-20 + 1e-20i)
    had real part 0) and were up to 5 ulp off in complex128; expected values from mpmath."""
    t = "tensor<5xcomplex<f64>>"
    z = np.array([0.1, 1 + 0.1j, -0.5 + 0.5j, 1e-30 + 1e-30j, 1e308 + 1e308j], np.complex128)
    got = unary("log_plus_one", t, t, z)
    same_floats(got.real, [0.09531017980432487, 0.6943956206592389, -0.34657359027997264, 1e-30, 709.542782232446])
    same_floats(got.imag, [0.0, 0.049958395721942765, 0.7853981633974483, 1e-30, 0.7853981633974483])
    z = np.array([0.5 + 1j, 1 + 1j, 1e-20 + 1e-20j, -1 + 0j, complex(np.inf, 0)], np.complex128)
    got = unary("exponential_minus_one", t, t, z)
    same_floats(got.real, [-0.10919209570687138, 0.46869393991588515, 1e-20, np.expm1(-1.0), np.inf])
    same_floats(got.imag, [1.3873511113297634, 2.2873552871788423, 1e-20, 0.0, 0.0])
    c = np.array([1e-30, 1e-20j], np.complex64)
    got = unary("log_plus_one", "tensor<2xcomplex<f32>>", "tensor<2xcomplex<f32>>", c)
    assert got.dtype == np.complex64
    same_floats(got.real, [np.float32(1e-30), np.float32(5e-41)])      # (log|1 + yi| = y^2 / 2)
    same_floats(got.imag, [0.0, np.float32(1e-20)])


@pytest.mark.parametrize("op, jax_fn", [("exponential_minus_one", "expm1"), ("logistic", "logistic")])
def test_f16_expm1_and_logistic_equal_xla_on_every_f16(op, jax_fn):
    """XLA evaluates these two in f16 steps (found by tools/xla_diff_sweep.py --strict: about one
    correctly rounded result in five was an ulp away from XLA's); every one of the 65536 f16
    values, bit for bit, against XLA itself."""
    jax = pytest.importorskip("jax")
    x = np.arange(1 << 16, dtype=np.uint32).astype(np.uint16).view(np.float16)
    want = np.asarray(jax.jit(getattr(jax.lax, jax_fn))(x))
    got = unary(op, "tensor<65536xf16>", "tensor<65536xf16>", x)
    nan = np.isnan(want.astype(np.float32))
    assert np.array_equal(np.isnan(got.astype(np.float32)), nan)
    assert np.array_equal(got.view(np.uint16)[~nan], want.view(np.uint16)[~nan])


def test_f8_arithmetic_rounds_through_f16_as_xla():
    """XLA computes f8 element-wise ops in f16 (found by tools/xla_diff_sweep.py, and checked on
    all 256 values of each f8 type): sqrt(0.96875) in f8E3M4 rounds to f16's 0.984375, a
    midpoint of f8E3M4, and then to even 1.0 (once rounded: 0.96875); f8 expm1 / logistic
    take XLA's f16 formulas."""
    e3m4 = np.dtype(ml_dtypes.float8_e3m4)
    x = np.array([0.96875, 3.875, 15.5], np.float32).astype(e3m4)
    got = unary("sqrt", "tensor<3xf8E3M4>", "tensor<3xf8E3M4>", x)
    assert got.astype(np.float32).tolist() == [1.0, 2.0, 4.0]
    y = np.array([0.9375, -0.1875], np.float32).astype(E4M3)
    got = unary("logistic", "tensor<2xf8E4M3FN>", "tensor<2xf8E4M3FN>", y)
    assert got.astype(np.float32).tolist() == [0.75, 0.4375]
    z = np.array([-0.375], np.float32).astype(E5M2)
    got = unary("exponential", "tensor<1xf8E5M2>", "tensor<1xf8E5M2>", z)
    assert got.astype(np.float32).tolist() == [0.75]


def test_convert_nan_to_f4_is_negative_zero_as_xla():
    f4 = np.dtype(ml_dtypes.float4_e2m1fn)
    x = np.array([np.nan, -np.nan, 1.0], np.float32)
    got = unary("convert", "tensor<3xf32>", "tensor<3xf4E2M1FN>", x)
    assert got.view(np.uint8).tolist() == [0x8, 0x8, 0x2] and got.dtype == f4


def test_complex_parts_and_build():
    re = np.array([1.5, -0.0, np.inf], np.float32)
    im = np.array([-0.0, np.nan, 2.0], np.float32)
    text = """func.func @main(%a: tensor<3xf32>, %b: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
      %c = "shlo.complex"(%a, %b) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xcomplex<f32>>
      %r = "shlo.real"(%c) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
      %i = "shlo.imag"(%c) : (tensor<3xcomplex<f32>>) -> tensor<3xf32>
      func.return %r, %i : tensor<3xf32>, tensor<3xf32>
    }"""
    r, i = run(text, re, im)
    same_floats(r, re)
    same_floats(i, im)
    same_floats(unary("imag", "tensor<3xf32>", "tensor<3xf32>", re), [0.0, 0.0, 0.0])


def test_complex_compare_and_maximum_are_lexicographic():
    a = np.array([1 + 5j, 1 + 1j, 2 + 0j, 1 + 1j], np.complex64)
    b = np.array([2 + 0j, 1 + 2j, 1 + 9j, 1 + 1j], np.complex64)
    t = "tensor<4xcomplex<f32>>"
    lt = binary("compare", t, a, b, "tensor<4xi1>", "{comparison_direction = #shlo.comparison_direction<LT>}")
    assert lt.tolist() == [(x.real, x.imag) < (y.real, y.imag) for x, y in zip(a, b)]
    ne = binary("compare", t, a, b, "tensor<4xi1>", "{comparison_direction = #shlo.comparison_direction<NE>}")
    assert ne.tolist() == [True, True, True, False]
    mx = binary("maximum", t, a, b)
    assert mx.tolist() == [max((x.real, x.imag, x), (y.real, y.imag, y))[2] for x, y in zip(a, b)]


# ----------------------------------------------------------------------------- compare

def _cmp_attrs(direction, ctype=None):
    s = f"comparison_direction = #shlo.comparison_direction<{direction}>"
    if ctype:
        s += f", compare_type = #shlo.comparison_type<{ctype}>"
    return "{" + s + "}"


def test_compare_totalorder_zeros_and_nans():
    neg_nan = np.array([np.nan], np.float32)
    neg_nan = (neg_nan.view(np.uint32) | np.uint32(0x80000000)).view(np.float32)[0]
    # ascending in the IEEE-754 total order
    ordered = [neg_nan, -np.inf, -1.0, -0.0, 0.0, 1e-45, np.inf, np.float32(np.nan)]
    n = len(ordered)
    xs = np.array([ordered[i] for i in range(n) for j in range(n)], np.float32)
    ys = np.array([ordered[j] for i in range(n) for j in range(n)], np.float32)
    rank_x = [i for i in range(n) for j in range(n)]
    rank_y = [j for i in range(n) for j in range(n)]
    t = f"tensor<{n * n}xf32>"
    for d, f in [("LT", lambda p, q: p < q), ("EQ", lambda p, q: p == q), ("GE", lambda p, q: p >= q),
                 ("NE", lambda p, q: p != q)]:
        got = binary("compare", t, xs, ys, f"tensor<{n * n}xi1>", _cmp_attrs(d, "TOTALORDER"))
        assert got.tolist() == [f(p, q) for p, q in zip(rank_x, rank_y)], d
    # FLOAT order: NaN compares unordered, -0 == +0
    got = binary("compare", t, xs, ys, f"tensor<{n * n}xi1>", _cmp_attrs("EQ", "FLOAT"))
    with np.errstate(invalid="ignore"):
        assert got.tolist() == (xs.astype(np.float64) == ys.astype(np.float64)).tolist()
    got = binary("compare", t, xs, ys, f"tensor<{n * n}xi1>", _cmp_attrs("NE"))
    assert got.tolist() == (xs.astype(np.float64) != ys.astype(np.float64)).tolist()


def test_compare_integers_and_booleans():
    x = np.array([-1, 5, -128], np.int8)
    y = np.array([1, 5, 127], np.int8)
    got = binary("compare", "tensor<3xi8>", x, y, "tensor<3xi1>", _cmp_attrs("LT"))
    assert got.tolist() == [True, False, True]
    got = binary("compare", "tensor<3xui8>", x.view(np.uint8), y.view(np.uint8), "tensor<3xi1>",
                 _cmp_attrs("LT", "UNSIGNED"))
    assert got.tolist() == [False, False, False]
    b1 = np.array([True, False, True])
    b2 = np.array([False, False, True])
    got = binary("compare", "tensor<3xi1>", b1, b2, "tensor<3xi1>", _cmp_attrs("GT"))
    assert got.tolist() == [True, False, False]


# ----------------------------------------------------------------------------- convert and bitcast_convert

def test_convert_float_to_int_saturates_and_nan_is_zero():
    x = np.array([3e9, -3e9, np.nan, np.inf, -np.inf, 2.9, -2.9, -0.0, 2147483520.0], np.float32)
    got = unary("convert", "tensor<9xf32>", "tensor<9xi32>", x)
    i32 = np.iinfo(np.int32)
    assert got.dtype == np.int32
    assert got.tolist() == [i32.max, i32.min, 0, i32.max, i32.min, 2, -2, 0, 2147483520]
    got = unary("convert", "tensor<4xf32>", "tensor<4xui8>", np.array([-5.0, 300.0, 255.9, np.nan], np.float32))
    assert got.tolist() == [0, 255, 255, 0]


def test_convert_integers_wrap_and_booleans():
    x = np.array([300, -129, 9, -9], np.int32)
    assert unary("convert", "tensor<4xi32>", "tensor<4xi8>", x).tolist() == [wrap_int(v, 8, True) for v in x.tolist()]
    got = unary("convert", "tensor<4xi32>", "tensor<4xi4>", x)
    assert got.astype(int).tolist() == [wrap_int(v, 4, True) for v in x.tolist()]
    f = np.array([0.0, -0.0, np.nan, 1e-45], np.float32)
    assert unary("convert", "tensor<4xf32>", "tensor<4xi1>", f).tolist() == [False, False, True, True]
    c = np.array([0 + 1j, 2 + 0j], np.complex64)
    assert unary("convert", "tensor<2xcomplex<f32>>", "tensor<2xi1>", c).tolist() == [False, True]
    assert unary("convert", "tensor<2xcomplex<f32>>", "tensor<2xi32>", c).tolist() == [0, 2]


def test_bitcast_f32_i32_and_bytes():
    x = np.array([1.0, -0.0, np.inf, 3.14159], np.float32)
    got = unary("bitcast_convert", "tensor<4xf32>", "tensor<4xi32>", x)
    assert got.dtype == np.int32 and got.tolist() == x.view(np.int32).tolist()
    back = unary("bitcast_convert", "tensor<4xi32>", "tensor<4xf32>", got)
    assert back.view(np.uint32).tolist() == x.view(np.uint32).tolist()
    parts = unary("bitcast_convert", "tensor<4xf32>", "tensor<4x4xi8>", x)
    expected = [[wrap_int((int(b) >> (8 * k)) & 0xFF, 8, True) for k in range(4)]
                for b in x.view(np.uint32).tolist()]
    assert parts.tolist() == expected
    fused = unary("bitcast_convert", "tensor<4x4xi8>", "tensor<4xf32>", parts)
    assert fused.view(np.uint32).tolist() == x.view(np.uint32).tolist()


def test_bitcast_sub_byte_and_complex():
    x = np.array([0xAB, 0x0F], np.uint8)
    got = unary("bitcast_convert", "tensor<2xui8>", "tensor<2x2xui4>", x)
    assert got.astype(int).tolist() == [[0xB, 0xA], [0xF, 0x0]]
    got = unary("bitcast_convert", "tensor<2xui8>", "tensor<2x2xi4>", x)
    assert got.astype(int).tolist() == [[wrap_int(0xB, 4, True), wrap_int(0xA, 4, True)], [-1, 0]]
    c = np.array([1 + 2j], np.complex64)
    got = unary("bitcast_convert", "tensor<1xcomplex<f32>>", "tensor<1xcomplex<f32>>", c)
    assert got.tolist() == [1 + 2j]
    x64 = np.array([1.5, -0.0], np.float64)
    got = unary("bitcast_convert", "tensor<2xf64>", "tensor<2x2xui32>", x64)
    assert got.tolist() == [[int(b) & 0xFFFFFFFF, int(b) >> 32] for b in x64.view(np.uint64)]
    h = np.array([[1.0, -2.0]], np.float16)
    got = unary("bitcast_convert", "tensor<1x2xf16>", "tensor<1xf32>", h)
    b = h.view(np.uint16)[0].tolist()
    assert got.view(np.uint32).tolist() == [b[0] | (b[1] << 16)]


def test_bitcast_sub_byte_floats_keep_their_bits():
    """f4E2M1FN's 4-bit patterns (the interpreter read a float as an integer value: -1.0 came
    back as 6.0; found by tools/xla_diff_sweep.py)."""
    f4 = np.dtype(ml_dtypes.float4_e2m1fn)
    x = np.array([-0.0, -1.0, 0.5, 6.0, -6.0, 1.5], np.float32).astype(f4)
    same = unary("bitcast_convert", "tensor<6xf4E2M1FN>", "tensor<6xf4E2M1FN>", x)
    same_floats(same.astype(np.float32), x.astype(np.float32))
    bits = unary("bitcast_convert", "tensor<6xf4E2M1FN>", "tensor<6xui4>", x)
    assert bits.astype(int).tolist() == [0x8, 0xA, 0x1, 0x7, 0xF, 0x3]
    back = unary("bitcast_convert", "tensor<6xui4>", "tensor<6xf4E2M1FN>", bits)
    same_floats(back.astype(np.float32), x.astype(np.float32))
    signed = unary("bitcast_convert", "tensor<6xf4E2M1FN>", "tensor<6xi4>", x)
    assert signed.astype(int).tolist() == [-8, -6, 1, 7, -1, 3]


# ----------------------------------------------------------------------------- integer ops against Python integers

def _py_int_op(op, a, b, bits, signed):
    mask = (1 << bits) - 1
    if op in ("divide", "remainder"):
        if b == 0:
            return wrap_int(-1, bits, signed) if op == "divide" else a
        q = abs(a) // abs(b)
        q = q if (a < 0) == (b < 0) else -q
        return wrap_int(q if op == "divide" else a - b * q, bits, signed)
    amount = b & mask                        # shift amounts read as unsigned
    pattern = a & mask
    if op == "shift_left":
        return 0 if amount >= bits else wrap_int(pattern << amount, bits, signed)
    if op == "shift_right_logical":
        return 0 if amount >= bits else wrap_int(pattern >> amount, bits, signed)
    if op == "shift_right_arithmetic":
        as_signed = wrap_int(pattern, bits, True)
        return wrap_int(as_signed >> min(amount, bits - 1), bits, signed)
    f = {"add": lambda: a + b, "subtract": lambda: a - b, "multiply": lambda: a * b, "and": lambda: a & b,
         "or": lambda: a | b, "xor": lambda: a ^ b, "maximum": lambda: max(a, b), "minimum": lambda: min(a, b)}[op]
    return wrap_int(f(), bits, signed)


@pytest.mark.parametrize("elem,bits,signed,dtype", [
    ("i2", 2, True, ml_dtypes.int2), ("ui2", 2, False, ml_dtypes.uint2), ("i4", 4, True, ml_dtypes.int4),
    ("ui4", 4, False, ml_dtypes.uint4), ("i8", 8, True, np.int8), ("ui8", 8, False, np.uint8),
    ("i16", 16, True, np.int16), ("ui32", 32, False, np.uint32), ("i64", 64, True, np.int64),
    ("ui64", 64, False, np.uint64)])
def test_integer_ops_against_python(elem, bits, signed, dtype):
    rng = np.random.default_rng(bits * 2 + signed)
    lo, hi = (-(1 << (bits - 1)), (1 << (bits - 1)) - 1) if signed else (0, (1 << bits) - 1)
    edges = [lo, hi, 0, 1, lo + 1, hi - 1] + ([-1] if signed else [])
    rand = [lo + int(v) for v in rng.integers(0, 1 << 62, 60)]
    rand = [lo + (r * 7919) % (hi - lo + 1) for r in rand]
    xs = edges * len(edges) + rand[:30]
    ys = [e for e in edges for _ in edges] + rand[30:]
    ys[-5:] = [0, 1, bits, bits - 1, bits + 1] if hi >= bits + 1 else ys[-5:]
    n = len(xs)
    x, y = np.array(xs, dtype), np.array(ys, dtype)
    t = f"tensor<{n}x{elem}>"
    for name in ["add", "subtract", "multiply", "divide", "remainder", "and", "or", "xor", "maximum", "minimum",
                 "shift_left", "shift_right_logical", "shift_right_arithmetic"]:
        got = binary(name, t, x, y)
        assert got.dtype == np.dtype(dtype), name
        expected = [_py_int_op(name, a, b, bits, signed) for a, b in zip(xs, ys)]
        assert [int(v) for v in got.astype(np.int64 if signed else np.uint64)] == expected, name
