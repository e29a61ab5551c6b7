"""Reductions over several adjacent dimensions at once, made reductions over one (on tensors,
before schedules.split_reductions).

The CPU lowering reduces floats one dimension at a time (XLA's order), but leaves an exact
reduction (integers, booleans) over several dimensions as one linalg.reduce: the GPU mapping
gives each output one thread, which walks every reduced element alone (a total over a matrix:
one thread for the whole matrix). Each run of adjacent reduced dimensions is collapsed into
one; where several runs are left (dimensions 0 and 2 of three), they are reduced one at a time,
the last first, each step but the final one from the combiner's neutral element (the program's
initial value enters once, in the final step). split_reductions then splits each step across
threads like a row reduction. Only combiners whose result does not depend on the order qualify.
"""
from __future__ import annotations

from mlir import ir

# One op of these (integer add / multiply wrap; the rest are exact) and the yield: any order of
# the reduced elements gives the same result.
ORDER_FREE = {"arith.addi", "arith.muli", "arith.andi", "arith.ori", "arith.xori",
              "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui"}


def _op(x) -> ir.Operation:
    return x.operation if hasattr(x, "operation") else x


def _order_free(op: ir.Operation) -> bool:
    body = [_op(o) for o in op.regions[0].blocks[0].operations]
    return len(body) == 2 and body[0].name in ORDER_FREE and body[1].name == "linalg.yield"


def _neutral(name: str, t: ir.IntegerType) -> int:
    w = t.width
    if name in ("arith.muli",):
        return 1
    if name in ("arith.andi", "arith.minui"):
        return -1                       # all ones
    if name == "arith.maxsi":
        return -(1 << (w - 1))
    if name == "arith.minsi":
        return (1 << (w - 1)) - 1
    return 0                            # addi, ori, xori, maxui


def _runs(dims: list) -> list:
    runs = []
    for d in dims:
        if runs and runs[-1][-1] == d - 1:
            runs[-1].append(d)
        else:
            runs.append([d])
    return runs


def _one_step(op: ir.Operation, source: ir.Value, dim: int) -> ir.Value:
    """A linalg.reduce of `source` over `dim` with `op`'s combiner, from its neutral element."""
    from mlir.dialects import arith, linalg, tensor
    t = ir.RankedTensorType(source.type)
    elt = t.element_type
    shape = [n for i, n in enumerate(t.shape) if i != dim]
    combiner = _op(list(op.regions[0].blocks[0].operations)[0])
    out_t = ir.RankedTensorType.get(shape, elt)
    with ir.InsertionPoint(op), op.location:
        fill = linalg.fill(arith.ConstantOp(elt, ir.IntegerAttr.get(elt, _neutral(combiner.name, ir.IntegerType(elt)))).result,
                           outs=[tensor.EmptyOp(shape, elt).result])
        step = ir.Operation.create("linalg.reduce", results=[out_t], operands=[source, fill],
                                   attributes={"dimensions": ir.DenseI64ArrayAttr.get([dim]),
                                               "operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, 1])},
                                   regions=1)
    old_args = list(op.regions[0].blocks[0].arguments)
    block = step.regions[0].blocks.append(elt, elt)
    with ir.InsertionPoint(block), op.location:
        body = combiner.clone()
        for i, v in enumerate(list(body.operands)):
            k = next((k for k, a in enumerate(old_args) if a == v), None)
            if k is not None:
                body.operands[i] = block.arguments[k]
        linalg.YieldOp([body.results[0]])
    return step.results[0]


def collapse_reduction_dims(module: ir.Module) -> int:
    """Each static linalg.reduce of one integer input over several dimensions, with an
    order-free combiner, reduces a collapsed view of its input (each run of adjacent reduced
    dimensions one), one dimension a step. Returns how many changed."""
    from mlir.dialects import tensor
    from ... import _shlo_ext
    i64 = ir.IntegerType.get_signless(64)
    n = 0
    for op in _shlo_ext.ops_named(module.operation, ["linalg.reduce"]):
        dims = sorted(ir.DenseI64ArrayAttr(op.attributes["dimensions"]))
        if len(dims) < 2 or len(op.results) != 1:
            continue
        source = op.operands[0]
        if not isinstance(source.type, ir.RankedTensorType):
            continue
        t = ir.RankedTensorType(source.type)
        if not t.has_static_shape or not isinstance(t.element_type, ir.IntegerType) or not _order_free(op):
            continue
        runs = _runs(dims)
        groups, at = [], {}             # at: first dimension of a run -> its position after collapsing
        d = 0
        while d < t.rank:
            run = next((r for r in runs if r[0] == d), None)
            if run is not None:
                at[d] = len(groups)
            groups.append(run or [d])
            d += len(run) if run else 1
        value = source
        if any(len(g) > 1 for g in groups):
            shape = []
            for g in groups:
                extent = 1
                for k in g:
                    extent *= t.shape[k]
                shape.append(extent)
            with ir.InsertionPoint(op), op.location:
                value = tensor.CollapseShapeOp(ir.RankedTensorType.get(shape, t.element_type), source, ir.ArrayAttr.get(
                    [ir.ArrayAttr.get([ir.IntegerAttr.get(i64, k) for k in g]) for g in groups])).result
        for run in reversed(runs[1:]):  # positions of earlier runs do not move
            value = _one_step(op, value, at[run[0]])
        op.operands[0] = value
        op.attributes["dimensions"] = ir.DenseI64ArrayAttr.get([at[runs[0][0]]])
        n += 1
    return n
