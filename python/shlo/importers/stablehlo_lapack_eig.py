"""The decompositions of `shlo.linalg.eig` (LAPACK ?geev) and `shlo.linalg.schur` (?gees).

Pure `jax.lax` functions of one square matrix, vmapped over batch dimensions
and lowered into the composite bodies by `stablehlo_lapack`:

* Hessenberg reduction by Householder reflectors (complex input: ?gehd2's, whose
  subdiagonal comes out real); f32 / complex64 up to 6 x 6 on AVX-512 in the exact
  order of OpenBLAS's sgehd2 / cgehd2 (stablehlo_lapack_gehd2).
* Complex input: zlahqr's single-shift sweeps (its Wilkinson shift, exceptional
  shifts at every 10th sweep since a deflation, start row, deflation test,
  2-entry reflectors applied row by row, diagonal unitary scalings keeping the
  subdiagonal real) in its arithmetic (gfortran's complex products, glibc's
  csqrt / cabs, ?ladiv: stablehlo_lapack_carith), giving the complex Schur form
  A = Z T Z^H; eig balances first (?gebal's scaling), as zgeev.
* Real input: slahqr's Francis double-shift sweeps (its shifts, deflation test,
  exceptional shifts and start row; 3-entry ?larfg reflectors applied row by row
  in its order), giving the real Schur form with 2 x 2 blocks in ?lanv2's
  standard form, computed in ?lanv2's own arithmetic. eig balances first as
  ?gebal scales. With the reduction above, f32 and complex64 eigenvalues are
  LAPACK's bits (docs/stablehlo_parity.md); the vectors' signs follow the Schur
  basis, so they are LAPACK's only where the rounding is.
* Eigenvectors: the real Schur form is made complex triangular by one unitary
  rotation per 2 x 2 block; right eigenvectors of the triangular factor by
  back substitution (all of them at once, one row per step), left ones as the
  right ones of the reversed conjugate transpose; multiplied back by Z and
  normalised as LAPACK does (unit 2-norm, largest component real). For real
  input the second vector of a conjugate pair is the conjugate of the first and
  the vector of a real eigenvalue is real and only scaled, as in ?geev. float32 (3..6) and
  complex64 (up to 6) on AVX-512 take ?geev's own vector path instead, in OpenBLAS's order
  (stablehlo_lapack_strevc / stablehlo_lapack_trevc: ?trevc3, ?gebak, ?geev's scalings), so
  that their vectors are LAPACK's bits too.

The other rotations and reflectors (the generic reduction, the eigenvector steps)
are applied as n x n unitary matrices built from masked vectors, so each loop
step is a handful of whole-matrix ops. Convergence as ?lahqr decides it; at most
SWEEPS_PER_ROW * max(n, 10) sweeps. `info` is 0, or (as LAPACK) the 1-based index
of the last row that did not converge when the sweeps hit the cap or the matrix
is not finite. The matrix is scaled where ?geev scales it (max |a_ij| outside
[smlnum, bignum]), by a power of two near its largest entry.
"""
from __future__ import annotations


SWEEPS_PER_ROW = 30   # the sweep cap is SWEEPS_PER_ROW * max(n, 10), as LAPACK's ?lahqr


def _np():
    import jax.numpy as jnp
    from jax import lax
    return jnp, lax


def _i(v):
    import jax.numpy as jnp
    return jnp.int32(v)


def _mm(x, y):
    jnp, lax = _np()
    return jnp.matmul(x, y, precision=lax.Precision.HIGHEST)


def _entry(a, i, j):
    _, lax = _np()
    return lax.dynamic_slice(a, (i, j), (1, 1))[0, 0]


def _col(a, j):
    _, lax = _np()
    return lax.dynamic_slice_in_dim(a, j, 1, axis=1)[:, 0]


def _real_dtype(dt):
    jnp, _ = _np()
    return jnp.finfo(dt).dtype


def _reflector(x, p):
    """Householder P = I - 2 v v^H / (v^H v) with P x = beta e_p (x zero outside the rows to mix).
    P is Hermitian and unitary: P H P is a similarity. P = I when x is already real beta e_p
    (as ?larfg, which would otherwise flip the sign of row and column p)."""
    jnp, lax = _np()
    n = x.shape[0]
    idx = lax.iota(jnp.int32, n)
    alpha = jnp.sum(jnp.where(idx == p, x, 0))
    norm = jnp.sqrt(jnp.sum((x * jnp.conj(x)).real))
    aabs = jnp.abs(alpha)
    phase = jnp.where(aabs > 0, alpha / jnp.where(aabs > 0, aabs, 1).astype(x.dtype), jnp.ones_like(alpha))
    v = x + jnp.where(idx == p, phase * norm.astype(x.dtype), 0)      # v = x - beta e_p, beta = -phase norm
    vv = jnp.sum((v * jnp.conj(v)).real)
    tail = jnp.sum(jnp.where(idx == p, 0, (x * jnp.conj(x)).real))
    trivial = (tail == 0) & (jnp.imag(alpha) == 0)
    scale = jnp.where((vv > 0) & ~trivial, 2 / jnp.where(vv > 0, vv, 1), 0).astype(x.dtype)
    return jnp.eye(n, dtype=x.dtype) - scale * v[:, None] * jnp.conj(v)[None, :]


def _similar(h, z, p):
    """(P^H H P, Z P) for a unitary P."""
    jnp, _ = _np()
    return _mm(_mm(jnp.conj(p.T), h), p), _mm(z, p)


def hessenberg(a):
    """(H, Q) with A = Q H Q^H, H upper Hessenberg."""
    jnp, lax = _np()
    n = a.shape[0]
    from . import stablehlo_lapack_gehd2 as gehd2
    if gehd2.applies(n, a.dtype):            # ?gehd2 in OpenBLAS's order (LAPACK's eigenvalues)
        return gehd2.cgehd2(a) if jnp.iscomplexobj(a) else gehd2.gehd2(a)
    idx = lax.iota(jnp.int32, n)

    def step(j, hq):
        h, q = hq
        x = jnp.where(idx > j, _col(h, j), 0)
        return _similar(h, q, _reflector(x, j + 1))

    def complex_step(j, hq):
        # ?gehd2's reflector (?larfg): H^H x = beta e_(j+1) with beta real, as zlahqr expects
        from .stablehlo_lapack import _larfg
        h, q = hq
        col = _col(h, j)
        v, tau, head = _larfg(col, j + 1, idx > j + 1, idx)
        p = jnp.eye(n, dtype=a.dtype) - tau * v[:, None] * jnp.conj(v)[None, :]
        h, q = _similar(h, q, p)
        newcol = jnp.where(idx > j + 1, 0, jnp.where(idx == j + 1, head, col))
        return lax.dynamic_update_slice_in_dim(h, newcol[:, None], j, 1), q

    if n < 2 or (n < 3 and not jnp.iscomplexobj(a)):
        return a, jnp.eye(n, dtype=a.dtype)
    if jnp.iscomplexobj(a):          # (the last reflector makes h[n-1, n-2] real)
        return lax.fori_loop(_i(0), _i(n - 1), complex_step, (a, jnp.eye(n, dtype=a.dtype)))
    return lax.fori_loop(_i(0), _i(n - 2), step, (a, jnp.eye(n, dtype=a.dtype)))


