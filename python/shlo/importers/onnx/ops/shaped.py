"""Sequences of run-time length whose tensors have several run-time sizes, each its own.

A Loop with a run-time trip count that appends tensors with two or more run-time sizes (a
scripted `outs.append(x[:, :i + 1])` over a dynamic batch: [b, i + 1] per iteration) builds a
sequence that neither a stacked buffer (one shape for every row) nor a joined tensor (one size
that differs) can hold. It is held as `Shaped`: every tensor's elements in row-major order, one
tensor after another (`values`, 1-D), and a table of their shapes (`sizes`, (n, rank) i64; n is
the sequence's length). SequenceAt cuts a tensor's elements out and reshapes them to its row of
the table; ConcatFromSequence gathers the joined tensor's elements from `values` (along an axis
the tensors differ in) or reshapes `values` (stacking, where ONNX requires one shape);
SequenceLength is the table's length; SequenceInsert / SequenceErase splice the tensor's elements
in / out at the count of the tensors before it and its row of the table. A sequence that starts
with known tensors of the appended tensors' rank starts the loop with their values and shapes.
A graph output of one is the two tensors, cut apart by `OnnxTrees.unflatten` (`("shaped",)` in
output_groups).
"""
from __future__ import annotations

import numpy as np
import onnx

from ....types import tensor_type
from ...emitter import reduce1
from . import ragged

I64 = "i64"


class Shaped:
    """A sequence held as `values` (its tensors' elements, flattened and joined) and `sizes`
    (row k: tensor k's shape). `shape`: what is known of every tensor's shape when importing (ints
    where all tensors have that size, None where it is a run-time size)."""

    def __init__(self, values, sizes, shape):
        self.values = values
        self.sizes = sizes
        self.shape = list(shape)


def _counts(cx, s):
    """Each tensor's element count, (n,) i64."""
    return reduce1(cx, s.sizes, [1], "multiply", 1)


def _row(cx, s, p):
    """Row p of the size table (rank-0 i64 p, in range): tensor p's shape, (rank,) i64."""
    from .tensors import _take
    return _take(cx, s.sizes, 0, p)


def _first_shape(cx, s):
    """The first tensor's sizes as ints and rank-0 i64 values (all zeros for an empty sequence,
    whose table has no row to read: a zero row is put before it and the row after it read where
    there is one)."""
    rank = len(s.shape)
    n = cx.size_value(count(cx, s))
    zero_row = cx.const(0, I64, [1, rank])
    table = cx.op("concatenate", [zero_row, s.sizes], dimension=0)
    at = cx.op("minimum", n, cx.const(1, I64))
    row = _row(cx, Shaped(s.values, table, s.shape), at)
    out = []
    for j, known in enumerate(s.shape):
        if known is not None:
            out.append(known)
        else:
            out.append(cx.reshape(cx.op("slice", row, start_indices=[j], limit_indices=[j + 1], strides=[1]), []))
    return out


def count(cx, s):
    """The sequence's length: an int or a rank-0 i64 value."""
    return cx.dim(s.sizes, 0)


def length(cx, s):
    n = count(cx, s)
    return np.array(n, np.int64) if isinstance(n, int) else n


def at(cx, s, position):
    """Tensor `position` (negative from the end): its elements cut out of `values` at the count
    of the tensors before it, reshaped to its row of the table."""
    from .tensors import _take
    p = _position(cx, s, position)
    piece = ragged._cut(cx, s.values, 0, _offset(cx, s, p), _take(cx, _counts(cx, s), 0, p))
    return cx.op("dynamic_reshape", piece, _row(cx, s, p), result_types=[tensor_type(s.shape, cx.element(s.values))])


def _position(cx, s, position):
    """A position (negatives count from the end) as a rank-0 i64 value."""
    p = cx.reshape(cx.convert(position, I64), [])
    return cx.op("select", cx.op("compare", p, cx.const(0, I64), comparison_direction="LT"),
                 cx.op("add", p, cx.size_value(count(cx, s))), p)


