"""Reductions and ops with scalar regions: reduce, dot_general, sort, map.

Regions whose ops are all element-wise (see `elementwise_region`) are run on
whole arrays at once, which gives, element for element, what running them
once per element gives; other regions are called once per element, in a
fixed order, so results are deterministic either way.

reduce applies its body in XLA CPU's order (see XLA_REDUCE_WINDOW): the order shows in types
that round at each step, such as f16 and bf16 sums.

dot_general accumulates exactly where it can: integers in int64/uint64 and
wrapped to the result's N bits (two's complement, like N-bit arithmetic),
booleans as AND/OR, floats as float64 sums of float64 products rounded once
to the result type (f32 in the shapes where XLA CPU was measured to use a sequential fused
multiply-add: that order, see _xla_sequential_f32), complex numbers in complex128 (complex64
in XLA CPU's f32 orders where they were measured, see _xla_complex64_order). This is our
implementation choice within the spec, which leaves the summation order and
intermediate precision open.
"""
from __future__ import annotations

import functools
import os

import numpy as np

from ...literals import numpy_dtype
from ..registry import implements
from .elementwise import as_int, finish, kind, to_f64, wrap
from .shapes import check_shape, common_shape

# Ops that compute each result element from the operand elements at the same
# index only; a region made only of them can run on whole arrays.
_ELEMENTWISE = frozenset("""add subtract multiply divide remainder maximum minimum clamp compare select
    and or xor not abs negate sign convert constant power atan2 shift_left shift_right_logical
    shift_right_arithmetic popcnt count_leading_zeros is_finite complex real imag reduce_precision
    ceil floor round_nearest_even round_nearest_afz sqrt rsqrt cbrt exponential exponential_minus_one
    log log_plus_one logistic sine cosine tan tanh""".split())


def elementwise_region(region) -> bool:
    """True when `region` (a BoundRegion from the evaluator) only runs element-wise shlo ops."""
    steps_only = getattr(region, "steps_only", None)
    if steps_only is None:  # a plain callable: take the per-element path
        return False
    try:
        return bool(steps_only(_ELEMENTWISE))
    except Exception:  # noqa: BLE001 - anything unexpected: take the per-element path
        return False


def _scalar_at(flat: np.ndarray, i: int) -> np.ndarray:
    """Element `i` of a 1-D array as a rank-0 array of the same dtype."""
    return flat[i:i + 1].reshape(())


def _as(values, shape, dtype) -> np.ndarray:
    return np.broadcast_to(np.asarray(values), shape).astype(dtype)   # a fresh, writable copy


def _results(outs, n: int, what: str) -> list:
    outs = list(outs)
    if len(outs) != n:
        raise ValueError(f"{what} returned {len(outs)} values, expected {n}")
    return outs


# ----------------------------------------------------------------- reduce


# Element-wise bodies reduce in XLA CPU's order, which shows in the last bits wherever the body
# rounds (f16 / bf16 sums above all). Where every reduced dimension has at most
# XLA_REDUCE_WINDOW elements, XLA folds left to right from the init value, in row-major order
# of the reduced indices (done here for up to SEQUENTIAL_REDUCE_LIMIT elements per result, one
# vectorized body call per element; past that, and for variadic reductions of more, a pairwise
# tree). A single-input reduction with a longer dimension is rewritten by XLA's
# TreeReductionRewriter, as _windowed_reduce repeats, where the init value is the body's
# identity on the inputs (XLA's rewrite applies any other init value once per window).
XLA_REDUCE_WINDOW = 32
SEQUENTIAL_REDUCE_LIMIT = 4096


def _fold(rows: np.ndarray, init, body, dtype) -> np.ndarray:
    """Left fold of the last axis of `rows` from `init`."""
    shape = rows.shape[:-1]
    acc = _as(init, shape, dtype)
    for k in range(rows.shape[-1]):
        acc = _as(_results(body(acc, rows[..., k]), 1, "body")[0], shape, dtype)
    return acc


def _is_identity(body, init, x: np.ndarray, dtype) -> bool:
    """Whether body(init, v) is v, bit for bit, for every element v of x (and for init). XLA's
    tree pads with the init value and starts every window from it, which applies a
    non-identity init many times; the interpreter then folds once from init instead."""
    values = np.concatenate([np.asarray(x, dtype).reshape(-1), np.asarray(init, dtype).reshape(1)])
    out = np.asarray(_results(body(_as(init, values.shape, dtype), values), 1, "body")[0]).astype(dtype)
    if values.dtype.kind in "biu":
        return bool(np.array_equal(out, values))
    with np.errstate(all="ignore"):             # floats by value (0 + -0 is 0), NaN for NaN
        a, b = out.astype(np.complex128), values.astype(np.complex128)
    return bool(np.all((a == b) | (np.isnan(a) & np.isnan(b))))


