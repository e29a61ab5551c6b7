"""Compiles functions of a verified program into plans of Python steps, and runs them.

Compilation happens once per program: every SSA value gets a slot number,
every op becomes a `Step` holding its implementation, decoded attributes and
types, so running a function is a loop over steps reading and writing a
list of slots. Regions compile to `Plan`s that share their function's slots
(regions may read values defined outside them).
"""
from __future__ import annotations

import dataclasses

import numpy as np
from mlir import ir

from .. import attributes as _attrs
from ..errors import InterpreterError
from ..types import type_info
from ..verify._spec_table import OPS
from .registry import IMPLS, OP_INFO, QUANT_AWARE, OpContext
from .values import dequantize, quantize


@dataclasses.dataclass
class Plan:
    arg_slots: list
    steps: list
    result_slots: list


@dataclasses.dataclass
class Step:
    kind: str            # "shlo" | "call" | "return"
    name: str
    impl: object
    operand_slots: list
    result_slots: list
    ctx: OpContext
    regions: list        # Plans
    quantized: bool
    static_dims: tuple = ()  # (result, dim, size) a computed size must equal (`_static_dims`)


class FunctionPlan:
    def __init__(self, name: str, plan: Plan, num_slots: int, arg_types, result_types):
        self.name, self.plan, self.num_slots = name, plan, num_slots
        self.arg_types, self.result_types = arg_types, result_types


def _flat_attrs(op: ir.Operation, entry: dict) -> dict:
    return {name: _attrs.op_attribute(op, name, kind) for name, kind, _optional in entry["attributes"]}


class _Compiler:
    def __init__(self):
        self.slots: dict = {}

    def slot(self, value) -> int:
        key = value
        if key not in self.slots:
            self.slots[key] = len(self.slots)
        return self.slots[key]

    def block(self, block: ir.Block) -> Plan:
        args = [self.slot(a) for a in block.arguments]
        steps, results = [], []
        for op in block.operations:
            op = op.operation
            name = op.name
            if name in ("func.return", "shlo.return"):
                results = [self.slot(v) for v in op.operands]
                continue
            steps.append(self.step(op))
        return Plan(args, steps, results)

    def step(self, op: ir.Operation) -> Step:
        name = op.name
        operand_slots = [self.slot(v) for v in op.operands]
        result_slots = [self.slot(r) for r in op.results]
        loc = str(op.location)
        if name == "func.call":
            callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
            ctx = OpContext("call", {"callee": callee}, [], [type_info(r.type) for r in op.results], loc)
            return Step("call", callee, None, operand_slots, result_slots, ctx, [], False)
        if not name.startswith("shlo."):
            raise InterpreterError(f"{loc}: the interpreter does not run '{name}'")
        short = name[5:]
        impl = IMPLS.get(short)
        if impl is None:
            raise InterpreterError(f"{loc}: no interpreter implementation for '{name}'")
        entry = OPS[short]
        operand_types = [type_info(v.type) for v in op.operands]
        result_types = [type_info(r.type) for r in op.results]
        attrs = _flat_attrs(op, entry)
        if short in OP_INFO:
            attrs.update(OP_INFO[short](op))
        ctx = OpContext(short, attrs, operand_types, result_types, loc)
        regions = [self.block(r.blocks[0]) for r in op.regions]
        quantized = short not in QUANT_AWARE and any(
            t.kind == "tensor" and t.quant is not None for t in operand_types + result_types)
        return Step("shlo", short, impl, operand_slots, result_slots, ctx, regions, quantized,
                    _static_dims(operand_types, result_types))


def _static_dims(operand_types: list, result_types: list) -> tuple:
    """(result, dim, size) of every static size of an op's results, where an operand has a ?
    size: the result's size is then computed when the op runs, and the spec needs the result to
    have its type's shape (compiled code trusts the static size: Lowerer._fix_type)."""
    if not any(t.kind == "tensor" and None in t.shape for t in operand_types):
        return ()
    return tuple((i, d, s) for i, t in enumerate(result_types) if t.kind == "tensor"
                 for d, s in enumerate(t.shape) if s is not None)


