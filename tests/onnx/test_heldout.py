"""The held-out-style ONNX models of tools/onnx_heldout_models.py (PyTorch exports by both exporters
at opsets 13 to 21, onnx.helper graphs with control flow, sequences, dynamic axes, f16 / bf16,
onnxruntime-quantized models) through shlo.from_onnx + shlo.interpret, matched against onnxruntime.

The quick ones run by default; the `transformers` ones (GPT-2, BERT, T5, ViT, Whisper) with
SHLO_ONNX_LIGHT=1, like the light real models. `tools/onnx_heldout.py` runs them all and prints
the pass rate (`--compile` also compiles each).
"""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

pytest.importorskip("onnxruntime")
torch = pytest.importorskip("torch")

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import onnx_heldout as heldout  # noqa: E402
import onnx_heldout_models as models  # noqa: E402

import heldout_checks  # noqa: E402

SPECS = {s.name: s for s in models.SPECS}
COMPILED = ["lstm_dynamic_torchscript_opset17", "if_in_loop_opset16", "quantize_static_qoperator_convnet",
            "mobilenet_dynamic_batch_dynamo_opset18"]


def _params(names):
    return heldout_checks.params(SPECS, names, "transformers models: SHLO_ONNX_LIGHT=1")


def _check(name, compile_too=False):
    heldout_checks.check(SPECS[name], compile_too)


# (the COMPILED ones run in test_model_compiled, which interprets them too)
@pytest.mark.parametrize("name", _params(sorted(set(SPECS) - set(COMPILED))))
def test_model(name):
    _check(name)


@pytest.mark.parametrize("name", _params(COMPILED))
def test_model_compiled(name):
    _check(name, compile_too=True)


def test_set_is_broad():
    """Both exporters, opsets 13 to 21, every kind of model the set is meant to cover."""
    names = " ".join(SPECS)
    for part in ("dynamo_opset18", "dynamo_opset21", "torchscript_opset13", "torchscript_opset17", "gpt2", "bert",
                 "t5", "vit", "whisper", "mobilenet", "unet", "lstm", "detect", "loop", "if_in_loop", "sequences",
                 "dynamic", "f16", "bf16", "quantize_dynamic", "quantize_static", "nms", "scan"):
        assert part in names, part
    assert sum(not s.slow for s in SPECS.values()) >= 30


def test_compare_catches_differences():
    """The comparison the set relies on: shape, values and integer dtypes are checked."""
    a = np.linspace(0, 1, 6, dtype=np.float32).reshape(2, 3)
    assert heldout.compare([a], [a.copy()], 1e-4, 1e-4) is None
    assert "differ" in heldout.compare([a * 1.01], [a], 1e-4, 1e-4)
    assert "shape" in heldout.compare([a.T], [a], 1e-4, 1e-4)
    assert "dtype" in heldout.compare([np.arange(3, dtype=np.int32)], [np.arange(3, dtype=np.int64)], 0, 0)
    assert "outputs" in heldout.compare([a, a], [a], 1e-4, 1e-4)
