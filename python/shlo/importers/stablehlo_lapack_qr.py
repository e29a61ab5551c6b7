"""?geqrf and ?orgqr / ?ungqr (float32, complex64) step for step as LAPACK 3.12 runs them inside
jaxlib's OpenBLAS on AVX-512 CPUs, so that Q and R are XLA CPU's bit for bit.

Up to K = min(m, n) = 128 (LAPACK's crossover NX for ?geqrf and ?orgqr) both are unblocked:
?geqr2 / ?org2r / ?ung2r. Each step j builds the reflector as ?larfg does (the norm by ?nrm2,
beta = -sign(alpha) ?lapy2(alpha, norm) (complex: ?lapy3), tau = (beta - alpha) / beta, x times
the rounded reciprocal 1 / (alpha - beta) (complex: ?ladiv's quotient, then cscal)) and applies it
as ?larf does: the live rows end at v's last nonzero and the live columns at C's last nonzero
column, w = C^T v (complex: C^H v) by ?gemv, C -= tau v w^T (complex: conj) by ?ger. The BLAS
calls follow OpenBLAS's kernels (stablehlo_openblas_order.py); LAPACK's own Fortran rounds each
operation (no fused multiply-add). ?org2r: columns k.. set to the unit matrix, then from the last
reflector back: the block right of column i times H_i, column i below the diagonal scaled by
-tau_i, the diagonal 1 - tau_i, the entries above it 0.

Measured against jax.numpy.linalg.qr (tests/test_jax_linalg.py, scratch cs5/t_body.py):
bit-equal on random f32 and c64 matrices of the testdata harnesses' shapes (3 x 3, 3 x 4,
10 x 5, 200 x 100, full and reduced) and others up to 37 x 13. Not modelled (close to LAPACK,
not always equal): ?larfg's rescaling of a reflector whose norm is below the safe minimum
(sgemv's small-matrix kernels for lda = rows = 2-8 are).
"""
from __future__ import annotations

from . import stablehlo_openblas_order as ob

_UNBLOCKED = 128          # LAPACK's NX for ?geqrf / ?orgqr: above it the blocked code runs


def modelled(reflectors: int, dtype) -> bool:
    """Whether ?geqrf / ?orgqr with this many reflectors (min(m, n) for ?geqrf, tau's length
    for ?orgqr) and this dtype follow OpenBLAS's order here."""
    import jax.numpy as jnp
    from ..interpreter.ops.openblas_order import kernels
    return (kernels() == "avx512" and jnp.dtype(dtype) in (jnp.float32, jnp.complex64)
            and reflectors <= _UNBLOCKED)


def _lapy2(x, y):
    import jax.numpy as jnp
    xa, ya = jnp.abs(x), jnp.abs(y)
    w, z = jnp.maximum(xa, ya), jnp.minimum(xa, ya)
    safe_w = jnp.where(w == 0, jnp.ones_like(w), w)
    q = z / safe_w
    return jnp.where(z == 0, w, w * jnp.sqrt(1 + q * q))


def _lapy3(x, y, z):
    import jax.numpy as jnp
    xa, ya, za = jnp.abs(x), jnp.abs(y), jnp.abs(z)
    w = jnp.maximum(jnp.maximum(xa, ya), za)
    safe_w = jnp.where(w == 0, jnp.ones_like(w), w)
    p, q, r = xa / safe_w, ya / safe_w, za / safe_w
    return jnp.where(w == 0, xa + ya + za, w * jnp.sqrt((p * p + q * q) + r * r))


def _ladiv(a, b, c, d):
    """(a + ib) / (c + id) as LAPACK's ?ladiv (Baudin and Smith), without its rescaling of
    operands near the overflow or underflow thresholds."""
    import jax.numpy as jnp

    def div2(a, b, c, d, r, t):
        br = b * r
        return jnp.where(r != 0, jnp.where(br != 0, (a + br) * t, a * t + (b * t) * r),
                         (a + d * (b / jnp.where(c == 0, jnp.ones_like(c), c))) * t)

    def div1(a, b, c, d):
        r = d / c
        t = 1 / (c + d * r)
        return div2(a, b, c, d, r, t), div2(b, -a, c, d, r, t)

    plain = jnp.abs(d) <= jnp.abs(c)
    p1, q1 = div1(a, b, c, d)
    p2, q2 = div1(b, a, d, c)
    return jnp.where(plain, p1, p2), jnp.where(plain, q1, -q2)


def _larfg(x, rows):
    """?larfg on x[0] (alpha) and x[1:rows]; returns (v with v[0] = 1, tau, beta), v zero past
    `rows`. tau = 0 (H = I) where the rest is zero and alpha real, then beta = alpha."""
    import jax.numpy as jnp
    from jax import lax
    r = lax.iota(jnp.int32, x.shape[0])
    below = (r >= 1) & (r < rows)
    xnorm = ob.nrm2(x, below)
    alpha = x[0]
    ar, ai = jnp.real(alpha), jnp.imag(alpha)
    trivial = (xnorm == 0) & (ai == 0)
    if jnp.iscomplexobj(x):
        norm = _lapy3(ar, ai, xnorm)
    else:
        norm = _lapy2(ar, xnorm)
    beta = jnp.where(jnp.signbit(ar), norm, -norm)
    beta = jnp.where(trivial, jnp.ones_like(beta), beta)
    if jnp.iscomplexobj(x):
        tau = lax.complex((beta - ar) / beta, -ai / beta)
        sr, si = _ladiv(jnp.ones_like(ar), jnp.zeros_like(ar), ar - beta, ai)
        scaled = ob.cscal(x, lax.complex(sr, si))
    else:
        tau = (beta - ar) / beta
        scaled = x * (1 / (ar - beta))
    tau = jnp.where(trivial, jnp.zeros_like(tau), tau)
    v = jnp.where(below, jnp.where(trivial, x, scaled), jnp.where(r == 0, jnp.ones_like(x), 0))
    head = jnp.where(trivial, alpha, beta.astype(x.dtype))
    return v, tau, head


