#!/usr/bin/env python
"""A held-out-style set of JAX programs (tools/jax_heldout_models.py, written apart from
tests/test_jax_import.py's), each imported by `shlo.from_jax`, interpreted and compiled, and
matched against `jax.jit(fn)` on every input set.

    .venv/bin/python tools/jax_heldout.py               # every program: one line each, then the totals
    .venv/bin/python tools/jax_heldout.py -k linalg -v  # programs whose name matches; tracebacks of failures
    .venv/bin/python tools/jax_heldout.py --no-compile  # interpret only
    .venv/bin/python tools/jax_heldout.py --strict      # the dtypes' tolerances only (cases' looser ones ignored)
    .venv/bin/python tools/jax_heldout.py --roundtrip   # also shlo.serialize / deserialize and to_stablehlo /
                                                        # from_stablehlo give the program back unchanged
    .venv/bin/python tools/jax_heldout.py --cuda        # the GPU back end, no GPU needed: PTX assembled
                                                        # for sm_80 / sm_90, the thread-mapped form run

Statuses: pass; not-built (the case's own code or jax.jit of it failed: not counted); export-failed
(jax.export itself refused the program: not counted); import-error;
interp-fail / interp-error (the interpreter's numbers differ / it raised); compile-fail /
compile-error (the same for shlo.compile's code); roundtrip-fail / roundtrip-error (--roundtrip: a
reloaded program's text differs / the round trip raised). Integers and booleans must match exactly,
floats within the case's tolerance or the output dtype's, whichever is looser.
"""
from __future__ import annotations

import argparse
import contextlib
import os
import re
import sys
import time
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from heldout_report import case_result, failure, first_difference  # noqa: E402 (after the path)

# the loosest tolerance (rtol, atol) each float output dtype gets, whatever its case asks
DTYPE_TOL = {"bfloat16": (2e-2, 2e-2), "float16": (2e-3, 2e-3), "float32": (1e-5, 1e-6),
             "complex64": (1e-5, 1e-6), "float64": (1e-10, 1e-12), "complex128": (1e-10, 1e-12)}


def plain(tree):
    """`tree` with typed PRNG keys as their uint32 key data and every leaf a numpy array (what
    shlo's interpreter and compiled functions take and give)."""
    import jax

    def leaf(x):
        if isinstance(x, jax.Array) and jax.dtypes.issubdtype(x.dtype, jax.dtypes.prng_key):
            x = jax.random.key_data(x)
        return np.asarray(x)
    return jax.tree_util.tree_map(leaf, tree)


def compare(got, want, rtol, atol) -> str | None:
    """None when `got` has `want`'s tree structure and its leaves match, else what differs."""
    import jax
    g, gt = jax.tree_util.tree_flatten(got)
    w, wt = jax.tree_util.tree_flatten(want)
    if gt != wt:
        return f"result structure {gt}, jax gives {wt}"
    for i, (a, b) in enumerate(zip(g, w)):
        a, b = np.asarray(a), np.asarray(b)
        if a.shape != b.shape:
            return f"output {i}: shape {a.shape}, jax {b.shape}"
        if a.dtype != b.dtype:
            return f"output {i}: dtype {a.dtype}, jax {b.dtype}"
        if b.dtype.kind in "fcV" or b.dtype.name in DTYPE_TOL:
            lo_r, lo_a = DTYPE_TOL.get(b.dtype.name, (2e-2, 2e-2))
            r, t = max(rtol or 0, lo_r), max(atol or 0, lo_a)
            wide = np.complex128 if b.dtype.kind == "c" else np.float64
            aa, bb = a.astype(wide), b.astype(wide)
            bad = ~np.isclose(aa, bb, rtol=r, atol=t, equal_nan=True)
            if bad.any():
                return (f"output {i} ({b.dtype}{list(b.shape)}): {int(bad.sum())}/{bad.size} elements differ, "
                        f"max abs error {np.nanmax(np.abs(aa - bb)):.3g}")
        elif not np.array_equal(a, b):
            return f"output {i} ({b.dtype}{list(b.shape)}): {int((a != b).sum())}/{a.size} elements differ"
    return None


def _compile(prog, cuda: bool):
    """shlo.compile's CPU code, or with `cuda` the GPU back end without a GPU: PTX for sm_80 and
    sm_90 assembled by ptxas, and the thread-mapped loops run on the CPU as the compiled function."""
    import shlo
    if not cuda:
        return shlo.compile(prog)
    from shlo.lowering.gpu import compiler as gpu
    gpu.compile_cuda_arches(prog, ("sm_80", "sm_90"))
    return gpu.cpu_check(prog)


