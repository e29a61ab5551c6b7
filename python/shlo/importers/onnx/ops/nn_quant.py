"""Quantization (QuantizeLinear / DequantizeLinear per tensor, per axis and blocked;
DynamicQuantizeLinear; QLinearMatMul / QLinearConv / MatMulInteger / ConvInteger) and Einsum.

Quantized values are plain integer (or f8) tensors here: the arithmetic is spelled out as ONNX's
docs define it (integer products in i32, requantization in float with round-half-even and
saturation), so no quantized shlo types are involved."""
from __future__ import annotations

import numpy as np

from ....literals import numpy_dtype
from .. import dtypes
from ..registry import converts
from .nn import bin_op, conv, dot, matmul, norm_axis, reduce1

F32 = "f32"


def _expand_param(cx, p, x, axis, block_size):
    """A scale / zero point (scalar, per axis, or blocked along axis) broadcast to x's sizes."""
    sizes = cx.sizes_of(x)
    r = cx.rank(p)
    if r == 0 or (r == 1 and cx.info(p).shape[0] == 1 and not block_size):
        return cx.broadcast(cx.reshape(p, []), sizes, dims=[])
    axis = norm_axis(cx, axis, len(sizes))
    if r == 1 and not block_size:
        return cx.broadcast(p, sizes, dims=[axis])
    if not block_size:
        raise cx.error("a multi-dimensional scale needs block_size")
    ps = cx.sizes_of(p)
    if not all(isinstance(s, int) for s in ps + [sizes[axis]]):
        raise cx.error("blocked quantization needs static sizes")
    # repeat each block's parameter block_size times along axis, then cut to x's size
    grown = ps[:axis] + [ps[axis], block_size] + ps[axis + 1:]
    dims = list(range(axis + 1)) + list(range(axis + 2, len(grown)))
    rep = cx.reshape(cx.broadcast(p, grown, dims=dims), ps[:axis] + [ps[axis] * block_size] + ps[axis + 1:])
    if ps[axis] * block_size != sizes[axis]:
        rep = cx.op("slice", rep, start_indices=[0] * len(sizes), limit_indices=list(sizes),
                    strides=[1] * len(sizes))
    return rep


def _limits(element):
    info = np.iinfo(numpy_dtype(element)) if element not in ("i4", "ui4") else None
    if element == "i4":
        return -8, 7
    if element == "ui4":
        return 0, 15
    return info.min, info.max


def _saturate_int(cx, v, element):
    """v (a float tensor): rounded half to even, clamped to element's range, converted."""
    lo, hi = _limits(element)
    f = cx.element(v)
    sizes = cx.sizes_of(v)
    v = cx.op("round_nearest_even", v)
    v = cx.op("clamp", cx.const(lo, f, sizes), v, cx.const(hi, f, sizes))
    return cx.convert(v, element)


@converts("QuantizeLinear", since=10)
def quantize_linear(cx, x, y_scale, y_zero_point=None, axis=1, block_size=0, output_dtype=0, saturate=1,
                    precision=0):
    if y_zero_point is not None:
        out = cx.element(y_zero_point)
    elif output_dtype:
        out = dtypes.element(output_dtype)
    else:
        out = "ui8"
    work = "f64" if cx.element(x) == "f64" else F32
    xf = cx.convert(x, work)
    q = cx.op("divide", xf, _expand_param(cx, cx.convert(y_scale, work), x, axis, block_size))
    if dtypes.is_float(out):           # f8: no rounding; saturation clamps to the finite range
        if y_zero_point is not None:
            q = cx.op("add", q, _expand_param(cx, cx.convert(y_zero_point, work), x, axis, block_size))
        if saturate:
            import ml_dtypes
            m = float(ml_dtypes.finfo(numpy_dtype(out)).max)
            sizes = cx.sizes_of(q)
            q = cx.op("clamp", cx.const(-m, work, sizes), q, cx.const(m, work, sizes))
        return cx.convert(q, out)
    q = cx.op("round_nearest_even", q)
    if y_zero_point is not None:
        q = cx.op("add", q, _expand_param(cx, cx.convert(y_zero_point, work), x, axis, block_size))
    return _saturate_int(cx, q, out)


@converts("DequantizeLinear", since=10)
def dequantize_linear(cx, x, x_scale, x_zero_point=None, axis=1, block_size=0, output_dtype=0):
    out = dtypes.element(output_dtype) if output_dtype else cx.element(x_scale)
    work = "f64" if out == "f64" else F32
    xf = cx.convert(x, work)
    if x_zero_point is not None:
        xf = cx.op("subtract", xf, _expand_param(cx, cx.convert(x_zero_point, work), x, axis, block_size))
    y = cx.op("multiply", xf, _expand_param(cx, cx.convert(x_scale, work), x, axis, block_size))
    return cx.convert(y, out)


