"""Indexing: gather, scatter / scatter_add / scatter_reduce, index / index_put, index_select,
embedding, select_scatter / slice_scatter / diagonal_scatter / as_strided_scatter,
masked_scatter, diagonal, as_strided, nonzero.

torch's per-element gathers and scatters (`gather(x, dim, index)`) address every dimension:
their shlo form takes a full coordinate vector per element (iotas for the dimensions other
than `dim`), with 1-element slices. Advanced indexing (`x[i, :, j]`) gathers whole slices
over the dimensions that are not indexed. Only `index` / `index_put` wrap negative indices
(torch rejects them elsewhere). An index out of range, which torch raises on, fails a run-time
check naming the node (checks.py); the `_unsafe_*` forms torch's decompositions emit get none."""
from __future__ import annotations

import numpy as np
from mlir import ir

from ....types import tensor_type
from .. import dtypes
from ..checks import arg_node, check_index_range
from ..registry import converts
from .shapes import I64, _all_int, _dim, _static, empty_read, iota, slice_dim, take, wrap_index


# ----------------------------------------------------------------------------- helpers

def _i64(cx, idx):
    return cx.convert(idx, I64)


def _coords(cx, idx, dim, rank):
    """[*idx.shape, rank] coordinates: idx along `dim`, the element's own position elsewhere."""
    sizes = cx.sizes_of(idx)
    parts = [_i64(cx, idx) if d == dim else iota(cx, sizes, d) for d in range(rank)]
    return cx.op("concatenate", [cx.reshape(p, sizes + [1]) for p in parts], dimension=len(sizes)) \
        if rank > 1 else cx.reshape(parts[0], sizes + [1])


def _gather_points(cx, x, coords):
    """x at each coordinate vector of `coords` (last dimension)."""
    rank = cx.rank(x)
    if 0 in cx.sizes_of(x):     # no element to read: no index is in range (the check says so) or none given
        return empty_read(cx, x, cx.sizes_of(coords)[:-1])
    dnums = {"offset_dims": [], "collapsed_slice_dims": list(range(rank)), "start_index_map": list(range(rank)),
             "index_vector_dim": cx.rank(coords) - 1, "operand_batching_dims": [],
             "start_indices_batching_dims": []}
    return cx.op("gather", x, coords, dimension_numbers=dnums, slice_sizes=[1] * rank)



def _combiner(kind: str, element: str):
    """The scatter update computation for `kind` (None: replace); bools use logic ops."""
    boolean = element == "i1"
    return {None: None, "add": "or" if boolean else "add", "sum": "or" if boolean else "add",
            "multiply": "and" if boolean else "multiply", "prod": "and" if boolean else "multiply",
            "amax": "or" if boolean else "maximum", "amin": "and" if boolean else "minimum"}[kind]


def scatter(cx, x, indices, updates, dnums, combine=None):
    """shlo.scatter of `updates` into x; `combine` names the binary op (None: the update wins)."""
    element = cx.element(x)
    updates = cx.convert(updates, element)
    dn = {"input_batching_dims": [], "scatter_indices_batching_dims": [], **dnums}
    op = cx.region_op("scatter", [x], indices, [updates], scatter_dimension_numbers=dn, result_types=[x.type])
    scalar = ir.Type.parse(str(tensor_type((), element)))
    block = op.regions[0].blocks.append(scalar, scalar)
    with ir.InsertionPoint(block):
        a, b = block.arguments
        r = b if combine is None else cx.op(combine, a, b)
        cx.op("return", [r], result_types=[])
    return op.results[0]


def _scatter_points(cx, x, coords, updates, combine=None):
    rank = cx.rank(x)
    return scatter(cx, x, coords, updates, {
        "update_window_dims": [], "inserted_window_dims": list(range(rank)),
        "scatter_dims_to_operand_dims": list(range(rank)), "index_vector_dim": cx.rank(coords) - 1}, combine)


def _cut(cx, v, sizes):
    """The leading box of `sizes` of v (torch's scatter reads only index-shaped part of src)."""
    have = cx.sizes_of(v)
    if _all_int(have) and _all_int(sizes):
        if have == list(sizes):
            return v
        return cx.op("slice", v, start_indices=[0] * len(sizes), limit_indices=list(sizes),
                     strides=[1] * len(sizes))
    rank = len(sizes)
    high = [cx.op("subtract", cx.size_value(s), cx.size_value(h)) for s, h in zip(sizes, have)]
    return cx.op("dynamic_pad", v, cx.const(0, cx.element(v)), cx.shape_tensor([0] * rank), cx.shape_tensor(high),
                 cx.shape_tensor([0] * rank), result_types=[tensor_type([_static(s) for s in sizes], cx.element(v))])


