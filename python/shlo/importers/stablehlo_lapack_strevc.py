"""sgeev's eigenvectors from the real Schur form (T, Q) in the arithmetic of scipy's OpenBLAS on
AVX-512 (SkylakeX kernels), for float32 matrices of at most MAX_N rows: strevc3 (howmny 'B',
blocked back-transform), sgebak's scaling and sgeev's normalization.

strevc3 solves, per eigenvalue (a real one, or a conjugate pair as the real and imaginary
parts of one vector), the quasi-triangular system by ?laln2 on each 1 x 1 or 2 x 2 diagonal
block (LAPACK's Fortran, products and sums rounded in its order; ?ladiv for the complex 1 x 1
and the second pivot of the complex 2 x 2), right vectors from the bottom with saxpy updates
of the rows above, left ones from the top with sdot of the rows solved; then all vectors times
Q by sgemm, each scaled by 1 / max |v_i| (a pair by 1 / max(|re_i| + |im_i|)). sgeev then
scales a real vector by 1 / snrm2, a pair by 1 / slapy2(snrm2(re), snrm2(im)), and rotates a
pair by slartg / srot so that its largest component (of re^2 + im^2) is real. Kernel orders,
measured through ctypes against scipy's OpenBLAS 0.3.30 (scratch ds4/t_rkern.py, t_sdot.py:
n = 1 to 8, 300 random problems each, every result equal):

* saxpy: y + a x as fma(a, x, y);
* sdot: the f32 products, summed in double in order, rounded once;
* sgemm 'N' 'N' (small-matrix kernel): a fused chain over k from 0;
* srot: fma(c, x, s y), fma(c, y, -(s x)) (as stablehlo_lapack_eig's _rot_kernel).

The overflow scalings of strevc3 / ?laln2 (scale != 1, only near the overflow threshold) are
not followed. The block structure is data (which subdiagonal entries are zero), so every
1 x 1 and 2 x 2 step is computed for all eigenvalues at once and selected. The numpy model of
it (scratch ds4/strevc_model.py, sgeev_model.py) equals scipy's strevc3 on 60 random Schur
forms each way and, from eig's own (T, Z, D), jax's eig vectors bit for bit (n = 3, 5, 6).
"""
from __future__ import annotations

import numpy as np

MAX_N = 6

# ?laln2's complete pivoting tables (column-major CR: 0 = (1,1), 1 = (2,1), 2 = (1,2), 3 = (2,2))
_IPIVOT = np.array([[0, 1, 2, 3], [1, 0, 3, 2], [2, 3, 0, 1], [3, 2, 1, 0]], np.int32)


def applies(n: int, dtype) -> bool:
    """Whether the vectors follow OpenBLAS's order here (float32, the modelled Schur form)."""
    from . import stablehlo_lapack_gehd2 as gehd2
    return np.dtype(dtype) == np.float32 and 2 <= n <= MAX_N and gehd2.applies(n, dtype)


def _f(x):
    import jax.numpy as jnp
    return jnp.float32(x)


def _ladiv(a, b, c, d):
    """(a + i b) / (c + i d) as ?ladiv (its two branches; no rescaling)."""
    import jax.numpy as jnp
    from .stablehlo_lapack_carith import _ladiv1
    p1, q1 = _ladiv1(a, b, c, d)
    p2, q2 = _ladiv1(b, a, d, c)
    small = jnp.abs(d) <= jnp.abs(c)
    return jnp.where(small, p1, p2), jnp.where(small, q1, -q2)


def _smini(smin):
    import jax.numpy as jnp
    return jnp.maximum(smin, _f(2 * float(np.finfo(np.float32).tiny)))


def _laln2_1r(a, b, wr, smin):
    import jax.numpy as jnp
    s = _smini(smin)
    csr = a - wr
    csr = jnp.where(jnp.abs(csr) < s, s, csr)
    return b / csr


def _laln2_1c(a, br, bi, wr, wi, smin):
    import jax.numpy as jnp
    s = _smini(smin)
    csr, csi = a - wr, -wi
    tiny = jnp.abs(csr) + jnp.abs(csi) < s
    return _ladiv(br, bi, jnp.where(tiny, s, csr), jnp.where(tiny, _f(0), csi))


