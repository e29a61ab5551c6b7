"""Run-time value checks shared by the importers: where a framework rejects values that a shlo op
would accept (an index out of range, which a gather clamps and a scatter drops), a
`check.assert(pred, values...)` custom call raises an error naming the node, the bounds and the
values found (the ONNX checks: `onnx/checks.py`; PyTorch's: `torch/checks.py`).

The interpreter evaluates a check where it stands. Compiled code turns the checks at the top level
of the entry into one extra result checked before any result is returned; it has no such check
inside a region. So, once a program is imported, `hoist_checks` moves every check out of the
`while` / `if` / `case` regions that hold it, one level at a time, up to the function's top level:
the region op gets extra results, a flag "every check so far held" and the values of the first
check that failed (a while carries them across its iterations, and its condition requires the
flag, so it ends after the iteration where a check first fails), and the check moves after the
op, on those results. Interpreted and compiled, a failing check inside a loop or branch body then
fails after that op, with the same message, naming the node the framework stops at. With
`in_place` (the ONNX importer's choice) each moved check also leaves a copy where it stood
(marked IN_PLACE), which the interpreter evaluates there, failing before the op it guards (a
reshape given sizes that do not agree would otherwise fail first, with its own message), and
which compiled code and to_stablehlo leave out.
"""
from __future__ import annotations

from mlir import ir

TARGET = "check.assert"
_HOISTABLE = ("shlo.while", "shlo.if", "shlo.case")
# A hoisted check's copy left where it stood, for the interpreter: it fails there, before the op it
# guards and at the node the framework stops at; compiled code emits nothing for it.
IN_PLACE = "shlo.interpreter_only"


# ----------------------------------------------------------------------------- emitting checks

def check_assert(cx, pred, values, message: str) -> None:
    """`check.assert(pred, values...)`: `message` (`{i}` names values[i]) prefixed with the node."""
    check_assert_text(cx, pred, values, str(cx.error(message)))


def check_assert_text(cx, pred, values, text: str) -> None:
    """`check.assert(pred, values...)` failing with `text` as it stands (a message made earlier,
    already naming its node)."""
    op = cx.region_op("custom_call", [pred, *values], call_target_name=TARGET, has_side_effect=True,
                      result_types=[])
    op.attributes["backend_config"] = ir.StringAttr.get(text)


def compare(cx, a, b, direction):
    return cx.op("compare", a, b, comparison_direction=direction)


# ----------------------------------------------------------------------------- hoisting

def _is_check(op) -> bool:
    return op.name == "shlo.custom_call" and \
        ir.StringAttr(op.attributes["call_target_name"]).value == TARGET and IN_PLACE not in op.attributes


def hoist_checks(func_op, in_place: bool = False) -> None:
    """Every check.assert inside while / if / case regions of `func_op` moved to its top level (see
    the module's doc). A check under another region op, or with a value of `?` size, stays.
    `in_place`: each moved check also leaves a copy where it stood (IN_PLACE).
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
            _hoist(owner, checks, in_place)


def _region_assertions_as_checks(func_op) -> None:
    """Each shape_assertion (the importers' size check) nested in a while / if / case region of
    `func_op` replaced by a check.assert with the same operands and message."""
    from .. import _shlo_ext
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


def contains_checks(op) -> bool:
    """Whether `op` holds a check.assert anywhere in its regions."""
    return bool(_checks(op))


def _checks(func_op) -> list:
    from .. import _shlo_ext        # (a native walk: no Python callback per op of a large model)
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


def _hoist(owner, checks, in_place: bool) -> None:
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
        if in_place:
            c.attributes[IN_PLACE] = ir.UnitAttr.get(c.context)
        else:
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
