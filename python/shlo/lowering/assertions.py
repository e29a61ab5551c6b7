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
    for op in [op.operation for op in body.operations]:
        if op.name == "shlo.get_dimension_size":
            _size_from_shape_operand(op)
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


def _size_from_shape_operand(op: ir.Operation) -> None:
    """get_dimension_size(x, d) where x's sizes are a shape operand's elements: replaced by
    that operand's element d (slice, reshape to a scalar, convert to the result's type)."""
    v = op.operands[0]
    owner = v.owner if isinstance(v, ir.OpResult) else None
    owner = owner.operation if owner is not None and hasattr(owner, "operation") else owner
    if owner is None or owner.name not in _SHAPE_OPERAND:
        return
    shape = owner.operands[_SHAPE_OPERAND[owner.name]]
    d = ir.IntegerAttr(op.attributes["dimension"]).value
    element = ir.RankedTensorType(shape.type).element_type
    with ir.InsertionPoint(op), op.location:
        one = ir.Operation.create(
            "shlo.slice", results=[ir.RankedTensorType.get([1], element)], operands=[shape],
            attributes={"start_indices": ir.DenseI64ArrayAttr.get([d]),
                        "limit_indices": ir.DenseI64ArrayAttr.get([d + 1]),
                        "strides": ir.DenseI64ArrayAttr.get([1])}).result
        scalar = ir.Operation.create("shlo.reshape", results=[ir.RankedTensorType.get([], element)],
                                     operands=[one]).result
        size = ir.Operation.create("shlo.convert", results=[op.results[0].type], operands=[scalar]).result
    op.results[0].replace_all_uses_with(size)
    op.erase()


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
