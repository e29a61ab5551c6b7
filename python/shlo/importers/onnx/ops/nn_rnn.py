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
from .nn import bin_op, dot, keep, numpy_sum, reduce1

I64 = "i64"


def _iota(cx, shape, dim, element=I64):
    return cx.op("iota", iota_dimension=dim, result_types=[tensor_type(shape, element)])


def _static(cx, v, what):
    sizes = cx.sizes_of(v)
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} needs static sizes")
    return sizes


def _heads(cx, x, n_heads):
    """(B, S, H * D) -> (B, H, S, D) (B and S may be dynamic)."""
    b, s, hidden = cx.sizes_of(x)
    if not isinstance(hidden, int):
        raise cx.error("Attention with 3-D inputs needs a static hidden size")
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


def _iota_sized(cx, sizes, dim):
    """An i64 iota along dim over sizes (ints, or size values for dynamic ones)."""
    return cx.iota(sizes, dim)


def _offset_pos(cx, q, kv, offset, nonpad):
    """i + offset - j over (B or 1, 1, q, kv): the query's absolute position minus the key's
    (q, kv, offset: ints or size values)."""
    sizes = [1, 1, q, kv]
    d = cx.op("subtract", _iota_sized(cx, sizes, 2), _iota_sized(cx, sizes, 3))
    if nonpad is not None:        # per batch: offset = nonpad_kv_seqlen - q
        b = cx.sizes_of(nonpad)[0]
        off = cx.op("subtract", cx.convert(nonpad, I64), cx.broadcast(cx.size_value(q), [b], dims=[]))
        return bin_op(cx, "add", d, cx.reshape(off, [b, 1, 1, 1]))
    return cx.op("add", d, cx.broadcast(cx.size_value(offset), sizes, dims=[]))


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
    bq, hq, sq, dq = cx.sizes_of(q)           # batch and sequence lengths may be dynamic
    if not isinstance(hq, int) or not isinstance(dq, int):
        raise cx.error("Attention needs static head counts and head sizes")
    if scale is None:
        scale = 1.0 / np.sqrt(dq)
    root = cx.const(np.sqrt(np.float32(scale)), element)
    present_k = k if past_key is None else cx.op("concatenate", [past_key, k], dimension=2)
    present_v = v if past_value is None else cx.op("concatenate", [past_value, v], dimension=2)
    kv = cx.sizes_of(present_k)[2]
    past_len = 0 if past_key is None else cx.sizes_of(past_key)[2]

    bias = _Bias(cx, element)
    mask = attn_mask
    if mask is not None:
        width = cx.sizes_of(mask)[-1]
        fill = cx.const(False if cx.element(mask) == "i1" else -np.inf, cx.element(mask))
        r = cx.rank(mask)
        if isinstance(width, int) and isinstance(kv, int):
            if width < kv:          # a shorter mask is padded as masked out
                mask = cx.op("pad", mask, fill, edge_padding_low=[0] * r,
                             edge_padding_high=[0] * (r - 1) + [kv - width], interior_padding=[0] * r)
        elif width is not kv:       # dynamic: padded by kv - width (0 when it is as wide)
            zeros = cx.const(np.zeros(r, np.int64), I64, [r])
            high = cx.op("concatenate", [cx.const(np.zeros(r - 1, np.int64), I64, [r - 1]),
                                         cx.reshape(cx.op("subtract", cx.size_value(kv), cx.size_value(width)), [1])],
                         dimension=0) if r > 1 else \
                cx.reshape(cx.op("subtract", cx.size_value(kv), cx.size_value(width)), [1])
            shape = list(cx.info(mask).shape[:-1]) + [kv if isinstance(kv, int) else None]
            mask = cx.op("dynamic_pad", mask, fill, zeros, high, zeros, result_types=[tensor_type(shape, cx.element(mask))])
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
        b = cx.sizes_of(nonpad_kv_seqlen)[0]
        j = _iota_sized(cx, [b, 1, 1, kv], 3)
        n = cx.broadcast(cx.convert(nonpad_kv_seqlen, I64), [b, 1, 1, kv], dims=[0])
        bias.add(bias.neg_inf_unless(cx.op("compare", j, n, comparison_direction="LT")))

    hk = cx.sizes_of(present_k)[1]
    if not isinstance(hk, int):
        raise cx.error("Attention needs a static key / value head count")
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
    # numpy sums f16 in f32 and rounds once, bf16 (an ml_dtypes type) left to right rounding every step
    s = numpy_sum(cx, e, [last])
    s = cx.op("select", cx.op("compare", s, cx.const(0, element, ms), comparison_direction="EQ"),
              cx.const(1, element, ms), s)
    return cx.op("divide", e, keep(cx, s, x, [last]))


