"""Shape ATen ops: view / reshape, permute, expand, squeeze / unsqueeze, cat / stack, slice /
narrow / select, split / unbind, flip / roll, repeat, tril / triu, unfold (constant_pad_nd is in resize.py).

Sizes may be symbolic (values); the static op is used when every size is an int."""
from __future__ import annotations

from mlir import ir

from ....types import tensor_type
from ..registry import converts

I64 = "i64"


def _dim(d: int, rank: int) -> int:
    return d % rank if rank else 0


def _static(s):
    return s if isinstance(s, int) else None


def _all_int(sizes) -> bool:
    return all(isinstance(s, int) for s in sizes)


def iota(cx, sizes, dim: int, element: str = I64):
    """An iota of `sizes` counting along `dim` (dynamic_iota when a size is symbolic)."""
    if _all_int(sizes):
        return cx.op("iota", iota_dimension=dim, result_types=[tensor_type(sizes, element)])
    return cx.op("dynamic_iota", cx.shape_tensor(sizes), iota_dimension=dim,
                 result_types=[tensor_type([_static(s) for s in sizes], element)])


def _resolve_view_sizes(cx, x, sizes):
    """A view's sizes with its -1 resolved (from the output's sizes, which export computed)."""
    out = cx.out_sizes()
    return [o if (isinstance(s, int) and s == -1) else s for s, o in zip(sizes, out)]


@converts("view", "_unsafe_view", "reshape", "view_copy", "_reshape_alias")
def view(cx, x, sizes, *strides):
    sizes = _resolve_view_sizes(cx, x, list(sizes))
    return _empty(cx, x, sizes) or cx.reshape(x, sizes)


def _empty(cx, x, sizes):
    """A tensor of `sizes` with no elements, as a constant (it holds no data; the compiler's
    static reshape does not handle size-0 tensors); None when `sizes` are not such."""
    if _all_int(sizes) and 0 in sizes and list(cx.info(x).shape) != list(sizes):
        import numpy as np
        return cx.const(np.zeros(sizes), cx.element(x), sizes)
    return None


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
    return cx.broadcast(x, cx.out_sizes())


@converts("unsqueeze", "unsqueeze_copy")
def unsqueeze(cx, x, dim):
    return _unsqueeze(cx, x, dim)


def _unsqueeze(cx, x, dim):
    sizes = cx.sizes_of(x)
    dim = dim % (len(sizes) + 1)
    sizes = sizes[:dim] + [1] + sizes[dim:]
    return _empty(cx, x, sizes) or cx.reshape(x, sizes)


@converts("squeeze", "squeeze_copy")
def squeeze(cx, x, dims=None):
    sizes = cx.out_sizes()
    return _empty(cx, x, sizes) or cx.reshape(x, sizes)


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


@converts("stack")
def stack(cx, tensors, dim=0):
    from .elementwise import to_element
    element = cx.out_element()
    rank = cx.rank(tensors[0]) + 1
    parts = [_unsqueeze(cx, to_element(cx, t, element), _dim(dim, rank)) for t in tensors]
    return parts[0] if len(parts) == 1 else cx.op("concatenate", parts, dimension=_dim(dim, rank))


# ----------------------------------------------------------------------------- slicing

def _clamp_index(i, size):
    return min(max(i + size if i < 0 else i, 0), size)


def _sliced_type(cx, x, dim, n):
    shape = list(cx.info(x).shape)
    shape[dim] = _static(n)
    return tensor_type(shape, cx.element(x))


@converts("slice", "slice_copy")
def slice_(cx, x, dim=0, start=None, end=None, step=1):
    dim = _dim(dim, cx.rank(x))
    if step == 1 and _unbound_data_size(cx, cx.val.shape[dim]):
        # bounds read from tensor values (tensor_split at a tensor of split points): torch gives
        # the length a fresh symbol, which stands for the clamped hi - lo computed here
        return slice_dim(cx, x, dim, start, end, step, None, bind=cx.val.shape[dim])
    return slice_dim(cx, x, dim, start, end, step, cx.out_sizes()[dim])


def _unbound_data_size(cx, s):
    expr = _expr_of(s)
    return (expr is not None and expr.is_Symbol and str(expr).startswith("u")
            and expr not in cx.importer.symbols and expr not in cx.importer.sym_cache)


@converts("narrow", "narrow_copy")
def narrow(cx, x, dim, start, length):
    dim = _dim(dim, cx.rank(x))
    if isinstance(start, int) and start < 0:
        start += cx.dim(x, dim)
    end = cx.op("add", cx.size_value(start), cx.size_value(length)) \
        if isinstance(start, ir.Value) or isinstance(length, ir.Value) else start + length
    return slice_dim(cx, x, dim, start, end, 1, length)


