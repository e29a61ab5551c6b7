"""cgeev's eigenvectors from the complex Schur form (T, Q) in the arithmetic of scipy's OpenBLAS
on AVX-512 (SkylakeX kernels), for complex64 matrices of at most MAX_N rows: ctrevc3 (howmny
'B', blocked back-transform), cgebak's scaling and cgeev's normalization.

ctrevc3, per eigenvalue k: the shifted diagonal t_jj - t_kk (below smin = max(ulp |t_kk|_1,
smlnum) replaced by smin), the right-hand side -T[:k, k] (right) or -conj(T[k, k+1:]) (left),
clatrs taking ctrsv (its growth bound is far from underflow at these sizes); then all vectors
at once times Q by cgemm, each scaled by 1 / |x_i|_1 of its largest component (icamax,
csscal). cgeev then scales each by 1 / scnrm2, and by conj(v_m) / |v_m| of its largest
component v_m (of re^2 + im^2, isamax), whose imaginary part it sets to 0. Kernel orders,
measured through ctypes against scipy's OpenBLAS 0.3.30 (scratch ds4/t_kern.py, t_div.py,
t_gemm1.py; n = 1 to 6, 300 random problems each, every result equal):

* ctrsv 'N' (upper, non-unit), column by column from the last: the reciprocal of the diagonal
  by Smith's steps (ratio = ai / ar, den = 1 / (ar (1 + ratio^2)), (den, -ratio den), or with
  the parts' roles swapped), then x_j times it, products rounded (no fused multiply-adds);
  then caxpy of -x_j times the column above: y + fma(ar, xr, -(ai xi)), y + fma(ar, xi, ai xr);
* ctrsv 'C', row by row from the first: x_i minus cdotc of the column above with x (four
  fused chains from 0: ar br, ai bi, ar bi, ai br; (d0 + d1, d2 - d3)), then times the
  reciprocal of the conjugated diagonal as above;
* cgemm 'N' 'N' (its small-matrix kernel): per entry re = fma(ar, br, fma(-ai, bi, re)),
  im = fma(ai, br, fma(ar, bi, im)) over k from 0;
* csscal / cscal: plain products; cgeev's re^2 + im^2 and conj(v_m) / sqrt(.) as gfortran
  computes them (part by part, rounded).

The numpy model of it (scratch ds4/trevc_model.py, geev_model.py) equals scipy's ctrevc3 on
random triangular T and unitary Q, and from eig's own (T, Z, D) jax's eig vectors bit for bit.
"""
from __future__ import annotations

MAX_N = 6          # the kernels' orders are measured up to 6 x 6 (caxpy / cdotc tails only)


def applies(n: int, dtype) -> bool:
    """Whether the vectors follow OpenBLAS's order here (complex64, the modelled Schur form)."""
    import numpy as np
    from . import stablehlo_lapack_gehd2 as gehd2
    return np.dtype(dtype) == np.complex64 and n <= MAX_N and gehd2.applies(n, dtype)


def _f32(x):
    import jax.numpy as jnp
    return jnp.float32(x)


def _recip(dr, di):
    """1 / (dr + i di) by Smith's steps as OpenBLAS's trsv drivers (products rounded)."""
    import jax.numpy as jnp
    one = _f32(1)
    big_r = jnp.abs(dr) >= jnp.abs(di)
    num = jnp.where(big_r, di, dr)
    dv = jnp.where(big_r, dr, di)
    dv1 = jnp.where(dv != 0, dv, one)
    ratio = num / dv1
    den = one / (dv * (one + ratio * ratio))
    return jnp.where(big_r, den, ratio * den), jnp.where(big_r, -(ratio * den), -den)


def _mul_plain(ar, ai, br, bi):
    return ar * br - ai * bi, ar * bi + ai * br


def _shifted_diagonal(tr, ti, left):
    """d[j, k] = t_jj - t_kk (smin where |.|_1 < smin_k), conjugated for the left system."""
    import jax.numpy as jnp
    n = tr.shape[0]
    eps = float(jnp.finfo(jnp.float32).eps)
    smlnum = _f32(float(jnp.finfo(jnp.float32).tiny) * (n / eps))
    gr, gi = jnp.diagonal(tr), jnp.diagonal(ti)
    smin = jnp.maximum(_f32(eps) * (jnp.abs(gr) + jnp.abs(gi)), smlnum)
    dr = gr[:, None] - gr[None, :]
    di = gi[:, None] - gi[None, :]
    tiny = (jnp.abs(dr) + jnp.abs(di)) < smin[None, :]
    dr = jnp.where(tiny, smin[None, :], dr)
    di = jnp.where(tiny, _f32(0), di)
    return dr, (-di if left else di)


def _right_solve(tr, ti):
    """X (upper triangular, x_kk = 1): column k solves (T[:k, :k] - t_kk) x = -T[:k, k] by ctrsv."""
    import jax.numpy as jnp
    from .stablehlo_lapack_fma import fma
    n = tr.shape[0]
    r = jnp.arange(n)[:, None]
    c = jnp.arange(n)[None, :]
    eye = r == c
    xr = jnp.where(r < c, -tr, jnp.where(eye, _f32(1), _f32(0)))
    xi = jnp.where(r < c, -ti, _f32(0))
    dr, di = _shifted_diagonal(tr, ti, False)
    for j in range(n - 2, -1, -1):
        on = jnp.arange(n) > j                                   # the systems with row j
        rr, ri = _recip(dr[j], di[j])
        yr, yi = _mul_plain(rr, ri, xr[j], xi[j])
        xr = xr.at[j].set(jnp.where(on, yr, xr[j]))
        xi = xi.at[j].set(jnp.where(on, yi, xi[j]))
        if j == 0:
            break
        ar, ai = -xr[j][None, :], -xi[j][None, :]                # caxpy of -x_j times T[:j, j]
        ur, ui = tr[:j, j][:, None], ti[:j, j][:, None]
        nr = xr[:j] + fma(ar, ur, -(ai * ui))
        ni = xi[:j] + fma(ar, ui, ai * ur)
        xr = xr.at[:j].set(jnp.where(on[None, :], nr, xr[:j]))
        xi = xi.at[:j].set(jnp.where(on[None, :], ni, xi[:j]))
    return xr, xi


