"""Control flow and composite values: If, Loop, Scan, the Sequence* and Optional* ops.

Subgraphs (GraphProto attributes) are converted by `OnnxImporter.convert_graph` into the
block being built, in a scope of their own: their names do not leak out, and every name of
the enclosing graphs stays visible (shlo regions may use values defined outside them, so
captured values are used directly; only a loop's state becomes block arguments).

* If: a condition known at import time inlines the branch taken; otherwise a shlo `if`
  whose result types are what the branches return (built in a scratch op first, so that
  sequence outputs can be flattened and outputs whose sizes differ between the branches
  given ? sizes; different ranks are an error).
* Loop: a shlo `while` over (iteration, condition, carried values, scan buffers). The body
  is first probed on block arguments: a carried value whose sizes it changes gets ? sizes,
  and a scan output's length is the static trip count when the loop surely starts and the
  body cannot end it early, else the declared length, else a buffer that grows by a row per
  iteration. A Loop carrying sequences is unrolled when its trip count is known; with a
  run-time trip count, sequences the body only appends to become scan outputs (stacked.py), or,
  when the appended tensors have one run-time size, a joined tensor and its lengths (ragged.py).
* Scan (opset 8 with its batch axis, 9+ with axes and directions): a `while` over the scan
  axis (static or dynamic length), scan inputs moved to the front (and reversed) first,
  outputs moved back after.
* Sequences are `Sequence` objects (Python lists of ir.Values) and optionals `Optional`
  objects; ops over them need the length / presence at import time, except those over the
  run-time-length forms of stacked.py and ragged.py; otherwise it is a clear error. Graph inputs of these types need from_onnx's `input_structure` (their length /
  presence is not in the model): their tensors become arguments; sequence graph outputs become
  one result per element.
"""
from __future__ import annotations

import numpy as np
from mlir import ir

from ....types import tensor_type, type_info
from .. import dtypes
from ..registry import converts
from . import ragged, shaped, stacked

UNROLL_LIMIT = 256       # the longest Loop unrolled (loops that carry sequences)


class Sequence(list):
    """An ONNX sequence of known length: its tensors (ir.Values); `element` names the element
    type (what an empty sequence still has)."""

    def __init__(self, items=(), element=None):
        super().__init__(items)
        self.element = element


class Optional:
    """An ONNX optional: `value` (an ir.Value or Sequence) or None for an empty one."""

    def __init__(self, value=None):
        self.value = value


class RuntimeOptional:
    """An optional whose presence is decided at run time (an If with an empty optional in one
    branch only): `present`, a rank-0 i1 value, and `value` (an ir.Value or Sequence; zeros in
    the branch that gave none). OptionalHasElement reads `present`, OptionalGetElement checks it
    at run time, a graph output of one is two results, the flag and the value (None when
    absent, as OnnxTrees.unflatten regroups it). Other ops that take optionals refuse it."""

    def __init__(self, value, present):
        self.value = value
        self.present = present


class RankPadded:
    """An If output whose branches differ in rank by leading size-1 dimensions only (a scalar in
    one, a [1] in the other): `value` has the higher rank, `low` is the lower one. Which rank
    the ONNX value has is decided at run time, so it may only flow into ops whose results do not
    depend on it: numpy broadcasting prepends those size-1 dimensions anyway, so an elementwise
    op whose other operands have rank >= value's computes the same either way. The importer
    (`OnnxImporter.convert_node`) unwraps it for those ops and refuses it, naming the node,
    everywhere else."""

    def __init__(self, value, low):
        self.value = value
        self.low = low


# ----------------------------------------------------------------------------- helpers

def _tensor(cx, v):
    """A subgraph output as an ir.Value (known arrays become constants here)."""
    if isinstance(v, np.ndarray):
        return cx.importer.constant(v)
    if isinstance(v, RankPadded):
        raise cx.error(f"a subgraph output's rank ({v.low} or {cx.rank(v.value)}) is decided at run time "
                       "by an If; a shlo region's results need one rank each")
    if not isinstance(v, ir.Value):
        raise cx.error(f"expected a tensor, got a {type(v).__name__.lower()}")
    return v


def _flatten(cx, values):
    """Subgraph outputs as a flat list of ir.Values and their structure (one entry per output:
    None for a tensor, ('seq', n, element) for a sequence, ('opt', inner) for an optional)."""
    flat, shape = [], []
    for v in values:
        if isinstance(v, Sequence):
            items = [_tensor(cx, x) for x in v]
            flat += items
            shape.append(("seq", len(items), v.element))
        elif isinstance(v, RuntimeOptional):
            f, s = _flatten(cx, [v.value])
            flat += [v.present] + f
            shape.append(("ropt", s[0]))
        elif isinstance(v, Optional):
            if v.value is None:
                shape.append(("opt", "empty"))
            else:
                f, s = _flatten(cx, [v.value])
                flat += f
                shape.append(("opt", s[0]))
        else:
            flat.append(_tensor(cx, v))
            shape.append(None)
    return flat, shape


def _unflatten(values, shape):
    values, out = list(values), []
    for s in shape:
        if s is None:
            out.append(values.pop(0))
        elif s[0] == "seq":
            out.append(Sequence([values.pop(0) for _ in range(s[1])], s[2]))
        elif s[0] == "ropt":
            present = values.pop(0)
            out.append(RuntimeOptional(_unflatten(values, [s[1]])[0], present))
            values = values[_count(s[1]):]
        elif s[1] == "empty":
            out.append(Optional(None))
        else:
            out.append(Optional(_unflatten(values, [s[1]])[0]))
            values = values[_count(s[1]):]
    return out


def _count(s):
    if s is None:
        return 1
    if s[0] == "seq":
        return s[1]
    if s[0] == "ropt":
        return 1 + _count(s[1])
    return 0 if s[1] == "empty" else _count(s[1])