def _windowed_reduce(x: np.ndarray, init, dims: list, body, dtype) -> np.ndarray:
    """XLA's tree reduction: when a reduced dimension has more than XLA_REDUCE_WINDOW elements,
    each reduced dimension d is cut into windows of w = min(size, 32) (stride w, padded with the
    init value as XLA's SAME padding: the smaller half before), each window folded from the
    init value in row-major order of its elements, and the window results reduced the same way
    again (the rewrite repeats until no dimension is longer than 32)."""
    keep = [d for d in range(x.ndim) if d not in dims]
    out = tuple(x.shape[d] for d in keep)
    if all(x.shape[d] <= XLA_REDUCE_WINDOW for d in dims):
        count = int(np.prod([x.shape[d] for d in dims], dtype=np.int64))
        return _fold(x.transpose(keep + dims).reshape(out + (count,)), init, body, dtype)
    pads, split, k_axes, w_axes, keep_axes, ks, ws = [], [], [], [], [], [], []
    for d in range(x.ndim):
        if d not in dims:
            pads.append((0, 0))
            split.append(x.shape[d])
            keep_axes.append(len(split) - 1)
            continue
        w = min(x.shape[d], XLA_REDUCE_WINDOW)
        k = -(-x.shape[d] // w)
        extra = k * w - x.shape[d]
        pads.append((extra // 2, extra - extra // 2))
        split += [k, w]
        k_axes.append(len(split) - 2)
        w_axes.append(len(split) - 1)
        ks.append(k)
        ws.append(w)
    padded = np.pad(x, pads, constant_values=np.asarray(init).astype(x.dtype)) if any(p != (0, 0) for p in pads) else x
    windows = padded.reshape(split).transpose(keep_axes + k_axes + w_axes)
    windows = windows.reshape(out + (int(np.prod(ks)), int(np.prod(ws))))
    partial = _fold(windows, init, body, dtype).reshape(out + tuple(ks))
    return _windowed_reduce(partial, init, list(range(len(out), len(out) + len(ks))), body, dtype)


def _accumulator_dtype(ctx, i: int, init) -> np.dtype:
    """The dtype the body accumulates in: the result's element type, which differs from the
    init value's when the body promotes it (since 1.5.0); quantized values keep their storage."""
    t = ctx.result_types[i]
    if t.quant is None and t.element is not None:
        return numpy_dtype(t.element)
    return np.dtype(np.asarray(init).dtype)


@implements("reduce", quant_aware=True)
def reduce(ctx, *operands):
    if len(operands) < 2 or len(operands) % 2:
        raise ValueError(f"reduce takes N inputs and N init values; got {len(operands)} operands")
    n = len(operands) // 2
    dtypes = [_accumulator_dtype(ctx, i, v) for i, v in enumerate(operands[n:])]
    inputs = [np.asarray(x).astype(dt, copy=False) for x, dt in zip(operands[:n], dtypes)]
    inits = [np.asarray(v).astype(dt).reshape(()) for v, dt in zip(operands[n:], dtypes)]
    shape = common_shape(inputs, ctx, "C2")
    dims = [int(d) for d in ctx.attrs["dimensions"]]
    if len(set(dims)) != len(dims) or any(not 0 <= d < len(shape) for d in dims):
        raise ValueError(f"bad dimensions {dims} for inputs of rank {len(shape)}")
    keep = [d for d in range(len(shape)) if d not in dims]
    out_shape = tuple(shape[d] for d in keep)
    for i in range(n):
        check_shape(ctx, out_shape, i)
    count = int(np.prod([shape[d] for d in dims], dtype=np.int64))
    # inputs as (result elements, reduced elements), reduced indices in row-major order
    rows = [x.transpose(keep + sorted(dims)).reshape(out_shape + (count,)) for x in inputs]
    if count == 0 or 0 in out_shape:
        return [_as(v, out_shape, dt) for v, dt in zip(inits, dtypes)]
    body = ctx.regions[0]
    if (elementwise_region(body) and n == 1 and any(shape[d] > XLA_REDUCE_WINDOW for d in dims)
            and _is_identity(body, inits[0], inputs[0], dtypes[0])):
        return [_windowed_reduce(inputs[0], inits[0], sorted(dims), body, dtypes[0])]
    if elementwise_region(body) and count <= SEQUENTIAL_REDUCE_LIMIT:
        # XLA's order: init, then each reduced element in row-major order, one body call per
        # element, run on all result elements at once
        acc = [_as(v, out_shape, dt) for v, dt in zip(inits, dtypes)]
        for k in range(count):
            outs = _results(body(*acc, *[r[..., k] for r in rows]), n, "body")
            acc = [_as(o, out_shape, dt) for o, dt in zip(outs, dtypes)]
        return acc
    if elementwise_region(body):
        # pairwise tree over neighbours (keeps the left-to-right order of operands)
        vals = rows
        while vals[0].shape[-1] > 1:
            k = vals[0].shape[-1]
            h = k // 2
            left = [v[..., 0:2 * h:2] for v in vals]
            right = [v[..., 1:2 * h:2] for v in vals]
            outs = _results(body(*left, *right), n, "body")
            merged = [_as(o, left[0].shape, dt) for o, dt in zip(outs, dtypes)]
            if k % 2:
                merged = [np.concatenate([m, v[..., 2 * h:]], axis=-1) for m, v in zip(merged, vals)]
            vals = merged
        outs = _results(body(*[_as(v, out_shape, dt) for v, dt in zip(inits, dtypes)],
                             *[v[..., 0] for v in vals]), n, "body")
        return [_as(o, out_shape, dt) for o, dt in zip(outs, dtypes)]
    # any other body: fold each result element's inputs in row-major order, starting from init
    flat_rows = [r.reshape(-1, count) for r in rows]
    results = [np.empty(out_shape, dtype=dt) for dt in dtypes]
    flat_results = [r.reshape(-1) for r in results]
    for o in range(flat_rows[0].shape[0]):
        acc = list(inits)
        for k in range(count):
            acc = _results(body(*acc, *[_scalar_at(r[o], k) for r in flat_rows]), n, "body")
        for res, v in zip(flat_results, acc):
            res[o] = np.asarray(v).astype(res.dtype)
    return results


# ----------------------------------------------------------------- dot_general


def _accumulator(x: np.ndarray, element: str, acc_kind: str) -> np.ndarray:
    """Values of element type `element` in the accumulation dtype of `acc_kind`."""
    if acc_kind == "bool":
        return np.asarray(x).astype(np.int64) != 0
    if acc_kind in ("signed", "unsigned"):
        return as_int(x, element).astype(np.uint64 if acc_kind == "unsigned" else np.int64)
    if acc_kind == "float":
        return to_f64(x)
    return np.asarray(x).astype(np.complex128)


def batched_matmul(a: np.ndarray, b: np.ndarray, acc_kind: str) -> np.ndarray:
    """(G, M, K) x (G, K, N) in the accumulation dtype (bool: AND/OR via counting)."""
    with np.errstate(all="ignore"):
        if acc_kind == "bool":
            return np.matmul(a.astype(np.int64), b.astype(np.int64)) != 0
        return np.matmul(a, b)


def finish_accumulated(acc: np.ndarray, element: str) -> np.ndarray:
    """An accumulated int64/uint64/float64/complex128/bool array as element type `element`."""
    k = kind(element)
    if k == "bool":
        return np.asarray(acc != 0, dtype=np.bool_)
    if k in ("signed", "unsigned"):
        return wrap(acc, element)
    return finish(acc, element)


# f32 dot_general in XLA CPU's order where it was measured to be one (jaxlib 0.10.2 on an AVX2 +
# FMA host, tools/xla_dot_order.py): each result element a sequential fused multiply-add over the
# contracting index from 0, starting at 0. That holds, bit for bit, for dots in the row-major
# form (batch dimensions leading on both sides, the lhs's contraction its last dimension, the
# rhs's right after its batch dimensions) with M lhs rows and N rhs columns where
#   M % 8 == 0 and N >= 2 (K up to 4096 measured), or
#   K <= 3, N <= 6 and 2 <= M <= 8, or
#   K <= 7 and either 2 <= M <= 3, N <= 3 or N = 1, 2 <= M <= 7, or
#   16 <= N <= 64, K <= 512 and M >= 2 (M = 1, N = 17: the last column differs).
# Elsewhere XLA sums without fma (M = 2 to 6 or 9 to 12 with N = 8, for example), in vector
# partial sums (N = 1, K >= 16) or in an order not found (M = 1, N = 2; 4 <= K <= 7 with M >= 4
# and N >= 2), so the f64 sum rounded once is kept there, as it is for dots too large to run as
# K passes over the result (SEQUENTIAL_F32_WORK).
SEQUENTIAL_F32_WORK = 1 << 22


@functools.lru_cache(maxsize=None)
def xla_cpu_kind() -> str:
    """'avx512' or 'avx2': the vector width XLA CPU compiles its dots for here (AVX-512 F in
    /proc/cpuinfo). Its f32 dot order differs between the two; without /proc/cpuinfo 'avx2',
    the host the first orders were measured on."""
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
    except OSError:
        return "avx2"
    return "avx512" if "avx512f" in flags else "avx2"


# f32 dot_general on an AVX-512 host (jaxlib 0.10.2; scratch lapack4/grid.py, forms.py): each
# result element is either the sequential fma above ('seqfma') or 'chains4': four fused chains
# over k mod 4 for the first K - K % 4 terms, combined (c0 + c1) + (c2 + c3), plus the last K % 4
# products rounded and summed in order without fma (p0 + p1) + p2. Measured for M 1-64, N 1-64,
# K 1-1024, batched and not, and for dot_generals of any batch / contracting layout whose lhs
# contracts its last dimension (k in the order the lhs's contracting dimensions are listed; an lhs
# contracting its first dimension instead is another order). Per N:
#   N = 1: seqfma for K <= 7;
#   2 <= N <= 8: chains4 for K >= 8; below, seqfma for M <= 7 (N <= 7), chains4 for M >= 8 and
#     for N = 8 (K = 5 with N >= 5 is neither; K = 2 is seqfma up to M = 10 and N = 7);
#   9 <= N <= 16: seqfma for the K of AVX512_SEQFMA_K (M <= 33; M = 64 is chains4), else chains4;
#   17 <= N <= 64: seqfma (M <= 33, K <= 512).
# M = 1: `_xla_f32_row_order_avx512` (ds1). The rest: no order found (the f64 sum rounded once is kept).
AVX512_SEQFMA_K = frozenset({1, 2, 3, 5, 6, 9, 10, 13, 17})


def _xla_f32_order_avx512(lhs_rank, lc, B, M, K, N, rhs_rows=False):
    if lhs_rank - 1 not in lc or M < 1 or not 1 <= K <= 1024 or B * M * N == 0 \
            or B * M * N * K > SEQUENTIAL_F32_WORK:
        return None
    if M == 1:
        return _xla_f32_row_order_avx512(B, K, N) if rhs_rows and lc == [lhs_rank - 1] else None
    if K == 1:
        return "seqfma"                     # (every order is the product rounded once)
    if N == 1:
        return "seqfma" if K <= 7 else None
    if N <= 8:
        if K >= 8:
            return "chains4"
        if K == 2:
            return "seqfma" if M <= 10 and N <= 7 else None
        if K == 5 and N >= 5 and (M >= 8 or N == 8):
            return None
        return "chains4" if M >= 8 or N == 8 else "seqfma"
    if N <= 16:
        if K in AVX512_SEQFMA_K:
            return "seqfma" if M <= 33 else None
        return "chains4"
    if N <= 64:
        return "seqfma" if M <= 33 and K <= 512 else None
    return None


def _xla_f32_row_order_avx512(B, K, N):
    """M = 1 (a row times a matrix) on an AVX-512 host (ds1; tools/xla_dot_order.py --m 1, 3 trials a
    shape): the sequential fma for N >= 3 with N % 8 != 1 (measured K 2-512 for N <= 16, 2-300 up
    to N = 64; N % 8 == 1 sums the last column otherwise), and for N = 1 up to K = 32 (K = 64 on is
    another order); N = 2 was the fma at some K only (K = 6-12 not). One batch element only, and
    the rhs as [K, N] (`rhs_rows`: its one contracting dimension its first non-batch one; with the
    rhs as [N, K], x @ w.T, K >= 8 is another order)."""
    if B != 1:
        return None
    if N == 1:
        return "seqfma" if K <= 32 else None
    if 3 <= N <= 64 and N % 8 != 1 and K <= (512 if N <= 16 else 300):
        return "seqfma"
    return None


def _xla_f32_order(lhs_rank, rhs_rank, lb, lc, rb, rc, B, M, K, N):
    """XLA CPU's f32 dot order on this host's kind ('seqfma', 'chains4'), or None where none was found."""
    if xla_cpu_kind() == "avx512":
        return _xla_f32_order_avx512(lhs_rank, lc, B, M, K, N, rhs_rows=rc == [len(rb)])
    if _xla_sequential_f32(lhs_rank, lb, lc, rb, rc, B, M, K, N) \
            or _xla_sequential_f32_rhs_t(lhs_rank, rhs_rank, lb, lc, rb, rc, M, K, N):
        return "seqfma"
    return None


def _xla_sequential_f32(rank, lb, lc, rb, rc, B, M, K, N) -> bool:
    nb = len(lb)
    if lb != list(range(nb)) or rb != lb or lc != [rank - 1] or rc != [nb]:
        return False
    if not 1 <= K <= 4096 or B * M * N == 0 or B * M * N * K > SEQUENTIAL_F32_WORK:   # (K as measured)
        return False
    return ((M % 8 == 0 and N >= 2) or (K <= 3 and N <= 6 and 2 <= M <= 8)
            or (K <= 7 and ((2 <= M <= 3 and N <= 3) or (N == 1 and 2 <= M <= 7)))
            or (16 <= N <= 64 and K <= 512 and M >= 2))


# complex64 dot_general in XLA CPU's orders where they were measured (jaxlib 0.10.2, this AVX2 +
# FMA host, tools/xla_dot_order.py --complex; the same row-major form as above, K >= 2): products
# and sums in f32, no fma, each result element summed over k from 0, starting at 0, either
#   'products': acc += (ar br - ai bi, ar bi + ai br), the product rounded part by part, where
#     M = 1 and N >= 2, or 2 <= M <= 3 and N = 1; or
#   'real_dots': four real dots, each a sequential sum of rounded products (rr = sum ar br, ...),
#     then (rr - ii, ri + ir), where M >= 2 and N is even with M <= 3 or K <= 7, or N % 8 == 0,
#     or M % 4 == 0 and K <= 3.
# (Measured for M up to 17, K up to 100, N up to 64; then for M up to 32 and K from 101 to 320,
# where both orders held, except 'products' with M = 1, which is another order from K = 128 on;
# every order tried failed at K = 384, 448 and 512: Eigen's K blocks, taken from K = 337 on.) Elsewhere (M = 1 and N = 1, N odd with
# M >= 4 and K >= 4, N = 2 to 6 with M >= 4 and K >= 8, K = 1, ...) the order was not found and
# the complex128 sum rounded once is kept.
# (parity11) K = 321-336 holds too, and 337 on is Eigen's K blocking (kc = 336: its L1 heuristic,
# (32768 - 384) / 96 rounded down to 8): each block summed in that order from 0, then added to the
# result so far (`_c64_k_blocks`); measured right up to K = 600 (two blocks), and at K = 671-672
# wrong for 32 x K x 40 and 32 x K x 64 (another split), so the cap is 600.
# (ds1) On an AVX-512 host with a 48 KiB L1 the depth block is (49152 - 384) / 96 rounded down to
# 8 = 504: K = 340-504 is one block there, and 505-600 two (measured: M 2 / 3 / 8, N 2 / 8 / 16).
# There too, with 2 <= M <= 3 and N odd >= 3, the first N - 1 columns are 'real_dots' and the last
# 'products' ('mixed'; 17 shapes, K 2-320, N 3-9: every element; not measured on AVX2).
# (ds1) One complex dot (M = N = 1) on an AVX-512 host, K <= 32 ('vector'; scratch ds1/c64mul.py,
# 200 dots a K for K 1-5, 12, 16, 17, 20, 24, 31, 32; from K = 33 another order): the real part
# adds each k's fma(ar, br, -(ai bi rounded)) to the sum from 0, rounded; the imaginary part is
# one fused chain, im = fma(ai, br, fma(ar, bi, im)).
C64_ORDER_K = 600
C64_ORDER_K_ROW = 100        # M = 1
C64_ORDER_N = 64
C64_VECTOR_K = 32


@functools.lru_cache(maxsize=None)
def eigen_l1_bytes() -> int:
    """The L1 data cache Eigen's blocking reads here (cpuid; /sys as Linux reports it), else 32 KiB."""
    base = "/sys/devices/system/cpu/cpu0/cache"
    try:
        for index in sorted(os.listdir(base)):
            def read(name):
                with open(os.path.join(base, index, name)) as f:
                    return f.read().strip()
            if index.startswith("index") and read("level") == "1" and read("type") in ("Data", "Unified"):
                size = read("size")
                return int(size[:-1]) * 1024 if size.endswith("K") else int(size)
    except (OSError, ValueError):
        pass
    return 32768


def c64_order_kc() -> int:
    """Eigen's depth block for complex<float> (computeProductBlockingSizes: (L1 - 384) / 96 rounded
    down to 8): 336 with a 32 KiB L1 (the AVX2 host), 504 with 48 KiB."""
    return ((eigen_l1_bytes() - 384) // 96) & ~7


def _xla_complex64_order(rank, lb, lc, rb, rc, B, M, K, N):
    if M == N == 1 and 1 <= K <= C64_VECTOR_K and B * K <= SEQUENTIAL_F32_WORK and rc == sorted(rc) \
            and xla_cpu_kind() == "avx512":
        # k runs over the contracting dimensions as listed; where the rhs lists its own out of
        # order (lhs [1, 2] with rhs [2, 1]) XLA's k order is another one
        return "vector"
    nb = len(lb)
    if lb != list(range(nb)) or rb != lb or lc != [rank - 1] or rc != [nb]:
        return None
    if not 2 <= K <= C64_ORDER_K or not 1 <= N <= C64_ORDER_N or M < 1 or B == 0 \
            or B * M * N * K > SEQUENTIAL_F32_WORK:
        return None
    if M == 1 and N >= 2:
        return "products" if K <= C64_ORDER_K_ROW else None
    if 2 <= M <= 3 and N == 1:
        return "products"
    if 2 <= M <= 3 and N % 2 and xla_cpu_kind() == "avx512":
        return "mixed"
    if M >= 2 and ((N % 2 == 0 and (M <= 3 or K <= 7)) or N % 8 == 0 or (M % 4 == 0 and K <= 3)):
        return "real_dots"
    return None


def _as_complex64(x: np.ndarray, element: str):
    """x as complex64 when that conversion is exact (as XLA's convert then gives the same), else None."""
    k = kind(element)
    x = np.asarray(x)
    if element in ("complex<f32>", "f32", "f16", "bf16"):
        return x.astype(np.complex64)
    if k in ("signed", "unsigned", "bool"):
        v = as_int(x, element) if k != "bool" else x.astype(np.int64)
        if np.all(np.abs(v.astype(np.float64)) < 2.0 ** 24):
            return v.astype(np.float64).astype(np.complex64)
    return None


def _c64_k_blocks(K: int) -> list:
    """Eigen's depth blocks for K (computeProductBlockingSizes: the last block as large as it can be)."""
    kc = c64_order_kc()
    if K > kc:
        kc = kc if K % kc == 0 else kc - 8 * ((kc - 1 - K % kc) // (8 * (K // kc + 1)))
    return [(k, min(k + kc, K)) for k in range(0, K, kc)]


def _complex64_dot(a: np.ndarray, b: np.ndarray, order: str) -> np.ndarray:
    """(B, M, K) x (B, K, N) complex64 in one of XLA's orders (see _xla_complex64_order), block by
    block of K, each block's sum added to the result so far."""
    out = None
    for k0, k1 in _c64_k_blocks(a.shape[2]):
        part = _complex64_dot_block(a[:, :, k0:k1], b[:, k0:k1], order)
        if out is None:
            out = part
        else:
            with np.errstate(all="ignore"):
                out.real, out.imag = out.real + part.real, out.imag + part.imag
    return out


def _complex64_dot_block(a: np.ndarray, b: np.ndarray, order: str) -> np.ndarray:
    if order == "mixed":
        return np.concatenate([_complex64_dot_block(a, b[:, :, :-1], "real_dots"),
                               _complex64_dot_block(a, b[:, :, -1:], "products")], axis=2)
    if order == "vector":
        return _complex64_vector_dot(a, b)
    f32 = np.float32
    ar, ai = a.real.astype(f32), a.imag.astype(f32)
    br, bi = b.real.astype(f32), b.imag.astype(f32)
    shape = (a.shape[0], a.shape[1], b.shape[2])
    with np.errstate(all="ignore"):
        if order == "products":
            re, im = np.zeros(shape, f32), np.zeros(shape, f32)
            for k in range(a.shape[2]):
                xr, xi = ar[:, :, k, None], ai[:, :, k, None]
                yr, yi = br[:, None, k, :], bi[:, None, k, :]
                re = re + (xr * yr - xi * yi)
                im = im + (xr * yi + xi * yr)
        else:
            def dot(x, y):
                acc = np.zeros(shape, f32)
                for k in range(a.shape[2]):
                    acc = acc + x[:, :, k, None] * y[:, None, k, :]
                return acc
            re = dot(ar, br) - dot(ai, bi)
            im = dot(ar, bi) + dot(ai, br)
    out = np.empty(shape, np.complex64)
    out.real, out.imag = re, im
    return out


def _complex64_vector_dot(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(B, 1, K) x (B, K, 1) complex64 in the 'vector' order (see C64_VECTOR_K)."""
    from .fused_multiply_add import fma32
    f32 = np.float32
    ar, ai = a.real.astype(f32)[:, 0], a.imag.astype(f32)[:, 0]          # (B, K)
    br, bi = b.real.astype(f32)[:, :, 0], b.imag.astype(f32)[:, :, 0]
    re = np.zeros(a.shape[0], f32)
    im = np.zeros(a.shape[0], f32)
    with np.errstate(all="ignore"):
        for k in range(a.shape[2]):
            re = re + fma32(ar[:, k], br[:, k], -(ai[:, k] * bi[:, k]))
            im = fma32(ai[:, k], br[:, k], fma32(ar[:, k], bi[:, k], im))
    out = np.empty((a.shape[0], 1, 1), np.complex64)
    out.real[:, 0, 0], out.imag[:, 0, 0] = re, im
    return out


def _xla_sequential_f32_rhs_t(lhs_rank, rhs_rank, lb, lc, rb, rc, M, K, N) -> bool:
    """The same sequential fma for a 2-D [M, K] x [N, K] dot (x @ w.T: the rhs contracts its last
    dimension), where N is a multiple of 16 up to 128 and M >= 2 (measured for M up to 100 and
    K up to 300; N = 17 or 24 is another order, and so is M = 1 past K = 7)."""
    if lhs_rank != 2 or rhs_rank != 2 or lb or rb or lc != [1] or rc != [1]:
        return False
    return M >= 2 and N % 16 == 0 and 16 <= N <= 128 and 1 <= K <= 300 and M * N * K <= SEQUENTIAL_F32_WORK


def _sequential_fma(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(B, M, K) x (B, K, N) f32: acc = fma(a_k, b_k, acc) for k = 0 .. K-1, acc starting at 0."""
    from .fused_multiply_add import fma32
    acc = np.zeros((a.shape[0], a.shape[1], b.shape[2]), np.float32)
    for k in range(a.shape[2]):
        acc = fma32(a[:, :, k, None], b[:, None, k, :], acc)
    return acc


def _four_chains_fma(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(B, M, K) x (B, K, N) f32 in the 'chains4' order (see _xla_f32_order_avx512)."""
    from .fused_multiply_add import fma32
    shape = (a.shape[0], a.shape[1], b.shape[2])
    k = a.shape[2]
    whole = k - k % 4
    chains = [np.zeros(shape, np.float32) for _ in range(4)]
    with np.errstate(all="ignore"):
        for t in range(whole):
            chains[t % 4] = fma32(a[:, :, t, None], b[:, None, t, :], chains[t % 4])
        acc = (chains[0] + chains[1]) + (chains[2] + chains[3])
        if whole < k:
            tail = a[:, :, whole, None] * b[:, None, whole, :]
            for t in range(whole + 1, k):
                tail = tail + a[:, :, t, None] * b[:, None, t, :]
            acc = acc + tail
    return acc


def dot_general_array(lhs, rhs, dn, lhs_el: str, rhs_el: str, res_el: str) -> np.ndarray:
    lhs, rhs = np.asarray(lhs), np.asarray(rhs)
    lb = [int(d) for d in dn.lhs_batching_dimensions or []]
    rb = [int(d) for d in dn.rhs_batching_dimensions or []]
    lc = [int(d) for d in dn.lhs_contracting_dimensions or []]
    rc = [int(d) for d in dn.rhs_contracting_dimensions or []]
    if len(lb) != len(rb) or len(lc) != len(rc):
        raise ValueError("batching (resp. contracting) dimensions of lhs and rhs must pair up")
    for name, ds, rank in (("lhs", lb + lc, lhs.ndim), ("rhs", rb + rc, rhs.ndim)):
        if len(set(ds)) != len(ds) or any(not 0 <= d < rank for d in ds):
            raise ValueError(f"bad batching/contracting dimensions {ds} for {name} of rank {rank}")
    for a, b in zip(lb + lc, rb + rc):
        if lhs.shape[a] != rhs.shape[b]:
            raise ValueError(f"lhs dimension {a} (size {lhs.shape[a]}) does not match "
                             f"rhs dimension {b} (size {rhs.shape[b]})")
    lf = [d for d in range(lhs.ndim) if d not in lb and d not in lc]
    rf = [d for d in range(rhs.ndim) if d not in rb and d not in rc]
    bshape = [lhs.shape[d] for d in lb]
    mshape = [lhs.shape[d] for d in lf]
    nshape = [rhs.shape[d] for d in rf]
    B = int(np.prod(bshape, dtype=np.int64))
    M = int(np.prod(mshape, dtype=np.int64))
    N = int(np.prod(nshape, dtype=np.int64))
    K = int(np.prod([lhs.shape[d] for d in lc], dtype=np.int64))
    acc_kind = kind(res_el)
    f32_order = (_xla_f32_order(lhs.ndim, rhs.ndim, lb, lc, rb, rc, B, M, K, N)
                 if lhs_el == rhs_el == res_el == "f32" else None)
    if f32_order is not None:
        a = np.asarray(lhs, np.float32).transpose(lb + lf + lc).reshape(B, M, K)
        b = np.asarray(rhs, np.float32).transpose(rb + rc + rf).reshape(B, K, N)
        in_order = _four_chains_fma if f32_order == "chains4" else _sequential_fma
        return in_order(a, b).reshape(bshape + mshape + nshape)
    if res_el == "complex<f32>":
        order = _xla_complex64_order(lhs.ndim, lb, lc, rb, rc, B, M, K, N)
        a, b = (_as_complex64(lhs, lhs_el), _as_complex64(rhs, rhs_el)) if order else (None, None)
        if a is not None and b is not None:
            a = a.transpose(lb + lf + lc).reshape(B, M, K)
            b = b.transpose(rb + rc + rf).reshape(B, K, N)
            return _complex64_dot(a, b, order).reshape(bshape + mshape + nshape)
    a = _accumulator(lhs, lhs_el, acc_kind).transpose(lb + lf + lc).reshape(B, M, K)
    b = _accumulator(rhs, rhs_el, acc_kind).transpose(rb + rc + rf).reshape(B, K, N)
    acc = batched_matmul(a, b, acc_kind).reshape(bshape + mshape + nshape)
    return finish_accumulated(acc, res_el)


def _dot_with_algorithm(lhs, rhs, dn, lhs_el: str, rhs_el: str, res_el: str, algorithm) -> np.ndarray:
    """dot_general under `algorithm` (since 1.6.0, spec/ops/dot_general.yaml): operands rounded to
    the precision types (split into components for x3 / x6 / x9), the chosen partial products
    summed in float64 and rounded once to the accumulation type, then to the result type."""
    from ...dot_algorithm import component_count, components, pairs, round_to
    if kind(lhs_el) not in ("float", "complex") or kind(rhs_el) not in ("float", "complex"):
        return dot_general_array(lhs, rhs, dn, lhs_el, rhs_el, res_el)   # exact: the algorithm has no effect
    ops = int(algorithm.num_primitive_operations)
    n = component_count(ops)
    wide = "complex<f64>" if "complex" in (kind(lhs_el), kind(rhs_el)) else "f64"
    lcomp = components(_accumulator(lhs, lhs_el, kind(lhs_el)), str(algorithm.lhs_precision_type), n)
    rcomp = components(_accumulator(rhs, rhs_el, kind(rhs_el)), str(algorithm.rhs_precision_type), n)
    total = None
    for i, j in pairs(ops):
        part = dot_general_array(lcomp[i], rcomp[j], dn, wide, wide, wide)
        total = part if total is None else total + part
    acc = str(algorithm.accumulation_type)
    if np.iscomplexobj(total):
        total = round_to(total.real, acc) + 1j * round_to(total.imag, acc)
    else:
        total = round_to(total, acc)
    return finish_accumulated(total, res_el)


def _check_dot_sizes(ctx, lhs, rhs) -> None:
    """Paired batching (C7) and contracting (C8) sizes, compared when the op runs (? sizes the
    program computes may differ; compiled code checks the same, lowering/size_checks.py)."""
    from ...errors import InterpreterError
    dn = ctx.attrs["dot_dimension_numbers"]
    ls, rs = np.shape(lhs), np.shape(rhs)
    for cid, what, lds, rds in (("C7", "batching", dn.lhs_batching_dimensions, dn.rhs_batching_dimensions),
                                ("C8", "contracting", dn.lhs_contracting_dimensions, dn.rhs_contracting_dimensions)):
        for a, b in zip(lds, rds):
            if ls[a] != rs[b]:
                raise InterpreterError(f"{ctx.location}: shlo.dot_general: {what} dimensions lhs {a} (size "
                                       f"{ls[a]}) and rhs {b} (size {rs[b]}) differ (dot_general {cid})")


@implements("dot_general")
def dot_general(ctx, lhs, rhs):
    if any(None in t.shape for t in ctx.operand_types):
        _check_dot_sizes(ctx, lhs, rhs)
    args = (lhs, rhs, ctx.attrs["dot_dimension_numbers"], ctx.operand_types[0].element,
            ctx.operand_types[1].element, ctx.result_types[0].element)
    algorithm = ctx.attrs.get("algorithm")
    out = dot_general_array(*args) if algorithm is None else _dot_with_algorithm(*args, algorithm)
    check_shape(ctx, out.shape)
    return out


# ----------------------------------------------------------------- sort


def _merge_exchange_stages(n: int):
    """The compare-exchange stages (lists of (i, j), i < j) of Batcher's merge exchange
    sorting network for n keys (Knuth, TAOCP 5.2.2, Algorithm M)."""
    if n < 2:
        return []
    t = (n - 1).bit_length()
    stages = []
    p = 1 << (t - 1)
    while p > 0:
        q, r, d = 1 << (t - 1), 0, p
        while True:
            idx = np.arange(n - d, dtype=np.int64)
            idx = idx[(idx & p) == r]
            if idx.size:
                stages.append((idx, idx + d))
            if q == p:
                break
            d, q, r = q - p, q >> 1, p
        p >>= 1
    return stages


def sort_permutation_vectorized(rows: list, comparator) -> np.ndarray:
    """Stable sort permutations of all rows (each (S, n)) at once with an element-wise comparator.

    The comparator, extended by original position for equivalent tuples, is a
    strict total order, so the sorting network yields exactly the stable order.
    """
    s, n = rows[0].shape
    perm = np.broadcast_to(np.arange(n, dtype=np.int64), (s, n)).copy()

    def less(a_idx, b_idx):
        args = []
        for r in rows:
            args += [np.take_along_axis(r, a_idx, axis=1), np.take_along_axis(r, b_idx, axis=1)]
        out = comparator(*args)
        if len(out) != 1:
            raise ValueError(f"comparator returned {len(out)} values, expected 1")
        return np.broadcast_to(np.asarray(out[0]).astype(np.bool_), a_idx.shape)

    for i, j in _merge_exchange_stages(n):
        a, b = perm[:, i], perm[:, j]
        swap = less(b, a) | (~less(a, b) & (b < a))
        perm[:, i] = np.where(swap, b, a)
        perm[:, j] = np.where(swap, a, b)
    return perm


def sort_permutation_calls(rows: list, comparator) -> np.ndarray:
    """Stable sort permutations of each row, calling the comparator on one pair at a time."""
    s, n = rows[0].shape
    perm = np.empty((s, n), dtype=np.int64)
    for k in range(s):
        cols = [r[k] for r in rows]

        def less(i, j, cols=cols):
            args = []
            for c in cols:
                args += [_scalar_at(c, i), _scalar_at(c, j)]
            out = comparator(*args)
            if len(out) != 1:
                raise ValueError(f"comparator returned {len(out)} values, expected 1")
            return bool(np.asarray(out[0]))

        class Key:
            __slots__ = ("i",)

            def __init__(self, i):
                self.i = i

            def __lt__(self, other):
                return less(self.i, other.i)

        # Python's sort is a stable merge sort (TimSort) that only asks "a < b".
        perm[k] = sorted(range(n), key=Key)
    return perm


def _same_shaped_inputs(op: str, inputs, ctx=None, constraint: str = ""):
    """The inputs of a variadic op whose inputs share one shape, as arrays, and that shape."""
    if not inputs:
        raise ValueError(f"{op} takes at least one input")
    arrays = [np.asarray(x) for x in inputs]
    return arrays, common_shape(arrays, ctx, constraint)


# Rows with ties longer than this keep the stable order (replaying std::sort in Python
# takes about a second per 10^5 elements).
_UNSTABLE_REPLAY_LIMIT = 1 << 20


def _unstable_order(rows: list, perm: np.ndarray, comparator, vectorized: bool) -> np.ndarray:
    """`perm` (the stable order) with equal elements where XLA CPU's std::sort leaves them."""
    from .std_sort import std_sort_permutation
    s, n = perm.shape
    if s * n > _UNSTABLE_REPLAY_LIMIT:
        return perm
    # elements next to each other in the stable order are equal unless the first is less
    a_idx, b_idx = perm[:, :-1], perm[:, 1:]
    if vectorized:
        args = []
        for r in rows:
            args += [np.take_along_axis(r, a_idx, axis=1), np.take_along_axis(r, b_idx, axis=1)]
        less = np.broadcast_to(np.asarray(comparator(*args)[0]).astype(np.bool_), a_idx.shape)
    else:
        less = np.empty(a_idx.shape, np.bool_)
        for k in range(s):
            for p in range(n - 1):
                args = []
                for r in rows:
                    args += [_scalar_at(r[k], int(a_idx[k, p])), _scalar_at(r[k], int(b_idx[k, p]))]
                less[k, p] = bool(np.asarray(comparator(*args)[0]))
    out = perm.copy()
    for k in range(s):
        if less[k].all():          # no ties: every order is the stable one
            continue
        rank = np.empty(n, np.int64)
        rank[perm[k]] = np.concatenate([[0], np.cumsum(less[k])])
        out[k] = std_sort_permutation(rank.tolist())
    return out


@implements("sort", quant_aware=True)
def sort(ctx, *inputs):
    arrays, shape = _same_shaped_inputs("sort", inputs, ctx, "C3")
    rank = len(shape)
    dim = int(ctx.attr("dimension", -1))  # absent means the last dimension
    if not -rank <= dim < rank:
        raise ValueError(f"dimension {dim} is out of range for rank {rank}")
    dim %= rank
    moved = [np.moveaxis(a, dim, -1) for a in arrays]
    n = shape[dim]
    if n < 2 or moved[0].size == 0:       # nothing to order (reshape(-1, 0) would be ambiguous)
        return [a.copy() for a in arrays]
    mshape = moved[0].shape
    rows = [np.ascontiguousarray(m).reshape(-1, n) for m in moved]
    comparator = ctx.regions[0]
    vectorized = elementwise_region(comparator)
    if vectorized:
        perm = sort_permutation_vectorized(rows, comparator)
    else:
        perm = sort_permutation_calls(rows, comparator)
    if not bool(ctx.attr("is_stable", False)):
        perm = _unstable_order(rows, perm, comparator, vectorized)
    return [np.ascontiguousarray(np.moveaxis(np.take_along_axis(r, perm, axis=1).reshape(mshape), -1, dim))
            for r in rows]


# ----------------------------------------------------------------- map


@implements("map", quant_aware=True)
def map_(ctx, *inputs):
    arrays, shape = _same_shaped_inputs("map", inputs, ctx, "C1")
    dims = [int(d) for d in ctx.attrs["dimensions"]]
    if dims != list(range(len(shape))):
        raise ValueError(f"dimensions must be {list(range(len(shape)))}, got {dims}")
    check_shape(ctx, shape)
    t = ctx.result_types[0]
    dtype = numpy_dtype(t.quant.storage if t.quant else t.element)
    computation = ctx.regions[0]
    if arrays[0].size == 0:
        return np.empty(shape, dtype=dtype)
    if elementwise_region(computation):
        out = _results(computation(*arrays), 1, "computation")[0]
        return _as(out, shape, dtype)
    flats = [a.reshape(-1) for a in arrays]
    result = np.empty(arrays[0].size, dtype=dtype)
    for i in range(result.size):
        out = _results(computation(*[_scalar_at(f, i) for f in flats]), 1, "computation")[0]
        result[i] = np.asarray(out).astype(dtype)
    return result.reshape(shape)
