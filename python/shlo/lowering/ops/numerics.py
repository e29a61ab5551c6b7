"""Numerical library ops: batch_norm_inference / training / grad, cholesky,
triangular_solve and fft.

As in the interpreter, the work is done in f64 (complex<f64> for complex
values) and rounded once to the result type. Batch norm is element-wise
generics and reductions over the non-feature dimensions. cholesky and
triangular_solve are the textbook column / row recurrences in scf loops over
each matrix of the batch. fft is a direct DFT along each transformed
dimension: a contraction with a twiddle matrix computed at run time (exact
index arithmetic modulo N before the cos/sin), which is O(N^2) per line.
"""
from __future__ import annotations

import math

from mlir import ir
from mlir.dialects import arith, complex as cx, linalg, math as mmath, scf, tensor

from .. import element as el
from .. import emit
from ..element import const, index_const
from ..registry import OpContext, lowers
from .elementwise import convert_scalar
from .shapes import reshape_static

F = arith.CmpFPredicate


def _f64():
    return ir.F64Type.get()


def _c128():
    return ir.ComplexType.get(ir.F64Type.get())


def _wide_name(element: str) -> str:
    return "complex<f64>" if el.kind(element) == "complex" else "f64"


def _widen(v: ir.Value, element: str) -> ir.Value:
    """A tensor of `element` as f64 / complex<f64> (one generic)."""
    wide = _wide_name(element)
    if element == wide:
        return v
    n = emit.rank(v)
    out = emit.empty(emit.dims(v), el.mlir_type(wide))
    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n,
                        lambda x, _o: convert_scalar(el.to_compute(x, element), element, wide))[0]


def _narrow(v: ir.Value, element: str) -> ir.Value:
    """An f64 / complex<f64> tensor rounded once to `element` (storage)."""
    wide = _wide_name(element)
    if element == wide:
        return v
    n = emit.rank(v)
    out = emit.empty(emit.dims(v), el.storage_type(element))
    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n,
                        lambda x, _o: el.from_compute(convert_scalar(x, wide, element), element))[0]


def _map(inputs: list, maps: list, rank: int, sizes, fn, element_type) -> ir.Value:
    out = emit.empty(sizes, element_type)
    return emit.generic(inputs, [out], maps + [emit.identity_map(rank)], ["parallel"] * rank,
                        lambda *a: fn(*a[:-1]))[0]


# ----------------------------------------------------------------------------- batch normalization

def _bn_setup(ctx: OpContext, operand):
    fi = int(ctx.attrs["feature_index"])
    element = ctx.operand_types[0].element
    rank = emit.rank(operand)
    eps = float(_eps_in(ctx, element))
    feat = emit.affine_map(rank, [fi])
    return fi, element, rank, eps, feat


def _eps_in(ctx: OpContext, element: str) -> float:
    import numpy as np
    from ...interpreter.ops.elementwise import finish
    return float(finish(np.asarray(ctx.attrs["epsilon"] or 0.0, np.float64), element))


def _feature_sum(x: ir.Value, fi: int, fn=None, extra=()) -> ir.Value:
    """sum over every dimension but fi of fn(x, *extra) (f64), as a 1-D tensor."""
    rank = emit.rank(x)
    size = emit.dim(x, fi)
    out = emit.fill(const(0.0, _f64()), [size])
    feat = emit.affine_map(rank, [fi])
    its = ["parallel" if d == fi else "reduction" for d in range(rank)]
    ins = [x] + [e for e, _ in extra]
    maps = [emit.identity_map(rank)] + [m for _, m in extra] + [feat]

    def body(*a):
        v = fn(*a[:-1]) if fn else a[0]
        return arith.addf(a[-1], v)

    return emit.generic(ins, [out], maps, its, body)[0]


def _count(x: ir.Value, fi: int) -> ir.Value:
    """Number of elements per feature, as f64."""
    total = index_const(1)
    for d, s in enumerate(emit.dims(x)):
        if d != fi:
            total = arith.muli(total, emit.as_index(s))
    return arith.uitofp(_f64(), arith.index_cast(ir.IntegerType.get_signless(64), total))


