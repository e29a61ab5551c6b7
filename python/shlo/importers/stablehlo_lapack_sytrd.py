"""Blocked ?sytrd 'L' / 'U' (float32, 32 < n <= 64) step for step as LAPACK 3.12 runs it inside jaxlib's
OpenBLAS 0.3.30 on AVX-512 CPUs, so that the tridiagonal form (d, e, tau and the reflectors) is
XLA CPU's bits where ?syevd reduces a matrix above ?sytrd's crossover (NX = 32).

?sytrd with NB = NX = 32 and n <= 64 runs one ?latrd panel of 32 columns, ?syr2k on the trailing
(n - 32) x (n - 32) block, then ?sytd2 on that block (stablehlo_lapack_sytd2). Panel step i
(0-based) updates column i by two sgemv_n calls (alpha = -1, beta = 1), makes its reflector by
?larfg, then W's column: ssymv_L (alpha = 1), sgemv_t / sgemv_n pairs against the earlier
columns of W and of A, sscal by tau, sdot, saxpy. Kernel orders measured against scipy's
OpenBLAS by ctypes, each call of the reduction in place (scratch ds7/check_kernels.py, n = 33 to
64: every call equal):

* sgemv_n with alpha = -1, beta = 1: y - (the alpha = 1 product as openblas_order.sgemv_n)
  (alpha = -1 makes every placement of the scaling exact; ds7/t_gemvn.py, rows 1-39, 50, 63 x
  columns 1-32).
* sgemv_t, ssymv_L, saxpy as in ?sytd2; sscal rounded products.
* sdot: the terms past the last whole 32 summed in float64 from 0 (products rounded to float32),
  then the whole 32s' part added: SkylakeX's kernel, four 8-lane accumulators (one pass here:
  the rounded products), added ((a0 + a1) + a2) + a3, halves, then (h0 + h1) + (h2 + h3).
* ssyr2k 'L' 'N' (alpha = -1, beta = 1, n - 32 <= 32 rows, k = 32): one diagonal block of
  OpenBLAS's syr2k kernel: s = -(A W^T) with each entry a fused chain over k, then
  C += (s_ij + s_ji) (ds7/t_syr2k.py, n 1-32: every entry equal).

'U' (sytrd_upper) mirrors it: ?latrd 'U' on the last 32 columns, from the last (its sgemv pairs
against the columns right of the current one, in order; ssymv_U as ?sytd2 'U''s), ssyr2k 'U' on
the leading n - 32 block, ?sytd2 'U' on that block (ds7/check_kernels.py with UP=1: every call
equal). Interpreted vs ctypes ssytrd (ds7/t_body.py, t_body_upper.py): d, e, tau and the
reflectors bit-equal at n = 33, 40, 50, 64, both triangles.
"""
from __future__ import annotations

from .stablehlo_lapack_fma import fma

NB = 32                       # ?sytrd's block (ILAENV) and crossover NX


def modelled(n: int, dtype) -> bool:
    """Whether the blocked reduction is modelled: one ?latrd panel (n <= 2 NB), f32, AVX-512."""
    import jax.numpy as jnp
    from ..interpreter.ops.openblas_order import kernels
    return kernels() == "avx512" and jnp.dtype(dtype) == jnp.float32 and NB < n <= 2 * NB


def _sdot(x, y, live):
    """sdot of the first `live` (< 64) terms in OpenBLAS's SkylakeX order (module docstring)."""
    import jax.numpy as jnp
    from jax import lax
    f32, f64 = jnp.float32, jnp.float64
    r = lax.iota(jnp.int32, x.shape[0])
    p = jnp.where(r < live, x * y, 0)
    whole = live & -32
    acc = [p[8 * k:8 * k + 8] for k in range(4)]
    a = ((acc[0] + acc[1]) + acc[2]) + acc[3]
    h = a[:4] + a[4:]
    kernel = jnp.where(whole > 0, (h[0] + h[1]) + (h[2] + h[3]), f32(0))
    s = jnp.zeros((), f64)
    for k in range(x.shape[0]):
        s = jnp.where((k >= whole) & (k < live), s + p[k].astype(f64), s)
    return (s + kernel.astype(f64)).astype(f32)


def _syr2k_lower(c, a, w):
    """c's lower triangle - (a w^T + w a^T) as OpenBLAS's ssyr2k (one diagonal block)."""
    import jax.numpy as jnp
    from .stablehlo_openblas_order import sgemm_nn
    s = -sgemm_nn(a, w.T)
    m = c.shape[0]
    low = jnp.tril(jnp.ones((m, m), bool))
    return jnp.where(low, c + (s + s.T), c)


