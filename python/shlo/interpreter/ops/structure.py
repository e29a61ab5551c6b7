"""Program structure: constants, tuples, tokens and barriers."""
from __future__ import annotations

from ..registry import implements
from ..values import TOKEN


@implements("constant", quant_aware=True)
def constant(ctx):
    return ctx.attrs["value"].array()


@implements("after_all")
def after_all(ctx, *tokens):
    return TOKEN


@implements("tuple")
def tuple_(ctx, *values):
    return tuple(values)


@implements("get_tuple_element")
def get_tuple_element(ctx, value):
    return value[ctx.attrs["index"]]


@implements("optimization_barrier", quant_aware=True)
def optimization_barrier(ctx, *values):
    return list(values)
