"""a * b + c rounded once, on numpy arrays (numpy has no fused multiply-add).

XLA CPU's complex product fuses one multiply-add a part, and so does the compiled code
(`math.fma`, the CPU's instruction); the interpreter gets the same bits here.

f32: the product of two f32 values is exact in f64, so the sum is the only rounding; it is done
in f64 rounded to odd (the f64 result nudged to its odd neighbour when inexact), which then
rounds to f32 as the exact sum would (an odd rounding with two or more extra bits never
rounds twice).

f64: Boldo and Melquiond's emulation with rounding to odd: the exact product as uh + ul
(Dekker's product), c + ul as th + tl and uh + th as vh + vl (Knuth's sums, exact), then
vh + odd(vl + tl) rounded once. Dekker's product is exact only away from overflow and the
denormals, so elements outside that range (and infinities and NaNs) go through the C
library's fma one at a time.
"""
from __future__ import annotations

import ctypes
import ctypes.util

import numpy as np

_SPLIT = 134217729.0                  # 2^27 + 1: Veltkamp's split into halves of 26 bits
_BIG = 2.0 ** 995                     # below this the split and the partial products cannot overflow
_TINY = 2.0 ** -960                   # above this the product's error is not a denormal


def two_sum_error(x, y, s):
    """x + y - s exactly, for s = x + y rounded (Knuth)."""
    yy = s - x
    return (x - (s - yy)) + (y - yy)


def _round_to_odd(s, err):
    """s (a rounded sum) rounded to odd instead: its odd neighbour towards the exact value
    s + err where s is even and err is not zero."""
    even = (s.view(np.int64) & 1) == 0
    nudge = (err != 0) & even & np.isfinite(s)
    if nudge.any():
        s = s.copy()
        s[nudge] = np.nextafter(s[nudge], np.where(err[nudge] > 0, np.inf, -np.inf))
    return s


def fma32(a, b, c) -> np.ndarray:
    """fma of float32 arrays (broadcast), as float32."""
    with np.errstate(all="ignore"):
        a, b, c = (np.asarray(v, np.float64) for v in np.broadcast_arrays(a, b, c))
        p = a * b                                   # exact
        s = p + c
        err = two_sum_error(p, c, s)
        return _round_to_odd(np.atleast_1d(s), np.atleast_1d(err)).reshape(s.shape).astype(np.float32)


def _libm_fma():
    lib = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
    fn = lib.fma
    fn.restype = ctypes.c_double
    fn.argtypes = [ctypes.c_double] * 3
    return fn


_C_FMA = None


def boldo_melquiond(xp, a, b, c, round_to_odd):
    """(a * b + c of f64 arrays rounded once where `exact`, `exact`), in the array module `xp`
    (numpy here; jax.numpy for the LAPACK bodies, importers/stablehlo_lapack_fma.py) with its
    `round_to_odd(s, err)`. Outside `exact` (overflow, denormal products, infinities, NaN) the
    caller computes the element another way."""
    uh = a * b
    ta, tb = _SPLIT * a, _SPLIT * b
    ah, bh = ta - (ta - a), tb - (tb - b)
    al, bl = a - ah, b - bh
    ul = ((ah * bh - uh) + ah * bl + al * bh) + al * bl
    th = c + ul
    tl = two_sum_error(c, ul, th)
    vh = uh + th
    vl = two_sum_error(uh, th, vh)
    w = vl + tl
    w = round_to_odd(w, two_sum_error(vl, tl, w))
    out = xp.where(ul == 0, uh + c, vh + w)        # an exact product: one rounding (and -0 + -0 = -0)
    exact = (xp.abs(a) < _BIG) & (xp.abs(b) < _BIG) & ((a == 0) | (b == 0) | (xp.abs(uh) > _TINY)) & \
        xp.isfinite(c) & xp.isfinite(out) & xp.isfinite(w)
    return out, exact


def fma64(a, b, c) -> np.ndarray:
    """fma of float64 arrays (broadcast), as float64."""
    global _C_FMA
    shape = np.broadcast(a, b, c).shape
    a, b, c = (np.atleast_1d(np.asarray(v, np.float64)) for v in np.broadcast_arrays(a, b, c))
    with np.errstate(all="ignore"):
        out, exact = boldo_melquiond(np, a, b, c, _round_to_odd)
    rest = np.flatnonzero(~exact)
    if rest.size:
        if _C_FMA is None:
            _C_FMA = _libm_fma()
        out = out.copy()
        flat, fa, fb, fc = out.reshape(-1), a.reshape(-1), b.reshape(-1), c.reshape(-1)
        for i in rest:
            flat[i] = _C_FMA(float(fa[i]), float(fb[i]), float(fc[i]))
    return out.reshape(shape)
