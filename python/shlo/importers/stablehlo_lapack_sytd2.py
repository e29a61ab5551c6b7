"""?sytd2 (lower, float32) step for step as LAPACK 3.12 runs it inside jaxlib's OpenBLAS on
AVX-512 CPUs, and ?ormtr's Q applied in ?orm2r's order, so that a symmetric matrix's tridiagonal
form (and, with ?steqr, eigh's vectors) are XLA CPU's bits.

?sytrd runs the unblocked ?sytd2 up to n = 32. Step i (0-based) takes the column below the
diagonal, x = a[i+1:, i], makes its reflector by ?larfg (stablehlo_lapack_qr._larfg), and with
tau != 0 updates the trailing block S = a[i+1:, i+1:] (lower triangle, L = n - i - 1):
y = tau S v (ssymv), alpha = (-1/2 tau) (y . v) (sdot), y += alpha v (saxpy),
S -= v y^T + y v^T (ssyr2). The kernels' orders, measured against scipy's OpenBLAS 0.3.30 by
ctypes (scratch cs5/t_symv.py, t_dot3.py, t_axpy.py: every result equal, n = 1-39):

* ssymv_L: columns in blocks of 4 (then the last L mod 4 one by one); each block first adds its
  4 diagonal terms to y, then each of its columns' terms to the rows below it (fused, column
  order), then y[block] += alpha tmp2. A column's tmp2 = sum of S[r, c] x[r] over rows below it:
  fused from 0 over the rows inside its block, then, where the block starts at least 13 rows from
  the end, the rows from the next block to the last whole 4 in four lanes (row mod 4, fused
  chains from 0, added as (l0 + l1) + (l2 + l3)) added once, then the rest fused in order.
* sdot (fewer than 32 terms): the products rounded to float32, summed in float64, rounded once.
* saxpy, ssyr2: fused (ssyr2 'L', alpha = -1: each column c += (-v_c) y, then += (-y_c) v).

The numpy model of the whole reduction equals ssytrd's outputs on 10 random matrices each of
3 x 3 to 25 x 25 (scratch cs5/t_sytd2m.py).

Upper (ssytd2 'U'): step I = n-1 .. 1 takes column I above the diagonal (alpha = a[I-1, I], x
above it) and updates the leading I x I block the same way, with ssymv_U's order (_symv_upper)
and ssyr2 'U' (the same fused pair per element); ?ormtr then runs ?orm2l (reflector I - 1 on
rows 0 .. I - 1, the first first). Interpreted vs jax (scratch cs5/t_tri.py, t_eigh.py with
UPPER=1): tridiagonal n = 2-25 and eigh 5 x 5 to 25 x 25 bit-equal.
"""
from __future__ import annotations

from .stablehlo_lapack_fma import fma

_UNBLOCKED = 32               # ?sytrd's crossover: up to it the whole reduction is ?sytd2


def modelled(n: int, dtype) -> bool:
    import jax.numpy as jnp
    from ..interpreter.ops.openblas_order import kernels
    return kernels() == "avx512" and jnp.dtype(dtype) == jnp.float32 and n <= _UNBLOCKED


