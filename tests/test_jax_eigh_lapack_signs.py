"""shlo.linalg.eigh for n <= 25 follows ?syevd / ?heevd's path (stablehlo_lapack_eigh.py:
?sytd2 / ?hetd2, ?steqr, Q Z), so its eigenvectors carry LAPACK's signs (phases): jax's eigh on
CPU (LAPACK through jaxlib) and shlo's interpretation of the same program give the same
vectors, not only vectors equal up to sign as the Jacobi body did."""
from __future__ import annotations

import jax
import numpy as np
import pytest

import shlo

RNG = np.random.default_rng(11)


def _eigh(lower):
    return lambda a: jax.lax.linalg.eigh(a, lower=lower, symmetrize_input=False)


@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("dtype", ["float32", "complex64"])
@pytest.mark.parametrize("n", [6, 20])
def test_vectors_equal_lapack(n, dtype, lower):
    a = RNG.standard_normal((n, n))
    if dtype == "complex64":
        a = a + 1j * RNG.standard_normal((n, n))
    a = a.astype(dtype)
    v_ref, w_ref = (np.asarray(x) for x in jax.jit(_eigh(lower))(a))
    v, w = shlo.interpret(shlo.from_jax(_eigh(lower), a), a)
    assert np.max(np.abs(w - w_ref)) <= 1e-5 * max(1, np.max(np.abs(w_ref)))
    # vectors of (nearly) equal eigenvalues are not determined; random matrices have none
    assert np.max(np.abs(v - v_ref)) <= 1e-4
    assert np.mean(np.max(np.abs(v - v_ref), axis=0) <= 1e-5) >= 0.9


def test_batch_of_small_matrices():
    a = RNG.standard_normal((2, 5, 5)).astype("float32")
    v_ref, w_ref = (np.asarray(x) for x in jax.jit(_eigh(True))(a))
    v, w = shlo.interpret(shlo.from_jax(_eigh(True), a), a)
    np.testing.assert_allclose(w, w_ref, atol=1e-5)
    np.testing.assert_allclose(v, v_ref, atol=1e-5)
