"""Linear algebra that survives core ATen decomposition: Cholesky, triangular solves, and the
LU family (LU factorization, solve, inverse, determinant, log-determinant, LU solve / unpack).

* `linalg_cholesky_ex` (and the deprecated `cholesky`) is shlo `cholesky` with the other triangle zeroed; `info` is 0 when
  every diagonal entry of the factor is finite and positive, else the 1-based index of the
  first one that is not (the factor of a matrix that is not positive definite is
  implementation-defined in shlo: the reference interpreter gives NaNs, so `info` then names
  the first NaN column rather than LAPACK's first failing minor; zero / nonzero agree).
* `linalg_solve_triangular`, `triangular_solve`, `cholesky_solve`, `cholesky_inverse` are
  shlo `triangular_solve`s, batch dimensions broadcast first.
* LU with partial pivoting (LAPACK getrf's rule: the first row of largest |a| at or below the
  diagonal) is one shlo `while` over the min(m, n) columns, on the whole batched tensor at
  once: each step finds the pivot rows (per batch), swaps rows by masks (batch elements pivot
  on different rows, so no dynamic_slice can), and applies the rank-1 update. It carries the
  packed L\\U, LAPACK's 1-based pivots, the row permutation and `info` (the first zero pivot,
  1-based, or 0). Solve / inverse / det / slogdet build on it.
* `higher_order.with_effects` of `_linalg_check_errors` (what `torch.linalg.cholesky` / `inv` /
  `solve` add to raise on singular input) is dropped: a compiled program cannot raise, and
  the numbers it returns for such input are the factorization's (NaN / inf), not an error.

QR, eigh, SVD and what PyTorch builds on them (geqrf, householder_product, ormqr, pinv; svdvals,
matrix_rank, nuclear / spectral norms and cond decompose onto _linalg_svd / _linalg_eigh) are in
linalg_orthogonal.py. Not converted (error: no converter): eig / eigvals (complex results),
ldl_factor / ldl_solve (matrix_exp is in linalg_matrix_exp.py); lstsq never reaches the importer (torch.export refuses it).
Complex inputs of the LU family are not supported (error). Sizes must be static.
"""
from __future__ import annotations

import math

import numpy as np
from mlir import ir

from ....types import tensor_type
from .. import dtypes
from ..registry import converts
from .reductions import add_reduce, arg_extreme, reduce1


# ----------------------------------------------------------------------------- helpers

def _shape(cx, v):
    shape = list(cx.info(v).shape)
    if any(s is None for s in shape):
        raise cx.error("linear algebra with dynamic sizes is not supported")
    return shape


def _iota(cx, shape, dim, element="i64"):
    return cx.op("iota", iota_dimension=dim % len(shape), result_types=[tensor_type(shape, element)])


def _mask(cx, shape, direction, offset=0):
    """row - col  `direction`  offset over the last two dims of `shape` (EQ 0: the diagonal)."""
    i, j = _iota(cx, shape, -2), _iota(cx, shape, -1)
    d = cx.op("subtract", i, j)
    return cx.op("compare", d, cx.const(offset, "i64", shape), comparison_direction=direction)


def _where(cx, mask, a, b):
    """select with b a number or a value."""
    if not isinstance(b, ir.Value):
        b = cx.const(b, cx.element(a), _shape(cx, a))
    return cx.op("select", mask, a, b)


def _transpose(cx, x):
    r = cx.rank(x)
    return cx.op("transpose", x, permutation=list(range(r - 2)) + [r - 1, r - 2])


def _adjoint(cx, x):
    t = _transpose(cx, x)
    return cx.op("conj", t) if dtypes.is_complex(cx.element(x)) else t   # noqa


def _batch_to(cx, x, batch):
    shape = _shape(cx, x)
    return cx.broadcast(x, list(batch) + shape[-2:])


def _common_batch(cx, *xs):
    batches = [cx.op("broadcast_in_dim", cx.const(0, "i1"), broadcast_dimensions=[],
                     result_types=[tensor_type(_shape(cx, x)[:-2], "i1")]) for x in xs]
    return cx.broadcast_sizes(*batches) if batches else []


