"""Reductions (ops/reductions.py): ONNX's node conformance cases of Reduce*, ArgMax / ArgMin,
CumSum, TopK and Det through from_onnx + interpret (a few compiled), plus models built here
for older opsets and the cases the conformance set leaves out, checked against onnxruntime."""
from __future__ import annotations

import warnings

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo

OPS = set("""ReduceSum ReduceMean ReduceMax ReduceMin ReduceProd ReduceL1 ReduceL2 ReduceLogSum ReduceLogSumExp
ReduceSumSquare ArgMax ArgMin CumSum TopK Det""".split())

# reason for every case expected to raise an ImportError
EXPECTED_ERRORS: dict = {}


def _cases():
    from onnx.backend.test.case.node import collect_testcases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases("")
    return {c.name: c for c in cases if len(c.model.graph.node) == 1 and c.model.graph.node[0].op_type in OPS}


CASES = _cases()


def _array(x):
    return numpy_helper.to_array(x) if isinstance(x, TensorProto) else np.asarray(x)


def check_outputs(got, want, rtol, atol, name=""):
    assert len(got) == len(want), name
    for g, w in zip(got, want):
        g, w = np.asarray(g), _array(w)
        assert g.shape == w.shape, f"{name}: shape {g.shape} != {w.shape}"
        if w.dtype.kind in "biu":
            np.testing.assert_array_equal(g, w, err_msg=name)
        else:
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True, err_msg=name)


def run_case(case, compiled=False):
    prog = shlo.from_onnx(case.model)
    run = shlo.compile(prog) if compiled else (lambda *a: shlo.interpret(prog, *a))
    for inputs, outputs in case.data_sets:
        got = run(*[_array(x) for x in inputs])
        check_outputs(got, outputs, case.rtol, case.atol, case.name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_node_conformance(name):
    case = CASES[name]
    if name in EXPECTED_ERRORS:
        with pytest.raises(shlo.ImportError):
            run_case(case)
        return
    run_case(case)
