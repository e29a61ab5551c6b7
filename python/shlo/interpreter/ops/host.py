"""Side-effecting transfers: infeed, outfeed, send and recv.

The host is `ctx.process.host` (a `shlo.Host`): `infeed` pops the next entry
of `host.infeed` (a list of values, one per tensor result; a bare value when
there is one tensor result), `outfeed` appends the list of its inputs to
`host.outfeed`. `send`/`recv` with `is_host_transfer` use the per-channel
queues `host.channels[handle]`: send appends the list of its inputs, recv pops
the oldest entry. Device-to-device send/recv pair through a per-channel FIFO
mailbox kept with the process communicator: send deposits its values and
returns at once (a buffered send), recv blocks until a value arrives on its
channel or another process fails. With `source_target_pairs` (since 1.6.0)
a process sends only as the source of a pair, into a queue per (channel,
target), and receives only as the target of a pair (zeros otherwise).
"""
from __future__ import annotations

import collections
import threading

import numpy as np

from ...errors import InterpreterError
from ..registry import implements
from ..runtime import TIMEOUT_S
from ..values import TOKEN, Token, check_value


def _values_for(ctx, entry, what: str) -> list:
    """Checks a host-provided entry (one value per tensor result) against the tensor results.

    With a single tensor result the entry may also be the bare value.
    """
    types = ctx.result_types[:-1]

    def check(values):
        return [check_value(v, t, f"{ctx.location}: {what} value {i}")
                for i, (v, t) in enumerate(zip(values, types))]

    if isinstance(entry, (list, tuple)) and len(entry) == len(types):
        try:
            return check(entry)
        except InterpreterError:
            if len(types) != 1:
                raise
        return check([entry])
    if len(types) == 1:
        return check([entry])
    n = len(entry) if isinstance(entry, (list, tuple)) else 1
    raise InterpreterError(f"{ctx.location}: {what} provided {n} values, shlo.{ctx.name} expects {len(types)}")


def _with_token(ctx, values: list) -> list:
    if ctx.result_types and ctx.result_types[-1].kind == "token":
        return values + [TOKEN]
    return values


@implements("infeed", quant_aware=True)
def infeed(ctx, token):
    entry = ctx.process.host.read_infeed(f"{ctx.location}: shlo.infeed")
    return _with_token(ctx, _values_for(ctx, entry, "infeed"))


@implements("outfeed", quant_aware=True)
def outfeed(ctx, *operands):
    values = [np.array(v, copy=True) for v in operands if not isinstance(v, Token)]
    ctx.process.host.write_outfeed(values)
    return TOKEN


# ----------------------------------------------------------------- channels


class _Mailbox:
    """Per-channel FIFO queues between processes, waiting on the communicator's condition."""

    def __init__(self):
        self.queues = collections.defaultdict(collections.deque)


_MAILBOX_LOCK = threading.Lock()


def _mailbox(comm) -> _Mailbox:
    with _MAILBOX_LOCK:
        box = comm.__dict__.get("_shlo_channels")
        if box is None:
            box = comm.__dict__["_shlo_channels"] = _Mailbox()
        return box


def _cond(comm):
    return getattr(comm, "_cond", None)


def _failed(comm):
    return getattr(comm, "_failed", None)


def _device_send(ctx, handle: int, values: list):
    comm = ctx.process.communicator
    box = _mailbox(comm)
    cond = _cond(comm)
    if cond is None:
        raise InterpreterError(f"{ctx.location}: no communicator for device-to-device send")
    with cond:
        if _failed(comm):
            raise InterpreterError(_failed(comm))
        box.queues[handle].append((ctx.process.index, values))
        cond.notify_all()


def _device_recv(ctx, handle: int) -> list:
    comm = ctx.process.communicator
    box = _mailbox(comm)
    cond = _cond(comm)
    if cond is None:
        raise InterpreterError(f"{ctx.location}: no communicator for device-to-device recv")
    queue = box.queues[handle]
    with cond:
        if not cond.wait_for(lambda: _failed(comm) or queue, timeout=TIMEOUT_S):
            message = (f"{ctx.location}: shlo.recv on channel {handle} timed out waiting for a send "
                       f"(process {ctx.process.index})")
            comm.__dict__["_failed"] = comm.__dict__.get("_failed") or message
            cond.notify_all()
            raise InterpreterError(message)
        if queue:
            return queue.popleft()[1]
        raise InterpreterError(_failed(comm))


def _is_host(ctx) -> bool:
    return bool(ctx.attrs.get("is_host_transfer"))


def _pairs(ctx) -> list[tuple[int, int]] | None:
    """source_target_pairs as (source, target) rows, or None when absent; any other form fails
    here (StableHLO's verifier, and so shlo's, checks only that it is an i64 tensor)."""
    attr = ctx.attrs.get("source_target_pairs")
    if attr is None:
        return None
    arr = np.asarray(attr.array() if hasattr(attr, "array") else attr, dtype=np.int64)
    if arr.ndim != 2 or arr.shape[1] != 2:
        raise InterpreterError(f"{ctx.location}: shlo.{ctx.name}: source_target_pairs of shape {arr.shape} "
                               f"is not a list of (source, target) rows")
    rows = [(int(a), int(b)) for a, b in arr]
    for column, what in ((0, "source"), (1, "target")):
        ids = [r[column] for r in rows]
        if len(set(ids)) != len(ids):
            raise InterpreterError(f"{ctx.location}: shlo.{ctx.name}: a process is the {what} of two "
                                   f"source_target_pairs")
    return rows


@implements("send", quant_aware=True)
def send(ctx, *operands):
    handle = int(ctx.attrs["channel_handle"].handle)
    values = [np.array(v, copy=True) for v in operands if not isinstance(v, Token)]
    if _is_host(ctx):
        host = ctx.process.host
        with host.lock:
            host.channels[handle].append(values)
        return TOKEN
    pairs = _pairs(ctx)
    if pairs is None:
        _device_send(ctx, handle, values)
        return TOKEN
    me = ctx.process.index
    for source, target in pairs:
        if source == me:
            _device_send(ctx, (handle, target), values)
    return TOKEN


@implements("recv", quant_aware=True)
def recv(ctx, token):
    handle = int(ctx.attrs["channel_handle"].handle)
    if _is_host(ctx):
        host = ctx.process.host
        with host.lock:
            queue = host.channels.get(handle) if hasattr(host.channels, "get") else None
            if not queue:
                raise InterpreterError(f"{ctx.location}: shlo.recv: the host has nothing queued on channel "
                                       f"{handle} (fill shlo.Host().channels[{handle}])")
            entry = queue.pop(0)
        return _with_token(ctx, _values_for(ctx, entry, f"host channel {handle}"))
    pairs = _pairs(ctx)
    if pairs is None:
        values = _device_recv(ctx, handle)
    else:
        me = ctx.process.index
        if not any(target == me for _, target in pairs):   # the target of no pair: zeros
            from .collectives import _zeros
            return _with_token(ctx, [_zeros(t, t.shape) for t in ctx.result_types[:-1]])
        values = _device_recv(ctx, (handle, me))
    return _with_token(ctx, _values_for(ctx, values, f"channel {handle}"))
