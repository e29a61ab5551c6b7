"""Detection ops: MaxRoiPool, DeformConv and NonMaxSuppression."""
from __future__ import annotations

import numpy as np

from ....types import tensor_type
from ..registry import converts

I64 = "i64"


def _cmp(cx, a, b, direction):
    return cx.op("compare", a, b, comparison_direction=direction)


def _static_sizes(cx, v, what):
    sizes = cx.sizes_of(v)
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} needs static sizes")
    return sizes


def _work(element):
    """The float type computations run in: f64 stays, narrower floats go through f32."""
    return "f64" if element == "f64" else "f32"


def _iota(cx, sizes, dim, element):
    return cx.iota(sizes, dim, element)


# ----------------------------------------------------------------------------- MaxRoiPool
#
# As Caffe's ROI pooling (what onnxruntime implements): ROI corners scaled and rounded half away
# from zero, ROI sizes at least 1, bin p spanning [floor(p * bin), ceil((p + 1) * bin)) from the
# ROI's start, clipped to the image; an empty bin gives 0. The max over a rectangle is taken as a
# masked max over the columns, then over the rows.

def _roi_bins(cx, start, end, pooled, size, r, work):
    """In-bin masks (R, pooled, size) and empty-bin flags (R, pooled) along one axis; r and size
    are ints or run-time sizes."""
    shape = [r, pooled]
    b = lambda v: cx.broadcast(v, shape, dims=[0])  # noqa: E731
    k = lambda v: cx.const(v, work, shape)  # noqa: E731
    length = cx.op("maximum", cx.op("add", cx.op("subtract", end, start), cx.const(1.0, work, [r])),
                   cx.const(1.0, work, [r]))
    bin_size = cx.op("divide", b(length), k(float(pooled)))
    p = _iota(cx, shape, 1, work)
    lo = cx.op("add", cx.op("floor", cx.op("multiply", p, bin_size)), b(start))
    hi = cx.op("add", cx.op("ceil", cx.op("multiply", cx.op("add", p, k(1.0)), bin_size)), b(start))
    limit = cx.broadcast(cx.convert(cx.size_value(size), work), shape, dims=[])
    lo = cx.op("clamp", k(0.0), lo, limit)
    hi = cx.op("clamp", k(0.0), hi, limit)
    pts = [r, pooled, size]
    pos = _iota(cx, pts, 2, work)
    inside = cx.op("and", _cmp(cx, pos, cx.broadcast(lo, pts, dims=[0, 1]), "GE"),
                   _cmp(cx, pos, cx.broadcast(hi, pts, dims=[0, 1]), "LT"))
    return inside, _cmp(cx, hi, lo, "LE")


