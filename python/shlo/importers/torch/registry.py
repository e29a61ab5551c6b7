"""The dispatch table from ATen op to converter.

    @converts("add", "sub")                  # aten.add.*, aten.sub.* (every overload)
    def binary(cx, a, b, alpha=1): ...
    @converts("max.dim")                     # one overload only; wins over "max"

A converter gets the `Context` of the node (see context.py) and the node's
arguments, converted: tensors are `ir.Value`s, symbolic ints are rank-0 i64
`ir.Value`s, Python numbers / bools / dtypes / lists stay as they are (lists
may mix ints and values). It returns a value, or a tuple/list of values for a
node with several outputs. Keyword arguments arrive as keywords.

Non-ATen call targets (`operator.getitem`, `operator.mul` on sizes,
`torch.sym_float`, ...) register under their Python name (`"operator.mul"`).
"""
from __future__ import annotations

from typing import Callable

ATEN: dict[str, Callable] = {}


def converts(*names: str):
    def register(fn):
        for name in names:
            if name in ATEN:
                raise ValueError(f"two converters for {name}")
            ATEN[name] = fn
        return fn
    return register


def lookup(packet: str, overload: str):
    """The converter for `packet.overload`, else for the packet; None if neither."""
    return ATEN.get(f"{packet}.{overload}") or ATEN.get(packet)
