"""Convolution of every rank (groups, dilation, padding, transposed) and the pooling ops (max / avg, with
indices, ceil mode, adaptive).

Layouts stay PyTorch's (N, C, spatial...) through convolution's dimension numbers. Pooling windows
are `reduce_window`s over the trailing spatial dimensions; max pooling with indices reduces (value,
flat index) pairs under PyTorch's order (NaN wins, the last NaN among NaNs; among equal values the
first index). Adaptive pooling gathers each output bin's positions (bins overlap and differ in
length) and masks the positions past a bin's end.
"""
from __future__ import annotations

import numpy as np
from mlir import ir

from .. import dtypes
from ....types import tensor_type
from ...emitter import lowest, scalar_type  # noqa: F401  (shared; re-exported)
from ..registry import converts

I64 = "i64"
I64_MAX = np.iinfo(np.int64).max


# ----------------------------------------------------------------------------- shared helpers

def spatial_list(value, n: int, name: str, cx, default=None) -> list:
    """An int-list argument (one entry for all dims, or n) as n ints."""
    if value is None or (isinstance(value, (list, tuple)) and len(value) == 0):
        if default is None:
            raise cx.error(f"{name} is required")
        return list(default)
    vals = list(value) if isinstance(value, (list, tuple)) else [value]
    if any(not isinstance(v, int) for v in vals):
        raise cx.error(f"{name} must be static, got {vals}")
    if len(vals) == 1:
        vals = vals * n
    if len(vals) != n:
        raise cx.error(f"{name} has {len(vals)} entries for {n} spatial dimensions")
    return vals


def take(cx, x, dim: int, index):
    """x indexed along `dim` by a constant integer array `index` (any shape S): the result's
    dimension `dim` becomes S (index_select generalized)."""
    index = np.asarray(index, np.int64)
    rank = cx.rank(x)
    sizes = cx.sizes_of(x)
    extra = index.ndim
    start = cx.const(index[..., None], I64, index.shape + (1,))
    dnums = {"offset_dims": list(range(dim)) + list(range(dim + extra, rank - 1 + extra)),
             "collapsed_slice_dims": [dim], "start_index_map": [dim], "index_vector_dim": extra,
             "operand_batching_dims": [], "start_indices_batching_dims": []}
    slice_sizes = [1 if d == dim else s for d, s in enumerate(sizes)]
    if all(isinstance(s, int) for s in slice_sizes):
        return cx.op("gather", x, start, dimension_numbers=dnums, slice_sizes=slice_sizes)
    shape = [s if isinstance(s, int) else None for s in sizes[:dim]] + list(index.shape) + \
        [s if isinstance(s, int) else None for s in sizes[dim + 1:]]
    return cx.op("dynamic_gather", x, start, cx.shape_tensor(slice_sizes), dimension_numbers=dnums,
                 result_types=[tensor_type(shape, cx.element(x))])


def opmath(element: str) -> str:
    """The element PyTorch computes a half-precision op in (f32), else the element itself."""
    return "f32" if element in ("f16", "bf16") else element


def _window_count(size, window, stride, dilation, lo, hi):
    if not isinstance(size, int):
        return None
    span = (window - 1) * dilation + 1
    padded = size + lo + hi
    return 0 if padded < span else (padded - span) // stride + 1


