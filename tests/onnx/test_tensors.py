"""ONNX tensor and shape ops (ops/tensors.py): ONNX's node conformance cases of these ops through
from_onnx + interpret (a few compiled), plus models built here for what the cases leave out
(older opsets, shapes known at import time, dynamic dims, errors), checked against onnxruntime."""
from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo

RNG = np.random.default_rng(11)

OPS = {"Shape", "Size", "Reshape", "Flatten", "Transpose", "Squeeze", "Unsqueeze", "Concat", "Split", "Slice",
       "Gather", "GatherElements", "GatherND", "Scatter", "ScatterElements", "ScatterND", "Pad", "Tile", "Expand",
       "ConstantOfShape", "Range", "EyeLike", "OneHot", "Trilu", "DepthToSpace", "SpaceToDepth",
       "ReverseSequence", "Compress", "NonZero", "Unique", "CenterCropPad", "Col2Im"}

# Cases that cannot be imported by design: the result size depends on run-time data (the
# condition of Compress, NonZero's and Unique's input are graph inputs there).
DATA_DEPENDENT = ("test_compress_", "test_nonzero_", "test_unique_")


def _cases():
    from onnx.backend.test.case.node import collect_testcases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases("")
    return {c.name: c for c in cases if len(c.model.graph.node) == 1 and c.model.graph.node[0].op_type in OPS}


CASES = _cases()


def check_outputs(got, want, rtol, atol, name=""):
    assert len(got) == len(want), name
    for g, w in zip(got, want):
        g, w = np.asarray(g), np.asarray(w)
        assert g.shape == w.shape, f"{name}: shape {g.shape} != {w.shape}"
        if w.dtype.kind in "biu" or w.dtype == bool:
            np.testing.assert_array_equal(g, w, err_msg=name)
        else:
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True, err_msg=name)


def run_case(case, compiled=False):
    prog = shlo.from_onnx(case.model)
    run = shlo.compile(prog) if compiled else (lambda *a: shlo.interpret(prog, *a))
    for inputs, outputs in case.data_sets:
        got = run(*[np.asarray(x) for x in inputs])
        check_outputs(got, outputs, case.rtol, case.atol, case.name)


@pytest.mark.parametrize("name", sorted(CASES))
def test_node_conformance(name):
    case = CASES[name]
    if name.startswith(DATA_DEPENDENT):
        with pytest.raises(shlo.ImportError, match="run time"):
            run_case(case)
        return
    run_case(case)


COMPILED = ["test_reshape_negative_dim", "test_slice_neg_steps", "test_gather_1", "test_scatternd_add",
            "test_pad", "test_tile", "test_trilu_upper", "test_depthtospace_crd_mode_example", "test_onehot_with_axis"]


@pytest.mark.skipif(not os.environ.get("SHLO_ONNX_COMPILED"), reason="compiled conformance: SHLO_ONNX_COMPILED=1")
@pytest.mark.parametrize("name", COMPILED)
def test_node_conformance_compiled(name):
    run_case(CASES[name], compiled=True)


# ----------------------------------------------------------------------------- models built here

def _model(nodes, inputs, outputs, opset, initializers=()):
    g = helper.make_graph(nodes, "g", inputs, outputs, initializer=list(initializers))
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)])


def _ort(model, feeds):
    import onnxruntime as ort
    sess = ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"])
    return sess.run(None, feeds)


def _vi(name, elem, shape):
    return helper.make_tensor_value_info(name, elem, shape)


def against_ort(model, feeds, rtol=1e-6, compiled=False):
    prog = shlo.from_onnx(model)
    want = _ort(model, feeds)
    args = [feeds[n] for n in prog.input_names]
    got = shlo.interpret(prog, *args)
    check_outputs(got, want, rtol, 0, "interpret")
    if compiled:
        check_outputs(shlo.compile(prog)(*args), want, rtol, 0, "compile")
    return prog
