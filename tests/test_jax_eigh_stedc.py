"""shlo.linalg.eigh for n > 25 follows ?syevd / ?heevd's divide and conquer
(stablehlo_lapack_stedc.py: ?stedc's ?laed0 leaves by ?steqr, ?laed1 merges with ?laed2's
deflation, the secular equation, Gu / Eisenstat's z), so its eigenvectors carry LAPACK's signs
(phases): jax's eigh on CPU (LAPACK through jaxlib) and shlo's interpretation of the same
program give the same vectors, not only vectors equal up to sign as the Jacobi body did."""
from __future__ import annotations

import jax
import numpy as np
import pytest

import shlo
from shlo.importers.stablehlo_lapack_stedc import leaf_sizes

RNG = np.random.default_rng(26)


def _eigh(lower):
    return lambda a: jax.lax.linalg.eigh(a, lower=lower, symmetrize_input=False)


def _hermitian(shape, dtype):
    a = RNG.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        a = a + 1j * RNG.standard_normal(shape)
    return (a + np.conj(np.swapaxes(a, -1, -2))).astype(dtype)


def _both(a, lower=True):
    v_ref, w_ref = (np.asarray(x) for x in jax.jit(_eigh(lower))(a))
    v, w = shlo.interpret(shlo.from_jax(_eigh(lower), a), a)
    return v, w, v_ref, w_ref


@pytest.mark.parametrize("lower", [True, False])
@pytest.mark.parametrize("dtype", ["float64", "complex128"])
def test_vectors_equal_lapack_double(dtype, lower):
    with jax.enable_x64(True):
        a = _hermitian((30, 30), dtype)
        v, w, v_ref, w_ref = _both(a, lower)
    assert np.max(np.abs(w - w_ref)) <= 1e-12 * np.max(np.abs(w_ref))
    assert np.max(np.abs(v - v_ref)) <= 1e-10


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
def test_vectors_equal_lapack_single(dtype):
    a = _hermitian((40, 40), dtype)
    v, w, v_ref, w_ref = _both(a)
    assert np.max(np.abs(w - w_ref)) <= 1e-5 * np.max(np.abs(w_ref))
    # the tridiagonal reduction's rounding differs from OpenBLAS's: a pair of close
    # eigenvalues' vectors can differ by a few 1e-5; no column differs by sign
    assert np.max(np.abs(v - v_ref)) <= 1e-3
    assert np.mean(np.max(np.abs(v - v_ref), axis=0) <= 1e-5) >= 0.9


def test_batch_and_two_merge_levels():
    """(2, 60, 60): leaves 15, 15, 15, 15, two levels of merges, vmapped over the batch."""
    assert leaf_sizes(60) == [15, 15, 15, 15]
    with jax.enable_x64(True):
        a = _hermitian((2, 60, 60), "float64")
        v, w, v_ref, w_ref = _both(a)
    assert np.max(np.abs(w - w_ref)) <= 1e-12 * np.max(np.abs(w_ref))
    assert np.max(np.abs(v - v_ref)) <= 1e-10


def test_deflation():
    """A persymmetric tridiagonal matrix (a random 17 x 17 tridiagonal and its reversal, coupled):
    the two leaves have equal eigenvalues, so the merge deflates every pair by a rotation;
    plus a diagonal matrix with tiny couplings, where most of z deflates. LAPACK's vectors."""
    d, e = RNG.standard_normal(17), RNG.standard_normal(16)
    t = _tridiagonal(np.concatenate([d, d[::-1]]), np.concatenate([e, [0.5], e[::-1]]))
    g = _tridiagonal(np.linspace(-3, 3, 40), 1e-9 * RNG.standard_normal(39))
    with jax.enable_x64(True):
        for a in (t, g):
            v, w, v_ref, w_ref = _both(a)
            assert np.max(np.abs(w - w_ref)) <= 1e-12 * np.max(np.abs(w_ref))
            assert np.max(np.abs(v - v_ref)) <= 1e-10


def _tridiagonal(d, e):
    return np.diag(d) + np.diag(e, 1) + np.diag(e, -1)


def test_leaf_sizes():
    assert leaf_sizes(26) == [13, 13]
    assert leaf_sizes(51) == [12, 13, 13, 13]
    assert leaf_sizes(50) == [25, 25]
