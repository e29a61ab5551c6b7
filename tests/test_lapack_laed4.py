"""?stedc's secular equation solver (stablehlo_lapack_laed4: ?laed4 with ?laed5 / ?laed6 as a lax
body) interpreted gives LAPACK's own roots and deltas bit for bit: scipy's slaed4 / dlaed4 (the
OpenBLAS LAPACK that jaxlib calls) through ctypes on the same (d, z, rho)."""
from __future__ import annotations

import ctypes

import jax
import numpy as np
import pytest

import shlo
from shlo.importers.stablehlo_lapack_laed4 import laed5, secular

pytest.importorskip("scipy.linalg.cython_lapack")
from lapack_ctypes import _real, _routine  # noqa: E402

_INT = ctypes.POINTER(ctypes.c_int)


def _lapack_laed4(i, d, z, rho):
    t = _real(d.dtype)
    p = ctypes.POINTER(t)
    f = _routine("slaed4" if t is ctypes.c_float else "dlaed4", _INT, _INT, p, p, p, p, p, _INT)
    d, z = np.array(d), np.array(z)
    delta = np.zeros_like(d)
    dlam, info = t(0), ctypes.c_int(0)
    f(ctypes.byref(ctypes.c_int(len(d))), ctypes.byref(ctypes.c_int(i + 1)), d.ctypes.data_as(p),
      z.ctypes.data_as(p), delta.ctypes.data_as(p), ctypes.byref(t(rho)), ctypes.byref(dlam),
      ctypes.byref(info))
    return d.dtype.type(dlam.value), delta


def _problem(rng, k, dtype, kind):
    """Poles d ascending, z of norm 1 (as ?laed3 passes them), rho > 0; kind 1 clusters poles,
    kind 2 grades them and shrinks z (more ?laed6 steps and switches)."""
    if kind == 0:
        d = rng.standard_normal(k)
    elif kind == 1:
        d = np.concatenate([rng.standard_normal(k // 2), 1 + 1e-3 * rng.standard_normal(k - k // 2)])
    else:
        d = rng.uniform(-1, 1, k) ** 3
    d = np.sort(d).astype(dtype)
    z = rng.standard_normal(k)
    z /= np.linalg.norm(z)
    if kind == 2:
        z *= rng.uniform(0.01, 1, k)
    return d, z.astype(dtype), dtype(rng.uniform(0.05, 3))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_secular_roots_bit_equal_lapack(dtype):
    """Three problems padded to 14 (k = 11, 12, 9 roots; the padding as ?laed3's deflated tail):
    every root and every delta equal to ?laed4's."""
    rng = np.random.default_rng(7)
    n = 14
    problems = [_problem(rng, k, dtype, kind) for k, kind in ((11, 0), (12, 1), (9, 2))]
    args = (np.zeros(n, dtype), np.zeros(n, dtype), dtype(1), np.int32(3))
    with jax.enable_x64(True):
        prog = shlo.from_jax(secular, *args)
        mismatched = 0
        for d, z, rho in problems:
            k = len(d)
            dp = np.concatenate([d, d[-1] + 1 + np.arange(n - k, dtype=dtype)]).astype(dtype)
            zp = np.concatenate([z, np.full(n - k, 0.25, dtype)]).astype(dtype)
            lam, delta = (np.asarray(x) for x in shlo.interpret(prog, dp, zp, rho, np.int32(k)))
            for i in range(k):
                lam_ref, delta_ref = _lapack_laed4(i, d, z, rho)
                mismatched += int(lam[i] != lam_ref or not np.array_equal(delta[:k, i], delta_ref))
    assert mismatched == 0


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_laed5_bit_equal_lapack(dtype):
    """Two poles (?laed4 calls ?laed5): both roots, and the normalized vectors ?laed5 returns."""
    rng = np.random.default_rng(3)
    with jax.enable_x64(True):
        d, z, rho = _problem(rng, 2, dtype, 0)
        prog = shlo.from_jax(laed5, d, z, rho)
        for _ in range(4):
            d, z, rho = _problem(rng, 2, dtype, 0)
            lam, vec = (np.asarray(x) for x in shlo.interpret(prog, d, z, rho))
            for i in range(2):
                lam_ref, vec_ref = _lapack_laed4(i, d, z, rho)
                assert lam[i] == lam_ref
                np.testing.assert_array_equal(vec[:, i], vec_ref)