def _negligible_lahqr(h, eps, tiny=None):
    """neg[k] as ?lahqr decides it: |h[k, k-1]| below smlnum, or below ulp times its diagonal
    neighbours and passing Ahues and Tisseur's test on the 2 x 2 block around it. Complex H
    (zlahqr: real subdiagonal) takes |re| + |im| for |.| and the real part of h[k, k-1]."""
    jnp, _ = _np()
    n = h.shape[0]
    rdt = _real_dtype(h.dtype)
    cabs1 = _cabs1 if jnp.iscomplexobj(h) else jnp.abs
    smlnum = jnp.finfo(rdt).tiny * (n / eps)
    dg = jnp.diagonal(h)
    d = cabs1(dg)
    sub_c = jnp.diagonal(h, -1)
    sub1 = cabs1(sub_c)                                   # sub1[k-1] = |h[k, k-1]|
    sub = jnp.abs(sub_c.real) if jnp.iscomplexobj(h) else sub1
    sup = cabs1(jnp.diagonal(h, 1))                       # sup[k-1] = |h[k-1, k]|
    zero = jnp.zeros((1,), rdt)
    above = jnp.concatenate([zero, sub[:-1]])             # |h[k-1, k-2]| (0 past the top)
    below = jnp.concatenate([sub[1:], zero])              # |h[k+1, k]| (0 past the bottom)
    tst = d[:-1] + d[1:]
    tst = jnp.where(tst == 0, tst + above + below, tst)
    ab, ba = jnp.maximum(sub1, sup), jnp.minimum(sub1, sup)
    diff = cabs1(dg[:-1] - dg[1:])
    aa, bb = jnp.maximum(d[1:], diff), jnp.minimum(d[1:], diff)
    s = aa + ab
    s = jnp.where(s > 0, s, 1)
    at = ba * (ab / s) <= jnp.maximum(smlnum, eps * (bb * (aa / s)))
    neg = (sub1 <= smlnum) | ((sub <= eps * tst) & at)
    return jnp.concatenate([jnp.ones((1,), bool), neg])


def _window(neg, hi):
    """(new hi, lo): deflate 1 x 1 blocks from the bottom, then the top of the unreduced block."""
    jnp, lax = _np()
    n = neg.shape[0]
    idx = lax.iota(jnp.int32, n)
    hi = jnp.max(jnp.where((idx <= hi) & ~neg, idx, 0))
    lo = jnp.max(jnp.where((idx <= hi) & neg, idx, 0))
    return hi, lo


def _zero_negligible(h, neg):
    jnp, lax = _np()
    n = h.shape[0]
    r = lax.iota(jnp.int32, n)[:, None]
    c = lax.iota(jnp.int32, n)[None, :]
    below = r > c + 1
    sub_neg = (r == c + 1) & neg[r]
    return jnp.where(below | sub_neg, jnp.zeros_like(h), h)


def _iterate(a, sweep, standardize, negligible=_negligible_lahqr):
    """?lahqr's QR iteration on real A: (T / s, Z, info, s), A = Z T Z^T; s is a power of
    two near max |a_ij| (eigenvectors are computed from T / s, where nothing overflows)."""
    jnp, lax = _np()
    n = a.shape[0]
    rdt = _real_dtype(a.dtype)
    eps = float(jnp.finfo(rdt).eps)
    cap = SWEEPS_PER_ROW * max(n, 10)
    # scaled where ?geev scales (squares of tiny or huge entries would underflow, as XLA flushes
    # subnormals, or overflow: f32 entries near 1e19)
    a, scale = _lapack_scale(a)
    fro = jnp.sqrt(jnp.sum((a * jnp.conj(a)).real))
    tiny = jnp.maximum(fro, jnp.finfo(rdt).tiny)        # the scale where both diagonal entries are 0
    h, z = hessenberg(a)
    finite = jnp.all(jnp.isfinite(h))

    def cond(c):
        h, z, hi, its, total = c
        return (hi > 0) & (total < cap) & finite

    def body(c):
        h, z, hi, its, total = c
        neg = negligible(h, eps, tiny)
        h = _zero_negligible(h, neg)
        new_hi, lo = _window(neg, hi)
        # its = sweeps since the last deflation before this one (?lahqr's KDEFL - 1); a
        # 2 x 2 block deflated here takes this step's place (no sweep follows on it)
        h, z, hi2 = standardize(h, z, lo, new_hi)
        its = jnp.where(hi2 < new_hi, -1, jnp.where(new_hi < hi, 0, its + 1))
        new_hi = hi2
        h, z = sweep(h, z, lo, new_hi, its)
        return h, z, new_hi, its, total + 1

    hi0 = _i(n - 1)
    its0 = _i(-1)
    h, z, hi, _, _ = lax.while_loop(cond, body, (h, z, hi0, its0, _i(0)))
    h = _zero_negligible(h, negligible(h, eps, tiny))
    info = jnp.where((hi > 0) | ~finite, jnp.maximum(hi, 0) + 1, 0).astype(jnp.int32)
    return h, z, info, scale


def _cabs1(x):
    jnp, _ = _np()
    return jnp.abs(x.real) + jnp.abs(x.imag)


def _zlarfg2(alpha, x):
    """zlarfg for a 2-vector (alpha, x)."""
    beta, tau, v = _zlarfg_n(alpha, x[None])
    return beta, tau, v[0]


def _zlarfg_n(alpha, x):
    """zlarfg for (alpha, x), x a vector: (beta, tau, x / (alpha - beta)) in its arithmetic
    (?nrm2 with the squares summed in order in double (f32 parts), ?lapy3, ?ladiv, ?scal); tau = 0
    (and x as it is) where x = 0 and alpha is real."""
    jnp, _ = _np()
    from . import stablehlo_lapack_carith as c
    ar, ai = alpha.real, alpha.imag
    from .stablehlo_lapack_carith import wide_available
    wide = jnp.float64 if ar.dtype == jnp.float32 and wide_available() else ar.dtype
    ss = jnp.zeros((), wide)
    for k in range(x.shape[0]):
        xr, xi = x[k].real.astype(wide), x[k].imag.astype(wide)
        ss = ss + xr * xr
        ss = ss + xi * xi
    xnorm = jnp.sqrt(ss).astype(ar.dtype)
    trivial = (xnorm == 0) & (ai == 0)
    w = jnp.maximum(jnp.maximum(jnp.abs(ar), jnp.abs(ai)), xnorm)          # ?lapy3
    w1 = jnp.where(w > 0, w, 1)
    norm = jnp.where(w > 0, w * jnp.sqrt((ar / w1) ** 2 + (ai / w1) ** 2 + (xnorm / w1) ** 2), 0)
    beta = -_sign(ar) * norm
    beta1 = jnp.where(trivial, 1, beta)
    tau = c.cx(jnp.where(trivial, 0, (beta1 - ar) / beta1), jnp.where(trivial, 0, -ai / beta1))
    one = c.cx(jnp.ones_like(ar), jnp.zeros_like(ar))
    scal = c.ladiv(one, c.cx(jnp.where(trivial, 1, ar - beta1), jnp.where(trivial, 0, ai)))
    v = jnp.where(trivial, x, c.scal(scal, x))
    return jnp.where(trivial, alpha, c.cx(beta, jnp.zeros_like(beta))), tau, v


