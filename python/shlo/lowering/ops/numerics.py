"""Numerical library ops: batch_norm_inference / training / grad, cholesky,
triangular_solve and fft.

As in the interpreter, the work is done in f64 (complex<f64> for complex
values) and rounded once to the result type. Batch norm is element-wise
generics and reductions over the non-feature dimensions. cholesky and
triangular_solve are the textbook column / row recurrences in scf loops over
each matrix of the batch (any sizes dynamic). fft of f32 / f64 (complex) operands
is XLA's own passes in the operand's precision (fft.py, fft_plan.py; RFFT / IRFFT's
real axis fft_real.py) wherever those modules have pocketfft's plan for the lengths;
the other cases transform one dimension at a time in f64: composite lengths by the four-step algorithm (N = N1 N2: DFTs of the
factors, twiddles, a transpose), short and prime ones by a direct DFT, a real
matmul with a twiddle matrix gathered from an exact table of cos / sin.
"""
from __future__ import annotations

import math

import numpy as np
from mlir import ir
from mlir.dialects import arith, complex as cx, linalg, math as mmath, scf, tensor

from .. import element as el
from .. import emit
from ..element import const, index_const
from ..registry import OpContext, lowers
from ...interpreter.ops import openblas_order
from ...interpreter.ops.elementwise import finish
from .elementwise import convert_scalar
from . import fft as c2c_passes
from . import fft_real as real_passes
from . import potf2_order, potrf_order

F = arith.CmpFPredicate
I = arith.CmpIPredicate


def _f64():
    return ir.F64Type.get()


def _c128():
    return ir.ComplexType.get(ir.F64Type.get())


def _wide_name(element: str) -> str:
    return "complex<f64>" if el.kind(element) == "complex" else "f64"


def _convert(v: ir.Value, src: str, dst: str) -> ir.Value:
    """A tensor of `src` storage converted (the spec's convert, one rounding) to `dst` storage."""
    if src == dst:
        return v
    n = emit.rank(v)
    out = emit.empty(emit.dims(v), el.storage_type(dst))
    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n,
                        lambda x, _o: el.from_compute(convert_scalar(el.to_compute(x, src), src, dst), dst))[0]


def _widen(v: ir.Value, element: str, wide: str | None = None) -> ir.Value:
    """A tensor of `element` as f64 / complex<f64>."""
    return _convert(v, element, wide or _wide_name(element))


def _narrow(v: ir.Value, element: str, wide: str | None = None) -> ir.Value:
    """An f64 / complex<f64> tensor rounded once to `element`."""
    return _convert(v, wide or _wide_name(element), element)


def _map(inputs: list, maps: list, rank: int, sizes, fn, element_type) -> ir.Value:
    out = emit.empty(sizes, element_type)
    return emit.generic(inputs, [out], maps + [emit.identity_map(rank)], ["parallel"] * rank,
                        lambda *a: fn(*a[:-1]))[0]


def _min_size(*sizes):
    """The smallest of sizes (ints or index values): loop bounds that stay inside every tensor
    even when dynamic sizes that the program needs equal are not."""
    ints = [s for s in sizes if isinstance(s, int)]
    values = [s for s in sizes if not isinstance(s, int)]
    if not values:
        return min(ints)
    out = values[0]
    for v in values[1:] + ([index_const(min(ints))] if ints else []):
        out = arith.minui(out, v)
    return out


# ----------------------------------------------------------------------------- batch normalization

def _bn_setup(ctx: OpContext, operand):
    fi = int(ctx.attrs["feature_index"])
    element = ctx.operand_types[0].element
    rank = emit.rank(operand)
    if not 0 <= fi < rank:
        raise ctx.error(f"feature_index {fi} out of range for rank {rank}")
    eps = _epsilon(ctx, element)
    feat = emit.affine_map(rank, [fi])
    return fi, element, rank, eps, feat


def _epsilon(ctx: OpContext, element: str) -> float:
    """epsilon rounded to the element type first, as the spec (and the interpreter) say."""
    return float(finish(np.asarray(ctx.attrs["epsilon"] or 0.0, np.float64), element))


def _feature_sum(x: ir.Value, fi: int, fn=None, extra=()) -> ir.Value:
    """sum over every dimension but fi of fn(x, *extra) (f64), as a 1-D tensor."""
    rank = emit.rank(x)
    out = emit.fill(const(0.0, _f64()), [emit.dim(x, fi)])
    feat = emit.affine_map(rank, [fi])
    its = ["parallel" if d == fi else "reduction" for d in range(rank)]
    ins = [x] + [e for e, _ in extra]
    maps = [emit.identity_map(rank)] + [m for _, m in extra] + [feat]

    def body(*a):
        v = fn(*a[:-1]) if fn else a[0]
        return arith.addf(a[-1], v)

    return emit.generic(ins, [out], maps, its, body)[0]


