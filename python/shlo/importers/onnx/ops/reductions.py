"""Reductions: Reduce*, ArgMax / ArgMin, CumSum, TopK and Det.

Every Reduce* op is `pre(x)` (square, abs, ...), one shlo `reduce` over the named axes
starting from the reduction's identity (so that empty reductions give ONNX's identities:
0, 1, -inf, +inf), and `post(sum)` (sqrt, log, ...), reshaped to keepdims' sizes.
The axes are an attribute before opset 13 (ReduceSum) / 18 (the others) and an optional
input after; with no axes every dimension is reduced unless noop_with_empty_axes=1, when
only the element-wise parts apply (as onnx's reference does). f16 / bf16 accumulate in f32
and integers go through f64 where a float function (sqrt, log, exp) is involved; the
result is converted back to the input's element type once.
"""
from __future__ import annotations

import math

import numpy as np
from mlir import ir

from ....types import tensor_type
from .. import dtypes
from ...emitter import highest, lowest, reduce, reduce1, scalar_type as _scalar_type  # noqa: F401
from ..registry import converts

I64_MAX = int(np.iinfo(np.int64).max)


# ----------------------------------------------------------------------------- helpers

def _axes(cx, x, axes_attr, noop_with_empty_axes, keepdims=1) -> list[int] | None:
    """The reduced dimensions, sorted; None when noop_with_empty_axes leaves x unreduced."""
    rank = cx.rank(x)
    axes = axes_attr
    if len(cx.node.input) > 1 and cx.node.input[1]:
        if cx.known(1) is not None or tuple(cx.info(cx.importer.value(cx.node.input[1])).shape) == (0,):
            axes = [int(a) for a in np.asarray(cx.known(1) if cx.known(1) is not None else []).reshape(-1)]
        else:
            return _axes_from_shapes(cx, x, keepdims)
    if not axes:
        return None if noop_with_empty_axes else list(range(rank))
    for a in axes:
        if not -rank <= a < max(rank, 1):
            raise cx.error(f"axis {a} is out of range for rank {rank}")
    return sorted({a % rank for a in axes}) if rank else []


def _axes_from_shapes(cx, x, keepdims) -> list[int]:
    """Axes given at run time: the reduced dimensions are those the output's declared (or
    inferred) sizes drop; reducing a size-1 dimension changes nothing, so only the others
    need to be told apart, and an output shape that leaves them ambiguous is an error."""
    import itertools
    shape, out = cx.info(x).shape, cx.out_shape(0)
    if None in shape or out is None or None in out:     # (each dimension then reduced where the axes say)
        return "runtime"
    if keepdims:
        if len(out) != len(shape):
            raise cx.error(f"output shape {out} does not match the input's rank {len(shape)}")
        return [d for d, (a, b) in enumerate(zip(shape, out)) if b == 1 and a != 1]
    found = {}          # the reduced dims that matter -> one choice of all reduced dims
    for kept in itertools.combinations(range(len(shape)), len(out)):
        if [shape[d] for d in kept] == list(out):
            dropped = [d for d in range(len(shape)) if d not in kept]
            found.setdefault(frozenset(d for d in dropped if shape[d] != 1), dropped)
    if not found:
        raise cx.error(f"output shape {out} cannot come from reducing {shape}")
    if len(found) == 1:
        return next(iter(found.values()))
    return [(dims, _axes_are(cx, len(shape), shape, matter)) for matter, dims in found.items()]


def _axes_are(cx, rank, shape, matter):
    """Whether the run-time axes (input 1) reduce exactly the dimensions `matter` among those
    whose size is not 1 (a rank-0 i1 value)."""
    axes = cx.convert(cx.importer.value(cx.node.input[1]), "i64")
    n = cx.info(axes).shape[0]
    if n is None:
        raise cx.error("axes (input 1) of a run-time length are not supported")
    neg = cx.op("compare", axes, cx.const(0, "i64", [n]), comparison_direction="LT")
    axes = cx.op("select", neg, cx.op("add", axes, cx.const(rank, "i64", [n])), axes)
    ok = cx.const(True, "i1")
    for d in range(rank):
        if shape[d] == 1:
            continue
        hit = reduce1(cx, cx.op("compare", axes, cx.const(d, "i64", [n]), comparison_direction="EQ"), [0], "or",
                      False)
        want = cx.const(d in matter, "i1")
        ok = cx.op("and", ok, cx.op("compare", hit, want, comparison_direction="EQ"))
    return ok