def _fit(cx, v, like, what):
    """v with the type `like` (an ir.Type) where the two differ only in sizes one of them leaves
    open: a dynamic_slice of the static sizes (a size shape inference could not tell), or a
    broadcast to ? sizes (a loop state whose size changes)."""
    v = _tensor(cx, v)
    if v.type == like:
        return v
    want, got = type_info(like), type_info(v.type)
    if (got.element == want.element and len(got.shape) == len(want.shape)
            and all(g is None or w is None or g == w for g, w in zip(got.shape, want.shape))):
        if None not in want.shape:
            zero = cx.const(0, "i64")
            return cx.op("dynamic_slice", v, [zero] * len(want.shape), slice_sizes=list(want.shape))
        return _loosen(cx, v, like)
    raise cx.error(f"{what} changes type in the body ({like} -> {v.type}); a shlo while keeps its state's types")


def _loosen(cx, v, like):
    """v as the type `like`, which has ? where v has sizes: a broadcast to v's own sizes (what the
    compiler lowers; a dynamic_reshape from static sizes it does not)."""
    return cx.op("dynamic_broadcast_in_dim", v, cx.shape_tensor(cx.sizes_of(v)),
                 broadcast_dimensions=list(range(cx.rank(v))), result_types=[str(like)])


def _common_type(cx, a, b):
    """The type both branch outputs fit: equal, or the same rank and element with ? sizes where
    their sizes differ."""
    if a == b:
        return a
    ta, tb = type_info(a), type_info(b)
    if ta.element != tb.element or len(ta.shape) != len(tb.shape):
        raise cx.error(f"the branches give outputs of different types ({a} / {b}); a shlo if needs one "
                       "element type and rank per output")
    return tensor_type([x if x == y else None for x, y in zip(ta.shape, tb.shape)], ta.element).to_mlir(
        ir.Context.current)


def _scalar_bool(cx, v):
    """A condition as a rank-0 i1 tensor."""
    v = _tensor(cx, v)
    if cx.rank(v):
        v = cx.reshape(v, [])
    if cx.element(v) != "i1":
        v = cx.op("compare", v, cx.const(0, cx.element(v)), comparison_direction="NE")
    return v


def _is_true(v) -> bool:
    return isinstance(v, np.ndarray) and v.size == 1 and bool(v.reshape(-1)[0])


def _scratch(cx):
    """A throwaway op whose region hosts blocks being built (moved to the real op later)."""
    return cx.region_op("if", cx.const(True, "i1"), result_types=[])


# ----------------------------------------------------------------------------- If

@converts("If", since=1)
def if_(cx, cond, then_branch=None, else_branch=None):
    known = cx.known(0)
    if known is not None:       # decided at import time: the branch taken, inline
        taken = then_branch if bool(np.asarray(known).reshape(-1)[0]) else else_branch
        return tuple(cx.importer.convert_graph(taken, [], iterated=False))
    pred = _scalar_bool(cx, cond)
    scratch = _scratch(cx)
    blocks, flats, shapes = [], [], []
    for k, graph in enumerate((then_branch, else_branch)):
        block = scratch.regions[k].blocks.append()
        with ir.InsertionPoint(block):
            flat, shape = _flatten(cx, cx.importer.convert_graph(graph, [], iterated=False))
        blocks.append(block)
        flats.append(flat)
        shapes.append(shape)
    if shapes[0] != shapes[1] and not _merge_optionals(cx, blocks, flats, shapes):
        raise cx.error(f"the branches give different kinds of outputs ({shapes[0]} / {shapes[1]}): sequences of "
                       "different lengths or optionals empty in one branch only cannot be a shlo if")
    low = _pad_ranks(cx, blocks, flats, shapes[0])
    # outputs whose sizes differ between the branches get ? sizes there
    types = [_common_type(cx, a.type, b.type) for a, b in zip(*flats)]
    for block, flat in zip(blocks, flats):
        with ir.InsertionPoint(block):
            cx.op("return", [_fit(cx, v, t, "a branch output") for v, t in zip(flat, types)], result_types=[])
    op = cx.region_op("if", pred, result_types=types)
    for k, block in enumerate(blocks):
        block.append_to(op.regions[k])
    scratch.operation.erase()
    results = [r if low.get(k) is None else RankPadded(r, low[k]) for k, r in enumerate(op.results)]
    return tuple(_unflatten(results, shapes[0]))


def _merge_optionals(cx, blocks, flats, shapes) -> bool:
    """Branch outputs that are optionals present in one branch and empty (or present at run time
    only) in the other become one run-time optional (`("ropt", inner)`: a presence flag, then the
    value, zeros where the branch has none), `flats` and `shapes` rewritten in place; False when
    the branches differ otherwise."""
    empty = "empty"

    def parts(s, flat, k):
        """(presence: bool or value, inner structure or "empty", inner values) of entry s."""
        if s[0] == "ropt":
            return flat[k], s[1], flat[k + 1:k + _count(s)]
        return s[1] != empty, s[1], flat[k:k + _count(s)]

    new_shape, new_flats, at = [], ([], []), [0, 0]
    for sa, sb in zip(*shapes):
        pair = (sa, sb)
        if sa == sb:
            for j in (0, 1):
                new_flats[j].extend(flats[j][at[j]:at[j] + _count(pair[j])])
        elif all(s is not None and s[0] in ("opt", "ropt") for s in pair):
            got = [parts(pair[j], flats[j], at[j]) for j in (0, 1)]
            inners = {g[1] for g in got if g[1] != empty}
            if len(inners) != 1:
                return False
            inner = inners.pop()
            like = next(g[2] for g in got if g[1] != empty)
            for j, (present, s_inner, values) in enumerate(got):
                with ir.InsertionPoint(blocks[j]):
                    if not isinstance(present, ir.Value):
                        present = cx.const(bool(present), "i1")
                    if s_inner == empty:    # zeros of the other branch's types (0 for its ? sizes)
                        values = [cx.const(0, cx.element(v), [d or 0 for d in cx.info(v).shape]) for v in like]
                new_flats[j].extend([present, *values])
            pair = (("ropt", inner),) * 2
        else:
            return False
        new_shape.append(pair[0])
        at = [at[0] + _count(sa), at[1] + _count(sb)]
    for j in (0, 1):
        flats[j][:] = new_flats[j]
        shapes[j] = new_shape
    return True


