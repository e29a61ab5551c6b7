"""Element-wise ONNX ops (ops/elementwise.py): ONNX's node conformance cases of these ops through
from_onnx + interpret (a few compiled), plus models built here for what the cases leave out
(older opsets, more dtypes, broadcasting, errors), checked against onnxruntime."""
from __future__ import annotations

import os
import warnings

import numpy as np
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo

RNG = np.random.default_rng(7)

OPS = set("""Add Sub Mul Div Mod Pow Neg Abs Reciprocal Sqrt Exp Log Floor Ceil Round Sign Erf Sin Cos Tan Asin
Acos Atan Sinh Cosh Asinh Acosh Atanh IsNaN IsInf Max Min Sum Mean Equal Less LessOrEqual Greater GreaterOrEqual
Not And Or Xor BitwiseAnd BitwiseOr BitwiseXor BitwiseNot BitShift Where Clip Cast CastLike Identity Relu
LeakyRelu PRelu Elu Selu Celu ThresholdedRelu Sigmoid HardSigmoid HardSwish Softplus Softsign Mish Gelu Tanh
Swish Shrink Constant""".split())

# Element types shlo does not have (2-bit integers, 4-bit and e8m0 floats, strings), and values that are not
# tensors (sequences, optionals): the importer reports these cases by design.
_NO_SHLO_TYPE = ("FLOAT4E2M1", "INT2", "UINT2", "FLOAT8E8M0", "e8m0", "STRING")
_NOT_TENSORS = {"test_identity_sequence", "test_identity_opt"}


def expected_error(name: str) -> bool:
    return name in _NOT_TENSORS or any(t.lower() in name.lower() for t in _NO_SHLO_TYPE)


def _cases():
    from onnx.backend.test.case.node import collect_testcases
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cases = collect_testcases("")
    return {c.name: c for c in cases if len(c.model.graph.node) == 1 and c.model.graph.node[0].op_type in OPS}


CASES = _cases()


def _array(x):
    return numpy_helper.to_array(x) if isinstance(x, TensorProto) else np.asarray(x)


def _comparable(a):
    """f8 / 4-bit arrays (ml_dtypes) as f64 or i64 for comparison."""
    if a.dtype.kind == "V" or a.dtype.name.startswith(("float8", "bfloat16", "int4", "uint4")):
        return a.astype(np.int64) if "int" in a.dtype.name else a.astype(np.float64)
    return a


def check_outputs(got, want, rtol, atol, name=""):
    assert len(got) == len(want), name
    for g, w in zip(got, want):
        g, w = _comparable(np.asarray(g)), _comparable(_array(w))
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
    if expected_error(name):
        with pytest.raises(shlo.ImportError):
            run_case(case)
        return
    run_case(case)


COMPILED = ["test_add_bcast", "test_mod_mixed_sign_int32", "test_pow_types_int32_float32", "test_clip",
            "test_cast_FLOAT_to_FLOAT16", "test_where_example", "test_gelu_tanh_2", "test_bitshift_right_int8",
            "test_max_example", "test_softplus", "test_atanh"]


@pytest.mark.skipif(not os.environ.get("SHLO_ONNX_COMPILED"), reason="compiled conformance: SHLO_ONNX_COMPILED=1")
@pytest.mark.parametrize("name", COMPILED)
def test_node_conformance_compiled(name):
    run_case(CASES[name], compiled=True)