@lowers("batch_norm_inference")
def batch_norm_inference(ctx: OpContext, operand, scale, offset, mean, variance):
    fi, element, rank, eps, feat = _bn_setup(ctx, operand)
    x = _widen(operand, element)
    params = [_widen(v, element) for v in (scale, offset, mean, variance)]

    def fn(xv, s, o, m, var):
        sd = mmath.sqrt(arith.addf(var, const(eps, _f64())))
        return arith.addf(arith.mulf(arith.divf(arith.subf(xv, m), sd), s), o)

    out = _map([x] + params, [emit.identity_map(rank)] + [feat] * 4, rank, emit.dims(x), fn, _f64())
    return _narrow(out, ctx.result_types[0].element)


@lowers("batch_norm_training")
def batch_norm_training(ctx: OpContext, operand, scale, offset):
    fi, element, rank, eps, feat = _bn_setup(ctx, operand)
    x = _widen(operand, element)
    s, o = _widen(scale, element), _widen(offset, element)
    n = _count(x, fi)
    mean = _map([_feature_sum(x, fi)], [emit.identity_map(1)], 1, [emit.dim(x, fi)],
                lambda v: arith.divf(v, n), _f64())

    def sq(xv, m):
        c = arith.subf(xv, m)
        return arith.mulf(c, c)

    var = _map([_feature_sum(x, fi, sq, [(mean, feat)])], [emit.identity_map(1)], 1, [emit.dim(x, fi)],
               lambda v: arith.divf(v, n), _f64())

    def norm(xv, m, v, sc, of):
        sd = mmath.sqrt(arith.addf(v, const(eps, _f64())))
        return arith.addf(arith.mulf(arith.divf(arith.subf(xv, m), sd), sc), of)

    out = _map([x, mean, var, s, o], [emit.identity_map(rank)] + [feat] * 4, rank, emit.dims(x), norm, _f64())
    return [_narrow(out, element), _narrow(mean, ctx.result_types[1].element),
            _narrow(var, ctx.result_types[2].element)]


@lowers("batch_norm_grad")
def batch_norm_grad(ctx: OpContext, operand, scale, mean, variance, grad_output):
    fi, element, rank, eps, feat = _bn_setup(ctx, operand)
    x = _widen(operand, element)
    g = _widen(grad_output, ctx.operand_types[4].element)
    sc, m, var = (_widen(v, element) for v in (scale, mean, variance))
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


# ----------------------------------------------------------------------------- matrices

def _batched(v: ir.Value, what: str, ctx: OpContext):
    """A [..., m, n] tensor as [B, m, n] (static shapes), and the batch shape."""
    shape = emit.static_shape(v)
    if None in shape:
        raise ctx.error(f"{what} with dynamic dimensions is not compiled yet")
    b = 1
    for s in shape[:-2]:
        b *= s
    return reshape_static(v, [b] + shape[-2:]), shape


def _zero(t: ir.Type) -> ir.Value:
    return emit.zero_scalar(t)


def _is_complex(t: ir.Type) -> bool:
    return isinstance(t, ir.ComplexType)


def _conj(v: ir.Value) -> ir.Value:
    return cx.conj(v) if _is_complex(v.type) else v


def _mul(a, b):
    return cx.mul(a, b) if _is_complex(a.type) else arith.mulf(a, b)


def _sub(a, b):
    return cx.sub(a, b) if _is_complex(a.type) else arith.subf(a, b)


def _div(a, b):
    return cx.div(a, b) if _is_complex(a.type) else arith.divf(a, b)


def _real(v):
    return cx.re(v) if _is_complex(v.type) else v


def _from_real(r, t):
    return cx.create_(t, r, const(0.0, _f64())) if _is_complex(t) else r


def _for(lo, hi, iters: list, body) -> list:
    """scf.for with `body(i, *iters) -> list` (ints or index values for the bounds)."""
    op = scf.ForOp(emit.as_index(lo), emit.as_index(hi), index_const(1), iters)
    with ir.InsertionPoint(op.body):
        scf.YieldOp(body(op.induction_variable, *op.inner_iter_args))
    return list(op.results)


def _hermitian(a: ir.Value, lower: bool) -> ir.Value:
    """The Hermitian matrices whose selected triangle `a` ([B, n, n], wide) holds; real diagonal."""
    t = a.type.element_type
    out = emit.empty(emit.dims(a), t)

    def body(_o):
        b, i, j = (linalg.IndexOp(d).result for d in range(3))
        take_direct = arith.cmpi(arith.CmpIPredicate.sge if lower else arith.CmpIPredicate.sle, i, j)
        ii = arith.select(take_direct, i, j)
        jj = arith.select(take_direct, j, i)
        v = tensor.extract(a, [b, ii, jj])
        v = arith.select(take_direct, v, _conj(v))
        diag = arith.cmpi(arith.CmpIPredicate.eq, i, j)
        return arith.select(diag, _from_real(_real(v), t), v)

    return emit.generic([], [out], [emit.identity_map(3)], ["parallel"] * 3, body)[0]


