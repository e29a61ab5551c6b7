"""Numerical library ops: FFT, Cholesky, triangular solve, batch normalization, uniform (de)quantization.

Floating-point work is done in float64 / complex128 and rounded once to the
result type (the spec leaves the accuracy of fft, cholesky and
triangular_solve implementation-defined; for batch norm this is at least as
accurate as computing in the element type), except fft, which runs in the
operand's precision pass by pass as XLA CPU does (fft_passes.py; float64
where numpy has no single-precision kernels), and the small Cholesky factors and
triangular solves that follow the LAPACK XLA CPU calls (openblas_order.py). The
random ops live in `random.py`.
"""
from __future__ import annotations

import numpy as np

from ...literals import numpy_dtype
from ..registry import implements
from . import fft_passes, openblas_order
from .elementwise import finish, kind

F64, C128 = np.dtype(np.float64), np.dtype(np.complex128)


def _result(values, ctx, i=0) -> np.ndarray:
    return finish(np.asarray(values), ctx.result_types[i].element)


def _wide(x: np.ndarray, element: str) -> np.ndarray:
    """Float or complex values widened to float64 / complex128."""
    with np.errstate(all="ignore"):
        return np.asarray(x).astype(C128 if kind(element) == "complex" else F64)


# ----------------------------------------------------------------------------- fft

