"""The parametrization and the check shared by test_heldout.py and test_heldout_more.py: each
held-out-style model spec built, imported, interpreted (and compiled where asked) and matched
against onnxruntime by tools/onnx_heldout.py; the slow specs only with SHLO_ONNX_LIGHT=1."""
from __future__ import annotations

import os
import sys
import warnings

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import onnx_heldout as heldout  # noqa: E402
import onnx_heldout_models as models  # noqa: E402

LONG = bool(os.environ.get("SHLO_ONNX_LIGHT"))


def params(specs: dict, names, slow_reason: str) -> list:
    """pytest params for the named specs, the slow ones skipped unless SHLO_ONNX_LIGHT=1."""
    return [pytest.param(n, marks=pytest.mark.skipif(specs[n].slow and not LONG, reason=slow_reason))
            for n in names]


def check(spec, compile_too: bool = False) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        case = models.build(spec)
    r = heldout.run_case(case, compile_too=compile_too)
    assert r["status"] == "pass", f"{spec.name}: {r['status']}: {r['detail']}\n{r.get('trace', '')}"