def _complex_shift(h, lo, hi, kdefl):
    """zlahqr's shift: exceptional at every 10th sweep since a deflation (from the top of the
    window; every 20th from the bottom), else Wilkinson's from the trailing 2 x 2."""
    jnp, _ = _np()
    from . import stablehlo_lapack_carith as c
    e = lambda i, j: _entry(h, i, j)  # noqa: E731
    t = e(hi, hi)
    u = c.mul(c.sqrt(e(hi - 1, hi)), c.sqrt(e(hi, hi - 1)))
    su = c.cabs1(u)
    x = c.mul_real(e(hi - 1, hi - 1) - t, 0.5)
    sx = c.cabs1(x)
    s = jnp.maximum(su, sx)
    s1 = jnp.where(s > 0, s, 1)
    xs, us = c.div_real(x, s1), c.div_real(u, s1)
    y = c.mul_real(c.sqrt(c.mul(xs, xs) + c.mul(us, us)), s1)
    xsx = c.div_real(x, jnp.where(sx > 0, sx, 1))
    y = jnp.where((sx > 0) & (xsx.real * y.real + xsx.imag * y.imag < 0), -y, y)
    wilkinson = jnp.where(su != 0, t - c.mul(u, c.ladiv(u, x + y)), t)
    ex_bottom = kdefl % 20 == 0
    ex_top = (kdefl % 10 == 0) & ~ex_bottom
    bottom, top = e(hi, hi), e(lo, lo)
    bottom = c.cx(0.75 * jnp.abs(e(hi, hi - 1).real) + bottom.real, bottom.imag)
    top = c.cx(0.75 * jnp.abs(e(lo + 1, lo).real) + top.real, top.imag)
    return jnp.where(ex_bottom, bottom, jnp.where(ex_top, top, wilkinson))


def _complex_start(h, lo, hi, t, eps):
    """zlahqr's start row m (the lowest with two consecutive small subdiagonal entries, else lo)
    and the first column (h11s, h21) of H - t there."""
    jnp, lax = _np()
    from . import stablehlo_lapack_carith as c
    n = h.shape[0]
    idx = lax.iota(jnp.int32, n)
    dg = jnp.diagonal(h)
    zero = jnp.zeros((1,), h.dtype)
    h22 = jnp.concatenate([dg[1:], zero])
    h21 = jnp.concatenate([jnp.diagonal(h, -1), zero]).real                 # h[m+1, m]
    h10 = jnp.concatenate([zero, jnp.diagonal(h, -1)]).real                 # h[m, m-1]
    h11s = dg - t
    s = c.cabs1(h11s) + jnp.abs(h21)
    s = jnp.where(s > 0, s, 1)
    h11s = c.div_real(h11s, s)
    h21 = h21 / s
    small = jnp.abs(h10) * jnp.abs(h21) <= eps * (c.cabs1(h11s) * (c.cabs1(dg) + c.cabs1(h22)))
    small = small & (idx > lo) & (idx < hi)
    m = jnp.maximum(jnp.max(jnp.where(small, idx, -1)), lo)
    return m, _at(h11s, m), _at(h21, m).astype(h.dtype)


def _complex_sweep(h, z, lo, hi, kdefl, eps):
    """One zlahqr single-shift sweep on the active block lo..hi, in its arithmetic: a 2-entry
    reflector per row, applied to the two rows (columns k..n-1) then the two columns (rows up
    to k+2), subdiagonal entries kept real by diagonal unitary scalings (?scal)."""
    jnp, lax = _np()
    from . import stablehlo_lapack_carith as c
    n = h.shape[0]
    idx = lax.iota(jnp.int32, n)
    r, cl = idx[:, None], idx[None, :]
    t = _complex_shift(h, lo, hi, kdefl)
    m, v1_first, v2_first = _complex_start(h, lo, hi, t, eps)

    def step(k, hz):
        h, z = hz
        active = (k >= m) & (k < hi)
        km1 = jnp.maximum(k - 1, 0)
        first = k == m
        v1 = jnp.where(first, v1_first, _entry(h, k, km1))
        v2 = jnp.where(first, v2_first, _entry(h, k + 1, km1))
        beta, t1, v2 = _zlarfg2(v1, v2)
        put = active & ~first
        h = jnp.where(put & (r == k) & (cl == km1), beta, h)
        h = jnp.where(put & (r == k + 1) & (cl == km1), 0, h)
        t2 = c.mul(t1, v2).real
        # rows k, k+1 (columns k..n-1)
        hk, hk1 = _entry_row(h, k), _entry_row(h, k + 1)
        sm = c.mul(jnp.conj(t1), hk) + c.mul_real(hk1, t2)
        nk, nk1 = hk - sm, hk1 - c.mul(sm, v2)
        cols = active & (idx >= k)
        h = jnp.where((r == k) & cols[None, :], nk[None, :], h)
        h = jnp.where((r == k + 1) & cols[None, :], nk1[None, :], h)

        def right(a, rows):                  # columns k, k+1 (rows 0..min(k+2, hi)), and Z's
            ak, ak1 = _col(a, k), _col(a, k + 1)
            sm = c.mul(t1, ak) + c.mul_real(ak1, t2)
            nk, nk1 = ak - sm, ak1 - c.mul(sm, jnp.conj(v2))
            a = jnp.where((cl == k) & rows[:, None], nk[:, None], a)
            return jnp.where((cl == k + 1) & rows[:, None], nk1[:, None], a)

        h = right(h, active & (idx <= jnp.minimum(k + 2, hi)))
        z = right(z, active & (idx >= 0))
        # a sweep started below lo: keep h[m, m-1] real (a diagonal unitary similarity, ?scal)
        extra = active & first & (m > lo)
        temp = c.cx(1 - t1.real, -t1.imag)
        temp = c.div_real(temp, c.cabs(temp))
        ctemp = jnp.conj(temp)
        h = jnp.where(extra & (r == m + 1) & (cl == m), c.mul(h, ctemp), h)
        h = jnp.where(extra & (r == m + 2) & (cl == m + 1) & (m + 2 <= hi), c.mul(h, temp), h)
        inset = extra & (idx >= m) & (idx <= hi) & (idx != m + 1)
        h = jnp.where(inset[:, None] & (cl > r), c.scal(temp, h), h)        # row j, columns > j
        h = jnp.where(inset[None, :] & (r < cl), c.scal(ctemp, h), h)       # column j, rows < j
        z = jnp.where(inset[None, :], c.scal(ctemp, z), z)
        return h, z

    h, z = lax.fori_loop(_i(0), _i(n - 1), step, (h, z))
    return _real_subdiagonal(h, z, hi)


