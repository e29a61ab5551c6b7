"""Orthogonal decompositions: Householder QR, symmetric eigendecomposition (eigh) and SVD, and
what PyTorch builds on them that survives core decomposition (pinv, ormqr).

Real f32 / f64 inputs with static sizes; leading dimensions are batch dimensions, and every
step works on the whole batched tensor at once (masks and batched dot_generals, no per-batch
loops).

* `geqrf` / `linalg_qr` / `linalg_householder_product` / `ormqr`: Householder QR as one shlo
  `while` over the min(m, n) columns with LAPACK's reflector (dlarfg: beta = -sign(alpha) *
  norm, tau = (beta - alpha) / beta, tau = 0 when the column below the diagonal is zero), so
  Q and R are LAPACK's (torch's) up to rounding. Q is H_1 ... H_k applied to the identity
  (orgqr, a second `while`); ormqr multiplies by that explicit Q.
* `_linalg_eigh`: cyclic Jacobi with the parallel round-robin ordering: each step rotates
  n / 2 disjoint index pairs at once (one rotation matrix, H = G^T H G, V = V G), a sweep is
  n - 1 (or n) steps. Sweeps repeat while the off-diagonal Frobenius norm of any batch element
  is above eps * ||A||_F, at most 30 sweeps. Eigenvalues ascending (stable sort), the vectors'
  columns in the same order; their signs are not LAPACK's.
* `_linalg_svd`: one-sided (Hestenes) Jacobi on A (A^T when wide) with the same parallel
  ordering, until every column pair has |x_p . x_q| <= m * eps * ||x_p|| ||x_q|| (at most 30
  sweeps). Singular values descending; U is completed to an orthonormal basis (zero singular
  values, full_matrices) by a Householder QR of the normalized columns. Signs are not LAPACK's.
* `linalg_pinv` (all overloads): torch's formula over the SVD (or eigh for hermitian=True),
  singular values <= max(atol, rtol * largest) dropped; rtol defaults to eps * max(m, n).

Not converted: `linalg_lstsq` (torch.export refuses it: its outputs' sizes depend on the
driver); complex inputs (error). `linalg_eig` is in linalg_eig.py, LDL in linalg_ldl.py.
"""
from __future__ import annotations

import numpy as np
from mlir import ir

from ..registry import converts
from .linalg_decomp import _diagonal, _eye, _iota, _mask, _matmul, _perm_matrix, _real_float, _shape, _transpose, _where
from .reductions import add_reduce, reduce1
from .sorting import sort_with

MAX_SWEEPS = 30


# ----------------------------------------------------------------------------- helpers

def _lt(cx, a, b):
    return cx.op("compare", a, b, comparison_direction="LT")


def _next(cx, j):
    return cx.op("add", j, cx.const(1, "i64"))


def _eps(element):
    return float(np.finfo(np.float32 if element == "f32" else np.float64).eps)


def _zeros(cx, sizes, element):
    return cx.const(0, element, sizes)


def _column(cx, a, j):
    """a[..., :, j] for a rank-0 i64 j: [..., m]."""
    shape = _shape(cx, a)
    zero = cx.const(0, "i64")
    col = cx.op("dynamic_slice", a, [zero] * (len(shape) - 1) + [j], slice_sizes=shape[:-1] + [1])
    return cx.reshape(col, shape[:-1])


def _entry(cx, v, j):
    """v[..., j] for a rank-0 i64 j: [...]."""
    shape = _shape(cx, v)
    zero = cx.const(0, "i64")
    e = cx.op("dynamic_slice", v, [zero] * (len(shape) - 1) + [j], slice_sizes=shape[:-1] + [1])
    return cx.reshape(e, shape[:-1])


def _last(cx, v, sizes):
    """v [...] broadcast over a new last dimension to `sizes`."""
    return cx.broadcast(v, sizes, dims=list(range(len(sizes) - 1)))


def _rows(cx, v, sizes):
    """v [..., n] broadcast to [..., m, n] (the same row for every row)."""
    r = len(sizes)
    return cx.broadcast(v, sizes, dims=list(range(r - 2)) + [r - 1])


