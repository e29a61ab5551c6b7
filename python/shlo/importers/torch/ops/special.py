"""Special functions and vector norms that survive core ATen decomposition: linalg_vector_norm,
erfc / erfcx, polygamma / zeta, modified Bessel functions (i0, i0e, i1, i1e), ndtri.

erfc, polygamma, zeta and i1e reuse the CHLO decompositions of `importers/chlo.py`; the others
are written here with its element-wise builder `_E` (f16 / bf16 computed in f32, as PyTorch's
CPU kernels do). Their Chebyshev expansions (numpy's convention, f(t) = sum c_k T_k(t)) were
fitted here with mpmath at 40 digits on Chebyshev nodes and truncated below 1e-19:

* i0e on |x| <= 8 in t = |x| / 4 - 1; sqrt(|x|) i0e(x) on |x| > 8 in t = 16 / |x| - 1;
* erfcx on x >= 0: (1 + 2x) erfcx(x) in t = (x - 4) / (x + 4) (Shepherd and Laframboise's
  substitution, which maps [0, inf) onto [-1, 1]).

Every function here needs static shapes (as the CHLO decompositions do).
"""
from __future__ import annotations

import math

from ..registry import converts
from .elementwise import k, operands, same
from .reductions import acc_element, add_reduce, extreme, finish, reduced_dims

_I0E_SMALL = [
    0.33839763720473803, -0.3046826723431984, 0.17162090152220877, -0.09490109704804764,
    0.04930528423967071, -0.02373741480589947, 0.010546460394594998, -0.004324309995050576,
    0.0016394756169413357, -0.0005763755745385824, 0.00018850288509584165, -5.754195010082104e-05,
    1.6448448070728896e-05, -4.4167383584587505e-06, 1.1173875391201037e-06, -2.670793853940612e-07,
    6.046995022541919e-08, -1.300025009986248e-08, 2.6598237246823866e-09, -5.189795601635263e-10,
    9.675809035373237e-11, -1.726826291441556e-11, 2.95505266312964e-12, -4.856446783111929e-13,
    7.676185498604936e-14, -1.1685332877993451e-14, 1.715391285555133e-15, -2.431279846547955e-16,
    3.3307945188222384e-17, -4.4153416464793395e-18, 5.669178006921496e-19]
_I0E_LARGE = [
    0.4022452055070544, 0.0033691164782556943, 6.889758346916825e-05, 2.8913705208347567e-06,
    2.0489185894690638e-07, 2.266668990498178e-08, 3.3962320257083865e-09, 4.94060238822497e-10,
    1.1889147107846439e-11, -3.1499165279632416e-11, -1.3215811840447713e-11,
    -1.7941785315068062e-12, 7.180124451383666e-13, 3.8527783827421426e-13, 1.54008621752141e-14,
    -4.150569347287222e-14, -9.554846698828307e-15, 3.8116806693526224e-15, 1.7725601330565263e-15,
    -3.425485619677219e-16, -2.8276239805165836e-16, 3.461222867697461e-17, 4.46562142029676e-17,
    -4.830504485944182e-18, -7.233180487874754e-18, 9.921475412173699e-19, 1.193650890845982e-18,
    -2.4887098371508075e-19, -1.938426454160906e-19]
_ERFCX = [
    1.1774832005374487, -0.007260796620301901, -0.081265123236185, 0.06009212804122225,
    -0.02875393558027666, 0.01059566336347286, -0.003136927294554264, 0.0007456494372536184,
    -0.0001369696503010054, 1.7183861600300937e-05, -7.158364623450346e-07, -2.4261399442449534e-07,
    5.5765709395703566e-08, -2.1057869513809494e-09, -1.1717889351884957e-09,
    1.9098355172456688e-10, 1.408871764208813e-11, -6.901108320480815e-12, 9.167958364111294e-14,
    2.1454508286554553e-13, -1.4716575027010623e-14, -6.668675118770408e-15, 7.504598509880083e-16,
    2.22009300666632e-16, -3.1704898956330886e-17, -8.193570309884333e-18, 1.2459819733129576e-18,
    3.366402273872637e-19]


# ----------------------------------------------------------------------------- helpers

def _builder(cx, v):
    """(chlo `_E` builder over v's shape in the compute element, v converted to it)."""
    from ...chlo import _E, _compute_type, _shape
    ct = _compute_type(cx.element(v))
    e = _E(cx, _shape(v), ct)
    return e, e.convert(v, ct)


def _elementwise(body):
    """A unary converter computing body(e, x) in the compute element, rounded to the output's."""
    def convert(cx, x):
        x = same(cx, x)
        e, xc = _builder(cx, x)
        return e.convert(body(e, xc), cx.element(x))
    return convert


def _chlo_call(cx, name, *values):
    from ...chlo import DECOMPOSITIONS
    return DECOMPOSITIONS[name](cx, list(values), {}, [str(cx.info(values[-1]))])[0]