def _identity(kind: str, element: str):
    """The neutral element of a scatter_reduce reduction."""
    if kind in ("sum", "mean"):
        return 0
    if kind == "prod":
        return 1
    if element == "i1":
        return kind == "amin"
    if dtypes.is_float(element):
        return -np.inf if kind == "amax" else np.inf
    info = _int_info(element)
    return info.min if kind == "amax" else info.max


def _int_info(element: str):
    import torch
    return torch.iinfo(dtypes.torch_dtype(element))


# ----------------------------------------------------------------------------- gather / scatter

@converts("gather")
def gather(cx, x, dim, index, sparse_grad=False):
    rank = cx.rank(x)
    if rank == 0:
        return cx.broadcast(x, cx.sizes_of(index))
    dim = _dim(dim, rank)
    check_index_range(cx, index, cx.sizes_of(x)[dim], dim, wraps=False, source=arg_node(cx, ["gather"], 2))
    return _gather_points(cx, x, _coords(cx, index, dim, rank))


_SCATTERS = ("scatter", "scatter_add", "scatter_reduce")


@converts("scatter")
def scatter_(cx, x, dim, index, src, reduce=None):
    return _scatter_dim(cx, x, dim, index, src, {None: None, "add": "add", "multiply": "multiply"}[reduce])


@converts("scatter_add")
def scatter_add(cx, x, dim, index, src):
    return _scatter_dim(cx, x, dim, index, src, "add")


def _scatter_dim(cx, x, dim, index, src, kind):
    rank = cx.rank(x)
    sizes = cx.sizes_of(index)
    element = cx.element(x)
    if isinstance(src, ir.Value):
        updates = _cut(cx, cx.convert(src, element), sizes)
    else:
        updates = cx.const(src, element, sizes)
    if rank == 0:  # a 0-d index addresses the only element
        x1, u1 = cx.reshape(x, [1]), cx.reshape(updates, [1])
        coords = cx.const(0, I64, [1, 1])
        return cx.reshape(_scatter_points(cx, x1, coords, u1, _combiner(kind, element)), [])
    dim = _dim(dim, rank)
    check_index_range(cx, index, cx.sizes_of(x)[dim], dim, wraps=False, source=arg_node(cx, _SCATTERS, 2))
    coords = _coords(cx, index, dim, rank)
    return _scatter_points(cx, x, coords, updates, _combiner(kind, element))


@converts("scatter_reduce", "scatter_reduce.two")
def scatter_reduce(cx, x, dim, index, src, reduce, include_self=True):
    element = cx.element(x)
    rank = cx.rank(x)
    if rank == 0:  # 0-d x, index and src: the same reduction on one-element vectors
        one = [cx.reshape(v, [1]) if isinstance(v, ir.Value) else v for v in (x, index, src)]
        return cx.reshape(scatter_reduce(cx, *one[:1], 0, *one[1:], reduce, include_self), [])
    dim = _dim(dim, rank)
    check_index_range(cx, index, cx.sizes_of(x)[dim], dim, wraps=False, source=arg_node(cx, _SCATTERS, 2))
    coords = _coords(cx, index, dim, rank)
    sizes = cx.sizes_of(index)
    updates = _cut(cx, cx.convert(src, element), sizes)
    if reduce not in ("sum", "prod", "mean", "amax", "amin"):
        raise cx.error(f"unknown scatter_reduce reduction {reduce!r}")
    base = x
    if not include_self:  # positions that receive updates start from the neutral element
        base = _scatter_points(cx, x, coords, cx.const(_identity(reduce, element), element, sizes))
    if reduce != "mean":
        return _scatter_points(cx, base, coords, updates, _combiner(reduce, element))
    if element == "i1":
        raise cx.error("scatter_reduce 'mean' of bools is not defined")
    total = _scatter_points(cx, base, coords, updates, "add")
    xs = cx.sizes_of(x)
    count = cx.const(1 if include_self else 0, element, xs)
    count = _scatter_points(cx, count, coords, cx.const(1, element, sizes), "add")
    count = cx.op("maximum", count, cx.const(1, element, xs))
    if dtypes.is_float(element) or dtypes.is_complex(element):
        return cx.op("divide", total, count)
    from .elementwise import _floor_adjust
    return _floor_adjust(cx, total, count, cx.op("divide", total, count))