def _symv_lower(s, x, alpha, live):
    """alpha S x for the live L x L block of s (lower triangle), as OpenBLAS's ssymv_L."""
    import jax.numpy as jnp
    from jax import lax
    f32 = jnp.float32
    N = s.shape[0]
    r = lax.iota(jnp.int32, N)
    off1 = live & -4                              # columns in whole blocks of 4
    x = jnp.where(r < live, x, 0)
    t1 = alpha * x
    diag = jnp.diagonal(s)
    y = jnp.zeros((N,), f32)
    # y: column by column; a whole block's diagonal terms before its columns
    for c in range(N):
        j = c - c % 4
        if c % 4 == 0:
            block = (r >= j) & (r < j + 4) & (j + 4 <= off1)
            y = jnp.where(block, fma(t1, diag, y), y)
        rows = (r > c) & (r < live) & (c < live)
        y = jnp.where(rows, fma(t1[c], s[:, c], y), y)
    rest = (r >= off1) & (r < live)             # the columns past the whole blocks: diagonal last
    y = jnp.where(rest, fma(t1, diag, y), y)
    # tmp2, all columns at once (c: the column, j(c) its block's first, k(c) = c - j(c))
    c = r
    j = c - c % 4
    full = j + 4 <= off1
    kernel = full & (live >= j + 13)
    m2 = live & -4
    t2 = jnp.zeros((N,), f32)
    for o in (1, 2, 3):                           # the rows inside the block, below the column
        row = j + o
        take = full & (o > c % 4)
        val = s[jnp.minimum(row, N - 1), c]
        t2 = jnp.where(take, fma(val, x[jnp.minimum(row, N - 1)], t2), t2)
    acc = jnp.zeros((4, N), f32)
    for g in range(N // 4):                       # the kernel's rows: 4 lanes
        rows = slice(4 * g, 4 * g + 4)
        take = kernel & (4 * g >= j + 4) & (4 * g + 4 <= m2)
        acc = jnp.where(take[None, :], fma(s[rows, :], x[rows, None], acc), acc)
    red = (acc[0] + acc[1]) + (acc[2] + acc[3])
    t2 = jnp.where(kernel & (m2 > j + 4), t2 + red, t2)
    start = jnp.where(kernel, m2, jnp.where(full, j + 4, c + 1))
    for row in range(N):                          # the rest, in order
        take = (row >= start) & (row < live) & (row > c)
        t2 = jnp.where(take, fma(s[row, :], x[row], t2), t2)
    return jnp.where(r < live, fma(alpha, t2, y), 0)


def _sdot(x, y, live):
    import jax.numpy as jnp
    from jax import lax
    r = lax.iota(jnp.int32, x.shape[0])
    p = jnp.where(r < live, x * y, 0).astype(jnp.float64)
    s = jnp.zeros((), jnp.float64)
    for k in range(x.shape[0]):
        s = s + p[k]
    return s.astype(jnp.float32)


def sytd2_lower(a):
    """(a with T and the reflectors in the lower triangle, d, e, tau, info) as ssytd2 'L'."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_qr import _larfg
    n = a.shape[0]
    if n <= 1:
        return a, jnp.real(jnp.diagonal(a)), jnp.zeros((0,), a.dtype), jnp.zeros((0,), a.dtype), jnp.int32(0)
    N = n - 1
    apad = jnp.pad(a, ((0, n), (0, n)))
    r = lax.iota(jnp.int32, N)

    def step(i, carry):
        apad, e, taus = carry
        live = N - i
        x = lax.dynamic_slice(apad, (i + 1, i), (N, 1))[:, 0]
        s = lax.dynamic_slice(apad, (i + 1, i + 1), (N, N))
        v, tau, beta = _larfg(x, live)
        v = jnp.where(r < live, v, 0)
        y = _symv_lower(s, v, tau, live)
        alpha = (jnp.float32(-0.5) * tau) * _sdot(y, v, live)
        y = jnp.where(r < live, fma(alpha, v, y), 0)
        lower = (r[:, None] >= r[None, :]) & (r[:, None] < live)
        upd = fma(-y[None, :], v[:, None], fma(-v[None, :], y[:, None], s))
        s = jnp.where(lower & (tau != 0), upd, s)
        col = jnp.where(r == 0, beta, jnp.where(r < live, v, x))
        apad = _put(apad, s, i + 1, i + 1)
        apad = _put(apad, col[:, None], i + 1, i)
        e = jnp.where(r == i, beta, e)
        taus = jnp.where(r == i, tau, taus)
        return apad, e, taus

    apad, e, taus = lax.fori_loop(jnp.int32(0), jnp.int32(N), step,
                                  (apad, jnp.zeros((N,), a.dtype), jnp.zeros((N,), a.dtype)))
    out = apad[:n, :n]
    d = jnp.diagonal(out)
    return out, d, e, taus, jnp.int32(0)


def _put(apad, blk, i, j):
    """apad with blk written at (i, j) by a slice and a select (see stablehlo_lapack_qr._put)."""
    import jax.numpy as jnp
    from jax import lax
    m, n = blk.shape
    big = jnp.pad(blk, ((apad.shape[0], apad.shape[0] - m), (apad.shape[1], apad.shape[1] - n)))
    placed = lax.dynamic_slice(big, (jnp.int32(apad.shape[0]) - i, jnp.int32(apad.shape[1]) - j), apad.shape)
    rr = lax.broadcasted_iota(jnp.int32, apad.shape, 0)
    cc = lax.broadcasted_iota(jnp.int32, apad.shape, 1)
    inside = (rr >= i) & (rr < i + m) & (cc >= j) & (cc < j + n)
    return jnp.where(inside, placed, apad)


def apply_q_lower(out, taus, c):
    """Q c for ssytd2 'L''s reflectors (reflector i: 1 at row i + 1, out[i+2:, i] below), as
    ?ormtr -> ?orm2r applies them: the last first, each by ?larf on rows i + 1 .. of c."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_qr import _larf_left
    n = out.shape[0]
    N = n - 1
    if N < 1:
        return c
    cpad = jnp.pad(c, ((0, n), (0, 0)))
    opad = jnp.pad(out, ((0, n), (0, 0)))
    r = lax.iota(jnp.int32, N)

    def step(t, cpad):
        i = N - 1 - t
        col = lax.dynamic_slice(opad, (i + 1, i), (N, 1))[:, 0]
        live = N - i
        v = jnp.where(r == 0, jnp.ones_like(col), jnp.where(r < live, col, 0))
        blk = lax.dynamic_slice(cpad, (i + 1, jnp.int32(0)), (N, n))
        tau = lax.dynamic_index_in_dim(taus, i, 0, keepdims=False)
        blk = _larf_left(blk, v, tau, live, n, None)
        return _put(cpad, blk, i + 1, jnp.int32(0))

    return lax.fori_loop(jnp.int32(0), jnp.int32(N), step, cpad)[:n]


def _symv_upper(s, x, alpha, live):
    """alpha S x for the live L x L block of s (upper triangle), as OpenBLAS's ssymv_U: below 16
    columns one by one (the rows above fused in order, tmp2 a fused chain, then y_c +=
    fma(t1, s_cc, alpha tmp2)); from 16 on, blocks of 4 columns (then the last L mod 4 one by one):
    the rows above the last multiple of 8 by the kernel (y: 4 fused terms per row; tmp2: 8 lanes,
    row mod 8, added as lo + hi, (h0 + h1) + (h2 + h3)), the rows up to the block by the C 1x4
    kernel (y + fma(t3, a3, fma(t2, a2, fma(t0, a0, t1 a1))), tmp2 fused from 0, added), then the
    block's own triangle column by column. Measured as the lower one (scratch cs5/t_symvu3.py:
    every result equal, n = 1-33)."""
    import jax.numpy as jnp
    from jax import lax
    f32 = jnp.float32
    N = s.shape[0]
    r = lax.iota(jnp.int32, N)
    x = jnp.where(r < live, x, 0)
    t1 = alpha * x
    diag = jnp.diagonal(s)
    m2 = live - live % 4
    c = r
    j = c - c % 4
    j1 = (j // 8) * 8
    block = (live >= 16) & (c < m2)               # else: one by one
    # tmp2 of every column
    acc = jnp.zeros((8, N), f32)
    for g in range(N // 8):
        rows = slice(8 * g, 8 * g + 8)
        take = block & (8 * g + 8 <= j1)
        acc = jnp.where(take[None, :], fma(s[rows, :], x[rows, None], acc), acc)
    h = acc[0:4] + acc[4:8]
    t2 = jnp.where(block & (j1 > 0), (h[0] + h[1]) + (h[2] + h[3]) + f32(0), f32(0))
    loc = jnp.zeros((N,), f32)
    for o in range(4):                            # the 1x4 kernel's rows j1 .. j - 1 (0 or 4)
        row = jnp.minimum(j1 + o, N - 1)
        take = block & (j1 + o < j)
        loc = jnp.where(take, fma(s[row, c], x[row], loc), loc)
    t2 = jnp.where(block & (j1 < j), t2 + loc, t2)
    for o in range(3):                            # the block's own rows above the column
        row = jnp.minimum(j + o, N - 1)
        take = block & (j + o < c)
        t2 = jnp.where(take, fma(s[row, c], x[row], t2), t2)
    for row in range(N):                          # one by one: all the rows above, in order
        take = ~block & (row < c) & (c < live)
        t2 = jnp.where(take, fma(s[row, :], x[row], t2), t2)
    # y: each row's own diagonal term comes first (no column left of it reaches it)
    y = jnp.where(r < live, fma(t1, diag, alpha * t2) + f32(0), 0)
    for col in range(N):
        jb = col - col % 4
        jb1 = (jb // 8) * 8
        in_block = (live >= 16) & (col < m2)
        if col % 4 == 0 and jb > 0:               # the block's kernels on the rows above it
            a4 = s[:, jb:jb + 4]
            tb = t1[jb:jb + 4]
            seq = y
            for k in range(4):
                seq = fma(tb[k], a4[:, k], seq)
            one4 = y + fma(tb[3], a4[:, 3], fma(tb[2], a4[:, 2], fma(tb[0], a4[:, 0], tb[1] * a4[:, 1])))
            y = jnp.where(in_block & (r < jb1), seq, jnp.where(in_block & (r >= jb1) & (r < jb), one4, y))
        lo = jnp.where(in_block, jb, 0)
        take = (r >= lo) & (r < col) & (col < live)
        y = jnp.where(take, fma(t1[col], s[:, col], y), y)
    return y


def sytd2_upper(a):
    """(a with T and the reflectors in the upper triangle, d, e, tau, info) as ssytd2 'U'."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_qr import _larfg
    n = a.shape[0]
    if n <= 1:
        return a, jnp.real(jnp.diagonal(a)), jnp.zeros((0,), a.dtype), jnp.zeros((0,), a.dtype), jnp.int32(0)
    N = n - 1
    r = lax.iota(jnp.int32, N)
    rr = lax.broadcasted_iota(jnp.int32, (n, n), 0)
    cc = lax.broadcasted_iota(jnp.int32, (n, n), 1)

    def step(t, carry):
        a, e, taus = carry
        live = N - t                              # LAPACK's I: the block A(1:I, 1:I)
        col = lax.dynamic_slice(a, (jnp.int32(0), live), (N, 1))[:, 0]
        alpha = lax.dynamic_index_in_dim(col, live - 1, 0, keepdims=False)
        u = jnp.where(r == 0, alpha, jnp.roll(col, 1))          # [alpha, x...] for ?larfg
        vu, tau, beta = _larfg(u, live)
        v = jnp.where(r == live - 1, 1, jnp.where(r < live - 1, jnp.roll(vu, -1), 0)).astype(a.dtype)
        s = a[:N, :N]
        y = _symv_upper(s, v, tau, live)
        alph = (jnp.float32(-0.5) * tau) * _sdot(y, v, live)
        y = jnp.where(r < live, fma(alph, v, y), 0)
        upper = (r[:, None] <= r[None, :]) & (r[None, :] < live)
        upd = fma(-y[None, :], v[:, None], fma(-v[None, :], y[:, None], s))
        s = jnp.where(upper & (tau != 0), upd, s)
        newcol = jnp.where(r == live - 1, beta, jnp.where(r < live - 1, v, col))
        a = jnp.concatenate([jnp.concatenate([s, a[:N, N:]], axis=1), a[N:]], axis=0)
        newfull = jnp.concatenate([newcol, a[N:, 0]])
        a = jnp.where((cc == live) & (rr < N), newfull[:, None], a)
        e = jnp.where(r == live - 1, beta, e)
        taus = jnp.where(r == live - 1, tau, taus)
        return a, e, taus

    out, e, taus = lax.fori_loop(jnp.int32(0), jnp.int32(N), step,
                                 (a, jnp.zeros((N,), a.dtype), jnp.zeros((N,), a.dtype)))
    return out, jnp.diagonal(out), e, taus, jnp.int32(0)


def apply_q_upper(out, taus, c):
    """Q c for ssytd2 'U''s reflectors (reflector I - 1: out[:I-1, I] above a 1 at row I - 1), as
    ?ormtr -> ?orm2l applies them: the first first, each by ?larf on rows 0 .. I - 1 of c."""
    import jax.numpy as jnp
    from jax import lax
    from .stablehlo_lapack_qr import _larf_left
    n = out.shape[0]
    N = n - 1
    if N < 1:
        return c
    r = lax.iota(jnp.int32, N)

    def step(t, c):
        live = t + 1
        col = lax.dynamic_slice(out, (jnp.int32(0), live), (N, 1))[:, 0]
        v = jnp.where(r == live - 1, jnp.ones_like(col), jnp.where(r < live - 1, col, 0))
        tau = lax.dynamic_index_in_dim(taus, live - 1, 0, keepdims=False)
        blk = _larf_left(c[:N], v, tau, live, n, None)
        return jnp.concatenate([blk, c[N:]], axis=0)

    return lax.fori_loop(jnp.int32(0), jnp.int32(N), step, c)