def _cheb(e, t, coeffs):
    """Clenshaw's sum of coeffs[k] T_k(t), dropping the terms below the element's precision."""
    tol = 1e-19 if e.element == "f64" else 1e-9
    cs = list(coeffs)
    while len(cs) > 1 and abs(cs[-1]) < tol:
        cs.pop()
    b1 = b2 = e.k(0.0)
    two_t = e.multiply(e.k(2.0), t)
    for c in reversed(cs[1:]):
        b1, b2 = e.add(e.subtract(e.multiply(two_t, b1), b2), e.k(c)), b1
    return e.add(e.k(cs[0]), e.subtract(e.multiply(t, b1), b2))


# ----------------------------------------------------------------------------- norms

@converts("linalg_vector_norm")
def linalg_vector_norm(cx, x, ord=2, dim=None, keepdim=False, dtype=None):
    """(sum |x|^ord)^(1/ord) over dim; ord 0 counts nonzeros, +-inf take max / min |x|."""
    element = acc_element(cx.out_element())
    if dtype is not None:           # torch converts the input to dtype first
        from .. import dtypes
        x = cx.convert(x, dtypes.element(dtype))
    dims = reduced_dims(cx.rank(x), dim)
    ord = float(ord)
    if ord == 0:
        nz = cx.op("compare", x, cx.const(0, cx.element(x), cx.sizes_of(x)), comparison_direction="NE")
        return finish(cx, add_reduce(cx, cx.convert(nz, element), dims))
    a = cx.convert(cx.op("abs", x), element)
    if math.isinf(ord):
        return finish(cx, extreme(cx, a, dims, ord > 0))
    if ord == 1:
        return finish(cx, add_reduce(cx, a, dims))
    if ord == 2:
        return finish(cx, cx.op("sqrt", add_reduce(cx, cx.op("multiply", a, a), dims)))
    p = cx.const(ord, element, cx.sizes_of(a))
    s = add_reduce(cx, cx.op("power", a, p), dims)
    return finish(cx, cx.op("power", s, cx.const(1.0 / ord, element, cx.sizes_of(s))))


# ----------------------------------------------------------------------------- erfc, erfcx, ndtri

@converts("erfc")
def erfc(cx, x):
    return _chlo_call(cx, "erfc", same(cx, x))


def _erfcx(e, x):
    """exp(x^2) erfc(x): the Chebyshev fit for x >= 0, 2 exp(x^2) - erfcx(-x) below (overflows
    to inf for very negative x, as it should)."""
    ax = e.abs(x)
    t = e.subtract(e.k(1.0), e.divide(e.k(8.0), e.add(ax, e.k(4.0))))     # (|x| - 4) / (|x| + 4)
    pos = e.divide(_cheb(e, t, _ERFCX), e.add(e.k(1.0), e.multiply(e.k(2.0), ax)))
    neg = e.subtract(e.multiply(e.k(2.0), e.exponential(e.multiply(x, x))), pos)
    return e.sel(e.cmp(x, e.k(0.0), "LT"), neg, pos)


converts("special_erfcx")(_elementwise(_erfcx))


def _ndtri(e, p):
    """sqrt(2) erfinv(2p - 1), with erfinv's w = -log(1 - x^2) formed from p and 1 - p so that
    the tails keep their relative accuracy."""
    from ...chlo import _ERFINV_GE16, _ERFINV_GE5_F32, _ERFINV_LT16, _ERFINV_LT5_F32, _ERFINV_LT625
    x = e.subtract(e.multiply(e.k(2.0), p), e.k(1.0))
    w = e.negate(e.add(e.log(e.multiply(e.k(2.0), p)), e.log(e.multiply(e.k(2.0), e.subtract(e.k(1.0), p)))))
    # Giles's double-precision tail fits reach 1 - x = 1e-16 (w ~ 37); f32's own tail fit only
    # 1 - x = 6e-8, short of f32 probabilities (p = 1e-12 is w ~ 26), so f32 uses the former
    # from w = 16 on
    tail = e.sel(e.cmp(w, e.k(16.0), "LT"), e.poly(e.subtract(e.sqrt(w), e.k(3.25)), _ERFINV_LT16),
                 e.poly(e.subtract(e.sqrt(w), e.k(5.0)), _ERFINV_GE16))
    if e.element == "f64":
        poly = e.sel(e.cmp(w, e.k(6.25), "LT"), e.poly(e.subtract(w, e.k(3.125)), _ERFINV_LT625), tail)
    else:
        poly = e.sel(e.cmp(w, e.k(5.0), "LT"), e.poly(e.subtract(w, e.k(2.5)), _ERFINV_LT5_F32),
                     e.sel(e.cmp(w, e.k(16.0), "LT"), e.poly(e.subtract(e.sqrt(w), e.k(3.0)), _ERFINV_GE5_F32),
                           tail))
    r = e.multiply(e.multiply(poly, x), e.k(math.sqrt(2.0)))
    r = e.sel(e.cmp(p, e.k(0.0), "EQ"), e.k(-math.inf), r)
    r = e.sel(e.cmp(p, e.k(1.0), "EQ"), e.k(math.inf), r)
    outside = e.b.op("or", e.cmp(p, e.k(0.0), "LT"), e.cmp(p, e.k(1.0), "GT"))
    return e.sel(outside, e.k(math.nan), r)