@lowers("cholesky")
def cholesky(ctx: OpContext, a):
    element = ctx.operand_types[0].element
    lower = bool(ctx.attr("lower", False))
    flat, shape = _batched(_widen(a, element), "cholesky", ctx)
    t = flat.type.element_type
    bsz, n = emit.static_shape(flat)[0], shape[-1]
    h = _hermitian(flat, lower)
    out = emit.fill(_zero(t), [bsz, n, n])
    nan = _from_real(const(float("nan"), _f64()), t)

    def per_matrix(b, acc):
        def column(j, acc_, ok):
            d = tensor.extract(h, [b, j, j])
            s = _for(0, j, [_zero(t)], lambda k, s_: [_add(s_, _mul(tensor.extract(acc_, [b, j, k]),
                                                                     _conj(tensor.extract(acc_, [b, j, k]))))])[0]
            diag2 = arith.subf(_real(d), _real(s))
            good = arith.cmpf(F.OGT, diag2, const(0.0, _f64()))        # NaN is not > 0
            ljj = mmath.sqrt(arith.maximumf(diag2, const(0.0, _f64())))
            acc_ = tensor.insert(_from_real(ljj, t), acc_, [b, j, j])

            def row(i, acc2):
                s2 = _for(0, j, [_zero(t)], lambda k, s_: [_add(s_, _mul(tensor.extract(acc2, [b, i, k]),
                                                                          _conj(tensor.extract(acc2, [b, j, k]))))])[0]
                v = _div(_sub(tensor.extract(h, [b, i, j]), s2), _from_real(ljj, t))
                return [tensor.insert(v, acc2, [b, i, j])]

            acc_ = _for(arith.addi(j, index_const(1)), n, [acc_], row)[0]
            return [acc_, arith.andi(ok, good)]

        acc, ok = _for(0, n, [acc, const(1, ir.IntegerType.get_signless(1))], column)
        if_op = scf.IfOp(ok, [acc.type], has_else=True)
        with ir.InsertionPoint(if_op.then_block):
            scf.YieldOp([acc])
        with ir.InsertionPoint(if_op.else_block):
            filled = _for(0, n, [acc], lambda i, m: [_for(0, n, [m], lambda j, m2: [
                tensor.insert(nan, m2, [b, i, j])])[0]])[0]
            scf.YieldOp([filled])
        return [if_op.results[0]]

    out = _for(0, bsz, [out], per_matrix)[0]
    if not lower:
        out = _conj_transpose(out)
    return reshape_static(_narrow(out, ctx.result_types[0].element), list(shape))


def _add(a, b):
    return cx.add(a, b) if _is_complex(a.type) else arith.addf(a, b)


def _conj_transpose(m: ir.Value) -> ir.Value:
    t = m.type.element_type
    out = emit.empty(emit.dims(m), t)
    in_map = emit.affine_map(3, [0, 2, 1])
    return emit.generic([m], [out], [in_map, emit.identity_map(3)], ["parallel"] * 3,
                        lambda x, _o: _conj(x))[0]


