"""Sorting and selection: sort (also what argsort and msort become), topk, kthvalue, median /
nanmedian, mode, searchsorted, bucketize.

Order is PyTorch's: NaN is greater than every number (last ascending, first descending), and
every sort is stable, so indices of equal elements come in their original order (what
PyTorch's CPU sort gives).
"""
from __future__ import annotations

from mlir import ir

from .. import dtypes
from ....types import tensor_type
from ..registry import converts


def _dim(d, rank):
    return d % rank if rank else 0


def _before(cx, a, b, element, descending):
    """The comparator's test: a comes strictly before b."""
    if element == "i1":
        a, b = cx.convert(a, "ui8"), cx.convert(b, "ui8")
    first, second = (b, a) if descending else (a, b)
    less = cx.op("compare", first, second, comparison_direction="LT")
    if not dtypes.is_float(element):
        return less
    # NaN is the largest: first < second also when second is NaN and first is not
    nan_first = cx.op("compare", first, first, comparison_direction="NE")
    nan_second = cx.op("compare", second, second, comparison_direction="NE")
    return cx.op("or", less, cx.op("and", nan_second, cx.op("not", nan_first)))


def sort_with(cx, inputs, dim, descending=False):
    """inputs sorted together along `dim`, ordered by inputs[0] (stable); the sorted list."""
    element = cx.element(inputs[0])
    op = cx.region_op("sort", list(inputs), dimension=dim, is_stable=True)
    scalar_types = [ir.Type.parse(f"tensor<{cx.element(v)}>") for v in inputs for _ in range(2)]
    block = op.regions[0].blocks.append(*scalar_types)
    with ir.InsertionPoint(block):
        before = _before(cx, block.arguments[0], block.arguments[1], element, descending)
        cx.op("return", [before], result_types=[])
    return list(op.results)


def _positions(cx, x, dim):
    """0, 1, ... along `dim`, broadcast to x's shape, as i64."""
    sizes = cx.sizes_of(x)
    return cx.iota(sizes, dim)


def _sort(cx, x, dim, descending):
    rank = cx.rank(x)
    if rank == 0:
        return x, cx.const(0, "i64")
    dim = _dim(dim, rank)
    values, indices = sort_with(cx, [x, _positions(cx, x, dim)], dim, descending)
    return values, indices


@converts("sort")
def sort(cx, x, dim=-1, descending=False, stable=None):
    return _sort(cx, x, dim, descending)


def _take(cx, x, dim, start, count):
    """x[start:start + count] along dim (static bounds)."""
    rank = cx.rank(x)
    sizes = cx.sizes_of(x)
    if not all(isinstance(s, int) for s in sizes):
        if not isinstance(start, int) or not isinstance(count, int):
            raise cx.error("selecting from a sort at run-time positions is not supported")
        # symbolic dimensions (top-k experts of a dynamic number of tokens, the k nearest of a
        # run-time number of points): a gather of the static positions (torch checks k <= size)
        from .conv import take
        import numpy as np
        return take(cx, x, dim, np.arange(start, start + count))
    starts, limits = [0] * rank, list(sizes)
    starts[dim], limits[dim] = start, start + count
    return cx.op("slice", x, start_indices=starts, limit_indices=limits, strides=[1] * rank)


@converts("topk")
def topk(cx, x, k, dim=-1, largest=True, sorted=True):
    """The first k of a stable sort (descending for largest); always sorted, which sorted=False
    allows."""
    if isinstance(k, ir.Value):
        raise cx.error("topk with a symbolic k is not supported")
    if cx.rank(x) == 0:
        return x, cx.const(0, "i64")
    dim = _dim(dim, cx.rank(x))
    values, indices = _sort(cx, x, dim, largest)
    return _take(cx, values, dim, 0, k), _take(cx, indices, dim, 0, k)


def _drop_dim(cx, v, dim, keepdim):
    if keepdim:
        return v
    sizes = cx.sizes_of(v)
    return cx.reshape(v, sizes[:dim] + sizes[dim + 1:])


@converts("kthvalue")
def kthvalue(cx, x, k, dim=-1, keepdim=False):
    if isinstance(k, ir.Value):
        raise cx.error("kthvalue with a symbolic k is not supported")
    if cx.rank(x) == 0:
        return x, cx.const(0, "i64")
    dim = _dim(dim, cx.rank(x))
    values, indices = _sort(cx, x, dim, False)
    return tuple(_drop_dim(cx, _take(cx, v, dim, k - 1, 1), dim, keepdim) for v in (values, indices))


