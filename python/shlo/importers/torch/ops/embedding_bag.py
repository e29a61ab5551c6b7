"""`_embedding_bag` (nn.EmbeddingBag / F.embedding_bag): weight rows of 1-D `indices` reduced per bag,
bag b holding the positions from offsets[b] up to the next bag's offset. As PyTorch's CPU kernel
reads them: the last bag runs to the end of `indices` (also with include_last_offset), except on
its fast sum path (f32 / f16 weights, no padding_idx: no offset2bag output), which reads
offsets[0] .. offsets[-1] with include_last_offset.

Outputs as ATen's CPU kernel defines them:
- result (num_bags, D): sum (times per_sample_weights) / mean / max of the bag's rows; entries equal
  to padding_idx take no part; an empty bag gives zeros.
- offset2bag: each position's bag (empty where the kernel's fast sum path skips it).
- bag_size: the bag's count of non-padding entries for mean / max; zeros for sum.
- max_indices: for max, the weight row each result element came from (the first position holding
  the maximum); for mean, bag_size again; for sum, zeros.
"""
from __future__ import annotations

from ..checks import arg_node, check_index_range
from ..registry import converts
from .backward import _sum
from .conv import lowest, opmath
from .indexing import scatter
from .shapes import iota, take

I64 = "i64"
MODES = {0: "sum", 1: "mean", 2: "max"}


def _bag_of_position(cx, offsets, n, num_bags):
    """seg[i] = how many of offsets[1:num_bags] are <= i (bag ids skip over empty bags)."""
    if num_bags <= 1:
        return cx.const(0, I64, [n])
    starts = cx.op("slice", offsets, start_indices=[1], limit_indices=[num_bags], strides=[1])
    pos = iota(cx, [n, num_bags - 1], 0)
    ge = cx.op("compare", pos, cx.broadcast(starts, [n, num_bags - 1]), comparison_direction="GE")
    return _sum(cx, cx.convert(ge, I64), [1])


def _in_offsets(cx, offsets, n, num_bags, include_last_offset, valid):
    """The fast sum path (no offset2bag) stops at offsets[num_bags] with include_last_offset; the
    other paths give every position a bag (offsets[0] is 0: PyTorch checks it)."""
    if not include_last_offset:
        return valid
    last = cx.op("slice", offsets, start_indices=[num_bags], limit_indices=[num_bags + 1], strides=[1])
    inside = cx.op("compare", iota(cx, [n], 0), cx.broadcast(last, [n]), comparison_direction="LT")
    return inside if valid is None else cx.op("and", valid, inside)


def _into_bags(cx, out, seg, updates, combine):
    """Rows (or scalars) of `updates` combined into out[seg[i]]."""
    window = list(range(1, cx.rank(updates)))
    return scatter(cx, out, seg, updates, {"update_window_dims": window, "inserted_window_dims": [0],
                                           "scatter_dims_to_operand_dims": [0], "index_vector_dim": 1}, combine)


def _fit(cx, v, sizes, element):
    """v (1-D) cut or zero-padded to the output's length (ATen sizes some outputs by the offsets)."""
    v = cx.convert(v, element)
    n, want = cx.sizes_of(v)[0], sizes[0]
    if n == want:
        return v
    return cx.op("pad", v, cx.const(0, element), edge_padding_low=[0], edge_padding_high=[want - n],
                 interior_padding=[0])


