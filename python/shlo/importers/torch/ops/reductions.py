"""Reductions: sum, mean, prod, amax / amin, max / min (with indices), argmax / argmin, any / all,
var / std, cumsum / cumprod, logsumexp, and the softmax family.

Every reduction is one shlo `reduce` (argmax-like ones a variadic reduce over (value, index)
pairs), its result reshaped to the node's output sizes (which restores keepdim's ones).
Low-precision floats (f16, bf16) accumulate in f32 and are rounded once at the end, as
PyTorch's CPU kernels do.
"""
from __future__ import annotations

import math

import numpy as np
from mlir import ir

from ....types import tensor_type
from .. import dtypes
from ...emitter import highest, lowest, reduce, reduce1, scalar_type  # noqa: F401  (shared; re-exported)
from ..registry import converts
from .elementwise import rounded_to
from .elementwise import to_element, truth
from .scalars import _mul

I64_MAX = int(np.iinfo(np.int64).max)


# ----------------------------------------------------------------------------- helpers

def reduced_dims(x_rank: int, dim) -> list[int]:
    """The dimensions a `dim` argument names (None or [] = all), non-negative and sorted;
    a rank-0 tensor has none (PyTorch accepts dim 0 / -1 there)."""
    if x_rank == 0:
        return []
    if dim is None:
        dims = range(x_rank)
    elif isinstance(dim, int):
        dims = [dim]
    else:
        dims = list(dim) or range(x_rank)
    return sorted({d % x_rank for d in dims})


def acc_element(element: str) -> str:
    """The element type PyTorch accumulates `element` in."""
    return "f32" if element in ("f16", "bf16") else element


def add_reduce(cx, x, dims):
    return reduce1(cx, x, dims, "or" if cx.element(x) == "i1" else "add", False if cx.element(x) == "i1" else 0)


def count(cx, x, dims, element: str):
    """The number of elements x has over `dims`, as a rank-0 tensor of `element`."""
    n = 1
    for d in dims:
        n = _mul(cx, n, cx.dim(x, d))
    if isinstance(n, int):
        return cx.const(n, element)
    return cx.convert(n, element)


def restore(cx, v, x, dims):
    """A reduction's result `v` broadcast back over x's sizes (the reduced dims repeated)."""
    kept = [d for d in range(cx.rank(x)) if d not in dims]
    if cx.rank(v) != len(kept):     # keepdim form: drop the ones first
        v = cx.reshape(v, [s for d, s in enumerate(cx.sizes_of(v)) if d in kept])
    return cx.broadcast(v, cx.sizes_of(x), dims=kept)


def finish(cx, v, i=None):
    """v as the node's output `i`: its element type and sizes (keepdim's ones included)."""
    v = cx.convert(v, cx.out_element(i)) if cx.element(v) != "i1" else to_element(cx, v, cx.out_element(i))
    return cx.reshape(v, cx.out_sizes(i))


def _accumulate(cx, x, element=None):
    """x converted to the element type its output accumulates in (the output's, widened)."""
    return to_element(cx, x, acc_element(element or cx.out_element()))


# ----------------------------------------------------------------------------- sum, mean, prod

@converts("sum")
def sum_(cx, x, dim=None, keepdim=False, dtype=None):
    x = _accumulate(cx, x)
    return finish(cx, add_reduce(cx, x, reduced_dims(cx.rank(x), dim)))


@converts("nansum")
def nansum(cx, x, dim=None, keepdim=False, dtype=None):
    x = _accumulate(cx, x)
    if dtypes.is_float(cx.element(x)):
        x = cx.op("select", cx.op("compare", x, x, comparison_direction="NE"), cx.const(0, cx.element(x),
                                                                                          cx.sizes_of(x)), x)
    return finish(cx, add_reduce(cx, x, reduced_dims(cx.rank(x), dim)))


@converts("mean")
def mean(cx, x, dim=None, keepdim=False, dtype=None):
    x = _accumulate(cx, x)
    dims = reduced_dims(cx.rank(x), dim)
    s = add_reduce(cx, x, dims)
    n = cx.broadcast(count(cx, x, dims, cx.element(x)), cx.sizes_of(s))
    return finish(cx, cx.op("divide", s, n))