# ----------------------------------------------------------------------------- RotaryEmbedding

@converts("RotaryEmbedding", since=23)
def rotary_embedding(cx, x, cos, sin, position_ids=None, interleaved=0, num_heads=0, rotary_embedding_dim=0):
    """Rotates pairs of the first rotary_embedding_dim features of each head: (x1, x2) ->
    (cos x1 - sin x2, sin x1 + cos x2), the pairs split in halves or interleaved. Any size may be
    a run-time size (a dynamic-axes export). A `?` feature size rotates rotary_embedding_dim
    features, else as many as twice the caches' width where that is known (a shape_assertion
    checks the feature size equals it), else all of them (the bounds then run-time values)."""
    sizes = cx.sizes_of(x)
    if len(sizes) == 4:                 # (B, H, S, D) -> (B, S, H, D)
        x4 = cx.op("transpose", x, permutation=[0, 2, 1, 3])
    else:
        if not num_heads:
            raise cx.error("3-D input needs num_heads")
        b, s, hidden = sizes
        hd = hidden // num_heads if isinstance(hidden, int) else \
            cx.op("divide", cx.size_value(hidden), cx.const(num_heads, I64))
        x4 = cx.reshape(x, [b, s, num_heads, hd])
    b, s, h, d = cx.sizes_of(x4)
    if position_ids is not None:        # (B, S) positions gathered from the (max_pos, D/2) caches
        cos, sin = (_rows(cx, c, position_ids) for c in (cos, sin))
    width = cx.info(cos).shape[-1]
    if rotary_embedding_dim or isinstance(d, int):
        rd = rotary_embedding_dim or d
        half = rd // 2
        tail = not isinstance(d, int) or rd < d      # features past rd kept (a `?` D: maybe none)
    elif width is not None:             # all features rotate: D = 2 x the caches' width
        half, rd, tail = width, 2 * width, False
        _assert_features(cx, d, rd)
    else:
        rd, tail = d, False
        half = cx.op("divide", cx.size_value(d), cx.const(2, I64))
    if width is not None and isinstance(half, int) and width != half:
        raise cx.error(f"the caches' last dimension must be rotary_embedding_dim / 2 = {half}")
    cos, sin = (cx.broadcast(c, [b, s, h, half], dims=[0, 1, 3]) for c in (cos, sin))
    rot = _cut(cx, x4, 3, 0, rd)
    if interleaved:
        pairs = cx.reshape(rot, [b, s, h, half, 2])
        x1, x2 = (cx.reshape(_cut(cx, pairs, 4, i, i + 1), [b, s, h, half]) for i in (0, 1))
    else:
        x1, x2 = _cut(cx, rot, 3, 0, half), _cut(cx, rot, 3, half, rd)
    real = cx.op("subtract", cx.op("multiply", cos, x1), cx.op("multiply", sin, x2))
    imag = cx.op("add", cx.op("multiply", sin, x1), cx.op("multiply", cos, x2))
    if interleaved:
        rot = cx.reshape(cx.op("concatenate", [cx.reshape(v, [b, s, h, half, 1]) for v in (real, imag)], dimension=4),
                         [b, s, h, rd])
    else:
        rot = cx.op("concatenate", [real, imag], dimension=3)
    if tail:
        rot = cx.op("concatenate", [rot, _cut(cx, x4, 3, rd, d)], dimension=3)
    if len(sizes) == 4:
        return cx.op("transpose", rot, permutation=[0, 2, 1, 3])
    return cx.reshape(rot, sizes)


def _cut(cx, x, axis, start, end):
    """x[start:end] along axis, the bounds ints or rank-0 i64 values (in range)."""
    from .tensors import _slice_axis_dynamic, _slice_static     # (a gather where sizes are run-time values)
    if isinstance(start, int) and isinstance(end, int):
        return _slice_static(cx, x, axis, start, end, 1)
    return _slice_axis_dynamic(cx, x, axis, cx.size_value(start), cx.size_value(end), cx.const(1, I64), None)