@converts("DynamicQuantizeLinear", since=11)
def dynamic_quantize_linear(cx, x):
    x = cx.convert(x, F32)
    dims = list(range(cx.rank(x)))
    zero = cx.const(0, F32)
    hi = cx.op("maximum", reduce1(cx, x, dims, "maximum", -np.inf), zero)
    lo = cx.op("minimum", reduce1(cx, x, dims, "minimum", np.inf), zero)
    span = cx.op("subtract", hi, lo)
    span = cx.op("select", cx.op("compare", span, zero, comparison_direction="EQ"), cx.const(1, F32), span)
    scale = cx.op("divide", span, cx.const(255, F32))
    zp = cx.op("clamp", cx.const(0, F32), cx.op("subtract", zero, cx.op("divide", lo, scale)), cx.const(255, F32))
    zp = cx.op("round_nearest_even", zp)
    sizes = cx.sizes_of(x)
    q = cx.op("add", cx.op("round_nearest_even", cx.op("divide", x, cx.broadcast(scale, sizes, dims=[]))),
              cx.broadcast(zp, sizes, dims=[]))
    return [_saturate_int(cx, q, "ui8"), scale, cx.convert(zp, "ui8")]


def _centered(cx, v, zp, axis=None):
    """v - zero_point in i32 (zp scalar, or per row / per output channel along axis)."""
    v = cx.convert(v, "i32")
    if zp is None:
        return v
    zp = cx.convert(zp, "i32")
    if cx.rank(zp) == 0 or cx.info(zp).shape == [1]:
        zp = cx.broadcast(cx.reshape(zp, []), cx.sizes_of(v), dims=[])
    else:
        zp = cx.broadcast(zp, cx.sizes_of(v), dims=[norm_axis(cx, axis, cx.rank(v))])
    return cx.op("subtract", v, zp)


@converts("MatMulInteger", since=10)
def matmul_integer(cx, a, b, a_zero_point=None, b_zero_point=None):
    # a's zero point is per row (its second-to-last dimension), b's per column (its last)
    return matmul(cx, _centered(cx, a, a_zero_point, -2 if cx.rank(a) > 1 else 0),
                  _centered(cx, b, b_zero_point, -1))


@converts("ConvInteger", since=10)
def conv_integer(cx, x, w, x_zero_point=None, w_zero_point=None, **attrs):
    return conv(cx, _centered(cx, x, x_zero_point), _centered(cx, w, w_zero_point, 0), None, **attrs)


def _requantize(cx, acc, a_scale, b_scale, y_scale, y_zp, out, per_axis=None):
    """acc * (a_scale * b_scale / y_scale) + y_zp, rounded and saturated to `out`."""
    e = cx.element(a_scale)
    m = bin_op(cx, "divide", bin_op(cx, "multiply", a_scale, cx.convert(b_scale, e)), cx.convert(y_scale, e))
    m = cx.convert(m, "f64")
    d = cx.convert(acc, "f64")
    sizes = cx.sizes_of(d)
    if cx.rank(m) == 0 or cx.info(m).shape == [1]:
        m = cx.broadcast(cx.reshape(m, []), sizes, dims=[])
    else:
        m = cx.broadcast(m, sizes, dims=[per_axis])
    d = cx.op("multiply", d, m)
    if y_zp is not None:
        d = cx.op("add", d, cx.broadcast(cx.reshape(cx.convert(y_zp, "f64"), []), sizes, dims=[]))
    return _saturate_int(cx, d, out)


@converts("QLinearMatMul", since=10)
def qlinear_matmul(cx, a, a_scale, a_zp, b, b_scale, b_zp, y_scale, y_zp):
    acc = matmul(cx, _centered(cx, a, a_zp, -2), _centered(cx, b, b_zp, -1))
    per = cx.rank(acc) - 1
    return _requantize(cx, acc, a_scale, b_scale, y_scale, y_zp, cx.element(y_zp) if y_zp is not None else
                       cx.element(a), per)


@converts("QLinearConv", since=10)
def qlinear_conv(cx, x, x_scale, x_zp, w, w_scale, w_zp, y_scale, y_zp, bias=None, **attrs):
    acc = conv(cx, _centered(cx, x, x_zp), _centered(cx, w, w_zp, 0), None, **attrs)
    if bias is not None:
        acc = cx.op("add", acc, cx.broadcast(cx.convert(bias, "i32"), cx.sizes_of(acc), dims=[1]))
    return _requantize(cx, acc, x_scale, w_scale, y_scale, y_zp, cx.element(y_zp) if y_zp is not None else
                       cx.element(x), 1)