def _pivot(crv, score):
    """(icmax, the four entries in pivoted order: u11, c21, u12, c22) of a stack crv (4, ...)."""
    import jax.numpy as jnp
    ic = jnp.argmax(score, axis=0).astype(jnp.int32)         # the first largest, as the DO loop
    table = jnp.asarray(_IPIVOT)
    picked = [jnp.take_along_axis(crv, table[ic, r][None], axis=0)[0] for r in range(4)]
    return ic, picked


def _laln2_2r(trans, a11, a12, a21, a22, b1, b2, wr, smin):
    """Real 2 x 2 (C = A - wr, or A^T - wr) x = b by complete pivoting, as ?laln2."""
    import jax.numpy as jnp
    s = _smini(smin)
    c12, c21 = (a21, a12) if trans else (a12, a21)
    crv = jnp.stack(jnp.broadcast_arrays(a11 - wr, c21, c12, a22 - wr))
    ic, (ur11, cr21, ur12, cr22) = _pivot(crv, jnp.abs(crv))
    cmax = jnp.max(jnp.abs(crv), axis=0)
    ur11r = _f(1) / ur11
    lr21 = ur11r * cr21
    ur22 = cr22 - ur12 * lr21
    ur22 = jnp.where(jnp.abs(ur22) < s, s, ur22)
    rswap = (ic == 1) | (ic == 3)
    cswap = ic >= 2
    br1, br2 = jnp.where(rswap, b2, b1), jnp.where(rswap, b1, b2)
    br2 = br2 - lr21 * br1
    xr2 = br2 / ur22
    xr1 = br1 * ur11r - xr2 * (ur11r * ur12)
    x1, x2 = jnp.where(cswap, xr2, xr1), jnp.where(cswap, xr1, xr2)
    tiny = cmax < s                                          # C below smin: smin times identity
    rs = _f(1) / s
    return jnp.where(tiny, rs * b1, x1), jnp.where(tiny, rs * b2, x2)


def _laln2_2c(trans, a11, a12, a21, a22, b1r, b1i, b2r, b2i, wr, wi, smin):
    """Complex 2 x 2 (C = A - (wr + i wi)) x = b, as ?laln2: ((x1r, x1i), (x2r, x2i))."""
    import jax.numpy as jnp
    s = _smini(smin)
    one, zero = _f(1), jnp.zeros_like(a11)
    c12, c21 = (a21, a12) if trans else (a12, a21)
    crv = jnp.stack(jnp.broadcast_arrays(a11 - wr, c21, c12, a22 - wr))
    civ = jnp.stack(jnp.broadcast_arrays(-wi, zero, zero, -wi, crv[0])[:4])
    score = jnp.abs(crv) + jnp.abs(civ)
    ic, (ur11, cr21, ur12, cr22) = _pivot(crv, score)
    _, (ui11, ci21, ui12, ci22) = _pivot(civ, score)
    cmax = jnp.max(score, axis=0)
    # off-diagonals of the pivoted C real (icmax 1 or 4)
    big_r = jnp.abs(ur11) > jnp.abs(ui11)
    temp = jnp.where(big_r, ui11 / ur11, ur11 / ui11)
    q = one + temp * temp
    ar_r = one / (ur11 * q)
    ai_i = -one / (ui11 * q)
    a_ur11r = jnp.where(big_r, ar_r, -(temp * ai_i))
    a_ui11r = jnp.where(big_r, -(temp * ar_r), ai_i)
    a_lr21, a_li21 = cr21 * a_ur11r, cr21 * a_ui11r
    a_ur12s, a_ui12s = ur12 * a_ur11r, ur12 * a_ui11r
    a_ur22, a_ui22 = cr22 - ur12 * a_lr21, ci22 - ur12 * a_li21
    # diagonals of the pivoted C real (icmax 2 or 3)
    b_ur11r = one / ur11
    b_ui11r = zero
    b_lr21, b_li21 = cr21 * b_ur11r, ci21 * b_ur11r
    b_ur12s, b_ui12s = ur12 * b_ur11r, ui12 * b_ur11r
    b_ur22 = (cr22 - ur12 * b_lr21) + ui12 * b_li21
    b_ui22 = -(ur12 * b_li21) - ui12 * b_lr21
    offreal = (ic == 0) | (ic == 3)
    pick = lambda x, y: jnp.where(offreal, x, y)  # noqa: E731
    ur11r, ui11r, lr21, li21 = pick(a_ur11r, b_ur11r), pick(a_ui11r, b_ui11r), pick(a_lr21, b_lr21), pick(a_li21, b_li21)
    ur12s, ui12s, ur22, ui22 = pick(a_ur12s, b_ur12s), pick(a_ui12s, b_ui12s), pick(a_ur22, b_ur22), pick(a_ui22, b_ui22)
    small = jnp.abs(ur22) + jnp.abs(ui22) < s
    ur22, ui22 = jnp.where(small, s, ur22), jnp.where(small, zero, ui22)
    rswap = (ic == 1) | (ic == 3)
    cswap = ic >= 2
    br1, br2 = jnp.where(rswap, b2r, b1r), jnp.where(rswap, b1r, b2r)
    bi1, bi2 = jnp.where(rswap, b2i, b1i), jnp.where(rswap, b1i, b2i)
    br2 = (br2 - lr21 * br1) + li21 * bi1
    bi2 = (bi2 - li21 * br1) - lr21 * bi1
    xr2, xi2 = _ladiv(br2, bi2, ur22, ui22)
    xr1 = ((ur11r * br1 - ui11r * bi1) - ur12s * xr2) + ui12s * xi2
    xi1 = ((ui11r * br1 + ur11r * bi1) - ui12s * xr2) - ur12s * xi2
    out = ((jnp.where(cswap, xr2, xr1), jnp.where(cswap, xi2, xi1)),
           (jnp.where(cswap, xr1, xr2), jnp.where(cswap, xi1, xi2)))
    tiny = cmax < s
    rs = _f(1) / s
    return ((jnp.where(tiny, rs * b1r, out[0][0]), jnp.where(tiny, rs * b1i, out[0][1])),
            (jnp.where(tiny, rs * b2r, out[1][0]), jnp.where(tiny, rs * b2i, out[1][1])))


