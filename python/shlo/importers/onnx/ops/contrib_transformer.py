"""onnxruntime's transformer ops (`onnxruntime.transformers.optimizer` and its GenAI model builder
write them): SkipLayerNormalization, SkipSimplifiedLayerNormalization, EmbedLayerNormalization,
Attention, MultiHeadAttention, GroupQueryAttention, RotaryEmbedding (com.microsoft), and the
LayerNormalization / SimplifiedLayerNormalization onnxruntime defines in the default domain at
opsets where ONNX has none.

Masks follow onnxruntime's CPU kernels: a 1-D mask index (B) holds each row's end position (2B:
end then start positions), a raw mask (B, T) or (B, S, T) is 1 to keep; a masked score gets
`mask_filter_value` added, a future position of a unidirectional attention the lowest float."""
from __future__ import annotations

import numpy as np

from ....types import tensor_type
from ..registry import ORT_DEFAULT_DOMAIN, converts
from .nn import _normalize, bin_op, dot, keep, layer_norm, matmul, norm_axis, reduce1
from .tensors import _slice_static, gather
from .tensors import _take as _take_at

MS = "com.microsoft"


def _ln(cx, x, gamma, beta, eps, simplified=False):
    """Layer norm (RMS norm when simplified) over the last dimension in f32 (or f64); y, mean
    (None when simplified) and 1 / std, the statistics with a kept last dimension of 1."""
    element = cx.element(x)
    work = "f64" if element == "f64" else "f32"
    xs = cx.convert(x, work)
    last = cx.rank(x) - 1
    if simplified:
        ms = reduce1(cx, cx.op("multiply", xs, xs), [last], "add", 0)
        n = cx.convert(cx.dim(xs, last), work) if not isinstance(cx.sizes_of(xs)[last], int) else \
            cx.const(cx.sizes_of(xs)[last], work)
        ms = cx.op("divide", ms, cx.broadcast(n, cx.sizes_of(ms), dims=[]))
        inv = cx.op("rsqrt", cx.op("add", ms, cx.const(eps, work, cx.sizes_of(ms))))
        y, mean = cx.op("multiply", xs, keep(cx, inv, xs, [last])), None
    else:
        y, mean, _, inv = _normalize(cx, xs, [last], eps)
    y = bin_op(cx, "multiply", cx.convert(y, element), gamma)
    if beta is not None:
        y = bin_op(cx, "add", y, beta)
    lead = cx.sizes_of(x)[:-1] + [1]
    return y, (None if mean is None else cx.reshape(mean, lead)), cx.reshape(inv, lead)


def _skip_sum(cx, x, skip, bias):
    s = bin_op(cx, "add", x, skip)
    return s if bias is None else bin_op(cx, "add", s, bias)


@converts("SkipLayerNormalization", domain=MS)
def skip_layer_norm(cx, x, skip, gamma, beta=None, bias=None, epsilon=1e-12):
    s = _skip_sum(cx, x, skip, bias)
    y, mean, inv = _ln(cx, s, gamma, beta, epsilon)
    return [y, mean, inv, s]


@converts("SkipSimplifiedLayerNormalization", domain=MS)
def skip_simplified_layer_norm(cx, x, skip, gamma, bias=None, epsilon=1e-12):
    s = _skip_sum(cx, x, skip, bias)
    y, _, inv = _ln(cx, s, gamma, None, epsilon, simplified=True)
    return [y, None, inv, s]


@converts("LayerNormalization", domain=ORT_DEFAULT_DOMAIN)
def ort_layer_norm(cx, x, scale, b=None, axis=-1, epsilon=1e-5, stash_type=1):
    return layer_norm(cx, x, scale, b, axis=axis, epsilon=epsilon, stash_type=stash_type)


@converts("SimplifiedLayerNormalization", domain=ORT_DEFAULT_DOMAIN)
def ort_simplified_layer_norm(cx, x, scale, axis=-1, epsilon=1e-5, stash_type=1):
    if norm_axis(cx, axis, cx.rank(x)) != cx.rank(x) - 1:
        raise cx.error("only the last axis is supported")
    y, _, inv = _ln(cx, x, scale, None, epsilon, simplified=True)
    return [y, inv]


