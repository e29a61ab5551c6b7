"""The held-out-style models of tools/onnx_heldout_users_models.py,
onnx_heldout_users2_models.py, onnx_heldout_users3_models.py, onnx_heldout_users4_models.py and
onnx_heldout_users5_models.py (made as outside users make ONNX files: both PyTorch exporters at
opsets 11 to 22, old-opset and version-converted graphs, sparse weights, external data layouts,
onnxruntime's session optimizer and quantizers run on the exports; a detector with RoiAlign over
run-time proposals, transformers written in code, opsets 7 to 10, f16 / bf16 exports) through shlo.from_onnx + shlo.interpret, matched against onnxruntime. Each model takes
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
import onnx_heldout_users2_models as users2  # noqa: E402
import onnx_heldout_users3_models as users3  # noqa: E402
import onnx_heldout_users4_models as users4  # noqa: E402
import onnx_heldout_users5_models as users5  # noqa: E402
import onnx_heldout_users_models as users  # noqa: E402

SPECS = {s.name: s for s in users.SPECS + users2.SPECS + users3.SPECS + users4.SPECS + users5.SPECS}


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
    for part in ("two_stage_detector_roialign16", "roialign10_adaptive_grid", "custom_op", "mask_rcnn", "deeplab",
                 "bert_in_code", "gpt2_past_key_values", "whisper_frontend", "jit_script_if_loop", "opset7_", "opset8_",
                 "opset9_", "opset10_", "scan_batch_axis", "center_crop", "float16_cnn", "bfloat16_mlp", "unique",
                 "crnn", "moe", "cdist", "groupnorm", "list_append", "embedding_bag"):
        assert any(n.startswith("users2_") and part in n for n in SPECS), part
    for part in ("repeat_interleave", "length_regulator", "prefix_cat", "ragged_sequence", "opset7_", "opset11_",
                 "qlinearconv_per_channel", "conv_integer", "nms_postprocess", "outer_scope", "external_data_constant"):
        assert any(n.startswith("users3_") and part in n for n in SPECS), part
    for part in ("bigru", "padding_mask", "unet_block", "pixel_shuffle", "rotary", "opset7_softmax", "opset8_maxpool",
                 "opset9_", "opset10_", "opset11_", "opset12_", "opset18_", "no_trip_count", "scan11_reverse",
                 "nested_if_in_loop", "qdq_per_channel", "mixed_dtypes", "shape_arithmetic", "einsum_trace"):
        assert any(n.startswith("users4_") and part in n for n in SPECS), part
    for part in ("distilbert", "roberta", "albert", "bart", "opt", "bloom", "gpt_neo", "deberta_v2", "qwen2", "llama",
                 "wav2vec2", "segformer", "convnext", "swin", "clip_vision", "mistral", "dinov2", "beit", "wavlm",
                 "modules_as_functions", "no_constant_folding",
                 "two_run_time_sizes", "stft", "opset7_rnn_gru", "opset8_lp", "opset10_", "opset11_resize", "opset12_"):
        assert any(n.startswith("users5_") and part in n for n in SPECS), part
    assert len(SPECS) == (len(users.SPECS) + len(users2.SPECS) + len(users3.SPECS) + len(users4.SPECS)
                          + len(users5.SPECS))
    assert len(users.SPECS) >= 69 and len(users2.SPECS) >= 30 and len(users3.SPECS) >= 20 and len(users4.SPECS) >= 25
    assert len(users5.SPECS) >= 40
    assert not set(SPECS) & {s.name for s in models.SPECS + more.SPECS}
