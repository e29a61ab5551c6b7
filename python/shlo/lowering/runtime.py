"""Calling compiled code: argument checks, memref descriptors, result ownership.

The entry `@shlo_main` is compiled with MLIR's C interface; its packed
wrapper takes one `void**` whose slots point at (1) a struct receiving the
result descriptors, when there are results, and (2) one descriptor per
argument. A ranked memref descriptor is 3 + 2*rank 64-bit words (allocated
pointer, aligned pointer, offset, sizes, strides), so descriptors are built
and read as numpy int64 arrays: no ctypes structures per call.

Every result buffer is allocated by the compiled code with malloc and handed
to the caller (the deallocation pipeline copies anything it does not own),
so results become numpy arrays over that memory, freed with the last array
that views it. Arguments are checked against the signature in Python before
native code runs; a wrong call raises ExecutionError and never reaches it.
"""
from __future__ import annotations

import ctypes

import numpy as np

from ..errors import ExecutionError
from ..interpreter.values import TOKEN, Token
from ..literals import numpy_dtype
from ..types import TypeInfo

_libc = ctypes.CDLL(None)
_free = _libc.free
_free.argtypes = [ctypes.c_void_p]
_free.restype = None
_GLOBAL_SENTINEL = 0xDEADBEEF      # MLIR's "allocated" pointer of a memref.get_global


class _Owned:
    """Malloc'ed memory of compiled results, freed when the last numpy view goes."""
    __slots__ = ("_alloc",)

    def __init__(self, alloc: int):
        self._alloc = alloc

    def __del__(self):
        _free(self._alloc)


def storage_dtype(t: TypeInfo) -> np.dtype:
    return numpy_dtype(t.quant.storage if t.quant else t.element)


def _shape_text(shape) -> str:
    return "(" + ", ".join("?" if d is None else str(d) for d in shape) + ")"


def check_argument(value, t: TypeInfo, what: str) -> np.ndarray:
    """`value` as a C-contiguous array of type `t`, or ExecutionError naming the argument."""
    dtype = storage_dtype(t)
    if type(value) is np.ndarray and value.dtype == dtype and value.flags.c_contiguous \
            and value.ndim == len(t.shape) and all(d is None or d == s for d, s in zip(t.shape, value.shape)):
        return value
    if isinstance(value, (np.ndarray, np.generic)):
        arr = np.asarray(value)
        if arr.dtype != dtype:
            raise ExecutionError(f"{what}: expected dtype {dtype} for {t}, got {arr.dtype}")
    else:
        if hasattr(value, "__array__") and not isinstance(value, (list, tuple)):
            arr = np.asarray(value)
            if arr.dtype != dtype:
                raise ExecutionError(f"{what}: expected dtype {dtype} for {t}, got {arr.dtype}")
        else:
            try:
                arr = np.asarray(value, dtype=dtype)
            except (TypeError, ValueError, OverflowError) as e:
                raise ExecutionError(f"{what}: cannot convert {type(value).__name__} to {t}: {e}") from None
    if arr.ndim != len(t.shape) or any(d is not None and d != s for d, s in zip(t.shape, arr.shape)):
        raise ExecutionError(f"{what}: expected shape {_shape_text(t.shape)} for {t}, got {arr.shape}")
    return np.ascontiguousarray(arr)


