"""Compiled lower Cholesky factors of static f32 matrices past potf2 in the order of OpenBLAS's
blocked potrf on its AVX-512 kernels, as the interpreter computes them
(interpreter/ops/openblas_order.py: potrf_in_order, which says what was measured): the blocks
are planned at lowering time by the interpreter's own schedule (openblas_order.potrf_plan), and
each step (potf2 on a block, the trsm of the rows below it, the syrk of the trailing triangle)
is a loop nest over a working copy of one matrix."""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, math as mmath, scf, tensor

from .. import emit
from ..element import const, index_const
from ...interpreter.ops import openblas_order

F = arith.CmpFPredicate
I = arith.CmpIPredicate


def applies(a: ir.Value, element: str, lower: bool) -> bool:
    rows, cols = emit.dims(a)[-2:]
    if element != "f32" or not lower or not isinstance(rows, int) or rows != cols:
        return False
    limit = openblas_order.POTRF_SIZE.get(openblas_order.kernels(), 0)
    return openblas_order.POTF2_SIZES[openblas_order.kernels()] < rows <= limit


def _loop(lo, hi, iters: list, body) -> list:
    from .numerics import _for
    return _for(lo, hi, iters, body)


def _idx(*parts):
    """The sum of ints and index values as one index value."""
    total = None
    for p in parts:
        v = index_const(p) if isinstance(p, int) else p
        total = v if total is None else arith.addi(total, v)
    return total


def _chain(w, r, c, lo, hi, zero):
    """sum over k in [lo, hi) of w[r, k] * w[c, k] as one fused chain from 0."""
    return _loop(lo, hi, [zero], lambda k, s: [mmath.fma(tensor.extract(w, [r, k]), tensor.extract(w, [c, k]), s)])[0]


def _potf2(w, o: int, size: int, zero):
    """potf2 on w[o:o+size, o:o+size]: the diagonal's strided sdot, the gemv (column 4: the AVX2
    4x4 kernel's passes), the scaling by the rounded reciprocal."""
    f64 = ir.F64Type.get()
    one = const(1.0, zero.type)
    two = index_const(2)

    def column(j, w, passes=0):
        """column j (an index value; `passes`: the rows of column 4's two-chain passes)."""
        J = arith.addi(index_const(o), j)

        def pair(p, acc):
            k = arith.addi(index_const(o), arith.muli(p, two))
            x0, x1 = tensor.extract(w, [J, k]), tensor.extract(w, [J, arith.addi(k, index_const(1))])
            return [arith.addf(acc, arith.extf(f64, mmath.fma(x0, x0, arith.mulf(x1, x1))))]

        half = arith.divui(j, two)
        acc = _loop(0, half, [const(0.0, f64)], pair)[0]
        odd = arith.cmpi(I.ne, arith.remui(j, two), index_const(0))
        last = tensor.extract(w, [J, arith.subi(J, arith.select(odd, index_const(1), index_const(0)))])  # j even: unused
        acc = arith.addf(acc, arith.select(odd, arith.extf(f64, arith.mulf(last, last)), const(0.0, f64)))
        d = mmath.sqrt(arith.subf(tensor.extract(w, [J, J]), arith.truncf(zero.type, acc)))
        w = tensor.insert(d, w, [J, J])
        inv = arith.divf(one, d)
        first = arith.addi(J, index_const(1))

        def two_chains(r, w_):
            a = [tensor.extract(w_, [r, index_const(o + k)]) for k in range(4)]
            x = [tensor.extract(w_, [J, index_const(o + k)]) for k in range(4)]
            s = arith.addf(mmath.fma(a[2], x[2], arith.mulf(a[0], x[0])),
                           mmath.fma(a[3], x[3], arith.mulf(a[1], x[1])))
            y = arith.mulf(arith.subf(tensor.extract(w_, [r, J]), s), inv)
            return [tensor.insert(y, w_, [r, J])]

        def one_chain(r, w_):
            s = _chain(w_, r, J, index_const(o), J, zero)
            y = arith.mulf(arith.subf(tensor.extract(w_, [r, J]), s), inv)
            return [tensor.insert(y, w_, [r, J])]

        w = _loop(first, arith.addi(first, index_const(passes)), [w], two_chains)[0]
        return _loop(arith.addi(first, index_const(passes)), index_const(o + size), [w], one_chain)[0]

    if size <= 4:
        return _loop(0, size, [w], lambda j, w_: [column(j, w_)])[0]
    w = _loop(0, 4, [w], lambda j, w_: [column(j, w_)])[0]
    m = size - 5
    whole = m & ~3
    w = column(index_const(4), w, (whole & 4) + (whole & 8))
    return _loop(5, size, [w], lambda j, w_: [column(j, w_)])[0]


