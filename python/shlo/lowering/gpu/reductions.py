"""Reductions over several adjacent dimensions at once, made reductions over one (on tensors,
before schedules.split_reductions).

The CPU lowering reduces floats one dimension at a time (XLA's order), but leaves an exact
reduction (integers, booleans) over several dimensions as one linalg.reduce: the GPU mapping
gives each output one thread, which walks every reduced element alone (a total over a matrix:
one thread for the whole matrix). When the reduced dimensions are adjacent, the input is
collapsed so that they become one, which split_reductions then splits across threads like a
row reduction. Only combiners whose result does not depend on the order qualify.
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


def collapse_reduction_dims(module: ir.Module) -> int:
    """Each static linalg.reduce of one integer input over several adjacent dimensions, with an
    order-free combiner, reduces a collapsed view of its input over one dimension instead.
    Returns how many changed."""
    from mlir.dialects import tensor
    from ... import _shlo_ext
    n = 0
    for op in _shlo_ext.ops_named(module.operation, ["linalg.reduce"]):
        dims = sorted(ir.DenseI64ArrayAttr(op.attributes["dimensions"]))
        if len(dims) < 2 or len(op.results) != 1 or dims != list(range(dims[0], dims[-1] + 1)):
            continue
        source = op.operands[0]
        if not isinstance(source.type, ir.RankedTensorType):
            continue
        t = ir.RankedTensorType(source.type)
        if not t.has_static_shape or not isinstance(t.element_type, ir.IntegerType) or not _order_free(op):
            continue
        first, last = dims[0], dims[-1]
        groups = [[d] for d in range(first)] + [list(range(first, last + 1))] + \
            [[d] for d in range(last + 1, t.rank)]
        extent = 1
        for d in dims:
            extent *= t.shape[d]
        shape = t.shape[:first] + [extent] + t.shape[last + 1:]
        with ir.InsertionPoint(op), op.location:
            collapsed = tensor.CollapseShapeOp(ir.RankedTensorType.get(shape, t.element_type), source,
                                               ir.ArrayAttr.get([ir.ArrayAttr.get(
                                                   [ir.IntegerAttr.get(ir.IntegerType.get_signless(64), d)
                                                    for d in g]) for g in groups])).result
        op.operands[0] = collapsed
        op.attributes["dimensions"] = ir.DenseI64ArrayAttr.get([first])
        n += 1
    return n