def _left_solve(tr, ti):
    """X (lower triangular, x_kk = 1): column k solves (T[k+1:, k+1:] - t_kk)^H x = -conj(T[k, k+1:])
    by ctrsv 'C'."""
    import jax.numpy as jnp
    from .stablehlo_lapack_fma import fma
    n = tr.shape[0]
    r = jnp.arange(n)[:, None]
    c = jnp.arange(n)[None, :]
    xr = jnp.where(r > c, -tr.T, jnp.where(r == c, _f32(1), _f32(0)))
    xi = jnp.where(r > c, ti.T, _f32(0))
    dr, di = _shifted_diagonal(tr, ti, True)
    kcol = jnp.arange(n)
    zero = jnp.zeros((n,), jnp.float32)
    for i in range(1, n):
        on = kcol < i                                            # the systems with row i
        d0 = d1 = d2 = d3 = zero
        for k in range(1, i):                                    # cdotc over rows k+1..i-1 of system k
            live = kcol < k
            ar, ai = tr[k, i], ti[k, i]
            d0 = jnp.where(live, fma(ar, xr[k], d0), d0)
            d1 = jnp.where(live, fma(ai, xi[k], d1), d1)
            d2 = jnp.where(live, fma(ar, xi[k], d2), d2)
            d3 = jnp.where(live, fma(ai, xr[k], d3), d3)
        has_dot = kcol < i - 1
        br = jnp.where(has_dot, xr[i] - (d0 + d1), xr[i])
        bi = jnp.where(has_dot, xi[i] - (d2 - d3), xi[i])
        rr, ri = _recip(dr[i], di[i])
        yr, yi = _mul_plain(rr, ri, br, bi)
        xr = xr.at[i].set(jnp.where(on, yr, xr[i]))
        xi = xi.at[i].set(jnp.where(on, yi, xi[i]))
    return xr, xi


def _gemm(qr, qi, xr, xi):
    """Q X as cgemm's small-matrix kernel: fused chains over k from 0."""
    import jax.numpy as jnp
    from .stablehlo_lapack_fma import fma
    n = qr.shape[0]
    re = jnp.zeros((n, xr.shape[1]), jnp.float32)
    im = re
    for k in range(n):
        ar, ai = qr[:, k][:, None], qi[:, k][:, None]
        br, bi = xr[k][None, :], xi[k][None, :]
        re = fma(ar, br, fma(-ai, bi, re))
        im = fma(ai, br, fma(ar, bi, im))
    return re, im


def _first_max(m):
    """Per column, the row of the first largest entry (i?amax) as a one-hot mask."""
    import jax.numpy as jnp
    k = jnp.argmax(m, axis=0)
    return jnp.arange(m.shape[0])[:, None] == k[None, :]


def _trevc_scale(re, im):
    """Each column times 1 / |v_i|_1 of its largest component (icamax, csscal)."""
    import jax.numpy as jnp
    a = jnp.abs(re) + jnp.abs(im)
    big = jnp.sum(jnp.where(_first_max(a), a, 0), axis=0)
    remax = _f32(1) / big
    return re * remax[None, :], im * remax[None, :]


def _geev_normalize(re, im):
    """cgeev: v / scnrm2(v), then times conj(v_m) / |v_m| (m: isamax of re^2 + im^2), v_m real."""
    import jax.numpy as jnp
    from jax import lax
    ss = jnp.zeros((re.shape[1],), jnp.float64)
    for k in range(re.shape[0]):                              # squares summed in double, in order
        r64, i64 = re[k].astype(jnp.float64), im[k].astype(jnp.float64)
        ss = ss + r64 * r64 + i64 * i64
    scl = _f32(1) / jnp.sqrt(ss).astype(jnp.float32)
    re, im = re * scl[None, :], im * scl[None, :]
    rw = re * re + im * im
    at = _first_max(rw)
    s = jnp.sqrt(jnp.sum(jnp.where(at, rw, 0), axis=0))
    tr = jnp.sum(jnp.where(at, re, 0), axis=0) / s
    ti = -jnp.sum(jnp.where(at, im, 0), axis=0) / s
    nr, ni = _mul_plain(tr[None, :], ti[None, :], re, im)
    return lax.complex(nr, jnp.where(at, _f32(0), ni))


def eigenvectors(t, z, dscale, left):
    """cgeev's right (or left) eigenvectors of A = D Z T Z^H D^-1 (T upper triangular)."""
    tr, ti = t.real, t.imag
    xr, xi = _left_solve(tr, ti) if left else _right_solve(tr, ti)
    vr, vi = _trevc_scale(*_gemm(z.real, z.imag, xr, xi))
    f = (1 / dscale if left else dscale)[:, None]              # cgebak (powers of two: exact)
    return _geev_normalize(vr * f, vi * f)