def _runtime_axes(cx, x, axes_v, keepdims, pre, kind, post, floating):
    """Axes known only at run time, the output's sizes unknown too: every dimension reduced in
    turn where the axes name it (the result kept at x's sizes, constant along reduced dims),
    then cut to the run-time sizes (1, or nothing without keepdims, for a reduced dim)."""
    element, shape, rank = cx.element(x), cx.sizes_of(x), cx.rank(x)     # (ints, or run-time sizes)
    n = cx.info(axes_v).shape[0]
    if n is None:
        raise cx.error("axes (input 1) of a run-time length are not supported")
    axes = cx.convert(axes_v, "i64")
    neg = cx.op("compare", axes, cx.const(0, "i64", [n]), comparison_direction="LT")
    axes = cx.op("select", neg, cx.op("add", axes, cx.const(rank, "i64", [n])), axes)
    named = [reduce1(cx, cx.op("compare", axes, cx.const(d, "i64", [n]), comparison_direction="EQ"), [0], "or",
                     False) for d in range(rank)]
    y = _convert(cx, x, _acc(element, floating)) if element != "i1" else x
    y = pre(cx, y) if pre else y
    e = cx.element(y)
    for d in range(rank):
        if kind == "logsumexp":
            r = _logsumexp(cx, y, [d])
        elif kind in ("max", "min"):
            r = reduce1(cx, y, [d], ("or" if kind == "max" else "and") if e == "i1" else
                        ("maximum" if kind == "max" else "minimum"),
                        (kind == "min") if e == "i1" else (lowest(e) if kind == "max" else highest(e)))
        else:
            r = reduce1(cx, y, [d], kind, 0 if kind == "add" else 1)
            if post is _mean:       # a mean of means over equal counts is the mean
                r = cx.op("divide", r, cx.broadcast(cx.convert(cx.size_value(shape[d]), e), cx.sizes_of(r), dims=[]))
        kept = [k for k in range(rank) if k != d]
        y = cx.op("select", cx.broadcast(named[d], shape), cx.broadcast(r, shape, dims=kept), y)
    if post and post is not _mean:
        y = post(cx, y, y, [])
    y = _convert(cx, y, element)
    # a reduced dim keeps one element: negative high padding cuts the rest
    cut = [cx.op("select", named[d], cx.op("subtract", cx.const(1, "i64"), cx.size_value(shape[d])),
                 cx.const(0, "i64")) for d in range(rank)]
    zeros = cx.const(np.zeros(rank, np.int64), "i64", [rank])
    high = cx.op("concatenate", [cx.reshape(c, [1]) for c in cut], dimension=0) if rank else zeros
    y = cx.op("dynamic_pad", y, cx.const(0, element), zeros, high, zeros, result_types=[tensor_type([None] * rank, element)])
    if keepdims:
        return y
    # without keepdims: the kept sizes in order (the j-th kept dim has j kept dims before it)
    out_rank = rank - n
    before = cx.const(0, "i64")
    sizes = [cx.const(0, "i64") for _ in range(out_rank)]
    for d in range(rank):
        keep = cx.op("not", named[d])
        for j in range(out_rank):
            here = cx.op("and", keep, cx.op("compare", before, cx.const(j, "i64"), comparison_direction="EQ"))
            sizes[j] = cx.op("select", here, cx.size_value(shape[d]), sizes[j])
        before = cx.op("add", before, cx.convert(keep, "i64"))
    return cx.reshape(y, sizes) if sizes else cx.reshape(y, [])


def _keep(cx, v, x, dims, keepdims):
    """A reduction's result as the node's output: dims kept as ones with keepdims."""
    if not keepdims or not dims:
        return v
    sizes = [1 if d in dims else s for d, s in enumerate(cx.sizes_of(x))]
    return cx.reshape(v, sizes)


def _acc(element: str, floating: bool) -> str:
    """The element type a reduction computes in."""
    if element in ("f16", "bf16") or element.startswith("f8"):
        return "f32"
    if floating and not dtypes.is_float(element) and not element.startswith("complex"):
        return "f64"
    return element


def _convert(cx, v, element):
    if cx.element(v) == element:
        return v
    if element == "i1":
        return cx.op("compare", v, cx.const(0, cx.element(v), cx.sizes_of(v)), comparison_direction="NE")
    return cx.convert(v, element)


