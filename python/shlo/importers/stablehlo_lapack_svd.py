"""`shlo.linalg.svd` along LAPACK ?gesdd's path, for min(m, n) <= 51 with vectors.

Singular vectors are fixed only up to a sign (a phase, complex) per pair; LAPACK's come out of
its path, so matching them means taking the same path (as stablehlo_lapack_eig does for ?geev):

* tall (m >= n): QR first when m >= mnthr (?gesdd's int(n * 11 / 6), ?zgesdd's int(n * 17 / 9)),
  then ?gebrd on R (else on A): Householder bidiagonalization with ?larfg's reflectors, giving a
  real upper bidiagonal B = Q^H A P;
* wide (only n >= mnthr(m), LQ first): ?gelqf (= ?geqrf of A^H), ?gebrd on L;
* ?bdsdc for n <= 25 (SMLSIZ) is ?lasdq, which is ?bdsqr with vectors from I: implicit zero-shift
  or shifted QR sweeps chasing top-to-bottom or bottom-to-top, 2 x 2 blocks by ?lasv2, shifts by
  ?las2, rotations by ?lartg (LAPACK 3.10's: r takes f's sign), then negative values made positive
  by negating VT's row, then sorted;
* ?bdsdc for 25 < n <= 51 is ?lasd0's divide and conquer with one merge
  (stablehlo_lapack_bdsdc).

A numpy model of the same path (scratch bc8/predict.py) gave every column of U and V^H equal to
jaxlib's on the harness shapes (2x2, 2x7, 3x53, 29x7, f32 .. c128). Pure `jax.lax`, one matrix,
vmapped over batches by the caller.
"""
from __future__ import annotations

import math

SMLSIZ = 25
MAXITR = 6


def eligible(m: int, n: int, complex_: bool, mode: str) -> bool:
    """True where this body follows ?gesdd's path: vectors wanted, min(m, n) <= 2 SMLSIZ + 1
    (?bdsqr up to SMLSIZ, one divide-and-conquer merge above), and not a wide matrix without
    the LQ step (that path has a lower bidiagonal)."""
    k = min(m, n)
    if k < 1 or k > 2 * SMLSIZ + 1:
        return False
    if mode == "N":                  # values only: float32 tall ones (svd_lapack's own test)
        return m >= n and not complex_
    return m >= n or n >= _mnthr(m, complex_)


def _openblas_order(m: int, n: int, dtype, mode: str) -> bool:
    """Whether ?gesdd's float32 path runs in OpenBLAS's kernel order here (?geqr2 / ?gelq2,
    ?gebd2, ?orm2r, ?orml2, ?org2r / ?orgl2, sgemm: stablehlo_lapack_gebd2, _qr): on AVX-512,
    every path with vectors, values only for tall matrices."""
    import jax.numpy as jnp
    from ..interpreter.ops.openblas_order import kernels
    if kernels() != "avx512" or jnp.dtype(dtype) != jnp.float32:
        return False
    return m >= n or mode != "N"


def _mnthr(k: int, complex_: bool) -> int:
    return int(k * 17.0 / 9.0) if complex_ else int(k * 11.0 / 6.0)


def svd_lapack(a, mode, u_shape, vt_shape):
    """(a, s, u, vt, info) as `stablehlo_lapack._svd1` returns them, along ?gesdd's path. The
    work is on a scaled by a power of two (exact: the same rounding, vectors unchanged), as
    ?gesdd scales a matrix whose entries' squares would overflow or underflow."""
    from .stablehlo_lapack import _unit_scale, _svd1
    m, n = a.shape
    ordered = _openblas_order(m, n, a.dtype, mode)
    if mode == "N" and not ordered:
        return _svd1(a, mode, u_shape, vt_shape)
    scale = _unit_scale(a)
    path = _svd_path_openblas if ordered else _svd_path
    from . import stablehlo_lapack_cgebd2 as cgebd2          # complex64: cgesdd path 6 in order
    if cgebd2.path6(m, n, a.dtype, mode):
        path = cgebd2.svd_path6
    elif cgebd2.qr_first(m, n, a.dtype, mode):
        path = cgebd2.svd_qr_first
    elif cgebd2.lq_first(m, n, a.dtype, mode):
        path = cgebd2.svd_lq_first
    _, s, u, vt, info = path(a * scale.astype(a.dtype), mode)
    if mode == "N":
        import jax.numpy as jnp
        return a, s / scale, jnp.zeros(u_shape, a.dtype), jnp.zeros(vt_shape, a.dtype), info
    return a, s / scale, u, vt, info


