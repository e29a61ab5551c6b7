"""Which OpenBLAS kernels XLA CPU's LAPACK runs on this machine, and their triangular solve order.

jaxlib's LAPACK is scipy's OpenBLAS, built for several CPUs at once (DYNAMIC_ARCH): it picks
its kernels when it loads, by the CPU's features, or by the OPENBLAS_CORETYPE variable where
set. Two families give the orders modelled here (the interpreter's small triangular solves
and Cholesky factors, and the shlo.linalg.lu body, stablehlo_lapack._getf2_small):

* "avx2" (Haswell, Zen): OpenBLAS's C code is compiled without contraction, so a product
  and an add in its C loops round twice;
* "avx512" (SkylakeX, Cooperlake, SapphireRapids): compiled for those CPUs, GCC contracts each
  product-and-add of the same C loops into one fused multiply-add.

The assembly kernels (the gemm kernel inside trsm) fuse on both. Measured with scipy's
OpenBLAS 0.3.30 (jaxlib 0.10.2) on an Intel Xeon with AVX-512, which OpenBLAS runs as SkylakeX,
and on the same machine with OPENBLAS_CORETYPE=Haswell for the AVX2 kernels.
"""
from __future__ import annotations

import functools
import os

import numpy as np

from .fused_multiply_add import fma32, fma64

_AVX512_CORES = ("skylakex", "cooperlake", "sapphirerapids")
_AVX2_CORES = ("haswell", "zen")


@functools.lru_cache(maxsize=None)
def kernels() -> str:
    """'avx512' or 'avx2': the family OpenBLAS picks here (OPENBLAS_CORETYPE first, as OpenBLAS
    reads it; then AVX-512 F and BW, which OpenBLAS's dispatch asks for its SkylakeX kernels).
    Without /proc/cpuinfo (another OS) 'avx2', the kernels the first orders were measured on."""
    core = os.environ.get("OPENBLAS_CORETYPE", "").strip().lower()
    if core in _AVX512_CORES:
        return "avx512"
    if core in _AVX2_CORES:
        return "avx2"
    try:
        with open("/proc/cpuinfo") as f:
            flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
    except OSError:
        return "avx2"
    return "avx512" if {"avx512f", "avx512bw"} <= set(flags) else "avx2"


def openblas_threads() -> int:
    """The threads OpenBLAS starts with: its variables as it reads them, else the usable CPUs."""
    for name in ("OPENBLAS_NUM_THREADS", "GOTO_NUM_THREADS", "OMP_NUM_THREADS"):
        try:
            value = int(os.environ.get(name, "0").split(",")[0])
        except ValueError:
            value = 0
        if value > 0:
            return value
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:
        return os.cpu_count() or 1


def fma(a, b, c):
    """a * b + c rounded once, float32 or float64 as c."""
    return fma32(a, b, c) if np.asarray(c).dtype == np.float32 else fma64(a, b, c)


# ----------------------------------------------------------------------------- trsm

# OpenBLAS's trsm kernel (its generic trsm_kernel_LT / LN / RN / RT) cuts the unknowns into
# blocks: whole blocks of the gemm kernel's unroll U (its M for a left-side system, its N for a
# right-side one), then the rest as blocks of U/2, U/4, ... 1 where that bit of the count is set
# (forward: whole blocks first, then the halves from the largest; backward: the halves from the
# smallest, at the end of the system, then the whole blocks from the last). Each block first
# takes the solved unknowns' contribution from the gemm kernel: a fused multiply-add chain from
# 0 over the solved unknowns in increasing order, subtracted once. Then, in the block, each
# unknown is its right-hand side times the packed reciprocal of the diagonal and is eliminated
# from the block's later rows one update at a time, fused on "avx512" and rounded twice on
# "avx2". Measured against jax.lax.linalg.triangular_solve (scratch lapack2/trsm_blocks.py; 200
# problems a case, lower / upper x unit or not x transposed or not, 1-10 right-hand sides):
# bit-equal on every problem of every size in _TRSM_SIZES.
_UNROLL = {  # (kernels, element type, left side) -> U
    ("avx512", "f32", True): 16, ("avx512", "f64", True): 16,
    ("avx512", "f32", False): 4, ("avx512", "f64", False): 2,
    ("avx2", "f32", True): 16, ("avx2", "f64", True): 4, ("avx2", "f64", False): 8,
}
# the unknowns measured (larger systems keep float64 rounded once): on AVX2 OpenBLAS's own
# Haswell kernels take other orders from 16 unknowns (f32) and 12 (f64), its f32 right-side
# kernel from 5 (0 of 200: not modelled), its f64 one in half the cases at 8
_TRSM_SIZES = {
    ("avx512", "f32", True): 64, ("avx512", "f64", True): 64,
    ("avx512", "f32", False): 64, ("avx512", "f64", False): 64,
    ("avx2", "f32", True): 15, ("avx2", "f64", True): 11, ("avx2", "f64", False): 5,
}