@converts("MaxRoiPool", since=1)
def max_roi_pool(cx, x, rois, pooled_shape=None, spatial_scale=1.0):
    from .nn import reduce1
    from .tensors import _take
    if pooled_shape is None or len(pooled_shape) != 2:
        raise cx.error("pooled_shape (2 ints) is required")
    if cx.rank(x) != 4 or cx.rank(rois) != 2:
        raise cx.error(f"X must be 4-D and rois 2-D, got ranks {cx.rank(x)} and {cx.rank(rois)}")
    if cx.info(rois).shape[1] not in (None, 5):
        raise cx.error(f"rois must be (num_rois, 5), got {cx.info(rois).shape[1]} columns")
    ph, pw = (int(v) for v in pooled_shape)
    element = cx.element(x)
    work = _work(element)
    # (sizes are ints or run-time values: a `?` batch, channel, image or ROI count is taken as is)
    _, c, h, w = cx.sizes_of(x)
    r = cx.sizes_of(rois)[0]
    xw, rw = cx.convert(x, work), cx.convert(rois, work)
    col = lambda j: _take(cx, rw, 1, cx.const(j, I64))  # noqa: E731   (R,)
    corner = lambda j: cx.op("round_nearest_afz", cx.op(  # noqa: E731
        "multiply", col(j), cx.const(float(spatial_scale), work, [r])))
    hmask, hempty = _roi_bins(cx, corner(2), corner(4), ph, h, r, work)
    wmask, wempty = _roi_bins(cx, corner(1), corner(3), pw, w, r, work)
    xr = _take(cx, xw, 0, cx.convert(col(0), I64))                              # (R, C, H, W)
    ninf = lambda s: cx.const(-np.inf, work, s)  # noqa: E731
    s1 = [r, c, h, pw, w]
    cols = cx.op("select", cx.broadcast(wmask, s1, dims=[0, 3, 4]), cx.broadcast(xr, s1, dims=[0, 1, 2, 4]), ninf(s1))
    cols = reduce1(cx, cols, [4], "maximum", -np.inf)                           # (R, C, H, PW)
    s2 = [r, c, ph, pw, h]
    rows = cx.op("select", cx.broadcast(hmask, s2, dims=[0, 2, 4]), cx.broadcast(cols, s2, dims=[0, 1, 4, 3]),
                 ninf(s2))
    y = reduce1(cx, rows, [4], "maximum", -np.inf)                              # (R, C, PH, PW)
    s3 = [r, c, ph, pw]
    empty = cx.op("or", cx.broadcast(hempty, s3, dims=[0, 2]), cx.broadcast(wempty, s3, dims=[0, 3]))
    y = cx.op("select", empty, cx.const(0.0, work, s3), y)
    return cx.sized_like_output(cx.convert(y, element))


# ----------------------------------------------------------------------------- DeformConv
#
# 2-D only (as onnx's reference). Per kernel tap and output position the input is sampled at the
# tap's regular position plus its learned offset, bilinearly from the 4 neighbouring pixels (a
# neighbour outside the image counts 0: GridSample with zero padding and align_corners, as the
# reference), scaled by the mask; the sampled columns are then contracted with the weights per group.

def _deform_axis(cx, off, base, stride, dil, k_axis, size, pts, work):
    """Low / high neighbour indices (i64, clamped) with their weights, zeroed outside the image.
    off: the offsets (N, G, kH, kW, oH, oW) along this axis; k_axis: 2 (rows) or 3 (columns);
    size: the image's size along it (an int or a rank-0 i64 value)."""
    o_axis = k_axis + 2
    k = lambda v: cx.const(v, work, pts)  # noqa: E731
    last = k(float(size - 1)) if isinstance(size, int) else \
        cx.broadcast(cx.convert(cx.op("subtract", cx.size_value(size), cx.const(1, I64)), work), pts, dims=[])
    tap = cx.op("multiply", _iota(cx, pts, k_axis, work), k(float(dil)))
    out = cx.op("add", cx.op("multiply", _iota(cx, pts, o_axis, work), k(float(stride))), k(float(base)))
    pos = cx.op("add", cx.op("add", tap, out), off)
    lo = cx.op("floor", pos)
    t = cx.op("subtract", pos, lo)
    taps = []
    for idx, wgt in ((lo, cx.op("subtract", k(1.0), t)), (cx.op("add", lo, k(1.0)), t)):
        inside = cx.op("and", _cmp(cx, idx, k(0.0), "GE"), _cmp(cx, idx, last, "LE"))
        taps.append((cx.convert(cx.op("clamp", k(0.0), idx, last), I64),
                     cx.op("select", inside, wgt, k(0.0))))
    return taps


