"""Neural-network ops: MatMul, Gemm, Conv / ConvTranspose, pooling, normalizations, the Softmax
family and Dropout. (Resize / GridSample / RoiAlign live in nn_sample.py, the recurrent ops and
Attention in nn_rnn.py, quantization, Einsum and DFT in nn_quant.py.)

Layouts stay ONNX's (N, C, spatial...): convolutions through their dimension numbers, pooling
as `reduce_window`s over the trailing spatial dimensions. Padding follows ONNX's auto_pad rules
(SAME_UPPER puts the odd pad at the end, SAME_LOWER at the start)."""
from __future__ import annotations

import numpy as np
from mlir import ir

from ....types import tensor_type
from .. import dtypes
from ...emitter import lowest, reduce, reduce1, scalar_type  # noqa: F401  (shared; re-exported)
from ..registry import converts

I64 = "i64"


# ----------------------------------------------------------------------------- shared helpers

def keep(cx, r, x, dims):
    """A reduction r of x over dims, broadcast back to x's sizes (keepdims and expand at once)."""
    rank = cx.rank(x)
    kept = [d for d in range(rank) if d not in dims]
    return cx.broadcast(r, cx.sizes_of(x), dims=kept)


def sum_keep(cx, x, dims):
    return keep(cx, reduce1(cx, x, dims, "add", 0), x, dims)


# bf16 sums longer than this are a plain (tree-ordered) reduce rather than an unrolled chain
_SEQUENTIAL_SUM_LIMIT = 256


def numpy_sum(cx, x, dims):
    """A sum over dims rounded as numpy's (onnx's reference): f16 over trailing dimensions is
    numpy's pairwise sum in f32, rounded once; f16 over other dimensions and bf16 (an ml_dtypes
    type) are added element by element in index order, each partial sum rounded; other types
    are a plain reduce."""
    element = cx.element(x)
    sizes = cx.sizes_of(x)
    trailing = sorted(dims) == list(range(len(sizes) - len(dims), len(sizes)))
    if element == "f16" and trailing:
        return cx.convert(reduce1(cx, cx.convert(x, "f32"), dims, "add", 0), "f16")
    reduced = [sizes[d] for d in dims]
    if element not in ("f16", "bf16") or not dims or not all(isinstance(n, int) for n in sizes):
        return reduce1(cx, x, dims, "add", 0)
    n = int(np.prod(reduced))
    if n == 0 or n > _SEQUENTIAL_SUM_LIMIT:
        return reduce1(cx, x, dims, "add", 0)
    kept = [d for d in range(len(sizes)) if d not in dims]
    # the reduced elements in row-major order along one trailing dimension
    t = cx.op("transpose", x, permutation=kept + sorted(dims)) if kept + sorted(dims) != list(range(len(sizes))) else x
    t = cx.reshape(t, [sizes[d] for d in kept] + [n])
    rank = len(kept) + 1

    def column(i):
        c = cx.op("slice", t, start_indices=[0] * (rank - 1) + [i],
                  limit_indices=list(cx.info(t).shape[:-1]) + [i + 1], strides=[1] * rank)
        return cx.reshape(c, [sizes[d] for d in kept])

    acc = column(0)
    for i in range(1, n):
        acc = cx.op("add", acc, column(i))
    return acc


def count(cx, x, dims, element):
    """The number of elements over dims (a rank-0 constant or value of `element`)."""
    sizes = [cx.sizes_of(x)[d] for d in dims]
    n = int(np.prod([s for s in sizes if isinstance(s, int)]))
    v = cx.const(n, element)
    for s in sizes:
        if not isinstance(s, int):
            v = cx.op("multiply", v, cx.convert(s, element))
    return v


def mean_keep(cx, x, dims):
    s = sum_keep(cx, x, dims)
    n = cx.broadcast(count(cx, x, dims, cx.element(x)), cx.sizes_of(x), dims=[])
    return cx.op("divide", s, n)


def bin_op(cx, name, a, b):
    """An element-wise op with numpy broadcasting; b may be a Python number."""
    if not isinstance(b, ir.Value):
        b = cx.const(b, cx.element(a))
    if not isinstance(a, ir.Value):
        a = cx.const(a, cx.element(b))
    sizes = cx.broadcast_sizes(a, b)
    return cx.op(name, cx.broadcast(a, sizes), cx.broadcast(b, sizes))


def along(cx, v, x, axis: int):
    """A 1-D per-channel value v broadcast along x's dimension `axis`."""
    return cx.broadcast(cx.convert(v, cx.element(x)), cx.sizes_of(x), dims=[axis])


def spatial_attr(value, n: int, default: int) -> list:
    return list(value) if value else [default] * n


def norm_axis(cx, axis: int, rank: int) -> int:
    if not -rank <= axis < max(rank, 1):
        raise cx.error(f"axis {axis} is out of range for rank {rank}")
    return axis % max(rank, 1)


def dot(cx, a, b, lc, rc, lb=(), rb=()):
    return cx.op("dot_general", a, b, dot_dimension_numbers={
        "lhs_batching_dimensions": list(lb), "rhs_batching_dimensions": list(rb),
        "lhs_contracting_dimensions": list(lc), "rhs_contracting_dimensions": list(rc)})


