"""sgehd2 / cgehd2 (the Hessenberg reduction inside ?geev) in the order of scipy's OpenBLAS on
AVX-512 (SkylakeX kernels), for f32 / complex64 matrices of at most MAX_N rows: eig's
eigenvalues are LAPACK's bits only when its Hessenberg form is.

Each step i is ?larfg on column i below the subdiagonal (snrm2: squares summed in double,
rounded once; beta = -sign(slapy2(alpha, xnorm), alpha); x times 1 / (alpha - beta)), then
?larf from the right (w = C v by sgemv_n, C -= tau w v^T by sger) and from the left (w = C^T v
by sgemv_t, C -= tau v w^T by sger). The kernels' orders, measured here (scratch cs4/gemv_lda.py,
gemv_t2.py: OpenBLAS 0.3.30, lda 6, 100 random problems a shape, bit-equal on all):

* sgemv_n: a fused multiply-add chain over the columns from 0, except with 4 columns, where the
  rows in whole 4s sum columns 0, 2 and 1, 3 as two fused chains, added;
* sgemv_t (at most 5 rows): the first 4 rows as ((p0 + p1) + (p2 + p3)), products rounded, then
  1 row fma(a4, x4, y), 2 rows y + fma(a0, x0, a1 x1), 3 rows y + fma(a2, x2, fma(a0, x0, a1 x1));
* sger: c_ij = fma(alpha y_j, x_i, c_ij) (alpha y_j rounded).

The whole reduction matched scipy's sgehrd bit for bit on 100 random matrices each of 3 x 3 to
6 x 6 (scratch cs4/gehd2_model.py).

cgehd2 likewise (clarfg: scnrm2 in double, ?lapy3, ?ladiv, cscal as plain products; the complex
arithmetic of stablehlo_lapack_carith), with (scratch cs4/cgemv_lda.py, cgemv_c2.py,
cgemv_n2.py, cgerc.py; lda 6, 60 random problems a shape):

* cgemv_n: the rows in whole 4s take the columns in groups of 4, then 2, then 1, each group as
  four fused chains from 0 (ar xr, ai xi, ai xr, ar xi), added to the row's sum as (rr - ii,
  ir + ri); the other rows t += fma(ar, xr, -(ai xi)), fma(ar, xi, ai xr) column by column;
* cgemv_c (conjugate transpose, at most 7 rows): the first 4 rows' terms (ar xr + ai xi,
  ar xi - ai xr, products rounded) summed as (t0 + t2) + (t1 + t3), the other rows as cgemv_n's
  scalar rows (with -ai), added;
* cgerc: da = (fma(alpha_r, y_r, alpha_i y_i), fma(-alpha_r, y_i, alpha_i y_r)), then
  c + fma(da_r, x_r, -(da_i x_i)), c + fma(da_r, x_i, da_i x_r).

The numpy model equals scipy's cgehrd on 50 random matrices each of 2 x 2 to 6 x 6
(scratch cs4/cgehd2_model.py). The loop is unrolled (n is static): Q is accumulated from
the same reflectors by matrix products, not by sorghr's order.
"""
from __future__ import annotations

MAX_N = 6          # sgemv_t's order is measured up to 5 rows: reflectors of n - 1 <= 5 entries


def applies(n: int, dtype) -> bool:
    """Whether the modelled order is OpenBLAS's here (f32 or complex64, AVX-512 kernels,
    n <= MAX_N)."""
    import numpy as np
    from ..interpreter.ops.openblas_order import kernels
    from .stablehlo_lapack_carith import wide_available
    if not wide_available():                 # (its fused multiply-adds need float64)
        return False
    if np.dtype(dtype) == np.complex64:
        return 2 <= n <= MAX_N and kernels() == "avx512"
    return np.dtype(dtype) == np.float32 and 3 <= n <= MAX_N and kernels() == "avx512"


def _gemv_n(c, v):
    """c @ v (c: m x k, v: k) in sgemv_n's order."""
    import jax.numpy as jnp
    from .stablehlo_lapack_fma import fma
    m, k = c.shape
    y = jnp.zeros((m,), c.dtype)
    for j in range(k):
        y = fma(c[:, j], v[j], y)
    if k == 4 and m >= 4:
        w = m - m % 4
        two = fma(c[:w, 2], v[2], c[:w, 0] * v[0]) + fma(c[:w, 3], v[3], c[:w, 1] * v[1])
        y = jnp.concatenate([two, y[w:]])
    return y


