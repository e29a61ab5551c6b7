#!/usr/bin/env python3
"""The StableHLO testdata stand-in (tools/stablehlo_testdata_proxy.py), compiled: each program is
imported, run by `shlo.compile` (its `check.*` calls checked after the native code ran) and by
`shlo.interpret`, and the two are compared. This is the compiled half of the held-out check of
the CPU lowering: programs written from JAX's harnesses, expected values from XLA.

    .venv/bin/python tools/stablehlo_testdata_compiled.py --per-group 4        # a spread of each group
    .venv/bin/python tools/stablehlo_testdata_compiled.py cumsum sort -v       # only these groups
    .venv/bin/python tools/stablehlo_testdata_compiled.py --run DIR            # DIR/*.mlir instead

A program counts as matching when its compiled checks pass. A program the interpreter fails
too is counted apart ("interpreter fails too"): its expected values are XLA's, and the
interpreter's difference is the parity issue's, not the compiler's.
"""
from __future__ import annotations

import argparse
import collections
import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stablehlo_testdata_proxy as proxy  # noqa: E402


def run_compiled(text: str) -> None:
    import shlo
    shlo.compile(shlo.from_stablehlo(text))()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("groups", nargs="*", help="harness groups (all if none)")
    ap.add_argument("--per-group", type=int, default=0, help="at most N harnesses a group, spread out")
    ap.add_argument("--after", metavar="GROUP", help="only the groups after GROUP (alphabetically)")
    ap.add_argument("--until", metavar="GROUP", help="only the groups up to GROUP (alphabetically)")
    ap.add_argument("--skip", default="", help="comma-separated groups to leave out")
    ap.add_argument("--run", metavar="DIR", help="run the .mlir programs of DIR (no generation)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every program's verdict")
    args = ap.parse_args(argv)

    t0 = time.time()
    counts = collections.Counter()
    failures = collections.defaultdict(list)
    skipped = collections.Counter()
    for name, style, text in proxy._programs(args, skipped):
        counts["run"] += 1
        try:
            run_compiled(text)
            counts["match"] += 1
            if args.verbose:
                print(f"ok {name}", flush=True)
            continue
        except Exception as e:  # noqa: BLE001 - every failure is reported, never raised
            first = str(e).strip().splitlines()[0] if str(e).strip() else type(e).__name__
            kind = proxy.classify(e)
        try:
            proxy.run_program(text)
            interpreted = "interpreter matches"
        except Exception:  # noqa: BLE001
            interpreted = "interpreter fails too"
            counts["both"] += 1
        failures[f"{kind}, {interpreted}"].append(name)
        print(f"FAIL [{kind}; {interpreted}] {name} ({style}): {first[:300]}", flush=True)
    print(f"\n{counts['run']} programs compiled and run ({sum(skipped.values())} harnesses skipped: no "
          f"program); {counts['match']} match; {counts['both']} of the others fail interpreted too; "
          f"{time.time() - t0:.0f} s")
    for kind, items in sorted(failures.items()):
        print(f"  {kind}: {len(items)}")
    return 0 if counts["run"] == counts["match"] else 1


if __name__ == "__main__":
    sys.exit(main())
