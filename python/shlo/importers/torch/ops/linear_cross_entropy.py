"""torch.nn.functional.linear_cross_entropy's chunked path (torch_nn ops that survive export):
`_linear_cross_entropy_batch_chunked` (loss, and gradient outputs that are empty unless asked
for) and `_linear_cross_entropy_batch_chunked_no_reduction` (per-sample losses).

The loss is cross_entropy(input @ linear_weight^T + bias, target) with class-index targets,
class weights, ignore_index and reduction none / sum / mean (mean divides by the summed weights
of the targets that are not ignored), computed in `acc_dtype` (f32 for half inputs) and
rounded once; chunking only bounds torch's memory and changes nothing here. Not converted:
label_smoothing != 0 and requested gradients (the importer takes forward programs).
"""
from __future__ import annotations

import math

from ....types import tensor_type
from ..registry import converts
from .reductions import reduce1


def _losses(cx, x, w, target, bias, class_weight, ignore_index, acc):
    """(per-sample loss [B], per-sample weight [B]) in `acc`."""
    b, d = cx.sizes_of(x)
    c = cx.sizes_of(w)[0]
    xa, wa = cx.convert(x, acc), cx.convert(w, acc)
    logits = cx.op("dot_general", xa, wa, dot_dimension_numbers={
        "lhs_batching_dimensions": [], "rhs_batching_dimensions": [],
        "lhs_contracting_dimensions": [1], "rhs_contracting_dimensions": [1]})
    if bias is not None:
        logits = cx.op("add", logits, cx.broadcast(cx.convert(bias, acc), [b, c], dims=[1]))
    top = reduce1(cx, logits, [1], "maximum", -math.inf)
    shifted = cx.op("subtract", logits, cx.broadcast(top, [b, c], dims=[0]))
    lse = cx.op("log", reduce1(cx, cx.op("exponential", shifted), [1], "add", 0))
    t = cx.convert(target, "i64")
    hot = cx.op("compare", cx.op("iota", iota_dimension=1, result_types=[tensor_type([b, c], "i64")]),
                cx.broadcast(t, [b, c], dims=[0]), comparison_direction="EQ")
    picked = reduce1(cx, cx.op("select", hot, shifted, cx.const(0, acc, [b, c])), [1], "add", 0)
    nll = cx.op("subtract", lse, picked)
    if class_weight is not None:
        cw = cx.broadcast(cx.convert(class_weight, acc), [b, c], dims=[1])
        wt = reduce1(cx, cx.op("select", hot, cw, cx.const(0, acc, [b, c])), [1], "add", 0)
    else:
        wt = cx.const(1, acc, [b])
    kept = cx.op("compare", t, cx.const(ignore_index, "i64", [b]), comparison_direction="NE")
    wt = cx.op("select", kept, wt, cx.const(0, acc, [b]))
    return cx.op("multiply", nll, wt), wt


def _acc(cx, x, acc_dtype):
    from .. import dtypes
    el = cx.element(x)
    if acc_dtype is not None:
        return dtypes.element(acc_dtype)
    return "f32" if el in ("f16", "bf16") else el


def _check(cx, x, target):
    if cx.rank(x) != 2 or cx.rank(target) != 1:
        raise cx.error("linear_cross_entropy's chunked path with input [B, D] and class-index targets [B] only")
    if any(not isinstance(s, int) for s in cx.sizes_of(x)):
        raise cx.error("linear_cross_entropy needs static sizes")


@converts("torch_nn._linear_cross_entropy_batch_chunked")
def linear_cross_entropy_chunked(cx, x, w, target, bias, class_weight, reduction, ignore_index, label_smoothing,
                                 batch_chunk_size, acc_policy, acc_dtype, allow_retain_graph,
                                 compute_input_grad=False, compute_linear_weight_grad=False,
                                 compute_linear_bias_grad=False):
    _check(cx, x, target)
    if label_smoothing:
        raise cx.error("linear_cross_entropy with label_smoothing is not supported")
    if compute_input_grad or compute_linear_weight_grad or compute_linear_bias_grad:
        raise cx.error("linear_cross_entropy's gradient outputs are not supported (forward programs only)")
    acc = _acc(cx, x, acc_dtype)
    loss, wt = _losses(cx, x, w, target, bias, class_weight, ignore_index, acc)
    total = reduce1(cx, loss, [0], "add", 0)
    if reduction == "mean":
        total = cx.op("divide", total, reduce1(cx, wt, [0], "add", 0))
    elif reduction != "sum":
        raise cx.error(f"linear_cross_entropy with reduction={reduction!r} is not supported here")
    out = [cx.convert(cx.reshape(total, cx.out_sizes(0)), cx.out_element(0))]
    for i in (1, 2, 3):                     # gradients not asked for: torch returns empty tensors
        out.append(cx.const(0, cx.out_element(i), cx.out_sizes(i)))
    return tuple(out)


@converts("torch_nn._linear_cross_entropy_batch_chunked_no_reduction")
def linear_cross_entropy_chunked_none(cx, x, w, target, bias, class_weight, ignore_index, batch_chunk_size,
                                      acc_policy, acc_dtype):
    _check(cx, x, target)
    loss, _ = _losses(cx, x, w, target, bias, class_weight, ignore_index, _acc(cx, x, acc_dtype))
    return cx.convert(loss, cx.out_element())
