"""Compiled lower Cholesky factors of small static f32 / complex64 matrices in the order of the
LAPACK that XLA CPU calls (OpenBLAS's potf2 / cpotf2), as the interpreter computes them
(interpreter/ops/openblas_order.py: potf2_in_order, cpotf2_in_order, which also say which
kernels this machine's OpenBLAS runs and what was measured). Unrolled scalar code per matrix of
the batch; a matrix that is not positive definite gives NaNs, as there."""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, complex as cx, math as mmath, scf, tensor

from .. import emit
from ..element import const, index_const
from ...interpreter.ops import openblas_order

F = arith.CmpFPredicate


def applies(a: ir.Value, element: str, lower: bool) -> bool:
    rows, cols = emit.dims(a)[-2:]
    if not lower or not isinstance(rows, int) or rows != cols:
        return False
    if element == "f32":
        return rows <= openblas_order.POTF2_SIZES[openblas_order.kernels()]
    return element == "complex<f32>" and rows <= openblas_order.CPOTF2_SIZE


def _in_order(terms, zero):
    s = zero
    for t in terms:
        s = arith.addf(s, t)
    return s


def _fma_chain(pairs, zero):
    s = zero
    for x, y in pairs:
        s = mmath.fma(x, y, s)
    return s


def _squares(row, zero, fused):
    """The row's dot product with itself as OpenBLAS's strided sdot sums it."""
    if fused:                              # pairs fma(x_k, x_k, x_{k+1}^2), summed in f64
        f64 = ir.F64Type.get()
        acc = const(0.0, f64)
        for k in range(0, len(row) - 1, 2):
            acc = arith.addf(acc, arith.extf(f64, mmath.fma(row[k], row[k], arith.mulf(row[k + 1], row[k + 1]))))
        if len(row) % 2:
            acc = arith.addf(acc, arith.extf(f64, arith.mulf(row[-1], row[-1])))
        return arith.truncf(zero.type, acc)
    sq = [arith.mulf(v, v) for v in row]
    if len(sq) >= 4:                       # four accumulators, k mod 4
        acc = [_in_order(sq[i::4], zero) for i in range(4)]
        return arith.addf(arith.addf(acc[0], acc[1]), arith.addf(acc[2], acc[3]))
    return _in_order(sq, zero)


def _factor_real(get, n, fused, zero):
    """({(r, c): value}, positive) of one f32 matrix; get(r, c) reads its lower triangle."""
    L, ok = {}, None
    one = const(1.0, zero.type)
    for j in range(n):
        row = [L[j, k] for k in range(j)]
        d = arith.subf(get(j, j), _squares(row, zero, fused))
        pos = arith.cmpf(F.OGT, d, zero)
        ok = pos if ok is None else arith.andi(ok, pos)
        L[j, j] = mmath.sqrt(d)
        inv = arith.divf(one, L[j, j])
        for r in range(j + 1, n):
            if fused:
                t = _fma_chain([(L[r, k], L[j, k]) for k in range(j)], zero)
            else:
                t = _in_order([arith.mulf(L[r, k], L[j, k]) for k in range(j)], zero)
            L[r, j] = arith.mulf(arith.subf(get(r, j), t), inv)
    return L, ok


def _factor_complex(get, n, fused, zero):
    """As _factor_real with (re, im) pairs (cpotf2)."""
    L, ok = {}, None
    one = const(1.0, zero.type)
    for j in range(n):
        s0, s1 = zero, zero
        for k in range(j):
            xr, xi = L[j, k]
            if fused:
                s0, s1 = mmath.fma(xr, xr, s0), mmath.fma(xi, xi, s1)
            else:
                s0, s1 = arith.addf(s0, arith.mulf(xr, xr)), arith.addf(s1, arith.mulf(xi, xi))
        d = arith.subf(get(j, j)[0], arith.addf(s0, s1))
        pos = arith.cmpf(F.OGT, d, zero)
        ok = pos if ok is None else arith.andi(ok, pos)
        dd = mmath.sqrt(d)
        L[j, j] = (dd, zero)
        inv = arith.divf(one, dd)
        vec = (n - j - 1) // 4 * 4 if fused else 0
        for r in range(j + 1, n):
            tr, ti = zero, zero
            if r < j + 1 + vec:                  # the gemv's vector kernel: four chains
                rr, ii, ir_, ri = zero, zero, zero, zero
                for k in range(j):
                    (a_r, a_i), (x_r, x_i) = L[r, k], L[j, k]
                    rr, ii = mmath.fma(a_r, x_r, rr), mmath.fma(a_i, x_i, ii)
                    ir_, ri = mmath.fma(a_i, x_r, ir_), mmath.fma(a_r, x_i, ri)
                tr, ti = arith.addf(rr, ii), arith.subf(ir_, ri)
            else:
                for k in range(j):
                    (a_r, a_i), (x_r, x_i) = L[r, k], L[j, k]
                    if fused:
                        pr = mmath.fma(a_r, x_r, arith.mulf(a_i, x_i))
                        pi = mmath.fma(arith.negf(a_r), x_i, arith.mulf(a_i, x_r))
                    else:
                        pr = arith.addf(arith.mulf(a_r, x_r), arith.mulf(a_i, x_i))
                        pi = arith.subf(arith.mulf(a_i, x_r), arith.mulf(a_r, x_i))
                    tr, ti = arith.addf(tr, pr), arith.addf(ti, pi)
            gr, gi = get(r, j)
            L[r, j] = (arith.mulf(arith.subf(gr, tr), inv), arith.mulf(arith.subf(gi, ti), inv))
    return L, ok


def potf2_in_order(a: ir.Value, element: str, for_batches) -> ir.Value:
    """The lower factors of `a` ([..., n, n], f32 or complex<f32>, static n)."""
    t = a.type.element_type
    *batch, n, _n = emit.dims(a)
    is_complex = element == "complex<f32>"
    part = ir.F32Type.get()
    zero = const(0.0, part)
    fused = openblas_order.kernels() == "avx512"
    ic = index_const

    def per_matrix(bi, acc):
        def get(r, c):
            v = tensor.extract(a, bi + [ic(r), ic(c)])
            return (cx.re(v), cx.im(v)) if is_complex else v

        L, ok = (_factor_complex if is_complex else _factor_real)(get, n, fused, zero)
        nan = const(float("nan"), part)
        for (r, c), v in L.items():
            if is_complex:
                v = cx.create_(t, arith.select(ok, v[0], nan), arith.select(ok, v[1], zero))   # NaN + 0i
            else:
                v = arith.select(ok, v, nan)
            acc = tensor.insert(v, acc, bi + [ic(r), ic(c)])
        if_op = scf.IfOp(ok, [acc.type], has_else=True)          # the upper triangle NaN too
        with ir.InsertionPoint(if_op.then_block):
            scf.YieldOp([acc])
        with ir.InsertionPoint(if_op.else_block):
            filled = acc
            nan_t = cx.create_(t, nan, zero) if is_complex else nan
            for r in range(n):
                for c in range(r + 1, n):
                    filled = tensor.insert(nan_t, filled, bi + [ic(r), ic(c)])
            scf.YieldOp([filled])
        return [if_op.results[0]]

    return for_batches(batch, [emit.fill(emit.zero_scalar(t), emit.dims(a))], per_matrix)[0]