class NativeFunction:
    """The packed entry point of compiled code and the signature it was compiled for."""

    def __init__(self, address: int, arg_types: list, result_types: list, keepalive=(), threaded: bool = False):
        self._fn = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(address)
        self._threaded = threaded                 # runs OpenMP parallel regions (see omp.call)
        self.arg_types = list(arg_types)          # TypeInfo per flat argument
        self.result_types = list(result_types)    # TypeInfo per flat result
        self._keepalive = keepalive               # the engine or library owning the code
        self._result_words = sum(3 + 2 * len(t.shape) for t in self.result_types)
        self._has_result = bool(self.result_types)
        self._dtypes = [storage_dtype(t) for t in self.result_types]

    def __call__(self, arrays: list) -> list:
        """Runs on checked, C-contiguous arrays; returns one numpy array per result."""
        # One int64 buffer: [result descriptors | argument descriptors | pointers | packed slots].
        words = []
        pointers = []
        for a in arrays:
            data = a.__array_interface__["data"][0]
            pointers.append(data)
            itemsize = a.itemsize or 1
            words += (data, data, 0, *a.shape, *(s // itemsize for s in a.strides))
        n_res = self._result_words
        n_slots = len(arrays) + (1 if self._has_result else 0)
        buf = np.zeros(n_res + len(words) + 2 * n_slots + 1, dtype=np.int64)
        base = buf.__array_interface__["data"][0]
        buf[n_res:n_res + len(words)] = words
        ptr_at = n_res + len(words)
        targets = ([base] if self._has_result else [])
        offset = n_res
        for a in arrays:
            targets.append(base + 8 * offset)
            offset += 3 + 2 * a.ndim
        buf[ptr_at:ptr_at + n_slots] = targets
        slots = ptr_at + n_slots
        buf[slots:slots + n_slots] = [base + 8 * (ptr_at + i) for i in range(n_slots)]
        if self._threaded:
            from . import omp
            omp.call(self._fn, base + 8 * slots)
        else:
            self._fn(base + 8 * slots)
        return self._results(buf[:n_res].tolist(), pointers)

    def _results(self, res: list, input_ptrs: list) -> list:
        outs, owners, pos = [], {}, 0
        for t, dtype in zip(self.result_types, self._dtypes):
            r = len(t.shape)
            alloc, aligned, offset = res[pos], res[pos + 1], res[pos + 2]
            shape = tuple(res[pos + 3:pos + 3 + r])
            strides = tuple(res[pos + 3 + r:pos + 3 + 2 * r])
            pos += 3 + 2 * r
            size = 1
            for x in shape:
                size *= x
            data = aligned + offset * dtype.itemsize
            foreign = alloc == _GLOBAL_SENTINEL or alloc in input_ptrs or alloc == 0
            if size == 0 or foreign or not _contiguous(shape, strides):
                outs.append(_copy_out(data, shape, strides, dtype, size))
                if not foreign and alloc and alloc not in owners:
                    owners[alloc] = None
                    _free(alloc)
                continue
            owner = owners.get(alloc)
            if owner is None:
                owner = owners[alloc] = _Owned(alloc)
            if dtype.isbuiltin == 1:            # numpy's own types; ml_dtypes ones go through bytes
                outs.append(np.asarray(_OwnedView(owner, data, shape, dtype.str)))
            else:       # ml_dtypes types: through bytes
                outs.append(np.asarray(_OwnedView(owner, data, (size * dtype.itemsize,), "|u1")).view(dtype)
                            .reshape(shape))
        return outs


class _OwnedView:
    """An array inside an owned allocation (several results may share one)."""
    __slots__ = ("__array_interface__", "_owner")

    def __init__(self, owner: _Owned, data: int, shape: tuple, typestr: str):
        self._owner = owner
        self.__array_interface__ = {"data": (data, False), "shape": shape, "typestr": typestr, "version": 3}


def _contiguous(shape, strides) -> bool:
    expected = 1
    for size, stride in zip(reversed(shape), reversed(strides)):
        if size != 1 and stride != expected:
            return False
        expected *= size
    return True


def _copy_out(data: int, shape, strides, dtype: np.dtype, size: int) -> np.ndarray:
    if size == 0:
        return np.zeros(shape, dtype)
    span = 1 + sum((s - 1) * st for s, st in zip(shape, strides)) if shape else 1
    raw = np.ctypeslib.as_array(ctypes.cast(data, ctypes.POINTER(ctypes.c_uint8)), shape=(span * dtype.itemsize,))
    flat = raw.view(dtype)
    view = np.lib.stride_tricks.as_strided(flat, shape, [s * dtype.itemsize for s in strides])
    return np.array(view, copy=True)


def rebuild(t: TypeInfo, it):
    """A user-facing value of type `t` from flat result arrays (tuples, tokens rebuilt)."""
    if t.kind == "tensor":
        return next(it)
    if t.kind == "token":
        return TOKEN
    return tuple(rebuild(m, it) for m in t.members)


def flatten_argument(value, t: TypeInfo, what: str) -> list:
    """The flat arrays of an argument of type `t` (tuples flattened, tokens dropped)."""
    if t.kind == "tensor":
        return [check_argument(value, t, what)]
    if t.kind == "token":
        if value is None or isinstance(value, Token) or value == "token":
            return []
        raise ExecutionError(f"{what}: expected a token, got {type(value).__name__}")
    if t.kind in ("tuple", "future"):
        if not isinstance(value, (tuple, list)) or len(value) != len(t.members):
            raise ExecutionError(f"{what}: expected a tuple of {len(t.members)} values for {t}")
        return [x for i, (v, m) in enumerate(zip(value, t.members))
                for x in flatten_argument(v, m, f"{what}[{i}]")]
    raise ExecutionError(f"{what}: values of type {t} cannot be passed in")