@converts("_embedding_bag", "_embedding_bag_forward_only")
def embedding_bag(cx, weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False,
                  per_sample_weights=None, include_last_offset=False, padding_idx=-1):
    if mode not in MODES:
        raise cx.error(f"unknown embedding_bag mode {mode}")
    if cx.rank(indices) != 1 or cx.rank(offsets) != 1:
        raise cx.error("embedding_bag takes 1-D indices and offsets")
    out_element = cx.out_element(0)
    element = opmath(out_element)
    n = cx.sizes_of(indices)[0]
    num_bags = cx.out_sizes(0)[0]
    d = cx.sizes_of(weight)[1]
    if not isinstance(n, int) or not isinstance(num_bags, int):
        raise cx.error("embedding_bag needs static numbers of indices and bags")
    idx = cx.convert(indices, I64)
    check_index_range(cx, idx, cx.sizes_of(weight)[0], 0, wraps=False,
                      source=arg_node(cx, ("_embedding_bag", "_embedding_bag_forward_only"), 1))
    seg = _bag_of_position(cx, cx.convert(offsets, I64), n, num_bags)
    rows = take(cx, cx.convert(weight, element), 0, idx)                       # (n, D)
    valid = None
    if padding_idx is not None and padding_idx >= 0:
        valid = cx.op("compare", idx, cx.const(padding_idx, I64, [n]), comparison_direction="NE")
    if cx.out_sizes(1) == [0] and n:
        valid = _in_offsets(cx, cx.convert(offsets, I64), n, num_bags, include_last_offset, valid)
    ones = cx.const(1, I64, [n]) if valid is None else cx.convert(valid, I64)
    counts = _into_bags(cx, cx.const(0, I64, [num_bags]), seg, ones, "add")   # (B,)
    zero_rows = cx.const(0, element, [n, d])
    if valid is not None:
        keep = cx.broadcast(valid, [n, d], dims=[0])
    name = MODES[mode]
    max_idx = None
    if name in ("sum", "mean"):
        if per_sample_weights is not None:
            if name != "sum":
                raise cx.error("per_sample_weights only with mode='sum'")
            psw = cx.broadcast(cx.convert(per_sample_weights, element), [n, d], dims=[0])
            rows = cx.op("multiply", rows, psw)
        if valid is not None:
            rows = cx.op("select", keep, rows, zero_rows)
        result = _into_bags(cx, cx.const(0, element, [num_bags, d]), seg, rows, "add")
        if name == "mean":
            c = cx.convert(cx.op("maximum", counts, cx.const(1, I64, [num_bags])), element)
            result = cx.op("divide", result, cx.broadcast(c, [num_bags, d], dims=[0]))
    else:
        result, max_idx = _bag_max(cx, rows, idx, seg, counts, valid, n, num_bags, d, element)
    outs = [cx.convert(result, out_element)]
    # offset2bag, bag_size, max_indices in the shapes the node's example outputs give
    o2b_sizes, bag_sizes, mi_sizes = cx.out_sizes(1), cx.out_sizes(2), cx.out_sizes(3)
    outs.append(cx.const(0, cx.out_element(1), o2b_sizes) if o2b_sizes == [0]
                else cx.convert(seg, cx.out_element(1)))
    sizes = counts if name != "sum" else cx.const(0, I64, [num_bags])
    outs.append(_fit(cx, sizes, bag_sizes, cx.out_element(2)))
    if name == "max":
        outs.append(cx.convert(max_idx, cx.out_element(3)))
    else:
        outs.append(_fit(cx, sizes, mi_sizes, cx.out_element(3)))
    return tuple(outs)


def _bag_max(cx, rows, idx, seg, counts, valid, n, num_bags, d, element):
    """Per bag and feature: the largest row value (0 for an empty bag) and the weight row of the
    first position holding it."""
    low = cx.const(lowest(element), element, [n, d])
    if valid is not None:
        rows = cx.op("select", cx.broadcast(valid, [n, d], dims=[0]), rows, low)
    best = _into_bags(cx, cx.const(lowest(element), element, [num_bags, d]), seg, rows, "maximum")
    nonempty = cx.broadcast(cx.op("compare", counts, cx.const(0, I64, [num_bags]), comparison_direction="GT"),
                            [num_bags, d], dims=[0])
    result = cx.op("select", nonempty, best, cx.const(0, element, [num_bags, d]))
    # the first position whose value is its bag's maximum
    hit = cx.op("compare", rows, take(cx, best, 0, seg), comparison_direction="EQ")
    if valid is not None:
        hit = cx.op("and", hit, cx.broadcast(valid, [n, d], dims=[0]))
    pos = cx.op("select", hit, iota(cx, [n, d], 0), cx.const(n, I64, [n, d]))
    first = _into_bags(cx, cx.const(n, I64, [num_bags, d]), seg, pos, "minimum")
    first = cx.op("minimum", first, cx.const(max(n - 1, 0), I64, [num_bags, d]))
    rows_of = cx.broadcast(idx, [n, d], dims=[0])
    picked = _gather_2d(cx, rows_of, first, d) if n else cx.const(0, I64, [num_bags, d])
    return result, cx.op("select", nonempty, picked, cx.const(0, I64, [num_bags, d]))


