"""Control flow and process ids: while, if, case, replica_id, partition_id, custom_call.

while / if / case become scf.while / scf.if / scf.index_switch whose carried
values are the flattened shlo values (a tuple becomes its members, a token
nothing). Their regions are lowered inside the scf op's blocks with
`ctx.lower_region` on tensors; values defined above the op are used directly.
A case index outside [0, number of branches) runs the last branch, as the spec
says. `shlo.compile` compiles one process, whose replica and partition ids are
0. custom_call compiles only the `check.*` targets (the driver turns those into
results); any other target is a compile-time error naming it.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, scf, tensor

from .. import element as el
from .. import emit
from ..driver import flatten_type, flatten_value, pack_value
from ..registry import CUSTOM_CALL_LOWERINGS, OpContext, lowers

# ----------------------------------------------------------------- carried values


def _carried_types(types) -> list:
    """The storage tensor types that values of the shlo `types` are carried as."""
    return [emit.lowered_type(x) for t in types for x in flatten_type(t)]


def _flatten(types, values) -> list:
    return [x for t, v in zip(types, values) for x in flatten_value(t, v)]


def _pack(types, flat) -> list:
    """Lowered shlo values (tuples rebuilt, tokens restored) from carried tensors."""
    it = iter(flat)
    return [pack_value(t, it) for t in types]


def _as_carried(types, values, carried) -> list:
    """Shlo values flattened and cast to the carried types (their static shapes may be more or
    less precise than the carried ones)."""
    return [emit.cast_to(v, c) for v, c in zip(_flatten(types, values), carried)]


def _yield_region(ctx: OpContext, region: int, args, types, carried) -> None:
    """Lowers `region` at the current insertion point and yields its values as carried."""
    scf.YieldOp(_as_carried(types, ctx.lower_region(region, args), carried))


def _condition(pred: ir.Value) -> ir.Value:
    """A rank-0 boolean tensor (storage i8 holding 0 or 1) as an i1."""
    stored = tensor.extract(pred, [])
    return arith.cmpi(arith.CmpIPredicate.ne, stored, el.const(0, stored.type))


# ----------------------------------------------------------------- ops


@lowers("while", quant_aware=True)
def while_(ctx: OpContext, *operands):
    # the body returns exactly the operand types (C2), so they are the loop-carried types
    types = ctx.operand_types
    carried = _carried_types(types)
    loop = scf.WhileOp(carried, _as_carried(types, operands, carried))
    before = loop.before.blocks.append(*carried)
    with ir.InsertionPoint(before):
        (pred,) = ctx.lower_region(0, _pack(types, before.arguments))
        scf.ConditionOp(_condition(pred), list(before.arguments))
    after = loop.after.blocks.append(*carried)
    with ir.InsertionPoint(after):
        _yield_region(ctx, 1, _pack(types, after.arguments), types, carried)
    return _pack(types, loop.results)


@lowers("if", quant_aware=True)
def if_(ctx: OpContext, pred):
    types = ctx.result_types
    carried = _carried_types(types)
    op = scf.IfOp(_condition(pred), carried, has_else=True)
    for region, block in enumerate((op.then_block, op.else_block)):
        with ir.InsertionPoint(block):
            _yield_region(ctx, region, [], types, carried)
    return _pack(types, op.results)


def _branch_index(index: ir.Value, branches: int) -> ir.Value:
    """The case index as an `index`, with values outside [0, branches) mapped to the last branch."""
    raw = tensor.extract(index, [])
    last = el.const(branches - 1, raw.type)
    # one unsigned compare catches both negative values and values >= branches
    in_range = arith.cmpi(arith.CmpIPredicate.ult, raw, el.const(branches, raw.type))
    return arith.index_cast(ir.IndexType.get(), arith.select(in_range, raw, last))


@lowers("case", quant_aware=True)
def case(ctx: OpContext, index):
    """A chain of scf.if: branch i when the index is i, the last branch otherwise. Not
    scf.index_switch: MLIR 22.1.8's one-shot bufferization misses that a switch's result may be
    a value from outside it (a branch returning its operand), and then updated that value's
    buffer in place, a caller's argument included (a dynamic_update_slice of the result)."""
    types = ctx.result_types
    carried = _carried_types(types)
    branches = len(ctx.op.regions)
    if getattr(ctx.lowerer, "case_as_switch", False) and _in_entry_body(ctx):
        return _case_switch(ctx, index, types, carried, branches)
    op = _case_if(ctx, _branch_index(index, branches), 0, branches, types, carried)
    return _pack(types, op.results)


def _in_entry_body(ctx: OpContext) -> bool:
    """True for an op directly in the entry's body (not in a loop, a branch or a called function)."""
    parent = ctx.op.operation.parent
    return parent is not None and parent.name == "func.func" and \
        ir.StringAttr(parent.attributes["sym_name"]).value == ctx.lowerer.entry


def _case_switch(ctx: OpContext, index, types, carried, branches: int):
    """The case as one scf.index_switch (the GPU path: see gpu/compiler.py, whose branch homes
    are made for branches in the entry's body). Only there: inside a loop, one-shot
    bufferization of a switch went wrong too (a lax.switch in a lax.scan, called from the loop
    body, stacked wrong values), so any other case is a chain of scf.if on the GPU path too."""
    # cases 0 .. n-2 are explicit; the default block runs the last branch
    switch = scf.IndexSwitchOp(carried, _branch_index(index, branches), list(range(branches - 1)))
    blocks = [switch.case_block(i) for i in range(branches - 1)] + [switch.default_block]
    for region, block in enumerate(blocks):
        with ir.InsertionPoint(block):
            _yield_region(ctx, region, [], types, carried)
    return _pack(types, switch.results)


def _case_if(ctx: OpContext, chosen: ir.Value, region: int, branches: int, types, carried) -> scf.IfOp:
    """if chosen == region: that branch, else the branches after it (a single branch: both arms)."""
    last = region >= branches - 1
    test = arith.constant(ir.IntegerType.get_signless(1), 1) if last else \
        arith.cmpi(arith.CmpIPredicate.eq, chosen, arith.constant(ir.IndexType.get(), region))
    op = scf.IfOp(test, carried, has_else=True)
    with ir.InsertionPoint(op.then_block):
        _yield_region(ctx, region, [], types, carried)
    with ir.InsertionPoint(op.else_block):
        if last or region + 1 == branches - 1:
            _yield_region(ctx, branches - 1, [], types, carried)
        else:
            scf.YieldOp(list(_case_if(ctx, chosen, region + 1, branches, types, carried).results))
    return op


@lowers("replica_id", "partition_id")
def process_id(ctx: OpContext):
    # the only process of a compiled program is replica 0 of partition 0
    return emit.splat(0, ctx.result_types[0])


@lowers("custom_call", quant_aware=True)
def custom_call(ctx: OpContext, *operands):
    target = ctx.attrs["call_target_name"]
    lowering = CUSTOM_CALL_LOWERINGS.get(target)
    if lowering is not None:
        return lowering(ctx, *operands)
    known = ", ".join(["check.*"] + sorted(CUSTOM_CALL_LOWERINGS))
    raise ctx.error(f"custom_call target '{target}' cannot be compiled: shlo.compile compiles the targets "
                    f"{known}; express the computation with shlo ops, or run the program with "
                    "shlo.interpret and a registered target")
