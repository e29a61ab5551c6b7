"""Backward ops of training programs (what torch.export of `torch.autograd.grad` / a training step
contains), each from the forward op's mathematical derivative:

- convolution_backward: the input gradient is a convolution of the output gradient with the
  flipped, group-transposed kernel (dilated by the stride); the weight gradient convolves the input
  with the output gradient as the window (batch and features swapped, groups as batch groups).
- pooling: max pooling scatter-adds the output gradient at the recorded (flat, per-plane) indices;
  average pooling spreads each gradient / divisor over its window (the output gradient dilated by
  the stride and window-summed); adaptive average pooling multiplies by each dim's bin matrix.
- layer / group norm: dx = rstd * (g - mean(g) - xhat * mean(g * xhat)) with g = dy * weight.

Work is done in f32 for f16 / bf16 (as PyTorch's CPU kernels accumulate) and rounded once.
"""
from __future__ import annotations

import numpy as np

from ..registry import converts
from .conv import (_bins, _reduce, _transposed_kernel, add_body, opmath, reduce_window,
                   spatial_list)
from .indexing import scatter

I64 = "i64"


def _static(cx, sizes, what: str) -> list:
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} needs static sizes, got {sizes}")
    return list(sizes)


def _sum(cx, x, dims):
    """x summed over `dims` (dropped)."""
    if not dims:
        return x
    (y,) = _reduce(cx, [x], [cx.const(0, cx.element(x))], add_body(cx), sorted(dims))
    return y


def _out_element(cx, i: int, fallback: str) -> str:
    v = cx.val[i] if isinstance(cx.val, (tuple, list)) else cx.val
    return cx.out_element(i) if v is not None else fallback


def _count(cx, sizes, element: str):
    """The product of `sizes` (ints or symbolic) as a rank-0 tensor of `element`."""
    n = 1
    dyn = None
    for s in sizes:
        if isinstance(s, int):
            n *= s
        else:
            v = cx.convert(cx.size_value(s), element)
            dyn = v if dyn is None else cx.op("multiply", dyn, v)
    c = cx.const(float(n), element)
    return c if dyn is None else cx.op("multiply", dyn, c)


# ----------------------------------------------------------------------------- convolution

def _conv_dnums(n: int, swap_io: bool = False) -> dict:
    """PyTorch's layouts; swap_io reads dim 0 as features and dim 1 as batch everywhere (the
    weight gradient: the input's channels are the batch, the kernel is (N, Cout, k...))."""
    sp = list(range(2, n + 2))
    batch, feature = (1, 0) if swap_io else (0, 1)
    return {"input_batch_dimension": batch, "input_feature_dimension": feature, "input_spatial_dimensions": sp,
            "kernel_output_feature_dimension": batch, "kernel_input_feature_dimension": feature,
            "kernel_spatial_dimensions": sp,
            "output_batch_dimension": batch, "output_feature_dimension": feature, "output_spatial_dimensions": sp}


def _conv_forward(cx, x, w, stride, padding, dilation, groups):
    n = cx.rank(x) - 2
    return cx.op("convolution", x, w, window_strides=stride, padding=[[p, p] for p in padding],
                 lhs_dilation=[1] * n, rhs_dilation=dilation, dimension_numbers=_conv_dnums(n),
                 feature_group_count=groups, batch_group_count=1)


def _conv_input_grad(cx, gy, w, in_sizes, stride, padding, dilation, groups):
    """d(conv(x, w))/dx applied to gy: a transposed convolution sized back to x's `in_sizes`."""
    n = cx.rank(gy) - 2
    kernel = _static(cx, cx.sizes_of(w)[2:], "convolution_backward's kernel")
    out = _static(cx, cx.sizes_of(gy)[2:], "convolution_backward's output gradient")
    pads = []
    for i, o, k, s, p, d in zip(in_sizes, out, kernel, stride, padding, dilation):
        lo = d * (k - 1) - p
        extra = i - ((o - 1) * s - 2 * p + d * (k - 1) + 1)     # trailing inputs no window reached
        pads.append([lo, lo + extra])
    return cx.op("convolution", gy, _transposed_kernel(cx, w, groups), window_strides=[1] * n, padding=pads,
                 lhs_dilation=stride, rhs_dilation=dilation, dimension_numbers=_conv_dnums(n),
                 feature_group_count=groups, batch_group_count=1)