def _assert_features(cx, d, rd: int):
    """A run-time feature size that must be rd (twice the caches' width): a shape_assertion,
    checked before compiled code runs, names the node when it is not."""
    dv = cx.size_value(d)
    cx.shape_assertion(_cmp_eq(cx, dv, rd), [dv], str(cx.error(
        f"the feature size is {{0}}, not twice the caches' last dimension ({rd}), with rotary_embedding_dim 0")))


def _cmp_eq(cx, v, n: int):
    return cx.op("compare", v, cx.const(n, I64), comparison_direction="EQ")


def _rows(cx, table, idx):
    """table[idx] for a 2-D table (static width) and any-rank i64 indices (sizes may be `?`)."""
    idx = cx.convert(idx, I64)
    isz = cx.sizes_of(idx)
    width = cx.info(table).shape[1]
    if width is None:                   # a run-time width: the rows' sizes as an operand
        from .tensors import _take
        return _take(cx, table, 0, idx)
    dnums = {"offset_dims": [len(isz)], "collapsed_slice_dims": [0], "start_index_map": [0],
             "index_vector_dim": len(isz), "operand_batching_dims": [], "start_indices_batching_dims": []}
    return cx.op("gather", table, cx.reshape(idx, isz + [1]), dimension_numbers=dnums, slice_sizes=[1, width],
                 indices_are_sorted=False)


# ----------------------------------------------------------------------------- RNN / GRU / LSTM
#
# One shlo `while` per direction over the time steps (dynamic sequence lengths need no special
# case, and the program stays one step's size however long the sequence is). The input
# projections of all steps are one dot_general before the loop; the loop carries the step, the
# hidden (and cell) state and the output buffer. A reverse direction runs forward over the
# input reversed per batch (each sequence within its own length), and its outputs are reversed
# back the same way. With sequence_lens, a step past a sequence's length keeps its state (so the
# final state is the one at its last valid step) and writes zeros.

_GATES = {"RNN": 1, "GRU": 3, "LSTM": 4}
_DEFAULT_ACTS = {"RNN": ["Tanh"], "GRU": ["Sigmoid", "Tanh"], "LSTM": ["Sigmoid", "Tanh", "Tanh"]}
# activation -> (takes alpha, takes beta, default alpha, default beta)
_ALPHA_BETA = {"affine": (1, 1, 1.0, 0.0), "leakyrelu": (1, 0, 0.01, None), "thresholdedrelu": (1, 0, 1.0, None),
               "scaledtanh": (1, 1, 1.0, 1.0), "hardsigmoid": (1, 1, 0.2, 0.5), "elu": (1, 0, 1.0, None)}


def _activation_specs(names, alphas, betas):
    """(name, alpha, beta) per activation; alphas / betas are consumed in order by the activations
    that take them (as onnxruntime does)."""
    alphas, betas = list(alphas or []), list(betas or [])
    out = []
    for n in names:
        key = n.lower()
        ta, tb, da, db = _ALPHA_BETA.get(key, (0, 0, None, None))
        a = alphas.pop(0) if ta and alphas else da
        b = betas.pop(0) if tb and betas else db
        out.append((key, a, b))
    return out


def _activate(cx, spec, x):
    name, a, b = spec
    c = lambda v: cx.const(v, cx.element(x), cx.sizes_of(x))  # noqa: E731
    ge0 = lambda: cx.op("compare", x, c(0.0), comparison_direction="GE")  # noqa: E731
    if name == "tanh":
        return cx.op("tanh", x)
    if name == "sigmoid":
        return cx.op("logistic", x)
    if name == "relu":
        return cx.op("maximum", x, c(0.0))
    if name == "affine":
        return cx.op("add", cx.op("multiply", x, c(a)), c(b))
    if name == "leakyrelu":
        return cx.op("select", ge0(), x, cx.op("multiply", x, c(a)))
    if name == "thresholdedrelu":
        return cx.op("select", cx.op("compare", x, c(a), comparison_direction="GT"), x, c(0.0))
    if name == "scaledtanh":
        return cx.op("multiply", cx.op("tanh", cx.op("multiply", x, c(b))), c(a))
    if name == "hardsigmoid":
        return cx.op("clamp", c(0.0), cx.op("add", cx.op("multiply", x, c(a)), c(b)), c(1.0))
    if name == "elu":
        return cx.op("select", ge0(), x, cx.op("multiply", cx.op("exponential_minus_one", x), c(a)))
    if name == "softsign":
        return cx.op("divide", x, cx.op("add", c(1.0), cx.op("abs", x)))
    if name == "softplus":
        tail = cx.op("log_plus_one", cx.op("exponential", cx.op("negate", cx.op("abs", x))))
        return cx.op("add", cx.op("maximum", x, c(0.0)), tail)
    raise cx.error(f"activation {name!r} is not supported")


