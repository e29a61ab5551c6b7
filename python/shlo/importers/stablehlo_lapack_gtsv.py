"""The decomposition of `shlo.linalg.tridiagonal_solve` (LAPACK ?gtsv, jax.lax.linalg.tridiagonal_solve).

JAX's CPU lowering calls `lapack_<t>gtsv_ffi(dl, d, du, b)` with JAX's layout
(dl, d, du all of length n; dl[0] and du[n-1] unused) and jaxlib hands LAPACK
`dl + 1`, so LAPACK's sub-diagonal DL(k) is dl[k + 1]. Results: dl, d, du as
LAPACK leaves them (the factor U: its diagonal in d, first super-diagonal in
du, second super-diagonal in dl[1:n-1]), the solution in b and info (0, or the
1-based index of the zero pivot; LAPACK stops there and b is not solved).

The algorithm is ?gtsv's step for step (Gaussian elimination with partial
pivoting between neighbouring rows, then back substitution), in LAPACK's
order of operations, so that every output has LAPACK's bits (checked against
jaxlib's kernel on f32 / f64 / c64 / c128, singular systems included). The real and complex
routines pivot differently (sgtsv: |d| >= |dl|; cgtsv: skip a zero dl, then
|re| + |im|), and complex quotients are written out as gfortran computes
them (Smith's division, `-fcx-fortran-rules`), products as (ac - bd, ad + bc).
"""
from __future__ import annotations


def _parts(x):
    import jax.numpy as jnp
    return jnp.real(x), jnp.imag(x)


def _mul(x, y):
    """x * y; complex as (ac - bd) + (ad + bc) i, two roundings a part (no fused multiply-add)."""
    import jax.numpy as jnp
    from jax import lax
    if not jnp.iscomplexobj(x):
        return x * y
    (a, b), (c, d) = _parts(x), _parts(y)
    return lax.complex(a * c - b * d, a * d + b * c)


def _div(x, y):
    """x / y; complex by Smith's algorithm as gfortran expands it (divides by the scaled divisor)."""
    import jax.numpy as jnp
    from jax import lax
    if not jnp.iscomplexobj(x):
        return x / y
    (a, b), (c, d) = _parts(x), _parts(y)
    wide = jnp.abs(c) < jnp.abs(d)
    r1 = c / d                                   # |c| < |d|
    den1 = c * r1 + d
    re1, im1 = (a * r1 + b) / den1, (b * r1 - a) / den1
    r2 = d / c                                   # |c| >= |d|
    den2 = d * r2 + c
    re2, im2 = (b * r2 + a) / den2, (b - a * r2) / den2
    return lax.complex(jnp.where(wide, re1, re2), jnp.where(wide, im1, im2))


def _abs1(x):
    import jax.numpy as jnp
    if jnp.iscomplexobj(x):
        return jnp.abs(jnp.real(x)) + jnp.abs(jnp.imag(x))
    return jnp.abs(x)


def gtsv1(dl, d, du, b):
    """One tridiagonal system (JAX's layout); returns (dl, d, du, b, info) as jaxlib's gtsv."""
    import jax.numpy as jnp
    from jax import lax
    n, m = b.shape
    complex_ = jnp.iscomplexobj(d)
    zero = jnp.zeros((), d.dtype)

    def eliminate(k, carry):
        # rows k and k+1 as a window: d[k:k+2], du[k:k+2], LAPACK's DL(k) = dl[k+1], b[k:k+2]
        dl, d, du, b, info = carry
        live = info == 0
        inner = k < n - 2                        # LAPACK touches DL(k), DU(k+1) only before the last row
        dk, dk1 = lax.dynamic_slice(d, (k,), (2,))
        uk, uk1 = lax.dynamic_slice(du, (k,), (2,))
        lk = lax.dynamic_slice(dl, (k + 1,), (1,))[0]
        bw = lax.dynamic_slice(b, (k, jnp.int32(0)), (2, m))
        bk, bk1 = bw[0], bw[1]
        if complex_:
            lzero = lk == 0
            singular = lzero & (dk == 0)
            swap = ~lzero & ~(_abs1(dk) >= _abs1(lk))   # NaN swaps, as in cgtsv
            plain = ~lzero & ~swap               # (lzero and dk != 0: nothing to eliminate)
        else:
            keep_rows = jnp.abs(dk) >= jnp.abs(lk)   # False on NaN: rows swapped, as in sgtsv
            singular = keep_rows & (dk == 0)
            swap = ~keep_rows
            plain = keep_rows & ~singular
        # no interchange: row k+1 -= (dl / d) row k; interchange: rows k and k+1 swap first
        f = _div(jnp.where(swap, dk, lk), jnp.where(swap, lk, jnp.where(plain, dk, 1)))
        top = jnp.where(swap, uk, dk1)           # the row k+1 after the swap, minus f times row k
        new_dk1 = top - _mul(f, jnp.where(swap, dk1, uk))
        new_b = jnp.stack([jnp.where(swap, bk1, bk), jnp.where(swap, bk, bk1) - _mul(f, jnp.where(swap, bk1, bk))])
        act = live & (plain | swap)
        sw = live & swap
        d = lax.dynamic_update_slice(d, jnp.stack([jnp.where(sw, lk, dk), jnp.where(act, new_dk1, dk1)]), (k,))
        du = lax.dynamic_update_slice(du, jnp.stack([jnp.where(sw, dk1, uk),
                                                     jnp.where(sw & inner, -_mul(f, uk1), uk1)]), (k,))
        dl = lax.dynamic_update_slice(dl, jnp.where(act & inner, jnp.where(swap, uk1, zero), lk)[None], (k + 1,))
        b = lax.dynamic_update_slice(b, jnp.where(act, new_b, bw), (k, jnp.int32(0)))
        info = jnp.where(live & singular, k + 1, info)
        return dl, d, du, b, info

    def substitute(t, b):
        # b padded with two rows: b[k] - du[k] b[k+1] - DL(k) b[k+2], the terms past the end left out
        k = n - 1 - t
        x, x1, x2 = lax.dynamic_slice(b, (k, jnp.int32(0)), (3, m))
        x = jnp.where(k + 1 < n, x - _mul(lax.dynamic_slice(du, (k,), (1,)), x1), x)
        x = jnp.where(k + 2 < n, x - _mul(lax.dynamic_slice(dlp, (k + 1,), (1,)), x2), x)
        return lax.dynamic_update_slice(b, _div(x, lax.dynamic_slice(d, (k,), (1,)))[None], (k, jnp.int32(0)))

    info = jnp.int32(0)
    if n > 1:
        dl, d, du, b, info = lax.fori_loop(jnp.int32(0), jnp.int32(n - 1), eliminate, (dl, d, du, b, info))
    info = jnp.where((info == 0) & (d[n - 1] == 0), jnp.int32(n), info)
    dlp = jnp.concatenate([dl, jnp.zeros((1,), dl.dtype)])
    padded = jnp.concatenate([b, jnp.zeros((2, m), b.dtype)])
    solved = lax.fori_loop(jnp.int32(0), jnp.int32(n), substitute, padded)[:n]
    b = jnp.where(info == 0, solved, b)
    return dl, d, du, b, info
