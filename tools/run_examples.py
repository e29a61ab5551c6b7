#!/usr/bin/env python3
"""Runs the spec's examples on the interpreter and compares with their expected values.

Integers and booleans must match exactly; floats within the example's
`tolerance` (default: 1 ulp-ish, rtol 1e-6 for f32/f64, looser for narrow
types), with NaN matching NaN and the sign of zero checked. Usage:
run_examples.py [op ...]; exit status 1 when an example fails.
"""
from __future__ import annotations

import sys

import numpy as np

import check_ops
import speclib

import shlo
from shlo.interpreter import implemented_ops, interpret
from shlo.interpreter.values import Token
from shlo.types import type_info

DEFAULT_RTOL = {2: 1e-2, 1: 1e-1}  # by itemsize: f16/bf16, f8


def _close(actual: np.ndarray, expected: np.ndarray, tolerance) -> str | None:
    if actual.shape != expected.shape:
        return f"shape {actual.shape} != {expected.shape}"
    if actual.dtype != expected.dtype:
        return f"dtype {actual.dtype} != {expected.dtype}"
    kind = np.dtype(actual.dtype).kind
    if kind in "biu" or (kind not in "fc" and actual.dtype.itemsize * 8 < 8):
        return None if np.array_equal(actual, expected) else f"{actual.tolist()} != {expected.tolist()}"
    a = np.asarray(actual, dtype=np.complex128 if kind == "c" else np.float64)
    e = np.asarray(expected, dtype=np.complex128 if kind == "c" else np.float64)
    rtol = tolerance if tolerance is not None else DEFAULT_RTOL.get(np.dtype(actual.dtype).itemsize, 1e-6)
    parts = [(a.real, e.real), (a.imag, e.imag)] if kind == "c" else [(a, e)]
    for x, y in parts:
        nan_ok = np.isnan(x) == np.isnan(y)
        finite = np.isfinite(x) & np.isfinite(y)
        with np.errstate(invalid="ignore", over="ignore"):
            close = np.abs(x - y) <= rtol * np.abs(y) + (rtol if tolerance is not None else 0.0)
        exact_inf = np.where(np.isinf(y) | np.isinf(x), x == y, True)
        zero_sign = np.where(y == 0, np.signbit(x) == np.signbit(y), True) if tolerance is None else True
        if not (nan_ok.all() and (close | ~finite).all() and exact_inf.all() and np.all(zero_sign)):
            return f"{actual.tolist()} != {expected.tolist()} (rtol {rtol})"
    return None


def compare(actual, expected_raw, t, where: str) -> list[str]:
    if t.kind == "token":
        return [] if isinstance(actual, Token) else [f"{where}: expected a token"]
    if t.kind == "tuple":
        out = []
        for i, (a, m) in enumerate(zip(actual, t.members)):
            out += compare(a, expected_raw["tuple"][i], m, f"{where}[{i}]")
        return out
    expected = check_ops._to_value(expected_raw, t)
    problem = _close(np.asarray(actual), expected, None)
    return [f"{where}: {problem}"] if problem else []


def example_run_problems(op: speclib.Op) -> list[str]:
    problems = []
    for ex in op.examples:
        if "expected" not in ex:
            continue
        label = f"example {ex.get('name', '?')}"
        prog = shlo.parse(ex["program"])
        main = prog.functions()["main"]
        arg_types = [type_info(t) for t in main.type.inputs]
        res_types = [type_info(t) for t in main.type.results]
        inputs = [check_ops._to_value(raw, t) for raw, t in zip(ex.get("inputs", []), arg_types)]
        replicas, partitions = ex.get("replicas", 1), ex.get("partitions", 1)
        try:
            if replicas * partitions > 1:
                per = [inputs] * (replicas * partitions)
                outs_all = interpret(prog, per, num_replicas=replicas, num_partitions=partitions)
                expected_all = ex["expected"]
                for p, outs in enumerate(outs_all):
                    for i, (a, e, t) in enumerate(zip(outs, expected_all[p], res_types)):
                        problems += compare(a, e, t, f"{label} process {p} result {i}")
                continue
            outs = interpret(prog, *inputs)
        except shlo.ShloError as e:
            problems.append(f"{label}: {type(e).__name__}: {e}")
            continue
        tolerance = ex.get("tolerance")
        for i, (a, e, t) in enumerate(zip(outs, ex["expected"], res_types)):
            if tolerance is not None and t.kind == "tensor":
                p = _close(np.asarray(a), check_ops._to_value(e, t), tolerance)
                problems += [f"{label} result {i}: {p}"] if p else []
            else:
                problems += compare(a, e, t, f"{label} result {i}")
    return problems


def main(argv) -> int:
    names = set(argv)
    ops = [o for o in speclib.load_ops() if (not names or o.name in names) and o.name in implemented_ops()]
    failed = 0
    for op in ops:
        problems = example_run_problems(op)
        print(("FAIL " if problems else "ok   ") + op.name)
        for p in problems:
            print(f"  - {p}")
        failed += bool(problems)
    print(f"{len(ops) - failed} ok, {failed} failing")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
