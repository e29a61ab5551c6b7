"""?gebd2 for complex64 (m >= n) step for step as LAPACK runs it inside jaxlib's OpenBLAS on
AVX-512 CPUs, so that the real bidiagonal and the reflectors are XLA CPU's bit for bit: the
first piece of complex ?gesdd in OpenBLAS's order (issue 11).

cgebd2's step i: the column reflector H_i by ?larfg on column i, applied from the left with
conj(tauq) (cgemv_c, cgerc: stablehlo_lapack_qr._larf_left); then row i right of the diagonal
conjugated (clacgv), the row reflector G_i by ?larfg on it, applied from the right to the rows
below as ?larf('Right') does (w = C g by cgemv_n, x strided; C -= taup w g^H by cgerc), the row
conjugated back. d_i and e_i are ?larfg's (real) betas.

cgemv_n (alpha 1, beta 0, x strided), measured by helper ds5 through ctypes (scratch
ds5/t_cgemvn.py, t_cgemvn2.py: 361 / 361 for m, n 1-19, 30 / 30 up to 64 x 53): rows in whole
4s take the columns in blocks of 4 (then each leftover column alone), each block as four fused
chains from 0 over its columns, added to y as re + (rr - ii), im + (ir + ri); the last rows & 3,
column by column, re + fma(ar, xr, -(ai xi)), im + fma(ar, xi, ai xr).
"""
from __future__ import annotations

from . import stablehlo_openblas_order as ob
from .stablehlo_lapack_fma import fma
from .stablehlo_lapack_qr import _block, _larf_left, _larfg, _put


def cgemv_n(c, x, rows, cols):
    """c[:rows, :cols] x[:cols] as OpenBLAS's cgemv_n on AVX-512 (complex64; x zero past cols)."""
    import jax.numpy as jnp
    from jax import lax
    m, n = c.shape
    f32 = jnp.float32
    ar, ai = jnp.real(c), jnp.imag(c)
    k = lax.iota(jnp.int32, n)
    xx = jnp.where(k < cols, x, 0)
    xr, xi = jnp.real(xx), jnp.imag(xx)
    zero = jnp.zeros((m,), f32)
    yr, yi = zero, zero                      # the rows in whole 4s
    tr, ti = zero, zero                      # the last rows & 3
    for b in range(0, n, 4):
        block = list(range(b, min(b + 4, n)))
        whole = (b + 4 <= cols) if len(block) == 4 else jnp.bool_(False)
        rr, ii, ir, ri = zero, zero, zero, zero
        for j in block:
            rr, ii = fma(ar[:, j], xr[j], rr), fma(ai[:, j], xi[j], ii)
            ir, ri = fma(ai[:, j], xr[j], ir), fma(ar[:, j], xi[j], ri)
        br, bi = yr + (rr - ii), yi + (ir + ri)
        sr, si = yr, yi                      # each column alone
        for j in block:
            sr, si = sr + (ar[:, j] * xr[j] - ai[:, j] * xi[j]), si + (ai[:, j] * xr[j] + ar[:, j] * xi[j])
            tr, ti = (jnp.where(j < cols, tr + fma(ar[:, j], xr[j], -(ai[:, j] * xi[j])), tr),
                      jnp.where(j < cols, ti + fma(ar[:, j], xi[j], ai[:, j] * xr[j]), ti))
        yr, yi = jnp.where(whole, br, sr), jnp.where(whole, bi, si)
    r = lax.iota(jnp.int32, m)
    head = r < (rows & -4)
    return jnp.where(r < rows, lax.complex(jnp.where(head, yr, tr), jnp.where(head, yi, ti)), 0)


def _larf_right(c, g, tau, rows, cols):
    """?larf('Right') with the reflector (g, tau) on the live block c[:rows, :cols] (complex64)."""
    import jax.numpy as jnp
    from jax import lax
    from ..interpreter.ops.openblas_order import openblas_threads
    m, n = c.shape
    if m == 0 or n == 0:
        return c
    r = lax.iota(jnp.int32, m)
    k = lax.iota(jnp.int32, n)
    lastv = jnp.max(jnp.where((k < cols) & (g != 0), k + 1, 0))
    nonzero = jnp.any((c != 0) & (k < lastv)[None, :], axis=1) & (r < rows)
    lastc = jnp.max(jnp.where(nonzero, r + 1, 0))
    gg = jnp.where(k < lastv, g, 0)
    w = cgemv_n(c, gg, lastc, lastv)
    out = ob.cgerc(c, w, gg, -tau, lastc, lastv, openblas_threads())
    return jnp.where(tau == 0, c, out)


