"""Element-wise math and conversions: magnitudes and signs, rounding,
transcendental functions, complex parts, reduce_precision, convert and
bitcast_convert.

Floats are evaluated in float64 (complex128 for complex numbers) and rounded
once to the result type; the rounding helpers live in `elementwise.py`. The
transcendental functions of f32, f16 and bf16 are the exception: those follow XLA
CPU's f32 algorithms bit for bit (xla_f32_math.py; f16 and bf16 computed in f32 and
rounded, as XLA does), unless the op's `result_accuracy` asks for HIGHEST or TOLERANCE.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np

from ...literals import numpy_dtype
from . import xla_complex64, xla_f32_math
from .elementwise import (C128, VIA_F16, as_int, bits_of, convert_values, finish, finish_arith, from_bits, kind,
                          op, to_f64, width, wrap)


# the float types whose transcendental functions XLA CPU computes in f32 (xla_f32_math.py)
XLA_F32_TYPES = frozenset({"f32", "f16", "bf16"})


def _default_accuracy(ctx) -> bool:
    """No `result_accuracy`, or mode DEFAULT: the accuracy is the implementation's, and XLA's
    approximations serve; HIGHEST or TOLERANCE get the correctly rounded values."""
    accuracy = ctx.attrs.get("result_accuracy")
    return accuracy is None or getattr(accuracy, "mode", "DEFAULT") == "DEFAULT"


def _unary(ctx, x, floating, complex_=None, integer=None, complex64=None, f32=None):
    e, r = ctx.operand_types[0].element, ctx.result_types[0].element
    k = kind(e)
    if not _default_accuracy(ctx):
        f32 = complex64 = None
    with np.errstate(all="ignore"):
        if k == "float":
            if f32 is not None and e == r and e in XLA_F32_TYPES:
                return finish(f32(np.asarray(x).astype(np.float32)), r)
            return finish_arith(floating(to_f64(x)), r)
        if k == "complex":
            if complex_ is None:
                raise TypeError(f"shlo.{ctx.name} does not take complex numbers")
            z = np.asarray(x).astype(C128)
            out = complex_(z)
            if complex64 is not None and e == r == "complex<f32>":
                # XLA CPU's f32 steps where the operand is finite and not 0 (xla_complex64.py)
                finite = np.isfinite(z.real) & np.isfinite(z.imag) & (z != 0)
                out = np.where(finite, complex64(np.where(finite, z, 1)).astype(C128), out)
            return finish(out, r)
        if k in ("signed", "unsigned") and integer is not None:
            return wrap(integer(as_int(x, e)), r)
        raise TypeError(f"shlo.{ctx.name} does not take {e}")


def _register(name, floating, complex_=None, complex64=None, f32=None):
    def impl(ctx, operand):
        return _unary(ctx, operand, floating, complex_, complex64=complex64, f32=f32)
    impl.__name__ = name
    op(name)(impl)


# ----------------------------------------------------------------------------- magnitude and sign

@op("abs")
def abs_(ctx, operand):
    # complex -> its part type (hypot without overflow); integers wrap (|INT_MIN| = INT_MIN)
    return _unary(ctx, operand, np.abs, np.abs, integer=np.abs)


@op("negate")
def negate(ctx, operand):
    return _unary(ctx, operand, np.negative, np.negative, integer=lambda v: np.zeros_like(v) - v)


def _float_sign(x):
    return np.where(x > 0, 1.0, np.where(x < 0, -1.0, x))


def _complex_sign(z):
    # z / abs(z) part by part (an infinite part gives inf / inf = NaN and keeps a 0 the other part)
    a = np.abs(z)
    safe = np.where(a == 0, 1.0, a)
    out = np.where(a == 0, z, _cx(z.real / safe, z.imag / safe))        # a zero keeps its signs
    nan = np.isnan(z.real) | np.isnan(z.imag)
    return np.where(nan, complex(np.nan, np.nan), out)


@op("sign")
def sign(ctx, operand):
    return _unary(ctx, operand, _float_sign, _complex_sign, integer=np.sign)


# ----------------------------------------------------------------------------- rounding to integral values

def _round_afz(x):
    t = np.trunc(x)
    out = np.where(np.abs(x - t) >= 0.5, t + np.copysign(1.0, x), t)
    return np.copysign(out, x)


_register("ceil", np.ceil)
_register("floor", np.floor)
_register("round_nearest_even", np.rint)
_register("round_nearest_afz", _round_afz)


# ----------------------------------------------------------------------------- transcendental functions

def _logistic(x):
    e = np.exp(-np.abs(x))
    return np.where(x >= 0, 1.0 / (1.0 + e), e / (1.0 + e))


def _cx(re, im) -> np.ndarray:
    """complex128 from parts, keeping signed zeros (re + 1j * im would not)."""
    out = np.empty(np.broadcast(re, im).shape, C128)
    out.real, out.imag = re, im
    return out


def _logistic_complex(z):
    # 1 / (1 + exp(-z)), as exp(z) / (1 + exp(z)) left of the imaginary axis, where exp(-z)
    # overflows (so that a large negative real part gives 0 rather than inf / inf)
    e = np.exp(np.where(z.real < 0, z, -z))
    return np.where(z.real < 0, e / (1.0 + e), 1.0 / (1.0 + e))


def _expm1_complex(z):
    # finite z: (expm1(x) cos y - 2 sin^2(y / 2), e^x sin y), as the CPU lowering (numpy's complex
    # expm1 is exp(z) - 1, which cancels near 0: expm1(1e-20 + 1e-20i) was 0 + 1e-20i, and
    # complex128 results were up to 4 ulp off; in long double, as the real part still cancels where
    # e^x cos y is near 1); a real z keeps its imaginary zero (exp(x) * sin(0) would make
    # inf * 0 = NaN at x = inf); other non-finite z as numpy (C99)
    x, y = z.real, z.imag
    xl, yl = x.astype(np.longdouble), y.astype(np.longdouble)
    s = np.sin(yl / 2)
    re = (np.expm1(xl) * np.cos(yl) - 2 * s * s).astype(np.float64)
    near = _cx(re, np.where(y == 0, y, (np.exp(xl) * np.sin(yl)).astype(np.float64)))
    other = np.where(y == 0, _cx(np.expm1(x), y), np.expm1(z))
    return np.where(np.isfinite(x) & np.isfinite(y), near, other)


def _log1p_complex(z):
    # finite z: log|1 + z| + i arg(1 + z), as the CPU lowering, the modulus in long double (no
    # overflow or underflow of |1 + z| for any f64 parts) and, near |1 + z| = 1, as
    # log1p(x (2 + x) + y^2) / 2: numpy's complex log1p is log(1 + z), which cancels there
    # (log1p(1e-30 + 0i) was 0, log1p(0.1 + 0i) 5 ulp off in complex128); non-finite z and
    # 1 + z = 0 as numpy (C99)
    x, y = z.real, z.imag
    xl, yl = x.astype(np.longdouble), y.astype(np.longdouble)
    ul = 1 + xl
    r = np.hypot(ul, yl)
    near = 0.5 * np.log1p(xl * (2 + xl) + yl * yl)
    re = np.where((r > 0.5) & (r < 2), near, np.log(np.where(r == 0, 1, r))).astype(np.float64)
    out = _cx(re, np.arctan2(y, 1.0 + x))
    return np.where(np.isfinite(x) & np.isfinite(y) & (r != 0), out, np.log1p(z))


def _cbrt_complex(z):
    return np.where(z == 0, z, np.exp(np.log(z) / 3.0))


_register("sqrt", np.sqrt, np.sqrt)
_register("rsqrt", lambda x: 1.0 / np.sqrt(x), lambda z: 1.0 / np.sqrt(z), xla_complex64.rsqrt,
          f32=xla_f32_math.rsqrt)
def _libm(name):
    return lambda x: xla_f32_math.libm_f32(name, x)


def _libm_flushed(name):
    return lambda *xs: xla_f32_math.libm_flushed(name, *xs)


_register("cbrt", np.cbrt, _cbrt_complex, f32=_libm_flushed("cbrtf"))
_register("exponential", np.exp, np.exp, xla_complex64.exp, f32=xla_f32_math.exp)
# f16 expm1 and logistic as XLA CPU evaluates them: f16 formulas, every step rounded to f16
# (XLA expands these two ops in the element type; bf16 and wider types it computes in f32 or
# better, where a correctly rounded result is what it gives almost always). Matches XLA on
# every f16 value; the correctly rounded result differs from it on about one in five.

def _f16(v) -> np.ndarray:
    return np.asarray(v, np.float64).astype(np.float16)


def _expm1_f16(x: np.ndarray) -> np.ndarray:
    v = x.astype(np.float64)
    e = _f16(np.exp(v))
    mid = _f16(_f16(np.tanh(_f16(v * 0.5).astype(np.float64))).astype(np.float64)
               * _f16(e.astype(np.float64) + 1.0).astype(np.float64))        # tanh(x/2) * (exp(x) + 1)
    tiny = _f16(v + _f16(_f16(v * v).astype(np.float64) * 0.5).astype(np.float64))   # x + x^2 / 2
    big = _f16(e.astype(np.float64) - 1.0)
    a = np.abs(v)
    return np.where(a == 0, x, np.where(a < 1e-7, tiny, np.where(a <= 0.5, mid, big)))     # -0 stays -0


def _logistic_f16(x: np.ndarray) -> np.ndarray:
    e = _f16(np.exp(-x.astype(np.float64)))
    return _f16(1.0 / _f16(1.0 + e.astype(np.float64)).astype(np.float64))


def _logistic_bf16(x: np.ndarray) -> np.ndarray:
    # XLA expands bf16 logistic in bf16 too: exp(-x) (in f32) rounded, 1 + it rounded, 1 / that
    bf16 = ml_dtypes.bfloat16
    e = xla_f32_math.exp(-x).astype(bf16).astype(np.float32)
    d = (e + np.float32(1)).astype(bf16).astype(np.float32)
    return xla_f32_math.flush(np.float32(1) / d).astype(bf16)


def _with_f16(name: str, f16_fn, floating, complex_, complex64=None, f32=None, bf16_fn=None):
    def impl(ctx, operand):
        e, r = ctx.operand_types[0].element, ctx.result_types[0].element
        if e == r == "bf16" and bf16_fn is not None and _default_accuracy(ctx):
            with np.errstate(all="ignore"):
                return bf16_fn(np.asarray(operand).astype(np.float32))
        if e == r and (e == "f16" or e in VIA_F16) and _default_accuracy(ctx):
            with np.errstate(all="ignore"):
                out = f16_fn(np.asarray(operand).astype(np.float16))
                return out if e == "f16" else finish(out.astype(np.float64), e)
        return _unary(ctx, operand, floating, complex_, complex64=complex64, f32=f32)
    impl.__name__ = name
    op(name)(impl)


_with_f16("exponential_minus_one", _expm1_f16, np.expm1, _expm1_complex, xla_complex64.expm1,
          f32=xla_f32_math.expm1)
_register("log", np.log, np.log, f32=xla_f32_math.log)
_register("log_plus_one", np.log1p, _log1p_complex, f32=xla_f32_math.log1p)
_with_f16("logistic", _logistic_f16, _logistic, _logistic_complex, f32=xla_f32_math.logistic,
          bf16_fn=_logistic_bf16)
_register("sine", np.sin, np.sin, f32=_libm("sinf"))
_register("cosine", np.cos, np.cos, f32=_libm("cosf"))
_register("tan", np.tan, np.tan, f32=_libm("tanf"))
_register("tanh", np.tanh, np.tanh, xla_complex64.tanh, f32=xla_f32_math.tanh)


@op("atan2")
def atan2(ctx, lhs, rhs):
    e, r = ctx.operand_types[0].element, ctx.result_types[0].element
    with np.errstate(all="ignore"):
        if kind(e) == "complex":
            y, x = lhs.astype(C128), rhs.astype(C128)
            return finish(-1j * np.log((x + 1j * y) / np.sqrt(y * y + x * x)), r)
        if e == r and e in XLA_F32_TYPES:
            return finish(_libm_flushed("atan2f")(lhs.astype(np.float32), rhs.astype(np.float32)), r)
        return finish_arith(np.arctan2(to_f64(lhs), to_f64(rhs)), r)


@op("is_finite")
def is_finite(ctx, x):
    return np.isfinite(to_f64(x))


# ----------------------------------------------------------------------------- complex numbers and their parts

@op("complex")
def complex_(ctx, lhs, rhs):
    out = np.empty(np.broadcast(lhs, rhs).shape, numpy_dtype(ctx.result_types[0].element))
    out.real = lhs
    out.imag = rhs
    return out


@op("real")
def real(ctx, operand):
    dt = numpy_dtype(ctx.result_types[0].element)
    return np.real(operand).astype(dt, copy=True)


@op("imag")
def imag(ctx, operand):
    dt = numpy_dtype(ctx.result_types[0].element)
    if kind(ctx.operand_types[0].element) == "complex":
        return np.imag(operand).astype(dt, copy=True)
    return np.zeros(np.shape(operand), dt)


# ----------------------------------------------------------------------------- reduce_precision

_LAYOUTS = {"f16": (16, 10), "bf16": (16, 7), "f32": (32, 23), "f64": (64, 52)}


def _reduce_bits(v: np.ndarray, n: int, m: int, exponent_bits: int, mantissa_bits: int,
                 narrow_exponent: bool) -> np.ndarray:
    """XLA's ReducePrecision on uint64 bit patterns of an n-bit IEEE float with m fraction bits."""
    full = (1 << n) - 1
    e = n - m - 1
    if mantissa_bits < m:
        shift = m - mantissa_bits
        last = 1 << shift
        base_bias = (last >> 1) - 1
        x_last = (v & np.uint64(last)) >> np.uint64(shift)
        v = (v + x_last + np.uint64(base_bias)) & np.uint64(full & ~(last - 1))
    if narrow_exponent and exponent_bits < e:
        exp_mask = ((1 << e) - 1) << m
        sign_mask = 1 << (n - 1)
        bias = (1 << (e - 1)) - 1
        reduced_bias = (1 << (exponent_bits - 1)) - 1
        x_exp = v & np.uint64(exp_mask)
        overflows = x_exp > np.uint64((bias + reduced_bias) << m)
        underflows = x_exp <= np.uint64((bias - reduced_bias) << m)
        signed_zero = v & np.uint64(sign_mask)
        signed_inf = signed_zero | np.uint64(exp_mask)
        v = np.where(overflows, signed_inf, v)
        v = np.where(underflows, signed_zero, v)
    return v


