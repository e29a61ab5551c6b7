#!/usr/bin/env python3
"""Runs every conformance program compiled (`shlo.compile`) and prints coverage per op.

    .venv/bin/python tools/compiled_coverage.py            # all of conformance/
    .venv/bin/python tools/compiled_coverage.py add sort   # some ops
    --no-lift      compile the constants in (by default they become arguments)
    --failures     print each failure's message

A program passes when it compiles and its check.* calls hold on the native
results (the oracle's expected values, the interpreter's tolerances). The
last line is the total; the exit status is 1 when any program failed.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "python"))

import shlo  # noqa: E402
from shlo.lowering.selfcheck import run_compiled  # noqa: E402


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ops", nargs="*")
    ap.add_argument("--no-lift", action="store_true")
    ap.add_argument("--failures", action="store_true")
    args = ap.parse_args(argv)
    suite = ROOT / "conformance"
    dirs = sorted(p for p in suite.iterdir() if p.is_dir() and (not args.ops or p.name in args.ops))
    total = passed = 0
    ops_full = 0
    t0 = time.perf_counter()
    for d in dirs:
        files = sorted(d.glob("*.mlir"))
        ok, fails = 0, []
        for f in files:
            try:
                run_compiled(f.read_text(), lift=not args.no_lift, name=str(f))
                ok += 1
            except shlo.ShloError as e:
                fails.append((f.name, str(e).splitlines()[0][:300]))
            except Exception as e:  # noqa: BLE001 - report, keep going
                fails.append((f.name, f"{type(e).__name__}: {str(e)[:300]}"))
        total += len(files)
        passed += ok
        ops_full += ok == len(files)
        print(f"{d.name:28s} {ok:4d}/{len(files):<4d}" + ("" if ok == len(files) else "  FAIL"), flush=True)
        if args.failures:
            for name, msg in fails:
                print(f"    {name}: {msg}")
    print(f"compiled: {passed}/{total} programs, {ops_full}/{len(dirs)} ops fully passing "
          f"({time.perf_counter() - t0:.0f} s)")
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