# ----------------------------------------------------------------------------- Einsum

def _parse(cx, equation, ranks):
    """The equation's operand subscripts and output subscripts as lists of labels, the ellipsis
    expanded to labels '0', '1', ... (right-aligned across operands, as numpy broadcasts)."""
    eq = equation.replace(" ", "")
    lhs, arrow, rhs = eq.partition("->")
    terms = lhs.split(",")
    if len(terms) != len(ranks):
        raise cx.error(f"equation {equation!r} names {len(terms)} operands, the node has {len(ranks)}")
    n_ell = max([r - (len(t) - 3) for t, r in zip(terms, ranks) if "..." in t] or [0])
    ell = [str(i) for i in range(n_ell)]
    subs = []
    for t, r in zip(terms, ranks):
        if "..." in t:
            a, _, b = t.partition("...")
            k = r - len(a) - len(b)
            subs.append(list(a) + ell[n_ell - k:] + list(b))
        else:
            subs.append(list(t))
        if len(subs[-1]) != r:
            raise cx.error(f"equation {equation!r}: {t!r} does not match a rank-{r} operand")
    if arrow:
        out = list(rhs.replace("...", "".join(ell))) if "..." in rhs else list(rhs)
    else:
        counts = {}
        for s in subs:
            for c in s:
                counts[c] = counts.get(c, 0) + 1
        out = ell + sorted(c for c, n in counts.items() if n == 1 and c not in ell)
    return subs, out


def _diagonal(cx, x, sub):
    """Repeated labels of one operand collapsed to their diagonal."""
    while len(set(sub)) != len(sub):
        c = next(c for c in sub if sub.count(c) > 1)
        i = sub.index(c)
        j = sub.index(c, i + 1)
        sizes = cx.sizes_of(x)
        from .tensors import _iota         # (a dynamic_iota where a size is a run-time one)
        ii, jj = _iota(cx, sizes, i), _iota(cx, sizes, j)
        eq = cx.op("compare", ii, jj, comparison_direction="EQ")
        x = cx.op("select", eq, x, cx.const(0, cx.element(x), sizes))
        x = reduce1(cx, x, [j], "add", 0)
        sub = sub[:j] + sub[j + 1:]
    return x, sub


def _sum_out(cx, x, sub, keep):
    dims = [d for d, c in enumerate(sub) if c not in keep]
    if dims:
        x = reduce1(cx, x, dims, "add", 0)
        sub = [c for c in sub if c in keep]
    return x, sub


@converts("Einsum", since=12)
def einsum(cx, *operands, equation):
    subs, out = _parse(cx, equation, [cx.rank(v) for v in operands])
    vals = []
    for k, (v, s) in enumerate(zip(operands, subs)):
        v, s = _diagonal(cx, v, s)
        later = set(out).union(*[set(t) for i, t in enumerate(subs) if i != k])
        vals.append(_sum_out(cx, v, s, later))
    x, sx = vals[0]
    for k in range(1, len(vals)):
        y, sy = vals[k]
        rest = set(out).union(*[set(t) for t in subs[k + 1:]])
        batch = [c for c in sx if c in sy and c in rest]
        contract = [c for c in sx if c in sy and c not in rest]
        x, y = _match_sizes(cx, x, sx, y, sy, batch + contract)
        x = dot(cx, x, y, [sx.index(c) for c in contract], [sy.index(c) for c in contract],
                [sx.index(c) for c in batch], [sy.index(c) for c in batch])
        sx = batch + [c for c in sx if c not in sy] + [c for c in sy if c not in sx]
    x, sx = _sum_out(cx, x, sx, set(out))
    if sx != out:
        x = cx.op("transpose", x, permutation=[sx.index(c) for c in out])
    return x


def _match_sizes(cx, x, sx, y, sy, shared):
    """Broadcasts size-1 dimensions of shared labels (the ellipsis' numpy broadcasting)."""
    xs, ys = cx.sizes_of(x), cx.sizes_of(y)
    nx, ny = list(xs), list(ys)
    for c in shared:
        a, b = xs[sx.index(c)], ys[sy.index(c)]
        if a == 1 and b != 1:
            nx[sx.index(c)] = b
        elif b == 1 and a != 1:
            ny[sy.index(c)] = a
    if nx != xs:
        x = cx.reshape(cx.broadcast(cx.reshape(x, xs), nx), nx)
    if ny != ys:
        y = cx.broadcast(y, ny)
    return x, y