def cgebd2(a):
    """cgebd2 of a (m x n, m >= n, complex64): (packed, d, e, tauq, taup) as LAPACK returns
    them (d, e real float32)."""
    import jax.numpy as jnp
    from jax import lax
    m, n = a.shape
    apad = jnp.pad(a, ((0, m), (0, n)))
    r = lax.iota(jnp.int32, m)
    k = lax.iota(jnp.int32, n - 1) if n > 1 else None
    cdt, f32 = a.dtype, jnp.float32

    def step(i, carry):
        apad, d, e, tauq, taup = carry
        blk = _block(apad, i, m, n)
        rows = m - i
        v, tq, head = _larfg(blk[:, 0], rows)
        rest = _larf_left(blk[:, 1:], v, jnp.conj(tq), rows, n - i - 1, None)
        col = jnp.where(r == 0, head, jnp.where(r < rows, v, blk[:, 0]))
        d = jnp.where(lax.iota(jnp.int32, n) == i, jnp.real(head), d)
        tauq = jnp.where(lax.iota(jnp.int32, n) == i, tq, tauq)
        if n > 1:
            cols = n - i - 1
            g, tp, headp = _larfg(jnp.conj(rest[0]), cols)
            tp = jnp.where(cols >= 1, tp, 0)
            below = _larf_right(rest[1:], g, tp, rows - 1, cols)
            row = jnp.where(k == 0, headp, jnp.where(k < cols, jnp.conj(g), rest[0]))
            right = jnp.concatenate([row[None, :], below], axis=0)
            more = i < n - 1
            rest = jnp.where(more, right, rest)
            e = jnp.where(more & (k == i), jnp.real(headp), e)
            taup = jnp.where(more & (lax.iota(jnp.int32, n) == i), tp, taup)
        blk = jnp.concatenate([col[:, None], rest], axis=1)
        return _put(apad, blk, i), d, e, tauq, taup

    init = (apad, jnp.zeros((n,), f32), jnp.zeros((max(n - 1, 1),), f32), jnp.zeros((n,), cdt),
            jnp.zeros((n,), cdt))
    apad, d, e, tauq, taup = lax.fori_loop(jnp.int32(0), jnp.int32(n), step, init)
    return apad[:m, :n], d, e[:n - 1], tauq, taup


def apply_pt(packed, taup, vt):
    """cunmbr('P', 'R', 'C') on the n x n vt as cunml2('R', 'N') runs it: vt P^H with P from
    cgebd2's row reflectors, the last one first, each g = the stored row conjugated back
    (clacgv), applied by clarf('Right') with conj(taup) on columns i+1.."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_gebd2 import _shift_rows, _unshift_rows
    n = vt.shape[1]
    k = n - 1
    if k < 1:
        return vt
    kk = lax.iota(jnp.int32, n)

    def step(t, vt):
        i = k - 1 - t
        row = _shift_rows(lax.dynamic_index_in_dim(packed, i, 0, keepdims=True).T, i + 1)[:, 0]
        g = jnp.where(kk == 0, jnp.ones_like(row), jnp.where(kk < n - i - 1, jnp.conj(row), 0))
        tau = jnp.conj(lax.dynamic_index_in_dim(taup, i, 0, keepdims=False))
        blk = _larf_right(_shift_rows(vt.T, i + 1).T, g, tau, vt.shape[0], n - i - 1)
        return _unshift_rows(vt.T, blk.T, i + 1).T

    return lax.fori_loop(jnp.int32(0), jnp.int32(k), step, vt)


def path6(m: int, n: int, dtype, mode: str) -> bool:
    """Whether cgesdd takes its path 6 (m >= n but below MNTHR2 = int(n * 5 / 3): cgebrd on A,
    U and VT by cunmbr) with vectors, for complex64 on OpenBLAS's AVX-512 kernels."""
    import jax.numpy as jnp
    from ..interpreter.ops.openblas_order import kernels
    return (kernels() == "avx512" and jnp.dtype(dtype) == jnp.complex64 and mode in ("S", "A")
            and n <= m < int(n * 5.0 / 3.0))


