"""f32 exp, log, log1p, expm1, tanh and logistic as XLA CPU computes them, bit for bit.

The spec leaves the accuracy of transcendental functions to the implementation. XLA CPU (the
jaxlib these were read from: 0.10.2, its optimized LLVM IR and the x86-64 code built from it)
does not round these correctly: it expands them into f32 polynomials (Cephes' and Eigen's),
LLVM contracts each multiply whose only use is an add into one fused multiply-add, and the code
runs with denormals flushed to zero. Here the same steps run on numpy f32 arrays, each one
rounded once, the fused ones exactly (fma32: f64 rounded to odd). Checked against `jax.jit` of
the op on CPU over 1,310,740 f32 values (2^20 random bit patterns: every binade, denormals,
infinities, NaN; 262,144 normal values of moderate size; the specials) and over every f16 and
bf16 value: equal bits on all of them (any NaN taken as any NaN).

sin / cos / tan / atan2 / pow / cbrt XLA CPU calls from the C library (glibc's sinf and the
rest): `libm_f32` calls the same functions, element by element; equal to XLA's on 250,020 of
250,020 values for sin / cos / tan, and for atan2 / pow / cbrt everywhere but on denormal
operands (XLA's call reads them as zero inside; `libm_flushed` flushes them before it).
"""
from __future__ import annotations

import ctypes
import ctypes.util

import numpy as np

from .fused_multiply_add import fma32

F32 = np.float32
I32 = np.int32


def _f32(v) -> np.ndarray:
    return np.asarray(v, F32)


def flush(v) -> np.ndarray:
    """denormals to zeros of their sign: XLA CPU runs with the CPU's flush-to-zero and
    denormals-are-zero modes on, so arithmetic reads a denormal operand as 0 and writes a
    denormal result as 0 (selects and bit operations pass them through unchanged)."""
    v = _f32(v)
    return np.where(np.abs(v) < _MIN_NORMAL, np.copysign(F32(0), v), v).astype(F32)


def _c(bits: int) -> F32:
    """the f32 constant with these bits (the form the IR writes them in)."""
    return np.array([bits], np.uint32).view(F32)[0]


def _fma(a, b, c) -> np.ndarray:
    a, b, c = np.broadcast_arrays(_f32(a), _f32(b), _f32(c))
    return _f32(fma32(a, b, c))


def _bits(x: np.ndarray) -> np.ndarray:
    # (ascontiguousarray makes a rank-0 array rank 1: the shape is put back)
    return np.ascontiguousarray(x, F32).view(I32).reshape(np.shape(x))


def _from_bits(b: np.ndarray) -> np.ndarray:
    return np.ascontiguousarray(b, I32).view(F32).reshape(np.shape(b))


def _horner(x, coefficients) -> np.ndarray:
    """c0 x^n + ... + cn by fused multiply-adds, x times the running sum."""
    p = np.full_like(x, coefficients[0])
    for c in coefficients[1:]:
        p = _fma(p, x, c)
    return p


_MIN_NORMAL = np.array([0x00800000], np.uint32).view(F32)[0]


# ----------------------------------------------------------------------------- exp

_LOG2E = _c(0x3FB8AA3B)
_LN2_HI, _LN2_LO = _c(0x3F318000), _c(0xB95E8083)       # ln 2 = hi - lo in two pieces
_EXP_P = [_c(0x39506967), _c(0x3AB743CE), _c(0x3C088908), _c(0x3D2AA9C1), _c(0x3E2AAAAA), F32(0.5)]