def _gather_2d(cx, table, pos, d):
    """table[pos[b, j], j] for a (n, D) table and (B, D) positions."""
    b = cx.sizes_of(pos)[0]
    cols = iota(cx, [b, d, 1], 1)
    coords = cx.op("concatenate", [cx.reshape(pos, [b, d, 1]), cols], dimension=2)
    return cx.op("gather", table, coords, dimension_numbers={
        "offset_dims": [], "collapsed_slice_dims": [0, 1], "start_index_map": [0, 1], "index_vector_dim": 2,
        "operand_batching_dims": [], "start_indices_batching_dims": []}, slice_sizes=[1, 1])


# ----------------------------------------------------------------------------- backward

@converts("_embedding_bag_backward", "_embedding_bag_dense_backward")
def embedding_bag_backward(cx, grad, indices, *rest):
    """The weight gradient: each bag's gradient row added to its entries' weight rows (scaled by
    per_sample_weights, divided by the bag size for mean); for max, each element's gradient to the
    row max_indices names."""
    if cx.node.target.__name__.startswith("_embedding_bag_backward"):
        offsets, offset2bag, bag_size, max_indices, num_weights, scale, mode, sparse, psw, *pad = rest
        if sparse:
            raise cx.error("sparse embedding_bag gradients (the importer makes dense tensors only)")
    else:
        offsets = None
        offset2bag, bag_size, max_indices, num_weights, scale, mode, psw, *pad = rest
    padding_idx = pad[0] if pad else -1
    if not isinstance(num_weights, int):
        raise cx.error("embedding_bag backward needs a static number of weights")
    out_element = cx.out_element()
    element = opmath(out_element)
    g = cx.convert(grad, element)
    num_bags, d = cx.sizes_of(g)
    n = cx.sizes_of(indices)[0]
    if not isinstance(n, int) or not isinstance(num_bags, int):
        raise cx.error("embedding_bag backward needs static numbers of indices and bags")
    idx = cx.convert(indices, I64)
    out = cx.const(0, element, [num_weights, d])
    if scale:
        # PyTorch's CPU kernel does not divide each row by its index's count (as embedding's does):
        # its results for repeated indices were not reproduced, so no numbers rather than wrong ones
        raise cx.error("embedding_bag gradients with scale_grad_by_freq=True are not supported")
    if MODES.get(mode) == "max":
        nonempty = cx.op("compare", cx.convert(bag_size, I64), cx.const(0, I64, [num_bags]), comparison_direction="GT")
        g = cx.op("select", cx.broadcast(nonempty, [num_bags, d], dims=[0]), g, cx.const(0, element, [num_bags, d]))
        coords = cx.op("concatenate", [cx.reshape(cx.convert(max_indices, I64), [num_bags, d, 1]),
                                       iota(cx, [num_bags, d, 1], 1)], dimension=2)
        y = scatter(cx, out, coords, g, {"update_window_dims": [], "inserted_window_dims": [0, 1],
                                         "scatter_dims_to_operand_dims": [0, 1], "index_vector_dim": 2}, "add")
        return cx.convert(y, out_element)
    if cx.sizes_of(offset2bag)[0] == n:
        seg = cx.convert(offset2bag, I64)
    elif offsets is not None:      # the fast sum path leaves offset2bag empty
        seg = _bag_of_position(cx, cx.convert(offsets, I64), n, num_bags)
    else:
        raise cx.error("embedding_bag backward without offset2bag")
    rows = take(cx, g, 0, seg)                                                  # (n, D)
    if psw is not None:
        rows = cx.op("multiply", rows, cx.broadcast(cx.convert(psw, element), [n, d], dims=[0]))
    if MODES.get(mode) == "mean":
        size = take(cx, cx.convert(bag_size, I64), 0, seg)
        size = cx.convert(cx.op("maximum", size, cx.const(1, I64, [n])), element)
        rows = cx.op("divide", rows, cx.broadcast(size, [n, d], dims=[0]))
    if padding_idx is not None and padding_idx >= 0:
        keep = cx.op("compare", idx, cx.const(padding_idx, I64, [n]), comparison_direction="NE")
        rows = cx.op("select", cx.broadcast(keep, [n, d], dims=[0]), rows, cx.const(0, element, [n, d]))
    return cx.convert(_into_bags(cx, out, idx, rows, "add"), out_element)
