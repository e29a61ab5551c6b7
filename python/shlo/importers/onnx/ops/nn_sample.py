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
        if hasattr(value, "type"):      # a rank-0 value (a dynamic input size)
            return self.cx.broadcast(self.cx.convert(value, element), self.cx.sizes_of(like))
        return self.cx.const(value, element, self.cx.sizes_of(like))

    def op(self, name, a, b):
        cx = self.cx
        if not hasattr(b, "type"):
            b = self.c(b, a, cx.element(a))
        if not hasattr(a, "type"):
            a = self.c(a, b, cx.element(b))
        sizes = cx.broadcast_sizes(a, b)
        return cx.op(name, cx.broadcast(a, sizes), cx.broadcast(b, sizes))


def _num(cx, in_w, delta, value=False):
    """in_w + delta: a float for a static size, a rank-0 f64 value for a dynamic one (in_w is then
    that value); value=True makes a value of a static one too."""
    if isinstance(in_w, int):
        return cx.const(float(in_w + delta), F64) if value else float(in_w + delta)
    return in_w if delta == 0 else cx.op("add", in_w, cx.const(float(delta), F64))


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
    width = k.op("multiply", scale, _num(cx, in_w, 0))      # output_width: scale * in, a float
    if mode == "asymmetric":
        return k.op("divide", y, scale), None
    if mode in ("half_pixel", "pytorch_half_pixel", "half_pixel_symmetric"):
        x = k.op("subtract", k.op("divide", k.op("add", y, 0.5), scale), 0.5)
        if mode == "pytorch_half_pixel":
            one = cx.broadcast(cx.op("compare", width, cx.const(1.0, F64), comparison_direction="EQ"),
                               cx.sizes_of(x), dims=[])
            x = cx.op("select", one, k.c(-0.5, x), x)
        if mode == "half_pixel_symmetric":
            # (out_w: an int where the output size is known when importing)
            out = cx.const(float(out_w), F64) if isinstance(out_w, int) else cx.convert(out_w, F64)
            adjust = k.op("divide", out, width)
            half_in = k.op("multiply", _num(cx, in_w, 0, True), 0.5)
            offset = k.op("multiply", half_in, k.op("subtract", cx.const(1.0, F64), adjust))
            x = k.op("add", x, offset)
        return x, None
    if mode == "align_corners":
        den = k.op("subtract", width, 1.0)
        one = cx.op("compare", width, cx.const(1.0, F64), comparison_direction="EQ")
        safe = cx.op("select", one, cx.const(1.0, F64), den)
        x = k.op("divide", k.op("multiply", y, _num(cx, in_w, -1)), safe)
        return cx.op("select", cx.broadcast(one, cx.sizes_of(x), dims=[]), k.c(0.0, x), x), None
    if mode == "tf_crop_and_resize":
        if roi is None:
            raise cx.error("tf_crop_and_resize needs roi")
        r0, r1 = roi
        span = k.op("multiply", k.op("subtract", r1, r0), _num(cx, in_w, -1))
        one = cx.op("compare", width, cx.const(1.0, F64), comparison_direction="EQ")
        den = cx.op("select", one, cx.const(1.0, F64), k.op("subtract", width, 1.0))
        x = k.op("divide", k.op("multiply", y, span), den)
        x = cx.op("select", cx.broadcast(one, cx.sizes_of(x), dims=[]),
                  cx.broadcast(k.op("divide", span, 2.0), cx.sizes_of(x), dims=[]), x)
        x = k.op("add", x, k.op("multiply", r0, _num(cx, in_w, -1)))
        outside = cx.op("or", cx.op("compare", x, k.c(0.0, x), comparison_direction="LT"),
                        cx.op("compare", x, k.c(_num(cx, in_w, -1), x), comparison_direction="GT"))
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
    return cx.op("clamp", k.c(0, idx, I64), idx, k.c(_num(cx, in_w, -1), idx, I64))


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
    """(indices, weights) of shape (out, n) for linear / cubic taps around x. antialias_scale: a
    float, or a rank-0 f64 value known at run time only (then as many taps as the smallest scale
    that leaves an output could need, those past the scale's own count weighted 0)."""
    if antialias_scale is not None and hasattr(antialias_scale, "type"):
        return _runtime_antialias_taps(cx, k, x, mode, in_w, a, exclude_outside, antialias_scale)
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
                   cx.op("compare", taps, k.c(_num(cx, in_w, -1), taps), comparison_direction="LE"))
    if exclude_outside:
        w = cx.op("select", inside, w, k.c(0.0, w))
    if exclude_outside or antialias_scale is not None:
        from .nn import reduce1
        total = reduce1(cx, w, [1], "add", 0)
        total = cx.op("select", cx.op("compare", total, k.c(0.0, total), comparison_direction="EQ"),
                      k.c(1.0, total), total)
        w = cx.op("divide", w, cx.broadcast(total, grid, dims=[0]))
    idx = cx.convert(cx.op("clamp", k.c(0.0, taps), taps, k.c(_num(cx, in_w, -1), taps)), I64)
    return idx, w