def _diagonal(cx, x):
    """The main diagonal of the last two dims: [..., min(m, n)]."""
    shape = _shape(cx, x)
    k = min(shape[-2:])
    sq = cx.op("slice", x, start_indices=[0] * len(shape), limit_indices=shape[:-2] + [k, k],
               strides=[1] * len(shape))
    masked = _where(cx, _mask(cx, shape[:-2] + [k, k], "EQ"), sq, 0)
    return add_reduce(cx, masked, [len(shape) - 1])


def _eye(cx, shape, element):
    return cx.convert(_mask(cx, shape, "EQ"), element)


def _matmul(cx, a, b):
    r = cx.rank(a)
    batch = list(range(r - 2))
    return cx.op("dot_general", a, b, dot_dimension_numbers={
        "lhs_batching_dimensions": batch, "rhs_batching_dimensions": batch,
        "lhs_contracting_dimensions": [r - 1], "rhs_contracting_dimensions": [r - 2]},
        precision_config=["HIGHEST", "HIGHEST"])


def _real_float(cx, x):
    element = cx.element(x)
    if not dtypes.is_float(element):
        raise cx.error(f"{element} input is not supported here (real floating point only)")
    return x


# ----------------------------------------------------------------------------- with_effects

@converts("higher_order.with_effects")
def with_effects(cx, token, op, *args, **kwargs):
    name = getattr(op, "__name__", str(op))
    if "_linalg_check_errors" in name:
        return None, None
    raise cx.error(f"side-effecting op {name} is not supported")


# ----------------------------------------------------------------------------- Cholesky

def _first_bad(cx, d):
    """info from a factor's diagonal d [..., n]: 1-based index of the first entry that is not
    finite and positive, else 0 (i32)."""
    shape = _shape(cx, d)
    n = shape[-1]
    good = cx.op("and", cx.op("is_finite", d), cx.op("compare", d, cx.const(0, cx.element(d), shape),
                                                     comparison_direction="GT"))
    k1 = cx.op("add", _iota(cx, shape, -1, "i32"), cx.const(1, "i32", shape))
    cand = cx.op("select", good, cx.const(n + 1, "i32", shape), k1)
    first = reduce1(cx, cand, [len(shape) - 1], "minimum", n + 1)
    return _where(cx, cx.op("compare", first, cx.const(n + 1, "i32", shape[:-1]), comparison_direction="EQ"),
                  cx.const(0, "i32", shape[:-1]), first)


@converts("linalg_cholesky_ex")
def linalg_cholesky_ex(cx, a, upper=False, check_errors=False):
    shape = _shape(cx, a)
    f = cx.op("cholesky", a, lower=not upper)
    f = _where(cx, _mask(cx, shape, "LE" if upper else "GE"), f, 0)
    d = _diagonal(cx, f)
    if dtypes.is_complex(cx.element(d)):
        d = cx.op("real", d)
    return f, _first_bad(cx, d)


@converts("cholesky")
def cholesky(cx, a, upper=False):
    """torch.cholesky (deprecated): the factor alone."""
    return linalg_cholesky_ex(cx, a, upper)[0]


# ----------------------------------------------------------------------------- triangular solves

def _tri_solve(cx, a, b, left, lower, unit, transpose="NO_TRANSPOSE"):
    batch = _common_batch(cx, a, b)
    a, b = _batch_to(cx, a, batch), _batch_to(cx, b, batch)
    return cx.op("triangular_solve", a, b, left_side=left, lower=lower, unit_diagonal=unit, transpose_a=transpose)


@converts("linalg_solve_triangular")
def linalg_solve_triangular(cx, a, b, upper, left=True, unitriangular=False):
    element = cx.out_element()
    return _tri_solve(cx, cx.convert(a, element), cx.convert(b, element), left, not upper, unitriangular)


@converts("triangular_solve")
def triangular_solve(cx, b, a, upper=True, transpose=False, unitriangular=False):
    x = _tri_solve(cx, a, b, True, upper is False, unitriangular, "TRANSPOSE" if transpose else "NO_TRANSPOSE")
    return x, cx.broadcast(a, cx.out_sizes(1))


@converts("cholesky_solve")
def cholesky_solve(cx, b, f, upper=False):
    """A X = B with A = L L^H (or U^H U): two triangular solves."""
    adj = "ADJOINT" if dtypes.is_complex(cx.element(f)) else "TRANSPOSE"
    if upper:
        y = _tri_solve(cx, f, b, True, False, False, adj)
        return _tri_solve(cx, f, y, True, False, False)
    y = _tri_solve(cx, f, b, True, True, False)
    return _tri_solve(cx, f, y, True, True, False, adj)


