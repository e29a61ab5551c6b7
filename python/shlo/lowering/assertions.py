"""jax.export's shape assertions, checked before compiled code runs.

A program exported with symbolic shapes (`jax.export` with `symbolic_shape`)
starts with `custom_call @shape_assertion(pred, sizes...)` ops: the inputs must
have shapes that satisfy the export's constraints (`b >= 1`, a second input of
size `2 * b`, ...). The code after them assumes those shapes: run with sizes
that break them, compiled code could read outside its buffers. So the compiled
function evaluates the assertions first, on the reference interpreter, with a
program cut from the entry: the assertions and the ops whose values they read
(dimension sizes and scalar arithmetic), nothing else. The native code then
skips the assertions.
"""
from __future__ import annotations

import math
import re

from mlir import ir

from ..errors import CompileError

TARGET = "shape_assertion"


def is_assertion(op: ir.Operation) -> bool:
    return op.name == "shlo.custom_call" and \
        ir.StringAttr(op.attributes["call_target_name"]).value == TARGET


def assertion_program(prog, entry: str):
    """The entry's shape assertions as a program of their own (same arguments, no results), or
    None when the entry has none. CompileError when an assertion reads more than sizes and
    scalars (its check would cost as much as the program)."""
    from .. import _shlo_ext
    from ..program import parse
    if not any(is_assertion(op) for op in _shlo_ext.ops_named(prog.module.operation, ["shlo.custom_call"])):
        return None
    module = prog.module.operation.clone()
    fop = _entry(module, entry)
    body = fop.regions[0].blocks[0]
    work = [op.operation for op in body.operations if op.operation.name == "shlo.get_dimension_size"]
    while work:     # each rewrite may leave a size of an earlier value to read the same way
        work += _size_from_shape_operand(work.pop())
    ops = [op.operation for op in body.operations]
    keep, needed = set(), set()
    for op in reversed(ops):
        if op.name == "func.return":
            continue
        if is_assertion(op) or any(r in needed for r in op.results):
            keep.add(op)
            for v in _operands_used(op):
                needed.add(v)
    for op in keep:
        _check_cheap(op)
    for op in reversed(ops):
        if op.name == "func.return":
            _empty_return(op)
        elif op not in keep:
            op.erase()
    ftype = ir.FunctionType(ir.TypeAttr(fop.attributes["function_type"]).value)
    with module.context:
        fop.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(list(ftype.inputs), []))
    if "res_attrs" in fop.attributes:
        del fop.attributes["res_attrs"]
    return parse(str(module), name=f"<shape assertions of @{entry}>")


# Ops whose result sizes are the elements of a shape operand (its index): the size of such a
# result is read from that operand, so an assertion on it does not compute the tensor itself.
_SHAPE_OPERAND = {"shlo.dynamic_broadcast_in_dim": 1, "shlo.dynamic_reshape": 1, "shlo.dynamic_iota": 0}

# Ops whose result has the shape of their operands of the same rank (select's predicate and
# clamp's bounds may be scalars): a result size is such an operand's size.
_SAME_SHAPE = {f"shlo.{n}" for n in (
    "abs add and atan2 bitcast_convert cbrt ceil clamp compare complex convert cosine count_leading_zeros "
    "divide exponential exponential_minus_one floor imag is_finite log log_plus_one logistic maximum minimum "
    "multiply negate not or popcnt power real reduce_precision remainder round_nearest_afz round_nearest_even "
    "rsqrt select shift_left shift_right_arithmetic shift_right_logical sign sine sqrt subtract tan tanh xor"
).split()}


