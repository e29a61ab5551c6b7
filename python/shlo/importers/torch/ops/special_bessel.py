"""Bessel functions of the first and second kind (J0, J1, Y0, Y1), modified Bessel functions of
the second kind (K0, K1 and their exp(x)-scaled forms) and the spherical Bessel j0, as in
torch.special.

Each is a Chebyshev expansion (numpy's convention, f(t) = sum c_k T_k(t), summed by
special._cheb) fitted here with mpmath at 40 digits on Chebyshev nodes and truncated below
1e-19, on two ranges:

* J0, J1, Y0, Y1 for |x| <= 8 in t = x^2 / 32 - 1: J0 and J1 / x, and the parts of Y0, Y1
  left after their logarithmic terms, Y0 - (2/pi) log(x) J0 and (Y1 - (2/pi)(log(x) J1 - 1/x)) / x
  (entire functions of x^2). For |x| > 8, Hankel's form sqrt(2 / (pi x)) (P cos(chi) - Q sin(chi))
  (Y: P sin + Q cos), chi = x - (2n + 1) pi / 4, with P and x Q fitted in t = 128 / x^2 - 1.
* K0, K1 for x <= 2 in t = x^2 / 2 - 1: K0 + log(x) I0 and (K1 - log(x) I1 - 1/x) / x; for x > 2,
  exp(x) sqrt(x) K in t = 4 / x - 1.

J0 is even and J1 odd; Y and K of negative x are NaN, of 0 -inf / inf. f16 / bf16 inputs are
computed in f32 (special._elementwise). Static shapes only.
"""
from __future__ import annotations

import math

from ..registry import converts
from .special import _cheb, _elementwise, _i0e, _i1e

_J0_SMALL = [
    0.15772797147489012, -0.008723442352852221, 0.2651786132033368, -0.37009499387264977,
    0.15806710233209725, -0.034893769411408884, 0.004819180069467605, -0.00046062616620627504,
    3.246032882100508e-05, -1.7619469077621507e-06, 7.608163592418782e-08, -2.679253530557673e-09,
    7.848696314479465e-11, -1.9438346867370164e-12, 4.125320595634374e-14, -7.588508125447546e-16,
    1.2218515873961411e-17, -1.7367896077002368e-19]
_J1_SMALL = [
    0.08104484632565812, -0.1489751450676521, 0.1609992623572097, -0.08268049176681791,
    0.022213639654966037, -0.003646940600769276, 0.0004050337728354822, -3.255554866857259e-05,
    1.9858774049915165e-06, -9.521984756750436e-08, 3.687133759097148e-09, -1.178026622695885e-10,
    3.160154580348003e-12, -7.221755239651773e-14, 1.4232144003513942e-15, -2.4441972916190464e-17,
    3.6912682997929334e-19]
_Y0_SMALL = [
    -0.03314611320328494, -0.2744743055297453, 0.17903431407718265, 0.26156734625504663,
    -0.17730201278114358, 0.04719668959576339, -0.007287962479552079, 0.0007531135932577742,
    -5.632079141056987e-05, 3.206532537654801e-06, -1.44072332740187e-07, 5.248794787330516e-09,
    -1.5837552541812015e-10, 4.02633081830612e-12, -8.747341203310769e-14, 1.6434898714919468e-15,
    -2.6977881152566837e-17, 3.9032584173475982e-19]
_Y1_SMALL = [
    0.0025380132357417816, -0.01608717304766875, -0.09591204536083074, 0.08445197259652346,
    -0.028328123944594365, 0.005289897544167113, -0.0006414551451326356, 5.505982873338744e-05,
    -3.53808001868935e-06, 1.7707804556154404e-07, -7.11055004989928e-09, 2.344337905911516e-10,
    -6.4651518414115946e-12, 1.51429151205002e-13, -3.0511859694473254e-15, 5.34668038572867e-17,
    -8.224911372021585e-19]
_P0 = [
    0.9994603493475187, -0.0005365220468132117, 3.0751847875194745e-06, -5.1705945376060975e-08,
    1.6306464635151382e-09, -7.86409137723707e-11, 5.168262387349193e-12, -4.3045788699253914e-13,
    4.3265957431549404e-14, -5.069034095935236e-15, 6.748072215733873e-16, -1.0011513723467786e-16,
    1.6305919233744186e-17, -2.880866169482871e-18, 5.468082783259038e-19, -1.1062036496829712e-19]
_Q0 = [
    -0.12444683684269607, 0.0005470815954089319, -5.9315987288485175e-06, 1.4377965798375193e-07,
    -5.817532749493056e-09, 3.376097523734991e-10, -2.565397936797308e-11, 2.404916100281365e-12,
    -2.6690625482579414e-13, 3.4041800321963686e-14, -4.87994410531204e-15, 7.729703176242605e-16,
    -1.3348852171502517e-16, 2.4865952389390515e-17, -4.952892629886516e-18, 1.0473158973776088e-18,
    -2.3369301722114017e-19]
