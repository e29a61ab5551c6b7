"""from_onnx's program structure: inputs with dim_params, initializers as constants or
arguments, folding of known values, loading from paths and bytes, errors."""
from __future__ import annotations

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo

RNG = np.random.default_rng(5)


def _model(opset=17, big=False):
    w = RNG.standard_normal((1, 3) if not big else (1, 300)).astype(np.float32)
    width = w.shape[1]
    nodes = [helper.make_node("Add", ["x", "w"], ["y"], name="add0"), helper.make_node("Relu", ["y"], ["z"]),
             helper.make_node("Mul", ["z", "c"], ["out"], name="scale")]
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", width])],
                          [helper.make_tensor_value_info("out", TensorProto.FLOAT, None)],
                          initializer=[numpy_helper.from_array(w, "w"), numpy_helper.from_array(np.float32(2.0), "c")])
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", opset)]), w


def _ort(model, **feeds):
    import onnxruntime as ort
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, feeds)


@pytest.mark.parametrize("params", ["constants", "arguments"])
def test_dynamic_batch_runs_at_two_sizes(params):
    model, w = _model(big=True)
    prog = shlo.from_onnx(model, params=params)
    assert "tensor<?x300xf32>" in str(prog)
    compiled = shlo.compile(prog)
    for n in (2, 7):
        x = RNG.standard_normal((n, 300)).astype(np.float32)
        want = _ort(model, x=x)[0]
        np.testing.assert_allclose(shlo.interpret(prog, *prog.flatten_inputs(x))[0], want, rtol=1e-6)
        np.testing.assert_allclose(compiled(*prog.flatten_inputs(x))[0], want, rtol=1e-6)
    if params == "arguments":
        assert prog.parameter_names == ["w"] and prog.parameters()[0].shape == (1, 300)
    else:
        assert "dense_resource<w>" in str(prog)


def test_paths_bytes_and_bad_files(tmp_path):
    model, _ = _model()
    path = tmp_path / "m.onnx"
    onnx.save(model, str(path))
    x = RNG.standard_normal((2, 3)).astype(np.float32)
    want = _ort(model, x=x)[0]
    for source in (str(path), path.read_bytes()):
        np.testing.assert_allclose(shlo.interpret(shlo.from_onnx(source), x)[0], want, rtol=1e-6)
    with pytest.raises(shlo.ImportError, match="no such file"):
        shlo.from_onnx(str(tmp_path / "missing.onnx"))
    with pytest.raises(shlo.ImportError, match="not an ONNX model"):
        shlo.from_onnx(b"\x08garbage")


def test_weights_are_not_copied_by_shape_inference():
    from shlo.importers.onnx import _with_inferred_types
    model, _ = _model(big=True)
    typed = _with_inferred_types(model)
    assert [t.name for t in typed.graph.initializer] == ["c"]          # the 1.2 KB weight stayed behind
    assert "w" in [vi.name for vi in typed.graph.input]
    assert len(model.graph.initializer) == 2                           # the caller's model is untouched


def test_unsupported_op_and_domain_name_the_node():
    g = helper.make_graph([helper.make_node("NoSuchOp", ["x"], ["y"], name="mystery")], "g",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    with pytest.raises(shlo.ImportError, match=r"ONNX NoSuchOp \(opset 17\) node 'mystery': is not supported"):
        shlo.from_onnx(model)
    g = helper.make_graph([helper.make_node("LinearRegressor", ["x"], ["y"], domain="ai.onnx.ml")], "g",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, [2])])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("ai.onnx.ml", 3)])
    with pytest.raises(shlo.ImportError, match="domain 'ai.onnx.ml' is not supported"):
        shlo.from_onnx(model)


