"""Models whose weights lie in external data files beside them: each weight is read once from
its file into an aligned array (external.py), never into the parsed model; what that module
leaves (bfloat16 data, bad locations) goes through onnx's loader as before."""
from __future__ import annotations

import os

import numpy as np
import onnx
import pytest
from onnx import TensorProto, helper, numpy_helper

import shlo
from shlo.importers.onnx import _load_split, wire

RNG = np.random.default_rng(21)


def _save(tmp_path, bf16=False):
    """An MLP with two weights in one data file, one in a file of its own, a small bias inline,
    and (bf16) a bfloat16 scale, which external.py leaves to onnx's loader."""
    w1, w2, w3 = (RNG.standard_normal(s).astype(np.float32) for s in ((8, 64), (64, 64), (64, 4)))
    b = RNG.standard_normal(4).astype(np.float32)
    inits = [numpy_helper.from_array(a, n) for n, a in (("w1", w1), ("w2", w2), ("w3", w3), ("b", b))]
    nodes = [helper.make_node("MatMul", ["x", "w1"], ["h1"]), helper.make_node("Relu", ["h1"], ["r1"]),
             helper.make_node("MatMul", ["r1", "w2"], ["h2"]), helper.make_node("Tanh", ["h2"], ["r2"]),
             helper.make_node("MatMul", ["r2", "w3"], ["h3"]), helper.make_node("Add", ["h3", "b"], ["y"])]
    if bf16:
        s = helper.make_tensor("s", TensorProto.BFLOAT16, [64], np.full(64, 0x3F80, np.uint16).tobytes(),
                               raw=True)                              # ones
        inits.append(s)
        nodes[3:4] = [helper.make_node("Cast", ["s"], ["s32"], to=TensorProto.FLOAT),
                      helper.make_node("Mul", ["h2", "s32"], ["m2"]), helper.make_node("Tanh", ["m2"], ["r2"])]
    g = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["N", 8])],
                          [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["N", 4])], initializer=inits)
    model = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17)])
    for t in model.graph.initializer:
        if t.name in ("w1", "w2", "s"):
            onnx.external_data_helper.set_external_data(t, "weights.bin")
        elif t.name == "w3":
            onnx.external_data_helper.set_external_data(t, "w3.bin")
    path = tmp_path / "model.onnx"
    onnx.save_model(model, str(path))       # writes the data files of the tensors marked above
    return path, (w1, w2, w3, b)


def test_external_weights_are_read_once_and_match_onnxruntime(tmp_path):
    import onnxruntime as ort
    path, (w1, w2, w3, _) = _save(tmp_path, bf16=True)
    assert sorted(os.listdir(tmp_path)) == ["model.onnx", "w3.bin", "weights.bin"]
    light, weights = _load_split(str(path))
    by_name = {w.name: w for w in weights}
    for name, want in (("w1", w1), ("w2", w2), ("w3", w3)):
        w = by_name[name]
        assert isinstance(w, wire.Weight), name
        np.testing.assert_array_equal(w.array, want)
        assert w.array.ctypes.data % wire.ALIGN == 0 and not w.array.flags.writeable
    # the parsed model holds none of their bytes; the bfloat16 tensor went through onnx's loader
    assert all(len(t.raw_data) == 0 for t in light.graph.initializer if t.name in ("w1", "w2", "w3"))
    assert isinstance(by_name["s"], onnx.TensorProto) and len(by_name["s"].raw_data) == 128
    prog = shlo.from_onnx(str(path))
    session = ort.InferenceSession(str(path), providers=["CPUExecutionProvider"])
    for n in (1, 3):
        x = RNG.standard_normal((n, 8)).astype(np.float32)
        np.testing.assert_allclose(shlo.interpret(prog, x)[0], session.run(None, {"x": x})[0], rtol=1e-5,
                                   atol=1e-5)


def test_missing_short_and_escaping_data_files_are_import_errors(tmp_path):
    path, _ = _save(tmp_path)
    os.remove(tmp_path / "w3.bin")
    with pytest.raises(shlo.ImportError, match="external data cannot be read"):
        shlo.from_onnx(str(path))
    path, _ = _save(tmp_path)
    data = (tmp_path / "weights.bin").read_bytes()
    (tmp_path / "weights.bin").write_bytes(data[:-16])
    with pytest.raises(shlo.ImportError, match="external data cannot be read"):
        shlo.from_onnx(str(path))
    path, _ = _save(tmp_path)
    model = onnx.load(str(path), load_external_data=False)
    for t in model.graph.initializer:
        for e in t.external_data:
            if e.key == "location" and e.value == "w3.bin":
                e.value = "../w3.bin"
    os.makedirs(tmp_path / "sub")
    (tmp_path / "sub" / "weights.bin").write_bytes(data)
    onnx.save_model(model, str(tmp_path / "sub" / "model.onnx"))
    with pytest.raises(shlo.ImportError, match="external data cannot be read"):
        shlo.from_onnx(str(tmp_path / "sub" / "model.onnx"))