def _conv_weight_grad(cx, x, gy, kernel, stride, padding, dilation, groups):
    """d(conv(x, w))/dw applied to gy, shaped (Cout, Cin/G, k...): x correlated with gy as the
    window (dilated by the stride, stepping by the dilation); x's channels act as the batch, split
    into the groups as batch groups, and the images are summed as the features."""
    n = cx.rank(x) - 2
    sizes = _static(cx, cx.sizes_of(x)[2:], "convolution_backward's input")
    out = _static(cx, cx.sizes_of(gy)[2:], "convolution_backward's output gradient")
    pads = [[p, (k - 1) * d + (o - 1) * s + 1 - i - p]
            for i, o, k, s, p, d in zip(sizes, out, kernel, stride, padding, dilation)]
    return cx.op("convolution", x, gy, window_strides=dilation, padding=pads, lhs_dilation=[1] * n,
                 rhs_dilation=stride, dimension_numbers=_conv_dnums(n, swap_io=True),
                 feature_group_count=1, batch_group_count=groups)


@converts("convolution_backward")
def convolution_backward(cx, grad_output, x, weight, bias_sizes, stride, padding, dilation, transposed,
                         output_padding, groups, output_mask):
    element = opmath(cx.element(grad_output))
    gy, x, w = (cx.convert(v, element) for v in (grad_output, x, weight))
    n = cx.rank(x) - 2
    if n < 1:
        raise cx.error(f"convolution_backward of a rank-{n + 2} input")
    if not isinstance(groups, int):
        raise cx.error("groups must be static")
    stride = spatial_list(stride, n, "stride", cx)
    padding = spatial_list(padding, n, "padding", cx)
    dilation = spatial_list(dilation, n, "dilation", cx)
    kernel = _static(cx, cx.sizes_of(w)[2:], "convolution_backward's kernel")
    gx = gw = gb = None
    if transposed:
        # y = conv_transpose(x, w) is x = conv(y, w) read backwards: its input gradient is the
        # forward convolution, its weight gradient that of conv(y, w) with x as output gradient.
        if output_mask[0]:
            gx = _conv_forward(cx, gy, w, stride, padding, dilation, groups)
        if output_mask[1]:
            gw = _conv_weight_grad(cx, gy, x, kernel, stride, padding, dilation, groups)
    else:
        if output_mask[0]:
            in_sizes = _static(cx, cx.sizes_of(x)[2:], "convolution_backward's input")
            gx = _conv_input_grad(cx, gy, w, in_sizes, stride, padding, dilation, groups)
        if output_mask[1]:
            gw = _conv_weight_grad(cx, x, gy, kernel, stride, padding, dilation, groups)
    if output_mask[2]:
        gb = _sum(cx, gy, [d for d in range(n + 2) if d != 1])
    outs = [gx, gw, gb]
    return tuple(None if v is None else cx.convert(v, _out_element(cx, i, cx.element(grad_output)))
                 for i, v in enumerate(outs))


# ----------------------------------------------------------------------------- max pooling

def _scatter_plane(cx, grad, x, indices, n: int):
    """A zero tensor shaped like x with grad added at each plane's flat `indices` (of grad's shape)."""
    element = cx.element(grad)
    xs = cx.sizes_of(x)
    gs = cx.sizes_of(grad)
    lead = len(xs) - n
    plane = int(np.prod(_static(cx, xs[lead:], "max pooling backward's input")))
    q = int(np.prod(_static(cx, gs[lead:], "max pooling backward's gradient")))
    g = cx.reshape(grad, gs[:lead] + [q])
    idx = cx.reshape(cx.convert(indices, I64), gs[:lead] + [q])     # an implicit index vector
    out = cx.const(0, element, xs[:lead] + [plane])
    batch = list(range(lead))
    y = scatter(cx, out, idx, g, {"update_window_dims": [], "inserted_window_dims": [lead],
                                  "input_batching_dims": batch, "scatter_indices_batching_dims": batch,
                                  "scatter_dims_to_operand_dims": [lead], "index_vector_dim": lead + 1}, "add")
    return cx.reshape(y, xs)


def _max_pool_backward(cx, grad, x, indices, n):
    element = opmath(cx.element(grad))
    y = _scatter_plane(cx, cx.convert(grad, element), x, indices, n)
    return cx.convert(y, cx.out_element())


@converts("max_pool2d_with_indices_backward")
def max_pool2d_with_indices_backward(cx, grad, x, kernel_size, stride, padding, dilation, ceil_mode, indices):
    return _max_pool_backward(cx, grad, x, indices, 2)


@converts("max_pool3d_with_indices_backward")
def max_pool3d_with_indices_backward(cx, grad, x, kernel_size, stride, padding, dilation, ceil_mode, indices):
    return _max_pool_backward(cx, grad, x, indices, 3)