def slice_dim(cx, x, dim, start, end, step, n, bind=None):
    """x[start:end:step] along `dim`, bounds clamped as torch does; `n` is the result's length.
    With `bind` (an unbacked SymInt; step 1 only) the length is computed and bound to it."""
    rank = cx.rank(x)
    sizes = cx.sizes_of(x)
    size = sizes[dim]
    static_bounds = not isinstance(start, ir.Value) and not isinstance(end, ir.Value)
    if isinstance(size, int) and static_bounds:
        lo = _clamp_index(0 if start is None else start, size)
        hi = max(lo, _clamp_index(size if end is None else end, size))
        if step == 1:
            # a crop: pad with negative edges works for symbolic sizes in other dims too
            low, high = [0] * rank, [0] * rank
            low[dim], high[dim] = -lo, hi - size
            if low == high == [0] * rank:
                return x
            if _all_int(sizes):
                limits = list(sizes)
                starts = [0] * rank
                starts[dim], limits[dim] = lo, hi
                return cx.op("slice", x, start_indices=starts, limit_indices=limits, strides=[1] * rank)
            return cx.op("pad", x, cx.const(0, cx.element(x)), edge_padding_low=low, edge_padding_high=high,
                         interior_padding=[0] * rank)
        if _all_int(sizes):
            starts, limits, strides = [0] * rank, list(sizes), [1] * rank
            starts[dim], limits[dim], strides[dim] = lo, hi, step
            return cx.op("slice", x, start_indices=starts, limit_indices=limits, strides=strides)
        return _gather_slice(cx, x, dim, cx.const(lo, I64), step, n)
    lo = _bound_value(cx, 0 if start is None else start, size)
    if step != 1:
        return _gather_slice(cx, x, dim, lo, step, n)
    hi = cx.op("maximum", lo, _bound_value(cx, size if end is None else end, size))
    if bind is not None:
        n = cx.op("subtract", hi, lo)
        cx.importer.sym_cache.setdefault(_expr_of(bind), n)
    zero = cx.const(0, I64)
    low, high = [zero] * rank, [zero] * rank
    low[dim] = cx.op("negate", lo)
    high[dim] = cx.op("subtract", hi, cx.size_value(size))
    return cx.op("dynamic_pad", x, cx.const(0, cx.element(x)), cx.shape_tensor(low), cx.shape_tensor(high),
                 cx.shape_tensor([0] * rank), result_types=[_sliced_type(cx, x, dim, n)])


def _expr_of(s):
    from ..importer import _expr      # importer imports the ops modules
    return _expr(s)


def _bound_value(cx, bound, size):
    """A slice bound made an index in [0, size], as torch clamps it."""
    s = cx.size_value(bound)
    n = cx.size_value(size)
    zero = cx.const(0, I64)
    s = cx.op("select", cx.op("compare", s, zero, comparison_direction="LT"), cx.op("add", s, n), s)
    return cx.op("clamp", zero, s, n)


def _gather_slice(cx, x, dim, lo, step, n):
    """Elements lo, lo + step, ... (n of them) along `dim`."""
    idx = iota(cx, [n], 0)
    idx = cx.op("add", cx.op("multiply", idx, cx.broadcast(cx.const(step, I64), [n])), cx.broadcast(lo, [n]))
    return take(cx, x, dim, idx)


def take_along(cx, x, dim, idx):
    """x indexed along `dim` by the 1-D index tensor idx (an index_select; indices in range)."""
    return take(cx, x, dim, idx)


def take(cx, x, dim, idx):
    """x indexed along `dim` by an index tensor of any rank: the result has sizes
    x[:dim] + idx + x[dim + 1:] (indices in range; a gather clamps the others)."""
    rank, ri = cx.rank(x), cx.rank(idx)
    sizes = cx.sizes_of(x)
    dnums = {"offset_dims": [d if d < dim else d - 1 + ri for d in range(rank) if d != dim],
             "collapsed_slice_dims": [dim], "start_index_map": [dim], "index_vector_dim": ri,
             "operand_batching_dims": [], "start_indices_batching_dims": []}
    if sizes[dim] == 0:
        return empty_read(cx, x, sizes[:dim] + cx.sizes_of(idx) + sizes[dim + 1:])
    slice_sizes = [1 if d == dim else s for d, s in enumerate(sizes)]
    if _all_int(slice_sizes):
        return cx.op("gather", x, idx, dimension_numbers=dnums, slice_sizes=slice_sizes)
    shape = list(cx.info(x).shape)
    shape = shape[:dim] + list(cx.info(idx).shape) + shape[dim + 1:]
    return cx.op("dynamic_gather", x, idx, cx.shape_tensor(slice_sizes), dimension_numbers=dnums,
                 result_types=[tensor_type(shape, cx.element(x))])