# ----------------------------------------------------------------------------- advanced indexing

class _Indexing:
    """The gather/scatter layout of `x[indices]` (indices: tensors or None, one per leading dim).

    The index tensors broadcast to `batch` sizes; with the indexed dims adjacent the batch
    replaces them in place, otherwise it comes first (numpy's rule)."""

    def __init__(self, cx, x, indices, checked=False):
        rank = cx.rank(x)
        sizes = cx.sizes_of(x)
        indices = list(indices) + [None] * (rank - len(indices))
        self.dims = [d for d, i in enumerate(indices) if i is not None]
        if checked:             # x[i] and index_put wrap negative indices
            for d in self.dims:
                check_index_range(cx, indices[d], sizes[d], d, wraps=True,
                                  source=arg_node(cx, ("index", "index_put", "index_put_"), 1, d))
        tensors = [wrap_index(cx, _i64(cx, indices[d]), sizes[d]) for d in self.dims]
        batch = cx.broadcast_sizes(*tensors)
        nb = len(batch)
        parts = [cx.reshape(cx.broadcast(t, batch), batch + [1]) for t in tensors]
        self.indices = parts[0] if len(parts) == 1 else cx.op("concatenate", parts, dimension=nb)
        adjacent = self.dims == list(range(self.dims[0], self.dims[-1] + 1))
        p = self.dims[0] if adjacent else 0
        rest = [d for d in range(rank) if d not in self.dims]
        self.window = [j if j < p else j + nb for j in range(len(rest))]
        self.slice_sizes = [1 if d in self.dims else s for d, s in enumerate(sizes)]
        rest_sizes = [sizes[d] for d in rest]
        self.out_sizes = rest_sizes[:p] + batch + rest_sizes[p:]
        self.nb = nb

    def gather(self, cx, x):
        dnums = {"offset_dims": self.window, "collapsed_slice_dims": self.dims, "start_index_map": self.dims,
                 "index_vector_dim": self.nb, "operand_batching_dims": [], "start_indices_batching_dims": []}
        if 0 in [cx.sizes_of(x)[d] for d in self.dims]:
            return empty_read(cx, x, self.out_sizes)
        if _all_int(self.slice_sizes):
            return cx.op("gather", x, self.indices, dimension_numbers=dnums, slice_sizes=self.slice_sizes)
        return cx.op("dynamic_gather", x, self.indices, cx.shape_tensor(self.slice_sizes), dimension_numbers=dnums,
                     result_types=[tensor_type([_static(s) for s in self.out_sizes], cx.element(x))])

    def scatter(self, cx, x, values, combine):
        updates = cx.broadcast(cx.convert(values, cx.element(x)), self.out_sizes)
        return scatter(cx, x, self.indices, updates, {
            "update_window_dims": self.window, "inserted_window_dims": self.dims,
            "scatter_dims_to_operand_dims": self.dims, "index_vector_dim": self.nb}, combine)


def _has_mask(cx, indices):
    return any(i is not None and cx.element(i) == "i1" for i in indices)


def _checked(cx) -> bool:
    """Whether the node is torch's checked form (index, index_put), not an `_unsafe_*` one."""
    return not cx.node.target.name().split("::")[-1].startswith("_unsafe")


@converts("index", "_unsafe_index")
def index(cx, x, indices):
    if _has_mask(cx, indices):
        from .dynamic_sizes import mask_indices
        if _checked(cx):          # the integer index tensors beside the masks
            d, sizes = 0, cx.sizes_of(x)
            for k, i in enumerate(indices):
                if i is not None and cx.element(i) != "i1":
                    check_index_range(cx, i, sizes[d], d, wraps=True, source=arg_node(cx, ["index"], 1, k))
                d += cx.rank(i) if i is not None and cx.element(i) == "i1" else 1
        indices = mask_indices(cx, x, indices)      # the masks' positions: in range
        return _Indexing(cx, x, indices).gather(cx, x)
    if all(i is None for i in indices):
        return x
    return _Indexing(cx, x, indices, _checked(cx)).gather(cx, x)