def _fit(v: ir.Value, sizes: list) -> ir.Value:
    """f64 tensor v with the given sizes (same rank): the common part kept, the rest NaN. For
    dynamic sizes the program needs equal but that are not: never a read out of bounds."""
    rank = len(sizes)
    full = emit.fill(const(float("nan"), _f64()), sizes)
    if 0 in emit.static_shape(v) or 0 in sizes:        # MLIR rejects slices of a static empty dimension
        return full
    common = [_min_size(a, b) for a, b in zip(emit.dims(v), sizes)]
    dyn = ir.ShapedType.get_dynamic_size()
    part_t = emit.tensor_type([c if isinstance(c, int) else None for c in common], v.type.element_type)
    vals = [c for c in common if not isinstance(c, int)]
    static = [c if isinstance(c, int) else dyn for c in common]
    part = tensor.extract_slice(part_t, v, [], vals, [], [0] * rank, static, [1] * rank)
    return tensor.insert_slice(part, full, [], vals, [], [0] * rank, static, [1] * rank)


def _count(x: ir.Value, fi: int) -> ir.Value:
    """Number of elements per feature, as f64."""
    total = index_const(1)
    for d, s in enumerate(emit.dims(x)):
        if d != fi:
            total = arith.muli(total, emit.as_index(s))
    return arith.uitofp(_f64(), arith.index_cast(ir.IntegerType.get_signless(64), total))


def _normalize(xv, m, var, scale, offset, eps: float):
    """(x - mean) / sqrt(var + eps) * scale + offset, in the interpreter's order."""
    sd = mmath.sqrt(arith.addf(var, const(eps, _f64())))
    return arith.addf(arith.mulf(arith.divf(arith.subf(xv, m), sd), scale), offset)


def _features(v: ir.Value, element: str, size) -> ir.Value:
    """A per-feature parameter widened to f64, with exactly `size` entries (see `_fit`)."""
    v = _widen(v, element)
    if isinstance(emit.dim(v, 0), int) and isinstance(size, int):
        return v
    return _fit(v, [size])


@lowers("batch_norm_inference")
def batch_norm_inference(ctx: OpContext, operand, scale, offset, mean, variance):
    fi, element, rank, eps, feat = _bn_setup(ctx, operand)
    x = _widen(operand, element)
    params = [_features(v, element, emit.dim(x, fi)) for v in (scale, offset, mean, variance)]
    out = _map([x] + params, [emit.identity_map(rank)] + [feat] * 4, rank, emit.dims(x),
               lambda xv, s, o, m, var: _normalize(xv, m, var, s, o, eps), _f64())
    return _narrow(out, ctx.result_types[0].element)


@lowers("batch_norm_training")
def batch_norm_training(ctx: OpContext, operand, scale, offset):
    fi, element, rank, eps, feat = _bn_setup(ctx, operand)
    x = _widen(operand, element)
    s, o = (_features(v, element, emit.dim(x, fi)) for v in (scale, offset))
    n = _count(x, fi)
    one = [emit.identity_map(1)]
    size = [emit.dim(x, fi)]
    mean = _map([_feature_sum(x, fi)], one, 1, size, lambda v: arith.divf(v, n), _f64())

    def squared_deviation(xv, m):
        c = arith.subf(xv, m)
        return arith.mulf(c, c)

    var = _map([_feature_sum(x, fi, squared_deviation, [(mean, feat)])], one, 1, size,
               lambda v: arith.divf(v, n), _f64())
    out = _map([x, mean, var, s, o], [emit.identity_map(rank)] + [feat] * 4, rank, emit.dims(x),
               lambda xv, m, v, sc, of: _normalize(xv, m, v, sc, of, eps), _f64())
    return [_narrow(out, element), _narrow(mean, ctx.result_types[1].element),
            _narrow(var, ctx.result_types[2].element)]


@lowers("batch_norm_grad")
def batch_norm_grad(ctx: OpContext, operand, scale, mean, variance, grad_output):
    fi, element, rank, eps, feat = _bn_setup(ctx, operand)
    ctx.lowerer.same_sizes([operand, grad_output], None, f"shlo.batch_norm_grad at {ctx.location}")
    x = _widen(operand, element)
    g = _widen(grad_output, ctx.operand_types[4].element)
    if None in emit.static_shape(operand) or None in emit.static_shape(grad_output):
        g = _fit(g, emit.dims(x))
    sc, m, var = (_features(v, element, emit.dim(x, fi)) for v in (scale, mean, variance))
    n = _count(x, fi)
    eps_c = const(eps, _f64())
    sum_g = _feature_sum(g, fi)
    sum_gc = _feature_sum(g, fi, lambda gv, xv, mv: arith.mulf(gv, arith.subf(xv, mv)),
                          [(x, emit.identity_map(rank)), (m, feat)])
    one = emit.identity_map(1)
    grad_scale = _map([sum_gc, var], [one, one], 1, [emit.dim(x, fi)],
                      lambda a, v: arith.divf(a, mmath.sqrt(arith.addf(v, eps_c))), _f64())

    def grad_x(xv, gv, s, mv, v, sg, sgc):
        c = arith.subf(xv, mv)
        var_eps = arith.addf(v, eps_c)
        sd = mmath.sqrt(var_eps)
        inner = arith.subf(arith.subf(arith.mulf(n, gv), sg), arith.divf(arith.mulf(c, sgc), var_eps))
        return arith.mulf(arith.divf(s, arith.mulf(sd, n)), inner)

    gx = _map([x, g, sc, m, var, sum_g, sum_gc], [emit.identity_map(rank)] * 2 + [feat] * 5, rank, emit.dims(x),
              grad_x, _f64())
    return [_narrow(gx, element), _narrow(grad_scale, ctx.result_types[1].element),
            _narrow(sum_g, ctx.result_types[2].element)]