def _svd_path(a, mode):
    import jax.numpy as jnp
    from .stablehlo_lapack import _geqrf1, _orgqr1, _mm
    m, n = a.shape
    dt = a.dtype
    cplx = jnp.issubdtype(dt, jnp.complexfloating)
    full = mode == "A"
    if m < n:                                    # A = L Q_lq, Q_lq^H = ?geqrf(A^H)'s Q
        packed, taus = _geqrf1(jnp.conj(a.T))
        lmat = jnp.conj(jnp.triu(packed[:m]).T)
        qp = _orgqr1(packed, taus, n if full else m)
        qb, d, e, p = _gebrd(lmat)
        s, ub, vtb, info = _bidiagonal_svd(d, e)
        u = _mm(qb, ub.astype(dt))
        v = _mm(qp[:, :m], _mm(p, vtb.T.astype(dt)))
        if full:
            v = jnp.concatenate([v, qp[:, m:]], axis=1)
        return a, s, u, jnp.conj(v.T), info
    if m > n and m >= _mnthr(n, cplx):           # QR first
        packed, taus = _geqrf1(a)
        qfull = _orgqr1(packed, taus, m if full else n)
        qb, d, e, p = _gebrd(jnp.triu(packed[:n]))
        left = _mm(qfull[:, :n], qb)
    else:
        qfull, d, e, p = _gebrd(a)
        left = qfull[:, :n]
    s, ub, vtb, info = _bidiagonal_svd(d, e)
    u = _mm(left, ub.astype(dt))
    if full and m > n:
        u = jnp.concatenate([u, qfull[:, n:]], axis=1)
    v = _mm(p, vtb.T.astype(dt))
    return a, s, u, jnp.conj(v.T), info


def _svd_path_openblas(a, mode):
    """?gesdd's float32 paths in LAPACK's and OpenBLAS's order. Tall (path 5): ?gebd2 on A,
    ?bdsdc, U = Q [Ub; 0] by ?orm2r, VT = VTb P^T by ?orml2. m >= mnthr (paths 1, 3, 4): ?geqr2
    first, ?gebd2 on R, U = Q_qr (Q_brd Ub) by ?org2r and sgemm (for 'A' Q_qr's other columns
    after). Wide (n >= mnthr, paths 3t, 4t): ?gelq2, ?gebd2 on L, VT = (VTb P^T) Q_lq by ?orgl2
    and sgemm (for 'A' Q_lq's other rows after). Values only: ?bdsdc('N') is dqds, the
    bidiagonal's values to high relative accuracy; here float64 ?bdsdc's, rounded."""
    import jax.numpy as jnp
    from . import stablehlo_lapack_gebd2 as gb
    from . import stablehlo_lapack_qr as qr
    from . import stablehlo_openblas_order as ob
    m, n = a.shape
    dt = a.dtype
    if m < n:                                     # ?gelqf, ?gebrd on L (its own leading dim m)
        lq, ltau = gb.gelq2(a)
        packed, d, e, tauq, taup = gb.gebd2(jnp.tril(lq[:, :m]), True)
        s, ub, vtb, info = _bidiagonal_svd(d, e)
        u = gb.apply_q(packed, tauq, ub.astype(dt), True)
        vts = gb.apply_pt(packed, taup, vtb.astype(dt))
        q = gb.orgl2(lq, ltau, n if mode == "A" else m)
        vt = ob.sgemm_nn(vts, q[:m])
        if mode == "A":
            vt = jnp.concatenate([vt, q[m:]], axis=0)
        return a, s, u, vt, info
    qr_first = m > n and m >= _mnthr(n, False)
    if qr_first:                                  # ?geqrf, ?gebrd on R (own leading dim for 'S')
        qpacked, qtau = qr.geqrf(a)
        packed, d, e, tauq, taup = gb.gebd2(jnp.triu(qpacked[:n]), mode == "S")
    else:
        packed, d, e, tauq, taup = gb.gebd2(a, True)
    if mode == "N":
        s, _, _, info = _bidiagonal_svd(d.astype(jnp.float64), e.astype(jnp.float64))
        return a, s.astype(dt), None, None, info
    s, ub, vtb, info = _bidiagonal_svd(d, e)
    vt = gb.apply_pt(packed, taup, vtb.astype(dt))
    if qr_first:                                  # 'S': U(1:n, 1:n) inside U (ldu = m)
        us = gb.apply_q(packed, tauq, ub.astype(dt), mode == "A")
        cols = m if mode == "A" else n
        q = qr.orgqr(jnp.pad(qpacked, ((0, 0), (0, cols - n))), qtau)
        u = ob.sgemm_nn(q[:, :n], us)
        if mode == "A":
            u = jnp.concatenate([u, q[:, n:]], axis=1)
        return a, s, u, vt, info
    ucols = m if mode == "A" else n
    c = jnp.zeros((m, ucols), dt).at[:n, :n].set(ub.astype(dt))
    if ucols > n:
        c = c.at[n:, n:].set(jnp.eye(m - n, dtype=dt))
    return a, s, gb.apply_q(packed, tauq, c, True), vt, info


