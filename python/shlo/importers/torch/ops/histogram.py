"""torch.histogram / torch.histogramdd: `histogram.bin_ct`, `histogram.bins_tensor`,
`_histogramdd_bin_edges`, `_histogramdd_from_bin_cts`, `_histogramdd_from_bin_tensors`.

As ATen's CPU kernel: the input is [..., D] points (histogram: D = 1 over every element).
With bin counts, dimension d's edges are linspace(lo, hi, bins + 1) computed as torch's
linspace (start + step * i for the first half, end - step * (steps - 1 - i) after), where
[lo, hi] is `range` or the data's min / max (0 and 1 without data), widened by 0.5 each way
when empty. A point's bin along d is std::upper_bound over that dimension's edges, minus one,
emulated step by step (so even unsorted edge tensors, which OpInfo passes, give torch's
answer), the last edge counted in the last bin; points outside [first edge, last edge] or NaN
are dropped. The histogram adds each point's weight (1 without weights) into its bin
(one-hot over the bins, summed over the points); `density` divides by the total and by each
dimension's bin widths in turn. Static sizes only.
"""
from __future__ import annotations

import math

from ....types import tensor_type
from ..registry import converts
from .reductions import reduce1


def _iota(cx, sizes, dim, el="i64"):
    return cx.op("iota", iota_dimension=dim, result_types=[tensor_type(sizes, el)])


