"""?gebd2 (float32, m >= n) step for step as LAPACK runs it inside jaxlib's OpenBLAS on AVX-512
CPUs, so that the bidiagonal (and the reflectors) are XLA CPU's bit for bit.

?gesdd calls ?gebrd, which is unblocked (?gebd2) below its crossover NX = 128. Step i: the column
reflector H_i by ?larfg (the norm by snrm2 in double) applied from the left to the block right of
it as ?larf('Left') does (sgemv_t, sger: stablehlo_lapack_qr._larf_left), then the row reflector
G_i by ?larfg on row i right of the diagonal (snrm2 of a strided row: the same kernel) applied
from the right to the rows below as ?larf('Right') does: the live columns end at the reflector's
last nonzero, the live rows at the block's last nonzero row there (?ilalr), w = C g by sgemv_n
(x strided), C -= taup w g^T by sger (stablehlo_openblas_order). d_i and e_i are ?larfg's betas.
"""
from __future__ import annotations

from . import stablehlo_openblas_order as ob
from .stablehlo_lapack_qr import _block, _larf_left, _larfg, _put


def _larf_right(c, g, tau, rows, cols):
    """?larf('Right') with the reflector (g, tau) on the live block c[:rows, :cols]."""
    import jax.numpy as jnp
    from jax import lax
    m, n = c.shape
    if m == 0 or n == 0:
        return c
    r = lax.iota(jnp.int32, m)
    k = lax.iota(jnp.int32, n)
    lastv = jnp.max(jnp.where((k < cols) & (g != 0), k + 1, 0))
    nonzero = jnp.any((c != 0) & (k < lastv)[None, :], axis=1) & (r < rows)
    lastc = jnp.max(jnp.where(nonzero, r + 1, 0))
    gg = jnp.where(k < lastv, g, 0)
    w = ob.sgemv_n(c, gg, lastc, lastv)
    out = ob.sger(c, w, gg, -tau, lastc, lastv)
    return jnp.where(tau == 0, c, out)


def gebd2(a, lda_is_rows: bool):
    """?gebd2 of a (m x n, m >= n, float32): (packed, d, e, tauq, taup) as LAPACK returns them:
    the column reflectors below the diagonal, the row reflectors right of the superdiagonal.
    `lda_is_rows`: LAPACK's leading dimension equals m (?gebrd on a matrix of its own, not on R
    inside A), which for m <= 8 takes sgemv_t's small-matrix kernels at the first step."""
    import jax.numpy as jnp
    from jax import lax
    m, n = a.shape
    apad = jnp.pad(a, ((0, m), (0, n)))
    small = jnp.bool_(True) if lda_is_rows and m in ob.SMALL_KERNELS else None
    r = lax.iota(jnp.int32, m)
    k = lax.iota(jnp.int32, n - 1) if n > 1 else None

    def step(i, carry):
        apad, d, e, tauq, taup = carry
        blk = _block(apad, i, m, n)
        rows = m - i
        v, tq, head = _larfg(blk[:, 0], rows)
        sm = None if small is None else small & (i == 0)
        rest = _larf_left(blk[:, 1:], v, tq, rows, n - i - 1, sm)
        col = jnp.where(r == 0, head, jnp.where(r < rows, v, blk[:, 0]))
        d = jnp.where(lax.iota(jnp.int32, n) == i, head, d)
        tauq = jnp.where(lax.iota(jnp.int32, n) == i, tq, tauq)
        if n > 1:
            cols = n - i - 1
            g, tp, headp = _larfg(rest[0], cols)
            tp = jnp.where(cols >= 1, tp, 0)
            below = _larf_right(rest[1:], g, tp, rows - 1, cols)
            row = jnp.where(k == 0, headp, jnp.where(k < cols, g, rest[0]))
            right = jnp.concatenate([row[None, :], below], axis=0)
            more = i < n - 1
            rest = jnp.where(more, right, rest)
            e = jnp.where(more & (k == i), headp, e)
            taup = jnp.where(more & (lax.iota(jnp.int32, n) == i), tp, taup)
        blk = jnp.concatenate([col[:, None], rest], axis=1)
        return _put(apad, blk, i), d, e, tauq, taup

    f32 = a.dtype
    init = (apad, jnp.zeros((n,), f32), jnp.zeros((max(n - 1, 1),), f32), jnp.zeros((n,), f32),
            jnp.zeros((n,), f32))
    apad, d, e, tauq, taup = lax.fori_loop(jnp.int32(0), jnp.int32(n), step, init)
    return apad[:m, :n], d, e[:n - 1], tauq, taup


def _shift_rows(x, i):
    """x's rows from i on, moved up to row 0 (zeros below)."""
    import jax.numpy as jnp
    from jax import lax
    m = x.shape[0]
    return lax.dynamic_slice_in_dim(jnp.pad(x, ((0, m), (0, 0))), i, m, 0)


def _unshift_rows(x, blk, i):
    """x with rows i.. replaced by blk's first rows (the inverse of _shift_rows)."""
    import jax.numpy as jnp
    from jax import lax
    m = x.shape[0]
    placed = lax.dynamic_slice_in_dim(jnp.pad(blk, ((m, 0), (0, 0))), m - i, m, 0)
    return jnp.where((lax.iota(jnp.int32, m) >= i)[:, None], placed, x)