@converts("prod")
def prod(cx, x, dim=None, keepdim=False, dtype=None):
    """Products of f16 / bf16 are taken in that type, each rounded, as eager's CPU kernel does
    (in f32: 1 in 2 products of 10 f16 elements differed from eager)."""
    out = cx.out_element()
    x = to_element(cx, x, out) if out in ("f16", "bf16") else _accumulate(cx, x)
    boolean = cx.element(x) == "i1"
    return finish(cx, reduce1(cx, x, reduced_dims(cx.rank(x), dim), "and" if boolean else "multiply",
                              True if boolean else 1))


# ----------------------------------------------------------------------------- max / min

def extreme(cx, x, dims, largest: bool):
    element = cx.element(x)
    if largest:
        return reduce1(cx, x, dims, "maximum", lowest(element))
    return reduce1(cx, x, dims, "minimum", highest(element))


@converts("amax", "max.default")
def amax(cx, x, dim=None, keepdim=False):
    return finish(cx, extreme(cx, x, reduced_dims(cx.rank(x), dim), True))


@converts("amin", "min.default")
def amin(cx, x, dim=None, keepdim=False):
    return finish(cx, extreme(cx, x, reduced_dims(cx.rank(x), dim), False))


def iota(cx, sizes, dim: int, element: str = "i64"):
    return cx.iota(sizes, dim, element)


def _arg_body(cx, largest: bool, is_float: bool):
    """(value, index) pairs: the larger (smaller) value wins, NaN beats every number, and ties
    go to the first index, so the combination is associative and commutative."""
    def body(accs, elems):
        (av, ai), (bv, bi) = accs, elems
        better = cx.op("compare", av, bv, comparison_direction="GT" if largest else "LT")
        tie = cx.op("compare", av, bv, comparison_direction="EQ")
        if is_float:
            a_nan = cx.op("compare", av, av, comparison_direction="NE")
            b_nan = cx.op("compare", bv, bv, comparison_direction="NE")
            better = cx.op("or", better, cx.op("and", a_nan, cx.op("not", b_nan)))
            tie = cx.op("or", tie, cx.op("and", a_nan, b_nan))
        first = cx.op("compare", ai, bi, comparison_direction="LT")
        take_a = cx.op("or", better, cx.op("and", tie, first))
        return [cx.op("select", take_a, av, bv), cx.op("select", take_a, ai, bi)]
    return body


def arg_extreme(cx, x, dim, largest: bool):
    """(values, i64 indices) of the largest (smallest) elements along `dim` (None: of the
    flattened tensor), reduced dims dropped."""
    element = cx.element(x)
    if dtypes.is_complex(element):
        raise cx.error("complex tensors have no order")
    if element == "i1":
        x = cx.convert(x, "i8")     # compared as numbers, false < true
    if dim is None or cx.rank(x) == 0:
        n = 1
        for s in cx.sizes_of(x):
            n = _mul(cx, n, s)
        x, d = cx.reshape(x, [n]), 0
    else:
        d = dim % cx.rank(x)
    indices = iota(cx, cx.sizes_of(x), d)
    value_init = lowest(cx.element(x)) if largest else highest(cx.element(x))
    inits = [cx.const(value_init, cx.element(x)), cx.const(I64_MAX, "i64")]
    values, idx = reduce(cx, [x, indices], inits, [d], _arg_body(cx, largest, dtypes.is_float(element)))
    return (cx.convert(values, element) if element == "i1" else values), idx


@converts("argmax")
def argmax(cx, x, dim=None, keepdim=False):
    return finish(cx, arg_extreme(cx, x, dim, True)[1])


@converts("argmin")
def argmin(cx, x, dim=None, keepdim=False):
    return finish(cx, arg_extreme(cx, x, dim, False)[1])


@converts("max.dim")
def max_dim(cx, x, dim, keepdim=False):
    values, idx = arg_extreme(cx, x, dim, True)
    return finish(cx, values, 0), finish(cx, idx, 1)


@converts("min.dim")
def min_dim(cx, x, dim, keepdim=False):
    values, idx = arg_extreme(cx, x, dim, False)
    return finish(cx, values, 0), finish(cx, idx, 1)


# ----------------------------------------------------------------------------- any / all

@converts("any")
def any_(cx, x, dim=None, keepdim=False):
    return finish(cx, reduce1(cx, truth(cx, x), reduced_dims(cx.rank(x), dim), "or", False))


