"""ATen ops whose result size is read from the input's values: nonzero (argwhere decomposes
to it), masked_select, unique (_unique, _unique2, unique_dim), unique_consecutive and bincount.

torch.export gives such a size an unbacked symbol (u0, ...). The converter computes it as a
rank-0 i64 value and binds the symbol to it, so later nodes (sym_size, views, the program's
results) carry it as a `?` dimension. The construction is the ONNX importer's NonZero / Unique
one: a stable sort puts the true entries (or group starts) first, and a dynamic_iota of the
count cuts them. Inputs need static sizes."""
from __future__ import annotations

import numpy as np

from ...emitter import count_true, reduce1, stable_sort, trues_first
from ..importer import _expr
from ..registry import converts
from .indexing import exclusive_count
from .shapes import I64, _all_int, iota, take


def bind_size(cx, s, value):
    """Make the unbacked symbol of the output size `s` stand for `value` (a rank-0 i64)."""
    expr = _expr(s)
    if expr is not None and expr.is_Symbol and str(expr).startswith("u") and expr not in cx.importer.symbols:
        cx.importer.sym_cache.setdefault(expr, value)


def _static_sizes(cx, x, what):
    sizes = cx.sizes_of(x)
    if not _all_int(sizes):
        raise cx.error(f"{what} of a tensor with symbolic sizes is not supported (its result size is "
                       "already read from the data; give the input static sizes)")
    return sizes


def _true_positions(cx, flags, n):
    """(count,) positions of the true entries of a 1-D i1 tensor, count a run-time size."""
    count = count_true(cx, flags)
    return take(cx, trues_first(cx, flags, iota(cx, [n], 0)), 0, iota(cx, [count], 0)), count


# ----------------------------------------------------------------------------- nonzero / masked_select

def nonzero_dynamic(cx, x):
    """[count, rank] row-major coordinates of x's nonzero elements, count read from the data."""
    from .elementwise import truth
    sizes = _static_sizes(cx, x, "nonzero")
    n = int(np.prod(sizes)) if sizes else 1
    picked, count = _true_positions(cx, cx.reshape(truth(cx, x), [n]), n)
    bind_size(cx, cx.val.shape[0], count)
    r = len(sizes)
    if r == 0:
        return cx.broadcast(cx.const(0, I64), [count, 0])
    strides = [int(np.prod(sizes[d + 1:])) for d in range(r)]
    flat = cx.broadcast(picked, [count, r], dims=[0])
    per_dim = lambda v: cx.broadcast(cx.const(np.array(v, np.int64), I64, [r]), [count, r], dims=[1])  # noqa: E731
    return cx.op("remainder", cx.op("divide", flat, per_dim(strides)), per_dim(sizes))


def masked_select_dynamic(cx, x, mask):
    """x's elements where mask (both broadcast to one shape) is true, in row-major order."""
    from .elementwise import truth
    _static_sizes(cx, x, "masked_select")
    _static_sizes(cx, mask, "masked_select")
    sizes = cx.broadcast_sizes(x, mask)
    n = int(np.prod(sizes)) if sizes else 1
    flat = cx.reshape(cx.broadcast(x, sizes), [n])
    picked, count = _true_positions(cx, cx.reshape(truth(cx, mask, sizes), [n]), n)
    bind_size(cx, cx.val.shape[0], count)
    return take(cx, flat, 0, picked)


def mask_indices(cx, x, indices):
    """x[indices] with bool masks among the indices: each k-dim mask becomes the k long index
    tensors of its true positions (torch's rule), their length a run-time size."""
    out = []
    for i in indices:
        if i is None or cx.element(i) != "i1":
            out.append(i)
            continue
        sizes = _static_sizes(cx, i, "indexing with a bool mask")
        n = int(np.prod(sizes)) if sizes else 1
        picked, count = _true_positions(cx, cx.reshape(i, [n]), n)
        for d in range(len(sizes)):
            stride = int(np.prod(sizes[d + 1:]))
            per = lambda v: cx.broadcast(cx.const(v, I64), [count], dims=[])   # noqa: E731
            out.append(cx.op("remainder", cx.op("divide", picked, per(stride)), per(sizes[d])))
        for s in cx.val.shape:           # the result's size read from the data
            bind_size(cx, s, count)
    return out


# ----------------------------------------------------------------------------- unique

def _sort_keys(cx, column):
    """Keys ordering a column as torch sorts it: NaN after every number (each NaN its own
    value), -0 equal to +0 (the stable sort keeps their order)."""
    element = cx.element(column)
    if element == "i1":
        return [cx.convert(column, "i32")]
    if element.startswith(("f", "bf")):
        nan = cx.op("compare", column, column, comparison_direction="NE")
        n = cx.info(column).shape[0]
        return [cx.convert(nan, "i32"), cx.op("select", nan, cx.const(0, element, [n]), column)]
    return [column]


