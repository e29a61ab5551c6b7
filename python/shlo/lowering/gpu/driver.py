"""The CUDA driver API (libcuda) through ctypes: device, modules, memory, launches, events.

Imports nothing from MLIR, so it runs on a GPU machine that has only numpy and this
source tree. Every CUresult other than CUDA_SUCCESS becomes a CudaError naming the
call and the driver's error name and text; a missing libcuda, a failing cuInit or no
device at all raise CudaError saying that no GPU is available.

    dev = Device.open(0)                          # primary context, made current
    mod = dev.load_ptx(text)                      # or dev.load_cubin(data)
    fn = mod.function("kernel")
    p = dev.alloc(n); dev.copy_htod(p, array)
    dev.launch(fn, (4, 1, 1), (256, 1, 1), 0, [(ctypes.c_uint64, p), (ctypes.c_float, 1.5)])
    dev.synchronize(); dev.copy_dtoh(out, p); dev.free(p)
"""
from __future__ import annotations

import ctypes
import os
from ctypes import POINTER, byref, c_char_p, c_float, c_int, c_size_t, c_ubyte, c_uint, c_uint64, c_void_p

from ...errors import CudaError
from .ptxas import assemble, ptxas_path  # noqa: F401  (the compiler imports assemble from here)

LIBRARIES = ("libcuda.so.1", "libcuda.so")
LIBRARY_VARIABLE = "SHLO_CUDA_LIBRARY"      # names another driver library (a path) to load instead

_COMPUTE_CAPABILITY_MAJOR, _COMPUTE_CAPABILITY_MINOR = 75, 76          # CUdevice_attribute
_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8                                     # CUfunction_attribute
_DEFAULT_DYNAMIC_SHARED_LIMIT = 48 * 1024   # beyond this a kernel must opt in (cuFuncSetAttribute)
_JIT_INFO_LOG, _JIT_INFO_LOG_SIZE, _JIT_ERROR_LOG, _JIT_ERROR_LOG_SIZE = 3, 4, 5, 6   # CUjit_option
_LOG_BYTES = 16384
# Kernel faults that leave the context unusable for the rest of the process (CUresult codes:
# hardware stack error, illegal instruction, misaligned address, invalid address space, invalid
# PC, launch failed, assert, illegal address).
_STICKY = {714, 715, 716, 717, 718, 719, 710, 700}

# Argument types of each entry point; the _v2 names are those cuda.h's macros select.
_SIGNATURES = {
    "cuInit": (c_uint,),
    "cuDeviceGetCount": (POINTER(c_int),),
    "cuDeviceGet": (POINTER(c_int), c_int),
    "cuDeviceGetName": (c_char_p, c_int, c_int),
    "cuDeviceGetAttribute": (POINTER(c_int), c_int, c_int),
    "cuDevicePrimaryCtxRetain": (POINTER(c_void_p), c_int),
    "cuDevicePrimaryCtxRelease_v2": (c_int,),
    "cuCtxSetCurrent": (c_void_p,),
    "cuCtxSynchronize": (),
    "cuGetErrorName": (c_int, POINTER(c_char_p)),
    "cuGetErrorString": (c_int, POINTER(c_char_p)),
    "cuModuleLoadDataEx": (POINTER(c_void_p), c_void_p, c_uint, POINTER(c_int), POINTER(c_void_p)),
    "cuModuleUnload": (c_void_p,),
    "cuModuleGetFunction": (POINTER(c_void_p), c_void_p, c_char_p),
    "cuFuncSetAttribute": (c_void_p, c_int, c_int),
    "cuMemAlloc_v2": (POINTER(c_uint64), c_size_t),
    "cuMemFree_v2": (c_uint64,),
    "cuMemcpyHtoD_v2": (c_uint64, c_void_p, c_size_t),
    "cuMemcpyDtoH_v2": (c_void_p, c_uint64, c_size_t),
    "cuMemcpyDtoD_v2": (c_uint64, c_uint64, c_size_t),
    "cuMemsetD8_v2": (c_uint64, c_ubyte, c_size_t),
    "cuLaunchKernel": (c_void_p, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_uint, c_void_p,
                       POINTER(c_void_p), POINTER(c_void_p)),
    "cuEventCreate": (POINTER(c_void_p), c_uint),
    "cuEventRecord": (c_void_p, c_void_p),
    "cuEventSynchronize": (c_void_p,),
    "cuEventElapsedTime": (POINTER(c_float), c_void_p, c_void_p),
    "cuEventDestroy_v2": (c_void_p,),
    "cuStreamCreate": (POINTER(c_void_p), c_uint),
    "cuStreamDestroy_v2": (c_void_p,),
    "cuStreamSynchronize": (c_void_p,),
    "cuStreamBeginCapture_v2": (c_void_p, c_int),
    "cuStreamEndCapture": (c_void_p, POINTER(c_void_p)),
    "cuGraphInstantiateWithFlags": (POINTER(c_void_p), c_void_p, c_uint64),
    "cuGraphLaunch": (c_void_p, c_void_p),
    "cuGraphExecDestroy": (c_void_p,),
    "cuGraphDestroy": (c_void_p,),
}
_CAPTURE_MODE_RELAXED = 2


