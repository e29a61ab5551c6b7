"""Which Python function lowers each shlo op, and what it receives.

A lowering is `fn(ctx, *operands) -> value or list of values`: operands are
lowered values (storage tensors as `ir.Value`, `TOKEN` for tokens, Python
tuples for tuples), `ctx` the op's `OpContext`, and ops are built at the
current insertion point. Lowerings are registered with `@lowers("name")` in
one module per op family under `ops/`, as the interpreter's are.

Element-wise ops register a *scalar* emitter instead, with `@scalar("name")`:
`fn(ctx, *compute_scalars) -> compute scalar`. The driver wraps it in a
linalg.generic for tensors and calls it directly inside the bodies of
reduce, sort, scatter, map and the other ops whose regions compute on
rank-0 values.
"""
from __future__ import annotations

import dataclasses
from typing import Any, Callable

from mlir import ir

from ..errors import CompileError

LOWERINGS: dict[str, Callable] = {}
SCALARS: dict[str, Callable] = {}
# Ops whose lowering handles quantized tensors itself; for every other op the
# driver dequantizes operands, lowers the float op and quantizes the results.
QUANT_AWARE: set[str] = set()


def lowers(*names: str, quant_aware: bool = False):
    def register(fn):
        for name in names:
            if name in LOWERINGS or name in SCALARS:
                raise RuntimeError(f"shlo.{name} lowered twice")
            LOWERINGS[name] = fn
            if quant_aware:
                QUANT_AWARE.add(name)
        return fn
    return register


# custom_call targets with a lowering (the check.* targets are the driver's), by target name
CUSTOM_CALL_LOWERINGS: dict[str, Callable] = {}


def lowers_custom_call(target: str):
    def register(fn):
        CUSTOM_CALL_LOWERINGS[target] = fn
        return fn
    return register


def scalar(*names: str):
    def register(fn):
        for name in names:
            if name in LOWERINGS or name in SCALARS:
                raise RuntimeError(f"shlo.{name} lowered twice")
            SCALARS[name] = fn
        return fn
    return register


@dataclasses.dataclass
class OpContext:
    """What an op lowering sees besides its operands."""
    name: str                       # op name without "shlo."
    op: ir.Operation
    attrs: dict                     # spec attribute name -> Python value (None if absent)
    operand_types: list             # TypeInfo per operand
    result_types: list              # TypeInfo per result
    _location: str | None = None    # str(op.location), made when first read (JAX's are long)
    lowerer: Any = None             # the driver: regions, calls, errors

    @property
    def location(self) -> str:
        if self._location is None:
            self._location = str(self.op.location)
        return self._location

    def described(self) -> str:
        """`shlo.<name> at <location>`, for messages (pass the method itself where it may not be
        needed: printing a location costs more than lowering many ops)."""
        return f"shlo.{self.name} at {self.location}"

    def attr(self, name, default=None):
        value = self.attrs.get(name)
        return default if value is None else value

    @property
    def elements(self) -> list:
        """Element type per operand (None for tokens and tuples)."""
        return [t.element if t.kind == "tensor" else None for t in self.operand_types]

    @property
    def result_elements(self) -> list:
        return [t.element if t.kind == "tensor" else None for t in self.result_types]

    def region(self, i: int) -> ir.Region:
        return self.op.regions[i]

    def lower_region(self, i: int, args, scalar: bool = False) -> list:
        """Lowers region `i` at the current insertion point with its block arguments bound to
        `args`; returns the lowered values its terminator returns. With `scalar`, rank-0
        values are scalars (storage form) on both sides."""
        return self.lowerer.lower_block(self.op.regions[i].blocks[0], list(args), scalar=scalar)

    def error(self, message: str) -> CompileError:
        return CompileError(f"{short_location(self.location)}: shlo.{self.name}: {message}")


def short_location(location: str) -> str:
    """A location as people read it: a framework's long call-site chain (JAX writes the whole
    Python stack) shortened to its name and first source position."""
    if len(location) < 160:
        return location
    import re
    name = re.match(r'loc\((?:callsite\()?"([^"]*)"', location)
    pos = re.search(r'"([^"]+)":(\d+):(\d+)', location)
    parts = [name.group(1) if name else None, f"{pos.group(1)}:{pos.group(2)}:{pos.group(3)}" if pos else None]
    return "loc(" + " at ".join(p for p in parts if p) + ")"
