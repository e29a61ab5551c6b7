"""Small LU factorizations, Cholesky factors and triangular solves in the order of the LAPACK that
XLA CPU calls (scipy's OpenBLAS: getf2, potf2 and its trsm kernel), so that jax.lax.linalg.lu /
cholesky and jnp.linalg.solve are XLA's bit for bit: the held-out programs lu f32 3x5x5 and
custom_linear_solve f32 4x4 of tools/stablehlo_testdata_proxy.py were 1 and 4 elements over
StableHLO's 3-ulp check. lu is the shlo.linalg.lu body (interpreted and compiled alike); the
solve and Cholesky orders are the interpreter's (the compiled triangular_solve's too).

OpenBLAS picks its kernels by CPU, and its AVX-512 ones sum in another order than its AVX2 ones
(interpreter/ops/openblas_order.py): the tests expect the order of the kernels the same probe
names. Run them with OPENBLAS_CORETYPE=Haswell to check the AVX2 orders on an AVX-512 machine."""
import ctypes
import glob
import itertools
import os

import numpy as np
import pytest

import shlo
from shlo.interpreter.ops import openblas_order

jax = pytest.importorskip("jax")
jnp = jax.numpy


def assert_xla_order(got, want):
    np.testing.assert_array_equal(np.asarray(got), np.asarray(want))


def test_probe_names_the_kernels_jaxlibs_openblas_runs():
    scipy = pytest.importorskip("scipy")
    libs = glob.glob(os.path.join(os.path.dirname(scipy.__file__), os.pardir, "scipy.libs", "libscipy_openblas*.so"))
    if not libs:
        pytest.skip("scipy without its own OpenBLAS")
    corename = ctypes.CDLL(libs[0]).scipy_openblas_get_corename
    corename.restype = ctypes.c_char_p
    core = corename().decode().lower()
    assert core in ("haswell", "zen", "skylakex", "cooperlake", "sapphirerapids"), core
    assert openblas_order.kernels() == ("avx512" if core in ("skylakex", "cooperlake", "sapphirerapids") else "avx2")


def test_probe_reads_openblas_coretype(monkeypatch):
    probe = openblas_order.kernels.__wrapped__
    for core, family in [("Haswell", "avx2"), ("ZEN", "avx2"), ("SkylakeX", "avx512"), ("sapphirerapids", "avx512")]:
        monkeypatch.setenv("OPENBLAS_CORETYPE", core)
        assert probe() == family


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


@pytest.mark.parametrize("dtype, shape, compiled", [
    (np.float32, (3, 10, 10), False), (np.float32, (2, 12, 8), False), (np.float64, (3, 9, 9), False),
    (np.float64, (2, 9, 9), True), (np.complex64, (3, 7, 7), False)])
def test_lu_past_5x5_bit_equal_on_avx512(dtype, shape, compiled):
    # AVX-512: OpenBLAS's getf2 up to the sizes the body follows it (stablehlo_lapack
    # _GETF2_AVX512: the column-4 gemv of f32, dgemv_n's column groups and ddot's two sums of
    # f64, cgemv_n's column groups); AVX2 keeps the right-looking loop past 5 x 5
    rng = np.random.RandomState(sum(shape))
    x = rng.standard_normal(shape) * 10 + (1j * rng.standard_normal(shape) if dtype == np.complex64 else 0)
    x = x.astype(dtype)
    f = jax.lax.linalg.lu
    want = [np.asarray(v) for v in jax.jit(f)(x)]
    prog = shlo.from_jax(f, x)
    got = shlo.compile(prog)(x) if compiled else shlo.interpret(prog, x)
    if openblas_order.kernels() == "avx512":
        for g, w in zip(got, want):
            assert_xla_order(g, w)
    else:
        np.testing.assert_allclose(np.asarray(got[0]), want[0], rtol=1e-4, atol=1e-4)


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


def _triangular_solve(a, b, lower, unit, trans, left=True):
    """shlo.interpret of one triangular_solve (written out: no export per variant)."""
    el = {np.float32: "f32", np.float64: "f64"}[a.dtype.type]
    ta, tb = (f"tensor<{'x'.join(map(str, v.shape))}x{el}>" for v in (a, b))
    prog = shlo.parse(
        f"func.func @main(%a: {ta}, %b: {tb}) -> {tb} {{\n"
        f"  %0 = shlo.triangular_solve %a, %b {{left_side = {str(left).lower()}, lower = {str(lower).lower()}, "
        f"transpose_a = #shlo.transpose<{'TRANSPOSE' if trans else 'NO_TRANSPOSE'}>, "
        f"unit_diagonal = {str(unit).lower()}}} : ({ta}, {tb}) -> {tb}\n  func.return %0 : {tb}\n}}")
    return np.asarray(shlo.interpret(prog, a, b)[0])


@pytest.mark.thin(6)
@pytest.mark.parametrize("dtype, n, lower, unit, trans",
                         list(itertools.product([np.float32, np.float64], [4], [True, False], [True, False],
                                                [False, True]))
                         + [(np.float32, 1, True, False, False), (np.float64, 2, False, False, True),
                            (np.float32, 3, True, False, True), (np.float64, 5, False, True, False),
                            (np.float32, 8, False, False, False), (np.float64, 8, True, False, True)])
