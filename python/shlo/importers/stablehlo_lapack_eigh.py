"""`shlo.linalg.eigh` along LAPACK's ?syevd / ?heevd path for small matrices (n <= 25).

For n <= 25 (?stedc's SMLSIZ) ?syevd / ?heevd compute: ?sytd2 / ?hetd2 (Householder
reduction to a real tridiagonal T = Q^H A Q; `stablehlo_lapack_reduce`'s body), ?steqr with
COMPZ = 'I' on T (implicit QL / QR with Wilkinson shifts, rotations accumulated into Z,
then a selection sort of the eigenvalues with their vectors) and Z := Q Z (?ormtr / ?unmtr).
Following the same steps in the same order gives LAPACK's eigenvectors with LAPACK's signs
(phases): the Jacobi body (`stablehlo_lapack._eigh1`) gives the same vectors up to sign, and
no rule on the vectors alone predicts LAPACK's signs (scratch bc9/rule.py: ~50 % for each).

?steqr's control flow (its GO TOs) is a loop over actions: split the unreduced blocks
(label 10), then deflate / 2 x 2 (?laev2) / one shifted sweep (labels 40 / 90) inside the
block. QL (the block's top end has the larger |d|) and QR (the bottom end) are one code with
a direction `sgn`: the sweep starts at the block's far end m and walks toward l; each step's
pair is (near, far = near - sgn), and QL's and QR's rotations of Z then read the same.
Each rotation is applied to Z as the sweep makes it, which is ?lasr's order ('B' for QL, 'F'
for QR). ?lartg is LAPACK 3.10's (c >= 0, r with f's sign).
"""
from __future__ import annotations

SMALL_N = 25          # ?stedc's SMLSIZ: up to this size ?syevd's ?stedc calls ?steqr
MAXIT = 30


def _get(x, i):
    from jax import lax
    return lax.dynamic_index_in_dim(x, i, 0, keepdims=False)


def _put(x, i, v):
    from jax import lax
    return lax.dynamic_update_index_in_dim(x, v.astype(x.dtype), i, 0)


def _sign(a, b):
    """Fortran SIGN(a, b): |a| with b's sign, a negative zero's too (gfortran's SIGN, hence
    OpenBLAS's LAPACK, reads the sign bit: ?steqr's shift has g = -0.0 when d[l + 1] = d[l])."""
    import jax.numpy as jnp
    return jnp.where(jnp.signbit(b), -jnp.abs(a), jnp.abs(a))


def _lartg(f, g):
    """?lartg (LAPACK 3.10): (c, s, r) with [c s; -s c] [f; g] = [r; 0]."""
    import jax.numpy as jnp
    dt = f.dtype
    fi = jnp.finfo(dt)
    safmin = jnp.asarray(fi.tiny, dt)
    safmax = 1 / safmin
    rtmin = jnp.sqrt(safmin)
    rtmax = jnp.sqrt(safmax / 2)
    f1, g1 = jnp.abs(f), jnp.abs(g)
    plain = (f1 > rtmin) & (f1 < rtmax) & (g1 > rtmin) & (g1 < rtmax)
    u = jnp.where(plain, jnp.ones_like(f), jnp.minimum(safmax, jnp.maximum(safmin, jnp.maximum(f1, g1))))
    fs, gs = f / u, g / u
    d = jnp.sqrt(fs * fs + gs * gs)
    c = jnp.abs(fs) / d
    r = _sign(d, f)
    s = gs / r
    r = r * u
    g0, f0 = g == 0, f == 0
    one, zero = jnp.ones_like(f), jnp.zeros_like(f)
    c = jnp.where(g0, one, jnp.where(f0, zero, c))
    s = jnp.where(g0, zero, jnp.where(f0, _sign(one, g), s))
    r = jnp.where(g0, f, jnp.where(f0, g1, r))
    return c, s, r


