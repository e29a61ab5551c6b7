"""Sampling ops: Resize (opsets 10..19) and Upsample (7, 9).

Resize is separable: each resized axis is resampled on its own. The scales / sizes / roi may be
known only at run time (then the output size along that axis is a `?` size), so the source
coordinates, tap indices and tap weights are computed in the program: x_original per output
position (the coordinate_transformation_mode), then for nearest one gathered index, for
linear / cubic a fixed number of taps around it (edge-clamped, or dropped and renormalized with
exclude_outside), gathered along the axis and summed with their weights. Coordinates are
computed in f64, as onnx's reference does, so that floors and ties land on the same side."""
from __future__ import annotations

import numpy as np

from ....types import tensor_type
from .. import dtypes
from ..registry import converts

F64 = "f64"
I64 = "i64"


class _K:
    """Element-wise helpers over 1-D / 2-D f64 tensors of one size list."""

    def __init__(self, cx):
        self.cx = cx

    def c(self, value, like, element=F64):
        return self.cx.const(value, element, self.cx.sizes_of(like))

    def op(self, name, a, b):
        cx = self.cx
        if not hasattr(b, "type"):
            b = self.c(b, a, cx.element(a))
        if not hasattr(a, "type"):
            a = self.c(a, b, cx.element(b))
        sizes = cx.broadcast_sizes(a, b)
        return cx.op(name, cx.broadcast(a, sizes), cx.broadcast(b, sizes))


def _scalar(cx, v, i, element=F64):
    """Element i of a 1-D run-time tensor as a rank-0 value of `element`."""
    s = cx.op("slice", v, start_indices=[i], limit_indices=[i + 1], strides=[1])
    return cx.convert(cx.reshape(s, []), element)


def _iota(cx, size, element=F64):
    if isinstance(size, int):
        return cx.op("iota", iota_dimension=0, result_types=[tensor_type([size], element)])
    return cx.op("dynamic_iota", cx.shape_tensor([size]), iota_dimension=0,
                 result_types=[tensor_type([None], element)])


def _x_original(cx, k, mode, y, in_w, scale, out_w, roi):
    """The source coordinate of each output position y (f64), and an extrapolation mask or None."""
    width = k.op("multiply", scale, float(in_w))            # output_width: scale * in, a float
    if mode == "asymmetric":
        return k.op("divide", y, scale), None
    if mode in ("half_pixel", "pytorch_half_pixel", "half_pixel_symmetric"):
        x = k.op("subtract", k.op("divide", k.op("add", y, 0.5), scale), 0.5)
        if mode == "pytorch_half_pixel":
            one = cx.broadcast(cx.op("compare", width, cx.const(1.0, F64), comparison_direction="EQ"),
                               cx.sizes_of(x), dims=[])
            x = cx.op("select", one, k.c(-0.5, x), x)
        if mode == "half_pixel_symmetric":
            adjust = k.op("divide", cx.convert(out_w, F64), width)
            offset = k.op("multiply", cx.const(in_w / 2, F64), k.op("subtract", cx.const(1.0, F64), adjust))
            x = k.op("add", x, offset)
        return x, None
    if mode == "align_corners":
        den = k.op("subtract", width, 1.0)
        one = cx.op("compare", width, cx.const(1.0, F64), comparison_direction="EQ")
        safe = cx.op("select", one, cx.const(1.0, F64), den)
        x = k.op("divide", k.op("multiply", y, float(in_w - 1)), safe)
        return cx.op("select", cx.broadcast(one, cx.sizes_of(x), dims=[]), k.c(0.0, x), x), None
    if mode == "tf_crop_and_resize":
        if roi is None:
            raise cx.error("tf_crop_and_resize needs roi")
        r0, r1 = roi
        span = k.op("multiply", k.op("subtract", r1, r0), float(in_w - 1))
        one = cx.op("compare", width, cx.const(1.0, F64), comparison_direction="EQ")
        den = cx.op("select", one, cx.const(1.0, F64), k.op("subtract", width, 1.0))
        x = k.op("divide", k.op("multiply", y, span), den)
        x = cx.op("select", cx.broadcast(one, cx.sizes_of(x), dims=[]),
                  cx.broadcast(k.op("divide", span, 2.0), cx.sizes_of(x), dims=[]), x)
        x = k.op("add", x, k.op("multiply", r0, float(in_w - 1)))
        outside = cx.op("or", cx.op("compare", x, k.c(0.0, x), comparison_direction="LT"),
                        cx.op("compare", x, k.c(float(in_w - 1), x), comparison_direction="GT"))
        return x, outside
    raise cx.error(f"coordinate_transformation_mode {mode!r} is not supported")


