#!/usr/bin/env python3
"""The XLA sweep's cases (tools/xla_diff_sweep.py) run through `shlo.compile` and compared with
the interpreter: finds where compiled code departs from the spec's meaning on special inputs
(NaN, +-inf, -0, denormals, extremes, shift amounts past the width).

    .venv/bin/python tools/compiled_diff_sweep.py                   # every case; summary
    .venv/bin/python tools/compiled_diff_sweep.py add divide -v     # only these ops
    .venv/bin/python tools/compiled_diff_sweep.py --types bf16,f16  # only these element types
    .venv/bin/python tools/compiled_diff_sweep.py --elementwise     # only the element-wise / CHLO ops
    .venv/bin/python tools/compiled_diff_sweep.py --structured      # only the others

The oracle is the interpreter, compared with each op's tolerance from the XLA sweep (exact,
ulps, per-element or relative). An element where compiled and interpreter differ is checked
against XLA too (when XLA runs the case): where the interpreter departs from XLA on purpose
(XLA flushes denormals, computes narrow floats with its own approximations) and compiled
code agrees with XLA, the element is counted apart as "matches XLA, not the interpreter";
those are still failures of the compiled code against the spec. Prints one line per failing
case and the totals.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np              # noqa: E402

import shlo                     # noqa: E402
import xla_diff_sweep as sweep  # noqa: E402


@dataclasses.dataclass
class Outcome:
    n: int = 0
    bad: int = 0            # elements where compiled differs from the interpreter
    like_xla: int = 0       # ... of them where compiled equals XLA's value
    skipped: str = ""       # the interpreter refuses the case: nothing to compare with
    error: str = ""         # compile or run failure
    examples: list = dataclasses.field(default_factory=list)


def run_compiled(text: str, inputs: list) -> np.ndarray:
    exe = shlo.compile(shlo.from_stablehlo(text))
    out = exe(*inputs)
    if isinstance(out, (list, tuple)):
        out = out[0]
    return np.asarray(out)


def _differing(op, got: np.ndarray, want: np.ndarray) -> np.ndarray:
    return sweep.op_differing(op, got, want)[0]


def run_case(op, e: str, verbose: bool) -> Outcome:
    r = Outcome()
    text, inputs = op.build(op, e) if op.build is not None else sweep._elementwise_case(op, e)
    try:
        want = sweep.run_shlo(text, inputs)
    except Exception as ex:                      # noqa: BLE001  (a case the interpreter refuses)
        r.skipped = f"{type(ex).__name__}: {str(ex).splitlines()[0][:160]}"
        return r
    r.n = want.size
    try:
        got = run_compiled(text, inputs)
    except Exception as ex:                      # noqa: BLE001
        r.error = f"{type(ex).__name__}: {(str(ex).splitlines() or [''])[0][:200]}"
        r.bad = r.n
        return r
    if got.dtype != want.dtype or got.shape != want.shape:
        r.error = f"result {got.dtype}{got.shape}, interpreter {want.dtype}{want.shape}"
        r.bad = r.n
        return r
    got, want = got.reshape(-1), want.reshape(-1)
    bad = _differing(op, got, want)
    r.bad = int(bad.sum())
    xla = None
    if bad.any():
        try:
            xla = sweep.run_xla(text, inputs).reshape(-1)
        except Exception:                        # noqa: BLE001  (XLA does not run every case)
            xla = None
        if xla is not None and xla.dtype != got.dtype and xla.dtype.itemsize == got.dtype.itemsize:
            xla = xla.view(got.dtype)
        if xla is not None and xla.shape == got.shape and xla.dtype == got.dtype:
            r.like_xla = int((bad & ~_differing(op, got, xla)).sum())
    for i in np.flatnonzero(bad)[:8 if verbose else 3]:
        x = xla[i] if xla is not None and xla.shape == got.shape else "-"
        r.examples.append((tuple(sweep._input_of(a, i, want.size) for a in inputs), want[i], got[i], x))
    return r


def elementwise(op) -> bool:
    return op.build is None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("ops", nargs="*", help="op names (all if none)")
    ap.add_argument("--types", default=",".join(sweep.TYPES), help="comma-separated element types")
    ap.add_argument("--elementwise", action="store_true", help="only the element-wise and CHLO ops")
    ap.add_argument("--structured", action="store_true", help="only the other ops (xla_sweep_structured.py)")
    ap.add_argument("-v", "--verbose", action="store_true", help="more examples, and skipped cases")
    args = ap.parse_args(argv)
    types = [t for t in args.types.split(",") if t]
    pairs = ((op, e) for op, e in sweep.cases(args.ops, types)
             if not (args.elementwise and not elementwise(op) or args.structured and elementwise(op)))
    t = sweep.sweep(pairs, lambda op, e: run_case(op, e, args.verbose), args.verbose,
                    lambda r: f"{r.like_xla} as XLA",
                    lambda ex: f"{ex[0]!r}: interpreter {ex[1]!r}, compiled {ex[2]!r}, XLA {ex[3]!r}")
    like_xla = sum(r.like_xla for r in t.results)
    print(f"{t.ran} cases run ({t.skipped} skipped: the interpreter refuses them); {t.matched} compiled match the "
          f"interpreter; {t.n - t.bad}/{t.n} elements match ({like_xla} of the differing ones match XLA instead)")
    return 0 if t.matched == t.ran else 1


if __name__ == "__main__":
    sys.exit(main())
