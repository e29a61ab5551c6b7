"""Normalizations: the batch norm forms (training statistics and running-statistics updates,
inference), native_layer_norm and native_group_norm, each with all the outputs ATen defines.

Statistics are computed in f32 for f16 / bf16 inputs (PyTorch's accumulation type) with the
biased variance; batch norm's running variance is updated with the unbiased one.
"""
from __future__ import annotations

import numpy as np

from ..registry import converts
from .elementwise import rounded_to, to_element
from .reductions import acc_element, count, moments, restore


def _per_channel(cx, v, x):
    """A (C,) vector broadcast along dimension 1 of x."""
    return cx.broadcast(cx.convert(v, cx.element(x)), cx.sizes_of(x), dims=[1])


def _affine(cx, y, weight, bias, along):
    """y * weight + bias, the (possibly absent) parameters broadcast by `along(v, y)`."""
    if weight is not None:
        y = cx.op("multiply", y, along(weight, y))
    if bias is not None:
        y = cx.op("add", y, along(bias, y))
    return y


def _rsqrt_eps(cx, var, eps):
    return cx.op("rsqrt", cx.op("add", var, cx.const(eps, cx.element(var), cx.sizes_of(var))))


def _empty(cx, i):
    """Output i when ATen makes it empty (save_mean / save_invstd outside training)."""
    sizes = cx.out_sizes(i)
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error("an empty output with symbolic sizes")
    return cx.const(np.zeros(sizes), cx.out_element(i), sizes)


# ----------------------------------------------------------------------------- batch norm

def _bn_dims(cx, x):
    if cx.rank(x) < 2:
        raise cx.error("batch norm needs an input of rank >= 2 (N, C, ...)")
    return [d for d in range(cx.rank(x)) if d != 1]


def _bn_normalize(cx, x, mean, invstd, weight, bias, fused=False):
    """The node's first output. fused: x * alpha + beta per channel, alpha = invstd * weight and
    beta = bias - mean * alpha, with one rounding (an FMA) as eager's CPU kernel for a 16-bit
    input with 16-bit statistics computes it, made in f64, where the product of an f32 and a
    16-bit float is exact (rounded twice, or as below: 1 or 2 in 3000 f16 elements near 0 1 ulp
    off). Otherwise (x - mean) * invstd * weight + bias, as its mixed-type path does."""
    out = cx.out_element(0)
    if fused and out in ("f16", "bf16"):
        alpha = invstd if weight is None else cx.op("multiply", invstd, cx.convert(weight, cx.element(invstd)))
        beta = cx.op("negate", cx.op("multiply", mean, alpha))
        if bias is not None:
            beta = cx.op("add", cx.convert(bias, cx.element(beta)), beta)
        wide = cx.convert(x, "f64")
        y = cx.op("add", cx.op("multiply", wide, _per_channel(cx, alpha, wide)), _per_channel(cx, beta, wide))
        return cx.convert(cx.convert(y, cx.element(x)), out)
    y = cx.op("multiply", cx.op("subtract", x, _per_channel(cx, mean, x)), _per_channel(cx, invstd, x))
    y = _affine(cx, y, weight, bias, lambda v, like: _per_channel(cx, v, like))
    return cx.convert(y, out)


def _bn_batch_stats(cx, x, eps):
    """(x in the accumulation type, batch mean, biased var, invstd, dims)."""
    x = to_element(cx, x, acc_element(cx.element(x)))
    dims = _bn_dims(cx, x)
    mean, var = moments(cx, x, dims)
    return x, mean, var, _rsqrt_eps(cx, var, eps), dims


def _bn_training(cx, x, weight, bias, eps, running=()):
    """(output, save_mean, save_invstd, mean, biased var, x, dims) from the batch statistics.
    Eager's CPU kernel normalizes with the statistics rounded to the input's dtype, unless a
    parameter or running statistic is wider (its mixed-type path keeps them in f32): for an f16
    input with f16 or no parameters, f32 statistics differed from eager in 1 in 3 elements."""
    stats_element = cx.element(x)
    if any(v is not None and cx.element(v) == "f32" for v in (weight, bias, *running)):
        stats_element = "f32"
    x, mean, var, invstd, dims = _bn_batch_stats(cx, x, eps)
    out = _bn_normalize(cx, x, rounded_to(cx, mean, stats_element), rounded_to(cx, invstd, stats_element),
                        weight, bias, fused=stats_element != "f32")
    return out, cx.convert(mean, cx.out_element(1)), cx.convert(invstd, cx.out_element(2)), mean, var, x, dims


def _bn_inference(cx, x, weight, bias, running_mean, running_var, eps):
    """The output normalized with the running statistics."""
    x = to_element(cx, x, acc_element(cx.element(x)))
    element = cx.element(x)
    mean = cx.convert(running_mean, element)
    invstd = _rsqrt_eps(cx, cx.convert(running_var, element), eps)
    return _bn_normalize(cx, x, mean, invstd, weight, bias)


def _running(cx, old, batch, momentum):
    """(1 - momentum) * old + momentum * batch, in old's element type."""
    element = cx.element(old)
    batch = cx.convert(batch, element)
    sizes = cx.sizes_of(old)
    keep = cx.op("multiply", old, cx.const(1.0 - momentum, element, sizes))
    return cx.op("add", keep, cx.op("multiply", batch, cx.const(momentum, element, sizes)))


def _unbiased(cx, var, x, dims):
    """var * n / (n - 1): the running variance takes the unbiased batch variance."""
    element = cx.element(var)
    n = count(cx, x, dims, element)
    factor = cx.op("divide", n, cx.op("subtract", n, cx.const(1, element)))
    return cx.op("multiply", var, cx.broadcast(factor, cx.sizes_of(var)))


