"""complex64 and float32 eig eigenvectors are cgeev's / sgeev's bits (stablehlo_lapack_trevc,
stablehlo_lapack_strevc): ?trevc3 in OpenBLAS's AVX-512 order against scipy's own (called through
ctypes), and whole eig against jax's (LAPACK ?geev). Eager (XLA's fusion would contract products
and sums into fused multiply-adds; the interpreter computes as eager does). Each test is a few
seconds on an idle machine (eager dispatch of the unrolled solves; whole eig goes through
shlo.from_jax and shlo.interpret, faster than eager)."""
from __future__ import annotations

import ctypes
import glob
import os

import jax
import jax.numpy as jnp
import numpy as np
import pytest

FULL = bool(os.environ.get("SHLO_FULL_TESTS"))       # every size of the ?trevc3 checks

def _openblas():
    import scipy
    libs = glob.glob(os.path.join(os.path.dirname(os.path.dirname(scipy.__file__)), "scipy.libs", "libscipy_openblas*.so"))
    if not libs:
        pytest.skip("scipy's bundled OpenBLAS (for ctrevc3) is not there")
    return ctypes.CDLL(libs[0])


def _ctrevc3(t, q):
    """scipy's ctrevc3 (side B, howmny B, workspace as cgeev's query gives): (VL, VR)."""
    lib = _openblas()
    n = t.shape[0]
    i = lambda v: ctypes.byref(ctypes.c_int(v))  # noqa: E731
    p = lambda a: a.ctypes.data_as(ctypes.c_void_p)  # noqa: E731
    t = np.array(t, order="F")
    vl, vr = np.array(q, order="F"), np.array(q, order="F")
    m, info = ctypes.c_int(0), ctypes.c_int(0)
    sel, rwork = np.zeros(n, np.int32), np.zeros(n, np.float32)

    def call(work):
        lib.scipy_ctrevc3_(b"B", b"B", p(sel), i(n), p(t), i(n), p(vl), i(n), p(vr), i(n), i(n), ctypes.byref(m),
                           p(work), i(work.size), p(rwork), i(n), ctypes.byref(info), ctypes.c_size_t(1), ctypes.c_size_t(1))

    query = np.zeros(1, np.complex64)
    lib.scipy_ctrevc3_(b"B", b"B", p(sel), i(n), p(t), i(n), p(vl), i(n), p(vr), i(n), i(n), ctypes.byref(m),
                       p(query), i(-1), p(rwork), i(-1), ctypes.byref(info), ctypes.c_size_t(1), ctypes.c_size_t(1))
    call(np.zeros(int(query[0].real), np.complex64))
    assert info.value == 0
    return vl, vr


def _avx512_or_skip():
    from shlo.importers import stablehlo_lapack_trevc as trevc
    with jax.enable_x64(True):
        if not trevc.applies(5, np.complex64):
            pytest.skip("the modelled order is OpenBLAS's SkylakeX kernels'")


def test_ctrevc3_is_openblas():
    """Right and left vectors of random triangular T times a unitary Q, n = 1 to 6, before cgebak
    (each scaled by 1 / |largest|_1 as ctrevc3 leaves them): scipy's ctrevc3 bit for bit."""
    _avx512_or_skip()
    from shlo.importers import stablehlo_lapack_trevc as trevc
    rng = np.random.default_rng(5)
    with jax.disable_jit(), jax.enable_x64(True):
        for n in (range(1, 7) if FULL else (2, 5)):
            for _ in range(1):
                t = np.triu(rng.standard_normal((n, n)) + 1j * rng.standard_normal((n, n))).astype(np.complex64)
                q = np.linalg.qr(rng.standard_normal((n, n)) + 1j * rng.standard_normal((n, n)))[0].astype(np.complex64)
                want_vl, want_vr = _ctrevc3(t, q)
                tr, ti, qr, qi = (jnp.asarray(x) for x in (t.real, t.imag, q.real, q.imag))
                for left, want in ((False, want_vr), (True, want_vl)):
                    xr, xi = trevc._left_solve(tr, ti) if left else trevc._right_solve(tr, ti)
                    vr, vi = trevc._trevc_scale(*trevc._gemm(qr, qi, xr, xi))
                    got = np.asarray(vr) + 1j * np.asarray(vi)
                    np.testing.assert_array_equal(got.astype(np.complex64), want, err_msg=f"n={n} left={left}")


