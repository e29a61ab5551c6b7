"""Tensor and shape ops: Shape, Size, Reshape, Flatten, Transpose, (Un)Squeeze, Concat, Split, Slice,
Gather / GatherElements / GatherND, Scatter / ScatterElements / ScatterND, Pad, Tile, Expand,
ConstantOfShape, Range, EyeLike, OneHot, Trilu, DepthToSpace / SpaceToDepth, ReverseSequence,
Compress, NonZero / Unique, CenterCropPad, Col2Im.

Shape-like operands (shapes, axes, pads, repeats, starts / ends) known at import time give static
ops. When they are computed at run time the declared / inferred output type often still fixes
the result sizes (it is then used), else the sizes are computed at run time and the dynamic ops
(dynamic_reshape, dynamic_broadcast_in_dim, dynamic_iota, gathers) carry them."""
from __future__ import annotations

import numpy as np
from mlir import ir

from ....types import tensor_type
from .. import dtypes
from ...emitter import count_true, reduce1, stable_sort, trues_first
from ..checks import check_assert, check_broadcast, check_index_vectors, check_indices, check_reshape
from ..context import I64
from ..registry import converts


# ----------------------------------------------------------------------------- helpers

def _static(s):
    return s if isinstance(s, int) else None


def _all_int(sizes) -> bool:
    return all(isinstance(s, int) for s in sizes)


def _axis(cx, a: int, rank: int) -> int:
    if not -rank <= a < max(rank, 1):
        raise cx.error(f"axis {a} is out of range for rank {rank}")
    return a % rank if rank else 0


def _known_ints(cx, i: int):
    """Input i as Python ints when known at import time, else None (also when omitted)."""
    k = cx.known(i)
    return None if k is None else [int(v) for v in np.asarray(k).reshape(-1)]


def _given(cx, i: int) -> bool:
    return i < len(cx.node.input) and bool(cx.node.input[i])


def _out_sizes(cx, i: int = 0):
    """The inferred output sizes when all are known, else None."""
    s = cx.out_shape(i)
    return list(s) if s is not None and all(d is not None for d in s) else None


def _out_rank(cx, i: int = 0):
    s = cx.out_shape(i)
    return None if s is None else len(s)


def _iota(cx, sizes, dim: int, element: str = I64):
    if _all_int(sizes):
        return cx.op("iota", iota_dimension=dim, result_types=[tensor_type(sizes, element)])
    return cx.op("dynamic_iota", cx.shape_tensor(sizes), iota_dimension=dim,
                 result_types=[tensor_type([_static(s) for s in sizes], element)])


def _i64(cx, v):
    return cx.convert(v, I64)


def _item(cx, v, k: int):
    """Element k of a 1-D tensor as a rank-0 i64 value."""
    one = cx.op("slice", v, start_indices=[k], limit_indices=[k + 1], strides=[1])
    return _i64(cx, cx.reshape(one, []))


def _scalar(cx, v):
    """A one-element tensor as a rank-0 value."""
    return cx.reshape(v, [])


def _cmp(cx, a, b, direction):
    return cx.op("compare", a, b, comparison_direction=direction)


def _where(cx, pred, a, b):
    return cx.op("select", pred, a, b)


def _sint(cx, v):
    """A size (int or rank-0 i64 value) as a rank-0 i64 value."""
    return cx.size_value(v)


def _smax(cx, a, b):
    if isinstance(a, int) and isinstance(b, int):
        return max(a, b)
    return cx.op("maximum", _sint(cx, a), _sint(cx, b))


