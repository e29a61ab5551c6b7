"""XLA CPU's f32 convolution order with 2 to 16 output features (a group's), where it was measured.

XLA CPU (jaxlib 0.10.2, this AVX2 + FMA host, 2 threads) runs a convolution as Eigen's tensor
contraction of the image patches [pixels, taps x features] with the kernel [taps x features,
output features], one contraction per feature group, and Eigen hands each block to oneDNN's
"nocopy" sgemm (its AVX2 JIT kernel). In the kernel's terms the rows are the output features
(m <= 16: one masked 16-row or 8-row block), the columns the output pixels (n, in chunks of 6),
and the depth k runs over taps then input features, as k = tap * features + feature. The kernel
accumulates in f32 from 0 and has three orders, chosen by the block:
  'fma'  one accumulator, one fused multiply-add per term (16-row block, chunk of 4-6 columns);
  'fma2' two accumulators, even and odd k, each by fma; added at the end, then the last term by
         fma when k is odd (16-row block with a chunk of 3; 8-row block with a chunk of 3-6);
  'add2' the same with rounded products added instead of fma (chunks of 1-2 columns).
Which chunk an output pixel falls in depends on how the columns are split before the kernel:
the sgemm driver splits n into blocks of 48 (a last 73-95 into two halves), and Eigen splits
it first, differently with one thread and with two; how many it uses comes from its cost model
(`_cost_threads`, `_splits_k`). The order is taken only where it stays the same with those
cost estimates 15 % lower or higher (`orders`); elsewhere the caller keeps its f64 sum.

Measured by tools/xla_conv_order.py --onednn (every element bit-equal): 2-D and 1-D
convolutions, feature groups (depthwise included), strides, padding, with 2-16 features a
group and K = taps x features up to 144. Not taken: 1 feature a group (another kernel: a
matrix-vector product), one output pixel, 1 x 1 kernels (XLA makes them dots), K > 144
(K = 360 and 576 were a single fma chain, another path), fewer than 8 features or pixels
with K > 64 (Eigen may split K between the two threads and add the halves), and feature
groups with more than 8 features a group or more than 48 pixels, except where XLA is known to run
them through Eigen's per-group contractions and its thread split does not matter (`orders`).
"""
from __future__ import annotations

import functools
import os

import numpy as np

from .fused_multiply_add import fma32

FEATURES = (2, 16)         # features a group (the kernel's rows)
MAX_K = 144
MAX_K_FEW = 64             # fewer than 8 features or pixels: Eigen may split K past this
GROUPED_PIXELS = 48
# Past 48 pixels a feature-grouped convolution is named only where the caller knows XLA runs it
# as Eigen's per-group contractions (`eigen_groups`: not YNNPACK), and only where Eigen's column
# blocks for one thread and for two give the same orders (and K is never split), so the thread
# count Eigen picks does not matter: the grouped contractions did not follow the one-contraction
# cost model everywhere (a 2-feature, 507-pixel, K = 36 contraction of 4 groups split for two
# threads at 0.67 of the cost model's threshold). Measured (each element against jax.jit; 1-D /
# 2-D, 2-4 groups of 2-16 features, 49-1584 pixels, strides, padding, kernel dilation): scratch
# parity16/sweep2.py, the one-thread model alone on XLA's Eigen path, 102 of 102 named shapes
# bit-equal (seed 2); parity16/sweep3.py, this rule: seed 3 named 75 of 129 shapes, 0 differ
# (the YNNPACK ones not named); tools/xla_conv_order.py --onednn N --grouped.
FMA, FMA2, ADD2 = 0, 1, 2
FMA_K2 = 3       # AVX-512: Eigen splits K between two threads, 'fma' over each block, added (`k_split_blocks`)