def _bidiagonal_svd(d, e):
    """?bdsdc('U', 'I'): ?lasdq (= ?bdsqr) up to SMLSIZ, divide and conquer above."""
    if d.shape[0] <= SMLSIZ:
        return _bdsqr(d, e)
    from .stablehlo_lapack_bdsdc import bdsdc
    return bdsdc(d, e)


def _gebrd(x):
    """?gebrd of x (r x k, r >= k): (Q r x r, d, e, P k x k) with x = Q B P^H, B upper
    bidiagonal with diagonal d and superdiagonal e (real: ?larfg's betas)."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack import _larfg, _col, _row, _i, _real_dtype
    r, k = x.shape
    dt = x.dtype
    rdt = _real_dtype(dt)
    rows = lax.iota(jnp.int32, r)
    cols = lax.iota(jnp.int32, k)

    def step(i, c):
        x, q, p, d, e = c
        col = _col(x, i)
        v, tau, head = _larfg(col, i, rows > i, rows)
        w = jnp.sum(jnp.conj(v)[:, None] * x, axis=0)                 # v^H x
        x = x - jnp.where((cols > i)[None, :], jnp.conj(tau) * v[:, None] * w[None, :], 0)
        x = lax.dynamic_update_slice_in_dim(x, jnp.where(rows == i, head, jnp.where(rows > i, 0, col))[:, None], i, 1)
        q = q - tau * jnp.sum(q * v[None, :], axis=1)[:, None] * jnp.conj(v)[None, :]
        d = d.at[i].set(jnp.real(head).astype(rdt))
        # the row reflector G = I - taup g g^H on conj(row i) right of the diagonal: x G
        row = jnp.conj(_row(x, i))
        g, taup, headp = _larfg(row, i + 1, cols > i + 1, cols)
        xg = jnp.sum(x * g[None, :], axis=1)
        x2 = x - taup * xg[:, None] * jnp.conj(g)[None, :]
        newrow = jnp.where(cols == i + 1, jnp.conj(headp), jnp.where(cols > i + 1, 0, _row(x2, i)))
        x2 = lax.dynamic_update_slice_in_dim(x2, newrow[None, :], i, 0)
        p2 = p - taup * jnp.sum(p * g[None, :], axis=1)[:, None] * jnp.conj(g)[None, :]
        more = i < k - 1
        x = jnp.where(more, x2, x)
        p = jnp.where(more, p2, p)
        e = jnp.where(more, e.at[jnp.minimum(i, k - 2) if k > 1 else 0].set(jnp.real(headp).astype(rdt)), e)
        return x, q, p, d, e

    init = (x, jnp.eye(r, dtype=dt), jnp.eye(k, dtype=dt), jnp.zeros((k,), rdt), jnp.zeros((max(k - 1, 1),), rdt))
    _, q, p, d, e = lax.fori_loop(_i(0), _i(k), step, init)
    return q, d, e[:k - 1], p


def _sign(a, b):
    """Fortran SIGN(a, b): |a| with b's sign."""
    import jax.numpy as jnp
    return jnp.where(b >= 0, jnp.abs(a), -jnp.abs(a))