# ----------------------------------------------------------------------------- batches of matrices

def _zero(t: ir.Type) -> ir.Value:
    return emit.zero_scalar(t)


def _is_complex(t: ir.Type) -> bool:
    return isinstance(t, ir.ComplexType)


def _conj(v: ir.Value) -> ir.Value:
    return cx.conj(v) if _is_complex(v.type) else v


def _add(a, b):
    return cx.add(a, b) if _is_complex(a.type) else arith.addf(a, b)


def _sub(a, b):
    return cx.sub(a, b) if _is_complex(a.type) else arith.subf(a, b)


def _mul(a, b):
    return cx.mul(a, b) if _is_complex(a.type) else arith.mulf(a, b)


def _div(a, b):
    return cx.div(a, b) if _is_complex(a.type) else arith.divf(a, b)


def _real(v):
    return cx.re(v) if _is_complex(v.type) else v


def _from_real(r, t):
    return cx.create_(t, r, const(0.0, _f64())) if _is_complex(t) else r


def _finite(v) -> ir.Value:
    """|v| < inf for each part (false for NaN)."""
    inf = const(float("inf"), _f64())
    parts = [cx.re(v), cx.im(v)] if _is_complex(v.type) else [v]
    ok = None
    for p in parts:
        f = arith.cmpf(F.OLT, mmath.absf(p), inf)
        ok = f if ok is None else arith.andi(ok, f)
    return ok


def _for(lo, hi, iters: list, body) -> list:
    """scf.for with `body(i, *iters) -> list` (ints or index values for the bounds)."""
    op = scf.ForOp(emit.as_index(lo), emit.as_index(hi), index_const(1), list(iters))
    with ir.InsertionPoint(op.body):
        scf.YieldOp(list(body(op.induction_variable, *op.inner_iter_args)))
    return list(op.results)


def _dot(lo, hi, init, term) -> ir.Value:
    """init + sum over k in [lo, hi) of term(k), in order."""
    return _for(lo, hi, [init], lambda k, s: [_add(s, term(k))])[0]


def _for_batches(sizes: list, iters: list, body) -> list:
    """Loops over every index of the batch dimensions `sizes` with `body(batch_index, *iters)`."""
    def level(d, idx, its):
        if d == len(sizes):
            return body(idx, *its)
        return _for(0, sizes[d], its, lambda i, *a: level(d + 1, idx + [i], list(a)))
    return level(0, [], list(iters))


def _hermitian(a: ir.Value, lower: bool) -> ir.Value:
    """The Hermitian matrices whose selected triangle `a` ([..., n, n], wide) holds; real diagonal."""
    t = a.type.element_type
    rank = emit.rank(a)
    out = emit.empty(emit.dims(a), t)

    rows, cols = emit.dims(a)[-2:]
    square = isinstance(rows, int) and isinstance(cols, int)

    def body(_o):
        *batch, i, j = (linalg.IndexOp(d).result for d in range(rank))
        direct = arith.cmpi(I.sge if lower else I.sle, i, j)
        ii, jj = arith.select(direct, i, j), arith.select(direct, j, i)
        if not square:      # inside the matrix even if a dynamic size makes it not square
            ii = arith.minui(ii, arith.subi(emit.as_index(rows), index_const(1)))
            jj = arith.minui(jj, arith.subi(emit.as_index(cols), index_const(1)))
        v = tensor.extract(a, batch + [ii, jj])
        v = arith.select(direct, v, _conj(v))
        diag = arith.cmpi(I.eq, i, j)
        return arith.select(diag, _from_real(_real(v), t), v)

    return emit.generic([], [out], [emit.identity_map(rank)], ["parallel"] * rank, body)[0]


def _conj_transpose(m: ir.Value, conj: bool = True) -> ir.Value:
    """[..., m, n] -> [..., n, m], conjugated if asked."""
    rank = emit.rank(m)
    sizes = emit.dims(m)
    out = emit.empty(sizes[:-2] + [sizes[-1], sizes[-2]], m.type.element_type)
    swap = emit.affine_map(rank, list(range(rank - 2)) + [rank - 1, rank - 2])
    return emit.generic([m], [out], [swap, emit.identity_map(rank)], ["parallel"] * rank,
                        lambda x, _o: _conj(x) if conj else x)[0]


# ----------------------------------------------------------------------------- cholesky

