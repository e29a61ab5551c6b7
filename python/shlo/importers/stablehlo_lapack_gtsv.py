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


# --------------------------------------------------------------------------
# tridiagonal_solve(..., perturb_singular=True): jaxlib's own kernel, not LAPACK
# --------------------------------------------------------------------------
#
# JAX lowers it on CPU to `tridiagonal_solve_perturbed_ffi(dl, d, du, b) -> x` (no info):
# Gaussian elimination with row pivoting chosen on scaled magnitudes, as LAPACK's ?lagtf
# does (each row's |entry| / (sum of its |entries|)), the forward solve done on the way;
# then back substitution in which a pivot under 1 is nudged away from zero by
# eps * max|U| (doubling each time), or the row scaled up, as ?lagts does, so that a
# singular system still gives a finite x. The order of operations below is the kernel's,
# so that f32 / f64 results have its bits: each row of x is multiplied by 1 / pivot.

def _real_finfo(dtype):
    import jax.numpy as jnp
    return jnp.finfo(jnp.real(jnp.zeros((), dtype)).dtype)


def _max_keep(a, b):
    """std::max(a, b): b only when a < b (a NaN already in `a` stays, a NaN `b` is ignored)."""
    import jax.numpy as jnp
    return jnp.where(a < b, b, a)


def _perturbed_pivot(perturb, pivot, row):
    """(pivot, row) after ?lagts's guard: while |pivot| < 1, add a growing perturbation (of
    pivot's sign) where row / pivot could overflow, or scale pivot and row up once where
    |pivot| is below the smallest normal but row is small enough."""
    import jax.numpy as jnp
    from jax import lax
    fi = _real_finfo(pivot.dtype)
    rt = fi.dtype
    one = jnp.ones((), rt)
    safemin = jnp.asarray(fi.tiny, rt)     # 1 / max < tiny for IEEE types, so ?lamch's sfmin is tiny
    bignum = one / safemin
    perturb = jnp.copysign(_max_keep(jnp.abs(perturb), safemin), jnp.real(pivot))
    max_factor = jnp.max(jnp.abs(row), initial=jnp.zeros((), rt))

    def cond(c):
        pivot, _, stop, _ = c
        return (jnp.abs(pivot) < one) & ~stop

    def body(c):
        pivot, perturb, _, _ = c
        a = jnp.abs(pivot)
        tiny_ = a < safemin
        nudge = jnp.where(tiny_, (a == 0) | (max_factor * safemin > a), max_factor > a * bignum)
        scale = tiny_ & ~nudge
        pivot = jnp.where(nudge, _add_real(pivot, perturb), jnp.where(scale, _scale(pivot, bignum), pivot))
        return pivot, jnp.where(nudge, perturb * 2, perturb), ~nudge, scale

    def run(pivot):
        return lax.while_loop(cond, body, (pivot, perturb, jnp.bool_(False), jnp.bool_(False)))

    pivot, _, _, scaled = run(pivot)
    row = jnp.where(scaled, _scale(row, bignum), row)
    return pivot, row


def _add_real(z, r):
    """z + r for a real r, as C++'s complex += real: the imaginary part untouched."""
    import jax.numpy as jnp
    from jax import lax
    return lax.complex(jnp.real(z) + r, jnp.imag(z)) if jnp.iscomplexobj(z) else z + r


def _scale(z, r):
    """z * r for a real r, part by part (no complex product with a zero imaginary part)."""
    import jax.numpy as jnp
    from jax import lax
    return lax.complex(jnp.real(z) * r, jnp.imag(z) * r) if jnp.iscomplexobj(z) else z * r


def gtsv_perturbed1(dl, d, du, b):
    """One system (JAX's layout: dl[0], du[n-1] unused); returns x as jaxlib's
    tridiagonal_solve_perturbed_ffi."""
    import jax.numpy as jnp
    from jax import lax
    n, m = b.shape
    rt = _real_finfo(d.dtype).dtype
    eps = jnp.asarray(_real_finfo(d.dtype).eps, rt)
    zero = jnp.zeros((), d.dtype)
    ab = jnp.abs
    if n == 1:
        p, row = _perturbed_pivot(eps * ab(d[0]), d[0], b[0])
        return (row / p)[None]

    def eliminate(k, c):
        u0, u1, u2, x, scale1, max_u = c
        dk1, lk, uk1 = d[k + 1], dl[k + 1], du[k + 1]
        inner = k < n - 2
        scale2 = ab(lk) + ab(dk1)
        scale2 = jnp.where(inner, scale2 + ab(uk1), scale2)
        u0k, u1k = u0[k], u1[k]
        xk, bk1 = x[k], b[k + 1]
        lzero = lk == zero
        piv1 = jnp.where(u0k == zero, jnp.zeros((), rt), ab(u0k) / scale1)
        piv2 = ab(lk) / scale2
        keep = lzero | (piv2 <= piv1)            # NaN compares false: rows swapped
        f_keep = jnp.where(lzero, zero, lk / jnp.where(lzero, jnp.ones((), d.dtype), u0k))
        f_swap = u0k / lk
        # no swap: row k+1 -= f row k; a zero dl leaves row k+1 as it is
        n_u0k1 = jnp.where(lzero, dk1, dk1 - f_keep * u1k)
        n_x1 = jnp.where(lzero, bk1, bk1 - f_keep * xk)
        # swap: row k <- row k+1, row k+1 <- old row k - f row k+1
        s_u0k1 = u1k - f_swap * dk1
        s_u1k1 = jnp.where(inner, -(f_swap * uk1), zero)
        u0 = u0.at[k].set(jnp.where(keep, u0k, lk)).at[k + 1].set(jnp.where(keep, n_u0k1, s_u0k1))
        u1 = u1.at[k].set(jnp.where(keep, u1k, dk1)).at[k + 1].set(jnp.where(keep, uk1, s_u1k1))
        u2 = u2.at[k].set(jnp.where(keep | ~inner, zero, uk1))
        x = x.at[k].set(jnp.where(keep, xk, bk1)).at[k + 1].set(jnp.where(keep, n_x1, xk - f_swap * bk1))
        scale1 = jnp.where(keep, scale2, ab(s_u0k1) + ab(s_u1k1))
        grown = _max_keep(_max_keep(_max_keep(max_u, ab(u0[k])), ab(u1[k])), ab(u2[k]))
        max_u = jnp.where(inner, grown, max_u)
        return u0, u1, u2, x, scale1, max_u

    z = jnp.zeros((n,), d.dtype)
    u0, u1 = z.at[0].set(d[0]), z.at[0].set(du[0])
    c = (u0, u1, z, b, ab(d[0]) + ab(du[0]), _max_keep(ab(d[0]), ab(du[0])))
    u0, u1, u2, x, _, max_u = lax.fori_loop(jnp.int32(0), jnp.int32(n - 1), eliminate, c)
    perturb = eps * _max_keep(max_u, ab(u0[n - 1]))
    one = jnp.ones((), d.dtype)

    def substitute(t, x):
        # x padded with two zero rows; the terms past the end are left out, as the kernel does
        k = n - 1 - t
        r = x[k]
        r = jnp.where(k + 1 < n, r - u1[k] * x[k + 1], r)
        r = jnp.where(k + 2 < n, r - u2[k] * x[k + 2], r)
        p, r = _perturbed_pivot(perturb, u0[k], r)
        return x.at[k].set(r * (one / p))

    padded = jnp.concatenate([x, jnp.zeros((2, m), x.dtype)])
    return lax.fori_loop(jnp.int32(0), jnp.int32(n), substitute, padded)[:n]
