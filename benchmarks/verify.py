#!/usr/bin/env python3
"""Spec verification speed: the C++ translation of the spec (shlo-verify-spec,
dialect/ShloSpecVerify.cpp) vs the Python verifier, on a large program whose
ops nearly all have distinct signatures (so the Python verifier's per-signature
memo has nothing to reuse; it is also cleared before each Python run).

The program: `--funcs` functions, each on its own operand shape, with 14 shlo
ops (elementwise, transpose, reshape, broadcast, dot_general, compare, select,
convert, slice, concatenate, a reduce and the add and return of its body). Prints the in-process
verification times, the shlo-opt command times (the Python path with each
verifier, and the native fast path shlo-opt takes for `FILE --verify-only`),
where the native tool's time goes, and the ratios.

    .venv/bin/python benchmarks/verify.py [--funcs 900] [--runs 5] [--cli-runs 5]
"""
from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from timing import median_time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def function(i: int) -> str:
    a, b = 2 + i % 31, 2 + i // 31      # a distinct (a, b) per function
    t = f"tensor<{a}x{b}xf32>"
    tt = f"tensor<{b}x{a}xf32>"
    return f"""
  func.func @f{i}(%x: {t}, %y: {tt}, %z: tensor<f32>) -> ({t}, tensor<{a}x{a}xf32>, tensor<{2 * a}x{b}xf32>, tensor<{a}xf32>) {{
    %0 = shlo.add %x, %x : {t}
    %1 = shlo.multiply %0, %x : {t}
    %2 = shlo.transpose %1 {{permutation = array<i64: 1, 0>}} : ({t}) -> {tt}
    %3 = shlo.reshape %2 : ({tt}) -> tensor<{a * b}xf32>
    %4 = shlo.dot_general %x, %y {{dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>}} : ({t}, {tt}) -> tensor<{a}x{a}xf32>
    %5 = shlo.broadcast_in_dim %z {{broadcast_dimensions = array<i64>}} : (tensor<f32>) -> {t}
    %6 = shlo.compare %x, %5 {{comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<FLOAT>}} : ({t}, {t}) -> tensor<{a}x{b}xi1>
    %7 = shlo.select %6, %x, %1 : (tensor<{a}x{b}xi1>, {t}, {t}) -> {t}
    %8 = shlo.convert %7 : ({t}) -> tensor<{a}x{b}xf16>
    %9 = shlo.slice %x {{start_indices = array<i64: 0, 0>, limit_indices = array<i64: {a}, {b}>, strides = array<i64: 1, 1>}} : ({t}) -> {t}
    %10 = shlo.concatenate %9, %7 {{dimension = 0 : i64}} : ({t}, {t}) -> tensor<{2 * a}x{b}xf32>
    %11 = shlo.reduce(%x), (%z) {{dimensions = array<i64: 1>}} : ({t}, tensor<f32>) -> tensor<{a}xf32> {{
    ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
      %s = shlo.add %acc, %e : tensor<f32>
      shlo.return %s : tensor<f32>
    }}
    func.return %7, %4, %10, %11 : {t}, tensor<{a}x{a}xf32>, tensor<{2 * a}x{b}xf32>, tensor<{a}xf32>
  }}"""


