"""Ragged sequences: sequences whose tensors differ in size along one axis at run time, and whose
length may be a run-time value too.

They come from SplitToSequence with a run-time split (the TorchScript exporter's
`repeat_interleave` with run-time repeats splits its input into one piece per row), from Loops
with a run-time trip count that append tensors with one run-time size (`outs.append(x[:i])`),
and from inserting at a run-time position among tensors that differ in one size. Unrolling
cannot hold them (the length is not known when importing) and neither can a stacked buffer (the
tensors differ in size), so such a sequence is held as one tensor, its tensors joined along
`axis`, and their sizes along it (`lengths`, 1-D i64: the sequence's length is its size).
ConcatFromSequence along that axis is then the joined tensor itself; SequenceAt cuts one piece
out at run-time offsets; SequenceInsert / SequenceErase splice; a graph output of one is
returned as a list (two results of @main, split by `OnnxTrees.unflatten`).
"""
from __future__ import annotations

import numpy as np
import onnx

from ....literals import elements_to_numpy
from ....types import tensor_type
from ...emitter import reduce1
from ..context import Context

I64 = "i64"


class Ragged:
    """A sequence held as `value` (its tensors joined along `axis`) and `lengths` (each tensor's
    size along `axis`, a 1-D i64 tensor whose size is the sequence's length)."""

    def __init__(self, value, lengths, axis):
        self.value = value
        self.lengths = lengths
        self.axis = axis


def _iota(cx, n):
    if isinstance(n, int):
        return cx.op("iota", iota_dimension=0, result_types=[tensor_type([n], I64)])
    return cx.op("dynamic_iota", cx.shape_tensor([n]), iota_dimension=0, result_types=[tensor_type([None], I64)])


def _scalar(cx, v):
    return cx.reshape(cx.convert(v, I64), [])


def _cut(cx, x, d, start, size):
    """x[..., start:start + size, ...] along d (start, size rank-0 i64 values): edge padding by
    minus the parts left out, so the piece's size along d is a run-time size."""
    rank = cx.rank(x)
    at_axis = cx.const(np.eye(rank, dtype=np.int64)[d], I64, [rank])
    low = cx.op("multiply", at_axis, cx.broadcast(cx.op("negate", start), [rank]))
    end = cx.op("add", start, size)
    high = cx.op("multiply", at_axis, cx.broadcast(cx.op("subtract", end, cx.size_value(cx.dim(x, d))), [rank]))
    zero = cx.const(np.zeros(rank, np.int64), I64, [rank])
    shape = [None if k == d else s for k, s in enumerate(cx.info(x).shape)]
    return cx.op("dynamic_pad", x, cx.const(0, cx.element(x)), low, high, zero,
                 result_types=[tensor_type(shape, cx.element(x))])


def _join(cx, parts, d):
    parts = [p for p in parts if p is not None]
    return parts[0] if len(parts) == 1 else cx.op("concatenate", parts, dimension=d)


def count(cx, r):
    """The sequence's length: an int or a rank-0 i64 value."""
    return cx.dim(r.lengths, 0)


def _normalized(cx, r, position, insert=False):
    """A position (negatives count from the end) as a rank-0 i64 value."""
    p = _scalar(cx, position)
    n = cx.size_value(count(cx, r))
    return cx.op("select", cx.op("compare", p, cx.const(0, I64), comparison_direction="LT"), cx.op("add", p, n), p)


def _start(cx, r, p):
    """The offset of tensor p along the axis: the lengths before it, summed."""
    n = count(cx, r)
    before = cx.op("compare", _iota(cx, n), cx.broadcast(p, [n]), comparison_direction="LT")
    kept = cx.op("select", before, r.lengths, cx.const(0, I64, [n]))
    return reduce1(cx, kept, [0], "add", 0)


def _total(cx, r):
    return cx.size_value(cx.dim(r.value, r.axis))