def test_triangular_solve_one_column_bit_equal_to_xla(dtype, n, lower, unit, trans):
    rng = np.random.RandomState(n)
    a = (rng.standard_normal((10, n, n)) + 3 * np.eye(n)).astype(dtype)
    b = rng.standard_normal((10, n, 1)).astype(dtype)
    want = jax.lax.linalg.triangular_solve(a, b, left_side=True, lower=lower, transpose_a=trans, unit_diagonal=unit)
    np.testing.assert_array_equal(_triangular_solve(a, b, lower, unit, trans), want)


@pytest.mark.parametrize("dtype, n, cols, left", [(np.float32, 5, 3, True), (np.float64, 11, 2, True),
                                                  (np.float64, 3, 4, False), (np.float32, 3, 4, False),
                                                  (np.float32, 6, 10, False)])
def test_triangular_solve_blocks_bit_equal_to_xla(dtype, n, cols, left):
    # OpenBLAS's trsm kernel cuts the unknowns into blocks of its gemm kernel's unroll and halves
    # of it (interpreter/ops/openblas_order.py); where this machine's kernels are not modelled
    # (AVX2: f32 on the right) the solve is float64 rounded once, within 16 ulp of the largest
    rng = np.random.RandomState(n + cols)
    a = (rng.standard_normal((8, n, n)) + 3 * np.eye(n)).astype(dtype)
    b = rng.standard_normal((8, n, cols) if left else (8, cols, n)).astype(dtype)
    el = "f32" if dtype == np.float32 else "f64"
    for lower, trans in itertools.product([True, False], repeat=2):
        want = np.asarray(jax.lax.linalg.triangular_solve(a, b, left_side=left, lower=lower, transpose_a=trans))
        got = _triangular_solve(a, b, lower, False, trans, left)
        if openblas_order.trsm_modelled(el, left, n):
            np.testing.assert_array_equal(got, want)
        else:
            np.testing.assert_allclose(got, want, rtol=0, atol=16 * np.finfo(dtype).eps * np.abs(want).max())


def _complex_triangular_solve(a, b, lower, unit, trans):
    ta, tb = (f"tensor<{'x'.join(map(str, v.shape))}xcomplex<f32>>" for v in (a, b))
    prog = shlo.parse(
        f"func.func @main(%a: {ta}, %b: {tb}) -> {tb} {{\n"
        f"  %0 = shlo.triangular_solve %a, %b {{left_side = true, lower = {str(lower).lower()}, "
        f"transpose_a = #shlo.transpose<{trans}>, unit_diagonal = {str(unit).lower()}}} : ({ta}, {tb}) -> {tb}\n"
        f"  func.return %0 : {tb}\n}}")
    return np.asarray(shlo.interpret(prog, a, b)[0])


@pytest.mark.parametrize("n, cols", [(4, 1), (7, 2), (12, 1), (17, 2)])
def test_complex64_triangular_solve_bit_equal_to_xla(n, cols):
    # OpenBLAS's ctrsm on AVX-512 (openblas_order.ctrsm_in_order: blocks of 8 unknowns and
    # halves, the cgemm kernel's four chains for whole blocks and one chain a part for the rest,
    # compinv's reciprocal of the diagonal); the held-out complex64 4x4 solve was one element
    # over the 3-ulp check in float64. Elsewhere float64 rounded once, within 16 ulp.
    rng = np.random.RandomState(n + cols)
    shape = (8, n, n)
    a = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape) + 3 * np.eye(n)).astype(np.complex64)
    b = (rng.standard_normal((8, n, cols)) + 1j * rng.standard_normal((8, n, cols))).astype(np.complex64)
    modes = {"NO_TRANSPOSE": (False, False), "TRANSPOSE": (True, False), "ADJOINT": (True, True)}
    for lower, unit, trans in itertools.product([True, False], [False, True], modes):
        transpose, conjugate = modes[trans]
        want = np.asarray(jax.lax.linalg.triangular_solve(a, b, left_side=True, lower=lower, transpose_a=transpose,
                                                          conjugate_a=conjugate, unit_diagonal=unit))
        got = _complex_triangular_solve(a, b, lower, unit, trans)
        if openblas_order.ctrsm_modelled(True, n):
            np.testing.assert_array_equal(got, want)
        else:
            np.testing.assert_allclose(got, want, rtol=0, atol=16 * np.finfo(np.float32).eps * np.abs(want).max())


def test_solve_4x4_bit_equal_to_xla():
    rng = np.random.RandomState(9)
    a, b = rng.standard_normal((16, 4, 4)).astype(np.float32), rng.standard_normal((16, 4)).astype(np.float32)
    f = jax.vmap(jnp.linalg.solve)
    got = shlo.interpret(shlo.from_jax(f, a, b), a, b)[0]
    assert_xla_order(got, jax.jit(f)(a, b))


