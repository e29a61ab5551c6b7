"""f32 transcendental functions as plain arith / math.fma ops, so that they vectorize.

LLVM lowers `math.exp` and friends to one libm call per element, which keeps
element-wise loops scalar; these versions are branch-free arithmetic
(range reduction, a polynomial, special cases by select) that the schedules
vectorize. Errors measured against float64 references over sweeps of the
whole f32 range are checked by tests/test_compile_approx.py (at most 2-4 ulp).

  exp    2^k * p(r), k = round(x / ln 2), r = x - k ln 2 in two parts,
         p the degree-7 Taylor polynomial (error < 1e-8 on |r| <= ln 2 / 2),
         2^k applied as two powers of two so that subnormal results come out
  log    x = m 2^e with m in [sqrt(1/2), sqrt(2)), log m = 2 atanh(s),
         s = (m - 1) / (m + 1), by its series up to s^13
  expm1  |x| < 1/2: Taylor series to x^11; else Kahan's (u - 1) * x / log u with
         u = exp x; u - 1 for x > 16
  log1p  Kahan's log(u) * x / (u - 1) with u = 1 + x; log u for x > 2^24
  tanh   |x| < 0.55: Taylor series to x^15; else 1 - 2 / (exp(2|x|) + 1)
  logistic  1 / (1 + e) or e / (1 + e) with e = exp(-|x|)
  erf    |x| < 1: Taylor series to x^25; 1 <= |x| < 4: a Chebyshev
         interpolant of erf (coefficients computed at import from Python's
         math.erf with numpy); beyond: +-1
"""
from __future__ import annotations

import functools
import math
import os

import numpy as np
from mlir import ir
from mlir.dialects import arith, math as mmath

from .element import const

F = arith.CmpFPredicate


def enabled() -> bool:
    """False when SHLO_LIBM_MATH=1 asks for libm calls (the reference path)."""
    return os.environ.get("SHLO_LIBM_MATH", "") not in ("1", "true", "yes")


def _f(v: float) -> ir.Value:
    return const(v, ir.F32Type.get())


def _i(v: int) -> ir.Value:
    return const(v, ir.IntegerType.get_signless(32))


def _horner(x: ir.Value, coefficients) -> ir.Value:
    """c0 + c1 x + c2 x^2 + ... (coefficients lowest first) with fused multiply-adds."""
    acc = _f(coefficients[-1])
    for c in reversed(coefficients[:-1]):
        acc = mmath.fma(acc, x, _f(c))
    return acc


def _select(cond, a, b):
    return arith.select(cond, a, b)


def _pow2(k: ir.Value) -> ir.Value:
    """2^k for an i32 k in [-126, 127], as f32."""
    return arith.bitcast(ir.F32Type.get(), arith.shli(arith.addi(k, _i(127)), _i(23)))


def _is_nan(x):
    return arith.cmpf(F.UNO, x, x)


# ----------------------------------------------------------------------------- exp, expm1

LN2_HI = 0.693145751953125            # ln 2 in 16 significant bits: k * LN2_HI is exact
LN2_LO = 1.4286068203094172321e-06    # ln 2 - LN2_HI
EXP_TAYLOR = [1.0 / math.factorial(n) for n in range(8)]


def exp(x: ir.Value) -> ir.Value:
    i32 = ir.IntegerType.get_signless(32)
    xc = arith.minimumf(arith.maximumf(x, _f(-104.0)), _f(89.0))
    k = mmath.roundeven(arith.mulf(xc, _f(1.4426950408889634)))
    r = mmath.fma(arith.negf(k), _f(LN2_HI), xc)
    r = mmath.fma(arith.negf(k), _f(LN2_LO), r)
    p = _horner(r, EXP_TAYLOR)
    ki = arith.fptosi(i32, k)
    half = arith.shrsi(ki, _i(1))
    y = arith.mulf(arith.mulf(p, _pow2(half)), _pow2(arith.subi(ki, half)))
    y = _select(arith.cmpf(F.OGT, x, _f(88.72283935546875)), _f(float("inf")), y)
    y = _select(arith.cmpf(F.OLT, x, _f(-103.97208)), _f(0.0), y)
    return _select(_is_nan(x), x, y)


EXPM1_TAYLOR = [1.0 / math.factorial(n + 1) for n in range(11)]   # expm1(x) / x = 1 + x/2 + x^2/6 + ...


def expm1(x: ir.Value) -> ir.Value:
    small = arith.mulf(x, _horner(x, EXPM1_TAYLOR))
    u = exp(x)
    um1 = arith.subf(u, _f(1.0))
    y = arith.divf(arith.mulf(um1, x), log(u))
    y = _select(arith.cmpf(F.OEQ, um1, _f(-1.0)), _f(-1.0), y)
    y = _select(arith.cmpf(F.OEQ, u, _f(1.0)), x, y)
    y = _select(arith.cmpf(F.OGT, x, _f(16.0)), um1, y)      # u - 1 is exact enough; x * (u - 1) overflows
    y = _select(arith.cmpf(F.OLT, mmath.absf(x), _f(0.5)), small, y)
    return _select(_is_nan(x), x, y)


# ----------------------------------------------------------------------------- log, log1p

ATANH_SERIES = [2.0 / (2 * n + 1) for n in range(1, 7)]      # 2/3, 2/5, ..., 2/13