@converts("all")
def all_(cx, x, dim=None, keepdim=False):
    return finish(cx, reduce1(cx, truth(cx, x), reduced_dims(cx.rank(x), dim), "and", True))


# ----------------------------------------------------------------------------- variance

def abs_square(cx, v):
    """|v|^2 (real for complex v)."""
    if dtypes.is_complex(cx.element(v)):
        re, im = cx.op("real", v), cx.op("imag", v)
        return cx.op("add", cx.op("multiply", re, re), cx.op("multiply", im, im))
    return cx.op("multiply", v, v)


def moments(cx, x, dims, correction=0):
    """(mean, var) of x over dims, reduced dims dropped; var divides the squared deviations by
    max(n - correction, 0) (two passes, for accuracy) and is real for complex x."""
    s = add_reduce(cx, x, dims)
    m = cx.op("divide", s, cx.broadcast(count(cx, x, dims, cx.element(x)), cx.sizes_of(s)))
    dev = abs_square(cx, cx.op("subtract", x, restore(cx, m, x, dims)))
    real = cx.element(dev)
    denom = cx.op("maximum", cx.op("subtract", count(cx, x, dims, real), cx.const(correction, real)),
                  cx.const(0, real))
    ss = add_reduce(cx, dev, dims)
    return m, cx.op("divide", ss, cx.broadcast(denom, cx.sizes_of(ss)))


def _correction(correction, unbiased=True):
    if correction is None:
        return 1 if unbiased else 0
    return correction


@converts("var.correction", "var.correction_out")
def var_correction(cx, x, dim=None, correction=None, keepdim=False):
    x = _accumulate(cx, x, cx.element(x))
    return finish(cx, moments(cx, x, reduced_dims(cx.rank(x), dim), _correction(correction))[1])


@converts("var.default")
def var_default(cx, x, unbiased=True):
    return var_correction(cx, x, None, 1 if unbiased else 0)


@converts("var.dim")
def var_dim(cx, x, dim=None, unbiased=True, keepdim=False):
    return var_correction(cx, x, dim, 1 if unbiased else 0, keepdim)


@converts("std.correction")
def std_correction(cx, x, dim=None, correction=None, keepdim=False):
    x = _accumulate(cx, x, cx.element(x))
    v = moments(cx, x, reduced_dims(cx.rank(x), dim), _correction(correction))[1]
    return finish(cx, cx.op("sqrt", v))


@converts("std.default")
def std_default(cx, x, unbiased=True):
    return std_correction(cx, x, None, 1 if unbiased else 0)


@converts("std.dim")
def std_dim(cx, x, dim=None, unbiased=True, keepdim=False):
    return std_correction(cx, x, dim, 1 if unbiased else 0, keepdim)


@converts("var_mean.correction")
def var_mean(cx, x, dim=None, correction=None, keepdim=False):
    x = _accumulate(cx, x, cx.element(x))
    m, v = moments(cx, x, reduced_dims(cx.rank(x), dim), _correction(correction))
    return finish(cx, v, 0), finish(cx, m, 1)


@converts("std_mean.correction")
def std_mean(cx, x, dim=None, correction=None, keepdim=False):
    x = _accumulate(cx, x, cx.element(x))
    m, v = moments(cx, x, reduced_dims(cx.rank(x), dim), _correction(correction))
    return finish(cx, cx.op("sqrt", v), 0), finish(cx, m, 1)


# ----------------------------------------------------------------------------- cumulative

def triangle_scan(cx, inputs, inits, d, body):
    """Inclusive scan along a dynamic dimension d (a reduce_window's window size must be
    static): each input is spread over a new axis after d, entries past the output position
    replaced by the identities `inits`, and that axis reduced with body(accumulators, elements).
    It costs size x size along d; static sizes use the reduce_window form."""
    sizes = cx.sizes_of(inputs[0])
    rank = len(sizes)
    big = sizes[:d + 1] + [sizes[d]] + sizes[d + 1:]
    keep = cx.op("compare", iota(cx, big, d + 1), iota(cx, big, d), comparison_direction="LE")
    spread = [i + (i >= d) for i in range(rank)]                        # input dim d -> axis d + 1
    wide = [cx.op("select", keep, cx.broadcast(v, big, spread), cx.broadcast(i, big, []))
            for v, i in zip(inputs, inits)]
    return reduce(cx, wide, inits, [d + 1], body)