def _runtime_antialias_taps(cx, k, x, mode, in_w, a, exclude_outside, scale):
    """_taps' antialiased window for a scale known at run time only (in_w static): the window
    starts at floor(-support / s) + 1 and holds 2 - 2 * start taps, s = min(scale, 1); any output
    at all needs s >= 1 / in_w, which bounds the tap count by 2 support in_w + 2."""
    from .nn import reduce1
    support = 1 if mode == "linear" else 2
    s = cx.op("minimum", cx.convert(scale, F64), cx.const(1.0, F64))
    start = cx.op("add", cx.op("floor", cx.op("divide", cx.const(-float(support), F64), s)), cx.const(1.0, F64))
    count = cx.op("subtract", cx.const(2.0, F64), cx.op("multiply", cx.const(2.0, F64), start))
    # a run-time input size bounds nothing at import: the window is the scale's own count, a ? size
    n = 2 * support * in_w + 2 if isinstance(in_w, int) else cx.convert(count, I64)
    fl = cx.op("floor", x)
    exact = cx.op("compare", x, fl, comparison_direction="EQ")
    fl = cx.op("select", exact, k.op("subtract", fl, 1.0), fl)       # (the static window's tie rule)
    ratio = k.op("subtract", x, fl)
    out = cx.sizes_of(x)[0]
    grid = [out, n]
    j = cx.const(np.arange(n, dtype=np.float64), F64, (n,)) if isinstance(n, int) else \
        cx.op("dynamic_iota", cx.shape_tensor([n]), iota_dimension=0, result_types=[tensor_type([None], F64)])
    offs = cx.op("add", j, cx.broadcast(start, [n], dims=[]))
    taps = cx.op("add", cx.broadcast(fl, grid, dims=[0]), cx.broadcast(offs, grid, dims=[1]))
    d = cx.op("subtract", cx.broadcast(offs, grid, dims=[1]), cx.broadcast(ratio, grid, dims=[0]))
    d = cx.op("multiply", d, cx.broadcast(s, grid, dims=[]))
    if mode == "linear":
        w = cx.op("maximum", k.op("subtract", 1.0, cx.op("abs", d)), k.c(0.0, d))
    else:
        w = _cubic_kernel(cx, k, d, a)
    used = cx.op("compare", cx.broadcast(j, grid, dims=[1]), cx.broadcast(count, grid, dims=[]),
                 comparison_direction="LT")
    if exclude_outside:
        used = cx.op("and", used, cx.op("and", cx.op("compare", taps, k.c(0.0, taps), comparison_direction="GE"),
                                        cx.op("compare", taps, k.c(_num(cx, in_w, -1), taps),
                                              comparison_direction="LE")))
    w = cx.op("select", used, w, k.c(0.0, w))
    total = reduce1(cx, w, [1], "add", 0)
    total = cx.op("select", cx.op("compare", total, k.c(0.0, total), comparison_direction="EQ"), k.c(1.0, total), total)
    w = cx.op("divide", w, cx.broadcast(total, grid, dims=[0]))
    idx = cx.convert(cx.op("clamp", k.c(0.0, taps), taps, k.c(_num(cx, in_w, -1), taps)), I64)
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
    if in_w is None:        # a dynamic size: the coordinates' bounds are computed from it at run time
        in_w = cx.convert(cx.size_value(cx.dim(x, axis)), F64)
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

    def extent(a):          # x's size along axis a as a rank-0 f64 (a dynamic size read at run time)
        return cx.convert(cx.size_value(cx.dim(x, a)), F64)
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
                outs.append(cx.convert(cx.op("floor", cx.op("multiply", s, extent(a))), I64))
    elif sizes is not None:
        size_vals, vals = _f64_vector(cx, known[3], sizes)
        scale_vals = [cx.op("divide", s, extent(a)) for a, s in zip(axes, size_vals)]
        outs = [int(vals[i]) if vals is not None else cx.convert(s, I64) for i, s in enumerate(size_vals)]
        if keep_aspect_ratio_policy != "stretch":
            pick = "minimum" if keep_aspect_ratio_policy == "not_larger" else "maximum"
            s = scale_vals[0]
            for t in scale_vals[1:]:
                s = cx.op(pick, s, t)
            scale_vals = [s] * len(axes)
            outs = [cx.convert(cx.op("floor", cx.op("add", cx.op("multiply", s, extent(a)),
                                                    cx.const(0.5, F64))), I64) for a in axes]
            if vals is not None and all(shape[a] is not None for a in axes):
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
        if scales is None and known[3] is not None and all(shape[a] is not None for a in axes):
            k = [known[3].reshape(-1)[i] / shape[a] for i, a in enumerate(axes)]
        if k is not None:
            antialias_scales = [float(v) for v in np.asarray(k, np.float64).reshape(-1)]
        else:               # run-time scales: windows sized for the smallest scale (_runtime_antialias_taps)
            antialias_scales = list(scale_vals)
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