def length(cx, r):
    n = count(cx, r)
    return np.array(n, np.int64) if isinstance(n, int) else n


def at(cx, r, position):
    from .tensors import _take
    p = _normalized(cx, r, position)
    return _cut(cx, r.value, r.axis, _start(cx, r, p), _take(cx, r.lengths, 0, p))


def insert(cx, r, tensor, position=None):
    """The tensor spliced in at position (the end without one); its other sizes must be the
    sequence's (as every tensor of a sequence that ConcatFromSequence joins)."""
    d = r.axis
    if cx.rank(tensor) != cx.rank(r.value):
        raise cx.error(f"the tensor inserted has rank {cx.rank(tensor)}, the sequence's tensors "
                       f"{cx.rank(r.value)} (they differ in size along axis {d} at run time)")
    size = cx.reshape(cx.size_value(cx.dim(tensor, d)), [1])
    if position is None:
        return Ragged(_join(cx, [r.value, tensor], d), _join(cx, [r.lengths, size], 0), d)
    p = _normalized(cx, r, position)
    start, total = _start(cx, r, p), _total(cx, r)
    n = cx.size_value(count(cx, r))
    value = _join(cx, [_cut(cx, r.value, d, cx.const(0, I64), start), tensor,
                       _cut(cx, r.value, d, start, cx.op("subtract", total, start))], d)
    lengths = _join(cx, [_cut(cx, r.lengths, 0, cx.const(0, I64), p), size,
                         _cut(cx, r.lengths, 0, p, cx.op("subtract", n, p))], 0)
    return Ragged(value, lengths, d)


def erase(cx, r, position=None):
    from .tensors import _take
    d = r.axis
    n = cx.size_value(count(cx, r))
    p = cx.op("subtract", n, cx.const(1, I64)) if position is None else _normalized(cx, r, position)
    start, total = _start(cx, r, p), _total(cx, r)
    end = cx.op("add", start, _take(cx, r.lengths, 0, p))
    one = cx.const(1, I64)
    value = _join(cx, [_cut(cx, r.value, d, cx.const(0, I64), start),
                       _cut(cx, r.value, d, end, cx.op("subtract", total, end))], d)
    after = cx.op("add", p, one)
    lengths = _join(cx, [_cut(cx, r.lengths, 0, cx.const(0, I64), p),
                         _cut(cx, r.lengths, 0, after, cx.op("subtract", n, after))], 0)
    return Ragged(value, lengths, d)


def concat(cx, r, axis, new_axis, each=None):
    """ConcatFromSequence: along the ragged axis, the joined tensor; stacked, or along another
    axis, every tensor has one size along the ragged axis (as ONNX requires), so the joined
    tensor is cut into n equal parts (of size `each` when the caller knows it)."""
    from . import stacked
    rank = cx.rank(r.value)
    if not new_axis and axis % rank == r.axis:
        return r.value
    d = r.axis
    n = count(cx, r)
    total = cx.dim(r.value, d)
    if each is not None:
        pass
    elif isinstance(n, int) and isinstance(total, int):
        each = total // max(n, 1)
    else:
        each = cx.op("divide", cx.size_value(total), cx.op("maximum", cx.size_value(n), cx.const(1, I64)))
    sizes = cx.sizes_of(r.value)
    split = cx.reshape(r.value, sizes[:d] + [n, each] + sizes[d + 1:])
    perm = [d] + [k for k in range(rank + 1) if k != d]
    rows = cx.op("transpose", split, permutation=perm) if d else split
    return stacked.concat(cx, stacked.Stacked(rows), axis, new_axis)