def empty_read(cx, x, sizes):
    """What a gather from an x with a size-0 indexed dimension gives (shlo's gather takes a slice
    of size 1 there, which such an x has not): zeros of the result's sizes, which hold no element
    unless indices were given, and then they are out of range (their check fails)."""
    if not _all_int(sizes):
        return cx.broadcast(cx.const(0, cx.element(x)), sizes)
    return cx.const(0, cx.element(x), sizes)


@converts("select", "select_copy")
def select(cx, x, dim, index):
    rank = cx.rank(x)
    dim = _dim(dim, rank)
    return _select(cx, x, dim, index)


def _select(cx, x, dim, index):
    rank = cx.rank(x)
    sizes = cx.sizes_of(x)
    if isinstance(index, int) and _all_int(sizes):
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
        return take(cx, x, dim, wrap_index(cx, idx, cx.dim(x, dim)))
    zero = cx.const(0, I64)
    starts = [zero] * rank
    starts[dim] = wrap_index(cx, cx.size_value(index), sizes[dim])
    slice_sizes = [1 if d == dim else s for d, s in enumerate(sizes)]
    return cx.op("dynamic_slice", x, starts, slice_sizes=slice_sizes)


def wrap_index(cx, idx, size):
    """Negative indices (i64 values) counted from the end, as torch indexes."""
    n = cx.broadcast(cx.size_value(size), cx.sizes_of(idx))
    zero = cx.broadcast(cx.const(0, I64), cx.sizes_of(idx))
    return cx.op("select", cx.op("compare", idx, zero, comparison_direction="LT"), cx.op("add", idx, n), idx)


_wrap = wrap_index


@converts("split_with_sizes", "split_with_sizes_copy")
def split_with_sizes(cx, x, split_sizes, dim=0):
    dim = _dim(dim, cx.rank(x))
    outs, start = [], 0
    for i, n in enumerate(split_sizes):
        symbolic = isinstance(start, ir.Value) or isinstance(n, ir.Value)
        end = cx.op("add", cx.size_value(start), cx.size_value(n)) if symbolic else start + n
        outs.append(slice_dim(cx, x, dim, start, end, 1, n))
        start = end
    return outs


@converts("split", "split_copy")
def split(cx, x, split_size, dim=0):
    dim = _dim(dim, cx.rank(x))
    if isinstance(split_size, (list, tuple)):
        return split_with_sizes(cx, x, split_size, dim)
    sizes = [cx.importer.size(v.shape[dim]) for v in cx.val]
    return split_with_sizes(cx, x, sizes, dim)


@converts("unbind", "unbind_copy")
def unbind(cx, x, dim=0):
    dim = _dim(dim, cx.rank(x))
    n = cx.dim(x, dim)
    if not isinstance(n, int):
        raise cx.error("unbind along a symbolic dimension has a data-dependent number of results")
    return [_select(cx, x, dim, i) for i in range(n)]


# ----------------------------------------------------------------------------- reordering

@converts("flip")
def flip(cx, x, dims):
    rank = cx.rank(x)
    dims = sorted({_dim(d, rank) for d in dims})
    return cx.op("reverse", x, dimensions=dims) if dims and rank else x


@converts("roll")
def roll(cx, x, shifts, dims=()):
    if isinstance(shifts, int):
        shifts = [shifts]
    dims = [dims] if isinstance(dims, int) else list(dims)
    if not dims:  # rolls the flattened tensor
        sizes = cx.sizes_of(x)
        flat = cx.reshape(x, [_numel(cx, sizes)])
        return cx.reshape(_roll_dim(cx, flat, 0, shifts[0]), sizes)
    for s, d in zip(shifts, dims):
        x = _roll_dim(cx, x, _dim(d, cx.rank(x)), s)
    return x


def _numel(cx, sizes):
    n = 1
    for s in sizes:
        n = n * s if isinstance(s, int) and isinstance(n, int) else cx.op("multiply", cx.size_value(n),
                                                                          cx.size_value(s))
    return n