def trsm_modelled(element: str, left: bool, m: int) -> bool:
    key = (kernels(), element, left)
    return key in _UNROLL and m <= _TRSM_SIZES[key]


def unroll(element: str, left: bool) -> int:
    return _UNROLL[(kernels(), element, left)]


def blocks(m: int, unroll: int, forward: bool) -> list:
    """(first row, rows) of each block, in the order the kernel solves them."""
    whole = m - m % unroll
    tails = [size for size in (unroll >> s for s in range(1, unroll.bit_length())) if m & size]
    if forward:
        out = [(s, unroll) for s in range(0, whole, unroll)]
        start = whole
        for size in tails:                       # largest first
            out.append((start, size))
            start += size
        return out
    out = [((m & ~(size - 1)) - size, size) for size in reversed(tails)]   # smallest first, at the end
    return out + [(s, unroll) for s in range(whole - unroll, -1, -unroll)]


def trsm_in_order(A, B, is_lower: bool, unit: bool, dtype, left: bool, element: str):
    """X with A X = B (A: the effective triangle, unit diagonal already set; B: (..., m, r)),
    in the element type, in the order above. A right-side system comes transposed."""
    fused = kernels() == "avx512"
    A, C = A.astype(dtype), B.astype(dtype).copy()
    X = np.zeros_like(C)
    solved: list = []
    one = dtype.type(1)
    with np.errstate(all="ignore"):
        for start, size in blocks(A.shape[-1], unroll(element, left), is_lower):
            rows = list(range(start, start + size))
            if solved:
                acc = np.zeros_like(C[..., rows, :])
                for k in sorted(solved):
                    acc = fma(A[..., rows, k][..., None], X[..., k:k + 1, :], acc)
                C[..., rows, :] = C[..., rows, :] - acc
            order = rows if is_lower else rows[::-1]
            for n, i in enumerate(order):
                x = C[..., i, :] if unit else C[..., i, :] * (one / A[..., i, i])[..., None]
                X[..., i, :] = x
                for r in order[n + 1:]:
                    a = A[..., r, i][..., None]
                    C[..., r, :] = fma(-x, a, C[..., r, :]) if fused else C[..., r, :] - x * a
            solved += rows
    return X


# ----------------------------------------------------------------------------- potf2

# f32 lower Cholesky factors (OpenBLAS's unblocked potf2: column by column, the diagonal minus
# the row's dot product with itself, its square root, then the entries below minus their dot
# product with the row (gemv), times the rounded reciprocal of the diagonal):
# * "avx2", up to 5 x 5: the diagonal's squares summed in order (four accumulators, k mod 4,
#   added as (s0 + s1) + (s2 + s3), once the row has four), the entries' dot products summed in
#   order from 0 with rounded products;
# * "avx512", up to 8 x 8: the diagonal's dot product as the strided sdot loop contracts it,
#   two terms at a time: fma(x_k, x_k, x_{k+1}^2 rounded), the pairs summed in float64, an odd
#   last square rounded and added, the sum rounded to f32 once; the entries' dot products a
#   fused multiply-add chain from 0. Measured against jax.lax.linalg.cholesky (scratch
#   lapack2/chol_exp.py, 100 problems a size): bit-equal on all from 2 x 2 to 8 x 8 (6 x 6: 57
#   of 100 with the "avx2" order); 10 x 10 and larger only 39-55 of 100, which keep float64.
POTF2_SIZES = {"avx2": 5, "avx512": 8}


def _in_order(terms, dtype):
    """0 + t0 + t1 + ... left to right (a zero of the batch's shape when there are none)."""
    s = np.zeros_like(terms[0]) if terms else np.zeros((), dtype)
    for t in terms:
        s = s + t
    return s


def _fma_chain(xs, ys, like):
    s = np.zeros_like(like)
    for x, y in zip(xs, ys):
        s = fma(x, y, s)
    return s