def _real_subdiagonal(h, z, i):
    """h[i, i-1] made real: row i (right of it) times conj(temp), column i (above it) and Z's
    column i times temp = h[i, i-1] / |h[i, i-1]| (?scal), as zlahqr."""
    jnp, lax = _np()
    from . import stablehlo_lapack_carith as c
    n = h.shape[0]
    idx = lax.iota(jnp.int32, n)
    r, cl = idx[:, None], idx[None, :]
    temp = _entry(h, i, jnp.maximum(i - 1, 0))
    on = (temp.imag != 0) & (i > 0)
    rtemp = c.cabs(temp)
    temp = c.div_real(temp, jnp.where(on, rtemp, 1))
    h = jnp.where(on & (r == i) & (cl == i - 1), c.cx(rtemp, jnp.zeros_like(rtemp)), h)
    h = jnp.where(on & (r == i) & (cl > i), c.scal(jnp.conj(temp), h), h)
    h = jnp.where(on & (cl == i) & (r < i), c.scal(temp, h), h)
    return h, jnp.where(on & (cl == i), c.scal(temp, z), z)


def _complex_lahqr(h, z):
    """zlahqr (wantt, wantz) on a Hessenberg H with real subdiagonal: (T, Z, info)."""
    jnp, lax = _np()
    n = h.shape[0]
    rdt = _real_dtype(h.dtype)
    eps = float(jnp.finfo(rdt).eps)
    itmax = SWEEPS_PER_ROW * max(n, 10)
    idx = lax.iota(jnp.int32, n)
    r, c = idx[:, None], idx[None, :]
    finite = jnp.all(jnp.isfinite(h))

    def cond(st):
        h, z, i, kdefl, its = st
        return (i > 0) & (its <= itmax) & finite

    def body(st):
        h, z, i, kdefl, its = st
        neg = _negligible_lahqr(h, eps)
        lo = jnp.max(jnp.where(neg & (idx <= i), idx, 0))
        h = jnp.where((lo > 0) & (r == lo) & (c == lo - 1), 0, h)
        deflate = lo >= i
        kd = kdefl + 1
        h2, z2 = _complex_sweep(h, z, lo, i, kd, eps)
        h = jnp.where(deflate, h, h2)
        z = jnp.where(deflate, z, z2)
        return (h, z, jnp.where(deflate, lo - 1, i), jnp.where(deflate, 0, kd),
                jnp.where(deflate, 0, its + 1))

    h, z, i, _, _ = lax.while_loop(cond, body, (h, z, _i(n - 1), _i(0), _i(0)))
    info = jnp.where((i > 0) | ~finite, jnp.maximum(i, 0) + 1, 0).astype(jnp.int32)
    return jnp.where(r > c + 1, 0, h), z, info


def _lapack_scale(a):
    """(A / s, s): s = 1 where ?geev would not scale (max |a_ij| in [smlnum, bignum]), else a
    power of two near max |a_ij| (nothing then overflows or underflows; exact)."""
    jnp, _ = _np()
    rdt = _real_dtype(a.dtype)
    fi = jnp.finfo(rdt)
    smlnum = float(fi.tiny) ** 0.5 / float(fi.eps)
    big = jnp.max(jnp.abs(a))
    ok = (big > 0) & jnp.isfinite(big) & ((big < smlnum) | (big > 1 / smlnum))
    scale = jnp.where(ok, jnp.exp2(jnp.floor(jnp.log2(jnp.where(ok, big, 1)))), 1).astype(rdt)
    return a / scale.astype(a.dtype), scale


def complex_schur(a):
    """(T / s upper triangular, Z unitary, info, s) with A = Z T Z^H: ?gehd2's reduction, then
    zlahqr's sweeps."""
    jnp, _ = _np()
    if a.shape[0] < 2:
        return a, jnp.ones_like(a), jnp.int32(0), jnp.ones((), _real_dtype(a.dtype))
    a, scale = _lapack_scale(a)
    h, z = hessenberg(a)
    t, z, info = _complex_lahqr(h, z)
    return t, z, info, scale


