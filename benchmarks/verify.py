#!/usr/bin/env python3
"""Spec verification speed: the C++ translation of the spec (shlo-verify-spec,
dialect/ShloSpecVerify.cpp) vs the Python verifier, on a large program whose
ops nearly all have distinct signatures (so the Python verifier's per-signature
memo has nothing to reuse; it is also cleared before each Python run).

The program: `--funcs` functions, each on its own operand shape, with 14 shlo
ops (elementwise, transpose, reshape, broadcast, dot_general, compare, select,
convert, slice, concatenate, a reduce and the add and return of its body). Prints the in-process
verification times, the shlo-opt command times for both verifiers, and the
ratios.

    .venv/bin/python benchmarks/verify.py [--funcs 900] [--runs 5]
"""
from __future__ import annotations

import argparse
import os
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


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--funcs", type=int, default=900)
    p.add_argument("--runs", type=int, default=5)
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
        with tempfile.NamedTemporaryFile("w", suffix=".mlir", delete=False) as f:
            f.write(text)
        opt = [sys.executable, "-m", "shlo.tools.opt", f.name, "--verify-only"]
        try:
            def run(extra):
                t0 = time.perf_counter()
                subprocess.run(opt + extra, check=True)
                return time.perf_counter() - t0

            base = min(run(["--no-verify"]) for _ in range(3))   # start-up and parse
            cli_py = min(run([]) for _ in range(3))
            cli_cpp = min(run(["--verify-native"]) for _ in range(3))
        finally:
            os.unlink(f.name)
        print(f"shlo-opt --verify-only (best of 3): no verification {base:.2f} s, Python verifier {cli_py:.2f} s, "
              f"--verify-native {cli_cpp:.2f} s; verification alone {cli_py - base:.2f} s vs "
              f"{cli_cpp - base:.2f} s")
    print(f"ratio (C++ / Python verification time, in process): {t_cpp / t_py:.4f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