# ----------------------------------------------------------------------------- GridSample
#
# Per output point and spatial dimension the grid value (in [-1, 1], innermost dimension first) is
# mapped to a source coordinate; out-of-range coordinates are clamped (border) or reflected
# (reflection); then the 1 (nearest), 2 ** n (linear) or 4 ** n (cubic) taps around it are
# gathered, each tap index itself put through the padding mode (zeros: outside taps read 0), and
# summed with their weights. This follows onnx's reference (PyTorch's grid_sample).

def _gs_size(cx, size, delta, like):
    """size + delta splatted like `like` (size an int, or a rank-0 value of like's element type:
    a run-time spatial size)."""
    if isinstance(size, int):
        return cx.const(float(size + delta), cx.element(like), cx.sizes_of(like))
    v = size if delta == 0 else cx.op("add", size, cx.const(float(delta), cx.element(like)))
    return cx.broadcast(v, cx.sizes_of(like), dims=[])


def _gs_coordinate(cx, g, size, align_corners):
    k = lambda v: cx.const(v, cx.element(g), cx.sizes_of(g))  # noqa: E731
    if align_corners:
        return cx.op("multiply", cx.op("divide", cx.op("add", g, k(1.0)), k(2.0)), _gs_size(cx, size, -1, g))
    return cx.op("divide", cx.op("subtract", cx.op("multiply", cx.op("add", g, k(1.0)), _gs_size(cx, size, 0, g)),
                                 k(1.0)), k(2.0))


def _gs_reflect(cx, x, size, align_corners):
    """x folded into the borders [lo, hi] by reflections at the nearer border, repeatedly."""
    k = lambda v: cx.const(v, cx.element(x), cx.sizes_of(x))  # noqa: E731
    if isinstance(size, int):
        lo, hi = _gs_bounds(size, align_corners)
        if hi - lo <= 0:
            return k(lo)
        lo, hi = k(lo), k(hi)
    else:
        lo, hi = (k(0.0), _gs_size(cx, size, -1, x)) if align_corners else (k(-0.5), _gs_size(cx, size, -0.5, x))
    span = cx.op("subtract", hi, lo)
    below = cx.op("compare", x, lo, comparison_direction="LT")
    above = cx.op("compare", x, hi, comparison_direction="GT")
    d = cx.op("select", below, cx.op("subtract", lo, x), cx.op("subtract", x, hi))
    n = cx.op("floor", cx.op("divide", d, span))
    r = cx.op("subtract", d, cx.op("multiply", n, span))
    even = cx.op("compare", cx.op("remainder", n, k(2.0)), k(0.0), comparison_direction="EQ")
    from_lo, from_hi = cx.op("add", lo, r), cx.op("subtract", hi, r)
    folded = cx.op("select", below, cx.op("select", even, from_lo, from_hi), cx.op("select", even, from_hi, from_lo))
    out = cx.op("select", cx.op("or", below, above), folded, x)
    if not isinstance(size, int):       # (a run-time size of 1 with align_corners: no span, every point at 0)
        out = cx.op("select", cx.op("compare", span, k(0.0), comparison_direction="LE"), lo, out)
    return out


