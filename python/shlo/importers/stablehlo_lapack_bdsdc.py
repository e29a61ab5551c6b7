"""?bdsdc's divide and conquer (COMPQ = 'I') for SMLSIZ < n <= 2 SMLSIZ + 1, where ?lasd0 makes
one merge: two leaves by ?lasdq, joined by ?lasd1. LAPACK's singular vectors carry signs its path
gives them, so `shlo.linalg.svd` takes the same path (stablehlo_lapack_svd does below SMLSIZ):

* ?bdsdc scales B by its largest entry and lifts |d_i| < eps to eps; a split (some |e_i| < eps)
  makes LAPACK solve the pieces separately: here the whole B then goes to ?bdsqr instead;
* leaves (?lasdq, each ascending): rows 1..nl with the column nl + 1 (an nl x (nl + 1) upper
  bidiagonal, rotated to lower and back to upper before ?bdsqr), rows nl + 2..n;
* ?lasd1: ?lasd2's deflation (small z entries, close values merged by a rotation) in its own
  sequential order, ?lasd3's secular equation, Loewner's z and the vectors from it.

The secular roots are found by bisection on the bit pattern of tau (sigma = origin + tau, the
origin the nearer pole, as ?lasd4 picks it): not ?lasd4's iteration, the same roots to rounding,
each difference d_j - sigma to high relative accuracy. A numpy model of this path (scratch
cs3/bdsdc_model.py) gave 4366 / 4368 vectors equal to LAPACK's dbdsdc on random n = 26..51.
"""
from __future__ import annotations

from .stablehlo_lapack_svd import SMLSIZ

MAX_N = 2 * SMLSIZ + 1


def bdsdc(d, e):
    """(s descending, U, VT, info) of the upper bidiagonal (d, e), SMLSIZ < n <= MAX_N."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_svd import _bdsqr
    n = d.shape[0]
    assert SMLSIZ < n <= MAX_N
    rdt = d.dtype
    orgnrm = jnp.maximum(jnp.max(jnp.abs(d)), jnp.max(jnp.abs(e)))
    safe = jnp.where(orgnrm > 0, orgnrm, 1)
    mul = 1 / safe
    ds, es = d * mul, e * mul
    eps = 0.9 * float(jnp.finfo(rdt).eps) / 2
    ds = jnp.where(jnp.abs(ds) < eps, jnp.where(ds < 0, -eps, eps).astype(rdt), ds)
    split = jnp.any(jnp.abs(es) < eps) | (orgnrm == 0)

    def divide(_):
        s, u, vt, info = _divide_and_conquer(ds, es)
        return s * safe, u, vt, info

    def whole(_):
        return _bdsqr(d, e)

    s, u, vt, info = lax.cond(split, whole, divide, None)
    return s, u, vt, info


def _leaf(d, e, sqre):
    """?lasdq('U', sqre) with vectors from I: (d ascending, U n x n, VT (n + sqre) square, info)."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack import _i
    from .stablehlo_lapack_svd import _bdsqr, _lartg, _rot_pair
    n = d.shape[0]
    rdt = d.dtype
    m = n + sqre
    vt = jnp.eye(m, dtype=rdt)
    u = jnp.eye(n, dtype=rdt)
    if sqre:
        # n x (n + 1) upper -> lower by rotations on the right (VT's rows), then lower -> upper
        # by rotations on the left (U's columns), as ?lasdq
        def to_lower(i, c):
            d, e, vt = c
            cs, sn, r = _lartg(d[i], e[i])
            last = i == n - 1
            nxt = jnp.minimum(i + 1, n - 1)
            d2 = d.at[i].set(r)
            e2 = e.at[i].set(jnp.where(last, 0, sn * d[nxt]))
            d2 = jnp.where(last, d2, d2.at[nxt].set(cs * d[nxt]))
            return d2, e2, _rot_pair(vt, i, cs, sn, 0)
        d, e, vt = lax.fori_loop(_i(0), _i(n), to_lower, (d, e, vt))

        def to_upper(i, c):
            d, e, u = c
            cs, sn, r = _lartg(d[i], e[i])
            d2 = d.at[i].set(r).at[i + 1].set(cs * d[i + 1])
            return d2, e.at[i].set(sn * d[i + 1]), _rot_pair(u, i, cs, sn, 1)
        d, e, u = lax.fori_loop(_i(0), _i(n - 1), to_upper, (d, e, u))
    s, ub, vtb, info = _bdsqr(d, e[:n - 1])
    u = _mm(u, ub)
    vt = jnp.concatenate([_mm(vtb, vt[:n]), vt[n:]], axis=0)
    order = jnp.argsort(s, stable=True)
    return s[order], u[:, order], jnp.concatenate([vt[:n][order], vt[n:]], axis=0), info