def _eigen_parts(t, second, left):
    """Per column c: (wr, wi, smin) of its eigenvalue; `second` marks the pair's second column
    (right) or first column (left) as ?trevc3 takes them: wi = sqrt|t21| sqrt|t12| there."""
    import jax.numpy as jnp
    n = t.shape[0]
    eps = float(np.finfo(np.float32).eps)
    smlnum = _f(float(np.finfo(np.float32).tiny) * (n / eps))
    wr = jnp.diagonal(t)
    zero = jnp.zeros((1,), t.dtype)
    sub = jnp.diagonal(t, -1)                                # t[c+1, c]
    sup = jnp.diagonal(t, 1)                                 # t[c, c+1]
    if left:                                                 # pair (c, c+1)
        wi = jnp.sqrt(jnp.abs(jnp.concatenate([sup, zero]))) * jnp.sqrt(jnp.abs(jnp.concatenate([sub, zero])))
    else:                                                    # pair (c-1, c)
        wi = jnp.sqrt(jnp.abs(jnp.concatenate([zero, sub]))) * jnp.sqrt(jnp.abs(jnp.concatenate([zero, sup])))
    wi = jnp.where(second, wi, 0)
    smin = jnp.maximum(_f(eps) * (jnp.abs(wr) + jnp.abs(wi)), smlnum)
    return wr, wi, smin


