"""The dispatch table from (ONNX op type, opset range) to converter.

    @converts("Add", since=7)          # Add from opset 7 on (until a later `since` takes over)
    def add(cx, a, b): ...

A converter gets the `Context` of the node (context.py) and the node's inputs
as `ir.Value`s (None for an omitted optional input), with the node's
attributes as keywords (ints, floats, strings, lists of them, numpy arrays
for tensors, GraphProtos for subgraphs). It returns one value or a list, one
per node output. `cx.opset` is the model's opset for the default domain.

Ops of other domains (onnxruntime's `com.microsoft` contrib ops) register with
`domain=`; their `since` is the domain's own opset version.
"""
from __future__ import annotations

import bisect
from typing import Callable

TABLE: dict[str, list] = {}        # op type (domain::op type outside the default domain) -> [(since, converter)]
# ops onnxruntime defines in the default domain before (or besides) ONNX itself, at opset versions
# ONNX lacks them (LayerNormalization before 17, SimplifiedLayerNormalization): its optimizers write them
ORT_DEFAULT_DOMAIN = "onnxruntime's ai.onnx"


def _key(op_type: str, domain: str) -> str:
    return op_type if domain in ("", "ai.onnx") else f"{domain}::{op_type}"


def converts(*op_types: str, since: int = 1, domain: str = ""):
    def register(fn):
        for op_type in op_types:
            entries = TABLE.setdefault(_key(op_type, domain), [])
            if any(s == since for s, _ in entries):
                raise ValueError(f"two converters for {op_type} since opset {since}")
            bisect.insort(entries, (since, fn), key=lambda e: e[0])
        return fn
    return register


def lookup(op_type: str, opset: int, domain: str = "") -> Callable | None:
    """The converter of `op_type` of `domain` in force at `opset` (that domain's), or None."""
    best = None
    for since, fn in TABLE.get(_key(op_type, domain), ()):
        if since <= opset:
            best = fn
    return best


def contrib_ops(domain: str = "com.microsoft") -> list:
    """The op types of `domain` that have a converter, sorted."""
    prefix = f"{domain}::"
    return sorted(k[len(prefix):] for k in TABLE if k.startswith(prefix))