def _cols(cx, v, sizes):
    """v [..., m] broadcast to [..., m, n] (the same column for every column)."""
    return cx.broadcast(v, sizes, dims=list(range(len(sizes) - 1)))


def _vec_mat(cx, v, a):
    """v^T a: [..., m] x [..., m, n] -> [..., n]."""
    r = cx.rank(a)
    batch = list(range(r - 2))
    return cx.op("dot_general", v, a, dot_dimension_numbers={
        "lhs_batching_dimensions": batch, "rhs_batching_dimensions": batch,
        "lhs_contracting_dimensions": [r - 2], "rhs_contracting_dimensions": [r - 2]},
        precision_config=["HIGHEST", "HIGHEST"])


def _sum_last(cx, x):
    return add_reduce(cx, x, [cx.rank(x) - 1])


def _triu(cx, x, rows):
    """The upper triangle of x's first `rows` rows."""
    shape = _shape(cx, x)
    top = cx.op("slice", x, start_indices=[0] * len(shape), limit_indices=shape[:-2] + [rows, shape[-1]],
                strides=[1] * len(shape))
    return _where(cx, _mask(cx, shape[:-2] + [rows, shape[-1]], "LE"), top, 0)


def _batch_eye(cx, sizes, element):
    return _eye(cx, list(sizes), element)


def _check(cx, a):
    _real_float(cx, a)
    shape = _shape(cx, a)
    if len(shape) < 2:
        raise cx.error(f"expected a matrix (rank >= 2), got rank {len(shape)}")
    return shape


# ----------------------------------------------------------------------------- Householder QR

def _geqrf(cx, a):
    """(packed, tau): R on and above the diagonal, the reflectors' vectors (unit head implied)
    below it, as LAPACK's geqrf."""
    shape = _shape(cx, a)
    *batch, m, n = shape
    k = min(m, n)
    el = cx.element(a)
    if k == 0:
        return a, _zeros(cx, batch + [0], el)
    vsizes = batch + [m]

    def step(j, a, taus):
        rows = _iota(cx, vsizes, -1)
        jm = cx.broadcast(j, vsizes)
        below = cx.op("compare", rows, jm, comparison_direction="GT")
        at = cx.op("compare", rows, jm, comparison_direction="EQ")
        col = _column(cx, a, j)
        alpha = _sum_last(cx, _where(cx, at, col, 0))
        x = _where(cx, below, col, 0)
        # the column's norm scaled by its largest entry, so that squares neither overflow nor underflow
        xmax = reduce1(cx, cx.op("abs", x), [len(batch)], "maximum", 0)
        trivial = cx.op("compare", xmax, _zeros(cx, batch, el), comparison_direction="EQ")
        big = cx.op("maximum", cx.op("abs", alpha), xmax)
        unit = cx.op("select", cx.op("compare", big, _zeros(cx, batch, el), comparison_direction="EQ"),
                     cx.const(1, el, batch), big)
        xs = cx.op("divide", x, _last(cx, unit, vsizes))
        al = cx.op("divide", alpha, unit)
        norm = cx.op("multiply", unit, cx.op("sqrt", cx.op("add", cx.op("multiply", al, al),
                                                            _sum_last(cx, cx.op("multiply", xs, xs)))))
        nonneg = cx.op("compare", alpha, _zeros(cx, batch, el), comparison_direction="GE")
        beta = cx.op("select", nonneg, cx.op("negate", norm), norm)
        beta = cx.op("select", trivial, alpha, beta)
        safe_beta = cx.op("select", trivial, cx.const(1, el, batch), beta)
        tau = _where(cx, cx.op("not", trivial), cx.op("divide", cx.op("subtract", beta, alpha), safe_beta), 0)
        denom = cx.op("select", trivial, cx.const(1, el, batch), cx.op("subtract", alpha, beta))
        v = cx.op("select", below, cx.op("divide", col, _last(cx, denom, vsizes)),
                  cx.convert(at, el))
        w = _vec_mat(cx, v, a)                                              # [..., n]
        cols = _iota(cx, batch + [n], -1)
        w = _where(cx, cx.op("compare", cols, cx.broadcast(j, batch + [n]), comparison_direction="GT"), w, 0)
        tw = cx.op("multiply", w, _last(cx, tau, batch + [n]))
        a = cx.op("subtract", a, cx.op("multiply", _cols(cx, v, shape), _rows(cx, tw, shape)))
        new = cx.op("select", below, v, cx.op("select", at, _last(cx, beta, vsizes), col))
        zero = cx.const(0, "i64")
        a = cx.op("dynamic_update_slice", a, cx.reshape(new, vsizes + [1]), [zero] * (len(shape) - 1) + [j])
        kk = _iota(cx, batch + [k], -1)
        taus = cx.op("select", cx.op("compare", kk, cx.broadcast(j, batch + [k]), comparison_direction="EQ"),
                     _last(cx, tau, batch + [k]), taus)
        return _next(cx, j), a, taus

    _, packed, taus = cx.while_loop([cx.const(0, "i64"), a, _zeros(cx, batch + [k], el)],
                            lambda j, *_: _lt(cx, j, cx.const(k, "i64")), step)
    return packed, taus