def _gs_bounds(size, align_corners):
    return (0.0, float(size - 1)) if align_corners else (-0.5, size - 0.5)


def _gs_fix_coordinate(cx, x, size, padding, align_corners):
    """A sample coordinate outside the borders: clamped (border) or reflected (reflection)."""
    k = lambda v: cx.const(v, cx.element(x), cx.sizes_of(x))  # noqa: E731
    if padding == "border":
        if isinstance(size, int):
            lo, hi = (k(v) for v in _gs_bounds(size, align_corners))
        else:
            lo, hi = (k(0.0), _gs_size(cx, size, -1, x)) if align_corners else (k(-0.5), _gs_size(cx, size, -0.5, x))
        out = cx.op("or", cx.op("compare", x, lo, comparison_direction="LT"),
                    cx.op("compare", x, hi, comparison_direction="GT"))
        return cx.op("select", out, cx.op("clamp", k(0.0), x, _gs_size(cx, size, -1, x)), x)
    if padding == "reflection":
        return _gs_reflect(cx, x, size, align_corners)
    return x


def _gs_tap(cx, i, size, padding, align_corners):
    """(index clamped into range as i64, inside mask or None) of an integral tap coordinate."""
    k = lambda v: cx.const(v, cx.element(i), cx.sizes_of(i))  # noqa: E731
    last = _gs_size(cx, size, -1, i)
    inside = None
    if padding == "zeros":
        inside = cx.op("and", cx.op("compare", i, k(0.0), comparison_direction="GE"),
                       cx.op("compare", i, last, comparison_direction="LE"))
    elif padding == "reflection":
        i = _gs_reflect(cx, i, size, align_corners)
        i = cx.op("floor", cx.op("abs", i))       # int() of a non-negative reflected tap
    i = cx.op("clamp", k(0.0), i, last)
    return cx.convert(i, I64), inside


def _gs_cubic_weights(cx, t):
    """Keys' cubic weights (A = -0.75) of the taps at -1, 0, 1, 2 around a fraction t."""
    k = lambda v: cx.const(v, cx.element(t), cx.sizes_of(t))  # noqa: E731
    a = -0.75

    def near(x):
        return cx.op("add", cx.op("multiply", cx.op("multiply", cx.op("subtract", cx.op("multiply", k(a + 2), x),
                                                                       k(a + 3)), x), x), k(1.0))

    def far(x):
        v = cx.op("add", cx.op("multiply", cx.op("subtract", cx.op("multiply", k(a), x), k(5 * a)), x), k(8 * a))
        return cx.op("subtract", cx.op("multiply", v, x), k(4 * a))
    one_minus = cx.op("subtract", k(1.0), t)
    return [far(cx.op("add", t, k(1.0))), near(t), near(one_minus), far(cx.op("add", one_minus, k(1.0)))]


def _gs_gather(cx, x, indices):
    """x[n, :, i_1, ..., i_k] per point of the i64 index values (N, *O): (N, *O, C)."""
    pts = cx.sizes_of(indices[0])
    rank = cx.rank(x)
    stacked = cx.op("concatenate", [cx.reshape(i, list(pts) + [1]) for i in indices], dimension=len(pts))
    dnums = {"offset_dims": [len(pts)], "collapsed_slice_dims": list(range(2, rank)),
             "start_index_map": list(range(2, rank)), "index_vector_dim": len(pts),
             "operand_batching_dims": [0], "start_indices_batching_dims": [0]}
    slice_sizes = [1, cx.sizes_of(x)[1]] + [1] * (rank - 2)
    if isinstance(slice_sizes[1], int):
        return cx.op("gather", x, stacked, dimension_numbers=dnums, slice_sizes=slice_sizes, indices_are_sorted=False)
    # a run-time channel count: the slice sizes as an operand, the result type given
    out = [s if isinstance(s, int) else None for s in pts] + [None]
    return cx.op("dynamic_gather", x, stacked, cx.shape_tensor(slice_sizes), dimension_numbers=dnums,
                 indices_are_sorted=False, result_types=[tensor_type(out, cx.element(x))])


