"""shlo.linalg.svd with vectors for 25 < min(m, n) <= 51 follows ?gesdd's path through ?bdsdc's
divide and conquer (stablehlo_lapack_bdsdc.py: ?lasdq leaves, one ?lasd1 merge), so its vectors
carry LAPACK's signs as below 25 (the Jacobi body's were right only up to sign: 29 x 29 f64,
about half of the columns flipped).

jax's svd of an upper bidiagonal B is ?bdsdc's own result (?gebrd of B reflects nothing: every
column below and row right of the bidiagonal is already zero), so the body is checked against it
directly, jitted; the whole path is interpreted once as shlo runs it."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo
from shlo.importers.stablehlo_lapack_bdsdc import bdsdc

RNG = np.random.default_rng(11)


@pytest.fixture
def x64():
    jax.config.update("jax_enable_x64", True)
    yield
    jax.config.update("jax_enable_x64", False)


def _bidiagonal(d, e):
    return np.diag(d) + np.diag(e, 1)


def _check_against_lapack(d, e, tol=1e-10):
    u_ref, s_ref, vt_ref = (np.asarray(x) for x in jnp.linalg.svd(_bidiagonal(d, e)))
    s, u, vt, info = (np.asarray(x) for x in jax.jit(bdsdc)(d, e))
    assert info == 0
    np.testing.assert_allclose(s, s_ref, atol=tol * s_ref[0])
    np.testing.assert_allclose(u, u_ref, atol=tol)
    np.testing.assert_allclose(vt, vt_ref, atol=tol)


@pytest.mark.parametrize("n", [27, 51])
def test_random_bidiagonal(x64, n):
    _check_against_lapack(RNG.standard_normal(n), RNG.standard_normal(n - 1))


@pytest.mark.parametrize("centre", [4e-16, 3e-15])
def test_deflation(x64, centre):
    # a tiny centre row (alpha, beta) makes ?lasd2 deflate small z entries: all but one (4e-16,
    # K = 1: ?lasd3's quick return) or all but two (3e-15, K = 2, where the largest root lies
    # 1e-30 above its pole: sqrt(d^2 + rho) - d was 0 there, and the vectors NaN)
    n = 31
    rng = np.random.default_rng(11)
    d, e = rng.standard_normal(n), rng.standard_normal(n - 1)
    d[n // 2] = 1e-17
    e[n // 2] = centre
    _check_against_lapack(d, e)


def test_split_goes_to_bdsqr(x64):
    # e_i = 0 splits B (LAPACK solves the pieces apart): the whole B goes to ?bdsqr instead
    n = 30
    d, e = RNG.standard_normal(n), RNG.standard_normal(n - 1)
    e[7] = 0
    s, u, vt, info = (np.asarray(x) for x in jax.jit(bdsdc)(d, e))
    assert info == 0
    np.testing.assert_allclose(s, np.linalg.svd(_bidiagonal(d, e), compute_uv=False), atol=1e-13)
    np.testing.assert_allclose(u @ np.diag(s) @ vt, _bidiagonal(d, e), atol=1e-13)
    np.testing.assert_allclose(u.T @ u, np.eye(n), atol=1e-13)


def _interpreted_equals_jax(svd, a):
    u_ref, s_ref, vt_ref = (np.asarray(x) for x in jax.jit(svd)(a))
    u, s, vt = shlo.interpret(shlo.from_jax(svd, a), a)
    np.testing.assert_allclose(s, s_ref, atol=1e-12)
    np.testing.assert_allclose(u, u_ref, atol=1e-10)
    np.testing.assert_allclose(vt, vt_ref, atol=1e-10)


@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_interpreted_29_equals_lapack(x64, dtype):
    a = RNG.standard_normal((29, 29))
    if dtype == "complex128":
        a = a + 1j * RNG.standard_normal((29, 29))

    def svd(a):
        return jnp.linalg.svd(a, full_matrices=False)
    _interpreted_equals_jax(svd, a)


def test_batch_mapped(x64):
    # the batch runs by lax.map (vmapped it took 6x as long to interpret)
    a = RNG.standard_normal((2, 27, 27))

    def svd(a):
        return jnp.linalg.svd(a, full_matrices=True)
    _interpreted_equals_jax(svd, a)
