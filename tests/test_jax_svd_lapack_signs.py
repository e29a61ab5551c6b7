"""shlo.linalg.svd with vectors for min(m, n) <= 25 follows ?gesdd's path (stablehlo_lapack_svd.py:
QR / LQ first where ?gesdd does it, ?gebrd, ?bdsqr as ?bdsdc calls it), so its singular vectors
carry LAPACK's signs (phases): jax's svd on CPU (LAPACK through jaxlib) and shlo's interpretation
of the same program give the same U and V^H, not only vectors equal up to sign as the Jacobi
body did (2 x 2 f32: u[0, 0] 0.992592 against LAPACK's -0.99259204)."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo
from shlo.importers.stablehlo_lapack_svd import eligible

RNG = np.random.default_rng(8)


def _svd(full):
    return lambda a: jnp.linalg.svd(a, full_matrices=full)


def _random(shape, dtype):
    a = RNG.standard_normal(shape)
    if dtype.startswith("complex"):
        a = a + 1j * RNG.standard_normal(shape)
    return a.astype(dtype)


@pytest.mark.parametrize("full", [False, True])
@pytest.mark.parametrize("shape", [(2, 2), (2, 7)])
def test_vectors_equal_lapack_f32(shape, full):
    a = _random(shape, "float32")
    u_ref, s_ref, vt_ref = (np.asarray(x) for x in jax.jit(_svd(full))(a))
    u, s, vt = shlo.interpret(shlo.from_jax(_svd(full), a), a)
    np.testing.assert_allclose(s, s_ref, atol=1e-5)
    np.testing.assert_allclose(u, u_ref, atol=1e-5)
    np.testing.assert_allclose(vt, vt_ref, atol=1e-5)


@pytest.mark.parametrize("dtype", ["float64", "complex64", "complex128"])
@pytest.mark.parametrize("shape", [(3, 9), (9, 4), (6, 5)])
def test_vectors_equal_lapack(shape, dtype):
    jax.config.update("jax_enable_x64", True)
    try:
        a = _random(shape, dtype)
        u_ref, s_ref, vt_ref = (np.asarray(x) for x in jax.jit(_svd(True))(a))
        u, s, vt = shlo.interpret(shlo.from_jax(_svd(True), a), a)
    finally:
        jax.config.update("jax_enable_x64", False)
    tol = 1e-4 if dtype == "complex64" else 1e-10
    np.testing.assert_allclose(s, s_ref, atol=tol)
    np.testing.assert_allclose(u, u_ref, atol=tol)
    np.testing.assert_allclose(vt, vt_ref, atol=tol)


def test_batch():
    a = _random((2, 3, 5, 3), "float32")
    u_ref, s_ref, vt_ref = (np.asarray(x) for x in jax.jit(_svd(False))(a))
    u, s, vt = shlo.interpret(shlo.from_jax(_svd(False), a), a)
    np.testing.assert_allclose(s, s_ref, atol=1e-5)
    np.testing.assert_allclose(u, u_ref, atol=1e-5)
    np.testing.assert_allclose(vt, vt_ref, atol=1e-5)


def test_paths_chosen():
    assert eligible(2, 7, False, "A") and eligible(29, 7, True, "S") and eligible(25, 25, False, "A")
    assert eligible(26, 26, False, "A") and eligible(60, 51, True, "S")   # one ?lasd1 merge
    assert not eligible(52, 52, False, "A")          # two merge levels: Jacobi body
    assert not eligible(5, 8, False, "A")            # wide without LQ: a lower bidiagonal
    # values only: the real tall ones (float32 follows ?gebd2 on AVX-512; others the Jacobi body)
    assert eligible(2, 2, False, "N") and not eligible(2, 7, False, "N") and not eligible(2, 2, True, "N")
