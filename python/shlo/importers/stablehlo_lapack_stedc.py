"""`shlo.linalg.eigh` along LAPACK's ?syevd / ?heevd path for n > 25: ?stedc's divide and conquer.

For n > SMLSIZ = 25, ?syevd / ?heevd (JOBZ = 'V') reduce A to a real tridiagonal T = Q^H A Q,
call ?stedc (COMPZ = 'I'; ?heevd calls it too, on the real T: zstedc with 'I' is dstedc) and
apply Q. ?stedc scales T by its largest entry and runs ?laed0:
- the matrix is halved (a block of s rows into s // 2 and (s + 1) // 2) until every leaf has
  at most 25 rows; at each cut both diagonal entries lose |e| (a rank-one tear), and each
  leaf is solved by ?steqr (`stablehlo_lapack_eigh.steqr`, bc9's);
- adjacent blocks are merged level by level by ?laed1: z (the last row of the left block's
  vectors, the first row of the right's, the right half negated when e < 0) over sqrt(2);
  ?laed2 deflates, in ascending order of the eigenvalues, entries whose rho |z| is within
  8 eps max(|d|, |z|) and pairs of close eigenvalues (a Givens rotation of their vectors, z
  of the first made 0); ?laed3 solves the secular equation 1 + rho sum z_i^2 / (d_i - x) = 0
  for each root (delta_i = d_i - x_j), recomputes z from the roots (Gu and Eisenstat:
  z_i^2 = prod_j delta_ij / prod_(j != i) (d_i - d_j), with z's signs) and takes the new
  vectors as the old ones times z_i / delta_ij, normalized; deflated pairs keep their vectors;
- the merged eigenvalues are not sorted in place: ?lamrg's permutation (INDXQ) sorts them, for
  the next merge and at the end.
The vectors' signs come from these steps alone (the leaves' ?steqr, z's signs, the deflating
rotations), so following them gives LAPACK's signs. The structure (leaf sizes, merge tree) is
static in n; the deflation, the number of secular roots k and the permutations are data.

Differences from LAPACK (rounding only, unless noted):
- the secular roots are found by bisection on tau = x - d_origin (the origin the nearer pole,
  chosen as ?laed4 does by the sign of the secular function at the midpoint), run until the
  interval is two adjacent floats, not by ?laed4's rational interpolation; delta is computed
  as (d_i - d_origin) - tau as ?laed4 does, so it keeps its relative accuracy;
- ?stedc's first split of T at negligible off-diagonal entries (|e_i| <= eps sqrt|d_i d_i+1|)
  is not followed (its sizes are data): such a T is solved whole. Random matrices have none.
"""
from __future__ import annotations

SMALL_N = 25          # ?laed0's SMLSIZ (ilaenv's 9): the largest leaf