def _pad_ranks(cx, blocks, flats, shape):
    """Tensor outputs whose branches differ in rank: the lower-rank one gets leading size-1
    dimensions (in its block) when its sizes then fit the other's, {flat index: lower rank}; the
    result is a RankPadded. Other rank differences are left to _common_type's error."""
    plain, k = [], 0
    for s in shape:         # flat positions of plain tensor outputs (not inside sequences / optionals)
        if s is None:
            plain.append(k)
        k += _count(s)
    low = {}
    for k in plain:
        a, b = flats[0][k], flats[1][k]
        ra, rb = cx.rank(a), cx.rank(b)
        if ra == rb or cx.element(a) != cx.element(b):
            continue
        j = 0 if ra < rb else 1
        short, long_ = (a, b) if j == 0 else (b, a)
        pad = abs(ra - rb)
        if any(d not in (1, None) for d in cx.info(long_).shape[:pad]):
            continue
        with ir.InsertionPoint(blocks[j]):
            flats[j][k] = cx.reshape(short, [1] * pad + cx.sizes_of(short))
        low[k] = min(ra, rb)
    return low


# ----------------------------------------------------------------------------- Loop

def _write_row(cx, buf, row, i):
    sizes = list(cx.info(buf).shape)
    row = _fit(cx, row, tensor_type(sizes[1:], cx.element(buf)).to_mlir(ir.Context.current), "a scan output row")
    row = cx.reshape(row, [1] + (sizes[1:] if None not in sizes[1:] else cx.sizes_of(row)))
    zero = cx.const(0, "i64")
    return cx.op("dynamic_update_slice", buf, row, [i] + [zero] * (len(sizes) - 1))


def _relaxed(cx, body, head, carried):
    """The carried values, those whose sizes the body changes (a tensor growing per iteration)
    given ? sizes there, until the body keeps every state's type; and the last probe's result."""
    for _ in range(3):
        probed = _probe(cx, body, head + carried)
        types = probed[0][len(head) - 1:len(head) - 1 + len(carried)]
        changed = False
        for k, (v, t) in enumerate(zip(carried, types)):
            have = cx.info(v)
            if t.element != have.element or len(t.shape) != len(have.shape) or t.shape == have.shape:
                continue
            # only a size the body really changes: one it leaves open is fitted back (see _fit)
            loose = [None if a is not None and b is not None and a != b else a for a, b in zip(have.shape, t.shape)]
            if loose != list(have.shape):
                carried[k] = _loosen(cx, v, tensor_type(loose, have.element))
                changed = True
        if not changed:
            break
    return carried, probed


def _append_row(cx, buf, row):
    sizes = list(cx.info(buf).shape)
    row = _fit(cx, row, tensor_type(sizes[1:], cx.element(buf)).to_mlir(ir.Context.current), "a scan output row")
    if None not in sizes[1:]:
        return cx.op("concatenate", [buf, cx.reshape(row, [1] + sizes[1:])], dimension=0)
    # row sizes known at run time: the buffer takes the row's (a no-op past the first row; the
    # empty start, with 0 there, holds no elements either way)
    rs = cx.sizes_of(row)
    grown = cx.op("concatenate", [cx.reshape(buf, [cx.dim(buf, 0)] + rs), cx.reshape(row, [1] + rs)], dimension=0)
    return _fit(cx, grown, buf.type, "a scan output buffer")


def _probe(cx, graph, inputs):
    """`graph` converted on block arguments of the types of `inputs` in a scratch block that is
    thrown away: the types of its outputs (what a loop's buffers need before the loop is
    built), and whether its first output is its second input or known true (a Loop body that
    never ends the loop early)."""
    scratch = _scratch(cx)
    block = scratch.regions[0].blocks.append(*[v.type for v in inputs])
    with cx.throwaway_blocks(), ir.InsertionPoint(block):
        outs = cx.importer.convert_graph(graph, list(block.arguments))
        types = [type_info(_tensor(cx, v).type) for v in outs]
        keeps_going = len(inputs) > 1 and (_is_true(outs[0]) or (isinstance(outs[0], ir.Value)
                                                                and outs[0] == block.arguments[1]))
    scratch.operation.erase()
    return types, keeps_going