def apply_q(packed, tauq, c, ldc_is_rows: bool):
    """?ormbr('Q', 'L', 'N') as ?orm2r runs it: Q c with Q = H_0 ... H_{k-1} from ?gebd2's
    column reflectors, applied from the last one back by ?larf('Left') on rows i.. of c.
    `ldc_is_rows`: c is a matrix of its own (leading dimension its rows), which for up to 8 rows
    takes sgemv_t's small-matrix kernel at the last step."""
    import jax.numpy as jnp
    from jax import lax
    m = packed.shape[0]
    k = tauq.shape[0]
    nc = c.shape[1]
    r = lax.iota(jnp.int32, m)
    small = jnp.bool_(True) if ldc_is_rows and m in ob.SMALL_KERNELS else None

    def step(t, c):
        i = k - 1 - t
        col = _shift_rows(lax.dynamic_index_in_dim(packed, i, 1, keepdims=True), i)[:, 0]
        v = jnp.where(r == 0, jnp.ones_like(col), jnp.where(r < m - i, col, 0))
        tau = lax.dynamic_index_in_dim(tauq, i, 0, keepdims=False)
        sm = None if small is None else small & (i == 0)
        blk = _larf_left(_shift_rows(c, i), v, tau, m - i, nc, sm)
        return _unshift_rows(c, blk, i)

    return lax.fori_loop(jnp.int32(0), jnp.int32(k), step, c)


def apply_pt(packed, taup, vt):
    """?ormbr('P', 'R', 'T') on the n x n vt as ?orml2 runs it: vt P^T with P = G_0 ... G_{n-2}
    from ?gebd2's row reflectors, the last one first, each by ?larf('Right') on columns i+1.."""
    import jax.numpy as jnp
    from jax import lax
    n = vt.shape[1]
    k = n - 1
    if k < 1:
        return vt
    kk = lax.iota(jnp.int32, n)

    def step(t, vt):
        i = k - 1 - t
        row = _shift_rows(lax.dynamic_index_in_dim(packed, i, 0, keepdims=True).T, i + 1)[:, 0]
        g = jnp.where(kk == 0, jnp.ones_like(row), jnp.where(kk < n - i - 1, row, 0))
        tau = lax.dynamic_index_in_dim(taup, i, 0, keepdims=False)
        blk = _larf_right(_shift_rows(vt.T, i + 1).T, g, tau, vt.shape[0], n - i - 1)
        return _unshift_rows(vt.T, blk.T, i + 1).T

    return lax.fori_loop(jnp.int32(0), jnp.int32(k), step, vt)


def gelq2(a):
    """?gelq2 (float32): L on and below the diagonal, the row reflectors right of it, the taus.
    Step i: ?larfg on row i from the diagonal, ?larf('Right') on the rows below."""
    import jax.numpy as jnp
    from jax import lax
    m, n = a.shape
    k = min(m, n)
    apad = jnp.pad(a, ((0, m), (0, n)))
    kk = lax.iota(jnp.int32, n)

    def step(i, carry):
        apad, taus = carry
        blk = _block(apad, i, m, n)
        g, tau, beta = _larfg(blk[0], n - i)
        below = _larf_right(blk[1:], g, tau, m - i - 1, n - i)
        row = jnp.where(kk == 0, beta, jnp.where(kk < n - i, g, blk[0]))
        blk = jnp.concatenate([row[None, :], below], axis=0)
        return _put(apad, blk, i), jnp.where(lax.iota(jnp.int32, k) == i, tau, taus)

    apad, taus = lax.fori_loop(jnp.int32(0), jnp.int32(k), step, (apad, jnp.zeros((k,), a.dtype)))
    return apad[:m, :n], taus


def orgl2(packed, tau, rows):
    """?orgl2 (float32): the first `rows` rows of H_{k-1} ... H_0 from ?gelq2's reflectors (rows
    k.. start as the unit matrix's), from the last reflector back: ?larf('Right') on the rows
    below, the row right of the diagonal scaled by -tau (sscal), the diagonal 1 - tau."""
    import jax.numpy as jnp
    from jax import lax
    n = packed.shape[1]
    k = tau.shape[0]
    m = rows
    a = jnp.zeros((m, n), packed.dtype).at[:packed.shape[0]].set(packed[:m]) if m > packed.shape[0] \
        else packed[:m]
    rr = lax.broadcasted_iota(jnp.int32, (m, n), 0)
    cc = lax.broadcasted_iota(jnp.int32, (m, n), 1)
    a = jnp.where(rr >= k, (rr == cc).astype(a.dtype), a)
    apad = jnp.pad(a, ((0, m), (0, n)))
    kk = lax.iota(jnp.int32, n)

    def step(t, apad):
        i = k - 1 - t
        blk = _block(apad, i, m, n)
        t_i = lax.dynamic_index_in_dim(tau, i, 0, keepdims=False)
        g = jnp.where(kk == 0, jnp.ones_like(blk[0]), jnp.where(kk < n - i, blk[0], 0))
        below = _larf_right(blk[1:], g, t_i, m - i - 1, n - i)
        row = jnp.where(kk == 0, 1 - t_i, jnp.where(kk < n - i, g * -t_i, blk[0]))
        blk = jnp.concatenate([row[None, :], below], axis=0)
        apad = _put(apad, blk, i)
        left = (lax.broadcasted_iota(jnp.int32, apad.shape, 0) == i) & \
               (lax.broadcasted_iota(jnp.int32, apad.shape, 1) < i)
        return jnp.where(left, 0, apad)

    return lax.fori_loop(jnp.int32(0), jnp.int32(k), step, apad)[:m, :n]