def _update(w, j: int, bk: int, end: int, zero):
    """The rows j+bk:end of columns j:j+bk solved against the factored block (the trsm kernel,
    right side: blocks of 4 unknowns, each the solved ones' fused chain subtracted once, then
    solved right-looking, fused), then the trailing lower triangle minus the syrk kernel's chain."""
    one = const(1.0, zero.type)
    starts = openblas_order.blocks(bk, 4, True)

    def block(r, w_, start, size):
        """the unknowns start:start+size of row r (start: an index value, from column j)."""
        cols = [arith.addi(index_const(j + t), start) for t in range(size)]
        c = [arith.subf(tensor.extract(w_, [r, col]),
                        _chain(w_, r, col, index_const(j), arith.addi(index_const(j), start), zero)) for col in cols]
        for t in range(size):
            x = arith.mulf(c[t], arith.divf(one, tensor.extract(w_, [cols[t], cols[t]])))
            w_ = tensor.insert(x, w_, [r, cols[t]])
            for u in range(t + 1, size):
                c[u] = mmath.fma(arith.negf(x), tensor.extract(w_, [cols[u], cols[t]]), c[u])
        return w_

    def row(r, w_):
        whole = [s_ for s_, size in starts if size == 4]
        w_ = _loop(0, len(whole), [w_], lambda b, w2: [block(r, w2, arith.muli(b, index_const(4)), 4)])[0]
        for start, size in starts[len(whole):]:    # the tails: 2, 1
            w_ = block(r, w_, index_const(start), size)
        return [w_]

    w = _loop(j + bk, end, [w], row)[0]

    def trailing(r, w_):
        def entry(c, w2):
            s = _chain(w2, r, c, index_const(j), index_const(j + bk), zero)
            return [tensor.insert(arith.subf(tensor.extract(w2, [r, c]), s), w2, [r, c])]
        return _loop(j + bk, arith.addi(r, index_const(1)), [w_], entry)

    return _loop(j + bk, end, [w], trailing)[0]


def potrf_in_order(a: ir.Value, for_batches) -> ir.Value:
    """The lower factors of `a` ([..., n, n] f32, static n); NaN where one is not positive definite."""
    t = a.type.element_type
    *batch, n, _n = emit.dims(a)
    zero = const(0.0, t)
    nan = const(float("nan"), t)
    steps = openblas_order.potrf_plan(n, openblas_order.openblas_threads())

    def per_matrix(bi, acc):
        def copy(r, w_):
            return _loop(0, arith.addi(r, index_const(1)), [w_], lambda c, w2: [
                tensor.insert(tensor.extract(a, bi + [r, c]), w2, [r, c])])
        w = _loop(0, n, [emit.fill(zero, [n, n])], copy)[0]
        for step in steps:
            w = _potf2(w, step[1], step[2], zero) if step[0] == "potf2" else _update(w, *step[1:4], zero)
        ok = _loop(0, n, [const(1, ir.IntegerType.get_signless(1))], lambda i, ok_: [
            arith.andi(ok_, arith.cmpf(F.OGT, tensor.extract(w, [i, i]), zero))])[0]

        def out_row(r, acc_):
            def out_entry(c, acc2):
                lower = arith.cmpi(I.ule, c, r)
                v = arith.select(ok, arith.select(lower, tensor.extract(w, [r, c]), zero), nan)
                return [tensor.insert(v, acc2, bi + [r, c])]
            return _loop(0, n, [acc_], out_entry)
        return [_loop(0, n, [acc], out_row)[0]]

    return for_batches(batch, [emit.fill(emit.zero_scalar(t), emit.dims(a))], per_matrix)[0]


# ----------------------------------------------------------------------------- complex64