def _grid_sample(cx, x, grid, mode, padding, align_corners):
    element = cx.element(x)
    work = element if element in ("f32", "f64") else "f32"
    sizes = cx.sizes_of(x)
    gsizes = cx.sizes_of(grid)
    if not isinstance(gsizes[-1], int):
        raise cx.error("the grid's last dimension (one coordinate per spatial dimension) must be static")
    if padding not in ("zeros", "border", "reflection"):
        raise cx.error(f"padding_mode {padding!r}")
    xw, grid = cx.convert(x, work), cx.convert(grid, work)
    # run-time spatial sizes as rank-0 values of the working type (their coordinates and bounds)
    spatial = [s if isinstance(s, int) else cx.convert(cx.size_value(s), work) for s in sizes[2:]]
    n_sp = len(spatial)
    pts = gsizes[:-1]
    coords = []
    for d, size in enumerate(spatial):
        comp = n_sp - 1 - d         # the grid's last dimension lists the innermost dimension first
        if all(isinstance(p, int) for p in pts):
            g = cx.reshape(cx.op("slice", grid, start_indices=[0] * len(pts) + [comp], limit_indices=pts + [comp + 1],
                                 strides=[1] * len(gsizes)), pts)
        else:
            from .tensors import _take
            g = _take(cx, grid, len(pts), cx.const(comp, I64))
        c = _gs_coordinate(cx, g, size, align_corners)
        if mode == "nearest":
            c = cx.op("round_nearest_even", c)
        # cubic pads each tap, not the sample point (as PyTorch and onnxruntime; onnx's reference
        # would clamp / reflect the point first, which no conformance case exercises)
        coords.append(c if mode == "cubic" else _gs_fix_coordinate(cx, c, size, padding, align_corners))
    k = lambda v, like: cx.const(v, cx.element(like), cx.sizes_of(like))  # noqa: E731
    per_dim = []
    for c in coords:
        if mode == "nearest":
            per_dim.append([(_trunc(cx, c), None)])
            continue
        f = cx.op("floor", c)
        t = cx.op("subtract", c, f)
        if mode == "linear":
            per_dim.append([(f, cx.op("subtract", k(1.0, t), t)), (cx.op("add", f, k(1.0, f)), t)])
        elif mode == "cubic":
            ws = _gs_cubic_weights(cx, t)
            per_dim.append([(cx.op("add", f, k(float(o), f)), w) for o, w in zip((-1, 0, 1, 2), ws)])
        else:
            raise cx.error(f"mode {mode!r} is not supported")
    out = None
    import itertools
    for corner in itertools.product(*per_dim):
        inside, indices, weight = None, [], None
        for (i, w), size in zip(corner, spatial):
            idx, ok = _gs_tap(cx, i, size, padding, align_corners)
            indices.append(idx)
            if ok is not None:
                inside = ok if inside is None else cx.op("and", inside, ok)
            if w is not None:
                weight = w if weight is None else cx.op("multiply", weight, w)
        v = _gs_gather(cx, xw, indices)                    # (N, *O, C)
        vs = cx.sizes_of(v)
        dims = list(range(len(pts)))
        if inside is not None:
            v = cx.op("select", cx.broadcast(inside, vs, dims=dims), v, cx.const(0.0, work, vs))
        if weight is not None:
            v = cx.op("multiply", v, cx.broadcast(weight, vs, dims=dims))
        out = v if out is None else cx.op("add", out, v)
    r = len(pts) + 1
    out = cx.op("transpose", out, permutation=[0, r - 1] + list(range(1, r - 1)))
    return cx.convert(out, element)


def _trunc(cx, c):
    """int() of a coordinate: toward zero."""
    return cx.op("select", cx.op("compare", c, cx.const(0.0, cx.element(c), cx.sizes_of(c)), comparison_direction="GE"),
                 cx.op("floor", c), cx.op("ceil", c))


@converts("GridSample", since=16)
def grid_sample16(cx, x, grid, align_corners=0, mode="bilinear", padding_mode="zeros"):
    if cx.rank(x) != 4:
        raise cx.error("GridSample before opset 20 takes 4-D inputs")
    return _grid_sample(cx, x, grid, {"bilinear": "linear", "bicubic": "cubic"}.get(mode, mode), padding_mode,
                        align_corners)


@converts("GridSample", since=20)
def grid_sample20(cx, x, grid, align_corners=0, mode="linear", padding_mode="zeros"):
    if mode == "cubic" and cx.rank(x) != 4:
        raise cx.error("cubic GridSample is 2-D only")
    return _grid_sample(cx, x, grid, mode, padding_mode, align_corners)