@converts("cholesky_inverse")
def cholesky_inverse(cx, f, upper=False):
    return cholesky_solve(cx, _eye(cx, _shape(cx, f), cx.element(f)), f, upper)


# ----------------------------------------------------------------------------- LU

def _lu(cx, a):
    """(packed L\\U, 1-based i32 pivots [..., k], i64 row permutation [..., m], i32 info [...])."""
    a = _real_float(cx, a)
    shape = _shape(cx, a)
    *batch, m, n = shape
    k = min(m, n)
    el = cx.element(a)
    r = len(shape)
    state = [cx.const(0, "i64"), a, cx.const(0, "i32", batch + [max(k, 1)]),
             _iota(cx, batch + [m], -1), cx.const(0, "i32", batch)]

    def step(j, a, piv, perm, info):
        rows_m = _iota(cx, batch + [m], -1)                       # [..., m]
        rows = _iota(cx, shape, -2)
        cols = _iota(cx, shape, -1)
        jm = cx.broadcast(j, batch + [m])
        jb = cx.broadcast(j, shape)
        col = add_reduce(cx, _where(cx, cx.op("compare", cols, jb, comparison_direction="EQ"), a, 0), [r - 1])
        mag = _where(cx, cx.op("compare", rows_m, jm, comparison_direction="GE"), cx.op("abs", col), -1.0)
        _, p = arg_extreme(cx, mag, r - 2, True)                 # [...] i64
        pb = cx.broadcast(p, shape, dims=list(range(r - 2)))
        is_j = cx.op("compare", rows, jb, comparison_direction="EQ")
        is_p = cx.op("compare", rows, pb, comparison_direction="EQ")
        row_j = add_reduce(cx, _where(cx, is_j, a, 0), [r - 2])    # [..., n]
        row_p = add_reduce(cx, _where(cx, is_p, a, 0), [r - 2])
        bcast_row = lambda v: cx.broadcast(v, shape, dims=list(range(r - 2)) + [r - 1])  # noqa: E731
        a = cx.op("select", is_j, bcast_row(row_p), cx.op("select", is_p, bcast_row(row_j), a))
        # the permutation swaps the same entries
        pm = cx.broadcast(p, batch + [m], dims=list(range(r - 2)))
        pj = add_reduce(cx, _where(cx, cx.op("compare", rows_m, jm, comparison_direction="EQ"), perm, 0), [r - 2])
        pp = add_reduce(cx, _where(cx, cx.op("compare", rows_m, pm, comparison_direction="EQ"), perm, 0), [r - 2])
        perm = cx.op("select", cx.op("compare", rows_m, jm, comparison_direction="EQ"), cx.broadcast(pp, batch + [m], dims=list(range(r - 2))),
                     cx.op("select", cx.op("compare", rows_m, pm, comparison_direction="EQ"),
                           cx.broadcast(pj, batch + [m], dims=list(range(r - 2))), perm))
        # elimination below the pivot
        col = add_reduce(cx, _where(cx, cx.op("compare", cols, jb, comparison_direction="EQ"), a, 0), [r - 1])
        pivot = add_reduce(cx, _where(cx, cx.op("compare", rows_m, jm, comparison_direction="EQ"), col, 0), [r - 2])
        zero = cx.op("compare", pivot, cx.const(0, el, batch), comparison_direction="EQ")
        safe = cx.op("select", zero, cx.const(1, el, batch), pivot)
        below = cx.op("compare", rows_m, jm, comparison_direction="GT")
        l = _where(cx, below, cx.op("divide", col, cx.broadcast(safe, batch + [m], dims=list(range(r - 2)))), 0)
        u = _where(cx, cx.op("compare", _iota(cx, batch + [n], -1), cx.broadcast(j, batch + [n]),
                             comparison_direction="GT"), row_p, 0)
        outer = cx.op("multiply", cx.broadcast(l, shape, dims=list(range(r - 1))), bcast_row(u))
        a = cx.op("subtract", a, outer)
        at_col = cx.op("and", cx.op("compare", rows, jb, comparison_direction="GT"),
                       cx.op("compare", cols, jb, comparison_direction="EQ"))
        a = cx.op("select", at_col, cx.broadcast(l, shape, dims=list(range(r - 1))), a)
        # bookkeeping
        kk = _iota(cx, batch + [max(k, 1)], -1)
        piv = cx.op("select", cx.op("compare", kk, cx.broadcast(j, batch + [max(k, 1)]), comparison_direction="EQ"),
                    cx.broadcast(cx.convert(cx.op("add", p, cx.const(1, "i64", batch)), "i32"), batch + [max(k, 1)],
                                 dims=list(range(r - 2))), piv)
        j32 = cx.convert(cx.op("add", j, cx.const(1, "i64")), "i32")
        fresh = cx.op("and", zero, cx.op("compare", info, cx.const(0, "i32", batch), comparison_direction="EQ"))
        info = cx.op("select", fresh, cx.broadcast(j32, batch), info)
        return [cx.op("add", j, cx.const(1, "i64")), a, piv, perm, info]
    _, lu, piv, perm, info = cx.while_loop(
        state, lambda j, *_: cx.op("compare", j, cx.const(k, "i64"), comparison_direction="LT"), step)
    if k == 0:
        piv = cx.op("slice", piv, start_indices=[0] * (r - 1), limit_indices=batch + [0], strides=[1] * (r - 1))
    return lu, piv, perm, info