@lowers("triangular_solve")
def triangular_solve(ctx: OpContext, a, b):
    ea, eb = ctx.operand_types[0].element, ctx.operand_types[1].element
    complex_ = el.kind(ea) == "complex" or el.kind(eb) == "complex"
    wide = "complex<f64>" if complex_ else "f64"
    left = bool(ctx.attrs["left_side"])
    lower = bool(ctx.attrs["lower"])
    unit = bool(ctx.attrs["unit_diagonal"])
    trans = ctx.attrs["transpose_a"] or "NO_TRANSPOSE"
    A, shape_a = _batched(_widen_to(a, ea, wide), "triangular_solve", ctx)
    B, shape_b = _batched(_widen_to(b, eb, wide), "triangular_solve", ctx)
    t = A.type.element_type
    bsz, m = emit.static_shape(A)[0], shape_a[-1]
    # the effective triangular matrix M (after transpose/adjoint), with unit diagonal if asked
    is_lower = lower if trans == "NO_TRANSPOSE" else not lower
    if not left:
        is_lower = not is_lower
    transposed = (trans != "NO_TRANSPOSE") != (not left)    # read A[j, i] instead of A[i, j]
    conj = trans == "ADJOINT"
    one = _from_real(const(1.0, _f64()), t)

    def entry(bi, i, j):
        ii, jj = (j, i) if transposed else (i, j)
        v = tensor.extract(A, [bi, ii, jj])
        return cx.conj(v) if conj and _is_complex(t) else v

    rhs = B if left else _plain_transpose(B)       # solve M X = rhs, rows of X in order
    ncols = emit.static_shape(rhs)[2]
    x = emit.fill(_zero(t), [bsz, m, ncols])

    def per_matrix(bi, acc):
        def step(k, acc_):
            i = k if is_lower else arith.subi(index_const(m - 1), k)
            lo, hi = (index_const(0), i) if is_lower else (arith.addi(i, index_const(1)), index_const(m))

            def col(c, acc2):
                s = _for(lo, hi, [tensor.extract(rhs, [bi, i, c])],
                         lambda kk, s_: [_sub(s_, _mul(entry(bi, i, kk), tensor.extract(acc2, [bi, kk, c])))])[0]
                d = one if unit else entry(bi, i, i)
                return [tensor.insert(_div(s, d), acc2, [bi, i, c])]

            return _for(0, ncols, [acc_], col)
        return _for(0, m, [acc], step)

    x = _for(0, bsz, [x], per_matrix)[0]
    if not left:
        x = _plain_transpose(x)
    return reshape_static(_narrow_to(x, wide, ctx.result_types[0].element), list(shape_b))


def _widen_to(v, element: str, wide: str):
    if element == wide:
        return v
    n = emit.rank(v)
    out = emit.empty(emit.dims(v), el.mlir_type(wide))
    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n,
                        lambda x, _o: convert_scalar(el.to_compute(x, element), element, wide))[0]


def _narrow_to(v, wide: str, element: str):
    if element == wide:
        return v
    n = emit.rank(v)
    out = emit.empty(emit.dims(v), el.storage_type(element))
    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n,
                        lambda x, _o: el.from_compute(convert_scalar(x, wide, element), element))[0]


def _plain_transpose(m: ir.Value) -> ir.Value:
    sizes = emit.dims(m)
    out = emit.empty([sizes[0], sizes[2], sizes[1]], m.type.element_type)
    return emit.generic([m], [out], [emit.affine_map(3, [0, 2, 1]), emit.identity_map(3)], ["parallel"] * 3,
                        lambda x, _o: x)[0]


# ----------------------------------------------------------------------------- fft

def _dft_last(x: ir.Value, n_out: int, n_in: int, inverse: bool) -> ir.Value:
    """y[..., k] = sum_j x[..., j] * exp(-+2 pi i j k / N), N = max(n_in, n_out) lengths given;
    x is complex<f64> [..., n_in]; the twiddles are exact modulo N before cos/sin."""
    rank = emit.rank(x)
    big_n = max(n_in, n_out)
    i64 = ir.IntegerType.get_signless(64)
    c = _c128()
    sign = 1.0 if inverse else -1.0
    tw = emit.empty([n_in, n_out], c)

    def twiddle(_o):
        j = arith.index_cast(i64, linalg.IndexOp(0).result)
        k = arith.index_cast(i64, linalg.IndexOp(1).result)
        r = arith.remui(arith.muli(j, k), const(big_n, i64))
        ang = arith.mulf(arith.uitofp(_f64(), r), const(sign * 2 * math.pi / big_n, _f64()))
        return cx.create_(c, mmath.cos(ang), mmath.sin(ang))

    tw = emit.generic([], [tw], [emit.identity_map(2)], ["parallel"] * 2, twiddle)[0]
    sizes = emit.dims(x)[:-1] + [n_out]
    out = emit.fill(_zero(c), sizes)
    # loops: batch dims..., k (parallel), j (reduction)
    n = rank + 1
    x_map = emit.affine_map(n, list(range(rank - 1)) + [rank])
    t_map = emit.affine_map(n, [rank, rank - 1])
    o_map = emit.affine_map(n, list(range(rank)))
    return emit.generic([x, tw], [out], [x_map, t_map, o_map], ["parallel"] * rank + ["reduction"],
                        lambda a, w, acc: cx.add(acc, cx.mul(a, w)))[0]


def _move_last(v: ir.Value, d: int) -> ir.Value:
    rank = emit.rank(v)
    if d == rank - 1:
        return v
    perm = [i for i in range(rank) if i != d] + [d]
    sizes = emit.dims(v)
    out = emit.empty([sizes[p] for p in perm], v.type.element_type)
    op = linalg.transpose(v, outs=[out], permutation=perm)
    return op if isinstance(op, ir.Value) else op.results[0]