def _lapy2(x, y):
    """?lapy2: sqrt(x^2 + y^2) as w sqrt(1 + (z / w)^2), w = max(|x|, |y|), z = min."""
    import jax.numpy as jnp
    xa, ya = jnp.abs(x), jnp.abs(y)
    w, z = jnp.maximum(xa, ya), jnp.minimum(xa, ya)
    safe_w = jnp.where(w == 0, 1, w)
    return jnp.where((z == 0) | (w > jnp.finfo(x.dtype).max), w, w * jnp.sqrt(1 + (z / safe_w) ** 2))


def _laev2(a, b, c):
    """?laev2: eigen-decomposition of [[a, b], [b, c]]: (rt1, rt2, cs1, sn1), |rt1| >= |rt2|,
    (cs1, sn1) the unit eigenvector of rt1."""
    import jax.numpy as jnp
    sm = a + c
    df = a - c
    adf = jnp.abs(df)
    tb = b + b
    ab = jnp.abs(tb)
    big_a = jnp.abs(a) > jnp.abs(c)
    acmx = jnp.where(big_a, a, c)
    acmn = jnp.where(big_a, c, a)
    safe_adf = jnp.where(adf == 0, 1, adf)
    safe_ab = jnp.where(ab == 0, 1, ab)
    rt = jnp.where(adf > ab, adf * jnp.sqrt(1 + (ab / safe_adf) ** 2),
                   jnp.where(adf < ab, ab * jnp.sqrt(1 + (adf / safe_ab) ** 2), ab * jnp.sqrt(jnp.asarray(2, a.dtype))))
    rt1 = jnp.where(sm < 0, 0.5 * (sm - rt), jnp.where(sm > 0, 0.5 * (sm + rt), 0.5 * rt))
    safe_rt1 = jnp.where(rt1 == 0, 1, rt1)
    rt2 = jnp.where(sm == 0, -0.5 * rt, (acmx / safe_rt1) * acmn - (b / safe_rt1) * b)
    sgn1 = jnp.where(sm < 0, -1, 1)
    cs = jnp.where(df >= 0, df + rt, df - rt)
    sgn2 = jnp.where(df >= 0, 1, -1)
    acs = jnp.abs(cs)
    safe_cs = jnp.where(cs == 0, 1, cs)
    safe_tb = jnp.where(tb == 0, 1, tb)
    ct = -tb / safe_cs
    sn_a = 1 / jnp.sqrt(1 + ct * ct)
    cs_a = ct * sn_a
    tn = -cs / safe_tb
    cs_b = 1 / jnp.sqrt(1 + tn * tn)
    sn_b = tn * cs_b
    cs1 = jnp.where(acs > ab, cs_a, jnp.where(ab == 0, 1, cs_b))
    sn1 = jnp.where(acs > ab, sn_a, jnp.where(ab == 0, 0, sn_b))
    swap = sgn1 == sgn2
    cs1, sn1 = jnp.where(swap, -sn1, cs1), jnp.where(swap, cs1, sn1)
    return rt1, rt2, cs1.astype(a.dtype), sn1.astype(a.dtype)


def _rotate(z, near, far, c, s):
    """Columns near / far of z: z_near := c z_near + s z_far, z_far := c z_far - s z_near."""
    from jax import lax
    zn = lax.dynamic_index_in_dim(z, near, 1, keepdims=False)
    zf = lax.dynamic_index_in_dim(z, far, 1, keepdims=False)
    c, s = c.astype(z.dtype), s.astype(z.dtype)
    z = lax.dynamic_update_index_in_dim(z, c * zn + s * zf, near, 1)
    return lax.dynamic_update_index_in_dim(z, c * zf - s * zn, far, 1)