def _larf_left(c, v, tau, rows, cols, small):
    """?larf('Left') with the reflector (v, tau) on the live block c[:rows, :cols]: nothing where
    tau = 0; else rows up to v's last nonzero, columns up to c's last nonzero one there."""
    import jax.numpy as jnp
    from jax import lax
    m, n = c.shape
    if n == 0:
        return c
    r = lax.iota(jnp.int32, m)
    k = lax.iota(jnp.int32, n)
    lastv = jnp.max(jnp.where((r < rows) & (v != 0), r + 1, 0))
    nonzero = jnp.any((c != 0) & (r < lastv)[:, None], axis=0) & (k < cols)
    lastc = jnp.max(jnp.where(nonzero, k + 1, 0))
    vv = jnp.where(r < lastv, v, 0)
    if jnp.iscomplexobj(c):
        from ..interpreter.ops.openblas_order import openblas_threads
        w = ob.cgemv_c(c, vv, lastv, lastc)
        out = ob.cgerc(c, vv, w, -tau, lastv, lastc, openblas_threads())
    else:
        w = ob.sgemv_t(c, vv, lastv, lastc, small=None if small is None else small & (lastv == m))
        out = ob.sger(c, vv, w, -tau, lastv, lastc)
    return jnp.where(tau == 0, c, out)


def _block(apad, i, m, n):
    from jax import lax
    return lax.dynamic_slice(apad, (i, i), (m, n))


def _put(apad, blk, i):
    """apad with blk written at (i, i), as a slice and a select: under vmap a dynamic update
    slice becomes a scatter, which the reference interpreter runs element by element."""
    import jax.numpy as jnp
    from jax import lax
    m, n = blk.shape
    big = jnp.pad(blk, ((m, apad.shape[0] - m), (n, apad.shape[1] - n)))
    placed = lax.dynamic_slice(big, (m - i, n - i), apad.shape)
    r = lax.broadcasted_iota(jnp.int32, apad.shape, 0)
    c = lax.broadcasted_iota(jnp.int32, apad.shape, 1)
    return jnp.where((r >= i) & (c >= i), placed, apad)


def geqrf(a):
    """?geqr2: R on and above the diagonal, the reflectors below it, the taus."""
    import jax.numpy as jnp
    from jax import lax
    m, n = a.shape
    k = min(m, n)
    apad = jnp.pad(a, ((0, m), (0, n)))
    small = jnp.bool_(True) if m in ob.SMALL_KERNELS else None   # sgemv's lda = rows kernels (step 0)
    r = lax.iota(jnp.int32, m)

    def step(j, carry):
        apad, taus = carry
        blk = _block(apad, j, m, n)
        rows = m - j
        v, tau, head = _larfg(blk[:, 0], rows)
        sm = None if small is None else small & (j == 0)
        rest = _larf_left(blk[:, 1:], v, jnp.conj(tau), rows, n - j - 1, sm)
        col = jnp.where(r == 0, head, jnp.where(r < rows, v, blk[:, 0]))
        blk = jnp.concatenate([col[:, None], rest], axis=1)
        apad = _put(apad, blk, j)
        return apad, jnp.where(lax.iota(jnp.int32, k) == j, tau, taus)

    apad, taus = lax.fori_loop(jnp.int32(0), jnp.int32(k), step, (apad, jnp.zeros((k,), a.dtype)))
    return apad[:m, :n], taus


def orgqr(a, tau):
    """?org2r / ?ung2r: the m x n matrix with orthonormal columns from the reflectors of `a`."""
    import jax.numpy as jnp
    from jax import lax
    m, n = a.shape
    k = tau.shape[0]
    rr = lax.broadcasted_iota(jnp.int32, (m, n), 0)
    cc = lax.broadcasted_iota(jnp.int32, (m, n), 1)
    q = jnp.where(cc >= k, (rr == cc).astype(a.dtype), a)
    qpad = jnp.pad(q, ((0, m), (0, n)))
    small = jnp.bool_(True) if m in ob.SMALL_KERNELS else None
    r = lax.iota(jnp.int32, m)

    def step(t, qpad):
        i = k - 1 - t
        blk = _block(qpad, i, m, n)
        rows = m - i
        t_i = lax.dynamic_index_in_dim(tau, i, 0, keepdims=False)
        v = jnp.where(r == 0, jnp.ones_like(blk[:, 0]), jnp.where(r < rows, blk[:, 0], 0))
        sm = None if small is None else small & (i == 0)
        rest = _larf_left(blk[:, 1:], v, t_i, rows, n - i - 1, sm)
        scaled = ob.cscal(v, -t_i) if jnp.iscomplexobj(v) else v * -t_i
        col = jnp.where(r == 0, 1 - t_i, jnp.where(r < rows, scaled, blk[:, 0]))
        blk = jnp.concatenate([col[:, None], rest], axis=1)
        qpad = _put(qpad, blk, i)
        above = (lax.broadcasted_iota(jnp.int32, qpad.shape, 0) < i) & \
                (lax.broadcasted_iota(jnp.int32, qpad.shape, 1) == i)
        return jnp.where(above, 0, qpad)

    return lax.fori_loop(jnp.int32(0), jnp.int32(k), step, qpad)[:m, :n]
