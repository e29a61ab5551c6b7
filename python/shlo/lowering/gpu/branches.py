"""Branches that choose a buffer by a condition on sizes: the host chooses.

A top-level `scf.if` whose condition is size arithmetic (the gather lowering's guard: "is a
dynamic dimension of the operand 0 at run time?") and whose branches yield buffers made
outside them (after `loops.hoist_allocations`, also the buffers its branches fill) has results
the host can pick itself: each result becomes an `arith.select` of the yielded buffers, which
the plan evaluates per call (plan.py: a buffer id and layout chosen by a scalar). The branch
stays for what it writes, in its kernel; nothing outside waits on a buffer it made. Branches
on data (lax.cond on a tensor) are left as they are.
"""
from __future__ import annotations

from mlir import ir

from .loops import VIEW_OPS

HOST_SCALAR_PREFIXES = ("arith.", "index.")


def _op(x) -> ir.Operation:
    return x.operation if hasattr(x, "operation") else x


def select_branch_buffers(func: ir.Operation) -> int:
    """Rewrites the top-level branches of `func` described above; returns how many."""
    n = 0
    for op in [_op(o) for o in func.regions[0].blocks[0].operations]:
        if op.name == "scf.if" and _rewrite(op):
            n += 1
    return n


def _host_scalar(v: ir.Value, depth: int = 0) -> bool:
    """Whether scalar `v` is computed from constants and buffer sizes only."""
    if depth > 64 or isinstance(v.owner, ir.Block):
        return False
    op = _op(v.owner)
    if op.name == "memref.dim":
        return _host_scalar(op.operands[1], depth + 1)
    if not op.name.startswith(HOST_SCALAR_PREFIXES) or op.regions:
        return False
    return all(_host_scalar(x, depth + 1) for x in op.operands if not isinstance(x.type, ir.MemRefType))


def _outside_view(v: ir.Value, branch: ir.Operation, at: ir.InsertionPoint):
    """`v` as a value usable after `branch`: v itself when defined outside it, else its chain of
    views (of buffers from outside) cloned at `at`."""
    owner = v.owner
    if isinstance(owner, ir.Block):
        return v if not _inside(_op(owner.owner), branch) else None
    op = _op(owner)
    if not _inside(op, branch):
        return v
    operands = []
    for x in op.operands:
        operands.append(_outside_view(x, branch, at))
    clone = op.clone(at)
    for i, y in enumerate(operands):
        clone.operands[i] = y
    return clone.results[list(op.results).index(v)]


def _inside(op: ir.Operation, ancestor: ir.Operation) -> bool:
    while op is not None:
        if op == ancestor:
            return True
        op = _op(op.parent) if op.parent is not None else None
    return False


def _rewrite(op: ir.Operation) -> bool:
    memrefs = [i for i, r in enumerate(op.results) if isinstance(r.type, ir.MemRefType)]
    if not memrefs or len(op.regions) != 2 or not op.regions[1].blocks or not _host_scalar(op.operands[0]):
        return False
    yields = [_op(list(region.blocks[0].operations)[-1]) for region in op.regions]
    if not all(_can_leave(y.operands[i], op) for y in yields for i in memrefs):
        return False
    from mlir.dialects import arith
    at = ir.InsertionPoint(_following(op))
    for i in memrefs:
        if not list(op.results[i].uses):
            continue
        a, b = (_outside_view(y.operands[i], op, at) for y in yields)
        with at, op.location:
            picked = arith.SelectOp(op.operands[0], a, b).result
        op.results[i].replace_all_uses_with(picked)
    return True


def _following(op: ir.Operation) -> ir.Operation:
    """The op after top-level `op` (a branch is never a block's terminator)."""
    ops = [_op(o) for o in _op(op.parent).regions[0].blocks[0].operations]
    return ops[ops.index(op) + 1]


def _can_leave(v: ir.Value, branch: ir.Operation, depth: int = 0) -> bool:
    """Whether `v` is a buffer from outside `branch` or a chain of views of one."""
    if depth > 16:
        return False
    owner = v.owner
    if isinstance(owner, ir.Block):
        return not _inside(_op(owner.owner), branch)
    op = _op(owner)
    if not _inside(op, branch):
        return True
    return op.name in VIEW_OPS and all(_can_leave(x, branch, depth + 1) for x in op.operands)