def _real_sweep(h, z, lo, hi, its):
    """One Francis double-shift sweep on rows / columns lo..hi (nothing unless hi - lo >= 2), as
    ?lahqr chooses it: shifts from the trailing 2 x 2 (a real pair: the eigenvalue nearer to its
    last entry, twice), exceptional shifts at every 10th sweep since a deflation (from the top of
    the window, every 20th from the bottom), and the sweep started at the lowest row m where
    h[m, m-1] is negligible against the first column of the shifted product."""
    jnp, lax = _np()
    n = h.shape[0]
    rdt = _real_dtype(h.dtype)
    eps = float(jnp.finfo(rdt).eps)
    idx = lax.iota(jnp.int32, n)
    e = lambda i, j: _entry(h, jnp.clip(i, 0, n - 1), jnp.clip(j, 0, n - 1))  # noqa: E731
    kdefl = its + 1
    ex_bottom = kdefl % 20 == 0
    ex_top = (kdefl % 10 == 0) & ~ex_bottom
    s_bot = jnp.abs(e(hi, hi - 1)) + jnp.abs(e(hi - 1, hi - 2))
    s_top = jnp.abs(e(lo + 1, lo)) + jnp.abs(e(lo + 2, lo + 1))
    ex_s = jnp.where(ex_bottom, s_bot, s_top)
    ex_h11 = 0.75 * ex_s + jnp.where(ex_bottom, e(hi, hi), e(lo, lo))
    ex = ex_bottom | ex_top
    h11 = jnp.where(ex, ex_h11, e(hi - 1, hi - 1))
    h12 = jnp.where(ex, -0.4375 * ex_s, e(hi - 1, hi))
    h21 = jnp.where(ex, ex_s, e(hi, hi - 1))
    h22 = jnp.where(ex, ex_h11, e(hi, hi))
    s = jnp.abs(h11) + jnp.abs(h12) + jnp.abs(h21) + jnp.abs(h22)
    nz = s > 0
    s1 = jnp.where(nz, s, 1)
    h11, h12, h21, h22 = h11 / s1, h12 / s1, h21 / s1, h22 / s1
    tr = (h11 + h22) / 2
    det = (h11 - tr) * (h22 - tr) - h12 * h21
    rtdisc = jnp.sqrt(jnp.abs(det))
    cplx = det >= 0
    r1, r2 = tr + rtdisc, tr - rtdisc
    near = jnp.where(jnp.abs(r1 - h22) <= jnp.abs(r2 - h22), r1, r2) * s1
    rt1r = jnp.where(nz, jnp.where(cplx, tr * s1, near), 0)
    rt2r = rt1r
    rt1i = jnp.where(nz & cplx, rtdisc * s1, 0)
    rt2i = -rt1i
    # the first column of (H - rt1)(H - rt2) at every row m (scaled), and the start-row test
    dg = jnp.diagonal(h)
    sub = jnp.concatenate([jnp.diagonal(h, -1), jnp.zeros((1,), h.dtype)])      # h[m+1, m]
    sup = jnp.concatenate([jnp.diagonal(h, 1), jnp.zeros((1,), h.dtype)])       # h[m, m+1]
    sub2 = jnp.concatenate([sub[1:], jnp.zeros((1,), h.dtype)])                 # h[m+2, m+1]
    dg1 = jnp.concatenate([dg[1:], jnp.zeros((1,), h.dtype)])                   # h[m+1, m+1]
    prev_sub = jnp.concatenate([jnp.zeros((1,), h.dtype), sub[:-1]])            # h[m, m-1]
    prev_dg = jnp.concatenate([jnp.zeros((1,), h.dtype), dg[:-1]])              # h[m-1, m-1]
    sm = jnp.abs(dg - rt2r) + jnp.abs(rt2i) + jnp.abs(sub)
    sm = jnp.where(sm > 0, sm, 1)
    h21s = sub / sm
    v1 = h21s * sup + (dg - rt1r) * ((dg - rt2r) / sm) - rt1i * (rt2i / sm)
    v2 = h21s * (dg + dg1 - rt1r - rt2r)
    v3 = h21s * sub2
    sv = jnp.abs(v1) + jnp.abs(v2) + jnp.abs(v3)
    sv = jnp.where(sv > 0, sv, 1)
    v1, v2, v3 = v1 / sv, v2 / sv, v3 / sv
    h00 = jnp.abs(prev_sub) * (jnp.abs(v2) + jnp.abs(v3))
    h01 = (eps * jnp.abs(v1)) * (jnp.abs(prev_dg) + jnp.abs(dg) + jnp.abs(dg1))
    small = (h00 <= h01) & (idx > lo) & (idx <= hi - 2)
    m = jnp.maximum(jnp.max(jnp.where(small, idx, -1)), lo)
    at = lambda v: jnp.sum(jnp.where(idx == m, v, 0))  # noqa: E731
    first = (at(v1), at(v2), at(v3))
    active_window = hi - lo >= 2
    r, c = idx[:, None], idx[None, :]

    def step(k, hz):
        h, z = hz
        active = active_window & (k >= m) & (k < hi)
        three = k < hi - 1                                   # NR = 3 (else 2: the last row)
        km1 = jnp.maximum(k - 1, 0)
        chase = (_entry(h, k, km1), _entry(h, k + 1, km1), jnp.where(three, _entry(h, jnp.minimum(k + 2, n - 1), km1), 0))
        at_m = k == m
        x1, x2, x3 = (jnp.where(at_m, f, g) for f, g in zip(first, chase))
        beta, t1, v2, v3 = _larfg3(x1, x2, x3)
        put = active & ~at_m
        h = jnp.where(put & (c == km1) & (r == k), beta, h)
        h = jnp.where(put & (c == km1) & ((r == k + 1) | (three & (r == k + 2))), 0, h)
        # (a sweep started below lo: h[m, m-1] times 1 - t1, as slahqr writes it)
        h = jnp.where(active & at_m & (m > lo) & (c == km1) & (r == k), h * (1 - t1), h)
        t2, t3 = t1 * v2, t1 * v3
        # rows k.. (columns k..n-1), then columns k.. (rows up to min(k+3, hi), or hi), then Z
        rk, rk1, rk2 = (_entry_row(h, jnp.minimum(k + i, n - 1)) for i in range(3))
        sm = jnp.where(three, rk + v2 * rk1 + v3 * rk2, rk + v2 * rk1)
        cols = (active & (idx >= k))[None, :]
        h = jnp.where(cols & (r == k), (rk - sm * t1)[None, :], h)
        h = jnp.where(cols & (r == k + 1), (rk1 - sm * t2)[None, :], h)
        h = jnp.where(cols & three & (r == k + 2), (rk2 - sm * t3)[None, :], h)

        def right(a, rows):
            ak, ak1, ak2 = (_col(a, jnp.minimum(k + i, n - 1)) for i in range(3))
            sm = jnp.where(three, ak + v2 * ak1 + v3 * ak2, ak + v2 * ak1)
            rows = rows[:, None]
            a = jnp.where(rows & (c == k), (ak - sm * t1)[:, None], a)
            a = jnp.where(rows & (c == k + 1), (ak1 - sm * t2)[:, None], a)
            return jnp.where(rows & three & (c == k + 2), (ak2 - sm * t3)[:, None], a)

        h = right(h, active & (idx <= jnp.where(three, jnp.minimum(k + 3, hi), hi)))
        z = right(z, active & (idx >= 0))
        return h, z

    return lax.fori_loop(_i(0), _i(n - 1), step, (h, z))


def _sign(x):
    """Fortran's SIGN(1, x): -1 where x's sign bit is set."""
    jnp, _ = _np()
    return jnp.where(jnp.signbit(x), -1, 1).astype(x.dtype)


def _lapy2(x, y):
    """?lapy2: sqrt(x^2 + y^2) as LAPACK scales it."""
    jnp, _ = _np()
    xa, ya = jnp.abs(x), jnp.abs(y)
    w, z = jnp.maximum(xa, ya), jnp.minimum(xa, ya)
    w1 = jnp.where(w > 0, w, 1)
    return jnp.where((z == 0) | (w > jnp.finfo(x.dtype).max), w, w * jnp.sqrt(1 + (z / w1) ** 2))


def _larfg3(alpha, x2, x3):
    """?larfg for (alpha, x2, x3) (x3 = 0 for a 2-vector): (beta, tau, v2, v3); ?nrm2 of (x2, x3)
    as OpenBLAS's kernel gives it (squares summed in double, rounded once)."""
    jnp, _ = _np()
    from .stablehlo_lapack_carith import wide_available
    wide = jnp.float64 if alpha.dtype == jnp.float32 and wide_available() else alpha.dtype
    x2w, x3w = x2.astype(wide), x3.astype(wide)
    xnorm = jnp.sqrt(x2w * x2w + x3w * x3w).astype(alpha.dtype)
    trivial = xnorm == 0
    beta = -_sign(alpha) * _lapy2(alpha, xnorm)
    beta1 = jnp.where(trivial, 1, beta)
    tau = jnp.where(trivial, 0, (beta1 - alpha) / beta1)
    scal = jnp.where(trivial, 1, 1 / jnp.where(trivial, 1, alpha - beta1))
    return jnp.where(trivial, alpha, beta), tau, x2 * scal, x3 * scal