def run_case(name, build, compile_too=True, strict=False, roundtrip=False, cuda=False) -> dict:
    """{name, status, detail, seconds[, trace]}; never raises."""
    import jax

    t0 = time.perf_counter()
    out = {"name": name, "status": "pass", "detail": ""}

    def fail(status, e):
        return failure(out, status, e, t0)

    try:
        c = build()
        if strict:
            c.rtol = c.atol = None
    except Exception as e:  # noqa: BLE001 - a program this JAX version cannot build is not counted
        return fail("not-built", e)
    with jax.enable_x64(True) if c.x64 else contextlib.nullcontext():
        return _check(c, out, fail, compile_too, t0, roundtrip, cuda)


def _roundtrip_problem(prog) -> str | None:
    """None when the bytecode and the StableHLO text of `prog` both read back as the same program."""
    import shlo
    text = prog.text()
    if shlo.deserialize(shlo.serialize(prog)).text() != text:
        return "shlo.deserialize(shlo.serialize(prog)) differs from prog"
    if shlo.from_stablehlo(shlo.to_stablehlo(prog)).text() != text:
        return "shlo.from_stablehlo(shlo.to_stablehlo(prog)) differs from prog"
    return None


def _check(c, out, fail, compile_too, t0, roundtrip=False, cuda=False) -> dict:
    import jax

    import shlo
    try:
        wants = [plain(jax.jit(c.fn)(*inputs, **c.kwargs)) for inputs in c.inputs]
    except Exception as e:  # noqa: BLE001 - a program JAX itself refuses is not counted
        return fail("not-built", e)
    from shlo.importers.jax import lower
    try:
        lower(c.fn, *(c.spec if c.spec is not None else c.inputs[0]), **c.kwargs)
    except Exception as e:  # noqa: BLE001 - a program jax.export refuses (symbolic shapes, callbacks) is not counted
        return fail("export-failed", e)
    try:
        prog = shlo.from_jax(c.fn, *(c.spec if c.spec is not None else c.inputs[0]),
                             shape_assertions=c.shape_assertions, **c.kwargs)
    except Exception as e:  # noqa: BLE001
        return fail("import-error", e)
    if roundtrip:
        try:
            problem = _roundtrip_problem(prog)
        except Exception as e:  # noqa: BLE001
            return fail("roundtrip-error", e)
        if problem:
            out.update(status="roundtrip-fail", detail=problem, seconds=time.perf_counter() - t0)
            return out
    compiled = None
    if compile_too:
        try:
            compiled = _compile(prog, cuda)
        except Exception as e:  # noqa: BLE001
            compiled = e

    def interpreted(args, kwargs):
        return prog.unflatten_outputs(shlo.interpret(prog, *jax.tree_util.tree_leaves((args, kwargs))))

    def native(args, kwargs):
        if isinstance(compiled, Exception):
            raise compiled
        got = compiled(*args, **kwargs)
        # called with exactly @main's flat arrays, a compiled function returns its flat list of results
        # (shlo.lowering.compiler); rebuild jax's structure from it as the interpreter's path does
        flat_call = len(args) == len(jax.tree_util.tree_leaves((args, kwargs))) and not kwargs
        return prog.unflatten_outputs(got) if flat_call and isinstance(got, list) else got
    runs = [("interp", interpreted)] + ([("compile", native)] if compiled is not None else [])
    sets = ((plain((tuple(inputs), c.kwargs)), want) for inputs, want in zip(c.inputs, wants))
    return case_result(out, first_difference(runs, sets, compare, c.rtol, c.atol), t0)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-k", dest="pattern", help="only programs whose name matches this regular expression")
    p.add_argument("--no-compile", action="store_true", help="interpret only")
    p.add_argument("-v", "--verbose", action="store_true", help="print the traceback of each failure")
    p.add_argument("--strict", action="store_true", help="float outputs within their dtype's tolerance only")
    p.add_argument("--roundtrip", action="store_true", help="also check the serialize and StableHLO round trips")
    p.add_argument("--cuda", action="store_true", help="compile for the GPU instead (PTX for sm_80 / sm_90 "
                   "through ptxas; the thread-mapped form runs on the CPU as the compiled code)")
    args = p.parse_args(argv)
    warnings.simplefilter("ignore")
    import jax
    jax.config.update("jax_platforms", "cpu")
    import jax_heldout_models as models

    names = [n for n in models.CASES if not args.pattern or re.search(args.pattern, n)]
    from heldout_report import Report
    report = Report(("not-built", "export-failed"), "exported", args.verbose)
    for name in names:
        report.add(run_case(name, models.CASES[name], not args.no_compile, args.strict, args.roundtrip,
                            args.cuda), width=15)
    return report.finish(len(names))


if __name__ == "__main__":
    sys.exit(main())