def _nearest_index(cx, k, x, nearest_mode, in_w):
    fl = cx.op("floor", x)
    frac = k.op("subtract", x, fl)
    if nearest_mode == "floor":
        idx = fl
    elif nearest_mode == "ceil":
        idx = cx.op("ceil", x)
    elif nearest_mode in ("round_prefer_floor", "round_prefer_ceil"):
        up = cx.op("compare", frac, k.c(0.5, frac), comparison_direction="GT" if nearest_mode ==
                   "round_prefer_floor" else "GE")
        idx = cx.op("select", up, k.op("add", fl, 1.0), fl)
    else:
        raise cx.error(f"nearest_mode {nearest_mode!r} is not supported")
    idx = cx.convert(idx, I64)
    return cx.op("clamp", k.c(0, idx, I64), idx, k.c(in_w - 1, idx, I64))


def _cubic_kernel(cx, k, d, a):
    """Keys' cubic kernel of |d| with coefficient a."""
    d = cx.op("abs", d)
    d2 = cx.op("multiply", d, d)
    d3 = cx.op("multiply", d2, d)
    near = k.op("add", k.op("subtract", k.op("multiply", d3, a + 2), k.op("multiply", d2, a + 3)), 1.0)
    far = k.op("subtract", k.op("add", k.op("subtract", k.op("multiply", d3, a), k.op("multiply", d2, 5 * a)),
                                k.op("multiply", d, 8 * a)), 4 * a)
    le1 = cx.op("compare", d, k.c(1.0, d), comparison_direction="LE")
    lt2 = cx.op("compare", d, k.c(2.0, d), comparison_direction="LT")
    return cx.op("select", le1, near, cx.op("select", lt2, far, k.c(0.0, d)))


def _taps(cx, k, x, mode, in_w, a, exclude_outside, antialias_scale=None):
    """(indices, weights) of shape (out, n) for linear / cubic taps around x."""
    if antialias_scale is not None:
        s = min(antialias_scale, 1.0)
        start = int(np.floor((-1 if mode == "linear" else -2) / s) + 1)
        n = 2 - 2 * start
    else:
        s = 1.0
        start, n = (0, 2) if mode == "linear" else (-1, 4)
    fl = cx.op("floor", x)
    exact = cx.op("compare", x, fl, comparison_direction="EQ")
    # an integral x takes the window left of it (ratio 1), as the reference's tie rule does
    fl = cx.op("select", exact, k.op("subtract", fl, 1.0), fl)
    ratio = k.op("subtract", x, fl)
    out = cx.sizes_of(x)[0]
    offs = cx.const(np.arange(start, start + n, dtype=np.float64), F64, (n,))
    grid = [out, n]
    taps = cx.op("add", cx.broadcast(fl, grid, dims=[0]), cx.broadcast(offs, grid, dims=[1]))
    d = cx.op("subtract", cx.broadcast(offs, grid, dims=[1]), cx.broadcast(ratio, grid, dims=[0]))
    if s != 1.0:
        d = k.op("multiply", d, s)
    if mode == "linear":
        w = cx.op("maximum", k.op("subtract", 1.0, cx.op("abs", d)), k.c(0.0, d))
    else:
        w = _cubic_kernel(cx, k, d, a)
    inside = cx.op("and", cx.op("compare", taps, k.c(0.0, taps), comparison_direction="GE"),
                   cx.op("compare", taps, k.c(float(in_w - 1), taps), comparison_direction="LE"))
    if exclude_outside:
        w = cx.op("select", inside, w, k.c(0.0, w))
    if exclude_outside or antialias_scale is not None:
        from .nn import reduce1
        total = reduce1(cx, w, [1], "add", 0)
        total = cx.op("select", cx.op("compare", total, k.c(0.0, total), comparison_direction="EQ"),
                      k.c(1.0, total), total)
        w = cx.op("divide", w, cx.broadcast(total, grid, dims=[0]))
    idx = cx.convert(cx.op("clamp", k.c(0.0, taps), taps, k.c(float(in_w - 1), taps)), I64)
    return idx, w


