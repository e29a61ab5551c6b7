"""Sequence ops: Attention (opsets 23..25: masks, causal / sliding-window / padding biases, KV
cache, grouped heads, softcap) and RotaryEmbedding; RNN / LSTM / GRU.

Attention follows onnx's reference: the attention bias is built first (a float mask added, a
bool mask as 0 / -inf), rows that the bias masks entirely give zeros (not NaN), and Q and K are
each scaled by sqrt(scale) before their product."""
from __future__ import annotations

import numpy as np

from ....types import tensor_type
from .. import dtypes
from ..registry import converts
from .nn import bin_op, dot, keep, reduce1

I64 = "i64"


def _iota(cx, shape, dim, element=I64):
    return cx.op("iota", iota_dimension=dim, result_types=[tensor_type(shape, element)])


def _static(cx, v, what):
    sizes = cx.sizes_of(v)
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} needs static sizes")
    return sizes


def _heads(cx, x, n_heads):
    """(B, S, H * D) -> (B, H, S, D)."""
    b, s, hidden = _static(cx, x, "Attention with 3-D inputs")
    x = cx.reshape(x, [b, s, n_heads, hidden // n_heads])
    return cx.op("transpose", x, permutation=[0, 2, 1, 3])


def _where(cx, pred, a, b):
    sizes = cx.broadcast_sizes(pred, a, b)
    return cx.op("select", cx.broadcast(pred, sizes), cx.broadcast(a, sizes), cx.broadcast(b, sizes))


def _as4(cx, v):
    sizes = cx.sizes_of(v)
    return cx.reshape(v, [1] * (4 - len(sizes)) + sizes)


class _Bias:
    """The additive attention bias, kept as a 4-D value (broadcastable to B, H, q, kv) or None."""

    def __init__(self, cx, element):
        self.cx, self.element, self.value = cx, element, None

    def neg_inf_unless(self, allowed):
        cx = self.cx
        sizes = cx.sizes_of(allowed)
        return cx.op("select", allowed, cx.const(0, self.element, sizes), cx.const(-np.inf, self.element, sizes))

    def add(self, v):
        v = _as4(self.cx, v)
        self.value = v if self.value is None else bin_op(self.cx, "add", self.value, v)


def _offset_pos(cx, q, kv, offset, nonpad):
    """i + offset - j over (B or 1, 1, q, kv): the query's absolute position minus the key's."""
    i = _iota(cx, [1, 1, q, kv], 2)
    j = _iota(cx, [1, 1, q, kv], 3)
    d = cx.op("subtract", i, j)
    if nonpad is not None:        # per batch: offset = nonpad_kv_seqlen - q
        b = _static(cx, nonpad, "nonpad_kv_seqlen")[0]
        off = cx.op("subtract", cx.convert(nonpad, I64), cx.const(q, I64, [b]))
        return bin_op(cx, "add", d, cx.reshape(off, [b, 1, 1, 1]))
    return cx.op("add", d, cx.const(offset, I64, [1, 1, q, kv]))


@converts("Attention", since=23)
def attention(cx, q, k, v, attn_mask=None, past_key=None, past_value=None, nonpad_kv_seqlen=None, scale=None,
              is_causal=0, q_num_heads=None, kv_num_heads=None, softmax_precision=None, softcap=0.0,
              qk_matmul_output_mode=0, left_window_size=-1, right_window_size=-1):
    element = cx.element(q)
    three_d = cx.rank(q) == 3
    if three_d:
        if q_num_heads is None or kv_num_heads is None:
            raise cx.error("3-D inputs need q_num_heads and kv_num_heads")
        q, k, v = _heads(cx, q, q_num_heads), _heads(cx, k, kv_num_heads), _heads(cx, v, kv_num_heads)
    bq, hq, sq, dq = _static(cx, q, "Attention")
    if scale is None:
        scale = 1.0 / np.sqrt(dq)
    root = cx.const(np.sqrt(np.float32(scale)), element)
    present_k = k if past_key is None else cx.op("concatenate", [past_key, k], dimension=2)
    present_v = v if past_value is None else cx.op("concatenate", [past_value, v], dimension=2)
    kv = _static(cx, present_k, "Attention")[2]
    past_len = 0 if past_key is None else _static(cx, past_key, "past_key")[2]

    bias = _Bias(cx, element)
    mask = attn_mask
    if mask is not None:
        width = _static(cx, mask, "attn_mask")[-1]
        if width < kv:          # a shorter mask is padded as masked out
            fill = cx.const(False if cx.element(mask) == "i1" else -np.inf, cx.element(mask))
            r = cx.rank(mask)
            mask = cx.op("pad", mask, fill, edge_padding_low=[0] * r, edge_padding_high=[0] * (r - 1) + [kv - width],
                         interior_padding=[0] * r)
        mask = bias.neg_inf_unless(mask) if cx.element(mask) == "i1" else cx.convert(mask, element)
        bias.add(mask)
    windowed = left_window_size >= 0 or right_window_size >= 0
    if is_causal or windowed:
        pos = _offset_pos(cx, sq, kv, past_len, nonpad_kv_seqlen if past_key is None else None)
        zero = lambda: cx.const(0, I64, cx.sizes_of(pos))  # noqa: E731
        if is_causal:
            bias.add(bias.neg_inf_unless(cx.op("compare", pos, zero(), comparison_direction="GE")))
        if left_window_size >= 0:
            bias.add(bias.neg_inf_unless(cx.op("compare", pos, cx.const(left_window_size, I64, cx.sizes_of(pos)),
                                               comparison_direction="LE")))
        if right_window_size >= 0:
            bias.add(bias.neg_inf_unless(cx.op("compare", pos, cx.const(-right_window_size, I64, cx.sizes_of(pos)),
                                               comparison_direction="GE")))
    if nonpad_kv_seqlen is not None:
        b = _static(cx, nonpad_kv_seqlen, "nonpad_kv_seqlen")[0]
        j = _iota(cx, [b, 1, 1, kv], 3)
        n = cx.broadcast(cx.convert(nonpad_kv_seqlen, I64), [b, 1, 1, kv], dims=[0])
        bias.add(bias.neg_inf_unless(cx.op("compare", j, n, comparison_direction="LT")))

    hk = _static(cx, present_k, "Attention")[1]
    kk, vv = present_k, present_v
    if hq != hk:            # grouped heads: each K / V head serves hq / hk query heads in a row
        reps = hq // hk
        def rep(t):
            s = cx.sizes_of(t)
            return cx.reshape(cx.broadcast(t, [s[0], hk, reps] + s[2:], dims=[0, 1, 3, 4]), [s[0], hq] + s[2:])
        kk, vv = rep(kk), rep(vv)
    qs = cx.op("multiply", q, cx.broadcast(root, cx.sizes_of(q), dims=[]))
    ks = cx.op("multiply", kk, cx.broadcast(root, cx.sizes_of(kk), dims=[]))
    qk = _dot_wide(cx, qs, ks, [3], [3])
    if softcap and softcap > 0:
        c = cx.const(softcap, element, cx.sizes_of(qk))
        qk = cx.op("multiply", cx.op("tanh", cx.op("divide", qk, c)), c)
    scores = qk if bias.value is None else bin_op(cx, "add", qk, bias.value)
    qk_out = scores if qk_matmul_output_mode == 2 else qk
    work = dtypes.element(softmax_precision) if softmax_precision else element
    probs = _safe_softmax(cx, cx.convert(scores, work))
    if bias.value is not None:        # rows the bias masks entirely attend nothing: zeros
        bmax = reduce1(cx, bias.value, [3], "maximum", -np.inf)
        live = cx.op("compare", bmax, cx.const(-np.inf, element, cx.sizes_of(bmax)), comparison_direction="GT")
        live = cx.broadcast(live, cx.sizes_of(probs), dims=[0, 1, 2])
        probs = cx.op("select", live, probs, cx.const(0, work, cx.sizes_of(probs)))
    if qk_matmul_output_mode == 3:
        qk_out = probs
    probs = cx.convert(probs, element)
    y = _dot_wide(cx, probs, vv, [3], [2])
    if three_d:
        b, h, s, d = cx.sizes_of(y)
        y = cx.reshape(cx.op("transpose", y, permutation=[0, 2, 1, 3]), [b, s, h * d])
    return [y, present_k, present_v, cx.convert(qk_out, element)]


def _dot_wide(cx, a, b, lc, rc):
    """A batched (B, H) product of low-precision floats accumulated in f32 and rounded once,
    as numpy's matmul does for them."""
    element = cx.element(a)
    if element in ("f16", "bf16"):
        y = dot(cx, cx.convert(a, "f32"), cx.convert(b, "f32"), lc, rc, [0, 1], [0, 1])
        return cx.convert(y, element)
    return dot(cx, a, b, lc, rc, [0, 1], [0, 1])


def _safe_softmax(cx, x):
    """Softmax over the last dimension where an all -inf row gives zeros (max taken as 0, sum as 1)."""
    element = cx.element(x)
    sizes = cx.sizes_of(x)
    last = len(sizes) - 1
    m = reduce1(cx, x, [last], "maximum", -np.inf)
    ms = cx.sizes_of(m)
    m = cx.op("select", cx.op("compare", m, cx.const(-np.inf, element, ms), comparison_direction="EQ"),
              cx.const(0, element, ms), m)
    e = cx.op("exponential", cx.op("subtract", x, keep(cx, m, x, [last])))
    # numpy sums f16 in f32 and rounds once (bf16, an ml_dtypes type, rounds at every step)
    s = cx.convert(reduce1(cx, cx.convert(e, "f32"), [last], "add", 0), element) if element == "f16" else \
        reduce1(cx, e, [last], "add", 0)
    s = cx.op("select", cx.op("compare", s, cx.const(0, element, ms), comparison_direction="EQ"),
              cx.const(1, element, ms), s)
    return cx.op("divide", e, keep(cx, s, x, [last]))
