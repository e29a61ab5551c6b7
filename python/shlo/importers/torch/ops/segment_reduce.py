"""`segment_reduce` (torch.segment_reduce): reductions over consecutive segments of one axis,
given by `lengths` or `offsets` tensors. The number of segments is the last size of lengths
(offsets minus one), so the result's shape is static even though the segments' bounds are data.

Each segment s covers [start_s, end_s) of data's `axis`; a mask [..., S, N] of that test selects
data broadcast to [..., S, N, ...] (the reduction's identity elsewhere) and one reduce over N
gives every segment at once. As torch's kernel: `initial` (default: -inf for max, inf for min,
1 for prod, 0 for sum / mean) starts every segment's reduction, so an empty segment gives
initial; mean is (initial + sum) / length, and for an empty segment initial (NaN without one); NaN propagates
through max and min. `indices` (unsupported by torch itself) and `unsafe` (skips torch's checks
of the lengths) change nothing here.
"""
from __future__ import annotations

import math

from ....types import tensor_type
from ..registry import converts
from .reductions import reduce1

_IDENTITY = {"max": -math.inf, "min": math.inf, "prod": 1.0, "sum": 0.0, "mean": 0.0}
_COMBINE = {"max": "maximum", "min": "minimum", "prod": "multiply", "sum": "add", "mean": "add"}


def _iota(cx, sizes, dim):
    return cx.op("iota", iota_dimension=dim, result_types=[tensor_type(sizes, "i64")])


def _bounds(cx, lengths, offsets):
    """(starts, ends) [..., S] as i64."""
    if offsets is not None:
        off = cx.convert(offsets, "i64")
        sizes = cx.sizes_of(off)
        r = len(sizes)
        cut = lambda lo, hi: cx.op("slice", off, start_indices=[0] * (r - 1) + [lo],  # noqa: E731
                                   limit_indices=sizes[:-1] + [hi], strides=[1] * r)
        return cut(0, sizes[-1] - 1), cut(1, sizes[-1])
    ln = cx.convert(lengths, "i64")
    sizes = cx.sizes_of(ln)
    r = len(sizes)
    square = sizes + [sizes[-1]]                      # [..., s, t]: t <= s sums to end_s
    upto = cx.op("compare", _iota(cx, square, r), _iota(cx, square, r - 1), comparison_direction="LE")
    spread = cx.broadcast(ln, square, dims=list(range(r - 1)) + [r])
    ends = reduce1(cx, cx.op("select", upto, spread, cx.const(0, "i64", square)), [r], "add", 0)
    return cx.op("subtract", ends, ln), ends


@converts("segment_reduce")
def segment_reduce(cx, data, reduce, lengths=None, indices=None, offsets=None, axis=0, unsafe=False,
                   initial=None):
    if reduce not in _IDENTITY:
        raise cx.error(f"segment_reduce with reduce={reduce!r} is not supported (max, min, prod, sum, mean)")
    if lengths is None and offsets is None:
        raise cx.error("segment_reduce needs lengths or offsets")
    el = cx.element(data)
    if not el.startswith(("f", "bf")):
        raise cx.error(f"segment_reduce of {el} is not supported (floating point, as torch)")
    dsizes = cx.sizes_of(data)
    if any(not isinstance(s, int) for s in dsizes):
        raise cx.error("segment_reduce needs static sizes")
    axis %= len(dsizes)
    starts, ends = _bounds(cx, lengths, offsets)
    lead = dsizes[:axis]
    segs = cx.sizes_of(starts)[-1]
    n, rest = dsizes[axis], dsizes[axis + 1:]
    if cx.sizes_of(starts)[:-1] != lead:
        raise cx.error(f"segment_reduce: lengths / offsets lead with {cx.sizes_of(starts)[:-1]}, data with {lead} "
                       f"(axis {axis} must be their last dimension)")
    grid = lead + [segs, n]                          # [..., S, N]
    j = _iota(cx, grid, axis + 1)
    at = list(range(axis + 1))
    inside = cx.op("and", cx.op("compare", j, cx.broadcast(starts, grid, dims=at), comparison_direction="GE"),
                   cx.op("compare", j, cx.broadcast(ends, grid, dims=at), comparison_direction="LT"))
    full = lead + [segs, n] + rest
    spread = cx.broadcast(data, full, dims=list(range(axis)) + [axis + 1 + i for i in range(1 + len(rest))])
    mask = cx.broadcast(inside, full, dims=list(range(axis + 2)))
    ident = _IDENTITY[reduce]
    picked = cx.op("select", mask, spread, cx.const(ident, el, full))
    out_sizes = lead + [segs] + rest
    start = cx.const(ident if initial is None else initial, el, out_sizes)
    if el in ("f16", "bf16"):
        # torch accumulates in the element type, element by element: so does this (a reduce
        # may add in another order, and in f16 that changes sums by several ulps)
        out = start
        r = len(full)
        for j in range(n):
            piece = cx.op("slice", picked, start_indices=[0] * (axis + 1) + [j] + [0] * (r - axis - 2),
                          limit_indices=full[:axis + 1] + [j + 1] + full[axis + 2:], strides=[1] * r)
            out = cx.op(_COMBINE[reduce], out, cx.reshape(piece, out_sizes))
    else:
        out = cx.op(_COMBINE[reduce], start, reduce1(cx, picked, [axis + 1], _COMBINE[reduce], ident))
    if reduce == "mean":
        count = cx.broadcast(cx.op("subtract", ends, starts), out_sizes, dims=at)
        mean = cx.op("divide", out, cx.convert(count, el))      # 0 / 0: NaN for an empty segment
        if initial is not None:                               # which gets initial instead
            some = cx.op("compare", count, cx.const(0, "i64", out_sizes), comparison_direction="GT")
            mean = cx.op("select", some, mean, out)
        out = mean
    return out
