#!/usr/bin/env python3
"""Compiled sort against XLA CPU's (jax.lax.sort), side by side in one process.

    .venv/bin/python benchmarks/sort.py [--runs N] [--cases rows,long] [--stable both|yes|no]

Cases (f32 standard-normal keys, seeded; sorted along the last axis):

  rows   256 x 4096
  long   1 x 2^20

Each case runs as lax.sort(x, is_stable=False) (XLA CPU: std::sort; shlo replays it) and as
lax.sort(x, is_stable=True). Systems: shlo.compile with one thread, shlo.compile with the
default threads (SHLO_NUM_THREADS, else the CPUs this process may use: rows are sorted in
parallel), and jax.jit (XLA CPU sorts on one thread). Every output is checked bit-exact against
XLA's first, and a sort of (keys with many ties, their positions) checks that equal keys land
where XLA puts them. Then the systems run interleaved (round-robin, the first rotating, a short
pause between calls); medians are printed with min and max, and ratios ours / XLA (below 1,
shlo is faster). The machine is shared: compare ratios from one run, not times across runs.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

import numpy as np

os.environ.setdefault("SHLO_COMPILE_CACHE_ENTRIES", "0")     # before shlo reads it
import shlo  # noqa: E402

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from timing import time_interleaved  # noqa: E402

CASES = {"rows": (256, 4096), "long": (1, 1 << 20)}


def _systems(shape, stable: bool):
    import jax
    rng = np.random.default_rng(0)
    x = rng.standard_normal(shape).astype(np.float32)

    def fn(v):
        return jax.lax.sort(v, is_stable=stable)

    def with_positions(k, i):
        return jax.lax.sort((k, i), is_stable=stable, num_keys=1)

    prog = shlo.from_jax(fn, x)
    exe = jax.jit(fn).lower(x).compile()
    on_device = jax.device_put(x)
    ours1 = shlo.compile(prog, threads=1)
    ours = shlo.compile(prog)
    want = np.asarray(exe(on_device))
    for name, c in (("ours 1T", ours1), ("ours", ours)):
        if not np.array_equal(c(x)[0], want):
            print(f"  !!! MISMATCH: {name} differs from XLA")
    # ties: keys from 64 values, the permutation taken along
    ties = rng.integers(-32, 32, shape).astype(np.float32) / 4
    pos = np.broadcast_to(np.arange(shape[-1], dtype=np.int32), shape).copy()
    tie_prog = shlo.from_jax(with_positions, ties, pos)
    xla_perm = np.asarray(jax.jit(with_positions)(ties, pos)[1])
    if not np.array_equal(shlo.compile(tie_prog)(ties, pos)[1], xla_perm):
        print("  !!! MISMATCH: equal keys are not where XLA puts them")
    return {"ours 1T": lambda: ours1(x), "ours": lambda: ours(x),
            "XLA": lambda: exe(on_device).block_until_ready()}


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cases", default=",".join(CASES))
    parser.add_argument("--stable", choices=("both", "yes", "no"), default="both")
    args = parser.parse_args(argv)
    stabilities = {"both": (False, True), "yes": (True,), "no": (False,)}[args.stable]
    for case in args.cases.split(","):
        shape = CASES[case]
        for stable in stabilities:
            label = f"{case} {shape[0]}x{shape[1]} f32, is_stable={stable}"
            print(label, flush=True)
            times = time_interleaved(_systems(shape, stable), args.runs)
            med = {k: statistics.median(v) for k, v in times.items()}
            for name, ts in times.items():
                print(f"  {name:8s} median {med[name] * 1e3:8.1f} ms  (min {min(ts) * 1e3:.1f}, max {max(ts) * 1e3:.1f})")
            print(f"  ratio ours 1T / XLA {med['ours 1T'] / med['XLA']:.2f}, ours / XLA {med['ours'] / med['XLA']:.2f}",
                  flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
