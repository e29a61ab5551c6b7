"""The StableHLO form of an imported ONNX program leaves out shlo's own run-time checks
(`check.assert`, GatherElements' index range): XLA has no implementation for them, and the
program must still run there."""
import jax
import numpy as np
from onnx import TensorProto, helper

import shlo
from test_jax_import import run_xla     # (tests/ is on the path: tests/conftest.py)


def _gather_elements_model():
    node = helper.make_node("GatherElements", ["x", "i"], ["y"], axis=1)
    graph = helper.make_graph([node], "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [3, 4]),
                                            helper.make_tensor_value_info("i", TensorProto.INT64, [3, 2])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, [3, 2])])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_check_assert_left_out_of_stablehlo_and_xla_runs_it():
    prog = shlo.from_onnx(_gather_elements_model())
    assert "check.assert" in str(prog)                       # shlo keeps the check
    text = shlo.to_stablehlo(prog)
    assert "check.assert" not in text
    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    i = np.array([[0, 1], [2, 3], [-1, 0]], np.int64)
    want = np.take_along_axis(x, np.where(i < 0, i + 4, i), axis=1)
    with jax.enable_x64(True):          # (the i64 indices as they are)
        got = run_xla(text, [x, i])[0]
    np.testing.assert_array_equal(got, want)
    np.testing.assert_array_equal(np.asarray(shlo.interpret(prog, x, i)[0]), want)
