"""sgehd2 (the Hessenberg reduction inside ?geev) in the order of scipy's OpenBLAS on AVX-512
(SkylakeX kernels), for real f32 matrices of at most MAX_N rows: eig's eigenvalues are LAPACK's
bits only when its Hessenberg form is.

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
6 x 6 (scratch cs4/gehd2_model.py). The loop is unrolled (n is static): Q is accumulated from
the same reflectors by matrix products, not by sorghr's order.
"""
from __future__ import annotations

MAX_N = 6          # sgemv_t's order is measured up to 5 rows: reflectors of n - 1 <= 5 entries


def applies(n: int, dtype) -> bool:
    """Whether the modelled order is OpenBLAS's here (f32, AVX-512 kernels, n <= MAX_N)."""
    import numpy as np
    from ..interpreter.ops.openblas_order import kernels
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
    from jax import lax
    n = a.shape[0]
    hi = lax.Precision.HIGHEST
    q = jnp.eye(n, dtype=a.dtype)
    for i in range(n - 2):                   # (the last step's reflector is the identity)
        beta, tau, x = _larfg(a[i + 1, i], a[i + 2:, i])
        v = jnp.concatenate([jnp.ones((1,), a.dtype), x])
        c = a[:, i + 1:]
        c = _ger(c, -tau, _gemv_n(c, v), v)
        a = a.at[:, i + 1:].set(c)
        c = a[i + 1:, i + 1:]
        a = a.at[i + 1:, i + 1:].set(_ger(c, -tau, v, _gemv_t(c, v)))
        a = a.at[i + 1:, i].set(jnp.concatenate([beta[None], jnp.zeros_like(x)]))
        full = jnp.zeros((n,), a.dtype).at[i + 1:].set(v)
        q = q - tau * jnp.matmul(jnp.matmul(q, full[:, None], precision=hi), full[None, :], precision=hi)
    return a, q