def _take(cx, v, dim, start, stop):
    """v[..., start:stop, ...] along `dim` (static bounds; other sizes may be dynamic, e.g. the
    batch of initial_h in a model exported with a dynamic batch: a gather of those rows then)."""
    sizes = cx.sizes_of(v)
    if not all(isinstance(s, int) for s in sizes):
        from .tensors import _take as take_rows
        return take_rows(cx, v, dim, cx.importer.constant(np.arange(start, stop, dtype=np.int64)))
    lo = [0] * len(sizes)
    hi = list(sizes)
    lo[dim], hi[dim] = start, stop
    return cx.op("slice", v, start_indices=lo, limit_indices=hi, strides=[1] * len(sizes))


def _iota_like(cx, sizes, dim):
    return cx.iota(sizes, dim)


def _reverse_time(cx, x, lens):
    """x (T, B, F) reversed along time, each batch's sequence within its own length (the steps
    past it stay in place): an involution, so it also maps outputs back."""
    if lens is None:
        return cx.op("reverse", x, dimensions=[0])
    t, b, f = cx.sizes_of(x)
    s = _iota_like(cx, [t, b], 0)
    n = cx.broadcast(lens, [t, b], dims=[1])
    back = cx.op("subtract", cx.op("subtract", n, cx.const(1, I64, [t, b])), s)
    idx = cx.op("select", cx.op("compare", s, n, comparison_direction="LT"), back, s)
    dnums = {"offset_dims": [2], "collapsed_slice_dims": [0], "start_index_map": [0], "index_vector_dim": 2,
             "operand_batching_dims": [1], "start_indices_batching_dims": [1]}
    return cx.op("gather", x, cx.reshape(idx, [t, b, 1]), dimension_numbers=dnums, slice_sizes=[1, 1, f],
                 indices_are_sorted=False)


class _Cell:
    """One direction's weights and options; `step` maps (x projection, H, C) to (H', C')."""

    def __init__(self, cx, kind, r, rb, p, acts, clip, hidden, input_forget, lbr, hr=None):
        self.cx, self.kind, self.r, self.rb, self.p = cx, kind, r, rb, p
        self.acts, self.clip, self.hidden, self.input_forget, self.lbr = acts, clip, hidden, input_forget, lbr
        self.hr_of = hr         # H -> H R^T where R is not a float matrix (DynamicQuantizeLSTM)

    def act(self, i, x, clip=True):
        if clip and self.clip is not None:
            c = lambda v: self.cx.const(v, self.cx.element(x), self.cx.sizes_of(x))  # noqa: E731
            x = self.cx.op("clamp", c(-self.clip), x, c(self.clip))
        return _activate(self.cx, self.acts[i], x)

    def gate(self, v, i):
        return _take(self.cx, v, 1, i * self.hidden, (i + 1) * self.hidden)

    def hr(self, h, r):
        if self.hr_of is not None:
            return self.hr_of(h)
        return dot(self.cx, h, r, [1], [1])        # (B, H) x (G H, H)^T

    def peep(self, pre, k, c):
        if self.p is None:
            return pre
        pk = self.cx.broadcast(_take(self.cx, self.p, 0, k * self.hidden, (k + 1) * self.hidden),
                               self.cx.sizes_of(c), dims=[1])
        return self.cx.op("add", pre, self.cx.op("multiply", pk, c))

    def step(self, xw, h, c):
        cx = self.cx
        if self.kind == "RNN":
            return self.act(0, cx.op("add", xw, self.hr(h, self.r))), None
        if self.kind == "LSTM":
            pre = cx.op("add", xw, self.hr(h, self.r))
            i = self.act(0, self.peep(self.gate(pre, 0), 0, c))
            if self.input_forget:       # coupled gates: f = 1 - i
                f = cx.op("subtract", cx.const(1.0, cx.element(i), cx.sizes_of(i)), i)
            else:
                f = self.act(0, self.peep(self.gate(pre, 2), 2, c))
            cc = self.act(1, self.gate(pre, 3))
            c2 = cx.op("add", cx.op("multiply", f, c), cx.op("multiply", i, cc))
            o = self.act(0, self.peep(self.gate(pre, 1), 1, c2))
            # onnxruntime clips the gates' inputs, not the cell state fed to h
            return cx.op("multiply", o, self.act(2, c2, clip=False)), c2
        # GRU: z, r from H R^T; the h gate sees r * H before (or r * (H Rh^T + Rbh) after) Rh
        hd = self.hidden
        zr = cx.op("add", _take(cx, xw, 1, 0, 2 * hd), self.hr(h, _take(cx, self.r, 0, 0, 2 * hd)))
        z, r = self.act(0, self.gate(zr, 0)), self.act(0, self.gate(zr, 1))
        rh = _take(cx, self.r, 0, 2 * hd, 3 * hd)
        if self.lbr:
            hh = self.hr(h, rh)
            if self.rb is not None:
                hh = cx.op("add", hh, cx.broadcast(self.rb, cx.sizes_of(hh), dims=[1]))
            hh = cx.op("multiply", r, hh)
        else:
            hh = self.hr(cx.op("multiply", r, h), rh)
        ht = self.act(1, cx.op("add", self.gate(xw, 2), hh))
        one = cx.const(1.0, cx.element(z), cx.sizes_of(z))
        return cx.op("add", cx.op("multiply", cx.op("subtract", one, z), ht), cx.op("multiply", z, h)), None