def _orgqr(cx, packed, tau, ncols):
    """The first `ncols` columns of H_1 ... H_k (H_i = I - tau_i v_i v_i^T, v_i from column i of
    `packed`), k = tau's last size."""
    *batch, m, _ = _shape(cx, packed)
    k = _shape(cx, tau)[-1]
    el = cx.element(packed)
    qsizes = batch + [m, ncols]
    q = _batch_eye(cx, qsizes, el)
    if k == 0 or m == 0 or ncols == 0:
        return q
    vsizes = batch + [m]

    def step(t, q):
        i = cx.op("subtract", cx.const(k - 1, "i64"), t)
        rows = _iota(cx, vsizes, -1)
        im = cx.broadcast(i, vsizes)
        col = _column(cx, packed, i)
        v = cx.op("select", cx.op("compare", rows, im, comparison_direction="GT"), col,
                  cx.convert(cx.op("compare", rows, im, comparison_direction="EQ"), el))
        w = cx.op("multiply", _vec_mat(cx, v, q), _last(cx, _entry(cx, tau, i), batch + [ncols]))
        q = cx.op("subtract", q, cx.op("multiply", _cols(cx, v, qsizes), _rows(cx, w, qsizes)))
        return _next(cx, t), q

    return cx.while_loop([cx.const(0, "i64"), q], lambda t, _: _lt(cx, t, cx.const(k, "i64")), step)[1]


@converts("geqrf")
def geqrf(cx, a):
    _check(cx, a)
    return _geqrf(cx, a)


@converts("linalg_qr")
def linalg_qr(cx, a, mode="reduced"):
    *_, m, n = _check(cx, a)
    k = min(m, n)
    packed, tau = _geqrf(cx, a)
    el = cx.element(a)
    if mode == "complete":
        return _orgqr(cx, packed, tau, m), _triu(cx, packed, m)
    r = _triu(cx, packed, k)
    if mode == "r":
        return _zeros(cx, cx.out_sizes(0), el), r
    if mode != "reduced":
        raise cx.error(f"qr mode {mode!r} is not one of reduced, complete, r")
    return _orgqr(cx, packed, tau, k), r


@converts("linalg_householder_product")
def linalg_householder_product(cx, a, tau):
    *_, m, n = _check(cx, a)
    if not (m >= n >= _shape(cx, tau)[-1]):
        raise cx.error("householder_product needs m >= n >= k")
    return _orgqr(cx, a, cx.convert(tau, cx.element(a)), n)


@converts("ormqr")
def ormqr(cx, a, tau, c, left=True, transpose=False):
    _check(cx, a)
    el = cx.element(a)
    c = cx.convert(c, el)
    m = _shape(cx, c)[-2 if left else -1]
    q = _orgqr(cx, a, cx.convert(tau, el), m)
    if transpose:
        q = _transpose(cx, q)
    return _matmul(cx, q, c) if left else _matmul(cx, c, q)


# ----------------------------------------------------------------------------- Jacobi rotations