def _exp_parts(x: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """(p, 2^n) with exp(x) ~ p 2^n: x clamped to [-87.8, 88.8] (NaN kept), n = floor(x log2 e +
    1/2) clamped to [-127, 127], r = x - n ln 2 in two fused steps, p = 1 + r + r^2 P(r).
    2^-127 is built as the bit pattern 0, so that x near -87.8 gives 0, as XLA."""
    x = np.where(x < F32(-87.8), F32(-87.8), x)
    x = np.where(x > F32(88.8), F32(88.8), x)
    n = np.floor(_fma(x, _LOG2E, F32(0.5)))
    n = np.where(n < F32(-127), F32(-127), n)
    n = np.where(n > F32(127), F32(127), n)
    r = _fma(-n, _LN2_HI, x)
    r = _fma(-n, _LN2_LO, r)
    p = _horner(r, _EXP_P)
    p = _fma(p, r * r, r) + F32(1)
    with np.errstate(invalid="ignore"):
        k = np.where(np.isnan(n), F32(0), n).astype(I32)
    scale = _from_bits(((k + 127) << 23).astype(I32))
    return p, scale


def exp(x: np.ndarray) -> np.ndarray:
    p, scale = _exp_parts(flush(x))
    return flush(p * scale)


# ----------------------------------------------------------------------------- log

_SQRT_HALF = _c(0x3F3504F3)
_LOG_P = [_c(0x3D9021BB), _c(0xBDEBD1B8), _c(0x3DEF251A), _c(0xBDFE5D4F), _c(0x3E11E9BF),
          _c(0xBE2AAE50), _c(0x3E4CCEAC), _c(0xBE7FFFFC), _c(0x3EAAAAAA)]


def log(x: np.ndarray) -> np.ndarray:
    """Cephes' logf: x = m 2^e with m in [sqrt(1/2), sqrt 2), log(m) = t - t^2/2 + t^3 P(t) for
    t = m - 1, P as three cubics joined by t^3. Denormals count as the smallest normal (log of
    one is -87.33655); 0 -> -inf, inf -> inf, below 0 and NaN -> NaN."""
    x = flush(x)
    u = np.where(x > _MIN_NORMAL, x, _MIN_NORMAL)            # NaN too (it comes back below)
    b = _bits(u)
    e = ((b >> 23) - 127).astype(F32) + F32(1)
    m = _from_bits((b & I32(-2139095041)) | I32(0x3F000000))   # the fraction, in [1/2, 1)
    low = m < _SQRT_HALF
    t = (m - F32(1)) + np.where(low, m, F32(0))
    e = e - np.where(low, F32(1), F32(0))
    t2 = t * t
    t3 = t2 * t
    a = _horner(t, _LOG_P[0:3])
    b_ = _horner(t, _LOG_P[3:6])
    c = _horner(t, _LOG_P[6:9])
    y = _fma(_fma(a, t3, b_), t3, c)
    y = _fma(y, t3, e * _LN2_LO)
    y = _fma(F32(-0.5), t2, t) + y
    y = _fma(_LN2_HI, e, y)
    y = np.where(x == 0, F32(-np.inf), y)
    y = np.where(x == np.inf, F32(np.inf), y)
    return np.where((x < 0) | np.isnan(x), F32(np.nan), y).astype(F32)


_LOG1P_NUM = [F32(1), _c(0x417101AD), _c(0x42A6185B), _c(0x435DC32D), _c(0x439A8CA3),
              _c(0x43586D8A), _c(0x42707982)]
_LOG1P_DEN = [F32(4.527e-05), _c(0x3EFF40C5), _c(0x40D284FA), _c(0x41EF4B9C), _c(0x4273CC76),
              _c(0x426473AD), _c(0x41A05101)]


def log1p(x: np.ndarray) -> np.ndarray:
    """log(1 + x) as above where |x| >= sqrt 2 - 1; below, x - x^2/2 + x^3 Q(x) / P(x)."""
    x = flush(x)
    big = log(x + F32(1))
    x2 = x * x
    zero = x * F32(0)                          # kept: XLA adds the leading terms to x * 0
    num = zero + F32(1)
    for c in _LOG1P_NUM[1:]:
        num = _fma(num, x, c)
    den = zero + _LOG1P_DEN[0]
    for c in _LOG1P_DEN[1:]:
        den = _fma(den, x, c)
    small = x + _fma(F32(-0.5), x2, (x * x2) * (den / num))
    return np.where(np.abs(x) < _c(0x3ED413CD), small, big).astype(F32)


# ----------------------------------------------------------------------------- tanh, expm1, logistic

_TANH_CLAMP = _c(0x40FFF644)
_TANH_NUM = [_c(0xA59F25C0), _c(0x2A61337E), _c(0xAEBD37FF), _c(0x335C0041), _c(0x3779434A),
             _c(0x3A270DED), _c(0x3BA059DC)]
_TANH_DEN = [_c(0x35A0D3D8), _c(0x38F895D6), _c(0x3B14AA05), _c(0x3BA059DD)]


def tanh(x: np.ndarray) -> np.ndarray:
    """Eigen's rational tanh on x clamped to +-7.99881: x N(x^2) / D(x^2); x itself below 4e-4,
    +-1 from 20 (the first a select: a denormal x comes back as it is)."""
    x = _f32(x)
    c = flush(x)
    c = np.where(c < -_TANH_CLAMP, -_TANH_CLAMP, c)
    c = np.where(c > _TANH_CLAMP, _TANH_CLAMP, c)
    c2 = c * c
    out = (c * _horner(c2, _TANH_NUM)) / _horner(c2, _TANH_DEN)
    a = np.abs(x)
    out = np.where(a < F32(4e-4), x, out)
    return np.where(a >= F32(20), np.copysign(F32(1), x), out).astype(F32)


def expm1(x: np.ndarray) -> np.ndarray:
    """e^x - 1 above |x| = 1/2, tanh(x/2) (e^x + 1) up to it, x where x/2 is 0."""
    x = _f32(x)
    xf = flush(x)
    p, scale = _exp_parts(xf)
    e = flush(p * scale)
    h = flush(xf * F32(0.5))
    out = np.where(np.abs(x) > F32(0.5), e - F32(1), tanh(h) * (e + F32(1)))
    return np.where(h == 0, x, flush(out)).astype(F32)


def logistic(x: np.ndarray) -> np.ndarray:
    """1 / (1 + exp(-x)), exp's last product fused with the 1 added to it."""
    p, scale = _exp_parts(-flush(x))
    return flush(F32(1) / _fma(p, scale, F32(1)))


# ----------------------------------------------------------------------------- the C library's

def _libm():
    return ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")


_LIBM_FUNCTIONS: dict[str, object] = {}


# numpy's float64 functions, rounded once, where the C library cannot be loaded (no libm by
# that name): XLA CPU there calls another C library, whose bits this could not follow anyway
_NUMPY_FALLBACK = {"sinf": np.sin, "cosf": np.cos, "tanf": np.tan, "cbrtf": np.cbrt, "atan2f": np.arctan2,
                   "powf": np.power}


def libm_f32(name: str, *args) -> np.ndarray:
    """the C library's f32 function `name` (sinf, atan2f, ...) on each element."""
    fn = _LIBM_FUNCTIONS.get(name)
    if fn is None:
        try:
            fn = getattr(_libm(), name)
            fn.restype = ctypes.c_float
            fn.argtypes = [ctypes.c_float] * len(args)
        except (OSError, AttributeError):
            fn = lambda *xs, f64=_NUMPY_FALLBACK[name]: f64(*map(np.float64, xs))  # noqa: E731
        _LIBM_FUNCTIONS[name] = fn
    arrays = np.broadcast_arrays(*(_f32(a) for a in args))
    flat = [a.ravel().tolist() for a in arrays]
    out = np.fromiter((fn(*v) for v in zip(*flat)), F32, count=arrays[0].size)
    return out.reshape(arrays[0].shape)


def libm_flushed(name: str, *args) -> np.ndarray:
    """`libm_f32` on operands and results with denormals flushed, as XLA CPU runs it (a denormal
    operand XLA reads as zero inside the call too, which this does not follow: cbrt, atan2 and
    pow of denormals can differ from XLA's)."""
    return flush(libm_f32(name, *map(flush, args)))


def power(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    """glibc's powf as XLA calls it: the result flushed; a denormal base, which powf under
    denormals-are-zero normalizes to +-2^-150 whatever its bits, as that power (rounded once),
    NaN for a negative one to a power that is not an integer."""
    x, y = np.broadcast_arrays(_f32(x), _f32(y))
    out = libm_f32("powf", x, y)
    tiny = (np.abs(x) < _MIN_NORMAL) & (x != 0)
    if tiny.any():
        with np.errstate(all="ignore"):
            yd = y.astype(np.float64)
            r = np.exp2(-150.0 * yd).astype(F32)
            integer = np.floor(yd) == yd
            odd = integer & (np.fmod(yd, 2.0) != 0)
            r = np.where(x < 0, np.where(integer, np.where(odd, -r, r), F32(np.nan)), r)
        out = np.where(tiny, r, out)
    return flush(out)


# ----------------------------------------------------------------------------- rsqrt

_RSQRT_ESTIMATE = None


def _rsqrt_estimate_table() -> np.ndarray:
    global _RSQRT_ESTIMATE
    if _RSQRT_ESTIMATE is None:
        from .x86_rsqrt_estimate import TABLE
        codes = np.array([int(TABLE[i:i + 3], 16) for i in range(0, len(TABLE), 3)], np.int64)
        _RSQRT_ESTIMATE = ((126 << 23) | (codes << 11)).astype(np.uint32).view(F32)
    return _RSQRT_ESTIMATE


def rsqrt(x: np.ndarray) -> np.ndarray:
    """XLA CPU's f32 rsqrt: the CPU's `rsqrtss` estimate y (x86_rsqrt_estimate.py), then twice
    y <- y + (-y/2) (x y y - 1), both steps' multiply-adds fused. Operands other than positive
    normals (and NaN) take the estimate itself: +-0 and denormals +-inf, +inf 0, below 0 NaN."""
    x = _f32(x)
    b = _bits(x).astype(np.int64)
    e = ((b >> 23) & 0xFF) - 127
    parity = e & 1
    y0 = _rsqrt_estimate_table()[parity * 1024 + ((b >> 13) & 1023)]
    with np.errstate(all="ignore"):
        y = np.ldexp(y0, -((e - parity) // 2)).astype(F32)
        for _ in range(2):
            y = _fma(y * F32(-0.5), _fma(x * y, y, F32(-1)), y)
    positive_normal = (x >= _MIN_NORMAL) & (x < np.inf)
    special = np.where(x == np.inf, F32(0), np.where(flush(x) == 0, np.copysign(F32(np.inf), x), F32(np.nan)))
    return np.where(positive_normal | np.isnan(x), y, special).astype(F32)
