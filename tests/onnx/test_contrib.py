"""onnxruntime's com.microsoft contrib ops (importers/onnx/ops/contrib_*.py) against onnxruntime:
one node at a time (its options: masks, activations, per-column scales, signedness...), and the
models onnxruntime's own tools write (tools/onnx_heldout_ort_models.py: the helper-built ones by
default, the transformers ones with SHLO_ONNX_LIGHT=1)."""
from __future__ import annotations

import os
import sys

import numpy as np
import pytest

ort = pytest.importorskip("onnxruntime")
onnx = pytest.importorskip("onnx")

import shlo  # noqa: E402

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "tools"))
from contrib_checks import (MS, assert_outputs_match, check, f32, gqa, ints, nbits_weights,  # noqa: E402
                            node_model, rand, run_ort, run_shlo)

LONG = bool(os.environ.get("SHLO_ONNX_LIGHT"))


# ----------------------------------------------------------------------------- fused ops

@pytest.mark.parametrize("ta,tb,alpha,sa,sb", [(0, 0, 1.0, (2, 3, 4), (4, 5)), (1, 0, 0.5, (2, 4, 3), (2, 4, 5)),
                                                (0, 1, 2.0, (3, 4), (5, 4)), (1, 1, 0.125, (2, 4, 3), (5, 4))])
def test_fused_matmul(ta, tb, alpha, sa, sb):
    check("FusedMatMul", {"a": rand(*sa), "b": rand(*sb, seed=1)}, attrs=dict(transA=ta, transB=tb, alpha=alpha))


@pytest.mark.parametrize("ta,tba,tb,tbb", [(0, 1, 0, 0), (1, 1, 0, 0), (0, 0, 0, 1), (0, 1, 1, 1), (1, 1, 1, 1)])
def test_fused_matmul_batch_transposes(ta, tba, tb, tbb):
    """transBatchA / transBatchB: a folded Transpose that moved the first dimension (a sequence-first
    layout) behind the batch dimensions."""
    # stored so that the product reads A as (2, 4, 3) and B as (2, 3, 5)
    sa = {(0, 0): (2, 4, 3), (1, 0): (2, 3, 4), (0, 1): (4, 2, 3), (1, 1): (3, 2, 4)}[ta, tba]
    sb = {(0, 0): (2, 3, 5), (1, 0): (2, 5, 3), (0, 1): (3, 2, 5), (1, 1): (5, 2, 3)}[tb, tbb]
    check("FusedMatMul", {"a": rand(*sa), "b": rand(*sb, seed=1)},
          attrs=dict(transA=ta, transB=tb, transBatchA=tba, transBatchB=tbb, alpha=0.5))
    if ta == tb == tbb == 0:            # rank 4: (4, 2, 3, 6) read as (2, 3, 4, 6)
        check("FusedMatMul", {"a": rand(4, 2, 3, 6), "b": rand(2, 3, 6, 5, seed=1)}, attrs=dict(transBatchA=1))


@pytest.mark.parametrize("activation,params,residual", [("Relu", None, False), ("Relu", None, True),
                                                        ("Clip", [0.0, 6.0], False), ("LeakyRelu", [0.2], True),
                                                        ("Sigmoid", None, False), ("Tanh", None, False),
                                                        ("HardSigmoid", [0.3, 0.4], False)])
def test_fused_conv(activation, params, residual):
    x, w, b = rand(2, 3, 7, 7), rand(4, 3, 3, 3, seed=1, scale=0.5), rand(4, seed=2)
    z = rand(2, 4, 4, 4, seed=3) if residual else None
    attrs = dict(activation=activation, pads=[1, 1, 1, 1], strides=[2, 2])
    if params:
        attrs["activation_params"] = params
    check("FusedConv", {"x": x, "w": w, "b": b, "z": z}, consts={"w": w, "b": b}, attrs=attrs)


def test_fused_gemm():
    check("FusedGemm", {"a": rand(3, 4), "b": rand(5, 4, seed=1), "c": rand(5, seed=2)},
          attrs=dict(transB=1, alpha=0.5, beta=2.0, activation="LeakyRelu", activation_alpha=0.3))