@converts("adaptive_max_pool2d_backward")
def adaptive_max_pool2d_backward(cx, grad, x, indices):
    return _max_pool_backward(cx, grad, x, indices, 2)


@converts("adaptive_max_pool3d_backward")
def adaptive_max_pool3d_backward(cx, grad, x, indices):
    return _max_pool_backward(cx, grad, x, indices, 3)


# ----------------------------------------------------------------------------- average pooling

def _avg_divisor(sizes, out, kernel, stride, padding, count_include_pad) -> np.ndarray:
    """Each output window's divisor (as the forward op divides)."""
    divisor = np.ones((), np.float64)
    for size, o, k, s, p in zip(sizes, out, kernel, stride, padding):
        start = np.arange(o) * s - p
        end = np.minimum(start + k, size + p)
        if not count_include_pad:
            start, end = np.maximum(start, 0), np.minimum(end, size)
        divisor = np.multiply.outer(divisor, (end - start).astype(np.float64))
    return divisor


def _avg_pool_backward(cx, grad, x, n, kernel_size, stride, padding, ceil_mode, count_include_pad,
                       divisor_override):
    element = opmath(cx.element(grad))
    g = cx.convert(grad, element)
    kernel = spatial_list(kernel_size, n, "kernel_size", cx)
    stride = spatial_list(stride, n, "stride", cx, default=kernel)
    padding = spatial_list(padding, n, "padding", cx)
    sizes = _static(cx, cx.sizes_of(x)[-n:], "average pooling backward")
    out = _static(cx, cx.sizes_of(g)[-n:], "average pooling backward")
    gsizes = cx.sizes_of(g)
    if divisor_override:
        g = cx.op("divide", g, cx.const(float(divisor_override), element, gsizes))
    else:
        div = _avg_divisor(sizes, out, kernel, stride, padding, count_include_pad)
        g = cx.op("divide", g, cx.broadcast(cx.const(div, element, div.shape), gsizes))
    # x's gradient at i sums the windows o with o*s - p <= i < o*s - p + k: the gradient placed at
    # o*s (interior padding), shifted by k-1-p, window-summed over k
    lead = len(gsizes) - n
    lo = [0] * lead + [k - 1 - p for k, p in zip(kernel, padding)]
    hi = [0] * lead + [i + p - (o - 1) * s - 1 for i, o, s, p in zip(sizes, out, stride, padding)]
    inner = [0] * lead + [s - 1 for s in stride]
    g = cx.op("pad", g, cx.const(0, element), edge_padding_low=lo, edge_padding_high=hi, interior_padding=inner)
    (y,) = reduce_window(cx, [g], [cx.const(0, element)], add_body(cx), [1] * lead + kernel)
    return cx.convert(y, cx.out_element())


@converts("avg_pool2d_backward")
def avg_pool2d_backward(cx, grad, x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                        divisor_override=None):
    return _avg_pool_backward(cx, grad, x, 2, kernel_size, stride, padding, ceil_mode, count_include_pad,
                              divisor_override)


@converts("avg_pool3d_backward")
def avg_pool3d_backward(cx, grad, x, kernel_size, stride, padding, ceil_mode, count_include_pad,
                        divisor_override=None):
    return _avg_pool_backward(cx, grad, x, 3, kernel_size, stride, padding, ceil_mode, count_include_pad,
                              divisor_override)


def _adaptive_avg_backward(cx, grad, x, n):
    """Each spatial dim of grad multiplied by its (out, in) bin matrix M[o, i] = [i in bin o] / len(o)."""
    element = opmath(cx.element(grad))
    g = cx.convert(grad, element)
    sizes = _static(cx, cx.sizes_of(x)[-n:], "adaptive average pooling backward")
    out = _static(cx, cx.sizes_of(g)[-n:], "adaptive average pooling backward")
    lead = cx.rank(g) - n
    for size, o in zip(sizes, out):
        start, end = _bins(size, o)
        pos = np.arange(size)
        m = ((pos[None, :] >= start[:, None]) & (pos[None, :] < end[:, None])) / (end - start)[:, None]
        g = cx.op("dot_general", g, cx.const(m, element, m.shape), dot_dimension_numbers={
            "lhs_batching_dimensions": [], "rhs_batching_dimensions": [],
            "lhs_contracting_dimensions": [lead], "rhs_contracting_dimensions": [0]})
    return cx.convert(g, cx.out_element())