@converts("Loop", since=1)
def loop(cx, m, cond, *initial, body=None):
    n_carried = len(initial)
    n_scan = len(body.output) - 1 - n_carried
    trip = cx.known(0)
    trip = None if trip is None else int(np.asarray(trip).reshape(-1)[0])
    if any(isinstance(v, (Sequence, Optional)) for v in initial):
        if trip is None or trip > UNROLL_LIMIT:     # a run-time trip count: sequences only appended to?
            appended = stacked.appended_sequences(body, initial, lambda v: isinstance(v, Sequence) and not v,
                                                  lambda name: _known_int(cx, body, name))
            # tensors with one run-time size (x[:i] per iteration) may differ per iteration: joined
            uneven, several = _uneven_rows(cx, body, list(initial), appended) if appended else ({}, {})
            if several:     # tensors with several run-time sizes: flattened, with a table of shapes
                return shaped.loop_appending(cx, loop, m, cond, list(initial), body, several)
            if uneven:
                return ragged.loop_appending(cx, loop, m, cond, list(initial), body, uneven)
            if appended:
                return stacked.loop_appending(cx, loop, m, cond, list(initial), body, n_scan, appended)
            headed = _headed_rows(cx, body, list(initial))
            if headed:      # appending to a sequence that starts with known tensors
                return ragged.loop_headed(cx, loop, m, cond, list(initial), body, headed)
            # appending tensors with several run-time sizes to sequences that start with known
            # tensors: the known tensors flattened into the start of a Shaped
            seeded = stacked.appended_sequences(body, initial, lambda v: isinstance(v, Sequence),
                                                lambda name: _known_int(cx, body, name))
            if seeded:
                _, several = _uneven_rows(cx, body, list(initial), seeded)
                if set(several) == set(seeded):
                    return shaped.loop_appending(cx, loop, m, cond, list(initial), body, several)
        return _unrolled_loop(cx, trip, cond, list(initial), body, n_scan)
    carried = [_tensor(cx, v) for v in initial]
    i0 = cx.const(0, "i64")
    c0 = cx.const(True, "i1") if cond is None else _scalar_bool(cx, cond)
    carried, (types, keeps_going) = _relaxed(cx, body, [i0, c0], carried)
    # the scan outputs' rows: the trip count, else the declared length
    rows = []
    if n_scan:
        for j, t in enumerate(types[1 + n_carried:]):
            out = cx.out_shape(n_carried + j)
            declared = out[0] if out and out[0] is not None else None
            # the trip count is the length only if the loop surely starts and never ends early
            starts = cond is None or _is_true(cx.known(1))
            n = trip if trip is not None and keeps_going and starts else declared
            shape = list(t.shape)
            if None in shape and out and len(out) == len(shape) + 1 and None not in out[1:]:
                shape = list(out[1:])      # row sizes the body leaves open: the declared ones
            if None in shape:       # row sizes known at run time only (one shape for every row, as
                n = None            # ONNX requires): a growing buffer, whose first row sets them
            rows.append((n, shape, t.element))
    # a buffer of static length gets one row written per iteration; one of a length known only
    # at run time starts empty and grows by a row per iteration
    buffers = [cx.const(0, e, [n] + shape) if n is not None else
               cx.op("dynamic_broadcast_in_dim", cx.const(0, e), cx.shape_tensor([0] + [d or 0 for d in shape]),
                     broadcast_dimensions=[], result_types=[tensor_type([None] + shape, e)]) for n, shape, e in rows]
    state = [i0, c0] + carried + buffers

    def going(i, c, *_):
        if m is None:
            return c
        limit = cx.reshape(cx.convert(_tensor(cx, m), "i64"), [])
        return cx.op("and", c, cx.op("compare", i, limit, comparison_direction="LT"))

    def step(*args):
        i, c, vs, bufs = args[0], args[1], list(args[2:2 + n_carried]), list(args[2 + n_carried:])
        outs = cx.importer.convert_graph(body, [i, c] + vs)
        new_c = _scalar_bool(cx, outs[0])
        new_vs = [_fit(cx, v, old.type, f"loop-carried value {k}")
                  for k, (v, old) in enumerate(zip(outs[1:1 + n_carried], vs))]
        new_bufs = [_write_row(cx, b, r, i) if type_info(b.type).shape[0] is not None else _append_row(cx, b, r)
                    for b, r in zip(bufs, outs[1 + n_carried:])]
        return [cx.op("add", i, cx.const(1, "i64")), new_c] + new_vs + new_bufs
    return tuple(cx.while_loop(state, going, step)[2:])


def _uneven_rows(cx, body, initial, appended):
    """The appended sequences ({k: SequenceInsert}) whose tensors have exactly one run-time size:
    {k: (node, axis, shape, element)}; and those whose tensors have several: {k: (node, shape,
    element)}. Shape inference's types are used when they say so; where they leave more sizes
    open (a Slice whose axes it cannot read), the body is probed."""
    found, several, unsure = {}, {}, []
    for k, ins in appended.items():
        shape, element = ragged.row_type(body, ins)
        if shape is not None and shape.count(None) == 1:
            found[k] = (ins, shape.index(None), shape, element)
        elif shape is None or shape.count(None) > 1:
            unsure.append(k)
    if unsure:
        keep = [k for k in range(len(initial)) if k not in appended]
        head = [cx.const(0, "i64"), cx.const(True, "i1")]
        types, _ = _probe(cx, stacked.rewritten_body(body, len(initial), appended),
                          head + [_tensor(cx, initial[k]) for k in keep])
        rows = dict(zip(sorted(appended), types[len(types) - len(appended):]))
        for k in unsure:
            shape = list(rows[k].shape)
            if shape.count(None) == 1:
                found[k] = (appended[k], shape.index(None), shape, rows[k].element)
            elif shape.count(None) > 1:
                several[k] = (appended[k], shape, rows[k].element)
    return found, several


def _known_int(cx, body, name):
    """The int a Loop body's scalar `name` holds when known at import time (an outer known value
    or a Constant node of the body), else None."""
    for n in body.node:
        if name in n.output:
            value = [a.t for a in n.attribute if a.name == "value"] if n.op_type == "Constant" else []
            if not value:
                return None
            from onnx import numpy_helper
            arr = numpy_helper.to_array(value[0])
            return int(arr.reshape(-1)[0]) if arr.size == 1 else None
    arr = cx.importer.known.get(name)
    return None if arr is None or np.asarray(arr).size != 1 else int(np.asarray(arr).reshape(-1)[0])


