"""Running self-checking programs (conformance/) compiled.

Conformance programs build their inputs with `shlo.constant`; compiled as
they are, MLIR could fold some of the work at compile time. `lift_constants`
turns the entry's top-level constants into arguments, so that the native
code computes every value from run-time data, and `run_compiled` runs a
program that way: its `check.*` calls compare the native results with the
oracle's expected values, with the same tolerances as for the interpreter.
"""
from __future__ import annotations

from mlir import ir

from ..program import Program, parse


def lift_constants(prog: Program, entry: str = "main"):
    """A copy of `prog` whose entry takes its top-level constants as arguments, and their values."""
    prog = prog.clone()
    fop = prog.functions()[entry]
    block = fop.regions[0].blocks[0]
    values = []
    with prog.context, ir.Location.unknown(prog.context):
        from .. import attributes as _attrs
        for op in list(block.operations):
            op = op.operation
            if op.name != "shlo.constant":
                continue
            arr = _attrs.op_attribute(op, "value", "elements").array()
            arg = block.add_argument(op.results[0].type, op.location)
            op.results[0].replace_all_uses_with(arg)
            op.erase()
            values.append(arr)
        ftype = ir.FunctionType(ir.TypeAttr(fop.attributes["function_type"]).value)
        fop.attributes["function_type"] = ir.TypeAttr.get(
            ir.FunctionType.get([a.type for a in block.arguments], list(ftype.results)))
        if values and "arg_attrs" in fop.attributes:   # generic-form programs carry one per argument
            attrs = list(ir.ArrayAttr(fop.attributes["arg_attrs"]))
            fop.attributes["arg_attrs"] = ir.ArrayAttr.get(
                attrs + [ir.DictAttr.get({})] * (len(block.arguments) - len(attrs)))
    return prog, values


def run_compiled(source, *, lift: bool = True, name: str = "<input>", **compile_options) -> list:
    """Compiles and runs a program's `@main`; raises CheckFailure / ShloError when it fails."""
    from .compiler import compile as compile_
    prog = source if isinstance(source, Program) else parse(source, name=name)
    args = []
    if lift:
        prog, args = lift_constants(prog)
    return compile_(prog, **compile_options)(*args)
