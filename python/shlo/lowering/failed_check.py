"""A failing check.assert's message, built from that check alone.

Compiled code returns one result for every check.assert of the entry (driver.ALL_ASSERTS): the
position of the first whose predicate is false. Its message needs the check's other operands
(the bounds and the indices found, the sizes that do not agree), which the compiled code does
not return (a result each per call cost more than the checks). So on a failure the interpreter
runs a program cut from the entry: that check and the ops whose values it reads, nothing else
(a check's operands are mostly sizes and the least / greatest index, so this is a small part of
a large model; a check hoisted out of a loop reads the loop, which then runs whole). The checks
that ops make of their own sizes (size_checks.py) count as checks here, in the same order.
"""
from __future__ import annotations

import io

from mlir import ir

from . import size_checks
from .assertions import _entry, _operands_used

TARGET = "check.assert"


def _is_assert(op: ir.Operation) -> bool:
    return op.name == "shlo.custom_call" and ir.StringAttr(op.attributes["call_target_name"]).value == TARGET


def raise_failed_check(prog, entry: str, position: int, args) -> None:
    """Interprets the entry's check.assert number `position` (in its top-level order) on `args`:
    it raises that check's CheckFailure (or the error of an op it reads that fails first). Returns
    when the check holds interpreted."""
    from ..interpreter import interpret
    made = prog.__dict__.setdefault("_failed_check_programs", {})
    if (entry, position) not in made:
        made[(entry, position)] = _cut(prog, entry, position)
    interpret(made[(entry, position)], *args, entry=entry, verify=False)


def _cut(prog, entry: str, position: int):
    """The program with `entry` cut to its check.assert number `position` and the ops it reads
    (same arguments, no results)."""
    from ..program import parse
    module = prog.module.operation.clone()
    try:
        fop = _entry(module, entry)
        block = fop.regions[0].blocks[0]
        sized = size_checks.top_level_checks(block)   # ops whose lowering checks their sizes:
        ops = [op.operation for op in block.operations]     # interpreted, they raise their message
        checks = [op for i, op in enumerate(ops) if i in sized or _is_assert(op)]
        check = checks[position]
        keep, needed = {check}, set(_operands_used(check))
        for op in reversed(ops[:ops.index(check)]):
            if any(r in needed for r in op.results):
                keep.add(op)
                needed.update(_operands_used(op))
        for op in reversed(ops):
            if op.name == "func.return":
                with ir.InsertionPoint(op), op.location:
                    ir.Operation.create(op.name, results=[], operands=[])
                op.erase()
            elif op not in keep:
                op.erase()
        with module.context:
            ftype = ir.FunctionType(ir.TypeAttr(fop.attributes["function_type"]).value)
            fop.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get(list(ftype.inputs), []))
        if "res_attrs" in fop.attributes:
            del fop.attributes["res_attrs"]
        buf = io.BytesIO()
        module.write_bytecode(buf)         # (with the locations, which the message starts with)
    finally:
        module.erase()
    cut = parse(buf.getvalue(), context=prog.context, verify=False, name=f"<check {position} of @{entry}>")
    cut.trees = getattr(prog, "trees", None)      # (from_jax's arguments narrowed as for the whole program)
    return cut