def _gather_axis(cx, x, axis, idx):
    """x indexed along `axis` by the i64 tensor idx (any rank): the axis becomes idx's dimensions."""
    rank = cx.rank(x)
    sizes = cx.sizes_of(x)
    extra = cx.rank(idx)
    start = cx.reshape(idx, cx.sizes_of(idx) + [1])
    dnums = {"offset_dims": list(range(axis)) + list(range(axis + extra, rank - 1 + extra)),
             "collapsed_slice_dims": [axis], "start_index_map": [axis], "index_vector_dim": extra,
             "operand_batching_dims": [], "start_indices_batching_dims": []}
    slice_sizes = [1 if d == axis else s for d, s in enumerate(sizes)]
    shape = cx.info(x).shape
    out_shape = shape[:axis] + cx.info(idx).shape + shape[axis + 1:]
    if all(isinstance(s, int) for s in slice_sizes):
        return cx.op("gather", x, start, dimension_numbers=dnums, slice_sizes=slice_sizes,
                     indices_are_sorted=False, result_types=[tensor_type(out_shape, cx.element(x))])
    return cx.op("dynamic_gather", x, start, cx.shape_tensor(slice_sizes), dimension_numbers=dnums,
                 indices_are_sorted=False, result_types=[tensor_type(out_shape, cx.element(x))])


def resize_axis(cx, x, axis, scale, out_w, o, roi=None, extrapolation=0.0):
    """x resampled along `axis` to out_w positions (an int or a rank-0 i64 value); `o` holds the
    options: mode, coord, nearest, a, exclude, antialias (a known float scale or None)."""
    k = _K(cx)
    in_w = cx.info(x).shape[axis]
    if in_w is None:
        raise cx.error("Resize needs static input sizes along the resized axes")
    y = _iota(cx, out_w)
    xo, outside = _x_original(cx, k, o["coord"], y, in_w, scale, out_w, roi)
    element = cx.element(x)
    if o["mode"] == "nearest":
        r = _gather_axis(cx, x, axis, _nearest_index(cx, k, xo, o["nearest"], in_w))
    else:
        idx, w = _taps(cx, k, xo, o["mode"], in_w, o["a"], o["exclude"], o["antialias"])
        work = element if dtypes.is_float(element) else "f32"
        g = _gather_axis(cx, cx.convert(x, work), axis, idx)            # (..., out, n, ...)
        w = cx.broadcast(cx.convert(w, work), cx.sizes_of(g), dims=[axis, axis + 1])
        from .nn import reduce1
        r = reduce1(cx, cx.op("multiply", g, w), [axis + 1], "add", 0)
        if work != element:
            r = cx.op("round_nearest_even", r)
            r = cx.convert(r, element)
    if outside is not None:
        sizes = cx.sizes_of(r)
        r = cx.op("select", cx.broadcast(outside, sizes, dims=[axis]), cx.const(extrapolation, element, sizes), r)
    return r


def _f64_vector(cx, known, v):
    """A 1-D input as a list of rank-0 f64 values (with its known values, when known)."""
    if known is not None:
        return [cx.const(float(a), F64) for a in np.asarray(known, np.float64).reshape(-1)], \
            [float(a) for a in np.asarray(known, np.float64).reshape(-1)]
    n = cx.info(v).shape[0]
    if n is None:
        raise cx.error(f"input {i} needs a static length")
    return [_scalar(cx, v, j) for j in range(n)], None