def _gemv_t(c, v):
    """c^T v (c: m x k, m <= 5) in sgemv_t's order."""
    import jax.numpy as jnp
    from .stablehlo_lapack_fma import fma
    m, k = c.shape
    w = m - m % 4
    y = jnp.zeros((k,), c.dtype)
    if w:
        y = (c[0] * v[0] + c[1] * v[1]) + (c[2] * v[2] + c[3] * v[3])
    tail = m - w
    if tail == 1:
        y = fma(c[w], v[w], y)
    elif tail == 2:
        y = y + fma(c[w], v[w], c[w + 1] * v[w + 1])
    elif tail == 3:
        y = y + fma(c[w + 2], v[w + 2], fma(c[w], v[w], c[w + 1] * v[w + 1]))
    return y


def _ger(c, alpha, x, y):
    """c + alpha x y^T as sger: fma(alpha y_j, x_i, c_ij)."""
    from .stablehlo_lapack_fma import fma
    return fma((alpha * y)[None, :], x[:, None], c)


def _lapy2(x, y):
    import jax.numpy as jnp
    xa, ya = jnp.abs(x), jnp.abs(y)
    w, z = jnp.maximum(xa, ya), jnp.minimum(xa, ya)
    w1 = jnp.where(w > 0, w, 1)
    return jnp.where(z == 0, w, w * jnp.sqrt(1 + (z / w1) ** 2))


def _larfg(alpha, x):
    """(beta, tau, x scaled) as slarfg with OpenBLAS's snrm2."""
    import jax.numpy as jnp
    xw = x.astype(jnp.float64)
    xnorm = jnp.sqrt(jnp.sum(xw * xw)).astype(x.dtype) if x.shape[0] else jnp.zeros((), x.dtype)
    trivial = xnorm == 0
    sign = jnp.where(jnp.signbit(alpha), 1, -1).astype(x.dtype)          # -sign(., alpha)
    beta = sign * _lapy2(alpha, xnorm)
    beta1 = jnp.where(trivial, 1, beta)
    tau = jnp.where(trivial, 0, (beta1 - alpha) / beta1)
    scal = jnp.where(trivial, 1, 1 / jnp.where(trivial, 1, alpha - beta1))
    return jnp.where(trivial, alpha, beta), tau, x * scal


def gehd2(a):
    """(H, Q) with A = Q H Q^T: sgehd2's H in OpenBLAS's order, Q from its reflectors."""
    import jax.numpy as jnp
    n = a.shape[0]
    reflectors = []
    for i in range(n - 2):                   # (the last step's reflector is the identity)
        beta, tau, x = _larfg(a[i + 1, i], a[i + 2:, i])
        v = jnp.concatenate([jnp.ones((1,), a.dtype), x])
        c = a[:, i + 1:]
        c = _ger(c, -tau, _gemv_n(c, v), v)
        a = a.at[:, i + 1:].set(c)
        c = a[i + 1:, i + 1:]
        a = a.at[i + 1:, i + 1:].set(_ger(c, -tau, v, _gemv_t(c, v)))
        a = a.at[i + 1:, i].set(jnp.concatenate([beta[None], jnp.zeros_like(x)]))
        reflectors.append((x, tau))
    reflectors.append((jnp.zeros((0,), a.dtype), jnp.zeros((), a.dtype)))
    return a, _org2r(reflectors, _gemv_t, _ger, lambda t, x: x * (-t), lambda t: 1 - t)


def _org2r(reflectors, gemv_t, ger, scal, one_minus):
    """?orghr / ?unghr: Q = diag(1, Q') with Q' built by ?org2r / ?ung2r from the n - 1
    reflectors (x below each head, tau), in OpenBLAS's order (measured: equal to sorghr on 50
    random matrices each of 3 x 3 to 6 x 6, cunghr 2 x 2 to 6 x 6; scratch cs4/orghr_model.py,
    unghr_model.py)."""
    import jax.numpy as jnp
    nh = len(reflectors)
    dt = reflectors[0][1].dtype
    q = jnp.zeros((nh, nh), dt)
    for j, (x, _) in enumerate(reflectors):
        q = q.at[j + 1:, j].set(x)
    for i in range(nh - 1, -1, -1):
        tau = reflectors[i][1]
        if i < nh - 1:
            q = q.at[i, i].set(1)
            v = q[i:, i]
            c = q[i:, i + 1:]
            q = q.at[i:, i + 1:].set(jnp.where(tau != 0, ger(c, -tau, v, gemv_t(c, v)), c))
            q = q.at[i + 1:, i].set(scal(tau, q[i + 1:, i]))
        q = q.at[i, i].set(one_minus(tau))
        q = q.at[:i, i].set(0)
    n = nh + 1
    full = jnp.eye(n, dtype=dt)
    return full.at[1:, 1:].set(q)