class Driver:
    """libcuda's entry points; `call` raises CudaError on any CUresult but CUDA_SUCCESS."""

    def __init__(self, lib):
        self._lib = lib
        self._fns = {}

    @classmethod
    def load(cls, library: str | None = None) -> "Driver":
        library = library or os.environ.get(LIBRARY_VARIABLE)
        names = (library,) if library else LIBRARIES
        errors = []
        for name in names:
            try:
                return cls(ctypes.CDLL(name))
            except OSError as e:
                errors.append(str(e))
        raise CudaError(f"no GPU is available: the CUDA driver library cannot be loaded ({'; '.join(errors)})")

    def _fn(self, name: str):
        fn = self._fns.get(name)
        if fn is None:
            try:
                fn = getattr(self._lib, name)
            except AttributeError:
                raise CudaError(f"the CUDA driver library has no {name} (driver too old?)") from None
            fn.argtypes, fn.restype = _SIGNATURES[name], c_int
            self._fns[name] = fn
        return fn

    def raw(self, name: str, *args) -> int:
        """The CUresult of one call."""
        return self._fn(name)(*args)

    def call(self, name: str, *args, detail: str = "") -> None:
        result = self.raw(name, *args)
        if result != 0:
            sticky = "; the CUDA context is now unusable: restart the process" if result in _STICKY else ""
            raise CudaError(f"{name} failed: {self.describe(result)}{detail}{sticky}")

    def describe(self, result: int) -> str:
        """'CUDA_ERROR_X (the driver's text)' for a CUresult."""
        name, text = c_char_p(), c_char_p()
        try:
            ok = self.raw("cuGetErrorName", result, byref(name)) == 0 and name.value
            self.raw("cuGetErrorString", result, byref(text))
        except CudaError:
            ok = False
        if not ok:
            return f"CUresult {result}"
        return f"{name.value.decode()} ({text.value.decode() if text.value else 'no description'})"