_P1 = [
    1.0009030408600137, 0.0008989898330859408, -3.987284300488908e-06, 6.177633960644299e-08,
    -1.8718907491063067e-09, 8.816898659582339e-11, -5.704863640395645e-12, 4.699195515230542e-13,
    -4.6842237839904895e-14, 5.452674896044717e-15, -7.221180842274018e-16, 1.0667689114335412e-16,
    -1.7312313216116335e-17, 3.0492991197665872e-18, -5.772421654987453e-19, 1.1650571755711486e-19]
_Q1 = [
    0.3742222965562826, -0.0007702178839325664, 7.3108922063643636e-06, -1.676782510726674e-07,
    6.583354662120443e-09, -3.749090950541556e-10, 2.8121750359748866e-11, -2.61145253946232e-12,
    2.8774212663332235e-13, -3.649001916061838e-14, 5.206626366226707e-15, -8.215318025458595e-16,
    1.4141084390211833e-16, -2.626761589838529e-17, 5.219264919671408e-18, -1.1012617187879582e-18,
    2.452593232026291e-19]
_K0_SMALL = [
    0.8433977275772223, 0.787078990859296, 0.06152577860244072, 0.0019458946141853283,
    3.3247998700597626e-05, 3.5563825166277007e-07, 2.6056207418988497e-09, 1.3895141631982779e-11,
    5.635214661841847e-14, 1.7966278703136082e-16, 4.621530611976465e-19]
_K1_SMALL = [
    -0.5089237845320825, -0.2114356597763456, -0.010725575310322739, -0.0002513233586483403,
    -3.4112002554142968e-06, -3.026704146655771e-08, -1.89459722399161e-10, -8.819221396228751e-13,
    -3.1733487638923218e-15, -9.092150880033067e-18]
_K0_LARGE = [
    1.2201515410329777, -0.0314481013119645, 0.0015698838857300533, -0.00012849549581627802,
    1.39498137188765e-05, -1.8317555227191195e-06, 2.766813639445015e-07, -4.660489897687948e-08,
    8.574034017414225e-09, -1.6975345093890614e-09, 3.5773972814003283e-10, -7.957489244477396e-11,
    1.8559491149549264e-11, -4.514597883374519e-12, 1.1403405882073441e-12, -2.9800969231481784e-13,
    8.032890775068375e-14, -2.2275133267462965e-14, 6.340076476276646e-15, -1.848593377920907e-15,
    5.5120559994043335e-16, -1.6782311257549006e-16, 5.210391777643553e-17, -1.647580593984261e-17,
    5.300433771177285e-18, -1.7331712005819832e-18, 5.755109202880026e-19, -1.9390956053120712e-19]
_K1_LARGE = [
    1.3603130952422213, 0.10392373657681724, -0.002857816859622779, 0.00019521551847135162,
    -1.936197974166083e-05, 2.406484947837217e-06, -3.5019606030878126e-07, 5.7410841254500495e-08,
    -1.0345762465678097e-08, 2.0150497551970347e-09, -4.1903547593419254e-10, 9.218315187605315e-11,
    -2.129967838427791e-11, 5.139639673482343e-12, -1.2891739609498229e-12, 3.348419666052243e-13,
    -8.976705182010146e-14, 2.4771544242195988e-14, -7.0198370892147685e-15, 2.038703166239861e-15,
    -6.057047270643018e-16, 1.8380935752430455e-16, -5.689462849193647e-17, 1.794051047886355e-17,
    -5.756744482073249e-18, 1.8778651901622047e-18, -6.221645287349781e-19, 2.0919125269765347e-19]


def _small_t(e, ax):
    return e.subtract(e.multiply(e.multiply(ax, ax), e.k(1.0 / 32.0)), e.k(1.0))


def _hankel(e, ax, n, p_coeffs, q_coeffs):
    """(J_n, Y_n) of ax > 8 from the fitted P, x Q."""
    t = e.subtract(e.divide(e.k(128.0), e.multiply(ax, ax)), e.k(1.0))
    p = _cheb(e, t, p_coeffs)
    q = e.divide(_cheb(e, t, q_coeffs), ax)
    chi = e.subtract(ax, e.k((2 * n + 1) * math.pi / 4))
    c, s = e.cosine(chi), e.sine(chi)
    amp = e.sqrt(e.divide(e.k(2.0 / math.pi), ax))
    return (e.multiply(amp, e.subtract(e.multiply(p, c), e.multiply(q, s))),
            e.multiply(amp, e.add(e.multiply(p, s), e.multiply(q, c))))


