"""float32 symmetric tridiagonal reduction and eigh (n <= 25, lower and upper) equal XLA CPU's bit
for bit: ?sytd2 follows OpenBLAS's ssymv / sdot / saxpy / ssyr2 orders and eigh's Q is applied in
?orm2r's (?orm2l's) order (shlo.importers.stablehlo_lapack_sytd2); ?steqr was already LAPACK's. The orders
are those of OpenBLAS's AVX-512 kernels: elsewhere the tests do not apply."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo
from shlo.interpreter.ops.openblas_order import kernels

pytestmark = pytest.mark.skipif(kernels() != "avx512", reason="OpenBLAS's AVX-512 kernels are modelled")

RNG = np.random.default_rng(9)


def _sym(shape):
    a = RNG.standard_normal(shape).astype(np.float32)
    return (a + np.swapaxes(a, -1, -2)).astype(np.float32)


def _tridiagonal(a, lower=True):
    return jax.lax.linalg.tridiagonal(a, lower=lower)


@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("n", [2, 5, 13, 17, 25])
def test_tridiagonal_equals_lapack(n, lower):
    fn = functools.partial(_tridiagonal, lower=lower)
    prog = shlo.from_jax(fn, np.zeros((n, n), np.float32))
    for _ in range(3):
        a = _sym((n, n))
        for g, w in zip(shlo.interpret(prog, a), jax.jit(fn)(a)):
            np.testing.assert_array_equal(g, np.asarray(w))


def test_tridiagonal_with_trivial_reflectors():
    """Columns already zero below the subdiagonal: tau = 0, the trailing block left alone."""
    a = _sym((9, 9))
    a[3:, 0] = a[0, 3:] = 0
    a[6:, 4] = a[4, 6:] = 0
    for g, w in zip(shlo.interpret(shlo.from_jax(_tridiagonal, a), a), jax.jit(_tridiagonal)(a)):
        np.testing.assert_array_equal(g, np.asarray(w))


@pytest.mark.parametrize("uplo", ["L", "U"])
def test_eigh_vectors_equal_lapack(uplo):
    """jnp.linalg.eigh of 20 x 20 float32 matrices: before, some vectors' signs or directions
    differed (|dv| up to 1.3); now eigenvalues and vectors are XLA's bits."""
    fn = functools.partial(jnp.linalg.eigh, UPLO=uplo)
    a = _sym((2, 20, 20))
    prog = shlo.from_jax(fn, a)
    for _ in range(2):
        a = _sym((2, 20, 20))
        w, v = (np.asarray(x) for x in jax.jit(fn)(a))
        gw, gv = shlo.interpret(prog, a)
        np.testing.assert_array_equal(gw, w)
        np.testing.assert_array_equal(gv, v)
