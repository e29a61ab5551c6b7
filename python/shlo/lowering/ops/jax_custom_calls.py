"""Custom calls that JAX writes into portable programs, compiled as their targets mean (the
interpreter's interpreter/ops/jax_custom_calls.py says what each computes).

stablehlo.dynamic_reduce_window (jax.export's cumulative sums over a symbolic axis): see below.

XLA's ApproxTopK with `is_fallback` (what JAX writes when lowering for the CPU): the exact top
k, i.e. a stable sort by the comparator (a called computation, lowered in place of the sort's
region) and the first k along the reduction dimension.
"""
from __future__ import annotations

import dataclasses

from mlir import ir
from mlir.dialects import arith, linalg, scf, tensor

from .. import emit
from ..element import index_const
from ..registry import LOWERINGS, OpContext, lowers_custom_call
from .shapes import element_index


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


@lowers_custom_call("stablehlo.dynamic_reduce_window")
def dynamic_reduce_window(ctx: OpContext, *operands):
    """reduce_window whose window sizes, strides, dilations and padding are run-time values: one
    loop nest over the result, and per result element a loop over the window's taps that reads
    the input where a tap lands on one of its elements and the init value elsewhere (padding
    and the holes of base dilation), folding with the body (a called computation)."""
    names = [ir.FlatSymbolRefAttr(a).value for a in ir.ArrayAttr(ctx.op.attributes["called_computations"])] \
        if "called_computations" in ctx.op.attributes else []
    n, rem = divmod(len(operands) - 5, 2)
    if n < 1 or rem or len(names) != 1:
        raise ctx.error("stablehlo.dynamic_reduce_window takes N inputs, N init values, 5 window tensors "
                        "and one called computation")
    inputs, inits = list(operands[:n]), list(operands[n:2 * n])
    if any(a.element != r.element for a, r in zip(ctx.operand_types[:n], ctx.result_types)):
        raise ctx.error("stablehlo.dynamic_reduce_window with results of other element types than its inputs "
                        "is not compiled")
    rank = emit.rank(inputs[0])
    params = []
    for t, v in zip(ctx.operand_types[2 * n:2 * n + 4], operands[2 * n:2 * n + 4]):
        params.append([emit.as_index(arith.index_cast(ir.IndexType.get(), element_index(v, t.element, d)))
                       for d in range(rank)])
    wdims, strides, base, wdil = params
    pad_t, pad = ctx.operand_types[2 * n + 4], operands[2 * n + 4]
    flat_pad = tensor.collapse_shape(ir.RankedTensorType.get([2 * rank], ir.RankedTensorType(pad.type).element_type),
                                     pad, [[0, 1]])
    lo = [arith.index_cast(ir.IndexType.get(), element_index(flat_pad, pad_t.element, 2 * d)) for d in range(rank)]
    hi = [arith.index_cast(ir.IndexType.get(), element_index(flat_pad, pad_t.element, 2 * d + 1)) for d in range(rank)]
    one, zero = index_const(1), index_const(0)
    in_sizes = [emit.as_index(s) for s in emit.dims(inputs[0])]
    known = {}
    for d in range(rank):
        dilated = arith.maxsi(arith.addi(arith.muli(arith.subi(in_sizes[d], one), base[d]), one), zero)
        padded = arith.addi(arith.addi(dilated, lo[d]), hi[d])
        span = arith.addi(arith.muli(arith.subi(wdims[d], one), wdil[d]), one)
        fit = arith.subi(padded, span)
        count = arith.addi(arith.floordivsi(fit, strides[d]), one)
        known[d] = arith.maxsi(arith.select(arith.cmpi(arith.CmpIPredicate.slt, fit, zero), zero, count), zero)
    sizes = emit.sizes_for(ctx.result_types[0], known=known)
    init_scalars = [tensor.extract(v, []) for v in inits]
    outs = [emit.fill(s, sizes) for s in init_scalars]
    taps = one
    for w in wdims:
        taps = arith.muli(taps, w)
    fields = {f.name: getattr(ctx, f.name) for f in dataclasses.fields(OpContext)}
    body_ctx = _CalledRegions(**fields, bodies=[_function_body(ctx, names[0])])

    def element(*accs):
        out_index = [linalg.IndexOp(d).result for d in range(rank)]
        loop = scf.ForOp(zero, taps, one, list(accs))
        with ir.InsertionPoint(loop.body):
            rest, valid, where = loop.induction_variable, None, []
            for d in reversed(range(rank)):         # the tap's position, row-major
                t = arith.remsi(rest, wdims[d])
                rest = arith.divsi(rest, wdims[d])
                p = arith.subi(arith.addi(arith.muli(out_index[d], strides[d]), arith.muli(t, wdil[d])), lo[d])
                ok = arith.andi(arith.cmpi(arith.CmpIPredicate.sge, p, zero),
                                arith.andi(arith.cmpi(arith.CmpIPredicate.eq, arith.remsi(p, base[d]), zero),
                                           arith.cmpi(arith.CmpIPredicate.slt, arith.divsi(p, base[d]), in_sizes[d])))
                valid = ok if valid is None else arith.andi(valid, ok)
                where.insert(0, arith.divsi(p, base[d]))
            read = scf.IfOp(valid, [s.type for s in init_scalars], has_else=True)
            with ir.InsertionPoint(read.then_block):
                scf.YieldOp([tensor.extract(x, where) for x in inputs])
            with ir.InsertionPoint(read.else_block):
                scf.YieldOp(init_scalars)
            scf.YieldOp(body_ctx.lower_region(0, list(loop.inner_iter_args) + list(read.results), scalar=True))
        return list(loop.results)

    return emit.generic([], outs, [emit.identity_map(rank)] * n, ["parallel"] * rank, element)