def _lartg(f, g):
    """?lartg (LAPACK >= 3.10): (c, s, r) with [c s; -s c] [f; g] = [r; 0], r of f's sign, c >= 0."""
    import jax.numpy as jnp
    one, zero = jnp.ones_like(f), jnp.zeros_like(f)
    dd = jnp.sqrt(f * f + g * g)
    safe = jnp.where(dd == 0, one, dd)
    r = _sign(dd, f)
    safer = jnp.where(r == 0, one, r)
    c = jnp.where(g == 0, one, jnp.where(f == 0, zero, jnp.abs(f) / safe))
    s = jnp.where(g == 0, zero, jnp.where(f == 0, _sign(one, g), g / safer))
    r = jnp.where(g == 0, f, jnp.where(f == 0, jnp.abs(g), r))
    return c, s, r


def _las2(f, g, h):
    """?las2: the smaller singular value of [[f, g], [0, h]] (the shift)."""
    import jax.numpy as jnp
    fa, ga, ha = jnp.abs(f), jnp.abs(g), jnp.abs(h)
    fhmn, fhmx = jnp.minimum(fa, ha), jnp.maximum(fa, ha)
    one = jnp.ones_like(fa)
    sfx = jnp.where(fhmx == 0, one, fhmx)
    sga = jnp.where(ga == 0, one, ga)
    as_ = 1 + fhmn / sfx
    at = (fhmx - fhmn) / sfx
    au1 = (ga / sfx) ** 2
    c1 = 2 / (jnp.sqrt(as_ * as_ + au1) + jnp.sqrt(at * at + au1))
    au2 = fhmx / sga
    c2 = 1 / (jnp.sqrt(1 + (as_ * au2) ** 2) + jnp.sqrt(1 + (at * au2) ** 2))
    small2 = (fhmn * c2) * au2
    ssmin = jnp.where(ga < fhmx, fhmn * c1, jnp.where(au2 == 0, (fhmn * fhmx) / sga, small2 + small2))
    return jnp.where(fhmn == 0, jnp.zeros_like(fa), ssmin)