def svd_path6(a, mode):
    """cgesdd path 6: cgebd2, sbdsdc('U', 'I') on the real bidiagonal, U = Q [Ub 0; 0 I] by
    cunm2r (clarf('Left') with tauq), VT = VTb P^H by apply_pt. (a, s, u, vt, info)."""
    import jax.numpy as jnp
    from .stablehlo_lapack_gebd2 import apply_q
    from .stablehlo_lapack_svd import _bidiagonal_svd
    m, n = a.shape
    dt = a.dtype
    packed, d, e, tauq, taup = cgebd2(a)
    s, ub, vtb, info = _bidiagonal_svd(d, e)
    ucols = m if mode == "A" else n
    c = jnp.zeros((m, ucols), dt).at[:n, :n].set(ub.astype(dt))
    if ucols > n:
        c = c.at[n:, n:].set(jnp.eye(m - n, dtype=dt))
    return a, s, apply_q(packed, tauq, c, False), apply_pt(packed, taup, vtb.astype(dt)), info


def cgemm_nn(a, b):
    """a b as OpenBLAS's cgemm('N', 'N'), alpha 1, beta 0, on AVX-512 (complex64), measured
    through ctypes (scratch ds6/t_cgemm.py, shapes 29x7x7 .. 7x7x29, every element): rows in
    whole 8-row blocks sum over k as four fused chains from 0 (ar br, ai bi, ar bi, ai br),
    re = rr - ii, im = ri + ir; the rows past them one fused chain a part,
    re = fma(ar, br, fma(-ai, bi, re)), im = fma(ai, br, fma(ar, bi, im))."""
    import jax.numpy as jnp
    from jax import lax
    m, kk = a.shape
    n = b.shape[1]
    ar, ai, br, bi = jnp.real(a), jnp.imag(a), jnp.real(b), jnp.imag(b)
    z = jnp.zeros((m, n), jnp.float32)
    rr = ii = ri = ir = z
    re = im = z
    for k in range(kk):
        a_r, a_i, b_r, b_i = ar[:, k, None], ai[:, k, None], br[None, k], bi[None, k]
        rr, ii, ri, ir = fma(a_r, b_r, rr), fma(a_i, b_i, ii), fma(a_r, b_i, ri), fma(a_i, b_r, ir)
        re, im = fma(a_r, b_r, fma(-a_i, b_i, re)), fma(a_i, b_r, fma(a_r, b_i, im))
    block = (lax.iota(jnp.int32, m) < m // 8 * 8)[:, None]
    return lax.complex(jnp.where(block, rr - ii, re), jnp.where(block, ri + ir, im))


def qr_first(m: int, n: int, dtype, mode: str) -> bool:
    """Whether cgesdd takes its paths 3 / 4 (m >= MNTHR1 = int(n * 17 / 9): QR first) with
    vectors, for complex64 on OpenBLAS's AVX-512 kernels."""
    import jax.numpy as jnp
    from ..interpreter.ops.openblas_order import kernels
    return (kernels() == "avx512" and jnp.dtype(dtype) == jnp.complex64 and mode in ("S", "A")
            and m > n and m >= int(n * 17.0 / 9.0))


def svd_qr_first(a, mode):
    """cgesdd paths 3 ('S') / 4 ('A'): cgeqr2, cgebd2 on R, sbdsdc, Ub by cunm2r and VT by
    cunml2 as path 6, Q by cung2r (m x n, or m x m for 'A'), U = Q[:, :n] Ub by cgemm (for 'A'
    Q's other columns after). (a, s, u, vt, info)."""
    import jax.numpy as jnp
    from . import stablehlo_lapack_qr as qr
    from .stablehlo_lapack_gebd2 import apply_q
    from .stablehlo_lapack_svd import _bidiagonal_svd
    m, n = a.shape
    dt = a.dtype
    qpacked, qtau = qr.geqrf(a)
    packed, d, e, tauq, taup = cgebd2(jnp.triu(qpacked[:n]))
    s, ub, vtb, info = _bidiagonal_svd(d, e)
    vt = apply_pt(packed, taup, vtb.astype(dt))
    us = apply_q(packed, tauq, ub.astype(dt), False)
    cols = m if mode == "A" else n
    q = qr.orgqr(jnp.pad(qpacked, ((0, 0), (0, cols - n))), qtau)
    u = cgemm_nn(q[:, :n], us)
    if mode == "A":
        u = jnp.concatenate([u, q[:, n:]], axis=1)
    return a, s, u, vt, info


def cgelq2(a):
    """cgelq2: L on and below the diagonal, the conjugated row reflectors right of it, the taus.
    Step i: row i from the diagonal conjugated (clacgv), clarfg on it, clarf('Right') on the rows
    below with tau, the row conjugated back."""
    import jax.numpy as jnp
    from jax import lax
    m, n = a.shape
    k = min(m, n)
    apad = jnp.pad(a, ((0, m), (0, n)))
    kk = lax.iota(jnp.int32, n)

    def step(i, carry):
        apad, taus = carry
        blk = _block(apad, i, m, n)
        g, tau, beta = _larfg(jnp.conj(blk[0]), n - i)
        below = _larf_right(blk[1:], g, tau, m - i - 1, n - i)
        row = jnp.where(kk == 0, jnp.conj(beta), jnp.where(kk < n - i, jnp.conj(g), blk[0]))
        blk = jnp.concatenate([row[None, :], below], axis=0)
        return _put(apad, blk, i), jnp.where(lax.iota(jnp.int32, k) == i, tau, taus)

    apad, taus = lax.fori_loop(jnp.int32(0), jnp.int32(k), step, (apad, jnp.zeros((k,), a.dtype)))
    return apad[:m, :n], taus


def cungl2(packed, tau, rows):
    """cungl2: the first `rows` rows of H_{k-1}^H ... H_0^H from cgelq2's reflectors (rows k..
    start as the unit matrix's), from the last reflector back: the stored row conjugated back,
    clarf('Right') with conj(tau) on the rows below, the row times -tau (cscal) conjugated
    again, the diagonal 1 - conj(tau)."""
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
        g = jnp.where(kk == 0, jnp.ones_like(blk[0]), jnp.where(kk < n - i, jnp.conj(blk[0]), 0))
        below = _larf_right(blk[1:], g, jnp.conj(t_i), m - i - 1, n - i)
        scaled = jnp.conj(ob.cscal(g, -t_i))
        row = jnp.where(kk == 0, 1 - jnp.conj(t_i), jnp.where(kk < n - i, scaled, blk[0]))
        blk = jnp.concatenate([row[None, :], below], axis=0)
        apad = _put(apad, blk, i)
        left = (lax.broadcasted_iota(jnp.int32, apad.shape, 0) == i) & \
               (lax.broadcasted_iota(jnp.int32, apad.shape, 1) < i)
        return jnp.where(left, 0, apad)

    return lax.fori_loop(jnp.int32(0), jnp.int32(k), step, apad)[:m, :n]


def lq_first(m: int, n: int, dtype, mode: str) -> bool:
    """Whether cgesdd takes its paths 3t / 4t (n >= MNTHR1 = int(m * 17 / 9): LQ first) with
    vectors, for complex64 on OpenBLAS's AVX-512 kernels."""
    import jax.numpy as jnp
    from ..interpreter.ops.openblas_order import kernels
    return (kernels() == "avx512" and jnp.dtype(dtype) == jnp.complex64 and mode in ("S", "A")
            and n > m and n >= int(m * 17.0 / 9.0))


def svd_lq_first(a, mode):
    """cgesdd paths 3t ('S') / 4t ('A'): cgelq2, cgebd2 on L, sbdsdc, U by cunm2r, VTb P^H by
    cunml2, Q by cungl2 (m x n, or n x n for 'A'), VT = (VTb P^H) Q[:m] by cgemm (for 'A' Q's
    other rows after). (a, s, u, vt, info)."""
    import jax.numpy as jnp
    from .stablehlo_lapack_gebd2 import apply_q
    from .stablehlo_lapack_svd import _bidiagonal_svd
    m, n = a.shape
    dt = a.dtype
    lq, ltau = cgelq2(a)
    packed, d, e, tauq, taup = cgebd2(jnp.tril(lq[:, :m]))
    s, ub, vtb, info = _bidiagonal_svd(d, e)
    u = apply_q(packed, tauq, ub.astype(dt), False)
    vts = apply_pt(packed, taup, vtb.astype(dt))
    q = cungl2(lq, ltau, n if mode == "A" else m)
    vt = cgemm_nn(vts, q[:m])
    if mode == "A":
        vt = jnp.concatenate([vt, q[m:]], axis=0)
    return a, s, u, vt, info