def _reduction(pre, kind, post=None, floating=False):
    """A Reduce* converter: pre(cx, x) element-wise, reduce with `kind` ('add', 'multiply',
    'max', 'min', 'logsumexp'), then post(cx, r, x, dims)."""
    def convert(cx, x, axes_v=None, axes=None, keepdims=1, noop_with_empty_axes=0):
        dims = _axes(cx, x, axes, noop_with_empty_axes, keepdims)
        if dims == "runtime":
            return _runtime_axes(cx, x, axes_v, keepdims, pre, kind, post, floating)
        if dims and isinstance(dims[0], tuple):
            # axes known only at run time, several readings possible: compute each, pick one
            (first, _), *rest = dims
            r = one(cx, x, first, keepdims)
            for other, chosen in rest:
                r = cx.op("select", cx.broadcast(chosen, cx.sizes_of(r)), one(cx, x, other, keepdims), r)
            return r
        return one(cx, x, dims, keepdims)

    def one(cx, x, dims, keepdims):
        element = cx.element(x)
        work = _convert(cx, x, _acc(element, floating)) if element != "i1" else x
        work = pre(cx, work) if pre else work
        reduced = dims or []
        if kind == "logsumexp":
            r = _logsumexp(cx, work, reduced)
        elif kind in ("max", "min"):
            e = cx.element(work)
            if e == "i1":
                r = reduce1(cx, work, reduced, "or" if kind == "max" else "and", kind == "min")
            else:
                r = reduce1(cx, work, reduced, "maximum" if kind == "max" else "minimum",
                            lowest(e) if kind == "max" else highest(e))
        else:
            r = reduce1(cx, work, reduced, kind, 0 if kind == "add" else 1)
        if post:
            r = post(cx, r, work, reduced)
        return _keep(cx, _convert(cx, r, element), x, reduced, keepdims)
    return convert


def _square(cx, x):
    return cx.op("multiply", x, x)


def _abs(cx, x):
    return x if dtypes.is_unsigned(cx.element(x)) else cx.op("abs", x)


def _count(cx, x, dims):
    n = 1
    for d in dims:
        n *= cx.info(x).shape[d] if cx.info(x).shape[d] is not None else 0
    if all(cx.info(x).shape[d] is not None for d in dims):
        return cx.const(n, cx.element(x))
    total = cx.const(1, "i64")
    for d in dims:
        total = cx.op("multiply", total, cx.size_value(cx.dim(x, d)))
    return cx.convert(total, cx.element(x))


def _mean(cx, r, x, dims):
    n = _count(cx, x, dims)
    return cx.op("divide", r, cx.broadcast(n, cx.sizes_of(r)))


def _unary(name):
    return lambda cx, r, x, dims: cx.op(name, r)


def _logsumexp(cx, x, dims):
    """log(sum(exp(x))) shifted by the finite maximum (infinities make the shift 0)."""
    if not dims:
        return cx.op("log", cx.op("exponential", x))
    m = reduce1(cx, x, dims, "maximum", -math.inf)
    inf = cx.op("compare", cx.op("abs", m), cx.const(math.inf, cx.element(m), cx.sizes_of(m)),
                comparison_direction="EQ")
    m = cx.op("select", inf, cx.const(0, cx.element(m), cx.sizes_of(m)), m)
    kept = [d for d in range(cx.rank(x)) if d not in dims]
    shifted = cx.op("subtract", x, cx.broadcast(m, cx.sizes_of(x), dims=kept))
    s = reduce1(cx, cx.op("exponential", shifted), dims, "add", 0)
    return cx.op("add", cx.op("log", s), m)


_REDUCTIONS = {
    "ReduceSum": (None, "add", None, False, 13),
    "ReduceSumSquare": (_square, "add", None, False, 18),
    "ReduceMean": (None, "add", _mean, False, 18),
    "ReduceProd": (None, "multiply", None, False, 18),
    "ReduceMax": (None, "max", None, False, 18),
    "ReduceMin": (None, "min", None, False, 18),
    "ReduceL1": (_abs, "add", None, False, 18),
    "ReduceL2": (_square, "add", _unary("sqrt"), True, 18),
    "ReduceLogSum": (None, "add", _unary("log"), True, 18),
    "ReduceLogSumExp": (None, "logsumexp", None, True, 18),
}