def _lasv2(f, g, h, eps):
    """?lasv2: the SVD of [[f, g], [0, h]]: (ssmin, ssmax, snr, csr, snl, csl), signed as LAPACK."""
    import jax.numpy as jnp
    one = jnp.ones_like(f)
    swap = jnp.abs(h) > jnp.abs(f)
    ft, ht = jnp.where(swap, h, f), jnp.where(swap, f, h)
    fa, ha = jnp.abs(ft), jnp.abs(ht)
    gt, ga = g, jnp.abs(g)
    pmax = jnp.where(swap, 3, 1)
    gzero = ga == 0
    sga = jnp.where(gzero, one, ga)
    sgt = jnp.where(gzero, one, gt)
    sfa = jnp.where(fa == 0, one, fa)
    sft = jnp.where(ft == 0, one, ft)
    bigg = (~gzero) & (ga > fa)
    pmax = jnp.where(bigg, 2, pmax)
    tiny = bigg & (fa / sga < eps)
    # g dominates by 1 / eps
    sha = jnp.where(ha == 0, one, ha)
    tmin = jnp.where(ha > 1, fa / (sga / sha), (fa / sga) * ha)
    # the general case
    dd = fa - ha
    l = jnp.where(dd == fa, one, dd / sfa)
    mq = gt / sft
    t = 2 - l
    mm, tt = mq * mq, t * t
    s = jnp.sqrt(tt + mm)
    r = jnp.where(l == 0, jnp.abs(mq), jnp.sqrt(l * l + mm))
    a = 0.5 * (s + r)
    sdd = _sign(dd, ft)
    t = jnp.where(mm == 0,
                  jnp.where(l == 0, _sign(2 * one, ft) * _sign(one, gt), gt / jnp.where(sdd == 0, one, sdd) + mq / t),
                  (mq / (s + t) + mq / (r + l)) * (1 + a))
    l2 = jnp.sqrt(t * t + 4)
    crt_g, srt_g = 2 / l2, t / l2
    clt_g, slt_g = (crt_g + srt_g * mq) / a, (ht / sft) * srt_g / a
    pick = lambda z, ti, ge: jnp.where(gzero, z, jnp.where(tiny, ti, ge))  # noqa: E731
    ssmin = pick(ha, tmin, ha / a)
    ssmax = pick(fa, ga, fa * a)
    clt = pick(one, one, clt_g)
    slt = pick(0 * one, ht / sgt, slt_g)
    crt = pick(one, ft / sgt, crt_g)
    srt = pick(0 * one, one, srt_g)
    csl, snl = jnp.where(swap, srt, clt), jnp.where(swap, crt, slt)
    csr, snr = jnp.where(swap, slt, crt), jnp.where(swap, clt, srt)
    tsign = jnp.where(pmax == 1, _sign(one, csr) * _sign(one, csl) * _sign(one, f),
                      jnp.where(pmax == 2, _sign(one, snr) * _sign(one, csl) * _sign(one, g),
                                _sign(one, snr) * _sign(one, snl) * _sign(one, h)))
    ssmax = _sign(ssmax, tsign)
    ssmin = _sign(ssmin, tsign * _sign(one, f) * _sign(one, h))
    return ssmin, ssmax, snr, csr, snl, csl


def _rot_pair(x, p, c, s, axis):
    """Rows (axis 0) or columns (axis 1) p, p + 1 of x: (a, b) -> (c a + s b, c b - s a)."""
    import jax.numpy as jnp
    from jax import lax
    pair = lax.dynamic_slice_in_dim(x, p, 2, axis=axis)
    a = lax.slice_in_dim(pair, 0, 1, axis=axis)
    b = lax.slice_in_dim(pair, 1, 2, axis=axis)
    new = jnp.concatenate([c * a + s * b, c * b - s * a], axis=axis)
    return lax.dynamic_update_slice_in_dim(x, new, p, axis=axis)


def _srot_pair(x, p, c, s, axis):
    """_rot_pair as OpenBLAS's ?rot computes it on AVX-512 (x' = fma(c, x, s y),
    y' = fma(c, y, -(s x)); scratch cs4/srot_check.py, drot_check.py): ?bdsqr's 2 x 2 blocks
    call ?rot, its sweeps Fortran ?lasr (rounded products)."""
    import jax.numpy as jnp
    from jax import lax
    from ..interpreter.ops.openblas_order import kernels
    from .stablehlo_lapack_fma import fma
    if kernels() != "avx512":
        return _rot_pair(x, p, c, s, axis)
    pair = lax.dynamic_slice_in_dim(x, p, 2, axis=axis)
    a = lax.slice_in_dim(pair, 0, 1, axis=axis)
    b = lax.slice_in_dim(pair, 1, 2, axis=axis)
    new = jnp.concatenate([fma(c, a, s * b), fma(c, b, -(s * a))], axis=axis)
    return lax.dynamic_update_slice_in_dim(x, new, p, axis=axis)