def _lanv2(a, b, c, d):
    """?lanv2 in its arithmetic: the standard form (a, b, c, d) of [[a, b], [c, d]] and the
    rotation (cs, sn) with [[a, b], [c, d]] = [[cs, -sn], [sn, cs]] [[a', b'], [c', d']]
    [[cs, sn], [-sn, cs]]: upper triangular when the eigenvalues are real, else equal diagonal
    entries and b' c' < 0."""
    jnp, _ = _np()
    dt = a.dtype
    fi = jnp.finfo(dt)
    eps = float(fi.eps)
    safmn2 = 2.0 ** int(np_log2(float(fi.tiny) / eps) / 2)
    safmx2 = 1 / safmn2
    one, zero = jnp.ones((), dt), jnp.zeros((), dt)
    c_zero = c == 0
    b_zero = ~c_zero & (b == 0)
    done = ~c_zero & ~b_zero & ((a - d) == 0) & (_sign(b) != _sign(c))
    temp = a - d
    p = 0.5 * temp
    bcmax = jnp.maximum(jnp.abs(b), jnp.abs(c))
    bcmis = jnp.minimum(jnp.abs(b), jnp.abs(c)) * _sign(b) * _sign(c)
    scale = jnp.maximum(jnp.abs(p), bcmax)
    scale1 = jnp.where(scale > 0, scale, 1)
    zz = (p / scale1) * p + (bcmax / scale1) * bcmis
    real = zz >= 4 * eps
    # real eigenvalues: a and d, then the rotation
    zr = p + _sign(p) * (jnp.sqrt(scale) * jnp.sqrt(jnp.where(real, zz, 0)))
    zr1 = jnp.where(real & (zr != 0), zr, 1)
    ra, rd = d + zr, d - (bcmax / zr1) * bcmis
    tau = _lapy2(c, zr)
    tau1 = jnp.where(tau > 0, tau, 1)
    rcs, rsn, rb = zr / tau1, c / tau1, b - c
    # complex (or nearly equal real) eigenvalues: make the diagonal entries equal
    sigma = b + c
    for _ in range(3):                       # (?lanv2's rescaling loop: never taken in range)
        sc = jnp.maximum(jnp.abs(temp), jnp.abs(sigma))
        f = jnp.where(sc >= safmx2, safmn2, jnp.where(sc <= safmn2, safmx2, 1)).astype(dt)
        sigma, temp = sigma * f, temp * f
    p2 = 0.5 * temp
    tau = _lapy2(sigma, temp)
    tau1 = jnp.where(tau > 0, tau, 1)
    cs = jnp.sqrt(0.5 * (1 + jnp.abs(sigma) / tau1))
    sn = -(p2 / (tau1 * cs)) * _sign(sigma)
    aa, bb = a * cs + b * sn, -a * sn + b * cs
    cc, dd = c * cs + d * sn, -c * sn + d * cs
    ca, cb = aa * cs + cc * sn, bb * cs + dd * sn
    cc2, cd = -aa * sn + cc * cs, -bb * sn + dd * cs
    mid = 0.5 * (ca + cd)
    split = (cc2 != 0) & (cb != 0) & (_sign(cb) == _sign(cc2))       # real after all: triangular
    sab, sac = jnp.sqrt(jnp.abs(cb)), jnp.sqrt(jnp.abs(cc2))
    ps = _sign(cc2) * (sab * sac)
    tau2 = 1 / jnp.sqrt(jnp.abs(jnp.where(split, cb + cc2, 1)))
    cs1, sn1 = sab * tau2, sac * tau2
    swap = (cc2 != 0) & (cb == 0)
    ca = jnp.where(split, mid + ps, mid)
    cd = jnp.where(split, mid - ps, mid)
    cb, cc2, ccs, csn = (jnp.where(split, cb - cc2, jnp.where(swap, -cc2, cb)),
                         jnp.where(split | swap, 0, cc2),
                         jnp.where(split, cs * cs1 - sn * sn1, jnp.where(swap, -sn, cs)),
                         jnp.where(split, cs * sn1 + sn * cs1, jnp.where(swap, cs, sn)))

    def pick(on_b0, on_real, on_complex, keep):
        out = jnp.where(real, on_real, on_complex)
        return jnp.where(c_zero | done, keep, jnp.where(b_zero, on_b0, out))

    return (pick(d, ra, ca, a), pick(-c, rb, cb, b), pick(zero, zero, cc2, c), pick(a, rd, cd, d),
            pick(zero, rcs, ccs, one), pick(one, rsn, csn, zero))


def _real_standardize(h, z, lo, hi):
    """A 2 x 2 block that has split off at the bottom (hi - lo == 1): ?lanv2's standard form
    written into it, its rotation applied to the rest of rows / columns k, k+1 and to Z (?rot),
    both rows deflated."""
    jnp, lax = _np()
    n = h.shape[0]
    k = jnp.maximum(hi - 1, 0)
    block = (hi - lo == 1) & (hi > 0)
    a, b, c, d, cs, sn = _lanv2(_entry(h, k, k), _entry(h, k, k + 1), _entry(h, k + 1, k), _entry(h, k + 1, k + 1))
    idx = lax.iota(jnp.int32, n)
    r, cl = idx[:, None], idx[None, :]
    rot = _rot_kernel()
    rk, rk1 = _entry_row(h, k), _entry_row(h, k + 1)
    nk, nk1 = rot(rk, rk1, cs, sn)
    right_of = (block & (idx > k + 1))[None, :]
    h = jnp.where(right_of & (r == k), nk[None, :], h)
    h = jnp.where(right_of & (r == k + 1), nk1[None, :], h)

    def cols(x, rows):
        xk, xk1 = rot(_col(x, k), _col(x, k + 1), cs, sn)
        rows = (block & rows)[:, None]
        x = jnp.where(rows & (cl == k), xk[:, None], x)
        return jnp.where(rows & (cl == k + 1), xk1[:, None], x)

    h = cols(h, idx < k)
    z = cols(z, idx >= 0)
    for (i, j), v in (((0, 0), a), ((0, 1), b), ((1, 0), c), ((1, 1), d)):
        h = jnp.where(block & (r == k + i) & (cl == k + j), v, h)
    return h, z, jnp.where(block, hi - 2, hi)


def np_log2(x):
    import math
    return math.log2(x)


def _rot_kernel():
    """?rot as OpenBLAS's kernel computes it: on AVX-512 x' = fma(c, x, s y), y' = fma(c, y, -(s x))
    (measured through ctypes, srot and drot, n = 1 to 17, strided too, 200 random problems
    each: scratch cs4/srot_check.py, drot_check.py); elsewhere plain products."""
    from ..interpreter.ops.openblas_order import kernels
    from .stablehlo_lapack_carith import wide_available
    if kernels() == "avx512" and wide_available():
        from .stablehlo_lapack_fma import fma
        return lambda x, y, c, s: (fma(c, x, s * y), fma(c, y, -(s * x)))
    return lambda x, y, c, s: (c * x + s * y, c * y - s * x)


def real_schur(a):
    """(T / s quasi-triangular in standard form, Z orthogonal, info, s) with A = Z T Z^T."""
    jnp, _ = _np()
    if a.shape[0] < 2:
        return a, jnp.ones_like(a), jnp.int32(0), jnp.ones((), a.dtype)
    return _iterate(a, _real_sweep, _real_standardize)


def real_eigenvalues(t):
    """(wr, wi) of a real Schur form in standard form, as ?lanv2 reports them."""
    jnp, _ = _np()
    n = t.shape[0]
    d = jnp.diagonal(t)
    if n < 2:
        return d, jnp.zeros_like(d)
    sub = jnp.diagonal(t, -1)            # sub[k] = t[k+1, k]
    sup = jnp.diagonal(t, 1)
    w = jnp.sqrt(jnp.abs(sup)) * jnp.sqrt(jnp.abs(sub))
    zero = jnp.zeros((1,), t.dtype)
    starts = jnp.concatenate([jnp.where(sub != 0, w, 0), zero])       # first of a pair: +w
    ends = jnp.concatenate([zero, jnp.where(sub != 0, -w, 0)])        # second: -w
    return d, starts + ends