def _move_back(v: ir.Value, d: int) -> ir.Value:
    rank = emit.rank(v)
    if d == rank - 1:
        return v
    perm = [i for i in range(rank) if i != d] + [d]
    inverse = [perm.index(i) for i in range(rank)]
    sizes = emit.dims(v)
    out = emit.empty([sizes[p] for p in inverse], v.type.element_type)
    op = linalg.transpose(v, outs=[out], permutation=inverse)
    return op if isinstance(op, ir.Value) else op.results[0]


def _scale(v: ir.Value, factor: float) -> ir.Value:
    n = emit.rank(v)
    out = emit.empty(emit.dims(v), v.type.element_type)
    f = cx.create_(_c128(), const(factor, _f64()), const(0.0, _f64()))
    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n,
                        lambda x, _o: cx.mul(x, f))[0]


def _hermitian_complete(v: ir.Value, n: int) -> ir.Value:
    """[..., n//2+1] half spectrum -> [..., n] full one (conjugate symmetry), for IRFFT."""
    rank = emit.rank(v)
    sizes = emit.dims(v)[:-1] + [n]
    out = emit.empty(sizes, v.type.element_type)
    half = n // 2 + 1

    def body(_o):
        idx = [linalg.IndexOp(d).result for d in range(rank)]
        k = idx[-1]
        mirrored = arith.cmpi(arith.CmpIPredicate.sge, k, index_const(half))
        src = arith.select(mirrored, arith.subi(index_const(n), k), k)
        val = tensor.extract(v, idx[:-1] + [src])
        # the DC and Nyquist entries contribute their real parts only
        nyquist = arith.cmpi(arith.CmpIPredicate.eq, k, index_const(n // 2)) if n % 2 == 0 else None
        real_only = arith.cmpi(arith.CmpIPredicate.eq, k, index_const(0))
        if nyquist is not None:
            real_only = arith.ori(real_only, nyquist)
        val = arith.select(real_only, cx.create_(_c128(), cx.re(val), const(0.0, _f64())), val)
        return arith.select(mirrored, cx.conj(val), val)

    return emit.generic([], [out], [emit.identity_map(rank)], ["parallel"] * rank, body)[0]


@lowers("fft")
def fft(ctx: OpContext, operand):
    fft_type = ctx.attrs["fft_type"]
    lengths = [int(n) for n in ctx.attrs["fft_length"]]
    element = ctx.operand_types[0].element
    rtype = ctx.result_types[0]
    rank = emit.rank(operand)
    if None in emit.static_shape(operand):
        raise ctx.error("fft with dynamic dimensions is not compiled yet")
    if 0 in emit.static_shape(operand) or 0 in lengths or 0 in rtype.shape:
        return emit.zeros(rtype)
    x = _widen_to(operand, element, "complex<f64>")
    axes = list(range(rank - len(lengths), rank))
    if fft_type in ("FFT", "IFFT"):
        inverse = fft_type == "IFFT"
        for d, n in zip(axes, lengths):
            x = _move_back(_dft_last(_move_last(x, d), n, n, inverse), d)
            if inverse:
                x = _scale(x, 1.0 / n)
        return _narrow_to(x, "complex<f64>", rtype.element)
    if fft_type == "RFFT":
        *lead, last = list(zip(axes, lengths))
        d, n = last
        x = _dft_last(x, n // 2 + 1, n, False)
        for d2, n2 in lead:
            x = _move_back(_dft_last(_move_last(x, d2), n2, n2, False), d2)
        return _narrow_to(x, "complex<f64>", rtype.element)
    if fft_type == "IRFFT":
        *lead, last = list(zip(axes, lengths))
        for d2, n2 in lead:
            x = _move_back(_scale(_dft_last(_move_last(x, d2), n2, n2, True), 1.0 / n2), d2)
        d, n = last
        x = _scale(_dft_last(_hermitian_complete(x, n), n, n, True), 1.0 / n)
        out = emit.empty(emit.dims(x), _f64())
        real = emit.generic([x], [out], [emit.identity_map(rank)] * 2, ["parallel"] * rank,
                            lambda v, _o: cx.re(v))[0]
        return _narrow_to(real, "f64", rtype.element)
    raise ctx.error(f"unknown fft_type {fft_type}")