@converts("_adaptive_avg_pool2d_backward")
def adaptive_avg_pool2d_backward(cx, grad, x):
    return _adaptive_avg_backward(cx, grad, x, 2)


@converts("_adaptive_avg_pool3d_backward")
def adaptive_avg_pool3d_backward(cx, grad, x):
    return _adaptive_avg_backward(cx, grad, x, 3)


# ----------------------------------------------------------------------------- normalization

def _norm_input_grad(cx, g, xhat, rstd, axes, count):
    """rstd * (g - mean(g) - xhat * mean(g * xhat)), the means over `axes`."""
    sizes = cx.sizes_of(g)
    keep = [d for d in range(len(sizes)) if d not in axes]

    def mean(v):
        s = _sum(cx, v, axes)
        s = cx.op("divide", s, cx.broadcast(count, cx.sizes_of(s)))
        return cx.broadcast(s, sizes, dims=keep)

    t = cx.op("subtract", cx.op("subtract", g, mean(g)), cx.op("multiply", xhat, mean(cx.op("multiply", g, xhat))))
    return cx.op("multiply", rstd, t)


@converts("native_layer_norm_backward")
def native_layer_norm_backward(cx, grad_out, x, normalized_shape, mean, rstd, weight, bias, output_mask):
    element = opmath(cx.element(grad_out))
    gy, x = cx.convert(grad_out, element), cx.convert(x, element)
    sizes = cx.sizes_of(x)
    rank = len(sizes)
    k = len(normalized_shape)
    axes = list(range(rank - k, rank))
    lead = list(range(rank - k))
    mean = cx.broadcast(cx.reshape(cx.convert(mean, element), sizes[:rank - k]), sizes, dims=lead)
    rstd = cx.broadcast(cx.reshape(cx.convert(rstd, element), sizes[:rank - k]), sizes, dims=lead)
    xhat = cx.op("multiply", cx.op("subtract", x, mean), rstd)
    outs = [None, None, None]
    if output_mask[0]:
        g = gy if weight is None else cx.op("multiply", gy, cx.broadcast(cx.convert(weight, element), sizes))
        outs[0] = _norm_input_grad(cx, g, xhat, rstd, axes, _count(cx, sizes[rank - k:], element))
    if output_mask[1] and weight is not None:
        outs[1] = _sum(cx, cx.op("multiply", gy, xhat), lead)
    if output_mask[2] and bias is not None:
        outs[2] = _sum(cx, gy, lead)
    return tuple(None if v is None else cx.convert(v, cx.out_element(i)) for i, v in enumerate(outs))


@converts("native_group_norm_backward")
def native_group_norm_backward(cx, grad_out, x, mean, rstd, weight, N, C, HxW, group, output_mask):
    element = opmath(cx.element(grad_out))
    sizes = cx.sizes_of(x)
    c = sizes[1]
    if not isinstance(c, int) or not isinstance(group, int):
        raise cx.error("group norm backward needs static channels and groups")
    n, hw = N, HxW      # ints, or symbolic sizes
    grouped = [n, group, c // group, hw]
    gy = cx.reshape(cx.convert(grad_out, element), grouped)
    xg = cx.reshape(cx.convert(x, element), grouped)
    mean = cx.broadcast(cx.reshape(cx.convert(mean, element), [n, group]), grouped, dims=[0, 1])
    rstd = cx.broadcast(cx.reshape(cx.convert(rstd, element), [n, group]), grouped, dims=[0, 1])
    xhat = cx.op("multiply", cx.op("subtract", xg, mean), rstd)
    outs = [None, None, None]
    if output_mask[0]:
        g = gy
        if weight is not None:
            w = cx.reshape(cx.convert(weight, element), [group, c // group])
            g = cx.op("multiply", gy, cx.broadcast(w, grouped, dims=[1, 2]))
        dx = _norm_input_grad(cx, g, xhat, rstd, [2, 3], _count(cx, [c // group, hw], element))
        outs[0] = cx.reshape(dx, sizes)
    if output_mask[1] and weight is not None:
        outs[1] = cx.reshape(_sum(cx, cx.op("multiply", gy, xhat), [0, 3]), [c])
    if output_mask[2]:
        outs[2] = cx.reshape(_sum(cx, gy, [0, 3]), [c])
    return tuple(None if v is None else cx.convert(v, cx.out_element(i)) for i, v in enumerate(outs))


# ----------------------------------------------------------------------------- queries

@converts("sym_is_contiguous")
def sym_is_contiguous(cx, x, memory_format=None):
    """Every tensor of an imported program is a contiguous value."""
    return True

