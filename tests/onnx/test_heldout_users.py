"""The held-out-style models of tools/onnx_heldout_users_models.py (made as outside users make
ONNX files: both PyTorch exporters at opsets 11 to 22, old-opset and version-converted graphs,
sparse weights, external data layouts, onnxruntime's session optimizer and quantizers run on the
exports) through shlo.from_onnx + shlo.interpret, matched against onnxruntime. Each model takes
seconds to export, so the set runs with SHLO_ONNX_LIGHT=1 (or tools/onnx_heldout.py -k ^users_);
the fixes it led to have their own cheap tests (STFT, Resize antialias, sparse tensors)."""
from __future__ import annotations

import os
import sys

import pytest

pytest.importorskip("onnxruntime")
pytest.importorskip("torch")

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
import heldout_checks  # noqa: E402
import onnx_heldout_models as models  # noqa: E402
import onnx_heldout_more_models as more  # noqa: E402
import onnx_heldout_users_models as users  # noqa: E402

SPECS = {s.name: s for s in users.SPECS}


@pytest.mark.parametrize("name", heldout_checks.params(SPECS, sorted(SPECS), "the users_ set: SHLO_ONNX_LIGHT=1"))
def test_model(name):
    heldout_checks.check(SPECS[name])


def test_set_is_broad_and_new():
    names = " ".join(SPECS)
    for part in ("torchscript_opset11", "torchscript_opset13", "dynamo_opset18", "dynamo_opset20", "dynamo_opset22",
                 "dynamic", "mobilenetv3", "detr", "seq2seq", "conformer", "yolo", "vit", "stft", "kv_cache",
                 "converted_to", "external_per_tensor", "sparse", "ort_extended", "quantize_dynamic",
                 "quantize_static_qop", "quantize_static_qdq", "initializers_as_inputs", "float16", "onnxscript",
                 "compose_merged", "extract_model", "opset23", "opset24", "scripted_while", "ceil_pools", "same_padding"):
        assert part in names, part
    assert len(SPECS) == len(users.SPECS) >= 69
    assert not set(SPECS) & {s.name for s in models.SPECS + more.SPECS}
