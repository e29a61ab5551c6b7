"""shlo-translate --from-onnx reads an ONNX model from a path (external data beside it) or stdin."""
from __future__ import annotations

import io
import sys

import numpy as np
import onnx
from onnx import TensorProto, helper, numpy_helper

from shlo.tools import translate


def _model():
    w = numpy_helper.from_array(np.arange(128, dtype=np.float32).reshape(16, 8), "w")
    graph = helper.make_graph([helper.make_node("MatMul", ["x", "w"], ["y"])], "g",
                              [helper.make_tensor_value_info("x", TensorProto.FLOAT, ["b", 16])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, ["b", 8])], initializer=[w])
    return helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])


def test_from_onnx_prints_the_program(tmp_path, capsys, monkeypatch):
    path = tmp_path / "m.onnx"
    onnx.save(_model(), str(path), save_as_external_data=True, location="m.data", size_threshold=0)
    assert translate.main(["--from-onnx", str(path)]) == 0
    out = capsys.readouterr().out
    assert "func.func @main(%arg0: tensor<?x16xf32>" in out and "dense_resource" in out
    assert translate.main(["--from-onnx", str(path), "--params", "arguments"]) == 0
    assert 'shlo.name = "w"' in capsys.readouterr().out
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(_model().SerializeToString())))
    assert translate.main(["--from-onnx"]) == 0
    assert "tensor<?x8xf32>" in capsys.readouterr().out


def test_from_onnx_bad_files(tmp_path, capsys):
    assert translate.main(["--from-onnx", str(tmp_path / "missing.onnx")]) == 1
    assert capsys.readouterr().err
    junk = tmp_path / "junk.onnx"
    junk.write_bytes(b"\xff\xfe not a model")
    out = tmp_path / "out.mlir"
    assert translate.main(["--from-onnx", str(junk), "-o", str(out)]) == 1
    assert capsys.readouterr().err
    assert not out.exists()