converts("special_ndtri")(_elementwise(_ndtri))


# ----------------------------------------------------------------------------- Bessel

def _i0e(e, x):
    ax = e.abs(x)
    small = _cheb(e, e.subtract(e.multiply(ax, e.k(0.25)), e.k(1.0)), _I0E_SMALL)
    large = e.divide(_cheb(e, e.subtract(e.divide(e.k(16.0), ax), e.k(1.0)), _I0E_LARGE), e.sqrt(ax))
    return e.sel(e.cmp(ax, e.k(8.0), "LE"), small, large)


def _i1e(e, x):
    from ...chlo import _bessel_i1e
    return _bessel_i1e(e, x)


def _scaled_up(body):
    """exp(|x|) body(x): i0 from i0e, i1 from i1e."""
    return lambda e, x: e.multiply(e.exponential(e.abs(x)), body(e, x))


converts("special_i0e")(_elementwise(_i0e))
converts("i0", "special_modified_bessel_i0")(_elementwise(_scaled_up(_i0e)))
converts("special_i1e")(_elementwise(_i1e))
converts("special_i1", "special_modified_bessel_i1")(_elementwise(_scaled_up(_i1e)))


# ----------------------------------------------------------------------------- polygamma, zeta

@converts("digamma")
def digamma(cx, x):
    """The shared digamma, with PyTorch's pole at zero: -inf at +0, inf at -0 (the shared one, as
    at the negative integers, gives NaN there)."""
    x = same(cx, x)
    r = _chlo_call(cx, "digamma", x)
    sizes = cx.sizes_of(x)
    zero = cx.op("compare", x, cx.const(0.0, cx.element(x), sizes), comparison_direction="EQ")
    from .float_bits import _negative
    pole = cx.op("select", _negative(cx, x), cx.const(float("inf"), cx.element(r), sizes),
                 cx.const(float("-inf"), cx.element(r), sizes))
    return cx.op("select", zero, pole, r)


@converts("polygamma")
def polygamma(cx, n, x):
    x = same(cx, x)
    if isinstance(n, int) and n < 0:
        raise cx.error(f"polygamma of negative order {n} is not defined")
    if isinstance(n, int) and n == 0:
        return digamma(cx, x)
    if not isinstance(n, int):
        return _chlo_call(cx, "polygamma", cx.tensor(n, cx.element(x), cx.sizes_of(x)), x)
    # psi^(n)(x) = (-1)^(n+1) n! zeta(n+1, x). The shared zeta sums 9 direct terms before its
    # asymptotic tail, too few for negative x (PyTorch sums until q > 9), so negative x are
    # first moved up by _SHIFT with zeta(s, x) = sum_{k<K} (x+k)^-s + zeta(s, x+K): exact for
    # x > -_SHIFT; more negative x keep the shared zeta's (reduced) accuracy
    e, xc = _builder(cx, x)
    s_ = e.k(float(n + 1))
    neg = e.cmp(xc, e.k(0.0), "LT")
    shifted = e.sel(neg, e.add(xc, e.k(float(_SHIFT))), xc)
    head = e.k(0.0)
    for k in range(_SHIFT):
        head = e.add(head, e.power(e.add(xc, e.k(float(k))), e.negate(s_)))
    z = _chlo_call(cx, "zeta", s_, shifted)
    z = e.sel(neg, e.add(z, head), z)
    sign = (-1) ** (n + 1)
    r = e.multiply(z, e.k(float(sign * math.factorial(n))))
    # the pole at +-0 is sign * inf in PyTorch (the shared zeta gives NaN there for even n)
    r = e.sel(e.cmp(xc, e.k(0.0), "EQ"), e.k(sign * math.inf), r)
    return e.convert(r, cx.element(x))


_SHIFT = 16


@converts("special_zeta")
def special_zeta(cx, x, q):
    """Hurwitz zeta with PyTorch's special values, in its order: x == 1 inf, x < 1 NaN, then for
    q <= 0 an integer q inf (a pole) and otherwise NaN unless x is an integer (the shared zeta
    differs at x < 1 with q <= 0 and at integer q <= 0 with a non-integer x)."""
    x, q = operands(cx, x, q)
    r = _chlo_call(cx, "zeta", x, q)

    def cmp(a, b, direction):
        return cx.op("compare", a, b, comparison_direction=direction)

    def where(mask, value, r):
        return cx.op("select", mask, k(cx, value, r), r)

    q_low = cmp(q, k(cx, 0.0, q), "LE")
    q_int = cmp(q, cx.op("floor", q), "EQ")
    x_int = cmp(x, cx.op("floor", x), "EQ")
    r = where(cx.op("and", q_low, cx.op("not", cx.op("or", q_int, x_int))), math.nan, r)
    r = where(cx.op("and", q_low, q_int), math.inf, r)
    r = where(cmp(x, k(cx, 1.0, x), "LT"), math.nan, r)
    return where(cmp(x, k(cx, 1.0, x), "EQ"), math.inf, r)