@converts("index_put", "_unsafe_index_put", "index_put_")
def index_put(cx, x, indices, values, accumulate=False):
    element = cx.element(x)
    if _has_mask(cx, indices):
        return _masked_put(cx, x, indices, values, accumulate)
    if all(i is None for i in indices):
        v = cx.broadcast(cx.convert(values, element), cx.sizes_of(x))
        return cx.op(_combiner("add", element), x, v) if accumulate else v
    return _Indexing(cx, x, indices, _checked(cx)).scatter(cx, x, values,
                                                           _combiner("add" if accumulate else None, element))


def _masked_put(cx, x, indices, values, accumulate):
    """x[..., mask, ...] = values: a select where the mask holds. Values varying along the
    masked positions are taken in row-major order of the True entries (a running count)."""
    rank = cx.rank(x)
    masks = [(p, i) for p, i in enumerate(indices) if i is not None]
    if len(masks) != 1 or cx.element(masks[0][1]) != "i1":
        raise cx.error("index_put with a bool mask combined with other index tensors is not supported")
    p, mask = masks[0]
    mr = cx.rank(mask)
    sizes = cx.sizes_of(x)
    element = cx.element(x)
    mask_b = cx.broadcast(mask, sizes, dims=list(range(p, p + mr)))
    values = cx.convert(values, element)
    # values broadcast against x[..., mask, ...]: pre + [count] + post
    post = rank - p - mr
    vr = cx.rank(values)
    vsizes = cx.sizes_of(values)
    count_dim = vr - post - 1
    if count_dim >= 0 and not (isinstance(vsizes[count_dim], int) and vsizes[count_dim] == 1):
        if not _all_int(sizes):
            raise cx.error("index_put with a bool mask and per-position values needs static sizes")
        values = _values_by_count(cx, values, count_dim, mask)
        v_dims = list(range(rank - cx.rank(values), rank))
    else:
        if count_dim >= 0:
            values = cx.reshape(values, vsizes[:count_dim] + vsizes[count_dim + 1:])
        # the value's dims align with the trailing unmasked dims of x
        kept = list(range(p)) + list(range(p + mr, rank))
        vr = cx.rank(values)
        if vr > len(kept):
            raise cx.error("index_put values have more dimensions than the indexed result")
        v_dims = kept[len(kept) - vr:]
    v = cx.broadcast(values, sizes, dims=v_dims)
    if accumulate:
        v = cx.op(_combiner("add", element), x, v)
    return cx.op("select", mask_b, v, x)


def _values_by_count(cx, values, count_dim, mask):
    """values[..., k, ...] spread over the mask's positions: the k-th True gets entry k."""
    msizes = cx.sizes_of(mask)
    n = int(np.prod(msizes)) if msizes else 1
    flat = cx.reshape(mask, [n])
    k = cx.reshape(exclusive_count(cx, flat), msizes)
    return take(cx, values, count_dim, k)


def exclusive_count(cx, flat_mask):
    """For a 1-D bool tensor, the number of True entries before each position (i64)."""
    n = cx.info(flat_mask).shape[0]
    ones = cx.convert(flat_mask, I64)
    zero = cx.const(0, I64)
    op = cx.region_op("reduce_window", [ones], [zero], window_dimensions=[max(n, 1)],
                      padding=np.array([[max(n - 1, 0), 0]], np.int64), result_types=[ones.type])
    scalar = ir.Type.parse("tensor<i64>")
    block = op.regions[0].blocks.append(scalar, scalar)
    with ir.InsertionPoint(block):
        cx.op("return", [cx.op("add", *block.arguments)], result_types=[])
    return cx.op("subtract", op.results[0], ones)


# ----------------------------------------------------------------------------- select/gather forms

@converts("index_select")
def index_select(cx, x, dim, index):
    rank = cx.rank(x)
    if rank == 0:
        return x
    if cx.rank(index) == 0:
        index = cx.reshape(index, [1])
    dim = _dim(dim, rank)
    check_index_range(cx, index, cx.sizes_of(x)[dim], dim, wraps=False, source=arg_node(cx, ["index_select"], 2))
    return take(cx, x, dim, index)


@converts("embedding")
def embedding(cx, weight, indices, padding_idx=-1, scale_grad_by_freq=False, sparse=False):
    check_index_range(cx, indices, cx.sizes_of(weight)[0], 0, wraps=False, source=arg_node(cx, ["embedding"], 1))
    return take(cx, weight, 0, indices)


