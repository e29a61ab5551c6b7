"""Tensors made from nothing or from a template: arange, full / empty / zeros / ones and their
_like / _strided / new_ forms, linspace / logspace, eye, and the random ops
(rand, randn, randint, randperm, bernoulli, native_dropout, uniform, normal, exponential,
multinomial).

`empty*` tensors are zeros (their contents are unspecified in PyTorch).

Seed rule. The random numbers cannot equal PyTorch's generator's; they are a deterministic
function of the program. At import, `torch.initial_seed()` (or the seed of a `generator=`
argument) and the random op's position among the program's random ops (0, 1, ...) are mixed
into one 64-bit key; the op draws its bits from shlo `rng_bit_generator` THREE_FRY with the
constant state `[key, 0]` (inside while_loop / map / scan bodies the counter word is the
iteration number, see `_iteration_state`). So a program returns the same numbers on every call
(no generator state is threaded through calls), different random ops of one program and
different loop iterations draw independent streams, and `torch.manual_seed(s)` before
`from_torch` picks another program.
Distributions: uniform from the top mantissa bits (in [0, 1), like PyTorch), normal by
Box-Muller, exponential by inversion, integers by a 64-bit draw modulo the range, randperm
by sorting iota by random keys. Random tensors need static sizes.
"""
from __future__ import annotations

import math

import numpy as np
from mlir import ir

from .. import dtypes
from ....types import tensor_type
from ..registry import converts
from .elementwise import k, to_element


def _static_sizes(cx, sizes, what):
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} with symbolic sizes is not supported (the random bits need a static shape)")
    return list(sizes)


def _iota(cx, n, element):
    """0, 1, ..., n-1 as a 1-D tensor of `element` (n an int or a rank-0 i64 value)."""
    if isinstance(n, int):
        return cx.op("iota", iota_dimension=0, result_types=[tensor_type([n], element)])
    return cx.op("dynamic_iota", cx.shape_tensor([n]), iota_dimension=0, result_types=[tensor_type([None], element)])


# ----------------------------------------------------------------------------- filled tensors

@converts("arange")
def arange(cx, *args, **kwargs):
    """start + step * i, computed in f64 for floats (PyTorch accumulates in double) and in i64
    for integers, then converted."""
    start, end, step = (0, args[0], 1) if len(args) == 1 else (list(args) + [1])[:3]
    element = cx.out_element()
    n = cx.out_sizes()[0]
    acc = "f64" if dtypes.is_float(element) else "i64"
    i = _iota(cx, n, acc)
    sizes = [n]
    r = cx.op("add", cx.op("multiply", i, cx.tensor(step, acc, sizes)), cx.tensor(start, acc, sizes))
    return cx.convert(r, element)


def _filled(cx, value):
    """The node's output filled with `value` (a number or a rank-0 value)."""
    element, sizes = cx.out_element(), cx.out_sizes()
    if isinstance(value, ir.Value):
        return cx.broadcast(to_element(cx, value, element), sizes)
    if element == "i1":
        value = bool(value)
    elif dtypes.is_int(element):
        value = int(value)
    return cx.tensor(value, element, sizes)


@converts("full", "full_like")
def full(cx, size_or_x, fill_value, **kwargs):
    return _filled(cx, fill_value)


@converts("new_full")
def new_full(cx, x, size, fill_value, **kwargs):
    return _filled(cx, fill_value)


@converts("empty", "empty_like", "empty_permuted", "empty_strided", "new_empty", "new_empty_strided",
          "zeros", "zeros_like", "new_zeros")
def zeros(cx, *args, **kwargs):
    return _filled(cx, 0)


@converts("ones", "ones_like", "new_ones")
def ones(cx, *args, **kwargs):
    return _filled(cx, 1)


@converts("tril_indices", "triu_indices")
def tril_indices(cx, row, col, offset=0, **kwargs):
    """The [2, N] row / column indices of a row x col matrix's lower (upper) triangle, row by
    row: sizes only, so a constant."""
    if not all(isinstance(v, int) for v in (row, col, offset)):
        raise cx.error("tril_indices / triu_indices with symbolic sizes are not supported")
    lower = cx.node.target.__name__.startswith("tril")
    pick = np.tril_indices if lower else np.triu_indices
    rows, cols = pick(row, offset, col) if row and col else (np.zeros(0, np.int64), np.zeros(0, np.int64))
    pairs = np.stack([rows, cols]).astype(np.int64)
    return cx.const(pairs, cx.out_element(), list(pairs.shape))


@converts("linspace")
def linspace(cx, start, end, steps, **kwargs):
    return _linspace(cx, start, end, steps, cx.out_element())