def _roll_dim(cx, x, dim, shift):
    n = cx.dim(x, dim)
    if isinstance(n, int) and isinstance(shift, int):
        if n == 0 or shift % n == 0:
            return x
        s = shift % n
        tail = slice_dim(cx, x, dim, n - s, n, 1, s)
        head = slice_dim(cx, x, dim, 0, n - s, 1, n - s)
        return cx.op("concatenate", [tail, head], dimension=dim)
    # result[i] = x[(i - shift) mod n]
    nv = cx.size_value(n)
    sv = cx.size_value(shift)
    idx = iota(cx, [n], 0)
    r = cx.op("remainder", cx.op("subtract", idx, cx.broadcast(sv, [n])), cx.broadcast(nv, [n]))
    r = cx.op("select", cx.op("compare", r, cx.broadcast(cx.const(0, I64), [n]), comparison_direction="LT"),
              cx.op("add", r, cx.broadcast(nv, [n])), r)
    return take(cx, x, dim, r)


@converts("repeat")
def repeat(cx, x, repeats):
    """Tiles x: x (padded with leading 1s) broadcast to [r0, s0, r1, s1, ...], then merged pairwise."""
    repeats = list(repeats)
    sizes = cx.sizes_of(x)
    sizes = [1] * (len(repeats) - len(sizes)) + sizes
    x = cx.reshape(x, sizes)
    wide = []
    for r, s in zip(repeats, sizes):
        wide += [r, s]
    b = cx.broadcast(x, wide, dims=list(range(1, 2 * len(sizes), 2)))
    return cx.reshape(b, cx.out_sizes())


@converts("tril", "triu")
def tril_triu(cx, x, diagonal=0):
    """Keeps elements with col - row <= diagonal (tril) or >= diagonal (triu)."""
    sizes = cx.sizes_of(x)
    r = len(sizes)
    col_minus_row = cx.op("subtract", iota(cx, sizes, r - 1), iota(cx, sizes, r - 2))
    lower = cx.node.target.__name__.startswith("tril")
    keep = cx.op("compare", col_minus_row, cx.broadcast(cx.size_value(diagonal), sizes),
                 comparison_direction="LE" if lower else "GE")
    return cx.op("select", keep, x, cx.broadcast(cx.const(0, cx.element(x)), sizes))


# ----------------------------------------------------------------------------- windows

@converts("unfold")
def unfold(cx, x, dim, size, step):
    """Windows of `size` every `step` along `dim`, as a new last dimension."""
    rank = cx.rank(x)
    if rank == 0:
        return cx.reshape(x, [1])
    dim = _dim(dim, rank)
    n = cx.out_sizes()[dim]
    starts = cx.op("multiply", iota(cx, [n], 0), cx.broadcast(cx.const(step, I64), [n]))
    sizes = cx.sizes_of(x)
    slice_sizes = [size if d == dim else s for d, s in enumerate(sizes)]
    dnums = {"offset_dims": [d if d < dim else d + 1 for d in range(rank)], "collapsed_slice_dims": [],
             "start_index_map": [dim], "index_vector_dim": 1,
             "operand_batching_dims": [], "start_indices_batching_dims": []}
    idx = cx.reshape(starts, [n, 1])
    if _all_int(slice_sizes):
        g = cx.op("gather", x, idx, dimension_numbers=dnums, slice_sizes=slice_sizes)
    else:
        shape = [_static(s) for s in sizes[:dim]] + [_static(n), size] + [_static(s) for s in sizes[dim + 1:]]
        g = cx.op("dynamic_gather", x, idx, cx.shape_tensor(slice_sizes), dimension_numbers=dnums,
                  result_types=[tensor_type(shape, cx.element(x))])
    # gathered: x[:dim] + [n, size] + x[dim+1:]; the window goes last
    perm = [d for d in range(rank + 1) if d != dim + 1] + [dim + 1]
    return cx.op("transpose", g, permutation=perm)


@converts("resize")
def resize(cx, x, size, memory_format=None):
    """resize (resize_as_ after functionalization): the first prod(size) elements of x in
    row-major order, reshaped; growing pads with zeros (torch leaves that memory uninitialized)."""
    import math
    sizes = cx.sizes_of(x)
    if not all(isinstance(s, int) for s in list(sizes) + list(size)):
        raise cx.error("resize with symbolic sizes is not supported")
    have, want = math.prod(sizes), math.prod(size)
    flat = cx.reshape(x, [have])
    if want < have:
        flat = cx.op("slice", flat, start_indices=[0], limit_indices=[want], strides=[1])
    elif want > have:
        flat = cx.op("pad", flat, cx.const(0, cx.element(x)), edge_padding_low=[0], edge_padding_high=[want - have],
                     interior_padding=[0])
    return cx.reshape(flat, list(size))