def _offset(cx, s, p):
    """Where tensor p's elements start in `values`: the element counts of the tensors before it."""
    n = count(cx, s)
    before = cx.op("compare", ragged._iota(cx, n), cx.broadcast(p, [n]), comparison_direction="LT")
    return reduce1(cx, cx.op("select", before, _counts(cx, s), cx.const(0, I64, [n])), [0], "add", 0)


def _parts(cx, x, start, end):
    """x[:start] and x[end:] along dimension 0 (rank-0 i64 bounds)."""
    total = cx.size_value(cx.dim(x, 0))
    return (ragged._cut(cx, x, 0, cx.const(0, I64), start),
            ragged._cut(cx, x, 0, end, cx.op("subtract", total, end)))


def _merged(known, shape):
    return [a if a == b else None for a, b in zip(known, shape)]


def insert(cx, s, tensor, position=None):
    """The tensor spliced in at position (the end without one): its elements go in at the
    offset of the tensor now there, its shape in as that row of the table."""
    if cx.rank(tensor) != len(s.shape):
        raise cx.error(f"the tensor inserted has rank {cx.rank(tensor)}, the sequence's tensors {len(s.shape)}")
    if cx.element(tensor) != cx.element(s.values):
        raise cx.error(f"the tensor inserted is {cx.element(tensor)}, the sequence's tensors {cx.element(s.values)}")
    rank = len(s.shape)
    sizes = cx.sizes_of(tensor)
    flat = cx.reshape(tensor, [cx.element_count(sizes)])
    row = cx.reshape(cx.shape_tensor(sizes), [1, rank])
    shape = _merged(s.shape, cx.info(tensor).shape)
    if position is None:
        return Shaped(cx.op("concatenate", [s.values, flat], dimension=0),
                      cx.op("concatenate", [s.sizes, row], dimension=0), shape)
    p = _position(cx, s, position)
    start = _offset(cx, s, p)
    v_lo, v_hi = _parts(cx, s.values, start, start)
    t_lo, t_hi = _parts(cx, s.sizes, p, p)
    return Shaped(cx.op("concatenate", [v_lo, flat, v_hi], dimension=0),
                  cx.op("concatenate", [t_lo, row, t_hi], dimension=0), shape)


def erase(cx, s, position=None):
    """The tensor at position (the last without one) cut out of `values` and the table."""
    from .tensors import _take
    n = cx.size_value(count(cx, s))
    one = cx.const(1, I64)
    p = cx.op("subtract", n, one) if position is None else _position(cx, s, position)
    start = _offset(cx, s, p)
    v_lo, v_hi = _parts(cx, s.values, start, cx.op("add", start, _take(cx, _counts(cx, s), 0, p)))
    t_lo, t_hi = _parts(cx, s.sizes, p, cx.op("add", p, one))
    return Shaped(cx.op("concatenate", [v_lo, v_hi], dimension=0),
                  cx.op("concatenate", [t_lo, t_hi], dimension=0), s.shape)


def from_items(cx, items, element):
    """Known tensors of one rank as a Shaped (what a Loop that appends to a sequence starting
    with them carries); an error if their ranks or element types differ."""
    if not items:
        return None
    rank = cx.rank(items[0])
    if any(cx.rank(v) != rank for v in items) or any(cx.element(v) != element for v in items):
        raise cx.error("a Loop with a run-time trip count appends tensors with several run-time sizes to a sequence "
                       "whose first tensors differ from them in rank or element type: such a sequence is not held")
    flats, rows, shape = [], [], list(cx.info(items[0]).shape)
    for v in items:
        sizes = cx.sizes_of(v)
        flats.append(cx.reshape(v, [cx.element_count(sizes)]))
        rows.append(cx.reshape(cx.shape_tensor(sizes), [1, rank]))
        shape = _merged(shape, cx.info(v).shape)
    return Shaped(ragged._join(cx, flats, 0), ragged._join(cx, rows, 0), shape)