def capplies(a: ir.Value, element: str, lower: bool) -> bool:
    rows, cols = emit.dims(a)[-2:]
    if element != "complex<f32>" or not lower or not isinstance(rows, int) or rows != cols:
        return False
    return openblas_order.CPOTF2_SIZE < rows <= openblas_order.CPOTRF_SIZE.get(openblas_order.kernels(), 0)


def _get(w, r, c):
    return tensor.extract(w[0], [r, c]), tensor.extract(w[1], [r, c])


def _put(w, r, c, v):
    return [tensor.insert(v[0], w[0], [r, c]), tensor.insert(v[1], w[1], [r, c])]


def _cdot(w, r, c, lo, hi, zero, tail: bool):
    """sum over k in [lo, hi) of w[r, k] conj(w[c, k]): four fused chains combined (a whole
    8-row block of the gemm kernel) or one fused chain a part (its row tails)."""
    def four(k, rr, ii, ir, ri):
        (a, b), (x, y) = _get(w, r, k), _get(w, c, k)
        return [mmath.fma(a, x, rr), mmath.fma(b, y, ii), mmath.fma(b, x, ir), mmath.fma(a, y, ri)]

    def one(k, re, im):
        (a, b), (x, y) = _get(w, r, k), _get(w, c, k)
        return [mmath.fma(a, x, mmath.fma(b, y, re)), mmath.fma(b, x, mmath.fma(arith.negf(a), y, im))]

    if tail:
        return tuple(_loop(lo, hi, [zero, zero], one))
    rr, ii, ir, ri = _loop(lo, hi, [zero] * 4, four)
    return arith.addf(rr, ii), arith.subf(ir, ri)


def _cpotf2(w, o: int, size: int, zero):
    one_ = const(1.0, zero.type)
    four, oi = index_const(4), index_const(o)

    def column(j, w):
        J = arith.addi(oi, j)
        s0, s1 = _loop(oi, J, [zero, zero], lambda k, a, b: [
            mmath.fma(_get(w, J, k)[0], _get(w, J, k)[0], a), mmath.fma(_get(w, J, k)[1], _get(w, J, k)[1], b)])
        d = mmath.sqrt(arith.subf(_get(w, J, J)[0], arith.addf(s0, s1)))
        w = _put(w, J, J, (d, zero))
        inv = arith.divf(one_, d)
        first = arith.addi(J, index_const(1))
        rows = arith.subi(index_const(o + size), first)
        whole_end = arith.addi(first, arith.muli(arith.divui(rows, four), four))
        groups = arith.divui(j, four)

        def vec_row(r, w0, w1):
            w_ = [w0, w1]

            def group(g, sr, si):
                k0 = arith.addi(oi, arith.muli(g, four))
                re, im = _cdot(w_, r, J, k0, arith.addi(k0, four), zero, False)
                return [arith.addf(sr, re), arith.subf(si, im)]

            sr, si = _loop(0, groups, [zero, zero], group)
            sr, si = _loop(arith.addi(oi, arith.muli(groups, four)), J, [sr, si], lambda k, a, b: [
                arith.addf(a, _cdot(w_, r, J, k, arith.addi(k, index_const(1)), zero, False)[0]),
                arith.subf(b, _cdot(w_, r, J, k, arith.addi(k, index_const(1)), zero, False)[1])])
            yr, yi = _get(w_, r, J)
            return _put(w_, r, J, (arith.mulf(arith.subf(yr, sr), inv), arith.mulf(arith.addf(yi, si), inv)))

        def tail_row(r, w0, w1):
            w_ = [w0, w1]

            def term(k, tr, ti):
                (ar, ai), (xr, xi) = _get(w_, r, k), _get(w_, J, k)
                return [arith.addf(tr, mmath.fma(ar, xr, arith.mulf(ai, xi))),
                        arith.addf(ti, mmath.fma(ar, xi, arith.negf(arith.mulf(ai, xr))))]

            tr, ti = _loop(oi, J, [zero, zero], term)
            yr, yi = _get(w_, r, J)
            return _put(w_, r, J, (arith.mulf(arith.subf(yr, tr), inv), arith.mulf(arith.addf(yi, ti), inv)))

        w = _loop(first, whole_end, w, vec_row)
        return _loop(whole_end, index_const(o + size), w, tail_row)

    return _loop(0, size, list(w), lambda j, w0, w1: column(j, [w0, w1]))


