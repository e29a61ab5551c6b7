"""Runs an element-wise op's scalar emitter on tensors (one linalg.generic) or on scalars.

Quantized operands are dequantized and results quantized inside the same loop
body (per-axis parameters are read by the loop index), so a quantized
element-wise op costs one pass over memory like any other.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg

from ...types import TypeInfo
from .. import element as el
from .. import emit, size_guards
from ..registry import SCALARS, OpContext
from . import quantization as q


def _compute_ctx(ctx: OpContext) -> OpContext:
    """The op's context as its emitter sees it: quantized types replaced by their expressed type."""
    if not any(t.kind == "tensor" and t.quant for t in ctx.operand_types + ctx.result_types):
        return ctx
    import dataclasses
    return dataclasses.replace(ctx, operand_types=[q.expressed_type(t) for t in ctx.operand_types],
                               result_types=[q.expressed_type(t) for t in ctx.result_types])


def _load(v: ir.Value, t: TypeInfo, axis_index) -> ir.Value:
    """A storage scalar as the compute value the emitter expects."""
    if t.quant:
        return q.dequantize_scalar(v, t, axis_index)
    return el.to_compute(v, t.element)


def _store(v: ir.Value, t: TypeInfo, axis_index) -> ir.Value:
    if t.quant:
        return q.quantize_scalar(v, t, axis_index)
    return el.from_compute(v, t.element)


def scalar_op(ctx: OpContext, operands: list) -> list:
    """The op on storage scalars (inside a region body)."""
    emitter = SCALARS[ctx.name]
    cctx = _compute_ctx(ctx)
    xs = [_load(v, t, None) for v, t in zip(operands, ctx.operand_types)]
    ys = emitter(cctx, *xs)
    ys = [ys] if isinstance(ys, ir.Value) else list(ys)
    return [_store(y, t, None) for y, t in zip(ys, ctx.result_types)]


def tensor_op(ctx: OpContext, operands: list) -> list:
    """The op on tensors: one linalg.generic whose body is the scalar emitter. Where the operands'
    sizes are not proved equal at compile time (size_checks.SizeProofs), the loops run only when
    they are equal when it runs, and the driver raises after the call when they are not."""
    unproven = ctx.lowerer.unproven_dims(ctx) if ctx.lowerer is not None else []
    if unproven:
        return _when_sizes_agree(ctx, operands, unproven)
    return _loops(ctx, operands)


def _when_sizes_agree(ctx: OpContext, operands: list, dims: list) -> list:
    """scf.if (the operands' sizes agree in `dims`) the op's loops, else zeros of the sizes of the
    first operand of the result's rank (size_checks.SizeProofs counts on it): native code never
    reads past a smaller operand's buffer, and the values that follow are not garbage."""
    from .shapes import size_check
    n = ctx.result_types[0].rank
    ranked = [v for v in operands if emit.rank(v) == n]
    static = [[t.shape[d] for t in ctx.result_types] for d in range(n)]

    def agree() -> ir.Value:
        ok = None
        for d in dims:
            first = emit.dim(ranked[0], d)
            sizes = [emit.dim(v, d) for v in ranked[1:]] + [s for s in static[d] if s is not None]
            for s in sizes:
                same = arith.cmpi(arith.CmpIPredicate.eq, emit.as_index(first), emit.as_index(s))
                ok = same if ok is None else arith.andi(ok, same)
        return ok if ok is not None else arith.constant(ir.IntegerType.get_signless(1), 1)

    ok = size_check(ctx, agree)
    types = [emit.lowered_type(t) for t in ctx.result_types]
    sizes = lambda: emit.sizes_for(ctx.result_types[0], ranked[0])  # noqa: E731
    return ctx.lowerer.guarded(ctx.op, ok, types, lambda: _loops(ctx, operands),
                               lambda: [size_guards.zeros(t, sizes()) for t in types])


def _loops(ctx: OpContext, operands: list) -> list:
    emitter = SCALARS[ctx.name]
    cctx = _compute_ctx(ctx)
    result_types = ctx.result_types
    n = result_types[0].rank
    like = next((v for v in operands if emit.rank(v) == n and n > 0), None)
    sizes = emit.sizes_for(result_types[0], like)
    outs = [emit.empty(sizes, el.storage_type(emit.storage_element(t))) for t in result_types]
    maps = [emit.identity_map(n) if emit.rank(v) == n else emit.affine_map(n, []) for v in operands]
    maps += [emit.identity_map(n)] * len(outs)
    per_axis = [t.quant.axis for t in ctx.operand_types + result_types if t.kind == "tensor" and t.quant
                and t.quant.axis is not None]

    def body(*args):
        axis_index = {a: linalg.IndexOp(a).result for a in set(per_axis)}
        xs = [_load(a, t, axis_index if emit.rank(v) == n else None)
              for a, t, v in zip(args[:len(operands)], ctx.operand_types, operands)]
        ys = emitter(cctx, *xs)
        ys = [ys] if isinstance(ys, ir.Value) else list(ys)
        return [_store(y, t, axis_index) for y, t in zip(ys, result_types)]

    results = emit.generic(operands, outs, maps, ["parallel"] * n, body)
    if ctx.lowerer is not None and n > 0:
        same = [v for v in operands if emit.rank(v) == n]
        for r in results:
            ctx.lowerer.same_sizes(same, r, ctx.described)
    return results