# On an AVX-512 host (jaxlib 0.10.2, an Intel Xeon with AVX-512, 2 threads) oneDNN dispatches its
# AVX-512 "nocopy" sgemm instead (48-row blocks of 16-lane registers, 8-column chunks): every
# chunk is one accumulator per element, one fused multiply-add per term, so every pixel takes
# 'fma' over a depth block. The driver cuts K into blocks of 384 (a last 385-767 into two halves)
# and adds each block's chain to the result, rounded; Eigen's K split between threads
# (`_splits_k`) cuts it otherwise, so where any thread count or cost scale might split K the
# order is not named. Measured (scratch ds1/sweep2.py, each element against jax.jit; 1-D, and 2-D
# with at most 16 input and output features; 1-4 groups of 2-64 features, K up to 800, strides,
# padding): 87 of 93 shapes one fma chain per driver block; the 6 others a 1 x 1 kernel (a dot)
# or Eigen's K split (halves at max(96, K / 2 rounded up to 8)), which `_splits_k` flags.
AVX512_FEATURES = 64
AVX512_MAX_K = 384         # the AVX-512 driver's depth block: one chain below it


@functools.lru_cache(maxsize=None)
def onednn_kind() -> str:
    """'avx512', 'avx2' or 'other': the sgemm kernels XLA CPU's oneDNN dispatches on this host.
    The interpreter follows this host's XLA: the orders differ between the two kernel families.
    oneDNN reads ONEDNN_MAX_CPU_ISA (or DNNL_MAX_CPU_ISA) first, as XLA's copy does ('AVX2' there
    gives the AVX2 orders on an AVX-512 host); else AVX-512 F, BW, VL and DQ (its avx512_core)
    in /proc/cpuinfo, then AVX2 and FMA. Without /proc/cpuinfo 'avx2', the host the first orders
    were measured on; 'other' (an SSE / AVX cap, no FMA) names no order."""
    cap = (os.environ.get("ONEDNN_MAX_CPU_ISA") or os.environ.get("DNNL_MAX_CPU_ISA") or "").strip().lower()
    try:
        with open("/proc/cpuinfo") as f:
            flags = set(next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), []))
    except OSError:
        return "avx2"
    wide = {"avx512f", "avx512bw", "avx512vl", "avx512dq"} <= flags
    if cap.startswith("avx2"):
        return "avx2" if {"avx2", "fma"} <= flags else "other"
    if cap and not cap.startswith(("avx512", "avx10", "amx", "all", "default")):
        return "other"
    if wide:
        return "avx512"
    return "avx2" if {"avx2", "fma"} <= flags else "other"

_L1, _L2 = 32768, 524288   # this host's cache sizes, as Eigen's blocking reads them


