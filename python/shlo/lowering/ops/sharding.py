"""Sharding ops on one device (since 1.4.0): shardings are placement only, so
sharding_constraint is its operand, and a mesh declares nothing to compute.

manual_computation (a shard_map body) runs once per device of its mesh. On a
mesh of one device (every axis of size 1) that is a single run on the whole
operands, so the body is lowered in place; its collectives then have one
member per group, as the collectives' lowerings require. On a larger mesh the
body needs a device grid: a CompileError names the op and the mesh (run it with
shlo.interpret, or give it to XLA with shlo.to_stablehlo)."""
from __future__ import annotations

from mlir import ir

from ...sharding import find_mesh, sharding_of
from ..registry import OpContext, lowers


@lowers("sharding_constraint", quant_aware=True)
def sharding_constraint(ctx: OpContext, value):
    return value


@lowers("mesh")
def mesh(ctx: OpContext):
    return []


@lowers("manual_computation", quant_aware=True)
def manual_computation(ctx: OpContext, *operands):
    names = {sharding_of(a).mesh for key in ("in_shardings", "out_shardings")
             for a in ir.ArrayAttr(ctx.op.attributes[key])}
    for name in sorted(names):
        m = find_mesh(ctx.op, name)
        if m is None:
            raise ctx.error(f"its shardings name mesh @{name}, which the module does not declare")
        if m.num_devices != 1:
            axes = ", ".join(f"{a}={s}" for a, s in m.axes)
            raise ctx.error(f"its body runs once per device of mesh @{name} ({axes}: {m.num_devices} devices), "
                            f"and shlo.compile compiles one device (a mesh whose axes all have size 1); run it "
                            f"with shlo.interpret, or give shlo.to_stablehlo(program) to XLA")
    return ctx.lower_region(0, operands)
