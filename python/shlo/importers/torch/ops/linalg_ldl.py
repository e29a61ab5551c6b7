"""LDL^T of symmetric matrices with Bunch-Kaufman pivoting: `linalg_ldl_factor_ex` (what
`linalg_ldl_factor` decomposes onto) and `linalg_ldl_solve`, as LAPACK's ?sytf2 / ?sytrs with
uplo = 'L' (what torch calls), so LD, pivots and info are LAPACK's up to rounding.

Factor: one shlo `while`; a step takes column k, picks a 1 x 1 pivot (k itself or row imax
swapped in) or a 2 x 2 pivot (rows k, k + 1 after swapping imax into k + 1) by the
Bunch-Kaufman test (alpha = (1 + sqrt 17) / 8), swaps rows and columns of the trailing matrix,
writes the L column(s) and D block into LD and updates the trailing matrix. The working matrix
is kept symmetric (its lower triangle mirrored after each update, so both halves round alike).
The interchanges touch the trailing matrix only, as in LAPACK: pivots are LAPACK's 1-based ones,
negative for both rows of a 2 x 2 block. A zero column (or NaN pivot) is skipped and info is its
1-based index. Solve: sytrs's forward pass (interchange, eliminate, divide by D) and backward
pass (eliminate, interchange), one while each.

Batches are flattened into one leading dimension and each batch element carries its own k
(steps of 1 or 2 differ between elements); every step is masks and whole-vector ops, and the
loop runs until every element is done. Real f32 / f64, static sizes.
"""
from __future__ import annotations

import math

from ....types import tensor_type
from ..registry import converts
from .reductions import reduce1

ALPHA = (1.0 + math.sqrt(17.0)) / 8.0


class _Batch:
    """Masked one-hot access to [B, n, ...] tensors at per-element indices k [B] (i64)."""

    def __init__(self, cx, b: int, n: int, el: str):
        self.cx, self.b, self.n, self.el = cx, b, n, el

    def vec(self, k, sizes):
        """k [B] broadcast over `sizes` (dim 0 is the batch)."""
        return self.cx.broadcast(k, sizes, dims=[0])

    def iota(self, sizes=None, dim=1):
        sizes = sizes or [self.b, self.n]
        return self.cx.op("iota", iota_dimension=dim, result_types=[tensor_type(sizes, "i64")])

    def cmp(self, a, b, direction):
        return self.cx.op("compare", a, b, comparison_direction=direction)

    def hot(self, k, sizes=None, dim=1):
        """i1 mask over `sizes` (default [B, n]) true where index `dim` equals k."""
        sizes = sizes or [self.b, self.n]
        return self.cmp(self.iota(sizes, dim), self.vec(k, sizes), "EQ")

    def zeros(self, sizes, el=None):
        return self.cx.const(0, el or self.el, sizes)

    def sum(self, x, dim):
        return reduce1(self.cx, x, [dim], "add", 0)

    def pick(self, v, k):
        """v[b, k[b]] of v [B, n] (select, not multiply: an inf elsewhere stays out)."""
        return self.sum(self.cx.op("select", self.hot(k), v, self.zeros([self.b, self.n], self.cx.element(v))), 1)

    def row(self, x, k):
        """x[b, k[b], :] of x [B, n, r]."""
        sizes = self.cx.sizes_of(x)
        return self.sum(self.cx.op("select", self.hot(k, sizes, 1), x, self.zeros(sizes, self.cx.element(x))), 1)

    def swap_rows(self, x, a, c):
        """x [B, n, r] with rows a[b] and c[b] exchanged."""
        cx = self.cx
        sizes = cx.sizes_of(x)
        ra, rc = (cx.broadcast(self.row(x, i), sizes, dims=[0, 2]) for i in (a, c))
        return cx.op("select", self.hot(a, sizes, 1), rc, cx.op("select", self.hot(c, sizes, 1), ra, x))

    def put_column(self, m, k, v):
        """m [B, n, n] with column k[b] replaced by v [B, n]."""
        sizes = [self.b, self.n, self.n]
        return self.cx.op("select", self.hot(k, sizes, 2), self.cx.broadcast(v, sizes, dims=[0, 1]), m)

    def outer(self, x, y):
        sizes = [self.b, self.n, self.n]
        return self.cx.op("multiply", self.cx.broadcast(x, sizes, dims=[0, 1]), self.cx.broadcast(y, sizes, dims=[0, 2]))

    def scalar(self, s, sizes=None):
        return self.cx.const(s, self.el, sizes or [self.b])