def from_items(cx, items, axis=None):
    """A Sequence of known length whose tensors differ in size along exactly one axis (static
    sizes; `axis` if given) as a Ragged; None if they do not."""
    shapes = [cx.info(v).shape for v in items]
    if not items or len({len(s) for s in shapes}) != 1 or any(None in s for s in shapes):
        return None
    differ = [k for k in range(len(shapes[0])) if len({s[k] for s in shapes}) > 1]
    if len(differ) > 1 or len({cx.element(v) for v in items}) != 1 or (axis is not None and differ not in ([], [axis])):
        return None
    d = axis if axis is not None else differ[0] if differ else 0
    lengths = cx.const(np.array([s[d] for s in shapes], np.int64), I64, [len(items)])
    return Ragged(_join(cx, list(items), d), lengths, d)


def split(cx, x, d, split_sizes, keepdims):
    """SplitToSequence whose number of pieces is a run-time value: a 1-D split of run-time
    length (one piece per entry), a scalar split c known at run time only (pieces of c, the
    last one shorter), or no split along a run-time size (pieces of 1)."""
    from . import stacked
    n_all = cx.dim(x, d)
    if split_sizes is None:
        if not keepdims:            # each piece squeezed: the rows of x along d
            perm = [d] + [k for k in range(cx.rank(x)) if k != d]
            return stacked.Stacked(cx.op("transpose", x, permutation=perm) if d else x)
        return Ragged(x, cx.const(1, I64, [n_all]), d)
    if cx.rank(split_sizes) == 1:
        c = _splat(split_sizes)
        if c is not None and c > 0:     # pieces of one known size (repeat_interleave splits in ones)
            sizes = cx.sizes_of(x)
            rows = cx.reshape(x, sizes[:d] + [cx.dim(split_sizes, 0), c] + sizes[d + 1:])
            perm = [d] + [k for k in range(cx.rank(x) + 1) if k != d]
            return stacked.Stacked(cx.op("transpose", rows, permutation=perm) if d else rows)
        return Ragged(x, cx.convert(split_sizes, I64), d)
    c = _scalar(cx, split_sizes)
    total = cx.size_value(n_all)
    one = cx.const(1, I64)
    pieces = cx.op("divide", cx.op("subtract", cx.op("add", total, c), one), c)
    taken = cx.op("multiply", _iota(cx, pieces), cx.broadcast(c, [pieces]))
    rest = cx.op("subtract", cx.broadcast(total, [pieces]), taken)
    return Ragged(x, cx.op("minimum", cx.broadcast(c, [pieces]), rest), d)


def _splat(v):
    """The one value of v when v is a scalar constant broadcast to a run-time size (what
    ConstantOfShape of a run-time shape gives), else None."""
    try:
        op = v.owner
        op = getattr(op, "operation", op)
        if op.name != "shlo.dynamic_broadcast_in_dim":
            return None
        src = op.operands[0].owner
        src = getattr(src, "operation", src)
        if src.name != "shlo.constant":
            return None
        arr = elements_to_numpy(src.attributes["value"])
    except (AttributeError, KeyError, ValueError):     # (a block argument has no defining op)
        return None
    return int(arr.reshape(-1)[0]) if arr.size == 1 else None


# ----------------------------------------------------------------------------- Loops

def row_type(body, ins):
    """Shape inference's (shape, element) of the tensor that `ins` (a SequenceInsert in a Loop
    body) appends; (None, None) where it gives no rank."""
    from ..importer import _type_of
    name = ins.input[1]
    for vi in list(body.value_info) + list(body.output) + list(body.input):
        if vi.name == name:
            t = _type_of(vi.type)
            return (None, None) if t is None or t[0] is None else (list(t[0]), t[1])
    return None, None


def _empty(cx, element, sizes, d):
    """A tensor with no elements whose size along d is typed `?` (the loop grows it there; a
    static 0 would be fitted back to 0 by the loop's type check)."""
    shape = [None if j == d else s for j, s in enumerate(sizes)]
    return cx.op("dynamic_broadcast_in_dim", cx.const(0, element), cx.shape_tensor(sizes), broadcast_dimensions=[],
                 result_types=[tensor_type(shape, element)])