def _perm_matrix(cx, perm, element):
    """P with P^T A = A[perm]: P[..., i, c] = (perm[c] == i)."""
    *batch, m = _shape(cx, perm)
    shape = batch + [m, m]
    i = _iota(cx, shape, -2)
    pc = cx.broadcast(perm, shape, dims=list(range(len(batch))) + [len(shape) - 1])
    return cx.convert(cx.op("compare", pc, i, comparison_direction="EQ"), element)


def _unpack(cx, lu):
    shape = _shape(cx, lu)
    *batch, m, n = shape
    k = min(m, n)
    el = cx.element(lu)
    lk = cx.op("slice", lu, start_indices=[0] * len(shape), limit_indices=batch + [m, k], strides=[1] * len(shape))
    low = cx.op("add", _where(cx, _mask(cx, batch + [m, k], "GT"), lk, 0), _eye(cx, batch + [m, k], el))
    uk = cx.op("slice", lu, start_indices=[0] * len(shape), limit_indices=batch + [k, n], strides=[1] * len(shape))
    up = _where(cx, _mask(cx, batch + [k, n], "LE"), uk, 0)
    return low, up


@converts("linalg_lu_factor_ex")
def linalg_lu_factor_ex(cx, a, pivot=True, check_errors=False):
    if not pivot:
        raise cx.error("LU without pivoting is not supported")
    lu, piv, _, info = _lu(cx, a)
    return lu, piv, info


@converts("linalg_lu")
def linalg_lu(cx, a, pivot=True):
    if not pivot:
        raise cx.error("LU without pivoting is not supported")
    lu, _, perm, _ = _lu(cx, a)
    low, up = _unpack(cx, lu)
    return _perm_matrix(cx, perm, cx.element(lu)), low, up


def _perm_from_pivots(cx, piv, m):
    """The row permutation that LAPACK's 1-based pivots [..., k] apply, as i64 [..., m]."""
    *batch, k = _shape(cx, piv)
    r = len(batch) + 1
    perm = _iota(cx, batch + [m], -1)
    rows = perm
    piv = cx.op("subtract", cx.convert(piv, "i64"), cx.const(1, "i64", batch + [k]))
    for j in range(k):      # swaps in order; k is small for what runs on an LU
        p = cx.reshape(cx.op("slice", piv, start_indices=[0] * (r - 1) + [j], limit_indices=batch + [j + 1],
                             strides=[1] * r), batch)
        pm = cx.broadcast(p, batch + [m], dims=list(range(r - 1)))
        is_j = cx.op("compare", rows, cx.const(j, "i64", batch + [m]), comparison_direction="EQ")
        is_p = cx.op("compare", rows, pm, comparison_direction="EQ")
        vj = add_reduce(cx, _where(cx, is_j, perm, 0), [r - 1])
        vp = add_reduce(cx, _where(cx, is_p, perm, 0), [r - 1])
        perm = cx.op("select", is_j, cx.broadcast(vp, batch + [m], dims=list(range(r - 1))),
                     cx.op("select", is_p, cx.broadcast(vj, batch + [m], dims=list(range(r - 1))), perm))
    return perm