def _bdsqr(d0, e0):
    """?bdsqr (as ?lasdq calls it from ?bdsdc) on the upper bidiagonal (d0, e0), U and VT from I:
    (s descending, U, VT, info). Indices as LAPACK's (1-based: d[1..n], e[1..n-1]); the
    rotations are applied to U's columns / VT's rows as they are made, in ?lasr's order."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack import _i
    n = d0.shape[0]
    rdt = d0.dtype
    eye = jnp.eye(n, dtype=rdt)
    if n == 1:                                   # ?bdsdc: U = sign(d), VT = 1
        return jnp.abs(d0), _sign(jnp.ones_like(d0), d0)[None, :], eye, _i(0)
    eps = float(jnp.finfo(rdt).eps) / 2
    unfl = float(jnp.finfo(rdt).tiny)
    tol = max(10.0, min(100.0, eps ** (-0.125))) * eps
    zero1 = jnp.zeros((1,), rdt)
    d = jnp.concatenate([zero1, d0])
    e = jnp.concatenate([zero1, e0, zero1])
    idx = lax.iota(jnp.int32, n + 1)

    # thresh from the smallest singular value's lower bound (relative accuracy)
    def mu_step(i, c):
        mu, smin = c
        mu = jnp.where(mu == 0, mu, jnp.abs(d[i]) * (mu / (mu + jnp.abs(e[i - 1]))))   # LAPACK stops at 0
        return mu, jnp.minimum(smin, mu)
    _, sminoa = lax.fori_loop(_i(2), _i(n + 1), mu_step, (jnp.abs(d[1]), jnp.abs(d[1])))
    sminoa = jnp.where(jnp.abs(d[1]) == 0, jnp.zeros_like(sminoa), sminoa) / math.sqrt(n)
    thresh = jnp.maximum(tol * sminoa, MAXITR * (n * (n * unfl)))
    maxit = MAXITR * n * n

    def cond(st):
        return (st["m"] > 1) & (st["iter"] < maxit) & (st["passes"] < 4 * maxit + 4 * n)

    def body(st):
        d, e, u, vt, m = st["d"], st["e"], st["u"], st["vt"], st["m"]
        ae, ad = jnp.abs(e), jnp.abs(d)
        hit = (idx >= 1) & (idx <= m - 1) & (ae <= thresh)
        ll0 = jnp.max(jnp.where(hit, idx, 0))
        span = (idx > ll0) & (idx <= m - 1)
        smax = jnp.maximum(ad[m], jnp.max(jnp.where(span, jnp.maximum(ad, ae), 0)))
        e = jnp.where((ll0 > 0) & (idx == ll0), 0, e)
        ll = ll0 + 1
        newm = st["m"]
        idir = jnp.where((ll > st["oldm"]) | (m < st["oldll"]), jnp.where(ad[ll] >= ad[m], 1, 2), st["idir"])

        # relative convergence: mu runs over the block from the end the chase starts at
        def conv_step(t, c):
            mu, sminl, first = c
            j = jnp.where(idir == 1, ll + t, m - 1 - t)
            here = (first < 0) & (ae[j] <= tol * mu)
            first = jnp.where(here, j, first)
            nxt = jnp.where(idir == 1, ad[jnp.minimum(j + 1, n)], ad[j])
            mu2 = nxt * (mu / (mu + ae[j]))
            keep = first >= 0
            return jnp.where(keep, mu, mu2), jnp.where(keep, sminl, jnp.minimum(sminl, mu2)), first
        mu0 = jnp.where(idir == 1, ad[ll], ad[m])
        end_small = jnp.where(idir == 1, ae[m - 1] <= tol * ad[m], ae[ll] <= tol * ad[ll])
        _, sminl, first = lax.fori_loop(_i(0), m - ll, conv_step, (mu0, mu0, _i(-1)))
        first = jnp.where(end_small, jnp.where(idir == 1, m - 1, ll), first)

        shift = jnp.where(idir == 1, _las2(d[m - 1], e[m - 1], d[m]), _las2(d[ll], e[ll], d[ll + 1]))
        sll = jnp.where(idir == 1, ad[ll], ad[m])
        shift = jnp.where((sll > 0) & ((shift / jnp.where(sll > 0, sll, 1)) ** 2 < eps), 0, shift)
        shift = jnp.where(n * tol * (sminl / smax) <= max(eps, 0.01 * tol), 0, shift)

        # kind: 0 deflated at the bottom, 1 2 x 2 block, 2 converged entry, 3 a chase
        kind = jnp.where((ll0 > 0) & (ll0 == m - 1), 0, jnp.where(ll == m - 1, 1, jnp.where(first >= 0, 2, 3)))

        def deflate(args):
            d, e, u, vt = args
            return d, e, u, vt, m - 1

        def block2(args):
            d, e, u, vt = args
            sigmn, sigmx, sinr, cosr, sinl, cosl = _lasv2(d[m - 1], e[m - 1], d[m], eps)
            d = d.at[m - 1].set(sigmx).at[m].set(sigmn)
            e = e.at[m - 1].set(0)
            vt = _srot_pair(vt, m - 2, cosr, sinr, 0)
            u = _srot_pair(u, m - 2, cosl, sinl, 1)
            return d, e, u, vt, m - 2

        def converged(args):
            d, e, u, vt = args
            return d, e.at[first].set(0), u, vt, m

        def chase(args):
            return _chase(args, m, ll, idir, shift, thresh) + (m,)

        d, e, u, vt, newm = lax.switch(kind, [deflate, block2, converged, chase], (d, e, u, vt))
        chased = kind == 3
        return {"d": d, "e": e, "u": u, "vt": vt, "m": newm,
                "oldll": jnp.where(chased, ll, st["oldll"]), "oldm": jnp.where(chased, m, st["oldm"]),
                "idir": jnp.where(kind >= 2, idir, st["idir"]),
                "iter": st["iter"] + jnp.where(chased, m - ll, 0), "passes": st["passes"] + 1}

    st = {"d": d, "e": e, "u": eye, "vt": eye, "m": _i(n), "oldll": _i(-1), "oldm": _i(-1),
          "idir": _i(0), "iter": _i(0), "passes": _i(0)}
    st = lax.while_loop(cond, body, st)
    d, u, vt = st["d"][1:], st["u"], st["vt"]
    info = jnp.where(st["m"] > 1, 1, 0).astype(jnp.int32)
    neg = d < 0
    vt = jnp.where(neg[:, None], -vt, vt)
    d = jnp.abs(d)
    order = jnp.argsort(-d, stable=True)
    return d[order], u[:, order], vt[order], info


def _chase(args, m, ll, idir, shift, thresh):
    """One QR sweep on the block ll..m: zero-shift or shifted, top to bottom (idir 1) or bottom
    to top (idir 2), as ?bdsqr; each rotation applied to VT's rows / U's columns at once."""
    import jax.numpy as jnp
    from jax import lax
    count = m - ll

    def zero_fwd(c):
        d, e, u, vt = c
        def step(t, c):
            d, e, u, vt, cs, oldcs, oldsn = c
            i = ll + t
            cs, sn, r = _lartg(d[i] * cs, e[i])
            e = jnp.where(t > 0, e.at[i - 1].set(oldsn * r), e)
            oldcs, oldsn, di = _lartg(oldcs * r, d[i + 1] * sn)
            d = d.at[i].set(di)
            vt = _rot_pair(vt, i - 1, cs, sn, 0)
            u = _rot_pair(u, i - 1, oldcs, oldsn, 1)
            return d, e, u, vt, cs, oldcs, oldsn
        one = jnp.ones((), d.dtype)
        d, e, u, vt, cs, oldcs, oldsn = lax.fori_loop(0, count, step, (d, e, u, vt, one, one, 0 * one))
        h = d[m] * cs
        d = d.at[m].set(h * oldcs)
        e = e.at[m - 1].set(h * oldsn)
        e = e.at[m - 1].set(jnp.where(jnp.abs(e[m - 1]) <= thresh, 0, e[m - 1]))
        return d, e, u, vt

    def zero_bwd(c):
        d, e, u, vt = c
        def step(t, c):
            d, e, u, vt, cs, oldcs, oldsn = c
            i = m - t
            cs, sn, r = _lartg(d[i] * cs, e[i - 1])
            e = jnp.where(t > 0, e.at[i].set(oldsn * r), e)
            oldcs, oldsn, di = _lartg(oldcs * r, d[i - 1] * sn)
            d = d.at[i].set(di)
            vt = _rot_pair(vt, i - 2, oldcs, -oldsn, 0)
            u = _rot_pair(u, i - 2, cs, -sn, 1)
            return d, e, u, vt, cs, oldcs, oldsn
        one = jnp.ones((), d.dtype)
        d, e, u, vt, cs, oldcs, oldsn = lax.fori_loop(0, count, step, (d, e, u, vt, one, one, 0 * one))
        h = d[ll] * cs
        d = d.at[ll].set(h * oldcs)
        e = e.at[ll].set(h * oldsn)
        e = e.at[ll].set(jnp.where(jnp.abs(e[ll]) <= thresh, 0, e[ll]))
        return d, e, u, vt

    def shift_fwd(c):
        d, e, u, vt = c
        def step(t, c):
            d, e, u, vt, f, g = c
            i = ll + t
            cosr, sinr, r = _lartg(f, g)
            e = jnp.where(t > 0, e.at[i - 1].set(r), e)
            f = cosr * d[i] + sinr * e[i]
            e = e.at[i].set(cosr * e[i] - sinr * d[i])
            g = sinr * d[i + 1]
            d = d.at[i + 1].set(cosr * d[i + 1])
            cosl, sinl, r = _lartg(f, g)
            d = d.at[i].set(r)
            f = cosl * e[i] + sinl * d[i + 1]
            d = d.at[i + 1].set(cosl * d[i + 1] - sinl * e[i])
            more = i < m - 1
            j = jnp.minimum(i + 1, e.shape[0] - 1)
            g = jnp.where(more, sinl * e[j], g)
            e = jnp.where(more, e.at[j].set(cosl * e[j]), e)
            vt = _rot_pair(vt, i - 1, cosr, sinr, 0)
            u = _rot_pair(u, i - 1, cosl, sinl, 1)
            return d, e, u, vt, f, g
        dl = d[ll]
        f0 = (jnp.abs(dl) - shift) * (_sign(jnp.ones_like(dl), dl) + shift / dl)
        d, e, u, vt, f, g = lax.fori_loop(0, count, step, (d, e, u, vt, f0, e[ll]))
        e = e.at[m - 1].set(f)
        e = e.at[m - 1].set(jnp.where(jnp.abs(e[m - 1]) <= thresh, 0, e[m - 1]))
        return d, e, u, vt

    def shift_bwd(c):
        d, e, u, vt = c
        def step(t, c):
            d, e, u, vt, f, g = c
            i = m - t
            cosr, sinr, r = _lartg(f, g)
            e = jnp.where(t > 0, e.at[i].set(r), e)
            f = cosr * d[i] + sinr * e[i - 1]
            e = e.at[i - 1].set(cosr * e[i - 1] - sinr * d[i])
            g = sinr * d[i - 1]
            d = d.at[i - 1].set(cosr * d[i - 1])
            cosl, sinl, r = _lartg(f, g)
            d = d.at[i].set(r)
            f = cosl * e[i - 1] + sinl * d[i - 1]
            d = d.at[i - 1].set(cosl * d[i - 1] - sinl * e[i - 1])
            more = i > ll + 1
            j = jnp.maximum(i - 2, 0)
            g = jnp.where(more, sinl * e[j], g)
            e = jnp.where(more, e.at[j].set(cosl * e[j]), e)
            vt = _rot_pair(vt, i - 2, cosl, -sinl, 0)
            u = _rot_pair(u, i - 2, cosr, -sinr, 1)
            return d, e, u, vt, f, g
        dm = d[m]
        f0 = (jnp.abs(dm) - shift) * (_sign(jnp.ones_like(dm), dm) + shift / dm)
        d, e, u, vt, f, g = lax.fori_loop(0, count, step, (d, e, u, vt, f0, e[m - 1]))
        e = e.at[ll].set(f)
        e = e.at[ll].set(jnp.where(jnp.abs(e[ll]) <= thresh, 0, e[ll]))
        return d, e, u, vt

    which = jnp.where(shift == 0, 0, 2) + jnp.where(idir == 1, 0, 1)
    return lax.switch(which, [zero_fwd, zero_bwd, shift_fwd, shift_bwd], args)