@lowers("cholesky")
def cholesky(ctx: OpContext, a):
    element = ctx.operand_types[0].element
    lower = bool(ctx.attr("lower", False))      # absent means upper, as in StableHLO
    if emit.rank(a) < 2:
        raise ctx.error(f"needs matrices, got rank {emit.rank(a)}")
    if potf2_order.applies(a, element, lower):
        return potf2_order.potf2_in_order(a, element, _for_batches)
    if potrf_order.applies(a, element, lower):
        return potrf_order.potrf_in_order(a, _for_batches)
    if potrf_order.capplies(a, element, lower):
        return potrf_order.cpotrf_in_order(a, _for_batches)
    h = _hermitian(_widen(a, element), lower)
    t = h.type.element_type
    sizes = emit.dims(h)
    n = _min_size(sizes[-2], sizes[-1])       # equal unless a dynamic size is wrong
    out = emit.fill(_zero(t), sizes)
    out = _for_batches(sizes[:-2], [out], lambda b, acc: [_factor_one(h, b, n, acc)])[0]
    if not lower:
        out = _conj_transpose(out)
    return _narrow(out, ctx.result_types[0].element)


def _factor_one(h: ir.Value, b: list, n, acc: ir.Value) -> ir.Value:
    """L of matrix `b` (a batch index) of h written into acc (Cholesky-Crout, column by column); a matrix that
    is not positive definite, or whose factor is not finite, gives NaNs (as the interpreter)."""
    t = h.type.element_type
    one = index_const(1)

    def column(j, acc_, ok):
        jj_sum = _dot(0, j, _zero(t), lambda k: _mul(tensor.extract(acc_, b + [j, k]),
                                                     _conj(tensor.extract(acc_, b + [j, k]))))
        d2 = arith.subf(_real(tensor.extract(h, b + [j, j])), _real(jj_sum))
        positive = arith.cmpf(F.OGT, d2, const(0.0, _f64()))       # NaN is not > 0
        ljj = mmath.sqrt(arith.maximumf(d2, const(0.0, _f64())))
        acc_ = tensor.insert(_from_real(ljj, t), acc_, b + [j, j])

        def row(i, acc2, ok2):
            s = _dot(0, j, _zero(t), lambda k: _mul(tensor.extract(acc2, b + [i, k]),
                                                    _conj(tensor.extract(acc2, b + [j, k]))))
            v = _div(_sub(tensor.extract(h, b + [i, j]), s), _from_real(ljj, t))
            return [tensor.insert(v, acc2, b + [i, j]), arith.andi(ok2, _finite(v))]

        acc_, ok = _for(arith.addi(j, one), n, [acc_, ok], row)
        return [acc_, arith.andi(ok, arith.andi(positive, _finite(ljj)))]

    acc, ok = _for(0, n, [acc, const(1, ir.IntegerType.get_signless(1))], column)
    nan = _from_real(const(float("nan"), _f64()), t)
    if_op = scf.IfOp(ok, [acc.type], has_else=True)
    with ir.InsertionPoint(if_op.then_block):
        scf.YieldOp([acc])
    with ir.InsertionPoint(if_op.else_block):
        filled = _for(0, n, [acc], lambda i, m: [_for(0, n, [m], lambda j, m2: [
            tensor.insert(nan, m2, b + [i, j])])[0]])[0]
        scf.YieldOp([filled])
    return if_op.results[0]


# ----------------------------------------------------------------------------- triangular_solve

@lowers("triangular_solve")
def triangular_solve(ctx: OpContext, a, b):
    ea, eb = ctx.operand_types[0].element, ctx.operand_types[1].element
    wide = "complex<f64>" if "complex" in (el.kind(ea), el.kind(eb)) else "f64"
    left = bool(ctx.attrs["left_side"])
    lower = bool(ctx.attrs["lower"])
    unit = bool(ctx.attrs["unit_diagonal"])
    trans = ctx.attrs["transpose_a"] or "NO_TRANSPOSE"
    if trans not in ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"):
        raise ctx.error(f"unknown transpose_a {trans}")
    if emit.rank(a) < 2 or emit.rank(a) != emit.rank(b):
        raise ctx.error("needs matrices of one rank in a and b")
    # Solve M X = rhs with M = op(A) (left) or op(A)^T (right, as X op(A) = B <=> op(A)^T X^T = B^T).
    transposed = (trans != "NO_TRANSPOSE") != (not left)   # M[i, j] reads A[j, i]
    conj = trans == "ADJOINT"
    is_lower = lower != transposed                           # M's triangle
    if _trsm_order_applies(a, b, ea, eb, left):
        return _trsm_in_order(a, b, left, is_lower, transposed, unit, ea)
    A = _widen(a, ea, wide)
    B = _widen(b, eb, wide)
    rhs = B if left else _conj_transpose(B, conj=False)
    x = _substitute(A, rhs, is_lower, transposed, conj, unit)
    if not left:
        x = _conj_transpose(x, conj=False)
    return _narrow(x, ctx.result_types[0].element, wide)


# Real systems of static sizes in the element type in the order of OpenBLAS's trsm kernel, as the
# interpreter (interpreter/ops/openblas_order.py: its blocks, and which kernels this machine's
# OpenBLAS runs) and XLA CPU through LAPACK. Unrolled: at most _TRSM_ORDER_TERMS updates.
_TRSM_ORDER_TERMS = 2048