def test_systems_past_the_model_keep_float64():
    # past the measured sizes the solve is float64 rounded once (here: exact for a diagonal)
    d = np.float32([3.0, 7.0, 11.0] * 30)
    a, b = np.diag(d)[None], np.ones((1, d.size, 1), np.float32)
    got = _triangular_solve(a, b, True, False, False)
    np.testing.assert_array_equal(got[0, :, 0], np.float32(1) / d)


@pytest.mark.parametrize("n", [5, 8, 12, 50, 200, 300])
def test_cholesky_f32_bit_equal_to_xla(n):
    # OpenBLAS's potf2 order (openblas_order.potf2_in_order: up to 5 x 5 on AVX2, 8 x 8 on
    # AVX-512) and its blocked potrf on AVX-512 (potrf_in_order: up to 512 x 512, threaded from
    # 256; potf2 blocks of 12 and 2 in 50 x 50, blocks of 50 in 200 x 200); larger ones float64
    # rounded once, within 8 ulp here; f64 is numpy's dpotrf, XLA's
    rng = np.random.RandomState(5)
    x = rng.standard_normal((24 if n < 100 else 3, n, n))
    a = (x @ np.swapaxes(x, -1, -2) + n * np.eye(n)).astype(np.float32)
    f = jax.lax.linalg.cholesky
    got = np.asarray(shlo.interpret(shlo.from_jax(f, a), a)[0])
    want = np.asarray(jax.jit(f)(a))
    kernels = openblas_order.kernels()
    if n <= max(openblas_order.POTF2_SIZES[kernels], openblas_order.POTRF_SIZE.get(kernels, 0)):
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=8 * np.finfo(np.float32).eps, atol=1e-6)
    bad = np.array([[[1.0, 2.0], [2.0, 1.0]]], np.float32)        # not positive definite: NaN
    assert np.isnan(np.asarray(shlo.interpret(shlo.from_jax(f, bad), bad)[0])[0, 1, 0])


@pytest.mark.parametrize("n", [4, 6, 12, 40, 80])
def test_cholesky_complex64_bit_equal_to_xla(n):
    # OpenBLAS's cpotf2 order (openblas_order.cpotf2_in_order), both kernel families; on AVX-512
    # its cpotrf (cpotrf_in_order: cpotf2 blocks to 32, potrf_L_single's blocks below 64, its
    # threaded blocks from 64 where OpenBLAS has several threads); else float64, within 8 ulp
    rng = np.random.RandomState(n)
    x = rng.standard_normal((24 if n < 64 else 3, n, n)) + 1j * rng.standard_normal((24 if n < 64 else 3, n, n))
    a = (x @ np.conj(np.swapaxes(x, -1, -2)) + n * np.eye(n)).astype(np.complex64)
    f = jax.lax.linalg.cholesky
    got, want = np.asarray(shlo.interpret(shlo.from_jax(f, a), a)[0]), np.asarray(jax.jit(f)(a))
    if n <= max(openblas_order.CPOTF2_SIZE, openblas_order.CPOTRF_SIZE.get(openblas_order.kernels(), 0)):
        np.testing.assert_array_equal(got, want)
    else:
        np.testing.assert_allclose(got, want, rtol=8 * np.finfo(np.float32).eps, atol=1e-6)
    bad = np.array([[[1.0, 2.0j], [-2.0j, 1.0]]], np.complex64)    # not positive definite: NaN
    assert np.isnan(np.asarray(shlo.interpret(shlo.from_jax(f, bad), bad)[0])[0, 1, 0])


@pytest.mark.parametrize("dtype, n", [(np.float32, 5), (np.complex64, 4), (np.float32, 50), (np.float32, 200),
                                     (np.complex64, 12), (np.complex64, 100)])
def test_cholesky_compiled_bit_equal_to_xla(dtype, n):
    # the lowering's potf2 / cpotf2 order (lowering/ops/potf2_order.py) and, past potf2 on
    # AVX-512, its blocked potrf (potrf_order.py), as the interpreter's
    rng = np.random.RandomState(n + 1)
    x = rng.standard_normal((6, n, n)) + (1j * rng.standard_normal((6, n, n)) if dtype == np.complex64 else 0)
    a = (x @ np.conj(np.swapaxes(x, -1, -2)) + n * np.eye(n)).astype(dtype)
    a[-1] = -np.eye(n)                                     # not positive definite: NaN, as interpreted
    f = jax.lax.linalg.cholesky
    prog = shlo.from_jax(f, a)
    got = np.asarray(shlo.compile(prog)(a)[0])
    want, interpreted = np.asarray(jax.jit(f)(a)), np.asarray(shlo.interpret(prog, a)[0])
    if n > 8 and openblas_order.kernels() != "avx512":        # not modelled: float64 both ways
        np.testing.assert_allclose(got[:-1], want[:-1], rtol=8 * np.finfo(np.float32).eps, atol=1e-6)
        assert np.isnan(got[-1]).all() == np.isnan(interpreted[-1]).all()
        return
    np.testing.assert_array_equal(got[:-1], want[:-1])
    np.testing.assert_array_equal(got, interpreted)