for _name, (_pre, _kind, _post, _floating, _since_input) in _REDUCTIONS.items():
    # one converter for every opset: before `_since_input` the axes come as an attribute,
    # after it as input 1 (the converter reads whichever the node has)
    converts(_name, since=1)(_reduction(_pre, _kind, _post, _floating))


# ----------------------------------------------------------------------------- ArgMax / ArgMin

def _iota(cx, sizes, dim: int, element: str = "i64"):
    return cx.iota(sizes, dim, element)


def _arg_body(cx, largest: bool, last: bool, is_float: bool):
    """(value, index) pairs: the larger (smaller) value wins, NaN beats every number (numpy's
    argmax), ties go to the first (last) index."""
    def body(accs, elems):
        (av, ai), (bv, bi) = accs, elems
        better = cx.op("compare", av, bv, comparison_direction="GT" if largest else "LT")
        tie = cx.op("compare", av, bv, comparison_direction="EQ")
        if is_float:
            a_nan = cx.op("compare", av, av, comparison_direction="NE")
            b_nan = cx.op("compare", bv, bv, comparison_direction="NE")
            better = cx.op("or", better, cx.op("and", a_nan, cx.op("not", b_nan)))
            tie = cx.op("or", tie, cx.op("and", a_nan, b_nan))
        order = cx.op("compare", ai, bi, comparison_direction="GT" if last else "LT")
        take_a = cx.op("or", better, cx.op("and", tie, order))
        return [cx.op("select", take_a, av, bv), cx.op("select", take_a, ai, bi)]
    return body


def _arg(largest: bool):
    def convert(cx, x, axis=0, keepdims=1, select_last_index=0):
        element = cx.element(x)
        if element.startswith("complex"):
            raise cx.error("complex tensors have no order")
        if element == "i1":
            x = cx.convert(x, "ui8")
        rank = cx.rank(x)
        if not -rank <= axis < max(rank, 1):
            raise cx.error(f"axis {axis} is out of range for rank {rank}")
        d = axis % rank if rank else 0
        if rank == 0:
            return cx.const(0, "i64")
        e = cx.element(x)
        indices = _iota(cx, cx.sizes_of(x), d)
        inits = [cx.const(lowest(e) if largest else highest(e), e),
                 cx.const(-1 if select_last_index else I64_MAX, "i64")]
        _, idx = reduce(cx, [x, indices], inits, [d], _arg_body(cx, largest, bool(select_last_index),
                                                                 dtypes.is_float(e)))
        return _keep(cx, idx, x, [d], keepdims)
    return convert


converts("ArgMax", since=1)(_arg(True))
converts("ArgMin", since=1)(_arg(False))


# ----------------------------------------------------------------------------- CumSum

@converts("CumSum", since=11)
def cumsum(cx, x, axis_v, exclusive=0, reverse=0):
    return _cumulative_op(cx, x, axis_v, exclusive, reverse, "add")


@converts("CumProd", since=26)
def cumprod(cx, x, axis_v, exclusive=0, reverse=0):
    return _cumulative_op(cx, x, axis_v, exclusive, reverse, "multiply")


def _cumulative_op(cx, x, axis_v, exclusive, reverse, name):
    """A reduce_window whose window spans the whole axis, padded so that output i sees
    inputs 0..i (reversed: i..n-1); exclusive pads one more and slices the extra one off."""
    rank = cx.rank(x)
    if cx.known(1) is None:
        # the axis is known only at run time: every axis's sum, the one named selected
        axis_v = cx.reshape(cx.convert(axis_v, "i64"), [])
        r = _cumsum(cx, x, 0, exclusive, reverse, name)
        for d in range(1, rank):
            named = cx.op("or", cx.op("compare", axis_v, cx.const(d, "i64"), comparison_direction="EQ"),
                          cx.op("compare", axis_v, cx.const(d - rank, "i64"), comparison_direction="EQ"))
            r = cx.op("select", cx.broadcast(named, cx.sizes_of(r)), _cumsum(cx, x, d, exclusive, reverse, name), r)
        return r
    (axis,) = cx.known_ints(1, "axis")
    return _cumsum(cx, x, axis, exclusive, reverse, name)