def _right_solve(t):
    """X whose column c is strevc3's right vector for eigenvalue c (real), and whose columns
    c-1, c are its real / imaginary parts where c is the second of a pair; `kind` 0 / 1 / -1."""
    import jax.numpy as jnp
    from .stablehlo_lapack_fma import fma
    n = t.shape[0]
    idx = jnp.arange(n)
    r, c = idx[:, None], idx[None, :]
    sub = jnp.concatenate([jnp.zeros((1,), bool), jnp.diagonal(t, -1) != 0])   # t[c, c-1] != 0
    wr, wi, smin = _eigen_parts(t, sub, False)
    # real candidates (every column) and pair candidates (columns c: the pair c-1, c)
    w = jnp.where(r < c, -t, jnp.where(r == c, _f(1), _f(0)))
    t_prev = jnp.concatenate([jnp.zeros((n, 1), t.dtype), t[:, :-1]], axis=1)  # t[r, c-1]
    t12 = jnp.concatenate([jnp.zeros((1,), t.dtype), jnp.diagonal(t, 1)])      # t[c-1, c]
    t21 = jnp.concatenate([jnp.ones((1,), t.dtype), jnp.diagonal(t, -1)])      # t[c, c-1]
    first = jnp.abs(t12) >= jnp.abs(t21)
    top_re = jnp.where(first, _f(1), -wi / jnp.where(t21 != 0, t21, 1))
    bot_im = jnp.where(first, wi / jnp.where(first, t12, 1), _f(1))
    re = jnp.where(r < c - 1, -(top_re[None, :] * t_prev), jnp.where(r == c - 1, top_re[None, :], _f(0)))
    im = jnp.where(r < c - 1, -(bot_im[None, :] * t), jnp.where(r == c, bot_im[None, :], _f(0)))
    for j in range(n - 2, -1, -1):
        top = t[j + 1, j] != 0                               # row j goes with row j + 1
        bottom = (t[j, j - 1] != 0) if j > 0 else jnp.bool_(False)
        one = ~top & ~bottom
        two = bottom & ~top
        on_r, on_c = idx > j, idx > j + 1
        # 1 x 1 block
        x = _laln2_1r(t[j, j], w[j], wr, smin)
        xr, xi = _laln2_1c(t[j, j], re[j], im[j], wr, wi, smin)
        w1 = w.at[j].set(x).at[:j].set(fma(-x[None, :], t[:j, j][:, None], w[:j]))
        re1 = re.at[j].set(xr).at[:j].set(fma(-xr[None, :], t[:j, j][:, None], re[:j]))
        im1 = im.at[j].set(xi).at[:j].set(fma(-xi[None, :], t[:j, j][:, None], im[:j]))
        if j > 0:                                            # 2 x 2 block on rows j-1, j
            a = (t[j - 1, j - 1], t[j - 1, j], t[j, j - 1], t[j, j])
            x1, x2 = _laln2_2r(False, *a, w[j - 1], w[j], wr, smin)
            (y1r, y1i), (y2r, y2i) = _laln2_2c(False, *a, re[j - 1], im[j - 1], re[j], im[j], wr, wi, smin)
            u, v = t[:j - 1, j - 1][:, None], t[:j - 1, j][:, None]
            w2 = w.at[j - 1].set(x1).at[j].set(x2)
            w2 = w2.at[:j - 1].set(fma(-x2[None, :], v, fma(-x1[None, :], u, w[:j - 1])))
            re2 = re.at[j - 1].set(y1r).at[j].set(y2r)
            re2 = re2.at[:j - 1].set(fma(-y2r[None, :], v, fma(-y1r[None, :], u, re[:j - 1])))
            im2 = im.at[j - 1].set(y1i).at[j].set(y2i)
            im2 = im2.at[:j - 1].set(fma(-y2i[None, :], v, fma(-y1i[None, :], u, im[:j - 1])))
        else:
            w2, re2, im2 = w, re, im
        w = jnp.where(on_r[None, :] & one, w1, jnp.where(on_r[None, :] & two, w2, w))
        re = jnp.where(on_c[None, :] & one, re1, jnp.where(on_c[None, :] & two, re2, re))
        im = jnp.where(on_c[None, :] & one, im1, jnp.where(on_c[None, :] & two, im2, im))
    # assemble: column c real, or (c-1, c) = (re, im) of the pair whose second column is c
    nxt = jnp.concatenate([sub[1:], jnp.zeros((1,), bool)])  # column c is the first of a pair
    re_next = jnp.concatenate([re[:, 1:], jnp.zeros((n, 1), t.dtype)], axis=1)
    x = jnp.where(sub[None, :], im, jnp.where(nxt[None, :], re_next, w))
    kind = jnp.where(nxt, 1, jnp.where(sub, -1, 0))
    return x, kind


def _dot_f64(a, b, live):
    """sdot over the rows where `live` (per column): f32 products summed in double, in order."""
    import jax.numpy as jnp
    s = jnp.zeros(a.shape[1:], jnp.float64)
    for m in range(a.shape[0]):
        s = s + jnp.where(live[m], (a[m] * b[m]).astype(jnp.float64), 0)
    return s.astype(jnp.float32)


