"""Sequences of run-time length built by a Loop: the list-append pattern of scripted PyTorch code
(`outs = []; for i in range(n): outs.append(t); torch.stack(outs)`), which the TorchScript
exporter writes as a Loop carrying a sequence (SequenceEmpty before it, SequenceInsert without a
position in its body, ConcatFromSequence after it).

Such a sequence cannot be unrolled when the trip count is a run-time value, but when the body
only appends one tensor per iteration, it is a scan output: the Loop is
converted with that tensor as an extra scan output (a buffer of one row per iteration), and the
sequence is a `Stacked` value (n, *row), n a run-time size. ConcatFromSequence, SequenceAt and
SequenceLength read it; other sequence ops refuse it with a clear error. Rows whose sizes are
known at run time only (a dynamic batch) may only be stacked, or joined along a static size:
other reads could see tensors whose shapes differ per iteration (a buffer cannot hold those)."""
from __future__ import annotations

import onnx

from ..context import Context

I64 = "i64"


class Stacked:
    """A sequence of run-time length: `value` holds its tensors stacked along a new leading axis.
    `loose`: their sizes are known at run time only, so they are one shape only if the model
    stacks them (ConcatFromSequence with new_axis, which requires it) or joins them along a static
    size (the others must agree); other reads are refused."""

    def __init__(self, value, loose=False):
        self.value = value
        self.loose = loose


def _used_names(graph):
    """Every value name read by a node of graph or of its subgraphs (with each use's node)."""
    for node in graph.node:
        for name in node.input:
            yield name, node
        for a in node.attribute:
            if a.type == onnx.AttributeProto.GRAPH:
                yield from _used_names(a.g)
            for g in a.graphs:
                yield from _used_names(g)


def appended_sequences(body, initial, is_empty_sequence, position_of=lambda name: None):
    """The carried positions k whose sequence starts empty and that the body only appends to (one
    SequenceInsert without a position, or at a position known to be 0 (`position_of(name)`: a
    scripted `outs.insert(0, t)`, see `prepends`), reading the body's input k and giving its
    output k, the input and the new sequence read by nothing else): {k: the SequenceInsert
    node}; None if some carried sequence / optional does not fit."""
    found = {}
    uses = list(_used_names(body))
    for k, v in enumerate(initial):
        if not is_empty_sequence(v):
            if not hasattr(v, "type"):          # another sequence / optional: not this pattern
                return None
            continue
        seq_in, seq_out = body.input[2 + k].name, body.output[1 + k].name
        inserts = [n for n in body.node if seq_out in n.output]
        if len(inserts) != 1:
            return None
        ins = inserts[0]
        if ins.op_type != "SequenceInsert" or ins.input[0] != seq_in or (
                prepends(ins) and position_of(ins.input[2]) != 0):
            return None
        if any(name == seq_in and node is not ins for name, node in uses) or any(name == seq_out for name, _ in uses):
            return None
        found[k] = ins
    return found


def prepends(ins) -> bool:
    """Whether an appending SequenceInsert (see appended_sequences) inserts at the front."""
    return len(ins.input) > 2 and bool(ins.input[2])


def rewritten_body(body, n_carried, appended):
    """The Loop body with each appended sequence ({k: SequenceInsert node}) turned into a scan
    output after the body's own: the SequenceInsert becomes an Identity of the appended tensor
    and the sequence leaves the loop state."""
    ks = sorted(appended)
    keep = [k for k in range(n_carried) if k not in appended]
    new_body = onnx.GraphProto()
    new_body.CopyFrom(body)
    del new_body.node[:]
    for node in body.node:
        if any(node is appended[k] for k in ks):
            node = onnx.helper.make_node("Identity", [node.input[1]], [node.output[0]], name=node.name)
        new_body.node.append(node)
    inputs, outputs = list(body.input), list(body.output)
    del new_body.input[:]
    new_body.input.extend(inputs[:2] + [inputs[2 + k] for k in keep])
    del new_body.output[:]
    new_body.output.extend([outputs[0]] + [outputs[1 + k] for k in keep] + outputs[1 + n_carried:]
                           + [outputs[1 + k] for k in ks])
    for o in new_body.output[len(new_body.output) - len(ks):]:
        o.type.Clear()                                    # (a sequence type there before)
    return new_body


