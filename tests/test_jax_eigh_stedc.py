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


# a leaf of a 40 x 40 f32 problem (T scaled by its largest entry, torn): ?steqr ends on a 2 x 2
# block after a split next to it (QR direction); it zeroed the block's own e instead of the
# negligible one (E(M-1)), eigenvalues were off by 5e-3
LEAF_D = [-0.7606121897697449, -0.11953537166118622, -0.23963412642478943, 0.0914592444896698, -9.899172437144443e-05, -0.010370909236371517, 0.18716837465763092, -0.05474456027150154, -0.020432448014616966, -0.2943095862865448, 0.01601850613951683, 0.11918727308511734, 0.18618007004261017, 0.009455356746912003, 0.025274962186813354, -0.1615358293056488, -0.10603413730859756, 0.06612768024206161, -0.01252650748938322, -0.04237530007958412]
LEAF_E = [-0.7766844034194946, -0.5740765333175659, 0.5176108479499817, -0.536030650138855, 0.5789610147476196, 0.5662265419960022, -0.4079027473926544, -0.5144669413566589, 0.38319462537765503, 0.30927905440330505, 0.27478158473968506, 0.516586184501648, -0.3590143918991089, 0.2789941132068634, -0.27216413617134094, 0.23725034296512604, 0.23782356083393097, 0.09201241284608841, 0.0847858414053917]


def test_steqr_zeroes_the_negligible_off_diagonal():
    t = _tridiagonal(np.array(LEAF_D, np.float32), np.array(LEAF_E, np.float32))
    v, w, v_ref, w_ref = _both(t)
    assert np.max(np.abs(w - w_ref)) <= 1e-5
    assert np.mean(np.max(np.abs(v - v_ref), axis=0) <= 1e-5) >= 0.9


def test_steqr_shift_sign_of_negative_zero():
    """d[l + 1] = d[l] makes ?steqr's g = -0.0, and gfortran's SIGN(r, -0.0) is -r."""
    with jax.enable_x64(True):
        t = _tridiagonal(np.array([1.0, 1.0, 2.0, 2.0]), np.array([-0.3, 0.2, -0.1]))
        v, w, v_ref, w_ref = _both(t)
    assert np.max(np.abs(w - w_ref)) <= 1e-14
    assert np.max(np.abs(v - v_ref)) <= 1e-12


def _lapack_sstedc(d, e):
    """LAPACK's sstedc (COMPZ = 'I'; scipy's OpenBLAS, the one jaxlib calls) through ctypes."""
    import ctypes
    from lapack_ctypes import _routine
    p, ip = ctypes.POINTER(ctypes.c_float), ctypes.POINTER(ctypes.c_int)
    f = _routine("sstedc", ctypes.c_char_p, ip, p, p, p, ip, p, ip, ip, ip, ip)
    n = len(d)
    d, e, z = np.array(d, np.float32), np.array(e, np.float32), np.zeros((n, n), np.float32, order="F")
    lwork, liwork = 1 + 4 * n + n * n, 3 + 5 * n
    work, iwork = np.zeros(lwork, np.float32), np.zeros(liwork, np.int32)
    size, info = ctypes.c_int(n), ctypes.c_int(0)
    f(b"I", ctypes.byref(size), d.ctypes.data_as(p), e.ctypes.data_as(p), z.ctypes.data_as(p),
      ctypes.byref(size), work.ctypes.data_as(p), ctypes.byref(ctypes.c_int(lwork)),
      iwork.ctypes.data_as(ip), ctypes.byref(ctypes.c_int(liwork)), ctypes.byref(info))
    return d, z


def test_stedc_f32_bit_equal_lapack():
    """On LAPACK's own tridiagonal (ssytrd of a random 41 x 41), interpreted ?stedc gives
    sstedc's eigenvalues and vectors bit for bit: ?laed4's roots, snrm2's float64 squares and
    the update product summed as OpenBLAS's sgemm kernel (fused, in ?laed2's column-type order)."""
    lapack = pytest.importorskip("scipy.linalg.lapack")
    from shlo.importers.stablehlo_lapack_stedc import stedc
    a = RNG.standard_normal((41, 41)).astype(np.float32)
    _, d, e, _, _ = lapack.ssytrd(a + a.T, lower=1)
    w_ref, z_ref = _lapack_sstedc(d, e)
    with jax.enable_x64(True):
        w, z, info = shlo.interpret(shlo.from_jax(stedc, d, e), d, e)
    assert int(info) == 0
    np.testing.assert_array_equal(np.asarray(w), w_ref)
    np.testing.assert_array_equal(np.asarray(z), z_ref)
