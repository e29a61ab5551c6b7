"""The OpenMP runtime that threaded compiled code calls (`__kmpc_*` entry points).

MLIR lowers `scf.forall` loops to OpenMP parallel regions; their runtime is
Intel's libiomp5 from the `intel-openmp` wheel (a dependency), or LLVM's
libomp where the system has it. Without either, code is compiled for one
thread. `SHLO_NUM_THREADS` sets the thread count (default: the CPUs this
process may run on).
"""
from __future__ import annotations

import ctypes
import functools
import glob
import os
import sys


@functools.lru_cache(maxsize=None)
def library() -> str | None:
    """Path of a loaded OpenMP runtime, or None."""
    candidates = [os.path.join(sys.prefix, "lib", "libiomp5.so")]
    try:
        from importlib import metadata
        for f in metadata.files("intel-openmp") or ():
            if f.name == "libiomp5.so":
                candidates.insert(0, str(f.locate()))
    except Exception:  # noqa: BLE001 - not installed
        pass
    candidates += glob.glob("/usr/lib/*/libomp.so.5") + glob.glob("/usr/lib/llvm-*/lib/libomp.so*")
    # Idle workers spin for KMP_BLOCKTIME before sleeping (200 ms by default), taking a core from
    # whatever runs next in the process; 20 ms keeps back-to-back calls warm without that.
    os.environ.setdefault("KMP_BLOCKTIME", "20")
    for path in candidates:
        if os.path.exists(path):
            try:
                ctypes.CDLL(os.path.realpath(path), mode=ctypes.RTLD_GLOBAL)
            except OSError:
                continue
            return os.path.realpath(path)
    return None


def default_threads() -> int:
    env = os.environ.get("SHLO_NUM_THREADS")
    if env:
        try:
            return max(1, int(env))
        except ValueError:
            pass
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:
        return max(1, os.cpu_count() or 1)