@converts("EmbedLayerNormalization", domain=MS)
def embed_layer_norm(cx, input_ids, segment_ids, word_embedding, position_embedding, segment_embedding=None,
                     gamma=None, beta=None, mask=None, position_ids=None, epsilon=1e-12, mask_index_type=1):
    """(QEmbedLayerNormalization calls it with its tables dequantized.)"""
    b, s = cx.sizes_of(input_ids)
    hidden = cx.sizes_of(word_embedding)[1]
    emb = _rows_of(cx, word_embedding, input_ids)
    if position_ids is None:            # positions 0 .. S-1
        if isinstance(s, int):
            pos = cx.op("slice", position_embedding, start_indices=[0, 0], limit_indices=[s, hidden], strides=[1, 1])
        else:
            ids = cx.op("dynamic_iota", cx.shape_tensor([s]), iota_dimension=0,
                        result_types=[tensor_type([None], "i64")])
            pos = _rows_of(cx, position_embedding, ids)
        pos = cx.broadcast(pos, [b, s, hidden], dims=[1, 2])
    else:
        pos = cx.broadcast(_rows_of(cx, position_embedding, position_ids), [b, s, hidden])
    total = cx.op("add", emb, pos)
    if segment_embedding is not None and segment_ids is not None:
        total = cx.op("add", total, _rows_of(cx, segment_embedding, segment_ids))
    y, _, _ = _ln(cx, total, gamma, beta, epsilon)
    if mask is not None and mask_index_type:
        ones = cx.convert(cx.op("compare", mask, cx.const(1, cx.element(mask), cx.sizes_of(mask)),
                                comparison_direction="EQ"), "i32")
        mask_index = reduce1(cx, ones, [1], "add", 0)
    else:
        mask_index = cx.const(0, "i32", [b])
    return [y, mask_index, total]


def _rows_of(cx, table, idx):
    return gather(cx, table, idx, axis=0)


# ----------------------------------------------------------------------------- attention

