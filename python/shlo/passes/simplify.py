"""shlo-simplify: removes shlo ops that provably return their operand.

Each rule looks at one op and answers the value that replaces its result,
or None. Rules only fire when the result type equals the operand type, so
no use ever sees a different type.
"""
from __future__ import annotations

from mlir import ir

from .. import attributes
from ..types import type_info


def _attr(op, name, kind):
    return attributes.to_python(op.attributes[name], kind) if name in op.attributes else None


def _same_type(op) -> bool:
    return op.operands[0].type == op.results[0].type


def _identity_if_same_type(op):
    return op.operands[0] if _same_type(op) else None


def _transpose(op):
    perm = _attr(op, "permutation", "i64_array")
    return op.operands[0] if _same_type(op) and perm == list(range(len(perm))) else None


def _broadcast_in_dim(op):
    dims = _attr(op, "broadcast_dimensions", "i64_array")
    return op.operands[0] if _same_type(op) and dims == list(range(len(dims))) else None


def _slice(op):
    t = type_info(op.operands[0].type)
    strides = _attr(op, "strides", "i64_array")
    return op.operands[0] if _same_type(op) and t.shape and None not in t.shape and all(
        s == 1 for s in strides) else None


def _pad(op):
    names = ("edge_padding_low", "edge_padding_high", "interior_padding")
    pads = [_attr(op, n, "i64_array") or [] for n in names]
    return op.operands[0] if _same_type(op) and all(p == 0 for ps in pads for p in ps) else None


def _reverse(op):
    return op.operands[0] if not _attr(op, "dimensions", "i64_array") else None


def _negate(op):
    producer = op.operands[0].owner
    if isinstance(producer, ir.OpView):
        producer = producer.operation
    if isinstance(producer, ir.Operation) and producer.name == "shlo.negate":
        return producer.operands[0]
    return None


RULES = {
    "shlo.convert": _identity_if_same_type,
    "shlo.reshape": _identity_if_same_type,
    "shlo.bitcast_convert": _identity_if_same_type,
    "shlo.transpose": _transpose,
    "shlo.broadcast_in_dim": _broadcast_in_dim,
    "shlo.slice": _slice,
    "shlo.pad": _pad,
    "shlo.reverse": _reverse,
    "shlo.negate": _negate,
}


def run(module_op: ir.Operation) -> int:
    """Applies the rules until nothing changes; returns how many ops were removed."""
    removed = 0
    while True:
        candidates = []

        def visit(op):
            if op.name in RULES:
                candidates.append(op)
            return ir.WalkResult.ADVANCE

        module_op.walk(visit)
        changed = False
        for op in candidates:
            # Decide on the current IR: an earlier rewrite may have changed this op's operands,
            # and a replacement computed before it could name an erased value.
            replacement = RULES[op.name](op)
            if replacement is not None:
                op.results[0].replace_all_uses_with(replacement)
                op.erase()
                removed += 1
                changed = True
        if not changed:
            return removed