def _driver_blocks(n0: int, n1: int):
    """the sgemm driver's column blocks of [n0, n1): 48 wide; a last 73-95 into two halves."""
    s = n0
    while s < n1:
        r = n1 - s
        size = 48 if r >= 96 else ((r + 1) // 2 if r > 72 else r)
        yield s, s + size
        s += size


def _chunk_orders(m: int, n: int, eigen_blocks) -> np.ndarray:
    """the kernel's order for each of n pixels, for an m-row block, given Eigen's column blocks."""
    out = np.empty(n, np.int8)
    for e0, e1 in eigen_blocks:
        for b0, b1 in _driver_blocks(e0, e1):
            for j in range(b0, b1, 6):
                c = min(6, b1 - j)
                if m > 8:
                    out[j:j + c] = FMA if c >= 4 else (FMA2 if c == 3 else ADD2)
                else:
                    out[j:j + c] = FMA2 if c >= 3 else ADD2
    return out


def _blocks(n: int, nc: int):
    return [(a, min(a + nc, n)) for a in range(0, n, nc)]


def _eigen_one_thread(m: int, n: int, k: int) -> int:
    """Eigen's column block with one thread (computeProductBlockingSizes, k below its kc), then
    rounded up to 24 for oneDNN."""
    if max(k, m, n) < 48:
        return n
    rem_l1 = _L1 - 384 - m * k * 4
    max_nc = rem_l1 // (k * 4) if rem_l1 >= 16 * k else (3 * 1572864) // (4 * 288 * 4)
    nc = min(1572864 // (2 * k * 4), max_nc) & ~3
    if nc <= 0:
        return n
    if n > nc:
        nc = nc if n % nc == 0 else nc - 4 * ((nc - n % nc) // (4 * (n // nc + 1)))
    else:
        nc = n
    return min(n, -(-nc // 24) * 24)


def _eigen_two_threads(n: int, k: int) -> int:
    n_cache = (_L2 - _L1) // (16 * k)
    per = -(-n // 2)
    nc = n_cache - n_cache % 4 if n_cache <= per else min(n, (per + 3) - ((per + 3) % 4))
    return min(n, -(-max(nc, 1) // 24) * 24)


def _cost_threads(m: int, n: int, k: int, scale: float) -> int:
    """Eigen's thread count for the contraction from its cost model (TensorCostModel: 2 threads
    from 210000 cycles). Per output element: k fmas at bandwidth 2 (4 where k = 1) over 8 lanes,
    a 4-byte store (11 / 64 cycles a byte); per kernel element read, the chip's index arithmetic
    (14 / 8); per patch element read, a 4-byte load, the chip's and the patch's index
    arithmetic ((14 + 38) / 8)."""
    bw = 4.0 if k == 1 else 2.0
    total = m * n * (k * bw / 8 + 0.6875) + m * k * 1.75 + n * k * 7.1875
    return 2 if total * scale >= 210000 else 1


def _splits_k(m: int, n: int, k: int, threads: int, scale: float) -> bool:
    """Eigen's shardByInnerDim: whether K is split between the threads (numThreadsInnerDim)."""
    bw = 4.0 if k == 1 else 2.0
    parallel = k * (m * n * bw / 8 + 0.6875 + 1.75 * m + 7.1875 * n) * scale
    serial = 100000 + 2 * (m * n * 0.640625 + 3000)
    by_k = 2 if parallel > 4 * serial else 1
    if n == 1 or by_k < 2 or by_k < threads or k // by_k < 8:
        return False
    return max(m, n) // threads < 4 or (k // by_k > 32 and (min(m, n) < 8 or by_k > threads))


def _by_columns(m: int, n: int, threads: int) -> bool:
    """Eigen's shardByCol (nr = 4)."""
    if m // threads >= 4 and (n // threads < 4 or (n // threads < 16 and n % (threads * 4) != 0
                                                    and (m % (threads * 4) == 0 or m // n >= 6))):
        return False
    return not (n // threads < 64 and m > n * 32)


def _column_block(m: int, n: int, k: int, scale: float):
    """Eigen's column block width for this contraction, or None where it is not modelled."""
    threads = _cost_threads(m, n, k, scale)
    if _splits_k(m, n, k, threads, scale):
        # blocks of max(96, K / 2 rounded up to 8): one block runs as one thread does
        return _eigen_one_thread(m, n, k) if k <= 96 else None
    if threads == 1:
        return _eigen_one_thread(m, n, k)
    return _eigen_two_threads(n, k) if _by_columns(m, n, threads) else None


def _thread_free_orders(m: int, n: int, k: int):
    """One contraction's orders where one thread's and two threads' column blocks agree and K is
    split at no thread count or cost scale (so the thread count Eigen picks does not matter), else
    None."""
    if any(_splits_k(m, n, k, t, scale) for t in (1, 2) for scale in _ANY_COST):
        return None
    one = _chunk_orders(m, n, _blocks(n, _eigen_one_thread(m, n, k)))
    two = _chunk_orders(m, n, _blocks(n, _eigen_two_threads(n, k)))
    return one if np.array_equal(one, two) else None


# cost scales over which a thread-free order must not split K: the grouped and 3-D contractions'
# patch ops cost more than the 2-D estimate, by an unmeasured factor
_ANY_COST = (0.85, 1.0, 1.15, 2.0, 4.0, 8.0)


def _volume_orders(m: int, n: int, k: int):
    """A 3-D convolution's orders: thread-free ones, or two threads' where even the 2-D cost
    estimate (15 % low) picks two threads and splits by columns (the volume patches cost more,
    so Eigen picks two threads there too), else None."""
    o = _thread_free_orders(m, n, k)
    if o is not None or not all(_cost_threads(m, n, k, s) == 2 for s in (0.85, 1.0, 1.15)):
        return o
    if any(_splits_k(m, n, k, 2, scale) for scale in _ANY_COST) or not _by_columns(m, n, 2):
        return None
    return _chunk_orders(m, n, _blocks(n, _eigen_two_threads(n, k)))


def orders(m: int, n: int, k: int, groups: int = 1, eigen_groups: bool = False, volume: bool = False):
    """Each output pixel's order for an m-feature group, or None where it is not sure: outside
    the measured sizes, or where the order changes when Eigen's cost estimates are 15 % off.
    With feature groups (one contraction each, run as tasks on the same 2 threads) the split
    Eigen picks did not follow its cost model (a 90-pixel, K = 18 contraction of 4 groups was
    split for two threads, and 16-row blocks of 3 pixels were one fma chain in 2 of 3 shapes):
    there the order is taken for 2-8 features a group and at most 48 pixels, and only where
    no split, one thread's and two threads' give the same orders. Past 48 pixels, where the caller
    knows XLA runs the groups through Eigen (`eigen_groups`: not YNNPACK), only where one
    thread's and two threads' blocks give the same orders (`_thread_free_orders`). 3-D
    convolutions (`volume`: XLA's EigenConv3D, whose patch op costs more than the cost model's 2-D
    estimate) take only such orders too, for any pixel count and groups. On AVX-512 kernels
    (`onednn_kind`) every pixel's order is 'fma' (`_avx512_orders`), named only where the caller
    knows XLA runs Eigen's contractions (`eigen_groups`, any group count) or for `volume`."""
    kind = onednn_kind()
    if kind == "avx512":
        # (2-D convolutions with more than 16 input or output features run in YNNPACK's orders)
        return _avx512_orders(m, n, k, sure_threads=groups == 1 or volume) if eigen_groups or volume else None
    if kind != "avx2" or not (FEATURES[0] <= m <= FEATURES[1] and n >= 2 and 1 <= k <= MAX_K):
        return None
    if min(m, n) < 8 and k > MAX_K_FEW:
        return None
    if volume:
        return _volume_orders(m, n, k)
    if groups > 1 and n > GROUPED_PIXELS:
        return _thread_free_orders(m, n, k) if eigen_groups else None
    if groups > 1 and m > 8:
        return None
    first = None
    splits = ((n, _eigen_one_thread(m, n, k), _eigen_two_threads(n, k)) if groups > 1 else
              (_column_block(m, n, k, scale) for scale in (1.0, 0.85, 1.15)))
    for nc in splits:
        if nc is None:
            return None
        o = _chunk_orders(m, n, _blocks(n, nc))
        if first is None:
            first = o
        elif not np.array_equal(o, first):
            return None
    return first


def _avx512_orders(m: int, n: int, k: int, max_rows: int = AVX512_FEATURES, sure_threads: bool = False):
    """AVX-512's orders: 'fma' for every pixel (one driver block), where no thread count or cost
    scale splits K (`_splits_k`), else None. Feature groups are each their own contraction, so
    their count does not change it. With `sure_threads` (one group, or a 3-D convolution, whose
    patches cost more), where even the cost estimate 15 % low picks two threads, only two
    threads' split is asked (e.g. 3-D 8 features, 512 pixels, K = 108)."""
    if not (FEATURES[0] <= m <= max_rows and n >= 2 and 1 <= k <= AVX512_MAX_K):
        return None
    threads = (2,) if sure_threads and _cost_threads(m, n, k, 0.85) == 2 else (1, 2)
    splits = {_splits_k(m, n, k, t, scale) for t in threads for scale in _ANY_COST}
    if splits == {True} and k > k_split_blocks(k)[0][1]:
        return np.full(n, FMA_K2, np.int8)
    return np.full(n, FMA, np.int8) if splits == {False} else None


def k_split_blocks(k: int) -> list:
    """Eigen's K blocks where it shards the contraction by the inner dimension between two threads
    (TensorContractionThreadPool's blockSize: K / 2 rounded up to 8, at least 12 packets of 8):
    the first block's sum is the result, the second's is added to it. Measured where `_splits_k`
    says so at every cost scale (K = 192: 96 + 96; 256: 128 + 128; scratch ds1/split.py)."""
    size = min(k, max(96, -(-k // 16) * 8))
    return [(a, min(a + size, k)) for a in range(0, k, size)]


def _terms(x, w, ksize, rdil, out_sp, strides):
    """(pixels, K) patches and (K, features) kernel in k = tap * features + feature order, f32."""
    import itertools
    B, C = x.shape[:2]
    P = int(np.prod(out_sp, dtype=np.int64))
    cols, rows = [], []
    for tap in itertools.product(*(range(kk) for kk in ksize)):
        view = x[(slice(None), slice(None)) + tuple(
            slice(t * d, t * d + (o - 1) * s + 1, s) for t, d, o, s in zip(tap, rdil, out_sp, strides))]
        cols.append(view.reshape(B, C, P).transpose(0, 2, 1).reshape(B * P, C))
        rows.append(w[(slice(None), slice(None)) + tap].T)             # (C, O)
    return np.concatenate(cols, axis=1), np.concatenate(rows, axis=0)


def _chain(xs, ws, ks, fused, acc=None):
    acc = np.zeros((xs.shape[0], ws.shape[1]), np.float32) if acc is None else acc
    with np.errstate(all="ignore"):
        for k in ks:
            if fused:
                acc = fma32(xs[:, k, None], ws[None, k, :], acc)
            else:
                acc = (acc + (xs[:, k, None] * ws[None, k, :]).astype(np.float32)).astype(np.float32)
    return acc


def _in_order(xs, ws, order):
    K = xs.shape[1]
    if order == FMA:
        return _chain(xs, ws, range(K), True)
    if order == FMA_K2:
        acc = None
        with np.errstate(all="ignore"):
            for k0, k1 in k_split_blocks(K):
                part = _chain(xs, ws, range(k0, k1), True)
                acc = part if acc is None else (acc + part).astype(np.float32)
        return acc
    fused = order == FMA2
    ke = K - K % 2
    with np.errstate(all="ignore"):
        s = (_chain(xs, ws, range(0, ke, 2), fused) + _chain(xs, ws, range(1, ke, 2), fused)).astype(np.float32)
    return _chain(xs, ws, range(ke, K), fused, s)


def conv_f32(x, w, ksize, rdil, out_sp, strides, groups, pixel_orders) -> np.ndarray:
    """(B, C, S...) x (O, C / groups, K...) -> (B, O, out...) in f32, each pixel in its order."""
    B = x.shape[0]
    O, I = w.shape[:2]
    Og = O // groups
    P = int(np.prod(out_sp, dtype=np.int64))
    out = np.empty((B * P, O), np.float32)
    for g in range(groups):
        xs, ws = _terms(x[:, g * I:(g + 1) * I], w[g * Og:(g + 1) * Og], ksize, rdil, out_sp, strides)
        xs, ws = xs.astype(np.float32), ws.astype(np.float32)
        for order in np.unique(pixel_orders):
            sel = pixel_orders == order
            out[sel, g * Og:(g + 1) * Og] = _in_order(xs[sel], ws, int(order))
    return out.reshape(B, P, O).transpose(0, 2, 1).reshape([B, O] + list(out_sp))


# ----------------------------------------------------------------------------- transposed convolutions
# A 1-D or 2-D convolution with input dilation (a transposed convolution), stride 1, no kernel
# dilation and one feature group does not go through the patches: XLA CPU (its
# EigenTransposedConv2D) first multiplies every input pixel by every kernel tap, one matrix product
# of [pixels, C] by [C, taps x F] (the same Eigen contraction and oneDNN kernel as above, its rows
# the taps x F kernel columns, its depth the C input features), then adds each pixel's tap
# products into the output pixels they reach: input pixels in row-major order, each with its taps,
# so every output element is a sum from 0, with rounded adds, of its real (not inserted-zero) terms
# in row-major tap order, each term a C-feature dot product in the kernel's order for its row
# (16-row blocks, then the rest) and pixel. Measured by scratch parity14/tmodel.py (random 1-D / 2-D
# shapes, input dilation 1-3, padding -1 to 3, 1-32 output features, 1-8 input features; each
# element compared with jax.jit); an input smaller than the kernel along an axis takes another
# path (not modelled).


def transposed_row_orders(m: int, n: int, k: int):
    """[(row0, row1, each pixel's order)] for the [taps x F rows, n pixels, depth k] product, or
    None where it is not sure (as `orders`: sizes outside the measured ones, or orders that change
    with Eigen's cost estimates 15 % off). AVX-512's kernel: 'fma' for any number of rows."""
    kind = onednn_kind()
    if kind == "avx512":
        o = _avx512_orders(m, n, k, max_rows=m, sure_threads=True)
        return None if o is None else [(0, m, o)]
    if kind != "avx2":
        return None
    if m <= FEATURES[1]:
        o = orders(m, n, k)
        return None if o is None else [(0, m, o)]
    if not (n >= 2 and 1 <= k <= MAX_K) or (n < 8 and k > MAX_K_FEW):
        return None
    first = None
    for scale in (1.0, 0.85, 1.15):
        nc = _column_block(m, n, k, scale)
        if nc is None:
            return None
        blocks = _blocks(n, nc)
        rows = [(r0, min(m, r0 + 16), _chunk_orders(min(m, r0 + 16) - r0, n, blocks)) for r0 in range(0, m, 16)]
        if first is None:
            first = rows
        elif any(not np.array_equal(a[2], b[2]) for a, b in zip(first, rows)):
            return None
    return first


def transposed_f32(x, w, pads, ldil, out_sp, row_orders) -> np.ndarray:
    """(B, C, S...) undilated, unpadded x (O, C, K...) -> (B, O, out...) in f32, as described above."""
    import itertools
    B, C = x.shape[:2]
    O = w.shape[0]
    ns = x.ndim - 2
    isp, ks = x.shape[2:], w.shape[2:]
    taps = list(itertools.product(*(range(kk) for kk in ks)))
    P = B * int(np.prod(isp, dtype=np.int64))
    xs = np.moveaxis(x, 1, -1).reshape(P, C).astype(np.float32)
    ws = np.concatenate([w[(slice(None), slice(None)) + t].T for t in taps], axis=1).astype(np.float32)
    D = np.empty((P, len(taps) * O), np.float32)
    for r0, r1, po in row_orders:
        for order in np.unique(po):
            sel = po == order
            D[np.ix_(sel, np.arange(r0, r1))] = _in_order(xs[sel], ws[:, r0:r1], int(order))
    D = D.reshape((B,) + tuple(isp) + (len(taps), O))
    out = np.zeros((B,) + tuple(out_sp) + (O,), np.float32)
    with np.errstate(all="ignore"):
        for ti, t in enumerate(taps):
            # input pixel i meets tap t at output pixel i * d + low - t
            src, dst = [slice(None)], [slice(None)]
            for n_in, d, (lo, _), tt, n_out in zip(isp, ldil, pads, t, out_sp):
                first = max(0, -(-(tt - lo) // d))
                last = min(n_in - 1, (n_out - 1 + tt - lo) // d)
                if last < first:
                    break
                src.append(slice(first, last + 1))
                dst.append(slice(first * d + lo - tt, last * d + lo - tt + 1, d))
            else:
                out[tuple(dst)] = out[tuple(dst)] + D[tuple(src) + (ti,)]
    return np.moveaxis(out, -1, 1)


# ----------------------------------------------------------------------------- swapped operands
# Where the kernel is larger than the input, XLA's simplifier (ConvOperandSwapper; one group, no
# batch groups) swaps the operands: the input becomes the kernel, read reversed along each swapped
# spatial dimension (window reversal), and the old kernel the input. XLA CPU's runtime
# convolutions take no window reversal, so the swapped convolution runs as the plain loop nest of
# XLA's elemental emitter: each output element one fused multiply-add per term from 0, over the
# (old) input's pixels in row-major order (reversed along the swapped dimensions), then its input
# features; a term whose kernel tap falls outside the kernel (or between dilated taps) is skipped.
# Measured (scratch parity15/tswap.py, parity15/tswap2.py; each element against jax.jit).


def swapped_dims(isp, ks, strides, pads, ldil, rdil):
    """Per spatial dimension whether XLA's swap reverses it, or None where XLA does not swap: the
    product of the kernel sizes against the product of the input sizes (a size-1 input padded by
    kernel - 1 on both sides counting as the kernel's), over the dimensions that are neither a
    plain contraction (kernel as large as the input, no padding, stride or dilation) nor a
    'group' dimension (base dilation = kernel size, stride = kernel size - 1, no padding)."""
    kernel_product = swapped_product = 1
    out = []
    for i, k, s, (lo, hi), bd, wd in zip(isp, ks, strides, pads, ldil, rdil):
        plain = lo == 0 and hi == 0 and wd == 1
        if plain and ((bd == k and s == k - 1) or (k == i and bd == 1 and s == 1)):
            out.append(False)
            continue
        kernel_product *= k
        swapped_product *= k if (i == 1 and s == 1 and wd == 1 and lo == hi == k - 1) else i
        out.append(True)
    return out if kernel_product > swapped_product else None


def swapped_f32(x, w, pads, ldil, rdil, strides, out_sp, reversed_dims) -> np.ndarray:
    """(B, C, S...) undilated, unpadded x (O, C, K...) -> (B, O, out...) in f32, as described above."""
    import itertools
    B, C = x.shape[:2]
    O = w.shape[0]
    isp, ks = x.shape[2:], w.shape[2:]
    acc = np.zeros((B, O) + tuple(out_sp), np.float32)
    x = x.astype(np.float32)
    w = w.astype(np.float32)
    grids = np.meshgrid(*(np.arange(o) for o in out_sp), indexing="ij")
    order = [range(i - 1, -1, -1) if r else range(i) for i, r in zip(isp, reversed_dims)]
    with np.errstate(all="ignore"):
        for s in itertools.product(*order):
            # output pixel o meets input pixel s at kernel tap (s * ld + low - o * stride) / rd
            valid = np.ones(tuple(out_sp), bool)
            taps = []
            for si, d, (lo, _), st, rd, k, g in zip(s, ldil, pads, strides, rdil, ks, grids):
                pos = si * d + lo - g * st
                valid &= (pos % rd == 0) & (pos >= 0) & (pos < k * rd)
                taps.append(np.clip(pos // rd, 0, k - 1))
            if not valid.any():
                continue
            wt = w[(slice(None), slice(None)) + tuple(taps)]                # (O, C, out...)
            for c in range(C):
                xv = x[(slice(None), c) + tuple(s)].reshape((B, 1) + (1,) * len(out_sp))
                acc = np.where(valid, fma32(xv, wt[None, :, c], acc), acc)
    return acc