def _transpose(cx, x):
    return cx.op("transpose", x, permutation=[0, 2, 1])


def _mirror_lower(bt, w):
    """w with its strict upper triangle replaced by the mirror of the lower one."""
    sizes = [bt.b, bt.n, bt.n]
    lower = bt.cmp(bt.iota(sizes, 1), bt.iota(sizes, 2), "GE")
    return bt.cx.op("select", lower, w, _transpose(bt.cx, w))


def _max_where(bt, mask, v):
    """max over dim 1 of v [B, n] (>= 0) where mask, 0 where none."""
    return reduce1(bt.cx, bt.cx.op("select", mask, v, bt.zeros([bt.b, bt.n])), [1], "maximum", 0)


def _factor_step(bt, w, ld, piv, k, info):
    cx, b, n, el = bt.cx, bt.b, bt.n, bt.el
    bn = [b, n]
    idx = bt.iota()
    kv = bt.vec(k, bn)
    c = bt.row(w, k)                                   # column k (w is symmetric)
    absakk = cx.op("abs", bt.pick(c, k))
    below = bt.cmp(idx, kv, "GT")
    absc = cx.op("abs", c)
    colmax = _max_where(bt, below, absc)
    at_max = cx.op("and", below, bt.cmp(absc, bt.vec(colmax, bn), "EQ"))
    imax = reduce1(cx, cx.op("select", at_max, idx, cx.const(n, "i64", bn)), [1], "minimum", n)
    imax = cx.op("minimum", imax, cx.const(n - 1, "i64", [b]))
    zero = cx.op("or", bt.cmp(cx.op("maximum", absakk, colmax), bt.scalar(0), "EQ"),
                 bt.cmp(absakk, absakk, "NE"))
    ri = cx.op("abs", bt.row(w, imax))
    rowmask = cx.op("and", bt.cmp(idx, kv, "GE"), bt.cmp(idx, bt.vec(imax, bn), "NE"))
    rowmax = _max_where(bt, rowmask, ri)
    aii = bt.pick(ri, imax)
    acol = cx.op("multiply", bt.scalar(ALPHA), colmax)
    safe_rowmax = cx.op("select", bt.cmp(rowmax, bt.scalar(0), "GT"), rowmax, bt.scalar(1))
    keep_k = cx.op("or", cx.op("or", zero, bt.cmp(absakk, acol, "GE")),
                   bt.cmp(absakk, cx.op("multiply", acol, cx.op("divide", colmax, safe_rowmax)), "GE"))
    one_by_one = cx.op("or", keep_k, bt.cmp(aii, cx.op("multiply", bt.scalar(ALPHA), rowmax), "GE"))
    two = cx.op("not", one_by_one)
    kp = cx.op("select", keep_k, k, imax)
    kk = cx.op("add", k, cx.convert(two, "i64"))
    w = _transpose(cx, bt.swap_rows(_transpose(cx, bt.swap_rows(w, kk, kp)), kk, kp))

    # 1 x 1 pivot: l = x / d, trailing -= x (x / d)^T (LAPACK's d11 = 1 / d, dsyr)
    ck = bt.row(w, k)
    d = bt.pick(ck, k)
    x = cx.op("select", below, ck, bt.zeros(bn))
    d11 = cx.op("divide", bt.scalar(1), d)
    l1 = cx.op("multiply", x, bt.vec(d11, bn))
    w1 = _mirror_lower(bt, cx.op("add", w, bt.outer(x, cx.op("negate", l1))))
    col1 = cx.op("select", bt.cmp(idx, kv, "EQ"), bt.vec(d, bn), l1)

    # 2 x 2 pivot on rows k, k + 1 (LAPACK's dsytf2 formulas)
    k1 = cx.op("add", k, cx.const(1, "i64", [b]))
    ck1 = bt.row(w, k1)
    below2 = bt.cmp(idx, bt.vec(k1, bn), "GT")
    a21 = bt.pick(ck, k1)
    safe21 = cx.op("select", two, a21, bt.scalar(1))
    e11 = cx.op("divide", bt.pick(ck1, k1), safe21)
    e22 = cx.op("divide", d, safe21)
    t = cx.op("divide", bt.scalar(1), cx.op("subtract", cx.op("multiply", e11, e22), bt.scalar(1)))
    f21 = cx.op("divide", t, safe21)
    xk = cx.op("select", below2, ck, bt.zeros(bn))
    xk1 = cx.op("select", below2, ck1, bt.zeros(bn))
    wk = cx.op("multiply", bt.vec(f21, bn), cx.op("subtract", cx.op("multiply", bt.vec(e11, bn), xk), xk1))
    wk1 = cx.op("multiply", bt.vec(f21, bn), cx.op("subtract", cx.op("multiply", bt.vec(e22, bn), xk1), xk))
    w2 = _mirror_lower(bt, cx.op("subtract", cx.op("subtract", w, bt.outer(xk, wk)), bt.outer(xk1, wk1)))
    at_k, at_k1 = bt.cmp(idx, kv, "EQ"), bt.cmp(idx, bt.vec(k1, bn), "EQ")
    col2a = cx.op("select", at_k, bt.vec(d, bn), cx.op("select", at_k1, bt.vec(a21, bn), wk))
    col2b = cx.op("select", at_k1, bt.vec(bt.pick(ck1, k1), bn), wk1)

    # a zero column: nothing to eliminate; LD keeps the column as it is
    col0 = cx.op("select", bt.cmp(idx, kv, "GE"), ck, bt.zeros(bn))
    bnn = [b, n, n]
    two3, zero3 = (cx.broadcast(m, bnn, dims=[0]) for m in (two, zero))
    w_new = cx.op("select", two3, w2, cx.op("select", zero3, w, w1))
    colk = cx.op("select", cx.broadcast(two, bn, dims=[0]), col2a,
                 cx.op("select", cx.broadcast(zero, bn, dims=[0]), col0, col1))
    ld_new = bt.put_column(ld, k, colk)
    ld_new = cx.op("select", two3, bt.put_column(ld_new, k1, col2b), ld_new)

    p1 = cx.convert(cx.op("add", kp, cx.const(1, "i64", [b])), "i32")
    pk = cx.op("select", two, cx.op("negate", p1), p1)
    piv_new = cx.op("select", bt.hot(k), bt.vec(pk, bn), piv)
    piv_new = cx.op("select", cx.op("and", bt.hot(k1), cx.broadcast(two, bn, dims=[0])), bt.vec(pk, bn), piv_new)
    first = cx.op("and", zero, bt.cmp(info, cx.const(0, "i32", [b]), "EQ"))
    info_new = cx.op("select", first, cx.convert(k1, "i32"), info)
    k_new = cx.op("add", kk, cx.const(1, "i64", [b]))

    active = bt.cmp(k, cx.const(n, "i64", [b]), "LT")
    act3, act2 = cx.broadcast(active, bnn, dims=[0]), cx.broadcast(active, bn, dims=[0])
    return (cx.op("select", act3, w_new, w), cx.op("select", act3, ld_new, ld), cx.op("select", act2, piv_new, piv),
            cx.op("select", active, k_new, k), cx.op("select", active, info_new, info))


