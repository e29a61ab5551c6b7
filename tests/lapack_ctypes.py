"""LAPACK routines that scipy.linalg.lapack does not wrap (?lanv2, ?hseqr), called through
ctypes from scipy's cython_lapack (the OpenBLAS LAPACK that jaxlib's kernels call too)."""
from __future__ import annotations

import ctypes

import numpy as np

_INT = ctypes.POINTER(ctypes.c_int)


def _routine(name: str, *argtypes):
    import scipy.linalg.cython_lapack as cl
    api = ctypes.pythonapi
    api.PyCapsule_GetName.restype = ctypes.c_char_p
    api.PyCapsule_GetName.argtypes = [ctypes.py_object]
    api.PyCapsule_GetPointer.restype = ctypes.c_void_p
    api.PyCapsule_GetPointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
    cap = cl.__pyx_capi__[name]
    return ctypes.CFUNCTYPE(None, *argtypes)(api.PyCapsule_GetPointer(cap, api.PyCapsule_GetName(cap)))


def _real(dtype):
    return ctypes.c_float if np.dtype(dtype) == np.float32 else ctypes.c_double


def lanv2(a, b, c, d):
    """?lanv2 of one block: (a, b, c, d, rt1r, rt1i, rt2r, rt2i, cs, sn)."""
    t = _real(type(a))
    f = _routine("slanv2" if t is ctypes.c_float else "dlanv2", *[ctypes.POINTER(t)] * 10)
    vals = [t(x) for x in (a, b, c, d)] + [t(0) for _ in range(6)]
    f(*[ctypes.byref(v) for v in vals])
    dt = type(a)
    return tuple(dt(v.value) for v in vals)


def hseqr(h, z):
    """?hseqr (job S, compz V) of a Hessenberg H with Z: (T, eigenvalues, Z, info)."""
    dt = h.dtype.type
    n = h.shape[0]
    complex_ = np.dtype(dt).kind == "c"
    p = ctypes.POINTER(_real(np.float32 if dt in (np.float32, np.complex64) else np.float64))
    name = {np.float32: "shseqr", np.float64: "dhseqr", np.complex64: "chseqr", np.complex128: "zhseqr"}[dt]
    w_args = (p,) if complex_ else (p, p)
    f = _routine(name, ctypes.c_char_p, ctypes.c_char_p, _INT, _INT, _INT, p, _INT, *w_args, p, _INT, p, _INT, _INT)
    h, z = np.array(h, order="F"), np.array(z, order="F")
    wr, wi, work = np.zeros(n, dt), np.zeros(n, dt), np.zeros(11 * n, dt)
    size, one, lwork, info = ctypes.c_int(n), ctypes.c_int(1), ctypes.c_int(11 * n), ctypes.c_int(0)
    w_ptrs = (wr.ctypes.data_as(p),) if complex_ else (wr.ctypes.data_as(p), wi.ctypes.data_as(p))
    f(b"S", b"V", ctypes.byref(size), ctypes.byref(one), ctypes.byref(size), h.ctypes.data_as(p),
      ctypes.byref(size), *w_ptrs, z.ctypes.data_as(p), ctypes.byref(size),
      work.ctypes.data_as(p), ctypes.byref(lwork), ctypes.byref(info))
    return h, (wr if complex_ else wr + 1j * wi), z, info.value
