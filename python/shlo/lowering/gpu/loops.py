"""Loops that carry buffers keep carrying the same ones.

Bufferized `scf.while` / `scf.for` loops may yield a buffer other than the one they were given
(one allocated in the body, or one from outside), so their results are known only where the
loop ran: in a GPU kernel (sequential code runs in one-thread kernels). The host cannot hand
such a buffer to the next kernel. This rewrite makes each loop-carried buffer stay the buffer
the loop started with: where an iteration would carry on with another buffer, that buffer is
copied into the carried one, and the loop's results are its initial buffers, which the host
allocated. The loop starts from copies of its initial buffers (they may be the program's
inputs, constants or views that other ops still read, which the loop now writes), made into
buffers the host allocates. Loops where carried buffers rotate (one carries on with another's
contents), or whose carried buffers change type or have dynamic shapes, are left as they are.
"""
from __future__ import annotations

from mlir import ir


def _op(x) -> ir.Operation:
    return x.operation if hasattr(x, "operation") else x


def _is_memref(t: ir.Type) -> bool:
    return isinstance(t, ir.MemRefType)


def stable_loop_buffers(func: ir.Operation) -> int:
    """Rewrites the top-level while and for loops of `func`; returns how many were rewritten."""
    n = 0
    for op in [_op(o) for o in func.regions[0].blocks[0].operations]:
        if op.name == "scf.while" and _while(op):
            n += 1
        elif op.name == "scf.for" and _for(op):
            n += 1
    return n


def _copies(terminator: ir.Operation, first: int, carried: list, positions: list):
    """The copies that make `terminator` pass carried[i] at operand first + i for each position
    i: [(i, source)]; None when a source is another carried buffer (a rotation of the carried
    buffers, which copies in place would overwrite while still reading it). Rotations through
    temporaries gave wrong numbers on jax.random's threefry loops (mapped form against JAX):
    such loops are left as they are until that is understood."""
    plan = []
    for i in positions:
        source = terminator.operands[first + i]
        if source == carried[i]:
            continue
        if any(source == c for c in carried):
            return None
        plan.append((i, source))
    return plan


def _apply(terminator: ir.Operation, first: int, carried: list, plan: list) -> None:
    with ir.InsertionPoint(terminator), terminator.location:
        for i, source in plan:
            ir.Operation.create("memref.copy", operands=[source, carried[i]])
            terminator.operands[first + i] = carried[i]


def _carried_positions(op: ir.Operation, inits: list) -> list:
    return [i for i, (v, r) in enumerate(zip(inits, op.results)) if _is_memref(r.type) and v.type == r.type]


def _static(values: list, positions: list) -> bool:
    return all(ir.MemRefType(values[i].type).has_static_shape for i in positions)


def _alloc(like: ir.Value) -> ir.Value:
    t = ir.MemRefType(like.type)
    return ir.Operation.create("memref.alloc", results=[ir.MemRefType.get(list(t.shape), t.element_type)],
                               operands=[], attributes={"operandSegmentSizes": ir.DenseI32ArrayAttr.get([0, 0])}).result


def _start_from_copies(op: ir.Operation, first: int, positions: list) -> list:
    """Makes the loop's initial buffer at each position a fresh copy; returns the copies."""
    fresh = {}
    with ir.InsertionPoint(op), op.location:
        for i in positions:
            init = op.operands[first + i]
            fresh[i] = _alloc(init)
            ir.Operation.create("memref.copy", operands=[init, fresh[i]])
            if fresh[i].type != init.type:
                fresh[i] = ir.Operation.create("memref.cast", results=[init.type], operands=[fresh[i]]).result
            op.operands[first + i] = fresh[i]
    return fresh


def _while(op: ir.Operation) -> bool:
    inits = list(op.operands)
    positions = _carried_positions(op, inits)
    if not positions or len(positions) != sum(_is_memref(r.type) for r in op.results):
        return False        # every carried buffer is rewritten, or none
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    condition = _op(list(before.operations)[-1])
    yield_op = _op(list(after.operations)[-1])
    bargs, aargs = list(before.arguments), list(after.arguments)
    if len(bargs) != len(inits) or len(aargs) != len(inits) or \
            any(bargs[i].type != aargs[i].type for i in positions):
        return False
    at_condition = _copies(condition, 1, bargs, positions)
    at_yield = _copies(yield_op, 0, aargs, positions)
    if at_condition is None or at_yield is None:
        return False
    if not _static(inits, positions):
        return False
    _apply(condition, 1, bargs, at_condition)
    _apply(yield_op, 0, aargs, at_yield)
    fresh = _start_from_copies(op, 0, positions)
    for i in positions:
        op.results[i].replace_all_uses_with(fresh[i])
    return True


def _for(op: ir.Operation) -> bool:
    inits = list(op.operands)[3:]
    positions = _carried_positions(op, inits)
    if not positions or len(positions) != sum(_is_memref(r.type) for r in op.results):
        return False
    body = op.regions[0].blocks[0]
    carried = list(body.arguments)[1:]
    yield_op = _op(list(body.operations)[-1])
    plan = _copies(yield_op, 0, carried, positions)
    if plan is None or not _static(inits, positions):
        return False
    _apply(yield_op, 0, carried, plan)
    fresh = _start_from_copies(op, 3, positions)
    for i in positions:
        op.results[i].replace_all_uses_with(fresh[i])
    return True