def loop_appending(cx, convert_loop, m, cond, initial, body, appended):
    """A Loop with a run-time trip count whose body appends, to sequences that start empty,
    tensors with one run-time size ({k: (SequenceInsert node, axis, row shape, element)}):
    each such sequence is carried as two tensors instead, the joined tensors (growing along the
    axis) and their lengths, and becomes a Ragged."""
    ks = sorted(appended)
    n_carried = len(initial)
    new_body = onnx.GraphProto()
    new_body.CopyFrom(body)
    del new_body.node[:]
    inputs, outputs = list(body.input), list(body.output)
    extra_in, extra_out = [], []
    for node in body.node:
        hit = [k for k in ks if node is appended[k][0]]
        if not hit:
            new_body.node.append(node)
            continue
        k = hit[0]
        _, d, _, _ = appended[k]
        seq_in, t, seq_out = node.input[0], node.input[1], node.output[0]
        vals_in, lens_in = f"{seq_in}::values", f"{seq_in}::lengths"
        vals_out, lens_out = f"{seq_out}::values", f"{seq_out}::lengths"
        shape, axis_c, size = f"{seq_out}::shape", f"{seq_out}::axis", f"{seq_out}::size"
        from .stacked import prepends
        first = prepends(node)          # (outs.insert(0, t): the new tensor goes first)
        new_body.node.extend([
            onnx.helper.make_node("Concat", [t, vals_in] if first else [vals_in, t], [vals_out], axis=d,
                                  name=f"{node.name}/values"),
            onnx.helper.make_node("Shape", [t], [shape], name=f"{node.name}/shape"),
            onnx.helper.make_node("Constant", [], [axis_c], value=onnx.helper.make_tensor("", 7, [1], [d])),
            onnx.helper.make_node("Gather", [shape, axis_c], [size], axis=0, name=f"{node.name}/size"),
            onnx.helper.make_node("Concat", [size, lens_in] if first else [lens_in, size], [lens_out], axis=0,
                                  name=f"{node.name}/lengths"),
        ])
        extra_in.append((k, [onnx.helper.make_empty_tensor_value_info(vals_in),
                             onnx.helper.make_empty_tensor_value_info(lens_in)]))
        extra_out.append((k, [onnx.helper.make_empty_tensor_value_info(vals_out),
                              onnx.helper.make_empty_tensor_value_info(lens_out)]))
    ins, outs = inputs[:2], [outputs[0]]
    for k in range(n_carried):
        if k in appended:
            ins += dict(extra_in)[k]
            outs += dict(extra_out)[k]
        else:
            ins.append(inputs[2 + k])
            outs.append(outputs[1 + k])
    outs += outputs[1 + n_carried:]
    del new_body.input[:]
    new_body.input.extend(ins)
    del new_body.output[:]
    new_body.output.extend(outs)
    start = []
    names = list(cx.input_names[:2])
    node_outs = []
    for k, v in enumerate(initial):
        if k in appended:
            _, d, shape, element = appended[k]
            start += [_empty(cx, element, [0 if j == d else s for j, s in enumerate(shape)], d),
                      _empty(cx, I64, [0], 0)]
            names += ["", ""]
            node_outs += [f"{cx.node.output[k]}::values", f"{cx.node.output[k]}::lengths"]
        else:
            start.append(v)
            names.append(cx.input_names[2 + k])
            node_outs.append(cx.node.output[k])
    return _run_loop(cx, convert_loop, m, cond, start, names, node_outs, n_carried, new_body,
                     {k: lambda values, lengths, k=k: Ragged(values, lengths, appended[k][1]) for k in appended})