def matmul(cx, a, b):
    """numpy matmul: 1-D operands promoted then squeezed, batch dimensions broadcast."""
    ra, rb = cx.rank(a), cx.rank(b)
    if ra == 1 and rb == 1:
        return dot(cx, a, b, [0], [0])
    if rb == 1:
        return dot(cx, a, b, [ra - 1], [0])
    if ra == 1:
        if rb == 2:
            return dot(cx, a, b, [0], [0])
        y = matmul(cx, cx.reshape(a, [1] + cx.sizes_of(a)), b)
        sizes = cx.sizes_of(y)
        return cx.reshape(y, sizes[:-2] + sizes[-1:])
    if ra == 2 and rb == 2:
        return dot(cx, a, b, [1], [0])
    sa, sb = cx.sizes_of(a), cx.sizes_of(b)
    batch = max(ra, rb) - 2
    bsizes = _broadcast_lists(sa[:-2], sb[:-2])
    la = cx.broadcast(a, bsizes + sa[-2:])
    lb_ = cx.broadcast(b, bsizes + sb[-2:])
    bd = list(range(batch))
    return dot(cx, la, lb_, [batch + 1], [batch], bd, bd)


def _broadcast_lists(x, y):
    n = max(len(x), len(y))
    x = [1] * (n - len(x)) + list(x)
    y = [1] * (n - len(y)) + list(y)
    out = []
    for p, q in zip(x, y):
        if isinstance(p, int) and p == 1:
            out.append(q)
        elif isinstance(q, int) and q == 1:
            out.append(p)
        else:
            out.append(p if isinstance(p, int) else q)
    return out


# ----------------------------------------------------------------------------- matrix products

@converts("MatMul", since=1)
def matmul_op(cx, a, b):
    return matmul(cx, a, b)


@converts("Gemm", since=7)
def gemm(cx, a, b, c=None, alpha=1.0, beta=1.0, transA=0, transB=0, broadcast=0):
    element = cx.element(a)
    y = dot(cx, a, b, [0 if transA else 1], [1 if transB else 0])
    if alpha != 1.0:
        y = bin_op(cx, "multiply", y, cx.const(alpha, element))
    if c is not None:
        if beta != 1.0:
            c = bin_op(cx, "multiply", c, cx.const(beta, element))
        y = cx.op("add", y, cx.broadcast(c, cx.sizes_of(y)))
    return y


# ----------------------------------------------------------------------------- convolution

def _dnums(rank: int) -> dict:
    spatial = list(range(2, rank))
    return {"input_batch_dimension": 0, "input_feature_dimension": 1, "input_spatial_dimensions": spatial,
            "kernel_output_feature_dimension": 0, "kernel_input_feature_dimension": 1,
            "kernel_spatial_dimensions": spatial,
            "output_batch_dimension": 0, "output_feature_dimension": 1, "output_spatial_dimensions": spatial}


def _i64_ops(cx):
    """Rank-0 i64 arithmetic on sizes (ints or values)."""
    v = lambda a: cx.size_value(a)  # noqa: E731
    return (lambda a, b: cx.op("add", v(a), v(b)), lambda a, b: cx.op("subtract", v(a), v(b)),
            lambda a, b: cx.op("multiply", v(a), v(b)), lambda a, b: cx.op("divide", v(a), v(b)),
            lambda a, b: cx.op("maximum", v(a), v(b)))