def _cumsum(cx, x, axis, exclusive, reverse, name="add"):
    rank = cx.rank(x)
    if not -rank <= axis < rank:
        raise cx.error(f"axis {axis} is out of range for rank {rank}")
    d = axis % rank
    n = cx.info(x).shape[d]
    if name == "add" and (n is None or (exclusive and None in cx.info(x).shape)):
        return _cumsum_by_mask(cx, x, d, exclusive, reverse)
    if n is None or (exclusive and None in cx.info(x).shape):
        return _cumprod_by_doubling(cx, x, d, exclusive, reverse)
    element = cx.element(x)
    work = _convert(cx, x, _acc(element, False))
    if n == 0:
        return x
    e = cx.element(work)
    shape = list(cx.info(work).shape)
    window = [1] * rank
    window[d] = n
    pad = n if exclusive else n - 1
    padding = [[0, 0] for _ in range(rank)]
    padding[d] = [0, pad] if reverse else [pad, 0]
    out_shape = list(shape)
    out_shape[d] = n + (1 if exclusive else 0)
    op = cx.region_op("reduce_window", [work], [cx.const(0 if name == "add" else 1, e)], window_dimensions=window,
                      padding=padding,
                      result_types=[tensor_type(out_shape, e)])
    t = _scalar_type(e)
    block = op.regions[0].blocks.append(t, t)
    with ir.InsertionPoint(block):
        cx.op("return", [cx.op(name, *block.arguments)], result_types=[])
    r = op.results[0]
    if exclusive:
        if None in shape:
            raise cx.error("an exclusive CumSum / CumProd of a tensor with dynamic sizes is not supported (its "
                           "extra element is sliced off with static bounds)")
        start = [0] * rank
        start[d] = 1 if reverse else 0
        limit = list(shape)
        limit[d] = start[d] + n
        r = cx.op("slice", r, start_indices=start, limit_indices=limit, strides=[1] * rank)
    return _convert(cx, r, element)


def _cumsum_by_mask(cx, x, d, exclusive, reverse):
    """A cumulative sum along a dimension of dynamic size n (a reduce_window needs a static
    window; e.g. position ids from an attention mask's cumsum over a dynamic sequence): x
    contracted with an n x n 0/1 matrix M[j, i] = (j <= i) (< when exclusive, >= / > reversed)."""
    from .nn import dot
    element = cx.element(x)
    work = _convert(cx, x, _acc(element, False))
    e = cx.element(work)
    n = cx.sizes_of(x)[d]
    j, i = (cx.op("dynamic_iota", cx.shape_tensor([n, n]), iota_dimension=k,
                  result_types=[tensor_type([None, None], "i64")]) for k in (0, 1))
    direction = {(0, 0): "LE", (1, 0): "LT", (0, 1): "GE", (1, 1): "GT"}[(int(bool(exclusive)), int(bool(reverse)))]
    m = cx.convert(cx.op("compare", j, i, comparison_direction=direction), e)
    y = dot(cx, work, m, [d], [0])                   # x's other dimensions, then i
    rank = cx.rank(x)
    perm = list(range(d)) + [rank - 1] + list(range(d, rank - 1))
    return _convert(cx, cx.op("transpose", y, permutation=perm), element)


def _cumprod_by_doubling(cx, x, d, exclusive, reverse):
    """A cumulative product along a dimension of run-time size n (a reduce_window needs a static
    window), or exclusive over run-time sizes (its extra element is cut with static bounds):
    ceil(log2 n) rounds of a `while`, round k multiplying each entry i >= 2^k by entry i - 2^k
    (exact for integers; for floats the product's order differs from a running product).
    Exclusive: the inclusive products shifted one place, 1 first. The loop runs only while
    2^k < n, so its gathers never read an empty axis."""
    from .tensors import _take
    element = cx.element(x)
    y = _convert(cx, x, _acc(element, False))
    e = cx.element(y)
    if reverse:
        y = cx.op("reverse", y, dimensions=[d])
    sizes = cx.sizes_of(y)
    n = cx.size_value(sizes[d])
    line = cx.iota([sizes[d]], 0)

    def shifted(v, by, fill):     # v[i - by] where i >= by, else fill
        at = cx.op("maximum", cx.op("subtract", line, cx.broadcast(by, [sizes[d]], dims=[])),
                   cx.const(0, "i64", [sizes[d]]))
        inside = cx.broadcast(cx.op("compare", line, cx.broadcast(by, [sizes[d]], dims=[]),
                                    comparison_direction="GE"), sizes, dims=[d])
        return cx.op("select", inside, _take(cx, v, d, at), cx.const(fill, e, sizes))
    state = [y, cx.const(1, "i64")]
    y = cx.while_loop(state, lambda _, step: cx.op("compare", step, n, comparison_direction="LT"),
                      lambda v, step: [cx.op("multiply", v, shifted(v, step, 1)), cx.op("add", step, step)])[0]
    if exclusive:       # a 1 put first, the first n kept (a gather from the unpadded axis fails when n = 0)
        low = [0] * len(sizes)
        low[d] = 1
        y = cx.op("pad", y, cx.const(1, e), edge_padding_low=low, edge_padding_high=[0] * len(sizes),
                  interior_padding=[0] * len(sizes))
        y = _take(cx, y, d, line)
    if reverse:
        y = cx.op("reverse", y, dimensions=[d])
    return _convert(cx, y, element)


