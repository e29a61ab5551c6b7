"""jnp.linalg.eigh / svd through shlo (the Jacobi bodies of shlo.linalg.eigh / shlo.linalg.svd in
importers/stablehlo_lapack.py) are as accurate as LAPACK: eigenvalues and singular values of a
random f32 / complex64 30 x 30 problem within 10 eps ||A||_2 of float64 numpy's (LAPACK's own
error is ~3 eps ||A||; the former Jacobi bodies, which applied each rotation as two n x n matrix
products, were off by ~20-30 eps ||A|| at this size), vectors orthonormal and A V = V W to a few
tens of eps ||A||, as LAPACK's."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo

RNG = np.random.default_rng(30)


def _random(shape, dtype):
    x = RNG.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * RNG.standard_normal(shape)
    return x


def _ct(x):
    return np.conj(np.swapaxes(x, -1, -2))


def _eps(dtype):
    return float(np.finfo(np.dtype(dtype)).eps)


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_eigh_as_accurate_as_lapack(dtype):
    x = _random((30, 30), dtype)
    a = ((x + _ct(x)) / 2).astype(dtype)
    prog = shlo.from_jax(jnp.linalg.eigh, a)
    w, v = shlo.interpret(prog, a)
    exact = a.astype(np.complex128)
    norm = np.linalg.norm(exact, 2)
    unit = _eps(dtype) * norm
    assert np.max(np.abs(w - np.linalg.eigvalsh(exact))) <= 10 * unit
    v = v.astype(np.complex128)
    assert np.linalg.norm(exact @ v - v * w[None, :]) <= 40 * unit
    assert np.linalg.norm(_ct(v) @ v - np.eye(30)) <= 40 * _eps(dtype)


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
@pytest.mark.parametrize("shape", [(30, 30), (30, 24), (24, 30)])
def test_svd_as_accurate_as_lapack(dtype, shape):
    a = _random(shape, dtype).astype(dtype)
    prog = shlo.from_jax(jnp.linalg.svd, a)
    u, s, vt = shlo.interpret(prog, a)
    exact = a.astype(np.complex128)
    norm = np.linalg.norm(exact, 2)
    unit = _eps(dtype) * norm
    assert np.max(np.abs(s - np.linalg.svd(exact, compute_uv=False))) <= 10 * unit
    k = min(shape)
    u, vt = u.astype(np.complex128), vt.astype(np.complex128)
    assert np.linalg.norm((u[:, :k] * s[None, :]) @ vt[:k] - exact) <= 40 * unit
    assert np.linalg.norm(_ct(u) @ u - np.eye(shape[0])) <= 40 * _eps(dtype)
    assert np.linalg.norm(vt @ _ct(vt) - np.eye(shape[1])) <= 40 * _eps(dtype)


@pytest.mark.parametrize("magnitude", [1e20, 1e-25])
def test_extreme_magnitudes(magnitude):
    """Entries whose squares overflow or underflow f32: the bodies work on the matrix scaled by a
    power of two (exact), so values are as accurate as at unit scale (the former bodies' sums of
    squares were inf or 0 and the sweeps stopped at once, returning the diagonal)."""
    x = _random((6, 6), "float32")
    herm = ((x + x.T) / 2 * magnitude).astype(np.float32)
    w, _ = shlo.interpret(shlo.from_jax(jnp.linalg.eigh, herm), herm)
    exact = herm.astype(np.float64)
    unit = _eps("float32") * np.linalg.norm(exact, 2)
    assert np.max(np.abs(w - np.linalg.eigvalsh(exact))) <= 10 * unit
    a = (x * magnitude).astype(np.float32)
    _, s, _ = shlo.interpret(shlo.from_jax(jnp.linalg.svd, a), a)
    exact = a.astype(np.float64)
    assert np.max(np.abs(s - np.linalg.svd(exact, compute_uv=False))) <= 10 * _eps("float32") * np.linalg.norm(exact, 2)


def test_graded_svd():
    """Singular values 1, 1e-1, ..., 1e-29: one-sided Jacobi must keep rotating pairs of small
    columns until they are orthogonal relative to their own norms (?gesvj's test). With a test
    on the Gram matrix's absolute size they were left, and singular values near 1e-14 came
    back ~200 eps off (the former body: 1e5-2e7 eps)."""
    rng = np.random.default_rng(9)
    q, _ = np.linalg.qr(rng.standard_normal((30, 30)))
    a = (q * 10.0 ** -np.arange(30)) @ q.T
    with jax.enable_x64(True):
        _, s, _ = shlo.interpret(shlo.from_jax(jnp.linalg.svd, a), a)
    assert s.dtype == np.float64
    assert np.max(np.abs(s - np.linalg.svd(a, compute_uv=False))) <= 10 * _eps("float64")