def _left_solve(t):
    """X whose column c is strevc3's left vector for eigenvalue c (real), and whose columns
    c, c+1 are the real / imaginary parts where c is the first of a pair; `kind` 0 / 1 / -1."""
    import jax.numpy as jnp
    n = t.shape[0]
    idx = jnp.arange(n)
    r, c = idx[:, None], idx[None, :]
    nxt = jnp.concatenate([jnp.diagonal(t, -1) != 0, jnp.zeros((1,), bool)])   # t[c+1, c] != 0
    wr, wi, smin = _eigen_parts(t, nxt, True)
    w = jnp.where(r > c, -t.T, jnp.where(r == c, _f(1), _f(0)))
    t_next_row = jnp.concatenate([t[1:], jnp.zeros((1, n), t.dtype)], axis=0).T   # [k, c] = t[c+1, k]
    t12 = jnp.concatenate([jnp.diagonal(t, 1), jnp.ones((1,), t.dtype)])       # t[c, c+1]
    t21 = jnp.concatenate([jnp.diagonal(t, -1), jnp.ones((1,), t.dtype)])      # t[c+1, c]
    first = jnp.abs(t12) >= jnp.abs(t21)
    top_re = jnp.where(first, wi / jnp.where(t12 != 0, t12, 1), _f(1))
    bot_im = jnp.where(first, _f(1), -wi / jnp.where(first, 1, t21))
    re = jnp.where(r > c + 1, -(top_re[None, :] * t.T), jnp.where(r == c, top_re[None, :], _f(0)))
    im = jnp.where(r > c + 1, -(bot_im[None, :] * t_next_row), jnp.where(r == c + 1, bot_im[None, :], _f(0)))
    rows = idx[:, None]
    for j in range(1, n):
        top = (t[j + 1, j] != 0) if j < n - 1 else jnp.bool_(False)
        bottom = t[j, j - 1] != 0                            # row j went with row j - 1
        one = ~top & ~bottom
        two = top & ~bottom
        on_r, on_c = idx < j, idx + 1 < j
        live_r = (rows > c) & (rows < j)                     # sdot rows c+1 .. j-1 (column c)
        live_c = (rows > c + 1) & (rows < j)
        tj = jnp.broadcast_to(t[:, j][:, None], (n, n))
        # 1 x 1 block
        bj = w[j] - _dot_f64(tj, w, live_r)
        x = _laln2_1r(t[j, j], bj, wr, smin)
        br, bi = re[j] - _dot_f64(tj, re, live_c), im[j] - _dot_f64(tj, im, live_c)
        xr, xi = _laln2_1c(t[j, j], br, bi, wr, -wi, smin)
        w1, re1, im1 = w.at[j].set(x), re.at[j].set(xr), im.at[j].set(xi)
        if j < n - 1:                                        # 2 x 2 block on rows j, j+1
            tj1 = jnp.broadcast_to(t[:, j + 1][:, None], (n, n))
            b2 = w[j + 1] - _dot_f64(tj1, w, live_r)
            a = (t[j, j], t[j, j + 1], t[j + 1, j], t[j + 1, j + 1])
            x1, x2 = _laln2_2r(True, *a, bj, b2, wr, smin)
            b2r, b2i = re[j + 1] - _dot_f64(tj1, re, live_c), im[j + 1] - _dot_f64(tj1, im, live_c)
            (y1r, y1i), (y2r, y2i) = _laln2_2c(True, *a, br, bi, b2r, b2i, wr, -wi, smin)
            w2 = w.at[j].set(x1).at[j + 1].set(x2)
            re2 = re.at[j].set(y1r).at[j + 1].set(y2r)
            im2 = im.at[j].set(y1i).at[j + 1].set(y2i)
        else:
            w2, re2, im2 = w, re, im
        w = jnp.where(on_r[None, :] & one, w1, jnp.where(on_r[None, :] & two, w2, w))
        re = jnp.where(on_c[None, :] & one, re1, jnp.where(on_c[None, :] & two, re2, re))
        im = jnp.where(on_c[None, :] & one, im1, jnp.where(on_c[None, :] & two, im2, im))
    sub = jnp.concatenate([jnp.zeros((1,), bool), nxt[:-1]])  # column c is the second of a pair
    im_prev = jnp.concatenate([jnp.zeros((n, 1), t.dtype), im[:, :-1]], axis=1)
    x = jnp.where(nxt[None, :], re, jnp.where(sub[None, :], im_prev, w))
    kind = jnp.where(nxt, 1, jnp.where(sub, -1, 0))
    return x, kind


