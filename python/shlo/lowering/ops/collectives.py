"""Collectives in one process: all_reduce, all_gather, all_to_all, reduce_scatter,
collective_broadcast, collective_permute; and the host transfers infeed, outfeed,
send, recv, which cannot be compiled.

`shlo.compile` compiles a single process: replica 0 of partition 0 in a grid of
one replica and one partition. There every process group is {process 0}, so
(as the interpreter computes on that grid):

- all_reduce / reduce_scatter combine one value: the operand converted to the
  element type of the `computation` region (the region itself never runs);
- all_gather, all_to_all (split_count 1) and collective_broadcast return the
  operand;
- collective_permute returns the operand where process 0 sends to itself and
  zeros (the zero's stored value for quantized types) otherwise.

A collective whose groups name any other process, or whose types assume more
than one member per group, needs several processes: that is a compile-time
error naming the op (such programs run on `shlo.interpret(...,
num_replicas=..., num_partitions=...)`).
"""
from __future__ import annotations

import dataclasses

import numpy as np

from ...types import TypeInfo
from .. import element as el
from .. import emit
from ..registry import OpContext, lowers
from . import elementwise_driver

ONE_PROCESS = "shlo.compile compiles one process (replica 0 of partition 0)"
MULTI_PROCESS_HINT = "run it with shlo.interpret(..., num_replicas=..., num_partitions=...)"


# ----------------------------------------------------------------- process ids


def _ids(ctx: OpContext, name: str) -> list:
    """Every process id in the i64 elements attribute `name` (none when absent or empty)."""
    value = ctx.attrs.get(name)
    if value is None:
        return []
    array = value.array() if hasattr(value, "array") else np.asarray(value)
    return [int(x) for x in np.asarray(array).reshape(-1)]


def _channel_id(ctx: OpContext) -> int:
    handle = ctx.attrs.get("channel_handle")
    return 0 if handle is None else int(handle.handle)


def _require_one_process(ctx: OpContext, name: str = "replica_groups") -> None:
    """Raises unless every id in `name` is process 0 (an empty list means all processes)."""
    if ctx.attrs.get("use_global_device_ids") and _channel_id(ctx) <= 0:
        raise ctx.error("use_global_device_ids needs a positive channel id")
    others = sorted({i for i in _ids(ctx, name) if i != 0})
    if others:
        raise ctx.error(f"{name} names processes {others} (ids other than 0 need more than one process); "
                        f"{ONE_PROCESS}: {MULTI_PROCESS_HINT}")


def _require_operand_shape(ctx: OpContext, i: int, what: str) -> None:
    """Raises when result `i`'s static shape differs from its operand's: with one member per
    group, gathering or scattering keeps the shape."""
    operand, result = ctx.operand_types[i], ctx.result_types[i]
    for d, (a, b) in enumerate(zip(operand.shape, result.shape)):
        if a is not None and b is not None and a != b:
            raise ctx.error(f"result {i} has type {result}, which assumes several processes per group "
                            f"(size {b} along dimension {d}, {what}); {ONE_PROCESS}, where a group has one "
                            f"member and the result has the operand's shape {operand}: {MULTI_PROCESS_HINT}")


# ----------------------------------------------------------------- values


def _to_result_type(ctx: OpContext, value, src: TypeInfo, dst: TypeInfo):
    """`value` (of type `src`) with the element type of `dst`: unchanged when they agree, else
    the spec's convert (widening; requantization through the expressed type)."""
    if src.element == dst.element and src.quant == dst.quant:
        return value
    convert = dataclasses.replace(ctx, name="convert", operand_types=[src], result_types=[dst])
    return elementwise_driver.tensor_op(convert, [value])[0]


def _zeros(t: TypeInfo, like):
    """A tensor of type `t` of zeros: for quantized types the stored value of 0.0, the zero point
    clamped to the storage range (as the interpreter quantizes 0)."""
    if t.quant is None:
        return emit.zeros(t, like=like)
    q = t.quant
    stored = min(max(int(q.zero_points[0]), q.storage_min), q.storage_max)
    if q.storage in el.SUB_BYTE:
        stored &= (1 << el.width(q.storage)) - 1      # sub-byte storage keeps the upper bits zero
    return emit.fill(el.const(stored, el.storage_type(q.storage)), emit.sizes_for(t, like))


# ----------------------------------------------------------------- ops


@lowers("all_reduce", quant_aware=True)
def all_reduce(ctx: OpContext, *operands):
    _require_one_process(ctx)
    return [_to_result_type(ctx, v, s, t) for v, s, t in zip(operands, ctx.operand_types, ctx.result_types)]


@lowers("reduce_scatter", quant_aware=True)
def reduce_scatter(ctx: OpContext, operand):
    _require_one_process(ctx)
    _require_operand_shape(ctx, 0, "scatter_dimension divided by the group size")
    return _to_result_type(ctx, operand, ctx.operand_types[0], ctx.result_types[0])


@lowers("all_gather", quant_aware=True)
def all_gather(ctx: OpContext, *operands):
    _require_one_process(ctx)
    for i in range(len(operands)):
        _require_operand_shape(ctx, i, "all_gather_dim multiplied by the group size")
    return list(operands)


@lowers("all_to_all", quant_aware=True)
def all_to_all(ctx: OpContext, *operands):
    _require_one_process(ctx)
    count = int(ctx.attrs["split_count"])
    if count != 1:
        raise ctx.error(f"split_count {count} needs groups of {count} processes; {ONE_PROCESS}, where a "
                        f"group has one member: {MULTI_PROCESS_HINT}")
    return list(operands)


@lowers("collective_broadcast", quant_aware=True)
def collective_broadcast(ctx: OpContext, operand):
    _require_one_process(ctx)
    return operand


@lowers("collective_permute", quant_aware=True)
def collective_permute(ctx: OpContext, operand):
    _require_one_process(ctx, "source_target_pairs")
    ids = _ids(ctx, "source_target_pairs")
    sends_to_itself = len(ids) >= 2      # every id is 0, so any pair is (0, 0)
    if sends_to_itself:
        return operand
    return _zeros(ctx.result_types[0], operand)


# ----------------------------------------------------------------- host transfers


def _host_transfer(ctx: OpContext, *operands):
    raise ctx.error(f"moves data between the program and its host or another process, which "
                    f"{ONE_PROCESS} cannot do; run programs with shlo.{ctx.name} with shlo.interpret "
                    "(host=shlo.Host(...) for host transfers, num_replicas=... for send/recv between processes)")


for _name in ("infeed", "outfeed", "send", "recv"):
    lowers(_name, quant_aware=True)(_host_transfer)
