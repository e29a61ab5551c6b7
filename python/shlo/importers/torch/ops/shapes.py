"""Shape ATen ops: view / reshape, permute, expand, squeeze / unsqueeze, cat, slice, select.

Sizes may be symbolic (values); the static op is used when every size is an int."""
from __future__ import annotations

from mlir import ir

from ..registry import converts


def _dim(d: int, rank: int) -> int:
    return d % rank if rank else 0


def _resolve_view_sizes(cx, x, sizes):
    """A view's sizes with its -1 resolved (from the output's sizes, which export computed)."""
    out = cx.out_sizes()
    return [o if (isinstance(s, int) and s == -1) else s for s, o in zip(sizes, out)]


@converts("view", "_unsafe_view", "reshape", "view_copy", "_reshape_alias")
def view(cx, x, sizes, *strides):
    return cx.reshape(x, _resolve_view_sizes(cx, x, list(sizes)))


@converts("permute", "permute_copy")
def permute(cx, x, dims):
    rank = cx.rank(x)
    return cx.op("transpose", x, permutation=[_dim(d, rank) for d in dims])


@converts("t", "numpy_T")
def t(cx, x):
    return x if cx.rank(x) < 2 else cx.op("transpose", x, permutation=[1, 0])


@converts("transpose", "swapaxes", "transpose_copy")
def transpose(cx, x, a, b):
    rank = cx.rank(x)
    perm = list(range(rank))
    if rank:
        a, b = _dim(a, rank), _dim(b, rank)
        perm[a], perm[b] = perm[b], perm[a]
    return cx.op("transpose", x, permutation=perm)


@converts("expand", "expand_copy")
def expand(cx, x, sizes, implicit=False):
    out = cx.out_sizes()
    return cx.broadcast(x, out)


@converts("unsqueeze", "unsqueeze_copy")
def unsqueeze(cx, x, dim):
    sizes = cx.sizes_of(x)
    dim = dim % (len(sizes) + 1)
    return cx.reshape(x, sizes[:dim] + [1] + sizes[dim:])


@converts("squeeze", "squeeze_copy")
def squeeze(cx, x, dims=None):
    return cx.reshape(x, cx.out_sizes())


@converts("cat", "concat", "concatenate")
def cat(cx, tensors, dim=0):
    element = cx.out_element()
    from .elementwise import to_element
    # legacy behavior: 1-D empty tensors are skipped
    keep = [t for t in tensors if not (cx.rank(t) == 1 and cx.info(t).shape[0] == 0)] or list(tensors[:1])
    keep = [to_element(cx, t, element) for t in keep]
    rank = cx.rank(keep[0])
    if len(keep) == 1:
        return keep[0]
    return cx.op("concatenate", keep, dimension=_dim(dim, rank))


def _clamp_index(i, size):
    return min(max(i + size if i < 0 else i, 0), size)


@converts("slice", "slice_copy")
def slice_(cx, x, dim=0, start=None, end=None, step=1):
    rank = cx.rank(x)
    dim = _dim(dim, rank)
    sizes = cx.sizes_of(x)
    size = sizes[dim]
    if isinstance(size, int) and not isinstance(start, ir.Value) and not isinstance(end, ir.Value):
        lo = _clamp_index(0 if start is None else start, size)
        hi = _clamp_index(size if end is None else end, size)
        hi = max(hi, lo)
        starts = [0] * rank
        limits = [s if isinstance(s, int) else None for s in sizes]
        if all(isinstance(s, int) for s in sizes):
            starts[dim], limits[dim] = lo, hi
            strides = [1] * rank
            strides[dim] = step
            return cx.op("slice", x, start_indices=starts, limit_indices=limits, strides=strides)
    return _dynamic_slice(cx, x, dim, start, end, step)


def _dynamic_slice(cx, x, dim, start, end, step):
    """A slice whose bounds or operand sizes are symbolic. Step 1: a dynamic_pad with negative
    edges cuts [lo, hi) out of `dim`; other steps: a gather of lo + step * iota."""
    size = cx.dim(x, dim)
    if isinstance(size, int) and not isinstance(start, ir.Value) and not isinstance(end, ir.Value):
        lo = _clamp_index(0 if start is None else start, size)
        hi = max(lo, _clamp_index(size if end is None else end, size))
        if step == 1:
            rank = cx.rank(x)
            low, high = [0] * rank, [0] * rank
            low[dim], high[dim] = -lo, hi - size
            return cx.op("dynamic_pad", x, cx.const(0, cx.element(x)), cx.shape_tensor(low), cx.shape_tensor(high),
                         cx.shape_tensor([0] * rank), result_types=[cx.out_type()])
        return _gather_slice(cx, x, dim, cx.const(lo, "i64"), step, cx.out_sizes()[dim])
    lo = _bound_value(cx, 0 if start is None else start, size)
    if step != 1:
        return _gather_slice(cx, x, dim, lo, step, cx.out_sizes()[dim])
    hi = cx.op("maximum", lo, _bound_value(cx, size if end is None else end, size))
    rank = cx.rank(x)
    zero = cx.const(0, "i64")
    low = [zero] * rank
    high = [zero] * rank
    low[dim] = cx.op("negate", lo)
    high[dim] = cx.op("subtract", hi, cx.size_value(size))
    vec = lambda parts: cx.shape_tensor(parts)  # noqa: E731
    pad_value = cx.const(0, cx.element(x))
    return cx.op("dynamic_pad", x, pad_value, vec(low), vec(high), vec([0] * rank), result_types=[cx.out_type()])