def _run_direction(cx, cell, xw, h0, c0, lens):
    """The while loop over time: xw (T, B, G H) precomputed; returns Y (T, B, H), H_T, C_T."""
    t_size, b, gh = cx.sizes_of(xw)
    hd = cell.hidden
    el = cx.element(xw)
    ybuf = cx.const(0.0, el, [t_size, b, hd])
    state = [cx.const(0, I64), h0] + ([c0] if c0 is not None else []) + [ybuf]
    n_t = cx.size_value(t_size)

    def step(*args):
        t, h = args[0], args[1]
        c = args[2] if c0 is not None else None
        buf = args[-1]
        zero = cx.const(0, I64)
        if isinstance(b, int):
            x_t = cx.reshape(cx.op("dynamic_slice", xw, [t, zero, zero], slice_sizes=[1, b, gh]), [b, gh])
        else:                   # a dynamic batch: a gather of step t (dynamic_slice needs static sizes)
            from .tensors import _take as take_rows
            x_t = take_rows(cx, xw, 0, t)
        h2, c2 = cell.step(x_t, h, c)
        y = h2
        if lens is not None:
            valid = cx.op("compare", cx.broadcast(t, [b], dims=[]), lens, comparison_direction="LT")
            valid = cx.broadcast(valid, [b, hd], dims=[0])
            h2 = cx.op("select", valid, h2, h)
            if c is not None:
                c2 = cx.op("select", valid, c2, c)
            y = cx.op("select", valid, h2, cx.const(0.0, el, [b, hd]))
        buf = cx.op("dynamic_update_slice", buf, cx.reshape(y, [1, b, hd]), [t, zero, zero])
        outs = [cx.op("add", t, cx.const(1, I64)), h2] + ([c2] if c is not None else []) + [buf]
        return outs
    res = cx.while_loop(state, lambda t, *_: cx.op("compare", t, n_t, comparison_direction="LT"), step)
    return res[-1], res[1], (res[2] if c0 is not None else None)