def sytrd_lower(a):
    """(a with T and the reflectors in the lower triangle, d, e, tau, info) as blocked ssytrd 'L'
    for NB < n <= 2 NB."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_qr import _larfg
    from .stablehlo_lapack_sytd2 import _put, _symv_lower, sytd2_lower
    from .stablehlo_openblas_order import sgemv_n, sgemv_t
    n = a.shape[0]
    f32 = jnp.float32
    apad = jnp.pad(a, ((0, n), (0, n)))
    wpad = jnp.zeros((2 * n, NB), f32)
    r = lax.iota(jnp.int32, n)
    k = lax.iota(jnp.int32, NB)

    def step(i, carry):
        apad, wpad, e, taus = carry
        earlier = k < i
        a_rows = jnp.where(earlier[None, :], lax.dynamic_slice(apad, (i, jnp.int32(0)), (n, NB)), 0)
        w_rows = jnp.where(earlier[None, :], lax.dynamic_slice(wpad, (i, jnp.int32(0)), (n, NB)), 0)
        # A(i:, i) -= A(i:, :i) W(i, :i)^T + W(i:, :i) A(i, :i)^T
        col = lax.dynamic_slice(apad, (i, i), (n, 1))[:, 0]
        col = col - sgemv_n(a_rows, w_rows[0], n - i, i)
        col = col - sgemv_n(w_rows, a_rows[0], n - i, i)
        live = n - i - 1
        x = jnp.concatenate([col[1:], jnp.zeros((1,), f32)])
        v, tau, beta = _larfg(x, live)
        v = jnp.where(r < live, v, 0)
        # W(i+1:, i) = tau (S v - A W^T v - W A^T v), then + alpha v
        s = lax.dynamic_slice(apad, (i + 1, i + 1), (n, n))
        y = _symv_lower(s, v, f32(1), live)
        a_below, w_below = a_rows[1:], w_rows[1:]
        pad = lambda m: jnp.concatenate([m, jnp.zeros((1, NB), f32)])
        a_below, w_below = pad(a_below), pad(w_below)
        y = y - sgemv_n(a_below, sgemv_t(w_below, v, live, i), live, i)
        y = y - sgemv_n(w_below, sgemv_t(a_below, v, live, i), live, i)
        y = jnp.where(r < live, y * tau, 0)
        alpha = (f32(-0.5) * tau) * _sdot(y, v, live)
        y = jnp.where(r < live, fma(alpha, v, y), 0)
        newcol = jnp.concatenate([col[:1], jnp.where(r < live, v, 0)[:n - 1]])
        apad = _put(apad, newcol[:, None], i, i)
        wpad = _put(wpad, y[:, None], i + 1, i)
        e = jnp.where(k == i, beta, e)
        taus = jnp.where(k == i, tau, taus)
        return apad, wpad, e, taus

    zeros = jnp.zeros((NB,), f32)
    apad, wpad, e1, tau1 = lax.fori_loop(jnp.int32(0), jnp.int32(NB), step, (apad, wpad, zeros, zeros))
    out = apad[:n, :n]
    w = wpad[:n]
    trail = _syr2k_lower(out[NB:, NB:], out[NB:, :NB], w[NB:])
    t_out, d2, e2, tau2, _ = sytd2_lower(trail)
    rr = lax.broadcasted_iota(jnp.int32, (n, n), 0)
    cc = lax.broadcasted_iota(jnp.int32, (n, n), 1)
    subdiag = (rr == cc + 1) & (cc < NB)
    e_full = jnp.concatenate([e1, jnp.zeros((n - NB,), f32)])
    out = jnp.where(subdiag, e_full[jnp.minimum(cc, n - 1)], out)
    out = jnp.concatenate([out[:NB], jnp.concatenate([out[NB:, :NB], t_out], axis=1)])
    d = jnp.diagonal(out)
    return out, d, jnp.concatenate([e1, e2]), jnp.concatenate([tau1, tau2]), jnp.int32(0)



def _syr2k_upper(c, a, w):
    """c's upper triangle - (a w^T + w a^T) as OpenBLAS's ssyr2k (one diagonal block)."""
    import jax.numpy as jnp
    from .stablehlo_openblas_order import sgemm_nn
    s = -sgemm_nn(a, w.T)
    m = c.shape[0]
    up = jnp.triu(jnp.ones((m, m), bool))
    return jnp.where(up, c + (s + s.T), c)


def sytrd_upper(a):
    """(a with T and the reflectors in the upper triangle, d, e, tau, info) as blocked ssytrd 'U'
    for NB < n <= 2 NB: ?latrd 'U' on the last 32 columns (from the last), ssyr2k 'U' on the
    leading n - 32 block, ssytd2 'U' on it (the kernels as the lower one's; ssymv_U as ?sytd2's)."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_qr import _larfg
    from .stablehlo_lapack_sytd2 import _symv_upper, sytd2_upper
    from .stablehlo_openblas_order import sgemv_n, sgemv_t
    n = a.shape[0]
    m0 = n - NB
    f32 = jnp.float32
    apad = jnp.pad(a, ((0, 0), (0, NB)))
    wpad = jnp.zeros((n, 2 * NB), f32)
    r = lax.iota(jnp.int32, n)
    k = lax.iota(jnp.int32, NB)
    z0 = jnp.int32(0)

    def step(t, carry):
        apad, wpad, e, taus = carry
        c = n - 1 - t                                 # LAPACK's I - 1: the column
        wc = NB - 1 - t                               # its column of W
        later = k < t                                 # the columns right of it, in order
        a_right = jnp.where(later[None, :], lax.dynamic_slice(apad, (z0, c + 1), (n, NB)), 0)
        w_right = jnp.where(later[None, :], lax.dynamic_slice(wpad, (z0, wc + 1), (n, NB)), 0)
        col = lax.dynamic_slice(apad, (z0, c), (n, 1))[:, 0]
        w_row = lax.dynamic_index_in_dim(w_right, c, 0, keepdims=False)
        a_row = lax.dynamic_index_in_dim(a_right, c, 0, keepdims=False)
        upd = col - sgemv_n(a_right, w_row, c + 1, t)
        upd = upd - sgemv_n(w_right, a_row, c + 1, t)
        col = jnp.where(r <= c, upd, col)
        live = c                                      # ?larfg on A(c-1, c) and A(0:c-1, c)
        alpha = lax.dynamic_index_in_dim(col, c - 1, 0, keepdims=False)
        u = jnp.where(r == 0, alpha, jnp.roll(col, 1))
        vu, tau, beta = _larfg(u, live)
        v = jnp.where(r == live - 1, 1, jnp.where(r < live - 1, jnp.roll(vu, -1), 0)).astype(f32)
        s = apad[:, :n]
        y = _symv_upper(s, v, f32(1), live)
        y = y - sgemv_n(a_right, sgemv_t(w_right, v, live, t), live, t)
        y = y - sgemv_n(w_right, sgemv_t(a_right, v, live, t), live, t)
        y = jnp.where(r < live, y * tau, 0)
        alph = (f32(-0.5) * tau) * _sdot(y, v, live)
        y = jnp.where(r < live, fma(alph, v, y), 0)
        newcol = jnp.where(r < live, v, col)
        cols = lax.broadcasted_iota(jnp.int32, apad.shape, 1)
        apad = jnp.where(cols == c, newcol[:, None], apad)
        wcols = lax.broadcasted_iota(jnp.int32, wpad.shape, 1)
        wpad = jnp.where(wcols == wc, y[:, None], wpad)
        e = jnp.where(k == wc, beta, e)
        taus = jnp.where(k == wc, tau, taus)
        return apad, wpad, e, taus

    zeros = jnp.zeros((NB,), f32)
    apad, wpad, e1, tau1 = lax.fori_loop(jnp.int32(0), jnp.int32(NB), step, (apad, wpad, zeros, zeros))
    out = apad[:, :n]
    lead = _syr2k_upper(out[:m0, :m0], out[:m0, m0:], wpad[:m0, :NB])
    t_out, d2, e2, tau2, _ = sytd2_upper(lead)
    rr = lax.broadcasted_iota(jnp.int32, (n, n), 0)
    cc = lax.broadcasted_iota(jnp.int32, (n, n), 1)
    superdiag = (cc == rr + 1) & (cc >= m0)
    e_at = jnp.concatenate([jnp.zeros((m0 - 1,), f32), e1, jnp.zeros((1,), f32)])
    out = jnp.where(superdiag, e_at[jnp.minimum(rr, n - 1)], out)
    out = jnp.concatenate([jnp.concatenate([t_out, out[:m0, m0:]], axis=1), out[m0:]])
    d = jnp.diagonal(out)
    return out, d, jnp.concatenate([e2, e1]), jnp.concatenate([tau2, tau1]), jnp.int32(0)
