"""The regularized incomplete gamma functions igamma P(a, x) and igammac Q(a, x) = 1 - P.

Below x = a + 1 the series P = x^a e^-x / Gamma(a + 1) * sum_n x^n / ((a + 1) ... (a + n));
above it Legendre's continued fraction for Q, evaluated by the modified Lentz method (the
classical pair: each converges fast where the other is slow). Both are one shlo `while` over
the whole tensor that stops when every element has converged (a term below eps of its sum) or
after MAX_STEPS; the side not taken by an element counts as converged. PyTorch's special
values come last: a or x negative (or both 0) NaN, a = 0 gives P = 1, x = 0 gives P = 0,
infinite x gives P = 1, infinite a (finite x) P = 0. f16 / bf16 are computed in f32. Static
shapes only. (PyTorch switches to Temme's uniform asymptotic expansion for a > 20 near x = a;
the series and fraction are slower there but agree within the tolerance of each type.)
"""
from __future__ import annotations

import math

from ..registry import converts
from .elementwise import operands

MAX_STEPS = 2000
TINY = 1e-30


def _loop_until(cx, state, step, pending):
    """shlo while over `state` while any element of pending(*state) (i1, per element) holds and
    the step count (state[0], rank-0 i64) is below MAX_STEPS."""
    from .reductions import reduce1

    def going(*args):
        p = pending(*args)
        anyp = reduce1(cx, p, list(range(cx.rank(p))), "or", False)
        under = cx.op("compare", args[0], cx.const(MAX_STEPS, "i64"), comparison_direction="LT")
        return cx.op("and", anyp, under)
    return cx.while_loop(state, going, step)


def _eps(element):
    """The convergence threshold: 4 ulp of 1 (|delta - 1| may never get below one ulp)."""
    return 2.0 ** -50 if element == "f64" else 2.0 ** -21


def _pq(cx, a, x, want_q):
    from ...chlo import _E, _compute_type, _lgamma
    out = cx.out_element()
    el = _compute_type(out)
    shape = [int(s) for s in cx.out_sizes()]
    a, x = (cx.convert(v, el) for v in operands(cx, a, x))
    e = _E(cx, shape, el)
    use_series = e.cmp(x, e.add(a, e.k(1.0)), "LT")
    log_x = e.log(x)
    # only 0 < a, x < inf take a loop's value; the rest are special values below, and the fraction
    # at a < 0 never converges (a = -1, x = 0 ran all 2000 steps of every element)
    fin = e.k(math.inf)
    loops = cx.op("and", cx.op("and", e.cmp(a, e.k(0.0), "GT"), e.cmp(x, e.k(0.0), "GT")),
                  cx.op("and", e.cmp(a, fin, "LT"), e.cmp(x, fin, "LT")))

    # series: sum of terms t_n = t_{n-1} x / (a + n)
    def series_step(n, total, term, a_, x_, ok):
        b = _E(cx, shape, el)
        nf = cx.broadcast(cx.convert(n, el), shape)
        going = series_pending(n, total, term, a_, x_, ok)      # converged elements keep their sum
        term = b.multiply(term, b.divide(x_, b.add(a_, nf)))
        return [cx.op("add", n, cx.const(1, "i64")), b.sel(going, b.add(total, term), total), term, a_, x_, ok]

    def series_pending(n, total, term, a_, x_, ok):
        b = _E(cx, shape, el)
        big = b.cmp(b.abs(term), b.multiply(b.abs(total), b.k(_eps(el))), "GT")
        return cx.op("and", cx.op("and", big, ok), b.cmp(x_, b.add(a_, b.k(1.0)), "LT"))

    one = e.k(1.0)
    _, total, *_ = _loop_until(cx, [cx.const(1, "i64"), one, one, a, x, loops], series_step, series_pending)
    p_series = e.multiply(e.exponential(e.subtract(e.subtract(e.multiply(a, log_x), x), _lgamma(e, e.add(a, one)))),
                          total)

    # continued fraction for Q (modified Lentz)
    b0 = e.add(e.subtract(x, a), one)
    b0 = e.sel(e.cmp(e.abs(b0), e.k(TINY), "LT"), e.k(TINY), b0)
    d0 = e.divide(one, b0)

    def cf_step(i, h, c, d, bb, delta, a_, x_, ok):
        b = _E(cx, shape, el)
        going = cf_pending(i, h, c, d, bb, delta, a_, x_, ok)    # converged elements keep their h
        fi = cx.broadcast(cx.convert(i, el), shape)
        an = b.negate(b.multiply(fi, b.subtract(fi, a_)))
        bb = b.add(bb, b.k(2.0))
        tiny = b.k(TINY)
        d = b.add(b.multiply(an, d), bb)
        d = b.sel(b.cmp(b.abs(d), tiny, "LT"), tiny, d)
        c = b.add(bb, b.divide(an, c))
        c = b.sel(b.cmp(b.abs(c), tiny, "LT"), tiny, c)
        d = b.divide(b.k(1.0), d)
        delta = b.multiply(d, c)
        return [cx.op("add", i, cx.const(1, "i64")), b.sel(going, b.multiply(h, delta), h), c, d, bb, delta, a_, x_, ok]

    def cf_pending(i, h, c, d, bb, delta, a_, x_, ok):
        b = _E(cx, shape, el)
        far = b.cmp(b.abs(b.subtract(delta, b.k(1.0))), b.k(_eps(el)), "GT")
        return cx.op("and", cx.op("and", far, ok), b.cmp(x_, b.add(a_, b.k(1.0)), "GE"))

    two = e.k(2.0)
    _, h, *_ = _loop_until(cx, [cx.const(1, "i64"), d0, e.k(1.0 / TINY), d0, b0, two, a, x, loops], cf_step, cf_pending)
    q_cf = e.multiply(e.exponential(e.subtract(e.subtract(e.multiply(a, log_x), x), _lgamma(e, a))), h)

    p = e.sel(use_series, p_series, e.subtract(one, q_cf))
    q = e.sel(use_series, e.subtract(one, p_series), q_cf)
    r = q if want_q else p
    # PyTorch's special values, its first test last (NaN a still gives P(a, 0) = 0, P(a, inf) = 1)
    lo, hi = (e.k(1.0), e.k(0.0)) if want_q else (e.k(0.0), e.k(1.0))     # P = 0 / 1 as r
    zero, inf, nan = e.k(0.0), e.k(math.inf), e.k(math.nan)
    x_inf = e.cmp(x, inf, "EQ")
    r = e.sel(x_inf, hi, r)
    r = e.sel(e.cmp(a, inf, "EQ"), e.sel(x_inf, nan, lo), r)
    r = e.sel(e.cmp(x, zero, "EQ"), lo, r)
    r = e.sel(e.cmp(a, zero, "EQ"), e.sel(e.cmp(x, zero, "GT"), hi, nan), r)
    r = e.sel(cx.op("or", e.cmp(a, zero, "LT"), e.cmp(x, zero, "LT")), nan, r)
    return cx.convert(r, out)


@converts("igamma", "special_gammainc")
def igamma(cx, a, x):
    return _pq(cx, a, x, False)


@converts("igammac", "special_gammaincc")
def igammac(cx, a, x):
    return _pq(cx, a, x, True)