@op("reduce_precision")
def reduce_precision(ctx, operand):
    element = ctx.result_types[0].element
    exponent_bits, mantissa_bits = int(ctx.attrs["exponent_bits"]), int(ctx.attrs["mantissa_bits"])
    if exponent_bits < 1 or mantissa_bits < 0:
        raise ValueError("reduce_precision needs exponent_bits >= 1 and mantissa_bits >= 0")
    dt = numpy_dtype(element)
    x = np.asarray(operand)
    if element in _LAYOUTS:
        n, m = _LAYOUTS[element]
        narrow = True
        work = x
    else:
        # the f8 / f6 / f4 family, as XLA runs it: converted (exactly) to f16, reduced there as an
        # f16 (its 5 exponent bits narrowed, denormals of the reduced format flushed), converted
        # back; so e4m3 overflows f8E4M3FN's 448 to inf, hence NaN
        info = ml_dtypes.finfo(dt)
        if int(info.maxexp) <= 16 and int(info.minexp) - int(info.nmant) >= -24:
            n, m = 16, 10
            narrow = True
            work = x.astype(np.float16)
        else:   # f8E8M0FNU, beyond f16's range: in f32, narrowed only below its own exponent width
            n, m = 32, 23
            narrow = exponent_bits < int(info.nexp)
            mantissa_bits = mantissa_bits if mantissa_bits < int(info.nmant) else m
            work = x.astype(np.float32)
    ui = np.dtype(f"u{n // 8}")
    v = np.ascontiguousarray(work).view(ui).astype(np.uint64)
    v = _reduce_bits(v, n, m, exponent_bits, mantissa_bits, narrow)
    out = v.astype(ui).view(work.dtype)
    nan = np.isnan(to_f64(x))
    if mantissa_bits > 0:
        out = np.where(nan, work, out)
    else:
        out = np.where(nan, np.array(np.inf, work.dtype), out)
    with np.errstate(all="ignore"):  # (ascontiguousarray made a rank-0 operand rank 1: restore its shape)
        return np.asarray(out).astype(dt).reshape(x.shape)