# ----------------------------------------------------------------------------- RoiAlign
#
# Per ROI, a (pooled h x sampling grid) by (pooled w x sampling grid) set of sample points, each
# bilinearly interpolated from its 4 neighbours (weights and clamping as onnx's reference), then
# averaged or maxed per output cell. The sampling grid of sampling_ratio = 0 depends on each
# ROI's size: the largest grid is used and the smaller ones masked (its size known at import for
# known ROIs, else a run-time size: the max over the ROIs). The ROI count and the image's
# batch, height and width may be run-time sizes (a detector's proposals); the channels are static.

def _iota_n(cx, sizes, dim, element):
    """An iota along dim over sizes (ints or run-time sizes)."""
    return cx.iota(sizes, dim, element)


def _fsize(cx, size, work):
    """A size (int or run-time value) as a rank-0 float of `work`."""
    return cx.const(float(size), work) if isinstance(size, int) else cx.convert(size, work)


def _roi_axis(cx, start, bin_size, grid_n, pooled, g_max, size, work):
    """Sample coordinates (R, pooled, g_max) along one axis: (low index, high index, low weight,
    high weight, valid-sample mask) -- out-of-range samples get weights 0."""
    r = cx.sizes_of(start)[0]
    shape = [r, pooled, g_max]
    p = _iota_n(cx, shape, 1, work)
    i = _iota_n(cx, shape, 2, work)
    k = lambda v: cx.const(v, work, shape)  # noqa: E731
    b = lambda v: cx.broadcast(v, shape, dims=[0])  # noqa: E731
    top = cx.broadcast(_fsize(cx, size, work), shape, dims=[])
    last = cx.op("subtract", top, k(1.0))
    pos = cx.op("add", cx.op("add", b(start), cx.op("multiply", p, b(bin_size))),
                cx.op("divide", cx.op("multiply", cx.op("add", i, k(0.5)), b(bin_size)), b(grid_n)))
    used = cx.op("compare", i, b(grid_n), comparison_direction="LT")
    inside = cx.op("and", cx.op("compare", pos, k(-1.0), comparison_direction="GE"),
                   cx.op("compare", pos, top, comparison_direction="LE"))
    pos = cx.op("maximum", pos, k(0.0))
    low = cx.op("floor", pos)
    at_end = cx.op("compare", low, last, comparison_direction="GE")
    low = cx.op("select", at_end, last, low)
    high = cx.op("select", at_end, low, cx.op("add", low, k(1.0)))
    pos = cx.op("select", at_end, low, pos)
    frac = cx.op("subtract", pos, low)
    zero = k(0.0)
    w_low = cx.op("select", inside, cx.op("subtract", k(1.0), frac), zero)
    w_high = cx.op("select", inside, frac, zero)
    return cx.convert(low, I64), cx.convert(high, I64), w_low, w_high, inside, used


def _roi_column(cx, rois, j):
    """rois[:, j] (R,), R an int or a run-time size."""
    r = cx.sizes_of(rois)[0]
    if isinstance(r, int):
        return cx.reshape(cx.op("slice", rois, start_indices=[0, j], limit_indices=[r, j + 1], strides=[1, 1]), [r])
    from .tensors import _take
    return _take(cx, rois, 1, cx.const(j, I64))


def _grid_bound(cx, g):
    """The largest per-ROI grid count of g (R,) floats, at least 1: a run-time size."""
    from .nn import reduce1
    top = reduce1(cx, cx.convert(g, I64), [0], "maximum", 1)
    return cx.op("maximum", top, cx.const(1, I64))


