"""complex64 `exponential_minus_one`, `rsqrt` and `tanh` evaluated as XLA CPU evaluates them.

The spec leaves the accuracy of these functions to the implementation. XLA CPU computes them
from the parts with f32 steps (its elemental IR emitter), and where those steps cancel its
results lie far from the correctly rounded ones: `expm1(-7 + 3i)`'s imaginary part is
e^x sin y with e^x formed as expm1(x) + 1, so it keeps only the bits of 1 + (a number near
-1); rsqrt's modulus is rsqrt(max) * rsqrt(sqrt(1 + (min / max)^2)). StableHLO's testdata
checks XLA's values within 3 ulp, which the correctly rounded results missed on 1 to 30 of 400
elements (groups expm1 / rsqrt / tanh complex64 of tools/stablehlo_testdata_proxy.py).

Here the same steps run in f32 (each one rounded once; exp / sin / cos / tanh / atan2 / sqrt
correctly rounded; multiply-adds that XLA's LLVM contracts fused). On 200,000 random
complex64 values against XLA: bit-equal on 89% (expm1), 41% (rsqrt), 85% (tanh) against 25%,
21%, 26% for the correctly rounded results, more than 3 ulp apart on 1699 / 5050 / 401
elements against 35018 / 14384 / 467 (the rest: XLA's own f32 exp / sin / cos / atan2, which
are not correctly rounded, feeding the same cancellations). Finite nonzero operands only: 0,
infinities and NaN keep the C99 results of elementwise_math.py, and so does the sign of a zero
imaginary part, which XLA makes +0 (only the sign of a zero differs).
"""
from __future__ import annotations

import numpy as np

from .fused_multiply_add import fma32

F32 = np.float32


def _f(fn, *xs) -> np.ndarray:
    """fn over f32 arrays, correctly rounded to f32 (through f64)."""
    return fn(*(np.asarray(x, np.float64) for x in xs)).astype(F32)


def _fma(a, b, c) -> np.ndarray:
    a, b, c = np.broadcast_arrays(np.asarray(a, F32), np.asarray(b, F32), np.asarray(c, F32))
    return np.asarray(fma32(a, b, c), F32)


def _expm1(x: np.ndarray) -> np.ndarray:
    """XLA's real expm1: tanh(x/2) (e^x + 1) up to |x| = 1/2, e^x - 1 above, x when x/2 is 0."""
    half = x * F32(0.5)
    e = _f(np.exp, x)
    out = np.where(np.abs(x) > F32(0.5), e - F32(1), _f(np.tanh, half) * (e + F32(1)))
    return np.where(half == 0, x, out).astype(F32)


# cos(x) - 1 = -x^2 / 2 + x^4 P(x^2) for x^2 <= 0.61685 ((pi/4)^2), Cephes' coefficients of P,
# highest power first, as XLA evaluates them (rounded to f32, Horner's rule)
_COSM1 = [4.7377507964246204691685e-14, -1.1470284843425359765671e-11, 2.0876754287081521758361e-9,
          -2.7557319214999787979814e-7, 2.4801587301570552304991e-5, -1.3888888888888872993737e-3,
          4.1666666666666666609054e-2]


def _cosm1(x: np.ndarray) -> np.ndarray:
    xx = x * x
    p = np.full_like(x, F32(_COSM1[0]))
    for c in _COSM1[1:]:
        p = _fma(p, xx, F32(c))
    small = _fma(xx * xx, p, F32(-0.5) * xx)
    return np.where(xx > F32(0.61685), _f(np.cos, x) - F32(1), small).astype(F32)


def _parts(z: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    z = np.asarray(z, np.complex64)
    return np.ascontiguousarray(z.real, F32), np.ascontiguousarray(z.imag, F32)


def _join(re, im) -> np.ndarray:
    out = np.empty(np.shape(re), np.complex64)
    out.real, out.imag = re, im
    return out


def expm1(z: np.ndarray) -> np.ndarray:
    """(expm1(x) cos y + cosm1(y)) + i (expm1(x) + 1) sin y; a zero y kept (XLA writes +0)."""
    x, y = _parts(z)
    em = _expm1(x)
    cm = _cosm1(y)
    re = _fma(em, cm + F32(1), cm)
    im = np.where(y == 0, y, (em + F32(1)) * _f(np.sin, y))
    return _join(re, im)


def rsqrt(z: np.ndarray) -> np.ndarray:
    """rsqrt(|z|) (cos(-t/2) + i sin(-t/2)), t = atan2(y, x), |z| from the larger part."""
    x, y = _parts(z)
    ax, ay = np.abs(x), np.abs(y)
    big, small = np.maximum(ax, ay), np.minimum(ax, ay)
    d = small / big
    root = _f(np.sqrt, _fma(d, d, F32(1)))
    r = (F32(1) / _f(np.sqrt, big)) * (F32(1) / _f(np.sqrt, root))
    angle = _f(np.arctan2, y, x) * F32(-0.5)
    return _join(r * _f(np.cos, angle), r * _f(np.sin, angle))


def tanh(z: np.ndarray) -> np.ndarray:
    """(expm1(2x) - expm1(-2x) + 4i cos y sin y) / (expm1(2x) + expm1(-2x) + 4 cos^2 y);
    real part +-1 where the exponentials overflow; a zero y kept (XLA writes +0)."""
    x, y = _parts(z)
    two = x + x
    ep, em = _expm1(two), _expm1(F32(-1) * two)
    c, s = _f(np.cos, y), _f(np.sin, y)
    total = ep + em
    den = total + (c * c) * F32(4)
    re = np.where(total == np.inf, np.copysign(F32(1), x), (ep - em) / den)
    im = np.where(y == 0, y, (F32(4) * (c * s)) / den)
    return _join(re, im)
