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