def _run_loop(cx, convert_loop, m, cond, start, names, node_outs, n_carried, body, joined):
    """Converts the Loop with its rewritten `body`, which carries a (values, lengths) pair for
    each carried value k in `joined` (`joined[k](values, lengths)` makes it again) and the others
    as they are; returns the Loop's results as the original node's."""
    node = onnx.NodeProto()
    node.CopyFrom(cx.node)
    del node.output[:]
    node.output.extend(node_outs + list(cx.node.output[n_carried:]))
    got = list(convert_loop(Context(cx.importer, node, names), m, cond, *start, body=body))
    result, j = [], 0
    for k in range(n_carried):
        if k in joined:
            result.append(joined[k](got[j], got[j + 1]))
            j += 2
        else:
            result.append(got[j])
            j += 1
    return tuple(result + got[j:])


# ----------------------------------------------------------------------------- a known head

INTERNAL = "shlo.internal"      # the domain of the nodes loop_headed adds to a Loop body


class Headed:
    """A sequence whose first tensors are known values (`head`, a list of ir.Values of any shapes)
    followed by a Ragged (`tail`): what a Loop with a run-time trip count makes when it appends
    tensors with one run-time size to a sequence that does not start empty. The head stays
    apart because its tensors may differ from the tail's in rank (ONNX allows a scalar head and
    1-D tensors after it), which no joined tensor can hold."""

    def __init__(self, head, tail):
        self.head = list(head)
        self.tail = tail


def headed_length(cx, h):
    n = count(cx, h.tail)
    if isinstance(n, int):
        return np.array(len(h.head) + n, np.int64)
    return cx.op("add", n, cx.const(len(h.head), I64))


def _joined(cx, h):
    """The headed sequence as one Ragged (the head's tensors joined before the tail's along its
    axis) when the head's tensors have the tail's rank and element type, else None."""
    d, rank = h.tail.axis, cx.rank(h.tail.value)
    if any(cx.rank(v) != rank or cx.element(v) != cx.element(h.tail.value) for v in h.head):
        return None
    sizes = [cx.reshape(cx.size_value(cx.dim(v, d)), [1]) for v in h.head]
    return Ragged(_join(cx, list(h.head) + [h.tail.value], d), _join(cx, sizes + [h.tail.lengths], 0), d)


def headed_at(cx, h, known, position):
    """Tensor `known` (a position known at import time, >= 0): a head tensor, or one of the
    tail's. A negative or run-time position could land in either, which only the run time
    knows: the head and the tail are then read as one Ragged (the head's tensors must have the
    tail's rank; a scripted loop's `outs[-1]`)."""
    if known is not None and int(known) >= 0:
        p = int(known)
        if p < len(h.head):
            return h.head[p]
        return at(cx, h.tail, cx.const(p - len(h.head), I64))
    r = _joined(cx, h)
    if r is None:
        raise cx.error("the sequence has a head of known tensors and a tail of run-time length (a Loop appended "
                       "to it) whose ranks differ: SequenceAt needs a position >= 0 known when importing")
    return at(cx, r, position)


def headed_insert(cx, h, tensor, position=None):
    if position is not None:
        raise cx.error("the sequence has a head of known tensors and a tail of run-time length (a Loop appended "
                       "to it): only appending (SequenceInsert without a position) is supported")
    return Headed(h.head, insert(cx, h.tail, tensor))


def headed_concat(cx, h, axis, new_axis):
    """ConcatFromSequence of a headed sequence whose head tensors have the tail's rank: the head's
    tensors then the tail's, joined (along the ragged axis, the tail's joined tensor itself;
    otherwise every tensor has the head's size along it, as ONNX requires, which also cuts an
    empty tail right)."""
    rank = cx.rank(h.tail.value)
    if any(cx.rank(v) != rank for v in h.head):
        raise cx.error("ConcatFromSequence of a sequence whose first tensors differ in rank from the ones a Loop "
                       "appended")
    d = axis % (rank + 1 if new_axis else rank)
    if not new_axis and d == h.tail.axis:
        tail = h.tail.value
    else:
        tail = concat(cx, h.tail, axis, new_axis, each=cx.dim(h.head[0], h.tail.axis))
    head = h.head
    if new_axis:
        head = [cx.reshape(v, cx.sizes_of(v)[:d] + [1] + cx.sizes_of(v)[d:]) for v in head]
    return cx.op("concatenate", head + [tail], dimension=d)