def _roi_align(cx, x, rois, batch_indices, mode, out_h, out_w, sampling_ratio, spatial_scale, half_pixel):
    element = cx.element(x)
    work = element if element in ("f32", "f64") else "f32"
    n, c, h, w = cx.sizes_of(x)
    r = cx.sizes_of(rois)[0]
    xw = cx.convert(x, work)
    rw = cx.convert(rois, work)
    kr = lambda v: cx.const(v, work, [r])  # noqa: E731
    off = 0.5 if half_pixel else 0.0
    sw, sh, ew, eh = (cx.op("subtract", cx.op("multiply", _roi_column(cx, rw, j), kr(spatial_scale)), kr(off))
                      for j in range(4))
    roi_w, roi_h = cx.op("subtract", ew, sw), cx.op("subtract", eh, sh)
    if not half_pixel:
        roi_w, roi_h = cx.op("maximum", roi_w, kr(1.0)), cx.op("maximum", roi_h, kr(1.0))
    bin_h, bin_w = cx.op("divide", roi_h, kr(float(out_h))), cx.op("divide", roi_w, kr(float(out_w)))
    if sampling_ratio > 0:
        gh_max = gw_max = int(sampling_ratio)
        gh, gw = kr(float(sampling_ratio)), kr(float(sampling_ratio))
    else:
        gh, gw = cx.op("ceil", cx.op("divide", roi_h, kr(float(out_h)))), cx.op("ceil", cx.op("divide", roi_w,
                                                                                              kr(float(out_w))))
        known = cx.known(1)
        if known is not None:
            kn = np.asarray(known, np.float32) * np.float32(spatial_scale) - np.float32(off)
            kw, kh = kn[:, 2] - kn[:, 0], kn[:, 3] - kn[:, 1]
            if not half_pixel:
                kw, kh = np.maximum(kw, 1), np.maximum(kh, 1)
            gh_max = max(1, int(np.ceil(kh / out_h).max(initial=1)))
            gw_max = max(1, int(np.ceil(kw / out_w).max(initial=1)))
        else:               # run-time ROIs: the grid of the largest one, a run-time size
            gh_max, gw_max = _grid_bound(cx, gh), _grid_bound(cx, gw)
    ylo, yhi, wyl, wyh, yin, yused = _roi_axis(cx, sh, bin_h, gh, out_h, gh_max, h, work)
    xlo, xhi, wxl, wxh, xin, xused = _roi_axis(cx, sw, bin_w, gw, out_w, gw_max, w, work)
    pts = [r, out_h, gh_max, out_w, gw_max]
    ydims, xdims = [0, 1, 2], [0, 3, 4]
    by = lambda v: cx.broadcast(v, pts, dims=ydims)  # noqa: E731
    bx = lambda v: cx.broadcast(v, pts, dims=xdims)  # noqa: E731
    bidx = cx.broadcast(cx.convert(batch_indices, I64), pts, dims=[0])
    dnums = {"offset_dims": [5], "collapsed_slice_dims": [0, 2, 3], "start_index_map": [0, 2, 3],
             "index_vector_dim": 5, "operand_batching_dims": [], "start_indices_batching_dims": []}
    corners = []
    for yi, wy in ((ylo, wyl), (yhi, wyh)):
        for xi, wx in ((xlo, wxl), (xhi, wxh)):
            idx = cx.op("concatenate", [cx.reshape(v, pts + [1]) for v in (bidx, by(yi), bx(xi))], dimension=5)
            if isinstance(c, int):
                v = cx.op("gather", xw, idx, dimension_numbers=dnums, slice_sizes=[1, c, 1, 1],
                          indices_are_sorted=False)
            else:       # a run-time channel count: the slice sizes as an operand, the result type given
                v = cx.op("dynamic_gather", xw, idx, cx.shape_tensor([1, c, 1, 1]), dimension_numbers=dnums,
                          indices_are_sorted=False,
                          result_types=[tensor_type([v if isinstance(v, int) else None for v in pts] + [None], work)])
            wgt = cx.op("multiply", by(wy), bx(wx))
            corners.append(cx.op("multiply", v, cx.broadcast(wgt, pts + [c], dims=list(range(5)))))
    used = cx.broadcast(cx.op("and", by(yused), bx(xused)), pts + [c], dims=list(range(5)))
    from .nn import reduce1
    if mode == "avg":
        s = cx.op("add", cx.op("add", corners[0], corners[1]), cx.op("add", corners[2], corners[3]))
        s = cx.op("select", used, s, cx.const(0.0, work, pts + [c]))
        s = reduce1(cx, s, [2, 4], "add", 0)                           # (R, out_h, out_w, C)
        count = cx.op("maximum", cx.op("multiply", gh, gw), kr(1.0))
        y = cx.op("divide", s, cx.broadcast(count, cx.sizes_of(s), dims=[0]))
    elif mode == "max":     # the reference's max over samples of the largest weighted corner
        m = cx.op("maximum", cx.op("maximum", corners[0], corners[1]), cx.op("maximum", corners[2], corners[3]))
        m = cx.op("select", used, m, cx.const(-np.inf, work, pts + [c]))
        y = reduce1(cx, m, [2, 4], "maximum", -np.inf)
    else:
        raise cx.error(f"mode {mode!r}")
    return cx.convert(cx.op("transpose", y, permutation=[0, 3, 1, 2]), element)