def _trsm_order_applies(a, b, ea: str, eb: str, left: bool) -> bool:
    da, db = emit.dims(a), emit.dims(b)
    if ea != eb or ea not in ("f32", "f64") or not all(isinstance(d, int) for d in da[-2:] + db[-2:]):
        return False
    m = da[-1]
    rows, cols = db[-2:] if left else db[-2:][::-1]         # unknowns, right-hand sides
    return da[-2] == m == rows and openblas_order.trsm_modelled(ea, left, m) and m * m * cols <= _TRSM_ORDER_TERMS


def _trsm_in_order(a, b, left: bool, is_lower: bool, transposed: bool, unit: bool, element: str) -> ir.Value:
    t = a.type.element_type
    *batch, _r, _c = emit.dims(b)
    loop_batch = [_min_size(x, y) for x, y in zip(batch, emit.dims(a)[:-2])]
    m = emit.dims(a)[-1]
    ncols = emit.dims(b)[-1] if left else emit.dims(b)[-2]
    unroll = openblas_order.unroll(element, left)
    fused = openblas_order.kernels() == "avx512"
    one = const(1.0, t)
    ic = index_const

    def entry(bi, i, j):                                       # M[i, j]
        return tensor.extract(a, bi + ([ic(j), ic(i)] if transposed else [ic(i), ic(j)]))

    def at(i, c):                                              # M X = rhs: rhs[i, c] is B[i, c] or B[c, i]
        return [ic(i), ic(c)] if left else [ic(c), ic(i)]

    def per_matrix(bi, acc):
        for c in range(ncols):
            rhs = [tensor.extract(b, bi + at(i, c)) for i in range(m)]
            x: dict = {}
            for start, size in openblas_order.blocks(m, unroll, is_lower):
                rows = list(range(start, start + size))
                if x:
                    for r in rows:                             # the gemm kernel: one fma chain, subtracted
                        s = _zero(t)
                        for k in sorted(x):
                            s = mmath.fma(entry(bi, r, k), x[k], s)
                        rhs[r] = arith.subf(rhs[r], s)
                order = rows if is_lower else rows[::-1]
                for n, i in enumerate(order):
                    x[i] = rhs[i] if unit else arith.mulf(rhs[i], arith.divf(one, entry(bi, i, i)))
                    acc = tensor.insert(x[i], acc, bi + at(i, c))
                    for r in order[n + 1:]:
                        if fused:
                            rhs[r] = mmath.fma(arith.negf(x[i]), entry(bi, r, i), rhs[r])
                        else:
                            rhs[r] = arith.subf(rhs[r], arith.mulf(x[i], entry(bi, r, i)))
        return [acc]

    return _for_batches(loop_batch, [emit.fill(_zero(t), emit.dims(b))], per_matrix)[0]


def _substitute(A, rhs, is_lower: bool, transposed: bool, conj: bool, unit: bool) -> ir.Value:
    """X with M X = rhs by forward (lower M) or back substitution, row by row; M[i, j] is
    A[i, j] or A[j, i], conjugated if asked; only M's triangle is read."""
    t = A.type.element_type
    *batch, m, ncols = emit.dims(rhs)
    *batch_a, rows_a, cols_a = emit.dims(A)
    loop_batch = [_min_size(x, y) for x, y in zip(batch, batch_a)]
    m_idx = emit.as_index(_min_size(m, rows_a, cols_a))
    one = _from_real(const(1.0, _f64()), t)
    x = emit.fill(_zero(t), emit.dims(rhs))

    def entry(bi, i, j):
        v = tensor.extract(A, bi + ([j, i] if transposed else [i, j]))
        return cx.conj(v) if conj and _is_complex(t) else v

    def per_matrix(bi, acc):
        def step(k, acc_):
            i = k if is_lower else arith.subi(arith.subi(m_idx, index_const(1)), k)
            lo, hi = (index_const(0), i) if is_lower else (arith.addi(i, index_const(1)), m_idx)
            diag = one if unit else entry(bi, i, i)

            def col(c, acc2):
                s = _for(lo, hi, [tensor.extract(rhs, bi + [i, c])],
                         lambda kk, s_: [_sub(s_, _mul(entry(bi, i, kk), tensor.extract(acc2, bi + [kk, c])))])[0]
                return [tensor.insert(_div(s, diag), acc2, bi + [i, c])]

            return _for(0, ncols, [acc_], col)
        return _for(0, m_idx, [acc], step)

    return _for_batches(loop_batch, [x], per_matrix)[0]


# ----------------------------------------------------------------------------- fft

DIRECT_DFT_MAX = 64          # lengths up to this (and prime ones) are direct DFTs
DIRECT_DFT_LIMIT = 2048      # a direct DFT's real twiddle matrix is 32 N^2 bytes: 128 MiB here