def _cgemv_n(c, v):
    """c @ v (complex64, c: m x k) in cgemv_n's order."""
    import jax.numpy as jnp
    from . import stablehlo_lapack_carith as cc
    from .stablehlo_lapack_fma import fma
    m, k = c.shape
    w = m - m % 4
    re, im = c.real, c.imag
    vr, vi = v.real, v.imag
    yr = jnp.zeros((w,), re.dtype)
    yi = jnp.zeros((w,), re.dtype)
    groups, j = [], 0
    while k - j >= 4:
        groups.append((j, 4))
        j += 4
    for width in (2, 1):
        if k - j >= width:
            groups.append((j, width))
            j += width
    for j0, width in groups:
        rr = ii = ir = ri = jnp.zeros((w,), re.dtype)
        for jj in range(j0, j0 + width):
            rr, ii = fma(re[:w, jj], vr[jj], rr), fma(im[:w, jj], vi[jj], ii)
            ir, ri = fma(im[:w, jj], vr[jj], ir), fma(re[:w, jj], vi[jj], ri)
        yr, yi = yr + (rr - ii), yi + (ir + ri)
    tr = jnp.zeros((m - w,), re.dtype)
    ti = jnp.zeros((m - w,), re.dtype)
    for jj in range(k):
        ar, ai = re[w:, jj], im[w:, jj]
        tr = tr + fma(ar, vr[jj], -(ai * vi[jj]))
        ti = ti + fma(ar, vi[jj], ai * vr[jj])
    return cc.cx(jnp.concatenate([yr, tr]), jnp.concatenate([yi, ti]))


def _cgemv_c(c, v):
    """c^H v (complex64, c: m x k, m <= 7) in cgemv_c's order."""
    import jax.numpy as jnp
    from . import stablehlo_lapack_carith as cc
    from .stablehlo_lapack_fma import fma
    m, k = c.shape
    re, im = c.real, c.imag
    vr, vi = v.real, v.imag
    w = 4 if m >= 4 else 0
    yr = yi = None
    if w:
        lr = [re[i] * vr[i] + im[i] * vi[i] for i in range(4)]
        li = [re[i] * vi[i] - im[i] * vr[i] for i in range(4)]
        yr = (lr[0] + lr[2]) + (lr[1] + lr[3])
        yi = (li[0] + li[2]) + (li[1] + li[3])
    if m > w:
        tr = jnp.zeros((k,), re.dtype)
        ti = jnp.zeros((k,), re.dtype)
        for i in range(w, m):
            ar, ai = re[i], -im[i]
            tr = tr + fma(ar, vr[i], -(ai * vi[i]))
            ti = ti + fma(ar, vi[i], ai * vr[i])
        yr, yi = (yr + tr, yi + ti) if w else (tr, ti)
    return cc.cx(yr, yi)


def _cgerc(c, alpha, x, y):
    """c + alpha x y^H as OpenBLAS's cgerc."""
    from . import stablehlo_lapack_carith as cc
    from .stablehlo_lapack_fma import fma
    ar, ai = alpha.real, alpha.imag
    dr = fma(ar, y.real, ai * y.imag)
    di = fma(-ar, y.imag, ai * y.real)
    dr, di = dr[None, :], di[None, :]
    xr, xi = x.real[:, None], x.imag[:, None]
    return cc.cx(c.real + fma(dr, xr, -(di * xi)), c.imag + fma(dr, xi, di * xr))


def cgehd2(a):
    """(H, Q) with A = Q H Q^H: cgehd2's H in OpenBLAS's order, Q from its reflectors."""
    import jax.numpy as jnp
    from .stablehlo_lapack_eig import _zlarfg_n
    from . import stablehlo_lapack_carith as cc
    n = a.shape[0]
    reflectors = []
    for i in range(n - 1):
        beta, tau, x = _zlarfg_n(a[i + 1, i], a[i + 2:, i])
        v = jnp.concatenate([jnp.ones((1,), a.dtype), x])
        c = a[:, i + 1:]
        a = a.at[:, i + 1:].set(_cgerc(c, -tau, _cgemv_n(c, v), v))
        c = a[i + 1:, i + 1:]
        a = a.at[i + 1:, i + 1:].set(_cgerc(c, -jnp.conj(tau), v, _cgemv_c(c, v)))
        a = a.at[i + 1:, i].set(jnp.concatenate([beta[None], jnp.zeros_like(x)]))
        reflectors.append((x, tau))
    return a, _org2r(reflectors, _cgemv_c, _cgerc, lambda t, x: cc.mul(-t, x),
                     lambda t: cc.cx(1 - t.real, -t.imag))
