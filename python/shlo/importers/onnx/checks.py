"""Run-time value checks: where ONNX (and onnxruntime) reject values that a shlo op would accept
(an index out of range, which a gather clamps and a scatter drops), a `check.assert(pred,
values...)` custom call raises an error naming the node, the bounds and the values found.

The interpreter evaluates a check where it stands. Compiled code turns the checks at the top level
of the entry into extra results checked before any result is returned; it has no such check inside
a region. So, once a program is imported, `hoist_checks` moves every check out of the `while` /
`if` / `case` regions that hold it, one level at a time, up to the function's top level: the
region op gets extra results, a flag "every check so far held" and the values of the first check
that failed (a while carries them across its iterations, and its condition requires the flag, so
it ends after the iteration where a check first fails), and the check moves after the op, on
those results. Interpreted and compiled, a failing check inside a Loop / If / Scan body then
fails after that op, with the same message, naming the node that onnxruntime stops at.

Indices known at import time and in range get no check (no run-time cost); known ones out of
range keep theirs (onnxruntime fails when the node runs, which may be in a branch never taken).
"""
from __future__ import annotations

import numpy as np
from mlir import ir

from ..emitter import I64, reduce1

TARGET = "check.assert"
_HOISTABLE = ("shlo.while", "shlo.if", "shlo.case")


# ----------------------------------------------------------------------------- emitting checks

def check_assert(cx, pred, values, message: str) -> None:
    """`check.assert(pred, values...)`: `message` (`{i}` names values[i]) prefixed with the node."""
    op = cx.region_op("custom_call", [pred, *values], call_target_name=TARGET, has_side_effect=True,
                      result_types=[])
    op.attributes["backend_config"] = ir.StringAttr.get(str(cx.error(message)))


def _known_in_range(known, sizes) -> bool:
    """Indices known at import time (`known`, last axis the index vector's entries when `sizes`
    has several) all in [-size, size - 1] of the static sizes; False when a size is a run-time one."""
    if known is None or not all(isinstance(s, int) for s in sizes):
        return False
    k = np.asarray(known).astype(np.int64).reshape(-1, len(sizes))
    n = np.asarray(sizes, np.int64)
    return bool(np.all((k >= -n) & (k < n)))


def check_indices(cx, idx, size, axis: int, known=None) -> None:
    """Indices (i64, any shape) into a dimension of `size` (an int or a rank-0 i64 value) must be in
    [-size, size - 1]: checked at run time on their least and greatest values."""
    if _known_in_range(known, [size]):
        return
    sizes = cx.sizes_of(idx)
    dims = list(range(len(sizes)))
    n = cx.size_value(size)
    lo = reduce1(cx, idx, dims, "minimum", np.iinfo(np.int64).max) if dims else idx
    hi = reduce1(cx, idx, dims, "maximum", np.iinfo(np.int64).min) if dims else idx
    ok = cx.op("and", _cmp(cx, lo, cx.op("negate", n), "GE"), _cmp(cx, hi, n, "LT"))
    ok = cx.op("or", ok, _cmp(cx, lo, hi, "GT"))       # no indices: the reductions' initial values
    top = cx.op("subtract", n, cx.const(1, I64))
    check_assert(cx, ok, [n, top, lo, hi],
                 f"indices must be in [-{{0}}, {{1}}] along axis {axis}; found values from {{2}} to {{3}}")


def check_index_vectors(cx, idx, dims, first: int, known=None) -> None:
    """Index vectors (i64, the last dimension their k entries) into dimensions first..first+k-1 of
    sizes `dims` (ints or rank-0 i64 values): entry j must be in [-dims[j], dims[j] - 1]; checked
    at run time on each entry's least and greatest values (vectors of k)."""
    k = len(dims)
    if k == 0 or _known_in_range(known, dims):
        return
    sizes = cx.sizes_of(idx)
    batch = list(range(len(sizes) - 1))
    lo = reduce1(cx, idx, batch, "minimum", np.iinfo(np.int64).max) if batch else idx
    hi = reduce1(cx, idx, batch, "maximum", np.iinfo(np.int64).min) if batch else idx
    n = cx.shape_tensor(dims)
    ok = cx.op("and", _cmp(cx, lo, cx.op("negate", n), "GE"), _cmp(cx, hi, n, "LT"))
    ok = cx.op("or", ok, _cmp(cx, lo, hi, "GT"))
    ok = reduce1(cx, ok, [0], "and", True)
    where = f"dimensions {first}..{first + k - 1}" if k > 1 else f"dimension {first}"
    check_assert(cx, ok, [n, lo, hi], f"index vector entries must be in [-size, size - 1] for the sizes {{0}} of "
                                      f"{where}; found entries from {{1}} to {{2}}")


def _cmp(cx, a, b, direction):
    return cx.op("compare", a, b, comparison_direction=direction)


# Sizes known only at run time that an op requires to agree (onnxruntime refuses the node
# otherwise): a shlo dynamic_reshape / dynamic_broadcast_in_dim given sizes that do not agree has
# no defined result (compiled code reads past its operand), so each such node gets a check.

