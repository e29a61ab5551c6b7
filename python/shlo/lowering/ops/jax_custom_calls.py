"""Custom calls that JAX writes into portable programs, compiled as their targets mean (the
interpreter's interpreter/ops/jax_custom_calls.py says what each computes).

XLA's ApproxTopK with `is_fallback` (what JAX writes when lowering for the CPU): the exact top
k, i.e. a stable sort by the comparator (a called computation, lowered in place of the sort's
region) and the first k along the reduction dimension.
"""
from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import tensor

from .. import emit
from ..registry import LOWERINGS, OpContext, lowers_custom_call


@dataclasses.dataclass
class _CalledRegions(OpContext):
    """An op context whose regions are the bodies of called functions (custom calls name their
    bodies in called_computations)."""
    bodies: list = dataclasses.field(default_factory=list)

    def lower_region(self, i: int, args, scalar: bool = False) -> list:
        return self.lowerer.lower_block(self.bodies[i], list(args), scalar=scalar)


def _function_body(ctx: OpContext, name: str) -> ir.Block:
    fop = ctx.lowerer._functions.get(name)
    if fop is None:
        raise ctx.error(f"called computation @{name} is not a function of the program")
    return fop.regions[0].blocks[0]


def _config(ctx: OpContext) -> dict:
    attrs = ctx.op.attributes
    if "mhlo.backend_config" not in attrs or not isinstance(attrs["mhlo.backend_config"], ir.DictAttr):
        return {}
    d = attrs["mhlo.backend_config"]
    out = {}
    for i in range(len(d)):
        a = d[i].attr
        out[d[i].name] = a.value if isinstance(a, (ir.BoolAttr, ir.IntegerAttr, ir.FloatAttr)) else a
    return out


@lowers_custom_call("ApproxTopK")
def approx_top_k(ctx: OpContext, *operands):
    config = _config(ctx)
    names = [ir.FlatSymbolRefAttr(a).value for a in ir.ArrayAttr(ctx.op.attributes["called_computations"])] \
        if "called_computations" in ctx.op.attributes else []
    n = len(operands) // 2
    if not n or len(operands) % 2 or len(names) != 1 or "top_k" not in config or "reduction_dim" not in config:
        raise ctx.error("ApproxTopK takes N operands and N init values, one comparator and "
                        "mhlo.backend_config = {top_k, reduction_dim, ...}")
    if not config.get("is_fallback", False) or not config.get("aggregate_to_topk", True):
        raise ctx.error("ApproxTopK is compiled as the exact top k only where JAX asked for the fallback "
                        "(is_fallback, aggregate_to_topk): the approximate bins have no defined layout")
    dim, k = int(config["reduction_dim"]), int(config["top_k"])
    fields = {f.name: getattr(ctx, f.name) for f in dataclasses.fields(OpContext)}
    fields.update(name="sort", attrs={"dimension": dim, "is_stable": True},
                  operand_types=ctx.operand_types[:n], result_types=ctx.operand_types[:n])
    sub = _CalledRegions(**fields, bodies=[_function_body(ctx, names[0])])
    ordered = LOWERINGS["sort"](sub, *operands[:n])
    out = []
    for v, t in zip(ordered, ctx.result_types):
        sizes = emit.dims(v)
        rank = len(sizes)
        static = [k if d == dim else (s if isinstance(s, int) else ir.ShapedType.get_dynamic_size())
                  for d, s in enumerate(sizes)]
        dynamic = [s for d, s in enumerate(sizes) if d != dim and not isinstance(s, int)]
        result_type = ir.RankedTensorType.get(static, ir.RankedTensorType(v.type).element_type)
        out.append(tensor.extract_slice(result_type, v, [], dynamic, [], [0] * rank, static, [1] * rank))
    return out
