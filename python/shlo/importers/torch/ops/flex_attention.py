"""torch.nn.attention.flex_attention (the `flex_attention` higher-order op), as PyTorch's own
math form computes it: scores = q @ k^T * scale in f32 (f64 for f64 inputs), the score_mod
applied to every (batch, head, q_idx, kv_idx), -inf where the block mask's mask_mod is false,
a softmax whose fully masked rows are zeros, then @ v; grouped-query heads are repeated. The
results are (out, logsumexp / ln 2, max / ln 2), the op's three outputs.

The score_mod and mask_mod graphs arrive traced on rank-0 tensors (torch vmaps them). They are
traced again with make_fx on tensors of the scores' full shape, so that every node's recorded
shape is the broadcast one the converters read, then converted inline."""
from __future__ import annotations

import math

from ..registry import converts
from .attention import _dot, _repeat_heads
from .reductions import add_reduce, extreme, iota, restore


def _full_shape_graph(gm, examples):
    """`gm` traced again (fake tensors) on `examples`: element-wise mods over full index tensors."""
    from torch.fx.experimental.proxy_tensor import make_fx
    return make_fx(gm, tracing_mode="fake")(*examples)


def _example(cx, v):
    """A zero torch tensor shaped and typed like the shlo value v (sizes must be static)."""
    import torch

    from .. import dtypes
    return torch.zeros(cx.sizes_of(v), dtype=dtypes.torch_dtype(cx.element(v)))


def _placeholder_dtype(gm, i, default):
    from .. import dtypes
    nodes = [n for n in gm.graph.nodes if n.op == "placeholder"]
    val = nodes[i].meta.get("val") if i < len(nodes) else None
    return dtypes.element(val.dtype) if hasattr(val, "dtype") else default


def _apply_mod(cx, gm, inputs):
    """The mod graph's (single) output over `inputs` (shlo values of one full shape)."""
    traced = _full_shape_graph(gm, [_example(cx, v) for v in inputs])
    (out,) = cx.importer.convert_graph(traced, list(inputs))[:1]
    return out


@converts("higher_order.flex_attention")
def flex_attention(cx, q, k, v, score_mod, block_mask, scale, kernel_options=None, score_mod_buffers=(),
                   mask_mod_buffers=()):
    out_element = cx.element(q)
    work = "f64" if out_element == "f64" else "f32"
    qs, ks = cx.sizes_of(q), cx.sizes_of(k)
    if not all(isinstance(s, int) for s in qs + ks + cx.sizes_of(v)):
        raise cx.error("flex_attention needs static sizes (its score_mod / mask_mod are traced again at the "
                       "scores' shape)")
    b, hq, length, _ = qs
    if hq != ks[1]:
        k, v = _repeat_heads(cx, k, hq // ks[1]), _repeat_heads(cx, v, hq // ks[1])
    k = cx.broadcast(k, [b] + cx.sizes_of(k)[1:])
    v = cx.broadcast(v, [b] + cx.sizes_of(v)[1:])
    scores = _dot(cx, cx.convert(q, work), cx.convert(k, work), 2, 3, 3)         # [B, H, L, S]
    sizes = cx.sizes_of(scores)
    scores = cx.op("multiply", scores, cx.const(float(scale), work, sizes))
    mask_mod = block_mask[-1]
    idx = lambda gm, first: [iota(cx, sizes, d, _placeholder_dtype(gm, first + d, "i32")) for d in range(4)]  # noqa: E731
    modded = _apply_mod(cx, score_mod, [scores] + idx(score_mod, 1) + list(score_mod_buffers))
    modded = cx.broadcast(cx.convert(modded, work), sizes)
    keep = _apply_mod(cx, mask_mod, idx(mask_mod, 0) + list(mask_mod_buffers))
    keep = cx.broadcast(cx.convert(keep, "i1"), sizes)
    neg_inf = cx.const(-math.inf, work, sizes)
    post = cx.op("select", keep, modded, neg_inf)
    dims = [3]
    top = extreme(cx, post, dims, True)                                           # [B, H, L]
    rsizes = cx.sizes_of(top)
    masked_row = cx.op("compare", top, cx.const(-math.inf, work, rsizes), comparison_direction="EQ")
    shift = cx.op("select", masked_row, cx.const(0, work, rsizes), top)
    ex = cx.op("exponential", cx.op("subtract", post, restore(cx, shift, post, dims)))
    total = add_reduce(cx, ex, dims)
    lse = cx.op("select", masked_row, cx.const(-math.inf, work, rsizes),
                cx.op("add", cx.op("log", total), shift))
    full_total = restore(cx, total, post, dims)
    empty = cx.op("compare", full_total, cx.const(0, work, sizes), comparison_direction="EQ")
    p = cx.op("select", empty, cx.const(0, work, sizes), cx.op("divide", ex, full_total))
    p = cx.convert(cx.convert(p, out_element), work)          # the probabilities rounded to q's type
    out = cx.convert(_dot(cx, p, cx.convert(v, work), 2, 3, 2), out_element)
    ln2 = cx.const(math.log(2), work, rsizes)
    return out, cx.op("divide", lse, ln2), cx.op("divide", top, ln2)
