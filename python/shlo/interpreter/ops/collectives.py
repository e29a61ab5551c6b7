"""Collective ops: all_reduce, all_gather, all_to_all, reduce_scatter,
collective_broadcast and collective_permute.

Processes are the `num_replicas x num_partitions` grid; process (r, p) has
index `r * num_partitions + p` (the flattened id). Process groups follow the
spec's four schemes (cross_replica, cross_partition,
cross_replica_and_partition, flattened_ids), picked per op from the channel
id and `use_global_device_ids`. Every process takes a collective key from
`process.next_collective()` for every collective it executes, in program
order, whether or not it belongs to a group, so the n-th collectives of all
processes meet; the communicator pairs deposits by (key, group).

Reductions fold the group's values in group order with the `computation`
region (on whole arrays when the region is element-wise, element by element
otherwise), so every member computes the same bits. Quantized tensors are
handled on their storage integers: data movement is exact, and reductions
run the region (whose ops dequantize themselves) after requantizing operands
to the region's quantized type when it differs.
"""
from __future__ import annotations

import numpy as np

from ...errors import InterpreterError
from ..registry import implements
from ..values import dequantize, quantize, storage_dtype

_ELEMENTWISE = frozenset("""add subtract multiply divide remainder maximum minimum clamp compare select
    and or xor not abs negate sign convert constant power atan2 shift_left shift_right_logical
    shift_right_arithmetic popcnt count_leading_zeros is_finite""".split())

# ----------------------------------------------------------------- process groups


def _channel_id(ctx) -> int:
    ch = ctx.attrs.get("channel_handle")
    return 0 if ch is None else int(ch.handle)


def _rows(ctx, name: str = "replica_groups") -> list[list[int]]:
    groups = ctx.attrs[name]
    arr = groups.array() if hasattr(groups, "array") else np.asarray(groups)
    arr = np.asarray(arr, dtype=np.int64)
    if arr.size == 0:
        return []
    if arr.ndim != 2:
        arr = arr.reshape(1, -1)
    return [[int(x) for x in row] for row in arr]


def _check_ids(ctx, rows, limit: int, what: str):
    for row in rows:
        for i in row:
            if not 0 <= i < limit:
                raise InterpreterError(f"{ctx.location}: shlo.{ctx.name}: id {i} in {what} is not in "
                                       f"[0, {limit}) for this process grid")


def cross_replica(ctx, rows):
    proc = ctx.process
    rows = rows or [list(range(proc.num_replicas))]
    _check_ids(ctx, rows, proc.num_replicas, "replica_groups (replica ids)")
    return [[(r, p) for r in row] for p in range(proc.num_partitions) for row in rows]


def cross_partition(ctx, rows):
    proc = ctx.process
    rows = rows or [list(range(proc.num_partitions))]
    _check_ids(ctx, rows, proc.num_partitions, "replica_groups (partition ids)")
    return [[(r, p) for p in row] for r in range(proc.num_replicas) for row in rows]


def cross_replica_and_partition(ctx, rows):
    proc = ctx.process
    rows = rows or [list(range(proc.num_replicas))]
    _check_ids(ctx, rows, proc.num_replicas, "replica_groups (replica ids)")
    return [[(r, p) for p in range(proc.num_partitions) for r in row] for row in rows]


