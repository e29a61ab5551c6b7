"""The orthogonal polynomials of `torch.special` (Chebyshev T / U / V / W and their shifted forms,
Hermite H / He, Laguerre L, Legendre P) at element-wise orders n.

PyTorch evaluates them per element: n is cast to an integer (a C++ truncation; NaN / inf give
a negative n there, which we make -1), n < 0 gives 0, a few exact arguments (x = +-1 ...) give
closed forms, Chebyshev kinds with large n and |x| < 1 use the trigonometric form (cos(n acos x)
...), and everything else runs the three-term recurrence n - 1 times. Here the recurrence is
one shlo `while` over the largest n that needs it (computed at run time), each element
stepping while its own count lasts; the special cases are selects over the loop's result, in
PyTorch's order, so the same branch gives each element its value. Computed in f32 (f64 for
f64), as PyTorch's CPU kernels do. Static shapes only (the element-wise builder's).
"""
from __future__ import annotations

import dataclasses
import math
from typing import Callable

from mlir import ir

from ..registry import converts
from .reductions import reduce1


@dataclasses.dataclass
class Poly:
    first: Callable                   # (e, y) -> P_1(y)   (P_0 is 1)
    step: Callable                    # (e, j, y, p, q) -> P_{j+1} from p = P_{j-1}, q = P_j
    specials: Callable                # (e, x, y, nf, even) -> [(mask, value)], the first that holds wins
    trig: tuple | None = None         # (n above which, (e, y, nf, even) -> value) for |y| < 1
    limited: bool = False             # n beyond HERMITE_LIMIT gives NaN (PyTorch's overflow guard)
    shifted: bool = False             # evaluated at y = 2x - 1


def _pm(e, even, a, b):
    """a for even n, b for odd."""
    return e.sel(even, a, b)


def _cheb_step(e, j, y, p, q):
    return e.subtract(e.multiply(e.add(y, y), q), p)


def _ends(shifted):
    """Masks for y = 1 and y = -1: |x| == 1 for the plain kinds, x == 1 / x == 0 for the shifted."""
    if shifted:
        return (lambda e, x: e.cmp(x, e.k(1.0), "EQ")), (lambda e, x: e.cmp(x, e.k(0.0), "EQ"))
    return (lambda e, x: e.cmp(x, e.k(1.0), "EQ")), (lambda e, x: e.cmp(x, e.k(-1.0), "EQ"))


def _two_n_plus_one(e, nf):
    return e.add(e.add(nf, nf), e.k(1.0))