def test_gelu_family():
    x, bias = rand(2, 3, 8, scale=2), rand(8, seed=1)
    check("Gelu", {"x": x})
    check("BiasGelu", {"x": x, "bias": bias})
    check("FastGelu", {"x": x, "bias": bias})
    check("FastGelu", {"x": x})
    check("QuickGelu", {"x": x}, attrs=dict(alpha=1.0))
    check("QuickGelu", {"x": x})



def test_bias_add():
    """(onnxruntime has BiasAdd for CUDA only: checked against its definition, x + bias + skip)"""
    x, bias, skip = rand(2, 3, 8), rand(8, seed=1), rand(2, 3, 8, seed=2)
    m, feeds = node_model("BiasAdd", {"x": x, "bias": bias, "skip": skip})
    np.testing.assert_allclose(shlo.interpret(shlo.from_onnx(m), *feeds)[0], x + bias + skip, rtol=1e-6)


# ----------------------------------------------------------------------------- normalizations

def test_skip_layer_norm_all_outputs():
    x, skip = rand(2, 5, 16), rand(2, 5, 16, seed=1)
    gamma, beta, bias = rand(16, seed=2), rand(16, seed=3), rand(16, seed=4)
    check("SkipLayerNormalization", {"x": x, "skip": skip, "gamma": gamma, "beta": beta, "bias": bias}, n_out=4,
          attrs=dict(epsilon=1e-5))
    check("SkipLayerNormalization", {"x": x, "skip": rand(1, 5, 16, seed=5), "gamma": gamma}, n_out=1)


def test_skip_simplified_layer_norm():
    x, skip, gamma = rand(2, 5, 16), rand(2, 5, 16, seed=1), rand(16, seed=2)
    # (onnxruntime's kernel leaves its mean output unset: outputs 0 and 3 only)
    m, feeds = node_model("SkipSimplifiedLayerNormalization", {"x": x, "skip": skip, "gamma": gamma,
                                                            "bias": rand(16, seed=3)},
                      attrs=dict(epsilon=1e-6), out_names=["y", "", "", "s"])
    assert_outputs_match(run_shlo(m, feeds), run_ort(m, feeds))


def test_default_domain_layer_norms_below_opset17():
    """onnxruntime's LayerNormalization / SimplifiedLayerNormalization, written by its optimizers in
    the default domain at opsets where ONNX has no LayerNormalization."""
    x, scale, b = rand(2, 3, 8), rand(8, seed=1), rand(8, seed=2)
    check("LayerNormalization", {"x": x, "scale": scale, "b": b}, attrs=dict(epsilon=1e-5), opset=13, domain="")
    check("SimplifiedLayerNormalization", {"x": x, "scale": scale}, attrs=dict(epsilon=1e-6), opset=13, domain="")


def test_embed_layer_norm():
    rng = np.random.default_rng(0)
    ids = rng.integers(0, 20, (2, 6)).astype(np.int32)
    seg = rng.integers(0, 2, (2, 6)).astype(np.int32)
    mask = np.ones((2, 6), np.int32)
    mask[1, 4:] = 0
    w = {"word": rand(20, 8, seed=1), "pos": rand(10, 8, seed=2), "segment": rand(2, 8, seed=3),
         "gamma": rand(8, seed=4), "beta": rand(8, seed=5)}
    check("EmbedLayerNormalization", {"ids": ids, "seg": seg, **w, "mask": mask}, consts=w, n_out=3,
          attrs=dict(epsilon=1e-12))
    check("EmbedLayerNormalization", {"ids": ids, "seg": None, "word": w["word"], "pos": w["pos"], "segment": None,
                                      "gamma": w["gamma"], "beta": w["beta"]}, n_out=2)


# ----------------------------------------------------------------------------- attention

def _attention_inputs(b=2, s=5, d=16, seed=0):
    return rand(b, s, d, seed=seed), rand(d, 3 * d, seed=seed + 1, scale=0.3), rand(3 * d, seed=seed + 2, scale=0.1)


