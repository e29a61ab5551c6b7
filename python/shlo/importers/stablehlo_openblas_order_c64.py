"""OpenBLAS's complex64 level-1 / level-2 kernels that LAPACK's ?hetd2 calls (cdotc, caxpy,
chemv, cher2), in their own rounding order, as jax.lax functions (the real kernels and cgemv_c /
cgerc for ?larf are in stablehlo_openblas_order.py).

Read from the disassembly of scipy's OpenBLAS 0.3.30 (SkylakeX kernels; jaxlib's LAPACK on CPU)
and measured against it through ctypes on random operands (scratch ds3/t_cdot.py, t_gemvn.py,
t_gemvc.py, t_hemv.py, t_her.py): every result equal, lengths 1-69 (cdotc), 1-39 (caxpy),
1-25 x 1-25 with lda = rows or not (cgemv), n = 1-33 (chemv 'L'), 1-29 (cher2 'L', alpha = -1).

As in stablehlo_openblas_order.py, operands are blocks at the top-left of fixed-size arrays and
`live` / `rows` / `cols` (traced int32) say how much is live; `fma` rounds once.
"""
from __future__ import annotations

from .stablehlo_lapack_fma import fma

_HEMV_P = 8           # zhemv_k's diagonal block (SkylakeX's HEMV_P)


def _parts(z):
    import jax.numpy as jnp
    return jnp.real(z), jnp.imag(z)


