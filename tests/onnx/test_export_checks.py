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


def test_check_hoisted_out_of_a_loop_is_left_out_too():
    """A check inside a Loop body is hoisted to the top level (the loop carries its values): the
    StableHLO form leaves the check out, and XLA runs the loop with its extra state."""
    from test_value_checks import _loop_model
    prog = shlo.from_onnx(_loop_model())
    assert "check.assert" in str(prog)
    text = shlo.to_stablehlo(prog)
    assert "check.assert" not in text
    x, a0 = np.arange(6, dtype=np.float32).reshape(2, 3), np.zeros((2, 2), np.float32)
    idx = np.array([[0, 2], [-3, -1]], np.int64)
    want = 3 * np.take_along_axis(x, np.where(idx < 0, idx + 3, idx), axis=1)
    with jax.enable_x64(True):
        got = run_xla(text, [np.array(3, np.int64), x, idx, a0])[0]
    np.testing.assert_array_equal(got, want)