def _cupdate(w, j: int, bk: int, end: int, pieces: list, zero):
    one_ = const(1.0, zero.type)

    def block(r, w_, start, size, tail):
        cols = [arith.addi(index_const(j + t), start) for t in range(size)]
        c = []
        for col in cols:
            re, im = _cdot(w_, r, col, index_const(j), arith.addi(index_const(j), start), zero, tail)
            cr, ci = _get(w_, r, col)
            c.append([arith.subf(cr, re), arith.subf(ci, im)])
        for t in range(size):
            inv = arith.divf(one_, _get(w_, cols[t], cols[t])[0])
            xr, xi = arith.mulf(c[t][0], inv), arith.mulf(c[t][1], inv)
            w_ = _put(w_, r, cols[t], (xr, xi))
            for u in range(t + 1, size):
                br, bi = _get(w_, cols[u], cols[t])
                c[u] = [arith.subf(c[u][0], mmath.fma(xr, br, arith.mulf(xi, bi))),
                        arith.subf(c[u][1], mmath.fma(arith.negf(xr), bi, arith.mulf(xi, br)))]
        return w_

    def row_body(tail):
        def row(r, w0, w1):
            w_ = _loop(0, bk // 2, [w0, w1], lambda b, a0, a1: block(r, [a0, a1], arith.muli(b, index_const(2)), 2, tail))
            if bk % 2:
                w_ = block(r, w_, index_const(bk - 1), 1, tail)
            return w_
        return row

    start = j + bk
    for piece in pieces:                           # each thread's rows: one trsm kernel call
        whole = start + piece // 8 * 8
        w = _loop(start, whole, w, row_body(False))
        w = _loop(whole, start + piece, w, row_body(True))
        start += piece

    def trailing(tail):
        def row(r, w0, w1):
            def entry(c, a0, a1):
                w2 = [a0, a1]
                re, im = _cdot(w2, r, c, index_const(j), index_const(j + bk), zero, tail)
                cr, ci = _get(w2, r, c)
                return _put(w2, r, c, (arith.subf(cr, re), arith.subf(ci, im)))
            return _loop(j + bk, arith.addi(r, index_const(1)), [w0, w1], entry)
        return row

    m = end - j - bk
    w = _loop(j + bk, j + bk + m // 8 * 8, w, trailing(False))
    return _loop(j + bk + m // 8 * 8, end, w, trailing(True))


def cpotrf_in_order(a: ir.Value, for_batches) -> ir.Value:
    """The lower factors of `a` ([..., n, n] complex<f32>, static n); NaN where one is not
    positive definite."""
    from mlir.dialects import complex as cx
    t = a.type.element_type
    *batch, n, _n = emit.dims(a)
    part = ir.F32Type.get()
    zero, nan = const(0.0, part), const(float("nan"), part)
    steps = openblas_order.potrf_plan(n, openblas_order.openblas_threads(), complex_=True)

    def per_matrix(bi, acc):
        def copy(r, w0, w1):
            def entry(c, a0, a1):
                v = tensor.extract(a, bi + [r, c])
                return _put([a0, a1], r, c, (cx.re(v), cx.im(v)))
            return _loop(0, arith.addi(r, index_const(1)), [w0, w1], entry)
        w = _loop(0, n, [emit.fill(zero, [n, n]), emit.fill(zero, [n, n])], copy)
        for step in steps:
            w = _cpotf2(w, step[1], step[2], zero) if step[0] == "potf2" else _cupdate(w, *step[1:], zero)
        ok = _loop(0, n, [const(1, ir.IntegerType.get_signless(1))], lambda i, ok_: [
            arith.andi(ok_, arith.cmpf(F.OGT, _get(w, i, i)[0], zero))])[0]

        def out_row(r, acc_):
            def out_entry(c, acc2):
                lower = arith.cmpi(I.ule, c, r)
                vr, vi = _get(w, r, c)
                vr = arith.select(ok, arith.select(lower, vr, zero), nan)
                vi = arith.select(ok, arith.select(lower, vi, zero), zero)
                return [tensor.insert(cx.create_(t, vr, vi), acc2, bi + [r, c])]
            return _loop(0, n, [acc_], out_entry)
        return [_loop(0, n, [acc], out_row)[0]]

    return for_batches(batch, [emit.fill(emit.zero_scalar(t), emit.dims(a))], per_matrix)[0]
