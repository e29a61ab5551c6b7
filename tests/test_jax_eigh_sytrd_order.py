"""float32 blocked ?sytrd 'L' and 'U' (32 < n <= 64: one ?latrd panel, ssyr2k, ssytd2) equals LAPACK's in
jaxlib's OpenBLAS bit for bit (shlo.importers.stablehlo_lapack_sytrd), and so eigh's eigenvalues
above the crossover are XLA CPU's bits. The orders are those of OpenBLAS's AVX-512 kernels:
elsewhere the tests do not apply."""
from __future__ import annotations

import jax
import numpy as np
import pytest

import shlo
from shlo.importers.stablehlo_lapack_sytrd import sytrd_lower, sytrd_upper
from shlo.interpreter.ops.openblas_order import kernels

pytestmark = pytest.mark.skipif(kernels() != "avx512", reason="OpenBLAS's AVX-512 kernels are modelled")

RNG = np.random.default_rng(11)


def _sym(n):
    a = RNG.standard_normal((n, n)).astype(np.float32)
    return (a + a.T).astype(np.float32)


@pytest.mark.parametrize(("lower", "n"), [(True, 40), (False, 33)])
def test_blocked_tridiagonal_equals_ssytrd(lower, n):
    """Before, the unblocked reduction's d was up to thousands of ulp off ssytrd's."""
    a = _sym(n)
    with jax.enable_x64(True):
        prog = shlo.from_jax(sytrd_lower if lower else sytrd_upper, a)
    out, d, e, tau, _ = (np.asarray(x) for x in shlo.interpret(prog, a))
    tridiagonal = jax.jit(lambda x: jax.lax.linalg.tridiagonal(x, lower=lower))
    ref, rd, re, rtau = (np.asarray(x) for x in tridiagonal(a))
    np.testing.assert_array_equal(d, rd)
    np.testing.assert_array_equal(e, re)
    np.testing.assert_array_equal(tau, rtau)
    part = np.tril(np.ones((n, n), bool)) if lower else np.triu(np.ones((n, n), bool))
    np.testing.assert_array_equal(out[part], ref[part])


@pytest.mark.parametrize("lower", [True, False])
def test_eigh_values_above_crossover_equal_lapack(lower):
    """eigh 33 x 33: ?stedc is sstedc's on LAPACK's tridiagonal, so with the blocked
    reduction the eigenvalues are jax's bit for bit (before: some off by several ulp)."""
    fn = lambda x: jax.lax.linalg.eigh(x, lower=lower, symmetrize_input=False)
    a = _sym(33)
    v, w = (np.asarray(x) for x in shlo.interpret(shlo.from_jax(fn, a), a))
    rv, rw = (np.asarray(x) for x in jax.jit(fn)(a))
    np.testing.assert_array_equal(w, rw)
    np.testing.assert_allclose(np.abs(v.T @ rv), np.eye(33), atol=1e-4)
