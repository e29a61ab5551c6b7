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

The secular roots are ?laed4's own (stablehlo_lapack_laed4: its rational interpolation, ?laed5
for k = 2, ?laed6's three-pole steps, its stopping test), bit-equal with LAPACK's interpreted;
the new vectors are normalized by snrm2 as OpenBLAS's kernel computes it (squares in float64)
and, for f32, multiplied into the old ones as OpenBLAS's sgemm kernel sums (fused multiply-adds
in ?laed2's compressed column order). On LAPACK's own tridiagonal, f32, this is sstedc bit for
bit (n = 30 .. 64 measured; n = 100 ~1 % of the vector elements differ by more than 3 ulp).

Differences from LAPACK (rounding only, unless noted):
- f64's update product is a plain matrix product (dgemm's fused order not modelled);
- ?stedc's first split of T at negligible off-diagonal entries (|e_i| <= eps sqrt|d_i d_i+1|)
  is not followed (its sizes are data): such a T is solved whole. Random matrices have none.
"""
from __future__ import annotations

from . import stablehlo_lapack_laed4 as laed4

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
        d, z, q, indxp, k, k2, pj, coltyp = c
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
        # ?laed2's column types: a rotation mixing the two blocks makes nj dense (2)
        mixed = close & (_take(coltyp, nj) != _take(coltyp, pjc))
        coltyp = jnp.where(mixed & (idx == nj), 2, coltyp)
        # otherwise pj joins the secular equation
        indxp = jnp.where(keep & (idx == k), pjc, indxp)
        k = jnp.where(keep, k + 1, k)
        pj = jnp.where(small, pj, nj)
        return d, z, q, indxp, k, k2, pj, coltyp

    coltyp = jnp.where(idx < n1, 1, 3).astype(i32)      # upper block's columns 1, lower's 3
    init = (d, z, q, jnp.zeros((n,), i32), i32(0), i32(n), i32(-1), coltyp)
    d, z, q, indxp, k, k2, pj, coltyp = lax.fori_loop(i32(0), i32(n), deflate, init)
    indxp = jnp.where((pj >= 0) & (idx == k), pj, indxp)
    k = jnp.where(pj >= 0, k + 1, k)
    # ?laed3
    valid = idx < k
    dlam = _take(d, indxp)
    w = _take(z, indxp)
    lam, delta = laed4.secular(dlam, w, rho, k)
    lam2, vec2 = laed4.laed5(dlam[:2], w[:2], rho)
    diff = dlam[:, None] - dlam[None, :]

    def gu_eisenstat(j, ww):
        col = lax.dynamic_index_in_dim(delta, j, 1, keepdims=False)
        dcol = lax.dynamic_index_in_dim(diff, j, 1, keepdims=False)
        use = valid & (idx != j) & (j < k)
        return jnp.where(use, ww * (col / jnp.where(use, dcol, 1)), ww)

    ww = lax.fori_loop(i32(0), i32(n), gu_eisenstat, jnp.diagonal(delta))
    ww = jnp.where(w >= 0, 1, -1).astype(dt) * jnp.sqrt(jnp.abs(-ww))
    s = jnp.where(valid[:, None], ww[:, None] / jnp.where(valid[:, None], delta, 1), 0)
    s = s / _column_norms(s)[None, :]
    two = (idx[:, None] < 2) & (idx[None, :] < 2)         # k = 2: ?laed5's vectors themselves
    s = jnp.where(k == 2, jnp.where(two, jnp.pad(vec2, ((0, n - 2), (0, n - 2))), 0), s)
    lam = jnp.where(k == 2, jnp.where(idx < 2, jnp.pad(lam2, (0, n - 2)), lam), lam)
    s = jnp.where(k == 1, jnp.where(idx[:, None] == 0, 1, 0).astype(dt), s)
    qp = _take(q, indxp, axis=1)
    qn = jnp.where(valid[None, :], _update_product(qp, s, _take(coltyp, indxp), k), qp)
    dn = jnp.where(valid, lam, dlam)
    # all deflated (?laed2's early return): the same permutation as the general path
    return dn, qn, _lamrg_descending_tail(dn, k)


def _update_product(qp, s, coltyp, k):
    """?laed3's update Q S (qp's columns and s's rows in the secular roots' order, the first k).
    f32 as OpenBLAS's sgemm kernels sum each element: fused multiply-adds in turn over the inner
    index in ?laed2's compressed order (columns of type 1, then 2, then 3, each in the roots'
    order; a type's zero rows add nothing); f64 a plain product."""
    import jax.numpy as jnp
    from jax import lax
    if qp.dtype != jnp.float32:
        return qp @ s
    from .stablehlo_lapack_fma import fma
    n = qp.shape[0]
    i32 = jnp.int32
    live = lax.iota(i32, n) < k
    order = jnp.argsort(jnp.where(live, coltyp, 9), stable=True).astype(i32)

    def term(p, acc):
        col = _take(order, p)
        qcol = lax.dynamic_index_in_dim(qp, col, 1, keepdims=False)
        srow = lax.dynamic_index_in_dim(s, col, 0, keepdims=False)
        return jnp.where(p < k, fma(qcol[:, None], srow[None, :], acc), acc)

    return lax.fori_loop(i32(0), i32(n), term, jnp.zeros_like(s))


def _column_norms(s):
    """?nrm2 of every column of s: snrm2 as OpenBLAS's kernel (the squares summed in float64),
    dnrm2 as a plain sum."""
    import jax
    import jax.numpy as jnp
    if s.dtype == jnp.float32:
        from .stablehlo_openblas_order import nrm2
        return jax.vmap(nrm2, in_axes=(1, None))(s, jnp.ones(s.shape[:1], bool))
    return jnp.sqrt(jnp.sum(s * s, axis=0))


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