@converts("lu_unpack")
def lu_unpack(cx, lu, piv, unpack_data=True, unpack_pivots=True):
    shape = _shape(cx, lu)
    low, up = _unpack(cx, lu)
    perm = _perm_from_pivots(cx, piv, shape[-2])
    return _perm_matrix(cx, perm, cx.element(lu)), low, up


def _lu_solve(cx, lu, perm, b, left=True, adjoint=False):
    """X with A X = B (left) or X A = B, A = P L U given as packed `lu` and `perm`."""
    el = cx.element(lu)
    b = cx.convert(b, el)
    batch = _common_batch(cx, lu, b)
    lu, b = _batch_to(cx, lu, batch), _batch_to(cx, b, batch)
    p = _batch_to(cx, _perm_matrix(cx, perm, el), batch)
    if adjoint:     # A^T X = B  <=>  X^T A = B^T
        return _transpose(cx, _lu_solve(cx, lu, perm, _transpose(cx, b), not left))
    ts = lambda low, v, **kw: cx.op("triangular_solve", lu, v, lower=low, unit_diagonal=low, **kw)  # noqa: E731
    if left:        # X = U^-1 L^-1 P^T B
        y = _matmul(cx, _transpose(cx, p), b)
        y = ts(True, y, left_side=True, transpose_a="NO_TRANSPOSE")
        return ts(False, y, left_side=True, transpose_a="NO_TRANSPOSE")
    y = ts(False, b, left_side=False, transpose_a="NO_TRANSPOSE")     # X P L U = B
    y = ts(True, y, left_side=False, transpose_a="NO_TRANSPOSE")
    return _matmul(cx, y, _transpose(cx, p))


def _vector_case(cx, a, b):
    ra, rb = cx.rank(a), cx.rank(b)
    return rb == 1 or (rb == ra - 1 and _shape(cx, b) == _shape(cx, a)[:-1])


@converts("_linalg_solve_ex")
def linalg_solve_ex(cx, a, b, left=True, check_errors=False):
    el = cx.out_element(0)
    a = cx.convert(a, el)
    lu, piv, perm, info = _lu(cx, a)
    vector = _vector_case(cx, a, b)
    bb = cx.reshape(cx.convert(b, el), _shape(cx, b) + [1]) if vector else b
    x = _lu_solve(cx, lu, perm, bb, left)
    return cx.reshape(x, cx.out_sizes(0)), lu, piv, info


@converts("linalg_lu_solve")
def linalg_lu_solve(cx, lu, piv, b, left=True, adjoint=False):
    perm = _perm_from_pivots(cx, piv, _shape(cx, lu)[-2])
    return _lu_solve(cx, lu, perm, b, left, adjoint)


@converts("linalg_inv_ex")
def linalg_inv_ex(cx, a, check_errors=False):
    lu, _, perm, info = _lu(cx, a)
    return _lu_solve(cx, lu, perm, _eye(cx, _shape(cx, a), cx.element(a))), info


def _perm_sign(cx, piv, element):
    """(-1)^(number of actual row swaps) from 1-based pivots [..., k]."""
    shape = _shape(cx, piv)
    k1 = cx.op("add", _iota(cx, shape, -1, "i32"), cx.const(1, "i32", shape))
    swaps = cx.convert(cx.op("compare", piv, k1, comparison_direction="NE"), "i32")
    odd = cx.op("and", add_reduce(cx, swaps, [len(shape) - 1]), cx.const(1, "i32", shape[:-1]))
    return cx.op("subtract", cx.const(1, element, shape[:-1]), cx.convert(cx.op("add", odd, odd), element))


@converts("_linalg_det")
def linalg_det(cx, a):
    lu, piv, _, _ = _lu(cx, a)
    d = _diagonal(cx, lu)
    det = cx.op("multiply", _perm_sign(cx, piv, cx.element(a)), reduce1(cx, d, [cx.rank(d) - 1], "multiply", 1))
    return det, lu, piv


@converts("_linalg_slogdet")
def linalg_slogdet(cx, a):
    lu, piv, _, _ = _lu(cx, a)
    d = _diagonal(cx, lu)
    r = cx.rank(d) - 1
    el = cx.element(a)
    signs = cx.op("sign", d)
    sign = cx.op("multiply", _perm_sign(cx, piv, el), reduce1(cx, signs, [r], "multiply", 1))
    logabs = add_reduce(cx, cx.op("log", cx.op("abs", d)), [r])
    return sign, logabs, lu, piv


_ = (math, np)
