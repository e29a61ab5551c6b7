"""float32 jnp.linalg.svd imported from JAX's CPU LAPACK call (?gesdd) follows LAPACK's and
OpenBLAS's order on AVX-512 machines: ?gebd2 (sgemv_t / sger left, sgemv_n / sger right), ?bdsqr's
2 x 2 rotations by ?rot, U and VT by ?orm2r / ?orml2, ?geqr2 / ?org2r or ?gelq2 / ?orgl2 and
sgemm where ?gesdd takes the QR or LQ step first (shlo.importers.stablehlo_lapack_gebd2). Values
only: ?gebd2's bidiagonal, its values in float64 (LAPACK's dqds is within 3 ulp of them)."""
from __future__ import annotations

import functools
import os

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo
from shlo.interpreter.ops.openblas_order import kernels

pytestmark = pytest.mark.skipif(kernels() != "avx512", reason="OpenBLAS's AVX-512 kernels are modelled")

RNG = np.random.default_rng(11)


@pytest.mark.parametrize("shape,full", [((7, 7), False), ((10, 7), True), ((6, 5), False), ((2, 3, 3), True),
                                        ((2, 7), True), ((2, 3, 53), False), ((12, 3), True), ((9, 3), False)])
def test_svd_equals_lapack(shape, full):
    fn = functools.partial(jnp.linalg.svd, full_matrices=full)
    prog = shlo.from_jax(fn, np.zeros(shape, np.float32))
    for _ in range(2):
        a = RNG.standard_normal(shape).astype(np.float32)
        want = [np.asarray(w) for w in jax.jit(fn)(a)]
        for g, w in zip(shlo.interpret(prog, a), want):
            np.testing.assert_array_equal(g, w)


@pytest.mark.parametrize("shape", [(12, 9), pytest.param((29, 29), marks=pytest.mark.skipif(
    not os.environ.get("SHLO_FULL_TESTS"), reason="16 s; SHLO_FULL_TESTS=1"))])
def test_values_within_testdata_tolerance(shape):
    """The smallest value of a 29 x 29 was 4e-6 (relative) off LAPACK's with the Jacobi body."""
    fn = functools.partial(jnp.linalg.svd, compute_uv=False)
    prog = shlo.from_jax(fn, np.zeros(shape, np.float32))
    a = np.random.default_rng(3).standard_normal(shape).astype(np.float32)
    got, want = np.asarray(shlo.interpret(prog, a)[0]), np.asarray(jax.jit(fn)(a))
    # the testdata check: 3 ulp or rtol 1e-6 (LAPACK's dqds is up to a few ulp off exact values)
    ulps = np.abs(got.view(np.int32) - want.view(np.int32))
    assert np.all((ulps <= 3) | (np.abs(got - want) <= 1e-6 * np.abs(want)))


def test_structured_input_stays_exact():
    """A zero column and a zero block: tau = 0 reflectors, ?larf's shortened rows and columns."""
    fn = functools.partial(jnp.linalg.svd, full_matrices=True)
    a = RNG.standard_normal((8, 6)).astype(np.float32)
    a[:, 1] = 0
    a[5:, 2:] = 0
    want = [np.asarray(w) for w in jax.jit(fn)(a)]
    for g, w in zip(shlo.interpret(shlo.from_jax(fn, a), a), want):
        np.testing.assert_array_equal(g, w)