def _dft(x: ir.Value, n: int, inverse: bool, ctx: OpContext) -> ir.Value:
    """The unnormalized DFT of complex<f64> [..., n] along the last dimension. Composite
    lengths split as n = n1 n2 (the four-step algorithm: n2 DFTs of length n1, twiddles,
    n1 DFTs of length n2, a transpose), down to direct DFTs of short or prime lengths."""
    n1 = _split_length(n)
    if n1 is None:
        if n > DIRECT_DFT_LIMIT:
            raise ctx.error(f"fft length {n} has a prime factor above {DIRECT_DFT_LIMIT}, "
                            "whose direct DFT is not compiled")
        return _dft_direct(x, n, inverse)
    n2 = n // n1
    rank = emit.rank(x)
    lead = emit.dims(x)[:-1]
    # x[n2 * i1 + i2] as a[i1, i2]; k = k1 + n1 * k2
    a = _expand_last(x, lead, [n1, n2])
    b = _along(a, rank - 1, lambda v: _dft(v, n1, inverse, ctx))            # [k1, i2]
    b = _multiply_last2(b, _four_step_twiddles(n1, n2, inverse))
    c = _dft(b, n2, inverse, ctx)                                           # [k1, k2]
    return _collapse_last(_transpose(c, list(range(rank - 1)) + [rank, rank - 1]), lead, n)


def _split_length(n: int) -> int | None:
    """The divisor of n nearest below sqrt(n), or None for a direct DFT."""
    if n <= DIRECT_DFT_MAX:
        return None
    for d in range(math.isqrt(n), 1, -1):
        if n % d == 0:
            return d
    return None


def _four_step_twiddles(n1: int, n2: int, inverse: bool) -> ir.Value:
    """exp(-+2 pi i k1 i2 / (n1 n2)) as a constant complex<f64> [n1, n2] (exact angles)."""
    n = n1 * n2
    r = np.outer(np.arange(n1), np.arange(n2)) % n
    w = np.exp((1j if inverse else -1j) * 2 * np.pi * r / n)
    return emit.constant_array(w.astype(np.complex128), "complex<f64>")


def _multiply_last2(v: ir.Value, w: ir.Value) -> ir.Value:
    """v[..., i, j] * w[i, j]."""
    rank = emit.rank(v)
    out = emit.empty(emit.dims(v), v.type.element_type)
    return emit.generic([v, w], [out], [emit.identity_map(rank), emit.affine_map(rank, [rank - 2, rank - 1]),
                                        emit.identity_map(rank)], ["parallel"] * rank,
                        lambda x, t, _o: cx.mul(x, t))[0]


def _expand_last(v: ir.Value, lead: list, last: list) -> ir.Value:
    """[..., n] -> [..., n1, n2] (row-major)."""
    rank = emit.rank(v)
    dyn = ir.ShapedType.get_dynamic_size()
    groups = [[d] for d in range(rank - 1)] + [[rank - 1, rank]]
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in lead] + last, v.type.element_type)
    return tensor.expand_shape(rt, v, _reassociation(groups), [s for s in lead if not isinstance(s, int)],
                               [s if isinstance(s, int) else dyn for s in lead] + last)


def _collapse_last(v: ir.Value, lead: list, n: int) -> ir.Value:
    """[..., n1, n2] -> [..., n1 n2]."""
    rank = emit.rank(v)
    groups = [[d] for d in range(rank - 2)] + [[rank - 2, rank - 1]]
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in lead] + [n], v.type.element_type)
    return tensor.collapse_shape(rt, v, _reassociation(groups))


def _reassociation(groups) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, d) for d in g]) for g in groups])


def _dft_direct(x: ir.Value, n: int, inverse: bool) -> ir.Value:
    """y[..., k] = sum_j x[..., j] * exp(-+2 pi i j k / n), for x of complex<f64> [..., n].
    Done in reals, as a matmul: [re x, im x] times [[C, S], [-S, C]] is [re y, im y]."""
    return _join_complex(_matmul_last(_split_complex(x), _twiddles(n, inverse)), n)


def _matmul_last(x: ir.Value, w: ir.Value) -> ir.Value:
    """x [..., K] times w [K, N] (f64): a linalg.matmul on x's leading dimensions collapsed
    (MLIR cannot expand a dimension back into two dynamic ones: then a generic contraction)."""
    rank = emit.rank(x)
    lead = emit.dims(x)[:-1]
    k, n = emit.static_shape(w)
    if sum(not isinstance(s, int) for s in lead) > 1:
        out = emit.fill(const(0.0, _f64()), lead + [n])
        loops = rank + 1                # batch dims..., n (parallel), k (reduction)
        maps = [emit.affine_map(loops, list(range(rank - 1)) + [rank]), emit.affine_map(loops, [rank, rank - 1]),
                emit.affine_map(loops, list(range(rank)))]
        return emit.generic([x, w], [out], maps, ["parallel"] * rank + ["reduction"],
                            lambda a, b, acc: arith.addf(acc, arith.mulf(a, b)))[0]
    rows = None if None in emit.static_shape(x)[:-1] else math.prod(emit.static_shape(x)[:-1])
    if rank == 1:
        x = tensor.expand_shape(emit.tensor_type([1, k], _f64()), x, _reassociation([[0, 1]]), [], [1, k])
    elif rank > 2:
        groups = [list(range(rank - 1)), [rank - 1]]
        x = tensor.collapse_shape(emit.tensor_type([rows, k], _f64()), x, _reassociation(groups))
    out = emit.fill(const(0.0, _f64()), [emit.dim(x, 0), n])
    y = linalg.matmul(x, w, outs=[out])
    y = y if isinstance(y, ir.Value) else y.results[0]
    if rank == 1:
        return tensor.collapse_shape(emit.tensor_type([n], _f64()), y, _reassociation([[0, 1]]))
    if rank == 2:
        return y
    dyn = ir.ShapedType.get_dynamic_size()
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in lead] + [n], _f64())
    return tensor.expand_shape(rt, y, _reassociation([list(range(rank - 1)), [rank - 1]]),
                               [s for s in lead if not isinstance(s, int)],
                               [s if isinstance(s, int) else dyn for s in lead] + [n])