# ----------------------------------------------------------------------------- TopK

def _sort_pairs(cx, x, indices, dim, descending):
    """x and indices sorted along dim by x (stable, NaN as the largest)."""
    element = cx.element(x)
    op = cx.region_op("sort", [x, indices], dimension=dim, is_stable=True)
    block = op.regions[0].blocks.append(*[_scalar_type(element)] * 2, *[_scalar_type("i64")] * 2)
    with ir.InsertionPoint(block):
        a, b = block.arguments[0], block.arguments[1]
        first, second = (b, a) if descending else (a, b)
        less = cx.op("compare", first, second, comparison_direction="LT")
        if dtypes.is_float(element):
            nan_first = cx.op("compare", first, first, comparison_direction="NE")
            nan_second = cx.op("compare", second, second, comparison_direction="NE")
            less = cx.op("or", less, cx.op("and", nan_second, cx.op("not", nan_first)))
        cx.op("return", [less], result_types=[])
    return list(op.results)


def _topk(cx, x, k, axis, largest):
    rank = cx.rank(x)
    if not -rank <= axis < rank:
        raise cx.error(f"axis {axis} is out of range for rank {rank}")
    d = axis % rank
    shape = cx.info(x).shape
    runtime_k = not isinstance(k, int)      # a rank-0 i64 value: the result's size along d is `?`
    if not runtime_k and shape[d] is not None and not 0 <= k <= shape[d]:
        raise cx.error(f"k = {k} is out of range for a dimension of size {shape[d]}")
    e = cx.element(x)
    xs = cx.convert(x, "ui8") if e == "i1" else x
    if None in shape or runtime_k:      # dynamic sizes or k: sorted (over dynamic iotas), the first k gathered
        from .tensors import _take
        sizes = cx.sizes_of(x)
        iota = _iota(cx, list(shape), d) if None not in shape else cx.op(
            "dynamic_iota", cx.shape_tensor(sizes), iota_dimension=d, result_types=[tensor_type(list(shape), "i64")])
        values, idx = _sort_pairs(cx, xs, iota, d, bool(largest))
        first = cx.importer.constant(np.arange(k, dtype=np.int64)) if not runtime_k else cx.op(
            "dynamic_iota", cx.shape_tensor([k]), iota_dimension=0, result_types=[tensor_type([None], "i64")])
        return _convert(cx, _take(cx, values, d, first), e), _take(cx, idx, d, first)
    values, idx = _sort_pairs(cx, xs, _iota(cx, list(shape), d), d, bool(largest))
    limit = list(shape)
    limit[d] = k
    take = [cx.op("slice", v, start_indices=[0] * rank, limit_indices=limit, strides=[1] * rank)
            for v in (values, idx)]
    # ties keep the lower index first (a stable sort of positions in order)
    return _convert(cx, take[0], e), take[1]


@converts("TopK", since=1)
def topk_1(cx, x, k=None, axis=-1):
    return _topk(cx, x, int(k), axis, True)


@converts("TopK", since=10)
def topk_10(cx, x, k_v, axis=-1, largest=1, sorted=1):
    if cx.known(1) is None:
        # k known at run time: the declared (or inferred) output size along the axis gives it
        out = cx.out_shape(0)
        rank = cx.rank(x)
        if out is not None and len(out) == rank and -rank <= axis < rank and out[axis % rank] is not None:
            return _topk(cx, x, out[axis % rank], axis, largest)
        # (e.g. min(k, N) of a dynamic N): the result's size along the axis is read at run time
        return _topk(cx, x, cx.reshape(cx.convert(k_v, "i64"), []), axis, largest)
    (k,) = cx.known_ints(1, "k")
    return _topk(cx, x, k, axis, largest)