def _check_real(cx, a, what):
    el = cx.element(a)
    if el not in ("f32", "f64"):
        raise cx.error(f"{what} of {el} is not supported (real f32 / f64)")
    sizes = cx.sizes_of(a)
    if any(not isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} needs static sizes")
    return el, sizes


@converts("linalg_ldl_factor_ex")
def linalg_ldl_factor_ex(cx, a, hermitian=False, check_errors=False):
    el, sizes = _check_real(cx, a, "linalg_ldl_factor_ex")
    *batch, n, m = sizes
    if n != m:
        raise cx.error(f"linalg_ldl_factor_ex needs square matrices, got {n}x{m}")
    if 0 in sizes:
        return cx.const(0, el, sizes), cx.const(0, "i32", batch + [n]), cx.const(0, "i32", batch)
    b = math.prod(batch)
    bt = _Batch(cx, b, n, el)
    w = _mirror_lower(bt, cx.reshape(a, [b, n, n]))          # only the lower triangle is read
    state = [w, bt.zeros([b, n, n]), cx.const(0, "i32", [b, n]), cx.const(0, "i64", [b]), cx.const(0, "i32", [b])]

    def more(w, ld, piv, k, info):
        return reduce1(cx, bt.cmp(k, cx.const(n, "i64", [b]), "LT"), [0], "or", False)

    _, ld, piv, _, info = cx.while_loop(state, more, lambda *s: _factor_step(bt, *s))
    return cx.reshape(ld, sizes), cx.reshape(piv, batch + [n]), cx.reshape(info, batch)