def _mm(x, y):
    from .stablehlo_lapack import _mm as mm
    return mm(x, y)


def _divide_and_conquer(d, e):
    """?lasd0 with one ?lasd1 merge on the scaled (d, e): (s descending, U, VT, info)."""
    import jax.numpy as jnp
    n = d.shape[0]
    rdt = d.dtype
    nl = n // 2
    ic = nl + 1                                   # 1-based centre row
    dl, ul, vtl, infol = _leaf(d[:nl], e[:nl], 1)
    dr, ur, vtr, infor = _leaf(d[ic:], e[ic:], 0)
    u = jnp.zeros((n, n), rdt).at[:nl, :nl].set(ul).at[ic - 1, ic - 1].set(1).at[ic:, ic:].set(ur)
    vt = jnp.zeros((n, n), rdt).at[:ic, :ic].set(vtl).at[ic:, ic:].set(vtr)
    dd = jnp.concatenate([jnp.zeros((1,), rdt), dl, jnp.zeros((1,), rdt), dr])    # 1-based
    s, u, vt = _lasd1(nl, n, dd, d[ic - 1], e[ic - 1], u, vt)
    order = jnp.argsort(-s, stable=True)
    return s[order], u[:, order], vt[order], jnp.maximum(infol, infor)


def _lasd1(nl, n, d, alpha, beta, u, vt):
    """?lasd1 (sqre = 0, leaves ascending, IDXQ the identity) on 1-based d (n + 1 entries):
    (the n values, U, VT)."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack import _i
    rdt = d.dtype
    nlp1 = nl + 1
    pos = lax.iota(jnp.int32, n + 1)              # 1-based positions, 0 unused
    d = d.at[nlp1].set(0)
    orgnrm = jnp.maximum(jnp.maximum(jnp.abs(alpha), jnp.abs(beta)), jnp.max(jnp.abs(d)))
    d = d * (1 / orgnrm)
    alpha, beta = alpha / orgnrm, beta / orgnrm

    # ?lasd2: z from the centre row, the left values moved one down; merged ascending
    z1 = alpha * vt[nlp1 - 1, nlp1 - 1]
    z = jnp.concatenate([jnp.stack([0 * z1, z1]), alpha * vt[:nl, nlp1 - 1], beta * vt[nlp1:, nlp1]])
    d = jnp.concatenate([d[:1], d[:1], d[1:nl + 1], d[nlp1 + 1:]])
    coltyp = jnp.where(pos <= nlp1, 1, 2)
    perm = jnp.argsort(d[2:], stable=True) + 2    # ?lamrg: ties to the left list
    src = jnp.concatenate([jnp.array([0, 1], jnp.int32), perm.astype(jnp.int32)])
    d, z, coltyp = d[src], z[src], coltyp[src]
    origcol = src - jnp.where(src <= nlp1, 1, 0)  # 1-based U column / VT row of each position
    eps = float(jnp.finfo(rdt).eps) / 2
    tol = 8 * eps * jnp.maximum(jnp.abs(d[n]), jnp.maximum(jnp.abs(alpha), jnp.abs(beta)))

    def deflate(j, c):
        k, k2, jprev, found, z, idxp, coltyp, dsig, zk, u, vt = c
        small = jnp.abs(z[j]) <= tol
        close = found & ~small & (jnp.abs(d[j] - d[jprev]) <= tol)
        keep = found & ~small & ~close
        # a small z entry: to the back
        k2 = jnp.where(small | close, k2 - 1, k2)
        idxp = jnp.where(small, idxp.at[k2].set(j), idxp)
        # two close values: a rotation zeroes z[jprev]
        tau = jnp.sqrt(z[j] * z[j] + z[jprev] * z[jprev])
        tsafe = jnp.where(tau > 0, tau, 1)
        cs, sn = z[j] / tsafe, -z[jprev] / tsafe
        a, b = origcol[jprev] - 1, origcol[j] - 1
        ua, ub = u[:, a], u[:, b]
        u2 = u.at[:, a].set(cs * ua + sn * ub).at[:, b].set(cs * ub - sn * ua)
        va, vb = vt[a], vt[b]
        vt2 = vt.at[a].set(cs * va + sn * vb).at[b].set(cs * vb - sn * va)
        u, vt = jnp.where(close, u2, u), jnp.where(close, vt2, vt)
        ztau = z.at[j].set(tau).at[jprev].set(0)
        ct3 = jnp.where(coltyp[j] != coltyp[jprev], 3, coltyp[j])
        coltyp = jnp.where(close, coltyp.at[j].set(ct3).at[jprev].set(4), coltyp)
        coltyp = jnp.where(small, coltyp.at[j].set(4), coltyp)
        idxp = jnp.where(close, idxp.at[k2].set(jprev), idxp)
        z = jnp.where(close, ztau, z)
        # jprev kept
        k = jnp.where(keep, k + 1, k)
        idxp = jnp.where(keep, idxp.at[k].set(jprev), idxp)
        dsig = jnp.where(keep, dsig.at[k].set(d[jprev]), dsig)
        zk = jnp.where(keep, zk.at[k].set(z[jprev]), zk)
        jprev = jnp.where(~small, j, jprev)
        found = found | ~small
        return k, k2, jprev, found, z, idxp, coltyp, dsig, zk, u, vt

    zeros_i = jnp.zeros((n + 1,), jnp.int32)
    zeros_r = jnp.zeros((n + 1,), rdt)
    init = (_i(1), _i(n + 1), _i(2), jnp.array(False), z, zeros_i, coltyp, zeros_r, zeros_r, u, vt)
    k, k2, jprev, found, z, idxp, coltyp, dsig, zk, u, vt = lax.fori_loop(_i(2), _i(n + 1), deflate, init)
    k = jnp.where(found, k + 1, k)
    idxp = jnp.where(found, idxp.at[k].set(jprev), idxp)
    zk = jnp.where(found, zk.at[k].set(z[jprev]), zk)

    # columns grouped by type (1 left, 2 right, 3 both, 4 deflated), in idxp's order
    tail = pos[2:]
    types = coltyp[idxp[2:]]
    idxc = jnp.concatenate([jnp.array([0, 1], jnp.int32), tail[jnp.argsort(types, stable=True)]])
    dsigma = d[idxp].at[0].set(0).at[1].set(0)
    cols = origcol[idxp[idxc]] - 1
    u2 = u[:, cols[1:]]                                  # 0-based column j - 1 for position j
    vt2 = vt[cols[1:]]
    u2 = u2.at[:, 0].set(jnp.zeros((n,), rdt).at[nlp1 - 1].set(1))
    vt2 = vt2.at[0].set(vt[nlp1 - 1])
    hlftol = tol / 2
    dsigma = dsigma.at[2].set(jnp.where(jnp.abs(dsigma[2]) <= hlftol, hlftol, dsigma[2]))
    z0 = jnp.where(jnp.abs(z1) <= tol, tol, z1)
    live = (pos >= 1) & (pos <= k)
    zz = jnp.where(live, zk, 0).at[1].set(z0)

    # ?lasd3 on the k live entries (positions 1..k)
    s, uk, vtk = _lasd3(dsigma[1:], zz[1:], live[1:], idxc[1:] - 1)
    kcol = pos[1:] <= k
    unew = _mm(u2, uk)
    vtnew = _mm(vtk, vt2)
    one = k == 1
    sgn = jnp.where(z0 > 0, 1, -1).astype(rdt)
    unew = jnp.where(one, u2 * sgn, unew)
    vtnew = jnp.where(one, vt2, vtnew)
    s = jnp.where(one, jnp.abs(z0), s)
    u = jnp.where(kcol[None, :], unew, u2)
    vt = jnp.where(kcol[:, None], vtnew, vt2)
    s = jnp.where(kcol, s, dsigma[1:])
    return s * orgnrm, u, vt


def _lasd3(ds, z, live, idxc):
    """?lasd3's secular roots and vectors (0-based, live the first k entries): (sigma, Q, QV)
    with U's columns u2 @ Q and VT's rows QV @ vt2 (idxc: the values' order of u2's columns)."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack import _i
    n = ds.shape[0]
    rdt = ds.dtype
    idx = lax.iota(jnp.int32, n)
    k = jnp.sum(live.astype(jnp.int32))
    q0 = z
    rho = jnp.sqrt(jnp.sum(z * z))
    z = z / jnp.where(rho > 0, rho, 1)
    rho = rho * rho
    z2 = jnp.where(live, z * z, 0)

    def secular(o, t):
        """f at sigma = o + t for each root (column): rows j are the poles."""
        dl = (ds[:, None] - o[None, :]) - t[None, :]
        wk = (ds[:, None] + o[None, :]) + t[None, :]
        tiny = jnp.finfo(rdt).tiny
        # divided one at a time: dl * wk underflows for sigma within 1e-150 of the pole at 0
        term = z2[:, None] / jnp.where(dl == 0, tiny, dl) / jnp.where(wk == 0, tiny, wk)
        return 1 + rho * jnp.sum(jnp.where(live[:, None], term, 0), axis=0), dl, wk

    nxt = jnp.concatenate([ds[1:], ds[-1:]])
    last = idx == k - 1
    half = (nxt - ds) / 2
    fmid, _, _ = secular(ds, half)
    near_lo = fmid >= 0
    top = rho / (jnp.sqrt(ds * ds + rho) + ds)     # sigma_k^2 <= d_k^2 + rho; no cancellation
    origin = jnp.where(last | near_lo, ds, nxt)
    width = jnp.where(last, top * 1.01, half)
    width = jnp.where(idx < k, width, 1).astype(rdt)
    sgn = jnp.where(last | near_lo, 1, -1).astype(rdt)
    ibits = jnp.int64 if rdt == jnp.float64 else jnp.int32
    hi = lax.bitcast_convert_type(width, ibits)
    lo = jnp.zeros_like(hi)
    nbits = 64 if rdt == jnp.float64 else 32

    def bisect(_, c):
        lo, hi = c
        mid = lo + (hi - lo) // 2
        t = sgn * lax.bitcast_convert_type(mid, rdt)
        f, _, _ = secular(origin, t)
        below = f < 0                          # the root is at a larger t
        up = jnp.where(sgn > 0, below, ~below)  # larger |t|
        return jnp.where(up, mid, lo), jnp.where(up, hi, mid)
    lo, hi = lax.fori_loop(_i(0), _i(nbits), bisect, (lo, hi))
    tau = sgn * lax.bitcast_convert_type(hi, rdt)
    sigma = origin + tau
    _, delta, work = secular(origin, tau)        # delta[j, i] = ds_j - sigma_i, work = ds_j + sigma_i
    # Loewner: z recomputed from the roots, signs from the old z
    rows, colsi = idx[:, None], idx[None, :]
    p = jnp.where(colsi < rows, colsi, colsi + 1)
    dsp = ds[jnp.minimum(p, n - 1)]
    den = (ds[:, None] - dsp) * (ds[:, None] + dsp)
    fac = delta * work / jnp.where(den == 0, 1, den)
    fac = jnp.where(colsi < k - 1, fac, 1)
    klast = jnp.clip(k - 1, 0, n - 1)
    zhat = jnp.prod(fac, axis=1) * delta[:, klast] * work[:, klast]
    zhat = jnp.where(q0 >= 0, 1, -1).astype(rdt) * jnp.sqrt(jnp.abs(zhat))
    livec = live[None, :] & live[:, None]
    vtc = jnp.where(livec, zhat[:, None] / jnp.where(livec, delta, 1) / jnp.where(livec, work, 1), 0)
    uc = jnp.where(idx[:, None] == 0, -1, ds[:, None] * vtc)
    uc = jnp.where(livec, uc, 0)
    q = uc / jnp.sqrt(jnp.sum(uc * uc, axis=0, keepdims=True)).clip(jnp.finfo(rdt).tiny)
    qv = vtc / jnp.sqrt(jnp.sum(vtc * vtc, axis=0, keepdims=True)).clip(jnp.finfo(rdt).tiny)
    # u2's column j holds the value idxc[j]: Q's rows (QV^T's rows) in that order
    return sigma, q[idxc], qv[idxc].T