def _to_complex_triangular(t, z):
    """Complex (T, Z) of a real Schur form: one unitary rotation per 2 x 2 block puts the
    eigenvalue with positive imaginary part first."""
    jnp, lax = _np()
    n = t.shape[0]
    cdt = jnp.result_type(t.dtype, jnp.complex64)
    t = t.astype(cdt)
    z = z.astype(cdt)
    idx = lax.iota(jnp.int32, n)

    def step(k, tz):
        t, z = tz
        a, b = _entry(t, k, k), _entry(t, k, k + 1)
        c, d = _entry(t, k + 1, k), _entry(t, k + 1, k + 1)
        lam = (a + d) / 2 + 1j * jnp.sqrt(jnp.abs(b.real)) * jnp.sqrt(jnp.abs(c.real))
        u0, u1 = lam - d, c                                  # (B - lam I) u = 0 from B's second row
        r = jnp.sqrt(jnp.abs(u0) ** 2 + jnp.abs(u1) ** 2)
        on = (c != 0) & (r > 0)
        r = jnp.where(on, r, 1).astype(cdt)
        u0 = jnp.where(on, u0 / r, 1)
        u1 = jnp.where(on, u1 / r, 0)
        ek = (idx == k).astype(cdt)
        ek1 = (idx == k + 1).astype(cdt)
        g = (jnp.eye(n, dtype=cdt) + (u0 - 1) * ek[:, None] * ek[None, :] - jnp.conj(u1) * ek[:, None] * ek1[None, :]
             + u1 * ek1[:, None] * ek[None, :] + (jnp.conj(u0) - 1) * ek1[:, None] * ek1[None, :])
        t, z = _similar(t, z, g)
        t = jnp.where(on & (idx[:, None] == k + 1) & (idx[None, :] == k), jnp.zeros_like(t), t)
        return t, z

    return lax.fori_loop(_i(0), _i(n - 1), step, (t, z))


def triangular_eigenvectors(t):
    """Columns x_k with T x_k = t_kk x_k, x_k[k] = 1, x_k[i > k] = 0 (T upper triangular);
    tiny divisors are perturbed to eps |t_kk| as ?trevc does."""
    jnp, lax = _np()
    n = t.shape[0]
    rdt = _real_dtype(t.dtype)
    eps = float(jnp.finfo(rdt).eps)
    small = jnp.finfo(rdt).tiny / eps
    lam = jnp.diagonal(t)
    smin = jnp.maximum(eps * jnp.abs(lam), small)
    cols = lax.iota(jnp.int32, n)

    def step(s, x):
        i = n - 2 - s
        row = jnp.where(cols > i, _entry_row(t, i), 0)
        num = _mm(row[None, :], x)[0]                        # sum_j>i t_ij x_jk, for every k
        den = _entry(t, i, i) - lam
        den = jnp.where(jnp.abs(den) < smin, smin.astype(t.dtype), den)
        xi = jnp.where(cols > i, -num / den, _entry_row(x, i))
        return lax.dynamic_update_slice_in_dim(x, xi[None, :], i, 0)

    return lax.fori_loop(_i(0), _i(max(n - 1, 0)), step, jnp.eye(n, dtype=t.dtype))


def _entry_row(a, i):
    _, lax = _np()
    return lax.dynamic_slice_in_dim(a, i, 1, axis=0)[0]


def normalize(v, signed=None):
    """Each column: unit 2-norm, then its largest-magnitude component real (?geev): positive
    (zgeev), or, in the columns where `signed` is set, of the sign of its real part (dgeev
    rotates a conjugate pair's vector by ?lartg, whose r has the sign of f)."""
    jnp, _ = _np()
    norm = jnp.sqrt(jnp.sum((v * jnp.conj(v)).real, axis=0))
    v = v / jnp.where(norm > 0, norm, 1).astype(v.dtype)[None, :]
    mag = (v * jnp.conj(v)).real
    k = jnp.argmax(mag, axis=0)
    big = jnp.take_along_axis(v, k[None, :], axis=0)[0]
    ab = jnp.abs(big)
    ph = jnp.where(ab > 0, jnp.conj(big) / jnp.where(ab > 0, ab, 1).astype(v.dtype), 1)
    if signed is not None:
        ph = jnp.where(signed & (big.real < 0), -ph, ph)
    v = v * ph[None, :]
    rows = jnp.arange(v.shape[0])[:, None]
    return jnp.where(rows == k[None, :], v.real.astype(v.dtype), v)


def _raw_vectors(t, z, left):
    """Right (or left) eigenvectors Z x of Z T Z^H, T complex upper triangular, x_k = 1."""
    jnp, _ = _np()
    if not left:
        return _mm(z, triangular_eigenvectors(t))
    tr = jnp.conj(t.T)[::-1, ::-1]                           # upper triangular again
    return _mm(z, triangular_eigenvectors(tr)[::-1, ::-1])


def _real_input_vectors(t, z, left, wi, rt, rz, dscale):
    raw = _lapack_pair_phase(_raw_vectors(t, z, left), rt, rz, wi, left)
    raw = _unbalance(raw, dscale, left)
    return _pair_fixup(normalize(raw, signed=wi > 0), raw, wi)


def _unbalance(v, dscale, left):
    """Eigenvectors of D^-1 A D back to A's (?gebak): right ones times D, left ones times D^-1."""
    f = 1 / dscale if left else dscale
    return v * f.astype(v.dtype)[:, None]