def steqr(d, e, z):
    """?steqr with COMPZ = 'V' on z (for 'I' pass the identity): (d ascending, z, info)."""
    import jax.numpy as jnp
    from jax import lax
    n = d.shape[0]
    rdt = d.dtype
    i32 = jnp.int32
    if n <= 1:
        return d, z, i32(0)
    fi = jnp.finfo(rdt)
    eps = jnp.asarray(fi.eps / 2, rdt)               # dlamch('E'): the unit roundoff
    eps2 = eps * eps
    safmin = jnp.asarray(fi.tiny, rdt)
    ssfmax = jnp.sqrt(1 / safmin) / 3
    ssfmin = jnp.sqrt(safmin) / eps2
    nmaxit = n * MAXIT
    idx = lax.iota(i32, n)
    pidx = lax.iota(i32, n - 1)                     # pair k: (k, k + 1), e[k]

    def split(st):
        """Label 10: the next unreduced block from l1, its scaling and QL / QR choice."""
        d, e, z, l1, jtot, _, _, _, _ = st
        e = jnp.where((pidx == l1 - 1) & (l1 > 0), 0, e)
        tst = jnp.abs(e)
        dk, dk1 = jnp.abs(d[:-1]), jnp.abs(d[1:])
        small = (tst == 0) | (tst <= (jnp.sqrt(dk) * jnp.sqrt(dk1)) * eps)
        cand = (pidx >= l1) & small
        m = jnp.where(jnp.any(cand), jnp.argmax(cand).astype(i32), i32(n - 1))
        e = jnp.where((pidx == m) & cand, 0, e)
        l, lend = l1, m
        l1 = m + 1
        inblock = (idx >= l) & (idx <= lend)
        anorm = jnp.maximum(jnp.max(jnp.where(inblock, jnp.abs(d), 0)),
                            jnp.max(jnp.where((pidx >= l) & (pidx < lend), jnp.abs(e), 0)))
        active = (lend > l) & (anorm != 0)
        scale = jnp.where(anorm > ssfmax, ssfmax / anorm,
                          jnp.where((anorm < ssfmin) & (anorm != 0), ssfmin / anorm, 1)).astype(rdt)
        scale = jnp.where(active, scale, 1)
        d = jnp.where(inblock, d * scale, d)
        e = jnp.where((pidx >= l) & (pidx < lend), e * scale, e)
        qr = jnp.abs(_get(d, lend)) < jnp.abs(_get(d, l))
        l, lend = jnp.where(qr, lend, l), jnp.where(qr, l, lend)
        lo, hi = jnp.minimum(l, lend), jnp.maximum(l, lend)
        phase = jnp.where(active, 1, 0).astype(i32)
        return d, e, z, l1, jtot, l, lend, phase, (scale, lo, hi)

    def sweep(d, e, z, l, m, sgn):
        """One implicit shifted QL (sgn = 1) / QR (sgn = -1) sweep over l .. m."""
        el = _get(e, jnp.minimum(l, l + sgn))
        p = _get(d, l)
        g = (_get(d, l + sgn) - p) / (2 * el)
        r = _lapy2(g, jnp.ones_like(g))
        g = _get(d, m) - p + (el / (g + _sign(r, g)))

        def step(k, c_):
            d, e, z, s, c, p, g = c_
            near = m - sgn * k
            far = near - sgn
            ei = jnp.minimum(near, far)
            f = s * _get(e, ei)
            b = c * _get(e, ei)
            c, s, r = _lartg(g, f)
            e = jnp.where(k > 0, _put(e, ei + sgn, r), e)
            g = _get(d, near) - p
            r = (_get(d, far) - g) * s + 2 * c * b
            p = s * r
            d = _put(d, near, g + p)
            g = c * r - b
            z = _rotate(z, near, far, c, s)
            return d, e, z, s, c, p, g

        one = jnp.ones((), rdt)
        d, e, z, _, _, p, g = lax.fori_loop(i32(0), jnp.abs(m - l), step, (d, e, z, one, one, jnp.zeros((), rdt), g))
        d = _put(d, l, _get(d, l) - p)
        e = _put(e, jnp.minimum(l, l + sgn), g)
        return d, e, z

    def iterate(st):
        """Labels 40 / 90: one action inside the block l .. lend."""
        d, e, z, l1, jtot, l, lend, phase, extra = st
        scale, lo, hi = extra
        sgn = jnp.where(lend > l, 1, -1).astype(i32)
        # the first small off-diagonal from l toward lend
        dk, dk1 = jnp.abs(d[:-1]), jnp.abs(d[1:])
        e2 = jnp.abs(e) ** 2
        small = jnp.where(sgn > 0, e2 <= (eps2 * dk) * dk1 + safmin, e2 <= (eps2 * dk1) * dk + safmin)
        ql = (pidx >= l) & (pidx < lend) & small
        qr = (pidx >= lend) & (pidx < l) & small
        m_ql = jnp.where(jnp.any(ql), jnp.argmax(ql).astype(i32), lend)
        m_qr = jnp.where(jnp.any(qr), (n - 2 - jnp.argmax(qr[::-1]).astype(i32)) + 1, lend)
        m = jnp.where(sgn > 0, m_ql, m_qr)
        e = jnp.where((m != lend) & (pidx == jnp.minimum(m, m + sgn)), 0, e)     # E(M) / E(M-1)
        found = m == l
        pair = m == l + sgn
        capped = jtot == nmaxit
        # 2 x 2 block: ?laev2 and one rotation
        plo = jnp.minimum(l, l + sgn)
        rt1, rt2, c, s = _laev2(_get(d, plo), _get(e, plo), _get(d, plo + 1))
        z2 = _rotate(z, plo + 1, plo, c, -s)
        d2 = _put(_put(d, plo, rt1), plo + 1, rt2)
        e2_ = _put(e, plo, jnp.zeros((), rdt))
        # a shifted sweep
        ds, es, zs = lax.cond(found | pair | capped, lambda: (d, e, z),
                              lambda: sweep(d, e, z, l, m, sgn))
        d = jnp.where(pair, d2, ds)
        e = jnp.where(pair, e2_, es)
        z = jnp.where(pair, z2, zs)
        jtot = jnp.where(found | pair | capped, jtot, jtot + 1)
        l = jnp.where(found, l + sgn, jnp.where(pair, l + 2 * sgn, l))
        done = capped & ~found & ~pair
        done = done | jnp.where(sgn > 0, l > lend, l < lend)
        # label 140: undo the block's scaling; stop when out of iterations
        inblock = (idx >= lo) & (idx <= hi)
        d = jnp.where(done & inblock, d / scale, d)
        e = jnp.where(done & (pidx >= lo) & (pidx < hi), e / scale, e)
        phase = jnp.where(done, jnp.where(jtot < nmaxit, 0, 2), 1).astype(i32)
        return d, e, z, l1, jtot, l, lend, phase, extra

    def cond(st):
        l1, phase = st[3], st[7]
        return (phase == 1) | ((phase == 0) & (l1 < n))

    def body(st):
        return lax.cond(st[7] == 0, split, iterate, st)

    zero = i32(0)
    st = (d, e, z, zero, zero, zero, zero, zero, (jnp.ones((), rdt), zero, zero))
    d, e, z, _, jtot, _, _, phase, _ = lax.while_loop(cond, body, st)
    info = jnp.where(phase == 2, jnp.sum(e != 0), 0).astype(i32)

    def select(i, dz):                          # selection sort: few swaps of vectors
        d, z = dz
        k = jnp.argmin(jnp.where(idx >= i, d, jnp.inf)).astype(i32)
        di, dk = _get(d, i), _get(d, k)
        d = _put(_put(d, k, di), i, dk)
        zi = lax.dynamic_index_in_dim(z, i, 1, keepdims=False)
        zk = lax.dynamic_index_in_dim(z, k, 1, keepdims=False)
        z = lax.dynamic_update_index_in_dim(lax.dynamic_update_index_in_dim(z, zi, k, 1), zk, i, 1)
        return d, z

    d_s, z_s = lax.fori_loop(i32(0), i32(n - 1), select, (d, z))
    ok = info == 0
    return jnp.where(ok, d_s, d), jnp.where(ok, z_s, z), info


