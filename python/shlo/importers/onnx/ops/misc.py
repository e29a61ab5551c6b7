"""Assorted ONNX ops: LpNormalization, BitCast, TensorScatter, the random generators
(RandomNormal / RandomUniform and their *Like forms, Bernoulli, Multinomial) and TfIdfVectorizer
(integer inputs). MaxRoiPool, DeformConv and NonMaxSuppression are in misc_detection.py.

Random ops draw their bits from shlo.rng_bit_generator (THREE_FRY) with a constant state
[key, 0]: the key is the node's `seed` attribute (its f64 bit pattern, so 1.0 and 1.5 differ),
else a fixed key derived from the node's first output name (so two unseeded nodes draw
different streams). The values are therefore a deterministic function of the program -- every
run repeats them, as onnxruntime does for a seeded node -- and never equal onnxruntime's or
numpy's draws. Uniform values are made in f32 (f64 for f64) and scaled to [low, high); for
f16 / bf16 results the final rounding may give `high` itself, as any rounding of a scaled draw can.
"""
from __future__ import annotations

import zlib

import numpy as np

from ....types import tensor_type
from .. import dtypes
from ..registry import converts

I64 = "i64"


def _axis(cx, axis, rank):
    if not -rank <= axis < rank:
        raise cx.error(f"axis {axis} is out of range for rank {rank}")
    return axis % rank


def _k(cx, value, like):
    return cx.const(value, cx.element(like), cx.sizes_of(like))


def _cmp(cx, a, b, direction):
    return cx.op("compare", a, b, comparison_direction=direction)


def _static_sizes(cx, v, what):
    sizes = cx.sizes_of(v)
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} needs static sizes")
    return sizes


# ----------------------------------------------------------------------------- LpNormalization

@converts("LpNormalization", since=1)
def lp_normalization(cx, x, axis=-1, p=2):
    """x / ||x||_p along axis; a zero norm gives 0 (as onnx's reference), not NaN."""
    from .nn import keep, reduce1
    if p not in (1, 2):
        raise cx.error(f"p must be 1 or 2, got {p}")
    a = _axis(cx, axis, cx.rank(x))
    ax = cx.op("abs", x)
    norm = reduce1(cx, ax if p == 1 else cx.op("multiply", x, x), [a], "add", 0)
    if p == 2:
        norm = cx.op("sqrt", norm)
    norm = keep(cx, norm, x, [a])
    zero = _k(cx, 0, x)
    is_zero = _cmp(cx, norm, zero, "EQ")
    safe = cx.op("select", is_zero, _k(cx, 1, x), norm)
    return cx.op("select", is_zero, zero, cx.op("divide", x, safe))


# ----------------------------------------------------------------------------- BitCast

@converts("BitCast", since=26)
def bitcast(cx, x, to):
    """Reinterprets the bits; ONNX requires the same bit width (so the shape is kept). Bools
    are one byte in ONNX: a bool <-> 8-bit cast goes through a select / compare."""
    src, dst = cx.element(x), dtypes.element(to)
    if src == dst:
        return x
    if src == "i1" or dst == "i1":
        other = dst if src == "i1" else src
        if dtypes.is_float(other) or _width(other) != 8:
            raise cx.error(f"BitCast between bool and {other}: the widths differ")
        if src == "i1":
            return cx.op("select", x, cx.const(1, dst, cx.sizes_of(x)), cx.const(0, dst, cx.sizes_of(x)))
        return _cmp(cx, x, _k(cx, 0, x), "NE")   # a byte other than 0 / 1 is not a valid bool anyway
    if _width(src) != _width(dst):
        raise cx.error(f"BitCast from {src} to {dst}: ONNX requires the same bit width "
                       f"({_width(src)} vs {_width(dst)})")
    return cx.op("bitcast_convert", x, result_types=[tensor_type(cx.info(x).shape, dst)])


def _width(element: str) -> int:
    from ....types import element_bits
    return element_bits(element)


# ----------------------------------------------------------------------------- TensorScatter