def _resize(cx, x, roi, scales, sizes, known, mode="nearest", coordinate_transformation_mode="half_pixel",
            cubic_coeff_a=-0.75, exclude_outside=0, extrapolation_value=0.0, nearest_mode="round_prefer_floor",
            antialias=0, axes=None, keep_aspect_ratio_policy="stretch"):
    rank = cx.rank(x)
    axes = [a % rank for a in axes] if axes else list(range(rank))
    shape = cx.info(x).shape
    if scales is not None and cx.info(scales).shape[0] == 0:
        scales = None
    if sizes is not None and cx.info(sizes).shape[0] == 0:
        sizes = None
    if scales is not None:
        scale_vals, vals = _f64_vector(cx, known[2], scales)
        outs = []
        for a, s in zip(axes, scale_vals):
            if vals is not None and shape[a] is not None:
                outs.append(int(np.floor(vals[axes.index(a)] * shape[a])))
            else:
                outs.append(cx.convert(cx.op("floor", cx.op("multiply", s, cx.const(float(shape[a]), F64))), I64))
    elif sizes is not None:
        size_vals, vals = _f64_vector(cx, known[3], sizes)
        scale_vals = [cx.op("divide", s, cx.const(float(shape[a]), F64)) for a, s in zip(axes, size_vals)]
        outs = [int(vals[i]) if vals is not None else cx.convert(s, I64) for i, s in enumerate(size_vals)]
        if keep_aspect_ratio_policy != "stretch":
            pick = "minimum" if keep_aspect_ratio_policy == "not_larger" else "maximum"
            s = scale_vals[0]
            for t in scale_vals[1:]:
                s = cx.op(pick, s, t)
            scale_vals = [s] * len(axes)
            outs = [cx.convert(cx.op("floor", cx.op("add", cx.op("multiply", s, cx.const(float(shape[a]), F64)),
                                                    cx.const(0.5, F64))), I64) for a in axes]
            if vals is not None:
                ks = [vals[i] / shape[a] for i, a in enumerate(axes)]
                kv = min(ks) if pick == "minimum" else max(ks)
                outs = [int(kv * shape[a] + 0.5) for a in axes]
    else:
        raise cx.error("Resize needs scales or sizes")
    roi_vals = None
    if coordinate_transformation_mode == "tf_crop_and_resize":
        if roi is None:
            raise cx.error("tf_crop_and_resize needs roi")
        roi_vals, _ = _f64_vector(cx, known[1], roi)
    antialias_scales = None
    if antialias and mode != "nearest":
        k = known[2] if scales is not None else None
        if scales is None and known[3] is not None:
            k = [known[3].reshape(-1)[i] / shape[a] for i, a in enumerate(axes)]
        if k is None:
            raise cx.error("antialias needs scales / sizes known when importing (its filter width depends on them)")
        antialias_scales = [float(v) for v in np.asarray(k, np.float64).reshape(-1)]
    y = x
    for i, a in enumerate(axes):
        n = len(axes)
        out_w = outs[i]
        if isinstance(out_w, int) and out_w == shape[a] and coordinate_transformation_mode != "tf_crop_and_resize":
            continue            # identity along this axis
        opts = {"mode": mode, "coord": coordinate_transformation_mode, "nearest": nearest_mode, "a": cubic_coeff_a,
                "exclude": exclude_outside,
                "antialias": antialias_scales[i] if antialias_scales else None}
        r = (roi_vals[i], roi_vals[n + i]) if roi_vals is not None else None
        y = resize_axis(cx, y, a, scale_vals[i], out_w, opts, r, extrapolation_value)
    return y


def _known(cx, *indices):
    """{role: known value} for the inputs at `indices` (roi 1, scales 2, sizes 3)."""
    return {role: cx.known(i) if i is not None else None for role, i in zip((1, 2, 3), indices)}


@converts("Resize", since=11)
def resize(cx, x, roi=None, scales=None, sizes=None, **attrs):
    return _resize(cx, x, roi, scales, sizes, _known(cx, 1, 2, 3), **attrs)


@converts("Resize", since=10)
def resize10(cx, x, scales, mode="nearest"):
    return _resize(cx, x, None, scales, None, _known(cx, None, 1, None), mode=mode,
                   coordinate_transformation_mode="asymmetric", nearest_mode="floor")


@converts("Upsample", since=9)
def upsample9(cx, x, scales, mode="nearest"):
    return _resize(cx, x, None, scales, None, _known(cx, None, 1, None), mode=mode,
                   coordinate_transformation_mode="asymmetric", nearest_mode="floor")


@converts("Upsample", since=7)
def upsample7(cx, x, scales, mode="nearest"):
    s = np.asarray(scales, np.float64)          # an attribute until opset 9
    return _resize(cx, x, None, cx.const(s, F64, s.shape), None, {1: None, 2: s, 3: None}, mode=mode,
                   coordinate_transformation_mode="asymmetric", nearest_mode="floor")