def _groups(cx, x, dim, sort):
    """The groups of equal rows of x along `dim` (the elements if dim is None), sorted
    (torch.unique) or as consecutive runs (unique_consecutive): the distinct rows (K, a
    run-time size, along dim), the inverse (each row's group) and the counts."""
    what = "unique_consecutive" if not sort else "unique"
    sizes = _static_sizes(cx, x, what)
    if cx.element(x).startswith("complex"):
        raise cx.error(f"{what} of complex values is not supported (torch has no order for them)")
    if dim is None:
        m, w, moved, perm = int(np.prod(sizes)) if sizes else 1, 1, None, None
        rows = cx.reshape(x, [m, 1])
    else:
        dim %= len(sizes)
        perm = [dim] + [d for d in range(len(sizes)) if d != dim]
        moved = [sizes[d] for d in perm]
        m, w = sizes[dim], int(np.prod(moved[1:]))
        rows = cx.reshape(cx.op("transpose", x, permutation=perm), [m, w])
    if w > 64:
        raise cx.error(f"{what} along a dimension compares rows of at most 64 elements (got {w})")
    if m == 0:          # no rows: no groups
        bind_size(cx, cx.val[0].shape[0 if dim is None else dim], cx.const(0, I64))
        y = cx.reshape(x, [0]) if dim is None else x
        return y, cx.const(0, I64, sizes if dim is None else [0]), cx.const(0, I64, [0])
    lane = iota(cx, [m], 0)
    if sort:
        cols = [cx.reshape(cx.op("slice", rows, start_indices=[0, j], limit_indices=[m, j + 1], strides=[1, 1]), [m])
                for j in range(w)]
        order = stable_sort(cx, [k for c in cols for k in _sort_keys(cx, c)], [lane])[-1]
        srt = take(cx, rows, 0, order)
    else:
        order, srt = lane, rows
    prev = cx.op("concatenate", [cx.op("slice", srt, start_indices=[0, 0], limit_indices=[1, w], strides=[1, 1]),
                                 cx.op("slice", srt, start_indices=[0, 0], limit_indices=[m - 1, w], strides=[1, 1])],
                 dimension=0)
    differs = reduce1(cx, cx.op("compare", srt, prev, comparison_direction="NE"), [1], "or", False)
    first = cx.op("or", differs, cx.op("compare", lane, cx.const(0, I64, [m]), comparison_direction="EQ"))
    group = cx.op("add", exclusive_count(cx, first), cx.op("subtract", cx.convert(first, I64), cx.const(1, I64, [m])))
    starts, k = _true_positions(cx, first, m)
    bind_size(cx, cx.val[0].shape[0 if dim is None else dim], k)
    # each group's count: the next group's start (m after the last) minus its own
    all_starts = trues_first(cx, first, iota(cx, [m], 0))
    following = cx.op("concatenate", [cx.op("slice", all_starts, start_indices=[1], limit_indices=[m], strides=[1]),
                                      cx.const(m, I64, [1])], dimension=0)
    last = cx.op("compare", lane, cx.broadcast(cx.op("subtract", k, cx.const(1, I64)), [m], dims=[]),
                 comparison_direction="LT")
    ends = cx.op("select", last, following, cx.const(m, I64, [m]))
    counts = take(cx, cx.op("subtract", ends, all_starts), 0, iota(cx, [k], 0))
    inverse = stable_sort(cx, [order], [group])[1] if sort else group
    y_rows = take(cx, srt, 0, starts)                                   # (K, w)
    if moved is None:
        y = cx.reshape(y_rows, [k])
        inverse = cx.reshape(inverse, sizes)
    else:
        back = [perm.index(d) for d in range(len(sizes))]
        y = cx.op("transpose", cx.reshape(y_rows, [k] + moved[1:]), permutation=back)
    return y, inverse, counts


def _results(cx, y, inverse, counts, want_inverse, want_counts, n_out=3):
    """torch's result tuple: an unrequested inverse / counts is an empty tensor."""
    empty = cx.const(0, I64, [0])
    out = [y, inverse if want_inverse else empty, counts if want_counts else empty]
    return tuple(out[:n_out])


@converts("_unique2")
def unique2(cx, x, sorted=True, return_inverse=False, return_counts=False):
    # torch sorts on every device whatever `sorted` says (its CPU and CUDA kernels do)
    y, inverse, counts = _groups(cx, x, None, True)
    return _results(cx, y, inverse, counts, return_inverse, return_counts)


@converts("_unique")
def unique(cx, x, sorted=True, return_inverse=False):
    y, inverse, counts = _groups(cx, x, None, True)
    return _results(cx, y, inverse, counts, return_inverse, False, 2)


@converts("unique_dim")
def unique_dim(cx, x, dim, sorted=True, return_inverse=False, return_counts=False):
    y, inverse, counts = _groups(cx, x, dim, True)
    return _results(cx, y, inverse, counts, return_inverse, return_counts)


@converts("unique_consecutive")
def unique_consecutive(cx, x, return_inverse=False, return_counts=False, dim=None):
    y, inverse, counts = _groups(cx, x, dim, False)
    return _results(cx, y, inverse, counts, return_inverse, return_counts)


# ----------------------------------------------------------------------------- bincount

@converts("bincount")
def bincount(cx, x, weights=None, minlength=0):
    """Counts (or summed weights) of each value 0..max(x) of a 1-D non-negative integer tensor: a
    scatter-add into zeros of the run-time size max(minlength, max(x) + 1) (minlength when x is
    empty). Negative values, which torch rejects, are dropped by the scatter."""
    from .indexing import _scatter_points
    if cx.rank(x) != 1:
        raise cx.error(f"bincount takes a 1-D tensor, got rank {cx.rank(x)}")
    element = cx.out_element()
    x = cx.convert(x, I64)
    n = cx.dim(x, 0)
    top = reduce1(cx, x, [0], "maximum", -1)
    size = cx.op("maximum", cx.op("add", top, cx.const(1, I64)), cx.const(int(minlength), I64))
    bind_size(cx, cx.val.shape[0], size)
    zeros = cx.broadcast(cx.const(0, element), [size])
    updates = cx.const(1, element, [n]) if weights is None else cx.convert(weights, element)
    return _scatter_points(cx, zeros, cx.reshape(x, [n, 1]), updates, "add")
