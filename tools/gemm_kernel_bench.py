#!/usr/bin/env python3
"""shlo's matrix-product kernel (jit/ShloGemm*.cpp) against numpy's OpenBLAS, in one process.

    .venv/bin/python tools/gemm_kernel_bench.py [--src DIR ...] [--shapes 1024x1024x1024,64x1024x1024]
        [--threads 1,2] [--runs 21] [--serial] [--pause 0.03]

Each --src (default: jit/) is a directory holding ShloGemm.cpp, ShloGemm.h, ShloGemmBlock.h,
ShloGemmKernel.inc, ShloGemm{Generic,Avx2,Avx512}.cpp and ShloConvKernel.inc: a copy edited to try
a variant. Each is compiled with g++ and the flags jit/CMakeLists.txt gives each file into a
shared library of its own, so several variants and OpenBLAS run side by side, interleaved (the
first system rotating per run, a pause between calls so that idle OpenMP / OpenBLAS workers stop
spinning), on the same row-major f32 operands (M x K times K x N). Every result is first checked
against a float64 product.

Printed per shape and thread count: median wall time, GF/s, and the ratios ours / OpenBLAS of the
median wall times, of the minima, and of the median CPU times (the calling thread's with one
thread, the process's with more: that includes workers spinning). On a shared machine the wall
times of two threads are mostly scheduling; --serial runs the kernel's thread items one after
another on the calling thread (no OpenMP runtime loaded, OpenBLAS on one thread), so that the CPU
ratio measures what a decomposition into blocks costs.
"""
from __future__ import annotations

import argparse
import ctypes
import glob
import os
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FLAGS = ["-O3", "-ffp-contract=fast", "-fPIC", "-std=c++17", "-fno-rtti", "-fno-exceptions"]
ISA_FLAGS = {"ShloGemm.cpp": [], "ShloGemmGeneric.cpp": [], "ShloGemmAvx2.cpp": ["-mavx2", "-mfma"],
             "ShloGemmAvx512.cpp": ["-mavx512f", "-mfma"]}
WRAPPER = r"""
#include "ShloGemm.h"
extern "C" void bench_sgemm(long m, long n, long k, const float *a, const float *b, float *c, int threads) {
  shlo::gemm(m, n, k, a, k, 1, b, n, 1, c, n, false, threads);
}
extern "C" const char *bench_isa() { return shlo::gemmIsa(); }
"""


