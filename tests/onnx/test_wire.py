"""Files and bytes are imported with their large weights read in place (importers/onnx/wire.py):
same program and results as from the parsed ModelProto, in initializer order, with odd byte
offsets; what the walker leaves (external data, typed data, bad bytes) goes the usual way."""
from __future__ import annotations

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo
from shlo.importers.onnx import wire

RNG = np.random.default_rng(11)


def _model():
    """x @ w1 + b (name of odd length, so that raw data lands at odd offsets) -> * small -> @ w2."""
    w1 = RNG.standard_normal((24, 40)).astype(np.float32)
    b = RNG.standard_normal((40,)).astype(np.float64).astype(np.float32)
    small = np.float32(0.5)
    w2 = RNG.standard_normal((40, 33)).astype(np.float32)
    nodes = [helper.make_node("MatMul", ["x", "w1"], ["h"]), helper.make_node("Add", ["h", "bias_odd"], ["h2"]),
             helper.make_node("Mul", ["h2", "small"], ["h3"]), helper.make_node("MatMul", ["h3", "w2xx"], ["y"])]
    inits = [numpy_helper.from_array(w1, "w1"), numpy_helper.from_array(small, "small"),
             numpy_helper.from_array(np.tile(b, 8), "unused_big"), numpy_helper.from_array(b, "bias_odd"),
             numpy_helper.from_array(w2, "w2xx")]
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 24])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], initializer=inits)
    return helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])


def _want(model, x):
    import onnxruntime as ort
    return ort.InferenceSession(model.SerializeToString(), providers=["CPUExecutionProvider"]).run(None, {"x": x})[0]


def test_split_reads_the_weights_aligned_in_initializer_order(tmp_path):
    model = _model()
    data = model.SerializeToString()
    path = tmp_path / "m.onnx"
    path.write_bytes(data)
    with open(path, "rb") as f:
        for buf in (memoryview(data), wire.FileBytes(f)):
            small, large = wire.split_model(buf, 1024)
            assert [(k, w.name) for k, w in large] == [(0, "w1"), (2, "unused_big"), (4, "w2xx")]
            assert any(w.start % 4 for _, w in large)          # raw data at offsets a float cannot start at
            light = onnx.ModelProto.FromString(small)
            assert [t.name for t in light.graph.initializer] == ["small", "bias_odd"]
            assert len(small) < 2000 and [n.op_type for n in light.graph.node] == ["MatMul", "Add", "Mul", "MatMul"]
            wire.read_weights(buf, [w for _, w in large])
            for _, w in large:
                np.testing.assert_array_equal(w.array, numpy_helper.to_array(
                    next(t for t in model.graph.initializer if t.name == w.name)))
                assert w.array.ctypes.data % wire.ALIGN == 0 and not w.array.flags.writeable


@pytest.mark.parametrize("params", ["constants", "arguments"])
def test_file_bytes_and_modelproto_import_alike(tmp_path, params):
    model = _model()
    path = tmp_path / "m.onnx"
    onnx.save(model, str(path))
    x = RNG.standard_normal((3, 24)).astype(np.float32)
    want = _want(model, x)
    progs = [shlo.from_onnx(src, params=params) for src in (model, str(path), path.read_bytes(),
                                                            bytearray(path.read_bytes()))]
    assert len({str(p) for p in progs}) == 1
    for prog in progs:
        if params == "arguments":
            assert prog.parameter_names == ["w1", "unused_big", "bias_odd", "w2xx"]
        args = prog.flatten_inputs(x)
        np.testing.assert_allclose(shlo.interpret(prog, *args)[0], want, rtol=1e-5, atol=1e-5)
    prog = progs[1]
    np.testing.assert_allclose(shlo.compile(prog)(*prog.flatten_inputs(x))[0], want, rtol=1e-5, atol=1e-5)
    again = shlo.deserialize(shlo.serialize(prog))          # the blobs are written out and read back
    np.testing.assert_allclose(shlo.interpret(again, *prog.flatten_inputs(x))[0], want, rtol=1e-5, atol=1e-5)


def test_a_bytearray_changed_afterwards_does_not_change_the_program():
    model = _model()
    data = bytearray(model.SerializeToString())
    prog = shlo.from_onnx(data)
    x = RNG.standard_normal((2, 24)).astype(np.float32)
    before = shlo.interpret(prog, x)[0]
    data[:] = bytes(len(data))
    np.testing.assert_array_equal(shlo.interpret(prog, x)[0], before)


def test_external_data_and_typed_data_go_the_usual_way(tmp_path):
    model = _model()
    x = RNG.standard_normal((2, 24)).astype(np.float32)
    want = _want(model, x)
    typed, external = onnx.ModelProto(), onnx.ModelProto()
    typed.CopyFrom(model)
    external.CopyFrom(model)
    onnx.save(external, str(tmp_path / "ext.onnx"), save_as_external_data=True, all_tensors_to_one_file=True,
              location="ext.bin", size_threshold=512)
    np.testing.assert_allclose(shlo.interpret(shlo.from_onnx(str(tmp_path / "ext.onnx")), x)[0], want,
                               rtol=1e-5, atol=1e-5)
    w1 = typed.graph.initializer[0]
    values = numpy_helper.to_array(w1)
    w1.ClearField("raw_data")
    w1.float_data.extend(values.reshape(-1).tolist())                      # float_data, not raw_data
    data = typed.SerializeToString()
    _, views = wire.split_model(data, 1024)
    assert "w1" not in [w.name for _, w in views]
    np.testing.assert_allclose(shlo.interpret(shlo.from_onnx(data), x)[0], want, rtol=1e-5, atol=1e-5)


def test_bad_bytes_and_files_are_an_import_error(tmp_path):
    data = _model().SerializeToString()
    for bad in (b"\x08garbage", data[: len(data) // 2], b"\x3a\xff\xff\xff\xff\x0f"):
        with pytest.raises(shlo.ImportError, match="not an ONNX model"):
            shlo.from_onnx(bad)
        (tmp_path / "bad.onnx").write_bytes(bad)
        with pytest.raises(shlo.ImportError, match="bad.onnx: not an ONNX model"):
            shlo.from_onnx(str(tmp_path / "bad.onnx"))
    with pytest.raises(wire.WireError):
        wire.split_model(memoryview(data[: len(data) // 2]), 1024)


def test_missing_external_data_is_an_import_error(tmp_path):
    onnx.save(_model(), str(tmp_path / "ext.onnx"), save_as_external_data=True, location="ext.bin",
              size_threshold=512)
    (tmp_path / "ext.bin").unlink()
    with pytest.raises(shlo.ImportError, match="external data"):
        shlo.from_onnx(str(tmp_path / "ext.onnx"))


def test_a_file_shorter_than_its_fields_say_is_not_walked(tmp_path):
    path = tmp_path / "m.onnx"
    path.write_bytes(_model().SerializeToString())
    with open(path, "rb") as f:
        fb = wire.FileBytes(f)
        with pytest.raises(wire.WireError):
            fb.read(len(fb) - 10, 20)
        with pytest.raises(wire.WireError):
            fb[len(fb)]
        with pytest.raises(wire.WireError):
            wire.FileBytes.read_into(fb, len(fb) - 10, memoryview(bytearray(20)))