def _apply_q(out, taus, c):
    """Q c for Q = H(0) ... H(n-2) of ?sytd2 'L' (reflector i: 1 at row i + 1, out[:, i] below),
    applied as ?orm2l / ?unm2r do: the last reflector first."""
    import jax.numpy as jnp
    from jax import lax
    n = out.shape[0]
    rows = lax.iota(jnp.int32, n)

    def step(t, c):
        i = n - 2 - t
        col = lax.dynamic_index_in_dim(out, i, 1, keepdims=False)
        v = jnp.where(rows > i + 1, col, jnp.where(rows == i + 1, 1, 0).astype(out.dtype))
        tau = _get(taus, i)
        w = jnp.sum(jnp.conj(v)[:, None] * c, axis=0)
        return c - tau * v[:, None] * w[None, :]

    return lax.fori_loop(jnp.int32(0), jnp.int32(n - 1), step, c) if n > 1 else c


def eigh_small(a, lower):
    """?syevd / ?heevd (JOBZ = 'V') of one n x n matrix, n <= SMALL_N: (vectors as columns,
    eigenvalues ascending, info)."""
    import jax.numpy as jnp
    rdt = jnp.finfo(a.dtype).dtype
    return syevd_path(a, lower, lambda d, e: steqr(d, e, jnp.eye(a.shape[0], dtype=rdt)))