def same_pads(cx, sizes, kernel, strides, dilations, auto_pad):
    """[lo, hi] per spatial dimension for SAME_UPPER / SAME_LOWER: out = ceil(in / stride); a
    run-time size gives rank-0 i64 pads (padded explicitly before the window op: pad_dynamic)."""
    pads = []
    for size, k, s, d in zip(sizes, kernel, strides, dilations):
        if not isinstance(size, int):
            add, sub, mul, div, mx = _i64_ops(cx)
            out = div(add(size, s - 1), s)
            total = mx(sub(add(mul(sub(out, 1), s), (k - 1) * d + 1), size), 0)
            small = div(total, 2)
            big = sub(total, small)
            pads.append([small, big] if auto_pad == "SAME_UPPER" else [big, small])
            continue
        out = -(-size // s)
        total = max(0, (out - 1) * s + (k - 1) * d + 1 - size)
        small = total // 2
        pads.append([small, total - small] if auto_pad == "SAME_UPPER" else [total - small, small])
    return pads


def conv_pads(cx, sizes, kernel, strides, dilations, auto_pad, pads):
    n = len(kernel)
    if auto_pad in ("SAME_UPPER", "SAME_LOWER"):
        return same_pads(cx, sizes, kernel, strides, dilations, auto_pad)
    if auto_pad == "VALID":
        return [[0, 0]] * n
    if auto_pad not in ("NOTSET", ""):
        raise cx.error(f"unknown auto_pad {auto_pad!r}")
    pads = list(pads) if pads else [0] * (2 * n)
    return [[pads[i], pads[i + n]] for i in range(n)]


def pad_dynamic(cx, x, lead: int, pads, value, force=False):
    """x padded by `value` with [lo, hi] per trailing spatial dimension when any pad is a run-time
    value (then [[0, 0]] per dimension is returned for the window op); else x and pads as given."""
    if all(isinstance(p, int) for pair in pads for p in pair) and not force:
        return x, pads
    rank = cx.rank(x)
    lo = [0] * lead + [p[0] for p in pads]
    hi = [0] * lead + [p[1] for p in pads]
    shape = [d if all(isinstance(q, int) for q in (lo[i], hi[i])) and d is not None else None
             for i, d in enumerate(cx.info(x).shape)]
    shape = [d + lo[i] + hi[i] if d is not None else None for i, d in enumerate(shape)]
    zeros = cx.shape_tensor([0] * rank)
    fill = value if isinstance(value, ir.Value) else cx.const(value, cx.element(x))     # (a pool's init value)
    y = cx.op("dynamic_pad", x, fill, cx.shape_tensor(lo), cx.shape_tensor(hi), zeros,
              result_types=[tensor_type(shape, cx.element(x))])
    return y, [[0, 0]] * len(pads)


def _add_bias(cx, y, bias):
    if bias is None:
        return y
    y = cx.sized_like_output(y)           # (the batch size of every Conv is then read once)
    return cx.op("add", y, along(cx, bias, y, 1))


@converts("Conv", since=1)
def conv(cx, x, w, bias=None, auto_pad="NOTSET", dilations=None, group=1, kernel_shape=None, pads=None,
         strides=None):
    rank = cx.rank(x)
    n = rank - 2
    kernel = list(kernel_shape) if kernel_shape else cx.info(w).shape[2:]
    if any(k is None for k in kernel):
        raise cx.error("Conv needs a static kernel size")
    strides, dilations = spatial_attr(strides, n, 1), spatial_attr(dilations, n, 1)
    padding = conv_pads(cx, cx.sizes_of(x)[2:], kernel, strides, dilations, auto_pad, pads)
    x, padding = pad_dynamic(cx, x, 2, padding, 0)
    y = cx.op("convolution", x, w, window_strides=strides, padding=padding, lhs_dilation=[1] * n,
              rhs_dilation=dilations, dimension_numbers=_dnums(rank), feature_group_count=group,
              batch_group_count=1)
    return _add_bias(cx, y, bias)


def _transposed_kernel(cx, w, group: int):
    """ONNX's transposed kernel (C, M/group, k...) as a forward kernel (M, C/group, k...), flipped."""
    rank = cx.rank(w)
    c, m_g, *kernel = cx.info(w).shape
    if None in [c, m_g] + kernel:
        raise cx.error("ConvTranspose needs a static kernel shape")
    w = cx.reshape(w, [group, c // group, m_g] + kernel)
    w = cx.op("transpose", w, permutation=[0, 2, 1] + list(range(3, rank + 1)))
    w = cx.reshape(w, [group * m_g, c // group] + kernel)
    return cx.op("reverse", w, dimensions=list(range(2, rank)))


@converts("ConvTranspose", since=1)
def conv_transpose(cx, x, w, bias=None, auto_pad="NOTSET", dilations=None, group=1, kernel_shape=None,
                   output_padding=None, output_shape=None, pads=None, strides=None):
    rank = cx.rank(x)
    n = rank - 2
    kernel = list(kernel_shape) if kernel_shape else cx.info(w).shape[2:]
    strides, dilations = spatial_attr(strides, n, 1), spatial_attr(dilations, n, 1)
    out_pad = spatial_attr(output_padding, n, 0)
    sizes = cx.sizes_of(x)[2:]
    derived = bool(output_shape) or auto_pad in ("SAME_UPPER", "SAME_LOWER")
    if derived:        # pads from the total padding the target size implies (output_padding included)
        if output_shape and not all(isinstance(s, int) for s in sizes):
            raise cx.error("ConvTranspose with output_shape needs static spatial sizes")
        target = list(output_shape)[-n:] if output_shape else None
        padding = []
        for i in range(n):
            # SAME's target is size * stride: the total does not depend on the (maybe run-time) size
            total = (strides[i] * (sizes[i] - 1) - target[i] if target else -strides[i]) + out_pad[i] + \
                (kernel[i] - 1) * dilations[i] + 1
            half = total // 2
            # as onnx's reference: SAME_UPPER puts the odd pad last, otherwise first
            padding.append([half, total - half] if auto_pad == "SAME_UPPER" else [total - half, half])
    elif auto_pad == "VALID":
        padding = [[0, 0]] * n
    else:
        p = list(pads) if pads else [0] * (2 * n)
        padding = [[p[i], p[i + n]] for i in range(n)]
    wk = _transposed_kernel(cx, w, group)
    lohi = [[d * (k - 1) - lo, d * (k - 1) - hi + op] for k, d, (lo, hi), op in
            zip(kernel, dilations, padding, out_pad)]
    y = cx.op("convolution", x, wk, window_strides=[1] * n, padding=lohi, lhs_dilation=strides,
              rhs_dilation=dilations, dimension_numbers=_dnums(rank), feature_group_count=group,
              batch_group_count=1)
    return _add_bias(cx, y, bias)


# ----------------------------------------------------------------------------- pooling

def reduce_window(cx, inputs, inits, body, window, strides, dilations, padding):
    """A reduce_window over `inputs`; body(accs, elems) -> list of rank-0 values."""
    rank = cx.rank(inputs[0])
    sizes = cx.sizes_of(inputs[0])
    shape = []
    for d in range(rank):
        if not isinstance(sizes[d], int):
            shape.append(None)
            continue
        span = (window[d] - 1) * dilations[d] + 1
        shape.append((sizes[d] + sum(padding[d]) - span) // strides[d] + 1)
    elements = [cx.element(v) for v in inputs]
    op = cx.region_op("reduce_window", list(inputs), list(inits), window_dimensions=list(window),
                      window_strides=list(strides), window_dilations=list(dilations),
                      padding=[list(p) for p in padding], result_types=[tensor_type(shape, e) for e in elements])
    types = [scalar_type(e) for e in elements]
    block = op.regions[0].blocks.append(*types, *types)
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        cx.op("return", list(body(args[:len(inputs)], args[len(inputs):])), result_types=[])
    return list(op.results)


class Pool:
    """A pooling node's window geometry over the trailing spatial dimensions of x."""

    def __init__(self, cx, x, kernel_shape, strides, pads, dilations, auto_pad, ceil_mode):
        rank = cx.rank(x)
        n = self.n = len(kernel_shape)
        self.lead = rank - n
        self.kernel = list(kernel_shape)
        self.strides = spatial_attr(strides, n, 1)
        self.dilations = spatial_attr(dilations, n, 1)
        self.sizes = cx.sizes_of(x)[-n:]
        self.pads = conv_pads(cx, self.sizes, self.kernel, self.strides, self.dilations, auto_pad, pads)
        self.given = [list(p) for p in self.pads]      # without ceil mode's extension
        if ceil_mode:
            for i, (size, k, s, d) in enumerate(zip(self.sizes, self.kernel, self.strides, self.dilations)):
                lo, hi = self.pads[i]
                if not all(isinstance(v, int) for v in (size, lo, hi)):     # the same rule at run time
                    add, sub, mul, div, mx = _i64_ops(cx)
                    span = (k - 1) * d + 1
                    out = add(div(add(sub(add(add(size, lo), hi), span), s - 1), s), 1)
                    late = cx.op("compare", mul(sub(out, 1), s), add(size, lo), comparison_direction="GE")
                    out = cx.op("select", late, sub(out, 1), out)
                    self.pads[i] = [lo, mx(hi, sub(sub(add(mul(sub(out, 1), s), span), size), lo))]
                    continue
                span = (k - 1) * d + 1
                out = -(-(size + lo + hi - span) // s) + 1
                if (out - 1) * s >= size + lo:        # the last window must start inside
                    out -= 1
                self.pads[i] = [lo, max(hi, (out - 1) * s + span - size - lo)]

    def run(self, cx, inputs, inits, body):
        lead = self.lead
        pads = self.pads
        if not all(isinstance(p, int) for pair in pads for p in pair):     # run-time pads: each input
            inputs = [pad_dynamic(cx, v, lead, pads, i)[0] for v, i in zip(inputs, inits)]
            pads = [[0, 0]] * self.n                                      # padded by its init value
        return reduce_window(cx, inputs, inits, body, [1] * lead + self.kernel, [1] * lead + self.strides,
                             [1] * lead + self.dilations, [[0, 0]] * lead + pads)

    def counts(self, out_sizes, include_pad: bool):
        """Each output window's number of positions (inside the given padding, or inside x)."""
        c = np.ones((), np.float64)
        for size, o, k, s, d, (lo, hi) in zip(self.sizes, out_sizes, self.kernel, self.strides, self.dilations,
                                              self.given):
            pos = np.arange(o)[:, None] * s - lo + np.arange(k)[None, :] * d
            inside = (pos >= -lo if include_pad else pos >= 0) & (pos < size + (hi if include_pad else 0))
            c = np.multiply.outer(c, inside.sum(1).astype(np.float64))
        return c


def _pool_kwargs(kw):
    return {k: kw.get(k) for k in ("strides", "pads", "dilations")} | {
        "auto_pad": kw.get("auto_pad", "NOTSET"), "ceil_mode": kw.get("ceil_mode", 0)}


@converts("MaxPool", since=1)
def max_pool(cx, x, kernel_shape, storage_order=0, **kw):
    element = cx.element(x)
    p = Pool(cx, x, kernel_shape, **_pool_kwargs(kw))
    init = cx.const(lowest(element), element)
    want_index = len(cx.node.output) > 1 and cx.node.output[1]
    if not want_index:
        return p.run(cx, [x], [init], lambda a, e: [cx.op("maximum", a[0], e[0])])[0]
    sizes = cx.sizes_of(x)
    if all(isinstance(s, int) for s in sizes):
        flat = np.arange(int(np.prod(sizes)), dtype=np.int64).reshape(sizes)
        if storage_order:       # column-major within each spatial plane
            sp = sizes[-p.n:]
            plane = np.arange(int(np.prod(sp)), dtype=np.int64).reshape(sp[::-1]).T
            flat = (flat // int(np.prod(sp))) * int(np.prod(sp)) + plane
        index = cx.const(flat, I64, flat.shape)
    else:                       # run-time sizes: the same flat positions from iotas
        rank = len(sizes)
        lead = rank - p.n
        order = list(range(lead)) + (list(range(rank - 1, lead - 1, -1)) if storage_order else list(range(lead, rank)))
        index, mult = None, 1
        for d in reversed(order):
            term = cx.iota(sizes, d)
            if not (isinstance(mult, int) and mult == 1):
                term = cx.op("multiply", term, cx.broadcast(cx.size_value(mult), sizes, dims=[]))
            index = term if index is None else cx.op("add", index, term)
            mult = mult * sizes[d] if isinstance(mult, int) and isinstance(sizes[d], int) else cx.op(
                "multiply", cx.size_value(mult), cx.size_value(sizes[d]))

    def body(accs, elems):       # the first strictly larger value wins; NaN never does
        (av, ai), (bv, bi) = accs, elems
        gt = cx.op("compare", bv, av, comparison_direction="GT")
        eq = cx.op("compare", bv, av, comparison_direction="EQ")
        take = cx.op("or", gt, cx.op("and", eq, cx.op("compare", bi, ai, comparison_direction="LT")))
        return [cx.op("select", take, bv, av), cx.op("select", take, bi, ai)]
    y, i = p.run(cx, [x, index], [init, cx.const(np.iinfo(np.int64).max, I64)], body)
    return [y, i]


@converts("AveragePool", since=1)
def average_pool(cx, x, kernel_shape, count_include_pad=0, **kw):
    element = cx.element(x)
    p = Pool(cx, x, kernel_shape, **_pool_kwargs(kw))
    (total,) = p.run(cx, [x], [cx.const(0, element)], lambda a, e: [cx.op("add", a[0], e[0])])
    out = cx.info(total).shape[-p.n:]
    if None in out:         # dynamic spatial sizes: the counts pooled from ones (a splat when every
        extended = p.pads != p.given        # window is whole: no padding, or padding counted and no
        padded = any(not isinstance(v, int) or v for g in p.given for v in g)     # ceil_mode extension)
        if not extended and (count_include_pad or not padded):
            return cx.op("divide", total, cx.const(float(np.prod(p.kernel)), element, cx.sizes_of(total)))
        add = lambda a, e: [cx.op("add", a[0], e[0])]  # noqa: E731
        ones = cx.const(1, element, cx.sizes_of(x))
        if count_include_pad and padded:    # the given padding counts, ceil_mode's extension does not
            ones, _ = pad_dynamic(cx, ones, p.lead, p.given, cx.const(1, element), force=True)
            full = p.pads
            left = lambda a, b: a - b if isinstance(a, int) and isinstance(b, int) else cx.op(  # noqa: E731
                "subtract", cx.size_value(a), cx.size_value(b))
            p.pads = [[left(lo, glo), left(hi, ghi)] for (lo, hi), (glo, ghi) in zip(full, p.given)]
            (c,) = p.run(cx, [ones], [cx.const(0, element)], add)
            p.pads = full
        else:
            (c,) = p.run(cx, [ones], [cx.const(0, element)], add)
        return cx.op("divide", total, c)
    c = p.counts(out, bool(count_include_pad))
    return cx.op("divide", total, cx.broadcast(cx.const(c, element, c.shape), cx.sizes_of(total),
                                               dims=list(range(p.lead, p.lead + p.n))))


def _pow(cx, x, p):
    return cx.op("power", x, cx.const(p, cx.element(x), cx.sizes_of(x)))


@converts("LpPool", since=1)
def lp_pool(cx, x, kernel_shape, p=2, **kw):
    element = cx.element(x)
    pool = Pool(cx, x, kernel_shape, **_pool_kwargs(kw))
    (total,) = pool.run(cx, [_pow(cx, cx.op("abs", x), float(p))], [cx.const(0, element)],
                        lambda a, e: [cx.op("add", a[0], e[0])])
    return _pow(cx, total, 1.0 / p)


def _global(cx, x, name, init):
    dims = list(range(2, cx.rank(x)))
    r = reduce1(cx, x, dims, name, init)
    return cx.reshape(r, cx.sizes_of(x)[:2] + [1] * len(dims))


@converts("GlobalMaxPool", since=1)
def global_max_pool(cx, x):
    return _global(cx, x, "maximum", lowest(cx.element(x)))


@converts("GlobalAveragePool", since=1)
def global_average_pool(cx, x):
    dims = list(range(2, cx.rank(x)))
    s = _global(cx, x, "add", 0)
    return cx.op("divide", s, cx.broadcast(count(cx, x, dims, cx.element(x)), cx.sizes_of(s), dims=[]))


@converts("GlobalLpPool", since=1)
def global_lp_pool(cx, x, p=2):
    s = _global(cx, _pow(cx, cx.op("abs", x), float(p)), "add", 0)
    return _pow(cx, s, 1.0 / p)


@converts("MaxUnpool", since=9)
def max_unpool(cx, x, indices, output_shape=None, kernel_shape=None, pads=None, strides=None):
    n = len(kernel_shape)
    sizes = cx.sizes_of(x)
    # values land at their flat index in the pooled input's size, padded with zeros at the end
    # up to output_shape when one is given (as onnx's reference does)
    strides = spatial_attr(strides, n, 1)
    p = list(pads) if pads else [0] * (2 * n)
    static = all(isinstance(s, int) for s in sizes)

    def unpooled(s, st, k, lo, hi):         # (s - 1) * st + k - lo - hi, s an int or a run-time size
        if isinstance(s, int):
            return (s - 1) * st + k - lo - hi
        return cx.op("add", cx.op("multiply", cx.op("subtract", s, cx.const(1, I64)), cx.const(st, I64)),
                     cx.const(k - lo - hi, I64))
    inferred = sizes[:2] + [unpooled(s, st, k, p[i], p[i + n])
                            for i, (s, st, k) in enumerate(zip(sizes[2:], strides, kernel_shape))]
    n_in = cx.element_count(sizes)
    flat_i = cx.reshape(cx.convert(indices, I64), [n_in, 1])
    zeros = cx.const(0, cx.element(x), [cx.element_count(inferred)])
    y = cx.reshape(scatter_flat(cx, zeros, flat_i, cx.reshape(x, [n_in])), inferred)
    if output_shape is None:
        return y
    zero = cx.const(0, cx.element(x))
    if cx.known(2) is not None and static:
        out = cx.known_ints(2, "output_shape")
        return cx.op("pad", y, zero, edge_padding_low=[0] * len(out), interior_padding=[0] * len(out),
                     edge_padding_high=[o - i for o, i in zip(out, inferred)])
    rank = len(sizes)
    hi = cx.op("subtract", cx.convert(output_shape, I64), cx.shape_tensor(inferred))
    lo = cx.const(np.zeros(rank, np.int64), I64, (rank,))
    return cx.op("dynamic_pad", y, zero, lo, hi, lo, result_types=[tensor_type([None] * rank, cx.element(x))])


def scatter_flat(cx, operand, index, updates):
    """operand (1-D) with operand[index[k]] = updates[k]."""
    element = cx.element(operand)
    op = cx.region_op("scatter", [operand], index, [updates], scatter_dimension_numbers={
        "update_window_dims": [], "inserted_window_dims": [0], "scatter_dims_to_operand_dims": [0],
        "index_vector_dim": 1, "input_batching_dims": [], "scatter_indices_batching_dims": []},
        indices_are_sorted=False, unique_indices=False, result_types=[operand.type])
    t = scalar_type(element)
    block = op.regions[0].blocks.append(t, t)
    with ir.InsertionPoint(block):
        cx.op("return", [block.arguments[1]], result_types=[])
    return op.results[0]


# ----------------------------------------------------------------------------- normalization

def _stat_element(cx, x):
    """Statistics of low-precision floats are computed in f32."""
    return "f32" if cx.element(x) in ("f16", "bf16") else cx.element(x)


def _mean(cx, x, dims):
    """x's mean over dims (reduced away)."""
    s = reduce1(cx, x, dims, "add", 0)
    return cx.op("divide", s, cx.broadcast(count(cx, x, dims, cx.element(x)), cx.sizes_of(s), dims=[]))


def _normalize(cx, x, dims, eps):
    """(x - mean) / sqrt(var + eps) over dims, with the mean, the (population) variance and
    1 / sqrt(var + eps), reduced over dims."""
    mean = _mean(cx, x, dims)
    d = cx.op("subtract", x, keep(cx, mean, x, dims))
    var = _mean(cx, cx.op("multiply", d, d), dims)
    inv = cx.op("rsqrt", cx.op("add", var, cx.const(eps, cx.element(x), cx.sizes_of(var))))
    return cx.op("multiply", d, keep(cx, inv, x, dims)), mean, var, inv


@converts("BatchNormalization", since=7)
def batch_norm(cx, x, scale, b, mean, var, epsilon=1e-5, momentum=0.9, spatial=1, training_mode=0):
    element = cx.element(x)
    rank = cx.rank(x)
    per_activation = spatial != 1 and cx.opset < 9 and cx.rank(scale) > 1
    if per_activation and (training_mode or len([o for o in cx.node.output if o]) > 1):
        raise cx.error("spatial=0 (per-activation statistics) is supported for inference only (one output)")
    if per_activation:      # opsets 7-8, spatial=0: statistics of shape (C, D1, ..., Dn), one per activation
        def per(v):
            return cx.broadcast(cx.convert(v, element), cx.sizes_of(x), dims=list(range(1, rank)))
    else:
        def per(v):
            return along(cx, v, x, 1)
    if training_mode:
        dims = [0] + list(range(2, rank))
        xs = cx.convert(x, _stat_element(cx, x))
        y, cur_mean, cur_var, _ = _normalize(cx, xs, dims, epsilon)
        y = cx.convert(y, element)
        y = cx.op("add", cx.op("multiply", y, along(cx, scale, x, 1)), along(cx, b, x, 1))
        cur_var = cx.convert(cur_var, cx.element(var))
        mom = cx.const(momentum, cx.element(mean), cx.sizes_of(mean))
        rest = cx.const(1 - momentum, cx.element(mean), cx.sizes_of(mean))
        run_mean = cx.op("add", cx.op("multiply", mean, mom), cx.op("multiply", cx.convert(cur_mean, cx.element(mean)), rest))
        run_var = cx.op("add", cx.op("multiply", var, mom), cx.op("multiply", cur_var, rest))
        return [y, run_mean, run_var]
    inv = cx.op("rsqrt", cx.op("add", cx.convert(var, element), cx.const(epsilon, element, cx.sizes_of(var))))
    y = cx.op("multiply", cx.op("subtract", x, per(mean)), per(inv))
    return cx.op("add", cx.op("multiply", y, per(scale)), per(b))


@converts("InstanceNormalization", since=6)
def instance_norm(cx, x, scale, b, epsilon=1e-5):
    y = _normalize(cx, x, list(range(2, cx.rank(x))), epsilon)[0]
    return cx.op("add", cx.op("multiply", y, along(cx, scale, x, 1)), along(cx, b, x, 1))


@converts("LayerNormalization", since=17)
def layer_norm(cx, x, scale, b=None, axis=-1, epsilon=1e-5, stash_type=1):
    element = cx.element(x)
    rank = cx.rank(x)
    axis = norm_axis(cx, axis, rank)
    dims = list(range(axis, rank))
    stash = dtypes.element(stash_type) if stash_type != 1 else "f32"
    xs = cx.convert(x, stash)
    y, mean, _, inv = _normalize(cx, xs, dims, epsilon)
    y = cx.convert(y, element)
    y = bin_op(cx, "multiply", y, scale)
    if b is not None:
        y = bin_op(cx, "add", y, b)
    lead = cx.sizes_of(x)[:axis] + [1] * len(dims)
    return [y, cx.reshape(mean, lead), cx.reshape(inv, lead)]


@converts("GroupNormalization", since=18)
def group_norm(cx, x, scale, b, num_groups, epsilon=1e-5, stash_type=1):
    element = cx.element(x)
    sizes = cx.sizes_of(x)
    c = sizes[1]
    # (a run-time channel count: its group size a run-time value too)
    cg = c // num_groups if isinstance(c, int) else cx.op("divide", c, cx.const(num_groups, I64))
    g = cx.reshape(cx.convert(x, "f32" if stash_type == 1 and element in ("f16", "bf16") else element),
                   [sizes[0], num_groups, cg] + sizes[2:])
    y = _normalize(cx, g, list(range(2, len(sizes) + 1)), epsilon)[0]
    y = cx.reshape(cx.convert(y, element), sizes)
    if cx.opset < 21 and cx.info(scale).shape[0] == num_groups and not (isinstance(c, int) and num_groups == c):
        # per group (18; a run-time channel count takes the schema's (num_groups,) scale as that)
        per = lambda v: cx.reshape(cx.broadcast(v, [num_groups, cg], dims=[0]), [c])  # noqa: E731
        scale, b = per(scale), per(b)
    return cx.op("add", cx.op("multiply", y, along(cx, scale, x, 1)), along(cx, b, x, 1))


@converts("LRN", since=1)
def lrn(cx, x, size, alpha=1e-4, beta=0.75, bias=1.0):
    element = cx.element(x)
    rank = cx.rank(x)
    lo, hi = (size - 1) // 2, -(-(size - 1) // 2)
    sq = cx.op("multiply", x, x)
    window = [1, size] + [1] * (rank - 2)
    (s,) = reduce_window(cx, [sq], [cx.const(0, element)], lambda a, e: [cx.op("add", a[0], e[0])], window,
                         [1] * rank, [1] * rank, [[0, 0], [lo, hi]] + [[0, 0]] * (rank - 2))
    sizes = cx.sizes_of(x)
    den = cx.op("add", cx.const(bias, element, sizes), cx.op("multiply", s, cx.const(alpha / size, element, sizes)))
    return cx.op("divide", x, cx.op("power", den, cx.const(beta, element, sizes)))


@converts("MeanVarianceNormalization", since=9)
def mvn(cx, x, axes=(0, 2, 3)):
    rank = cx.rank(x)
    dims = sorted({norm_axis(cx, a, rank) for a in axes})
    mean = mean_keep(cx, x, dims)
    var = cx.op("subtract", mean_keep(cx, cx.op("multiply", x, x), dims), cx.op("multiply", mean, mean))
    std = cx.op("add", cx.op("sqrt", var), cx.const(1e-9, cx.element(x), cx.sizes_of(x)))
    return cx.op("divide", cx.op("subtract", x, mean), std)


# ----------------------------------------------------------------------------- softmax family

def _softmax_dims(cx, x, axis):
    rank = cx.rank(x)
    if rank == 0:
        return []
    a = norm_axis(cx, axis, rank)
    return list(range(a, rank)) if cx.opset < 13 else [a]


def _softmax_parts(cx, x, axis):
    dims = _softmax_dims(cx, x, axis)
    m = keep(cx, reduce1(cx, x, dims, "maximum", -np.inf), x, dims)
    # a row of -inf would give NaN (inf - inf); its max is taken as 0 there as onnxruntime does not,
    # so keep the plain formula
    z = cx.op("subtract", x, m)
    e = cx.op("exponential", z)
    return z, e, keep(cx, numpy_sum(cx, e, dims), e, dims)


def _default_axis(cx):
    return 1 if cx.opset < 13 else -1


@converts("Softmax", since=1)
def softmax(cx, x, axis=None):
    _, e, s = _softmax_parts(cx, x, _default_axis(cx) if axis is None else axis)
    return cx.op("divide", e, s)


@converts("LogSoftmax", since=1)
def log_softmax(cx, x, axis=None):
    z, _, s = _softmax_parts(cx, x, _default_axis(cx) if axis is None else axis)
    return cx.op("subtract", z, cx.op("log", s))


@converts("Hardmax", since=1)
def hardmax(cx, x, axis=None):
    axis = _default_axis(cx) if axis is None else axis
    rank = cx.rank(x)
    a = norm_axis(cx, axis, rank)
    sizes = cx.sizes_of(x)
    if cx.opset < 13:          # coerced to 2-D at axis: one argmax over the trailing block
        block = 1
        for s in sizes[a:]:     # (a run-time size makes the block's size a run-time value)
            block = block * s if isinstance(block, int) and isinstance(s, int) else cx.op(
                "multiply", cx.size_value(block), cx.size_value(s))
        flat = cx.reshape(x, sizes[:a] + [block])
        return cx.reshape(hardmax_last(cx, flat, a), sizes)
    return hardmax_last(cx, x, a)


def hardmax_last(cx, x, a):
    """One-hot of the first maximum along dimension a."""
    element = cx.element(x)
    sizes = cx.sizes_of(x)
    idx = cx.op("iota", iota_dimension=a, result_types=[tensor_type(cx.info(x).shape, I64)]) \
        if all(isinstance(s, int) for s in sizes) else cx.op(
            "dynamic_iota", cx.shape_tensor(sizes), iota_dimension=a, result_types=[tensor_type(cx.info(x).shape, I64)])

    def body(accs, elems):
        (av, ai), (bv, bi) = accs, elems
        gt = cx.op("compare", bv, av, comparison_direction="GT")
        eq = cx.op("compare", bv, av, comparison_direction="EQ")
        take = cx.op("or", gt, cx.op("and", eq, cx.op("compare", bi, ai, comparison_direction="LT")))
        return [cx.op("select", take, bv, av), cx.op("select", take, bi, ai)]
    _, best = reduce(cx, [x, idx], [cx.const(lowest(element), element), cx.const(np.iinfo(np.int64).max, I64)],
                     [a], body)
    hit = cx.op("compare", idx, keep(cx, best, x, [a]), comparison_direction="EQ")
    return cx.op("select", hit, cx.const(1, element, sizes), cx.const(0, element, sizes))


# ----------------------------------------------------------------------------- dropout

@converts("Dropout", since=7)
def dropout(cx, x, ratio=None, training_mode=None, seed=None, is_test=None):
    """Inference: the identity, with a mask of ones (bool from opset 10). Training mode (opset
    12+, a known or run-time flag): elements kept where a uniform draw (misc._uniform01, the
    random ops' generator) is >= ratio, scaled by 1 / (1 - ratio). A ratio of 0 keeps every
    element in both modes, so such a model gives onnxruntime's values exactly."""
    want_mask = len(cx.node.output) > 1 and bool(cx.node.output[1])
    mask_element = "i1" if cx.opset >= 10 else cx.element(x)
    t = cx.known(2) if cx.opset >= 12 and training_mode is not None else np.array(False)
    r = cx.known(1) if ratio is not None else np.array(0.5)
    drops = r is None or float(np.asarray(r)) != 0.0
    if (t is not None and not bool(np.asarray(t))) or not drops:
        outs = [x]
        if want_mask:
            outs.append(cx.const(1, mask_element, cx.sizes_of(x)))
        return outs
    from .misc import _uniform01
    sizes, element = cx.sizes_of(x), cx.element(x)
    if not dtypes.is_float(element):
        raise cx.error(f"training-mode Dropout of {element} values")
    u, work = _uniform01(cx, seed, sizes, "f64" if element == "f64" else "f32")
    r_work = cx.convert(cx.reshape(ratio, []), work) if ratio is not None else cx.const(0.5, work)
    keep = cx.op("compare", u, cx.broadcast(r_work, sizes), comparison_direction="GE")
    scale = cx.convert(cx.op("divide", cx.const(1.0, work), cx.op("subtract", cx.const(1.0, work), r_work)), element)
    y = cx.op("select", keep, cx.op("multiply", x, cx.broadcast(scale, sizes)), cx.const(0, element, sizes))
    if t is None:                           # the mode is a run-time flag
        flag = cx.reshape(training_mode, [])
        y = cx.op("select", flag, y, x)
        keep = cx.op("or", keep, cx.broadcast(cx.op("not", flag), sizes))
    outs = [y]
    if want_mask:
        outs.append(keep if mask_element == "i1" else cx.convert(keep, mask_element))
    return outs