def reduce_window(cx, inputs, inits, body, window, strides=None, dilations=None, padding=None):
    """A reduce_window over `inputs` whose body is `body(accs, xs) -> list` (rank-0 values). The
    result types are given: the spec infers them from the body, which does not exist yet."""
    rank = cx.rank(inputs[0])
    strides = strides or [1] * rank
    dilations = dilations or [1] * rank
    padding = padding or [[0, 0]] * rank
    sizes = cx.sizes_of(inputs[0])
    shape = []
    for d in range(rank):
        trivial = window[d] == 1 and strides[d] == 1 and padding[d] == [0, 0]
        shape.append(_window_count(sizes[d], window[d], strides[d], dilations[d], *padding[d])
                     if not trivial or isinstance(sizes[d], int) else None)
    elements = [cx.element(v) for v in inputs]
    op = cx.region_op("reduce_window", list(inputs), list(inits), window_dimensions=list(window),
                      window_strides=list(strides), window_dilations=list(dilations),
                      padding=[list(p) for p in padding],
                      result_types=[tensor_type(shape, e) for e in elements])
    types = [scalar_type(e) for e in elements]
    block = op.regions[0].blocks.append(*types, *types)
    n = len(inputs)
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        outs = body(args[:n], args[n:])
        cx.op("return", list(outs), result_types=[])
    return list(op.results)


def max_body(cx):
    def body(accs, xs):
        return [cx.op("maximum", accs[0], xs[0])]
    return body


def add_body(cx):
    def body(accs, xs):
        return [cx.op("add", accs[0], xs[0])]
    return body


def argmax_body(cx, element: str):
    """(value, index) pairs ordered as PyTorch's max pooling picks them: NaN first (the last NaN
    by index), then larger values, then (among equal values) the smaller index."""
    def body(accs, xs):
        (av, ai), (bv, bi) = accs, xs
        cmp = lambda a, b, d: cx.op("compare", a, b, comparison_direction=d)  # noqa: E731
        if dtypes.is_float(element):
            a_nan, b_nan = cmp(av, av, "NE"), cmp(bv, bv, "NE")
            both_nan = cx.op("and", a_nan, b_nan)
            later = cmp(bi, ai, "GT")
            take = cx.op("or", cmp(bv, av, "GT"), cx.op("and", cmp(bv, av, "EQ"), cmp(bi, ai, "LT")))
            take = cx.op("or", cx.op("and", b_nan, cx.op("not", a_nan)), take)
            take = cx.op("or", cx.op("and", both_nan, later), take)
        else:
            take = cx.op("or", cmp(bv, av, "GT"), cx.op("and", cmp(bv, av, "EQ"), cmp(bi, ai, "LT")))
        return [cx.op("select", take, bv, av), cx.op("select", take, bi, ai)]
    return body


def plane_index(cx, sizes, n_spatial: int):
    """A tensor of `sizes` holding each element's flat index within its spatial plane (an i64 iota)."""
    spatial = sizes[-n_spatial:]
    if all(isinstance(s, int) for s in spatial):
        flat = np.arange(int(np.prod(spatial)), dtype=np.int64).reshape(spatial)
        return cx.broadcast(cx.const(flat, I64, tuple(spatial)), sizes)
    from .reductions import iota          # run-time sizes: sum of iota_j * (product of later sizes)
    flat, stride = None, 1
    for j in reversed(range(n_spatial)):
        term = iota(cx, spatial, j)
        if not (isinstance(stride, int) and stride == 1):
            term = cx.op("multiply", term, cx.broadcast(cx.size_value(stride), spatial))
        flat = term if flat is None else cx.op("add", flat, term)
        stride = stride * spatial[j] if isinstance(stride, int) and isinstance(spatial[j], int) else \
            cx.op("multiply", cx.size_value(stride), cx.size_value(spatial[j]))
    return cx.broadcast(flat, sizes)


def _users_take_index(cx, i: int) -> bool:
    """Whether the node's tuple output `i` is read (getitem users)."""
    import operator
    for user in cx.node.users:
        if user.target is operator.getitem and user.args[1] == i:
            return True
    return False


# ----------------------------------------------------------------------------- convolution