def keep_carried(cx, k: int, v, inputs, outputs, kept: tuple) -> None:
    """Carried value k of a Loop being rewritten that stays as it is: its body input and output,
    start value, outer name and the node's output go on to `kept` (ins, outs, start, names,
    node_outs)."""
    ins, outs, start, names, node_outs = kept
    ins.append(inputs[2 + k])
    outs.append(outputs[1 + k])
    start.append(v)
    names.append(cx.input_names[2 + k])
    node_outs.append(cx.node.output[k])


def loop_headed(cx, convert_loop, m, cond, initial, body, headed):
    """A Loop with a run-time trip count whose body appends tensors with one run-time size to
    sequences that start with known tensors ({k: (SequenceInsert node, axis, row shape,
    element)}). Each such sequence is carried as its tail's two tensors (joined values and
    lengths, starting empty); in the body, an internal node rebuilds the sequence (the head,
    captured from outside the loop, then the tail; an optional around it if the Loop's input
    was one) and another takes the tail back out, checking that the head came through as is."""
    from .control import Optional
    ks = sorted(headed)
    n_carried = len(initial)
    registry = cx.importer.__dict__.setdefault("headed_loops", {})
    inputs, outputs = list(body.input), list(body.output)
    new_body = onnx.GraphProto()
    new_body.CopyFrom(body)
    del new_body.node[:], new_body.input[:], new_body.output[:]
    ins, outs, start, names, node_outs, keys = inputs[:2], [outputs[0]], [], list(cx.input_names[:2]), [], {}
    for k, v in enumerate(initial):
        if k not in headed:
            keep_carried(cx, k, v, inputs, outputs, (ins, outs, start, names, node_outs))
            continue
        _, d, shape, element = headed[k]
        seq = v.value if isinstance(v, Optional) else v
        key = keys[k] = len(registry)
        registry[key] = (list(seq), d, isinstance(v, Optional))
        seq_in, seq_out = inputs[2 + k].name, outputs[1 + k].name
        vals_in, lens_in = f"{seq_in}::values", f"{seq_in}::lengths"
        vals_out, lens_out = f"{seq_out}::values", f"{seq_out}::lengths"
        new_body.node.append(onnx.helper.make_node("HeadedSequence", [vals_in, lens_in], [seq_in], domain=INTERNAL,
                                                   key=key, name=f"{cx.node.name}/{seq_in}"))
        ins += [onnx.helper.make_empty_tensor_value_info(vals_in), onnx.helper.make_empty_tensor_value_info(lens_in)]
        outs += [onnx.helper.make_empty_tensor_value_info(vals_out),
                 onnx.helper.make_empty_tensor_value_info(lens_out)]
        start += [_empty(cx, element, [0 if j == d else s for j, s in enumerate(shape)], d), _empty(cx, I64, [0], 0)]
        names += ["", ""]
        node_outs += [f"{cx.node.output[k]}::values", f"{cx.node.output[k]}::lengths"]
    new_body.node.extend(body.node)
    for k in ks:
        seq_out = outputs[1 + k].name
        new_body.node.append(onnx.helper.make_node("HeadedTail", [seq_out], [f"{seq_out}::values", f"{seq_out}::lengths"],
                                                   domain=INTERNAL, key=keys[k], name=f"{cx.node.name}/{seq_out}"))
    new_body.input.extend(ins)
    new_body.output.extend(outs + outputs[1 + n_carried:])
    return _run_loop(cx, convert_loop, m, cond, start, names, node_outs, n_carried, new_body,
                     {k: lambda values, lengths, k=k: Headed(registry[keys[k]][0], Ragged(values, lengths, headed[k][1]))
                      for k in headed})
