"""PyTorch's FFT primitives (`_fft_r2c`, `_fft_c2r`, `_fft_c2c`) as shlo `fft`.

shlo transforms the trailing dimensions (at most 3 per op), so the requested dimensions are
transposed to the end (in their order) and back. ATen's `normalization` is its fft_norm_mode:
0 none, 1 divide by sqrt(n), 2 divide by n, with n the product of the transformed lengths; shlo's
inverse transforms already divide by n, which is undone where the mode asks for less.
"""
from __future__ import annotations

import math

from ..registry import converts

_COMPLEX = {"f32": "complex<f32>", "f64": "complex<f64>"}


def _dims(cx, x, dim) -> list:
    rank = cx.rank(x)
    dims = [d % rank for d in (dim if isinstance(dim, (list, tuple)) else [dim])]
    if len(set(dims)) != len(dims):
        raise cx.error(f"repeated FFT dimensions {list(dim)}")
    return dims


def _static_sizes(cx, x, dims) -> list:
    sizes = cx.sizes_of(x)
    lengths = [sizes[d] for d in dims]
    if not all(isinstance(n, int) for n in lengths):
        raise cx.error("FFT needs static sizes along the transformed dimensions")
    return lengths


def _to_end(cx, x, dims):
    """x with `dims` moved to the end in order, and the permutation that undoes it."""
    rank = cx.rank(x)
    perm = [d for d in range(rank) if d not in dims] + list(dims)
    if perm == list(range(rank)):
        return x, None
    inverse = [perm.index(d) for d in range(rank)]
    return cx.op("transpose", x, permutation=perm), inverse


def _back(cx, y, inverse):
    return y if inverse is None else cx.op("transpose", y, permutation=inverse)


def _fft(cx, x, kind: str, lengths: list):
    """shlo fft over x's trailing len(lengths) dims, in groups of at most 3 (each group is a
    separable transform; RFFT's / IRFFT's halved dimension is the very last one)."""
    n = len(lengths)
    if n <= 3:
        return cx.op("fft", x, fft_type=kind, fft_length=list(lengths))
    rank = cx.rank(x)
    head, tail = lengths[:n - 3], lengths[n - 3:]
    if kind == "IRFFT":       # the ordinary inverse along the leading dims first, as PyTorch does
        x = _fft(cx, _swap_last(cx, x, rank, n), "IFFT", head)
        return _fft(cx, _swap_last(cx, x, rank, n, undo=True), "IRFFT", tail)
    x = cx.op("fft", x, fft_type=kind, fft_length=tail)
    x = _fft(cx, _swap_last(cx, x, rank, n), "IFFT" if kind == "IFFT" else "FFT", head)
    return _swap_last(cx, x, rank, n, undo=True)


def _swap_last(cx, x, rank, n, undo=False):
    """Moves the first n-3 of the trailing n dims behind the last 3 (or back)."""
    lead = list(range(rank - n))
    a, b = list(range(rank - n, rank - 3)), list(range(rank - 3, rank))
    perm = lead + (b + a)
    if undo:
        perm = [perm.index(d) for d in range(rank)]
    return cx.op("transpose", x, permutation=perm)


def _normalize(cx, y, mode: int, n: int, inverse: bool):
    """Scales y for ATen's norm mode; shlo's inverse has divided by n already."""
    if mode not in (0, 1, 2):
        raise cx.error(f"unknown FFT normalization mode {mode}")
    want = {0: 1.0, 1: 1.0 / math.sqrt(n) if n else 1.0, 2: 1.0 / n if n else 1.0}[mode]
    scale = want * n if inverse and n else want
    if scale == 1.0:
        return y
    return cx.op("multiply", y, cx.const(scale, cx.element(y), cx.sizes_of(y)))


def _length(lengths) -> int:
    return int(math.prod(lengths)) if lengths else 1


@converts("_fft_c2c")
def fft_c2c(cx, x, dim, normalization, forward):
    dims = _dims(cx, x, dim)
    if not dims:
        return x
    lengths = _static_sizes(cx, x, dims)
    xt, inverse = _to_end(cx, x, dims)
    y = _fft(cx, xt, "FFT" if forward else "IFFT", lengths)
    return _back(cx, _normalize(cx, y, normalization, _length(lengths), not forward), inverse)


@converts("_fft_r2c")
def fft_r2c(cx, x, dim, normalization, onesided):
    dims = _dims(cx, x, dim)
    element = cx.element(x)
    if element not in _COMPLEX:
        raise cx.error(f"real-to-complex FFT of {element} (f32 and f64 only)")
    lengths = _static_sizes(cx, x, dims)
    xt, inverse = _to_end(cx, x, dims)
    if onesided:
        y = _fft(cx, xt, "RFFT", lengths)
    else:
        y = _fft(cx, cx.convert(xt, _COMPLEX[element]), "FFT", lengths)
    return _back(cx, _normalize(cx, y, normalization, _length(lengths), False), inverse)


@converts("_fft_c2r")
def fft_c2r(cx, x, dim, normalization, last_dim_size):
    """The inverse of a onesided transform: x holds the first n/2+1 entries along dims[-1]."""
    dims = _dims(cx, x, dim)
    if not isinstance(last_dim_size, int):
        raise cx.error("complex-to-real FFT needs a static last_dim_size")
    lengths = _static_sizes(cx, x, dims)[:-1] + [last_dim_size]
    xt, inverse = _to_end(cx, x, dims)
    xt = _fit_half(cx, xt, last_dim_size // 2 + 1)
    y = _fft(cx, xt, "IRFFT", lengths)
    return _back(cx, _normalize(cx, y, normalization, _length(lengths), True), inverse)


def _fit_half(cx, x, half: int):
    """x's last dim cut or zero-padded to `half` entries (the ones the inverse reads)."""
    sizes = cx.sizes_of(x)
    last = sizes[-1]
    if last == half:
        return x
    rank = len(sizes)
    if last > half:
        return cx.op("slice", x, start_indices=[0] * rank, limit_indices=sizes[:-1] + [half],
                     strides=[1] * rank)
    zero = cx.const(0, cx.element(x))
    return cx.op("pad", x, zero, edge_padding_low=[0] * rank, edge_padding_high=[0] * (rank - 1) + [half - last],
                 interior_padding=[0] * rank)