def _headed_rows(cx, body, initial):
    """The carried sequences (or optionals of one) that start with known tensors and whose body
    output is a SequenceInsert appending a tensor with at most one run-time size: {k: (node,
    axis, shape, element)}; {} if another carried value is a sequence / optional, or a row's
    shape is not known well enough to join the rows."""
    found = {}
    for k, v in enumerate(initial):
        seq = v.value if isinstance(v, Optional) else v
        if not isinstance(seq, Sequence) or not seq:
            if isinstance(v, (Sequence, Optional, RuntimeOptional, ragged.Ragged, ragged.Headed, stacked.Stacked)):
                return {}
            continue
        producers = [n for n in body.node if body.output[1 + k].name in n.output]
        if len(producers) != 1 or producers[0].op_type != "SequenceInsert" or (
                len(producers[0].input) > 2 and producers[0].input[2]):
            return {}
        shape, element = ragged.row_type(body, producers[0])
        if shape is None or shape.count(None) > 1 or element != seq.element and seq.element is not None:
            return {}
        found[k] = (producers[0], shape.index(None) if None in shape else 0, shape, element)
    return found


@converts("HeadedSequence", domain=ragged.INTERNAL)
def _headed_sequence(cx, values, lengths, key=None):
    """(Added by ragged.loop_headed.) The carried sequence: the head captured from outside the
    Loop, then the tail carried as values and lengths."""
    head, axis, optional = cx.importer.headed_loops[key]
    h = ragged.Headed(head, ragged.Ragged(values, lengths, axis))
    return (Optional(h),) if optional else (h,)


@converts("HeadedTail", domain=ragged.INTERNAL)
def _headed_tail(cx, s, key=None):
    """(Added by ragged.loop_headed.) The tail's values and lengths of the body's sequence, which
    must be the sequence it was given with tensors appended."""
    head = cx.importer.headed_loops[key][0]
    if isinstance(s, Optional):
        s = s.value
    if not isinstance(s, ragged.Headed) or len(s.head) != len(head) or any(
            a is not b and a != b for a, b in zip(s.head, head)):
        raise cx.error("a Loop with a run-time trip count over a sequence that starts with known tensors: the body "
                       "may only append to the sequence it is given (its first tensors kept)")
    return s.tail.value, s.tail.lengths


def _unrolled_loop(cx, trip, cond, state, body, n_scan):
    """A Loop carrying sequences / optionals: the body converted once per iteration (their
    lengths must stay known), while the condition is known at import time."""
    if trip is None or trip > UNROLL_LIMIT:
        raise cx.error("a Loop carrying sequences needs a trip count known at import time "
                       f"(at most {UNROLL_LIMIT}) to be unrolled")
    c = np.array(True) if cond is None else (cx.known(1) if cx.known(1) is not None else cond)
    scans = [[] for _ in range(n_scan)]
    for it in range(trip):
        if not isinstance(c, np.ndarray):
            raise cx.error("a Loop carrying sequences needs its condition known at import time to be unrolled")
        if not bool(c.reshape(-1)[0]):
            break
        outs = cx.importer.convert_graph(body, [np.array(it, np.int64), c] + state)
        c, state = outs[0], list(outs[1:1 + len(state)])
        for s, v in zip(scans, outs[1 + len(state):]):
            s.append(_tensor(cx, v))
    stacked = []
    for s in scans:
        if not s:
            raise cx.error("a Loop that runs no iteration has empty scan outputs of unknown shape")
        rows = [cx.reshape(v, [1] + cx.sizes_of(v)) for v in s]
        stacked.append(rows[0] if len(rows) == 1 else cx.op("concatenate", rows, dimension=0))
    return tuple(state + stacked)


# ----------------------------------------------------------------------------- Scan

def _move_axis(cx, x, src, dst):
    rank = cx.rank(x)
    if src == dst:
        return x
    perm = list(range(rank))
    perm.insert(dst, perm.pop(src))
    return cx.op("transpose", x, permutation=perm)


def _reverse0(cx, x):
    return cx.op("reverse", x, dimensions=[0])


def _row(cx, x, i):
    sizes = list(cx.info(x).shape)
    if None in sizes[1:]:       # run-time sizes past the scan axis: a gather needs no static slice sizes
        from .tensors import _take
        return _take(cx, x, 0, i)
    zero = cx.const(0, "i64")
    s = cx.op("dynamic_slice", x, [i] + [zero] * (len(sizes) - 1), slice_sizes=[1] + sizes[1:])
    return cx.reshape(s, sizes[1:])


def _scan(cx, states, xs, body, in_dirs, out_axes, out_dirs):
    """One Scan over the leading axis of each x (already moved first and reversed as asked):
    the final states and the stacked outputs (moved to out_axes, reversed as asked)."""
    if not xs:
        raise cx.error("Scan without scan inputs is not supported")
    t = cx.dim(xs[0], 0)        # the sequence length: an int, or a value read at run time
    states = [_tensor(cx, s) for s in states]
    n_states = len(states)
    i0 = cx.const(0, "i64")
    if any(None in cx.info(x).shape[1:] for x in xs):
        # run-time sizes past the scan axis (a `?` batch): the rows the body is probed on are those of
        # the inputs padded by a zero row (a gather from an empty scan axis fails, and these ops run)
        firsts = []
        for x in xs:
            r = cx.rank(x)
            padded = cx.op("pad", x, cx.const(0, cx.element(x)), edge_padding_low=[0] * r,
                           edge_padding_high=[1] + [0] * (r - 1), interior_padding=[0] * r)
            firsts.append(_row(cx, padded, i0))
    else:
        firsts = [_row(cx, x, i0) for x in xs]
    out_types = _probe(cx, body, states + firsts)[0][n_states:]
    out_sizes = [list(ty.shape) for ty in out_types]
    if any(None in ty.shape for ty in out_types):
        # outputs with run-time sizes: the buffers take the sizes of one run of the body outside the
        # loop on the first rows; a body's output sizes cannot change between iterations here
        once = cx.importer.convert_graph(body, states + firsts)[n_states:]
        out_sizes = [cx.sizes_of(_tensor(cx, v)) for v in once]
    buffers = [cx.const(0, ty.element, [t] + sizes) for ty, sizes in zip(out_types, out_sizes)]
    state = [i0] + states + buffers

    def step(*args):
        i, ss, bufs = args[0], list(args[1:1 + n_states]), list(args[1 + n_states:])
        outs = cx.importer.convert_graph(body, ss + [_row(cx, x, i) for x in xs])
        new_ss = [_fit(cx, v, old.type, f"scan state {k}") for k, (v, old) in enumerate(zip(outs[:n_states], ss))]
        new_bufs = [_write_row(cx, b, r, i) for b, r in zip(bufs, outs[n_states:])]
        return [cx.op("add", i, cx.const(1, "i64"))] + new_ss + new_bufs
    results = cx.while_loop(state, lambda i, *_: cx.op("compare", i, cx.size_value(t), comparison_direction="LT"),
                            step)
    finals, stacked = results[1:1 + n_states], results[1 + n_states:]
    outs = []
    for k, y in enumerate(stacked):
        if out_dirs[k]:
            y = _reverse0(cx, y)
        axis = out_axes[k] % cx.rank(y)
        outs.append(_move_axis(cx, y, 0, axis))
    return finals, outs