def _twiddles(n: int, inverse: bool) -> ir.Value:
    """[[C, S], [-S, C]] (f64 [2 n, 2 n]) with C + iS = exp(-+2 pi i j k / n).

    cos and sin take only n values, at the angles 2 pi r / n with r = j k mod n (exact):
    a constant table of them is gathered from. A tensor.generate, not a linalg op, so that
    element-wise fusion does not recompute the matrix inside the contraction."""
    angles = 2 * np.pi * np.arange(n) / n
    table = emit.constant_array(np.stack([np.cos(angles), (1.0 if inverse else -1.0) * np.sin(angles)]), "f64")
    i64 = ir.IntegerType.get_signless(64)
    index = ir.IndexType.get()
    op = tensor.GenerateOp(emit.tensor_type([2 * n, 2 * n], _f64()), [])
    block = op.regions[0].blocks.append(index, index)
    with ir.InsertionPoint(block):
        row, col = block.arguments              # j (input), k (output)
        im_row = arith.cmpi(I.uge, row, index_const(n))
        im_col = arith.cmpi(I.uge, col, index_const(n))
        j = arith.index_cast(i64, arith.select(im_row, arith.subi(row, index_const(n)), row))
        k = arith.index_cast(i64, arith.select(im_col, arith.subi(col, index_const(n)), col))
        r = arith.index_cast(index, arith.remui(arith.muli(j, k), const(n, i64)))
        c, s_ = tensor.extract(table, [index_const(0), r]), tensor.extract(table, [index_const(1), r])
        sine = arith.select(im_row, arith.negf(s_), s_)
        tensor.YieldOp(arith.select(arith.xori(im_row, im_col), sine, c))
    return op.result


def _split_complex(x: ir.Value) -> ir.Value:
    """complex [..., n] -> f64 [..., 2 n]: the real parts, then the imaginary parts."""
    rank = emit.rank(x)
    sizes = emit.dims(x)
    n = sizes[-1]
    ident = [emit.identity_map(rank)] * 3
    re, im = emit.generic([x], [emit.empty(sizes, _f64()), emit.empty(sizes, _f64())], ident, ["parallel"] * rank,
                          lambda v, _r, _i: [cx.re(v), cx.im(v)])
    out = emit.empty(sizes[:-1] + [2 * n], _f64())
    out = _insert_last(re, out, 0)
    return _insert_last(im, out, n)


def _join_complex(y: ir.Value, n: int) -> ir.Value:
    """f64 [..., 2 n] (real parts, then imaginary parts) -> complex<f64> [..., n]."""
    rank = emit.rank(y)
    sizes = emit.dims(y)[:-1] + [n]
    re, im = _extract_last(y, 0, n), _extract_last(y, n, n)
    return emit.generic([re, im], [emit.empty(sizes, _c128())], [emit.identity_map(rank)] * 3, ["parallel"] * rank,
                        lambda r, i, _o: cx.create_(_c128(), r, i))[0]


def _slice_args(v: ir.Value, offset: int, size: int):
    """extract/insert_slice operands for [..., offset:offset+size] of a tensor like v."""
    rank = emit.rank(v)
    dyn = ir.ShapedType.get_dynamic_size()
    lead = emit.dims(v)[:-1]
    values = [s for s in lead if not isinstance(s, int)]
    static = [s if isinstance(s, int) else dyn for s in lead] + [size]
    return values, [0] * (rank - 1) + [offset], static, [1] * rank


def _extract_last(v: ir.Value, offset: int, size: int) -> ir.Value:
    values, offsets, static, strides = _slice_args(v, offset, size)
    shape = emit.static_shape(v)[:-1] + [size]
    return tensor.extract_slice(emit.tensor_type(shape, v.type.element_type), v, [], values, [], offsets, static,
                                strides)


def _insert_last(part: ir.Value, into: ir.Value, offset: int) -> ir.Value:
    values, offsets, static, strides = _slice_args(into, offset, emit.static_shape(part)[-1])
    return tensor.insert_slice(part, into, [], values, [], offsets, static, strides)


def _transpose(v: ir.Value, perm: list) -> ir.Value:
    sizes = emit.dims(v)
    out = emit.empty([sizes[p] for p in perm], v.type.element_type)
    op = linalg.transpose(v, outs=[out], permutation=perm)
    return op if isinstance(op, ir.Value) else op.results[0]


def _along(v: ir.Value, d: int, fn) -> ir.Value:
    """fn applied along dimension d: d moved last, transformed, moved back."""
    rank = emit.rank(v)
    if d == rank - 1:
        return fn(v)
    perm = [i for i in range(rank) if i != d] + [d]
    return _transpose(fn(_transpose(v, perm)), [perm.index(i) for i in range(rank)])