@converts("embedding_renorm", "embedding_renorm_")
def embedding_renorm(cx, weight, indices, max_norm, norm_type):
    """nn.Embedding(max_norm=...): each row named by `indices` whose norm passes max_norm is
    scaled by max_norm / (norm + 1e-7), the scale computed in f64 as ATen's loop does."""
    from .resize import _p_norm
    rows, d = cx.sizes_of(weight)
    element = cx.element(weight)
    flat = cx.reshape(cx.convert(indices, I64), [_count(cx, indices)])
    n = cx.sizes_of(flat)[0]
    named = scatter(cx, cx.const(False, "i1", [rows]) if isinstance(rows, int) else
                    cx.broadcast(cx.const(False, "i1"), [rows]),
                    cx.reshape(wrap_index(cx, flat, rows), [n, 1]), cx.broadcast(cx.const(True, "i1"), [n]),
                    {"update_window_dims": [], "inserted_window_dims": [0], "scatter_dims_to_operand_dims": [0],
                     "index_vector_dim": 1}, "or")
    norm = cx.convert(_p_norm(cx, weight, float(norm_type), 1), "f64")
    limit = cx.broadcast(cx.const(float(max_norm), "f64"), [rows])
    scale = cx.convert(cx.op("divide", limit, cx.op("add", norm, cx.broadcast(cx.const(1e-7, "f64"), [rows]))),
                       element)
    over = cx.op("and", named, cx.op("compare", norm, limit, comparison_direction="GT"))
    scaled = cx.op("multiply", weight, cx.broadcast(scale, [rows, d], dims=[0]))
    return cx.op("select", cx.broadcast(over, [rows, d], dims=[0]), scaled, weight)


def _count(cx, v):
    """The element count of v: an int, or a rank-0 i64 value when a size is symbolic."""
    count = 1
    for s in cx.sizes_of(v):
        count = count * s if isinstance(s, int) and isinstance(count, int) else \
            cx.op("multiply", cx.size_value(count), cx.size_value(s))
    return count


@converts("embedding_dense_backward")
def embedding_dense_backward(cx, grad, indices, num_weights, padding_idx, scale_grad_by_freq):
    """Rows of grad summed into the rows their index names; padding_idx's rows get nothing."""
    element = cx.out_element()
    isizes = cx.sizes_of(indices)
    gsizes = cx.sizes_of(grad)
    d = gsizes[-1]
    ni = len(isizes)
    idx = _i64(cx, indices)
    g = cx.convert(grad, element)
    if padding_idx is not None and padding_idx >= 0:
        keep = cx.op("compare", idx, cx.const(padding_idx, I64, isizes), comparison_direction="NE")
        g = cx.op("select", cx.broadcast(keep, gsizes, dims=list(range(ni))), g, cx.const(0, element, gsizes))
    if scale_grad_by_freq:
        counts = _scatter_rows(cx, cx.const(0, element, [num_weights]), idx, cx.const(1, element, isizes), [])
        per = take(cx, counts, 0, idx)
        g = cx.op("divide", g, cx.broadcast(per, gsizes, dims=list(range(ni))))
    out = cx.const(0, element, [num_weights, d])
    return _scatter_rows(cx, out, idx, g, [ni])


def _scatter_rows(cx, out, idx, updates, window):
    ni = cx.rank(idx)
    return scatter(cx, out, idx, updates, {"update_window_dims": window, "inserted_window_dims": [0],
                                           "scatter_dims_to_operand_dims": [0], "index_vector_dim": ni}, "add")


# ----------------------------------------------------------------------------- *_scatter views

@converts("slice_scatter")
def slice_scatter(cx, x, src, dim=0, start=None, end=None, step=1):
    rank = cx.rank(x)
    dim = _dim(dim, rank)
    src = cx.convert(src, cx.element(x))
    size = cx.dim(x, dim)
    static = isinstance(size, int) and not isinstance(start, ir.Value)
    if static:
        lo = min(max((start or 0) + size if (start or 0) < 0 else (start or 0), 0), size)
        lo_v = cx.const(lo, I64)
    else:
        from .shapes import _bound_value
        lo_v = _bound_value(cx, 0 if start is None else start, size)
    if step == 1:
        zero = cx.const(0, I64)
        starts = [lo_v if d == dim else zero for d in range(rank)]
        return cx.op("dynamic_update_slice", x, src, starts)
    n = cx.dim(src, dim)
    pos = cx.op("add", cx.op("multiply", iota(cx, [n], 0), cx.const(step, I64, [n])), cx.broadcast(lo_v, [n]))
    return scatter(cx, x, cx.reshape(pos, [n, 1]), src, {
        "update_window_dims": [d for d in range(rank) if d != dim], "inserted_window_dims": [dim],
        "scatter_dims_to_operand_dims": [dim], "index_vector_dim": 1})


