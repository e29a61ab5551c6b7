"""f32 dot_general in XLA CPU's summation order where it was measured (tools/xla_dot_order.py):
a sequential fused multiply-add over the contracting index, bit-equal to jax.jit's result;
elsewhere the interpreter keeps the f64 sum rounded once."""
from __future__ import annotations

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo

RNG = np.random.default_rng(5)


def _run(fn, *args):
    prog = shlo.from_jax(fn, *args)
    out = shlo.interpret(prog, *args)
    return np.asarray(out[0] if isinstance(out, (list, tuple)) else out)


@pytest.mark.parametrize("lhs, rhs, eq", [
    ((8, 40), (40, 5), "mk,kn->mn"),            # M % 8 == 0
    ((16, 300), (300, 2), "mk,kn->mn"),
    ((7, 3), (3, 5), "mk,kn->mn"),              # K <= 3, N <= 6, 2 <= M <= 8
    ((3, 6), (6, 2), "mk,kn->mn"),              # K <= 7, M <= 3, N <= 3
    ((5, 100), (100, 17), "mk,kn->mn"),         # 16 <= N <= 64, K <= 512
    ((3, 16, 40), (3, 40, 5), "bmk,bkn->bmn"),  # batched: each batch element as a dot
    ((2, 8, 40), (40, 5), "pqk,kn->pqn"),       # two lhs free dimensions: M = 16
])
def test_xla_sequential_fma_order(lhs, rhs, eq):
    rng = np.random.default_rng(sum(lhs) + 7 * sum(rhs))     # (the same operands in any test order)
    a = rng.standard_normal(lhs).astype(np.float32)
    b = rng.standard_normal(rhs).astype(np.float32)
    fn = lambda x, y: jnp.einsum(eq, x, y)  # noqa: E731
    want = np.asarray(jax.jit(fn)(a, b))
    got = _run(fn, a, b)
    np.testing.assert_array_equal(got, want)
    # (the f64 sum rounded once differs from XLA here: the order matters in these shapes)
    once = np.einsum(eq, a.astype(np.float64), b.astype(np.float64)).astype(np.float32)
    assert not np.array_equal(once, want)


def test_other_shapes_keep_the_f64_sum():
    """9 x 8 x 3: XLA sums without fma there; the interpreter keeps its f64 sum rounded once."""
    a = RNG.standard_normal((9, 8)).astype(np.float32)
    b = RNG.standard_normal((8, 3)).astype(np.float32)
    got = _run(jnp.matmul, a, b)
    np.testing.assert_array_equal(got, (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32))


def test_non_finite_and_overflow():
    """The fma order keeps IEEE results: inf * 0 is NaN, an overflowing sum is inf."""
    a = np.ones((8, 3), np.float32)
    b = np.ones((3, 2), np.float32)
    a[0, 0], b[0, 0] = np.inf, 0.0
    a[1] = 3e38
    got = _run(jnp.matmul, a, b)
    assert np.isnan(got[0, 0]) and got[0, 1] == np.inf
    assert np.all(got[1] == np.inf) and np.all(got[2:] == [2, 3])