@converts("RoiAlign", since=10)
def roi_align10(cx, x, rois, batch_indices, mode="avg", output_height=1, output_width=1, sampling_ratio=0,
                spatial_scale=1.0):
    return _roi_align(cx, x, rois, batch_indices, mode, output_height, output_width, sampling_ratio, spatial_scale,
                      False)


@converts("RoiAlign", since=16)
def roi_align16(cx, x, rois, batch_indices, coordinate_transformation_mode="half_pixel", mode="avg",
                output_height=1, output_width=1, sampling_ratio=0, spatial_scale=1.0):
    if coordinate_transformation_mode not in ("half_pixel", "output_half_pixel"):
        raise cx.error(f"coordinate_transformation_mode {coordinate_transformation_mode!r}")
    return _roi_align(cx, x, rois, batch_indices, mode, output_height, output_width, sampling_ratio, spatial_scale,
                      coordinate_transformation_mode == "half_pixel")


# ----------------------------------------------------------------------------- AffineGrid

@converts("AffineGrid", since=20)
def affine_grid(cx, theta, size, align_corners=0):
    """The sampling grid of theta (N, 2, 3) or (N, 3, 4) over spatial sizes from `size`: known,
    else the declared output's, else read at run time (the grid then has `?` sizes). Grid
    position i of n: -1 + 2 i / (n - 1) with align_corners (-1 when n = 1), else -1 + (2 i + 1) / n;
    out[n, ..., k] = sum_c theta[n, k, c] * coord_c + theta[n, k, last], computed in f64, as the
    reference does, and rounded once."""
    from .tensors import _take
    rank = cx.info(theta).shape[1]
    if rank not in (2, 3) or cx.info(theta).shape[2] != rank + 1:
        raise cx.error(f"theta must be (N, 2, 3) or (N, 3, 4), not {cx.info(theta).shape}")
    known = cx.known(1)
    declared = cx.out_shape(0)
    if known is not None:
        spatial = [int(v) for v in np.asarray(known).reshape(-1)[2:]]
    elif declared is not None and len(declared) == rank + 2 and None not in declared[1:-1]:
        spatial = list(declared[1:-1])
    else:
        spatial = [cx.reshape(_scalar(cx, size, 2 + j, I64), []) for j in range(rank)]
    if len(spatial) != rank:
        raise cx.error(f"size must have {rank + 2} elements for a theta of shape (N, {rank}, {rank + 1})")
    element = cx.element(theta)
    out = [cx.dim(theta, 0)] + spatial + [rank]
    t64 = cx.convert(theta, F64)

    def coords(j):              # the grid positions along spatial axis j, broadcast to the output
        n = spatial[j]
        i = _iota(cx, n)
        nf = cx.convert(cx.size_value(n), F64)
        if align_corners:
            den = cx.op("maximum", cx.op("subtract", nf, cx.const(1.0, F64)), cx.const(1.0, F64))
            p = cx.op("multiply", i, cx.broadcast(cx.op("divide", cx.const(2.0, F64), den), cx.sizes_of(i)))
        else:
            p = cx.op("divide", cx.op("add", cx.op("multiply", i, cx.const(2.0, F64, cx.sizes_of(i))),
                                      cx.const(1.0, F64, cx.sizes_of(i))), cx.broadcast(nf, cx.sizes_of(i)))
        p = cx.op("subtract", p, cx.const(1.0, F64, cx.sizes_of(i)))
        return cx.broadcast(p, out, dims=[1 + j])

    def column(c):              # theta[:, :, c] broadcast over the spatial axes
        return cx.broadcast(_take(cx, t64, 2, cx.const(c, I64)), out, dims=[0, rank + 1])

    grid = column(rank)
    for c in range(rank):       # coordinate c (x, y, z) runs along spatial axis rank - 1 - c
        grid = cx.op("add", grid, cx.op("multiply", column(c), coords(rank - 1 - c)))
    return cx.convert(grid, element)
