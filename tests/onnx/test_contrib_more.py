"""onnxruntime's com.microsoft ops, the options added after test_contrib.py: MatMulNBits' g_idx,
GroupQueryAttention's shared past / present buffer, position_ids, head_sink and smooth_softmax,
MultiHeadAttention's packed QKV / KV. Each against onnxruntime's CPU kernel, or, where that
kernel refuses the option (packed MultiHeadAttention inputs run on CUDA only), against
onnxruntime on the same op with the inputs unpacked."""
from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("onnxruntime")
from test_contrib import _model, _ort, check, f32, rand  # noqa: E402

import shlo  # noqa: E402


def _nbits_g_idx(seed=2, k=48, n=6, block=16):
    blocks = k // block
    rng = np.random.default_rng(seed)
    return (rng.integers(0, 256, (n, blocks, block // 2)).astype(np.uint8), f32(rng.random(n * blocks) * 0.1 + 0.01),
            rng.integers(0, 256, (n * ((blocks + 1) // 2))).astype(np.uint8), rng.integers(0, blocks, k).astype(np.int32))


@pytest.mark.parametrize("zero_points", ["none", "float"])
def test_matmul_nbits_g_idx(zero_points):
    """Act-order: row k of B is scaled by block g_idx[k]'s scale and zero point."""
    k, n, block = 48, 6, 16
    b, scales, _, g_idx = _nbits_g_idx()
    zp = f32(np.random.default_rng(3).random(n * (k // block)) * 15) if zero_points == "float" else None
    c = {"b": b, "scales": scales, "zp": zp, "g_idx": g_idx}
    check("MatMulNBits", {"a": rand(2, 3, k), **c}, consts={name: v for name, v in c.items() if v is not None},
          attrs=dict(K=k, N=n, bits=4, block_size=block), rtol=1e-4, atol=1e-4)


def test_matmul_nbits_g_idx_packed_zero_points():
    """Packed 4-bit zero points with g_idx: onnxruntime's CPU kernel (1.32) reads them into a local
    it never uses and dequantizes with 8; we take block g_idx[k]'s zero point, as its schema says,
    checked against onnxruntime given the same zero points unpacked to floats."""
    k, n, block = 48, 6, 16
    blocks = k // block
    b, scales, zp, g_idx = _nbits_g_idx()
    z = zp.reshape(n, -1)
    zf = f32(np.stack([z & 15, z >> 4], -1).reshape(n, -1)[:, :blocks].reshape(-1))
    a = rand(2, 3, k)
    attrs = dict(K=k, N=n, bits=4, block_size=block)
    c = {"b": b, "scales": scales, "zp": zp, "g_idx": g_idx}
    m, feeds = _model("MatMulNBits", {"a": a, **c}, consts=c, attrs=attrs)
    got = shlo.interpret(shlo.from_onnx(m), *feeds)
    cf = dict(c, zp=zf)
    want = _ort(*_model("MatMulNBits", {"a": a, **cf}, consts=cf, attrs=attrs))[0]
    got = got[0] if isinstance(got, (list, tuple)) else got
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-4, atol=1e-4)


def _gqa(b, s, p, seqlens, total, rotary=False, pos=None, sink=None, total_const=False, **attrs):
    n, kvn, h = 4, 2, 16
    ins = {"q": rand(b, s, n * h, seed=1), "k": rand(b, s, kvn * h, seed=2), "v": rand(b, s, kvn * h, seed=3),
           "past_key": rand(b, kvn, p, h, seed=4) if p else None,
           "past_value": rand(b, kvn, p, h, seed=5) if p else None,
           "seqlens_k": np.array(seqlens, np.int32), "total": np.array(total, np.int32)}
    angles = np.arange(32)[:, None] * (0.1 / (1 + np.arange(h // 2)))[None, :]
    c = {"cos": f32(np.cos(angles)), "sin": f32(np.sin(angles))} if rotary else {"cos": None, "sin": None}
    ins.update(c, pos=pos, attention_bias=None, sink=sink)
    consts = {name: v for name, v in c.items() if v is not None}
    if total_const:
        consts["total"] = ins["total"]
    check("GroupQueryAttention", ins, consts=consts, n_out=3, rtol=1e-4, atol=1e-5,
          attrs=dict(num_heads=n, kv_num_heads=kvn, do_rotary=int(rotary), **attrs))


@pytest.mark.parametrize("total_const", [False, True])
def test_group_query_attention_shared_buffer(total_const):
    """Past and present of one maximum length (8): present keeps it, the new tokens written at
    each row's length; a first prompt into the empty buffer, a decode step, two new tokens
    (onnxruntime takes several new tokens after a past for one batch row only)."""
    _gqa(1, 5, 8, [4], 5, total_const=total_const)                    # prompt (onnxruntime: one row)
    _gqa(2, 1, 8, [4, 2], 5, total_const=total_const)                # decode
    _gqa(1, 2, 8, [6], 7, rotary=True, total_const=total_const)       # two new tokens, rotary
    _gqa(1, 1, 4, [4], 5, total_const=total_const)                    # separate buffers: past + S


def test_group_query_attention_position_ids():
    pos = np.array([[7], [1]], np.int64)                 # not the rows' own positions: they decide
    _gqa(2, 1, 4, [4, 2], 5, rotary=True, pos=pos)
    # several new tokens: onnxruntime's CPU kernel reads position_ids[0, 0] as one offset for all rows
    _gqa(2, 3, 0, [2, 2], 3, rotary=True, pos=np.array([[5, 9, 9], [0, 1, 2]], np.int64))


def test_group_query_attention_smooth_softmax_and_head_sink():
    _gqa(2, 5, 0, [4, 2], 5, smooth_softmax=1)
    _gqa(2, 1, 4, [4, 2], 5, smooth_softmax=1)
    _gqa(2, 1, 4, [4, 2], 5, sink=f32([0.5, -1.0, 2.0, 0.0]))


def test_group_query_attention_shared_buffer_dynamic_sizes():
    """One import with symbolic batch, sequence and buffer lengths and a run-time total: a prompt
    into an 8-long shared buffer, a decode step into it, and a decode step with separate past /
    present buffers (present = past + 1), from the same program."""
    from onnx import TensorProto as T
    from onnx import helper, numpy_helper
    n, kvn, h = 4, 2, 16
    vi = helper.make_tensor_value_info
    angles = np.arange(32)[:, None] * (0.1 / (1 + np.arange(h // 2)))[None, :]
    caches = [numpy_helper.from_array(f32(np.cos(angles)), "cos"), numpy_helper.from_array(f32(np.sin(angles)), "sin")]
    node = helper.make_node("GroupQueryAttention", ["q", "k", "v", "pk", "pv", "seqlens", "total", "cos", "sin"],
                            ["y", "present_k", "present_v"], domain="com.microsoft", num_heads=n, kv_num_heads=kvn,
                            do_rotary=1)
    g = helper.make_graph([node], "g", [vi("q", T.FLOAT, ["b", "s", n * h]), vi("k", T.FLOAT, ["b", "s", kvn * h]),
                                        vi("v", T.FLOAT, ["b", "s", kvn * h]), vi("pk", T.FLOAT, ["b", kvn, "p", h]),
                                        vi("pv", T.FLOAT, ["b", kvn, "p", h]), vi("seqlens", T.INT32, ["b"]),
                                        vi("total", T.INT32, [])],
                          [vi("y", T.FLOAT, None), vi("present_k", T.FLOAT, None), vi("present_v", T.FLOAT, None)],
                          caches)
    m = helper.make_model(g, opset_imports=[helper.make_opsetid("", 17), helper.make_opsetid("com.microsoft", 1)])
    m.ir_version = 8
    prog = shlo.from_onnx(m)
    for b, s, p, seqlens, total in ((1, 5, 8, [4], 5), (2, 1, 8, [5, 3], 6), (2, 1, 5, [5, 3], 6)):
        feeds = [rand(b, s, n * h, seed=1), rand(b, s, kvn * h, seed=2), rand(b, s, kvn * h, seed=3),
                 rand(b, kvn, p, h, seed=4), rand(b, kvn, p, h, seed=5), np.array(seqlens, np.int32),
                 np.array(total, np.int32)]
        want = _ort(m, feeds)
        assert want[1].shape[2] == max(p, total)
        for g_, w in zip(shlo.interpret(prog, *feeds), want):
            np.testing.assert_allclose(np.asarray(g_), w, rtol=1e-4, atol=1e-5)


def _mha_both(packed_inputs, plain_inputs, attrs, n_out=1):
    """MultiHeadAttention on packed inputs through shlo against onnxruntime on the same inputs
    unpacked (its CPU kernel refuses packed ones)."""
    m, feeds = _model("MultiHeadAttention", packed_inputs, n_out=n_out, attrs=attrs)
    got = shlo.interpret(shlo.from_onnx(m), *feeds)
    got = got if isinstance(got, (list, tuple)) else [got]
    want = _ort(*_model("MultiHeadAttention", plain_inputs, n_out=n_out, attrs=attrs))
    assert np.asarray(got[0]).shape == want[0].shape
    for g, w in zip(got, want):
        np.testing.assert_allclose(np.asarray(g), w, rtol=1e-4, atol=1e-5)


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
    m, _ = _model("MultiHeadAttention", {"q": rand(2, 5, 3, 3, 8), "k": None, "v": None}, attrs=dict(num_heads=4))
    with pytest.raises(shlo.ImportError, match="3 heads with num_heads=4"):
        shlo.from_onnx(m)