# ----------------------------------------------------------------------------- Det

DET_MAX = 32        # the largest matrix size whose elimination is unrolled


@converts("Det", since=11)
def det(cx, x):
    """Gaussian elimination with partial pivoting (what LAPACK's getrf does), unrolled over the
    static matrix size and vectorized over the batch: det = the product of the pivots, each
    negated where its step swapped two rows."""
    shape = list(cx.info(x).shape)
    if len(shape) < 2 or None in shape[-2:] or shape[-1] != shape[-2]:
        raise cx.error(f"Det needs square matrices of static size, got {cx.info(x)}")
    # (run-time batch sizes: the column / pivot picks below are gathers then)
    m, batch, element = shape[-1], cx.sizes_of(x)[:-2], cx.element(x)
    if not dtypes.is_float(element):
        raise cx.error(f"Det of {element} is not supported (float types only)")
    if m > DET_MAX:
        raise cx.error(f"Det of {m}x{m} matrices is not supported (the elimination is unrolled up to {DET_MAX})")
    a = _convert(cx, x, _acc(element, False))
    e = cx.element(a)
    nb = len(batch)
    full = batch + [m, m]
    over_rows = list(range(nb + 1))                 # a per-row value spread over the columns
    over_cols = list(range(nb)) + [nb + 1]          # a row spread over the rows
    rows = _iota(cx, batch + [m], nb)
    result = cx.const(1, e, batch)
    for k in range(m):
        col = _column(cx, a, k, batch, m)
        in_range = cx.op("compare", rows, cx.const(k, "i64", batch + [m]), comparison_direction="GE")
        cand = cx.op("select", in_range, cx.op("abs", col), cx.const(-1, e, batch + [m]))
        _, p = reduce(cx, [cand, rows], [cx.const(-2, e), cx.const(I64_MAX, "i64")], [nb],
                      _arg_body(cx, True, False, True))
        at_p = cx.op("compare", rows, cx.broadcast(p, batch + [m], dims=list(range(nb))), comparison_direction="EQ")
        at_k = cx.op("compare", rows, cx.const(k, "i64", batch + [m]), comparison_direction="EQ")
        at_p_full, at_k_full = (cx.broadcast(v, full, dims=over_rows) for v in (at_p, at_k))
        zero = cx.const(0, e, full)
        row_p = reduce1(cx, cx.op("select", at_p_full, a, zero), [nb], "add", 0)
        row_k = reduce1(cx, cx.op("select", at_k_full, a, zero), [nb], "add", 0)
        a = cx.op("select", at_p_full, cx.broadcast(row_k, full, dims=over_cols),
                  cx.op("select", at_k_full, cx.broadcast(row_p, full, dims=over_cols), a))
        pivot = _last(cx, row_p, k, batch)
        swapped = cx.op("compare", p, cx.const(k, "i64", batch), comparison_direction="NE")
        result = cx.op("multiply", result, cx.op("select", swapped, cx.op("negate", pivot), pivot))
        if k == m - 1:
            break
        # the rows below k lose factor * the pivot row (a zero pivot: the result is 0 already)
        safe = cx.op("select", cx.op("compare", pivot, cx.const(0, e, batch), comparison_direction="EQ"),
                     cx.const(1, e, batch), pivot)
        factor = cx.op("divide", _column(cx, a, k, batch, m), cx.broadcast(safe, batch + [m], dims=list(range(nb))))
        below = cx.op("compare", rows, cx.const(k, "i64", batch + [m]), comparison_direction="GT")
        factor = cx.op("select", below, factor, cx.const(0, e, batch + [m]))
        a = cx.op("subtract", a, cx.op("multiply", cx.broadcast(factor, full, dims=over_rows),
                                       cx.broadcast(row_p, full, dims=over_cols)))
    return _convert(cx, result, element)


def _column(cx, a, k, batch, m):
    return _last(cx, a, k, batch + [m])


def _last(cx, v, k, lead):
    """v[..., k] (its leading sizes `lead`): a slice, or a gather where a size is a run-time value."""
    n = len(lead)
    if all(isinstance(s, int) for s in lead):
        s = cx.op("slice", v, start_indices=[0] * n + [k], limit_indices=lead + [k + 1], strides=[1] * (n + 1))
        return cx.reshape(s, lead)
    from .tensors import _take
    return _take(cx, v, n, cx.const(k, "i64"))