# ----------------------------------------------------------------------------- conversions

@op("convert")
def convert(ctx, operand):
    return convert_values(operand, ctx.operand_types[0].element, ctx.result_types[0].element)


def _to_bit_array(x: np.ndarray, element: str) -> np.ndarray:
    """shape + [N] array of the bits of each element, least significant first."""
    n = width(element)
    k = kind(element)
    if n % 8 == 0:
        raw = np.ascontiguousarray(x).view(np.uint8).reshape(x.shape + (n // 8,))
        return np.unpackbits(raw, axis=-1, bitorder="little")
    if k == "bool":
        v = np.asarray(x).astype(np.uint8)
    elif k == "float":                   # f4 / f6: ml_dtypes keeps the pattern in a byte's low bits
        v = np.ascontiguousarray(x).view(np.uint8) & np.uint8((1 << n) - 1)
    else:
        v = bits_of(x, element).astype(np.uint8)
    return np.unpackbits(v[..., None], axis=-1, bitorder="little")[..., :n]


def _from_bit_array(bits: np.ndarray, element: str) -> np.ndarray:
    n = width(element)
    k = kind(element)
    dt = numpy_dtype(element)
    shape = bits.shape[:-1]
    if n % 8 == 0:
        raw = np.packbits(bits, axis=-1, bitorder="little")
        return np.ascontiguousarray(raw).view(dt).reshape(shape)
    padded = np.concatenate([bits, np.zeros(shape + (8 - n,), np.uint8)], axis=-1)
    v = np.packbits(padded, axis=-1, bitorder="little")[..., 0]
    if k == "bool":
        return v.astype(np.bool_)
    if k == "float":
        return np.ascontiguousarray(v).view(dt).reshape(shape)
    return from_bits(v.astype(np.uint64), element)


@op("bitcast_convert", quant_aware=True)  # works on storage values itself
def bitcast_convert(ctx, operand):
    src, dst = ctx.operand_types[0], ctx.result_types[0]
    e = src.quant.storage if src.quant else src.element
    r = dst.quant.storage if dst.quant else dst.element
    n, m = width(e), width(r)
    bits = _to_bit_array(np.asarray(operand), e)
    if m == n:
        return _from_bit_array(bits, r)
    if m < n:
        return _from_bit_array(bits.reshape(operand.shape + (n // m, m)), r)
    if operand.ndim == 0 or operand.shape[-1] * n != m:
        raise ValueError(f"cannot fuse a last dimension of {operand.shape[-1:]} {e} into one {r}")
    return _from_bit_array(bits.reshape(operand.shape[:-1] + (m,)), r)

