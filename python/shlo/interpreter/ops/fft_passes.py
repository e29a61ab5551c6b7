"""The fft op in the operand's own precision, one pass per axis, as XLA CPU computes it.

XLA CPU runs `fft` with ducc0, pocketfft's successor: single precision for f32 / complex64,
one transform per axis, the last axis first, and an inverse transform's 1 / N applied once, in
the first pass (IRFFT: in the last, the complex-to-real one). numpy >= 2 ships pocketfft's
kernels as ufuncs (`numpy.fft._pocketfft_umath`) that take the scale factor in the element's
precision, so running them in that order gives XLA's values: bit-equal on the lengths checked
(1-D c2c of 2..256 and composite / prime lengths up to 210, 2-D (16, 17), r2c and c2r); from
512 on, ducc0 uses other passes for some lengths and the results differ by a few ulp (by
many where an output is small against the others). numpy's public functions compute a forward
complex64 transform in complex128 (their scale factor 1 is a Python int), so they are not used
here. Where the kernels are missing (numpy < 2), `transform` returns None and the caller
computes in float64.
"""
from __future__ import annotations

import numpy as np

try:
    from numpy.fft import _pocketfft_umath as _pfu
except ImportError:  # numpy < 2: no single-precision kernels
    _pfu = None


def _pass(ufunc, x, fct, axis, n_out, out_dtype):
    shape = x.shape[:axis] + (n_out,) + x.shape[axis + 1:]
    out = np.empty(shape, out_dtype)
    return ufunc(x, fct, axes=[(axis,), (), (axis,)], out=out)


def transform(x: np.ndarray, fft_type: str, lengths: list[int], axes: tuple) -> np.ndarray | None:
    """The transform of `x` (complex64 / complex128, or float32 / float64 for RFFT) over `axes`."""
    if _pfu is None:
        return None
    real = np.dtype(np.float32) if x.dtype in (np.complex64, np.float32) else np.dtype(np.float64)
    cplx = np.result_type(real, np.complex64)
    one = real.type(1)
    scale = real.type(1.0 / float(np.prod(lengths)))
    x = np.ascontiguousarray(x)
    if fft_type == "FFT":
        for ax in reversed(axes):
            x = _pass(_pfu.fft, x, one, ax, x.shape[ax], cplx)
    elif fft_type == "IFFT":
        for i, ax in enumerate(reversed(axes)):
            x = _pass(_pfu.ifft, x, scale if i == 0 else one, ax, x.shape[ax], cplx)
    elif fft_type == "RFFT":
        n = lengths[-1]
        x = _pass(_pfu.rfft_n_even if n % 2 == 0 else _pfu.rfft_n_odd, x, one, axes[-1], n // 2 + 1, cplx)
        for ax in axes[:-1]:
            x = _pass(_pfu.fft, x, one, ax, x.shape[ax], cplx)
    elif fft_type == "IRFFT":
        for ax in axes[:-1]:
            x = _pass(_pfu.ifft, x, one, ax, x.shape[ax], cplx)
        x = _pass(_pfu.irfft, x, scale, axes[-1], lengths[-1], real)
    else:
        raise ValueError(f"unknown fft_type {fft_type}")
    return x
