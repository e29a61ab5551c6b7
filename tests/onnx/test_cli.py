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


def test_from_onnx_nchwc_block_size(tmp_path, capsys):
    """An NCHWc model whose channel counts (16) fit blocks of 8 and of 16: the block size is asked
    for, and --nchwc-block-size gives it."""
    w = numpy_helper.from_array(np.ones((16, 16, 1, 1), np.float32), "w")
    nodes = [helper.make_node("ReorderInput", ["x"], ["xb"], domain="com.microsoft.nchwc"),
             helper.make_node("Conv", ["xb", "w"], ["yb"], domain="com.microsoft.nchwc", kernel_shape=[1, 1]),
             helper.make_node("ReorderOutput", ["yb"], ["y"], domain="com.microsoft.nchwc", channels=16)]
    graph = helper.make_graph(nodes, "g", [helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, 16, 4, 4])],
                              [helper.make_tensor_value_info("y", TensorProto.FLOAT, None)], initializer=[w])
    path = tmp_path / "nchwc.onnx"
    onnx.save(helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17),
                                                      helper.make_opsetid("com.microsoft.nchwc", 1)]), str(path))
    assert translate.main(["--from-onnx", str(path)]) == 1
    assert "nchwc_block_size" in capsys.readouterr().err
    assert translate.main(["--from-onnx", str(path), "--nchwc-block-size", "16"]) == 0
    assert "convolution" in capsys.readouterr().out