def program(funcs: int) -> str:
    return "module {" + "".join(function(i) for i in range(funcs)) + "\n}\n"


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def cli(text: str, runs: int) -> None:
    """`shlo-opt FILE --verify-only` as a user runs it: the Python path (SHLO_OPT_NATIVE=0,
    shlo-opt before the native tool) without verification, with the Python verifier and with
    --verify-native, and the native fast path (python/shlo_launch, dialect/ShloOptNative.cpp).
    The variants take turns, so that a change in the machine's load hits them all."""
    import shlo_launch
    exe = os.path.join(os.path.dirname(sys.executable), "shlo-opt")
    tool = shlo_launch.native_tool()
    with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
        f.write(text)
    python_env = dict(os.environ, SHLO_OPT_NATIVE="0")
    variants = {"no verification": (["--no-verify"], python_env), "Python verifier": ([], python_env),
                "--verify-native": (["--verify-native"], python_env)}
    if tool:
        variants["native tool"] = ([], os.environ)
        # The tool parses a large module on two threads only while a core is free (load < cores - 1):
        # both ways, forced.
        variants["native, 1 parse thread"] = ([], dict(os.environ, SHLO_OPT_NATIVE_SPLIT="0"))
        variants["native, parse split"] = ([], dict(os.environ, SHLO_OPT_NATIVE_SPLIT="1"))
    walls = {k: [] for k in variants}
    cpus = {k: [] for k in variants}   # user + system time of the command and its children: what load changes least
    try:
        for _ in range(runs):
            for name, (extra, env) in variants.items():
                t0, c0 = time.perf_counter(), _children_cpu()
                subprocess.run([exe, f.name, "--verify-only", *extra], check=True, env=env)
                walls[name].append(time.perf_counter() - t0)
                cpus[name].append(_children_cpu() - c0)
        if tool:   # where the native tool's time goes
            phases = subprocess.run([tool, f.name, "--timing"], check=True, capture_output=True, text=True)
            print("native tool phases: " + ", ".join(l.split(": ", 1)[1] for l in phases.stderr.splitlines()))
    finally:
        os.unlink(f.name)
    best = {k: min(v) for k, v in walls.items()}
    cpu = {k: min(v) for k, v in cpus.items()}
    print(f"shlo-opt --verify-only (best of {runs}): " + ", ".join(f"{k} {v:.3f} s" for k, v in best.items()))
    print("  CPU time (user + system, best): " + ", ".join(f"{k} {v:.3f} s" for k, v in cpu.items()))
    median = {k: statistics.median(v) for k, v in walls.items()}
    cpu_median = {k: statistics.median(v) for k, v in cpus.items()}
    print(f"  median of {runs}: " + ", ".join(f"{k} {v:.3f} s" for k, v in median.items()))
    print("  CPU time, median: " + ", ".join(f"{k} {v:.3f} s" for k, v in cpu_median.items()))
    print(f"  load average while measured: {os.getloadavg()[0]:.1f}")
    if tool:
        print(f"ratio of medians (Python verifier / native fast path): wall "
              f"{median['Python verifier'] / median['native tool']:.1f}x, CPU "
              f"{cpu_median['Python verifier'] / cpu_median['native tool']:.1f}x")
    if tool:
        print(f"ratio (shlo-opt, native fast path / Python verifier): {best['native tool'] / best['Python verifier']:.4f} "
              f"({best['Python verifier'] / best['native tool']:.1f}x faster; "
              f"{best['--verify-native'] / best['native tool']:.1f}x faster than --verify-native through Python; "
              f"CPU time {cpu['Python verifier'] / cpu['native tool']:.1f}x less)")
    else:
        print("native tool: not built (shlo/_bin/shlo-opt-native); run tools/setup.sh")


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--funcs", type=int, default=900)
    p.add_argument("--runs", type=int, default=5)
    p.add_argument("--cli-runs", type=int, default=5, help="runs of each shlo-opt command (the best counts)")
    p.add_argument("--no-cli", action="store_true", help="skip the shlo-opt command timings")
    args = p.parse_args()

    import shlo
    from shlo import _shlo_ext
    from shlo.verify import engine, native

    text = program(args.funcs)
    prog = shlo.parse(text, verify=False)
    root = prog.module.operation
    items = _shlo_ext.walk_with_signatures(root)
    shlo_ops = [(n, s) for _, n, s in items if n.startswith(b"shlo.")]
    distinct = len(set(shlo_ops))
    print(f"program: {len(shlo_ops)} shlo ops, {distinct} distinct signatures, {len(text) / 1e6:.1f} MB of text")

    assert not engine.verify_operation(root) and not native.verify_operation(root), "the program must verify"

    def python():
        engine.forget_passed_checks()
        engine.verify_operation(root)

    def cpp():
        native.verify_operation(root)

    t_py = median_time(python, args.runs)
    t_cpp = median_time(cpp, max(args.runs, 5))
    print(f"in process: Python verifier {t_py * 1e3:.1f} ms, C++ {t_cpp * 1e3:.2f} ms; "
          f"per op {t_py / len(shlo_ops) * 1e6:.1f} us vs {t_cpp / len(shlo_ops) * 1e6:.2f} us; "
          f"speed-up {t_py / t_cpp:.1f}x")

    if not args.no_cli:
        cli(text, args.cli_runs)
    print(f"ratio (C++ / Python verification time, in process): {t_cpp / t_py:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