@converts("select_scatter")
def select_scatter(cx, x, src, dim, index):
    rank = cx.rank(x)
    dim = _dim(dim, rank)
    sizes = cx.sizes_of(src)
    src = cx.reshape(cx.convert(src, cx.element(x)), sizes[:dim] + [1] + sizes[dim:])
    zero = cx.const(0, I64)
    i = wrap_index(cx, cx.size_value(index), cx.dim(x, dim))
    return cx.op("dynamic_update_slice", x, src, [i if d == dim else zero for d in range(rank)])


def _diagonal_layout(cx, x, offset, dim1, dim2):
    """(indices [L, 2] of the diagonal's (dim1, dim2) positions, dims, L)."""
    rank = cx.rank(x)
    d1, d2 = _dim(dim1, rank), _dim(dim2, rank)
    if d1 == d2:
        raise cx.error("diagonal dimensions must differ")
    n1, n2 = cx.dim(x, d1), cx.dim(x, d2)
    if isinstance(n1, int) and isinstance(n2, int):
        length = max(0, min(n1 + min(offset, 0), n2 - max(offset, 0)))
    else:
        length = cx.op("maximum", cx.const(0, I64), cx.op("minimum", cx.op("add", cx.size_value(n1),
                                                                          cx.const(min(offset, 0), I64)),
                                                          cx.op("subtract", cx.size_value(n2),
                                                                cx.const(max(offset, 0), I64))))
    i = iota(cx, [length], 0)
    rows = cx.op("add", i, cx.const(max(-offset, 0), I64, [length]))
    cols = cx.op("add", i, cx.const(max(offset, 0), I64, [length]))
    idx = cx.op("concatenate", [cx.reshape(rows, [length, 1]), cx.reshape(cols, [length, 1])], dimension=1)
    return idx, d1, d2, length


@converts("diagonal", "diagonal_copy")
def diagonal(cx, x, offset=0, dim1=0, dim2=1):
    idx, d1, d2, length = _diagonal_layout(cx, x, offset, dim1, dim2)
    rank = cx.rank(x)
    sizes = cx.sizes_of(x)
    slice_sizes = [1 if d in (d1, d2) else s for d, s in enumerate(sizes)]
    dnums = {"offset_dims": list(range(rank - 2)), "collapsed_slice_dims": sorted([d1, d2]),
             "start_index_map": [d1, d2], "index_vector_dim": 1, "operand_batching_dims": [],
             "start_indices_batching_dims": []}
    if _all_int(slice_sizes):
        return cx.op("gather", x, idx, dimension_numbers=dnums, slice_sizes=slice_sizes)
    return cx.op("dynamic_gather", x, idx, cx.shape_tensor(slice_sizes), dimension_numbers=dnums,
                 result_types=[cx.out_type()])


@converts("diagonal_scatter")
def diagonal_scatter(cx, x, src, offset=0, dim1=0, dim2=1):
    idx, d1, d2, _ = _diagonal_layout(cx, x, offset, dim1, dim2)
    rank = cx.rank(x)
    return scatter(cx, x, idx, cx.convert(src, cx.element(x)), {
        "update_window_dims": list(range(rank - 2)), "inserted_window_dims": sorted([d1, d2]),
        "scatter_dims_to_operand_dims": [d1, d2], "index_vector_dim": 1})


def _strided_positions(cx, x, size, stride, storage_offset):
    """Flat positions (numpy) an as_strided view reads from the contiguous x."""
    if not (_all_int(list(size)) and _all_int(list(stride)) and _all_int(cx.sizes_of(x))
            and not isinstance(storage_offset, ir.Value)):
        raise cx.error("as_strided with symbolic sizes, strides or offset is not supported")
    pos = np.full(tuple(size), storage_offset or 0, np.int64)
    for d, (n, s) in enumerate(zip(size, stride)):
        shape = [1] * len(size)
        shape[d] = n
        pos = pos + (np.arange(n, dtype=np.int64) * s).reshape(shape)
    numel = int(np.prod(cx.sizes_of(x))) if cx.rank(x) else 1
    if pos.size and (pos.min() < 0 or pos.max() >= numel):
        raise cx.error(f"as_strided reads outside the input's {numel} elements (storage of another view?)")
    return pos, numel


