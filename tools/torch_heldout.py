#!/usr/bin/env python
"""A held-out-style set of PyTorch models (tools/torch_heldout_models.py and, named more_* and
third_*, tools/torch_heldout_more_models.py and torch_heldout_third_models.py, written apart from
tests/torch's), each exported by
torch.export, imported by `shlo.from_torch`, interpreted and compiled, and matched against
eager PyTorch on every input set.

    .venv/bin/python tools/torch_heldout.py               # every model: one line each, then the totals
    .venv/bin/python tools/torch_heldout.py -k moe -v     # models whose name matches; tracebacks of failures
    .venv/bin/python tools/torch_heldout.py --no-compile  # interpret only

Statuses: pass; not-built (the case's own code failed: not counted); export-failed (torch.export itself refused the model: not counted); import-error;
interp-fail / interp-error (the interpreter's numbers differ / it raised); compile-fail /
compile-error (the same for shlo.compile's code).
"""
from __future__ import annotations

import argparse
import copy
import os
import re
import sys
import time
import warnings

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from heldout_report import case_result, failure, first_difference  # noqa: E402 (after the path)


def compare(got, want, rtol, atol) -> str | None:
    """None when the flat leaves of `got` match eager's `want`, else what differs."""
    import torch
    import torch.utils._pytree as pytree
    g, w = pytree.tree_flatten(got)[0], pytree.tree_flatten(want)[0]
    if len(g) != len(w):
        return f"{len(g)} outputs, eager gives {len(w)}"
    for i, (a, b) in enumerate(zip(g, w)):
        if a is None or b is None:
            if a is not b:
                return f"output {i}: {a!r}, eager {b!r}"
            continue
        if isinstance(a, torch.Tensor):
            a = a.detach()
            a = a.float().numpy() if a.dtype == torch.bfloat16 else a.numpy()
        b = b.detach() if isinstance(b, torch.Tensor) else torch.tensor(b)
        b = b.float().numpy() if b.dtype == torch.bfloat16 else b.numpy()
        a = np.asarray(a)
        if a.shape != b.shape:
            return f"output {i}: shape {a.shape}, eager {b.shape}"
        if b.dtype.kind in "fc":
            bad = ~np.isclose(a.astype(np.complex128 if b.dtype.kind == "c" else np.float64), b, rtol=rtol,
                              atol=atol, equal_nan=True)
            if bad.any():
                return (f"output {i}: {int(bad.sum())}/{bad.size} elements differ, max abs error "
                        f"{np.nanmax(np.abs(a.astype(np.float64) - b.astype(np.float64))):.3g}")
        elif a.dtype.kind != b.dtype.kind:
            return f"output {i}: dtype {a.dtype}, eager {b.dtype}"
        elif not np.array_equal(a, b):
            return f"output {i}: {int((a != b).sum())}/{a.size} elements differ"
    return None


def run_case(name, build, compile_too=True) -> dict:
    """{name, status, detail, seconds[, trace]}; never raises."""
    import torch

    import shlo
    t0 = time.perf_counter()
    out = {"name": name, "status": "pass", "detail": ""}

    def fail(status, e):
        return failure(out, status, e, t0)

    try:
        c = build()
    except Exception as e:  # noqa: BLE001 - a model this transformers version cannot build is not counted
        return fail("not-built", e)
    model = c.model if getattr(c, "train", False) else c.model.eval()
    eager = copy.deepcopy(model)              # eager runs mutate buffers (KV caches); export sees the originals
    try:
        ep = torch.export.export(model, c.inputs[0], c.kwargs or None, dynamic_shapes=c.dynamic_shapes)
    except Exception as e:  # noqa: BLE001 - a model torch.export refuses is not counted
        return fail("export-failed", e)
    try:
        prog = shlo.from_torch(ep)
    except Exception as e:  # noqa: BLE001
        return fail("import-error", e)
    try:
        compiled = shlo.compile(prog) if compile_too else None
    except Exception as e:  # noqa: BLE001
        compiled = e
    def interpreted(inputs):
        return prog.unflatten_outputs(shlo.interpret(prog, *prog.flatten_inputs(*inputs, **c.kwargs)))

    def native(inputs):
        if isinstance(compiled, Exception):
            raise compiled
        return compiled(*inputs, **c.kwargs)
    runs = [("interp", interpreted)] + ([("compile", native)] if compiled is not None else [])

    def expected(inputs):
        with torch.no_grad():
            return copy.deepcopy(eager)(*copy.deepcopy(inputs), **c.kwargs)    # (models may mutate inputs)
    sets = (((inputs,), expected(inputs)) for inputs in c.inputs)
    return case_result(out, first_difference(runs, sets, compare, c.rtol, c.atol), t0)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("-k", dest="pattern", help="only models whose name matches this regular expression")
    p.add_argument("--no-compile", action="store_true", help="interpret only")
    p.add_argument("-v", "--verbose", action="store_true", help="print the traceback of each failure")
    args = p.parse_args(argv)
    warnings.simplefilter("ignore")
    import logging
    logging.disable(logging.WARNING)
    import torch_heldout_models as models
    import torch_heldout_more_models as more_models
    import torch_heldout_third_models as third_models
    cases = {**models.CASES, **more_models.CASES, **third_models.CASES}

    names = [n for n in cases if not args.pattern or re.search(args.pattern, n)]
    from heldout_report import Report
    report = Report(("export-failed", "not-built"), "exported", args.verbose)
    for name in names:
        report.add(run_case(name, cases[name], not args.no_compile), width=14)
    return report.finish(len(names))


if __name__ == "__main__":
    sys.exit(main())