def test_known_values_fold_and_string_inputs_are_refused():
    # Add of two constants is computed at import time: no shlo.add in the program
    a = numpy_helper.from_array(np.arange(3, dtype=np.int64), "a")
    g = helper.make_graph([helper.make_node("Add", ["a", "a"], ["s"]), helper.make_node("Add", ["x", "s"], ["y"])],
                          "g", [helper.make_tensor_value_info("x", TensorProto.INT64, [3])],
                          [helper.make_tensor_value_info("y", TensorProto.INT64, [3])], initializer=[a])
    prog = shlo.from_onnx(helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)]))
    assert str(prog).count("shlo.add") == 1 and "dense<[0, 2, 4]>" in str(prog)
    np.testing.assert_array_equal(shlo.interpret(prog, np.array([1, 1, 1]))[0], [1, 3, 5])
    g = helper.make_graph([helper.make_node("Identity", ["x"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", TensorProto.STRING, [2])],
                          [helper.make_tensor_value_info("y", TensorProto.STRING, [2])])
    with pytest.raises(shlo.ImportError, match="only tensor inputs|STRING"):
        shlo.from_onnx(helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)]))


def test_parameters_as_arguments_keep_sizing_inputs_known():
    """params="arguments": float weights become arguments, but Resize's scales (which set the
    result's size) stay constants, so the result keeps static sizes (an old CNN's upsampling)."""
    import onnxruntime as ort
    w = numpy_helper.from_array(np.full((2, 2, 1, 1), 0.5, np.float32), "w")
    scales = numpy_helper.from_array(np.array([1, 1, 2, 2], np.float32), "scales")
    nodes = [helper.make_node("Conv", ["x", "w"], ["c"]), helper.make_node("Resize", ["c", "", "scales"], ["y"])]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 2, 3, 3])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], initializer=[w, scales])
    m = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)])
    prog = shlo.from_onnx(m, params="arguments")
    assert prog.parameter_names == ["w"]
    assert "tensor<1x2x6x6xf32>" in prog.text()
    x = np.arange(18, dtype=np.float32).reshape(1, 2, 3, 3)
    (want,) = ort.InferenceSession(m.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})
    np.testing.assert_allclose(np.asarray(shlo.interpret(prog, *prog.flatten_inputs(x))[0]), want, rtol=1e-6)


@pytest.mark.parametrize("where,indices", [("initializer", "linear"), ("initializer", "coordinates"),
                                           ("constant", "linear")])
def test_sparse_tensors_become_dense_constants(where, indices):
    """A sparse initializer (GraphProto.sparse_initializer) or a Constant's sparse_value: values at
    linear positions or (NNZ, rank) coordinates, zeros elsewhere; against onnxruntime."""
    values = numpy_helper.from_array(np.array([1.5, -2.0, 0.25], np.float32), "w")
    idx = np.array([1, 6, 11], np.int64) if indices == "linear" else np.array([[0, 1], [2, 0], [3, 2]], np.int64)
    sp = helper.make_sparse_tensor(values, numpy_helper.from_array(idx, "w_idx"), [4, 3])
    nodes = [helper.make_node("MatMul", ["x", "w"], ["y"])]
    if where == "constant":
        nodes.insert(0, helper.make_node("Constant", [], ["w"], sparse_value=sp))
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 4])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                          sparse_initializer=[sp] if where == "initializer" else [])
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    x = RNG.standard_normal((2, 4)).astype(np.float32)
    np.testing.assert_allclose(shlo.interpret(shlo.from_onnx(model), x)[0], _ort(model, x=x)[0], rtol=1e-6)


def test_a_node_with_more_inputs_than_its_schema_takes_is_a_clear_error():
    """CenterCropPad's axes is an attribute; given as a third input (a hand-written graph's
    mistake) it was bound to the converter's axes parameter and failed with a TypeError."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper
    g = helper.make_graph([helper.make_node("CenterCropPad", ["x", "crop", "ax"], ["y"])], "g",
                          [helper.make_tensor_value_info("x", TensorProto.FLOAT, [2, 5, 6])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)],
                          initializer=[numpy_helper.from_array(np.array([4, 4], np.int64), "crop"),
                                       numpy_helper.from_array(np.array([1, 2], np.int64), "ax")])
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 18)])
    with pytest.raises(shlo.ImportError, match=r"CenterCropPad \(opset 18\).*has 3 inputs; the op takes at most 2"):
        shlo.from_onnx(m)