def _split_heads(cx, x, n):
    """(B, S, N*H) -> (B, N, S, H)."""
    b, s, d = cx.sizes_of(x)
    if not isinstance(d, int) or d % n:
        raise cx.error(f"a hidden size {d} that num_heads={n} does not divide")
    return cx.op("transpose", cx.reshape(x, [b, s, n, d // n]), permutation=[0, 2, 1, 3])


def _merge_heads(cx, x):
    b, n, s, h = cx.sizes_of(x)
    return cx.reshape(cx.op("transpose", x, permutation=[0, 2, 1, 3]), [b, s, n * h])


def _iota(cx, sizes, dim):
    """An i32 iota along dim over sizes (ints or size values)."""
    return cx.iota(sizes, dim, "i32")


def _mask_bias(cx, mask, element, b, s, t, past, causal, filter_value):
    """The additive (B, 1, S, T) bias of a mask index / raw mask and of causality, or None."""
    bias = None
    if mask is not None:
        r = cx.rank(mask)
        cols = _iota(cx, [b, t], 1)
        if r == 1:
            m = cx.convert(mask, "i32")
            n = cx.sizes_of(m)[0]
            # (2B): end positions then start positions (told apart only with a static batch size)
            both = isinstance(n, int) and isinstance(b, int) and n == 2 * b
            end = cx.op("slice", m, start_indices=[0], limit_indices=[b], strides=[1]) if both else m
            keep_ = cx.op("compare", cols, cx.broadcast(end, [b, t], dims=[0]), comparison_direction="LT")
            if both:
                start = cx.op("slice", m, start_indices=[b], limit_indices=[2 * b], strides=[1])
                keep_ = cx.op("and", keep_, cx.op("compare", cols, cx.broadcast(start, [b, t], dims=[0]),
                                                   comparison_direction="GE"))
            keep_ = cx.broadcast(keep_, [b, 1, s, t], dims=[0, 3])
        elif r in (2, 3):
            ok = cx.op("compare", mask, cx.const(0, cx.element(mask), cx.sizes_of(mask)), comparison_direction="GT")
            keep_ = cx.broadcast(ok, [b, 1, s, t], dims=[0, 3] if r == 2 else [0, 2, 3])
        else:
            raise cx.error(f"a rank-{r} mask is not supported (onnxruntime's CPU kernel takes 1-D, 2-D, 3-D)")
        bias = cx.op("select", keep_, cx.const(0, element, [b, 1, s, t]), cx.const(filter_value, element, [b, 1, s, t]))
    if causal:
        rows, cols = _iota(cx, [s, t], 0), _iota(cx, [s, t], 1)
        future = cx.op("compare", cols, cx.op("add", rows, cx.const(past + 1, "i32", [s, t])),
                       comparison_direction="GE")
        lowest = float(np.finfo(np.float32 if element != "f64" else np.float64).min)
        c = cx.op("select", future, cx.const(lowest, element, [s, t]), cx.const(0, element, [s, t]))
        c = cx.broadcast(c, [b, 1, s, t], dims=[2, 3])
        bias = c if bias is None else cx.op("select", cx.broadcast(future, [b, 1, s, t], dims=[2, 3]), c, bias)
    return bias


def _attend(cx, q, k, v, scale, bias, attention_bias):
    """softmax(scale Q K^T + bias + attention_bias) V over (B, N, S, H) / (B, N, T, H)."""
    element = cx.element(q)
    h = cx.sizes_of(q)[3]
    scale = float(scale) if scale else 1.0 / float(np.sqrt(h))
    scores = dot(cx, q, k, [3], [3], [0, 1], [0, 1])
    scores = cx.op("multiply", scores, cx.const(scale, element, cx.sizes_of(scores)))
    sizes = cx.sizes_of(scores)
    if bias is not None:
        scores = cx.op("add", scores, cx.broadcast(bias, sizes))
    if attention_bias is not None:
        scores = cx.op("add", scores, cx.broadcast(cx.convert(attention_bias, element), sizes))
    m = reduce1(cx, scores, [3], "maximum", -np.inf)
    e = cx.op("exponential", cx.op("subtract", scores, keep(cx, m, scores, [3])))
    p = cx.op("divide", e, keep(cx, reduce1(cx, e, [3], "add", 0), e, [3]))
    return dot(cx, p, v, [3], [2], [0, 1], [0, 1])


def _take(cx, x, axis, start, stop):
    return _slice_static(cx, x, axis, start, stop, 1)


def _static_sizes(cx, v, what):
    sizes = cx.sizes_of(v)
    if not all(isinstance(s, int) for s in sizes):
        raise cx.error(f"{what} needs static sizes (got {sizes})")
    return sizes


@converts("Attention", domain=MS)
def ms_attention(cx, x, weights, bias=None, mask_index=None, past=None, attention_bias=None,
                 past_sequence_length=None, num_heads=1, unidirectional=0, qkv_hidden_sizes=None,
                 mask_filter_value=-10000.0, scale=0.0, do_rotary=0, past_present_share_buffer=0,
                 rotary_embedding_dim=0):
    proj = matmul(cx, x, weights)
    if bias is not None:
        proj = bin_op(cx, "add", proj, bias)
    return attention_from_projection(cx, proj, cx.sizes_of(weights)[1], mask_index, past, attention_bias,
                                     num_heads, unidirectional, qkv_hidden_sizes, mask_filter_value, scale,
                                     do_rotary, past_present_share_buffer)


def attention_from_projection(cx, proj, total, mask_index, past, attention_bias, num_heads, unidirectional,
                              qkv_hidden_sizes, mask_filter_value, scale, do_rotary, past_present_share_buffer):
    """Attention's (and QAttention's) heads from the (B, S, q + k + v) projection of its input."""
    if do_rotary:
        raise cx.error("do_rotary (rotary embeddings inside Attention) is not supported: onnxruntime runs it on "
                       "CUDA only, so there is no CPU result to check it against; MultiHeadAttention with "
                       "RotaryEmbedding (what onnxruntime's CPU message suggests) is converted")
    if past_present_share_buffer:
        raise cx.error("past_present_share_buffer (past and present in one buffer of the maximum length) is not "
                       "supported: onnxruntime's CPU kernel refuses it (it does not pass the past_sequence_length "
                       "input on: 'past_sequence_length tensor must be of one element'), so there is no CPU "
                       "result to check it against; GroupQueryAttention's shared buffer is converted")
    sizes = list(qkv_hidden_sizes) if qkv_hidden_sizes else [total // 3] * 3
    q = _split_heads(cx, _take(cx, proj, 2, 0, sizes[0]), num_heads)
    k = _split_heads(cx, _take(cx, proj, 2, sizes[0], sizes[0] + sizes[1]), num_heads)
    v = _split_heads(cx, _take(cx, proj, 2, sizes[0] + sizes[1], sum(sizes)), num_heads)
    p = 0
    if past is not None:
        pk, pv = (cx.reshape(_take(cx, past, 0, i, i + 1), cx.sizes_of(past)[1:]) for i in (0, 1))
        p = _static_sizes(cx, past, "Attention with past")[3]
        k = cx.op("concatenate", [pk, k], dimension=2)
        v = cx.op("concatenate", [pv, v], dimension=2)
    b, _, s, _ = cx.sizes_of(q)
    t = cx.sizes_of(k)[2]
    mb = _mask_bias(cx, mask_index, cx.element(proj), b, s, t, p, bool(unidirectional), mask_filter_value)
    y = _merge_heads(cx, _attend(cx, q, k, v, scale, mb, attention_bias))
    present = None
    if len(cx.node.output) > 1 and cx.node.output[1]:
        ks = cx.sizes_of(k)
        present = cx.op("concatenate", [cx.reshape(k, [1] + ks), cx.reshape(v, [1] + cx.sizes_of(v))], dimension=0)
    return [y, present]


@converts("MultiHeadAttention", domain=MS)
def multi_head_attention(cx, query, key=None, value=None, bias=None, key_padding_mask=None, attention_bias=None,
                         past_key=None, past_value=None, past_sequence_length=None, cache_indirection=None,
                         num_heads=1, mask_filter_value=-10000.0, scale=0.0, unidirectional=0,
                         output_qk=0, **_ignored):
    query, key, value = _unpack_mha(cx, query, key, value, num_heads)
    if cache_indirection is not None:
        raise cx.error("cache_indirection (beam search) is not supported")
    d = cx.sizes_of(query)[2]
    q, k, v = query, key, value
    if bias is not None:
        dk = cx.sizes_of(k)[-1] if cx.rank(k) == 3 else d
        q = bin_op(cx, "add", q, _take(cx, bias, 0, 0, d))
        if cx.rank(k) == 3:
            k = bin_op(cx, "add", k, _take(cx, bias, 0, d, d + dk))
            v = bin_op(cx, "add", v, _take(cx, bias, 0, d + dk, cx.sizes_of(bias)[0]))
    q = _split_heads(cx, q, num_heads)
    k = _split_heads(cx, k, num_heads) if cx.rank(k) == 3 else k       # 4-D: already (B, N, T, H)
    v = _split_heads(cx, v, num_heads) if cx.rank(v) == 3 else v
    p = 0
    if past_key is not None and past_value is not None:
        p = _static_sizes(cx, past_key, "MultiHeadAttention with past")[2]
        k = cx.op("concatenate", [past_key, k], dimension=2)
        v = cx.op("concatenate", [past_value, v], dimension=2)
    b, _, s, _ = cx.sizes_of(q)
    t = cx.sizes_of(k)[2]
    mb = _mask_bias(cx, key_padding_mask, cx.element(query), b, s, t, p, bool(unidirectional), mask_filter_value)
    y = _merge_heads(cx, _attend(cx, q, k, v, scale, mb, attention_bias))
    return [y, k, v]


def _unpack_mha(cx, query, key, value, num_heads):
    """MultiHeadAttention's packed layouts as 3-D query, key and value: a (B, S, N, 3, H) query
    holding all three, or a (B, L, N, 2, H) key holding key and value (onnxruntime runs these on
    CUDA only); the bias stays (3 N H), q / k / v sections."""
    def part(x, i, n):
        b, s_, heads, _, h = cx.sizes_of(x)
        if heads != num_heads:
            raise cx.error(f"a packed input of {heads} heads with num_heads={num_heads}")
        return cx.reshape(_take(cx, x, 3, i, i + 1), [b, s_, heads * h]) if n else None
    if cx.rank(query) == 5:
        if key is not None or value is not None:
            raise cx.error("a packed (B, S, N, 3, H) query comes without key and value")
        return part(query, 0, 1), part(query, 1, 1), part(query, 2, 1)
    if cx.rank(query) != 3:
        raise cx.error(f"a rank-{cx.rank(query)} query (3-D, or 5-D packed QKV)")
    if key is not None and cx.rank(key) == 5:
        if value is not None:
            raise cx.error("a packed (B, L, N, 2, H) key comes without value")
        return query, part(key, 0, 1), part(key, 1, 1)
    if key is None or value is None:
        raise cx.error("key and value are needed unless the query or the key is packed")
    return query, key, value


@converts("RotaryEmbedding", domain=MS)
def ms_rotary_embedding(cx, x, position_ids, cos_cache, sin_cache, interleaved=0, num_heads=0,
                        rotary_embedding_dim=0, scale=1.0, is_packed_batching=0):
    """onnxruntime's RotaryEmbedding (before ONNX's, opset 23): position_ids (B, S), or one
    offset for positions offset .. offset + S - 1; a 3-D input without num_heads has heads of
    twice the caches' width."""
    if is_packed_batching or scale != 1.0:
        raise cx.error("is_packed_batching / scale are not supported")
    sizes = cx.sizes_of(x)
    if len(sizes) == 3:                 # (B, S, N*H) -> (B, N, S, H)
        if not num_heads:
            num_heads = sizes[2] // (2 * cx.sizes_of(cos_cache)[1])
        x4 = _split_heads(cx, x, num_heads)
    else:
        x4 = x
    b, _, s, _ = cx.sizes_of(x4)
    if int(np.prod(cx.info(position_ids).shape)) == 1:          # an offset
        offset = cx.convert(cx.reshape(position_ids, []), "i32")
        position_ids = cx.op("add", _iota(cx, [b, s], 1), cx.broadcast(offset, [b, s], dims=[]))
    y = _rotate_heads(cx, x4, position_ids, cos_cache, sin_cache, interleaved)
    return _merge_heads(cx, y) if len(sizes) == 3 else y


@converts("GroupQueryAttention", domain=MS)
def group_query_attention(cx, query, key=None, value=None, past_key=None, past_value=None, seqlens_k=None,
                          total_sequence_length=None, cos_cache=None, sin_cache=None, position_ids=None,
                          attention_bias=None, head_sink=None, num_heads=1, kv_num_heads=1, scale=0.0,
                          do_rotary=0, rotary_interleaved=0, local_window_size=-1, softcap=0.0,
                          smooth_softmax=0, qk_output=0, **_ignored):
    """onnxruntime's grouped-query attention with a KV cache (its GenAI model builder writes it):
    batch row b holds seqlens_k[b] + 1 tokens in all, the S new ones at positions
    past_b = seqlens_k[b] + 1 - S onwards (0 for a first prompt, S == total_sequence_length,
    whose rows may be right-padded), written into the present cache there (the past kept below
    past_b, zeros past the row's length); query i attends keys 0 .. past_b + i (within
    local_window_size when set), kv head n // (num_heads / kv_num_heads). The present cache
    holds max(past length, total_sequence_length) positions: past + S for separate buffers,
    the past's own length where past and present share one buffer of the maximum length.
    position_ids (B, S), when given, are the rotary positions instead of past_b + i (read as
    onnxruntime's CPU kernel does: see _gqa_positions);
    smooth_softmax adds a zero logit to each row's softmax, head_sink one logit per head.
    qk_output 1 / 2 adds output_qk (B, N, S, total_sequence_length): the scores (scaled, soft-capped,
    attention_bias added) or the probabilities, 0 at the keys a query does not see (onnxruntime's)."""
    if (key is None) != (value is None):
        raise cx.error("key and value come together (or neither, for a packed QKV query)")
    if key is None:                     # packed (B, S, (N + 2 kvN) H): q, k, v side by side
        width = cx.sizes_of(query)[2]
        if not isinstance(width, int) or width % (num_heads + 2 * kv_num_heads):
            raise cx.error(f"a packed QKV width {width} that num_heads + 2 kv_num_heads does not divide")
        hq = width // (num_heads + 2 * kv_num_heads)
        qw, kw = num_heads * hq, kv_num_heads * hq
        query, key, value = (_take(cx, query, 2, lo, hi) for lo, hi in ((0, qw), (qw, qw + kw), (qw + kw, width)))
    if qk_output not in (0, 1, 2):
        raise cx.error(f"qk_output={qk_output} (0 none, 1 the scores before softmax, 2 after)")
    b, s, _ = cx.sizes_of(query)
    q, k, v = (_split_heads(cx, x, n) for x, n in ((query, num_heads), (key, kv_num_heads), (value, kv_num_heads)))
    h = cx.sizes_of(q)[3]
    element = cx.element(query)
    p = cx.sizes_of(past_key)[2] if past_key is not None else 0
    t, first = _gqa_present_length(cx, p, s, total_sequence_length)
    s32 = cx.convert(cx.size_value(s), "i32")
    # seqlens_k: (B,), or (B, 1) as onnxruntime's own MHA -> GQA rewrite computes it (a kept ReduceSum)
    total = cx.op("add", cx.reshape(cx.convert(seqlens_k, "i32"), [b]), cx.const(1, "i32", [b]))     # (B,)
    # past_b; a first prompt starts at 0, its rows right-padded past their lengths
    start = cx.op("subtract", total, cx.broadcast(s32, [b], dims=[]))
    if first is True:
        start = cx.const(0, "i32", [b])
    elif first is not False:
        start = cx.op("select", cx.broadcast(first, [b], dims=[]), cx.const(0, "i32", [b]), start)
    if do_rotary:
        pos = cx.op("add", _iota(cx, [b, s], 1), cx.broadcast(start, [b, s], dims=[0]))
        if position_ids is not None:
            pos = _gqa_positions(cx, position_ids, b, s)
        q = _rotate_heads(cx, q, pos, cos_cache, sin_cache, rotary_interleaved)
        k = _rotate_heads(cx, k, pos, cos_cache, sin_cache, rotary_interleaved)
    # present[b, :, j] = new[b, :, j - past_b] for past_b <= j < past_b + S, else past[b, :, j]
    j = _iota(cx, [b, t], 1)
    rel = cx.op("subtract", j, cx.broadcast(start, [b, t], dims=[0]))
    zero_bt = cx.const(0, "i32", [b, t])
    fresh = cx.op("and", cx.op("compare", rel, zero_bt, comparison_direction="GE"),
                  cx.op("compare", rel, cx.broadcast(s32, [b, t], dims=[]), comparison_direction="LT"))
    before = cx.op("compare", rel, zero_bt, comparison_direction="LT")
    idx = cx.op("clamp", zero_bt, rel, cx.broadcast(cx.op("subtract", s32, cx.const(1, "i32")), [b, t], dims=[]))

    def present(new, past):
        taken = _take_rows(cx, new, idx)                                 # (B, kvN, T, H)
        tail = cx.const(0, element, [b, kv_num_heads, s, h])
        old = tail if past is None else cx.op("concatenate", [past, tail], dimension=2)
        old = _rows_to(cx, old, p, s, t)
        keep_new = cx.broadcast(fresh, [b, kv_num_heads, t, h], dims=[0, 2])
        keep_old = cx.broadcast(before, [b, kv_num_heads, t, h], dims=[0, 2])     # past beyond a row's length: 0
        old = cx.op("select", keep_old, old, cx.const(0, element, [b, kv_num_heads, t, h]))
        return cx.op("select", keep_new, taken, old)
    pk, pv = present(k, past_key), present(v, past_value)
    group = num_heads // kv_num_heads
    kk, vv = (cx.reshape(cx.broadcast(x, [b, kv_num_heads, group, t, h], dims=[0, 1, 3, 4]), [b, num_heads, t, h])
              for x in (pk, pv))
    scores = dot(cx, q, kk, [3], [3], [0, 1], [0, 1])                   # (B, N, S, T)
    scale = float(scale) if scale else 1.0 / float(np.sqrt(h))
    scores = cx.op("multiply", scores, cx.const(scale, element, [b, num_heads, s, t]))
    if softcap:
        c = cx.const(float(softcap), element, [b, num_heads, s, t])
        scores = cx.op("multiply", cx.op("tanh", cx.op("divide", scores, c)), c)
    if attention_bias is not None:
        scores = cx.op("add", scores, cx.broadcast(cx.convert(attention_bias, element), [b, num_heads, s, t]))
    # key j is seen by query i of row b when j <= past_b + i (and within the window)
    last = cx.op("add", _iota(cx, [b, s, t], 1), cx.broadcast(start, [b, s, t], dims=[0]))
    col = _iota(cx, [b, s, t], 2)
    seen = cx.op("compare", col, last, comparison_direction="LE")
    # (keys past a row's length: only a padded first prompt has any before its queries' positions)
    seen = cx.op("and", seen, cx.op("compare", col, cx.broadcast(total, [b, s, t], dims=[0]),
                                     comparison_direction="LT"))
    if local_window_size is not None and local_window_size > 0:
        lo = cx.op("subtract", last, cx.const(local_window_size, "i32", [b, s, t]))
        seen = cx.op("and", seen, cx.op("compare", col, lo, comparison_direction="GT"))
    lowest = float(np.finfo(np.float32 if element != "f64" else np.float64).min)
    mask = cx.broadcast(seen, [b, num_heads, s, t], dims=[0, 2, 3])
    zeros = cx.const(0, element, [b, num_heads, s, t])
    qk = cx.op("select", mask, scores, zeros) if qk_output == 1 else None   # keys not seen: 0, as onnxruntime's
    scores = cx.op("select", mask, scores, cx.const(lowest, element, [b, num_heads, s, t]))
    m = reduce1(cx, scores, [3], "maximum", -np.inf)                    # (B, N, S)
    sink = None
    if head_sink is not None:
        sink = cx.broadcast(cx.convert(head_sink, element), [b, num_heads, s], dims=[1])
    elif smooth_softmax:
        sink = cx.const(0, element, [b, num_heads, s])
    if sink is not None:                # one more logit in each row's softmax, attending nothing
        m = cx.op("maximum", m, sink)
    e = cx.op("exponential", cx.op("subtract", scores, keep(cx, m, scores, [3])))
    e = cx.op("select", mask, e, zeros)
    denom = reduce1(cx, e, [3], "add", 0)
    if sink is not None:
        denom = cx.op("add", denom, cx.op("exponential", cx.op("subtract", sink, m)))
    probs = cx.op("divide", e, keep(cx, denom, e, [3]))
    y = _merge_heads(cx, dot(cx, probs, vv, [3], [2], [0, 1], [0, 1]))
    qk = probs if qk_output == 2 else qk
    return [y, pk, pv, None if qk is None else _qk_columns(cx, qk, p, total_sequence_length)]


def _qk_columns(cx, qk, p, total_sequence_length):
    """GroupQueryAttention's output_qk holds total_sequence_length key columns, the first of
    the present length's (a shared buffer's present is longer: those columns are all unseen)."""
    if isinstance(p, int) and p == 0:   # present length S == total
        return qk
    known = cx.known(6)
    if known is not None:
        return _take(cx, qk, 3, 0, int(np.asarray(known).reshape(-1)[0]))
    total = cx.convert(cx.reshape(total_sequence_length, []), "i64")
    return _take_at(cx, qk, 3, _iota(cx, [total], 0))


def _gqa_present_length(cx, p, s, total_sequence_length):
    """GroupQueryAttention's present length max(past length p, total_sequence_length) (an int
    where both are known at import or there is no past, else a size value), and whether the
    call is a first prompt (S == total): True / False, or a rank-0 i1 value."""
    if isinstance(p, int) and p == 0:
        return s, True
    known = cx.known(6)
    stated = (cx.out_shape(1) or [None] * 3)[2] if len(cx.node.output) > 1 and cx.node.output[1] else None
    if known is not None:
        total = int(np.asarray(known).reshape(-1)[0])
        first = total == s if isinstance(s, int) else \
            cx.op("compare", cx.size_value(s), cx.const(total, "i64"), comparison_direction="EQ")
        if isinstance(p, int):
            return max(p, total), first
        return cx.op("maximum", cx.size_value(p), cx.const(total, "i64")), first
    total = cx.convert(cx.reshape(total_sequence_length, []), "i64")
    first = cx.op("compare", cx.size_value(s), total, comparison_direction="EQ")
    if isinstance(stated, int):         # the model states the present length
        return stated, first
    return cx.op("maximum", cx.size_value(p), total), first


def _gqa_positions(cx, position_ids, b, s):
    """The rotary positions GroupQueryAttention takes from position_ids, as onnxruntime's CPU
    kernel reads them: per row for one new token (S = 1), else position_ids[0, 0] + i for every
    row (it reads the input as one offset then)."""
    ids = cx.convert(position_ids, "i32")
    if isinstance(s, int) and s == 1:
        return ids
    first = cx.reshape(_take(cx, _take(cx, ids, 0, 0, 1), 1, 0, 1), [])
    offset = cx.op("add", _iota(cx, [b, s], 1), cx.broadcast(first, [b, s], dims=[]))
    if isinstance(s, int):
        return offset
    one = cx.op("compare", cx.size_value(s), cx.const(1, "i64"), comparison_direction="EQ")
    return cx.op("select", cx.broadcast(one, [b, s], dims=[]), ids, offset)


def _rows_to(cx, x, p, s, t):
    """x (B, kvN, p + s, H) cut or padded with zeros to t positions along axis 2."""
    n = p + s if isinstance(p, int) and isinstance(s, int) else None
    if isinstance(t, int) and n is not None:
        if t == n:
            return x
        if t < n:
            return _take(cx, x, 2, 0, t)
    sizes = cx.sizes_of(x)
    high = cx.op("subtract", cx.size_value(t), cx.size_value(sizes[2]))
    zeros = cx.const(np.zeros(4, np.int64), "i64", [4])
    hi = cx.op("concatenate", [cx.const(np.zeros(2, np.int64), "i64", [2]), cx.reshape(high, [1]),
                               cx.const(np.zeros(1, np.int64), "i64", [1])], dimension=0)
    shape = [d if isinstance(d, int) else None for d in (sizes[0], sizes[1], t, sizes[3])]
    return cx.op("dynamic_pad", x, cx.const(0, cx.element(x)), zeros, hi, zeros,
                 result_types=[tensor_type(shape, cx.element(x))])


def _take_rows(cx, x, idx):
    """x (B, N, S, H) gathered along S by idx (B, T) per batch row: (B, N, T, H)."""
    b, n, s, h = cx.sizes_of(x)
    t = cx.sizes_of(idx)[1]
    onehot = cx.convert(cx.op("compare", cx.broadcast(idx, [b, t, s], dims=[0, 1]), _iota(cx, [b, t, s], 2),
                              comparison_direction="EQ"), cx.element(x))
    y = dot(cx, onehot, x, [2], [2], [0], [0])                           # (B, T, N, H)
    return cx.op("transpose", y, permutation=[0, 2, 1, 3])


def _rotate_heads(cx, x, positions, cos_cache, sin_cache, interleaved):
    """Rotary embedding of (B, N, S, H) heads at (B, S) positions (any sizes dynamic but H): pairs
    of the first 2 * cache-width features, split in halves or interleaved, rotated."""
    if cos_cache is None or sin_cache is None:
        raise cx.error("do_rotary needs cos_cache and sin_cache")
    b, n, s, h = cx.sizes_of(x)
    half = cx.sizes_of(cos_cache)[1]
    rd = 2 * half
    cos, sin = (cx.broadcast(gather(cx, c, cx.convert(positions, "i64"), axis=0), [b, n, s, half], dims=[0, 2, 3])
                for c in (cos_cache, sin_cache))
    if interleaved:
        pairs = cx.reshape(_take(cx, x, 3, 0, rd), [b, n, s, half, 2])
        x1, x2 = (cx.reshape(_take(cx, pairs, 4, i, i + 1), [b, n, s, half]) for i in (0, 1))
    else:
        x1, x2 = _take(cx, x, 3, 0, half), _take(cx, x, 3, half, rd)
    real = cx.op("subtract", cx.op("multiply", cos, x1), cx.op("multiply", sin, x2))
    imag = cx.op("add", cx.op("multiply", sin, x1), cx.op("multiply", cos, x2))
    if interleaved:
        rot = cx.reshape(cx.op("concatenate", [cx.reshape(v, [b, n, s, half, 1]) for v in (real, imag)],
                               dimension=4), [b, n, s, rd])
    else:
        rot = cx.op("concatenate", [real, imag], dimension=3)
    return rot if rd == h else cx.op("concatenate", [rot, _take(cx, x, 3, rd, h)], dimension=3)