def _gemm(q, x):
    """Q X as sgemm's small-matrix kernel: a fused chain over k from 0."""
    import jax.numpy as jnp
    from .stablehlo_lapack_fma import fma
    v = jnp.zeros((q.shape[0], x.shape[1]), jnp.float32)
    for k in range(q.shape[1]):
        v = fma(q[:, k][:, None], x[k][None, :], v)
    return v


def _shift_left(x):
    import jax.numpy as jnp
    return jnp.concatenate([x[..., 1:], jnp.zeros_like(x[..., :1])], axis=-1)


def _shift_right(x):
    import jax.numpy as jnp
    return jnp.concatenate([jnp.zeros_like(x[..., :1]), x[..., :-1]], axis=-1)


def _trevc_scale(v, kind):
    """Each vector times 1 / max |v_i| (a pair's both columns times 1 / max(|re_i| + |im_i|))."""
    import jax.numpy as jnp
    a = jnp.abs(v)
    single = jnp.max(a, axis=0)
    pair = jnp.max(a + _shift_left(a), axis=0)               # at the pair's first column
    m = jnp.where(kind == 1, pair, jnp.where(kind == -1, _shift_right(pair), single))
    return v * (_f(1) / m)[None, :]


def _nrm2(v):
    import jax.numpy as jnp
    s = jnp.zeros(v.shape[1:], jnp.float64)
    for k in range(v.shape[0]):
        x = v[k].astype(jnp.float64)
        s = s + x * x
    return jnp.sqrt(s).astype(jnp.float32)


def _lapy2(x, y):
    import jax.numpy as jnp
    w, z = jnp.maximum(jnp.abs(x), jnp.abs(y)), jnp.minimum(jnp.abs(x), jnp.abs(y))
    q = z / jnp.where(w > 0, w, 1)
    return jnp.where(z == 0, w, w * jnp.sqrt(_f(1) + q * q))


def _geev_normalize(v, kind):
    """sgeev: real vectors / snrm2; a pair / slapy2 of the two norms, then rotated by slartg /
    srot so that its largest component (of re^2 + im^2, isamax) is real. Complex columns out."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_eig import _rot_kernel
    nrm = _nrm2(v)
    pair_scl = _f(1) / _lapy2(nrm, _shift_left(nrm))         # at the pair's first column
    scl = jnp.where(kind == 1, pair_scl, jnp.where(kind == -1, _shift_right(pair_scl), _f(1) / nrm))
    v = v * scl[None, :]
    x, y = v, _shift_left(v)                                 # (re, im) at each first column
    w = x * x + y * y
    at = jnp.arange(v.shape[0])[:, None] == jnp.argmax(w, axis=0)[None, :]
    fk, gk = jnp.sum(jnp.where(at, x, 0), axis=0), jnp.sum(jnp.where(at, y, 0), axis=0)
    d = jnp.sqrt(fk * fk + gk * gk)                          # slartg (f, g away from 0 and overflow)
    r = jnp.copysign(d, fk)
    gz, fz = gk == 0, fk == 0
    cs = jnp.where(gz, _f(1), jnp.where(fz, _f(0), jnp.abs(fk) / jnp.where(d > 0, d, 1)))
    sn = jnp.where(gz, _f(0), jnp.where(fz, jnp.sign(gk), gk / jnp.where(r != 0, r, 1)))
    xr, yr = _rot_kernel()(x, y, cs[None, :], sn[None, :])
    yr = jnp.where(at, _f(0), yr)
    first = (kind == 1)[None, :]
    re = jnp.where(first, xr, jnp.where((kind == -1)[None, :], _shift_right(xr), v))
    im = jnp.where(first, yr, jnp.where((kind == -1)[None, :], -_shift_right(yr), _f(0)))
    return lax.complex(re, im)


def eigenvectors(t, z, dscale, left):
    """sgeev's right (or left) eigenvectors of A = D Z T Z^T D^-1 (T quasi-triangular in
    ?lanv2's standard form), as complex columns (JAX's CPU kernel's layout)."""
    x, kind = _left_solve(t) if left else _right_solve(t)
    v = _trevc_scale(_gemm(z, x), kind)
    v = v * (1 / dscale if left else dscale)[:, None]        # sgebak (powers of two: exact)
    return _geev_normalize(v, kind)