def _check_momentum(cx, momentum):
    if not isinstance(momentum, (int, float)):
        raise cx.error(f"batch norm momentum must be a number, got {momentum!r} (momentum=None "
                       "makes it depend on num_batches_tracked at run time)")


@converts("_native_batch_norm_legit_functional")
def batch_norm_functional(cx, x, weight, bias, running_mean, running_var, training, momentum, eps):
    """(output, save_mean, save_invstd, new running_mean, new running_var)."""
    if not training:
        out = _bn_inference(cx, x, weight, bias, running_mean, running_var, eps)
        return out, _empty(cx, 1), _empty(cx, 2), running_mean, running_var
    _check_momentum(cx, momentum)
    out, save_mean, save_invstd, mean, var, xa, dims = _bn_training(cx, x, weight, bias, eps,
                                                                    (running_mean, running_var))
    new_mean = _running(cx, running_mean, mean, momentum)
    new_var = _running(cx, running_var, _unbiased(cx, var, xa, dims), momentum)
    return out, save_mean, save_invstd, new_mean, new_var


@converts("_batch_norm_with_update_functional")
def batch_norm_with_update_functional(cx, x, weight, bias, running_mean, running_var, momentum, eps):
    """Training batch norm: (output, save_mean, save_invstd, reserve (empty), new running_mean,
    new running_var)."""
    out, mean, invstd, new_mean, new_var = batch_norm_functional(cx, x, weight, bias, running_mean, running_var,
                                                                 True, momentum, eps)
    return out, mean, invstd, _empty(cx, 3), new_mean, new_var


@converts("_native_batch_norm_legit_no_training")
def batch_norm_no_training(cx, x, weight, bias, running_mean, running_var, momentum, eps):
    """(output, save_mean, save_invstd): the last two empty, as ATen's CPU kernel makes them."""
    out = _bn_inference(cx, x, weight, bias, running_mean, running_var, eps)
    return out, _empty(cx, 1), _empty(cx, 2)


@converts("_native_batch_norm_legit.no_stats")
def batch_norm_no_stats(cx, x, weight, bias, training, momentum, eps):
    """(output, save_mean, save_invstd) from the batch statistics (there are no running ones)."""
    return _bn_training(cx, x, weight, bias, eps)[:3]


@converts("_native_batch_norm_legit.default", "native_batch_norm")
def batch_norm_legit(cx, x, weight, bias, running_mean, running_var, training, momentum, eps):
    """(output, save_mean, save_invstd). In training these forms update the running statistics
    in place, which a functional program cannot express (export functionalizes them into
    _native_batch_norm_legit_functional)."""
    if not training:
        if running_mean is None or running_var is None:
            raise cx.error("batch norm outside training needs running statistics")
        out = _bn_inference(cx, x, weight, bias, running_mean, running_var, eps)
        return out, _empty(cx, 1), _empty(cx, 2)
    if running_mean is not None or running_var is not None:
        raise cx.error("in-place running-statistics updates are not supported; export the module "
                       "(torch.export functionalizes them)")
    return _bn_training(cx, x, weight, bias, eps)[:3]


# ----------------------------------------------------------------------------- layer norm, group norm

@converts("native_layer_norm")
def layer_norm(cx, x, normalized_shape, weight, bias, eps):
    """(output, mean, rstd); mean and rstd keep the normalized dimensions as ones."""
    element = cx.element(x)
    x = to_element(cx, x, acc_element(element))
    rank = cx.rank(x)
    axis = rank - len(normalized_shape)
    dims = list(range(axis, rank))
    mean, var = moments(cx, x, dims)
    rstd = _rsqrt_eps(cx, var, eps)
    y = cx.op("multiply", cx.op("subtract", x, restore(cx, mean, x, dims)), restore(cx, rstd, x, dims))
    trailing = list(range(axis, rank))
    y = _affine(cx, y, weight, bias,
                lambda v, like: cx.broadcast(cx.convert(v, cx.element(like)), cx.sizes_of(like), dims=trailing))
    return (cx.convert(y, cx.out_element(0)), cx.reshape(cx.convert(mean, cx.out_element(1)), cx.out_sizes(1)),
            cx.reshape(cx.convert(rstd, cx.out_element(2)), cx.out_sizes(2)))


@converts("native_group_norm")
def group_norm(cx, x, weight, bias, n, c, hxw, group, eps):
    """(output, mean, rstd), mean and rstd of shape (N, group): statistics over each group of
    C / group channels and all spatial positions."""
    element = cx.element(x)
    x = to_element(cx, x, acc_element(element))
    sizes = cx.sizes_of(x)
    channels = sizes[1]
    if not isinstance(channels, int):
        raise cx.error("group norm over a symbolic number of channels is not supported")
    grouped = cx.reshape(x, [sizes[0], group, channels // group] + sizes[2:])
    dims = list(range(2, cx.rank(grouped)))
    mean, var = moments(cx, grouped, dims)
    rstd = _rsqrt_eps(cx, var, eps)
    y = cx.op("multiply", cx.op("subtract", grouped, restore(cx, mean, grouped, dims)),
              restore(cx, rstd, grouped, dims))
    y = _affine(cx, cx.reshape(y, sizes), weight, bias, lambda v, like: _per_channel(cx, v, like))
    return (cx.convert(y, cx.out_element(0)), cx.convert(mean, cx.out_element(1)),
            cx.convert(rstd, cx.out_element(2)))
