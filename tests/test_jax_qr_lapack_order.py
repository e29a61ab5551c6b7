"""jnp.linalg.qr imported from JAX's CPU LAPACK calls equals XLA's bit for bit in float32 and
complex64: the ?geqrf / ?orgqr bodies follow LAPACK's unblocked steps and OpenBLAS's kernels'
rounding order on AVX-512 machines (shlo.importers.stablehlo_lapack_qr, .stablehlo_openblas_order).
Elsewhere the bodies are LAPACK's algorithm in another order: the tests then need AVX-512."""
from __future__ import annotations

import functools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo
from shlo.interpreter.ops.openblas_order import kernels

pytestmark = pytest.mark.skipif(kernels() != "avx512", reason="OpenBLAS's AVX-512 kernels are modelled")

RNG = np.random.default_rng(5)


def _rand(shape, dtype):
    x = RNG.standard_normal(shape)
    if np.dtype(dtype).kind == "c":
        x = x + 1j * RNG.standard_normal(shape)
    return x.astype(dtype)


@pytest.mark.parametrize("dtype", ["float32", "complex64"])
@pytest.mark.parametrize("shape,mode", [((10, 5), "reduced"), ((2, 10, 5), "complete"), ((3, 3), "reduced"),
                                        ((3, 4), "complete"), ((1, 1), "reduced"), ((12, 7), "reduced"), ((2, 40), "reduced"), ((5, 10), "complete"), ((4, 9), "reduced"), ((6, 10), "reduced"), ((7, 12), "complete"), ((8, 13), "reduced")])
def test_qr_equals_lapack(shape, mode, dtype):
    fn = functools.partial(jnp.linalg.qr, mode=mode)
    prog = shlo.from_jax(fn, np.zeros(shape, dtype))
    for _ in range(3):
        a = _rand(shape, dtype)
        want = [np.asarray(w) for w in jax.jit(fn)(a)]
        got = shlo.interpret(prog, a)
        for g, w in zip(got, want):
            assert g.dtype == w.dtype and np.array_equal(g, w), (np.max(np.abs(g - w)))


def test_qr_compiled_equals_interpreted():
    a = _rand((2, 10, 5), "complex64")
    prog = shlo.from_jax(jnp.linalg.qr, a)
    want = shlo.interpret(prog, a)
    for g, w in zip(shlo.compile(prog)(a), want):
        np.testing.assert_array_equal(np.asarray(g), w)


def test_structured_input_stays_exact():
    """Zero columns and a zero block (tau = 0 reflectors, ?larf's shortened rows and columns)."""
    a = _rand((12, 6), "float32")
    a[:, 1] = 0
    a[9:, 2:] = 0
    want = [np.asarray(w) for w in jax.jit(jnp.linalg.qr)(a)]
    got = shlo.interpret(shlo.from_jax(jnp.linalg.qr, a), a)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