def _solve_forward(bt, ld, piv, x, k):
    """One step of L D y = P b (sytrs, lower, first loop) at k."""
    cx, b, n = bt.cx, bt.b, bt.n
    r = cx.sizes_of(x)[2]
    bn, bnr = [b, n], [b, n, r]
    p = cx.convert(bt.pick(piv, k), "i64")
    two = bt.cmp(p, cx.const(0, "i64", [b]), "LT")
    kp = cx.op("subtract", cx.op("select", two, cx.op("negate", p), p), cx.const(1, "i64", [b]))
    k1 = cx.op("add", k, cx.const(1, "i64", [b]))
    x = bt.swap_rows(x, cx.op("select", two, k1, k), kp)
    ck, ck1 = (bt.row(_transpose(cx, ld), i) for i in (k, k1))      # columns k, k + 1 of LD
    idx = bt.iota()
    xk, xk1 = bt.row(x, k), bt.row(x, k1)

    def elim(x, col, after, xr):
        m = cx.op("select", bt.cmp(idx, bt.vec(after, bn), "GT"), col, bt.zeros(bn))
        return cx.op("subtract", x, cx.op("multiply", cx.broadcast(m, bnr, dims=[0, 1]),
                                          cx.broadcast(xr, bnr, dims=[0, 2])))

    # 1 x 1: eliminate below k, divide row k by d
    x1 = elim(x, ck, k, xk)
    d = bt.pick(ck, k)
    x1 = cx.op("select", bt.hot(k, bnr, 1),
               cx.op("divide", x1, cx.broadcast(d, bnr, dims=[0])), x1)
    # 2 x 2: eliminate below k + 1 with both columns, then the 2 x 2 block solve
    x2 = elim(elim(x, ck, k1, xk), ck1, k1, xk1)
    a21 = cx.op("select", two, bt.pick(ck, k1), bt.scalar(1))
    am1 = cx.op("divide", d, a21)
    ak = cx.op("divide", bt.pick(ck1, k1), a21)
    denom = cx.op("subtract", cx.op("multiply", am1, ak), bt.scalar(1))
    br = [b, r]
    bm1 = cx.op("divide", xk, cx.broadcast(a21, br, dims=[0]))
    bk = cx.op("divide", xk1, cx.broadcast(a21, br, dims=[0]))
    am1r, akr, den = (cx.broadcast(v, br, dims=[0]) for v in (am1, ak, denom))
    yk = cx.op("divide", cx.op("subtract", cx.op("multiply", akr, bm1), bk), den)
    yk1 = cx.op("divide", cx.op("subtract", cx.op("multiply", am1r, bk), bm1), den)
    x2 = cx.op("select", bt.hot(k, bnr, 1), cx.broadcast(yk, bnr, dims=[0, 2]),
               cx.op("select", bt.hot(k1, bnr, 1), cx.broadcast(yk1, bnr, dims=[0, 2]), x2))
    x_new = cx.op("select", cx.broadcast(two, bnr, dims=[0]), x2, x1)
    return x_new, cx.op("add", k1, cx.convert(two, "i64"))


