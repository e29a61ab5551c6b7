"""Program structure: constants, tuples, tokens, barriers, composite and async calls.

Constants become `arith.constant`s whose attribute is the op's own literal
when its element type is already the storage type (no copy of the weights),
and is otherwise rebuilt from the literal's buffer (unsigned, f8, i2/i4).
"""
from __future__ import annotations

import numpy as np
from mlir import ir
from mlir.dialects import arith

from ...interpreter.values import TOKEN
from .. import element as el
from .. import emit
from ..registry import OpContext, lowers


def _literal(ctx: OpContext):
    """The `value` attribute as an ir.Attribute when the bindings can wrap it, else None."""
    try:
        return ctx.op.attributes["value"]
    except (TypeError, ValueError):
        return None


@lowers("constant", quant_aware=True)
def constant(ctx: OpContext):
    t = ctx.result_types[0]
    element = emit.storage_element(t)
    rt = emit.lowered_type(t)
    attr = _literal(ctx)
    if attr is not None and not t.quant and el.storage_name(element) == element and element != "i1" \
            and el.kind(element) != "complex":
        # the literal's type is the storage type: reuse the attribute (dense or dense_resource) as is
        return arith.ConstantOp(rt, attr).result
    array = ctx.attrs["value"].array()
    return emit.constant_array(np.asarray(array), element)


def scalar_constant(ctx: OpContext) -> ir.Value:
    """A rank-0 constant as a storage scalar (inside region bodies)."""
    t = ctx.result_types[0]
    element = emit.storage_element(t)
    value = np.asarray(ctx.attrs["value"].array()).reshape(())
    st = el.storage_type(element)
    if el.kind(element) == "complex":
        from mlir.dialects import complex as cx
        pt = el.mlir_type(el.part_element(element))
        return cx.create_(st, el.const(float(value.real), pt), el.const(float(value.imag), pt))
    if element in el.BYTE_FLOATS or element in el.SUB_BYTE:
        return el.const(int(value.view(np.uint8)) & ((1 << el.width(element)) - 1 if element in el.SUB_BYTE
                                                     else 0xFF), st)
    if el.kind(element) == "float":
        bits = value.view(f"u{value.dtype.itemsize}")
        return el.float_bits_const(int(bits), st)
    return el.const(int(value), st)


@lowers("after_all")
def after_all(ctx: OpContext, *tokens):
    return TOKEN


@lowers("tuple", quant_aware=True)
def tuple_(ctx: OpContext, *values):
    return tuple(values)


@lowers("get_tuple_element", quant_aware=True)
def get_tuple_element(ctx: OpContext, value):
    return value[ctx.attrs["index"]]


@lowers("optimization_barrier", quant_aware=True)
def optimization_barrier(ctx: OpContext, *values):
    return list(values)


def call_function(ctx: OpContext, name: str, operands: list) -> list:
    return ctx.lowerer.call(name, operands)


@lowers("composite", quant_aware=True)
def composite(ctx: OpContext, *operands):
    return call_function(ctx, ctx.attrs["decomposition"], list(operands))


@lowers("async_start", quant_aware=True)
def async_start(ctx: OpContext, *operands):
    # Runs at once: the results are ready at any point between start and done.
    return tuple(call_function(ctx, ctx.attrs["called_computation"], list(operands)))


@lowers("async_done", quant_aware=True)
def async_done(ctx: OpContext, future):
    return list(future)