def cdotc(x, y, live):
    """conj(x) . y over the first `live` entries as cdotc_k: whole 16s by the AVX2 kernel (16
    lanes, fused chains of xr yr, xi yi, xr yi, xi yr; lane l's complex slot is l mod 4, its
    register l // 4: registers (0 + 1) + (2 + 3), then slots (0 + 2) + (1 + 3)); the rest four
    fused chains continuing from those sums; re = rr + ii, im = ri - ir, then re + im * 0 (the
    C return's CMPLX, contracted)."""
    import jax.numpy as jnp
    from jax import lax
    f32 = jnp.float32
    n = x.shape[0]
    xr, xi = _parts(x)
    yr, yi = _parts(y)
    n1 = live & -16
    # the four products' chains stacked: (xr yr, xi yi, xr yi, xi yr)
    xs = jnp.stack([xr, xi, xr, xi])
    ys = jnp.stack([yr, yi, yi, yr])
    blocks = -(-n // 16)
    grid = lambda v: jnp.pad(v, ((0, 0), (0, blocks * 16 - n))).reshape(4, blocks, 16)
    xg, yg = grid(xs), grid(ys)
    lanes = jnp.zeros((4, 16), f32)
    for b in range(blocks):                       # the kernel's 16s: lane k mod 16
        lanes = jnp.where(16 * b < n1, fma(xg[:, b], yg[:, b], lanes), lanes)
    reg = lanes.reshape(4, 4, 4)                  # chain, register, slot
    slot = (reg[:, 0] + reg[:, 1]) + (reg[:, 2] + reg[:, 3])
    sums = jnp.where(n1 > 0, (slot[:, 0] + slot[:, 2]) + (slot[:, 1] + slot[:, 3]), f32(0))
    # the rest (fewer than 16 terms) from n1 on
    xt = lax.dynamic_slice_in_dim(jnp.pad(xs, ((0, 0), (0, 16))), n1, 16, 1)
    yt = lax.dynamic_slice_in_dim(jnp.pad(ys, ((0, 0), (0, 16))), n1, 16, 1)
    for j in range(min(n, 15)):
        sums = jnp.where(n1 + j < live, fma(xt[:, j], yt[:, j], sums), sums)
    rr, ii, ri, ir = sums[0], sums[1], sums[2], sums[3]
    im = ri - ir
    re = (rr + ii) + im * f32(0)
    return lax.complex(re, im)


def caxpy(x, y, alpha, live):
    """y + alpha x on the first `live` entries as caxpy_k: whole 32s by the vector kernel
    fma(-ai, xi, fma(ar, xr, yr)), fma(ai, xr, fma(ar, xi, yi)); the rest by the C loop,
    yr + fma(ar, xr, -(ai xi)), yi + fma(ar, xi, ai xr)."""
    import jax.numpy as jnp
    from jax import lax
    r = lax.iota(jnp.int32, x.shape[0])
    return jnp.where(r < live, _axpy_rows(x, y, alpha, r < (live & -32)), y)


def _axpy_rows(x, y, alpha, vec):
    """y + alpha x elementwise (alpha broadcast), the vector kernel's order where `vec`."""
    import jax.numpy as jnp
    from jax import lax
    xr, xi = _parts(x)
    yr, yi = _parts(y)
    ar, ai = _parts(alpha)
    nr = jnp.where(vec, fma(-ai, xi, fma(ar, xr, yr)), yr + fma(ar, xr, -(ai * xi)))
    ni = jnp.where(vec, fma(ai, xr, fma(ar, xi, yi)), yi + fma(ar, xi, ai * xr))
    return lax.complex(nr, ni)


def _gemv_n_addends(c, x, alpha, first, rows, cols):
    """What Q cgemv_n calls (y += alpha c x) add to y, computed at once: c (Q, M, K), x (Q, K);
    call q's rows are first[q] .. first[q] + rows[q] - 1 (first a multiple of 4), its columns
    0 .. cols[q] - 1; (Q, M) complex and the mask of the rows. Rows in whole 4s: the columns in
    blocks of 4, then a pair, then a last one (the AVX2 4x4 / 4x2 / 4x1 kernels): per block the
    first column's products rounded, the others fused on, (ar x, ai x) for x = xr and xi apart,
    re = Rr - Ii, im = Ri + Ir added to a buffer from 0; the addend alpha buffer with each
    product rounded. The rows past them (the C loop): each term fma(ar, xr, -(ai xi)),
    fma(ar, xi, ai xr) added in order from 0; the addend fma(alpha_r, t_r, -(alpha_i t_i)),
    fma(alpha_r, t_i, alpha_i t_r)."""
    import jax.numpy as jnp
    from jax import lax
    f32 = jnp.float32
    Q, M, K = c.shape
    cr, ci = _parts(c)
    xr, xi = _parts(x)
    n4 = (cols & -4)[:, None]
    kk = lax.iota(jnp.int32, K + 1)[None, :]
    c2 = (cols[:, None] & 2) != 0
    starts = ((kk < n4) & (kk % 4 == 0)) | (kk == n4) | (c2 & (kk == n4 + 2))
    ends = (kk < cols[:, None]) & (jnp.concatenate([starts[:, 1:], starts[:, :1]], axis=1) | (kk + 1 == cols[:, None]))
    lives = kk < cols[:, None]
    a4 = jnp.stack([cr, ci, cr, ci])                              # (4, Q, M, K)
    x4 = jnp.stack([xr, xr, xi, xi])[:, :, None, :]               # (4, Q, 1, K)
    terms = jnp.stack([fma(cr, xr[:, None, :], -(ci * xi[:, None, :])),
                       fma(cr, xi[:, None, :], ci * xr[:, None, :])])     # (2, Q, M, K)
    chain = jnp.zeros((4, Q, M), f32)
    buf = jnp.zeros((2, Q, M), f32)
    t = jnp.zeros((2, Q, M), f32)
    for k in range(K):
        chain = fma(a4[..., k], x4[..., k], jnp.where(starts[None, :, k, None], f32(0), chain))
        buf = jnp.where(ends[None, :, k, None], buf + jnp.stack([chain[0] - chain[3], chain[1] + chain[2]]), buf)
        t = jnp.where(lives[None, :, k, None], t + terms[..., k], t)
    al_r, al_i = _parts(alpha)
    br, bi = buf
    tr, ti = t
    r = lax.iota(jnp.int32, M)[None, :]
    rel = r - first[:, None]
    nb = (rows & -4)[:, None]
    main = (rel >= 0) & (rel < nb)
    tail = (rel >= nb) & (rel < rows[:, None])
    re = jnp.where(main, al_r * br - al_i * bi, jnp.where(tail, fma(al_r, tr, -(al_i * ti)), 0))
    im = jnp.where(main, al_r * bi + al_i * br, jnp.where(tail, fma(al_r, ti, al_i * tr), 0))
    return lax.complex(re, im), main | tail


def _gemv_c_addends(c, x, alpha, first, rows):
    """What Q cgemv_c calls (y += alpha c^H x) add to y, computed at once: c (Q, M, K), x (M,);
    call q's rows are first[q] .. first[q] + rows[q] - 1 (first a multiple of 4), all K columns
    live. Two addends, added in turn, each (Q, K) with where it applies: rows in whole 4s:
    4 complex lanes (row mod 4), fused chains of ar xr, ai xr, ar xi, ai xi from 0,
    re = ai xi + ar xr, im = ar xi - ai xr, lanes (0 + 2) + (1 + 3), times alpha with each
    product rounded; the rows past them: each term fma(ar, xr, ai xi), fma(ar, xi, -(ai xr))
    added in order from 0, then fma(alpha_r, t_r, -(alpha_i t_i)), fma(alpha_r, t_i,
    alpha_i t_r)."""
    import jax.numpy as jnp
    from jax import lax
    f32 = jnp.float32
    Q, M, K = c.shape
    size = -(-M // 4) * 4
    cp = jnp.pad(c, ((0, 0), (0, size - M), (0, 0)))
    xp = jnp.pad(x, (0, size - M))
    cr, ci = _parts(cp)
    xr, xi = _parts(xp)
    nb = rows & -4
    a4 = jnp.stack([cr, ci, cr, ci]).reshape(4, Q, size // 4, 4, K)
    x4 = jnp.stack([xr, xr, xi, xi]).reshape(4, 1, size // 4, 4, 1)
    acc = jnp.zeros((4, Q, 4, K), f32)
    for g in range(size // 4):
        inside = (4 * g >= first) & (4 * g < first + nb)
        acc = jnp.where(inside[None, :, None, None], fma(a4[:, :, g], x4[:, :, g], acc), acc)
    rr, ri, ir, ii = acc
    re, im = ii + rr, ir - ri                                     # (Q, 4, K)
    sr = (re[:, 0] + re[:, 2]) + (re[:, 1] + re[:, 3])
    si = (im[:, 0] + im[:, 2]) + (im[:, 1] + im[:, 3])
    terms = jnp.stack([fma(cr, xr[None, :, None], ci * xi[None, :, None]),
                       fma(cr, xi[None, :, None], -(ci * xr[None, :, None]))])   # (2, Q, size, K)
    r = lax.iota(jnp.int32, size)[None, :]
    t = jnp.zeros((2, Q, K), f32)
    for j in range(3):                                            # the rows past the 4s, in order
        row = (first + nb + j)[:, None]
        one = (r == row) & (row < (first + rows)[:, None])        # (Q, size)
        pick = jnp.sum(jnp.where(one[None, :, :, None], terms, 0), axis=2)
        t = jnp.where(jnp.any(one, axis=1)[None, :, None], t + pick, t)
    al_r, al_i = _parts(alpha)
    tr, ti = t
    lanes = lax.complex(al_r * sr - al_i * si, al_r * si + al_i * sr)
    tail = lax.complex(fma(al_r, tr, -(al_i * ti)), fma(al_r, ti, al_i * tr))
    return lanes, nb > 0, tail, rows > nb


def chemv_lower(s, x, alpha, live):
    """alpha S x for the live L x L block of s (lower triangle) as chemv 'L' (zhemv_k): y = 0;
    per diagonal block of 8 from the top: its full Hermitian copy (the diagonal's imaginary
    part 0) times x by cgemv_n, then the rows below it: cgemv_c into the block's y and cgemv_n
    into the y below. Each call's addend does not depend on y, so all are computed at once and
    added in the driver's order."""
    import jax.numpy as jnp
    from jax import lax
    N = s.shape[0]
    P = _HEMV_P
    B = -(-N // P)
    size = B * P
    sp = jnp.pad(s, ((0, size - N), (0, size - N)))
    xp = jnp.pad(jnp.where(lax.iota(jnp.int32, N) < live, x, 0), (0, size - N))
    r8 = lax.iota(jnp.int32, P)
    rs = lax.iota(jnp.int32, size)
    starts = jnp.arange(B, dtype=jnp.int32) * P                  # block b's first row
    mi = jnp.clip(live - starts, 0, P)
    below = jnp.maximum(live - starts - P, 0)
    # the diagonal blocks' full Hermitian copies, each placed at its rows of a (size, 8) matrix
    diag = []
    for b in range(B):
        blk = sp[b * P:(b + 1) * P, b * P:(b + 1) * P]
        full = jnp.where(r8[:, None] > r8[None, :], blk, jnp.conj(blk.T))
        full = jnp.where(r8[:, None] == r8[None, :], jnp.real(blk).astype(blk.dtype), full)
        diag.append(jnp.pad(full, ((b * P, size - (b + 1) * P), (0, 0))))
    # the blocks below the diagonal ones: rows below block b, columns of block b
    low = [jnp.where((rs >= (b + 1) * P)[:, None], sp[:, b * P:(b + 1) * P], 0) for b in range(B)]
    mats = jnp.stack(diag + low)
    xs = jnp.stack([xp[b * P:(b + 1) * P] for b in range(B)] * 2)
    firsts = jnp.concatenate([starts, starts + P])
    rows = jnp.concatenate([mi, below])
    cols = jnp.concatenate([mi, jnp.where(below > 0, P, 0)])
    n_add, n_mask = _gemv_n_addends(mats, xs, alpha, firsts, rows, cols)
    c_lanes, c_lmask, c_tail, c_tmask = _gemv_c_addends(jnp.stack(low), xp, alpha, starts + P, below)
    y = jnp.zeros((size,), s.dtype)
    for b in range(B):
        y = jnp.where(n_mask[b], y + n_add[b], y)                  # the diagonal block
        if (b + 1) * P < size:
            yb = y[b * P:(b + 1) * P]
            yb = jnp.where(c_lmask[b] & (below[b] > 0), yb + c_lanes[b], yb)
            yb = jnp.where(c_tmask[b] & (below[b] > 0), yb + c_tail[b], yb)
            y = jnp.concatenate([y[:b * P], yb, y[(b + 1) * P:]])
            y = jnp.where(n_mask[B + b], y + n_add[B + b], y)      # the rows below
    return y[:N]


def cher2_lower_minus(s, x, y, live):
    """S - x y^H - y x^H on the live lower triangle as cher2 'L' with alpha = -1 (zher2_k):
    column j += conj(alpha x_j) y[j:] then += (alpha conj(y_j)) x[j:], each a caxpy on the
    column from row j (its vector kernel for the whole 32s of that length), the diagonal's
    imaginary part then 0. The column scalars are those of zher2_k's contracted C with alpha =
    -1 (exact: -conj(x_j), -conj(y_j))."""
    import jax.numpy as jnp
    from jax import lax
    N = s.shape[0]
    xr, xi = _parts(x)
    yr, yi = _parts(y)
    s1 = lax.complex(-xr, xi)
    s2 = lax.complex(-yr, yi)
    rr = lax.broadcasted_iota(jnp.int32, (N, N), 0)
    cc = lax.broadcasted_iota(jnp.int32, (N, N), 1)
    vec = (rr - cc) < ((live - cc) & -32)
    upd = _axpy_rows(y[:, None], s, s1[None, :], vec)
    upd = _axpy_rows(x[:, None], upd, s2[None, :], vec)
    upd = jnp.where(rr == cc, jnp.real(upd).astype(s.dtype), upd)
    return jnp.where((rr >= cc) & (rr < live), upd, s)


def chemv_upper(s, x, alpha, live):
    """alpha S x for the live L x L block of s (upper triangle) as chemv 'U' (zhemv_k): y = 0;
    per diagonal block of 8 from the top: the rows above it by cgemv_c (into the block's y) and
    cgemv_n (into the y above), then its full Hermitian copy times x by cgemv_n (measured as
    the lower one: scratch ds3/t_hemv.py U, n = 1-33 all equal)."""
    import jax.numpy as jnp
    from jax import lax
    N = s.shape[0]
    P = _HEMV_P
    B = -(-N // P)
    size = B * P
    sp = jnp.pad(s, ((0, size - N), (0, size - N)))
    xp = jnp.pad(jnp.where(lax.iota(jnp.int32, N) < live, x, 0), (0, size - N))
    r8 = lax.iota(jnp.int32, P)
    rs = lax.iota(jnp.int32, size)
    starts = jnp.arange(B, dtype=jnp.int32) * P
    mi = jnp.clip(live - starts, 0, P)
    diag = []
    for b in range(B):
        blk = sp[b * P:(b + 1) * P, b * P:(b + 1) * P]
        full = jnp.where(r8[:, None] < r8[None, :], blk, jnp.conj(blk.T))
        full = jnp.where(r8[:, None] == r8[None, :], jnp.real(blk).astype(blk.dtype), full)
        diag.append(jnp.pad(full, ((b * P, size - (b + 1) * P), (0, 0))))
    # the blocks above the diagonal ones: rows above block b, columns of block b
    above = [jnp.where((rs < b * P)[:, None], sp[:, b * P:(b + 1) * P], 0) for b in range(B)]
    xb = [xp[b * P:(b + 1) * P] for b in range(B)]
    zero = jnp.zeros((B,), jnp.int32)
    n_add, n_mask = _gemv_n_addends(jnp.stack(diag + above), jnp.stack(xb * 2), alpha,
                                    jnp.concatenate([starts, zero]), jnp.concatenate([mi, starts]),
                                    jnp.concatenate([mi, mi]))
    c_lanes, c_lmask, c_tail, c_tmask = _gemv_c_addends(jnp.stack(above), xp, alpha, zero, starts)
    y = jnp.zeros((size,), s.dtype)
    for b in range(B):
        if b > 0:
            yb = y[b * P:(b + 1) * P]
            yb = jnp.where(c_lmask[b] & (mi[b] > 0), yb + c_lanes[b], yb)
            yb = jnp.where(c_tmask[b] & (mi[b] > 0), yb + c_tail[b], yb)
            y = jnp.concatenate([y[:b * P], yb, y[(b + 1) * P:]])
            y = jnp.where(n_mask[B + b] & (mi[b] > 0), y + n_add[B + b], y)   # the rows above
        y = jnp.where(n_mask[b], y + n_add[b], y)                  # the diagonal block
    return jnp.where(rs < live, y, 0)[:N]


def cher2_upper_minus(s, x, y, live):
    """S - x y^H - y x^H on the live upper triangle as cher2 'U' with alpha = -1: column j
    (rows 0 .. j) += -conj(x_j) y then += -conj(y_j) x, each a caxpy (its vector kernel for the
    whole 32s of j + 1 rows), the diagonal's imaginary part then 0 (scratch ds3/t_her_u.py)."""
    import jax.numpy as jnp
    from jax import lax
    N = s.shape[0]
    xr, xi = _parts(x)
    yr, yi = _parts(y)
    s1 = lax.complex(-xr, xi)
    s2 = lax.complex(-yr, yi)
    rr = lax.broadcasted_iota(jnp.int32, (N, N), 0)
    cc = lax.broadcasted_iota(jnp.int32, (N, N), 1)
    vec = rr < ((cc + 1) & -32)
    upd = _axpy_rows(y[:, None], s, s1[None, :], vec)
    upd = _axpy_rows(x[:, None], upd, s2[None, :], vec)
    upd = jnp.where(rr == cc, jnp.real(upd).astype(s.dtype), upd)
    return jnp.where((rr <= cc) & (cc < live), upd, s)