def _list(attr, n, default=0):
    v = list(attr) if attr is not None else []
    return v + [default] * (n - len(v)) if len(v) < n else v


@converts("Scan", since=9)
def scan_9(cx, *inputs, body=None, num_scan_inputs=None, scan_input_axes=None, scan_input_directions=None,
           scan_output_axes=None, scan_output_directions=None):
    m = int(num_scan_inputs)
    states, xs = list(inputs[:len(inputs) - m]), list(inputs[len(inputs) - m:])
    n_out = len(body.output) - len(states)
    in_axes, in_dirs = _list(scan_input_axes, m), _list(scan_input_directions, m)
    out_axes, out_dirs = _list(scan_output_axes, n_out), _list(scan_output_directions, n_out)
    moved = []
    for x, a, d in zip(xs, in_axes, in_dirs):
        x = _move_axis(cx, _tensor(cx, x), a % cx.rank(x), 0)
        moved.append(_reverse0(cx, x) if d else x)
    finals, outs = _scan(cx, states, moved, body, in_dirs, out_axes, out_dirs)
    return tuple(finals + outs)


@converts("Scan", since=8)
def scan_8(cx, sequence_lens, *inputs, body=None, num_scan_inputs=None, directions=None):
    """Opset 8: a batch axis 0 and the scan axis 1; one scan per batch row (unrolled over the
    static batch), the rows stacked back."""
    m = int(num_scan_inputs)
    states, xs = [_tensor(cx, v) for v in inputs[:len(inputs) - m]], [_tensor(cx, v) for v in inputs[len(inputs) - m:]]
    dirs = _list(directions, m)
    batch = cx.info(xs[0]).shape[0]
    if batch is None:
        raise cx.error("Scan (opset 8) with a dynamic batch size is not supported")
    if sequence_lens is not None:
        lens = cx.known(0)
        if lens is None or not np.all(np.asarray(lens) == cx.info(xs[0]).shape[1]):
            raise cx.error("Scan (opset 8) sequence_lens shorter than the scan axis are not supported")
    n_out = len(body.output) - len(states)
    per_row = []
    for b in range(batch):
        ss = [_row(cx, s, cx.const(b, "i64")) for s in states]
        rows = []
        for x, d in zip(xs, dirs):
            r = _row(cx, x, cx.const(b, "i64"))
            rows.append(_reverse0(cx, r) if d else r)
        per_row.append(_scan(cx, ss, rows, body, dirs, [0] * n_out, [0] * n_out))
    results = []
    for k in range(len(states)):
        parts = [cx.reshape(f[k], [1] + list(cx.info(f[k]).shape)) for f, _ in per_row]
        results.append(parts[0] if batch == 1 else cx.op("concatenate", parts, dimension=0))
    for k in range(n_out):
        parts = [cx.reshape(o[k], [1] + list(cx.info(o[k]).shape)) for _, o in per_row]
        results.append(parts[0] if batch == 1 else cx.op("concatenate", parts, dimension=0))
    return tuple(results)


# ----------------------------------------------------------------------------- sequences

def _seq(cx, v, what="input_sequence"):
    if isinstance(v, ragged.Headed):
        raise cx.error(f"{what} is a sequence of known tensors followed by a run-time number of tensors with a "
                       "run-time size (a Loop appended to it); only SequenceLength, SequenceAt, SequenceInsert "
                       "(appending) and ConcatFromSequence read such a sequence")
    if isinstance(v, shaped.Shaped):
        raise cx.error(f"{what} is a sequence of run-time length whose tensors have several run-time sizes (a "
                       "Loop appended them); only ConcatFromSequence, SequenceAt, SequenceLength, "
                       "SequenceInsert and SequenceErase read such a sequence")
    if isinstance(v, ragged.Ragged):
        raise cx.error(f"{what} is a sequence whose length or tensor sizes are run-time values (held "
                       "joined); only ConcatFromSequence, SequenceAt, SequenceLength, SequenceInsert and "
                       "SequenceErase read such a sequence")
    if isinstance(v, stacked.Stacked):
        raise cx.error(f"{what} is a sequence of run-time length (appended to in a Loop); only "
                       "ConcatFromSequence, SequenceAt and SequenceLength read such a sequence")
    if not isinstance(v, Sequence):
        raise cx.error(f"{what} must be a sequence of length known at import time")
    return v


def _position(cx, i, n, what="position", insert=False):
    k = cx.known(i)
    if k is None:
        raise cx.error(f"{what} (input {i}) must be known when importing (sequences are unrolled)")
    p = int(np.asarray(k).reshape(-1)[0])
    hi = n if insert else n - 1
    if not -n <= p <= hi:
        raise cx.error(f"{what} {p} is out of range for a sequence of length {n}")
    return p + n if p < 0 else p