def _cumulative(cx, x, dim, name: str, init):
    """Inclusive scan along dim: a reduce_window whose window spans the whole dim, padded
    with size-1 identities before, so output i sees inputs 0..i."""
    x = _accumulate(cx, x)
    element = cx.element(x)
    if element == "i1":
        name, init = {"add": ("or", False), "multiply": ("and", True)}[name]
    rank = cx.rank(x)
    if rank == 0:
        return finish(cx, x)
    d = dim % rank
    n = cx.info(x).shape[d]
    if n is None:
        (out,) = triangle_scan(cx, [x], [cx.const(init, element)], d, lambda a, b: [cx.op(name, a[0], b[0])])
        return finish(cx, out)
    if n <= 1:
        return finish(cx, x)
    window = [1] * rank
    window[d] = n
    padding = [[0, 0] for _ in range(rank)]
    padding[d] = [n - 1, 0]
    op = cx.region_op("reduce_window", [x], [cx.const(init, element)], window_dimensions=window,
                      padding=padding, result_types=[tensor_type(cx.info(x).shape, element)])
    t = scalar_type(element)
    block = op.regions[0].blocks.append(t, t)
    with ir.InsertionPoint(block):
        cx.op("return", [cx.op(name, *block.arguments)], result_types=[])
    return finish(cx, op.results[0])


@converts("cumsum")
def cumsum(cx, x, dim, dtype=None):
    return _cumulative(cx, x, dim, "add", 0)


@converts("cumprod")
def cumprod(cx, x, dim, dtype=None):
    return _cumulative(cx, x, dim, "multiply", 1)


# ----------------------------------------------------------------------------- logsumexp, softmax

def _finite_max(cx, x, dims):
    """max over dims (dropped), with infinities made 0, so that x - max stays defined for
    rows of -inf or +inf."""
    m = extreme(cx, x, dims, True)
    inf = cx.op("compare", cx.op("abs", m), cx.const(math.inf, cx.element(m), cx.sizes_of(m)),
                comparison_direction="EQ")
    return cx.op("select", inf, cx.const(0, cx.element(m), cx.sizes_of(m)), m)


@converts("logsumexp")
def logsumexp(cx, x, dim=(), keepdim=False):
    element = cx.out_element()
    x = to_element(cx, x, acc_element(element))
    dims = reduced_dims(cx.rank(x), dim)
    m = _finite_max(cx, x, dims)
    s = add_reduce(cx, cx.op("exponential", cx.op("subtract", x, restore(cx, m, x, dims))), dims)
    return finish(cx, cx.op("add", cx.op("log", s), m))


def _softmax_parts(cx, x, dim):
    """(x - max, sum(exp(x - max)) broadcast back) along dim, in the accumulation type."""
    x = to_element(cx, x, acc_element(cx.out_element()))
    dims = reduced_dims(cx.rank(x), dim)
    shifted = cx.op("subtract", x, restore(cx, extreme(cx, x, dims, True), x, dims)) if dims else \
        cx.op("subtract", x, x)
    e = cx.op("exponential", shifted)
    return shifted, e, restore(cx, add_reduce(cx, e, dims), x, dims) if dims else e


@converts("_softmax", "softmax.int")
def softmax(cx, x, dim, half_to_float=False):
    _, e, s = _softmax_parts(cx, x, dim)
    return finish(cx, cx.op("divide", e, s))


@converts("_log_softmax", "log_softmax.int")
def log_softmax(cx, x, dim, half_to_float=False):
    """x - max - log(sum(exp(x - max))) in the accumulation type. Over the last dimension of an
    f16 / bf16 tensor eager's CPU kernel keeps the sum and its log in the 16-bit type (its other
    path, and softmax, do not): with them in f32, 1 in 15 f16 elements differed from eager."""
    shifted, _, s = _softmax_parts(cx, x, dim)
    out, rank = cx.out_element(), cx.rank(x)
    if out in ("f16", "bf16") and rank and dim % rank == rank - 1:
        return finish(cx, cx.op("subtract", shifted, rounded_to(cx, cx.op("log", rounded_to(cx, s, out)), out)))
    return finish(cx, cx.op("subtract", shifted, cx.op("log", s)))
