"""Quantized tensors: uniform_quantize, uniform_dequantize, and the spec's rule that
any other op on quantized tensors means dequantize -> the float op -> quantize.

Arithmetic follows the interpreter: dequantize computes (q - zero_point) *
scale in f64 and rounds once to the expressed type; quantize computes
x / scale + zero_point in f64, rounds half to even and clamps to the storage
range. Per-axis parameters are read from small constant tables by the index
along the quantized dimension.
"""
from __future__ import annotations

import dataclasses

import numpy as np
from mlir import ir
from mlir.dialects import arith, linalg, math, tensor

from ...types import TypeInfo, tensor_type
from .. import element as el
from .. import emit
from ..registry import OpContext, lowers


def expressed_type(t: TypeInfo) -> TypeInfo:
    if t.kind != "tensor" or not t.quant:
        return t
    return tensor_type(t.shape, t.quant.expressed)


def _in_expressed(values, expressed: str) -> list:
    """Parameters rounded to the expressed type (as floats), as the interpreter rounds them."""
    from ...interpreter.ops.elementwise import finish
    return [float(v) for v in finish(np.asarray(values, np.float64), expressed).astype(np.float64)]


def _param(values, axis_index, element: str, dtype) -> ir.Value:
    """A per-tensor parameter as a constant, or a per-axis one looked up by index."""
    f = el.mlir_type(element)
    if len(values) == 1 or axis_index is None:
        return el.const(values[0], f)
    table = emit.constant_array(np.asarray(values, dtype=dtype), "f64" if element == "f64" else "i64")
    return tensor.extract(table, [axis_index])


def _axis(t: TypeInfo, axis_index):
    if t.quant.axis is None:
        return None
    if axis_index is None or t.quant.axis not in axis_index:
        raise ValueError(f"per-axis quantized {t} needs its axis index here")
    return axis_index[t.quant.axis]


def _zero_point(qi, idx) -> ir.Value:
    f64 = ir.F64Type.get()
    if len(qi.zero_points) == 1 or idx is None:
        return el.const(float(qi.zero_points[0]), f64)
    return arith.sitofp(f64, _param(qi.zero_points, idx, "i64", np.int64))


def dequantize_scalar(v: ir.Value, t: TypeInfo, axis_index=None) -> ir.Value:
    """(q - zero_point) * scale: the difference and the scale in the expressed type, multiplied
    in f64 and rounded once (the interpreter's arithmetic); returns the compute value."""
    from .elementwise import convert_float
    qi = t.quant
    f64 = ir.F64Type.get()
    idx = _axis(t, axis_index)
    x = el.to_compute(v, qi.storage)
    signed = not qi.storage.startswith("ui")
    xf = arith.sitofp(f64, x) if signed else arith.uitofp(f64, x)
    diff = arith.subf(xf, _zero_point(qi, idx))                    # exact: small integers
    diff = convert_float(convert_float(diff, "f64", qi.expressed), qi.expressed, "f64")
    scale = _param(_in_expressed(qi.scales, qi.expressed), idx, "f64", np.float64)
    return convert_float(arith.mulf(diff, scale), "f64", qi.expressed)


def quantize_scalar(x: ir.Value, t: TypeInfo, axis_index=None) -> ir.Value:
    """clamp(round_half_even(x / scale) + zero_point): the quotient rounded to the expressed type;
    NaN stores the zero point."""
    from .elementwise import convert_float
    qi = t.quant
    f64 = ir.F64Type.get()
    idx = _axis(t, axis_index)
    xf = convert_float(x, qi.expressed, "f64")
    scale = _param(_in_expressed(qi.scales, qi.expressed), idx, "f64", np.float64)
    quotient = convert_float(convert_float(arith.divf(xf, scale), "f64", qi.expressed), qi.expressed, "f64")
    zp = _zero_point(qi, idx)
    r = arith.addf(math.roundeven(quotient), zp)
    r = arith.select(arith.cmpf(arith.CmpFPredicate.UNO, r, r), zp, r)
    r = arith.maximumf(r, el.const(float(qi.storage_min), f64))
    r = arith.minimumf(r, el.const(float(qi.storage_max), f64))
    ct = el.compute_type(qi.storage)
    signed = not qi.storage.startswith("ui")
    i = arith.fptosi(ct, r) if signed else arith.fptoui(ct, r)
    return el.from_compute(i, qi.storage)


def _map_tensor(v: ir.Value, src: TypeInfo, dst: TypeInfo, fn) -> ir.Value:
    """One linalg.generic applying `fn(storage_scalar, axis_index) -> storage scalar`."""
    n = src.rank
    out = emit.empty(emit.sizes_for(dst, v), el.storage_type(emit.storage_element(dst)))
    axes = {x for x in (src.quant.axis if src.quant else None, dst.quant.axis if dst.quant else None)
            if x is not None}

    def body(a, _o):
        axis_index = {ax: linalg.IndexOp(ax).result for ax in axes}
        return fn(a, axis_index)

    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n, body)[0]


def dequantize_tensor(v: ir.Value, t: TypeInfo) -> ir.Value:
    f = expressed_type(t)
    return _map_tensor(v, t, f, lambda a, ix: el.from_compute(dequantize_scalar(a, t, ix), f.element))


def quantize_tensor(v: ir.Value, f: TypeInfo, t: TypeInfo) -> ir.Value:
    """Float tensor `v` (type `f`) as storage integers of quantized type `t`."""
    return _map_tensor(v, f, t, lambda a, ix: quantize_scalar(el.to_compute(a, f.element), t, ix))


def lower_through_float(ctx: OpContext, fn, operands: list) -> list:
    """Dequantize -> `fn` on the expressed types -> quantize: the meaning of a quantized op."""
    ins = [dequantize_tensor(v, t) if t.kind == "tensor" and t.quant else v
           for v, t in zip(operands, ctx.operand_types)]
    fctx = dataclasses.replace(ctx, operand_types=[expressed_type(t) for t in ctx.operand_types],
                               result_types=[expressed_type(t) for t in ctx.result_types])
    outs = fn(fctx, *ins)
    outs = outs if isinstance(outs, list) else [outs]
    return [quantize_tensor(v, expressed_type(t), t) if t.kind == "tensor" and t.quant else v
            for v, t in zip(outs, ctx.result_types)]


@lowers("uniform_quantize", quant_aware=True)
def uniform_quantize(ctx: OpContext, operand):
    src, dst = ctx.operand_types[0], ctx.result_types[0]
    if src.quant:      # requantize: through the expressed value
        return _map_tensor(operand, src, dst, lambda a, ix: quantize_scalar(dequantize_scalar(a, src, ix), dst, ix))
    return quantize_tensor(operand, src, dst)


@lowers("uniform_dequantize", quant_aware=True)
def uniform_dequantize(ctx: OpContext, operand):
    return dequantize_tensor(operand, ctx.operand_types[0])
