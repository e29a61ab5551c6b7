"""linalg_matrix_exp: scaling and squaring with the [13/13] Pade approximant (Higham 2005).

Each matrix of the batch is scaled by 2^-s, s = max(0, ceil(log2(||A||_1 / theta_13))), so that
the approximant is accurate to double precision; R = (V - U)^-1 (V + U) from the even part V
and odd part U of the Pade numerator (one LU solve); R is then squared s times. s differs per
matrix and is known only at run time: one shlo `while` squares up to the largest s, each
matrix keeping its R once its own count is done. Every float type is computed in f64: the
squarings magnify rounding errors, and in f32 small entries next to large ones (a norm of
45) came out 1e-3 off, 4x further than PyTorch's f32 Taylor-polynomial method. Real inputs,
static sizes.
"""
from __future__ import annotations

import math

from ..registry import converts
from .linalg_decomp import _eye, _lu, _lu_solve, _matmul, _shape
from .reductions import reduce1
from .special_poly import _loop

THETA_13 = 5.371920351148152      # ||A||_1 up to which [13/13] Pade is accurate to 2^-53 (Higham)


def _pade_coefficients(m=13):
    """b_j = (2m - j)! m! / ((2m)! j! (m - j)!), scaled so that b_m = 1."""
    b = [math.factorial(2 * m - j) * math.factorial(m) / (math.factorial(2 * m) * math.factorial(j)
                                                         * math.factorial(m - j)) for j in range(m + 1)]
    return [c / b[m] for c in b]


@converts("linalg_matrix_exp")
def linalg_matrix_exp(cx, a):
    out = cx.out_element()
    if out not in ("f16", "bf16", "f32", "f64"):
        raise cx.error(f"matrix_exp of {out} matrices is not supported")
    el = "f64"
    a = cx.convert(a, el)
    shape = _shape(cx, a)
    *batch, n, _ = shape
    if n == 0 or 0 in batch:
        return cx.convert(a, out)
    rank = len(shape)
    # s per matrix, from the 1-norm (largest column sum of |A|)
    norm = reduce1(cx, reduce1(cx, cx.op("abs", a), [rank - 2], "add", 0.0), [rank - 2], "maximum", 0.0)
    bsizes = list(batch)
    ratio = cx.op("divide", norm, cx.const(THETA_13, el, bsizes))
    s = cx.op("ceil", cx.op("divide", cx.op("log", ratio), cx.const(math.log(2.0), el, bsizes)))
    s = cx.op("maximum", s, cx.const(0.0, el, bsizes))
    s = cx.op("select", cx.op("is_finite", s), s, cx.const(0.0, el, bsizes))   # norm 0 (log -inf), NaN
    scale = cx.op("power", cx.const(2.0, el, bsizes), cx.op("negate", s))
    a = cx.op("multiply", a, cx.broadcast(scale, shape, dims=list(range(len(batch)))))

    b = _pade_coefficients()
    eye = _eye(cx, shape, el)
    k = lambda c: cx.const(c, el, shape)                                  # noqa: E731
    lin = lambda *terms: _sum(cx, [cx.op("multiply", k(c), m) for c, m in terms])   # noqa: E731
    a2 = _matmul(cx, a, a)
    a4 = _matmul(cx, a2, a2)
    a6 = _matmul(cx, a4, a2)
    u = _matmul(cx, a6, lin((b[13], a6), (b[11], a4), (b[9], a2)))
    u = _matmul(cx, a, cx.op("add", u, lin((b[7], a6), (b[5], a4), (b[3], a2), (b[1], eye))))
    v = _matmul(cx, a6, lin((b[12], a6), (b[10], a4), (b[8], a2)))
    v = cx.op("add", v, lin((b[6], a6), (b[4], a4), (b[2], a2), (b[0], eye)))
    lu, _, perm, _ = _lu(cx, cx.op("subtract", v, u))
    r = _lu_solve(cx, lu, perm, cx.op("add", v, u))

    si = cx.convert(s, "i64")
    count = reduce1(cx, si, list(range(len(batch))), "maximum", 0)

    def body(j, r, si):
        squared = _matmul(cx, r, r)
        active = cx.op("compare", cx.broadcast(j, bsizes), si, comparison_direction="LE")
        return [cx.op("select", cx.broadcast(active, shape, dims=list(range(len(batch)))), squared, r), si]

    r, _ = _loop(cx, count, [r, si], body)
    return cx.convert(r, out)


def _sum(cx, values):
    total = values[0]
    for v in values[1:]:
        total = cx.op("add", total, v)
    return total
