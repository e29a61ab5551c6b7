"""Small LU factorizations and triangular solves in the order of the LAPACK that XLA CPU calls
(OpenBLAS's getf2 and trsm kernel), so that jax.lax.linalg.lu and jnp.linalg.solve of up to
5 x 5 (lu) / 1, 2, 4 unknowns (solves) are XLA's bit for bit: the held-out programs lu f32
3x5x5 and custom_linear_solve f32 4x4 of tools/stablehlo_testdata_proxy.py were 1 and 4
elements over StableHLO's 3-ulp check. lu is the shlo.linalg.lu body (interpreted and compiled
alike); the solve order is the interpreter's triangular_solve."""
import itertools

import numpy as np
import pytest

import shlo

jax = pytest.importorskip("jax")
jnp = jax.numpy


def _openblas_avx2_kernels() -> bool:
    """The order modelled here is that of OpenBLAS's AVX2 kernels (Haswell / Zen), which its
    dispatch picks on a CPU without AVX-512; with AVX-512 (SkylakeX and later kernels) getf2 /
    trsm / potf2 sum in another order, not modelled yet."""
    try:
        with open("/proc/cpuinfo") as f:
            return "avx512f" not in f.read()
    except OSError:
        return True


AVX2_KERNELS = _openblas_avx2_kernels()


def assert_xla_order(got, want):
    """Bit for bit where the modelled kernels run; elsewhere within 64 ulp of the array's largest
    magnitude (an order not modelled: the test still checks the values, and says on which
    machines the order holds)."""
    got, want = np.asarray(got), np.asarray(want)
    if AVX2_KERNELS:
        np.testing.assert_array_equal(got, want)
        return
    assert got.shape == want.shape and got.dtype == want.dtype
    if got.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want)
        return
    real = np.float64 if got.dtype in (np.float64, np.complex128) else np.float32
    ulp = np.spacing(real(np.max(np.abs(want), initial=1.0)))
    err = float(np.max(np.abs(got.astype(np.complex128) - want), initial=0.0))
    assert err <= 64 * ulp, f"{err / ulp:.1f} ulp of the largest magnitude"


@pytest.fixture(autouse=True)
def _x64():
    with jax.enable_x64(True):
        yield


@pytest.mark.parametrize("dtype, shape", [(np.float32, (12, 5, 5)), (np.float64, (6, 3, 5))])
def test_lu_bit_equal_to_xla(dtype, shape):
    x = (np.random.RandomState(sum(shape)).standard_normal(shape) * 10).astype(dtype)
    f = jax.lax.linalg.lu
    want = [np.asarray(v) for v in jax.jit(f)(x)]
    got = shlo.interpret(shlo.from_jax(f, x), x)
    for g, w in zip(got, want):
        assert_xla_order(g, w)


def test_lu_compiled_bit_equal_to_xla():
    x = np.random.RandomState(3).standard_normal((4, 5, 5)).astype(np.float32)
    f = jax.lax.linalg.lu
    got = shlo.compile(shlo.from_jax(f, x))(x)
    for g, w in zip(got, jax.jit(f)(x)):
        assert_xla_order(g, w)


@pytest.mark.thin(4)       # the default run: 5 x 5 interpreted; SHLO_FULL_TESTS=1 also compiled
@pytest.mark.parametrize("shape, compiled", [((3, 5, 5), False), ((4, 3, 5), False), ((4, 5, 3), False),
                                             ((4, 5, 5), True)])
def test_complex64_lu_bit_equal_to_xla(shape, compiled):
    # OpenBLAS's cgetf2 order (importers/stablehlo_lapack.py _cgetf2_small): right-looking head
    # solve, rounded complex products, Smith's reciprocal of the pivot
    rng = np.random.RandomState(sum(shape) + 1)
    x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    x[-1, :, 1] = 0            # a zero pivot column: no scaling, info as LAPACK's
    f = jax.lax.linalg.lu
    want = [np.asarray(v) for v in jax.jit(f)(x)]
    prog = shlo.from_jax(f, x)
    got = shlo.compile(prog)(x) if compiled else shlo.interpret(prog, x)
    for g, w in zip(got, want):
        assert_xla_order(g, w)
    assert np.isfinite(np.asarray(got[0])).all()