def _bound_value(cx, bound, size):
    """A slice bound made an index in [0, size], as torch clamps it."""
    s = cx.size_value(bound)
    n = cx.size_value(size)
    zero = cx.const(0, "i64")
    s = cx.op("select", cx.op("compare", s, zero, comparison_direction="LT"), cx.op("add", s, n), s)
    return cx.op("clamp", zero, s, n)


def _gather_slice(cx, x, dim, lo, step, n):
    """Elements lo, lo + step, ... (n of them) along `dim`."""
    if isinstance(n, int):
        idx = cx.op("iota", iota_dimension=0, result_types=[f"tensor<{n}xi64>"])
    else:
        idx = cx.op("dynamic_iota", cx.shape_tensor([n]), iota_dimension=0, result_types=["tensor<?xi64>"])
    idx = cx.op("add", cx.op("multiply", idx, cx.broadcast(cx.const(step, "i64"), [n])), cx.broadcast(lo, [n]))
    return take_along(cx, x, dim, idx)


def take_along(cx, x, dim, idx):
    """x indexed along `dim` by the 1-D index tensor idx (an index_select; indices in range)."""
    rank = cx.rank(x)
    sizes = cx.sizes_of(x)
    idx2 = cx.reshape(idx, cx.sizes_of(idx) + [1])
    dnums = {"offset_dims": list(range(1, rank)), "collapsed_slice_dims": [dim], "start_index_map": [dim],
             "index_vector_dim": 1}
    slice_sizes = [1 if d == dim else s for d, s in enumerate(sizes)]
    if all(isinstance(s, int) for s in slice_sizes):
        gathered = cx.op("gather", x, idx2, dimension_numbers=dnums, slice_sizes=slice_sizes)
    else:
        n = cx.info(idx).shape[0]
        shape = [n] + [s if isinstance(s, int) else None for d, s in enumerate(sizes) if d != dim]
        from ...types import tensor_type
        gathered = cx.op("dynamic_gather", x, idx2, cx.shape_tensor(slice_sizes), dimension_numbers=dnums,
                         result_types=[tensor_type(shape, cx.element(x))])
    # the gathered dimension comes first; move it to `dim`
    perm = list(range(1, dim + 1)) + [0] + list(range(dim + 1, rank))
    return cx.op("transpose", gathered, permutation=perm) if perm != list(range(rank)) else gathered


@converts("select", "select_copy")
def select(cx, x, dim, index):
    rank = cx.rank(x)
    dim = _dim(dim, rank)
    sizes = cx.sizes_of(x)
    if isinstance(index, int) and all(isinstance(s, int) for s in sizes):
        index = index + sizes[dim] if index < 0 else index
        starts, limits = [0] * rank, list(sizes)
        starts[dim], limits[dim] = index, index + 1
        s = cx.op("slice", x, start_indices=starts, limit_indices=limits, strides=[1] * rank)
    else:
        s = _dynamic_slice_one(cx, x, dim, index)
    return cx.reshape(s, sizes[:dim] + sizes[dim + 1:])


def _dynamic_slice_one(cx, x, dim, index):
    rank = cx.rank(x)
    sizes = cx.sizes_of(x)
    if not all(isinstance(s, int) for d, s in enumerate(sizes) if d != dim):
        idx = cx.reshape(cx.size_value(index), [1])
        return take_along(cx, x, dim, _wrap(cx, idx, cx.dim(x, dim)))
    zero = cx.const(0, "i64")
    starts = [zero] * rank
    i = cx.size_value(index)
    n = cx.size_value(sizes[dim])
    starts[dim] = cx.op("select", cx.op("compare", i, zero, comparison_direction="LT"), cx.op("add", i, n), i)
    slice_sizes = [1 if d == dim else s for d, s in enumerate(sizes)]
    return cx.op("dynamic_slice", x, starts, slice_sizes=slice_sizes)


def _wrap(cx, idx, size):
    n = cx.broadcast(cx.size_value(size), cx.sizes_of(idx))
    zero = cx.broadcast(cx.const(0, "i64"), cx.sizes_of(idx))
    return cx.op("select", cx.op("compare", idx, zero, comparison_direction="LT"), cx.op("add", idx, n), idx)