def flattened_ids(ctx, rows):
    proc = ctx.process
    n = proc.num_replicas * proc.num_partitions
    rows = rows or [list(range(n))]
    _check_ids(ctx, rows, n, "replica_groups (flattened ids)")
    return [[(i // proc.num_partitions, i % proc.num_partitions) for i in row] for row in rows]


def _reduction_groups(ctx):
    """Groups for all_reduce, all_gather and reduce_scatter."""
    channel = _channel_id(ctx)
    global_ids = bool(ctx.attrs.get("use_global_device_ids"))
    rows = _rows(ctx)
    if channel <= 0 and not global_ids:
        return cross_replica(ctx, rows)
    if channel > 0 and not global_ids:
        return cross_replica_and_partition(ctx, rows)
    if channel > 0 and global_ids:
        return flattened_ids(ctx, rows)
    raise InterpreterError(f"{ctx.location}: shlo.{ctx.name}: use_global_device_ids needs a positive channel id")


def _replica_or_partition_groups(ctx, rows):
    """Groups for all_to_all, collective_broadcast (and pairs of collective_permute)."""
    return cross_partition(ctx, rows) if _channel_id(ctx) > 0 else cross_replica(ctx, rows)


def _index(proc, rp) -> int:
    return rp[0] * proc.num_partitions + rp[1]


def _my_group(ctx, groups, required: bool = True):
    """The member indices of the current process's group, in group order (None if in none)."""
    proc = ctx.process
    me = (proc.replica_id, proc.partition_id)
    found = [g for g in groups if me in g]
    if len(found) > 1:
        raise InterpreterError(f"{ctx.location}: shlo.{ctx.name}: process {me} is in more than one group")
    if not found:
        if required:
            raise InterpreterError(f"{ctx.location}: shlo.{ctx.name}: process (replica {me[0]}, partition "
                                   f"{me[1]}) is in no process group of replica_groups")
        return None
    return [_index(proc, rp) for rp in found[0]]


def _exchange(ctx, key, group, value) -> list:
    """Values of all members of `group` (indices), in group order."""
    proc = ctx.process
    got = proc.communicator.exchange(key, proc.index, value, group)
    return [got[i] for i in group]


# ----------------------------------------------------------------- conversions


def _to_element_type(x: np.ndarray, src, dst) -> np.ndarray:
    """`x` (of type `src`) converted to the element type of `dst` (storage form for quantized)."""
    if dst.kind != "tensor":
        return x
    if dst.quant is not None:
        if src.quant is not None and src.quant == dst.quant:
            return np.asarray(x)
        values = dequantize(np.asarray(x), src) if src.quant is not None else np.asarray(x)
        return quantize(values, dst)
    return np.asarray(x).astype(storage_dtype(dst), copy=False)


def _zeros(t, shape) -> np.ndarray:
    """A tensor of zeros of type `t` and the given shape (zero's stored value when quantized)."""
    if t.quant is not None:
        return quantize(np.zeros(shape, np.float64), t)
    return np.zeros(shape, storage_dtype(t))


def _combine(ctx, values: list, dtype) -> np.ndarray:
    """Folds same-shaped arrays with the `computation` region, in order."""
    region = ctx.regions[0]
    acc = np.asarray(values[0])
    if len(values) == 1:
        return acc.copy()
    steps_only = getattr(region, "steps_only", None)
    whole = steps_only is not None and steps_only(_ELEMENTWISE)
    for v in values[1:]:
        v = np.asarray(v)
        if whole:
            (out,) = region(acc, v)
            acc = np.array(np.broadcast_to(np.asarray(out), acc.shape), dtype=dtype)  # not ascontiguousarray: keeps rank 0
        else:
            a, b = acc.reshape(-1), v.reshape(-1)
            out = np.empty(a.shape, dtype)
            for i in range(a.size):
                (r,) = region(a[i:i + 1].reshape(()), b[i:i + 1].reshape(()))
                out[i] = np.asarray(r)
            acc = out.reshape(acc.shape)
    return acc


# ----------------------------------------------------------------- ops


def _join(ctx):
    """This process's group for a reduction-style collective, and the collective's rendezvous key."""
    return _my_group(ctx, _reduction_groups(ctx)), ctx.process.next_collective()


@implements("all_reduce", quant_aware=True)
def all_reduce(ctx, *operands):
    group, key = _join(ctx)
    mine = [_to_element_type(x, s, t) for x, s, t in zip(operands, ctx.operand_types, ctx.result_types)]
    everyone = _exchange(ctx, key, group, mine)
    results = []
    for i, t in enumerate(ctx.result_types):
        results.append(_combine(ctx, [vals[i] for vals in everyone], storage_dtype(t)))
    return results


def _check_group_result(ctx, op: str, members: int, result, t) -> None:
    """Raises unless a result whose size follows from the group size fits the declared type."""
    if any(d is not None and d != n for d, n in zip(t.shape, result.shape)):
        raise InterpreterError(f"{ctx.location}: shlo.{op}: the process group has {members} members, "
                               f"so the result has shape {result.shape}, not that of {t}")


@implements("reduce_scatter", quant_aware=True)
def reduce_scatter(ctx, operand):
    group, key = _join(ctx)
    t = ctx.result_types[0]
    mine = _to_element_type(operand, ctx.operand_types[0], t)
    everyone = _exchange(ctx, key, group, mine)
    combined = _combine(ctx, everyone, storage_dtype(t))
    dim = int(ctx.attrs["scatter_dimension"])
    n = len(group)
    if combined.shape[dim] % n:
        raise InterpreterError(f"{ctx.location}: shlo.reduce_scatter: size {combined.shape[dim]} along "
                               f"scatter_dimension is not a multiple of the group size {n}")
    pos = group.index(ctx.process.index)
    result = np.ascontiguousarray(np.split(combined, n, axis=dim)[pos])
    _check_group_result(ctx, "reduce_scatter", n, result, t)
    return result


@implements("all_gather", quant_aware=True)
def all_gather(ctx, *operands):
    group, key = _join(ctx)
    everyone = _exchange(ctx, key, group, [np.asarray(x) for x in operands])
    dim = int(ctx.attrs["all_gather_dim"])
    results = [np.concatenate([vals[i] for vals in everyone], axis=dim) for i in range(len(operands))]
    for r, t in zip(results, ctx.result_types):
        _check_group_result(ctx, "all_gather", len(group), r, t)
    return results


@implements("all_to_all", quant_aware=True)
def all_to_all(ctx, *operands):
    groups = _replica_or_partition_groups(ctx, _rows(ctx))
    group = _my_group(ctx, groups)
    key = ctx.process.next_collective()
    split_dim = int(ctx.attrs["split_dimension"])
    concat_dim = int(ctx.attrs["concat_dimension"])
    count = int(ctx.attrs["split_count"])
    if count != len(group):
        raise InterpreterError(f"{ctx.location}: shlo.all_to_all: split_count {count} differs from the "
                               f"group size {len(group)}")
    parts = []
    for x in operands:
        x = np.asarray(x)
        if x.shape[split_dim] % count:
            raise InterpreterError(f"{ctx.location}: shlo.all_to_all: size {x.shape[split_dim]} along "
                                   f"split_dimension is not a multiple of split_count {count}")
        parts.append(np.split(x, count, axis=split_dim))
    everyone = _exchange(ctx, key, group, parts)
    pos = group.index(ctx.process.index)
    return [np.concatenate([sender[i][pos] for sender in everyone], axis=concat_dim)
            for i in range(len(operands))]


@implements("collective_broadcast", quant_aware=True)
def collective_broadcast(ctx, operand):
    groups = _replica_or_partition_groups(ctx, _rows(ctx))
    group = _my_group(ctx, groups, required=False)
    key = ctx.process.next_collective()
    if group is None:
        return _zeros(ctx.result_types[0], np.shape(operand))
    everyone = _exchange(ctx, key, group, np.asarray(operand))
    return np.array(everyone[0], copy=True)


@implements("collective_permute", quant_aware=True)
def collective_permute(ctx, operand):
    proc = ctx.process
    key = proc.next_collective()
    pairs = _rows(ctx, "source_target_pairs")
    cross_partition_mode = _channel_id(ctx) > 0
    limit = proc.num_partitions if cross_partition_mode else proc.num_replicas
    _check_ids(ctx, pairs, limit, "source_target_pairs")
    if cross_partition_mode:
        me, to_index = proc.partition_id, (lambda i: proc.replica_id * proc.num_partitions + i)
    else:
        me, to_index = proc.replica_id, (lambda i: i * proc.num_partitions + proc.partition_id)
    source = next((s for s, t in pairs if t == me), None)
    x = np.asarray(operand)
    t = ctx.result_types[0]
    zeros = _zeros(t, x.shape)
    named = sorted({i for pair in pairs for i in pair})
    if me not in named:
        return zeros
    # One rendezvous of every process named in a pair (a ring of sends cannot deadlock).
    got = proc.communicator.exchange(key, proc.index, x, [to_index(i) for i in named])
    if source is None:
        return zeros
    return np.array(got[to_index(source)], copy=True)
