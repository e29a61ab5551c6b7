"""Run-time checks of sizes that the spec needs to agree and the lowering cannot prove agree.

A dynamic_reshape whose output_shape asks for more elements than its operand has, or a
dynamic_broadcast_in_dim of a ?-sized operand into a larger size, would read past the operand's
buffer in native code. Such an op's lowering (ops/shapes.py) does two things:
  - guards itself: while its sizes disagree it reads nothing out of bounds (its dynamic result
    sizes become 0, or it reads a scratch tensor of the right shape instead of the operand);
  - gives the driver a predicate (`Lowerer.size_check`), which at the top level of the entry is
    one more check.assert of the ALL_ASSERTS probe (driver.py), so the call raises after the
    native code returns, like the program's own check.asserts. failed_check.py then interprets
    the op, whose interpreter raises the message naming the sizes and the spec constraint.

Which ops get a check is decided from the types alone (`message`), so that `driver.probes_of`
(cached code, which is never lowered) finds the same checks as the lowering.
"""
from __future__ import annotations

from mlir import ir

from ..types import type_info

CHECKED = ("dynamic_reshape", "reshape", "dynamic_broadcast_in_dim", "dynamic_pad", "dynamic_iota")

# ops whose run-time result sizes come from operands: checked where the result has a ? size
# (with a static result the lowering uses the static sizes, and reads nothing out of bounds)
_SIZES_FROM_OPERANDS = {
    "dynamic_pad": ("shlo.dynamic_pad: a negative interior padding or result size, or a size that "
                    "disagrees with the result type (dynamic_pad C4 / C6)"),
    "dynamic_iota": ("shlo.dynamic_iota: output_shape holds a negative size or one that disagrees "
                     "with the result type (dynamic_iota: sizes read when the op runs)"),
}


def _static(t) -> bool:
    return None not in t.shape


def _empty_static(t) -> bool:
    """A static result with no elements: the driver makes it without the op's lowering."""
    return _static(t) and 0 in t.shape


def _reshape_message(name: str, operand, out) -> str | None:
    if name == "dynamic_reshape":
        if _static(operand) and _static(out):
            return None
        return ("shlo.dynamic_reshape: output_shape does not give the operand's element count as "
                "non-negative sizes that agree with the result type (dynamic_reshape C2)")
    if _static(operand):
        return None
    return "shlo.reshape: the operand's element count differs from the result's (reshape C2)"


def _broadcast_message(operand, out, dims) -> str | None:
    if not any(_broadcast_needs_check(operand, out, i, int(d)) for i, d in enumerate(dims)):
        return None
    return ("shlo.dynamic_broadcast_in_dim: an operand dimension's size is neither 1 nor the "
            "size of its result dimension (dynamic_broadcast_in_dim C5)")


def _broadcast_needs_check(operand, out, i: int, d: int) -> bool:
    """Operand dimension i (into result dimension d) is not proved 1 or equal to the result's."""
    s, r = operand.shape[i], out.shape[d]
    if s == 1:
        return False
    return s is None or r is None


def message(name: str, operand_types: list, result_types: list, attrs: dict) -> str | None:
    """The static message of the run-time check the lowering of op `name` makes, or None when
    its sizes are proved at compile time (or it reads nothing)."""
    if name not in CHECKED:
        return None
    operand, out = operand_types[0], result_types[0]
    if operand.kind != "tensor" or out.kind != "tensor" or _empty_static(out):
        return None
    if name == "dynamic_broadcast_in_dim":
        return _broadcast_message(operand, out, attrs.get("broadcast_dimensions") or [])
    if name in _SIZES_FROM_OPERANDS:
        return None if _static(out) else _SIZES_FROM_OPERANDS[name]
    return _reshape_message(name, operand, out)


def message_for(op: ir.Operation) -> str | None:
    """`message` of a shlo op of a module (no lowering)."""
    if not op.name.startswith("shlo.") or op.name[5:] not in CHECKED:
        return None
    name = op.name[5:]
    operands = [type_info(v.type) for v in op.operands]
    results = [type_info(r.type) for r in op.results]
    attrs = {}
    if name == "dynamic_broadcast_in_dim":
        from .. import attributes
        from ..verify._spec_table import OPS
        kind = next(k for n, k, _ in OPS[name]["attributes"] if n == "broadcast_dimensions")
        attrs["broadcast_dimensions"] = attributes.op_attribute(op, "broadcast_dimensions", kind)
    return message(name, operands, results, attrs)