def _squares_avx2(row):
    sq = [v * v for v in row]
    if len(sq) >= 4:
        acc = [_in_order(sq[i::4], row[0].dtype) for i in range(4)]
        return (acc[0] + acc[1]) + (acc[2] + acc[3])
    return _in_order(sq, np.float32)


def _squares_avx512(row, like):
    acc = np.zeros(like.shape, np.float64)
    for k in range(0, len(row) - 1, 2):
        acc = acc + fma32(row[k], row[k], row[k + 1] * row[k + 1]).astype(np.float64)
    if len(row) % 2:
        acc = acc + (row[-1] * row[-1]).astype(np.float64)
    return acc.astype(np.float32)


def potf2_in_order(a, dtype):
    """Lower Cholesky factors of the batched lower triangles `a` (f32); NaN where one is not
    positive definite (as the float64 path)."""
    flat = a.reshape((-1,) + a.shape[-2:]).astype(dtype)
    n = flat.shape[-1]
    L = np.zeros_like(flat)
    bad = np.zeros(flat.shape[0], bool)
    fused = kernels() == "avx512"
    with np.errstate(all="ignore"):
        for j in range(n):
            row = [L[:, j, k] for k in range(j)]
            s = _squares_avx512(row, flat[:, j, j]) if fused else _squares_avx2(row)
            d = flat[:, j, j] - s
            bad |= ~(d > 0)
            d = np.sqrt(d)
            L[:, j, j] = d
            inv = dtype.type(1) / d
            for r in range(j + 1, n):
                if fused:
                    t = _fma_chain([L[:, r, k] for k in range(j)], row, flat[:, r, j])
                else:
                    t = _in_order([L[:, r, k] * L[:, j, k] for k in range(j)], dtype)
                L[:, r, j] = (flat[:, r, j] - t) * inv
    L[bad] = np.nan
    return L.reshape(a.shape)


# f32 lower Cholesky factors past potf2 on "avx512", up to 512 x 512: OpenBLAS's potrf_L_single
# (lapack/potrf/potrf_L_single.c; its interface runs it below 256 or on one thread; from 256 on
# several threads its threaded potrf: a block of at most 16 to potrf_L_single, else halves rounded
# up to a multiple of 4, each factored the same way, then the same trsm and syrk, whose sums do
# not depend on how the rows are split between threads). A block of at most 32 (DTB_ENTRIES / 2) is factored by
# potf2; a larger one is cut into blocks of n // 4, each factored the same way (recursively),
# then the rows below solved against it by the trsm kernel (right side: blocks of 4 unknowns, as
# trsm_in_order) and the trailing lower triangle updated by the syrk kernel: each entry minus a
# fused chain from 0 over the block's columns, subtracted once. Inside potf2 the gemv of the
# entries below the diagonal is SkylakeX's sgemv_n kernel (a fused chain from 0, subtracted once)
# except at column 4, where the kernel keeps the AVX2 path for its 4-row blocks: two fused chains
# (columns 0, 2 and 1, 3) added, then subtracted; the rows past the last whole 4 (and whole 16
# from the third block on) one chain. Measured against jax.lax.linalg.cholesky (scratch
# lapack3/potrf_exp.py, 2-40 problems a size): bit-equal on all from 1 x 1 to 512 x 512 (sizes
# 8-33, 40, 50, 64, 67, 100, 129, 160, 200, 240, 255, 256, 257, 270, 300, 401, 512).
POTRF_SIZE = {"avx512": 512}
_POTF2_BLOCK = 32
_POTRF_THREADED_FROM = 256