@converts("SequenceEmpty", since=11)
def sequence_empty(cx, dtype=1):
    return (Sequence([], dtypes.element(dtype)),)


@converts("SequenceConstruct", since=11)
def sequence_construct(cx, *inputs):
    items = [_tensor(cx, v) for v in inputs]
    return (Sequence(items, cx.element(items[0]) if items else None),)


@converts("SequenceLength", since=11)
def sequence_length(cx, s):
    if isinstance(s, ragged.Headed):
        return ragged.headed_length(cx, s)
    if isinstance(s, stacked.Stacked):
        return stacked.length(cx, s)
    if isinstance(s, ragged.Ragged):
        return ragged.length(cx, s)
    if isinstance(s, shaped.Shaped):
        return shaped.length(cx, s)
    return np.array(len(_seq(cx, s)), np.int64)


@converts("SequenceAt", since=11)
def sequence_at(cx, s, position):
    if isinstance(s, ragged.Headed):
        k = cx.known(1)
        return ragged.headed_at(cx, s, None if k is None else np.asarray(k).reshape(-1)[0], position)
    if isinstance(s, stacked.Stacked):
        return stacked.at(cx, s, position)
    if isinstance(s, ragged.Ragged):
        return ragged.at(cx, s, position)
    if isinstance(s, shaped.Shaped):
        return shaped.at(cx, s, position)
    s = _seq(cx, s)
    if cx.known(1) is not None:
        return s[_position(cx, 1, len(s))]
    # a run-time position over tensors of one type: a chain of selects
    if not s or any(v.type != s[0].type for v in s):
        raise cx.error("position (input 1) computed at run time needs a non-empty sequence of tensors of one type")
    p = cx.reshape(cx.convert(position, "i64"), [])
    n = len(s)
    p = cx.op("select", cx.op("compare", p, cx.const(0, "i64"), comparison_direction="LT"),
              cx.op("add", p, cx.const(n, "i64")), p)
    out = s[0]
    for k in range(1, n):
        hit = cx.op("compare", p, cx.const(k, "i64"), comparison_direction="EQ")
        out = cx.op("select", cx.broadcast(hit, cx.sizes_of(out)), s[k], out)
    return out


def _runtime_position(cx, position, n, items, what):
    """A run-time position (normalized: negatives count from the end of n) as a rank-0 i64, for
    sequences whose tensors all have one type (the result's tensors are selects among them)."""
    if any(v.type != items[0].type for v in items):
        raise cx.error(f"{what} computed at run time needs tensors of one type")
    p = cx.reshape(cx.convert(position, "i64"), [])
    return cx.op("select", cx.op("compare", p, cx.const(0, "i64"), comparison_direction="LT"),
                 cx.op("add", p, cx.const(n, "i64")), p)


def _pick(cx, cond, a, b):
    return cx.op("select", cx.broadcast(cond, cx.sizes_of(a)), a, b)


@converts("SequenceInsert", since=11)
def sequence_insert(cx, s, tensor, position=None):
    if isinstance(s, ragged.Headed):
        return (ragged.headed_insert(cx, s, _tensor(cx, tensor), position),)
    if isinstance(s, ragged.Ragged):
        return (ragged.insert(cx, s, _tensor(cx, tensor), position),)
    if isinstance(s, shaped.Shaped):
        return (shaped.insert(cx, s, _tensor(cx, tensor), position),)
    s = _seq(cx, s)
    t = _tensor(cx, tensor)
    if position is not None and cx.known(2) is None and any(v.type != t.type for v in s):
        # tensors that differ in one size: the result held joined (ragged.py)
        r = ragged.from_items(cx, list(s) + [t])
        if r is not None and s:
            return (ragged.insert(cx, ragged.from_items(cx, list(s), r.axis), t, position),)
    if position is not None and cx.known(2) is None:
        # a run-time position p: tensor j of the result is s[j] before p, the new one at p, s[j - 1] after
        n = len(s)
        p = _runtime_position(cx, position, n, list(s) + [t], "position (input 2)")
        items = []
        for j in range(n + 1):
            at = cx.op("compare", p, cx.const(j, "i64"), comparison_direction="EQ")
            before = cx.op("compare", cx.const(j, "i64"), p, comparison_direction="LT")
            v = _pick(cx, at, t, s[j - 1] if j > 0 else t)
            items.append(_pick(cx, before, s[j], v) if j < n else v)
        return (Sequence(items, s.element or cx.element(t)),)
    p = len(s) if position is None else _position(cx, 2, len(s), insert=True)
    items = list(s)
    items.insert(p, t)
    return (Sequence(items, s.element or cx.element(items[0])),)


@converts("SequenceErase", since=11)
def sequence_erase(cx, s, position=None):
    if isinstance(s, ragged.Ragged):
        return (ragged.erase(cx, s, position),)
    if isinstance(s, shaped.Shaped):
        return (shaped.erase(cx, s, position),)
    s = _seq(cx, s)
    if position is not None and cx.known(1) is None and s and any(v.type != s[0].type for v in s):
        r = ragged.from_items(cx, list(s))
        if r is not None:
            return (ragged.erase(cx, r, position),)
    if position is not None and cx.known(1) is None and s:
        # a run-time position p: tensor j of the result is s[j] before p, s[j + 1] from p on
        n = len(s)
        p = _runtime_position(cx, position, n, list(s), "position (input 1)")
        items = [_pick(cx, cx.op("compare", cx.const(j, "i64"), p, comparison_direction="LT"), s[j], s[j + 1])
                 for j in range(n - 1)]
        return (Sequence(items, s.element),)
    p = len(s) - 1 if position is None else _position(cx, 1, len(s))
    items = list(s)
    del items[p]
    return (Sequence(items, s.element),)