def _solve_backward(bt, ld, piv, x, k):
    """One step of L^T P^T x = y (sytrs, lower, second loop) at k, going down."""
    cx, b, n = bt.cx, bt.b, bt.n
    r = cx.sizes_of(x)[2]
    bn, bnr = [b, n], [b, n, r]
    p = cx.convert(bt.pick(piv, k), "i64")
    two = bt.cmp(p, cx.const(0, "i64", [b]), "LT")
    kp = cx.op("subtract", cx.op("select", two, cx.op("negate", p), p), cx.const(1, "i64", [b]))
    km1 = cx.op("maximum", cx.op("subtract", k, cx.const(1, "i64", [b])), cx.const(0, "i64", [b]))
    ldt = _transpose(cx, ld)
    idx = bt.iota()

    def dot_below(col):
        m = cx.op("select", bt.cmp(idx, bt.vec(k, bn), "GT"), col, bt.zeros(bn))
        return bt.sum(cx.op("multiply", cx.broadcast(m, bnr, dims=[0, 1]), x), 1)      # [B, r]

    xk = cx.op("subtract", bt.row(x, k), dot_below(bt.row(ldt, k)))
    xm1 = cx.op("subtract", bt.row(x, km1), dot_below(bt.row(ldt, km1)))
    x_new = cx.op("select", bt.hot(k, bnr, 1), cx.broadcast(xk, bnr, dims=[0, 2]), x)
    two3 = cx.broadcast(two, bnr, dims=[0])
    x_new = cx.op("select", cx.op("and", two3, bt.hot(km1, bnr, 1)), cx.broadcast(xm1, bnr, dims=[0, 2]), x_new)
    x_new = bt.swap_rows(x_new, k, kp)
    return x_new, cx.op("subtract", k, cx.op("add", cx.const(1, "i64", [b]), cx.convert(two, "i64")))


@converts("linalg_ldl_solve")
def linalg_ldl_solve(cx, ld, pivots, b, hermitian=False):
    el, sizes = _check_real(cx, ld, "linalg_ldl_solve")
    n = sizes[-1]
    bsizes = cx.sizes_of(b)
    r = bsizes[-1]
    batch = cx.broadcast_sizes(cx.const(0, "i1", sizes[:-2]), cx.const(0, "i1", bsizes[:-2]))
    out = batch + [n, r]
    if 0 in out:
        return cx.const(0, el, out)
    nb = math.prod(batch)
    bt = _Batch(cx, nb, n, el)
    ld = cx.reshape(cx.broadcast(ld, batch + [n, n]), [nb, n, n])
    piv = cx.reshape(cx.broadcast(pivots, batch + [n]), [nb, n])
    x = cx.reshape(cx.broadcast(b, out), [nb, n, r])
    kn = cx.const(n, "i64", [nb])
    zero = cx.const(0, "i64", [nb])

    def forward(x, k):
        return _solve_forward(bt, ld, piv, x, k)

    x, _ = cx.while_loop([x, zero], lambda x, k: reduce1(cx, bt.cmp(k, kn, "LT"), [0], "or", False),
                 lambda x, k: _masked(bt, forward, x, k, bt.cmp(k, kn, "LT")))

    def backward(x, k):
        return _solve_backward(bt, ld, piv, x, k)

    start = cx.const(n - 1, "i64", [nb])
    x, _ = cx.while_loop([x, start], lambda x, k: reduce1(cx, bt.cmp(k, zero, "GE"), [0], "or", False),
                 lambda x, k: _masked(bt, backward, x, k, bt.cmp(k, zero, "GE")))
    return cx.reshape(x, out)


def _masked(bt, step, x, k, active):
    """step(x, k) for the batch elements still `active`, the rest unchanged."""
    cx = bt.cx
    safe = cx.op("select", active, k, cx.const(0, "i64", [bt.b]))
    x_new, k_new = step(x, safe)
    return (cx.op("select", cx.broadcast(active, cx.sizes_of(x), dims=[0]), x_new, x),
            cx.op("select", active, k_new, k))