def _same(a, b) -> bool:
    """Sizes (ints or rank-0 values) known at import time to be equal."""
    if isinstance(a, int) or isinstance(b, int):
        return isinstance(a, int) and isinstance(b, int) and a == b
    return a == b


def check_broadcast(cx, operand_sizes, sizes, what: str) -> None:
    """Each operand's sizes (lists of ints / rank-0 values, aligned to the trailing dimensions of
    `sizes`, the result's) must broadcast to `sizes`: a size is 1 or the result's. One check for
    the node, on the sizes it found; none where every size is known to agree."""
    pred = None
    for own in operand_sizes:
        for s, r in zip(own, sizes[len(sizes) - len(own):]):
            if isinstance(s, int) and (s == 1 or isinstance(r, int)) or _same(s, r):
                continue
            ok = _cmp(cx, cx.size_value(r), cx.size_value(s), "EQ")
            if not isinstance(s, int):
                ok = cx.op("or", _cmp(cx, cx.size_value(s), cx.const(1, I64), "EQ"), ok)
            pred = ok if pred is None else cx.op("and", pred, ok)
    if pred is None:
        return
    shapes = [cx.shape_tensor(own) if own else cx.const(np.zeros(0, np.int64), I64, (0,)) for own in operand_sizes]
    found = " and ".join(f"{{{k}}}" for k in range(len(shapes)))
    check_assert(cx, pred, shapes, f"{what} {found} do not broadcast (each size must be 1 or the common size)")


def _counts_agree(a, b) -> bool:
    """Element counts of sizes `a` and `b` known equal at import time: their ints' products equal
    once the run-time sizes they share are set aside."""
    rest = [s for s in b if not isinstance(s, int)]
    for s in a:
        if isinstance(s, int):
            continue
        hit = next((k for k, t in enumerate(rest) if t == s), None)
        if hit is None:
            return False
        rest.pop(hit)
    return not rest and int(np.prod([s for s in a if isinstance(s, int)])) == \
        int(np.prod([s for s in b if isinstance(s, int)]))


def check_reshape(cx, in_sizes, out_sizes, requested=None) -> None:
    """A reshape from `in_sizes` to `out_sizes` (ints / rank-0 values) must keep the element count
    and give no negative size; `requested` (a 1-D i64 value: the shape input) is shown when it
    fails. No check where the counts agree at import time."""
    if _counts_agree(in_sizes, out_sizes):
        return
    n_in, n_out = cx.size_value(cx.element_count(in_sizes)), cx.size_value(cx.element_count(out_sizes))
    pred = _cmp(cx, n_in, n_out, "EQ")
    for s in out_sizes:
        if not isinstance(s, int):
            pred = cx.op("and", pred, _cmp(cx, cx.size_value(s), cx.const(0, I64), "GE"))
    shown = cx.shape_tensor(in_sizes) if in_sizes else cx.const(np.zeros(0, np.int64), I64, (0,))
    values = [shown, requested if requested is not None else cx.shape_tensor(out_sizes)]
    check_assert(cx, pred, values, "cannot reshape a tensor of shape {0} to the shape {1} (element counts differ)")


# ----------------------------------------------------------------------------- hoisting

def _is_check(op) -> bool:
    return op.name == "shlo.custom_call" and \
        ir.StringAttr(op.attributes["call_target_name"]).value == TARGET


def hoist_checks(func_op) -> None:
    """Every check.assert inside while / if / case regions of `func_op` moved to its top level (see
    the module's doc). A check under another region op, or with a value of `?` size, stays.
    A `shape_assertion` inside such a region becomes a check.assert first: the sizes it reads are
    made in the region, so it cannot be checked before compiled code runs as a top-level one is."""
    _region_assertions_as_checks(func_op)
    stuck: set = set()
    while True:
        owners = {}
        for op in _checks(func_op):
            owner = op.parent
            if owner.name == "func.func" or op in stuck:
                continue
            if (owner.name not in _HOISTABLE or not all(_static(v.type) for v in op.operands)
                    or owner.name == "shlo.while" and op.block != owner.regions[1].blocks[0]):
                stuck.add(op)
                continue
            owners.setdefault(owner, []).append(op)
        if not owners:
            return
        for owner, checks in owners.items():
            _hoist(owner, checks)


def _region_assertions_as_checks(func_op) -> None:
    """Each shape_assertion (the importers' size check) nested in a while / if / case region of
    `func_op` replaced by a check.assert with the same operands and message."""
    from ... import _shlo_ext
    for op in _shlo_ext.ops_named(func_op.operation, ["shlo.custom_call"]):
        op = op.operation
        if ir.StringAttr(op.attributes["call_target_name"]).value != "shape_assertion" \
                or op.parent.name not in _HOISTABLE or "error_message" not in op.attributes:
            continue
        attributes = {k: v for k, v in _attributes(op).items() if k != "error_message"}
        attributes["call_target_name"] = ir.StringAttr.get(TARGET, op.context)
        attributes["backend_config"] = ir.StringAttr.get(ir.StringAttr(op.attributes["error_message"]).value,
                                                         op.context)
        with ir.InsertionPoint(op):
            ir.Operation.create(op.name, results=[], operands=list(op.operands), attributes=attributes,
                                loc=op.location)
        op.erase()