def _linspace(cx, lo, hi, steps, el):
    """torch's linspace(lo, hi, steps) (lo, hi rank-0 values of `el`)."""
    idx = _iota(cx, [steps], 0, el)
    lo_v, hi_v = cx.broadcast(lo, [steps]), cx.broadcast(hi, [steps])
    step = cx.op("divide", cx.op("subtract", hi, lo), cx.const(max(steps - 1, 1), el))
    step_v = cx.broadcast(step, [steps])
    first = cx.op("add", lo_v, cx.op("multiply", step_v, idx))
    back = cx.op("subtract", cx.const(steps - 1, el, [steps]), idx)
    second = cx.op("subtract", hi_v, cx.op("multiply", step_v, back))
    half = cx.op("compare", _iota(cx, [steps], 0), cx.const(steps // 2, "i64", [steps]), comparison_direction="LT")
    return cx.op("select", half, first, second)


def _points(cx, x, dd: bool):
    """x as [M, D] and M."""
    el = cx.element(x)
    if not el.startswith(("f", "bf")):
        raise cx.error(f"histogram of {el} is not supported (floating point, as torch's CPU kernel)")
    sizes = cx.sizes_of(x)
    if any(not isinstance(s, int) for s in sizes):
        raise cx.error("histogram needs static sizes")
    d = sizes[-1] if dd else 1
    m = math.prod(sizes[:-1]) if dd else math.prod(sizes)
    return cx.reshape(x, [m, d]), m, d


def _column(cx, pts, m, j):
    return cx.reshape(cx.op("slice", pts, start_indices=[0, j], limit_indices=[m, j + 1], strides=[1, 1]), [m])


def _count_edges(cx, pts, m, d, bins, rng):
    """The edges of each dimension for bin counts `bins`."""
    el = cx.element(pts)
    edges = []
    for j in range(d):
        if rng is not None:
            lo, hi = cx.const(rng[2 * j], el), cx.const(rng[2 * j + 1], el)
        elif m == 0:
            lo, hi = cx.const(0, el), cx.const(1, el)
        else:
            col = _column(cx, pts, m, j)
            lo = reduce1(cx, col, [0], "minimum", math.inf)
            hi = reduce1(cx, col, [0], "maximum", -math.inf)
        same = cx.op("compare", lo, hi, comparison_direction="EQ")
        half = cx.const(0.5, el)
        lo = cx.op("select", same, cx.op("subtract", lo, half), lo)
        hi = cx.op("select", same, cx.op("add", hi, half), hi)
        edges.append(_linspace(cx, lo, hi, bins[j] + 1, el))
    return edges


def _entry(cx, v, index, m, e):
    """v[index] for v [E] and index [M] (select, so no NaN leaks from other entries)."""
    grid = [m, e]
    hot = cx.op("compare", _iota(cx, grid, 1), cx.broadcast(index, grid, dims=[0]), comparison_direction="EQ")
    return reduce1(cx, cx.op("select", hot, cx.broadcast(v, grid, dims=[1]), cx.const(0, cx.element(v), grid)),
                   [1], "add", 0)


def _upper_bound(cx, edges, value, m, e):
    """std::upper_bound(edges, edges + e, value) for each of value [M] (libstdc++'s halving)."""
    first = cx.const(0, "i64", [m])
    count = cx.const(e, "i64", [m])
    for _ in range(e.bit_length() + 1):
        active = cx.op("compare", count, cx.const(0, "i64", [m]), comparison_direction="GT")
        step = cx.op("divide", count, cx.const(2, "i64", [m]))
        it = cx.op("add", first, step)
        at = _entry(cx, edges, cx.op("minimum", it, cx.const(e - 1, "i64", [m])), m, e)
        right = cx.op("and", active, cx.op("not", cx.op("compare", value, at, comparison_direction="LT")))
        left = cx.op("and", active, cx.op("not", right))
        one = cx.const(1, "i64", [m])
        first = cx.op("select", right, cx.op("add", it, one), first)
        count = cx.op("select", right, cx.op("subtract", count, cx.op("add", step, one)),
                      cx.op("select", left, step, count))
    return first


def _hist(cx, pts, m, d, edges, weight, density):
    el = cx.element(pts)
    nbins = [cx.sizes_of(e)[0] - 1 for e in edges]
    total = math.prod(nbins)
    keep = cx.const(True, "i1", [m])
    flat = cx.const(0, "i64", [m])
    stride = total
    for j, e in enumerate(edges):
        ne = nbins[j] + 1
        col = _column(cx, pts, m, j)
        lo = cx.broadcast(cx.op("slice", e, start_indices=[0], limit_indices=[1], strides=[1]), [m])
        hi = cx.broadcast(cx.op("slice", e, start_indices=[ne - 1], limit_indices=[ne], strides=[1]), [m])
        inside = cx.op("and", cx.op("compare", col, lo, comparison_direction="GE"),
                       cx.op("compare", col, hi, comparison_direction="LE"))
        keep = cx.op("and", keep, inside)
        pos = cx.op("subtract", _upper_bound(cx, e, col, m, ne), cx.const(1, "i64", [m]))
        pos = cx.op("minimum", pos, cx.const(nbins[j] - 1, "i64", [m]))          # the last edge: last bin
        pos = cx.op("maximum", pos, cx.const(0, "i64", [m]))
        stride //= max(nbins[j], 1)
        flat = cx.op("add", flat, cx.op("multiply", pos, cx.const(stride, "i64", [m])))
    w = cx.const(1, el, [m]) if weight is None else cx.reshape(cx.convert(weight, el), [m])
    grid = [m, total]
    hot = cx.op("and", cx.op("compare", _iota(cx, grid, 1), cx.broadcast(flat, grid, dims=[0]),
                             comparison_direction="EQ"), cx.broadcast(keep, grid, dims=[0]))
    hist = reduce1(cx, cx.op("select", hot, cx.broadcast(w, grid, dims=[0]), cx.const(0, el, grid)), [0], "add", 0)
    hist = cx.reshape(hist, nbins)
    if density:
        hist = cx.op("divide", hist, cx.broadcast(reduce1(cx, hist, list(range(d)), "add", 0), nbins))
        for j, e in enumerate(edges):
            k = nbins[j]
            width = cx.op("subtract", cx.op("slice", e, start_indices=[1], limit_indices=[k + 1], strides=[1]),
                          cx.op("slice", e, start_indices=[0], limit_indices=[k], strides=[1]))
            hist = cx.op("divide", hist, cx.broadcast(width, nbins, dims=[j]))
    return hist


@converts("histogram.bin_ct")
def histogram_bin_ct(cx, x, bins=100, range=None, weight=None, density=False):  # noqa: A002 - ATen's name
    pts, m, _ = _points(cx, x, False)
    edges = _count_edges(cx, pts, m, 1, [bins], range)
    return _hist(cx, pts, m, 1, edges, weight, density), edges[0]


@converts("histogram.bins_tensor")
def histogram_bins_tensor(cx, x, bins, weight=None, density=False):
    pts, m, _ = _points(cx, x, False)
    edges = [cx.convert(bins, cx.element(x))]
    return _hist(cx, pts, m, 1, edges, weight, density), edges[0]


@converts("_histogramdd_bin_edges")
def histogramdd_bin_edges(cx, x, bins, range=None, weight=None, density=False):  # noqa: A002
    pts, m, d = _points(cx, x, True)
    return _count_edges(cx, pts, m, d, list(bins), range)


@converts("_histogramdd_from_bin_cts")
def histogramdd_from_bin_cts(cx, x, bins, range=None, weight=None, density=False):  # noqa: A002
    pts, m, d = _points(cx, x, True)
    return _hist(cx, pts, m, d, _count_edges(cx, pts, m, d, list(bins), range), weight, density)


@converts("_histogramdd_from_bin_tensors")
def histogramdd_from_bin_tensors(cx, x, bins, weight=None, density=False):
    pts, m, d = _points(cx, x, True)
    return _hist(cx, pts, m, d, [cx.convert(b, cx.element(x)) for b in bins], weight, density)