def syevd_path(a, lower, tridiagonal_eigh):
    """?syevd / ?heevd (JOBZ = 'V') of one n x n matrix with `tridiagonal_eigh(d, e)` -> (w, Z,
    info) as its tridiagonal solver (?steqr here, ?stedc above SMALL_N): the scaling, the
    reduction, the solver, Q Z and the eigenvalues scaled back."""
    import jax.numpy as jnp
    from . import stablehlo_lapack_hetd2 as hetd2
    from . import stablehlo_lapack_sytd2 as sytd2
    from . import stablehlo_lapack_sytrd as sytrd
    from .stablehlo_lapack_reduce import _tridiagonal_lower
    n = a.shape[0]
    dt = a.dtype
    rdt = jnp.finfo(dt).dtype
    fi = jnp.finfo(rdt)
    # ?syevd's scaling of matrices with entries near under- / overflow
    tri = jnp.tril(a) if lower else jnp.triu(a)
    anrm = jnp.max(jnp.abs(tri)) if n else jnp.zeros((), rdt)
    smlnum = fi.tiny / (fi.eps / 2)
    rmin, rmax = jnp.sqrt(jnp.asarray(smlnum, rdt)), jnp.sqrt(jnp.asarray(1 / smlnum, rdt))
    sigma = jnp.where((anrm > 0) & (anrm < rmin), rmin / anrm, jnp.where(anrm > rmax, rmax / anrm, 1)).astype(rdt)
    a = a * sigma.astype(dt)
    complex_upper = not lower and hetd2.modelled(n, dt)   # chetd2 'U' and ?unm2l in OpenBLAS's order
    blocked = sytrd.modelled(n, dt)   # ?latrd panel + ssyr2k + ssytd2 in OpenBLAS's order
    lapack_upper = not lower and (sytd2.modelled(n, dt) or blocked) or complex_upper  # ssytd2 'U', ?orm2l
    b = a if lower or lapack_upper else jnp.flip(a, (0, 1))   # else upper: the lower path reversed
    if complex_upper:
        out, d, e, taus, _ = hetd2.hetd2_upper(b)
    elif lapack_upper and blocked:
        out, d, e, taus, _ = sytrd.sytrd_upper(b)
    elif lapack_upper:
        out, d, e, taus, _ = sytd2.sytd2_upper(b)
    elif lower and blocked:
        out, d, e, taus, _ = sytrd.sytrd_lower(b)
    else:
        out, d, e, taus, _ = _tridiagonal_lower(b, lapack_lower=lower)
    if not lower and not lapack_upper:
        d, e = jnp.flip(d), jnp.flip(e)
    w, zt, info = tridiagonal_eigh(d, e)
    zt = zt.astype(dt)
    if lapack_upper:
        z = sytd2.apply_q_upper(out, taus, zt)
    elif lower and (blocked or sytd2.modelled(n, dt) or hetd2.modelled(n, dt)):   # ?orm2r / ?unm2r's order
        z = sytd2.apply_q_lower(out, taus, zt)
    elif lower:
        z = _apply_q(out, taus, zt)
    else:
        z = jnp.flip(_apply_q(out, taus, jnp.flip(zt, 0)), 0)
    return z, w / sigma, info