def concat(cx, s, axis, new_axis):
    """ConcatFromSequence. Every tensor has one shape apart from `axis` (ONNX requires it; with
    new_axis, one shape): stacked, `values` is already the (n, *shape) tensor; joined along an
    axis, element (x, j, y) of the result (x, y the flattened sizes before / after it) is element
    x * t_k * after + (j - o_k) * after + y of tensor k, the one whose run o_k .. o_k + t_k along
    the axis holds j (tensor k starts at o_k * before * after in `values`)."""
    from . import stacked
    rank = len(s.shape)
    first = _first_shape(cx, s)
    n = count(cx, s)
    if new_axis:
        rows = cx.reshape(s.values, [n] + first)
        return stacked.concat(cx, stacked.Stacked(rows), axis, True)
    d = axis % rank
    before, after = cx.element_count(first[:d]), cx.element_count(first[d + 1:])
    from .tensors import _take
    t = _take(cx, s.sizes, 1, cx.const(d, I64))     # each tensor's size along the axis
    total = reduce1(cx, t, [0], "add", 0)
    # o_k: the lengths before tensor k along the axis (an exclusive running sum, as a (n, n) mask)
    iota_n = ragged._iota(cx, n)
    lower = cx.op("compare", cx.broadcast(iota_n, [n, n], [1]), cx.broadcast(iota_n, [n, n], [0]),
                  comparison_direction="LT")
    o = reduce1(cx, cx.op("select", lower, cx.broadcast(t, [n, n], [1]), cx.const(0, I64, [n, n])), [1], "add", 0)
    # per position j of the joined axis: the tensor's o_k and t_k (one k holds it)
    j = ragged._iota(cx, total)
    jj = cx.broadcast(j, [total, n], [0])
    ok, tk = cx.broadcast(o, [total, n], [1]), cx.broadcast(t, [total, n], [1])
    inside = cx.op("and", cx.op("compare", ok, jj, comparison_direction="LE"),
                   cx.op("compare", jj, cx.op("add", ok, tk), comparison_direction="LT"))
    zero = cx.const(0, I64, [total, n])
    o_j = reduce1(cx, cx.op("select", inside, ok, zero), [1], "add", 0)
    t_j = reduce1(cx, cx.op("select", inside, tk, zero), [1], "add", 0)
    shape3 = [before, total, after]
    x = cx.op("dynamic_iota", cx.shape_tensor(shape3), iota_dimension=0,
              result_types=[tensor_type([_static(v) for v in shape3], I64)])
    y = cx.op("dynamic_iota", cx.shape_tensor(shape3), iota_dimension=2,
              result_types=[tensor_type([_static(v) for v in shape3], I64)])
    o3, t3, j3 = (cx.broadcast(v, shape3, [1]) for v in (o_j, t_j, j))
    ba = cx.broadcast(cx.op("multiply", cx.size_value(before), cx.size_value(after)), shape3, [])
    after3 = cx.broadcast(cx.size_value(after), shape3, [])
    index = cx.op("add", cx.op("add", cx.op("multiply", ba, o3),
                                cx.op("multiply", cx.op("multiply", x, t3), after3)),
                  cx.op("add", cx.op("multiply", cx.op("subtract", j3, o3), after3), y))
    joined = _take(cx, s.values, 0, index)
    return cx.reshape(joined, first[:d] + [total] + first[d + 1:])


def _static(v):
    return v if isinstance(v, int) else None


def _loose(cx, v, shape):
    """v typed with `shape`'s `?` sizes (a loop's start value for a state that grows): a
    broadcast to its own sizes (the compiler lowers that, not a dynamic_reshape from static sizes)."""
    return cx.op("dynamic_broadcast_in_dim", v, cx.shape_tensor(cx.sizes_of(v)),
                 broadcast_dimensions=list(range(cx.rank(v))), result_types=[tensor_type(shape, cx.element(v))])


# ----------------------------------------------------------------------------- Loops