def _smul(cx, a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    return cx.op("multiply", _sint(cx, a), _sint(cx, b))


def _prod(cx, sizes):
    return cx.element_count(sizes)


def _wrap(cx, idx, size):
    """Negative indices counted from the end (size: int or rank-0 value, broadcast to idx)."""
    sizes = cx.sizes_of(idx)
    e = cx.element(idx)
    zero = cx.const(0, e, sizes)
    n = cx.broadcast(cx.convert(_sint(cx, size), e), sizes)
    return _where(cx, _cmp(cx, idx, zero, "LT"), cx.op("add", idx, n), idx)


def _sizes_from_vector(cx, v, n: int):
    """The n entries of a 1-D i64 run-time tensor as rank-0 values."""
    v = _i64(cx, v)
    return [_item(cx, v, k) for k in range(n)]


def _static_entries(cx, v):
    """The entries of a 1-D integer shape vector that are fixed by how it is built (a concatenate of
    constants and run-time pieces, through converts and reshapes): ints there, None elsewhere;
    None when its length is unknown."""
    shape = list(cx.info(v).shape)
    if len(shape) > 1 or (shape and shape[0] is None):
        return None
    n = shape[0] if shape else 1
    owner = v.owner
    op = getattr(owner, "operation", owner)
    op = op if isinstance(op, ir.Operation) else None
    name = op.name if op is not None else ""
    if name == "shlo.constant":
        from ....literals import elements_to_numpy, is_resource
        attr = op.attributes["value"]
        if not is_resource(attr):
            try:
                return [int(x) for x in np.asarray(elements_to_numpy(attr)).reshape(-1)]
            except Exception:  # noqa: BLE001 - an element type numpy lacks
                pass
    elif name == "shlo.concatenate" and len(shape) == 1:
        out = []
        for operand in op.operands:
            got = _static_entries(cx, operand)
            if got is None:
                return None
            out += got
        return out if len(out) == n else None
    elif name in ("shlo.convert", "shlo.reshape"):
        got = _static_entries(cx, op.operands[0])
        return got if got is not None and len(got) == n else None
    return [None] * n


def _shape_entries(cx, v, n: int):
    """The n entries of a run-time shape vector: ints where they are fixed (see _static_entries),
    rank-0 values elsewhere, so that the sizes built from them stay static where they can."""
    fixed = _static_entries(cx, v) or [None] * n
    return [f if f is not None else _item(cx, _i64(cx, v), k) for k, f in enumerate(fixed)]


def _vector_length(cx, v):
    n = cx.info(v).shape
    if len(n) != 1 or n[0] is None:
        raise cx.error("a shape operand of unknown length is not supported")
    return n[0]


# ----------------------------------------------------------------------------- Shape, Size

@converts("Shape", since=1)
def shape(cx, x, start=0, end=None):
    sizes = cx.sizes_of(x)
    rank = len(sizes)
    lo = min(max(start + rank if start < 0 else start, 0), rank)
    hi = rank if end is None else min(max(end + rank if end < 0 else end, 0), rank)
    picked = sizes[lo:max(hi, lo)]
    if _all_int(picked):
        return _known_result(cx, np.array(picked, np.int64))
    return cx.shape_tensor(picked)


@converts("Size", since=1)
def size(cx, x):
    n = _prod(cx, cx.sizes_of(x))
    return _known_result(cx, np.array(n, np.int64)) if isinstance(n, int) else n


def _known_result(cx, array):
    """A result fixed by static sizes: recorded as known, so that the shape computations that
    use it fold at import time (the importer makes the constant where it is used)."""
    cx.importer.known[cx.node.output[0]] = array
    return None


# ----------------------------------------------------------------------------- Reshape, Flatten

@converts("Reshape", since=5)
def reshape(cx, x, shape_v, allowzero=0):
    target = _known_ints(cx, 1)
    if target is None:
        out = _out_sizes(cx)
        if out is not None:
            check_reshape(cx, cx.sizes_of(x), out, _shown(cx, shape_v))
            return _reshape_to(cx, x, out)
        return _reshape_dynamic(cx, x, shape_v, allowzero)
    sizes = cx.sizes_of(x)
    resolved = []
    for k, s in enumerate(target):
        if s == 0 and not allowzero:
            if k >= len(sizes):
                raise cx.error(f"shape entry {k} is 0 (copy) but the input has rank {len(sizes)}")
            resolved.append(sizes[k])
        else:
            resolved.append(s)
    if resolved.count(-1) > 1:
        raise cx.error("at most one -1 in the shape")
    if -1 in resolved:
        k = resolved.index(-1)
        total = _prod(cx, sizes)
        rest = _prod(cx, [s for j, s in enumerate(resolved) if j != k])
        if isinstance(total, int) and isinstance(rest, int):
            if rest == 0:
                raise cx.error("cannot infer -1 with a zero-sized dimension in the shape")
            resolved[k] = total // rest
        else:
            resolved[k] = cx.op("divide", _sint(cx, total), _sint(cx, rest))
    check_reshape(cx, sizes, resolved)
    return _reshape_to(cx, x, resolved)


def _shown(cx, shape_v):
    """Reshape's shape input, shown by its check when it fails (a static-length vector)."""
    t = cx.info(shape_v)
    return shape_v if len(t.shape) == 1 and t.shape[0] is not None and cx.element(shape_v) == I64 else None


def _reshape_to(cx, x, sizes):
    if _all_int(sizes) and 0 in sizes and list(cx.info(x).shape) != list(sizes):
        # an empty result holds no data: a constant (static reshape of size-0 tensors aside)
        return cx.const(np.zeros(sizes), cx.element(x), sizes)
    return cx.reshape(x, sizes)


def _reshape_dynamic(cx, x, shape_v, allowzero):
    """Reshape to a run-time shape: 0 copies the input size (unless allowzero), -1 takes the rest."""
    n = _vector_length(cx, shape_v)
    sizes = cx.sizes_of(x)
    entries = _shape_entries(cx, shape_v, n)
    zero, minus = cx.const(0, I64), cx.const(-1, I64)
    out = []
    for k, s in enumerate(entries):
        if isinstance(s, int):          # a fixed entry: 0 copies, -1 is resolved below
            out.append(sizes[k] if s == 0 and not allowzero and k < len(sizes) else s)
            continue
        if not allowzero and k < len(sizes):
            s = _where(cx, _cmp(cx, s, zero, "EQ"), _sint(cx, sizes[k]), s)
        out.append(s)
    # -1: total / product of the others (the -1 entry counts as 1 there)
    known = _prod(cx, [1 if isinstance(s, int) and s == -1 else s if isinstance(s, int) else
                       _where(cx, _cmp(cx, s, minus, "EQ"), cx.const(1, I64), s) for s in out])
    rest = cx.op("divide", _sint(cx, _prod(cx, sizes)), cx.op("maximum", _sint(cx, known), cx.const(1, I64)))
    out = [rest if isinstance(s, int) and s == -1 else s if isinstance(s, int) else
           _where(cx, _cmp(cx, s, minus, "EQ"), rest, s) for s in out]
    check_reshape(cx, sizes, out, _shown(cx, shape_v))
    t = cx.out_type()
    result = t if t is not None else tensor_type([s if isinstance(s, int) else None for s in out], cx.element(x))
    return cx.op("dynamic_reshape", x, cx.shape_tensor(out), result_types=[result])


@converts("Flatten", since=1)
def flatten(cx, x, axis=1):
    sizes = cx.sizes_of(x)
    rank = len(sizes)
    if not -rank <= axis <= rank:
        raise cx.error(f"axis {axis} is out of range for rank {rank}")
    axis = axis + rank if axis < 0 else axis
    return _reshape_to(cx, x, [_prod(cx, sizes[:axis]), _prod(cx, sizes[axis:])])


# ----------------------------------------------------------------------------- Transpose, (Un)Squeeze

@converts("Transpose", since=1)
def transpose(cx, x, perm=None):
    rank = cx.rank(x)
    perm = list(reversed(range(rank))) if perm is None else [_axis(cx, p, rank) for p in perm]
    if perm == list(range(rank)):
        return x
    return cx.op("transpose", x, permutation=perm)


def _axes_of(cx, axes_attr, input_index):
    """Axes from the attribute (old opsets) or the input (new); None when absent; 'unknown' when
    computed at run time."""
    if axes_attr is not None:
        return list(axes_attr)
    if not _given(cx, input_index):
        return None
    k = _known_ints(cx, input_index)
    return "unknown" if k is None else k


def _squeeze(cx, x, axes):
    sizes = cx.sizes_of(x)
    rank = len(sizes)
    if axes == "unknown":
        out = _out_sizes(cx)
        if out is None:
            raise cx.error("axes computed at run time (and an output shape not known) are not supported")
        return cx.reshape(x, out)
    if axes is None:
        if not _all_int(sizes):
            out = _out_sizes(cx)
            if out is not None:
                return cx.reshape(x, out)
            _assert_not_one(cx, sizes)
        axes = [d for d, s in enumerate(sizes) if s == 1]
    axes = {_axis(cx, a, rank) for a in axes}
    for a in axes:
        if isinstance(sizes[a], int) and sizes[a] != 1:
            raise cx.error(f"cannot squeeze dimension {a} of size {sizes[a]}")
    return cx.reshape(x, [s for d, s in enumerate(sizes) if d not in axes])


def _assert_not_one(cx, sizes):
    """Squeeze without axes keeps the run-time sizes, which must then not be 1: were one 1, ONNX
    would drop it and the result's rank would be a run-time property, which no shlo type holds.
    A `shape_assertion` (what jax.export emits; interpreted, and checked before compiled code
    runs) makes that case a run-time error naming the node instead of a result of the wrong rank."""
    dynamic = [(d, s) for d, s in enumerate(sizes) if not isinstance(s, int)]
    one = cx.const(1, I64)
    pred = None
    for _, s in dynamic:
        ne = cx.op("compare", cx.size_value(s), one, comparison_direction="NE")
        pred = ne if pred is None else cx.op("and", pred, ne)
    found = ", ".join(f"dimension {d} = {{{k}}}" for k, (d, _) in enumerate(dynamic))
    cx.shape_assertion(pred, [cx.size_value(s) for _, s in dynamic], str(cx.error(
        f"Squeeze without axes was imported keeping the sizes known only at run time; one is 1 ({found}), "
        "which would change the result's rank")))


def _unsqueeze(cx, x, axes):
    sizes = cx.sizes_of(x)
    if axes == "unknown" or axes is None:
        out = _out_sizes(cx)
        if out is None:
            raise cx.error("axes computed at run time (and an output shape not known) are not supported")
        return cx.reshape(x, out)
    rank = len(sizes) + len(axes)
    axes = sorted(_axis(cx, a, rank) for a in axes)
    if len(set(axes)) != len(axes):
        raise cx.error(f"repeated axes {axes}")
    it = iter(sizes)
    return cx.reshape(x, [1 if d in axes else next(it) for d in range(rank)])


@converts("Squeeze", since=1)
def squeeze_1(cx, x, axes=None):
    return _squeeze(cx, x, axes)


@converts("Squeeze", since=13)
def squeeze_13(cx, x, axes_v=None):
    return _squeeze(cx, x, _axes_of(cx, None, 1))


@converts("Unsqueeze", since=1)
def unsqueeze_1(cx, x, axes=None):
    if axes is None:
        raise cx.error("the axes attribute is required")
    return _unsqueeze(cx, x, axes)


@converts("Unsqueeze", since=13)
def unsqueeze_13(cx, x, axes_v=None):
    return _unsqueeze(cx, x, _axes_of(cx, None, 1))


# ----------------------------------------------------------------------------- Concat, Split

@converts("Concat", since=4)
def concat(cx, *xs, axis=None):
    if axis is None:
        raise cx.error("the axis attribute is required")
    xs = [x for x in xs if x is not None]
    rank = cx.rank(xs[0])
    if len(xs) == 1:
        return xs[0]
    return cx.op("concatenate", xs, dimension=_axis(cx, axis, rank))


def _split(cx, x, axis, parts):
    """x cut along `axis` into consecutive pieces of the given sizes (ints)."""
    rank = cx.rank(x)
    axis = _axis(cx, axis, rank)
    sizes = cx.sizes_of(x)
    if not isinstance(sizes[axis], int):
        return _split_dynamic(cx, x, axis, parts)
    if sum(parts) != sizes[axis]:
        raise cx.error(f"split sizes {parts} do not add up to {sizes[axis]}")
    outs, start = [], 0
    for p in parts:
        outs.append(_slice_static(cx, x, axis, start, start + p, 1))
        start += p
    return outs


def _split_dynamic(cx, x, axis, parts):
    """Pieces of static sizes cut from a dimension whose size is dynamic."""
    outs, start = [], 0
    for p in parts:
        sizes = cx.sizes_of(x)
        starts = [cx.const(start if d == axis else 0, I64) for d in range(len(sizes))]
        slice_sizes = [p if d == axis else s for d, s in enumerate(sizes)]
        if not _all_int(slice_sizes):       # other sizes dynamic too: the piece's positions gathered
            outs.append(_take(cx, x, axis, cx.importer.constant(np.arange(start, start + p, dtype=np.int64))))
            start += p
            continue
        outs.append(cx.op("dynamic_slice", x, starts, slice_sizes=slice_sizes))
        start += p
    return outs


def _equal_parts(cx, x, axis, n, uneven):
    size_ = cx.info(x).shape[_axis(cx, axis, cx.rank(x))]
    if size_ is None:
        out = [_out_sizes(cx, i) for i in range(n)]
        if any(o is None for o in out) or any(o[_axis(cx, axis, cx.rank(x))] is None for o in out):
            return None         # sizes known at run time only: _split_equal_runtime
        return [o[_axis(cx, axis, cx.rank(x))] for o in out]
    if uneven:
        chunk = -(-size_ // n)
        return [min(chunk, max(size_ - k * chunk, 0)) for k in range(n)]
    if size_ % n:
        raise cx.error(f"dimension of size {size_} does not split into {n} equal parts")
    return [size_ // n] * n


def _split_equal_runtime(cx, x, axis, n, uneven):
    """n pieces of a run-time dimension: each ceil(size / n) long (the last shorter) when uneven,
    else size / n (onnxruntime requires it to divide); each a `?` size."""
    axis = _axis(cx, axis, cx.rank(x))
    size = _sint(cx, cx.dim(x, axis))
    k = cx.const(n, I64)
    chunk = cx.op("divide", cx.op("add", size, cx.const(n - 1, I64)), k) if uneven else cx.op("divide", size, k)
    outs = []
    for i in range(n):
        start = cx.op("multiply", chunk, cx.const(i, I64))
        end = cx.op("minimum", cx.op("add", start, chunk), size)
        outs.append(_slice_axis_dynamic(cx, x, axis, start, end, cx.const(1, I64), None))
    return outs


def _split_equal(cx, x, axis, n, uneven):
    parts = _equal_parts(cx, x, axis, n, uneven)
    return _split_equal_runtime(cx, x, axis, n, uneven) if parts is None else _split(cx, x, axis, parts)


def _split_parts(cx, x, axis, i):
    """The split sizes from input i (known, or the declared output sizes); None when they are
    known at run time only."""
    k = _known_ints(cx, i)
    if k is not None:
        return k
    out = [_out_sizes(cx, j) for j in range(len(cx.node.output))]
    if any(o is None for o in out):
        return None
    a = _axis(cx, axis, cx.rank(x))
    return [o[a] for o in out]


def _split_run_time(cx, x, axis, split_v):
    """Split sizes read at run time (a split computed from shapes, e.g. the dynamo exporter's
    torch.split by sizes of a dynamic dimension): piece k runs from the sum of the sizes before
    it, each piece a `?` size along the axis."""
    a = _axis(cx, axis, cx.rank(x))
    n = len(cx.node.output)
    if cx.info(split_v).shape not in ([n], (n,)):
        raise cx.error(f"split (input 1) must hold one size per output ({n}), its shape is {cx.info(split_v).shape}")
    sizes = _i64(cx, split_v)
    outs, start = [], cx.const(0, I64)
    for k in range(n):
        size = _scalar(cx, cx.op("slice", sizes, start_indices=[k], limit_indices=[k + 1], strides=[1]))
        end = cx.op("add", start, size)
        outs.append(_slice_axis_dynamic(cx, x, a, start, end, cx.const(1, I64), None))
        start = end
    return outs


def _split_by_input(cx, x, axis, split_v):
    parts = _split_parts(cx, x, axis, 1)
    return _split_run_time(cx, x, axis, split_v) if parts is None else _split(cx, x, axis, parts)


@converts("Split", since=2)
def split_2(cx, x, axis=0, split=None):
    if split:
        return _split(cx, x, axis, list(split))
    return _split_equal(cx, x, axis, len(cx.node.output), False)


@converts("Split", since=13)
def split_13(cx, x, split_v=None, axis=0):
    if _given(cx, 1):
        return _split_by_input(cx, x, axis, split_v)
    return _split_equal(cx, x, axis, len(cx.node.output), False)


@converts("Split", since=18)
def split_18(cx, x, split_v=None, axis=0, num_outputs=None):
    if _given(cx, 1):
        return _split_by_input(cx, x, axis, split_v)
    n = num_outputs if num_outputs is not None else len(cx.node.output)
    return _split_equal(cx, x, axis, n, True)


# ----------------------------------------------------------------------------- Slice

def _slice_static(cx, x, axis, start, end, step):
    """x[start:end:step] along axis, bounds already normalized (start/end in range)."""
    rank = cx.rank(x)
    sizes = cx.info(x).shape
    if step < 0:
        n = sizes[axis]
        x = cx.op("reverse", x, dimensions=[axis])
        start, end, step = n - 1 - start, n - 1 - end, -step
    end = max(end, start)
    if start == 0 and end == sizes[axis] and step == 1:
        return x
    if None in sizes:       # other sizes are dynamic (slice needs them static): a gather of the positions
        return _take(cx, x, axis, cx.importer.constant(np.arange(start, end, step, dtype=np.int64)))
    lo = [0] * rank
    hi = list(sizes)
    st = [1] * rank
    lo[axis], hi[axis], st[axis] = start, end, step
    return cx.op("slice", x, start_indices=lo, limit_indices=hi, strides=st)


def _normalize(start, end, step, n):
    """ONNX's clamping of slice bounds on a dimension of size n."""
    if step == 0:
        raise ValueError("slice step 0")
    start = start + n if start < 0 else start
    end = end + n if end < 0 else end
    if step > 0:
        return min(max(start, 0), n), min(max(end, 0), n)
    return min(max(start, 0), n - 1), min(max(end, -1), n - 1)


def _slice(cx, x, starts, ends, axes, steps):
    """Slice with every parameter known (lists of ints, axes/steps may be None)."""
    rank = cx.rank(x)
    axes = list(range(len(starts))) if axes is None else [_axis(cx, a, rank) for a in axes]
    steps = [1] * len(starts) if steps is None else steps
    if len(set(axes)) != len(axes):
        raise cx.error(f"repeated axes {axes}")
    for a, s, e, st in zip(axes, starts, ends, steps):
        n = cx.info(x).shape[a]
        if st == 0:
            raise cx.error("a slice step of 0")
        if n is None:
            x = _slice_axis_dynamic(cx, x, a, cx.const(s, I64), cx.const(e, I64), cx.const(st, I64), None)
            continue
        lo, hi = _normalize(s, e, st, n)
        x = _slice_static(cx, x, a, lo, hi, st)
    return x


def _slice_axis_dynamic(cx, x, axis, s, e, st, count):
    """x sliced along `axis` with run-time bounds (rank-0 i64 values): a gather of
    start + step * iota(count); count is an int when the result size is known."""
    n = _sint(cx, cx.dim(x, axis))
    zero, one = cx.const(0, I64), cx.const(1, I64)
    s = _where(cx, _cmp(cx, s, zero, "LT"), cx.op("add", s, n), s)
    e = _where(cx, _cmp(cx, e, zero, "LT"), cx.op("add", e, n), e)
    positive = _cmp(cx, st, zero, "GT")
    nm1 = cx.op("subtract", n, one)
    s = _where(cx, positive, cx.op("clamp", zero, s, n), cx.op("clamp", zero, s, nm1))
    e = _where(cx, positive, cx.op("clamp", zero, e, n), cx.op("clamp", cx.const(-1, I64), e, nm1))
    if count is None:
        bias = _where(cx, positive, cx.op("subtract", st, one), cx.op("add", st, one))
        count = cx.op("maximum", zero, cx.op("divide", cx.op("add", cx.op("subtract", e, s), bias), st))
    idx = cx.op("add", cx.broadcast(s, [count]), cx.op("multiply", _iota(cx, [count], 0), cx.broadcast(st, [count])))
    return _take(cx, x, axis, idx)


def _take(cx, x, axis, idx):
    """x indexed along `axis` by idx (in range, any shape): x.shape[:axis] + idx.shape +
    x.shape[axis+1:]."""
    rank = cx.rank(x)
    r = cx.rank(idx)
    sizes = cx.sizes_of(x)
    offset = [d for d in range(axis)] + [d + r - 1 for d in range(axis + 1, rank)]
    dn = {"offset_dims": offset, "collapsed_slice_dims": [axis], "start_index_map": [axis],
          "index_vector_dim": r, "operand_batching_dims": [], "start_indices_batching_dims": []}
    slice_sizes = [1 if d == axis else s for d, s in enumerate(sizes)]
    if _all_int(slice_sizes):
        return cx.op("gather", x, _i64(cx, idx), dimension_numbers=dn, slice_sizes=slice_sizes)
    # (the result type given: inference cannot read the static sizes out of the slice-size operand)
    shape = cx.info(x).shape
    out = list(shape[:axis]) + list(cx.info(idx).shape) + list(shape[axis + 1:])
    return cx.op("dynamic_gather", x, _i64(cx, idx), cx.shape_tensor(slice_sizes), dimension_numbers=dn,
                 result_types=[tensor_type(out, cx.element(x))])


@converts("Slice", since=1)
def slice_1(cx, x, starts=None, ends=None, axes=None):
    return _slice(cx, x, list(starts), list(ends), axes, None)


@converts("Slice", since=10)
def slice_10(cx, x, starts_v, ends_v, axes_v=None, steps_v=None):
    starts, ends = _known_ints(cx, 1), _known_ints(cx, 2)
    axes = _known_ints(cx, 3) if _given(cx, 3) else None
    steps = _known_ints(cx, 4) if _given(cx, 4) else None
    if starts is not None and ends is not None and (axes is not None or not _given(cx, 3)) \
            and (steps is not None or not _given(cx, 4)):
        return _slice(cx, x, starts, ends, axes, steps)
    return _slice_runtime(cx, x, starts_v, ends_v, axes_v, steps_v, axes)


def _slice_runtime(cx, x, starts_v, ends_v, axes_v, steps_v, axes):
    """Slice with bounds computed at run time: every dimension a named axis may pick gets its
    bounds selected at run time (defaults: the whole dimension)."""
    rank = cx.rank(x)
    present = None
    if cx.info(starts_v).shape == [None] or cx.info(starts_v).shape == (None,):
        # bounds of a length known only at run time (sliced out of a run-time vector, as the dynamo
        # exporter's EmbeddingBag does): as many as the axes, else at most one per dimension, entry
        # k present when k < the length (a dimension without one is kept whole)
        if axes is not None or axes_v is not None and cx.info(axes_v).shape[0] is not None:
            m = len(axes) if axes is not None else cx.info(axes_v).shape[0]
        else:
            m = rank
            length = cx.dim(starts_v, 0)
            present = [_cmp(cx, cx.const(k, I64), length, "LT") for k in range(m)]
        starts, ends = _entries_clamped(cx, starts_v, m), _entries_clamped(cx, ends_v, m)
        steps = _entries_clamped(cx, steps_v, m) if steps_v is not None else [cx.const(1, I64)] * m
    else:
        m = _vector_length(cx, starts_v)
        starts = _sizes_from_vector(cx, starts_v, m)
        ends = _sizes_from_vector(cx, ends_v, m)
        steps = _sizes_from_vector(cx, steps_v, m) if steps_v is not None else [cx.const(1, I64)] * m
    out = cx.out_shape()
    if axes is not None:
        axis_of = [[_axis(cx, a, rank)] for a in axes]
    elif axes_v is None:
        axis_of = [[k] for k in range(m)]
    else:
        axis_of = [list(range(rank))] * m       # any dimension: matched at run time
    axis_values = _sizes_from_vector(cx, axes_v, m) if (axes is None and axes_v is not None) else None
    for d in range(rank):
        picks = [k for k in range(m) if d in axis_of[k]]
        if not picks:
            continue
        s, e, st = cx.const(0, I64), _sint(cx, cx.dim(x, d)), cx.const(1, I64)
        for k in picks:
            if axis_values is not None:
                a = axis_values[k]
                a = _where(cx, _cmp(cx, a, cx.const(0, I64), "LT"), cx.op("add", a, cx.const(rank, I64)), a)
                hit = _cmp(cx, a, cx.const(d, I64), "EQ")
                s, e, st = (_where(cx, hit, starts[k], s), _where(cx, hit, ends[k], e), _where(cx, hit, steps[k], st))
            elif present is not None:
                s, e, st = (_where(cx, present[k], starts[k], s), _where(cx, present[k], ends[k], e),
                            _where(cx, present[k], steps[k], st))
            else:
                s, e, st = starts[k], ends[k], steps[k]
        count = out[d] if out is not None and out[d] is not None else None
        x = _slice_axis_dynamic(cx, x, d, s, e, st, count)
    return x


def _entries_clamped(cx, v, n: int):
    """Entries 0..n-1 of a 1-D run-time vector whose length is a run-time size, as rank-0 i64
    values; an index past the end reads the last entry (the caller ignores those)."""
    v = _i64(cx, v)
    last = cx.op("subtract", cx.dim(v, 0), cx.const(1, I64))
    return [cx.reshape(cx.op("dynamic_slice", v, [cx.op("minimum", cx.const(k, I64), last)], slice_sizes=[1]), [])
            for k in range(n)]


# ----------------------------------------------------------------------------- Gather*

@converts("Gather", since=1)
def gather_node(cx, x, indices, axis=0):
    axis_ = _axis(cx, axis, cx.rank(x))
    check_indices(cx, _i64(cx, indices), cx.dim(x, axis_), axis_, cx.known(1))
    return gather(cx, x, indices, axis)


def gather(cx, x, indices, axis=0):
    """x indexed along `axis`, negative indices counted from the end (a clamped gather: converters
    whose indices are in range by construction use it unchecked)."""
    rank = cx.rank(x)
    axis = _axis(cx, axis, rank)
    idx = _wrap(cx, _i64(cx, indices), cx.dim(x, axis))
    return _take(cx, x, axis, idx)


def _coords(cx, idx, axis, rank):
    """[*idx.shape, rank] coordinates: idx along `axis`, the element's own position elsewhere."""
    sizes = cx.sizes_of(idx)
    parts = [idx if d == axis else _iota(cx, sizes, d) for d in range(rank)]
    return cx.op("concatenate", [cx.reshape(p, sizes + [1]) for p in parts], dimension=len(sizes))


def _points_dnums(rank, index_rank):
    return {"offset_dims": [], "collapsed_slice_dims": list(range(rank)), "start_index_map": list(range(rank)),
            "index_vector_dim": index_rank - 1, "operand_batching_dims": [], "start_indices_batching_dims": []}


@converts("GatherElements", since=11)
def gather_elements(cx, x, indices, axis=0):
    rank = cx.rank(x)
    axis = _axis(cx, axis, rank)
    check_indices(cx, _i64(cx, indices), cx.dim(x, axis), axis, cx.known(1))
    idx = _wrap(cx, _i64(cx, indices), cx.dim(x, axis))
    coords = _coords(cx, idx, axis, rank)
    return cx.op("gather", x, coords, dimension_numbers=_points_dnums(rank, cx.rank(coords)), slice_sizes=[1] * rank)


def _wrap_vectors(cx, idx, x, first: int):
    """Index vectors (last dimension of idx, k entries) into x's dimensions first.. first+k-1,
    negative entries counted from the end of each."""
    k = cx.info(idx).shape[-1]
    sizes = cx.sizes_of(idx)
    dims = [cx.dim(x, first + j) for j in range(k)]
    n = cx.broadcast(cx.shape_tensor(dims), sizes, [len(sizes) - 1])
    return _where(cx, _cmp(cx, idx, cx.const(0, I64, sizes), "LT"), cx.op("add", idx, n), idx)


@converts("GatherND", since=11)
def gather_nd(cx, x, indices, batch_dims=0):
    rank, r = cx.rank(x), cx.rank(indices)
    b = batch_dims
    k = cx.info(indices).shape[-1]
    if k is None:
        raise cx.error("the index vector length (last dimension of indices) must be static")
    check_index_vectors(cx, _i64(cx, indices), [cx.dim(x, b + j) for j in range(k)], b, cx.known(1))
    idx = _wrap_vectors(cx, _i64(cx, indices), x, b)
    sizes = cx.sizes_of(x)
    slice_sizes = [1] * (b + k) + sizes[b + k:]
    batch_rank = r - 1
    dn = {"offset_dims": list(range(batch_rank, batch_rank + rank - b - k)),
          "collapsed_slice_dims": list(range(b, b + k)), "start_index_map": list(range(b, b + k)),
          "index_vector_dim": r - 1, "operand_batching_dims": list(range(b)),
          "start_indices_batching_dims": list(range(b))}
    if _all_int(slice_sizes):
        return cx.op("gather", x, idx, dimension_numbers=dn, slice_sizes=slice_sizes)
    # slices with `?` sizes (x's trailing sizes are run-time values; an ImportError before): the
    # sizes as an operand, the result type given (inference cannot read them out of it)
    out = list(cx.info(idx).shape[:-1]) + list(cx.info(x).shape[b + k:])
    return cx.op("dynamic_gather", x, idx, cx.shape_tensor(slice_sizes), dimension_numbers=dn,
                 result_types=[tensor_type(out, cx.element(x))])


# ----------------------------------------------------------------------------- Scatter*

def _combiner(cx, reduction, element):
    boolean = element == "i1"
    table = {"none": None, "add": "or" if boolean else "add", "mul": "and" if boolean else "multiply",
             "max": "or" if boolean else "maximum", "min": "and" if boolean else "minimum"}
    if reduction not in table:
        raise cx.error(f"unknown reduction {reduction!r}")
    return table[reduction]


def _scatter(cx, x, indices, updates, dnums, combine):
    from mlir import ir
    element = cx.element(x)
    updates = cx.convert(updates, element)
    dn = {"input_batching_dims": [], "scatter_indices_batching_dims": [], **dnums}
    op = cx.region_op("scatter", [x], indices, [updates], scatter_dimension_numbers=dn, result_types=[x.type])
    scalar = ir.Type.parse(str(tensor_type((), element)))
    block = op.regions[0].blocks.append(scalar, scalar)
    with ir.InsertionPoint(block):
        a, b = block.arguments
        cx.op("return", [b if combine is None else cx.op(combine, a, b)], result_types=[])
    return op.results[0]


def _scatter_elements(cx, x, indices, updates, axis, reduction):
    rank = cx.rank(x)
    axis = _axis(cx, axis, rank)
    check_indices(cx, _i64(cx, indices), cx.dim(x, axis), axis, cx.known(1))
    idx = _wrap(cx, _i64(cx, indices), cx.dim(x, axis))
    coords = _coords(cx, idx, axis, rank)
    dn = {"update_window_dims": [], "inserted_window_dims": list(range(rank)),
          "scatter_dims_to_operand_dims": list(range(rank)), "index_vector_dim": cx.rank(coords) - 1}
    return _scatter(cx, x, coords, updates, dn, _combiner(cx, reduction, cx.element(x)))


@converts("Scatter", since=9)
def scatter_9(cx, x, indices, updates, axis=0):
    return _scatter_elements(cx, x, indices, updates, axis, "none")


@converts("ScatterElements", since=11)
def scatter_elements(cx, x, indices, updates, axis=0, reduction="none"):
    return _scatter_elements(cx, x, indices, updates, axis, reduction)


@converts("ScatterND", since=11)
def scatter_nd(cx, x, indices, updates, reduction="none"):
    rank, r = cx.rank(x), cx.rank(indices)
    k = cx.info(indices).shape[-1]
    if k is None:
        raise cx.error("the index vector length (last dimension of indices) must be static")
    check_index_vectors(cx, _i64(cx, indices), [cx.dim(x, j) for j in range(k)], 0, cx.known(1))
    idx = _wrap_vectors(cx, _i64(cx, indices), x, 0)
    dn = {"update_window_dims": list(range(r - 1, r - 1 + rank - k)), "inserted_window_dims": list(range(k)),
          "scatter_dims_to_operand_dims": list(range(k)), "index_vector_dim": r - 1}
    return _scatter(cx, x, idx, updates, dn, _combiner(cx, reduction, cx.element(x)))


# ----------------------------------------------------------------------------- Pad

def _per_dim(cx, rank, axes, axes_v, vectors, defaults):
    """Per-dimension run-time values from vectors indexed like `axes` (known ints, or the
    run-time axes_v matched at run time; None: 0..m-1); `defaults` where no axis names a dim."""
    m = len(vectors[0])
    if axes is None and axes_v is None:
        axes = list(range(m))
    out = [[_sint(cx, dflt) for dflt in defaults] for _ in range(rank)]
    if axes is not None:
        for k, a in enumerate(axes):
            d = _axis(cx, a, rank)
            for j, vec in enumerate(vectors):
                out[d][j] = vec[k]
        return out
    axis_values = _sizes_from_vector(cx, axes_v, m)
    for k, a in enumerate(axis_values):
        a = _where(cx, _cmp(cx, a, cx.const(0, I64), "LT"), cx.op("add", a, cx.const(rank, I64)), a)
        for d in range(rank):
            hit = _cmp(cx, a, cx.const(d, I64), "EQ")
            for j, vec in enumerate(vectors):
                out[d][j] = _where(cx, hit, vec[k], out[d][j])
    return out


def _pad(cx, x, lows, highs, mode, value):
    """Pads per dimension (lists of ints, or rank-0 values when computed at run time)."""
    element = cx.element(x)
    if mode == "constant":
        pv = cx.tensor(value, element) if value is not None else cx.const(0, element)
        if _all_int(lows) and _all_int(highs):
            if not any(lows) and not any(highs):
                return x
            return cx.op("pad", x, pv, edge_padding_low=lows, edge_padding_high=highs,
                         interior_padding=[0] * len(lows))
        t = cx.out_type()
        sizes = cx.sizes_of(x)
        result = t if t is not None else tensor_type(
            [s + lo + hi if isinstance(s, int) and isinstance(lo, int) and isinstance(hi, int) else None
             for s, lo, hi in zip(sizes, lows, highs)], element)
        return cx.op("dynamic_pad", x, pv, cx.shape_tensor(lows), cx.shape_tensor(highs),
                     cx.shape_tensor([0] * len(lows)), result_types=[result])
    if mode not in ("reflect", "edge", "wrap"):
        raise cx.error(f"unknown pad mode {mode!r}")
    out = cx.out_shape()
    for d, (lo, hi) in enumerate(zip(lows, highs)):
        if isinstance(lo, int) and isinstance(hi, int) and lo == 0 and hi == 0:
            continue
        n = cx.info(x).shape[d]
        if n == 0:
            raise cx.error(f"{mode} padding of an empty dimension")
        if all(isinstance(v, int) for v in (n, lo, hi)):
            src = _pad_source(mode, n, lo, hi)
            idx = cx.const(src, I64, src.shape)
        else:
            count = out[d] if out is not None and out[d] is not None else None
            idx = _pad_source_dynamic(cx, mode, _sint(cx, cx.dim(x, d)), _sint(cx, lo), _sint(cx, hi), count)
        x = _take(cx, x, d, idx)
    return x


def _pad_source(mode, n, lo, hi):
    """For each result position along a padded dimension, the source position. Negative pads
    crop first, and the rest pads the cropped dimension (as onnxruntime does)."""
    first = max(-lo, 0)
    n = n - first - max(-hi, 0)
    lo, hi = max(lo, 0), max(hi, 0)
    s = np.arange(n + lo + hi, dtype=np.int64) - lo
    if mode == "edge":
        m = np.clip(s, 0, n - 1)
    elif mode == "wrap":
        m = np.mod(s, n)
    else:
        period = max(2 * (n - 1), 1)
        m = np.mod(s, period)
        m = np.minimum(np.where(m < n, m, period - m), n - 1)
    return m + first


def _pad_source_dynamic(cx, mode, n, lo, hi, count):
    """_pad_source with run-time sizes and pads (rank-0 values)."""
    one, zero0 = cx.const(1, I64), cx.const(0, I64)
    if count is None:
        count = cx.op("add", cx.op("add", n, lo), hi)
    first = cx.op("maximum", cx.op("negate", lo), zero0)
    n = cx.op("subtract", cx.op("subtract", n, first), cx.op("maximum", cx.op("negate", hi), zero0))
    lo = cx.op("maximum", lo, zero0)
    sizes = [count]
    shift = cx.broadcast(first, sizes)
    s = cx.op("subtract", _iota(cx, sizes, 0), cx.broadcast(lo, sizes))
    nb = cx.broadcast(n, sizes)
    zero = cx.const(0, I64, sizes)

    def mod(a, p):
        r = cx.op("remainder", a, p)
        return _where(cx, _cmp(cx, r, zero, "LT"), cx.op("add", r, p), r)
    if mode == "edge":
        return cx.op("add", cx.op("clamp", cx.const(0, I64), s, cx.op("subtract", n, one)), shift)
    if mode == "wrap":
        return cx.op("add", mod(s, nb), shift)
    period = cx.op("maximum", cx.op("multiply", cx.const(2, I64), cx.op("subtract", n, one)), one)
    pb = cx.broadcast(period, sizes)
    m = mod(s, pb)
    r = _where(cx, _cmp(cx, m, nb, "LT"), m, cx.op("subtract", pb, m))
    return cx.op("add", cx.op("minimum", r, cx.op("subtract", nb, cx.const(1, I64, sizes))), shift)


@converts("Pad", since=2)
def pad_2(cx, x, mode="constant", pads=None, value=0.0):
    rank = cx.rank(x)
    pads = list(pads)
    return _pad(cx, x, pads[:rank], pads[rank:], mode, value)


@converts("Pad", since=11)
def pad_11(cx, x, pads_v, value_v=None, axes_v=None, mode="constant"):
    rank = cx.rank(x)
    pads = _known_ints(cx, 1)
    axes = _known_ints(cx, 3) if _given(cx, 3) else None
    value = _scalar(cx, value_v) if value_v is not None else None
    if value is not None and cx.info(value_v).shape and 0 in cx.info(value_v).shape:
        value = None            # an empty constant_value: the default 0
    if pads is not None and (axes is not None or not _given(cx, 3)):
        m = len(pads) // 2
        vecs = [pads[:m], pads[m:]]
        axes = list(range(m)) if axes is None else axes
        lows, highs = [0] * rank, [0] * rank
        for k, a in enumerate(axes):
            d = _axis(cx, a, rank)
            lows[d], highs[d] = vecs[0][k], vecs[1][k]
        return _pad(cx, x, lows, highs, mode, value)
    m2 = _vector_length(cx, pads_v)
    entries = [cx.const(p, I64) for p in pads] if pads is not None else _sizes_from_vector(cx, pads_v, m2)
    m = m2 // 2
    per = _per_dim(cx, rank, axes, axes_v if axes is None else None, [entries[:m], entries[m:]], [0, 0])
    return _pad(cx, x, [p[0] for p in per], [p[1] for p in per], mode, value)


@converts("CenterCropPad", since=18)
def center_crop_pad(cx, x, shape_v, axes=None):
    """x cropped / padded with zeros to the target sizes, centred: the low side gets
    trunc((target - n) / 2) (a crop's extra element comes off the high side, a pad's goes there).
    Sizes and targets may be run-time values (the pads are then computed in the program)."""
    rank = cx.rank(x)
    target = _known_ints(cx, 1)
    axes = list(range(rank)) if axes is None else [_axis(cx, a, rank) for a in axes]
    if target is None:
        out = cx.out_shape()
        declared = [out[a] for a in axes] if out is not None and len(out) == rank else [None] * len(axes)
        read = _sizes_from_vector(cx, shape_v, len(axes)) if None in declared else declared
        target = [d if d is not None else v for d, v in zip(declared, read)]
    lows, highs = [0] * rank, [0] * rank
    for a, want in zip(axes, target):
        n = cx.dim(x, a)
        if isinstance(n, int) and isinstance(want, int):
            lo = -((n - want) // 2) if want < n else (want - n) // 2
            lows[a], highs[a] = lo, want - n - lo
            continue
        diff = cx.op("subtract", _sint(cx, want), _sint(cx, n))
        lo = cx.op("divide", diff, cx.const(2, I64))            # truncates toward zero, as the rule does
        lows[a], highs[a] = lo, cx.op("subtract", diff, lo)
    return _pad(cx, x, lows, highs, "constant", None)


# ----------------------------------------------------------------------------- Tile, Expand, ConstantOfShape

def _repeat_sizes(cx, x, i):
    """Tile's repeats: known, derived from the output sizes, or run-time values."""
    k = _known_ints(cx, i)
    if k is not None:
        return k
    out = _out_sizes(cx)
    sizes = cx.info(x).shape
    if out is not None and all(s is not None for s in sizes):
        return [o // s if s else 1 for o, s in zip(out, sizes)]
    return _sizes_from_vector(cx, cx.importer.value(cx.node.input[i]), len(sizes))


@converts("Tile", since=6)
def tile(cx, x, repeats_v):
    reps = _repeat_sizes(cx, x, 1)
    sizes = cx.sizes_of(x)
    if len(reps) != len(sizes):
        raise cx.error(f"{len(reps)} repeats for a tensor of rank {len(sizes)}")
    if _all_int(reps) and all(r == 1 for r in reps):
        return x
    wide = []
    for r, s in zip(reps, sizes):
        wide += [r, s]
    b = cx.broadcast(x, wide, list(range(1, 2 * len(sizes), 2)))
    return _reshape_to(cx, b, [_smul(cx, r, s) for r, s in zip(reps, sizes)])


@converts("Expand", since=8)
def expand(cx, x, shape_v):
    target = _known_ints(cx, 1)
    sizes = cx.sizes_of(x)
    if target is None:
        out = _out_sizes(cx)
        if out is not None:
            check_broadcast(cx, [sizes], out, "Expand's input shape and the result's")
            return cx.broadcast(x, out)
        target = _shape_entries(cx, shape_v, _vector_length(cx, shape_v))
    rank = max(len(target), len(sizes))
    a = [1] * (rank - len(sizes)) + sizes
    b = [1] * (rank - len(target)) + list(target)
    out = []
    for p, q in zip(a, b):
        if isinstance(q, int):
            out.append(p if q == 1 else q)
        elif isinstance(p, int) and p == 1:
            out.append(q)
        else:                   # q is 1 (keep p) or equal to p
            out.append(_where(cx, _cmp(cx, q, cx.const(1, I64), "EQ"), _sint(cx, p), q))
    check_broadcast(cx, [sizes, list(target)], out, "Expand's input shape and shape input")
    return cx.broadcast(x, out)


def _fill_value(value):
    if value is None:
        return np.float32(0), "f32"
    arr = np.asarray(value).reshape(-1)
    from ....literals import element_of_dtype
    return arr[0], element_of_dtype(arr.dtype)


@converts("ConstantOfShape", since=9)
def constant_of_shape(cx, shape_v, value=None):
    fill, element = _fill_value(value)
    element = cx.out_element() or element
    target = _known_ints(cx, 0)
    if target is None:
        target = _out_sizes(cx)
    if target is not None:
        return cx.const(fill, element, target)
    n = _vector_length(cx, shape_v)
    return cx.op("dynamic_broadcast_in_dim", cx.const(fill, element), _i64(cx, shape_v), broadcast_dimensions=[],
                 result_types=[tensor_type([None] * n, element)])


# ----------------------------------------------------------------------------- Range, EyeLike, OneHot, Trilu

@converts("Range", since=11)
def range_(cx, start, limit, delta):
    element = cx.element(start)
    start, limit, delta = (_scalar(cx, v) for v in (start, limit, delta))
    out = _out_sizes(cx)
    if out is not None:
        count = out[0]
    elif dtypes.is_float(element):
        # the difference in the element type, the quotient in f64 (as onnxruntime and onnx's
        # reference: f32 would round -3.5 / -0.7f = 5.00000009 to 5 and lose an element)
        q = cx.op("ceil", cx.op("divide", cx.convert(cx.op("subtract", limit, start), "f64"),
                                 cx.convert(delta, "f64")))
        count = cx.op("maximum", _i64(cx, q), cx.const(0, I64))
    else:
        l64, s64, d64 = _i64(cx, limit), _i64(cx, start), _i64(cx, delta)
        one, zero = cx.const(1, I64), cx.const(0, I64)
        bias = _where(cx, _cmp(cx, d64, zero, "GT"), cx.op("subtract", d64, one), cx.op("add", d64, one))
        count = cx.op("maximum", cx.op("divide", cx.op("add", cx.op("subtract", l64, s64), bias), d64), zero)
    steps = _iota(cx, [count], 0, element)
    return cx.op("add", cx.broadcast(start, [count]), cx.op("multiply", steps, cx.broadcast(delta, [count])))


def _diagonal_offset(cx, sizes):
    """col - row over the last two dimensions of `sizes` (i64)."""
    r = len(sizes)
    return cx.op("subtract", _iota(cx, sizes, r - 1), _iota(cx, sizes, r - 2))


@converts("EyeLike", since=9)
def eye_like(cx, x, dtype=None, k=0):
    element = dtypes.element(dtype) if dtype is not None else cx.element(x)
    sizes = cx.sizes_of(x)
    if len(sizes) != 2:
        raise cx.error("EyeLike takes a 2-D tensor")
    diag = _cmp(cx, _diagonal_offset(cx, sizes), cx.const(k, I64, sizes), "EQ")
    if element == "i1":
        return diag
    return _where(cx, diag, cx.const(1, element, sizes), cx.const(0, element, sizes))


@converts("Trilu", since=14)
def trilu(cx, x, k_v=None, upper=1):
    sizes = cx.sizes_of(x)
    if len(sizes) < 2:
        raise cx.error("Trilu takes a tensor of rank 2 or more")
    k = cx.broadcast(_i64(cx, _scalar(cx, k_v)), sizes) if k_v is not None else cx.const(0, I64, sizes)
    keep = _cmp(cx, _diagonal_offset(cx, sizes), k, "GE" if upper else "LE")
    return _where(cx, keep, x, cx.const(0, cx.element(x), sizes))


@converts("OneHot", since=9)
def one_hot(cx, indices, depth_v, values, axis=-1):
    element = cx.element(values)
    sizes = cx.sizes_of(indices)
    rank = len(sizes) + 1
    axis = _axis(cx, axis, rank)
    depth = _known_ints(cx, 1)
    if depth is not None:
        depth = int(np.asarray(cx.known(1)).reshape(-1)[0])
    else:
        out = cx.out_shape()
        depth = out[axis] if out is not None and out[axis] is not None else None
    d = cx.convert(_scalar(cx, depth_v), "f64") if depth is None else None
    depth_value = _i64(cx, d) if d is not None else cx.const(depth, I64)
    count = depth if depth is not None else depth_value
    out_sizes = sizes[:axis] + [count] + sizes[axis:]
    idx = _i64(cx, indices)           # float indices truncate, as ONNX casts them to int64
    idx = _wrap(cx, idx, depth_value)
    idx = cx.broadcast(idx, out_sizes, [dd for dd in range(rank) if dd != axis])
    hot = _cmp(cx, _iota(cx, out_sizes, axis), idx, "EQ")
    off = cx.broadcast(_scalar(cx, cx.op("slice", values, start_indices=[0], limit_indices=[1], strides=[1])),
                       out_sizes)
    on = cx.broadcast(_scalar(cx, cx.op("slice", values, start_indices=[1], limit_indices=[2], strides=[1])),
                      out_sizes)
    return _where(cx, hot, on, off)


# ----------------------------------------------------------------------------- DepthToSpace, SpaceToDepth

def _sdiv(cx, a, b: int):
    return a // b if isinstance(a, int) else cx.op("divide", _sint(cx, a), cx.const(b, I64))


@converts("DepthToSpace", since=1)
def depth_to_space(cx, x, blocksize=None, mode="DCR"):
    if cx.rank(x) != 4:
        raise cx.error("DepthToSpace takes a 4-D (N, C, H, W) tensor")
    b = blocksize
    n, c, h, w = cx.sizes_of(x)
    c2 = _sdiv(cx, c, b * b)
    if mode == "DCR":
        t = cx.op("transpose", cx.reshape(x, [n, b, b, c2, h, w]), permutation=[0, 3, 4, 1, 5, 2])
    elif mode == "CRD":
        t = cx.op("transpose", cx.reshape(x, [n, c2, b, b, h, w]), permutation=[0, 1, 4, 2, 5, 3])
    else:
        raise cx.error(f"unknown mode {mode!r}")
    return cx.reshape(t, [n, c2, _smul(cx, h, b), _smul(cx, w, b)])


@converts("SpaceToDepth", since=1)
def space_to_depth(cx, x, blocksize=None, mode="DCR"):
    if cx.rank(x) != 4:
        raise cx.error("SpaceToDepth takes a 4-D (N, C, H, W) tensor")
    b = blocksize
    n, c, h, w = cx.sizes_of(x)
    h2, w2 = _sdiv(cx, h, b), _sdiv(cx, w, b)
    if mode not in ("DCR", "CRD"):
        raise cx.error(f"unknown mode {mode!r}")
    perm = [0, 3, 5, 1, 2, 4] if mode == "DCR" else [0, 1, 3, 5, 2, 4]      # mode: opset 28
    t = cx.op("transpose", cx.reshape(x, [n, c, h2, b, w2, b]), permutation=perm)
    return cx.reshape(t, [n, _smul(cx, c, b * b), h2, w2])


# ----------------------------------------------------------------------------- ReverseSequence

@converts("ReverseSequence", since=10)
def reverse_sequence(cx, x, lens, batch_axis=1, time_axis=0):
    rank = cx.rank(x)
    batch_axis, time_axis = _axis(cx, batch_axis, rank), _axis(cx, time_axis, rank)
    sizes = cx.sizes_of(x)
    t = _iota(cx, sizes, time_axis)
    n = cx.broadcast(_i64(cx, lens), sizes, [batch_axis])
    # positions before each sequence's length run backwards; the rest stay in place
    src = _where(cx, _cmp(cx, t, n, "LT"), cx.op("subtract", cx.op("subtract", n, cx.const(1, I64, sizes)), t), t)
    coords = _coords(cx, src, time_axis, rank)
    return cx.op("gather", x, coords, dimension_numbers=_points_dnums(rank, cx.rank(coords)), slice_sizes=[1] * rank)


# ----------------------------------------------------------------------------- data-dependent sizes

def _fold_here(cx, what):
    """Outputs whose size depends on the data: computed at import time when every input is known
    (the importer folds small ones before converters run; this catches large ones)."""
    from ..importer import _evaluate
    known = [cx.known(i) if _given(cx, i) else None for i in range(len(cx.node.input))]
    if any(k is None and _given(cx, i) for i, k in enumerate(known)):
        raise cx.error(f"{what} depends on values computed at run time; its result size is not static "
                       "(shlo tensors need the size when the program is built)")
    results = _evaluate(cx.node, known, cx.opset)
    outs = []
    for k, r in enumerate(results):
        r = np.asarray(r)
        outs.append(cx.const(r, cx.out_element(k) or _element_of(r), r.shape))
    return outs


def _element_of(arr):
    from ....literals import element_of_dtype
    return element_of_dtype(arr.dtype)


@converts("NonZero", since=9)
def nonzero(cx, x):
    if cx.known(0) is not None:
        return _fold_here(cx, "NonZero's result size")[0]
    # run-time values: (rank, count) coordinates, count a run-time size (the number of true entries)
    if not cx.info(x).shape:
        raise cx.error("NonZero of run-time values needs a shape of rank >= 1")
    sizes = cx.sizes_of(x)          # ints, or run-time sizes (the products below then are too)

    def product(ss):
        out = 1
        for v in ss:
            out = out * v if isinstance(out, int) and isinstance(v, int) else cx.op(
                "multiply", cx.size_value(out), cx.size_value(v))
        return out
    n = product(sizes)
    flat = cx.reshape(x, [n])
    ne = flat if cx.element(x) == "i1" else _cmp(cx, flat, cx.const(0, cx.element(x), [n]), "NE")
    count = count_true(cx, ne)
    picked = _take(cx, trues_first(cx, ne, _iota(cx, [n], 0)), 0, _iota(cx, [count], 0))          # (count,) flat positions
    r = len(sizes)
    strides = [product(sizes[d + 1:]) for d in range(r)]
    flat_idx = cx.broadcast(picked, [r, count], dims=[1])
    per_dim = lambda v: cx.broadcast(cx.shape_tensor(v), [r, count], dims=[0])  # noqa: E731
    return cx.op("remainder", cx.op("divide", flat_idx, per_dim(strides)), per_dim(sizes))


@converts("Unique", since=11)
def unique(cx, x, axis=None, sorted=1):
    if cx.known(0) is not None:
        return _fold_here(cx, "Unique's result size")
    return _unique_run_time(cx, x, axis, sorted)


def _unique_run_time(cx, x, axis, sorted_):
    """Unique of run-time values, K (the number of distinct rows) a run-time size. The rows (the
    slices along axis, or the elements) are sorted lexicographically (stable, so the first of
    equal rows is the first occurrence); a row differing from the one before starts a group.
    Per group: its row, the first occurrence, the size; with sorted=0 the groups are put in the
    order of their first occurrences. The (m,) working arrays hold the K groups first. The row
    count m may be a run-time size (an input with `?` sizes); the row width must be static."""
    from .reductions import _cumsum
    shape = cx.info(x).shape
    if not shape:
        raise cx.error("Unique of run-time values needs a shape of rank >= 1")
    sizes = cx.sizes_of(x)
    if axis is None:
        m, w, moved = _prod(cx, sizes), 1, None
        rows = cx.reshape(x, [m, 1])
    else:
        axis = _axis(cx, axis, len(sizes))
        perm = [axis] + [d for d in range(len(sizes)) if d != axis]
        moved = [sizes[d] for d in perm]
        if not _all_int(moved[1:]):
            raise cx.error(f"Unique of run-time values along an axis needs static sizes off the axis (got {shape})")
        m, w = moved[0], int(np.prod(moved[1:]))
        rows = cx.reshape(cx.op("transpose", x, permutation=perm), [m, w])
    if w > 64:
        raise cx.error(f"Unique of run-time values along an axis compares rows of at most 64 elements (got {w})")
    lane = _iota(cx, [m], 0)
    ones = cx.const(1, I64, [m])
    cols = [_take(cx, rows, 1, cx.const(j, I64)) for j in range(w)]
    *_, order = stable_sort(cx, cols, [lane])                           # original row of each sorted row
    srt = _take(cx, rows, 0, order)                                     # (m, w) sorted rows
    prev = _take(cx, srt, 0, cx.op("maximum", cx.op("subtract", lane, ones), cx.const(0, I64, [m])))
    differs = reduce1(cx, _cmp(cx, srt, prev, "NE"), [1], "or", False)
    first = cx.op("or", differs, _cmp(cx, lane, cx.const(0, I64, [m]), "EQ"))     # (m,) starts a group
    group = cx.op("subtract", _cumsum(cx, _i64(cx, first), 0, 0, 0), ones)          # group of sorted row i
    k = count_true(cx, first)
    starts = trues_first(cx, first, lane)           # sorted positions of the groups' first rows, then the rest
    real = _cmp(cx, lane, cx.broadcast(k, [m], dims=[]), "LT")        # lanes 0 .. K-1 hold groups
    m_v = cx.broadcast(_sint(cx, m), [m], dims=[])
    following = _take(cx, starts, 0, cx.op("minimum", cx.op("add", lane, ones), cx.op("subtract", m_v, ones)))
    last = _cmp(cx, lane, cx.broadcast(cx.op("subtract", k, cx.const(1, I64)), [m], dims=[]), "LT")
    ends = _where(cx, last, following, m_v)         # (the last group ends at m)
    counts = cx.op("subtract", ends, starts)
    firsts = _take(cx, order, 0, starts)            # each group's first occurrence (an original row)
    if sorted_:
        lanes = lane                                # the groups' order: ascending rows
    else:                                           # by first occurrence; lanes past K stay behind
        key = _where(cx, real, firsts, cx.op("add", lane, m_v))
        _, lanes = stable_sort(cx, [key], [lane])
    # group g's output position: where lanes holds g
    _, rank_of = stable_sort(cx, [lanes], [lane])
    inverse_sorted = _take(cx, rank_of, 0, group)                       # per sorted row
    _, inverse = stable_sort(cx, [order], [inverse_sorted])            # back to the original rows
    cut = _iota(cx, [k], 0)
    pick = _take(cx, lanes, 0, cut)                                     # (K,) group per output position
    y_rows = _take(cx, _take(cx, srt, 0, starts), 0, pick)              # (K, w)
    if moved is None:
        y = cx.reshape(y_rows, [k])
    else:
        back = [0] * len(sizes)
        for i, d in enumerate(perm):
            back[d] = i
        y = cx.op("transpose", cx.reshape(y_rows, [k] + moved[1:]), permutation=back)
    return [y, _take(cx, firsts, 0, pick), inverse, _take(cx, counts, 0, pick)]


@converts("Compress", since=9)
def compress(cx, x, condition, axis=None):
    if axis is None:
        x = cx.reshape(x, [_prod(cx, cx.sizes_of(x))])
        axis = 0
    axis = _axis(cx, axis, cx.rank(x))
    n = cx.info(x).shape[axis]
    cond = cx.known(1)
    if cond is None:
        return _take(cx, x, axis, _selected_positions(cx, condition, axis))
    picked = np.nonzero(np.asarray(cond).reshape(-1).astype(bool))[0].astype(np.int64)
    if n is not None and picked.size and picked[-1] >= n:
        raise cx.error(f"the condition selects index {picked[-1]} of a dimension of size {n}")
    return _take(cx, x, axis, cx.const(picked, I64, picked.shape))


def _selected_positions(cx, condition, axis):
    """The positions of the true entries of a run-time condition, in order (a stable sort by not
    cond puts them first); as many as the declared output size along the axis where shape
    inference gives one, else the number of true entries (a run-time size, as for NonZero)."""
    out = cx.out_shape()
    count = out[axis] if out is not None and len(out) > axis else None
    if cx.rank(condition) != 1:
        raise cx.error("a run-time condition must be a rank-1 tensor")
    flags = cx.convert(condition, "i1")
    m = cx.dim(flags, 0)
    if count is None:
        count = count_true(cx, flags)
    elif isinstance(m, int) and count > m:
        raise cx.error(f"the output size {count} exceeds the condition's length {m}")
    picked = trues_first(cx, flags, _iota(cx, [m], 0))
    if isinstance(count, int) and isinstance(m, int):
        return cx.op("slice", picked, start_indices=[0], limit_indices=[count], strides=[1])
    return _take(cx, picked, 0, _iota(cx, [count], 0))


# ----------------------------------------------------------------------------- Col2Im

@converts("Col2Im", since=18)
def col2im(cx, x, image_shape_v, block_shape_v, dilations=None, pads=None, strides=None):
    """Sums each column (kernel offset, block position) into its image position: a scatter-add
    into the padded image flattened per (N, C), then the pads cut off."""
    image = _known_ints(cx, 1)
    out = cx.out_shape(0)
    if image is None and out is not None and _all_int(out[2:]):
        image = list(out[2:])
    elif image is None:         # the image sizes known at run time only
        image = _run_time_image(cx, image_shape_v)
    nd = len(image)
    dilations = list(dilations or [1] * nd)
    strides = list(strides or [1] * nd)
    pads = list(pads or [0] * (2 * nd))
    n, ck, length = cx.sizes_of(x)
    block = _known_ints(cx, 2)
    if not isinstance(length, int) and block is not None and _all_int(image):   # (a run-time batch is fine)
        length = _block_count(cx, length, image, block, pads, strides, dilations)
    c_out = out[1] if out is not None and isinstance(out[1], int) else None
    scalars = None
    if block is not None and not _all_int(image):   # (positions computed at run time, from these)
        scalars = [cx.const(b, I64) for b in block]
    if block is not None:
        k = int(np.prod(block))
    elif c_out is not None and isinstance(ck, int):
        k = ck // c_out
        scalars = _sizes_from_vector(cx, block_shape_v, nd)
    else:                   # the block size is block_shape's product, known at run time only
        scalars = _sizes_from_vector(cx, block_shape_v, nd)
        c, k = _channels_of_run_time_blocks(cx, ck, scalars, c_out)
    if not isinstance(k, int):
        pass            # (c and k both run-time values, checked above)
    elif isinstance(ck, int):
        if ck % k:
            raise cx.error(f"input channels {ck} are not a multiple of the block size {k}")
        c = ck // k
    else:
        c = _channels_of_blocks(cx, ck, k)
    padded = [_sadd(cx, image[d], pads[d] + pads[nd + d]) for d in range(nd)]
    flat = _col2im_positions(cx, block if scalars is None else None, scalars, nd, k, length, padded, strides,
                             dilations)
    total = _prod(cx, padded)
    updates = cx.reshape(x, [n, c, _smul(cx, k, length)])
    base = cx.const(0, cx.element(x), [n, c, total])
    dn = {"update_window_dims": [0, 1], "inserted_window_dims": [2], "scatter_dims_to_operand_dims": [2],
          "index_vector_dim": 1}
    summed = _scatter(cx, base, cx.reshape(flat, [_smul(cx, k, length), 1]), updates, dn, "add")
    img = cx.reshape(summed, [n, c] + padded)
    if isinstance(n, int) and isinstance(c, int) and _all_int(image):
        return cx.op("slice", img, start_indices=[0, 0] + pads[:nd],
                     limit_indices=[n, c] + [padded[d] - pads[nd + d] for d in range(nd)], strides=[1] * (nd + 2))
    for d in range(nd):     # a run-time batch: the pads cut per axis (a gather where sizes are run-time)
        if isinstance(image[d], int):
            img = _slice_static(cx, img, 2 + d, pads[d], padded[d] - pads[nd + d], 1)
        elif pads[d] or pads[nd + d]:
            at = cx.op("add", _iota(cx, [image[d]], 0), cx.const(pads[d], I64, [image[d]]))
            img = _take(cx, img, 2 + d, at)
    return img


def _sadd(cx, a, b: int):
    return a + b if isinstance(a, int) else cx.op("add", a, cx.const(b, I64)) if b else a


def _run_time_image(cx, image_v):
    """image_shape's entries (rank-0 values) where neither it nor the output's spatial sizes are
    known at import time; a check.assert that each is >= 1, as onnxruntime requires."""
    t = cx.info(image_v).shape
    if len(t) != 1 or t[0] is None:
        raise cx.error("image_shape computed at run time with a length known only at run time is not supported")
    image = _sizes_from_vector(cx, image_v, t[0])
    one, ok = cx.const(1, I64), cx.const(True, "i1")
    for v in image:
        ok = cx.op("and", ok, _cmp(cx, v, one, "GE"))
    check_assert(cx, ok, [_i64(cx, image_v)], "image_shape {0} has a size below 1")
    return image


def _block_count(cx, length, image, block, pads, strides, dilations) -> int:
    """A run-time block count (input size 2) where image and block shapes are known: the count
    they give (an int), with a `shape_assertion` (checked before compiled code runs) that the
    input has it, as onnxruntime refuses other counts."""
    nd = len(image)
    counts = [(image[d] + pads[d] + pads[nd + d] - dilations[d] * (block[d] - 1) - 1) // strides[d] + 1
              for d in range(nd)]
    want = int(np.prod(counts))
    lv = cx.size_value(length)
    cx.shape_assertion(_cmp(cx, lv, cx.const(want, I64), "EQ"), [lv], str(cx.error(
        f"input size 2 (the block count) is {{0}}; the image and block shapes give {want} blocks")))
    return want


def _check_block_shape(cx, block, k, length, padded, strides, dilations) -> None:
    """A block_shape computed at run time (`block`: rank-0 values) must give the block size k (an
    int or a rank-0 value) the shapes were built for and the input's block count, as onnxruntime
    requires: a check.assert (the positions stay inside the image either way, so the check may
    run after the scatter)."""
    one = cx.const(1, I64)
    size, count, fits = one, one, cx.const(True, "i1")
    for d, b in enumerate(block):
        size = cx.op("multiply", size, b)
        n = cx.op("add", cx.op("divide", cx.op("subtract", _sint(cx, _sadd(cx, padded[d], -1)), cx.op(
            "multiply", cx.const(dilations[d], I64), cx.op("subtract", b, one))), cx.const(strides[d], I64)), one)
        fits = cx.op("and", fits, _cmp(cx, n, one, "GE"))      # (two negative counts' product is positive)
        count = cx.op("multiply", count, cx.op("maximum", n, cx.const(0, I64)))
    lv, kv = _sint(cx, length), _sint(cx, k)
    ok = cx.op("and", _cmp(cx, size, kv, "EQ"), _cmp(cx, count, lv, "EQ"))
    ok = cx.op("and", ok, fits)
    check_assert(cx, ok, [size, count, lv, kv], "the image and block shapes give a block size of {0} and {1} blocks; the input "
                                                "has a block size of {3} (channels x block size over the output's "
                                                "channels) and {2} blocks (input size 2)")


def _channels_of_run_time_blocks(cx, ck, block, c_out):
    """Output channels and block size (rank-0 values, or c_out when the output's channels are
    known) where the block size is the product of a run-time block_shape (`block`: rank-0
    values): a check.assert that the channel x block size ck is the channels times it, each
    block size >= 1, as onnxruntime requires."""
    one = cx.const(1, I64)
    size, positive = one, cx.const(True, "i1")
    for b in block:
        size = cx.op("multiply", size, b)
        positive = cx.op("and", positive, _cmp(cx, b, one, "GE"))
    k = cx.op("maximum", size, one)         # (no division by zero before the check fails)
    ckv = cx.size_value(ck)
    if c_out is not None:
        c, what = c_out, f"{c_out} output channels times"
        ok = _cmp(cx, ckv, cx.op("multiply", cx.const(c_out, I64), size), "EQ")
    else:
        c, what = cx.op("divide", ckv, k), "a multiple of"
        ok = _cmp(cx, cx.op("remainder", ckv, k), cx.const(0, I64), "EQ")
    check_assert(cx, cx.op("and", ok, positive), [ckv, size],
                 f"input size 1 (channels x block size) is {{0}}, not {what} the block size {{1}} (block_shape's "
                 f"product, each entry >= 1)")
    return c, k


def _channels_of_blocks(cx, ck, k: int):
    """A run-time channel x block size ck divided by the block size k (a rank-0 i64 value); a
    `shape_assertion` (checked before compiled code runs) makes a ck that k does not divide a
    run-time error naming the node, as onnxruntime refuses it."""
    ckv, kv = cx.size_value(ck), cx.const(k, I64)
    pred = _cmp(cx, cx.op("remainder", ckv, kv), cx.const(0, I64), "EQ")
    cx.shape_assertion(pred, [ckv], str(cx.error(
        f"input size 1 (channels x block size) is {{0}}, not a multiple of the block size {k}")))
    return cx.op("divide", ckv, kv)


def _col2im_positions(cx, block, scalars, nd, k, length, padded, strides, dilations):
    """[k * length] flat padded-image positions of each (kernel offset, block) pair, both
    row-major; with block_shape known they are a constant, else computed at run time from its
    entries (`scalars`, rank-0 values)."""
    if block is not None:
        counts = [(padded[d] - dilations[d] * (block[d] - 1) - 1) // strides[d] + 1 for d in range(nd)]
        if length != int(np.prod(counts)):
            raise cx.error(f"{length} blocks do not fit the image (expected {int(np.prod(counts))})")
        koff = np.stack(np.meshgrid(*[np.arange(b) for b in block], indexing="ij"), -1).reshape(-1, nd)
        boff = np.stack(np.meshgrid(*[np.arange(m) for m in counts], indexing="ij"), -1).reshape(-1, nd)
        pos = boff[None, :, :] * np.array(strides) + koff[:, None, :] * np.array(dilations)
        flat = np.ravel_multi_index(tuple(pos.reshape(-1, nd).T), padded).astype(np.int64)
        return cx.const(flat, I64, flat.shape)
    sizes = [_smul(cx, k, length)]
    c = lambda v: cx.const(v, I64, sizes)           # noqa: E731
    i = _iota(cx, sizes, 0)
    lv = cx.broadcast(_sint(cx, length), sizes)
    kk, ll = cx.op("divide", i, lv), cx.op("remainder", i, lv)
    _check_block_shape(cx, scalars, k, length, padded, strides, dilations)
    blocks = [cx.broadcast(cx.op("maximum", b, cx.const(1, I64)), sizes) for b in scalars]    # (as counts)
    wide = lambda v: c(v) if isinstance(v, int) else cx.broadcast(_sint(cx, v), sizes)    # noqa: E731
    counts = [cx.op("add", cx.op("divide", cx.op("subtract", wide(_sadd(cx, padded[d], -1)), cx.op(
        "multiply", c(dilations[d]), cx.op("subtract", blocks[d], c(1)))), c(strides[d])), c(1)) for d in range(nd)]
    counts = [cx.op("maximum", m, c(1)) for m in counts]    # (no division by zero before the check fails)
    flat = c(0)
    for d in reversed(range(nd)):       # peel row-major digits from the last dimension
        kd, kk = cx.op("remainder", kk, blocks[d]), cx.op("divide", kk, blocks[d])
        bd, ll = cx.op("remainder", ll, counts[d]), cx.op("divide", ll, counts[d])
        pos = cx.op("add", cx.op("multiply", bd, c(strides[d])), cx.op("multiply", kd, c(dilations[d])))
        flat = cx.op("add", flat, cx.op("multiply", pos, wide(_prod(cx, padded[d + 1:]))))
    return flat