def compile_function(func_op) -> FunctionPlan:
    c = _Compiler()
    entry = func_op.regions[0].blocks[0]
    plan = c.block(entry)
    ftype = func_op.attributes["function_type"].value
    name = ir.StringAttr(func_op.attributes["sym_name"]).value
    return FunctionPlan(name, plan, len(c.slots), [type_info(t) for t in ftype.inputs],
                        [type_info(t) for t in ftype.results])


class Frame:
    """Runs plans of one function invocation."""

    def __init__(self, machine, fplan: FunctionPlan):
        self.machine = machine
        self.env = [None] * fplan.num_slots
        # Plans are shared by every process thread, so each frame binds its own
        # copy of a step's context (process, calls, regions) once and reuses it.
        self._contexts: dict = {}

    def run(self, plan: Plan, args) -> list:
        env = self.env
        for s, v in zip(plan.arg_slots, args):
            env[s] = v
        for step in plan.steps:
            operands = [env[s] for s in step.operand_slots]
            outs = self.execute(step, operands)
            for s, v in zip(step.result_slots, outs):
                env[s] = v
        return [env[s] for s in plan.result_slots]

    def execute(self, step: Step, operands) -> list:
        if step.kind == "call":
            return self.machine.call(step.name, operands)
        ctx = self._contexts.get(id(step))
        if ctx is None:
            machine = self.machine
            ctx = self._contexts[id(step)] = dataclasses.replace(
                step.ctx, regions=[self._bind(p) for p in step.regions], process=machine.process,
                call=lambda name, *args: machine.call(name, list(args)),
                function=machine.function_region)
        try:
            if step.quantized:
                outs = self._run_quantized(step, ctx, operands)
            else:
                outs = step.impl(ctx, *operands)
        except InterpreterError:
            raise
        except Exception as e:  # noqa: BLE001 - any failure inside an op names the op
            raise InterpreterError(f"{ctx.location}: shlo.{step.name} failed: {type(e).__name__}: {e}") from e
        # A list means several results; anything else (an array, a tuple value) is one result.
        outs = outs if isinstance(outs, list) else [outs]
        if len(outs) != len(step.result_slots):
            raise InterpreterError(f"{ctx.location}: shlo.{step.name} produced {len(outs)} results, "
                                   f"expected {len(step.result_slots)}")
        if step.static_dims:
            _check_static_dims(step, ctx, outs)
        return outs

    def _run_quantized(self, step: Step, ctx: OpContext, operands) -> list:
        """Dequantize, compute in the expressed type, quantize: the spec's rule for quantized ops."""
        from ..types import tensor_type
        ins = [dequantize(v, t) if t.kind == "tensor" and t.quant else v
               for v, t in zip(operands, ctx.operand_types)]
        float_types = [tensor_type(t.shape, t.quant.expressed) if t.kind == "tensor" and t.quant else t
                       for t in ctx.result_types]
        fctx = dataclasses.replace(
            ctx, operand_types=[tensor_type(t.shape, t.quant.expressed) if t.kind == "tensor" and t.quant else t
                                for t in ctx.operand_types], result_types=float_types)
        outs = step.impl(fctx, *ins)
        outs = list(outs) if isinstance(outs, list) else [outs]
        return [quantize(np.asarray(v), t) if t.kind == "tensor" and t.quant else v
                for v, t in zip(outs, ctx.result_types)]

    def _bind(self, plan: Plan):
        return BoundRegion(self, plan)


def _check_static_dims(step: Step, ctx: OpContext, outs: list) -> None:
    for i, d, size in step.static_dims:
        shape = np.shape(outs[i])
        if d < len(shape) and shape[d] != size:
            raise InterpreterError(
                f"{ctx.location}: shlo.{step.name}: result {i} has size {shape[d]} in dimension {d}, "
                f"where its type {ctx.result_types[i]} needs {size} (each op's result has its type's shape)")


class BoundRegion:
    """A region of the op being run: call it with its arguments to get its results.

    `steps_only(names)` tells whether the region runs nothing but the named shlo
    ops (no nested regions, no quantized types), so that an op may run it once
    on whole arrays instead of once per element.
    """

    def __init__(self, frame: Frame, plan: Plan):
        self.frame, self.plan = frame, plan

    def __call__(self, *args) -> list:
        return self.frame.run(self.plan, list(args))

    def steps_only(self, names) -> bool:
        return all(step.kind == "shlo" and step.name in names and not step.regions and not step.quantized
                   for step in self.plan.steps)