@converts("logspace")
def logspace(cx, start, end, steps, base=10.0, **kwargs):
    exps = _linspace(cx, start, end, steps, "f64")
    return cx.convert(cx.op("power", cx.tensor(float(base), "f64", [steps]), exps), cx.out_element())


def _linspace(cx, start, end, steps, element):
    """PyTorch's symmetric linspace: the first half counts up from start, the second half down
    from end, so both ends are exact."""
    acc = "f64"
    n = steps
    if n == 1:
        return cx.convert(cx.reshape(cx.tensor(start, acc), [1]), element) if isinstance(start, ir.Value) \
            else cx.tensor(start, element, [1])
    i = _iota(cx, n, acc)
    a, b = cx.tensor(start, acc, [n]), cx.tensor(end, acc, [n])
    step = cx.op("divide", cx.op("subtract", b, a), k(cx, float(max(n - 1, 1)), a))
    up = cx.op("add", a, cx.op("multiply", i, step))
    down = cx.op("subtract", b, cx.op("multiply", cx.op("subtract", k(cx, float(n - 1), i), i), step))
    r = cx.op("select", cx.op("compare", i, k(cx, float(n // 2), i), comparison_direction="LT"), up, down)
    if dtypes.is_int(element):   # integer linspace truncates
        from .elementwise import trunc_value
        r = trunc_value(cx, r)
    return cx.convert(r, element)


@converts("eye")
def eye(cx, n, m=None, **kwargs):
    rows, cols = cx.out_sizes()
    r = _iota(cx, rows, "i64")
    c = _iota(cx, cols, "i64")
    eq = cx.op("compare", cx.broadcast(r, [rows, cols], [0]), cx.broadcast(c, [rows, cols], [1]),
               comparison_direction="EQ")
    return to_element(cx, eq, cx.out_element())


# ----------------------------------------------------------------------------- random bits

_MASK64 = (1 << 64) - 1


def _mix64(z: int) -> int:
    """splitmix64's finalizer: spreads (seed, op index) over the whole key."""
    z = (z + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _key(cx, generator=None) -> int:
    """The THREE_FRY key of the next random op of the program (see the seed rule above)."""
    import torch
    seed = generator.initial_seed() if isinstance(generator, torch.Generator) else torch.initial_seed()
    index = getattr(cx.importer, "random_ops", 0)
    cx.importer.random_ops = index + 1
    return _mix64(_mix64(seed & _MASK64) ^ index)


def random_bits(cx, sizes, element, generator=None):
    """A tensor of random bits of an unsigned `element` (ui16 / ui32 / ui64)."""
    sizes = _static_sizes(cx, sizes, "a random tensor")
    state = cx.const(np.array([_key(cx, generator), 0], np.uint64), "ui64", (2,))
    iterations = getattr(cx.importer, "loop_iterations", [])
    if iterations:
        state = _iteration_state(cx, state, iterations)
    _, bits = cx.op("rng_bit_generator", state, rng_algorithm="THREE_FRY",
                    result_types=[tensor_type([2], "ui64"), tensor_type(sizes, element)])
    return bits


def _iteration_state(cx, state, iterations):
    """Inside loops (while_loop, map, scan) the counter word is the iteration numbers (rank-0
    i64 values, outermost first) folded into the high 32 bits, so every iteration draws
    different numbers; an op draws fewer than 2**32 blocks, so the ranges do not overlap."""
    counter = cx.const(0, "ui64")
    for i in iterations:
        counter = cx.op("add", cx.op("multiply", counter, cx.const(0x10001, "ui64")), cx.convert(i, "ui64"))
    counter = cx.op("shift_left", counter, cx.const(32, "ui64"))
    key = cx.op("slice", state, start_indices=[0], limit_indices=[1], strides=[1])
    return cx.op("concatenate", [key, cx.reshape(counter, [1])], dimension=0)


def has_random_ops(gm) -> bool:
    """Whether a subgraph (or one nested in it) draws random numbers."""
    from torch import fx
    for node in gm.graph.nodes:
        if node.op == "call_function" and getattr(node.target, "__name__", "").split(".")[0] in RANDOM_OPS:
            return True
        if node.op == "get_attr" and isinstance(getattr(gm, node.target, None), fx.GraphModule) \
                and has_random_ops(getattr(gm, node.target)):
            return True
    return False


RANDOM_OPS = {"rand", "randn", "randint", "rand_like", "randn_like", "randint_like", "randperm", "bernoulli",
              "native_dropout", "uniform", "normal", "normal_functional", "exponential", "multinomial",
              "cauchy", "geometric", "log_normal", "rrelu_with_noise_functional"}


# (bit width, mantissa bits, bits of 1.0) of the float types drawn from their own width
_FLOAT_BITS = {"f16": (16, 10, 0x3C00), "bf16": (16, 7, 0x3F80), "f32": (32, 23, 0x3F800000),
               "f64": (64, 52, 0x3FF0000000000000)}


def uniform01(cx, sizes, element, generator=None):
    """Uniform floats in [0, 1): random mantissa bits under the exponent of 1.0, minus 1."""
    if element not in _FLOAT_BITS:
        raise cx.error(f"random floats of element type {element} are not supported")
    width, mantissa, one = _FLOAT_BITS[element]
    unsigned = f"ui{width}"
    bits = random_bits(cx, sizes, unsigned, generator)
    shifted = cx.op("shift_right_logical", bits, cx.const(width - mantissa, unsigned, sizes))
    with_exponent = cx.op("or", shifted, cx.const(one, unsigned, sizes))
    x = cx.op("bitcast_convert", with_exponent, result_types=[tensor_type(sizes, element)])
    return cx.op("subtract", x, cx.const(1.0, element, sizes))


def _compute_element(element):
    """Where to compute a distribution for `element`: f64 stays, narrower floats use f32."""
    return "f64" if element == "f64" else "f32"


def standard_normal(cx, sizes, element, generator=None):
    """Box-Muller: sqrt(-2 log u1) * cos(2 pi u2) with u1 in (0, 1]."""
    acc = _compute_element(element)
    u = uniform01(cx, [2] + list(sizes), acc, generator)
    starts = [0] * (len(sizes) + 1)
    halves = []
    for h in range(2):
        starts[0] = h
        s = cx.op("slice", u, start_indices=list(starts), limit_indices=[h + 1] + list(sizes),
                  strides=[1] * (len(sizes) + 1))
        halves.append(cx.reshape(s, list(sizes)))
    u1 = cx.op("subtract", cx.const(1.0, acc, sizes), halves[0])
    radius = cx.op("sqrt", cx.op("multiply", cx.const(-2.0, acc, sizes), cx.op("log", u1)))
    z = cx.op("multiply", radius, cx.op("cosine", cx.op("multiply", cx.const(2 * math.pi, acc, sizes), halves[1])))
    return cx.convert(z, element)


def _float_out(cx):
    element = cx.out_element()
    if not dtypes.is_float(element):
        raise cx.error(f"this random distribution is not defined for {element} tensors")
    return element, _static_sizes(cx, cx.out_sizes(), "a random tensor")


@converts("rand", "rand_like")
def rand(cx, *args, generator=None, **kwargs):
    element, sizes = _float_out(cx)
    return uniform01(cx, sizes, element, generator)


@converts("randn", "randn_like")
def randn(cx, *args, generator=None, **kwargs):
    element, sizes = _float_out(cx)
    return standard_normal(cx, sizes, element, generator)


@converts("uniform")
def uniform(cx, x, low=0.0, high=1.0, generator=None):
    element, sizes = _float_out(cx)
    acc = _compute_element(element)
    u = uniform01(cx, sizes, acc, generator)
    r = cx.op("add", cx.op("multiply", u, cx.const(high - low, acc, sizes)), cx.const(low, acc, sizes))
    return cx.convert(r, element)


def _normal(cx, mean, std, generator):
    element, sizes = _float_out(cx)
    acc = _compute_element(element)
    z = standard_normal(cx, sizes, acc, generator)
    r = cx.op("add", cx.op("multiply", z, cx.tensor(std, acc, sizes)), cx.tensor(mean, acc, sizes))
    return cx.convert(r, element)


@converts("normal_functional")
def normal_functional(cx, x, mean=0.0, std=1.0, generator=None):
    return _normal(cx, mean, std, generator)


@converts("normal")
def normal(cx, mean, std=1.0, *size, generator=None, **kwargs):
    return _normal(cx, mean, std, generator)


@converts("exponential")
def exponential(cx, x, lambd=1.0, generator=None):
    """-log(1 - u) / lambda."""
    element, sizes = _float_out(cx)
    acc = _compute_element(element)
    u = uniform01(cx, sizes, acc, generator)
    r = cx.op("divide", cx.op("negate", cx.op("log_plus_one", cx.op("negate", u))), cx.const(lambd, acc, sizes))
    return cx.convert(r, element)


@converts("cauchy")
def cauchy(cx, x, median=0.0, sigma=1.0, generator=None):
    """median + sigma tan(pi (u - 1/2))."""
    element, sizes = _float_out(cx)
    acc = _compute_element(element)
    u = cx.op("subtract", uniform01(cx, sizes, acc, generator), cx.const(0.5, acc, sizes))
    t = cx.op("tan", cx.op("multiply", u, cx.const(math.pi, acc, sizes)))
    r = cx.op("add", cx.op("multiply", t, cx.const(sigma, acc, sizes)), cx.const(median, acc, sizes))
    return cx.convert(r, element)


@converts("log_normal")
def log_normal(cx, x, mean=1.0, std=2.0, generator=None):
    """exp of a normal draw with that mean and standard deviation."""
    element, sizes = _float_out(cx)
    acc = _compute_element(element)
    z = standard_normal(cx, sizes, acc, generator)
    r = cx.op("add", cx.op("multiply", z, cx.const(std, acc, sizes)), cx.const(mean, acc, sizes))
    return cx.convert(cx.op("exponential", r), element)


@converts("geometric")
def geometric(cx, x, p, generator=None):
    """The number of Bernoulli(p) trials up to the first success: ceil(log(1 - u) / log(1 - p)),
    at least 1; in x's dtype (integers too)."""
    element = cx.out_element()
    sizes = _static_sizes(cx, cx.out_sizes(), "a random tensor")
    acc = "f64" if element in ("f64", "i64", "ui64") else "f32"
    u = uniform01(cx, sizes, acc, generator)
    ratio = cx.op("divide", cx.op("log_plus_one", cx.op("negate", u)),
                  cx.const(math.log1p(-p) if p < 1 else -math.inf, acc, sizes))
    r = cx.op("maximum", cx.op("ceil", ratio), cx.const(1.0, acc, sizes))
    return cx.convert(r, element)


@converts("rrelu_with_noise_functional")
def rrelu_with_noise_functional(cx, x, noise, lower=0.125, upper=1.0 / 3.0, training=False, generator=None):
    """(output, noise): in training each negative element is scaled by a uniform draw in [lower,
    upper] (noise holds the scales, 1 where x >= 0); otherwise by (lower + upper) / 2 and the
    noise is returned unchanged."""
    element = cx.element(x)
    sizes = cx.sizes_of(x)
    negative = cx.op("compare", x, cx.const(0, element, sizes), comparison_direction="LT")
    if not training:
        slope = cx.const((lower + upper) / 2, element, sizes)
        return cx.op("select", negative, cx.op("multiply", x, slope), x), noise
    sizes = _static_sizes(cx, sizes, "a random tensor")
    acc = _compute_element(element)
    u = uniform01(cx, sizes, acc, generator)
    scale = cx.op("add", cx.op("multiply", u, cx.const(upper - lower, acc, sizes)), cx.const(lower, acc, sizes))
    scale = cx.op("select", negative, cx.convert(scale, element), cx.const(1, element, sizes))
    return cx.op("multiply", x, scale), cx.convert(scale, cx.element(noise))


def _randint(cx, low, high, generator):
    """Integers in [low, high): a 64-bit draw modulo the range."""
    element = cx.out_element()
    sizes = _static_sizes(cx, cx.out_sizes(), "a random tensor")
    if isinstance(low, ir.Value) or isinstance(high, ir.Value):
        raise cx.error("randint with symbolic bounds is not supported")
    if high <= low:
        raise cx.error(f"randint needs low < high, got [{low}, {high})")
    bits = random_bits(cx, sizes, "ui64", generator)
    r = cx.op("remainder", bits, cx.const(high - low, "ui64", sizes))
    r = cx.op("add", cx.convert(r, "i64"), cx.const(low, "i64", sizes))
    return to_element(cx, r, element) if not dtypes.is_float(element) else cx.convert(r, element)


@converts("randint")
def randint(cx, *args, generator=None, **kwargs):
    bounds = [a for a in args if not isinstance(a, (list, tuple))]
    low, high = (0, bounds[0]) if len(bounds) == 1 else bounds[:2]
    return _randint(cx, low, high, generator)


@converts("randint_like")
def randint_like(cx, x, *bounds, generator=None, **kwargs):
    if any(isinstance(b, ir.Value) and cx.rank(b) for b in bounds):
        raise cx.error("randint_like with a tensor bound is not supported")
    low, high = (0, bounds[0]) if len(bounds) == 1 else bounds[:2]
    return _randint(cx, low, high, generator)


@converts("randperm")
def randperm(cx, n, generator=None, **kwargs):
    """iota sorted by random 64-bit keys (stable, so ties still give a permutation)."""
    if isinstance(n, ir.Value):
        raise cx.error("randperm with a symbolic length is not supported")
    keys = random_bits(cx, [n], "ui64", generator)
    from .sorting import sort_with
    _, perm = sort_with(cx, [keys, _iota(cx, n, "i64")], 0, descending=False)
    return to_element(cx, perm, cx.out_element())


@converts("bernoulli")
def bernoulli(cx, x, p=None, generator=None):
    """1 where u < p (p defaults to x itself, as torch.bernoulli(x) reads probabilities)."""
    element = cx.out_element()
    sizes = _static_sizes(cx, cx.out_sizes(), "a random tensor")
    acc = "f64"
    p = x if p is None else p
    u = uniform01(cx, sizes, acc, generator)
    hit = cx.op("compare", u, cx.tensor(p, acc, sizes), comparison_direction="LT")
    return to_element(cx, hit, element)


@converts("native_dropout")
def native_dropout(cx, x, p, train):
    """(x * mask / (1 - p), mask) with mask = u >= p in training; (x, ones) otherwise."""
    sizes = cx.sizes_of(x)
    if train is False:
        return x, cx.const(True, "i1", sizes)
    sizes = _static_sizes(cx, sizes, "dropout")
    element = cx.element(x)
    keep = cx.op("compare", uniform01(cx, sizes, _compute_element(element)), cx.const(p, _compute_element(element), sizes),
                 comparison_direction="GE")
    scale = 0.0 if p >= 1 else 1.0 / (1.0 - p)
    # x * mask * scale, as PyTorch computes it (a dropped NaN stays NaN)
    out = cx.op("multiply", cx.op("multiply", x, cx.convert(keep, element)), cx.const(scale, element, sizes))
    return out, keep


@converts("multinomial")
def multinomial(cx, probs, num_samples, replacement=False, generator=None):
    """Category indices drawn with weights `probs` (rows of a 1-D or 2-D tensor). Without
    replacement: the num_samples smallest exponential clocks e / p (e ~ Exp(1)), which is
    successive sampling without replacement; with replacement: the first category whose
    cumulative weight exceeds u * total."""
    if isinstance(num_samples, ir.Value):
        raise cx.error("multinomial with a symbolic num_samples is not supported")
    sizes = _static_sizes(cx, cx.sizes_of(probs), "multinomial")
    rows, n = (1, sizes[0]) if len(sizes) == 1 else sizes
    acc = _compute_element(cx.element(probs))
    p = cx.reshape(cx.convert(probs, acc), [rows, n])
    if replacement:
        picked = _inverse_cdf(cx, p, rows, n, num_samples, acc, generator)
    else:
        e = cx.op("negate", cx.op("log_plus_one", cx.op("negate", uniform01(cx, [rows, n], acc, generator))))
        clocks = cx.op("divide", e, p)
        iota = cx.op("iota", iota_dimension=1, result_types=[tensor_type([rows, n], "i64")])
        from .sorting import sort_with
        _, order = sort_with(cx, [clocks, iota], 1)
        picked = cx.op("slice", order, start_indices=[0, 0], limit_indices=[rows, num_samples], strides=[1, 1])
    return cx.reshape(picked, cx.out_sizes())


def _inverse_cdf(cx, p, rows, n, num_samples, acc, generator):
    """For each of num_samples uniforms per row: how many cumulative weights are <= u * total
    (the first category past u; zero-weight categories are never chosen)."""
    zero = cx.const(0, acc)
    op = cx.region_op("reduce_window", [p], [zero], window_dimensions=[1, n], padding=[[0, 0], [n - 1, 0]],
                      result_types=[tensor_type([rows, n], acc)])
    t = ir.Type.parse(f"tensor<{acc}>")
    block = op.regions[0].blocks.append(t, t)
    with ir.InsertionPoint(block):
        cx.op("return", [cx.op("add", *block.arguments)], result_types=[])
    cdf = op.results[0]
    total = cx.reshape(cx.op("slice", cdf, start_indices=[0, n - 1], limit_indices=[rows, n], strides=[1, 1]), [rows])
    u = cx.op("multiply", uniform01(cx, [rows, num_samples], acc, generator),
              cx.broadcast(total, [rows, num_samples], [0]))
    full = [rows, num_samples, n]
    below = cx.op("compare", cx.broadcast(cdf, full, [0, 2]), cx.broadcast(u, full, [0, 1]),
                  comparison_direction="LE")
    from .sorting import _reduce
    count = _reduce(cx, cx.convert(below, "i64"), 2, "add", 0)
    return cx.op("minimum", count, cx.const(n - 1, "i64", [rows, num_samples]))
