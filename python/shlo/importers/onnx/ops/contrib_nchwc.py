"""onnxruntime's `com.microsoft.nchwc` ops (a float CNN saved at ORT_ENABLE_ALL): ReorderInput,
ReorderOutput, Conv, MaxPool, AveragePool, GlobalMaxPool, GlobalAveragePool, Upsample.

Blocked values are kept as NCHW tensors of their padded channel count (see importers/onnx/
nchwc.py), so ReorderInput pads the channels with zeros, ReorderOutput cuts them back, and the
pools are ONNX's; Conv puts its weights back in OIHW order from the blocked layout (which needs
the block size) and then is FusedConv: bias, the Sum input added, the activation (HardSwish too)."""
from __future__ import annotations

import numpy as np

from ..nchwc import DOMAIN, Layout
from ..registry import converts
from .contrib_fused import _fused_activation
from .nn import average_pool, bin_op, conv, global_average_pool, global_max_pool, max_pool
from .nn_sample import _resize
from .tensors import _slice_static


def _block(cx) -> tuple:
    """(Layout, block size) of the model, worked out once per import."""
    imp = cx.importer
    got = imp.__dict__.get("_nchwc_layout")
    if got is None:
        layout = Layout(imp.model.graph)
        chosen = getattr(imp, "nchwc_block_size", None)
        got = imp._nchwc_layout = (layout, layout.block_size(chosen), chosen)
    layout, b, chosen = got
    if b is None:
        if chosen is not None:
            raise cx.error(f"nchwc_block_size={chosen} disagrees with the channel counts this file records "
                           f"(they allow {' or '.join(map(str, layout.sizes)) or 'neither 8 nor 16'})")
        if not layout.sizes:
            raise cx.error("no NCHWc block size (8 or 16) agrees with the channel counts this file records")
        raise cx.error("the NCHWc block size of this file cannot be told from it: every channel count it "
                       "records is a multiple of 16, so blocks of 8 and of 16 both fit, and the blocked weights "
                       "read differently under each. onnxruntime picks it for the machine that saved the file "
                       "(16 with AVX-512, else 8): pass from_onnx(..., nchwc_block_size=16 or 8), or save the "
                       "model at ORT_ENABLE_EXTENDED")
    return layout, b


def _static_dims(cx, v, what):
    shape = cx.info(v).shape
    if None in shape:
        raise cx.error(f"{what} needs static sizes (got {shape})")
    return list(shape)


@converts("ReorderInput", domain=DOMAIN)
def reorder_input(cx, x, channels_last=0):
    _, b = _block(cx)
    rank = cx.rank(x)
    if channels_last:           # NHWC -> NCHW
        x = cx.op("transpose", x, permutation=[0, rank - 1] + list(range(1, rank - 1)))
    sizes = cx.sizes_of(x)
    c = sizes[1]
    if not isinstance(c, int):
        raise cx.error("ReorderInput needs a static channel count")
    pad = -(-c // b) * b - c
    if not pad:
        return x
    zeros = cx.const(0, cx.element(x), [sizes[0], pad] + sizes[2:])
    return cx.op("concatenate", [x, zeros], dimension=1)


@converts("ReorderOutput", domain=DOMAIN)
def reorder_output(cx, x, channels=None, channels_last=0):
    _block(cx)
    c = cx.info(x).shape[1]
    if channels is not None and c is not None and channels < c:
        x = _slice_static(cx, x, 1, 0, channels, 1)
    if channels_last:           # NCHW -> NHWC
        rank = cx.rank(x)
        x = cx.op("transpose", x, permutation=[0] + list(range(2, rank)) + [1])
    return x


def _unblock(cx, w, b, inner_blocked):
    """Weights stored blocked under their (O, I, k...) dims back in OIHW order: (O/B, I/B, k...,
    Bi, Bo) when the input channels are blocked too, else (O/B, I, k..., Bo)."""
    o, i, *k = _static_dims(cx, w, "NCHWc Conv weights")
    n = len(k)
    if o % b or (inner_blocked and i % b):
        raise cx.error(f"weights of {o} x {i} channels are not in blocks of {b}")
    if inner_blocked:
        v = cx.reshape(w, [o // b, i // b] + k + [b, b])
        v = cx.op("transpose", v, permutation=[0, 3 + n, 1, 2 + n] + list(range(2, 2 + n)))
    else:
        v = cx.reshape(w, [o // b, i] + k + [b])
        v = cx.op("transpose", v, permutation=[0, 2 + n, 1] + list(range(2, 2 + n)))
    return cx.reshape(v, [o, i] + k)


@converts("Conv", domain=DOMAIN)
def nchwc_conv(cx, x, w, bias=None, sum_=None, activation="", activation_params=None, group=1, **attrs):
    layout, b = _block(cx)
    o, i = _static_dims(cx, w, "NCHWc Conv weights")[:2]
    if group > 1:
        if i != 1:
            raise cx.error(f"a grouped NCHWc Conv that is not depthwise ({i} input channels per group)")
        group = o               # depthwise over the padded channels
        w = _unblock(cx, w, b, False)
    else:
        w = _unblock(cx, w, b, cx.node.output[0] not in layout.direct)
    y = conv(cx, x, w, bias, group=group, **attrs)
    if sum_ is not None:        # accumulated into the output before the activation
        y = bin_op(cx, "add", y, sum_)
    if activation == "HardSwish":       # (NCHWc Conv fuses it; FusedConv does not)
        gate = cx.op("clamp", cx.const(0, cx.element(y)), bin_op(cx, "add", bin_op(cx, "multiply", y, 1.0 / 6), 0.5),
                     cx.const(1, cx.element(y)))
        return cx.op("multiply", y, gate)
    return _fused_activation(cx, y, activation, activation_params)


@converts("MaxPool", domain=DOMAIN)
def nchwc_max_pool(cx, x, kernel_shape, **kw):
    _block(cx)
    return max_pool(cx, x, kernel_shape, **kw)


@converts("AveragePool", domain=DOMAIN)
def nchwc_average_pool(cx, x, kernel_shape, **kw):
    _block(cx)
    return average_pool(cx, x, kernel_shape, **kw)


@converts("GlobalMaxPool", domain=DOMAIN)
def nchwc_global_max_pool(cx, x):
    _block(cx)
    return global_max_pool(cx, x)


@converts("GlobalAveragePool", domain=DOMAIN)
def nchwc_global_average_pool(cx, x):
    _block(cx)
    return global_average_pool(cx, x)


@converts("Upsample", domain=DOMAIN)
def nchwc_upsample(cx, x, scales=None, mode="nearest", coordinate_transformation_mode="asymmetric"):
    _block(cx)
    s = np.asarray(scales, np.float32)
    return _resize(cx, x, None, cx.const(s, "f32", s.shape), None, {1: None, 2: s, 3: None}, mode=mode,
                   coordinate_transformation_mode=coordinate_transformation_mode, nearest_mode="floor")