@converts("as_strided", "as_strided_copy")
def as_strided(cx, x, size, stride, storage_offset=None):
    pos, numel = _strided_positions(cx, x, size, stride, storage_offset)
    flat = cx.reshape(x, [numel])
    return take(cx, flat, 0, cx.const(pos, I64, list(pos.shape)))


@converts("as_strided_scatter")
def as_strided_scatter(cx, x, src, size, stride, storage_offset=None):
    pos, numel = _strided_positions(cx, x, size, stride, storage_offset)
    if len(np.unique(pos)) != pos.size:
        raise cx.error("as_strided_scatter into overlapping positions has no defined result")
    flat = cx.reshape(x, [numel])
    idx = cx.const(pos.reshape(-1, 1), I64, [pos.size, 1])
    upd = cx.reshape(cx.convert(src, cx.element(x)), [pos.size])
    out = scatter(cx, flat, idx, upd, {"update_window_dims": [], "inserted_window_dims": [0],
                                       "scatter_dims_to_operand_dims": [0], "index_vector_dim": 1})
    return cx.reshape(out, cx.sizes_of(x))


@converts("masked_scatter")
def masked_scatter(cx, x, mask, source):
    """The k-th True of mask (row-major) takes source's k-th element."""
    sizes = cx.out_sizes()
    if not _all_int(sizes) or not _all_int(cx.sizes_of(source)):
        raise cx.error("masked_scatter needs static sizes (its positions are a running count over the mask)")
    from .elementwise import truth
    element = cx.out_element()
    n = int(np.prod(sizes)) if sizes else 1
    m = cx.reshape(truth(cx, mask, sizes), [n])
    xf = cx.reshape(cx.broadcast(cx.convert(x, element), sizes), [n])
    ns = int(np.prod(cx.sizes_of(source))) if cx.rank(source) else 1
    if ns == 0:
        return cx.reshape(xf, sizes)
    src = cx.reshape(cx.convert(source, element), [ns])
    picked = take(cx, src, 0, exclusive_count(cx, m))  # positions past the end are clamped, then unused
    return cx.reshape(cx.op("select", m, picked, xf), sizes)


# ----------------------------------------------------------------------------- nonzero

@converts("nonzero")
def nonzero(cx, x):
    sizes = cx.val.shape
    if not all(isinstance(s, int) for s in sizes):
        from .dynamic_sizes import nonzero_dynamic
        return nonzero_dynamic(cx, x)        # the count a run-time size
    return _nonzero(cx, x, sizes[0], -1)


@converts("nonzero_static")
def nonzero_static(cx, x, size, fill_value=-1):
    return _nonzero(cx, x, size, fill_value)


def _nonzero(cx, x, count, fill):
    """[count, rank] coordinates of the nonzero elements in row-major order, padded with `fill`."""
    from .elementwise import truth
    sizes = cx.sizes_of(x)
    if not _all_int(sizes):
        raise cx.error("nonzero_static of a tensor with symbolic sizes is not supported")
    rank = len(sizes)
    n = int(np.prod(sizes)) if sizes else 1
    m = cx.reshape(truth(cx, x), [n])
    pos = exclusive_count(cx, m)
    # elements that are zero, or past `count`, land on a spare row that is dropped
    spare = cx.const(count, I64, [n])
    keep = cx.op("and", m, cx.op("compare", pos, spare, comparison_direction="LT"))
    target = cx.reshape(cx.op("select", keep, pos, spare), [n, 1])
    coords = np.stack(np.unravel_index(np.arange(n), sizes), axis=1) if rank else np.zeros((n, 0), np.int64)
    coords = cx.const(coords.astype(np.int64), I64, [n, rank])
    out = cx.const(fill, I64, [count + 1, rank])
    out = scatter(cx, out, target, coords, {"update_window_dims": [1], "inserted_window_dims": [0],
                                            "scatter_dims_to_operand_dims": [0], "index_vector_dim": 1})
    return slice_dim(cx, out, 0, 0, count, 1, count)