@converts("SplitToSequence", since=11)
def split_to_sequence(cx, x, split=None, axis=0, keepdims=1):
    rank = cx.rank(x)
    d = axis % rank
    n = cx.info(x).shape[d]
    if n is None:       # a dynamic dimension: pieces of run-time (or known) sizes, one per split entry
        if split is None or cx.rank(split) != 1 or cx.info(split).shape[0] is None:
            # as many pieces as a run-time value says: held joined (ragged.py)
            return (ragged.split(cx, x, d, split, keepdims),)
        return (_split_at_run_time(cx, x, split, d, cx.dim(x, d)),)
    if split is None:
        sizes, squeeze = [1] * n, not keepdims
    else:
        k = cx.known(1)
        if k is None and (cx.rank(split) == 0 or cx.info(split).shape[0] is None):
            return (ragged.split(cx, x, d, split, keepdims),)
        if k is None:
            return (_split_at_run_time(cx, x, split, d, n),)
        k = np.asarray(k)
        if k.ndim == 0:
            c = int(k)
            sizes = [c] * (n // c) + ([n % c] if n % c else [])
        else:
            sizes = [int(v) for v in k.reshape(-1)]
        squeeze = False
    if sum(sizes) != n:
        raise cx.error(f"split sizes {sizes} do not add up to {n}")
    items, start = [], 0
    full = cx.sizes_of(x)
    for size in sizes:
        lo, hi = [0] * rank, list(full)
        lo[d], hi[d] = start, start + size
        piece = cx.op("slice", x, start_indices=lo, limit_indices=hi, strides=[1] * rank)
        if squeeze:
            piece = cx.reshape(piece, full[:d] + full[d + 1:])
        items.append(piece)
        start += size
    return (Sequence(items, cx.element(x)),)


def _split_at_run_time(cx, x, split, d, n):
    """Split sizes read at run time from a 1-D split of static length: one piece per entry,
    each cut out of x by negative edge padding (dynamic_pad) along the axis."""
    shape = cx.info(split).shape
    if len(shape) != 1 or shape[0] is None:
        raise cx.error("split (input 1) is computed at run time and is not a 1-D tensor of static length: the "
                       "sequence's length is not known when importing")
    rank = cx.rank(x)
    sizes = cx.convert(split, "i64")
    zero = cx.const(np.zeros(rank, np.int64), "i64", [rank])
    at_axis = cx.const(np.eye(rank, dtype=np.int64)[d], "i64", [rank])
    out_shape = [None if k == d else s for k, s in enumerate(cx.info(x).shape)]
    items, start = [], cx.const(0, "i64")
    for j in range(shape[0]):
        size = cx.reshape(cx.op("slice", sizes, start_indices=[j], limit_indices=[j + 1], strides=[1]), [])
        end = cx.op("add", start, size)
        low = cx.op("multiply", at_axis, cx.broadcast(cx.op("negate", start), [rank]))
        high = cx.op("multiply", at_axis, cx.broadcast(cx.op("subtract", end, cx.size_value(n)), [rank]))
        items.append(cx.op("dynamic_pad", x, cx.const(0, cx.element(x)), low, high, zero,
                           result_types=[tensor_type(out_shape, cx.element(x))]))
        start = end
    return Sequence(items, cx.element(x))


@converts("ConcatFromSequence", since=11)
def concat_from_sequence(cx, s, axis=0, new_axis=0):
    if isinstance(s, ragged.Headed):
        return ragged.headed_concat(cx, s, axis, new_axis)
    if isinstance(s, stacked.Stacked):
        return stacked.concat(cx, s, axis, new_axis)
    if isinstance(s, ragged.Ragged):
        return ragged.concat(cx, s, axis, new_axis)
    if isinstance(s, shaped.Shaped):
        return shaped.concat(cx, s, axis, new_axis)
    s = _seq(cx, s)
    if not s:
        raise cx.error("ConcatFromSequence of an empty sequence has no shape")
    rank = cx.rank(s[0]) + (1 if new_axis else 0)
    d = axis % rank
    items = list(s)
    if new_axis:
        items = [cx.reshape(v, cx.sizes_of(v)[:d] + [1] + cx.sizes_of(v)[d:]) for v in items]
    return items[0] if len(items) == 1 else cx.op("concatenate", items, dimension=d)


@converts("SequenceMap", since=17)
def sequence_map(cx, s, *additional, body=None):
    """The body converted once per element (the length is known), its outputs collected into
    sequences."""
    s = _seq(cx, s)
    extra = list(additional)
    for e in extra:
        if isinstance(e, Sequence) and len(e) != len(s):
            raise cx.error("the input sequences of SequenceMap have different lengths")
    n_out = len(body.output)
    outs = [[] for _ in range(n_out)]
    for k, v in enumerate(s):
        args = [v] + [e[k] if isinstance(e, Sequence) else e for e in extra]
        for o, r in zip(outs, cx.importer.convert_graph(body, args)):
            o.append(_tensor(cx, r))
    return tuple(Sequence(o, cx.element(o[0]) if o else cx.out_element(j)) for j, o in enumerate(outs))


# ----------------------------------------------------------------------------- optionals

@converts("Optional", since=15)
def optional(cx, x=None, type=None):
    return (Optional(x),)


@converts("OptionalHasElement", since=15)
def optional_has_element(cx, x=None):
    if isinstance(x, RuntimeOptional):
        return x.present
    if isinstance(x, Optional):
        return np.array(x.value is not None)
    return np.array(x is not None)


@converts("OptionalGetElement", since=15)
def optional_get_element(cx, x):
    if isinstance(x, RuntimeOptional):
        # ONNX makes getting from an empty optional an error: checked at run time
        cx.shape_assertion(x.present, [], str(cx.error(
            "OptionalGetElement of an optional that is empty at run time")))
        v = x.value
    elif isinstance(x, Optional):
        if x.value is None:
            raise cx.error("OptionalGetElement of an optional that is empty")
        v = x.value
    else:
        v = x
    return (v,) if isinstance(v, Sequence) else v
