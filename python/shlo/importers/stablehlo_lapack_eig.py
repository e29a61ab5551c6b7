"""The decompositions of `shlo.linalg.eig` (LAPACK ?geev) and `shlo.linalg.schur` (?gees).

Pure `jax.lax` functions of one square matrix, vmapped over batch dimensions
and lowered into the composite bodies by `stablehlo_lapack`:

* Hessenberg reduction by Householder reflectors.
* Complex input: single-shift QR sweeps (Wilkinson shift, an exceptional shift
  every 10 sweeps without deflation) chasing the bulge with 2-entry reflectors,
  giving the complex Schur form A = Z T Z^H.
* Real input: Francis double-shift sweeps (3-entry reflectors), giving the real
  Schur form with 2 x 2 blocks in LAPACK's standard form (equal diagonal
  entries, off-diagonal entries of opposite signs; a 2 x 2 block with real
  eigenvalues is split by a rotation, as ?lanv2 does).
* Eigenvectors: the real Schur form is made complex triangular by one unitary
  rotation per 2 x 2 block; right eigenvectors of the triangular factor by
  back substitution (all of them at once, one row per step), left ones as the
  right ones of the reversed conjugate transpose; multiplied back by Z and
  normalised as LAPACK does (unit 2-norm, largest component real). For real
  input the second vector of a conjugate pair is the conjugate of the first and
  the vector of a real eigenvalue is real and only scaled, as in ?geev.

Every rotation or reflector is applied as an n x n unitary matrix built from a
masked vector, so each loop step is a handful of whole-matrix ops (what makes the
reference interpreter fast on small matrices). Convergence: a subdiagonal entry
is negligible when |h| <= eps (|h_kk| + |h_k-1,k-1|) (or eps ||A||_F when both are
zero); at most SWEEPS_PER_ROW * max(n, 10) sweeps. `info` is 0, or (as LAPACK)
the 1-based index of the last row that did not converge when the sweeps hit the
cap or the matrix is not finite. The matrix is first scaled by a power of two
near its largest entry, so that no square overflows or underflows.
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
    idx = lax.iota(jnp.int32, n)

    def step(j, hq):
        h, q = hq
        x = jnp.where(idx > j, _col(h, j), 0)
        return _similar(h, q, _reflector(x, j + 1))

    if n < 3:
        return a, jnp.eye(n, dtype=a.dtype)
    return lax.fori_loop(_i(0), _i(n - 2), step, (a, jnp.eye(n, dtype=a.dtype)))


def _negligible(h, eps, tiny):
    """neg[k] (k >= 1): h[k, k-1] is negligible; neg[0] is True (the top of every block)."""
    jnp, _ = _np()
    d = jnp.abs(jnp.diagonal(h))
    sub = jnp.abs(jnp.diagonal(h, -1))
    scale = d[1:] + d[:-1]
    scale = jnp.where(scale > 0, scale, tiny)
    return jnp.concatenate([jnp.ones((1,), bool), sub <= eps * scale])


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


def _iterate(a, sweep, standardize):
    """The QR iteration shared by both forms: (T / s, Z, info, s), A = Z T Z^H; s is a power of
    two near max |a_ij| (eigenvectors are computed from T / s, where nothing overflows)."""
    jnp, lax = _np()
    n = a.shape[0]
    rdt = _real_dtype(a.dtype)
    eps = float(jnp.finfo(rdt).eps)
    cap = SWEEPS_PER_ROW * max(n, 10)
    # scale by (about) the power of two below max |a_ij|: squares of tiny or huge entries would
    # underflow (XLA flushes subnormals) or overflow (f32 entries near 1e19); LAPACK scales too
    big = jnp.max(jnp.abs(a))
    ok = (big > 0) & jnp.isfinite(big)
    scale = jnp.where(ok, jnp.exp2(jnp.floor(jnp.log2(jnp.where(ok, big, 1)))), 1).astype(rdt)
    a = a / scale.astype(a.dtype)
    fro = jnp.sqrt(jnp.sum((a * jnp.conj(a)).real))
    tiny = jnp.maximum(fro, jnp.finfo(rdt).tiny)        # the scale where both diagonal entries are 0
    h, z = hessenberg(a)
    finite = jnp.all(jnp.isfinite(h))

    def cond(c):
        h, z, hi, its, total = c
        return (hi > 0) & (total < cap) & finite

    def body(c):
        h, z, hi, its, total = c
        neg = _negligible(h, eps, tiny)
        h = _zero_negligible(h, neg)
        new_hi, lo = _window(neg, hi)
        its = jnp.where(new_hi == hi, its + 1, 0)
        h, z, new_hi = standardize(h, z, lo, new_hi)
        h, z = sweep(h, z, lo, new_hi, its)
        return h, z, new_hi, its, total + 1

    hi0 = _i(n - 1)
    h, z, hi, _, _ = lax.while_loop(cond, body, (h, z, hi0, _i(0), _i(0)))
    h = _zero_negligible(h, _negligible(h, eps, tiny))
    info = jnp.where((hi > 0) | ~finite, jnp.maximum(hi, 0) + 1, 0).astype(jnp.int32)
    return h, z, info, scale


def _complex_sweep(h, z, lo, hi, its):
    """One single-shift QR sweep on rows / columns lo..hi (nothing when hi <= lo)."""
    jnp, lax = _np()
    n = h.shape[0]
    idx = lax.iota(jnp.int32, n)
    a, b = _entry(h, hi - 1, hi - 1), _entry(h, hi - 1, hi)
    c, d = _entry(h, hi, hi - 1), _entry(h, hi, hi)
    delta = (a - d) / 2
    root = jnp.sqrt(delta * delta + b * c)
    root = jnp.where((jnp.conj(delta) * root).real >= 0, root, -root)
    den = delta + root
    mu = jnp.where(jnp.abs(den) > 0, d - b * c / jnp.where(jnp.abs(den) > 0, den, 1), d)   # Wilkinson
    exceptional = (its > 0) & (its % 10 == 0)
    mu = jnp.where(exceptional, d + 0.75 * jnp.abs(c).astype(h.dtype), mu)
    first = jnp.where((idx == lo) | (idx == lo + 1), _col(h, lo), 0) - jnp.where(idx == lo, mu, 0)

    def step(k, hz):
        h, z = hz
        rows = (idx == k) | (idx == k + 1)
        chase = jnp.where(rows, _col(h, jnp.maximum(k - 1, 0)), 0)
        x = jnp.where(k == lo, first, chase)
        x = jnp.where((k >= lo) & (k < hi), x, 0)
        return _similar(h, z, _reflector(x, k))

    return lax.fori_loop(_i(0), _i(n - 1), step, (h, z))


def _no_standardize(h, z, lo, hi):
    return h, z, hi


def complex_schur(a):
    """(T / s upper triangular, Z unitary, info, s) with A = Z T Z^H."""
    jnp, _ = _np()
    if a.shape[0] < 2:
        return a, jnp.ones_like(a), jnp.int32(0), jnp.ones((), _real_dtype(a.dtype))
    return _iterate(a, _complex_sweep, _no_standardize)


def _real_sweep(h, z, lo, hi, its):
    """One Francis double-shift sweep on rows / columns lo..hi (nothing unless hi - lo >= 2)."""
    jnp, lax = _np()
    n = h.shape[0]
    idx = lax.iota(jnp.int32, n)
    a, b = _entry(h, hi - 1, hi - 1), _entry(h, hi - 1, hi)
    c, d = _entry(h, hi, hi - 1), _entry(h, hi, hi)
    tr, det = a + d, a * d - b * c
    w = jnp.abs(c) + jnp.abs(_entry(h, hi - 1, jnp.maximum(hi - 2, 0)))
    exceptional = (its > 0) & (its % 10 == 0)
    e = 0.75 * w + d
    tr = jnp.where(exceptional, 2 * e, tr)
    det = jnp.where(exceptional, e * e + 0.4375 * w * w, det)
    h00, h01 = _entry(h, lo, lo), _entry(h, lo, lo + 1)
    h10, h11 = _entry(h, lo + 1, lo), _entry(h, lo + 1, lo + 1)
    h21 = _entry(h, jnp.minimum(lo + 2, n - 1), lo + 1)
    x0 = h00 * h00 + h01 * h10 - tr * h00 + det
    x1 = h10 * (h00 + h11 - tr)
    x2 = h10 * h21
    s = jnp.abs(x0) + jnp.abs(x1) + jnp.abs(x2)
    s = jnp.where(s > 0, s, 1)
    first = jnp.where(idx == lo, x0 / s, jnp.where(idx == lo + 1, x1 / s, jnp.where(idx == lo + 2, x2 / s, 0)))
    active_window = hi - lo >= 2

    def step(k, hz):
        h, z = hz
        rows = (idx >= k) & (idx <= jnp.minimum(k + 2, hi))
        chase = jnp.where(rows, _col(h, jnp.maximum(k - 1, 0)), 0)
        x = jnp.where(k == lo, first, chase)
        x = jnp.where(active_window & (k >= lo) & (k < hi), x, 0)
        return _similar(h, z, _reflector(x, k))

    return lax.fori_loop(_i(0), _i(n - 1), step, (h, z))


def _rotation_matrix(n, k, cs, sn, dtype):
    """The n x n plane rotation [[cs, -sn], [sn, cs]] on rows / columns k, k+1."""
    jnp, lax = _np()
    idx = lax.iota(jnp.int32, n)
    ek = (idx == k).astype(dtype)
    ek1 = (idx == k + 1).astype(dtype)
    return (jnp.eye(n, dtype=dtype) + (cs - 1) * (ek[:, None] * ek[None, :] + ek1[:, None] * ek1[None, :])
            - sn * ek[:, None] * ek1[None, :] + sn * ek1[:, None] * ek[None, :])


def _lanv2(a, b, c, d):
    """(cs, sn) of the rotation G that puts [[a, b], [c, d]] in standard form as G^T B G: upper
    triangular when its eigenvalues are real (larger-|.| one of (a-d)/2 +- sqrt first), else equal
    diagonal entries."""
    jnp, _ = _np()
    p = (a - d) / 2
    z = p * p + b * c
    sgn = jnp.where(p >= 0, 1, -1).astype(a.dtype)
    # real eigenvalues: the first column of G is the eigenvector (lambda1 - d, c)
    u0 = p + sgn * jnp.sqrt(jnp.maximum(z, 0))
    r = jnp.sqrt(u0 * u0 + c * c)
    cs_r = jnp.where(r > 0, u0 / jnp.where(r > 0, r, 1), 1)
    sn_r = jnp.where(r > 0, c / jnp.where(r > 0, r, 1), 0)
    # complex eigenvalues: a' - d' = (a - d) cos 2t + (b + c) sin 2t = 0; of the solutions t
    # and t +- pi/2 the one with |t| <= pi/4 (the smallest rotation: none for a block that is
    # already standard, where the other choice would swap b and c through a rounding-level a - d)
    t = 0.5 * jnp.arctan2(-(a - d), b + c)
    quarter = jnp.pi / 4
    t = jnp.where(t > quarter, t - 2 * quarter, jnp.where(t < -quarter, t + 2 * quarter, t))
    cs_c, sn_c = jnp.cos(t), jnp.sin(t)
    real = z >= 0
    done = (c == 0) | ((a == d) & (b * c < 0))
    cs = jnp.where(done, 1, jnp.where(real, cs_r, cs_c)).astype(a.dtype)
    sn = jnp.where(done, 0, jnp.where(real, sn_r, sn_c)).astype(a.dtype)
    return cs, sn, real


def _real_standardize(h, z, lo, hi):
    """A 2 x 2 block that has split off at the bottom (hi - lo == 1): standard form, deflate both rows."""
    jnp, lax = _np()
    n = h.shape[0]
    k = jnp.maximum(hi - 1, 0)
    block = (hi - lo == 1) & (hi > 0)
    cs, sn, real = _lanv2(_entry(h, k, k), _entry(h, k, k + 1), _entry(h, k + 1, k), _entry(h, k + 1, k + 1))
    cs = jnp.where(block, cs, 1).astype(h.dtype)
    sn = jnp.where(block, sn, 0).astype(h.dtype)
    h, z = _similar(h, z, _rotation_matrix(n, k, cs, sn, h.dtype))
    # a real split leaves a rounding-level h[k+1, k]: it is zero by construction
    idx = lax.iota(jnp.int32, n)
    h = jnp.where(block & real & (idx[:, None] == k + 1) & (idx[None, :] == k), jnp.zeros_like(h), h)
    # complex pair: the diagonal entries agree up to rounding; make them equal (standard form)
    mean = (_entry(h, k, k) + _entry(h, k + 1, k + 1)) / 2
    on_diag = ((idx == k) | (idx == k + 1))[:, None] & (idx[:, None] == idx[None, :])
    h = jnp.where(block & ~real & on_diag, mean, h)
    return h, z, jnp.where(block, hi - 2, hi)


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


def normalize(v):
    """Each column: unit 2-norm, then its largest-magnitude component real (?geev)."""
    jnp, _ = _np()
    norm = jnp.sqrt(jnp.sum((v * jnp.conj(v)).real, axis=0))
    v = v / jnp.where(norm > 0, norm, 1).astype(v.dtype)[None, :]
    mag = (v * jnp.conj(v)).real
    k = jnp.argmax(mag, axis=0)
    big = jnp.take_along_axis(v, k[None, :], axis=0)[0]
    ab = jnp.abs(big)
    ph = jnp.where(ab > 0, jnp.conj(big) / jnp.where(ab > 0, ab, 1).astype(v.dtype), 1)
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


def _vectors(t, z, left):
    return normalize(_raw_vectors(t, z, left))


def _real_input_vectors(t, z, left, wi):
    raw = _raw_vectors(t, z, left)
    return _pair_fixup(normalize(raw), raw, wi)


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
    t, z, info, s = complex_schur(a)
    w = jnp.diagonal(t) * s.astype(t.dtype)
    vl = _vectors(t, z, True) if left else jnp.zeros_like(a)
    vr = _vectors(t, z, False) if right else jnp.zeros_like(a)
    return w, vl, vr, info


def eig_real(a, left, right):
    """?geev for real A: (wr, wi, vl, vr, info), vectors complex (as JAX's FFI returns them)."""
    jnp, _ = _np()
    t, z, info, s = real_schur(a)
    wr, wi = real_eigenvalues(t)
    wr, wi = wr * s, wi * s
    cdt = jnp.result_type(a.dtype, jnp.complex64)
    if not (left or right):
        zero = jnp.zeros(a.shape, cdt)
        return wr, wi, zero, zero, info
    tc, zc = _to_complex_triangular(t, z)
    vl = _real_input_vectors(tc, zc, True, wi) if left else jnp.zeros(a.shape, cdt)
    vr = _real_input_vectors(tc, zc, False, wi) if right else jnp.zeros(a.shape, cdt)
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
