"""onnxruntime's com.microsoft ops, the options added after test_contrib.py: MatMulNBits' g_idx,
GroupQueryAttention's shared past / present buffer, position_ids, head_sink and smooth_softmax,
MultiHeadAttention's packed QKV / KV. Each against onnxruntime's CPU kernel, or, where that
kernel refuses the option (packed MultiHeadAttention inputs run on CUDA only), against
onnxruntime on the same op with the inputs unpacked."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("onnxruntime")
from contrib_checks import (assert_outputs_match, check, f32, gqa, gqa_dynamic_feeds,  # noqa: E402
                            gqa_dynamic_model, nbits_weights, node_model, rand, run_ort, run_shlo)

import shlo  # noqa: E402


def _nbits_g_idx(k=48, n=6, block=16):
    c = nbits_weights(k, n, block, seed=2)
    return c, np.random.default_rng(4).integers(0, k // block, k).astype(np.int32)


@pytest.mark.parametrize("zero_points", ["none", "float"])
def test_matmul_nbits_g_idx(zero_points):
    """Act-order: row k of B is scaled by block g_idx[k]'s scale and zero point."""
    k, n, block = 48, 6, 16
    c, g_idx = _nbits_g_idx()
    zp = f32(np.random.default_rng(3).random(n * (k // block)) * 15) if zero_points == "float" else None
    c = {"b": c["b"], "scales": c["scales"], "zp": zp, "g_idx": g_idx}
    check("MatMulNBits", {"a": rand(2, 3, k), **c}, consts={name: v for name, v in c.items() if v is not None},
          attrs=dict(K=k, N=n, bits=4, block_size=block), rtol=1e-4, atol=1e-4)


def test_matmul_nbits_g_idx_packed_zero_points():
    """Packed 4-bit zero points with g_idx: onnxruntime's CPU kernel (1.32) reads them into a local
    it never uses and dequantizes with 8; we take block g_idx[k]'s zero point, as its schema says,
    checked against onnxruntime given the same zero points unpacked to floats."""
    k, n, block = 48, 6, 16
    blocks = k // block
    c, g_idx = _nbits_g_idx()
    c["g_idx"] = g_idx
    z = c["zp"].reshape(n, -1)
    zf = f32(np.stack([z & 15, z >> 4], -1).reshape(n, -1)[:, :blocks].reshape(-1))
    a = rand(2, 3, k)
    attrs = dict(K=k, N=n, bits=4, block_size=block)
    got = run_shlo(*node_model("MatMulNBits", {"a": a, **c}, consts=c, attrs=attrs))
    cf = dict(c, zp=zf)
    assert_outputs_match(got, run_ort(*node_model("MatMulNBits", {"a": a, **cf}, consts=cf, attrs=attrs)), 1e-4, 1e-4)


@pytest.mark.parametrize("total_const", [False, True])
def test_group_query_attention_shared_buffer(total_const):
    """Past and present of one maximum length (8): present keeps it, the new tokens written at
    each row's length; a first prompt into the empty buffer, a decode step, two new tokens
    (onnxruntime takes several new tokens after a past for one batch row only). output_qk keeps
    total_sequence_length columns, not the buffer's."""
    gqa(1, 5, 8, [4], 5, total_const=total_const)                     # prompt (onnxruntime: one row)
    gqa(2, 1, 8, [4, 2], 5, total_const=total_const, qk_output=1)     # decode
    gqa(1, 2, 8, [6], 7, rotary=True, total_const=total_const)        # two new tokens, rotary
    gqa(1, 1, 4, [4], 5, total_const=total_const)                     # separate buffers: past + S


def test_group_query_attention_position_ids():
    pos = np.array([[7], [1]], np.int64)                 # not the rows' own positions: they decide
    gqa(2, 1, 4, [4, 2], 5, rotary=True, pos=pos)
    # several new tokens: onnxruntime's CPU kernel reads position_ids[0, 0] as one offset for all rows
    gqa(2, 3, 0, [2, 2], 3, rotary=True, pos=np.array([[5, 9, 9], [0, 1, 2]], np.int64))


def test_group_query_attention_smooth_softmax_and_head_sink():
    gqa(2, 5, 0, [4, 2], 5, smooth_softmax=1)
    gqa(2, 1, 4, [4, 2], 5, smooth_softmax=1, qk_output=2)       # output_qk: probabilities without the sink's share
    gqa(2, 1, 4, [4, 2], 5, sink=f32([0.5, -1.0, 2.0, 0.0]))


def test_group_query_attention_dynamic_sizes():
    """One import with symbolic batch, sequence and buffer lengths and a run-time total (output_qk
    cut to it): a padded prompt, a prompt into an 8-long shared buffer, a decode step into it, and
    a decode step with separate past / present buffers (present = past + 1), from one program."""
    m = gqa_dynamic_model(qk_output=1)
    prog = shlo.from_onnx(m)
    for b, s, p, seqlens, total in ((2, 5, 0, [4, 2], 5), (1, 5, 8, [4], 5), (2, 1, 8, [5, 3], 6),
                                    (2, 1, 5, [5, 3], 6)):
        feeds = gqa_dynamic_feeds(b, s, p, seqlens, total)
        want = run_ort(m, feeds)
        assert want[1].shape[2] == max(p, total) and want[3].shape[3] == total
        assert_outputs_match(run_shlo(m, feeds, prog), want, rtol=1e-4, atol=1e-5)


def _mha_both(packed_inputs, plain_inputs, attrs, n_out=1):
    """MultiHeadAttention on packed inputs through shlo against onnxruntime on the same inputs
    unpacked (its CPU kernel refuses packed ones)."""
    got = run_shlo(*node_model("MultiHeadAttention", packed_inputs, n_out=n_out, attrs=attrs))
    assert_outputs_match(got, run_ort(*node_model("MultiHeadAttention", plain_inputs, n_out=n_out, attrs=attrs)),
                         rtol=1e-4, atol=1e-5)


@pytest.mark.parametrize("with_bias", [False, True])
def test_multi_head_attention_packed_qkv(with_bias):
    b, s, n, h = 2, 5, 4, 8
    qkv = rand(b, s, n, 3, h)
    q, k, v = (qkv[:, :, :, i].reshape(b, s, n * h) for i in range(3))
    bias = rand(3 * n * h, seed=3, scale=0.1) if with_bias else None
    mask = np.array([[1, 1, 1, 0, 1], [1, 1, 0, 0, 0]], np.int32)
    _mha_both({"q": qkv, "k": None, "v": None, "bias": bias, "mask": mask},
              {"q": q, "k": k, "v": v, "bias": bias, "mask": mask}, dict(num_heads=n, unidirectional=1))


def test_multi_head_attention_packed_kv():
    b, s, t, n, h = 2, 3, 6, 4, 8
    q, kv = rand(b, s, n * h), rand(b, t, n, 2, h, seed=1)
    k, v = (kv[:, :, :, i].reshape(b, t, n * h) for i in range(2))
    bias = rand(3 * n * h, seed=3, scale=0.1)
    _mha_both({"q": q, "k": kv, "v": None, "bias": bias}, {"q": q, "k": k, "v": v, "bias": bias},
              dict(num_heads=n, scale=0.3))


def test_multi_head_attention_packed_errors():
    m, _ = node_model("MultiHeadAttention", {"q": rand(2, 5, 3, 3, 8), "k": None, "v": None}, attrs=dict(num_heads=4))
    with pytest.raises(shlo.ImportError, match="3 heads with num_heads=4"):
        shlo.from_onnx(m)