def log(x: ir.Value) -> ir.Value:
    f32 = ir.F32Type.get()
    i32 = ir.IntegerType.get_signless(32)
    tiny = arith.cmpf(F.OLT, x, _f(2.0 ** -126))
    xs = _select(tiny, arith.mulf(x, _f(2.0 ** 23)), x)            # subnormals become normal
    bits = arith.bitcast(i32, xs)
    e = arith.subi(arith.shrui(bits, _i(23)), _i(127))
    e = _select(tiny, arith.subi(e, _i(23)), e)
    m = arith.bitcast(f32, arith.ori(arith.andi(bits, _i(0x7FFFFF)), _i(0x3F800000)))
    big = arith.cmpf(F.OGT, m, _f(1.4142135623730951))
    m = _select(big, arith.mulf(m, _f(0.5)), m)
    e = _select(big, arith.addi(e, _i(1)), e)
    f = arith.subf(m, _f(1.0))
    s = arith.divf(f, arith.addf(f, _f(2.0)))
    z = arith.mulf(s, s)
    tail = arith.mulf(arith.mulf(s, z), _horner(z, ATANH_SERIES))
    log_m = arith.addf(arith.mulf(s, _f(2.0)), tail)
    ef = arith.sitofp(f32, e)
    y = arith.addf(mmath.fma(ef, _f(LN2_LO), log_m), arith.mulf(ef, _f(LN2_HI)))
    y = _select(arith.cmpf(F.OEQ, x, _f(float("inf"))), x, y)
    y = _select(arith.cmpf(F.OEQ, x, _f(0.0)), _f(float("-inf")), y)
    y = _select(arith.cmpf(F.OLT, x, _f(0.0)), _f(float("nan")), y)
    return _select(_is_nan(x), x, y)


def log1p(x: ir.Value) -> ir.Value:
    u = arith.addf(x, _f(1.0))
    um1 = arith.subf(u, _f(1.0))
    lu = log(u)
    y = arith.divf(arith.mulf(lu, x), um1)
    y = _select(arith.cmpf(F.OEQ, um1, _f(0.0)), x, y)
    y = _select(arith.cmpf(F.OGT, x, _f(2.0 ** 24)), lu, y)   # 1 + x is x: log u is the answer
    y = _select(arith.cmpf(F.OEQ, x, _f(-1.0)), _f(float("-inf")), y)
    y = _select(arith.cmpf(F.OLT, x, _f(-1.0)), _f(float("nan")), y)
    return _select(_is_nan(x), x, y)


# ----------------------------------------------------------------------------- tanh, logistic

# tanh x = x (1 - x^2/3 + 2 x^4/15 - ...): the Taylor coefficients of tanh(x)/x in x^2
TANH_TAYLOR = [1.0, -1.0 / 3, 2.0 / 15, -17.0 / 315, 62.0 / 2835, -1382.0 / 155925, 21844.0 / 6081075,
               -929569.0 / 638512875]


def tanh(x: ir.Value) -> ir.Value:
    a = mmath.absf(x)
    small = arith.mulf(x, _horner(arith.mulf(x, x), TANH_TAYLOR))
    large = arith.subf(_f(1.0), arith.divf(_f(2.0), arith.addf(exp(arith.mulf(a, _f(2.0))), _f(1.0))))
    large = _select(arith.cmpf(F.OGT, a, _f(9.1)), _f(1.0), large)
    large = mmath.copysign(large, x)
    return _select(arith.cmpf(F.OLT, a, _f(0.55)), small, large)


def logistic(x: ir.Value) -> ir.Value:
    e = exp(arith.negf(mmath.absf(x)))
    d = arith.addf(_f(1.0), e)
    return _select(arith.cmpf(F.OGE, x, _f(0.0)), arith.divf(_f(1.0), d), arith.divf(e, d))


# ----------------------------------------------------------------------------- erf

ERF_TAYLOR = [2.0 / math.sqrt(math.pi) * (-1) ** n / (math.factorial(n) * (2 * n + 1)) for n in range(13)]
ERF_MID = (1.0, 4.0)


@functools.lru_cache(maxsize=None)
def _erf_chebyshev() -> tuple:
    """Chebyshev coefficients of erf on [1, 4] (degree 22), interpolated at Chebyshev points of
    Python's math.erf."""
    lo, hi = ERF_MID
    f = np.vectorize(lambda u: math.erf(lo + (u + 1) * (hi - lo) / 2))
    return tuple(float(c) for c in np.polynomial.chebyshev.chebinterpolate(f, 22))


def _clenshaw(u: ir.Value, coefficients) -> ir.Value:
    """sum c_k T_k(u) by Clenshaw's recurrence (stable where monomial Horner is not)."""
    b1, b2 = _f(0.0), _f(0.0)
    two_u = arith.mulf(u, _f(2.0))
    for c in reversed(coefficients[1:]):
        b1, b2 = arith.addf(mmath.fma(two_u, b1, arith.negf(b2)), _f(c)), b1
    return arith.addf(mmath.fma(u, b1, arith.negf(b2)), _f(coefficients[0]))


def erf(x: ir.Value) -> ir.Value:
    a = mmath.absf(x)
    small = arith.mulf(x, _horner(arith.mulf(x, x), ERF_TAYLOR))
    lo, hi = ERF_MID
    u = arith.subf(arith.mulf(a, _f(2.0 / (hi - lo))), _f((hi + lo) / (hi - lo)))
    mid = _clenshaw(u, _erf_chebyshev())
    mid = _select(arith.cmpf(F.OGE, a, _f(hi)), _f(1.0), mid)
    mid = mmath.copysign(mid, x)
    return _select(arith.cmpf(F.OLT, a, _f(lo)), small, mid)


FUNCTIONS = {"exponential": exp, "exponential_minus_one": expm1, "log": log, "log_plus_one": log1p,
             "tanh": tanh, "logistic": logistic, "erf": erf}