def _rnn(cx, kind, x, w, r, b=None, lens=None, h0=None, c0=None, p=None, activation_alpha=None,
         activation_beta=None, activations=None, clip=None, direction="forward", hidden_size=None, layout=0,
         input_forget=0, linear_before_reset=0, products=None):
    """products: the input and recurrent products of direction d when W / R are not float
    matrices in ONNX's layout (DynamicQuantizeLSTM): products(d) -> (xs -> xs W^T, h -> h R^T)."""
    if direction not in ("forward", "reverse", "bidirectional"):
        raise cx.error(f"direction {direction!r}")
    n_dir = 2 if direction == "bidirectional" else 1
    if layout:      # batch-major: (B, T, I) and states (B, D, H)
        x = cx.op("transpose", x, permutation=[1, 0, 2])
        h0 = None if h0 is None else cx.op("transpose", h0, permutation=[1, 0, 2])
        c0 = None if c0 is None else cx.op("transpose", c0, permutation=[1, 0, 2])
    el = cx.element(x)
    hd = hidden_size or _static(cx, r, f"{kind} R")[1 if products else 2]
    g = _GATES[kind]
    b_size = cx.sizes_of(x)[1]
    names = activations or _DEFAULT_ACTS[kind] * n_dir
    per = len(_DEFAULT_ACTS[kind])
    if len(names) == per and n_dir == 2:
        names = names * 2
    specs = _activation_specs(names, activation_alpha, activation_beta)
    lens = None if lens is None else cx.convert(lens, I64)
    ys, hs, cs = [], [], []
    for d in range(n_dir):
        xw_of, hr_of = products(d) if products else (None, None)
        if products is None:
            wd = cx.reshape(_take(cx, w, 0, d, d + 1), [g * hd, cx.sizes_of(w)[2]])
            rd = cx.reshape(_take(cx, r, 0, d, d + 1), [g * hd, hd])
        else:
            wd = rd = None
        bias, rb_h = None, None
        if b is not None:
            bd = cx.reshape(_take(cx, b, 0, d, d + 1), [2 * g * hd])
            wb, rb = _take(cx, bd, 0, 0, g * hd), _take(cx, bd, 0, g * hd, 2 * g * hd)
            if kind == "GRU" and linear_before_reset:     # Rbh is added inside r * (...)
                rb_h = _take(cx, rb, 0, 2 * hd, 3 * hd)
                rb = cx.op("concatenate", [_take(cx, rb, 0, 0, 2 * hd), cx.const(0.0, el, [hd])], dimension=0)
            bias = cx.op("add", wb, rb)
        pd = None if p is None else cx.reshape(_take(cx, p, 0, d, d + 1), [3 * hd])
        cell = _Cell(cx, kind, rd, rb_h, pd, specs[d * per:(d + 1) * per], clip, hd, input_forget,
                     linear_before_reset, hr_of)
        reverse = direction == "reverse" or d == 1
        xs = _reverse_time(cx, x, lens) if reverse else x
        xw = dot(cx, xs, wd, [2], [1]) if xw_of is None else xw_of(xs)     # (T, B, G H)
        if bias is not None:
            xw = cx.op("add", xw, cx.broadcast(bias, cx.sizes_of(xw), dims=[2]))
        zeros = cx.const(0.0, el, [b_size, hd])
        hi = zeros if h0 is None else cx.reshape(_take(cx, h0, 0, d, d + 1), [b_size, hd])
        ci = None if kind != "LSTM" else zeros if c0 is None else cx.reshape(_take(cx, c0, 0, d, d + 1), [b_size, hd])
        y, ht, ct = _run_direction(cx, cell, xw, hi, ci, lens)
        if reverse:
            y = _reverse_time(cx, y, lens)
        t_size = cx.sizes_of(y)[0]
        ys.append(cx.reshape(y, [t_size, 1, b_size, hd]))
        hs.append(cx.reshape(ht, [1, b_size, hd]))
        if ct is not None:
            cs.append(cx.reshape(ct, [1, b_size, hd]))
    cat = lambda vs, dim: vs[0] if len(vs) == 1 else cx.op("concatenate", vs, dimension=dim)  # noqa: E731
    y, yh = cat(ys, 1), cat(hs, 0)
    yc = cat(cs, 0) if cs else None
    if layout:
        y = cx.op("transpose", y, permutation=[2, 0, 1, 3])
        yh = cx.op("transpose", yh, permutation=[1, 0, 2])
        yc = None if yc is None else cx.op("transpose", yc, permutation=[1, 0, 2])
    return [y, yh] + ([yc] if kind == "LSTM" else [])


@converts("RNN", since=7)
def rnn(cx, x, w, r, b=None, sequence_lens=None, initial_h=None, **attrs):
    return _rnn(cx, "RNN", x, w, r, b, sequence_lens, initial_h, **attrs)


@converts("GRU", since=7)
def gru(cx, x, w, r, b=None, sequence_lens=None, initial_h=None, **attrs):
    return _rnn(cx, "GRU", x, w, r, b, sequence_lens, initial_h, **attrs)


@converts("LSTM", since=7)
def lstm(cx, x, w, r, b=None, sequence_lens=None, initial_h=None, initial_c=None, p=None, **attrs):
    return _rnn(cx, "LSTM", x, w, r, b, sequence_lens, initial_h, initial_c, p, **attrs)