def _pick(cx, x, dim, position):
    """x at a per-slice position along dim (position has x's shape without dim): a one-hot
    select reduced over dim (floats: a sum with -0.0 elsewhere, exact for every value, NaN
    included; integers: a max with the lowest value elsewhere)."""
    sizes = cx.sizes_of(x)
    element = cx.element(x)
    hot = cx.op("compare", _positions(cx, x, dim),
                cx.broadcast(position, sizes, [d for d in range(len(sizes)) if d != dim]), comparison_direction="EQ")
    if dtypes.is_float(element):
        picked = cx.op("select", hot, x, cx.const(-0.0, element, sizes))
        return _reduce(cx, picked, dim, "add", -0.0)
    lowest = _lowest(element)
    return _reduce(cx, cx.op("select", hot, x, cx.const(lowest, element, sizes)), dim, "maximum", lowest)


def _lowest(element):
    import numpy as np
    from ....literals import numpy_dtype
    if element == "i1":
        return False
    return np.iinfo(numpy_dtype(element)).min


def _reduce(cx, x, dim, op_name, init):
    """x reduced over dim by a shlo op, or by `op_name(cx, a, b)` when it is a function."""
    element = cx.element(x)
    op = cx.region_op("reduce", [x], [cx.const(init, element)], dimensions=[dim])
    t = ir.Type.parse(f"tensor<{element}>")
    block = op.regions[0].blocks.append(t, t)
    with ir.InsertionPoint(block):
        r = op_name(cx, *block.arguments) if callable(op_name) else cx.op(op_name, *block.arguments)
        cx.op("return", [r], result_types=[])
    return op.results[0]


