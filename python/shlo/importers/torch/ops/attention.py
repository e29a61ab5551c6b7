"""aten.scaled_dot_product_attention, for programs whose SDPA is kept whole: from_torch keeps it
when torch's own decomposition of it fails (with symbolic sizes, the decomposed attention's
output strides can make a later `view` of the model invalid, e.g. GPT-2 with a dynamic batch
and length).

PyTorch's math form: softmax(q @ k^T * scale + bias) @ v, bias from is_causal (lower triangle)
and attn_mask (bool: -inf where false; float: added), with grouped-query heads repeated for
enable_gqa. A row with every score -inf gives zeros (PyTorch's _safe_softmax), not NaN.
Half-precision inputs are computed in f32 and rounded once."""
from __future__ import annotations

import math

from ..registry import converts
from .reductions import acc_element, add_reduce, extreme, iota, restore


def _dot(cx, a, b, batch, lhs_c, rhs_c):
    return cx.op("dot_general", a, b, dot_dimension_numbers={
        "lhs_batching_dimensions": list(range(batch)), "rhs_batching_dimensions": list(range(batch)),
        "lhs_contracting_dimensions": [lhs_c], "rhs_contracting_dimensions": [rhs_c]})


def _repeat_heads(cx, x, groups):
    """x [..., Hk, S, E] with each head repeated `groups` times in a row (repeat_interleave on -3)."""
    sizes = cx.sizes_of(x)
    wide = sizes[:-2] + [groups] + sizes[-2:]
    r = len(sizes)
    spread = cx.broadcast(x, wide, [d if d < r - 2 else d + 1 for d in range(r)])
    heads = sizes[-3] * groups if isinstance(sizes[-3], int) else cx.op("multiply", sizes[-3], cx.const(groups, "i64"))
    return cx.reshape(spread, sizes[:-3] + [heads] + sizes[-2:])


@converts("scaled_dot_product_attention")
def scaled_dot_product_attention(cx, q, k, v, attn_mask=None, dropout_p=0.0, is_causal=False, scale=None,
                                 enable_gqa=False):
    if dropout_p:
        raise cx.error(f"scaled_dot_product_attention with dropout_p={dropout_p} draws random numbers: pass "
                       "dropout_p=0.0 outside training")
    out = cx.out_element()
    acc = acc_element(out)
    q, k, v = (cx.convert(t, acc) for t in (q, k, v))
    qs = cx.sizes_of(q)
    r = len(qs)
    if r < 2 or cx.rank(k) != r or cx.rank(v) != r:
        raise cx.error("scaled_dot_product_attention takes query, key and value of one rank (>= 2)")
    if enable_gqa and r >= 3:
        hq, hk = qs[-3], cx.sizes_of(k)[-3]
        if not (isinstance(hq, int) and isinstance(hk, int)):
            raise cx.error("grouped-query attention with a symbolic head count")
        if hq != hk:
            k, v = _repeat_heads(cx, k, hq // hk), _repeat_heads(cx, v, hq // hk)
    lead = qs[:-2]
    k = cx.broadcast(k, lead + cx.sizes_of(k)[-2:])
    v = cx.broadcast(v, lead + cx.sizes_of(v)[-2:])
    e = qs[-1]
    if scale is None:
        if not isinstance(e, int):
            raise cx.error("scaled_dot_product_attention's default scale needs a static head size")
        scale = 1.0 / math.sqrt(e)
    scores = _dot(cx, q, k, r - 2, r - 1, r - 1)                                    # [..., L, S]
    sizes = cx.sizes_of(scores)
    scores = cx.op("multiply", scores, cx.const(float(scale), acc, sizes))
    neg_inf = cx.const(-math.inf, acc, sizes)
    if is_causal:
        allowed = cx.op("compare", iota(cx, sizes, r - 1), iota(cx, sizes, r - 2), comparison_direction="LE")
        scores = cx.op("select", allowed, scores, neg_inf)
    if attn_mask is not None:
        mask = cx.broadcast(attn_mask, sizes)
        if cx.element(mask) == "i1":
            scores = cx.op("select", mask, scores, neg_inf)
        else:
            scores = cx.op("add", scores, cx.convert(mask, acc))
    dims = [r - 1]
    m = extreme(cx, scores, dims, True)
    m = cx.op("select", cx.op("compare", m, cx.const(-math.inf, acc, cx.sizes_of(m)), comparison_direction="EQ"),
              cx.const(0, acc, cx.sizes_of(m)), m)                  # all -inf: exp gives 0, not NaN
    ex = cx.op("exponential", cx.op("subtract", scores, restore(cx, m, scores, dims)))
    total = restore(cx, add_reduce(cx, ex, dims), scores, dims)
    empty = cx.op("compare", total, cx.const(0, acc, sizes), comparison_direction="EQ")
    p = cx.op("select", empty, cx.const(0, acc, sizes), cx.op("divide", ex, total))
    y = _dot(cx, p, v, r - 2, r - 1, r - 2)                                         # [..., L, Ev]
    return cx.convert(y, out)
