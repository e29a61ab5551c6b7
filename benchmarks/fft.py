#!/usr/bin/env python3
"""Compiled fft against XLA CPU's (jnp.fft), compile time and run time, in one process.

    .venv/bin/python benchmarks/fft.py [--runs N] [--compiles N] [--cases fft4096,fft256x256,...]

Cases (f32 / complex64, standard-normal, seeded):

  fft4096      FFT of 4096 points          rfft4096      RFFT of 4096 points
  fft256x256   2-D FFT of 256 x 256        rfft256x256   2-D RFFT of 256 x 256

Compile time: the median of --compiles compiles of the program from its text (shlo.compile,
memory cache off; XLA: jax.jit(...).lower(x).compile()). Run time: shlo (one thread) and
XLA interleaved (round-robin, a short pause between calls), medians with min and max, and
the ratio ours / XLA (below 1, shlo is faster). shlo's results are checked against XLA's
(within 1e-5 of the largest output: XLA's ducc0 takes other passes from 512 points on). The
machine is shared: compare ratios from one run, not times across runs.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

os.environ.setdefault("SHLO_COMPILE_CACHE_ENTRIES", "0")     # before shlo reads it: every compile compiles
import shlo  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing import time_interleaved  # noqa: E402

CASES = {"fft4096": ("fft", (4096,)), "fft256x256": ("fft2", (256, 256)),
         "rfft4096": ("rfft", (4096,)), "rfft256x256": ("rfft2", (256, 256))}


def case_inputs(case: str):
    """(jax function, input array) of a case."""
    import jax.numpy as jnp
    kind, shape = CASES[case]
    rng = np.random.default_rng(0)
    if kind.startswith("rfft"):
        x = rng.standard_normal(shape).astype(np.float32)
    else:
        x = (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)
    return getattr(jnp.fft, kind), x


def compile_seconds(text: str, compiles: int) -> float:
    times = []
    for _ in range(compiles):
        prog = shlo.parse(text)
        t0 = time.perf_counter()
        shlo.compile(prog, threads=1)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def xla_compile_seconds(fn, x, compiles: int) -> float:
    import jax
    times = []
    for _ in range(compiles):
        t0 = time.perf_counter()
        jax.jit(lambda v: fn(v)).lower(x).compile()     # (a new function: no cached executable)
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def systems(case: str):
    """{name: call} for shlo (one thread) and XLA; the program's text; the XLA executable."""
    import jax
    fn, x = case_inputs(case)
    text = shlo.from_jax(fn, x).text()
    exe = jax.jit(fn).lower(x).compile()
    on_device = jax.device_put(x)
    ours = shlo.compile(shlo.parse(text), threads=1)
    want = np.asarray(exe(on_device))
    got = ours(x)[0]
    err = float(np.max(np.abs(got - want)))
    if err > 1e-5 * float(np.max(np.abs(want))):
        print(f"  !!! MISMATCH: shlo differs from XLA by {err:.3g}")
    return {"ours": lambda: ours(x), "XLA": lambda: exe(on_device).block_until_ready()}, text, (fn, x)


def report(label: str, times: dict) -> None:
    med = {k: statistics.median(v) for k, v in times.items()}
    print(label, flush=True)
    for name, ts in times.items():
        print(f"  {name:10s} median {med[name] * 1e3:8.3f} ms  (min {min(ts) * 1e3:.3f}, max {max(ts) * 1e3:.3f})")
    for name in med:
        if name != "XLA":
            print(f"  ratio {name} / XLA {med[name] / med['XLA']:.2f}")


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21)
    parser.add_argument("--compiles", type=int, default=3)
    parser.add_argument("--cases", default=",".join(CASES))
    args = parser.parse_args(argv)
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    for case in args.cases.split(","):
        calls, text, (fn, x) = systems(case)
        ours_c = compile_seconds(text, args.compiles)
        xla_c = xla_compile_seconds(fn, x, args.compiles)
        print(f"{case}: compile ours {ours_c:.3f} s, XLA {xla_c:.3f} s (medians of {args.compiles})", flush=True)
        report(f"{case}: run time", time_interleaved(calls, args.runs))
    print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
