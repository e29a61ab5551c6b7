"""Which Python function implements each shlo op, and what it receives.

An implementation is `fn(ctx, *operands) -> value or list of values`, where
operands are numpy arrays (tensors), `Token`s or tuples, and `ctx` is the
op's `OpContext`: decoded attributes, operand/result types, its regions as
callables, and the running process. Implementations are registered with
`@implements("name")` in one module per op family under `ops/`.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

IMPLS: dict[str, Callable] = {}
# Ops whose implementation handles quantized tensors itself; for every other
# op the evaluator dequantizes operands, runs the float implementation and
# quantizes the results, as the spec defines.
QUANT_AWARE: set[str] = set()
# Ops that need more than their attributes to run (manual_computation: its mesh):
# name -> fn(op) -> dict merged into the op's attributes when its plan is built.
OP_INFO: dict[str, Callable] = {}


def implements(name: str, quant_aware: bool = False):
    def register(fn):
        if name in IMPLS:
            raise RuntimeError(f"shlo.{name} implemented twice")
        IMPLS[name] = fn
        if quant_aware:
            QUANT_AWARE.add(name)
        return fn
    return register


@dataclasses.dataclass
class OpContext:
    """What an op implementation sees besides its operands."""
    name: str                       # op name without "shlo."
    attrs: dict                     # spec attribute name -> Python value (None if absent)
    operand_types: list             # TypeInfo per operand (flat)
    result_types: list              # TypeInfo per result
    location: str
    regions: list = dataclasses.field(default_factory=list)   # callables: region(*args) -> list
    process: Any = None             # the running Process (ids, collectives, host queues)
    call: Callable | None = None    # call(function_name, *args) -> list of results
    function: Callable | None = None    # function(function_name) -> the function as a region callable

    def attr(self, name, default=None):
        value = self.attrs.get(name)
        return default if value is None else value