def loop_appending(cx, convert_loop, m, cond, initial, body, n_scan, appended):
    """The Loop with each appended sequence turned into a scan output: the body's SequenceInsert
    becomes an Identity of the appended tensor, its sequence input and output leave the loop
    state, and the new scan outputs come after the Loop's own."""
    ks = sorted(appended)
    n_carried = len(initial)
    keep = [k for k in range(n_carried) if k not in appended]
    new_body = rewritten_body(body, n_carried, appended)
    node = onnx.NodeProto()
    node.CopyFrom(cx.node)
    outs = list(cx.node.output)
    del node.output[:]
    node.output.extend([outs[k] for k in keep] + outs[n_carried:] + [outs[k] for k in ks])
    names = list(cx.input_names[:2]) + [cx.input_names[2 + k] for k in keep]
    sub = Context(cx.importer, node, names)
    got = list(convert_loop(sub, m, cond, *[initial[k] for k in keep], body=new_body))
    carried, scans, rows = got[:len(keep)], got[len(keep):len(keep) + n_scan], got[len(keep) + n_scan:]
    result = [None] * n_carried
    for k, v in zip(keep, carried):
        result[k] = v
    for k, v in zip(ks, rows):
        if prepends(appended[k]):           # the rows in the other order
            v = cx.op("reverse", v, dimensions=[0])
        result[k] = Stacked(v, None in cx.info(v).shape[1:])
    return tuple(result + scans)


def concat(cx, s, axis, new_axis):
    """ConcatFromSequence of a Stacked (n, *row): a new axis at `axis` is the stacking axis moved
    there; without one, the n rows are joined along `axis` (n and that size merged)."""
    v = s.value
    rank = cx.rank(v)                       # 1 + the row's rank
    d = axis % (rank if new_axis else rank - 1)
    if s.loose and not new_axis and cx.info(v).shape[1 + d] is None:
        # (joined along a size that may differ per row; the other sizes must agree, as onnx requires)
        raise _loose_error(cx)
    perm = list(range(1, rank))
    perm.insert(d, 0)
    moved = cx.op("transpose", v, permutation=perm) if perm != list(range(rank)) else v
    if new_axis:
        return moved
    sizes = cx.sizes_of(moved)
    n, here = sizes[d], sizes[d + 1]
    joined = n * here if isinstance(n, int) and isinstance(here, int) else cx.op(
        "multiply", cx.size_value(n), cx.size_value(here))
    return cx.reshape(moved, sizes[:d] + [joined] + sizes[d + 2:])


def length(cx, s):
    n = cx.dim(s.value, 0)
    return cx.const(n, I64) if isinstance(n, int) else n


def at(cx, s, position):
    """Row `position` (a run-time or known index, negative from the end) of a Stacked."""
    from .tensors import _take
    if s.loose:
        raise _loose_error(cx)
    n = cx.size_value(cx.dim(s.value, 0))
    p = cx.reshape(cx.convert(position, I64), [])
    p = cx.op("select", cx.op("compare", p, cx.const(0, I64), comparison_direction="LT"), cx.op("add", p, n), p)
    return _take(cx, s.value, 0, p)


def _loose_error(cx):
    return cx.error("the sequence was appended to in a Loop with a run-time trip count, with tensors whose sizes "
                    "are known at run time only (they may differ per iteration): only stacking them "
                    "(ConcatFromSequence with new_axis) or joining them along a static size is supported; "
                    "unrolling needs the trip count when importing")
