"""complex64 ?gebd2 (shlo.importers.stablehlo_lapack_cgebd2, the first piece of complex ?gesdd in
OpenBLAS's order) against LAPACK's own cgebrd, the one jaxlib calls (scipy's OpenBLAS through
ctypes; cgebrd is unblocked below 128): the packed reflectors, the real bidiagonal and both taus
bit-equal. Its kernels (cgemv_c / cgerc left, cgemv_n / cgerc right) are OpenBLAS's AVX-512 ones."""
from __future__ import annotations

import ctypes

import numpy as np
import pytest

import shlo
from shlo.interpreter.ops.openblas_order import kernels

from lapack_ctypes import _INT, _routine

pytestmark = pytest.mark.skipif(kernels() != "avx512", reason="OpenBLAS's AVX-512 kernels are modelled")


def _cgebrd(a):
    m, n = a.shape
    p = ctypes.POINTER(ctypes.c_float)
    f = _routine("cgebrd", _INT, _INT, p, _INT, p, p, p, p, p, _INT, _INT)
    a = np.array(a, order="F")
    d, e = np.zeros(n, np.float32), np.zeros(max(n - 1, 1), np.float32)
    tauq, taup = np.zeros(n, np.complex64), np.zeros(n, np.complex64)
    lwork = 64 * (m + n)
    work = np.zeros(lwork, np.complex64)
    ints = [ctypes.c_int(v) for v in (m, n, m, lwork, 0)]
    f(ctypes.byref(ints[0]), ctypes.byref(ints[1]), a.ctypes.data_as(p), ctypes.byref(ints[2]), d.ctypes.data_as(p),
      e.ctypes.data_as(p), tauq.ctypes.data_as(p), taup.ctypes.data_as(p), work.ctypes.data_as(p),
      ctypes.byref(ints[3]), ctypes.byref(ints[4]))
    assert ints[4].value == 0
    return a, d, e[:n - 1], tauq, taup


@pytest.mark.parametrize("shape", [(2, 2), (5, 5), (12, 7)])
def test_cgebd2_is_lapacks_cgebrd(shape):
    pytest.importorskip("scipy")
    from shlo.importers.stablehlo_lapack_cgebd2 import cgebd2
    rng = np.random.default_rng(sum(shape))
    a = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    a[-1, 1] = 0                                  # a zero below the diagonal: ?larf's shortened rows
    jax = pytest.importorskip("jax")
    with jax.enable_x64(True):                    # the body's fused multiply-adds trace through f64
        got = shlo.interpret(shlo.from_jax(cgebd2, a), a)
    for name, g, w in zip(["packed", "d", "e", "tauq", "taup"], got, _cgebrd(a)):
        np.testing.assert_array_equal(np.asarray(g), w, err_msg=name)


@pytest.mark.parametrize("shape, full", [((7, 7), False), ((10, 7), True), ((2, 3, 3), True), ((29, 7), False),
                                         ((29, 7), True), ((15, 3), False), ((2, 7), False),
                                         ((2, 7), True), ((3, 20), False)])
def test_complex64_svd_bit_equal_to_xla(shape, full):
    # cgesdd's path 6 (m >= n, m < int(n * 5 / 3)): cgebd2, sbdsdc, cunm2r / cunml2 in OpenBLAS's
    # order (stablehlo_lapack_cgebd2.svd_path6); paths 3 / 4 (m >= int(n * 17 / 9)): cgeqr2 first,
    # cung2r and cgemm (svd_qr_first); 3t / 4t (n >= int(m * 17 / 9)): cgelq2 first, cungl2 and
    # cgemm (svd_lq_first). The plain complex body was 1e-7 relative off, LAPACK's imaginary
    # rounding noise exactly 0
    import functools
    jax = pytest.importorskip("jax")
    fn = functools.partial(jax.numpy.linalg.svd, full_matrices=full)
    prog = shlo.from_jax(fn, np.zeros(shape, np.complex64))
    rng = np.random.default_rng(sum(shape))
    a = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    for g, w in zip(shlo.interpret(prog, a), jax.jit(fn)(a)):
        np.testing.assert_array_equal(np.asarray(g), np.asarray(w))