@converts("convolution", "_convolution")
def convolution(cx, x, weight, bias, stride, padding, dilation, transposed, output_padding, groups, *_rest):
    out_element = cx.out_element()
    element = opmath(out_element)
    x, weight = cx.convert(x, element), cx.convert(weight, element)
    rank = cx.rank(x)
    n = rank - 2
    if n < 1:
        raise cx.error(f"convolution of a rank-{rank} input")
    stride = spatial_list(stride, n, "stride", cx)
    padding = spatial_list(padding, n, "padding", cx)
    dilation = spatial_list(dilation, n, "dilation", cx)
    if not isinstance(groups, int):
        raise cx.error("groups must be static")
    spatial = list(range(2, rank))
    dnums = {"input_batch_dimension": 0, "input_feature_dimension": 1, "input_spatial_dimensions": spatial,
             "kernel_output_feature_dimension": 0, "kernel_input_feature_dimension": 1,
             "kernel_spatial_dimensions": spatial,
             "output_batch_dimension": 0, "output_feature_dimension": 1, "output_spatial_dimensions": spatial}
    if transposed:
        out_pad = spatial_list(output_padding, n, "output_padding", cx, default=[0] * n)
        kernel = [cx.info(weight).shape[d] for d in spatial]
        if any(k is None for k in kernel):
            raise cx.error("transposed convolution needs a static kernel size")
        weight = _transposed_kernel(cx, weight, groups)
        pads = [[d * (k - 1) - p, d * (k - 1) - p + op] for k, d, p, op in zip(kernel, dilation, padding, out_pad)]
        y = cx.op("convolution", x, weight, window_strides=[1] * n, padding=pads, lhs_dilation=stride,
                  rhs_dilation=dilation, dimension_numbers=dnums, feature_group_count=groups, batch_group_count=1)
    else:
        y = cx.op("convolution", x, weight, window_strides=stride, padding=[[p, p] for p in padding],
                  lhs_dilation=[1] * n, rhs_dilation=dilation, dimension_numbers=dnums,
                  feature_group_count=groups, batch_group_count=1)
    if bias is not None:
        b = cx.broadcast(cx.convert(bias, element), cx.sizes_of(y), dims=[1])
        y = cx.op("add", y, b)
    return cx.convert(y, out_element)


def _transposed_kernel(cx, weight, groups: int):
    """PyTorch's transposed kernel (Cin, Cout/G, k...) as a forward kernel (Cout, Cin/G, k...),
    flipped in space: each group's in/out features swap."""
    rank = cx.rank(weight)
    cin, cout_g, *kernel = cx.sizes_of(weight)
    if not all(isinstance(s, int) for s in [cin, cout_g]):
        raise cx.error("transposed convolution needs a static kernel shape")
    cin_g = cin // groups
    w = cx.reshape(weight, [groups, cin_g, cout_g] + kernel)
    w = cx.op("transpose", w, permutation=[0, 2, 1] + list(range(3, rank + 1)))
    w = cx.reshape(w, [groups * cout_g, cin_g] + kernel)
    return cx.op("reverse", w, dimensions=list(range(2, rank)))


# ----------------------------------------------------------------------------- pooling windows

def _pool_geometry(cx, x, n, kernel_size, stride, padding, dilation, ceil_mode):
    """Window attributes over all of x's dimensions for pooling its trailing n dimensions; the
    high padding makes exactly the output's window count (ceil mode adds windows that start
    inside the input or the low padding)."""
    rank = cx.rank(x)
    kernel = spatial_list(kernel_size, n, "kernel_size", cx)
    stride = spatial_list(stride, n, "stride", cx, default=kernel)
    padding = spatial_list(padding, n, "padding", cx)
    dilation = spatial_list(dilation, n, "dilation", cx)
    sizes = cx.sizes_of(x)[-n:]
    out = cx.out_sizes(0 if isinstance(cx.val, (tuple, list)) else None)[-n:]
    pads, crop = [], []
    for j, (size, o, k, s, p, d) in enumerate(zip(sizes, out, kernel, stride, padding, dilation)):
        if not ceil_mode:
            pads.append([p, p])
            continue
        if not isinstance(size, int) or not isinstance(o, int):
            # run-time size: s - 1 more high padding gives ceil((size + 2p - span) / s) + 1
            # windows; torch drops the last when it would start in the high padding, so the
            # result is cut to torch's size (see crop_pooled)
            pads.append([p, p + s - 1])
            crop.append((rank - n + j, o))
            continue
        hi = (o - 1) * s + (k - 1) * d + 1 - size - p
        pads.append([p, hi])
    lead = rank - n
    return ([1] * lead + kernel, [1] * lead + stride, [1] * lead + dilation, [[0, 0]] * lead + pads,
            (kernel, stride, padding, out, sizes, crop))