@pytest.mark.parametrize("mask_kind", ["none", "end", "end_start", "raw2d", "raw3d"])
def test_attention_masks(mask_kind):
    x, w, bias = _attention_inputs()
    mask = {"none": None, "end": np.array([5, 3], np.int32), "end_start": np.array([5, 4, 0, 1], np.int32),
            "raw2d": np.array([[1, 1, 1, 0, 1], [1, 1, 0, 0, 0]], np.int32),
            "raw3d": (np.random.default_rng(3).random((2, 5, 5)) > 0.3).astype(np.int32)}[mask_kind]
    check("Attention", {"x": x, "w": w, "bias": bias, "mask": mask}, consts={"w": w, "bias": bias},
          attrs=dict(num_heads=4), rtol=1e-4, atol=1e-5)


def test_attention_unidirectional_past_present():
    x, w, bias = _attention_inputs(s=3)
    past = rand(2, 2, 4, 4, 4, seed=7)
    check("Attention", {"x": x, "w": w, "bias": bias, "mask": np.array([7, 6], np.int32), "past": past},
          consts={"w": w, "bias": bias}, n_out=2, attrs=dict(num_heads=4, unidirectional=1), rtol=1e-4, atol=1e-5)
    check("Attention", {"x": x, "w": w, "bias": bias}, consts={"w": w, "bias": bias}, n_out=2,
          attrs=dict(num_heads=4, unidirectional=1), rtol=1e-4, atol=1e-5)


def test_attention_bias_and_scale():
    x, w, bias = _attention_inputs(s=3)
    check("Attention", {"x": x, "w": w, "bias": bias, "mask": None, "past": None,
                        "attention_bias": rand(2, 4, 3, 3, seed=8)},
          consts={"w": w, "bias": bias}, attrs=dict(num_heads=4, scale=0.3), rtol=1e-4, atol=1e-5)


def test_attention_qkv_hidden_sizes():
    x = rand(2, 4, 12)
    w, bias = rand(12, 8 + 8 + 16, seed=1, scale=0.3), rand(32, seed=2, scale=0.1)
    check("Attention", {"x": x, "w": w, "bias": bias}, consts={"w": w, "bias": bias},
          attrs=dict(num_heads=2, qkv_hidden_sizes=[8, 8, 16]), rtol=1e-4, atol=1e-5)


def test_attention_shared_past_present_buffer_is_a_clear_error():
    """onnxruntime's CPU kernel refuses past_present_share_buffer (it does not pass
    past_sequence_length on), so there is nothing to check a conversion against."""
    x, w, bias = _attention_inputs(s=1)
    m, _ = node_model("Attention", {"x": x, "w": w, "bias": bias, "mask": None, "past": rand(2, 2, 4, 6, 4, seed=7),
                                    "attention_bias": None, "past_len": np.array([3], np.int32)},
                      consts={"w": w, "bias": bias}, n_out=2, attrs=dict(num_heads=4, past_present_share_buffer=1))
    m.graph.node[0].name = "attn0"
    with pytest.raises(shlo.ImportError, match=r"'attn0'.*past_present_share_buffer.*CPU kernel refuses it"):
        shlo.from_onnx(m)


@pytest.mark.parametrize("mask_kind", ["none", "end", "raw2d"])
def test_multi_head_attention(mask_kind):
    q, k, v = rand(2, 3, 16), rand(2, 5, 16, seed=1), rand(2, 5, 16, seed=2)
    bias = rand(48, seed=3, scale=0.1)
    mask = {"none": None, "end": np.array([5, 2], np.int32),
            "raw2d": np.array([[1, 1, 0, 1, 1], [1, 1, 1, 0, 0]], np.int32)}[mask_kind]
    check("MultiHeadAttention", {"q": q, "k": k, "v": v, "bias": bias, "mask": mask,
                                 "attention_bias": rand(1, 4, 3, 5, seed=4)},
          attrs=dict(num_heads=4), rtol=1e-4, atol=1e-5)


