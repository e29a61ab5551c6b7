"""Collectives in one process: all_reduce, all_gather, all_to_all, reduce_scatter,
collective_broadcast, collective_permute.

`shlo.compile` compiles a single process (one replica, one partition). There a
collective whose process groups name only process 0 is the identity (a group
of one member reduces, gathers, scatters or broadcasts its own value);
collective_permute gives the operand where process 0 sends to itself and
zeros otherwise (nobody sends to it), as the interpreter does. Groups naming
other processes need a multi-process runtime: a compile-time error naming
the op (run such programs with `shlo.interpret(..., num_replicas=...)` or
on XLA through `shlo.to_stablehlo`).
"""
from __future__ import annotations

import numpy as np

from .. import emit
from ..registry import OpContext, lowers


def _ids(ctx: OpContext, name: str) -> list:
    value = ctx.attrs.get(name)
    if value is None:
        return []
    arr = value.array() if hasattr(value, "array") else np.asarray(value)
    return [int(x) for x in np.asarray(arr).reshape(-1)]


def _single_process(ctx: OpContext, name: str = "replica_groups") -> None:
    others = sorted({i for i in _ids(ctx, name) if i not in (0, -1)})
    if others:
        raise ctx.error(f"{name} names processes {others}; shlo.compile runs one process (replica 0, "
                        "partition 0), so this collective needs the interpreter's process grid or XLA")


def _identity(ctx: OpContext, *operands):
    _single_process(ctx)
    return list(operands)


for _name in ("all_reduce", "all_gather", "all_to_all", "reduce_scatter", "collective_broadcast"):
    lowers(_name, quant_aware=True)(_identity)


@lowers("collective_permute", quant_aware=True)
def collective_permute(ctx: OpContext, operand):
    pairs = _ids(ctx, "source_target_pairs")
    pairs = list(zip(pairs[0::2], pairs[1::2]))
    others = sorted({i for p in pairs for i in p if i != 0})
    if others:
        raise ctx.error(f"source_target_pairs name processes {others}; shlo.compile runs one process")
    if (0, 0) in pairs:
        return operand
    return emit.zeros(ctx.result_types[0], like=operand)