def _size_from_shape_operand(op: ir.Operation) -> list:
    """get_dimension_size(x, d) where x's size d is known from what made x, without computing x:
    a static size; an element of a shape operand; a size of an operand of an elementwise op, a
    transpose, concatenate, reduce or gather. Replaced by that; returns the get_dimension_size
    ops it made (on earlier values), to be read the same way in turn."""
    v = op.operands[0]
    vt = ir.RankedTensorType(v.type)
    d = ir.IntegerAttr(op.attributes["dimension"]).value
    out_type = op.results[0].type
    owner = v.owner if isinstance(v, ir.OpResult) else None
    owner = owner.operation if owner is not None and hasattr(owner, "operation") else owner
    name = owner.name if owner is not None else ""
    made: list = []
    with ir.InsertionPoint(op), op.location:
        def dim(x, k):
            new = ir.Operation.create("shlo.get_dimension_size", results=[out_type], operands=[x],
                                      attributes={"dimension": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), k)})
            made.append(new)
            return new.result

        def element(shape, k):
            element_type = ir.RankedTensorType(shape.type).element_type
            one = ir.Operation.create(
                "shlo.slice", results=[ir.RankedTensorType.get([1], element_type)], operands=[shape],
                attributes={"start_indices": ir.DenseI64ArrayAttr.get([k]),
                            "limit_indices": ir.DenseI64ArrayAttr.get([k + 1]),
                            "strides": ir.DenseI64ArrayAttr.get([1])}).result
            scalar = ir.Operation.create("shlo.reshape", results=[ir.RankedTensorType.get([], element_type)],
                                         operands=[one]).result
            return ir.Operation.create("shlo.convert", results=[out_type], operands=[scalar]).result

        if not vt.is_dynamic_dim(d):
            if owner is None or name == "shlo.constant":
                return []       # an argument's or constant's static size: already cheap
            i32 = ir.RankedTensorType(out_type)
            new = ir.Operation.create("shlo.constant", results=[out_type], attributes={
                "value": ir.DenseElementsAttr.get_splat(i32, ir.IntegerAttr.get(i32.element_type, vt.get_dim_size(d)))
            }).result
        elif name in _SHAPE_OPERAND:
            new = element(owner.operands[_SHAPE_OPERAND[name]], d)
        elif name in _SAME_SHAPE:      # (a bitcast_convert between widths changes the rank: not read)
            same = [x for x in owner.operands if ir.RankedTensorType(x.type).rank == vt.rank]
            new = dim(same[0], d) if same else None
        elif name == "shlo.transpose":
            new = dim(owner.operands[0], list(ir.DenseI64ArrayAttr(owner.attributes["permutation"]))[d])
        elif name == "shlo.concatenate":
            parts = list(owner.operands) if d == ir.IntegerAttr(owner.attributes["dimension"]).value \
                else [owner.operands[0]]
            new = dim(parts[0], d)
            for x in parts[1:]:
                new = ir.Operation.create("shlo.add", results=[out_type], operands=[new, dim(x, d)]).result
        elif name == "shlo.reduce":
            reduced = set(ir.DenseI64ArrayAttr(owner.attributes["dimensions"]))
            kept = [k for k in range(ir.RankedTensorType(owner.operands[0].type).rank) if k not in reduced]
            new = dim(owner.operands[0], kept[d])
        elif name in ("shlo.gather", "shlo.dynamic_gather"):
            new = _gather_size(owner, d, dim, element)
        else:
            new = None
    if new is None:
        for m in made:
            m.erase()
        return []
    op.results[0].replace_all_uses_with(new)
    op.erase()
    return made


def _gather_size(gather: ir.Operation, d: int, dim, element):
    """Size d (a `?` one) of a gather's result: a dynamic_gather's slice size (an offset
    dimension) or a size of the indices (a batch dimension); None when not read."""
    text = str(gather.attributes["dimension_numbers"])

    def dims(key):
        m = re.search(key + r" = \[([^\]]*)\]", text)
        return [int(x) for x in m.group(1).split(",") if x.strip()] if m else []
    m = re.search(r"index_vector_dim = (\d+)", text)
    offset = dims("offset_dims")
    if d in offset:
        if gather.name != "shlo.dynamic_gather":
            return None     # a gather's slice sizes are static
        dropped = set(dims("collapsed_slice_dims")) | set(dims("operand_batching_dims"))
        operand_rank = ir.RankedTensorType(gather.operands[0].type).rank
        return element(gather.operands[2], [j for j in range(operand_rank) if j not in dropped][offset.index(d)])
    rank = ir.RankedTensorType(gather.results[0].type).rank
    ivd = int(m.group(1)) if m else ir.RankedTensorType(gather.operands[1].type).rank
    batch = [k for k in range(ir.RankedTensorType(gather.operands[1].type).rank) if k != ivd]
    return dim(gather.operands[1], batch[[k for k in range(rank) if k not in offset].index(d)])


def _entry(module: ir.Operation, entry: str) -> ir.Operation:
    for fop in module.regions[0].blocks[0].operations:
        fop = fop.operation
        if fop.name == "func.func" and ir.StringAttr(fop.attributes["sym_name"]).value == entry:
            return fop
    raise CompileError(f"no function @{entry}")


def _operands_used(op: ir.Operation) -> list:
    """The values `op` reads, those of ops nested in its regions included."""
    out = list(op.operands)
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                out += _operands_used(inner.operation)
    return out


def _check_cheap(op: ir.Operation) -> None:
    if op.name == "shlo.get_dimension_size" or is_assertion(op):
        return
    for v in list(op.operands) + list(op.results):
        t = v.type
        if isinstance(t, ir.RankedTensorType) and (not t.has_static_shape or math.prod(t.shape) > 64):
            raise CompileError(f"{op.location}: a shape_assertion depends on {op.name} of {t}, which is more "
                               f"than sizes and scalars; shlo.compile checks shape assertions before the "
                               f"compiled code runs and does not compute tensors for it")


def _empty_return(op: ir.Operation) -> None:
    with ir.InsertionPoint(op), op.location:
        ir.Operation.create("func.return")
    op.erase()
