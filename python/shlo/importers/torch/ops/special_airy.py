"""`special_airy_ai`: the Airy function Ai(x), computed in f64 and rounded to the result type.

Three pieces, each accurate to a few f64 ulps (checked against scipy on [-30, 30]):
* -7 <= x < 2.09: the Maclaurin series Ai = c1 f(x) - c2 g(x) (DLMF 9.4.1), 30 terms, in
  the same recurrence torch uses on [-2.09, 2.09);
* x >= 2.09: Ai(x) = exp(-zeta) / pi * int_0^inf exp(-sqrt(x) t^2) cos(t^3 / 3) dt
  (zeta = 2/3 x^{3/2}); the integrand is even and analytic, so the trapezoid rule with step
  0.1 over [0, 6.4] is exact to rounding; 0 above 103.892 as torch;
* x < -7: the asymptotic expansion (DLMF 9.7.9) with the u_k of DLMF 9.7.2, 15 terms of
  each sum (zeta > 12 there, the terms fall below 1e-15).
+-inf gives NaN, as torch. On (-3, -2.09) torch's own rational approximation is off by up to
3e-6 (against scipy), so f64 results there differ from eager's by that much.
"""
from __future__ import annotations

import math

from ..registry import converts
from .elementwise import same

C1, C2 = 0.355028053887817239260, 0.258819403792806798405
SERIES_TERMS = 30
STEP, NODES = 0.1, 65
ASYMPTOTIC_TERMS = 15


def _u(count):
    u = [1.0]
    for k in range(1, count):
        u.append(u[-1] * (6 * k - 5) * (6 * k - 3) * (6 * k - 1) / ((2 * k - 1) * 216 * k))
    return u


class _F64:
    """Element-wise f64 arithmetic over one shape."""

    def __init__(self, cx, sizes):
        self.cx, self.sizes = cx, sizes

    def k(self, v):
        return self.cx.const(v, "f64", self.sizes)

    def __getattr__(self, name):
        return lambda *a: self.cx.op(name, *a)


def _series(e, x):
    z = e.multiply(e.multiply(x, x), x)
    f, g, m, n = e.k(1.0), x, e.k(1.0), x
    k = 1.0
    for _ in range(SERIES_TERMS):
        m = e.divide(e.multiply(m, z), e.k(k + 1))
        n = e.divide(e.multiply(n, z), e.k(k + 2))
        m = e.divide(m, e.k(k + 2))
        f = e.add(f, m)
        n = e.divide(n, e.k(k + 3))
        g = e.add(g, n)
        k += 3
    return e.subtract(e.multiply(e.k(C1), f), e.multiply(e.k(C2), g))


def _positive(cx, e, x, sizes):
    """The trapezoid integral for x >= 2.09 (x already clamped there)."""
    grid = sizes + [NODES]
    r = len(sizes)
    t = cx.op("multiply", cx.op("iota", iota_dimension=r, result_types=[f"tensor<{'x'.join(map(str, grid))}xf64>"]),
              cx.const(STEP, "f64", grid))
    root = cx.broadcast(e.sqrt(x), grid, dims=list(range(r)))
    t2 = cx.op("multiply", t, t)
    f = cx.op("multiply", cx.op("exponential", cx.op("negate", cx.op("multiply", root, t2))),
              cx.op("cosine", cx.op("divide", cx.op("multiply", t2, t), cx.const(3.0, "f64", grid))))
    from .reductions import reduce1
    total = reduce1(cx, f, [r], "add", 0)
    total = e.subtract(total, e.k(0.5))             # the trapezoid's half weight at t = 0 (f(0) = 1)
    zeta = e.multiply(e.k(2.0 / 3.0), e.multiply(x, e.sqrt(x)))
    return e.multiply(e.divide(e.exponential(e.negate(zeta)), e.k(math.pi)), e.multiply(total, e.k(STEP)))


def _negative(e, x):
    """The asymptotic expansion for x < -7 (x already clamped there)."""
    y = e.negate(x)
    zeta = e.multiply(e.k(2.0 / 3.0), e.multiply(y, e.sqrt(y)))
    w = e.divide(e.k(1.0), zeta)
    w2 = e.multiply(w, w)
    u = _u(2 * ASYMPTOTIC_TERMS)
    p = q = e.k(0.0)
    for k in reversed(range(ASYMPTOTIC_TERMS)):       # Horner in 1 / zeta^2
        p = e.add(e.multiply(p, w2), e.k((-1) ** k * u[2 * k]))
        q = e.add(e.multiply(q, w2), e.k((-1) ** k * u[2 * k + 1]))
    q = e.multiply(q, w)
    theta = e.subtract(zeta, e.k(math.pi / 4))
    s = e.add(e.multiply(e.cosine(theta), p), e.multiply(e.sine(theta), q))
    return e.divide(s, e.multiply(e.k(math.sqrt(math.pi)), e.sqrt(e.sqrt(y))))


@converts("special_airy_ai")
def special_airy_ai(cx, x):
    x = same(cx, x)
    el = cx.element(x)
    sizes = cx.sizes_of(x)
    if any(not isinstance(s, int) for s in sizes):
        raise cx.error("special_airy_ai needs static sizes")
    e = _F64(cx, sizes)
    xd = cx.convert(x, "f64")
    lt = lambda a, b: cx.op("compare", a, b, comparison_direction="LT")  # noqa: E731
    mid = _series(e, e.clamp(e.k(-7.0), xd, e.k(2.09)))
    right = _positive(cx, e, e.clamp(e.k(2.09), xd, e.k(104.0)), sizes)
    left = _negative(e, e.minimum(xd, e.k(-7.0)))
    out = cx.op("select", lt(xd, e.k(-7.0)), left, mid)
    out = cx.op("select", lt(xd, e.k(2.09)), out, cx.op("select", lt(e.k(103.892), xd), e.k(0.0), right))
    out = cx.op("select", cx.op("compare", e.abs(xd), e.k(math.inf), comparison_direction="EQ"), e.k(math.nan), out)
    out = cx.op("select", cx.op("compare", xd, xd, comparison_direction="NE"), xd, out)      # NaN stays NaN
    return cx.convert(out, el)