def crop_pooled(cx, y, crop):
    """y's first o elements along each (dim, o) of crop (ceil-mode pooling over run-time sizes)."""
    from .shapes import slice_dim
    for dim, o in crop:
        y = slice_dim(cx, y, dim, 0, o, 1, o)
    return y


def _max_pool(cx, x, n, kernel_size, stride, padding, dilation, ceil_mode):
    element = cx.element(x)
    window, strides, dils, pads, geometry = _pool_geometry(cx, x, n, kernel_size, stride, padding, dilation,
                                                           ceil_mode)
    crop = geometry[-1]
    init = cx.const(lowest(element), element)
    if not _users_take_index(cx, 1):
        (values,) = reduce_window(cx, [x], [init], max_body(cx), window, strides, dils, pads)
        return crop_pooled(cx, values, crop), None
    index = plane_index(cx, cx.sizes_of(x), n)
    values, indices = reduce_window(cx, [x, index], [init, cx.const(I64_MAX, I64)], argmax_body(cx, element),
                                    window, strides, dils, pads)
    return crop_pooled(cx, values, crop), crop_pooled(cx, indices, crop)


@converts("max_pool1d")
def max_pool1d(cx, x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    """Values only (the 1-d form has no indices output)."""
    return _max_pool(cx, x, 1, kernel_size, stride, padding, dilation, ceil_mode)[0]


@converts("max_pool1d_with_indices")
def max_pool1d_with_indices(cx, x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _max_pool(cx, x, 1, kernel_size, stride, padding, dilation, ceil_mode)


@converts("max_pool2d_with_indices")
def max_pool2d_with_indices(cx, x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _max_pool(cx, x, 2, kernel_size, stride, padding, dilation, ceil_mode)


@converts("max_pool3d_with_indices")
def max_pool3d_with_indices(cx, x, kernel_size, stride=(), padding=0, dilation=1, ceil_mode=False):
    return _max_pool(cx, x, 3, kernel_size, stride, padding, dilation, ceil_mode)


def _avg_pool(cx, x, n, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    out_element = cx.out_element()
    return cx.convert(_avg_pool_sum(cx, cx.convert(x, opmath(out_element)), n, kernel_size, stride, padding,
                                    ceil_mode, count_include_pad, divisor_override), out_element)


def _avg_pool_sum(cx, x, n, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override):
    element = cx.element(x)
    window, strides, dils, pads, (kernel, stride, padding, out, sizes, crop) = _pool_geometry(
        cx, x, n, kernel_size, stride, padding, 1, ceil_mode)
    (total,) = reduce_window(cx, [x], [cx.const(0, element)], add_body(cx), window, strides, dils, pads)
    total = crop_pooled(cx, total, crop)
    if divisor_override:
        return cx.op("divide", total, cx.const(divisor_override, element, cx.sizes_of(total)))
    if not all(isinstance(s, int) for s in list(sizes) + list(out)):
        if count_include_pad and not ceil_mode:
            # every window ends by size + padding: the divisor is the kernel's size
            return cx.op("divide", total, cx.const(float(np.prod(kernel)), element, cx.sizes_of(total)))
        # torch divides by the window's positions inside the input, or (count_include_pad)
        # inside the input and its padding: a window sum of ones over that plane, zeros beyond
        lead = cx.rank(x) - n
        plane, ones_pads = list(sizes), [list(p) for p in pads[lead:]]
        if count_include_pad:
            for j, p in enumerate(padding):
                plane[j] = plane[j] + 2 * p if isinstance(plane[j], int) else \
                    cx.op("add", plane[j], cx.const(2 * p, I64))
                ones_pads[j] = [ones_pads[j][0] - p, ones_pads[j][1] - p]
        ones = cx.const(1, element, [1] * lead + plane)
        (count,) = reduce_window(cx, [ones], [cx.const(0, element)], add_body(cx), window, strides, dils,
                                 pads[:lead] + ones_pads)
        return cx.op("divide", total, cx.broadcast(crop_pooled(cx, count, crop), cx.sizes_of(total)))
    divisor = np.ones((), np.float64)
    for size, o, k, s, p in zip(sizes, out, kernel, stride, padding):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, size + p)
        if not count_include_pad:
            start, end = np.maximum(start, 0), np.minimum(end, size)
        divisor = np.multiply.outer(divisor, (end - start).astype(np.float64))
    d = cx.broadcast(cx.const(divisor, element, divisor.shape), cx.sizes_of(total))
    return cx.op("divide", total, d)


@converts("avg_pool1d")
def avg_pool1d(cx, x, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True):
    return _avg_pool(cx, x, 1, kernel_size, stride, padding, ceil_mode, count_include_pad, None)


@converts("avg_pool2d")
def avg_pool2d(cx, x, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _avg_pool(cx, x, 2, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


@converts("avg_pool3d")
def avg_pool3d(cx, x, kernel_size, stride=(), padding=0, ceil_mode=False, count_include_pad=True,
               divisor_override=None):
    return _avg_pool(cx, x, 3, kernel_size, stride, padding, ceil_mode, count_include_pad, divisor_override)


# ----------------------------------------------------------------------------- adaptive pooling

def _bins(size: int, out: int):
    """PyTorch's adaptive bins: [floor(i * size / out), ceil((i + 1) * size / out))."""
    i = np.arange(out)
    start = (i * size) // out
    end = -((-(i + 1) * size) // out)
    return start, end


def _adaptive_windows(cx, x, out_sizes):
    """x's trailing dims gathered per output bin: (lead..., o1, L1, o2, L2, ...) with Lk the longest
    bin, plus the mask of real (in-bin) positions and their flat plane index, both (o1, L1, ...)."""
    n = len(out_sizes)
    sizes = cx.sizes_of(x)
    spatial = sizes[-n:]
    if not all(isinstance(s, int) for s in spatial) or not all(isinstance(o, int) for o in out_sizes):
        raise cx.error("adaptive pooling needs static spatial and output sizes")
    lead = len(sizes) - n
    mask = np.ones((), bool)
    flat = np.zeros((), np.int64)
    for j, (size, o) in enumerate(zip(spatial, out_sizes)):
        start, end = _bins(size, o)
        longest = int((end - start).max())
        pos = start[:, None] + np.arange(longest)[None, :]
        inside = pos < end[:, None]
        pos = np.minimum(pos, size - 1)
        x = take(cx, x, lead + 2 * j, pos)
        mask = np.multiply.outer(mask, inside).astype(bool)
        flat = np.add.outer(flat * size, pos)
    return x, mask, flat


def _masked(cx, g, mask, fill):
    sizes = cx.sizes_of(g)
    m = cx.broadcast(cx.const(mask, "i1", mask.shape), sizes)
    return cx.op("select", m, g, cx.const(fill, cx.element(g), sizes))


def _reduce(cx, inputs, inits, body, dims):
    """A shlo reduce of `inputs` over `dims` with a scalar body."""
    elements = [cx.element(v) for v in inputs]
    op = cx.region_op("reduce", list(inputs), list(inits), dimensions=list(dims))
    types = [scalar_type(e) for e in elements]
    block = op.regions[0].blocks.append(*types, *types)
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        outs = body(args[:len(inputs)], args[len(inputs):])
        cx.op("return", list(outs), result_types=[])
    return list(op.results)


def _dynamic_bins(cx, size, o):
    """The (o, size) in-bin mask of adaptive pooling over a run-time `size`, and the bins'
    lengths (o,): bin i is [floor(i * size / o), ceil((i + 1) * size / o))."""
    from .shapes import iota
    n = cx.size_value(size)
    i = iota(cx, [o], 0)
    k = lambda v: cx.broadcast(cx.const(v, I64), [o])  # noqa: E731
    total = cx.broadcast(n, [o])
    start = cx.op("divide", cx.op("multiply", i, total), k(o))                     # floor: all >= 0
    end = cx.op("divide", cx.op("add", cx.op("multiply", cx.op("add", i, k(1)), total), k(o - 1)), k(o))
    pos = iota(cx, [o, size], 1)
    inside = cx.op("and", cx.op("compare", pos, cx.broadcast(start, [o, size], [0]), comparison_direction="GE"),
                   cx.op("compare", pos, cx.broadcast(end, [o, size], [0]), comparison_direction="LT"))
    return inside, cx.op("subtract", end, start)


def _adaptive_dynamic(cx, x, out, n, kind, with_index=False):
    """Adaptive pooling over run-time spatial sizes, one dimension at a time (both the window sum
    and the max are separable): a masked reduction of x against each dimension's bins; the mean
    divides the summed box by the product of the bins' lengths once, as PyTorch does. With
    `with_index`, the max carries each element's flat plane index through every step under
    argmax_body's order; that order is total, so the max of per-row maxima is the bin's pick."""
    element = cx.element(x)
    lead = cx.rank(x) - n
    fill = 0 if kind == "mean" else lowest(element)
    index = plane_index(cx, cx.sizes_of(x), n) if with_index else None
    lengths = []
    for j, o in enumerate(out):
        if o is None:                                       # output size = input size: nothing pooled
            continue
        d = lead + j
        sizes = cx.sizes_of(x)
        inside, length = _dynamic_bins(cx, sizes[d], o)
        lengths.append((j, o, length))
        wide = sizes[:d] + [o] + sizes[d:]                  # bins before the pooled dimension
        spread = cx.broadcast(x, wide, [e if e < d else e + 1 for e in range(len(sizes))])
        in_bin = cx.broadcast(inside, wide, [d, d + 1])
        masked = cx.op("select", in_bin, spread, cx.broadcast(cx.const(fill, element), wide))
        if index is not None:
            spread_index = cx.broadcast(index, wide, [e if e < d else e + 1 for e in range(len(sizes))])
            masked_index = cx.op("select", in_bin, spread_index, cx.broadcast(cx.const(I64_MAX, I64), wide))
            x, index = _reduce(cx, [masked, masked_index], [cx.const(fill, element), cx.const(I64_MAX, I64)],
                               argmax_body(cx, element), [d + 1])
            continue
        (x,) = _reduce(cx, [masked], [cx.const(fill, element)], add_body(cx) if kind == "mean" else max_body(cx),
                       [d + 1])
    if kind == "max":
        return (x, index) if with_index else x
    grid = [o for _, o, _ in lengths]
    counts = None
    for i, (_, _, length) in enumerate(lengths):
        c = cx.broadcast(cx.convert(length, element), grid, [i])
        counts = c if counts is None else cx.op("multiply", counts, c)
    return cx.op("divide", x, cx.broadcast(counts, cx.sizes_of(x), [lead + j for j, _, _ in lengths]))


def _adaptive_out(cx, output_size, n):
    """adaptive pooling's output sizes: ints, or None where the output size is the input's own
    symbolic size (nn.AdaptiveAvgPool2d((1, None)) over a dynamic width)."""
    vals = list(output_size) if isinstance(output_size, (list, tuple)) else [output_size]
    if len(vals) == n and any(not isinstance(v, int) for v in vals):
        from ..importer import _expr
        ins, outs = cx.node.args[0].meta["val"].shape[-n:], cx.val[0].shape[-n:] if isinstance(
            cx.val, (tuple, list)) else cx.val.shape[-n:]
        same = [not isinstance(v, int) and _expr(i) is not None and _expr(i) == _expr(o)
                for v, i, o in zip(vals, ins, outs)]
        if all(isinstance(v, int) or s for v, s in zip(vals, same)):
            return [None if s else v for v, s in zip(vals, same)]
    return spatial_list(output_size, n, "output_size", cx)


def _adaptive_avg(cx, x, output_size, n):
    out_element = cx.out_element()
    return cx.convert(_adaptive_mean(cx, cx.convert(x, opmath(out_element)), output_size, n), out_element)


def _adaptive_mean(cx, x, output_size, n):
    element = cx.element(x)
    out = _adaptive_out(cx, output_size, n)
    lead = cx.rank(x) - n
    spatial = cx.sizes_of(x)[-n:]
    if not all(isinstance(s, int) for s in spatial):
        return _adaptive_dynamic(cx, x, out, n, "mean")
    if all(isinstance(s, int) and s % o == 0 for s, o in zip(spatial, out)):
        # equal, disjoint bins: one window sum
        k = [s // o for s, o in zip(spatial, out)]
        (total,) = reduce_window(cx, [x], [cx.const(0, element)], add_body(cx), [1] * lead + k, [1] * lead + k)
        return cx.op("divide", total, cx.const(float(np.prod(k)), element, cx.sizes_of(total)))
    g, mask, _ = _adaptive_windows(cx, x, out)
    g = _masked(cx, g, mask, 0)
    (total,) = _reduce(cx, [g], [cx.const(0, element)], add_body(cx), [lead + 2 * j + 1 for j in range(n)])
    counts = mask.sum(axis=tuple(2 * j + 1 for j in range(n))).astype(np.float64)
    return cx.op("divide", total, cx.broadcast(cx.const(counts, element, counts.shape), cx.sizes_of(total)))


@converts("adaptive_avg_pool1d")
def adaptive_avg_pool1d(cx, x, output_size):
    return _adaptive_avg(cx, x, output_size, 1)


@converts("_adaptive_avg_pool2d")
def adaptive_avg_pool2d(cx, x, output_size):
    return _adaptive_avg(cx, x, output_size, 2)


@converts("_adaptive_avg_pool3d")
def adaptive_avg_pool3d(cx, x, output_size):
    return _adaptive_avg(cx, x, output_size, 3)


def _adaptive_max(cx, x, output_size, n):
    element = cx.element(x)
    out = _adaptive_out(cx, output_size, n)
    lead = cx.rank(x) - n
    if not all(isinstance(s, int) for s in cx.sizes_of(x)[-n:]):
        if _users_take_index(cx, 1):
            return _adaptive_dynamic(cx, x, out, n, "max", with_index=True)
        return _adaptive_dynamic(cx, x, out, n, "max"), None
    g, mask, flat = _adaptive_windows(cx, x, out)
    dims = [lead + 2 * j + 1 for j in range(n)]
    init = cx.const(lowest(element), element)
    g = _masked(cx, g, mask, lowest(element))
    if not _users_take_index(cx, 1):
        (values,) = _reduce(cx, [g], [init], max_body(cx), dims)
        return values, None
    index = cx.broadcast(cx.const(np.where(mask, flat, I64_MAX), I64, flat.shape), cx.sizes_of(g))
    values, indices = _reduce(cx, [g, index], [init, cx.const(I64_MAX, I64)], argmax_body(cx, element), dims)
    return values, indices


@converts("adaptive_max_pool2d")
def adaptive_max_pool2d(cx, x, output_size):
    return _adaptive_max(cx, x, output_size, 2)


@converts("adaptive_max_pool3d")
def adaptive_max_pool3d(cx, x, output_size):
    return _adaptive_max(cx, x, output_size, 3)

