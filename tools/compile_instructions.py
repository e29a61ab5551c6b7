#!/usr/bin/env python3
"""Instructions of one warm `shlo.compile` of a benchmark program, counted by callgrind.

    .venv/bin/python tools/compile_instructions.py matmul resnet     # programs of benchmarks/cpu.py

Timings on a shared, loaded machine move by tens of percent; instruction counts do
not. For each program the tool writes its linalg module (the lowering's output, made
here, outside valgrind), then runs itself under `valgrind --tool=callgrind` on it: one
compile first (imports, pass managers built), then the measured one (passes, schedules,
JIT, and the Python between them; not `lower_program`), with MLIR single-threaded and
one code generation thread, so the count does not depend on the load. Prints millions of
instructions a program; the callgrind profiles stay in --out for `callgrind_annotate
--inclusive=yes`. Needs valgrind.
"""
from __future__ import annotations

import argparse
import functools
import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))


def _measure(linalg_path: str) -> None:
    """Under callgrind: a compile outside the count, then one inside functools.reduce
    (callgrind collects only inside it: --toggle-collect=functools_reduce)."""
    os.environ["SHLO_COMPILE_THREADS"] = "1"
    from mlir import ir
    from shlo.context import make_context
    from shlo.lowering import compiler, omp, products
    ctx = make_context()
    ctx.enable_multithreading(False)
    text = Path(linalg_path).read_text()
    threads = omp.default_threads()

    def once(*_):
        with ctx, ir.Location.unknown():
            m = ir.Module.parse(text)
            compiler.llvm_from_linalg(m, threads=threads, matmul=products.mode())
            return compiler._jit(m, 2, threads)
    once()
    functools.reduce(once, [0, 1])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("programs", nargs="*", default=["matmul", "resnet"])
    ap.add_argument("--out", default=None, help="folder for the modules and profiles (default: a temporary one)")
    ap.add_argument("--measure", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:
        _measure(args.measure)
        return 0
    import tempfile
    import numpy as np
    sys.path.insert(0, str(ROOT / "benchmarks"))
    import cpu
    import shlo
    from shlo.lowering.driver import lower_program
    out = Path(args.out or tempfile.mkdtemp(prefix="shlo-cg-"))
    out.mkdir(parents=True, exist_ok=True)
    for name in args.programs:
        fn, fargs, *_ = cpu.PROGRAMS[name](np.random.default_rng(0))
        module = lower_program(shlo.from_jax(fn, *fargs), entry="main", mode="compile").module
        linalg = out / f"{name}.linalg.mlir"
        linalg.write_text(module.operation.get_asm(large_elements_limit=None))
        profile = out / f"{name}.callgrind"
        run = subprocess.run(["valgrind", "--tool=callgrind", "--collect-atstart=no",
                              "--toggle-collect=functools_reduce", f"--callgrind-out-file={profile}",
                              sys.executable, __file__, "--measure", str(linalg)],
                             env=dict(os.environ, PYTHONHASHSEED="0"), capture_output=True, text=True)
        found = re.search(r"Collected : (\d+)", run.stderr)
        if run.returncode != 0 or not found:
            print(f"{name}: valgrind failed (exit {run.returncode}): {run.stderr[-500:]}", file=sys.stderr)
            return 1
        print(f"{name:10s} {int(found.group(1)) / 1e6:8.1f} M instructions  ({profile})", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