@converts("masked_select")
def masked_select(cx, x, mask):
    """With a mask computed from constants (torch.combinations): a gather of its True positions
    (row-major, as torch) from x broadcast to the mask's shape; else the count is a run-time size."""
    from .constant_fold import constant_value
    known = constant_value(cx.node.args[1])
    if known is not None and _all_int(cx.sizes_of(x)):
        m = np.asarray(known.detach().numpy(), dtype=bool)
        sizes = list(np.broadcast_shapes(tuple(cx.sizes_of(x)), m.shape))
        flat = cx.reshape(cx.broadcast(x, sizes), [int(np.prod(sizes))])
        where = np.flatnonzero(np.broadcast_to(m, sizes)).astype(np.int64)
        return _gather_points(cx, flat, cx.constant(where.reshape(-1, 1), "i64"))
    from .dynamic_sizes import masked_select_dynamic
    return masked_select_dynamic(cx, x, mask)    # the number of True entries a run-time size


@converts("put")
def put(cx, x, index, source, accumulate=False):
    """x with source written (or added, `accumulate`) at the flat positions `index` (negative
    ones counted from the end). Static sizes only."""
    sizes = cx.sizes_of(x)
    if not _all_int(sizes) or not _all_int(cx.sizes_of(index)):
        raise cx.error("put with symbolic sizes is not supported")
    n, m = int(np.prod(sizes)), int(np.prod(cx.sizes_of(index)))
    flat = cx.reshape(x, [n])
    check_index_range(cx, index, n, 0, wraps=True, source=arg_node(cx, ["put"], 1))
    coords = cx.reshape(wrap_index(cx, _i64(cx, index), n), [m, 1])
    updates = _cut(cx, cx.reshape(cx.convert(source, cx.element(x)), [int(np.prod(cx.sizes_of(source)))]), [m])
    out = _scatter_points(cx, flat, coords, updates, _combiner("add" if accumulate else None, cx.element(x)))
    return cx.reshape(out, sizes)


@converts("histc")
def histc(cx, x, bins=100, min=0, max=0):
    """Counts of x over `bins` equal bins of [min, max] (min == max: the data's range, widened
    by 1 each way if that is empty), in x's dtype. An element's bin is
    trunc((x - min) * bins / (max - min)) as in ATen, max itself in the last bin; elements
    outside the range (and NaN) get an index past the end, which scatter skips."""
    element = cx.element(x)
    if not dtypes.is_float(element):
        raise cx.error(f"histc of {element} tensors is not supported (PyTorch's CPU kernel takes floats)")
    n = 1
    for s in cx.sizes_of(x):        # the element count: a run-time value when a size is symbolic
        n = n * s if isinstance(n, int) and isinstance(s, int) else cx.op("multiply", cx.size_value(n),
                                                                            cx.size_value(s))
    flat = cx.reshape(x, [n])
    if min == max:
        from .reductions import reduce1
        lo, hi = (reduce1(cx, flat, [0], op, init) for op, init in (("minimum", np.inf), ("maximum", -np.inf)))
        if min != 0:
            lo = hi = cx.const(min, element)
        empty = cx.op("compare", lo, hi, comparison_direction="EQ")
        one = cx.const(1, element)
        lo = cx.op("select", empty, cx.op("subtract", lo, one), lo)
        hi = cx.op("select", empty, cx.op("add", hi, one), hi)
    else:
        lo, hi = cx.const(min, element), cx.const(max, element)
    lo_n, hi_n = cx.broadcast(lo, [n]), cx.broadcast(hi, [n])
    scaled = cx.op("divide", cx.op("multiply", cx.op("subtract", flat, lo_n), cx.const(bins, element, [n])),
                   cx.op("subtract", hi_n, lo_n))
    pos = cx.op("minimum", cx.convert(scaled, I64), cx.const(bins - 1, I64, [n]))
    inside = cx.op("and", cx.op("compare", flat, lo_n, comparison_direction="GE"),
                   cx.op("compare", flat, hi_n, comparison_direction="LE"))
    pos = cx.op("select", inside, pos, cx.const(bins, I64, [n]))
    counts = _scatter_points(cx, cx.const(0, element, [bins]), cx.reshape(pos, [n, 1]),
                             cx.const(1, element, [n]), "add")
    return counts