def _chebyshev(kind: str, shifted: bool) -> Poly:
    one_end, minus_end = _ends(shifted)
    one = lambda e, nf, even: e.k(1.0)                                          # noqa: E731
    sign = lambda e, nf, even: _pm(e, even, e.k(1.0), e.k(-1.0))                # noqa: E731
    n1 = lambda e, nf, even: e.add(nf, e.k(1.0))                                # noqa: E731
    signed_n1 = lambda e, nf, even: _pm(e, even, n1(e, nf, even), e.negate(n1(e, nf, even)))   # noqa: E731
    odd2 = lambda e, nf, even: _two_n_plus_one(e, nf)                           # noqa: E731
    signed_odd2 = lambda e, nf, even: _pm(e, even, odd2(e, nf, even), e.negate(odd2(e, nf, even)))  # noqa: E731
    ends = {"t": (one, sign), "u": (n1, signed_n1), "v": (one, signed_odd2), "w": (odd2, sign)}[kind]
    first = {"t": lambda e, y: y,
             "u": lambda e, y: e.add(y, y),
             "v": lambda e, y: e.subtract(e.add(y, y), e.k(1.0)),
             "w": lambda e, y: e.add(e.add(y, y), e.k(1.0))}[kind]

    def specials(e, x, y, nf, even):
        return [(one_end(e, x), ends[0](e, nf, even)), (minus_end(e, x), ends[1](e, nf, even))]

    def theta(e, y):
        from ...chlo import _acos
        return _acos(e, y)

    def trig_t(e, y, nf, even):
        return e.cosine(e.multiply(nf, theta(e, y)))

    def trig_u(e, y, nf, even):
        t = theta(e, y)
        s = e.sine(t)
        n1t = e.multiply(e.add(nf, e.k(1.0)), t)
        main = e.divide(e.sine(n1t), s)
        edge = e.divide(e.multiply(e.add(nf, e.k(1.0)), e.cosine(n1t)), y)
        return e.sel(e.cmp(s, e.k(0.0), "NE"), main, edge)

    def trig_v(e, y, nf, even):
        t = theta(e, y)
        half = e.multiply(t, e.k(0.5))
        main = e.divide(e.cosine(e.multiply(e.add(nf, e.k(0.5)), t)), e.cosine(half))
        return e.sel(e.cmp(e.sine(half), e.k(1.0), "NE"), main, signed_odd2(e, nf, even))

    def trig_w(e, y, nf, even):
        t = theta(e, y)
        half = e.multiply(t, e.k(0.5))
        main = e.divide(e.sine(e.multiply(e.add(nf, e.k(0.5)), t)), e.sine(half))
        # PyTorch's fallback (cos(theta / 2) == 1: y rounds to 1): 2n + 1 above 0 unshifted,
        # else (-1)^n
        fallback = sign(e, nf, even)
        if not shifted:
            fallback = e.sel(e.cmp(y, e.k(0.0), "GT"), odd2(e, nf, even), fallback)
        return e.sel(e.cmp(e.cosine(half), e.k(1.0), "NE"), main, fallback)

    above = {"t": 6, "u": 8, "v": 8, "w": 8}[kind] if not shifted else {"t": 6, "u": 6, "v": 6, "w": 4}[kind]
    trig = {"t": trig_t, "u": trig_u, "v": trig_v, "w": trig_w}[kind]
    return Poly(first, _cheb_step, specials, (above, trig), shifted=shifted)


def _hermite_h_step(e, j, y, p, q):
    return e.subtract(e.multiply(e.add(y, y), q), e.multiply(e.add(j, j), p))


def _hermite_he_step(e, j, y, p, q):
    return e.subtract(e.multiply(y, q), e.multiply(j, p))


def _laguerre_step(e, j, y, p, q):
    a = e.add(e.add(j, j), e.subtract(e.k(1.0), y))
    return e.divide(e.subtract(e.multiply(a, q), e.multiply(j, p)), e.add(j, e.k(1.0)))


def _legendre_step(e, j, y, p, q):
    a = e.multiply(e.add(e.add(j, j), e.k(1.0)), y)
    return e.divide(e.subtract(e.multiply(a, q), e.multiply(j, p)), e.add(j, e.k(1.0)))


def _legendre_specials(e, x, y, nf, even):
    return [(e.cmp(x, e.k(1.0), "EQ"), e.k(1.0)),
            (e.cmp(x, e.k(-1.0), "EQ"), _pm(e, even, e.k(1.0), e.k(-1.0)))]


def _laguerre_specials(e, x, y, nf, even):
    return [(e.cmp(x, e.k(0.0), "EQ"), e.k(1.0))]


POLYS = {
    **{f"special_chebyshev_polynomial_{k}": _chebyshev(k, False) for k in "tuvw"},
    **{f"special_shifted_chebyshev_polynomial_{k}": _chebyshev(k, True) for k in "tuvw"},
    "special_hermite_polynomial_h": Poly(lambda e, y: e.add(y, y), _hermite_h_step, lambda *a: [], limited=True),
    "special_hermite_polynomial_he": Poly(lambda e, y: y, _hermite_he_step, lambda *a: [], limited=True),
    "special_laguerre_polynomial_l": Poly(lambda e, y: e.subtract(e.k(1.0), y), _laguerre_step, _laguerre_specials),
    "special_legendre_polynomial_p": Poly(lambda e, y: y, _legendre_step, _legendre_specials),
}
HERMITE_LIMIT = {"f32": 128, "f64": 512}