def _round_robin(n):
    """partner[t, i]: whom index i meets at step t of a round-robin over n indices (itself when
    it sits out); n - 1 steps for even n, n for odd n."""
    players = n + (n % 2)
    order = list(range(players))
    table = []
    for _ in range(players - 1):
        partner = list(range(n))
        for s in range(players // 2):
            p, q = order[s], order[players - 1 - s]
            if p < n and q < n:
                partner[p], partner[q] = q, p
        table.append(partner)
        order = [order[0], order[-1]] + order[1:-1]        # the circle method: 0 stays
    return np.array(table, np.int64)


def _pairing(cx, table, t, sizes):
    """(one-hot partner matrix P[i, j] = (j == partner[i]) as i1, paired [..., n], lo [..., n]:
    i is the smaller of its pair) for step t, broadcast to `sizes` [..., n, n]."""
    steps, n = table.shape
    row = cx.reshape(cx.op("dynamic_slice", cx.const(table, "i64", table.shape), [t, cx.const(0, "i64")],
                           slice_sizes=[1, n]), [n])
    r = len(sizes)
    partner = cx.broadcast(row, sizes[:-1], dims=[r - 2])                  # [..., n]
    own = _iota(cx, sizes[:-1], -1)
    p = cx.op("compare", _iota(cx, sizes, -1), _cols(cx, partner, sizes), comparison_direction="EQ")
    paired = cx.op("compare", partner, own, comparison_direction="NE")
    lo = cx.op("compare", own, partner, comparison_direction="LT")
    return p, paired, lo


def _rotation_matrix(cx, app, aqq, apq, p, paired, lo, sizes):
    """G with G^T [[app, apq], [apq, aqq]] G diagonal for every pair (Golub & Van Loan's
    sym.schur2), per index i: G[i, i] = c, G[i, partner] = s (i the smaller) or -s."""
    el = cx.element(app)
    vs = sizes[:-1]
    zero, one = _zeros(cx, vs, el), cx.const(1, el, vs)
    skip = cx.op("or", cx.op("not", paired), cx.op("compare", apq, zero, comparison_direction="EQ"))
    safe = cx.op("select", skip, one, apq)
    theta = cx.op("divide", cx.op("subtract", aqq, app), cx.op("multiply", cx.const(2, el, vs), safe))
    sign = cx.op("select", cx.op("compare", theta, zero, comparison_direction="GE"), one, cx.op("negate", one))
    root = cx.op("sqrt", cx.op("add", one, cx.op("multiply", theta, theta)))
    t = cx.op("divide", sign, cx.op("add", cx.op("abs", theta), root))
    t = cx.op("select", cx.op("or", skip, cx.op("not", cx.op("is_finite", t))), zero, t)
    c = cx.op("rsqrt", cx.op("add", one, cx.op("multiply", t, t)))
    s = cx.op("multiply", t, c)
    s = cx.op("select", lo, s, cx.op("negate", s))
    eye = _mask(cx, sizes, "EQ")
    off = cx.op("and", p, cx.op("not", eye))
    return cx.op("select", eye, _cols(cx, c, sizes), _where(cx, off, _cols(cx, s, sizes), 0))


def _pick(cx, x, p):
    """x[..., i, partner[i]] from the one-hot partner matrix p: [..., n]."""
    return _sum_last(cx, _where(cx, p, x, 0))


def _sweeps(cx, state, table, converged, rotate):
    """Sweeps of `table`'s steps over `state` (a list, rotate(p, paired, lo, *state) gives the
    next) until converged(*state) (an i1 scalar) or MAX_SWEEPS."""
    steps = table.shape[0]

    def sweep(s, *state):
        def step(t, *st):
            return [_next(cx, t), *rotate(t, *st)]
        out = cx.while_loop([cx.const(0, "i64"), *state], lambda t, *_: _lt(cx, t, cx.const(steps, "i64")), step)
        return [_next(cx, s), *out[1:]]

    def more(s, *state):
        return cx.op("and", _lt(cx, s, cx.const(MAX_SWEEPS, "i64")), cx.op("not", converged(*state)))

    return cx.while_loop([cx.const(0, "i64"), *state], more, sweep)[1:]


def _none(cx, x):
    """Whether no element of the i1 tensor x is true (an i1 scalar)."""
    return cx.op("not", reduce1(cx, x, list(range(cx.rank(x))), "or", False)) if cx.rank(x) else cx.op("not", x)


def _scaled(cx, a):
    """(a / its largest |entry|, that largest entry (1 where a is 0)) per batch element: Jacobi
    works on squares of entries, which would overflow or underflow far from 1."""
    shape = _shape(cx, a)
    el = cx.element(a)
    batch = shape[:-2]
    big = reduce1(cx, cx.op("abs", a), [len(shape) - 2, len(shape) - 1], "maximum", 0)
    ok = cx.op("and", cx.op("is_finite", big), cx.op("compare", big, _zeros(cx, batch, el),
                                                          comparison_direction="GT"))
    big = cx.op("select", ok, big, cx.const(1, el, batch))
    return cx.op("divide", a, cx.broadcast(big, shape, dims=list(range(len(batch))))), big


# ----------------------------------------------------------------------------- eigh

def _symmetric(cx, a, lower):
    """The symmetric matrix whose `lower` (or upper) triangle is a's."""
    shape = _shape(cx, a)
    tri = _where(cx, _mask(cx, shape, "GT" if lower else "LT"), a, 0)
    diag = _where(cx, _mask(cx, shape, "EQ"), a, 0)
    return cx.op("add", cx.op("add", tri, _transpose(cx, tri)), diag)


def _jacobi_eigh(cx, h):
    """(eigenvalues [..., n] unsorted, eigenvectors as columns) of the symmetric h."""
    shape = _shape(cx, h)
    *batch, n, _ = shape
    el = cx.element(h)
    v = _batch_eye(cx, shape, el)
    if n <= 1:
        return cx.reshape(h, batch + [n]), v
    table = _round_robin(n)
    fro2 = add_reduce(cx, cx.op("multiply", h, h), [len(shape) - 2, len(shape) - 1])
    tol2 = cx.op("multiply", fro2, cx.const(_eps(el) ** 2, el, batch))

    def converged(h, v, tol2):
        eye = _mask(cx, shape, "EQ")
        off2 = add_reduce(cx, _where(cx, eye, cx.op("multiply", h, h), 0), [len(shape) - 2, len(shape) - 1])
        return _none(cx, cx.op("compare", off2, tol2, comparison_direction="GT"))

    def rotate(t, h, v, tol2):
        p, paired, lo = _pairing(cx, table, t, shape)
        eye = _mask(cx, shape, "EQ")
        d = _sum_last(cx, _where(cx, eye, h, 0))
        dp = _pick(cx, _rows(cx, d, shape), p)                                       # d[partner[i]]
        # h[p, q] of the pair (p < q) for both of its indices, so that both rows agree exactly
        hij = _pick(cx, h, p)
        hji = _pick(cx, _transpose(cx, h), p)
        apq = cx.op("select", lo, hij, hji)
        app = cx.op("select", lo, d, dp)
        aqq = cx.op("select", lo, dp, d)
        g = _rotation_matrix(cx, app, aqq, apq, p, paired, lo, shape)
        h = _matmul(cx, _matmul(cx, _transpose(cx, g), h), g)
        h = _where(cx, cx.op("not", cx.op("and", p, cx.op("not", eye))), h, 0)     # the rotated pairs: 0
        return h, _matmul(cx, v, g), tol2

    h, v, _ = _sweeps(cx, [h, v, tol2], table, converged, rotate)
    return _sum_last(cx, _where(cx, _mask(cx, shape, "EQ"), h, 0)), v


def _eigh(cx, a, lower=True):
    shape = _check(cx, a)
    *batch, n, n2 = shape
    if n != n2:
        raise cx.error(f"eigh needs square matrices, got {n}x{n2}")
    h, big = _scaled(cx, _symmetric(cx, a, lower))
    w, v = _jacobi_eigh(cx, h)
    w = cx.op("multiply", w, _last(cx, big, batch + [n]))
    if n <= 1:
        return w, v
    w, perm = sort_with(cx, [w, _iota(cx, batch + [n], -1)], len(shape) - 2)
    return w, _matmul(cx, v, _perm_matrix(cx, perm, cx.element(a)))


@converts("_linalg_eigh")
def linalg_eigh(cx, a, UPLO="L", compute_v=True):   # noqa: N803 - ATen's name
    w, v = _eigh(cx, a, UPLO == "L")
    if not compute_v:
        v = _zeros(cx, cx.out_sizes(1), cx.element(a))
    return w, v


# ----------------------------------------------------------------------------- SVD

def _jacobi_columns(cx, x):
    """One-sided Jacobi on x [..., m, n] (m >= n): (x V with orthogonal columns, V)."""
    shape = _shape(cx, x)
    *batch, m, n = shape
    el = cx.element(x)
    vshape = batch + [n, n]
    v = _batch_eye(cx, vshape, el)
    if n <= 1:
        return x, v
    table = _round_robin(n)
    tol2 = (m * _eps(el)) ** 2

    def converged(x, v):
        g = _matmul(cx, _transpose(cx, x), x)
        d = _sum_last(cx, _where(cx, _mask(cx, vshape, "EQ"), g, 0))
        scale = cx.op("multiply", _cols(cx, d, vshape), _rows(cx, d, vshape))
        big = cx.op("compare", cx.op("multiply", g, g), cx.op("multiply", scale, cx.const(tol2, el, vshape)),
                    comparison_direction="GT")
        return _none(cx, cx.op("and", big, cx.op("not", _mask(cx, vshape, "EQ"))))

    def rotate(t, x, v):
        p, paired, lo = _pairing(cx, table, t, vshape)
        xp = _matmul(cx, x, _transpose(cx, cx.convert(p, el)))             # column i: x[:, partner[i]]
        alpha = add_reduce(cx, cx.op("multiply", x, x), [len(shape) - 2])
        beta = add_reduce(cx, cx.op("multiply", xp, xp), [len(shape) - 2])
        gamma = add_reduce(cx, cx.op("multiply", x, xp), [len(shape) - 2])
        app = cx.op("select", lo, alpha, beta)
        aqq = cx.op("select", lo, beta, alpha)
        g = _rotation_matrix(cx, app, aqq, gamma, p, paired, lo, vshape)
        return _matmul(cx, x, g), _matmul(cx, v, g)

    return _sweeps(cx, [x, v], table, converged, rotate)


def _svd(cx, a, full_matrices, compute_uv):
    """(U, S, Vh) of a; U and Vh None when not compute_uv."""
    shape = _check(cx, a)
    *batch, m, n = shape
    el = cx.element(a)
    k = min(m, n)
    if k == 0:
        s = _zeros(cx, batch + [0], el)
        if not compute_uv:
            return None, s, None
        return (_batch_eye(cx, batch + [m, m if full_matrices else 0], el), s,
                _batch_eye(cx, batch + [n if full_matrices else 0, n], el))
    wide = m < n
    x = _transpose(cx, a) if wide else a
    mm, nn = (n, m) if wide else (m, n)
    x, big = _scaled(cx, x)
    x, v = _jacobi_columns(cx, x)
    sn = cx.op("sqrt", add_reduce(cx, cx.op("multiply", x, x), [len(shape) - 2]))    # of the scaled a
    sn, perm = sort_with(cx, [sn, _iota(cx, batch + [nn], -1)], len(shape) - 2, descending=True)
    s = cx.op("multiply", sn, _last(cx, big, batch + [nn]))
    if not compute_uv:
        return None, s, None
    order = _perm_matrix(cx, perm, el)
    x, v = _matmul(cx, x, order), _matmul(cx, v, order)
    xshape = batch + [mm, nn]
    zero = cx.op("compare", sn, _zeros(cx, batch + [nn], el), comparison_direction="EQ")
    safe = cx.op("select", zero, cx.const(1, el, batch + [nn]), sn)
    u = cx.op("divide", x, _rows(cx, safe, xshape))
    # an orthonormal basis whose leading columns are u's (up to sign) where s > 0: Householder
    # QR of u; R's diagonal is +-1 there, 0 for a zero column (sorted last)
    packed, tau = _geqrf(cx, u)
    ucols = mm if full_matrices else nn
    q = _orgqr(cx, packed, tau, ucols)
    d = _diagonal(cx, packed)
    sign = cx.op("select", cx.op("compare", d, _zeros(cx, batch + [nn], el), comparison_direction="LT"),
                 cx.const(-1, el, batch + [nn]), cx.const(1, el, batch + [nn]))
    if ucols > nn:
        sign = cx.op("concatenate", [sign, cx.const(1, el, batch + [ucols - nn])], dimension=len(batch))
    u = cx.op("multiply", q, _rows(cx, sign, batch + [mm, ucols]))
    if wide:                                  # a^T = u s v^T, so a = v s u^T
        return v, s, _transpose(cx, u)
    return u, s, _transpose(cx, v)


@converts("_linalg_svd")
def linalg_svd(cx, a, full_matrices=False, compute_uv=True, driver=None):
    u, s, vh = _svd(cx, a, full_matrices, compute_uv)
    el = cx.element(a)
    if u is None:
        u, vh = _zeros(cx, cx.out_sizes(0), el), _zeros(cx, cx.out_sizes(2), el)
    return u, s, vh


# ----------------------------------------------------------------------------- pinv

def _tolerance(cx, value, el, batch):
    """atol / rtol given as None, a number or a tensor: [...] values of el, or None."""
    if value is None:
        return None
    if isinstance(value, ir.Value):
        return cx.broadcast(cx.convert(value, el), batch)
    return cx.const(float(value), el, batch)


def _pinv(cx, a, atol=None, rtol=None, hermitian=False):
    shape = _check(cx, a)
    *batch, m, n = shape
    el = cx.element(a)
    if min(m, n) == 0:
        return _zeros(cx, batch + [n, m], el)
    atol_v, rtol_v = _tolerance(cx, atol, el, batch), _tolerance(cx, rtol, el, batch)
    if rtol_v is None:
        default = cx.const(_eps(el) * max(m, n), el, batch)
        if atol_v is None:
            rtol_v = default
        else:         # torch: no relative tolerance when a positive atol is given
            pos = cx.op("compare", atol_v, _zeros(cx, batch, el), comparison_direction="GT")
            rtol_v = cx.op("select", pos, _zeros(cx, batch, el), default)
    if atol_v is None:
        atol_v = _zeros(cx, batch, el)
    if hermitian:
        w, u = _eigh(cx, a, True)
        mag = cx.op("abs", w)
        largest = reduce1(cx, mag, [len(batch)], "maximum", -np.inf)
        left, right, vals = u, _transpose(cx, u), w
    else:
        u, s, vh = _svd(cx, a, False, True)
        mag = s
        largest = _entry(cx, s, cx.const(0, "i64"))
        left, right, vals = _transpose(cx, vh), _transpose(cx, u), s
    k = _shape(cx, vals)[-1]
    tol = cx.op("maximum", atol_v, cx.op("multiply", rtol_v, largest))
    keep = cx.op("compare", mag, _last(cx, tol, batch + [k]), comparison_direction="GT")
    safe = cx.op("select", keep, vals, cx.const(1, el, batch + [k]))
    inv = _where(cx, keep, cx.op("divide", cx.const(1, el, batch + [k]), safe), 0)
    lshape = _shape(cx, left)
    return _matmul(cx, cx.op("multiply", left, _rows(cx, inv, lshape)), right)


@converts("linalg_pinv.atol_rtol_tensor", "linalg_pinv.atol_rtol_float")
def linalg_pinv(cx, a, atol=None, rtol=None, hermitian=False):
    return _pinv(cx, a, atol, rtol, hermitian)


@converts("linalg_pinv.default", "linalg_pinv.rcond_tensor")
def linalg_pinv_rcond(cx, a, rcond=1e-15, hermitian=False):
    return _pinv(cx, a, 0.0, rcond, hermitian)

