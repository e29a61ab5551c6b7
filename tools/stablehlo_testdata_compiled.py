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

Each failure is followed by what tells a lowering bug from a rounding difference: per check,
whether the compiled values equal the interpreted ones bit for bit, how many elements of each
fall outside the check's rule, and (generated f32 / complex64 programs) how far the compiled,
interpreted and XLA values lie from the same harness run by XLA in f64, in f32 ulps.
"""
from __future__ import annotations

import argparse
import collections
import contextlib
import os
import re
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import stablehlo_testdata_proxy as proxy  # noqa: E402


def run_compiled(text: str) -> None:
    import shlo
    shlo.compile(shlo.from_stablehlo(text))()


@contextlib.contextmanager
def _recorded_checks(log: list):
    """The check.* targets record (target, operands, failure or None) and never raise, so every
    check of a run is seen, compiled and interpreted alike."""
    import numpy as np
    from shlo.interpreter.ops import control
    saved = dict(control.CUSTOM_CALL_TARGETS)

    def recording(target, fn):
        def run(ctx, *values):
            try:
                out, failure = fn(ctx, *values), None
            except control.CheckFailure as e:
                failure = str(e).splitlines()[0]
                out = [control.TOKEN if t.kind == "token" else np.ones(t.shape, np.bool_) for t in ctx.result_types]
            log.append((target, [np.asarray(v) for v in values], failure))
            return out
        return run

    for target, fn in saved.items():
        if target.startswith("check."):
            control.CUSTOM_CALL_TARGETS[target] = recording(target, fn)
    try:
        yield log
    finally:
        control.CUSTOM_CALL_TARGETS.clear()
        control.CUSTOM_CALL_TARGETS.update(saved)


def _outside(failure) -> str:
    if failure is None:
        return "0"
    m = re.search(r"(\d+) of \d+ elements differ", failure)
    return m.group(1) if m else "all"


def _f64_reference(harness, index: int):
    """The harness's results from XLA in f64 / complex128 (its f32 / complex64 inputs widened),
    the inputs drawn as the proxy draws them; None where it has no such inputs or fails."""
    import jax
    import numpy as np
    try:
        args = proxy.harness_args(harness, index)
        wide = {np.dtype(np.float32): np.float64, np.dtype(np.complex64): np.complex128}
        if not any(a.dtype in wide for a in args):
            return None
        up = [a.astype(wide[a.dtype]) if a.dtype in wide else a for a in args]
        return [np.asarray(o) for o in jax.tree_util.tree_leaves(jax.jit(harness.dyn_fun)(*up))]
    except Exception:  # noqa: BLE001 - a reference is extra information, never a failure
        return None


def _ulps(v, ref) -> str:
    """max / mean distance of v (f32 or complex64) from ref in f32 ulps of ref (complex: of its
    larger part)."""
    import numpy as np
    mag = np.maximum(np.abs(ref.real), np.abs(ref.imag)) if ref.dtype.kind == "c" else np.abs(ref)
    spacing = np.spacing(mag.astype(np.float32)).astype(np.float64)
    with np.errstate(all="ignore"):
        d = np.abs(v.astype(np.complex128) - ref.astype(np.complex128)) / spacing
    d = d[np.isfinite(d)]
    return f"{d.max():.2f} / {d.mean():.3f}" if d.size else "-"


def explain(text: str, reference=None) -> list:
    """Lines comparing the compiled and interpreted checks of one program (see the docstring)."""
    import numpy as np
    import shlo
    compiled, interpreted = [], []
    with _recorded_checks(compiled):
        shlo.compile(shlo.from_stablehlo(text))()
    with _recorded_checks(interpreted):
        shlo.interpret(shlo.from_stablehlo(text))
    lines = []
    for k, ((target, (c, e), cf), (_, (i, _), itf)) in enumerate(zip(compiled, interpreted)):
        differ = int(np.count_nonzero(~((c == i) | ((c != c) & (i != i))))) if c.shape == i.shape else -1
        line = (f"    {target} #{k}: compiled == interpreted bit for bit: {'yes' if differ == 0 else 'no'}"
                f" ({differ} of {c.size} differ); outside the check: compiled {_outside(cf)}, "
                f"interpreted {_outside(itf)}")
        if reference is not None and k < len(reference) and c.dtype in (np.float32, np.complex64) \
                and reference[k].shape == c.shape:
            r = reference[k]
            line += (f"; f32 ulps from XLA's f64 run (max / mean): compiled {_ulps(c, r)}, "
                     f"interpreted {_ulps(i, r)}, XLA {_ulps(np.asarray(e).astype(c.dtype), r)}")
        lines.append(line)
    return lines


def selection_arguments(ap: argparse.ArgumentParser) -> None:
    """Which stand-in programs a run takes (this tool's and tools/stablehlo_testdata_gpu.py's)."""
    ap.add_argument("groups", nargs="*", help="harness groups (all if none)")
    ap.add_argument("--per-group", type=int, default=0, help="at most N harnesses a group, spread out")
    ap.add_argument("--after", metavar="GROUP", help="only the groups after GROUP (alphabetically)")
    ap.add_argument("--until", metavar="GROUP", help="only the groups up to GROUP (alphabetically)")
    ap.add_argument("--skip", default="", help="comma-separated groups to leave out")
    ap.add_argument("--run", metavar="DIR", help="run the .mlir programs of DIR (no generation)")
    ap.add_argument("-v", "--verbose", action="store_true", help="print every program's verdict")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    selection_arguments(ap)
    args = ap.parse_args(argv)

    t0 = time.time()
    counts = collections.Counter()
    failures = collections.defaultdict(list)
    skipped = collections.Counter()
    harness_at = None
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
        if kind == "wrong values":
            reference = None
            if not args.run:
                if harness_at is None:
                    harness_at = {h.fullname: (i, h) for i, h in enumerate(
                        proxy.select(proxy.load_harnesses(), args.groups, args.per_group))}
                if name in harness_at:
                    reference = _f64_reference(harness_at[name][1], harness_at[name][0])
            try:
                for line in explain(text, reference):
                    print(line, flush=True)
            except Exception as e:  # noqa: BLE001
                print(f"    (no comparison: {type(e).__name__}: {str(e)[:200]})", flush=True)
    print(f"\n{counts['run']} programs compiled and run ({sum(skipped.values())} harnesses skipped: no "
          f"program); {counts['match']} match; {counts['both']} of the others fail interpreted too; "
          f"{time.time() - t0:.0f} s")
    for kind, items in sorted(failures.items()):
        print(f"  {kind}: {len(items)}")
    return 0 if counts["run"] == counts["match"] else 1


if __name__ == "__main__":
    sys.exit(main())
