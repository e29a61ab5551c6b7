"""Branches that yield buffers, made into buffers the host knows.

A bufferized `scf.if` may yield a buffer it allocates, or one of several from outside; its
result is then known only where the branch ran (sequential code runs in one-thread kernels),
and the host cannot hand it to the next kernel.

* `branch_homes`, for a branch on data (lax.cond on a tensor): each buffer result gets a home
  the host allocates; the branch computes into it (an allocation it yields is replaced by the
  home) or copies its result there, and the branch's result is the home.
* `select_branch_buffers`, for a branch on sizes (the gather lowering's guard: "is a dynamic
  dimension of the operand 0 at run time?") whose branches yield buffers made outside them
  (after `loops.hoist_allocations`, also the buffers they fill): each result becomes an
  `arith.select` of the yielded buffers, which the plan evaluates per call (plan.py: a buffer
  id and layout chosen by a scalar), with no copy. The branch stays for what it writes.
"""
from __future__ import annotations

from mlir import ir

from .loops import VIEW_OPS, _inside, host_scalar
from .irop import operation_of as _op



def select_branch_buffers(func: ir.Operation) -> int:
    """Rewrites the top-level branches of `func` described above; returns how many."""
    n = 0
    for op in [_op(o) for o in func.regions[0].blocks[0].operations]:
        if op.name == "scf.if" and _rewrite(op):
            n += 1
    return n


def branch_homes(func: ir.Operation) -> int:
    """Gives each buffer result of a top-level `scf.if` on data a home the host allocates: each
    branch computes its result there (an allocation it yields is replaced by the home) or
    copies it there, and the branch's result is the home. Then no kernel allocates the buffers
    a branch yields, and none is picked on the host by a value in device memory. Branches with
    dynamic result shapes are left as they are. Returns how many were rewritten."""
    from .loops import _alloc, _as, _carried, _copy
    n = 0
    for op in [_op(o) for o in func.regions[0].blocks[0].operations]:
        if op.name != "scf.if" or len(op.regions) != 2 or not op.regions[1].blocks or host_scalar(op.operands[0]):
            continue
        types = _carried([[r.type] for r in op.results])
        if types is None or not all(t is None or t.has_static_shape for t in types):
            continue
        yields = [_op(list(region.blocks[0].operations)[-1]) for region in op.regions]
        for i, t in enumerate(types):
            if t is None:
                continue
            with ir.InsertionPoint(op), op.location:
                home = _alloc(t)
            for region, y in zip(op.regions, yields):
                source = y.operands[i]
                with ir.InsertionPoint(y), y.location:
                    if _own_allocation(source, region, t):
                        alloc = _op(source.owner)
                        alloc.result.replace_all_uses_with(home)
                        alloc.erase()
                    else:
                        _copy(source, home)
                    y.operands[i] = _as(home, op.results[i].type)
            with ir.InsertionPoint(_following(op)), op.location:
                op.results[i].replace_all_uses_with(_as(home, op.results[i].type))
        n += 1
    return n


def _own_allocation(v: ir.Value, region: ir.Region, t: ir.Type) -> bool:
    """Whether `v` is an allocation of type `t` made in `region` itself (nothing outside the
    branch sees it but through the yield: the branch may compute into the home instead)."""
    if isinstance(v.owner, ir.Block) or v.type != t:
        return False
    alloc = _op(v.owner)
    return alloc.name == "memref.alloc" and any(_op(o) == alloc for o in region.blocks[0].operations)


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


def _rewrite(op: ir.Operation) -> bool:
    memrefs = [i for i, r in enumerate(op.results) if isinstance(r.type, ir.MemRefType)]
    if not memrefs or len(op.regions) != 2 or not op.regions[1].blocks or not host_scalar(op.operands[0]):
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