def _median(cx, x, dim, keepdim, skip_nan):
    """The lower median of a stable ascending sort. With NaNs (sorted last): median is the first
    NaN; nanmedian is the lower median of the numbers (NaN when there are none)."""
    if cx.rank(x) == 0:
        return x, cx.const(0, "i64")
    values, indices = _sort(cx, x, dim, False)
    n = cx.sizes_of(x)[dim]
    if not isinstance(n, int):
        raise cx.error("median over a symbolic dimension is not supported")
    if not dtypes.is_float(cx.element(x)):
        return tuple(_drop_dim(cx, _take(cx, v, dim, (n - 1) // 2, 1), dim, keepdim) for v in (values, indices))
    nan = cx.convert(cx.op("compare", x, x, comparison_direction="NE"), "i64")
    nans = _reduce(cx, nan, dim, "add", 0)
    count = cx.op("subtract", cx.const(n, "i64", cx.sizes_of(nans)), nans)
    if skip_nan:
        one = cx.const(1, "i64", cx.sizes_of(nans))
        zero = cx.const(0, "i64", cx.sizes_of(nans))
        pos = cx.op("maximum", cx.op("divide", cx.op("subtract", count, one), cx.const(2, "i64", cx.sizes_of(nans))),
                    zero)
        pos = cx.op("select", cx.op("compare", count, zero, comparison_direction="EQ"), zero, pos)
    else:
        pos = cx.op("select", cx.op("compare", nans, cx.const(0, "i64", cx.sizes_of(nans)), comparison_direction="EQ"),
                    cx.const((n - 1) // 2, "i64", cx.sizes_of(nans)), count)
    out = [_pick(cx, values, dim, pos), _pick(cx, indices, dim, pos)]
    if keepdim:
        sizes = cx.sizes_of(x)
        sizes[dim] = 1
        out = [cx.reshape(v, sizes) for v in out]
    return tuple(out)


@converts("median", "nanmedian")
def median(cx, x, dim=None, keepdim=False):
    skip_nan = cx.node.target.__name__.startswith("nanmedian")
    if dim is None:   # over all elements: a value only
        flat = cx.reshape(x, [_numel(cx, x)])
        values, _ = _median(cx, flat, 0, False, skip_nan)
        return values
    return _median(cx, x, _dim(dim, cx.rank(x)), keepdim, skip_nan)


def _numel(cx, x):
    n = 1
    for s in cx.sizes_of(x):
        if not isinstance(s, int):
            raise cx.error("median over a symbolic size is not supported")
        n *= s
    return n


# ----------------------------------------------------------------------------- searching

def _count_before(cx, boundaries, values, right, out_element):
    """For every value, how many boundaries lie below it (<= with right=True) in sort order
    (NaN above every number): the insertion index into a sorted row. boundaries is 1-D, or has values' leading dims."""
    element = cx.element(boundaries)
    if cx.element(values) != element:
        from .elementwise import result_element
        element = result_element(cx, boundaries, values)
        boundaries, values = cx.convert(boundaries, element), cx.convert(values, element)
    vs, bs = cx.sizes_of(values), cx.sizes_of(boundaries)
    rank = len(vs)
    full = vs + [bs[-1]]
    if len(bs) == 1:
        b = cx.broadcast(boundaries, full, [rank])
    else:
        b = cx.broadcast(boundaries, full, list(range(rank - 1)) + [rank])
    v = cx.broadcast(values, full, list(range(rank)))
    # in sort order (NaN largest): b < v, or for right=True not v < b
    below = cx.op("not", _before(cx, v, b, element, False)) if right else _before(cx, b, v, element, False)
    counts = _reduce(cx, cx.convert(below, "i64"), rank, "add", 0)
    return cx.convert(counts, out_element)


@converts("searchsorted")
def searchsorted(cx, sorted_sequence, x, out_int32=False, right=False, side=None, sorter=None):
    if sorter is not None:
        # the answer depends only on the sorted values, which a sort of our own gives as well
        sorted_sequence = _sort(cx, sorted_sequence, -1, False)[0]
    if not isinstance(x, ir.Value):
        x = cx.const(x, cx.element(sorted_sequence))
    right = right or side == "right"
    if cx.rank(x) == 0:
        r = _count_before(cx, sorted_sequence, cx.reshape(x, [1]), right, cx.out_element())
        return cx.reshape(r, [])
    return _count_before(cx, sorted_sequence, x, right, cx.out_element())


@converts("bucketize")
def bucketize(cx, x, boundaries, out_int32=False, right=False):
    # bucketize's `right` is searchsorted's with the sides swapped: right=False counts b < x
    return searchsorted(cx, boundaries, x, right=right)


# ----------------------------------------------------------------------------- mode

def _same(cx, a, b, element):
    """a == b, NaN equal to NaN (so NaNs count as one value, the largest)."""
    eq = cx.op("compare", a, b, comparison_direction="EQ")
    if not dtypes.is_float(element):
        return eq
    both_nan = cx.op("and", cx.op("compare", a, a, comparison_direction="NE"),
                     cx.op("compare", b, b, comparison_direction="NE"))
    return cx.op("or", eq, both_nan)


@converts("mode")
def mode(cx, x, dim=-1, keepdim=False):
    """The most frequent value of each slice (ties: the smallest, as PyTorch's CPU kernel picks the
    first longest run of its ascending sort) and the index of its last occurrence (PyTorch's
    index among equal values depends on its unstable sort; for short slices it is the last).
    Frequencies come from comparing every pair of a slice: O(n^2) work and memory per slice."""
    rank = cx.rank(x)
    if rank == 0:
        return x, cx.const(0, "i64")
    dim = _dim(dim, rank)
    sizes = cx.sizes_of(x)
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error("mode with symbolic sizes is not supported")
    out_element = cx.element(x)
    if out_element == "i1":
        x = cx.convert(x, "ui8")
    element = cx.element(x)
    perm = [d for d in range(rank) if d != dim] + [dim]
    xt = cx.op("transpose", x, permutation=perm) if perm != list(range(rank)) else x
    tsizes = [sizes[d] for d in perm]
    n = tsizes[-1]
    full = tsizes + [n]
    a = cx.broadcast(xt, full, list(range(rank)))                   # a[..., k, j] = x[k]
    b = cx.broadcast(xt, full, list(range(rank - 1)) + [rank])      # b[..., k, j] = x[j]
    counts = _reduce(cx, cx.convert(_same(cx, a, b, element), "i64"), rank, "add", 0)
    most = _reduce(cx, counts, rank - 1, "maximum", 0)
    lead = list(range(rank - 1))
    candidate = cx.op("compare", counts, cx.broadcast(most, tsizes, lead), comparison_direction="EQ")
    if dtypes.is_float(element):
        nan = float("nan")
        smaller = lambda cx, p, q: cx.op("select", _before(cx, q, p, element, False), q, p)  # noqa: E731
        value = _reduce(cx, cx.op("select", candidate, xt, cx.const(nan, element, tsizes)), rank - 1, smaller, nan)
    else:
        import numpy as np
        from ....literals import numpy_dtype
        top = np.iinfo(numpy_dtype(element)).max
        value = _reduce(cx, cx.op("select", candidate, xt, cx.const(top, element, tsizes)), rank - 1, "minimum", top)
    hit = _same(cx, xt, cx.broadcast(value, tsizes, lead), element)
    where = cx.op("iota", iota_dimension=rank - 1, result_types=[tensor_type(tsizes, "i64")])
    index = _reduce(cx, cx.op("select", hit, where, cx.const(-1, "i64", tsizes)), rank - 1, "maximum", -1)
    value = cx.convert(value, out_element)
    if keepdim:
        kept = list(sizes)
        kept[dim] = 1
        value, index = cx.reshape(value, kept), cx.reshape(index, kept)
    return value, index
