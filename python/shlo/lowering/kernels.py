"""Identical loop nests compiled once.

Programs repeat themselves: the layers of an MLP, the blocks of a transformer,
the two layer norms of a decoder lower to loop nests that differ only in the
buffers they read and write. After bufferization, the top-level loop nests of
a function that have a twin are outlined into functions of their own
(`transform.loop.outline`: what a nest uses from outside becomes arguments),
and each set of twins then calls one function. LLVM's code generation is the
largest part of `shlo.compile`'s time and grows with the code it is given;
a call per loop nest costs nothing measurable at run time.

Twins: loop nests of one function whose printed forms are equal once values
are renamed in order of appearance (so two nests that use different buffers,
or the same buffer in the same places, print alike). Their outlined functions
then have equal bodies except for the index constants that the outlining
copies in for captured constants (every other captured value is an argument),
so those and the signatures are compared before calls are redirected.
"""
from __future__ import annotations

import io
import re

from mlir import ir

# Top-level ops that may be loop nests worth sharing, and the fewest ops in one (the op itself
# and those nested in it, before vectors are unrolled) that make it worth a call.
LOOP_OPS = ("scf.forall", "scf.for", "scf.parallel", "linalg.generic")
MIN_OPS = 8
PREFIX = "shlo_loop_"
_TAGS = re.compile(r'shlo\.(?:sid|outline)(?: = \d+ : i64)?,? ?')
_VALUE = re.compile(r'%[\w$.#-]+')


def share_identical_loops(module: ir.Module) -> int:
    """Outlines the top-level loop nests that have a twin and makes twins call one function;
    returns the number of loop nests that call a shared function."""
    from .. import _shlo_ext
    groups = _twins(module)
    if not groups:
        return 0
    # Outlined in walk order: one match of every tagged op, split into one handle per op.
    order, index = [], {}
    for group in groups:
        for op in group:
            op.attributes["shlo.outline"] = ir.UnitAttr.get(module.context)
    for fop in module.body.operations:
        for op in _body(fop.operation):
            if "shlo.outline" in op.attributes:
                index[op] = len(order)
                order.append(op)
    n = len(order)
    named = [[f"{PREFIX}{index[op]}" for op in group] for group in groups]   # (op objects die below)
    handles = ", ".join(f"%h{i}" for i in range(n))
    types = ", ".join(["!transform.any_op"] * n)
    script = ("module attributes {transform.with_named_sequence} {\n"
              "  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {\n"
              "    %all = transform.structured.match attributes{shlo.outline} in %root "
              ": (!transform.any_op) -> !transform.any_op\n"
              f"    {handles} = transform.split_handle %all : (!transform.any_op) -> ({types})\n"
              + "".join(f"    %f{i}, %c{i} = transform.loop.outline %h{i} {{func_name = \"{PREFIX}{i}\"}} "
                        ": (!transform.any_op) -> (!transform.any_op, !transform.any_op)\n" for i in range(n))
              + "    transform.yield\n  }\n}\n")
    with module.context, ir.Location.unknown(module.context):
        module.body.append(ir.Operation.parse(script))
    ok, _diagnostics = _shlo_ext.run_pass_pipeline(module.operation, "transform-interpreter")
    for op in list(module.body.operations):
        if op.operation.name == "builtin.module":
            op.operation.erase()
    if not ok:      # whatever was outlined stays correct, only unshared
        _merge(module, [])
        return 0
    return _merge(module, named)


def _body(fop: ir.Operation) -> list:
    """The ops of a function's single block (none for anything else)."""
    if fop.name != "func.func" or len(fop.regions[0].blocks) != 1:
        return []
    return [op.operation for op in fop.regions[0].blocks[0].operations]


def _twins(module: ir.Module) -> list:
    """Groups (two or more) of top-level loop nests of one function that print alike."""
    from .. import _shlo_ext
    groups = []
    for fop in module.body.operations:
        fop = fop.operation
        by_names: dict = {}
        for op in _body(fop):
            if op.name in LOOP_OPS:
                names = tuple(item[1] for item in _shlo_ext.walk_with_signatures(op))
                if len(names) + 1 >= MIN_OPS:
                    by_names.setdefault((op.name, names), []).append(op)
        alike = [ops for ops in by_names.values() if len(ops) > 1]
        if not alike:
            continue
        state = ir.AsmState(fop)        # one numbering of the function for all its loop nests
        for ops in alike:
            by_text: dict = {}
            for op in ops:
                by_text.setdefault(_normalized(op, state), []).append(op)
            groups += [same for same in by_text.values() if len(same) > 1]
    return groups


def _normalized(op: ir.Operation, state) -> str:
    """The op printed with its values renamed in order of appearance, without the schedules' tags."""
    out = io.StringIO()
    op.print(state, file=out)
    names: dict = {}
    return _VALUE.sub(lambda m: names.setdefault(m.group(0), f"%{len(names)}"), _TAGS.sub("", out.getvalue()))


def _merge(module: ir.Module, groups: list) -> int:
    """Within each group of outlined functions, calls of those equal to the group's first go to
    it and the others are erased. All become private and internal to the LLVM module (else the
    ExecutionEngine wraps each in a packed-arguments entry point, `_mlir_<name>`, whose dozens
    of loads cost more to compile than the loops)."""
    from .. import _shlo_ext
    functions = {}
    for fop in module.body.operations:
        fop = fop.operation
        if fop.name == "func.func":
            name = ir.StringAttr(fop.attributes["sym_name"]).value
            if name.startswith(PREFIX):
                functions[name] = fop
                fop.attributes["sym_visibility"] = ir.StringAttr.get("private", module.context)
                fop.attributes["llvm.linkage"] = ir.Attribute.parse("#llvm.linkage<internal>", module.context)
    rename = {}
    for group in groups:
        keep = group[0]
        for name in group[1:]:
            if keep in functions and name in functions and _equivalent(functions[keep], functions[name]):
                rename[name] = keep
    for call in _shlo_ext.ops_named(module.operation, ["func.call"]):
        callee = ir.FlatSymbolRefAttr(call.attributes["callee"]).value
        if callee in rename:
            call.attributes["callee"] = ir.FlatSymbolRefAttr.get(rename[callee], module.context)
    for name in rename:
        functions[name].erase()
    return len(rename) + len(set(rename.values()))


def _equivalent(a: ir.Operation, b: ir.Operation) -> bool:
    """Two outlined functions of loop nests that print alike: the same signature and the same
    constants copied in at their start (where they differ, the bodies do)."""
    if a.attributes["function_type"] != b.attributes["function_type"]:
        return False
    return _leading_constants(a) == _leading_constants(b)


def _leading_constants(fop: ir.Operation) -> list:
    out = []
    for op in fop.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "arith.constant":
            break
        out.append(str(op.attributes["value"]))
    return out
