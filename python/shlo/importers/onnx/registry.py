"""The dispatch table from (ONNX op type, opset range) to converter.

    @converts("Add", since=7)          # Add from opset 7 on (until a later `since` takes over)
    def add(cx, a, b): ...

A converter gets the `Context` of the node (context.py) and the node's inputs
as `ir.Value`s (None for an omitted optional input), with the node's
attributes as keywords (ints, floats, strings, lists of them, numpy arrays
for tensors, GraphProtos for subgraphs). It returns one value or a list, one
per node output. `cx.opset` is the model's opset for the default domain.
"""
from __future__ import annotations

import bisect
from typing import Callable

TABLE: dict[str, list] = {}        # op type -> [(since, converter)] sorted by since


def converts(*op_types: str, since: int = 1):
    def register(fn):
        for op_type in op_types:
            entries = TABLE.setdefault(op_type, [])
            if any(s == since for s, _ in entries):
                raise ValueError(f"two converters for {op_type} since opset {since}")
            bisect.insort(entries, (since, fn), key=lambda e: e[0])
        return fn
    return register


def lookup(op_type: str, opset: int) -> Callable | None:
    """The converter of `op_type` in force at `opset`, or None."""
    best = None
    for since, fn in TABLE.get(op_type, ()):
        if since <= opset:
            best = fn
    return best