def _through_shlo(a):
    """jnp.linalg.eig's (w, VL, VR) imported by shlo.from_jax and run by shlo.interpret (the
    composite's body), and jax's own (LAPACK ?geev)."""
    import shlo
    fn = lambda x: jax.lax.linalg.eig(x, compute_left_eigenvectors=True)  # noqa: E731
    got = [np.asarray(x) for x in shlo.interpret(shlo.from_jax(fn, a), a)]
    return got, [np.asarray(x) for x in jax.jit(fn)(a)]


def test_complex64_eig_vectors_are_cgeevs():
    """eig's w, VL and VR through shlo equal jax's (cgeev) bit for bit on a random 5 x 5."""
    _avx512_or_skip()
    rng = np.random.default_rng(12)
    a = (rng.standard_normal((5, 5)) + 1j * rng.standard_normal((5, 5))).astype(np.complex64)
    got, want = _through_shlo(a)
    for g, w, what in zip(got, want, ("w", "vl", "vr")):
        np.testing.assert_array_equal(g, w, err_msg=what)


def _strevc3(t, q):
    """scipy's strevc3 (side B, howmny B, workspace as queried): (VL, VR)."""
    lib = _openblas()
    n = t.shape[0]
    i = lambda v: ctypes.byref(ctypes.c_int(v))  # noqa: E731
    p = lambda a: a.ctypes.data_as(ctypes.c_void_p)  # noqa: E731
    t = np.array(t, order="F")
    vl, vr = np.array(q, order="F"), np.array(q, order="F")
    m, info = ctypes.c_int(0), ctypes.c_int(0)
    sel = np.zeros(n, np.int32)

    def call(work, lwork):
        lib.scipy_strevc3_(b"B", b"B", p(sel), i(n), p(t), i(n), p(vl), i(n), p(vr), i(n), i(n), ctypes.byref(m),
                           p(work), i(lwork), ctypes.byref(info), ctypes.c_size_t(1), ctypes.c_size_t(1))

    query = np.zeros(1, np.float32)
    call(query, -1)
    call(np.zeros(int(query[0]), np.float32), int(query[0]))
    assert info.value == 0
    return vl, vr


def test_strevc3_is_openblas():
    """Right and left vectors of random real Schur forms (scipy's sgees: 2 x 2 blocks in
    ?lanv2's standard form) times their Z, n = 3 to 6, before sgebak: scipy's strevc3 bit for
    bit (?laln2's 1 x 1 / 2 x 2, real / complex solves, saxpy, sdot, sgemm in OpenBLAS's order)."""
    _avx512_or_skip()
    import scipy.linalg
    from shlo.importers import stablehlo_lapack_strevc as strevc
    rng = np.random.default_rng(6)
    pairs = 0
    with jax.disable_jit(), jax.enable_x64(True):
        for n in (range(3, 7) if FULL else (3, 5)):
            for _ in range(1):
                t, z = scipy.linalg.schur(rng.standard_normal((n, n)).astype(np.float32))
                pairs += int(np.count_nonzero(np.diagonal(t, -1)))
                want_vl, want_vr = _strevc3(t, z)
                for left, want in ((False, want_vr), (True, want_vl)):
                    x, kind = strevc._left_solve(jnp.asarray(t)) if left else strevc._right_solve(jnp.asarray(t))
                    got = np.asarray(strevc._trevc_scale(strevc._gemm(jnp.asarray(z), x), kind))
                    np.testing.assert_array_equal(got, want, err_msg=f"n={n} left={left}")
    assert pairs >= 2                     # (the complex solves were exercised)


def test_float32_eig_vectors_are_sgeevs():
    """eig's w, VL and VR through shlo equal jax's (sgeev) bit for bit: a random 5 x 5
    (conjugate pairs) and a symmetric-ish 4 x 4 (real eigenvalues only)."""
    _avx512_or_skip()
    rng = np.random.default_rng(13)
    b = rng.standard_normal((4, 4))
    for a in (rng.standard_normal((5, 5)), b + b.T + 0.1 * rng.standard_normal((4, 4))):
        got, want = _through_shlo(a.astype(np.float32))
        for g, w, what in zip(got, want, ("w", "vl", "vr")):
            np.testing.assert_array_equal(g, w, err_msg=what)
