"""Compiled lower Cholesky factors of static f32 matrices past potf2 in the order of OpenBLAS's
blocked potrf on its AVX-512 kernels, as the interpreter computes them
(interpreter/ops/openblas_order.py: potrf_in_order, which says what was measured): the blocks
are planned here, at lowering time, and each step (potf2 on a block, the trsm of the rows below
it, the syrk of the trailing triangle) is a loop nest over a working copy of one matrix."""
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


def plan(n: int, threads: int) -> list:
    """The steps of OpenBLAS's potrf on an n x n matrix: ("potf2", o, size), ("update", j, bk, end)."""
    steps = []

    def single(o, size):
        if size <= 32:
            steps.append(("potf2", o, size))
            return
        blocking = size // 4
        for j in range(o, o + size, blocking):
            bk = min(blocking, o + size - j)
            single(j, bk)
            if j + bk < o + size:
                steps.append(("update", j, bk, o + size))

    def threaded(o, size):
        if size <= 16:
            return single(o, size)
        blocking = (size // 2 + 3) & ~3
        for j in range(o, o + size, blocking):
            bk = min(blocking, o + size - j)
            threaded(j, bk)
            if j + bk < o + size:
                steps.append(("update", j, bk, o + size))

    (single if n < 256 or threads == 1 else threaded)(0, n)
    return steps


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
    steps = plan(n, openblas_order.openblas_threads())

    def per_matrix(bi, acc):
        def copy(r, w_):
            return _loop(0, arith.addi(r, index_const(1)), [w_], lambda c, w2: [
                tensor.insert(tensor.extract(a, bi + [r, c]), w2, [r, c])])
        w = _loop(0, n, [emit.fill(zero, [n, n])], copy)[0]
        for step in steps:
            w = _potf2(w, step[1], step[2], zero) if step[0] == "potf2" else _update(w, *step[1:], zero)
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