def _orders(cx, e, n, compute, shape):
    """n as i64 (truncated toward zero; NaN / inf -> -1) and as a float of the compute type."""
    if not isinstance(n, ir.Value):
        n = float(n)
        ni = e.k(int(n) if math.isfinite(n) else -1, "i64")
    else:
        n = cx.broadcast(cx.convert(n, compute), list(shape))
        finite = cx.op("is_finite", n)
        ni = e.sel(finite, e.convert(n, "i64"), e.k(-1, "i64"))
    return ni, e.convert(ni, compute)


def _loop(cx, count, state, body):
    """shlo while j = 1 .. count (rank-0 i64) over `state`; body(j, *state) -> next state."""
    return cx.while_loop([cx.const(1, "i64")] + list(state),
                         lambda j, *_: cx.op("compare", j, count, comparison_direction="LE"),
                         lambda j, *rest: [cx.op("add", j, cx.const(1, "i64"))] + list(body(j, *rest)))[1:]


def _polynomial(poly: Poly):
    def convert(cx, x, n):
        from ...chlo import _E, _compute_type
        out = cx.out_element()
        compute = _compute_type(out)
        shape = [int(s) for s in cx.out_sizes()]
        e = _E(cx, shape, compute)
        x = cx.tensor(x, compute, shape)
        y = e.subtract(e.add(x, x), e.k(1.0)) if poly.shifted else x
        ni, nf = _orders(cx, e, n, compute, shape)
        ni = cx.broadcast(ni, shape)
        even = e.cmp(cx.op("remainder", ni, e.k(2, "i64")), e.k(0, "i64"), "EQ")
        specials = poly.specials(e, x, y, nf, even)
        trig_mask = None
        if poly.trig:
            above, _ = poly.trig
            trig_mask = cx.op("and", e.cmp(ni, e.k(above, "i64"), "GT"), e.cmp(e.abs(y), e.k(1.0), "LT"))
        too_big = None
        if poly.limited:
            too_big = e.cmp(ni, e.k(HERMITE_LIMIT[compute], "i64"), "GT")

        # elements that take the recurrence, and how many steps the longest needs
        recur = e.cmp(ni, e.k(2, "i64"), "GE")
        for mask in [m for m, _ in specials] + [trig_mask, too_big]:
            if mask is not None:
                recur = cx.op("and", recur, cx.op("not", mask))
        steps = e.sel(recur, e.subtract(ni, e.k(1, "i64")), e.k(0, "i64"))
        count = reduce1(cx, steps, list(range(len(shape))), "maximum", 0)

        def body(j, p, q, xs, ys, ns):
            b = _E(cx, shape, compute)              # constants made inside the loop body
            jf = cx.broadcast(cx.convert(j, compute), shape)
            r = poly.step(b, jf, ys, p, q)
            active = b.cmp(cx.broadcast(j, shape), ns, "LT")     # step j runs while j <= n - 1
            return [b.sel(active, q, p), b.sel(active, r, q), xs, ys, ns]

        first = poly.first(e, y)
        _, q, *_ = _loop(cx, count, [e.k(1.0), first, x, y, ni], body)

        r = e.sel(e.cmp(ni, e.k(1, "i64"), "EQ"), first, q)
        r = e.sel(e.cmp(ni, e.k(0, "i64"), "EQ"), e.k(1.0), r)
        if too_big is not None:
            r = e.sel(too_big, e.k(math.nan), r)
        if trig_mask is not None:
            r = e.sel(trig_mask, poly.trig[1](e, y, nf, even), r)
        for mask, value in reversed(specials):
            r = e.sel(mask, value, r)
        r = e.sel(e.cmp(ni, e.k(0, "i64"), "LT"), e.k(0.0), r)
        return cx.convert(r, out)
    return convert


for _name, _poly in POLYS.items():
    converts(_name)(_polynomial(_poly))
