"""Grouped matrix products: aten._grouped_mm (torch.nn.functional.grouped_mm) and the
`transformers::grouped_mm_fallback` custom op that `transformers` mixture-of-experts layers
(Mixtral, Qwen-MoE, ...) call when exported in f32.

`offs` holds each group's end offset along the grouped dimension (rows of A for 2-D x 3-D,
columns of B for 3-D x 2-D, the contraction for 2-D x 2-D). Each group's product is computed for
every position and a one-hot group mask keeps the right one, so no gather of per-row weight
matrices is materialised (their size would be rows x K x N). Positions past the last offset get
zeros (PyTorch leaves them unwritten)."""
from __future__ import annotations

from ...emitter import I64, reduce1
from ..registry import converts
from .creation import _iota


def _group_mask(cx, offs, n, groups, element):
    """[n, groups] one-hot of each position's group: position p is in group #{g: offs[g] <= p}."""
    offs = cx.convert(offs, I64)
    pos = cx.broadcast(_iota(cx, n, I64), [n, groups], [0])
    ends = cx.broadcast(offs, [n, groups], [1])
    group = reduce1(cx, cx.convert(cx.op("compare", ends, pos, comparison_direction="LE"), I64), [1], "add", 0)
    ids = cx.broadcast(_iota(cx, groups, I64), [n, groups], [1])
    hit = cx.op("compare", cx.broadcast(group, [n, groups], [0]), ids, comparison_direction="EQ")
    return cx.convert(hit, element)


def _dot(cx, a, b, lhs_c, rhs_c, lhs_b=(), rhs_b=()):
    return cx.op("dot_general", a, b, dot_dimension_numbers={
        "lhs_batching_dimensions": list(lhs_b), "rhs_batching_dimensions": list(rhs_b),
        "lhs_contracting_dimensions": list(lhs_c), "rhs_contracting_dimensions": list(rhs_c)})


def _grouped(cx, a, b, offs, bias):
    out = cx.out_element()
    # accumulate half-precision products in f32, as PyTorch's kernels do, and round once
    acc = "f32" if out in ("bf16", "f16") else out
    a, b = cx.convert(a, acc), cx.convert(b, acc)
    ra, rb = cx.rank(a), cx.rank(b)
    if ra == 3 and rb == 3:
        if offs is not None:
            raise cx.error("3-D x 3-D grouped_mm takes no offs")
        y = _dot(cx, a, b, [2], [1], [0], [0])                                  # [G, M, N]
        if bias is not None:
            y = cx.op("add", y, cx.broadcast(cx.convert(bias, acc), cx.sizes_of(y), [0, 2]))
        return cx.convert(y, out)
    if offs is None:
        raise cx.error(f"{ra}-D x {rb}-D grouped_mm needs offs")
    if bias is not None and not (ra == 2 and rb == 3):
        raise cx.error("grouped_mm's bias is supported for 2-D x 3-D and 3-D x 3-D only")
    groups = cx.dim(offs, 0)
    if ra == 2 and rb == 3:                         # rows of A grouped: row s uses B[group(s)]
        s, n = cx.dim(a, 0), cx.dim(b, 2)
        mask = _group_mask(cx, offs, s, groups, acc)                            # [S, G]
        y = _dot(cx, a, b, [1], [1])                                            # [S, G, N]
        y = cx.op("multiply", y, cx.broadcast(mask, [s, groups, n], [0, 1]))
        y = reduce1(cx, y, [1], "add", 0)
        if bias is not None:
            y = cx.op("add", y, _dot(cx, mask, cx.convert(bias, acc), [1], [0]))
    elif ra == 3 and rb == 2:                       # columns of B grouped: column n uses A[group(n)]
        m, n = cx.dim(a, 1), cx.dim(b, 1)
        mask = _group_mask(cx, offs, n, groups, acc)                            # [N, G]
        y = _dot(cx, a, b, [2], [0])                                            # [G, M, N]
        y = cx.op("multiply", y, cx.broadcast(mask, [groups, m, n], [2, 0]))
        y = reduce1(cx, y, [0], "add", 0)
    elif ra == 2 and rb == 2:                       # the contraction grouped: one product per group
        m, kk = cx.dim(a, 0), cx.dim(a, 1)
        mask = _group_mask(cx, offs, kk, groups, acc)                           # [K, G]
        a = cx.op("multiply", cx.broadcast(a, [groups, m, kk], [1, 2]), cx.broadcast(mask, [groups, m, kk], [2, 0]))
        y = _dot(cx, a, b, [2], [0])                                            # [G, M, N]
    else:
        raise cx.error(f"grouped_mm of a {ra}-D and a {rb}-D tensor is not defined")
    return cx.convert(y, out)


@converts("_grouped_mm")
def grouped_mm(cx, a, b, offs=None, bias=None, out_dtype=None):
    return _grouped(cx, a, b, offs, bias)


@converts("transformers.grouped_mm_fallback")
def transformers_grouped_mm_fallback(cx, a, b, offs):
    return _grouped(cx, a, b, offs, None)