@converts("DeformConv", since=19)
def deform_conv(cx, x, w, offset, b=None, mask=None, dilations=None, group=1, kernel_shape=None, offset_group=1,
                pads=None, strides=None):
    if cx.rank(x) != 4:
        raise cx.error("only 2-D DeformConv (4-D inputs) is supported")
    element = cx.element(x)
    work = _work(element)
    n, c, h, wd = cx.sizes_of(x)        # batch and spatial sizes may be run-time sizes
    if not isinstance(c, int):
        raise cx.error("DeformConv needs a static channel count (batch and spatial sizes may be run-time sizes)")
    oc, cg_w, kh, kw = _static_sizes(cx, w, "DeformConv")
    if kernel_shape is not None and list(kernel_shape) != [kh, kw]:
        raise cx.error(f"kernel_shape {list(kernel_shape)} differs from the weights' {[kh, kw]}")
    sh, sw = strides or (1, 1)
    dh, dw = dilations or (1, 1)
    pt, pl, pb, pr = pads or (0, 0, 0, 0)
    oh = _conv_out(cx, h, pt + pb - ((kh - 1) * dh + 1), sh)
    ow = _conv_out(cx, wd, pl + pr - ((kw - 1) * dw + 1), sw)
    g, og = int(group), int(offset_group)
    if c != cg_w * g or oc % g or c % og:
        raise cx.error(f"channels {c}, weights {[oc, cg_w]}, group {g} and offset_group {og} do not fit")
    cog = c // og
    pts = [n, og, kh, kw, oh, ow]
    off = cx.reshape(cx.convert(offset, work), [n, og, kh, kw, 2, oh, ow])

    def half(i):
        if not all(isinstance(v, int) for v in (n, oh, ow)):
            from .tensors import _take          # (run-time sizes: slice needs static ones)
            return _take(cx, off, 4, cx.const(i, I64))
        s = cx.op("slice", off, start_indices=[0, 0, 0, 0, i, 0, 0], limit_indices=[n, og, kh, kw, i + 1, oh, ow],
                  strides=[1] * 7)
        return cx.reshape(s, pts)
    ys = _deform_axis(cx, half(0), -pt, sh, dh, 2, h, pts, work)
    xs = _deform_axis(cx, half(1), -pl, sw, dw, 3, wd, pts, work)
    xg = cx.reshape(cx.convert(x, work), [n, og, cog, h, wd])
    dn = {"offset_dims": [6], "collapsed_slice_dims": [3, 4], "start_index_map": [3, 4], "index_vector_dim": 6,
          "operand_batching_dims": [0, 1], "start_indices_batching_dims": [0, 1]}
    cols = None
    for yi, wy in ys:
        for xi, wx in xs:
            idx = cx.op("concatenate", [cx.reshape(yi, pts + [1]), cx.reshape(xi, pts + [1])], dimension=6)
            v = cx.op("gather", xg, idx, dimension_numbers=dn, slice_sizes=[1, 1, cog, 1, 1],
                      indices_are_sorted=False)                                # (N, OG, kH, kW, oH, oW, C/OG)
            v = cx.op("multiply", v, cx.broadcast(cx.op("multiply", wy, wx), pts + [cog], dims=list(range(6))))
            cols = v if cols is None else cx.op("add", cols, v)
    if mask is not None:
        m = cx.reshape(cx.convert(mask, work), pts)
        cols = cx.op("multiply", cols, cx.broadcast(m, pts + [cog], dims=list(range(6))))
    cols = cx.op("transpose", cols, permutation=[0, 1, 6, 2, 3, 4, 5])          # (N, OG, C/OG, kH, kW, oH, oW)
    kk = cg_w * kh * kw
    cols = cx.reshape(cols, [n, g, kk, _mul(cx, oh, ow)])
    wg = cx.reshape(cx.convert(w, work), [g, oc // g, kk])
    y = cx.op("dot_general", wg, cols, dot_dimension_numbers={
        "lhs_batching_dimensions": [0], "rhs_batching_dimensions": [1],
        "lhs_contracting_dimensions": [2], "rhs_contracting_dimensions": [2]})  # (G, OC/G, N, oH*oW)
    y = cx.reshape(cx.op("transpose", y, permutation=[2, 0, 1, 3]), [n, oc, oh, ow])
    if b is not None:
        y = cx.op("add", y, cx.broadcast(cx.convert(b, work), [n, oc, oh, ow], dims=[1]))
    return cx.convert(y, element)


def _conv_out(cx, size, extra: int, stride: int):
    """(size + extra) // stride + 1 for a size that is an int or a rank-0 i64 value (a
    non-negative sum where onnxruntime accepts the input)."""
    if isinstance(size, int):
        return (size + extra) // stride + 1
    v = cx.op("add", cx.size_value(size), cx.const(extra, I64))
    return cx.op("add", cx.op("divide", v, cx.const(stride, I64)), cx.const(1, I64))


# ----------------------------------------------------------------------------- NonMaxSuppression
#
# The result's length (how many boxes survive) depends on the values, so the result is a
# `?`-sized [num_selected, 3] tensor computed within a static bound: per (batch, class) the boxes
# are sorted by score (descending, ties by index) and a shlo.while walks the N sorted positions,
# keeping a box when it passes the score threshold, is not suppressed (IoU > threshold) by a box
# kept before, and the class has fewer than max_output_boxes_per_class; the kept entries of all
# (batch, class, position) in order are moved to the front by a sort of their flat positions and
# the rest cut off by a dynamic_pad of negative high padding.

def _static(v):
    return v if isinstance(v, int) else None


def _mul(cx, a, b):
    """a * b of sizes (ints or rank-0 i64 values)."""
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    return cx.op("multiply", cx.size_value(a), cx.size_value(b))


def _box_edges(cx, boxes, center_point_box, b, n, work):
    """(xmin, xmax, ymin, ymax), each (B, N), and the areas."""
    bw = cx.convert(boxes, work)

    def comp(j):
        if isinstance(n, int) and isinstance(b, int):
            s = cx.op("slice", bw, start_indices=[0, 0, j], limit_indices=[b, n, j + 1], strides=[1, 1, 1])
            return cx.reshape(s, [b, n])
        from .tensors import _take
        return _take(cx, bw, 2, cx.const(j, I64))
    if center_point_box:
        xc, yc, wh, hh = comp(0), comp(1), comp(2), comp(3)
        half = lambda v: cx.op("multiply", v, cx.const(0.5, work, [b, n]))  # noqa: E731
        edges = (cx.op("subtract", xc, half(wh)), cx.op("add", xc, half(wh)),
                 cx.op("subtract", yc, half(hh)), cx.op("add", yc, half(hh)))
    else:
        y1, x1, y2, x2 = comp(0), comp(1), comp(2), comp(3)
        edges = (cx.op("minimum", x1, x2), cx.op("maximum", x1, x2), cx.op("minimum", y1, y2), cx.op("maximum", y1, y2))
    return edges


def _suppression(cx, edges, iou_threshold, b, n, work):
    """(B, N, N) bool: box i suppresses box j (IoU > threshold with positive areas and overlap)."""
    s = [b, n, n]
    ri = lambda v: cx.broadcast(v, s, dims=[0, 1])  # noqa: E731
    rj = lambda v: cx.broadcast(v, s, dims=[0, 2])  # noqa: E731
    xmin, xmax, ymin, ymax = edges
    iw = cx.op("subtract", cx.op("minimum", ri(xmax), rj(xmax)), cx.op("maximum", ri(xmin), rj(xmin)))
    ih = cx.op("subtract", cx.op("minimum", ri(ymax), rj(ymax)), cx.op("maximum", ri(ymin), rj(ymin)))
    zero = cx.const(0.0, work, s)
    inter = cx.op("multiply", iw, ih)
    area = cx.op("multiply", cx.op("subtract", xmax, xmin), cx.op("subtract", ymax, ymin))
    ai, aj = ri(area), rj(area)
    union = cx.op("subtract", cx.op("add", ai, aj), inter)
    valid = zero
    ok = None
    for v in (iw, ih, inter, ai, aj, union):
        gt = _cmp(cx, v, valid, "GT")
        ok = gt if ok is None else cx.op("and", ok, gt)
    safe = cx.op("select", ok, union, cx.const(1.0, work, s))
    iou = cx.op("divide", inter, safe)
    over = _cmp(cx, iou, cx.broadcast(iou_threshold, s, dims=[]), "GT")
    return cx.op("and", ok, over)


def _scalar_input(cx, v, element, default):
    """An optional scalar (or 1-element) input as a rank-0 value of `element`."""
    if v is None:
        return cx.const(default, element)
    return cx.convert(cx.reshape(v, []), element)


def _sort_desc(cx, scores, b, c, n, work):
    """Scores (B, C, N) sorted descending along N (stable: ties keep index order) with their
    box indices."""
    from mlir import ir
    idx = _iota(cx, [b, c, n], 2, I64)
    op = cx.region_op("sort", [scores, idx], dimension=2, is_stable=True)
    f, i = ir.Type.parse(f"tensor<{work}>"), ir.Type.parse("tensor<i64>")
    block = op.regions[0].blocks.append(f, f, i, i)
    with ir.InsertionPoint(block):
        a, bb = block.arguments[0], block.arguments[1]
        cx.op("return", [_cmp(cx, a, bb, "GT")], result_types=[])
    return list(op.results)


def _nms_loop(cx, order, candidate, suppress, limit, b, c, n):
    """Greedy selection over the sorted positions: (B, C, N) bool, kept per sorted position."""
    from .nn import reduce1
    s = [b, c, n]
    i0 = cx.const(0, I64)
    state = [i0, cx.const(False, "i1", s), cx.const(0, I64, [b, c]), cx.const(False, "i1", s)]

    def step(i, kept_box, count, kept_pos):
        zero = cx.const(0, I64)

        def at_i(v):
            if isinstance(b, int) and isinstance(c, int):
                t = cx.op("dynamic_slice", v, [zero, zero, i], slice_sizes=[b, c, 1])
                return cx.reshape(t, [b, c])
            from .tensors import _take          # (a run-time batch or class count)
            return _take(cx, v, 2, i)
        j = at_i(order)                                                        # (B, C) box index
        dn = {"offset_dims": [2], "collapsed_slice_dims": [1], "start_index_map": [1], "index_vector_dim": 2,
              "operand_batching_dims": [0], "start_indices_batching_dims": [0]}
        if isinstance(n, int):
            row = cx.op("gather", suppress, cx.reshape(j, [b, c, 1]), dimension_numbers=dn, slice_sizes=[1, 1, n],
                        indices_are_sorted=False)                              # (B, C, N)
        else:
            row = cx.op("dynamic_gather", suppress, cx.reshape(j, [b, c, 1]), cx.shape_tensor([1, 1, n]),
                        dimension_numbers=dn, indices_are_sorted=False,
                        result_types=[tensor_type([_static(b), _static(c), None], "i1")])
        hit = reduce1(cx, cx.op("and", row, kept_box), [2], "or", False)
        take = cx.op("and", cx.op("and", at_i(candidate), cx.op("not", hit)),
                     _cmp(cx, count, cx.broadcast(limit, [b, c], dims=[]), "LT"))
        takes = cx.broadcast(take, s, dims=[0, 1])
        pos = _iota(cx, s, 2, I64)
        kept_box = cx.op("or", kept_box, cx.op("and", takes, _cmp(cx, pos, cx.broadcast(j, s, dims=[0, 1]), "EQ")))
        kept_pos = cx.op("or", kept_pos, cx.op("and", takes, _cmp(cx, pos, cx.broadcast(i, s, dims=[]), "EQ")))
        count = cx.op("add", count, cx.convert(take, I64))
        return [cx.op("add", i, cx.const(1, I64)), kept_box, count, kept_pos]
    return cx.while_loop(state, lambda i, *_: _cmp(cx, i, cx.size_value(n), "LT"), step)[3]


def _compact(cx, kept, order, b, c, n):
    """The [num_selected, 3] (batch, class, box) rows of the kept entries, in order."""
    from mlir import ir
    from .nn import reduce1
    m = _mul(cx, _mul(cx, b, c), n)
    flat_kept = cx.reshape(kept, [m])
    pos = _iota(cx, [m], 0, I64)
    k = lambda v: cx.broadcast(cx.size_value(v), [m], dims=[])  # noqa: E731
    key = cx.op("select", flat_kept, pos, cx.op("add", pos, k(m)))
    op = cx.region_op("sort", [key], dimension=0, is_stable=False)
    i = ir.Type.parse("tensor<i64>")
    block = op.regions[0].blocks.append(i, i)
    with ir.InsertionPoint(block):
        cx.op("return", [_cmp(cx, block.arguments[0], block.arguments[1], "LT")], result_types=[])
    f = cx.op("remainder", op.results[0], k(m))                               # flat (batch, class, position)
    batch = cx.op("divide", f, k(_mul(cx, c, n)))
    cls = cx.op("remainder", cx.op("divide", f, k(n)), k(c))
    dn = {"offset_dims": [], "collapsed_slice_dims": [0], "start_index_map": [0], "index_vector_dim": 1,
          "operand_batching_dims": [], "start_indices_batching_dims": []}
    box = cx.op("gather", cx.reshape(order, [m]), cx.reshape(f, [m, 1]), dimension_numbers=dn, slice_sizes=[1],
                indices_are_sorted=False)
    rows = cx.op("concatenate", [cx.reshape(v, [m, 1]) for v in (batch, cls, box)], dimension=1)
    total = reduce1(cx, cx.convert(flat_kept, I64), [0], "add", 0)
    high = cx.reshape(cx.op("subtract", total, cx.size_value(m)), [1])
    zeros = cx.const(np.zeros(2, np.int64), I64, (2,))
    return cx.op("dynamic_pad", rows, cx.const(0, I64), zeros,
                 cx.op("concatenate", [high, cx.const(np.zeros(1, np.int64), I64, (1,))], dimension=0), zeros,
                 result_types=[tensor_type([None, 3], I64)])


@converts("NonMaxSuppression", since=10)
def non_max_suppression(cx, boxes, scores, max_output_boxes_per_class=None, iou_threshold=None,
                        score_threshold=None, center_point_box=0):
    # (the box count may be a run-time size: a detector's anchors over the image's run-time size)
    b, n, four = cx.sizes_of(boxes)
    b2, c, n2 = cx.sizes_of(scores)
    # (the batch size and class count may be run-time sizes too: a detector exported with a `?` batch)
    if not isinstance(b, int) or not isinstance(b2, int):
        b = b2 = b if not isinstance(b, int) else b2      # one run-time batch (scores' and boxes' agree)
    if not isinstance(n, int) or not isinstance(n2, int):
        n = n2 = n if not isinstance(n, int) else n2      # one run-time box count (scores' and boxes' agree)
    if four != 4 or b2 != b or n2 != n:
        raise cx.error(f"boxes {cx.info(boxes).shape} and scores {cx.info(scores).shape} do not fit")
    work = _work(cx.element(boxes))
    limit = cx.op("maximum", _scalar_input(cx, max_output_boxes_per_class, I64, 0), cx.const(0, I64))
    iou = _scalar_input(cx, iou_threshold, work, 0.0)
    suppress = _suppression(cx, _box_edges(cx, boxes, center_point_box, b, n, work), iou, b, n, work)
    sorted_scores, order = _sort_desc(cx, cx.convert(scores, work), b, c, n, work)
    s = [b, c, n]
    if score_threshold is None:
        candidate = cx.const(True, "i1", s)
    else:
        thr = cx.broadcast(_scalar_input(cx, score_threshold, work, 0.0), s, dims=[])
        candidate = _cmp(cx, sorted_scores, thr, "GT")
    kept = _nms_loop(cx, order, candidate, suppress, limit, b, c, n)
    return _compact(cx, kept, order, b, c, n)