def loop_appending(cx, convert_loop, m, cond, initial, body, appended):
    """A Loop with a run-time trip count whose body appends, to sequences that start empty or
    with known tensors of the same rank, tensors with two or more run-time sizes ({k:
    (SequenceInsert node, row shape, element)}): each such sequence is carried as its flattened
    values (growing by each tensor's elements; the known tensors' to start with) and its size
    table (growing by the tensor's shape), and becomes a Shaped."""
    from .stacked import prepends
    n_carried = len(initial)
    inputs, outputs = list(body.input), list(body.output)
    new_body = onnx.GraphProto()
    new_body.CopyFrom(body)
    del new_body.node[:], new_body.input[:], new_body.output[:]
    flat_shape, row_shape = "::shaped::flat", "::shaped::row"
    new_body.node.extend([
        onnx.helper.make_node("Constant", [], [flat_shape], value=onnx.helper.make_tensor("", 7, [1], [-1])),
        onnx.helper.make_node("Constant", [], [row_shape], value=onnx.helper.make_tensor("", 7, [2], [1, -1]))])
    for node in body.node:
        hit = [k for k in appended if node is appended[k][0]]
        if not hit:
            new_body.node.append(node)
            continue
        seq_in, t, seq_out = node.input[0], node.input[1], node.output[0]
        first = prepends(node)          # (outs.insert(0, t): the new tensor goes first)
        flat, shape, row = f"{seq_out}::flat", f"{seq_out}::shape", f"{seq_out}::row"
        vals_in, sizes_in = f"{seq_in}::values", f"{seq_in}::sizes"
        new_body.node.extend([
            onnx.helper.make_node("Reshape", [t, flat_shape], [flat], name=f"{node.name}/flat"),
            onnx.helper.make_node("Concat", [flat, vals_in] if first else [vals_in, flat], [f"{seq_out}::values"],
                                  axis=0, name=f"{node.name}/values"),
            onnx.helper.make_node("Shape", [t], [shape], name=f"{node.name}/shape"),
            onnx.helper.make_node("Reshape", [shape, row_shape], [row], name=f"{node.name}/row"),
            onnx.helper.make_node("Concat", [row, sizes_in] if first else [sizes_in, row], [f"{seq_out}::sizes"],
                                  axis=0, name=f"{node.name}/sizes"),
        ])
    ins, outs, start, names, node_outs = inputs[:2], [outputs[0]], [], list(cx.input_names[:2]), []
    shapes = {k: appended[k][1] for k in appended}
    for k, v in enumerate(initial):
        if k not in appended:
            ragged.keep_carried(cx, k, v, inputs, outputs, (ins, outs, start, names, node_outs))
            continue
        _, shape, element = appended[k]
        seq_in, seq_out = inputs[2 + k].name, outputs[1 + k].name
        ins += [onnx.helper.make_empty_tensor_value_info(f"{seq_in}::values"),
                onnx.helper.make_empty_tensor_value_info(f"{seq_in}::sizes")]
        outs += [onnx.helper.make_empty_tensor_value_info(f"{seq_out}::values"),
                 onnx.helper.make_empty_tensor_value_info(f"{seq_out}::sizes")]
        head = from_items(cx, list(v), element)     # (a sequence that starts with known tensors)
        if head is None:
            start += [ragged._empty(cx, element, [0], 0), ragged._empty(cx, I64, [0, len(shape)], 0)]
        else:
            if len(head.shape) != len(shape):
                raise cx.error(f"a Loop with a run-time trip count appends tensors of rank {len(shape)} to a sequence "
                               f"whose first tensors have rank {len(head.shape)}: such a sequence is not held")
            shapes[k] = _merged(shape, head.shape)
            start += [_loose(cx, head.values, [None]), _loose(cx, head.sizes, [None, len(shape)])]
        names += ["", ""]
        node_outs += [f"{cx.node.output[k]}::values", f"{cx.node.output[k]}::sizes"]
    new_body.input.extend(ins)
    new_body.output.extend(outs + outputs[1 + n_carried:])
    return ragged._run_loop(cx, convert_loop, m, cond, start, names, node_outs, n_carried, new_body,
                            {k: lambda values, sizes, k=k: Shaped(values, sizes, shapes[k]) for k in appended})