@implements("fft")
def fft(ctx, operand):
    fft_type = ctx.attrs["fft_type"]
    lengths = [int(n) for n in ctx.attrs["fft_length"]]
    L = len(lengths)
    if not 1 <= L <= min(3, operand.ndim):
        raise ValueError(f"fft_length {lengths} does not fit an operand of rank {operand.ndim}")
    axes = tuple(range(operand.ndim - L, operand.ndim))
    rtype = ctx.result_types[0]
    out_shape = tuple(operand.shape[:-1]) + (
        (lengths[-1] // 2 + 1 if lengths[-1] else 0) if fft_type == "RFFT" else
        lengths[-1] if fft_type == "IRFFT" else operand.shape[-1],)
    x = _wide(operand, ctx.operand_types[0].element)
    if fft_type in ("FFT", "IFFT", "RFFT"):
        if tuple(operand.shape[-L:]) != tuple(lengths):
            raise ValueError(f"the transformed dimensions {operand.shape[-L:]} differ from fft_length {lengths}")
    else:  # IRFFT: the operand holds n/2+1 entries along the last dimension
        want = tuple(lengths[:-1]) + ((lengths[-1] // 2 + 1) if lengths[-1] else 0,)
        if tuple(operand.shape[-L:]) != want:
            raise ValueError(f"IRFFT operand dimensions {operand.shape[-L:]} do not fit fft_length {lengths}")
    if 0 in operand.shape or 0 in lengths:
        return np.zeros(out_shape, numpy_dtype(rtype.element))
    # in the operand's precision, pass by pass as XLA CPU (ducc0) computes it (fft_passes.py)
    passes = fft_passes.transform(np.asarray(operand), fft_type, lengths, axes)
    if passes is not None:
        return _result(passes, ctx)
    if fft_type == "FFT":
        out = np.fft.fftn(x, axes=axes)
    elif fft_type == "IFFT":
        out = np.fft.ifftn(x, axes=axes)
    elif fft_type == "RFFT":
        out = np.fft.rfftn(x, s=lengths, axes=axes)
    elif fft_type == "IRFFT":
        # Ordinary IFFT along the leading transformed dimensions, then the Hermitian-completed inverse
        # along the last one (imaginary parts of its DC and Nyquist entries do not contribute).
        out = np.fft.irfftn(x, s=lengths, axes=axes)
    else:
        raise ValueError(f"unknown fft_type {fft_type}")
    return _result(out, ctx)


# ----------------------------------------------------------------------------- linear algebra

def _conj_t(m: np.ndarray) -> np.ndarray:
    return np.conj(np.swapaxes(m, -1, -2))


@implements("cholesky")
def cholesky(ctx, a):
    """Factors of the Hermitian matrices whose `lower` (or upper) triangle `a` holds.

    The other triangle of the result is zero. A matrix that is not positive definite
    gives a result of NaNs (the spec leaves it implementation-defined)."""
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"cholesky needs square matrices, got shape {a.shape}")
    element = ctx.operand_types[0].element
    lower = bool(ctx.attr("lower", False))  # absent means upper, as in StableHLO
    x = _wide(a, element)
    n = a.shape[-1]
    if x.size == 0:
        return _result(x, ctx)
    tri = np.tril(x) if lower else np.triu(x)
    off = np.tril(x, -1) if lower else np.triu(x, 1)
    diag = np.eye(n, dtype=bool)
    herm = np.where(diag, np.real(tri), tri + _conj_t(off))  # the full Hermitian matrix, diagonal real
    if lower and element == "f32" and n <= openblas_order.POTRF_SIZE.get(openblas_order.kernels(), 0):
        # OpenBLAS's blocked potrf (SkylakeX kernels), XLA's bit for bit
        return _result(openblas_order.potrf_in_order(np.tril(x)), ctx)
    if lower and element == "f32" and n <= openblas_order.POTF2_SIZES[openblas_order.kernels()]:
        # in f32 in the order of the LAPACK jaxlib calls (OpenBLAS's potf2), XLA's bit for bit
        return _result(openblas_order.potf2_in_order(np.tril(x), numpy_dtype(element)), ctx)
    if lower and element == "complex<f32>" and n <= openblas_order.CPOTRF_SIZE.get(openblas_order.kernels(), 0):
        return _result(openblas_order.cpotrf_in_order(np.tril(x)), ctx)
    if lower and element == "complex<f32>" and n <= openblas_order.CPOTF2_SIZE:
        return _result(openblas_order.cpotf2_in_order(np.tril(x)), ctx)
    flat = herm.reshape((-1, n, n))
    out = np.empty_like(flat)
    for i, m in enumerate(flat):
        try:
            L = np.linalg.cholesky(m)
            ok = np.all(np.isfinite(L))
        except np.linalg.LinAlgError:
            ok = False
        if not ok:
            out[i] = np.nan
            continue
        out[i] = L if lower else _conj_t(L)
    return _result(out.reshape(x.shape), ctx)


@implements("triangular_solve")
def triangular_solve(ctx, a, b):
    """Forward / back substitution on the selected triangle of `a`: a zero on a read diagonal
    gives infinities or NaNs (the spec leaves singular systems implementation-defined)."""
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise ValueError(f"triangular_solve needs square matrices in a, got shape {a.shape}")
    if a.ndim != b.ndim or a.shape[:-2] != b.shape[:-2]:
        raise ValueError(f"batch dimensions of a {a.shape} and b {b.shape} differ")
    left = bool(ctx.attrs["left_side"])
    lower = bool(ctx.attrs["lower"])
    unit = bool(ctx.attrs["unit_diagonal"])
    trans = ctx.attrs["transpose_a"] or "NO_TRANSPOSE"
    m = a.shape[-1]
    if (b.shape[-2] if left else b.shape[-1]) != m:
        raise ValueError(f"a of shape {a.shape} does not fit b of shape {b.shape} (left_side={left})")
    ea, eb = ctx.operand_types[0].element, ctx.operand_types[1].element
    complex_ = kind(ea) == "complex" or kind(eb) == "complex"
    A = _wide(a, ea).astype(C128 if complex_ else F64)
    B = _wide(b, eb).astype(C128 if complex_ else F64)
    A = np.tril(A) if lower else np.triu(A)
    if unit:
        idx = np.arange(m)
        A[..., idx, idx] = 1
    is_lower = lower
    if trans == "TRANSPOSE":
        A, is_lower = np.swapaxes(A, -1, -2), not lower
    elif trans == "ADJOINT":
        A, is_lower = _conj_t(A), not lower
    elif trans != "NO_TRANSPOSE":
        raise ValueError(f"unknown transpose_a {trans}")
    if not left:  # X * M = B  <=>  M^T * X^T = B^T
        A, B, is_lower = np.swapaxes(A, -1, -2), np.swapaxes(B, -1, -2), not is_lower
    if ea == eb and ea in ("f32", "f64") and openblas_order.trsm_modelled(ea, left, m):
        # in the element type in the order of the LAPACK jaxlib calls (OpenBLAS's trsm kernel),
        # so that XLA's solves (jnp.linalg.solve, custom_linear_solve) are its bit for bit
        X = openblas_order.trsm_in_order(A, B, is_lower, unit, numpy_dtype(ea), left, ea)
        return _result(X if left else np.swapaxes(X, -1, -2), ctx)
    if ea == eb == "complex<f32>" and openblas_order.ctrsm_modelled(left, m):
        # complex64 in OpenBLAS's ctrsm order (the LAPACK call XLA CPU makes)
        return _result(openblas_order.ctrsm_in_order(A, B, is_lower, unit), ctx)
    X = np.zeros_like(B)
    order = range(m) if is_lower else range(m - 1, -1, -1)
    with np.errstate(all="ignore"):
        for i in order:
            known = slice(0, i) if is_lower else slice(i + 1, m)
            acc = B[..., i, :] - np.einsum("...k,...kn->...n", A[..., i, known], X[..., known, :])
            X[..., i, :] = acc / A[..., i, i][..., None]
    if not left:
        X = np.swapaxes(X, -1, -2)
    return _result(X, ctx)


# ----------------------------------------------------------------------------- batch normalization

def _feature_view(v: np.ndarray, ndim: int, feature_index: int) -> np.ndarray:
    shape = [1] * ndim
    shape[feature_index] = -1
    return np.asarray(v).reshape(shape)


def _epsilon(ctx, element: str) -> float:
    """epsilon converted to the element type first, as the spec says."""
    eps = np.asarray(ctx.attrs["epsilon"] or 0.0, F64)
    return float(finish(eps, element))


def _check_features(ctx, operand, fi: int, vectors: list) -> None:
    """Each (name, value, constraint) of `vectors` holds the operand's feature size (? sizes the
    program computes may differ; compiled code checks the same, lowering/size_checks.py)."""
    if all(None not in t.shape for t in ctx.operand_types):
        return
    from ...errors import InterpreterError
    for name, v, cid in vectors:
        if np.shape(v) != (np.shape(operand)[fi],):
            raise InterpreterError(f"{ctx.location}: shlo.{ctx.name}: {name} has shape {np.shape(v)}, the "
                                   f"operand {np.shape(operand)[fi]} features ({ctx.name} {cid})")


def _batch_norm_setup(ctx, operand):
    fi = int(ctx.attrs["feature_index"])
    if not 0 <= fi < operand.ndim:
        raise ValueError(f"feature_index {fi} out of range for rank {operand.ndim}")
    element = ctx.operand_types[0].element
    axes = tuple(d for d in range(operand.ndim) if d != fi)
    return fi, element, axes, _epsilon(ctx, element)


@implements("batch_norm_inference")
def batch_norm_inference(ctx, operand, scale, offset, mean, variance):
    fi, element, _axes, eps = _batch_norm_setup(ctx, operand)
    _check_features(ctx, operand, fi, [("scale", scale, "C3"), ("offset", offset, "C4"), ("mean", mean, "C5"),
                                       ("variance", variance, "C6")])
    f = lambda v: _feature_view(_wide(v, element), operand.ndim, fi)  # noqa: E731
    x = _wide(operand, element)
    with np.errstate(all="ignore"):
        out = (x - f(mean)) / np.sqrt(f(variance) + eps) * f(scale) + f(offset)
    return _result(out, ctx)


@implements("batch_norm_training")
def batch_norm_training(ctx, operand, scale, offset):
    fi, element, axes, eps = _batch_norm_setup(ctx, operand)
    _check_features(ctx, operand, fi, [("scale", scale, "C3"), ("offset", offset, "C4")])
    f = lambda v: _feature_view(_wide(v, element), operand.ndim, fi)  # noqa: E731
    x = _wide(operand, element)
    with np.errstate(all="ignore"):
        mean = np.mean(x, axis=axes) if x.size else np.full(operand.shape[fi], np.nan)
        centered = x - _feature_view(mean, x.ndim, fi)
        var = np.mean(centered * centered, axis=axes) if x.size else np.full(operand.shape[fi], np.nan)
        out = centered / np.sqrt(_feature_view(var, x.ndim, fi) + eps) * f(scale) + f(offset)
    return [_result(out, ctx, 0), _result(mean, ctx, 1), _result(var, ctx, 2)]


@implements("batch_norm_grad")
def batch_norm_grad(ctx, operand, scale, mean, variance, grad_output):
    fi, element, axes, eps = _batch_norm_setup(ctx, operand)
    _check_features(ctx, operand, fi, [("scale", scale, "C4"), ("mean", mean, "C4"), ("variance", variance, "C4")])
    if np.shape(grad_output) != np.shape(operand):
        from ...errors import InterpreterError
        raise InterpreterError(f"{ctx.location}: shlo.batch_norm_grad: grad_output has shape {np.shape(grad_output)}, "
                               f"the operand {np.shape(operand)} (batch_norm_grad C3)")
    f = lambda v: _feature_view(_wide(v, element), operand.ndim, fi)  # noqa: E731
    x = _wide(operand, element)
    g = _wide(grad_output, ctx.operand_types[4].element)
    n = x.size // operand.shape[fi] if operand.shape[fi] else 0
    with np.errstate(all="ignore"):
        c = x - f(mean)
        var_eps = f(variance) + eps
        sd = np.sqrt(var_eps)
        sum_g = np.sum(g, axis=axes, keepdims=True)
        sum_gc = np.sum(g * c, axis=axes, keepdims=True)
        grad_offset = sum_g
        grad_scale = sum_gc / sd
        grad_operand = f(scale) / (sd * n) * (n * g - sum_g - c * sum_gc / var_eps)
    flat = lambda v: np.reshape(v, (-1,))  # noqa: E731
    return [_result(grad_operand, ctx, 0), _result(flat(grad_scale), ctx, 1), _result(flat(grad_offset), ctx, 2)]


# ----------------------------------------------------------------------------- uniform quantization

def _per_element(values, q, ndim: int) -> np.ndarray:
    """Per-tensor parameter as a scalar array; per-axis parameters shaped to broadcast along q.axis."""
    arr = np.asarray(values)
    if q.axis is None:
        return arr[0]
    shape = [1] * ndim
    shape[q.axis] = -1
    return arr.reshape(shape)


def dequantize_values(stored: np.ndarray, t) -> np.ndarray:
    """`(q - z) * s` with `q - z` converted to the expressed type and multiplied there (one rounding)."""
    q = t.quant
    expressed = q.expressed
    diff = np.asarray(stored).astype(np.int64) - _per_element(np.array(q.zero_points, np.int64), q, stored.ndim)
    diff_e = finish(diff.astype(F64), expressed).astype(F64)  # exact for |q - z| < 2^53
    scale_e = finish(np.array(q.scales, F64), expressed).astype(F64)
    with np.errstate(all="ignore"):
        return finish(diff_e * _per_element(scale_e, q, stored.ndim), expressed)


def quantize_values(x: np.ndarray, t) -> np.ndarray:
    """clamp(storage_min, round_half_even(x / s) + z, storage_max), the division in the expressed type.

    NaN (implementation-defined in the spec) stores the zero point, clamped to the storage range."""
    q = t.quant
    expressed = q.expressed
    xv = np.asarray(x).astype(F64)
    scale_e = finish(np.array(q.scales, F64), expressed).astype(F64)
    zps = _per_element(np.array(q.zero_points, F64), q, xv.ndim)
    with np.errstate(all="ignore"):
        quotient = finish(xv / _per_element(scale_e, q, xv.ndim), expressed).astype(F64)
        rounded = np.rint(quotient) + zps
        rounded = np.where(np.isnan(rounded), np.broadcast_to(zps, rounded.shape), rounded)
        clamped = np.clip(rounded, q.storage_min, q.storage_max)
    return clamped.astype(np.int64).astype(numpy_dtype(q.storage))


@implements("uniform_quantize", quant_aware=True)
def uniform_quantize(ctx, operand):
    src, dst = ctx.operand_types[0], ctx.result_types[0]
    if dst.quant is None:
        raise ValueError(f"uniform_quantize needs a quantized result type, got {dst}")
    values = dequantize_values(operand, src) if src.quant is not None else np.asarray(operand)
    return quantize_values(values, dst)


@implements("uniform_dequantize", quant_aware=True)
def uniform_dequantize(ctx, operand):
    src = ctx.operand_types[0]
    if src.quant is None:
        raise ValueError(f"uniform_dequantize needs a quantized operand, got {src}")
    return dequantize_values(operand, src)