def leaf_sizes(n: int) -> list:
    """?laed0's division: every block of more than 25 rows halved (s // 2, (s + 1) // 2) while
    the last block has more than 25 (the blocks of one level differ by at most one row)."""
    sizes = [n]
    while sizes[-1] > SMALL_N:
        sizes = [h for s in sizes for h in (s // 2, (s + 1) // 2)]
    return sizes


def _take(x, idx, axis=0):
    import jax.numpy as jnp
    return jnp.take(x, idx, axis=axis, mode="clip")


def _lamrg_descending_tail(dn, k):
    """?lamrg(k, n - k, dn, 1, -1): the permutation sorting dn[:k] (ascending) merged with
    dn[k:] read backwards (it is descending), ties to the first list."""
    import jax.numpy as jnp
    from jax import lax
    n = dn.shape[0]
    pos = lax.iota(jnp.int32, n)
    src = jnp.where(pos < k, pos, n - 1 + k - pos)
    order = jnp.argsort(_take(dn, src), stable=True).astype(jnp.int32)
    return _take(src, order)


def _secular(dlam, w, rho, k):
    """?laed4 for every root j < k of 1 / rho + sum_(i < k) w_i^2 / (dlam_i - x) = 0 (dlam
    ascending): (roots x_j, delta[i, j] = dlam_i - x_j), by bisection on tau = x_j - dlam_origin."""
    import jax.numpy as jnp
    from jax import lax
    n = dlam.shape[0]
    dt = dlam.dtype
    idx = lax.iota(jnp.int32, n)
    valid = idx < k
    w2 = jnp.where(valid, w * w, 0)
    rhoinv = 1 / rho

    def secular_fn(base, tau):          # base[i, j] = dlam_i - dlam_origin(j)
        den = jnp.where(valid[:, None], base - tau[None, :], 1)
        return rhoinv + jnp.sum(w2[:, None] / den, axis=0)

    nxt = _take(dlam, idx + 1)
    mid = (nxt - dlam) / 2
    last = idx == k - 1
    f_mid = secular_fn(dlam[:, None] - dlam[None, :], mid)
    at_j = last | (f_mid > 0)            # ?laed4: the origin is d_j when w(mid) > 0, else d_j+1
    origin = jnp.where(at_j, idx, idx + 1)
    base = dlam[:, None] - _take(dlam, origin)[None, :]
    upper = rho * jnp.sum(w2) * 2       # the largest root lies below dlam_k-1 + rho |w|^2
    lo = jnp.where(at_j, jnp.zeros((), dt), -mid)
    hi = jnp.where(last, upper, jnp.where(at_j, mid, jnp.zeros((), dt)))

    def cond(c):
        lo, hi, it = c
        m = (lo + hi) / 2
        return jnp.any(valid & (m != lo) & (m != hi)) & (it < 400)

    def step(c):
        lo, hi, it = c
        m = (lo + hi) / 2
        above = secular_fn(base, m) > 0
        return jnp.where(above, lo, m), jnp.where(above, m, hi), it + 1

    lo, hi, _ = lax.while_loop(cond, step, (lo, hi, jnp.int32(0)))
    tau = (lo + hi) / 2
    return _take(dlam, origin) + tau, base - tau[None, :]


def merge(d, q, indxq, rho, n1):
    """?laed1 (?laed2, ?laed3, ?lamrg) of the two blocks d[:n1], d[n1:] (eigenvalues, each
    sorted by indxq), vectors q (block diagonal), tear rho: (d, q, indxq) of the merged block."""
    import jax.numpy as jnp
    from jax import lax
    n = d.shape[0]
    dt = d.dtype
    i32 = jnp.int32
    eps = jnp.asarray(jnp.finfo(dt).eps / 2, dt)
    idx = lax.iota(i32, n)
    z = jnp.concatenate([q[n1 - 1, :n1], q[n1, n1:]])
    z = jnp.where((idx >= n1) & (rho < 0), -z, z)
    z = z * (1 / jnp.sqrt(jnp.asarray(2, dt)))
    rho = jnp.abs(2 * rho)
    indxq = jnp.where(idx >= n1, indxq + n1, indxq)
    indx = _take(indxq, jnp.argsort(_take(d, indxq), stable=True))   # ?lamrg(n1, n2, ., 1, 1)
    tol = 8 * eps * jnp.maximum(jnp.max(jnp.abs(d)), jnp.max(jnp.abs(z)))

    def deflate(j, c):
        """One step of ?laed2's loop over the eigenvalues in ascending order."""
        d, z, q, indxp, k, k2, pj = c
        nj = _take(indx, j)
        small = rho * jnp.abs(_take(z, nj)) <= tol
        have_pj = pj >= 0
        pjc = jnp.maximum(pj, 0)
        s0, c0 = _take(z, pjc), _take(z, nj)
        tau = _lapy2(c0, s0)
        safe = jnp.where(tau == 0, 1, tau)
        cc, ss = c0 / safe, -s0 / safe
        t = _take(d, nj) - _take(d, pjc)
        close = ~small & have_pj & (jnp.abs(t * cc * ss) <= tol)
        keep = ~small & have_pj & ~close                 # pj is a secular root's pole
        # small z: nj deflated as it is
        k2 = jnp.where(small, k2 - 1, k2)
        indxp = jnp.where(small & (idx == k2), nj, indxp)
        # close pair: rotate pj into nj, pj deflated (inserted by its new d, descending)
        qp = lax.dynamic_index_in_dim(q, pjc, 1, keepdims=False)
        qn = lax.dynamic_index_in_dim(q, nj, 1, keepdims=False)
        q_rot = lax.dynamic_update_index_in_dim(q, cc * qp + ss * qn, pjc, 1)
        q_rot = lax.dynamic_update_index_in_dim(q_rot, cc * qn - ss * qp, nj, 1)
        q = jnp.where(close, q_rot, q)
        dp, dn_ = _take(d, pjc), _take(d, nj)
        new_dp = dp * cc ** 2 + dn_ * ss ** 2
        new_dn = dp * ss ** 2 + dn_ * cc ** 2
        d = jnp.where(close & (idx == nj), new_dn, jnp.where(close & (idx == pjc), new_dp, d))
        z = jnp.where(close & (idx == nj), tau, jnp.where(close & (idx == pjc), 0, z))
        k2c = k2 - 1
        after = (idx > k2c) & (idx < n)
        bigger = jnp.where(after, new_dp < _take(d, indxp), False)
        run = jnp.cumprod(jnp.where(idx > k2c, bigger, True).astype(i32))   # the leading run past k2c
        shift = jnp.sum(jnp.where(idx > k2c, run, 0))
        moved = jnp.where((idx >= k2c) & (idx < k2c + shift), _take(indxp, idx + 1),
                          jnp.where(idx == k2c + shift, pjc, indxp))
        indxp = jnp.where(close, moved, indxp)
        k2 = jnp.where(close, k2c, k2)
        # otherwise pj joins the secular equation
        indxp = jnp.where(keep & (idx == k), pjc, indxp)
        k = jnp.where(keep, k + 1, k)
        pj = jnp.where(small, pj, nj)
        return d, z, q, indxp, k, k2, pj

    init = (d, z, q, jnp.zeros((n,), i32), i32(0), i32(n), i32(-1))
    d, z, q, indxp, k, k2, pj = lax.fori_loop(i32(0), i32(n), deflate, init)
    indxp = jnp.where((pj >= 0) & (idx == k), pj, indxp)
    k = jnp.where(pj >= 0, k + 1, k)
    # ?laed3
    valid = idx < k
    dlam = _take(d, indxp)
    w = _take(z, indxp)
    lam, delta = _secular(dlam, w, rho, k)
    diff = dlam[:, None] - dlam[None, :]

    def gu_eisenstat(j, ww):
        col = lax.dynamic_index_in_dim(delta, j, 1, keepdims=False)
        dcol = lax.dynamic_index_in_dim(diff, j, 1, keepdims=False)
        use = valid & (idx != j) & (j < k)
        return jnp.where(use, ww * (col / jnp.where(use, dcol, 1)), ww)

    ww = lax.fori_loop(i32(0), i32(n), gu_eisenstat, jnp.diagonal(delta))
    ww = jnp.where(w >= 0, 1, -1).astype(dt) * jnp.sqrt(jnp.abs(-ww))
    ww = jnp.where(k <= 2, w, ww)                        # ?laed5 (k = 2): z itself
    s = jnp.where(valid[:, None], ww[:, None] / jnp.where(valid[:, None], delta, 1), 0)
    s = s / jnp.sqrt(jnp.sum(s * s, axis=0))[None, :]
    s = jnp.where(k == 1, jnp.where(idx[:, None] == 0, 1, 0).astype(dt), s)
    qp = _take(q, indxp, axis=1)
    qn = jnp.where(valid[None, :], qp @ s, qp)
    dn = jnp.where(valid, lam, dlam)
    # all deflated (?laed2's early return): the same permutation as the general path
    return dn, qn, _lamrg_descending_tail(dn, k)


def _lapy2(x, y):
    from .stablehlo_lapack_eigh import _lapy2 as lapy2
    return lapy2(x, y)


def stedc(d, e):
    """?stedc (COMPZ = 'I') of the n x n tridiagonal (d, e), n > 25: (eigenvalues ascending,
    vectors as columns, info)."""
    import jax.numpy as jnp
    from .stablehlo_lapack_eigh import steqr
    n = d.shape[0]
    dt = d.dtype
    i32 = jnp.int32
    orgnrm = jnp.maximum(jnp.max(jnp.abs(d)), jnp.max(jnp.abs(e)))
    zero = orgnrm == 0
    safe = jnp.where(zero, 1, orgnrm)
    d = d * (1 / safe)
    e = e * (1 / safe)
    sizes = leaf_sizes(n)
    starts = [sum(sizes[:i]) for i in range(len(sizes))]
    for st in starts[1:]:
        d = d.at[st - 1].add(-jnp.abs(e[st - 1])).at[st].add(-jnp.abs(e[st - 1]))
    blocks, info = [], i32(0)
    for st, sz in zip(starts, sizes):
        w, z, inf = steqr(d[st:st + sz], e[st:st + sz - 1], jnp.eye(sz, dtype=dt))
        blocks.append((w, z, jnp.arange(sz, dtype=i32)))
        info = jnp.where((info == 0) & (inf != 0), st * (n + 1) + st + sz, info)
    starts_level = starts
    while len(blocks) > 1:
        merged, new_starts = [], []
        for b in range(0, len(blocks), 2):
            (d1, q1, x1), (d2, q2, x2) = blocks[b], blocks[b + 1]
            n1, n2 = d1.shape[0], d2.shape[0]
            q = jnp.zeros((n1 + n2, n1 + n2), dt).at[:n1, :n1].set(q1).at[n1:, n1:].set(q2)
            rho = e[starts_level[b + 1] - 1]
            merged.append(merge(jnp.concatenate([d1, d2]), q, jnp.concatenate([x1, x2]), rho, n1))
            new_starts.append(starts_level[b])
        blocks, starts_level = merged, new_starts
    w, z, indxq = blocks[0]
    w = _take(w, indxq) * safe
    z = _take(z, indxq, axis=1)
    return jnp.where(zero, d, w), jnp.where(zero, jnp.eye(n, dtype=dt), z), info


def eigh_dc(a, lower):
    """?syevd / ?heevd (JOBZ = 'V') of one n x n matrix, n > 25: (vectors as columns,
    eigenvalues ascending, info). `stablehlo_lapack_eigh.eigh_small`'s path with ?stedc."""
    from .stablehlo_lapack_eigh import syevd_path
    return syevd_path(a, lower, stedc)
