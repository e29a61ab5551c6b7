"""Element-wise math as scalar emitters: magnitudes and signs, rounding, transcendental
functions, complex numbers and their parts, is_finite and reduce_precision.

f32 and f64 use the `math` / `complex` dialect ops (libm or the polynomial
approximations of `approx.py` when fast math is allowed for f32); f16, bf16
and f8 values are widened to f32, computed, and rounded once.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, complex as cx, math

from .. import approx
from .. import element as el
from ..element import const, kind, part_element
from ..registry import scalar
from .elementwise import P, F, complex_divide, convert_float, select, via_f32


def _e(ctx, i=0):
    return ctx.operand_types[i].element


def _float_or_complex(ctx, x, floating, complex_=None):
    e = _e(ctx)
    k = kind(e)
    if k == "complex":
        if complex_ is None:
            raise ctx.error(f"does not take {e}")
        return complex_(x)
    if k != "float":
        raise ctx.error(f"does not take {e}")
    return via_f32(floating, e, x)


def _unary(name, floating, complex_=None):
    fast = approx.FUNCTIONS.get(name)

    def floating_or_fast(x):
        # f32 (and f16/bf16/f8, computed in f32) use the vectorizable approximations
        if fast is not None and x.type == ir.F32Type.get() and approx.enabled():
            return fast(x)
        return floating(x)

    @scalar(name)
    def emit(ctx, x):
        return _float_or_complex(ctx, x, floating_or_fast, complex_)
    emit.__name__ = name
    return emit


# ----------------------------------------------------------------------------- magnitude and sign

@scalar("abs")
def abs_(ctx, x):
    e = _e(ctx)
    k = kind(e)
    if k in ("signed",):
        return math.absi(x)
    if k == "complex":
        return _complex_abs(x)
    if k == "float":
        if e == "bf16":
            return _bf16_bits(x, lambda b: arith.andi(b, const(0x7FFF, b.type)))
        return math.absf(x)
    raise ctx.error(f"does not take {e}")


def _bf16_bits(x, fn):
    """fn on a bf16's bits as i16: LLVM aborted on some vector bf16 negf / absf with a partial last
    vector ("Do not know how to soft promote this operator's operand": 25 elements)."""
    i16 = ir.IntegerType.get_signless(16)
    return arith.bitcast(x.type, fn(arith.bitcast(i16, x)))


def _complex_abs(z):
    """complex<f32> is computed in f64 and rounded once, as the interpreter does."""
    x, y = cx.re(z), cx.im(z)
    if x.type != ir.F32Type.get():
        return _modulus(x, y)
    f64 = ir.F64Type.get()
    return arith.truncf(x.type, _modulus(arith.extf(f64, x), arith.extf(f64, y)))


def _modulus(x, y):
    """|x + yi| as the interpreter (numpy on complex128) computes it: l sqrt(fma(r, r, 1))
    with l the larger magnitude and r = smaller / l; 0 for 0, inf if a part is infinite (even
    with a NaN), NaN for another NaN. complex.abs rounded differently (1 ulp off on a
    quarter of the special values, |3.14 + 0.5i| in f32, |-2.5 + 1i| in f64)."""
    t = x.type
    ax, ay = math.absf(x), math.absf(y)
    big, small = arith.maximumf(ax, ay), arith.minimumf(ax, ay)
    h = arith.mulf(big, math.sqrt(math.fma(arith.divf(small, big), arith.divf(small, big), const(1.0, t))))
    h = select(arith.cmpf(F.OEQ, big, const(0.0, t)), const(0.0, t), h)
    nan = arith.ori(arith.cmpf(F.UNO, x, x), arith.cmpf(F.UNO, y, y))
    h = select(nan, const(float("nan"), t), h)
    inf = const(float("inf"), t)
    return select(arith.ori(arith.cmpf(F.OEQ, ax, inf), arith.cmpf(F.OEQ, ay, inf)), inf, h)


@scalar("negate")
def negate(ctx, x):
    e = _e(ctx)
    k = kind(e)
    if k in ("signed", "unsigned"):
        return arith.subi(const(0, x.type), x)
    if k == "complex":
        return cx.neg(x)
    if e == "bf16":
        return _bf16_bits(x, lambda b: arith.xori(b, const(-0x8000, b.type)))
    return arith.negf(x)


@scalar("sign")
def sign(ctx, x):
    e = _e(ctx)
    k = kind(e)
    t = x.type
    if k == "signed":
        pos = arith.cmpi(P.sgt, x, const(0, t))
        neg = arith.cmpi(P.slt, x, const(0, t))
        return select(pos, const(1, t), select(neg, const(-1, t), const(0, t)))
    if k == "unsigned":
        return select(arith.cmpi(P.ne, x, const(0, t)), const(1, t), const(0, t))
    if k == "complex":
        return _by_parts(_sign_parts)(x)
    if e == "bf16":     # in f32, exact (see _bf16_bits)
        return via_f32(lambda v: _float_sign(v, v.type), e, x)
    return _float_sign(x, t)


def _float_sign(x, t):
    pos = arith.cmpf(F.OGT, x, const(0.0, t))
    neg = arith.cmpf(F.OLT, x, const(0.0, t))
    return select(pos, const(1.0, t), select(neg, const(-1.0, t), x))


# ----------------------------------------------------------------------------- rounding to integral values

_unary("ceil", math.ceil)
_unary("floor", math.floor)
_unary("round_nearest_even", math.roundeven)
_unary("round_nearest_afz", math.round)


# ----------------------------------------------------------------------------- transcendental functions

def _logistic(x):
    t = x.type
    one = const(1.0, t)
    e = math.exp(arith.negf(math.absf(x)))
    pos = arith.divf(one, arith.addf(one, e))
    neg = arith.divf(e, arith.addf(one, e))
    return select(arith.cmpf(F.OGE, x, const(0.0, t)), pos, neg)


def _rsqrt(x):
    return arith.divf(const(1.0, x.type), math.sqrt(x))


# Complex functions written out from their parts where the `complex` dialect's own lowering
# loses accuracy or special values against the interpreter (numpy's definitions) and XLA:
# sqrt(-4) gave -8.7e-8 + 2i, log1p(-1) gave 0, expm1(0.1) was 6e-8 off in f32. complex<f32>
# parts are computed in f64 and rounded once (no overflow of |z| near the f32 maximum, no
# cancellation in log near |z| = 1).

def _by_parts(fn):
    """A complex function from fn(x, y) -> (re, im) on its parts."""
    def complex_fn(z):
        x, y = cx.re(z), cx.im(z)
        narrow = x.type == ir.F32Type.get()
        if narrow:
            f64 = ir.F64Type.get()
            x, y = arith.extf(f64, x), arith.extf(f64, y)
        re, im = fn(x, y)
        if narrow:
            re, im = arith.truncf(ir.F32Type.get(), re), arith.truncf(ir.F32Type.get(), im)
        return cx.create_(z.type, re, im)
    return complex_fn


def _hypot(a, b):
    """|a + bi| without overflow or underflow of the squares."""
    t = a.type
    ax, ay = math.absf(a), math.absf(b)
    big, small = arith.maximumf(ax, ay), arith.minimumf(ax, ay)
    q = arith.divf(small, big)
    r = arith.mulf(big, math.sqrt(arith.addf(const(1.0, t), arith.mulf(q, q))))
    r = select(arith.cmpf(F.OEQ, big, const(0.0, t)), const(0.0, t), r)
    inf = const(float("inf"), t)
    return select(arith.ori(arith.cmpf(F.OEQ, ax, inf), arith.cmpf(F.OEQ, ay, inf)), inf, r)


def _sqrt_parts(x, y):
    """Kahan's: t = sqrt((|x| + |z|) / 2); (t, y / 2t) for x >= 0, else (|y| / 2t, t with y's
    sign); at zero (0, y); an infinite imaginary part gives (inf, y). Tiny parts are scaled up
    by 2^1000 first and the result down by 2^-500 (half of 5e-324 underflowed to 0 and
    sqrt(5e-324 + 0i) was 0 / 0), huge ones down by 2^-4 (|max + max i| overflowed)."""
    t_ = x.type
    x0, y0 = x, y
    big = arith.maximumf(math.absf(x), math.absf(y))
    tiny, huge = arith.cmpf(F.OLT, big, const(2.0 ** -900, t_)), arith.cmpf(F.OGT, big, const(2.0 ** 1000, t_))
    scale = select(tiny, const(2.0 ** 1000, t_), select(huge, const(2.0 ** -4, t_), const(1.0, t_)))
    x, y = arith.mulf(x, scale), arith.mulf(y, scale)
    back = select(tiny, const(2.0 ** -500, t_), select(huge, const(4.0, t_), const(1.0, t_)))
    half = const(0.5, t_)
    t = math.sqrt(arith.addf(arith.mulf(half, math.absf(x)), arith.mulf(half, _hypot(x, y))))
    two_t = arith.addf(t, t)
    nonneg = arith.cmpf(F.OGE, x, const(0.0, t_))
    re = arith.mulf(select(nonneg, t, arith.divf(math.absf(y), two_t)), back)
    im = arith.mulf(select(nonneg, arith.divf(y, two_t), math.copysign(t, y)), back)
    x, y = x0, y0
    zero = arith.andi(arith.cmpf(F.OEQ, x, const(0.0, t_)), arith.cmpf(F.OEQ, y, const(0.0, t_)))
    re = select(zero, const(0.0, t_), re)
    im = select(zero, y, im)
    inf_im = arith.cmpf(F.OEQ, math.absf(y), const(float("inf"), t_))
    return select(inf_im, const(float("inf"), t_), re), select(inf_im, y, im)


def _square_exact(v):
    """v * v as hi + lo (fma's error-free product)."""
    hi = arith.mulf(v, v)
    return hi, math.fma(v, v, arith.negf(hi))


def _log_modulus(x, y, shift: bool):
    """log|(x + shift) + yi|. Near a modulus of 1 it is log1p(d) / 2 with d = |.|^2 - 1 summed
    from exact squares (log of the modulus would cancel there): d = x (2 + x) + y^2 for shift
    (log1p's 1 + z), else x^2 - 1 + y^2 with the larger square minus 1 first (exact)."""
    t = x.type
    one = const(1.0, t)
    u = arith.addf(one, x) if shift else x
    r = _hypot(u, y)
    (xh, xl), (yh, yl) = _square_exact(x), _square_exact(y)
    if shift:
        d = arith.addf(arith.addf(arith.addf(arith.addf(x, x), xh), yh), arith.addf(xl, yl))
    else:
        big, small = arith.maximumf(xh, yh), arith.minimumf(xh, yh)
        d = arith.addf(arith.addf(arith.subf(big, one), small), arith.addf(xl, yl))
    near = arith.andi(arith.cmpf(F.OGT, r, const(0.5, t)), arith.cmpf(F.OLT, r, const(2.0, t)))
    # extreme moduli: log(big) + log1p((small / big)^2) / 2, as |z| overflows (max + max i) or
    # rounds to a denormal (|5e-324 + 5e-324 i| was 5e-324, its log 10% off in cbrt)
    ua, ya = math.absf(u), math.absf(y)
    big, small = arith.maximumf(ua, ya), arith.minimumf(ua, ya)
    q = arith.divf(small, big)
    far = arith.ori(arith.cmpf(F.OGT, big, const(2.0 ** 1000, t)), arith.cmpf(F.OLT, big, const(2.0 ** -1000, t)))
    far = arith.andi(far, arith.cmpf(F.ONE, big, const(float("inf"), t)))
    far = arith.andi(far, arith.cmpf(F.ONE, big, const(0.0, t)))
    far_log = arith.addf(math.log(big), arith.mulf(const(0.5, t), math.log1p(arith.mulf(q, q))))
    return select(near, arith.mulf(const(0.5, t), math.log1p(d)), select(far, far_log, math.log(r)))


def _log_parts(x, y):
    return _log_modulus(x, y, False), math.atan2(y, x)


def _log1p_parts(x, y):
    """log(1 + z), as numpy defines it for complex numbers (log1p(-1) is -inf)."""
    return _log_modulus(x, y, True), math.atan2(y, arith.addf(const(1.0, x.type), x))


def _tanh_parts(x, y):
    """Kahan's tanh(x + yi): t = tan y, b = 1 + t^2, s = sinh x, d = 1 + b s^2, then
    (b sqrt(1 + s^2) s / d, t / d); for |x| > 22 (tanh x rounds to +-1) (+-1, 4 sin y cos y e^-2|x|).
    complex.tanh flushed a tiny real part to 0 (tanh(2.2e-308 + i) had real part 0, not 7.6e-308).
    An infinite x gives (+-1, +-0 with the sign of sin 2y); a non-finite y with finite x NaNs,
    but a zero x stays (C's ctanh, numpy's)."""
    t_ = x.type
    c = lambda v: const(v, t_)                                   # noqa: E731
    t = math.tan(y)
    b = arith.addf(c(1.0), arith.mulf(t, t))
    sh = math.sinh(x)
    d = arith.addf(c(1.0), arith.mulf(b, arith.mulf(sh, sh)))
    rho = math.sqrt(arith.addf(c(1.0), arith.mulf(sh, sh)))
    re = arith.divf(arith.mulf(arith.mulf(b, rho), sh), d)
    im = arith.divf(t, d)
    big = arith.cmpf(F.OGE, math.absf(x), c(22.0))
    e = math.exp(arith.negf(math.absf(x)))
    big_im = arith.mulf(arith.mulf(c(4.0), arith.mulf(math.sin(y), math.cos(y))), arith.mulf(e, e))
    re = select(big, math.copysign(c(1.0), x), re)
    im = select(big, big_im, im)
    nan_y = arith.cmpf(F.UNO, arith.subf(y, y), c(0.0))          # y infinite or NaN: NaN + NaN i
    re, im = select(nan_y, c(float("nan")), re), select(nan_y, c(float("nan")), im)
    # an infinite x: +-1 and a zero with sin(2y)'s sign (y infinite or NaN: y's sign, as glibc;
    # a +0 there made tanh(inf - inf i) 1 + 0i, the interpreter's 1 - 0i)
    inf_x = arith.cmpf(F.OEQ, math.absf(x), c(float("inf")))
    finite_y = arith.cmpf(F.ONE, math.absf(y), c(float("inf")))
    sin2y = arith.mulf(math.sin(y), math.cos(y))
    im_inf = select(finite_y, math.copysign(c(0.0), sin2y), math.copysign(c(0.0), y))
    re = select(inf_x, math.copysign(c(1.0), x), re)
    im = select(inf_x, im_inf, im)
    # x == 0 keeps its zero (i tan y); y == 0 keeps its zero exactly (tanh of a real number)
    re = select(arith.cmpf(F.OEQ, x, c(0.0)), x, re)
    y_zero = arith.cmpf(F.OEQ, y, c(0.0))
    re = select(arith.andi(y_zero, arith.cmpf(F.ORD, x, x)), math.tanh(x), re)
    im = select(y_zero, y, im)
    return re, im


def _tan_parts(x, y):
    """tan z = -i tanh(iz): tanh(-y + xi) = a + bi gives (b, -a)."""
    a, b = _tanh_parts(arith.negf(y), x)
    return b, arith.negf(a)


def _sinh_parts(x, y):
    """sinh(x + yi) = (sinh x cos y, cosh x sin y), with C's special values: a zero y stays (sinh
    of a real number), a zero x stays in the real part, an infinite x with a non-finite y is
    (x, NaN)."""
    t = x.type
    re = arith.mulf(math.sinh(x), math.cos(y))
    im = arith.mulf(math.cosh(x), math.sin(y))
    y_zero = arith.cmpf(F.OEQ, y, const(0.0, t))
    re, im = select(y_zero, math.sinh(x), re), select(y_zero, y, im)
    # an infinite x with an infinite or NaN y: (x, NaN)
    inf_x = arith.cmpf(F.OEQ, math.absf(x), const(float("inf"), t))
    odd_y = arith.andi(inf_x, arith.cmpf(F.UNO, arith.subf(y, y), const(0.0, t)))
    re, im = select(odd_y, x, re), select(odd_y, const(float("nan"), t), im)
    return select(arith.cmpf(F.OEQ, x, const(0.0, t)), x, re), im


def _cosh_parts(x, y):
    """cosh(x + yi) = (cosh x cos y, sinh x sin y), with C's zeros: a zero y gives (cosh x, 0 with
    the sign of x y); a zero x gives a zero imaginary part with the sign of x y."""
    t = x.type
    re = arith.mulf(math.cosh(x), math.cos(y))
    im = arith.mulf(math.sinh(x), math.sin(y))
    one = const(1.0, t)
    zero = math.copysign(const(0.0, t), arith.mulf(math.copysign(one, x), math.copysign(one, y)))
    y_zero = arith.cmpf(F.OEQ, y, const(0.0, t))
    x_zero = arith.cmpf(F.OEQ, x, const(0.0, t))
    re = select(y_zero, math.cosh(x), re)
    return re, select(arith.ori(y_zero, x_zero), zero, im)


def _sin_parts(x, y):
    """sin z = -i sinh(iz): sinh(-y + xi) = a + bi gives (b, -a). complex.sin gave NaN + NaN i for
    sin(inf + 0i) (the interpreter, as C: NaN + 0i)."""
    a, b = _sinh_parts(arith.negf(y), x)
    re, im = b, arith.negf(a)
    # C leaves these signs open; the interpreter's (glibc's): x inf or NaN, y infinite: NaN + inf i
    odd = arith.andi(_not_finite(x), _is_inf(y))
    return select(odd, const(float("nan"), x.type), re), select(odd, const(float("inf"), x.type), im)


def _cos_parts(x, y):
    """cos z = cosh(iz) = cosh(-y + xi); where x is inf or NaN: inf + NaN i for an infinite y,
    NaN + 0i for a zero y (glibc's choices of the signs C leaves open)."""
    t = x.type
    re, im = _cosh_parts(arith.negf(y), x)
    odd = arith.andi(_not_finite(x), _is_inf(y))
    re, im = select(odd, const(float("inf"), t), re), select(odd, const(float("nan"), t), im)
    zero_y = arith.andi(_not_finite(x), arith.cmpf(F.OEQ, y, const(0.0, t)))
    return select(zero_y, const(float("nan"), t), re), select(zero_y, const(0.0, t), im)


def _not_finite(v):
    return arith.cmpf(F.UNO, arith.subf(v, v), const(0.0, v.type))


def _is_inf(v):
    return arith.cmpf(F.OEQ, math.absf(v), const(float("inf"), v.type))


def _rsqrt_parts(x, y):
    """1 / sqrt(z) as the interpreter: Smith's division of 1 + 0i by the written-out sqrt
    (complex.rsqrt rounded differently, 76-90 elements a case off on the sweep)."""
    ct = ir.ComplexType.get(x.type)
    one = cx.create_(ct, const(1.0, x.type), const(0.0, x.type))
    q = complex_divide(one, cx.create_(ct, *_sqrt_parts(x, y)))
    return cx.re(q), cx.im(q)


def _cbrt_parts(x, y):
    """exp(log(z) / 3) as the interpreter: log by parts, divided by 3 + 0i the way Smith's
    division does it (times the rounded 1/3, the other part times 0 added), then complex.exp;
    zero stays as it is."""
    t = x.type
    lr, li = _log_parts(x, y)
    third, zero = const(1.0 / 3.0, t), const(0.0, t)
    re = arith.mulf(arith.addf(lr, arith.mulf(li, zero)), third)
    im = arith.mulf(arith.subf(li, arith.mulf(lr, zero)), third)
    e = _cexp(cx.create_(ir.ComplexType.get(t), re, im))     # cbrt(inf + 0i) gives exp(inf + NaN i)
    is_zero = arith.andi(arith.cmpf(F.OEQ, x, zero), arith.cmpf(F.OEQ, y, zero))
    return select(is_zero, x, cx.re(e)), select(is_zero, y, cx.im(e))


def _logistic_parts(x, y):
    """1 / (1 + e^-z) as the interpreter: e = exp(z) left of the imaginary axis (there e / (1 + e)),
    else exp(-z) (1 / (1 + e)), divided by Smith's method; complex<f32> in f64 and rounded once.
    complex.div's own division was 1-2 ulp off and lost the real part of 1 / (1 + e^(-pi i))."""
    t = x.type
    ct = ir.ComplexType.get(t)
    left = arith.cmpf(F.OLT, x, const(0.0, t))
    w = cx.create_(ct, select(left, x, arith.negf(x)), select(left, y, arith.negf(y)))
    e = cx.exp(w)
    one = cx.create_(ct, const(1.0, t), const(0.0, t))
    den = cx.add(one, e)
    q = complex_divide(cx.create_(ct, select(left, cx.re(e), const(1.0, t)), select(left, cx.im(e), const(0.0, t))),
                       den)
    return cx.re(q), cx.im(q)


def _in_c128(fn, *zs):
    """fn on complex<f64> values; complex<f32> ones widened and the result rounded once, as the
    interpreter computes complex functions in complex128."""
    part = cx.re(zs[0]).type
    if part == ir.F64Type.get():
        return fn(*zs)
    f64 = ir.F64Type.get()
    c128 = ir.ComplexType.get(f64)
    r = fn(*[cx.create_(c128, arith.extf(f64, cx.re(z)), arith.extf(f64, cx.im(z))) for z in zs])
    return cx.create_(zs[0].type, arith.truncf(part, cx.re(r)), arith.truncf(part, cx.im(r)))


def _complex_log(z):
    return cx.create_(z.type, *_log_parts(cx.re(z), cx.im(z)))


def _complex_atan2(y, x):
    """-i log((x + iy) / sqrt(y y + x x)), each step as numpy computes it (fused products,
    Smith's division, the written-out sqrt and log); complex-dialect steps were 1-4 ulp apart."""
    from .elementwise import complex_multiply
    t = cx.re(x).type
    i = cx.create_(x.type, const(0.0, t), const(1.0, t))
    num = cx.add(x, complex_multiply(i, y))
    s = cx.add(complex_multiply(y, y), complex_multiply(x, x))
    den = cx.create_(x.type, *_sqrt_parts(cx.re(s), cx.im(s)))
    minus_i = cx.create_(x.type, const(-0.0, t), const(-1.0, t))
    return complex_multiply(minus_i, _complex_log(complex_divide(num, den)))


def _cexp(z):
    """complex.exp with C's (glibc's) infinite cases: exp(+inf + i y) for an infinite or NaN y is
    inf + NaN i, exp(-inf + i y) is 0 + 0i with y's sign (complex.exp gave NaN + NaN i)."""
    t = cx.re(z).type
    x, y = cx.re(z), cx.im(z)
    e = cx.exp(z)
    re, im = cx.re(e), cx.im(e)
    odd_y = arith.cmpf(F.UNO, arith.subf(y, y), const(0.0, t))
    pos = arith.andi(arith.cmpf(F.OEQ, x, const(float("inf"), t)), odd_y)
    neg = arith.andi(arith.cmpf(F.OEQ, x, const(float("-inf"), t)), odd_y)
    re = select(pos, x, select(neg, const(0.0, t), re))
    im = select(pos, const(float("nan"), t), select(neg, math.copysign(const(0.0, t), y), im))
    return cx.create_(z.type, re, im)


def complex_power(x, y):
    """exp(y log x), 1 where y is 0, as the interpreter (complex128, fused product)."""
    from .elementwise import complex_multiply

    def fn(a, b):
        t = cx.re(a).type
        p = complex_multiply(b, _complex_log(a))
        e = _cexp(p)
        zero = arith.andi(arith.cmpf(F.OEQ, cx.re(b), const(0.0, t)), arith.cmpf(F.OEQ, cx.im(b), const(0.0, t)))
        return cx.create_(a.type, select(zero, const(1.0, t), cx.re(e)), select(zero, const(0.0, t), cx.im(e)))
    return _in_c128(fn, x, y)


def _expm1(x):
    """e^x - 1 by Kahan's (u - 1) x / log u with u = e^x (libm's exp and log), accurate to a few
    ulp near 0: MLIR's math-to-llvm turns math.expm1 into exp(x) - 1 (expm1(1e-6) was 4e-11
    off in f64). u - 1 itself where it is exact enough and x (u - 1) would overflow (x > 40)."""
    t = x.type
    one = const(1.0, t)
    u = math.exp(x)
    um1 = arith.subf(u, one)
    y = arith.divf(arith.mulf(um1, x), math.log(u))
    y = select(arith.cmpf(F.OEQ, u, one), x, y)                 # |x| below an ulp of 1 (and +-0)
    y = select(arith.cmpf(F.OEQ, um1, const(-1.0, t)), um1, y)  # e^x underflows: -1
    y = select(arith.cmpf(F.OGT, x, const(40.0, t)), um1, y)
    return select(arith.cmpf(F.UNO, x, x), x, y)


def _expm1_parts(x, y):
    """(expm1(x) cos y - 2 sin^2(y / 2), e^x sin y): no cancellation near z = 0; a zero
    imaginary part stays (inf + 0i, not inf * 0)."""
    t = x.type
    s = math.sin(arith.mulf(const(0.5, t), y))
    re = arith.subf(arith.mulf(_expm1(x), math.cos(y)), arith.mulf(const(2.0, t), arith.mulf(s, s)))
    im = arith.mulf(math.exp(x), math.sin(y))
    return re, select(arith.cmpf(F.OEQ, y, const(0.0, t)), y, im)


def _sign_parts(x, y):
    """z / |z| part by part, as the interpreter: |z| by _modulus (it overflows to inf for huge
    parts, which then give 0); a zero stays as it is (its signs kept), a NaN part
    makes both NaN, an infinite part gives NaN (inf / inf) and a finite one 0."""
    t = x.type
    n = _modulus(x, y)
    re, im = arith.divf(x, n), arith.divf(y, n)
    zero = arith.cmpf(F.OEQ, n, const(0.0, t))
    re, im = select(zero, x, re), select(zero, y, im)
    nan = arith.ori(arith.cmpf(F.UNO, x, x), arith.cmpf(F.UNO, y, y))
    return select(nan, const(float("nan"), t), re), select(nan, const(float("nan"), t), im)


# complex64 exponential_minus_one / rsqrt / tanh in XLA CPU's f32 steps, as the interpreter's
# interpreter/ops/xla_complex64.py (the spec leaves their accuracy free; StableHLO's testdata checks
# XLA's values within 3 ulp, which the correctly rounded ones miss where XLA's formulas cancel).
# Each step is one f32 operation; exp / sin / cos / tanh / atan2 computed in f64 and rounded once
# (correctly rounded, as the interpreter's); math.fma exactly where xla_complex64.py has one.
# Finite nonzero operands only: zeros, infinities and NaN keep the C99 results of the f64 path.

def _f32_of_f64(fn, *vs):
    f64 = ir.F64Type.get()
    return arith.truncf(ir.F32Type.get(), fn(*[arith.extf(f64, v) for v in vs]))


def _xla_expm1_f32(x):
    """XLA's real expm1: tanh(x/2) (e^x + 1) up to |x| = 1/2, e^x - 1 above, x when x/2 is 0."""
    one = const(1.0, x.type)
    half = arith.mulf(x, const(0.5, x.type))
    e = _f32_of_f64(math.exp, x)
    small = arith.mulf(_f32_of_f64(math.tanh, half), arith.addf(e, one))
    out = select(arith.cmpf(F.OGT, math.absf(x), const(0.5, x.type)), arith.subf(e, one), small)
    return select(arith.cmpf(F.OEQ, half, const(0.0, x.type)), x, out)


# Cephes' cos(x) - 1 = -x^2 / 2 + x^4 P(x^2) coefficients, highest first (xla_complex64._COSM1)
_COSM1 = (4.7377507964246204691685e-14, -1.1470284843425359765671e-11, 2.0876754287081521758361e-9,
          -2.7557319214999787979814e-7, 2.4801587301570552304991e-5, -1.3888888888888872993737e-3,
          4.1666666666666666609054e-2)


def _xla_cosm1_f32(x):
    t = x.type
    xx = arith.mulf(x, x)
    p = const(_COSM1[0], t)
    for c in _COSM1[1:]:
        p = math.fma(p, xx, const(c, t))
    small = math.fma(arith.mulf(xx, xx), p, arith.mulf(const(-0.5, t), xx))
    big = arith.subf(_f32_of_f64(math.cos, x), const(1.0, t))
    return select(arith.cmpf(F.OGT, xx, const(0.61685, t)), big, small)


def _xla_expm1_parts(x, y):
    """(expm1(x) cos y + cosm1(y)) as fma(em, cm + 1, cm), (expm1(x) + 1) sin y; a zero y kept."""
    t = x.type
    em, cm = _xla_expm1_f32(x), _xla_cosm1_f32(y)
    one = const(1.0, t)
    re = math.fma(em, arith.addf(cm, one), cm)
    im = arith.mulf(arith.addf(em, one), _f32_of_f64(math.sin, y))
    return re, select(arith.cmpf(F.OEQ, y, const(0.0, t)), y, im)


def _xla_rsqrt_parts(x, y):
    """rsqrt(|z|) (cos(-t/2) + i sin(-t/2)), t = atan2(y, x), |z| from the larger part."""
    t = x.type
    one = const(1.0, t)
    ax, ay = math.absf(x), math.absf(y)
    big, small = arith.maximumf(ax, ay), arith.minimumf(ax, ay)
    d = arith.divf(small, big)
    root = math.sqrt(math.fma(d, d, one))
    r = arith.mulf(arith.divf(one, math.sqrt(big)), arith.divf(one, math.sqrt(root)))
    angle = arith.mulf(_f32_of_f64(math.atan2, y, x), const(-0.5, t))
    return arith.mulf(r, _f32_of_f64(math.cos, angle)), arith.mulf(r, _f32_of_f64(math.sin, angle))


def _xla_tanh_parts(x, y):
    """(expm1(2x) - expm1(-2x) + 4i cos y sin y) / (expm1(2x) + expm1(-2x) + 4 cos^2 y); real
    part +-1 where the exponentials overflow; a zero y kept."""
    t = x.type
    two = arith.addf(x, x)
    ep, em = _xla_expm1_f32(two), _xla_expm1_f32(arith.mulf(const(-1.0, t), two))
    c, s = _f32_of_f64(math.cos, y), _f32_of_f64(math.sin, y)
    total = arith.addf(ep, em)
    den = arith.addf(total, arith.mulf(arith.mulf(c, c), const(4.0, t)))
    re = select(arith.cmpf(F.OEQ, total, const(float("inf"), t)), math.copysign(const(1.0, t), x),
                arith.divf(arith.subf(ep, em), den))
    im = arith.divf(arith.mulf(const(4.0, t), arith.mulf(c, s)), den)
    return re, select(arith.cmpf(F.OEQ, y, const(0.0, t)), y, im)


def _xla_or_c99(xla_parts, c99_parts):
    """complex<f32>: xla_parts where both parts are finite and z != 0, else c99_parts (by
    _by_parts, in f64); complex<f64> as c99_parts alone."""
    c99 = _by_parts(c99_parts)

    def complex_fn(z):
        if cx.re(z).type != ir.F32Type.get():
            return c99(z)
        x, y = cx.re(z), cx.im(z)
        t = x.type
        finite = arith.andi(arith.cmpf(F.ORD, arith.subf(x, x), const(0.0, t)),
                            arith.cmpf(F.ORD, arith.subf(y, y), const(0.0, t)))
        nonzero = arith.ori(arith.cmpf(F.ONE, x, const(0.0, t)), arith.cmpf(F.ONE, y, const(0.0, t)))
        use = arith.andi(finite, nonzero)
        # the XLA steps see 1 elsewhere (as the interpreter's), so no NaN or trap flows from them
        one = const(1.0, t)
        xa, ya = select(use, x, one), select(use, y, const(0.0, t))
        re, im = xla_parts(xa, ya)
        w = c99(z)
        return cx.create_(z.type, select(use, re, cx.re(w)), select(use, im, cx.im(w)))
    return complex_fn


_complex_sqrt = _by_parts(_sqrt_parts)


_unary("sqrt", math.sqrt, _complex_sqrt)
_unary("rsqrt", _rsqrt, _xla_or_c99(_xla_rsqrt_parts, _rsqrt_parts))
_unary("cbrt", math.cbrt, _by_parts(_cbrt_parts))
_unary("exponential", math.exp, cx.exp)
_unary("exponential_minus_one", lambda x: _expm1(x), _xla_or_c99(_xla_expm1_parts, _expm1_parts))
_unary("log", math.log, _by_parts(_log_parts))
_unary("log_plus_one", math.log1p, _by_parts(_log1p_parts))
_VIA_F16 = ("f16", "f8E4M3FN", "f8E5M2", "f8E4M3FNUZ", "f8E5M2FNUZ", "f8E4M3B11FNUZ", "f8E3M4", "f8E4M3")


@scalar("logistic")
def logistic(ctx, x):
    """f16 (and the f8 types, through f16) as XLA CPU and the interpreter evaluate it:
    1 / (1 + e) with e = exp(-x), each step rounded to f16 (so exp(14.7) overflows and the
    result is 0, not 4e-7)."""
    e = _e(ctx)
    if e not in _VIA_F16:
        def floating(v):
            if v.type == ir.F32Type.get() and approx.enabled():
                return approx.logistic(v)
            return _logistic(v)
        return _float_or_complex(ctx, x, floating, _by_parts(_logistic_parts))
    f16, f32 = ir.F16Type.get(), ir.F32Type.get()
    xw = x if x.type == f32 else arith.extf(f32, x)
    fast = approx.exp if approx.enabled() else math.exp
    ex = arith.truncf(f16, fast(arith.negf(xw)))
    d = arith.truncf(f16, arith.addf(const(1.0, f32), arith.extf(f32, ex)))
    r = arith.truncf(f16, arith.divf(const(1.0, f32), arith.extf(f32, d)))
    if e == "f16":
        return r
    return convert_float(arith.extf(f32, r), "f32", e)
_unary("sine", math.sin, _by_parts(_sin_parts))
_unary("cosine", math.cos, _by_parts(_cos_parts))
_unary("tan", math.tan, _by_parts(_tan_parts))
_unary("tanh", math.tanh, _xla_or_c99(_xla_tanh_parts, _tanh_parts))
_unary("erf", math.erf)


@scalar("atan2")
def atan2(ctx, y, x):
    e = _e(ctx)
    if kind(e) == "complex":
        return _in_c128(_complex_atan2, y, x)
    return via_f32(math.atan2, e, y, x)


@scalar("is_finite")
def is_finite(ctx, x):
    if _e(ctx) == "bf16":      # exponent bits not all ones (see _bf16_bits)
        i16 = ir.IntegerType.get_signless(16)
        exp = arith.andi(arith.bitcast(i16, x), const(0x7F80, i16))
        return arith.cmpi(P.ne, exp, const(0x7F80, i16))
    return arith.cmpf(F.OLT, math.absf(x), const(float("inf"), x.type))


# ----------------------------------------------------------------------------- complex numbers and their parts

@scalar("complex")
def complex_(ctx, re, im):
    return cx.create_(el.compute_type(ctx.result_types[0].element), re, im)


@scalar("real")
def real(ctx, x):
    if kind(_e(ctx)) == "complex":
        return cx.re(x)
    return x


@scalar("imag")
def imag(ctx, x):
    if kind(_e(ctx)) == "complex":
        return cx.im(x)
    return const(0.0, x.type)


# ----------------------------------------------------------------------------- reduce_precision

_LAYOUTS = {"f16": (16, 10), "bf16": (16, 7), "f32": (32, 23), "f64": (64, 52)}


def reduce_bits(v, n: int, m: int, exponent_bits: int, mantissa_bits: int, narrow: bool):
    """XLA's ReducePrecision on the n-bit pattern `v` of an IEEE float with m fraction bits."""
    it = v.type
    e = n - m - 1
    if mantissa_bits < m:
        shift = m - mantissa_bits
        last = 1 << shift
        base_bias = (last >> 1) - 1
        x_last = arith.shrui(arith.andi(v, const(last, it)), const(shift, it))
        v = arith.andi(arith.addi(arith.addi(v, x_last), const(base_bias, it)),
                       const(((1 << n) - 1) & ~(last - 1), it))
    if narrow and exponent_bits < e:
        exp_mask = ((1 << e) - 1) << m
        bias = (1 << (e - 1)) - 1
        reduced_bias = (1 << (exponent_bits - 1)) - 1
        x_exp = arith.andi(v, const(exp_mask, it))
        overflows = arith.cmpi(P.ugt, x_exp, const((bias + reduced_bias) << m, it))
        underflows = arith.cmpi(P.ule, x_exp, const((bias - reduced_bias) << m, it))
        signed_zero = arith.andi(v, const(1 << (n - 1), it))
        signed_inf = arith.ori(signed_zero, const(exp_mask, it))
        v = select(overflows, signed_inf, v)
        v = select(underflows, signed_zero, v)
    return v


@scalar("reduce_precision")
def reduce_precision(ctx, x):
    element = ctx.result_types[0].element
    exponent_bits, mantissa_bits = int(ctx.attrs["exponent_bits"]), int(ctx.attrs["mantissa_bits"])
    if element in _LAYOUTS:
        n, m = _LAYOUTS[element]
        narrow = True
        work = x
    else:
        import ml_dtypes
        from ...literals import numpy_dtype
        info = ml_dtypes.finfo(numpy_dtype(element))
        if int(info.maxexp) <= 16 and int(info.minexp) - int(info.nmant) >= -24:
            # as XLA (and the interpreter): the exact value as an f16, reduced there (its 5 exponent
            # bits narrowed, the reduced format's denormals flushed, e4m3 overflowing 448 to inf)
            n, m = 16, 10
            narrow = True
            work = arith.truncf(ir.F16Type.get(), x)          # exact: the f8 value fits an f16
        else:   # beyond f16's range: on the exact f32 value, narrowing only below its own exponent width
            n, m = 32, 23
            narrow = exponent_bits < int(info.nexp)
            mantissa_bits = mantissa_bits if mantissa_bits < int(info.nmant) else m
            work = x
    it = ir.IntegerType.get_signless(n)
    v = reduce_bits(arith.bitcast(it, work), n, m, exponent_bits, mantissa_bits, narrow)
    out = arith.bitcast(work.type, v)
    nan = arith.cmpf(F.UNO, work, work)
    out = select(nan, work if mantissa_bits > 0 else const(float("inf"), work.type), out)
    if element in el.BYTE_FLOATS:
        if out.type != ir.F32Type.get():
            out = arith.extf(ir.F32Type.get(), out)
        return convert_float(out, "f32", element)
    return out