@converts("TensorScatter", since=24)
def tensor_scatter(cx, past, update, write_indices=None, mode="linear", axis=-2):
    """present = past with update written along `axis` from write_indices[batch] on (mod the
    cache length in circular mode): one scatter of every update element to its cache index.
    Linear writes past the cache's end are dropped (shlo.scatter skips out-of-range indices)."""
    from .tensors import _scatter
    if mode not in ("linear", "circular"):
        raise cx.error(f"unknown mode {mode!r}")
    rank = cx.rank(past)
    a = _axis(cx, axis, rank)
    if a == 0:
        raise cx.error("axis must not be the batch dimension (0)")
    usizes = cx.sizes_of(update)
    coords = []
    for d in range(rank):
        c = cx.op("iota", iota_dimension=d, result_types=[tensor_type(usizes, I64)]) if _all_int(usizes) else \
            cx.op("dynamic_iota", cx.shape_tensor(usizes), iota_dimension=d,
                  result_types=[tensor_type(cx.info(update).shape, I64)])
        if d == a:
            if write_indices is not None:
                c = cx.op("add", c, cx.broadcast(cx.convert(write_indices, I64), usizes, dims=[0]))
            if mode == "circular":
                n = cx.broadcast(cx.size_value(cx.dim(past, a)), usizes, dims=[])
                c = cx.op("remainder", c, n)
                c = cx.op("select", _cmp(cx, c, _k(cx, 0, c), "LT"), cx.op("add", c, n), c)
        coords.append(cx.reshape(c, usizes + [1]))
    idx = cx.op("concatenate", coords, dimension=rank)
    dn = {"update_window_dims": [], "inserted_window_dims": list(range(rank)),
          "scatter_dims_to_operand_dims": list(range(rank)), "index_vector_dim": rank}
    return _scatter(cx, past, idx, update, dn, None)


def _all_int(sizes) -> bool:
    return all(isinstance(s, int) for s in sizes)


# ----------------------------------------------------------------------------- random

def _key(cx, seed) -> int:
    if seed is not None:
        return int(np.array(float(seed), np.float64).view(np.uint64))
    name = next((o for o in cx.node.output if o), cx.node.name or cx.node.op_type)
    return zlib.crc32(name.encode()) | 0x5EED00000000


def _bits(cx, seed, sizes, width: int, stream: int = 0):
    """Random unsigned words (ui32 or ui64) of `sizes`; `stream` picks another draw of the same
    key (for run-time sizes only: static sizes draw once, as many words as needed)."""
    key = _key(cx, seed)
    ui = f"ui{width}"
    if _all_int(sizes):
        state = cx.const(np.array([key, 0], np.uint64), "ui64", (2,))
        _, bits = cx.op("rng_bit_generator", state, rng_algorithm="THREE_FRY",
                        result_types=[tensor_type([2], "ui64"), tensor_type(sizes, ui)])
        return bits
    # run-time sizes (rng_bit_generator's result is static): each element's word is the
    # SplitMix64 finalizer of its flat position offset by the key, element-wise over a dynamic iota
    n = [cx.element_count(sizes)]
    idx = cx.convert(cx.op("dynamic_iota", cx.shape_tensor(n), iota_dimension=0,
                           result_types=[tensor_type([None], I64)]), "ui64")
    k = lambda v: cx.const(np.uint64(v), "ui64", n)  # noqa: E731
    mixed = (key + (stream + 1) * 0xD1B54A32D192ED03) % 2 ** 64
    z = cx.op("add", cx.op("multiply", cx.op("add", idx, k(1)), k(0x9E3779B97F4A7C15)), k(mixed))
    for shift, mult in ((30, 0xBF58476D1CE4E5B9), (27, 0x94D049BB133111EB)):
        z = cx.op("multiply", cx.op("xor", z, cx.op("shift_right_logical", z, k(shift))), k(mult))
    z = cx.op("xor", z, cx.op("shift_right_logical", z, k(31)))
    if width == 32:
        z = cx.convert(cx.op("shift_right_logical", z, k(32)), ui)
    return cx.reshape(z, list(sizes))


def _uniform01(cx, seed, sizes, element, stream=0):
    """Uniform values in [0, 1) of `element` (f32 / f64; narrower floats are made in f32): the
    top mantissa-many bits as the fraction of a float in [1, 2), minus 1."""
    work = "f64" if element == "f64" else "f32"
    width, mant, one = (64, 52, 0x3FF0000000000000) if work == "f64" else (32, 23, 0x3F800000)
    bits = _bits(cx, seed, sizes, width, stream)
    ui = f"ui{width}"
    frac = cx.op("shift_right_logical", bits, cx.const(width - mant, ui, sizes))
    shape = [v if isinstance(v, int) else None for v in sizes]
    f = cx.op("bitcast_convert", cx.op("or", frac, cx.const(one, ui, sizes)), result_types=[tensor_type(shape, work)])
    return cx.op("subtract", f, cx.const(1.0, work, sizes)), work


def _uniform(cx, seed, sizes, element, low, high):
    u, work = _uniform01(cx, seed, sizes, element)
    u = cx.op("add", cx.op("multiply", u, cx.const(high - low, work, sizes)), cx.const(low, work, sizes))
    return cx.convert(u, element)


