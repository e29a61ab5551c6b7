"""f32 dot_general in XLA CPU's summation order where it was measured (tools/xla_dot_order.py):
a sequential fused multiply-add over the contracting index, bit-equal to jax.jit's result;
elsewhere the interpreter keeps the f64 sum rounded once."""
from __future__ import annotations

from fractions import Fraction

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import shlo

RNG = np.random.default_rng(5)


def _host_is_measured_kind() -> bool:
    """The rule was measured with jaxlib 0.10.2 on an x86-64 host with AVX2 and FMA and no AVX-512;
    XLA's order on another instruction set may differ (wider vectors), so only such a host is asked
    to reproduce XLA's bits. Every host checks the order itself against an exact reference."""
    try:
        flags = set(open("/proc/cpuinfo").read().split())
    except OSError:
        return False
    return {"avx2", "fma"} <= flags and "avx512f" not in flags


def _round_f32(exact: Fraction) -> np.float32:
    """exact rounded to the nearest f32, ties to even (float() rounds to f64 first, so the
    neighbours of that candidate are compared exactly: no double rounding)."""
    c = np.float32(float(exact))
    cands = [np.nextafter(c, np.float32(-np.inf)), c, np.nextafter(c, np.float32(np.inf))]
    return min(cands, key=lambda v: (abs(Fraction(float(v)) - exact), int(v.view(np.uint32)) & 1))


def _sequential_fma_reference(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """(M, K) x (K, N), f32: acc = fma(a[m, k], b[k, n], acc) for k = 0 .. K-1, each fma rounded once
    (exact rationals, independent of the interpreter's fma32)."""
    m, k = a.shape
    out = np.zeros((m, b.shape[1]), np.float32)
    for i in range(m):
        for j in range(b.shape[1]):
            acc = np.float32(0)
            for t in range(k):
                acc = _round_f32(Fraction(float(acc)) + Fraction(float(a[i, t])) * Fraction(float(b[t, j])))
            out[i, j] = acc
    return out


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
    got = _run(fn, a, b)
    # the order itself, per dot of the (flattened) batch: lhs rows x contracting, contracting x rhs columns
    k = a.shape[-1]
    if eq.startswith("b"):
        want = np.stack([_sequential_fma_reference(x, y) for x, y in zip(a, b)])
    else:
        want = _sequential_fma_reference(a.reshape(-1, k), b).reshape(got.shape)
    np.testing.assert_array_equal(got, want)
    # (the f64 sum rounded once differs here: the order matters in these shapes)
    once = np.einsum(eq, a.astype(np.float64), b.astype(np.float64)).astype(np.float32)
    assert not np.array_equal(once, want)
    if _host_is_measured_kind():
        np.testing.assert_array_equal(got, np.asarray(jax.jit(fn)(a, b)))


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
