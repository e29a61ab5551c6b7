"""The OpenMP runtime that threaded compiled code calls (`__kmpc_*` entry points).

MLIR lowers `scf.forall` loops to OpenMP parallel regions; their runtime is
Intel's libiomp5 from the `intel-openmp` wheel (a dependency), or LLVM's
libomp where the system has it. Without either, code is compiled for one
thread. `SHLO_NUM_THREADS` sets the thread count (default: the CPUs this
process may run on). Workers are bound one per core unless the environment
chooses a binding (KMP_AFFINITY, OMP_PROC_BIND, OMP_PLACES); callers keep
their own CPU mask (`call`).
"""
from __future__ import annotations

import ctypes
import functools
import glob
import os
import sys
import threading


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
    # Each worker bound to a core of its own. Unbound, when one other program keeps a core busy,
    # Linux often leaves both of our threads on the other core (two of three tasks there is as
    # balanced as any split): a 1024^3 matmul then took one core's 21 ms instead of 15. The
    # runtime binds the calling thread too; `call` undoes that for the caller.
    if not any(k in os.environ for k in ("KMP_AFFINITY", "OMP_PROC_BIND", "OMP_PLACES", "GOMP_CPU_AFFINITY")):
        os.environ["KMP_AFFINITY"] = "granularity=fine,scatter"
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


_roots = threading.local()


def call(fn, *args):
    """fn(*args) for threaded compiled code. The OpenMP runtime binds a thread to one CPU (its
    place) the first time it starts a parallel region from it, and its workers to the other
    places. For the calling (Python) thread that binding would outlast the call, so the caller's
    own CPU mask is put back afterwards; each later call then binds it to its place again for
    the call's length only. Left free during a call, a caller that last ran on a worker's CPU
    starts there and shares that CPU with the pinned worker until Linux moves it: a 1024^3
    matmul on 2 cores took 14.6 ms instead of 8.2 when the caller started on the worker's CPU.
    A call that started no parallel region (a small program's) changes nothing and teaches
    nothing; a caller whose mask no longer holds its place runs as it is."""
    place = getattr(_roots, "place", None)
    try:
        mask = os.sched_getaffinity(0)
    except (AttributeError, OSError):
        return fn(*args)
    bound = place is not None and place != mask and place <= mask
    if bound:
        try:
            os.sched_setaffinity(0, place)
        except OSError:
            bound = False
    try:
        return fn(*args)
    finally:
        try:
            now = os.sched_getaffinity(0) if place is None else None
            if now is not None and now != mask:  # the runtime bound this thread just now
                _roots.place = now
            if bound or (now is not None and now != mask):
                os.sched_setaffinity(0, mask)
        except OSError:
            pass