def _normal(cx, seed, sizes, element, mean, scale):
    """Box-Muller over two uniform draws (u1 moved into (0, 1] so that its log is finite)."""
    n = len(sizes)
    if _all_int(sizes):
        both, work = _uniform01(cx, seed, [2] + list(sizes), element)

        def half(i):
            s = cx.op("slice", both, start_indices=[i] + [0] * n, limit_indices=[i + 1] + list(sizes),
                      strides=[1] * (n + 1))
            return cx.reshape(s, list(sizes))
    else:       # run-time sizes: two streams of the same key
        draws = [_uniform01(cx, seed, sizes, element, stream) for stream in (0, 1)]
        work = draws[0][1]
        half = lambda i: draws[i][0]  # noqa: E731
    k = lambda v: cx.const(v, work, sizes)  # noqa: E731
    u1 = cx.op("subtract", k(1.0), half(0))
    r = cx.op("sqrt", cx.op("multiply", k(-2.0), cx.op("log", u1)))
    z = cx.op("multiply", r, cx.op("cosine", cx.op("multiply", k(2 * np.pi), half(1))))
    return cx.convert(cx.op("add", cx.op("multiply", z, k(scale)), k(mean)), element)


def _float_dtype(cx, dtype, default):
    e = dtypes.element(dtype) if dtype is not None else default
    if not dtypes.is_float(e):
        raise cx.error(f"dtype must be a float type, got {e}")
    return e


def _like(cx, x, dtype):
    if dtype is not None:
        return _float_dtype(cx, dtype, None)
    e = cx.element(x)
    if not dtypes.is_float(e):
        raise cx.error(f"the input is {e}: give a float dtype")
    return e


@converts("RandomNormal", since=1)
def random_normal(cx, shape, dtype=1, mean=0.0, scale=1.0, seed=None):
    return _normal(cx, seed, list(shape), _float_dtype(cx, dtype, "f32"), mean, scale)


@converts("RandomUniform", since=1)
def random_uniform(cx, shape, dtype=1, high=1.0, low=0.0, seed=None):
    return _uniform(cx, seed, list(shape), _float_dtype(cx, dtype, "f32"), low, high)


@converts("RandomNormalLike", since=1)
def random_normal_like(cx, x, dtype=None, mean=0.0, scale=1.0, seed=None):
    return _normal(cx, seed, cx.sizes_of(x), _like(cx, x, dtype), mean, scale)


@converts("RandomUniformLike", since=1)
def random_uniform_like(cx, x, dtype=None, high=1.0, low=0.0, seed=None):
    return _uniform(cx, seed, cx.sizes_of(x), _like(cx, x, dtype), low, high)


@converts("Bernoulli", since=15)
def bernoulli(cx, p, dtype=None, seed=None):
    """1 where a uniform draw in [0, 1) falls below p."""
    element = dtypes.element(dtype) if dtype is not None else cx.element(p)
    sizes = cx.sizes_of(p)
    u, work = _uniform01(cx, seed, sizes, cx.element(p))
    hit = _cmp(cx, u, cx.convert(p, work), "LT")
    if element == "i1":
        return hit
    return cx.op("select", hit, cx.const(1, element, sizes), cx.const(0, element, sizes))


@converts("Multinomial", since=7)
def multinomial(cx, x, dtype=6, sample_size=1, seed=None):
    """x: (batch, classes) unnormalized log-probabilities. Each sample is the argmax over classes
    of x + Gumbel noise (the Gumbel-max trick: exactly the categorical distribution), which needs
    no cumulative sums (a (classes x classes) matrix would not do for vocabulary-sized inputs)."""
    element = dtypes.element(dtype)
    if element not in ("i32", "i64"):
        raise cx.error(f"dtype must be int32 or int64, got {element}")
    b, c = _static_sizes(cx, x, "Multinomial")
    pts = [b, sample_size, c]
    u, work = _uniform01(cx, seed, pts, cx.element(x))
    k = lambda v: cx.const(v, work, pts)  # noqa: E731
    # u + half a step lies strictly inside (0, 1), so both logs are finite
    u = cx.op("add", u, k(2.0 ** -53 if work == "f64" else 2.0 ** -24))
    gumbel = cx.op("negate", cx.op("log", cx.op("negate", cx.op("log", u))))
    z = cx.op("add", cx.broadcast(cx.convert(x, work), pts, dims=[0, 2]), gumbel)
    from .nn import keep, reduce1
    best = keep(cx, reduce1(cx, z, [2], "maximum", -np.inf), z, [2])
    idx = cx.op("iota", iota_dimension=2, result_types=[tensor_type(pts, I64)])
    first = cx.op("select", _cmp(cx, z, best, "EQ"), idx, cx.const(c - 1, I64, pts))
    return cx.convert(reduce1(cx, first, [2], "minimum", c - 1), element)


