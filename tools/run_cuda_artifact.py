#!/usr/bin/env python3
"""Runs saved CUDA artifacts on a GPU machine that has numpy but no MLIR.

    python tools/run_cuda_artifact.py [--time N] [--device K] DIR [DIR ...]

Each DIR is a CudaArtifact directory (CudaArtifact.save) holding, beside the artifact,
inputs.npz and expected.npz (arrays arr_0, arr_1, ... in argument / result order) and
optionally tolerance.json ({"rtol": ..., "atol": ...}; default rtol 1e-5, atol 1e-6;
integers and booleans are compared exactly). Prints one line per artifact and a summary;
exits 1 when any artifact fails or cannot run.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import types

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEFAULT_TOLERANCE = {"rtol": 1e-5, "atol": 1e-6}


def import_artifact_module():
    """shlo.lowering.gpu.artifact without running the package __init__ files, which import MLIR."""
    source = os.path.join(ROOT, "python", "shlo")
    for name, sub in (("shlo", ""), ("shlo.lowering", "lowering"), ("shlo.lowering.gpu", "lowering/gpu")):
        if name not in sys.modules:
            package = types.ModuleType(name)
            package.__path__ = [os.path.join(source, sub)]
            sys.modules[name] = package
    import importlib
    return importlib.import_module("shlo.lowering.gpu.artifact")


def _arrays(path: str, specs: list, numpy_dtype) -> list:
    import numpy as np
    with np.load(path, allow_pickle=False) as npz:
        arrays = [npz[f"arr_{i}"] for i in range(len(npz.files))]
    if len(arrays) != len(specs):
        raise ValueError(f"{os.path.basename(path)} holds {len(arrays)} arrays, the plan has {len(specs)}")
    # npz keeps ml_dtypes arrays (bfloat16, ...) as raw bytes: give them back their dtype.
    return [a.view(numpy_dtype(s["dtype"])) if a.dtype.kind == "V" else a for a, s in zip(arrays, specs)]


def _wide(a):
    """float64, or complex128 for complex elements (a cast to float64 would drop the imaginary part)."""
    import numpy as np
    return a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)


def _max_error(got, want) -> float:
    import numpy as np
    g, w = _wide(got), _wide(want)
    both_nan = np.isnan(g) & np.isnan(w)
    diff = np.where(both_nan, 0.0, np.abs(g - w))
    return float(np.nanmax(np.where(np.isnan(diff), np.inf, diff))) if diff.size else 0.0


def compare(outputs: list, expected: list, rtol: float, atol: float) -> str | None:
    """None when every output matches, else what differs first."""
    import numpy as np
    for i, (got, want) in enumerate(zip(outputs, expected)):
        if got.shape != want.shape or got.dtype != want.dtype:
            return f"output {i}: got {got.dtype}{list(got.shape)}, expected {want.dtype}{list(want.shape)}"
        if got.dtype.kind in "biu":
            if not np.array_equal(got, want):
                return f"output {i}: {int(np.sum(got != want))} of {got.size} elements differ"
        else:
            g, w = _wide(got), _wide(want)
            if not np.allclose(g, w, rtol=rtol, atol=atol, equal_nan=True):
                return f"output {i}: max abs error {_max_error(got, want):.3g} (rtol {rtol}, atol {atol})"
    return None


def run_one(directory: str, artifact_module, time_runs: int, ordinal: int) -> tuple:
    """(status, text) for one artifact directory: status is 'ok', 'FAIL' or 'ERROR'."""
    from shlo.errors import ShloError
    from shlo.lowering.gpu.launch import numpy_dtype
    try:
        art = artifact_module.CudaArtifact.load(directory)
        art.ordinal = ordinal
        inputs = _arrays(os.path.join(directory, "inputs.npz"), art.plan["inputs"], numpy_dtype)
        # a program's results (its check.asserts checked), or with a test's check.expect_* calls
        # every output, their values too (the expected ones are the CPU back end's, the same way)
        flat = bool(art.expectation_checks)
        specs = art.plan["outputs"] if flat else art.plan["outputs"][:art.plan.get("results", len(art.plan["outputs"]))]
        expected = _arrays(os.path.join(directory, "expected.npz"), specs, numpy_dtype)
        tolerance = dict(DEFAULT_TOLERANCE)
        if os.path.exists(os.path.join(directory, "tolerance.json")):
            with open(os.path.join(directory, "tolerance.json")) as f:
                tolerance.update(json.load(f))
        if time_runs:
            outputs, ms = art.time(*inputs, runs=time_runs)
        else:
            outputs, ms = art.run_flat(*inputs), None
        if not flat:
            outputs = art.results(outputs)
    except (ShloError, OSError, ValueError, KeyError) as e:
        return "ERROR", f"{type(e).__name__}: {e}"
    problem = compare(outputs, expected, tolerance["rtol"], tolerance["atol"])
    timing = f", median {ms:.4f} ms over {time_runs} runs" if ms is not None else ""
    if problem:
        return "FAIL", problem + timing
    return "ok", f"{len(outputs)} outputs match{timing}"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("dirs", nargs="+", help="artifact directories")
    parser.add_argument("--time", type=int, default=0, metavar="N", help="also time N runs (median ms)")
    parser.add_argument("--device", type=int, default=0, help="GPU ordinal")
    args = parser.parse_args(argv)
    artifact_module = import_artifact_module()
    counts = {"ok": 0, "FAIL": 0, "ERROR": 0}
    for directory in args.dirs:
        status, text = run_one(directory, artifact_module, args.time, args.device)
        counts[status] += 1
        print(f"{status:5} {os.path.basename(os.path.normpath(directory))}: {text}", flush=True)
    print(f"{counts['ok']} passed, {counts['FAIL']} failed, {counts['ERROR']} could not run "
          f"(of {len(args.dirs)})")
    return 0 if counts["ok"] == len(args.dirs) else 1


if __name__ == "__main__":
    sys.exit(main())