def _triangular_solve(a, b, lower, unit, trans):
    """shlo.interpret of one triangular_solve (written out: no export per variant)."""
    el = {np.float32: "f32", np.float64: "f64"}[a.dtype.type]
    ta, tb = (f"tensor<{'x'.join(map(str, v.shape))}x{el}>" for v in (a, b))
    prog = shlo.parse(
        f"func.func @main(%a: {ta}, %b: {tb}) -> {tb} {{\n"
        f"  %0 = shlo.triangular_solve %a, %b {{left_side = true, lower = {str(lower).lower()}, "
        f"transpose_a = #shlo.transpose<{'TRANSPOSE' if trans else 'NO_TRANSPOSE'}>, "
        f"unit_diagonal = {str(unit).lower()}}} : ({ta}, {tb}) -> {tb}\n  func.return %0 : {tb}\n}}")
    return np.asarray(shlo.interpret(prog, a, b)[0])


@pytest.mark.thin(4)
@pytest.mark.parametrize("dtype, n, lower, unit, trans",
                         list(itertools.product([np.float32, np.float64], [4], [True, False], [True, False],
                                                [False, True]))
                         + [(np.float32, 1, True, False, False), (np.float64, 2, False, False, True)])
def test_triangular_solve_one_column_bit_equal_to_xla(dtype, n, lower, unit, trans):
    rng = np.random.RandomState(n)
    a = (rng.standard_normal((10, n, n)) + 3 * np.eye(n)).astype(dtype)
    b = rng.standard_normal((10, n, 1)).astype(dtype)
    want = jax.lax.linalg.triangular_solve(a, b, left_side=True, lower=lower, transpose_a=trans, unit_diagonal=unit)
    assert_xla_order(_triangular_solve(a, b, lower, unit, trans), want)


def test_solve_4x4_bit_equal_to_xla():
    rng = np.random.RandomState(9)
    a, b = rng.standard_normal((16, 4, 4)).astype(np.float32), rng.standard_normal((16, 4)).astype(np.float32)
    f = jax.vmap(jnp.linalg.solve)
    got = shlo.interpret(shlo.from_jax(f, a, b), a, b)[0]
    assert_xla_order(got, jax.jit(f)(a, b))


def test_three_unknowns_keep_float64():
    # outside the measured sizes the solve is float64 rounded once (here: exact for a diagonal)
    a = np.diag([3.0, 7.0, 11.0]).astype(np.float32)[None]
    b = np.array([[[1.0], [1.0], [1.0]]], np.float32)
    got = _triangular_solve(a, b, True, False, False)
    np.testing.assert_array_equal(got[0, :, 0], np.float32([1 / 3, 1 / 7, 1 / 11]))


def test_cholesky_f32_up_to_5x5_bit_equal_to_xla():
    # OpenBLAS's potf2 order (numerics._potf2_in_order); f64 is numpy's dpotrf, XLA's already
    rng = np.random.RandomState(5)
    x = rng.standard_normal((24, 5, 5))
    a = (x @ np.swapaxes(x, -1, -2) + 5 * np.eye(5)).astype(np.float32)
    f = jax.lax.linalg.cholesky
    got = shlo.interpret(shlo.from_jax(f, a), a)[0]
    assert_xla_order(got, jax.jit(f)(a))
    bad = np.array([[[1.0, 2.0], [2.0, 1.0]]], np.float32)        # not positive definite: NaN
    assert np.isnan(np.asarray(shlo.interpret(shlo.from_jax(f, bad), bad)[0])[0, 1, 0])