# ----------------------------------------------------------------------------- TfIdfVectorizer
#
# Integer inputs only (string tensors are out of scope). The pool is known (attributes), so per
# n-gram size n and skip distance d every row position s is compared at once: the n-gram
# (x[s], x[s + d], ..., x[s + (n-1) d]) against every pool n-gram of that size, the matches summed
# over s and d, then mapped to the output slots by a constant 0/1 matrix. As onnx's reference
# and onnxruntime, 1-grams are counted once (for d = 1 only); a pool listing an n-gram twice is an
# error (as in onnxruntime).

def _tfidf_pool(cx, pool, ngram_counts, ngram_indexes, min_n, max_n):
    """{n: (tokens (P, n) array, output slots)} of the pool n-grams with min_n <= n <= max_n."""
    out = {}
    i = 0                                       # the n-gram id (position in ngram_indexes)
    for k, start in enumerate(ngram_counts):
        n = k + 1
        end = ngram_counts[k + 1] if k + 1 < len(ngram_counts) else len(pool)
        count = (end - start) // n
        if min_n <= n <= max_n and count:
            grams = {}
            for j in range(count):
                gram = tuple(pool[start + j * n:start + (j + 1) * n])
                if gram in grams:
                    raise cx.error(f"the pool lists the {n}-gram {list(gram)} twice")
                grams[gram] = ngram_indexes[i + j]
            out[n] = (np.array(list(grams), np.int64).reshape(-1, n), list(grams.values()))
        i += count
    return out


@converts("TfIdfVectorizer", since=9)
def tfidf_vectorizer(cx, x, mode=None, min_gram_length=1, max_gram_length=1, max_skip_count=0, ngram_counts=None,
                     ngram_indexes=None, pool_int64s=None, pool_strings=None, weights=None):
    if pool_strings is not None or pool_int64s is None:
        raise cx.error("string pools (pool_strings) are not supported: string tensors are out of scope")
    if mode not in ("TF", "IDF", "TFIDF"):
        raise cx.error(f"unknown mode {mode!r}")
    from .nn import reduce1
    one_d = cx.rank(x) == 1
    xs = cx.reshape(x, [1] + cx.sizes_of(x)) if one_d else x
    b, c = _static_sizes(cx, xs, "TfIdfVectorizer")
    xs = cx.convert(xs, I64)
    slots = max(ngram_indexes) + 1
    total = cx.const(0.0, "f32", [b, slots])
    pools = _tfidf_pool(cx, list(pool_int64s), list(ngram_counts), list(ngram_indexes), min_gram_length,
                        max_gram_length)
    for n, (grams, outs) in pools.items():
        p = len(outs)
        counts = None
        for d in ([1] if n == 1 else range(1, max_skip_count + 2)):
            length = c - (n - 1) * d
            if length <= 0:
                continue
            s = [b, length, p]
            match = None
            for k in range(n):
                tok = cx.op("slice", xs, start_indices=[0, k * d], limit_indices=[b, k * d + length], strides=[1, 1])
                eq = _cmp(cx, cx.broadcast(tok, s, dims=[0, 1]),
                          cx.broadcast(cx.const(grams[:, k], I64, (p,)), s, dims=[2]), "EQ")
                match = eq if match is None else cx.op("and", match, eq)
            found = reduce1(cx, cx.convert(match, "f32"), [1], "add", 0.0)          # (B, P)
            counts = found if counts is None else cx.op("add", counts, found)
        if counts is None:
            continue
        onehot = np.zeros((p, slots), np.float32)
        onehot[np.arange(p), outs] = 1
        total = cx.op("add", total, cx.op("dot_general", counts, cx.const(onehot, "f32", onehot.shape),
                                          dot_dimension_numbers={
                                              "lhs_batching_dimensions": [], "rhs_batching_dimensions": [],
                                              "lhs_contracting_dimensions": [1], "rhs_contracting_dimensions": [0]}))
    w = None
    if weights is not None and len(weights):
        # weights[i] scales the i-th pool n-gram, i.e. output slot ngram_indexes[i] (the schema's
        # words and onnxruntime; onnx's reference indexes them by slot, the same for the usual
        # identity ngram_indexes)
        if len(weights) != len(ngram_indexes):
            raise cx.error(f"{len(weights)} weights for {len(ngram_indexes)} n-grams")
        per_slot = np.zeros(slots, np.float32)
        per_slot[list(ngram_indexes)] = weights
        w = cx.const(per_slot, "f32", [b, slots])
    if mode == "IDF":
        total = cx.convert(_cmp(cx, total, _k(cx, 0.0, total), "GT"), "f32")
    if mode in ("IDF", "TFIDF") and w is not None:
        total = cx.op("multiply", total, w)
    return cx.reshape(total, [slots]) if one_d else total