def potrf_plan(n: int, threads: int, complex_: bool = False) -> list:
    """The steps of OpenBLAS's lower potrf (f32) / cpotrf (complex64) on an n x n matrix, the one
    schedule the interpreter and the lowering (lowering/ops/potrf_order.py) both follow:
    ("potf2", o, size): the unblocked kernel on the diagonal block at o; ("update", j, bk, end,
    pieces): the rows j + bk .. end solved against the factored block j .. j + bk and the trailing
    triangle updated, the rows cut in `pieces` (the threads' shares; one piece on one thread).
    One thread (or below the threaded size): potf2 on blocks of at most 32, else blocks of n // 4,
    each factored the same way. Threaded: halves rounded up to a multiple of 4 (f32) or 2
    (complex64) down to 16 (f32) or 8 (complex64), then the one-thread schedule."""
    steps = []
    leaf, align = (8, 2) if complex_ else (16, 4)
    threaded_from = _CPOTRF_THREADED_FROM if complex_ else _POTRF_THREADED_FROM

    def pieces(left):
        if not complex_ or threads == 1:
            return [left]
        out = []
        for t in range(threads, 0, -1):          # gemm_thread_m: the rest split evenly
            size = min(left, -(-left // t))
            if size:
                out.append(size)
            left -= size
        return out

    def blocked(o, size, threaded):
        if threaded and size <= leaf:
            threaded = False
        if not threaded and size <= _POTF2_BLOCK:
            steps.append(("potf2", o, size))
            return
        blocking = (size // 2 + align - 1) & ~(align - 1) if threaded else size // 4
        for j in range(o, o + size, blocking):
            bk = min(blocking, o + size - j)
            blocked(j, bk, threaded)
            if j + bk < o + size:
                steps.append(("update", j, bk, o + size, pieces(o + size - j - bk) if threaded else [o + size - j - bk]))

    blocked(0, n, n >= threaded_from and threads > 1)
    return steps


def _gemv_column4(A, rows, x):
    """y - A x for the 4 columns at step 4 of potf2 (sgemv_n's AVX2 4x4 kernel, then its tail)."""
    m = len(rows)
    out = []
    first = (4 if m & 4 else 0) + (8 if m & 8 else 0)     # the 4-row and 8-row passes
    for i, (y, a) in enumerate(rows):
        if i < first and i < m - m % 4:
            s = fma32(a[2], x[2], a[0] * x[0]) + fma32(a[3], x[3], a[1] * x[1])
        else:
            s = _fma_chain(a, x, y)
        out.append(y - s)
    return out


def _potf2_block(A, o, n, bad):
    """potf2 on A[:, o:o+n, o:o+n] in place (lower triangle; "avx512")."""
    for j in range(o, o + n):
        row = [A[:, j, k] for k in range(o, j)]
        d = A[:, j, j] - _squares_avx512(row, A[:, j, j])
        bad |= ~(d > 0)
        d = np.sqrt(d)
        A[:, j, j] = d
        below = range(j + 1, o + n)
        if not below:
            continue
        if j - o == 4:
            ys = _gemv_column4(A, [(A[:, r, j], [A[:, r, k] for k in range(o, j)]) for r in below], row)
        else:
            ys = [A[:, r, j] - _fma_chain([A[:, r, k] for k in range(o, j)], row, A[:, r, j]) for r in below]
        inv = np.float32(1) / d
        for r, y in zip(below, ys):
            A[:, r, j] = y * inv


def _trsm_syrk(A, j, bk, end):
    """The rows below the factored block j:j+bk solved against it, the trailing triangle updated."""
    rest = slice(j + bk, end)
    L11 = A[:, j:j + bk, j:j + bk]
    X = trsm_in_order(L11, np.swapaxes(A[:, rest, j:j + bk], -1, -2), True, False, np.dtype(np.float32),
                      False, "f32")
    A[:, rest, j:j + bk] = P = np.swapaxes(X, -1, -2)
    acc = np.zeros((A.shape[0], P.shape[1], P.shape[1]), np.float32)
    for k in range(bk):
        acc = fma32(P[:, :, k, None], P[:, None, :, k], acc)
    A[:, rest, rest] = A[:, rest, rest] - np.tril(acc)


def potrf_in_order(a):
    """Lower Cholesky factors of the batched f32 lower triangles `a` ("avx512", n <= 512); NaN
    where one is not positive definite."""
    flat = np.tril(a.reshape((-1,) + a.shape[-2:])).astype(np.float32)
    bad = np.zeros(flat.shape[0], bool)
    n = flat.shape[-1]
    with np.errstate(all="ignore"):
        for step in potrf_plan(n, openblas_threads()):
            if step[0] == "potf2":
                _potf2_block(flat, step[1], step[2], bad)
            else:
                _trsm_syrk(flat, *step[1:4])
    L = np.tril(flat)
    L[bad] = np.nan
    return L.reshape(a.shape)


# complex64 lower Cholesky factors up to 6 x 6 (OpenBLAS's cpotf2: the diagonal minus the row's
# conjugate dot product with itself (the strided cdot: re^2 and im^2 summed apart from 0, then
# added), its square root, then the entries below minus the gemv of their rows with the
# conjugated row, times the rounded reciprocal of the diagonal):
# * "avx2": every product rounded, each term's complex product formed and summed in order;
# * "avx512": the diagonal's sums fused chains; the gemv's tail rows per term
#   re = fma(ar, xr, ai xi rounded), im = fma(-ar, xi, ai xr rounded), summed in order; its
#   whole blocks of 4 rows (the vector kernel) four fused chains from 0 combined at the end.
# Measured against jax.lax.linalg.cholesky (scratch lapack2/cchol_exp.py, 60 problems a size):
# bit-equal on all from 2 x 2 to 6 x 6 on both (8 x 8 on AVX-512: 0 of 60, float64 kept).
CPOTF2_SIZE = 6


def cpotf2_in_order(a):
    """Lower Cholesky factors of the batched complex64 lower triangles `a`; NaN where one is not
    positive definite."""
    flat = a.reshape((-1,) + a.shape[-2:]).astype(np.complex64)
    n = flat.shape[-1]
    ar, ai = flat.real.copy(), flat.imag.copy()
    re, im = np.zeros_like(ar), np.zeros_like(ai)
    bad = np.zeros(flat.shape[0], bool)
    fused = kernels() == "avx512"
    zero = np.zeros_like(ar[:, 0, 0])
    with np.errstate(all="ignore"):
        for j in range(n):
            s0, s1 = zero, zero
            for k in range(j):
                xr, xi = re[:, j, k], im[:, j, k]
                s0, s1 = (fma32(xr, xr, s0), fma32(xi, xi, s1)) if fused else (s0 + xr * xr, s1 + xi * xi)
            d = ar[:, j, j] - (s0 + s1)
            bad |= ~(d > 0)
            d = np.sqrt(d)
            re[:, j, j] = d
            inv = np.float32(1) / d
            vec = (n - j - 1) // 4 * 4 if fused else 0
            for r in range(j + 1, n):
                tr, ti = zero, zero
                if r < j + 1 + vec:
                    rr, ii, ir, ri = zero, zero, zero, zero
                    for k in range(j):
                        a_r, a_i, x_r, x_i = re[:, r, k], im[:, r, k], re[:, j, k], im[:, j, k]
                        rr, ii = fma32(a_r, x_r, rr), fma32(a_i, x_i, ii)
                        ir, ri = fma32(a_i, x_r, ir), fma32(a_r, x_i, ri)
                    tr, ti = rr + ii, ir - ri
                else:
                    for k in range(j):
                        a_r, a_i, x_r, x_i = re[:, r, k], im[:, r, k], re[:, j, k], im[:, j, k]
                        if fused:
                            pr, pi = fma32(a_r, x_r, a_i * x_i), fma32(-a_r, x_i, a_i * x_r)
                        else:
                            pr, pi = a_r * x_r + a_i * x_i, a_i * x_r - a_r * x_i
                        tr, ti = tr + pr, ti + pi
                re[:, r, j], im[:, r, j] = (ar[:, r, j] - tr) * inv, (ai[:, r, j] - ti) * inv
    L = (re + 1j * im).astype(np.complex64)
    L[bad] = np.nan
    return L.reshape(a.shape)


# ----------------------------------------------------------------------------- cpotrf

# complex64 lower Cholesky factors on "avx512" up to 256 x 256: OpenBLAS's cpotrf. Its interface
# runs potrf_L_single below 64 or on one thread; from 64 on several, its threaded potrf.
# * potrf_L_single: as the real one (potf2 up to 32, else blocks of n // 4 factored the same
#   way, the rows below solved by the trsm kernel, the trailing triangle minus the herk kernel).
# * threaded: a block of at most 8 goes to potrf_L_single; a larger one is cut into two blocks of
#   n / 2 rounded up to even, each factored the same way, then the rows below solved in one
#   piece a thread (the rows split evenly, the first pieces one larger), the herk as above.
# * cpotf2 (the entries' gemv, cgemv_n with the row conjugated, the row strided): whole 4-row
#   blocks take the columns four at a time, then one at a time (its strided path), each group
#   four fused chains (re re, im im, re im, im re) combined (re = ii + rr, im = ri - ir) and
#   added to a sum from 0, which is then subtracted; rows past the whole 4s per term
#   re += fma(ar, xr, ai xi), im += fma(ar, xi, -(ai xr)), subtracted once. The diagonal as
#   cpotf2_in_order.
# * the gemm kernel inside trsm (2 unknowns a block) and herk sums x conj(y) for rows in whole
#   8-row blocks of each kernel call as four fused chains combined at the end, and for the rows
#   past them (blocks of 4, 2, 1) one fused chain a part, im im before re re.
# Measured against jax.lax.linalg.cholesky on this 2-CPU machine (scratch lapack3/cpotrf_exp.py;
# 2-30 problems a size): bit-equal on all from 1 x 1 to 256 x 256 (sizes 4-68 by steps, 70-100,
# 128, 150, 200, 255, 256), and with OPENBLAS_NUM_THREADS=1 at 64, 100, 200 (one thread).
CPOTRF_SIZE = {"avx512": 256}
_CPOTRF_THREADED_FROM = 64


def _cchains(xr, xi, yr, yi, like):
    """x conj(y) summed over the terms as four fused chains combined (whole 8-row blocks)."""
    z = np.zeros_like(like)
    rr, ii, ir, ri = z, z, z, z
    for a, b, c, d in zip(xr, xi, yr, yi):
        rr, ii, ir, ri = fma32(a, c, rr), fma32(b, d, ii), fma32(b, c, ir), fma32(a, d, ri)
    return rr + ii, ir - ri


def _cchain(xr, xi, yr, yi, like):
    """x conj(y) summed over the terms as one fused chain a part (the kernel's row tails)."""
    re, im = np.zeros_like(like), np.zeros_like(like)
    for a, b, c, d in zip(xr, xi, yr, yi):
        re, im = fma32(a, c, fma32(b, d, re)), fma32(b, c, fma32(-a, d, im))
    return re, im


def _tail_rows(count, pieces):
    """Which of `count` rows lie past the whole 8-row blocks of the kernel calls on `pieces`."""
    tail = np.zeros(count, bool)
    start = 0
    for size in pieces:
        tail[start + size // 8 * 8:start + size] = True
        start += size
    return tail


def _cpotf2_block(R, I, o, n, bad):
    for j in range(o, o + n):
        cols = range(o, j)
        s0 = _fma_chain([R[:, j, k] for k in cols], [R[:, j, k] for k in cols], R[:, j, j])
        s1 = _fma_chain([I[:, j, k] for k in cols], [I[:, j, k] for k in cols], R[:, j, j])
        d = R[:, j, j] - (s0 + s1)
        bad |= ~(d > 0)
        d = np.sqrt(d)
        R[:, j, j], I[:, j, j] = d, 0
        rows = np.arange(j + 1, o + n)
        if rows.size and j > o:
            yr, yi = R[:, rows, j], I[:, rows, j]
            ar, ai = R[:, rows, o:j], I[:, rows, o:j]
            xr, xi = R[:, j, None, o:j], I[:, j, None, o:j]
            whole = rows.size // 4 * 4
            w = j - o
            groups = [range(g, g + 4) for g in range(0, w - w % 4, 4)] + [[g] for g in range(w - w % 4, w)]
            sr, si = np.zeros_like(yr[:, :whole]), np.zeros_like(yr[:, :whole])
            for g in groups:
                gr, gi = _cchains([ar[:, :whole, k] for k in g], [ai[:, :whole, k] for k in g],
                                  [xr[:, :, k] for k in g], [xi[:, :, k] for k in g], sr)
                sr, si = sr + gr, si - gi
            tr, ti = np.zeros_like(yr[:, whole:]), np.zeros_like(yr[:, whole:])
            for k in range(w):
                a_r, a_i, x_r, x_i = ar[:, whole:, k], ai[:, whole:, k], xr[:, :, k], xi[:, :, k]
                tr, ti = tr + fma32(a_r, x_r, a_i * x_i), ti + fma32(a_r, x_i, -(a_i * x_r))
            R[:, rows, j] = np.concatenate([yr[:, :whole] - sr, yr[:, whole:] - tr], axis=1)
            I[:, rows, j] = np.concatenate([yi[:, :whole] + si, yi[:, whole:] + ti], axis=1)
        inv = np.float32(1) / d
        R[:, rows, j] = R[:, rows, j] * inv[:, None]
        I[:, rows, j] = I[:, rows, j] * inv[:, None]


def _ctrsm_block(R, I, rows, c0, bk, pieces):
    """Rows `rows` of columns c0:c0+bk solved against the factored block (X L^H = C), the
    rows cut into the kernel calls `pieces`."""
    tail = _tail_rows(rows.stop - rows.start, pieces)[:, None]
    CR, CI = R[:, rows, c0:c0 + bk].copy(), I[:, rows, c0:c0 + bk].copy()
    LR, LI = R[:, c0:c0 + bk, c0:c0 + bk], I[:, c0:c0 + bk, c0:c0 + bk]
    inv = np.float32(1) / np.stack([LR[:, c, c] for c in range(bk)], -1)
    for start, size in blocks(bk, 2, True):
        for c in range(start, start + size):
            if start:
                xs = [CR[:, :, k] for k in range(start)], [CI[:, :, k] for k in range(start)]
                ls = [LR[:, c, k, None] for k in range(start)], [LI[:, c, k, None] for k in range(start)]
                wr, wi = _cchains(*xs, *ls, CR[:, :, c])
                tr, ti = _cchain(*xs, *ls, CR[:, :, c])
                CR[:, :, c] = CR[:, :, c] - np.where(tail[..., 0], tr, wr)
                CI[:, :, c] = CI[:, :, c] - np.where(tail[..., 0], ti, wi)
        for c in range(start, start + size):
            xr, xi = CR[:, :, c] * inv[:, c, None], CI[:, :, c] * inv[:, c, None]
            CR[:, :, c], CI[:, :, c] = xr, xi
            for r in range(c + 1, start + size):
                br, bi = LR[:, r, c, None], LI[:, r, c, None]
                CR[:, :, r] = CR[:, :, r] - fma32(xr, br, xi * bi)
                CI[:, :, r] = CI[:, :, r] - fma32(-xr, bi, xi * br)
    R[:, rows, c0:c0 + bk], I[:, rows, c0:c0 + bk] = CR, CI


def _cherk_block(R, I, rows, c0, bk):
    """The trailing lower triangle minus P P^H (P: its rows of the block's columns)."""
    PR, PI = R[:, rows, c0:c0 + bk], I[:, rows, c0:c0 + bk]
    m = rows.stop - rows.start
    like = np.zeros((R.shape[0], m, m), np.float32)
    xs = [PR[:, :, k, None] for k in range(bk)], [PI[:, :, k, None] for k in range(bk)]
    ys = [PR[:, None, :, k] for k in range(bk)], [PI[:, None, :, k] for k in range(bk)]
    re, im = _cchains(*xs, *ys, like)
    tail = m // 8 * 8
    if tail < m:
        xt = [x[:, tail:] for x in xs[0]], [x[:, tail:] for x in xs[1]]
        re[:, tail:], im[:, tail:] = _cchain(*xt, *ys, like[:, tail:])
    R[:, rows, rows] = R[:, rows, rows] - np.tril(re)
    I[:, rows, rows] = I[:, rows, rows] - np.tril(im)


def cpotrf_in_order(a):
    """Lower Cholesky factors of the batched complex64 lower triangles `a` ("avx512",
    n <= 256); NaN where one is not positive definite."""
    flat = np.tril(a.reshape((-1,) + a.shape[-2:])).astype(np.complex64)
    n = flat.shape[-1]
    R, I = flat.real.copy(), flat.imag.copy()
    bad = np.zeros(flat.shape[0], bool)
    threads = openblas_threads()
    with np.errstate(all="ignore"):
        for step in potrf_plan(n, threads, complex_=True):
            if step[0] == "potf2":
                _cpotf2_block(R, I, step[1], step[2], bad)
            else:
                _, j, bk, end, pieces = step
                rows = slice(j + bk, end)
                _ctrsm_block(R, I, rows, j, bk, pieces)
                _cherk_block(R, I, rows, j, bk)
    L = np.tril(R + 1j * I).astype(np.complex64)
    L[bad] = np.nan
    return L.reshape(a.shape)


# ----------------------------------------------------------------------------- ctrsm

# complex64 left-side triangular solves on "avx512" up to 64 unknowns: OpenBLAS's ctrsm, its
# generic complex trsm_kernel_LT / LN with the cgemm kernel's unroll M = 8 and the blocks of
# `blocks` above. Each block first takes the solved unknowns' contribution from the gemm kernel,
# subtracted once: a whole 8-row block sums a_rk x_k as four fused chains from 0 (ar xr, ai xi,
# ar xi, ai xr) combined as re = rr - ii, im = ri + ir; a 4-, 2- or 1-row block as one fused
# chain a part, re = fma(ar, xr, fma(-ai, xi, re)), im = fma(ai, xr, fma(ar, xi, im)). The
# packed diagonal is its reciprocal as OpenBLAS's compinv computes it (Smith's ratio with the
# larger part: d = 1 / (ar (1 + r r)) with 1 + r r fused); each unknown is its right-hand side
# times it (re = fma(vr, br, -(vi bi)), im = fma(vr, bi, vi br)) and is eliminated from the
# block's later rows as c - fma(xr, ar, -(xi ai)), c - fma(xr, ai, xi ar) (GCC contracts the
# first product of each C expression). A conjugated triangle is the same arithmetic on the
# conjugated values (negation is exact). Measured against jax.lax.linalg.triangular_solve
# (scratch ds6/ctrsm_probe.py; 200 problems a case, lower / upper x unit or not x N / T / C,
# 1-3 right-hand sides): bit-equal on all at 1-5, 7-9, 11-13, 15-17, 21, 23, 24, 30, 32, 40, 64.
CTRSM_SIZE = {"avx512": 64}
_CGEMM_UNROLL_M = 8


def ctrsm_modelled(left: bool, m: int) -> bool:
    return left and m <= CTRSM_SIZE.get(kernels(), 0)


def _compinv(ar, ai):
    """OpenBLAS's packed reciprocal of a complex diagonal entry (compinv, contracted)."""
    one = np.ones_like(ar)
    with np.errstate(all="ignore"):
        r1 = ai / ar
        d1 = np.float32(1) / (ar * fma32(r1, r1, one))
        r2 = ar / ai
        d2 = np.float32(1) / (ai * fma32(r2, r2, one))
    big = np.abs(ar) >= np.abs(ai)
    return np.where(big, d1, r2 * d2), np.where(big, -r1 * d1, -d2)


def _cgemm_rows(AR, AI, XR, XI, rows, solved):
    """sum over the solved k of A[rows, k] x_k, as the cgemm kernel sums a block of `rows`."""
    z = np.zeros_like(XR[..., rows, :])
    if len(rows) == _CGEMM_UNROLL_M:
        rr = ii = ri = ir = z
        for k in solved:
            ar, ai = AR[..., rows, k, None], AI[..., rows, k, None]
            xr, xi = XR[..., k:k + 1, :], XI[..., k:k + 1, :]
            rr, ii, ri, ir = fma32(ar, xr, rr), fma32(ai, xi, ii), fma32(ar, xi, ri), fma32(ai, xr, ir)
        return rr - ii, ri + ir
    sr = si = z
    for k in solved:
        ar, ai = AR[..., rows, k, None], AI[..., rows, k, None]
        xr, xi = XR[..., k:k + 1, :], XI[..., k:k + 1, :]
        sr, si = fma32(ar, xr, fma32(-ai, xi, sr)), fma32(ai, xr, fma32(ar, xi, si))
    return sr, si


def ctrsm_in_order(A, B, is_lower: bool, unit: bool):
    """X with A X = B in complex64 (A: the effective triangle, already transposed / conjugated;
    B: (..., m, r)), in OpenBLAS's ctrsm order above."""
    AR, AI = A.real.astype(np.float32), A.imag.astype(np.float32)
    CR, CI = B.real.astype(np.float32), B.imag.astype(np.float32)
    XR, XI = np.zeros_like(CR), np.zeros_like(CI)
    solved: list = []
    with np.errstate(all="ignore"):
        for start, size in blocks(A.shape[-1], _CGEMM_UNROLL_M, is_lower):
            rows = list(range(start, start + size))
            if solved:
                sr, si = _cgemm_rows(AR, AI, XR, XI, rows, sorted(solved))
                CR[..., rows, :] = CR[..., rows, :] - sr
                CI[..., rows, :] = CI[..., rows, :] - si
            order = rows if is_lower else rows[::-1]
            for n, i in enumerate(order):
                br, bi = CR[..., i, :], CI[..., i, :]
                if unit:
                    xr, xi = br, bi
                else:
                    vr, vi = (v[..., None] for v in _compinv(AR[..., i, i], AI[..., i, i]))
                    xr, xi = fma32(vr, br, -(vi * bi)), fma32(vr, bi, vi * br)
                XR[..., i, :], XI[..., i, :] = xr, xi
                for r in order[n + 1:]:
                    ar, ai = AR[..., r, i, None], AI[..., r, i, None]
                    CR[..., r, :] = CR[..., r, :] - fma32(xr, ar, -(xi * ai))
                    CI[..., r, :] = CI[..., r, :] - fma32(xr, ai, xi * ar)
            solved += rows
    return (XR + 1j * XI).astype(np.complex64)