def test_multi_head_attention_past_and_bnsh_keys():
    q = rand(2, 3, 16)
    k, v = rand(2, 3, 16, seed=1), rand(2, 3, 16, seed=2)
    pk, pv = rand(2, 4, 2, 4, seed=3), rand(2, 4, 2, 4, seed=4)
    check("MultiHeadAttention", {"q": q, "k": k, "v": v, "bias": None, "mask": None, "attention_bias": None,
                                 "past_key": pk, "past_value": pv}, n_out=3, attrs=dict(num_heads=4, scale=0.4),
          rtol=1e-4, atol=1e-5)
    check("MultiHeadAttention", {"q": q, "k": rand(2, 4, 6, 4, seed=5), "v": rand(2, 4, 6, 4, seed=6)},
          attrs=dict(num_heads=4), rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("interleaved", [0, 1])
@pytest.mark.parametrize("layout", ["3d", "3d_offset", "4d"])
def test_rotary_embedding(interleaved, layout):
    b, s, n, h = 2, 5, 2, 8
    cos, sin = np.cos(rand(16, h // 2, seed=1)), np.sin(rand(16, h // 2, seed=2))
    x = rand(b, s, n * h) if layout.startswith("3d") else rand(b, n, s, h)
    pos = np.array([3], np.int64) if layout == "3d_offset" else \
        np.random.default_rng(3).integers(0, 16, (b, s)).astype(np.int64)
    c = {"cos": cos.astype(np.float32), "sin": sin.astype(np.float32)}
    check("RotaryEmbedding", {"x": x, "pos": pos, **c}, consts=c,
          attrs=dict(interleaved=interleaved, **({"num_heads": n} if layout == "4d" else {})))


def test_group_query_attention_prompt():
    gqa(2, 5, 0, [4, 4])
    gqa(2, 5, 0, [4, 4], rotary=True)
    gqa(1, 6, 0, [5], local_window_size=3, qk_output=1)         # output_qk: the scores, 0 outside the window
    gqa(1, 6, 0, [5], softcap=2.0, qk_output=1)                 # (after the softcap)
    gqa(2, 5, 0, [4, 2], bias=rand(2, 4, 5, 5, seed=9), qk_output=2)   # the second prompt right-padded after 3


def test_group_query_attention_decode_with_past():
    gqa(2, 1, 4, [4, 4])
    gqa(2, 1, 4, [4, 2], rotary=True, rotary_interleaved=1, qk_output=2)
    gqa(1, 3, 4, [6])                   # several new tokens after a past


def test_group_query_attention_packed_qkv():
    n, kvn, h = 4, 2, 16
    qkv = rand(2, 5, (n + 2 * kvn) * h, seed=6)
    check("GroupQueryAttention", {"qkv": qkv, "k": None, "v": None, "pk": None, "pv": None,
                                  "seqlens_k": np.array([4, 3], np.int32), "total": np.array(5, np.int32)},
          n_out=3, rtol=1e-4, atol=1e-5, attrs=dict(num_heads=n, kv_num_heads=kvn))


def test_group_query_attention_bad_qk_output():
    m, _ = node_model("GroupQueryAttention", {"q": rand(1, 2, 64), "k": rand(1, 2, 32), "v": rand(1, 2, 32),
                                              "pk": None, "pv": None, "seqlens_k": np.array([1], np.int32),
                                              "total": np.array(2, np.int32)},
                      n_out=4, attrs=dict(num_heads=4, kv_num_heads=2, qk_output=3))
    m.graph.node[0].name = "gqa0"
    with pytest.raises(shlo.ImportError, match=r"'gqa0'.*qk_output=3"):
        shlo.from_onnx(m)


# ----------------------------------------------------------------------------- quantized

QT = [np.uint8, np.int8]


@pytest.mark.parametrize("dtype", QT)
@pytest.mark.parametrize("op", ["QLinearAdd", "QLinearMul"])
def test_qlinear_binary(op, dtype):
    for seed in range(3):
        a, b = ints(2, 3, 4, dtype=dtype, seed=seed), ints(3, 4, dtype=dtype, seed=seed + 10)
        zp = lambda v: np.asarray(v, dtype)  # noqa: E731
        c = {"sa": f32(0.05), "za": zp(3), "sb": f32(0.02), "zb": zp(-5 if dtype == np.int8 else 9),
             "sc": f32(0.07 if op == "QLinearAdd" else 0.6), "zc": zp(1)}
        check(op, {"a": a, "sa": c["sa"], "za": c["za"], "b": b, "sb": c["sb"], "zb": c["zb"], "sc": c["sc"],
                   "zc": c["zc"]}, consts=c)


@pytest.mark.parametrize("dtype", QT)
def test_qlinear_unary(dtype):
    zx, zy = np.asarray(7, dtype), np.asarray(-100 if dtype == np.int8 else 2, dtype)
    for seed in range(2):
        x = ints(4, 64, dtype=dtype, seed=seed)
        c = {"sx": f32(0.031), "zx": zx, "sy": f32(1 / 250), "zy": zy}
        check("QLinearSigmoid", {"x": x, **c}, consts=c)
        c2 = dict(c, sy=f32(0.02), zy=np.asarray(0, dtype))
        check("QLinearLeakyRelu", {"x": x, **c2}, consts=c2, attrs=dict(alpha=0.15))


def test_qlinear_concat():
    a, b = ints(2, 3, 4), ints(2, 5, 4, seed=1)
    c = {"sy": f32(0.1), "zy": np.uint8(128), "sa": f32(0.05), "za": np.uint8(100), "sb": f32(0.2), "zb": np.uint8(10)}
    check("QLinearConcat", {"sy": c["sy"], "zy": c["zy"], "a": a, "sa": c["sa"], "za": c["za"], "b": b,
                            "sb": c["sb"], "zb": c["zb"]}, consts=c, attrs=dict(axis=1))


@pytest.mark.parametrize("channels_last", [0, 1])
@pytest.mark.parametrize("dtype", QT)
def test_qlinear_pools(channels_last, dtype):
    x = ints(2, 6, 5, 5, dtype=dtype) if not channels_last else ints(2, 5, 5, 6, dtype=dtype)
    c = {"sx": f32(0.04), "zx": np.asarray(5, dtype), "sy": f32(0.03),
         "zy": np.asarray(-3 if dtype == np.int8 else 3, dtype)}
    check("QLinearGlobalAveragePool", {"x": x, **c}, consts=c, attrs=dict(channels_last=channels_last))
    check("QLinearAveragePool", {"x": x, **c}, consts=c,
          attrs=dict(channels_last=channels_last, kernel_shape=[3, 3], strides=[2, 2], pads=[1, 1, 1, 1],
                     count_include_pad=channels_last))


@pytest.mark.parametrize("dtype", QT)
def test_nhwc_max_pool(dtype):
    check("NhwcMaxPool", {"x": ints(2, 7, 7, 5, dtype=dtype)}, attrs=dict(kernel_shape=[3, 3], strides=[2, 2],
                                                                       pads=[1, 1, 1, 1]))


@pytest.mark.parametrize("float_out", [False, True])
@pytest.mark.parametrize("per_column", [False, True])
def test_qgemm(float_out, per_column):
    # b within [-64, 63]: onnxruntime's u8 x s8 kernel on AVX2 without VNNI adds products in pairs in int16
    # with saturation (vpmaddubsw), so full-range weights give machine-dependent results there
    a, b = ints(3, 8, seed=1), (ints(5, 8, dtype=np.int8, seed=2) // 2).astype(np.int8)
    sb = f32(np.linspace(0.01, 0.03, 5)) if per_column else f32(0.02)
    zb = np.zeros(5, np.int8) if per_column else np.int8(0)
    c = {"sa": f32(0.05), "za": np.uint8(120), "b": b, "sb": sb, "zb": zb,
         "c": np.random.default_rng(3).integers(-500, 500, 5).astype(np.int32)}
    if not float_out:
        c.update(sy=f32(0.3), zy=np.uint8(128))
    check("QGemm", {"a": a, **c}, consts=c, attrs=dict(transB=1, alpha=0.75))


@pytest.mark.parametrize("dtype,opset,axis", [(np.uint8, 13, -1), (np.int8, 13, 1), (np.uint8, 12, 1)])
def test_qlinear_softmax(dtype, opset, axis):
    for seed in range(2):
        x = ints(2, 4, 6, dtype=dtype, seed=seed)
        c = {"sx": f32(0.05), "zx": np.asarray(4, dtype), "sy": f32(1 / 256),
             "zy": np.asarray(-128 if dtype == np.int8 else 0, dtype)}
        check("QLinearSoftmax", {"x": x, **c}, consts=c, attrs=dict(opset=opset, axis=axis))


def test_integer_matmuls():
    a = rand(3, 4, 16)
    b = ints(16, 6, dtype=np.int8, seed=1) // 2       # 7-bit s8 weights: see test_qgemm
    c = {"b": b, "sb": f32(np.linspace(0.01, 0.02, 6)), "zb": np.zeros(6, np.int8), "bias": rand(6, seed=2)}
    check("DynamicQuantizeMatMul", {"a": a, **c}, consts=c, rtol=1e-5, atol=1e-5)
    qa = ints(3, 16, seed=3)
    c2 = {"b": ints(16, 6, seed=4), "sa": f32(0.05), "sb": f32(0.02), "za": np.uint8(128), "zb": np.uint8(3),
          "bias": rand(6, seed=5)}
    check("MatMulIntegerToFloat", {"a": qa, **c2}, consts=c2)
    a16 = np.random.default_rng(6).integers(-3000, 3000, (3, 16)).astype(np.int16)
    b16 = np.random.default_rng(7).integers(-3000, 3000, (16, 4)).astype(np.int16)
    check("MatMulInteger16", {"a": a16, "b": b16})


@pytest.mark.parametrize("direction,signed,per_channel", [("forward", True, True), ("bidirectional", False, False),
                                                           ("reverse", True, False)])
def test_dynamic_quantize_lstm(direction, signed, per_channel):
    """quantize_dynamic's LSTM: 8-bit W (D, I, 4H) / R (D, H, 4H), per-direction or per-column
    scales; all steps' inputs quantized as one block, each step's hidden state as another."""
    d, i, h = (2 if direction == "bidirectional" else 1), 3, 4
    dtype = np.int8 if signed else np.uint8
    scale_shape = (d, 4 * h) if per_channel else (d,)
    zp = np.zeros(scale_shape, dtype) if signed else np.full(scale_shape, 121, dtype)
    w, r = ints(d, i, 4 * h, dtype=dtype, seed=1), ints(d, h, 4 * h, dtype=dtype, seed=2)
    if signed:                          # 7-bit s8 weights: see test_qgemm
        w, r = w // 2, r // 2
    c = {"w": w, "r": r, "b": rand(d, 8 * h, seed=3, scale=0.3)}
    q = {"ws": f32(np.linspace(0.004, 0.02, int(np.prod(scale_shape))).reshape(scale_shape)), "wz": zp,
         "rs": f32(np.full(scale_shape, 0.011)), "rz": zp}
    inputs = {"x": rand(5, 2, i, seed=4), **c, "lens": None, "h0": rand(d, 2, h, seed=5), "c0": None, "p": None, **q}
    check("DynamicQuantizeLSTM", inputs, consts={**c, **q}, n_out=3, attrs={"hidden_size": h, "direction": direction},
          rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("zero_points", ["none", "packed", "float"])
def test_matmul_nbits(zero_points):
    k, n, block = 40, 6, 16           # K not a multiple of the block: the last block is padded
    c = nbits_weights(k, n, block, zero_points=zero_points)
    check("MatMulNBits", {"a": rand(2, 3, k), **c}, consts=c, attrs=dict(K=k, N=n, bits=4, block_size=block),
          rtol=1e-4, atol=1e-4)


def test_qattention():
    x = ints(2, 5, 16, seed=1)
    w = ints(16, 48, dtype=np.int8, seed=2) // 2       # 7-bit s8 weights: see test_qgemm
    c = {"w": w, "bias": rand(48, seed=3, scale=0.1), "sx": f32(0.02), "sw": f32(0.01)}
    check("QAttention", {"x": x, **c, "mask": np.array([5, 3], np.int32), "zx": np.uint8(128)},
          consts=dict(c, zx=np.uint8(128)), attrs=dict(num_heads=4), rtol=1e-4, atol=1e-5)
    check("QAttention", {"x": x, **c}, consts=c, attrs=dict(num_heads=2, unidirectional=1), rtol=1e-4, atol=1e-5)


def test_qembed_layer_norm():
    rng = np.random.default_rng(0)
    ids = rng.integers(0, 20, (2, 6)).astype(np.int32)
    seg = rng.integers(0, 2, (2, 6)).astype(np.int32)
    mask = np.ones((2, 6), np.int32)
    mask[0, 5:] = 0
    q = {"word": ints(20, 8, seed=1), "pos": ints(10, 8, seed=2), "segment": ints(2, 8, seed=3),
         "gamma": ints(8, seed=4), "beta": ints(8, seed=5)}
    scales = {f"{k}_scale": f32(0.01 * (i + 1)) for i, k in enumerate(q)}
    zps = {f"{k}_zp": np.uint8(100 + i) for i, k in enumerate(q)}
    check("QEmbedLayerNormalization", {"ids": ids, "seg": seg, **q, "mask": mask, **scales, **zps},
          consts={**q, **scales, **zps}, n_out=2, attrs=dict(epsilon=1e-12), rtol=1e-5, atol=1e-5)


def test_contrib_quantize_dequantize():
    x = rand(2, 3, 4, scale=3)
    c = {"s": f32([0.05, 0.1, 0.2]), "z": np.array([0, 10, 250], np.uint8)}
    check("QuantizeLinear", {"x": x, **c}, consts=c, attrs=dict(axis=1))
    c16 = {"s": f32(0.001), "z": np.uint16(30000)}
    check("QuantizeLinear", {"x": x, **c16}, consts=c16)
    check("DequantizeLinear", {"q": ints(2, 3, 4, dtype=np.uint16), **c16}, consts=c16)


@pytest.mark.parametrize("bits", [2, 8])
def test_matmul_nbits_other_widths(bits):
    k, n, block = 40, 6, 16
    c = nbits_weights(k, n, block, bits=bits, seed=1)
    check("MatMulNBits", {"a": rand(2, 3, k), **c}, consts=c, attrs=dict(K=k, N=n, bits=bits, block_size=block),
          rtol=1e-4, atol=1e-4)


# ----------------------------------------------------------------------------- errors, models

def test_uncovered_contrib_op_names_node_and_op():
    m, _ = node_model("GridSample", {"x": rand(1, 1, 4, 4), "g": rand(1, 2, 2, 2)})
    m.graph.node[0].name = "sampler"
    with pytest.raises(shlo.ImportError) as e:
        shlo.from_onnx(m)
    text = str(e.value)
    assert "com.microsoft.GridSample" in text and "'sampler'" in text and "QLinearAdd" in text


def test_other_domain_is_a_clear_error():
    m, _ = node_model("Frobnicate", {"x": rand(1, 8, 4, 4)}, domain="com.example")
    with pytest.raises(shlo.ImportError, match="domain 'com.example' is not supported"):
        shlo.from_onnx(m)
    # (onnxruntime's NCHWc ops: tests/onnx/test_contrib_nchwc.py)
    m, _ = node_model("Frobnicate", {"x": rand(1, 8, 4, 4)}, domain="com.microsoft.nchwc")
    with pytest.raises(shlo.ImportError, match="NCHWc layout op is not supported.*ReorderInput"):
        shlo.from_onnx(m)


def test_contrib_domain_need_not_be_imported():
    """onnxruntime's transformers optimizer can leave com.microsoft out of opset_import; onnxruntime
    runs such models, so does the importer."""
    x, bias = rand(2, 8), rand(8, seed=1)
    m, feeds = node_model("BiasGelu", {"x": x, "bias": bias})
    del m.opset_import[1]
    assert_outputs_match(run_shlo(m, feeds), run_ort(m, feeds), atol=1e-6)


def _ort_specs():
    import onnx_heldout_ort_models as models
    return {s.name: s for s in models.SPECS}


# the contrib ops each model from onnxruntime's tools must contain (so that the tools still make them)
EXPECTED = {
    "ort_extended_fused_convnet": {"FusedConv"},
    "ort_extended_mlp_skip_layernorm_opset13": {"BiasGelu", "QuickGelu", "FusedMatMul", "SkipLayerNormalization"},
    "ort_extended_mlp_layernorm_opset13": {"BiasGelu", "QuickGelu", "FusedMatMul", "LayerNormalization"},
    "ort_extended_dynamic_quantize_matmul": {"DynamicQuantizeMatMul"},
    "ort_extended_matmul_integer_to_float": {"MatMulIntegerToFloat"},
    "ort_qoperator_convnet_uint8": {"QLinearAdd", "QLinearMul", "QLinearSigmoid", "QLinearLeakyRelu", "QLinearConcat",
                                    "QLinearAveragePool", "QLinearGlobalAveragePool", "QGemm", "QLinearSoftmax"},
    "ort_qoperator_convnet_uint8_all_nhwc": {"QLinearConv"},
    "ort_all_qoperator_maxpool_nhwc": {"QLinearConv", "NhwcMaxPool"},
    "ort_extended_transformer_decoder": {"FusedMatMul"},
    "ort_genai_style_decoder_layer": {"GroupQueryAttention", "MatMulNBits", "SkipSimplifiedLayerNormalization",
                                      "SimplifiedLayerNormalization"},
    "ort_extended_unet_dynamic_hw": {"FusedConv", "QuickGelu"},
    "ort_extended_qdq_convnet": {"QLinearGlobalAveragePool"},
    "ort_matmul_nbits_asymmetric_block16": {"MatMulNBits"},
    "ort_qdq_contrib_quantize_ops_convnet": {"QuantizeLinear", "DequantizeLinear"},
    "ort_transformers_bert_quantize_dynamic": {"QAttention", "QEmbedLayerNormalization"},
    "ort_transformers_bert_attention": {"Attention", "EmbedLayerNormalization", "SkipLayerNormalization", "BiasGelu"},
    "ort_transformers_bert_multihead_attention": {"MultiHeadAttention"},
    "ort_transformers_gpt2_extended": {"FusedMatMul", "FastGelu"},
    "ort_transformers_t5_encoder": {"SkipSimplifiedLayerNormalization"},
    "ort_transformers_whisper_encoder": {"Gelu"},
    "ort_all_nchwc_convnet_dynamic_batch": {"ReorderOutput", "Conv", "AveragePool", "Upsample"},
    "ort_transformers_unet_packed_kv_attention": {"MultiHeadAttention"},
    "ort_mha_to_gqa_shared_buffer": {"GroupQueryAttention"},
}


def _params():
    slow = pytest.mark.skipif(not LONG, reason="transformers models: SHLO_ONNX_LIGHT=1")
    return [pytest.param(n, marks=[slow] if s.slow else []) for n, s in sorted(_ort_specs().items())]


@pytest.mark.parametrize("name", _params())
def test_model_from_onnxruntime_tools(name):
    import warnings

    import onnx_heldout as heldout
    import onnx_heldout_models as base
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        case = base.build(_ort_specs()[name])
    ops = {n.op_type for n in case.model.graph.node}
    assert EXPECTED.get(name, set()) <= ops, EXPECTED[name] - ops
    assert any(n.domain in (MS, "com.microsoft.nchwc") for n in case.model.graph.node) or "layernorm" in name
    r = heldout.run_case(case)
    assert r["status"] == "pass", f"{name}: {r['status']}: {r['detail']}\n{r.get('trace', '')}"
