"""The program-level sharding constraints (spec: "Meshes and shardings", sharding.C1-C5):
shardings on function arguments and results (`shlo.sharding`) and on ops (`shlo.shardings`).

The ops that hold shardings as their own attributes (sharding_constraint,
manual_computation) are checked by their spec constraints instead.
"""
from __future__ import annotations

from mlir import ir

from ..errors import VerificationError
from ..sharding import Mesh, Sharding, meshes, parse_sharding
from ..types import type_info

ARG_ATTR = "shlo.sharding"      # on a function argument or result
OP_ATTR = "shlo.shardings"      # on an op: one per result


def _problem(sharding: Sharding, value_type, mesh_table: dict[str, Mesh]) -> tuple[str, str] | None:
    mesh = mesh_table.get(sharding.mesh)
    if mesh is None:
        return "C1", f"names @{sharding.mesh}, which is not a shlo.mesh of the module"
    unknown = [a for a in sharding.axes() if a not in mesh.sizes]
    if unknown:
        return "C2", f"names axis {unknown[0]!r}, which mesh @{mesh.name} does not have"
    seen = set()
    for a in sharding.axes():
        if a in seen:
            return "C3", f"uses axis {a!r} twice"
        seen.add(a)
    t = type_info(value_type)
    if t.kind != "tensor":
        return "C4", f"is on a value of type {t}, not a tensor"
    n = len(t.shape)
    ok = (len(sharding.dims) == n and len(set(sharding.open)) == len(sharding.open)
          and all(0 <= d < n for d in sharding.open)
          and (not sharding.priorities or (len(sharding.priorities) == n and all(p >= -1 for p in sharding.priorities))))
    if not ok:
        return "C4", f"does not fit a value of type {t} (one dims entry per dimension, open and priorities in range)"
    return None


def _read(attr) -> Sharding | None:
    try:
        return parse_sharding(str(attr))
    except ValueError:
        return None


def _error(where: str, loc, cid: str, text: str) -> VerificationError:
    return VerificationError(f"{loc}: {where} violates sharding.{cid}: the sharding {text}", None, str(loc),
                             f"sharding.{cid}")


def check_module(module_op: ir.Operation) -> list[VerificationError]:
    if module_op.name != "builtin.module":
        return []
    table = meshes(module_op)
    errors = []
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if op.name != "func.func" or "sym_name" not in op.attributes or "function_type" not in op.attributes:
            continue        # (a func without them is the op verifier's to report)
        name = ir.StringAttr(op.attributes["sym_name"]).value
        ftype = ir.TypeAttr(op.attributes["function_type"]).value
        if not isinstance(ftype, ir.FunctionType):
            continue        # (a fuzzed function_type: the op verifier's to report too)
        for key, types, what in (("arg_attrs", ftype.inputs, "argument"), ("res_attrs", ftype.results, "result")):
            if key not in op.attributes:
                continue
            for i, d in enumerate(ir.ArrayAttr(op.attributes[key])):
                d = ir.DictAttr(d)
                if ARG_ATTR not in d:
                    continue
                where = f"@{name} {what} {i}"
                s = _read(d[ARG_ATTR])
                if s is None:
                    errors.append(_error(where, op.location, "C4", f"{d[ARG_ATTR]} is not a #shlo.sharding"))
                    continue
                p = _problem(s, types[i], table)
                if p:
                    errors.append(_error(where, op.location, *p))
    if table:  # ops' shardings (a walk only when the module declares a mesh)
        errors += _check_ops(module_op, table)
    return errors


def _check_ops(module_op, table) -> list[VerificationError]:
    errors = []

    def visit(op):
        op = op.operation if hasattr(op, "operation") else op
        if OP_ATTR in op.attributes:
            attr = op.attributes[OP_ATTR]
            where = f"'{op.name}'"
            try:
                items = list(ir.ArrayAttr(attr))
            except ValueError:
                items = None
            if items is None or len(items) != len(op.results):
                errors.append(_error(where, op.location, "C5",
                                     f"list {attr} does not hold one sharding per result ({len(op.results)})"))
            else:
                for r, a in zip(op.results, items):
                    s = _read(a)
                    p = ("C4", f"{a} is not a #shlo.sharding") if s is None else _problem(s, r.type, table)
                    if p:
                        errors.append(_error(where, op.location, *p))
                        break
        for region in op.regions:
            for block in region.blocks:
                for inner in block.operations:
                    visit(inner)

    for op in module_op.regions[0].blocks[0].operations:
        visit(op)
    return errors
