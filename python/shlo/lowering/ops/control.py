"""Control flow and process ids: while, if, case, replica_id, partition_id, custom_call.

while / if / case become scf.while / scf.if / scf.index_switch carrying the
flattened values (tuples become their members, tokens disappear). Their
regions are lowered inside the scf op's blocks; values defined above them are
used directly. A case index outside [0, number of branches) runs the last
branch, as the spec says. `shlo.compile` compiles one process, whose replica
and partition ids are 0. custom_call runs only the `check.*` targets (the
driver turns those into results); any other target cannot be compiled.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, scf, tensor

from ...interpreter.values import TOKEN
from .. import element as el
from .. import emit
from ..driver import flatten_type, flatten_value, pack_value
from ..registry import OpContext, lowers


def _truth(pred: ir.Value) -> ir.Value:
    """A rank-0 boolean tensor (storage i8) as an i1 condition."""
    v = tensor.extract(pred, [])
    return arith.cmpi(arith.CmpIPredicate.ne, v, el.const(0, v.type))


def _flat(types, values) -> list:
    return [x for t, v in zip(types, values) for x in flatten_value(t, v)]


def _flat_types(types) -> list:
    return [emit.lowered_type(x) for t in types for x in flatten_type(t)]


def _packed(types, flat) -> list:
    it = iter(flat)
    return [pack_value(t, it) for t in types]


def _fit(values, types) -> list:
    """Casts tensors whose static shape is more precise than the carried type (or less)."""
    return [emit.cast_to(v, t) for v, t in zip(values, types)]


@lowers("while", quant_aware=True)
def while_(ctx: OpContext, *operands):
    types = ctx.operand_types
    carried = _flat_types(types)
    init = _fit(_flat(types, operands), carried)
    loop = scf.WhileOp(carried, init)
    before = loop.before.blocks.append(*carried)
    with ir.InsertionPoint(before):
        state = _packed(types, list(before.arguments))
        (cond,) = ctx.lower_region(0, state)
        scf.ConditionOp(_truth(cond), list(before.arguments))
    after = loop.after.blocks.append(*carried)
    with ir.InsertionPoint(after):
        state = _packed(types, list(after.arguments))
        scf.YieldOp(_fit(_flat(types, ctx.lower_region(1, state)), carried))
    return _packed(ctx.result_types, list(loop.results))


@lowers("if", quant_aware=True)
def if_(ctx: OpContext, pred):
    types = ctx.result_types
    flat = _flat_types(types)
    op = scf.IfOp(_truth(pred), flat, has_else=True)
    for block, region in ((op.then_block, 0), (op.else_block, 1)):
        with ir.InsertionPoint(block):
            scf.YieldOp(_fit(_flat(types, ctx.lower_region(region, [])), flat))
    return _packed(types, list(op.results))


@lowers("case", quant_aware=True)
def case(ctx: OpContext, index):
    types = ctx.result_types
    flat = _flat_types(types)
    n = len(ctx.op.regions)
    i32 = ir.IntegerType.get_signless(32)
    raw = tensor.extract(index, [])
    # out of range (negative, or n and more) runs the last branch
    in_range = arith.andi(arith.cmpi(arith.CmpIPredicate.sge, raw, el.const(0, i32)),
                          arith.cmpi(arith.CmpIPredicate.slt, raw, el.const(n, i32)))
    chosen = arith.index_cast(ir.IndexType.get(), arith.select(in_range, raw, el.const(n - 1, i32)))
    switch = scf.IndexSwitchOp(flat, chosen, list(range(n - 1)))
    blocks = [switch.case_block(i) for i in range(n - 1)] + [switch.default_block]
    for i, block in enumerate(blocks):
        with ir.InsertionPoint(block):
            scf.YieldOp(_fit(_flat(types, ctx.lower_region(i, [])), flat))
    return _packed(types, list(switch.results))


def _zero_id(ctx: OpContext):
    return emit.splat(0, ctx.result_types[0])


@lowers("replica_id")
def replica_id(ctx: OpContext):
    return _zero_id(ctx)


@lowers("partition_id")
def partition_id(ctx: OpContext):
    return _zero_id(ctx)


@lowers("custom_call", quant_aware=True)
def custom_call(ctx: OpContext, *operands):
    raise ctx.error(f"custom_call target '{ctx.attrs['call_target_name']}' cannot be compiled: shlo.compile runs "
                    "only the check.* targets (register the computation as shlo ops instead)")


del TOKEN


def _host_op(ctx: OpContext, *operands):
    raise ctx.error("talks to the host or another process (infeed/outfeed/send/recv), which a compiled "
                    "single-process function cannot do; run the program with shlo.interpret(..., host=...)")


for _name in ("infeed", "outfeed", "send", "recv"):
    lowers(_name)(_host_op)