class Device:
    """One GPU with its primary context (retained by `open`, released by `close`)."""

    def __init__(self, driver: Driver, ordinal: int, handle: int, context: c_void_p, name: str, cc: tuple):
        self.driver, self.ordinal, self._handle, self._context = driver, ordinal, handle, context
        self.name, self.compute_capability = name, cc

    @classmethod
    def open(cls, ordinal: int = 0, library: str | None = None) -> "Device":
        drv = Driver.load(library)
        result = drv.raw("cuInit", 0)
        if result != 0:
            raise CudaError(f"no GPU is available: cuInit failed: {drv.describe(result)}")
        count = c_int()
        drv.call("cuDeviceGetCount", byref(count))
        if count.value == 0:
            raise CudaError("no GPU is available: the CUDA driver finds no device")
        if not 0 <= ordinal < count.value:
            raise CudaError(f"no GPU with ordinal {ordinal}: the CUDA driver finds {count.value}")
        handle = c_int()
        drv.call("cuDeviceGet", byref(handle), ordinal)
        context = c_void_p()
        drv.call("cuDevicePrimaryCtxRetain", byref(context), handle)
        try:
            drv.call("cuCtxSetCurrent", context)
            buf = ctypes.create_string_buffer(256)
            drv.call("cuDeviceGetName", buf, len(buf), handle)
            major, minor = c_int(), c_int()
            drv.call("cuDeviceGetAttribute", byref(major), _COMPUTE_CAPABILITY_MAJOR, handle)
            drv.call("cuDeviceGetAttribute", byref(minor), _COMPUTE_CAPABILITY_MINOR, handle)
        except BaseException:
            drv.raw("cuDevicePrimaryCtxRelease_v2", handle)
            raise
        return cls(drv, ordinal, handle.value, context, buf.value.decode(), (major.value, minor.value))

    def __repr__(self):
        return f"<shlo GPU {self.ordinal}: {self.name}, {self.arch}>"

    @property
    def arch(self) -> str:
        major, minor = self.compute_capability
        return f"sm_{major}{minor}"

    def close(self) -> None:
        """Releases the primary context (once); the Device is unusable afterwards."""
        if self._context is not None:
            self._context = None
            self.driver.call("cuDevicePrimaryCtxRelease_v2", self._handle)

    def make_current(self) -> None:
        """Makes the context current on the calling thread (contexts are per thread)."""
        if self._context is None:
            raise CudaError(f"GPU {self.ordinal} is closed")
        self.driver.call("cuCtxSetCurrent", self._context)

    # Modules.
    def load_ptx(self, ptx: str) -> "Module":
        """Loads PTX text, JIT-compiled by the driver; JIT errors are in the CudaError."""
        return self._load(c_char_p(ptx.encode()), "PTX")

    def load_cubin(self, cubin: bytes) -> "Module":
        return self._load(ctypes.create_string_buffer(bytes(cubin)), "cubin")

    def _load(self, image, what: str) -> "Module":
        self.make_current()
        error_log, info_log = ctypes.create_string_buffer(_LOG_BYTES), ctypes.create_string_buffer(_LOG_BYTES)
        options = (c_int * 4)(_JIT_ERROR_LOG, _JIT_ERROR_LOG_SIZE, _JIT_INFO_LOG, _JIT_INFO_LOG_SIZE)
        values = (c_void_p * 4)(ctypes.addressof(error_log), _LOG_BYTES, ctypes.addressof(info_log), _LOG_BYTES)
        handle = c_void_p()
        result = self.driver.raw("cuModuleLoadDataEx", byref(handle), ctypes.cast(image, c_void_p), 4,
                                 options, values)
        if result != 0:
            log = error_log.value.decode(errors="replace").strip()
            raise CudaError(f"cuModuleLoadDataEx ({what}) failed: {self.driver.describe(result)}"
                            + (f"\n{log}" if log else ""))
        return Module(self, handle)

    # Memory. Device pointers are Python ints; 0 stands for an empty buffer.
    def alloc(self, nbytes: int) -> int:
        if nbytes == 0:
            return 0
        ptr = c_uint64()
        self.driver.call("cuMemAlloc_v2", byref(ptr), nbytes, detail=f" (allocating {nbytes} bytes)")
        return ptr.value

    def free(self, ptr: int) -> None:
        if ptr:
            self.driver.call("cuMemFree_v2", ptr)

    def copy_htod(self, dst: int, array) -> None:
        """Copies a C-contiguous numpy array to device memory."""
        if array.nbytes:
            self.driver.call("cuMemcpyHtoD_v2", dst, array.ctypes.data, array.nbytes)

    def copy_dtoh(self, array, src: int) -> None:
        """Fills a C-contiguous, writable numpy array from device memory."""
        if array.nbytes:
            self.driver.call("cuMemcpyDtoH_v2", array.ctypes.data, src, array.nbytes)

    def copy_dtod(self, dst: int, src: int, nbytes: int) -> None:
        if nbytes:
            self.driver.call("cuMemcpyDtoD_v2", dst, src, nbytes)

    def memset(self, ptr: int, byte: int, nbytes: int) -> None:
        if nbytes:
            self.driver.call("cuMemsetD8_v2", ptr, byte, nbytes)

    # Execution.
    def launch(self, function: "Function", grid, block, smem: int, params) -> None:
        """Launches on the default stream; `params` is a list of (ctypes type, value)."""
        self.launch_prepared(self.prepare(function, grid, block, smem, params))

    def prepare(self, function: "Function", grid, block, smem: int, params) -> "Prepared":
        """A launch with its parameters packed once (a plan launches the same kernels with the
        same buffers on every run: packing them anew each time costs more than the launch)."""
        if smem > max(function.smem_limit, _DEFAULT_DYNAMIC_SHARED_LIMIT):
            self.driver.call("cuFuncSetAttribute", function.handle, _MAX_DYNAMIC_SHARED_SIZE_BYTES, smem,
                             detail=f" ({function.name} asks for {smem} bytes of shared memory)")
            function.smem_limit = smem
        values = [ctype(v) for ctype, v in params]
        slots = (c_void_p * max(len(values), 1))(*[ctypes.addressof(v) for v in values])
        return Prepared(function, tuple(grid), tuple(block), smem, values, slots)

    def launch_prepared(self, p: "Prepared", stream=None) -> None:
        result = self.driver.raw("cuLaunchKernel", p.function.handle, *p.grid, *p.block, p.smem, stream,
                                 p.slots, None)
        if result != 0:
            self.driver.call("cuLaunchKernel", p.function.handle, *p.grid, *p.block, p.smem, stream, p.slots, None,
                             detail=f" (kernel {p.function.name}, grid {p.grid}, block {p.block}, smem {p.smem})")

    def capture(self, prepared: list) -> "Graph":
        """The launches captured once into a CUDA graph, replayed by one call each run (the host
        then enqueues one command, not one per kernel). CudaError where the driver lacks graphs."""
        stream = c_void_p()
        self.driver.call("cuStreamCreate", byref(stream), 0)
        graph, exe = c_void_p(), c_void_p()
        try:
            self.driver.call("cuStreamBeginCapture_v2", stream, _CAPTURE_MODE_RELAXED)
            try:
                for p in prepared:
                    self.launch_prepared(p, stream)
            finally:
                self.driver.call("cuStreamEndCapture", stream, byref(graph))
            self.driver.call("cuGraphInstantiateWithFlags", byref(exe), graph, 0)
        except BaseException:
            if graph.value:
                self.driver.raw("cuGraphDestroy", graph)
            self.driver.raw("cuStreamDestroy_v2", stream)
            raise
        return Graph(self.driver, stream, graph, exe)

    def synchronize(self) -> None:
        self.driver.call("cuCtxSynchronize")

    def event(self) -> "Event":
        handle = c_void_p()
        self.driver.call("cuEventCreate", byref(handle), 0)
        return Event(self.driver, handle)


