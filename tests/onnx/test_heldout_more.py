"""The held-out-style models of tools/onnx_heldout_more_models.py (torchvision-like and
transformer-like modules exported by both PyTorch exporters at opsets 13 to 21, dynamic axes,
external data files) through shlo.from_onnx + shlo.interpret, matched against onnxruntime: one
export of each module by default, every export with SHLO_ONNX_LIGHT=1."""
from __future__ import annotations

import os
import sys

import pytest

pytest.importorskip("onnxruntime")
pytest.importorskip("torch")

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import onnx_heldout_models as models  # noqa: E402

import heldout_checks  # noqa: E402
import onnx_heldout_more_models as more  # noqa: E402

SPECS = {s.name: s for s in more.SPECS}
COMPILED = ["llamaish_dynamic_torchscript_opset17", "resnet18ish_external_data_dynamo_opset18"]


def _params(names):
    return heldout_checks.params(SPECS, names, "other exports of the same modules: SHLO_ONNX_LIGHT=1")


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
    names = " ".join(SPECS)
    for part in ("dynamo_opset13", "dynamo_opset17", "dynamo_opset18", "dynamo_opset21", "torchscript_opset13",
                 "torchscript_opset17", "external_data", "dynamic", "llamaish", "vit_encoder", "resnet18ish"):
        assert part in names, part
    assert len(set(SPECS)) == len(more.SPECS) and not set(SPECS) & {s.name for s in models.SPECS}