def balance(a):
    """(D^-1 A D, diag D) as ?gebal's scaling (job 'B' without the permutation, which leaves a
    matrix with no zero off-diagonal row or column as it is): row and column i scaled by a power
    of two while that brings their 2-norms closer, sweep after sweep until none changes."""
    jnp, lax = _np()
    n = a.shape[0]
    rdt = _real_dtype(a.dtype)
    fi = jnp.finfo(rdt)
    sfmin1 = float(fi.tiny) / float(fi.eps)
    sfmin2, sfmax1 = sfmin1 * 2, 1 / sfmin1
    sfmax2 = 1 / sfmin2
    idx = lax.iota(jnp.int32, n)
    cabs1 = (lambda x: jnp.abs(x.real) + jnp.abs(x.imag)) if jnp.iscomplexobj(a) else jnp.abs  # noqa: E731

    def one(i, c):
        a, d, noconv = c
        col, row = _col(a, i), _entry_row(a, i)
        cn = jnp.sqrt(jnp.sum((col * jnp.conj(col)).real))
        rn = jnp.sqrt(jnp.sum((row * jnp.conj(row)).real))
        ca, ra = jnp.max(cabs1(col)), jnp.max(cabs1(row))
        s0 = cn + rn

        def up_cond(v):
            f, c_, ca_, r_, g_, ra_ = v
            return (c_ < g_) & (jnp.maximum(jnp.maximum(f, c_), ca_) < sfmax2) & \
                (jnp.minimum(jnp.minimum(r_, g_), ra_) > sfmin2)

        def up(v):
            f, c_, ca_, r_, g_, ra_ = v
            return f * 2, c_ * 2, ca_ * 2, r_ / 2, g_ / 2, ra_ / 2

        one_ = jnp.ones((), rdt)
        f, cn2, ca2, rn2, _, ra2 = lax.while_loop(up_cond, up, (one_, cn, ca, rn, rn / 2, ra))

        def down_cond(v):
            f, c_, g_, ca_, r_, ra_ = v
            return (g_ >= r_) & (jnp.maximum(r_, ra_) < sfmax2) & \
                (jnp.minimum(jnp.minimum(f, c_), jnp.minimum(g_, ca_)) > sfmin2)

        def down(v):
            f, c_, g_, ca_, r_, ra_ = v
            return f / 2, c_ / 2, g_ / 2, ca_ / 2, r_ * 2, ra_ * 2

        f, cn3, _, _, rn3, _ = lax.while_loop(down_cond, down, (f, cn2, cn2 / 2, ca2, rn2, ra2))
        di = _at(d, i)
        # (?gebal stops at a NaN; a non-finite row or column is left alone here, or the sweeps
        # never settle: info comes from the Schur step)
        skip = (cn == 0) | (rn == 0) | (cn3 + rn3 >= 0.95 * s0) | ~jnp.isfinite(s0 + ca + ra)
        skip = skip | ((f < 1) & (di < 1) & (f * di <= sfmin1)) | ((f > 1) & (di > 1) & (di >= sfmax1 / f))
        f = jnp.where(skip, one_, f)
        scale = jnp.where(idx == i, 1 / f, 1).astype(a.dtype)[:, None] * jnp.where(idx == i, f, 1).astype(a.dtype)[None, :]
        a = a * scale                                   # row i / f, column i * f (a_ii unchanged)
        d = jnp.where(idx == i, d * f, d)
        return a, d, noconv | ~skip

    def sweep(c):
        a, d, _ = c
        return lax.fori_loop(_i(0), _i(n), one, (a, d, jnp.bool_(False)))

    a, d, _ = lax.while_loop(lambda c: c[2], sweep, (a, jnp.ones((n,), rdt), jnp.bool_(True)))
    return a, d


def _at(x, i):
    _, lax = _np()
    return lax.dynamic_index_in_dim(x, i, 0, keepdims=False)


def _lapack_pair_phase(raw, t, z, wi, left):
    """The vector of a conjugate pair (first column, wi > 0) times the complex scalar that gives
    it ?trevc's phase: in Schur coordinates y = Z^T v, ?trevc starts the 2 x 2 block at (1,
    i wi / t12) for right vectors and (wi / t12, i) for left ones where |t12| >= |t21|, at
    (-wi / t21, i) and (1, -i wi / t21) otherwise. ?geev's sign of the largest component
    follows from that phase (normalize(signed=...)); the other columns are left as they are."""
    jnp, _ = _np()
    n = raw.shape[0]
    if n < 2:
        return raw
    y = _mm(z.T.astype(raw.dtype), raw)
    zero = jnp.zeros((1,), raw.dtype)
    y_k = jnp.diagonal(y)                                            # y[j, j]
    y_k1 = jnp.concatenate([jnp.diagonal(y, -1), zero])               # y[j + 1, j]
    rzero = jnp.zeros((1,), t.dtype)
    t12 = jnp.concatenate([jnp.diagonal(t, 1), rzero])
    t21 = jnp.concatenate([jnp.diagonal(t, -1), rzero])
    first = jnp.abs(t12) >= jnp.abs(t21)
    if left:
        first = ~first
    # right, |t12| >= |t21| (or left, otherwise): y[j] = 1; else y[j + 1] = i
    pivot = jnp.where(first, y_k, y_k1 / 1j)
    ok = (wi > 0) & (pivot != 0)
    scale = jnp.where(ok, 1 / jnp.where(ok, pivot, 1), 1)
    return raw * scale[None, :]


def _pair_fixup(v, raw, wi):
    """Real input: the second vector of a pair is the conjugate of the first; the vector of a
    real eigenvalue is real (exactly so in exact arithmetic) and, as in ?geev, only scaled to
    unit norm: its sign is the one of the Schur basis (component k of Z^T v positive)."""
    jnp, _ = _np()
    second = jnp.concatenate([jnp.zeros((1,), bool), wi[1:] < 0])
    prev = jnp.concatenate([v[:, :1], v[:, :-1]], axis=1)
    v = jnp.where(second[None, :], jnp.conj(prev), v)
    r = raw.real
    norm = jnp.sqrt(jnp.sum(r * r, axis=0))
    r = (r / jnp.where(norm > 0, norm, 1)[None, :]).astype(v.dtype)
    return jnp.where((wi == 0)[None, :], r, v)


def eig_complex(a, left, right):
    """?geev for complex A: (w, vl, vr, info)."""
    jnp, _ = _np()
    a, dscale = balance(a)
    t, z, info, s = complex_schur(a)
    w = jnp.diagonal(t) * s.astype(t.dtype)
    from . import stablehlo_lapack_trevc as trevc
    if trevc.applies(a.shape[0], a.dtype):           # ctrevc3 and cgeev's scalings, in their order
        vectors = lambda left_: trevc.eigenvectors(t, z, dscale, left_)  # noqa: E731
    else:
        vectors = lambda left_: normalize(_unbalance(_raw_vectors(t, z, left_), dscale, left_))  # noqa: E731
    vl = vectors(True) if left else jnp.zeros_like(a)
    vr = vectors(False) if right else jnp.zeros_like(a)
    return w, vl, vr, info


def eig_real(a, left, right):
    """?geev for real A: (wr, wi, vl, vr, info), vectors complex (as JAX's FFI returns them)."""
    jnp, _ = _np()
    a, dscale = balance(a)
    t, z, info, s = real_schur(a)
    wr, wi = real_eigenvalues(t)
    wr, wi = wr * s, wi * s
    cdt = jnp.result_type(a.dtype, jnp.complex64)
    if not (left or right):
        zero = jnp.zeros(a.shape, cdt)
        return wr, wi, zero, zero, info
    from . import stablehlo_lapack_strevc as strevc
    if strevc.applies(a.shape[0], a.dtype):          # strevc3 and sgeev's scalings, in their order
        vectors = lambda left_: strevc.eigenvectors(t, z, dscale, left_)  # noqa: E731
    else:
        tc, zc = _to_complex_triangular(t, z)
        vectors = lambda left_: _real_input_vectors(tc, zc, left_, wi, t, z, dscale)  # noqa: E731
    vl = vectors(True) if left else jnp.zeros(a.shape, cdt)
    vr = vectors(False) if right else jnp.zeros(a.shape, cdt)
    return wr, wi, vl, vr, info


def schur_complex(a, vectors):
    """?gees (sort off) for complex A: (T, Z, w, sdim, info)."""
    jnp, _ = _np()
    t, z, info, s = complex_schur(a)
    t = t * s.astype(t.dtype)
    return t, (z if vectors else jnp.zeros_like(a)), jnp.diagonal(t), jnp.int32(0), info


def schur_real(a, vectors):
    """?gees (sort off) for real A: (T, Z, wr, wi, sdim, info)."""
    jnp, _ = _np()
    t, z, info, s = real_schur(a)
    t = t * s
    wr, wi = real_eigenvalues(t)
    return t, (z if vectors else jnp.zeros_like(a)), wr, wi, jnp.int32(0), info