def _checks(func_op) -> list:
    from ... import _shlo_ext        # (a native walk: no Python callback per op of a large model)
    return [op.operation for op in _shlo_ext.ops_named(func_op.operation, ["shlo.custom_call"]) if _is_check(op)]


def _static(t) -> bool:
    return isinstance(t, ir.RankedTensorType) and t.has_static_shape


def _const(t, value):
    tt = ir.RankedTensorType(t)
    e = tt.element_type
    attr = ir.IntegerAttr.get(e, int(value)) if isinstance(e, ir.IntegerType) else ir.FloatAttr.get(e, float(value))
    return ir.Operation.create("shlo.constant", results=[t], attributes={
        "value": ir.DenseElementsAttr.get_splat(tt, attr)}).result


def _binary(name, a, b):
    return ir.Operation.create(f"shlo.{name}", results=[a.type], operands=[a, b]).result


def _not(a):
    return ir.Operation.create("shlo.not", results=[a.type], operands=[a]).result


def _select(pred, a, b):
    return ir.Operation.create("shlo.select", results=[a.type], operands=[pred, a, b]).result


def _hoist(owner, checks) -> None:
    """The region op `owner` rebuilt with the extra results that carry `checks` (ops in its regions'
    blocks) out; the checks remade after it on those results."""
    slots = [[v.type for v in c.operands] for c in checks]       # per check: pred, values...
    extra = [t for s in slots for t in s]
    with owner.location:
        with ir.InsertionPoint(owner):
            if owner.name == "shlo.while":
                init = [_const(t, 1 if k == 0 else 0) for s in slots for k, t in enumerate(s)]
                operands = list(owner.operands) + init
            else:
                operands = list(owner.operands)
            new = ir.Operation.create(owner.name, results=[r.type for r in owner.results] + extra,
                                      operands=operands, attributes=_attributes(owner),
                                      regions=len(owner.regions))
        for k, region in enumerate(owner.regions):
            blocks = list(region.blocks)
            for b in blocks:
                b.append_to(new.regions[k])
        n_old = len(owner.results)
        if owner.name == "shlo.while":
            _carry(new, checks, slots, n_old)
        else:
            _branch_results(new, checks, slots)
        for old, r in zip(owner.results, new.results):
            old.replace_all_uses_with(r)
        with ir.InsertionPoint(owner):
            at = n_old
            for c, s in zip(checks, slots):
                ir.Operation.create(c.name, results=[], operands=list(new.results[at:at + len(s)]),
                                    attributes=_attributes(c), loc=c.location)
                at += len(s)
        owner.erase()
    for c in checks:
        c.erase()


def _carry(new, checks, slots, n_old) -> None:
    """A while's body carries, per check, whether every check so far held and the values of the
    first one that failed; its condition also requires every flag, so the loop ends after the
    iteration where a check first fails (a loop whose condition reads what the bad index gave
    might otherwise never end) and the check after it raises."""
    cond, body = new.regions[0].blocks[0], new.regions[1].blocks[0]
    for block in (cond, body):
        for s in slots:
            for t in s:
                block.add_argument(t, new.location)
    flags, at = [], n_old
    for s in slots:
        flags.append(cond.arguments[at])
        at += len(s)
    term = _terminator(cond)
    with ir.InsertionPoint(term), new.location:
        go = term.operands[0]
        for f in flags:
            go = _binary("and", go, f)
    _replace_return(term, [go])
    args = list(body.arguments)[n_old:]
    term = _terminator(body)
    with ir.InsertionPoint(term), new.location:
        extra, at = [], 0
        for c, s in zip(checks, slots):
            ok_before, held_before = args[at], args[at + 1:at + len(s)]
            pred, values = c.operands[0], list(c.operands)[1:]
            first_failure = _binary("and", ok_before, _not(pred))
            extra += [_binary("and", ok_before, pred)]
            extra += [_select(first_failure, v, h) for v, h in zip(values, held_before)]
            at += len(s)
    _extend_return(term, extra)


def _branch_results(new, checks, slots) -> None:
    """Each branch of an if / case returns, per check, the check's operands when the check is in it,
    else `true` and zeros."""
    for region in new.regions:
        block = region.blocks[0]
        term = _terminator(block)
        extra = []
        with ir.InsertionPoint(term), new.location:
            for c, s in zip(checks, slots):
                if c.block == block:
                    extra += list(c.operands)
                else:
                    extra += [_const(t, 1 if k == 0 else 0) for k, t in enumerate(s)]
        _extend_return(term, extra)


def _attributes(op) -> dict:
    return {name: op.attributes[name] for name in op.attributes}


def _terminator(block):
    ops = list(block.operations)
    return ops[-1].operation


def _extend_return(term, extra) -> None:
    _replace_return(term, list(term.operands) + list(extra))


def _replace_return(term, operands) -> None:
    with ir.InsertionPoint(term), term.location:
        ir.Operation.create(term.name, results=[], operands=operands, attributes=_attributes(term))
    term.erase()