def _scale(v: ir.Value, factor: float) -> ir.Value:
    n = emit.rank(v)
    out = emit.empty(emit.dims(v), v.type.element_type)
    f = cx.create_(_c128(), const(factor, _f64()), const(0.0, _f64()))
    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n,
                        lambda x, _o: cx.mul(x, f))[0]


def _hermitian_complete(v: ir.Value, n: int) -> ir.Value:
    """[..., n//2+1] half spectrum -> [..., n] full one (conjugate symmetry), for IRFFT; the
    imaginary parts of the DC and Nyquist entries do not contribute, as in numpy's irfft."""
    rank = emit.rank(v)
    out = emit.empty(emit.dims(v)[:-1] + [n], v.type.element_type)
    half = n // 2 + 1

    def body(_o):
        idx = [linalg.IndexOp(d).result for d in range(rank)]
        k = idx[-1]
        mirrored = arith.cmpi(I.sge, k, index_const(half))
        val = tensor.extract(v, idx[:-1] + [arith.select(mirrored, arith.subi(index_const(n), k), k)])
        real_only = arith.cmpi(I.eq, k, index_const(0))
        if n % 2 == 0:
            real_only = arith.ori(real_only, arith.cmpi(I.eq, k, index_const(n // 2)))
        val = arith.select(real_only, cx.create_(_c128(), cx.re(val), const(0.0, _f64())), val)
        return arith.select(mirrored, cx.conj(val), val)

    return emit.generic([], [out], [emit.identity_map(rank)], ["parallel"] * rank, body)[0]


def _real_part(x: ir.Value) -> ir.Value:
    rank = emit.rank(x)
    out = emit.empty(emit.dims(x), _f64())
    return emit.generic([x], [out], [emit.identity_map(rank)] * 2, ["parallel"] * rank,
                        lambda v, _o: cx.re(v))[0]


@lowers("fft")
def fft(ctx: OpContext, operand):
    fft_type = ctx.attrs["fft_type"]
    lengths = [int(n) for n in ctx.attrs["fft_length"]]
    rtype = ctx.result_types[0]
    rank = emit.rank(operand)
    if not 1 <= len(lengths) <= min(3, rank):
        raise ctx.error(f"fft_length {lengths} does not fit an operand of rank {rank}")
    if fft_type not in ("FFT", "IFFT", "RFFT", "IRFFT"):
        raise ctx.error(f"unknown fft_type {fft_type}")
    axes = list(range(rank - len(lengths), rank))
    if any(emit.static_shape(operand)[d] is None for d in axes):
        raise ctx.error("the transformed dimensions must have static sizes")
    if 0 in lengths or 0 in emit.static_shape(operand):     # (MLIR rejects slices at offset 0 of size 0)
        return emit.zeros(rtype, like=operand)
    element = ctx.operand_types[0].element
    # XLA's own passes, order and precision (fft.py, fft_real.py), so compiled results equal
    # XLA's and the interpreter's
    if fft_type in ("FFT", "IFFT") and c2c_passes.supported(element, lengths):
        return c2c_passes.c2c(operand, element, lengths, fft_type == "IFFT")
    lead_axes = list(zip(axes[:-1], lengths[:-1]))
    if fft_type == "RFFT" and element in ("f32", "f64") and real_passes.supported(lengths[-1]) \
            and c2c_passes.supported("complex<" + element + ">", lengths[:-1]):
        real = np.dtype(np.float32 if element == "f32" else np.float64)
        re, im = real_passes.rfft_last(operand, real)        # the last axis first, then the others in order
        re, im = c2c_passes.along_axes(re, im, real, lead_axes, False, real.type(1))
        return c2c_passes.join(re, im)
    if fft_type == "IRFFT" and real_passes.supported(lengths[-1]) and c2c_passes.supported(element, lengths[:-1]):
        real = np.dtype(np.float32 if element == "complex<f32>" else np.float64)
        re, im = c2c_passes.split(operand, real)
        re, im = c2c_passes.along_axes(re, im, real, lead_axes, True, real.type(1))
        return real_passes.irfft_last(re, im, lengths[-1], real, real.type(1.0 / float(np.prod(lengths))))
    x = _widen(operand, element, "complex<f64>")
    inverse = fft_type in ("IFFT", "IRFFT")

    def transform(v, n):
        v = _dft(v, n, inverse, ctx)
        return _scale(v, 1.0 / n) if inverse else v

    *lead, (last_axis, n_last) = list(zip(axes, lengths))
    if fft_type == "IRFFT":         # the leading dimensions first, then the Hermitian-completed last one
        for d, n in lead:
            x = _along(x, d, lambda v, n=n: transform(v, n))
        return _narrow(_real_part(transform(_hermitian_complete(x, n_last), n_last)), rtype.element, "f64")
    for d, n in zip(axes, lengths):
        x = _along(x, d, lambda v, n=n: transform(v, n))
    if fft_type == "RFFT":          # the half spectrum of the last dimension
        x = _extract_last(x, 0, n_last // 2 + 1)
    return _narrow(x, rtype.element, "complex<f64>")