def _big(e, ax):
    return e.cmp(ax, e.k(8.0), "GT")


def _j0(e, x):
    ax = e.abs(x)
    return e.sel(_big(e, ax), _hankel(e, ax, 0, _P0, _Q0)[0], _cheb(e, _small_t(e, ax), _J0_SMALL))


def _j1_abs(e, ax):
    return e.sel(_big(e, ax), _hankel(e, ax, 1, _P1, _Q1)[0], e.multiply(ax, _cheb(e, _small_t(e, ax), _J1_SMALL)))


def _j1(e, x):
    r = _j1_abs(e, e.abs(x))
    return e.sel(e.cmp(x, e.k(0.0), "LT"), e.negate(r), r)


def _negative_nan_zero(e, x, r, at_zero):
    r = e.sel(e.cmp(x, e.k(0.0), "EQ"), e.k(at_zero), r)
    return e.sel(e.cmp(x, e.k(0.0), "LT"), e.k(math.nan), r)


def _y0(e, x):
    ax = e.abs(x)
    small = e.add(_cheb(e, _small_t(e, ax), _Y0_SMALL),
                  e.multiply(e.k(2.0 / math.pi), e.multiply(e.log(ax), _cheb(e, _small_t(e, ax), _J0_SMALL))))
    return _negative_nan_zero(e, x, e.sel(_big(e, ax), _hankel(e, ax, 0, _P0, _Q0)[1], small), -math.inf)


def _y1(e, x):
    ax = e.abs(x)
    j1 = e.multiply(ax, _cheb(e, _small_t(e, ax), _J1_SMALL))
    small = e.add(e.multiply(ax, _cheb(e, _small_t(e, ax), _Y1_SMALL)),
                  e.multiply(e.k(2.0 / math.pi), e.subtract(e.multiply(e.log(ax), j1), e.divide(e.k(1.0), ax))))
    return _negative_nan_zero(e, x, e.sel(_big(e, ax), _hankel(e, ax, 1, _P1, _Q1)[1], small), -math.inf)


def _k_scaled(n):
    """exp(x) K_n(x)."""
    def body(e, x):
        ax = e.abs(x)
        t_small = e.subtract(e.multiply(e.multiply(ax, ax), e.k(0.5)), e.k(1.0))
        log = e.log(ax)
        if n == 0:       # K0 = fit - log(x) I0, I0 = exp(x) i0e(x)
            k = e.subtract(_cheb(e, t_small, _K0_SMALL), e.multiply(log, e.multiply(e.exponential(ax), _i0e(e, ax))))
        else:
            k = e.add(e.add(e.multiply(ax, _cheb(e, t_small, _K1_SMALL)),
                            e.multiply(log, e.multiply(e.exponential(ax), _i1e(e, ax)))), e.divide(e.k(1.0), ax))
        small = e.multiply(e.exponential(ax), k)
        t_large = e.subtract(e.divide(e.k(4.0), ax), e.k(1.0))
        large = e.divide(_cheb(e, t_large, _K0_LARGE if n == 0 else _K1_LARGE), e.sqrt(ax))
        r = e.sel(e.cmp(ax, e.k(2.0), "LE"), small, large)
        return _negative_nan_zero(e, x, r, math.inf)
    return body


def _unscaled(body):
    def k(e, x):
        r = e.multiply(e.exponential(e.negate(e.abs(x))), body(e, x))
        return e.sel(e.cmp(x, e.k(0.0), "EQ"), e.k(math.inf), r)
    return k


def _spherical_j0(e, x):
    """sin(x) / x; its Taylor series below |x| = 0.5 (where sin(x) / x loses digits); 0 at +-inf."""
    x2 = e.multiply(x, x)
    series = e.k(0.0)
    for k in reversed(range(9)):
        series = e.add(e.multiply(series, x2), e.k((-1) ** k / math.factorial(2 * k + 1)))
    r = e.sel(e.cmp(e.abs(x), e.k(0.5), "LT"), series, e.divide(e.sine(x), x))
    return e.sel(e.cmp(e.abs(x), e.k(math.inf), "EQ"), e.k(0.0), r)


converts("special_bessel_j0")(_elementwise(_j0))
converts("special_bessel_j1")(_elementwise(_j1))
converts("special_bessel_y0")(_elementwise(_y0))
converts("special_bessel_y1")(_elementwise(_y1))
converts("special_scaled_modified_bessel_k0")(_elementwise(_k_scaled(0)))
converts("special_scaled_modified_bessel_k1")(_elementwise(_k_scaled(1)))
converts("special_modified_bessel_k0")(_elementwise(_unscaled(_k_scaled(0))))
converts("special_modified_bessel_k1")(_elementwise(_unscaled(_k_scaled(1))))
converts("special_spherical_bessel_j0")(_elementwise(_spherical_j0))
