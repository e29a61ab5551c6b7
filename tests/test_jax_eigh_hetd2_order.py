"""complex64 Hermitian tridiagonal reduction and eigh (n <= 25, lower and upper) equal XLA CPU's
bit for bit: chetd2 'L' / 'U' follow OpenBLAS's chemv / cdotc / caxpy / cher2 orders
(shlo.importers.stablehlo_lapack_hetd2, stablehlo_openblas_order_c64) and eigh's Q is applied
in ?unm2r's (?unm2l's) order; ?steqr was already LAPACK's. The orders are those of OpenBLAS's AVX-512
kernels: elsewhere the tests do not apply."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo
from shlo.interpreter.ops.openblas_order import kernels

pytestmark = pytest.mark.skipif(kernels() != "avx512", reason="OpenBLAS's AVX-512 kernels are modelled")

RNG = np.random.default_rng(11)


def _cplx(shape):
    return (RNG.standard_normal(shape) + 1j * RNG.standard_normal(shape)).astype(np.complex64)


def _tridiagonal(a, lower=True):
    return jax.lax.linalg.tridiagonal(a, lower=lower)


def _bits(x):
    return np.asarray(x).view(np.float32) if np.iscomplexobj(x) else np.asarray(x)


def _assert_tridiagonal_equal(prog, a, lower=True):
    got = shlo.interpret(prog, a)
    want = [np.asarray(w) for w in jax.jit(functools.partial(_tridiagonal, lower=lower))(a)]
    ones = np.ones(a.shape, bool)
    kept = np.tril(ones) if lower else np.triu(ones)    # the other triangle is LAPACK's workspace
    np.testing.assert_array_equal(_bits(got[0][kept]), _bits(want[0][kept]))
    for g, w in zip(got[1:], want[1:]):
        np.testing.assert_array_equal(_bits(g), _bits(w))


@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("n", [2, 6, 11])
def test_tridiagonal_equals_lapack(n, lower):
    """n = 11: chemv's two diagonal blocks of 8 and its cgemv_c / cgemv_n tails."""
    prog = shlo.from_jax(functools.partial(_tridiagonal, lower=lower), np.zeros((n, n), np.complex64))
    for _ in range(2):
        _assert_tridiagonal_equal(prog, _cplx((n, n)), lower)


@pytest.mark.parametrize("lower", [True, False])
def test_tridiagonal_with_trivial_reflectors(lower):
    """A first column already zero beyond the subdiagonal with a real subdiagonal entry: tau = 0,
    the next diagonal entry made real, the rest left alone."""
    a = _cplx((7, 7))
    if lower:
        a[2:, 0] = 0
        a[1, 0] = 2.5
    else:
        a[:5, 6] = 0
        a[5, 6] = 2.5
    fn = functools.partial(_tridiagonal, lower=lower)
    _assert_tridiagonal_equal(shlo.from_jax(fn, a), a, lower)


@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh_vectors_equal_lapack(uplo):
    """jnp.linalg.eigh of a 17 x 17 complex64 matrix (cdotc's 16-term kernel at the first
    step): before, eigenvalues and vectors differed by a few ulp (|dv| ~ 1e-6); now they are
    XLA's bits."""
    fn = functools.partial(jnp.linalg.eigh, UPLO=uplo)
    a = _cplx((17, 17))
    prog = shlo.from_jax(fn, a)
    w, v = (np.asarray(x) for x in jax.jit(fn)(a))
    gw, gv = shlo.interpret(prog, a)
    np.testing.assert_array_equal(gw, w)
    np.testing.assert_array_equal(_bits(gv), _bits(v))
