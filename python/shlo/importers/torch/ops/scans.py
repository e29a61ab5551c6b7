"""Scans and index reductions that survive core ATen decomposition: cummax / cummin (values and
indices), logcumsumexp, index_reduce.

The scans are, like cumsum in reductions.py, one `reduce_window` whose window spans the scanned
dimension, padded before with size - 1 identities, so output i combines inputs 0..i. cummax /
cummin reduce (value, index) pairs with an associative, commutative rule: the winner is the
largest key (is NaN, value (negated for cummin), index), which is PyTorch's kernel (a NaN or a
value >= the running one, later, replaces it).
"""
from __future__ import annotations

import math

from mlir import ir

from ....types import tensor_type
from .. import dtypes
from ..registry import converts
from .reductions import acc_element, finish, highest, iota, lowest, scalar_type, triangle_scan
from .indexing import scatter_reduce


def _scan_window(cx, inputs, inits, dim, body):
    """Inclusive scan of `inputs` along dim by reduce_window (triangle_scan for a dynamic size);
    body(a, b) gets two lists of rank-0 values and returns the combined list."""
    x = inputs[0]
    rank = cx.rank(x)
    n = cx.info(x).shape[dim]
    if n is None:
        return triangle_scan(cx, inputs, inits, dim, body)
    window = [1] * rank
    window[dim] = max(n, 1)
    padding = [[0, 0] for _ in range(rank)]
    padding[dim] = [max(n - 1, 0), 0]
    shape = cx.info(x).shape
    op = cx.region_op("reduce_window", list(inputs), list(inits), window_dimensions=window, padding=padding,
                      result_types=[tensor_type(shape, cx.element(v)) for v in inputs])
    types = [scalar_type(cx.element(v)) for v in inputs]
    block = op.regions[0].blocks.append(*types, *types)
    k = len(inputs)
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        cx.op("return", list(body(args[:k], args[k:])), result_types=[])
    return list(op.results)


def _cum_extreme(cx, x, dim, largest: bool):
    element = cx.element(x)
    if dtypes.is_complex(element):
        raise cx.error("complex tensors have no order")
    if cx.rank(x) == 0:
        return x, cx.const(0, "i64")
    d = dim % cx.rank(x)
    work = cx.convert(x, "i8") if element == "i1" else x
    we = cx.element(work)
    is_float = dtypes.is_float(we)
    idx = iota(cx, cx.sizes_of(work), d)

    def body(a, b):
        (av, ai), (bv, bi) = a, b
        b_later = cx.op("compare", bi, ai, comparison_direction="GT")
        late_v, late_i = cx.op("select", b_later, bv, av), cx.op("select", b_later, bi, ai)
        early_v, early_i = cx.op("select", b_later, av, bv), cx.op("select", b_later, ai, bi)
        wins = cx.op("compare", late_v, early_v, comparison_direction="GE" if largest else "LE")
        if is_float:
            late_nan = cx.op("compare", late_v, late_v, comparison_direction="NE")
            early_nan = cx.op("compare", early_v, early_v, comparison_direction="NE")
            wins = cx.op("or", late_nan, cx.op("and", cx.op("not", early_nan), wins))
        return [cx.op("select", wins, late_v, early_v), cx.op("select", wins, late_i, early_i)]

    init = lowest(we) if largest else highest(we)
    values, indices = _scan_window(cx, [work, idx], [cx.const(init, we), cx.const(-1, "i64")], d, body)
    return cx.convert(values, element), indices


@converts("cummax")
def cummax(cx, x, dim):
    v, i = _cum_extreme(cx, x, dim, True)
    return finish(cx, v, 0), finish(cx, i, 1)


@converts("cummin")
def cummin(cx, x, dim):
    v, i = _cum_extreme(cx, x, dim, False)
    return finish(cx, v, 0), finish(cx, i, 1)


@converts("logcumsumexp")
def logcumsumexp(cx, x, dim):
    element = cx.out_element()
    if not dtypes.is_float(element):
        raise cx.error(f"logcumsumexp of {element} is not supported (complex)")
    x = cx.convert(x, acc_element(element))
    if cx.rank(x) == 0:
        return finish(cx, x)
    work = cx.element(x)

    def body(a, b):
        (u,), (v,) = a, b
        hi, lo = cx.op("maximum", u, v), cx.op("minimum", u, v)
        # log(e^u + e^v) = hi + log1p(e^(lo - hi)); equal operands (infinities too) give u + log 2
        mixed = cx.op("add", hi, cx.op("log_plus_one", cx.op("exponential", cx.op("subtract", lo, hi))))
        same = cx.op("add", u, cx.const(math.log(2.0), work))
        return [cx.op("select", cx.op("compare", u, v, comparison_direction="EQ"), same, mixed)]

    (out,) = _scan_window(cx, [x], [cx.const(-math.inf, work)], dim % cx.rank(x), body)
    return finish(cx, out)


@converts("index_reduce")
def index_reduce(cx, x, dim, index, source, reduce, include_self=True):
    """scatter_reduce with the 1-D index spread over source's other dimensions."""
    if reduce not in ("prod", "mean", "amax", "amin"):
        raise cx.error(f"unknown index_reduce reduction {reduce!r}")
    rank = cx.rank(source)
    if rank == 0:
        return scatter_reduce(cx, x, 0, cx.reshape(cx.convert(index, "i64"), []), source, reduce, include_self)
    d = dim % rank
    full = cx.broadcast(cx.convert(index, "i64"), cx.sizes_of(source), dims=[d])
    return scatter_reduce(cx, x, d, full, source, reduce, include_self)