def build(src: str, out_dir: str) -> str:
    """The kernel sources in `src` as a shared library under out_dir."""
    os.makedirs(out_dir, exist_ok=True)
    wrapper = os.path.join(out_dir, "wrapper.cpp")
    with open(wrapper, "w") as f:
        f.write(WRAPPER)
    objects, jobs = [], []
    for name, extra in [*ISA_FLAGS.items(), (wrapper, [])]:
        path = name if os.path.isabs(name) else os.path.join(src, name)
        obj = os.path.join(out_dir, os.path.basename(path) + ".o")
        jobs.append(subprocess.Popen(["g++", *FLAGS, *extra, "-I", src, "-c", path, "-o", obj]))
        objects.append(obj)
        if len(jobs) == 2:     # two at a time: the machine is shared
            for j in jobs:
                if j.wait():
                    sys.exit(f"compiling {src} failed")
            jobs = []
    for j in jobs:
        if j.wait():
            sys.exit(f"compiling {src} failed")
    lib = os.path.join(out_dir, "libbench.so")
    subprocess.run(["g++", "-shared", "-o", lib, *objects, "-ldl"], check=True)
    return lib


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--src", action="append", help="kernel source directory (repeatable; default jit/)")
    ap.add_argument("--shapes", default="1024x1024x1024,64x1024x1024", help="MxKxN,...")
    ap.add_argument("--threads", default="1,2")
    ap.add_argument("--runs", type=int, default=21)
    ap.add_argument("--serial", action="store_true", help="thread items run one after another (CPU of the split)")
    ap.add_argument("--pause", type=float, default=0.03, help="seconds between calls")
    args = ap.parse_args()
    sources = args.src or [os.path.join(ROOT, "jit")]

    if not args.serial:
        sys.path.insert(0, os.path.join(ROOT, "python"))
        from shlo.lowering import omp     # the OpenMP runtime compiled code uses, with its settings
        if omp.library() is None:
            sys.exit("no OpenMP runtime found: use --serial")
    import numpy as np
    blas = ctypes.CDLL(glob.glob(os.path.join(os.path.dirname(np.__file__), "..", "numpy.libs",
                                              "libscipy_openblas64_*.so"))[0])
    set_threads = blas.scipy_openblas_set_num_threads64_
    set_threads.argtypes = [ctypes.c_int]

    tmp = tempfile.mkdtemp(prefix="gemm_bench_")
    kernels = {}
    for i, src in enumerate(sources):
        lib = ctypes.CDLL(build(os.path.abspath(src), os.path.join(tmp, str(i))))
        lib.bench_sgemm.argtypes = [ctypes.c_long] * 3 + [ctypes.c_void_p] * 3 + [ctypes.c_int]
        lib.bench_isa.restype = ctypes.c_char_p
        name = os.path.basename(os.path.normpath(src)) if len(sources) > 1 else "shlo"
        kernels[f"{name}" if name not in kernels else f"{name}{i}"] = lib
        print(f"{name}: {src} ({lib.bench_isa().decode()})", flush=True)

    rng = np.random.default_rng(0)
    for shape in args.shapes.split(","):
        m, k, n = (int(x) for x in shape.split("x"))
        a = rng.standard_normal((m, k), dtype=np.float32)
        b = rng.standard_normal((k, n), dtype=np.float32)
        want = a.astype(np.float64) @ b
        c = np.empty((m, n), np.float32)
        for threads in (int(t) for t in args.threads.split(",")):
            set_threads(1 if args.serial else threads)
            calls = {"OpenBLAS": lambda: np.matmul(a, b, out=c)}
            for name, lib in kernels.items():
                calls[name] = (lambda lib=lib, t=threads:
                               lib.bench_sgemm(m, n, k, a.ctypes.data, b.ctypes.data, c.ctypes.data, t))
            for name, call in calls.items():
                c[:] = np.nan
                call()
                err = float(np.abs(c - want).max())
                if not err <= 1e-3 * max(1.0, float(np.abs(want).max())):
                    sys.exit(f"{name} {shape}: wrong result (max error {err})")
                call()
            one_thread = threads == 1 or args.serial
            cpu_clock = time.thread_time if one_thread else time.process_time
            wall = {x: [] for x in calls}
            cpu = {x: [] for x in calls}
            names = list(calls)
            for r in range(args.runs):
                for i in range(len(names)):
                    name = names[(i + r) % len(names)]
                    time.sleep(args.pause)
                    c0, t0 = cpu_clock(), time.perf_counter()
                    calls[name]()
                    t1, c1 = time.perf_counter(), cpu_clock()
                    wall[name].append(t1 - t0)
                    cpu[name].append(c1 - c0)
            ref_wall, ref_min, ref_cpu = (statistics.median(wall["OpenBLAS"]), min(wall["OpenBLAS"]),
                                          statistics.median(cpu["OpenBLAS"]))
            label = f"{shape} {'serial ' if args.serial else ''}{threads}T"
            for name in names:
                med = statistics.median(wall[name])
                print(f"{label} {name:>10}: {med * 1e3:8.2f} ms {2 * m * n * k / med / 1e9:6.1f} GF/s  "
                      f"/OpenBLAS: median {med / ref_wall:5.3f} min {min(wall[name]) / ref_min:5.3f} "
                      f"cpu {statistics.median(cpu[name]) / ref_cpu:5.3f}", flush=True)


if __name__ == "__main__":
    main()