class Module:
    """A loaded module; its functions live until `unload`."""

    def __init__(self, device: Device, handle: c_void_p):
        self.device, self.handle = device, handle

    def function(self, name: str) -> "Function":
        handle = c_void_p()
        self.device.driver.call("cuModuleGetFunction", byref(handle), self.handle, name.encode(),
                                detail=f" (kernel {name!r})")
        return Function(handle, name)

    def unload(self) -> None:
        if self.handle is not None:
            handle, self.handle = self.handle, None
            self.device.driver.call("cuModuleUnload", handle)


class Function:
    def __init__(self, handle: c_void_p, name: str):
        self.handle, self.name = handle, name
        self.smem_limit = 0        # dynamic shared memory opted in to so far


class Prepared:
    """A kernel launch with its parameters packed (Device.prepare)."""
    __slots__ = ("function", "grid", "block", "smem", "values", "slots")

    def __init__(self, function, grid, block, smem, values, slots):
        self.function, self.grid, self.block, self.smem = function, grid, block, smem
        self.values, self.slots = values, slots      # the slots point into `values`: keep both


class Graph:
    """Captured launches (Device.capture) and the stream they replay on."""

    def __init__(self, driver: Driver, stream: c_void_p, graph: c_void_p, exe: c_void_p):
        self._driver, self.stream, self._graph, self._exe = driver, stream, graph, exe

    def launch(self) -> None:
        self._driver.call("cuGraphLaunch", self._exe, self.stream)

    def synchronize(self) -> None:
        self._driver.call("cuStreamSynchronize", self.stream)

    def destroy(self) -> None:
        if self._exe is not None:
            exe, graph, stream = self._exe, self._graph, self.stream
            self._exe = self._graph = None
            self._driver.call("cuGraphExecDestroy", exe)
            self._driver.call("cuGraphDestroy", graph)
            self._driver.call("cuStreamDestroy_v2", stream)


class Event:
    """A CUDA event, for timing (on the default stream unless recorded on another)."""

    def __init__(self, driver: Driver, handle: c_void_p):
        self._driver, self.handle = driver, handle

    def record(self, stream=None) -> None:
        self._driver.call("cuEventRecord", self.handle, stream)

    def synchronize(self) -> None:
        self._driver.call("cuEventSynchronize", self.handle)

    def elapsed_ms(self, end: "Event") -> float:
        """Milliseconds from this event to `end` (both recorded and `end` complete)."""
        ms = c_float()
        self._driver.call("cuEventElapsedTime", byref(ms), self.handle, end.handle)
        return ms.value

    def destroy(self) -> None:
        if self.handle is not None:
            handle, self.handle = self.handle, None
            self._driver.call("cuEventDestroy_v2", handle)
