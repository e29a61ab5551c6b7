"""One linalg.fill for each op that starts from it, before bufferization.

The CPU lowering's CSE leaves one `linalg.fill` of zeros feeding several reductions and
contractions of the same shape (a layer norm's two row sums, two projections' accumulators).
Bufferized, the first user writes the filled buffer in place and every other one gets a copy
of it taken before: on the GPU a launch for the copy and a pass over the buffer more, and the
contraction kernels (contraction.py) see C added into instead of zero-filled just before, so
they neither overwrite it nor fuse the element-wise op after them. Filling again right before
each user costs one launch, the copy's, and lets a contraction drop it.
"""
from __future__ import annotations

from mlir import ir
from .irop import operation_of as _op



def untie_fills(entry: ir.Operation) -> int:
    """Each top-level `linalg.fill` on tensors of `entry` with several users in the same block
    gets a copy right before each user but the first; returns how many copies were made."""
    made = 0
    block = entry.regions[0].blocks[0]
    for op in [_op(o) for o in block.operations]:
        if op.name != "linalg.fill" or len(op.results) != 1 or \
                not isinstance(op.results[0].type, ir.RankedTensorType):
            continue
        users = []
        for use in op.results[0].uses:
            owner = _op(use.owner)
            if owner.block == block and all(owner != u for u, _ in users):
                users.append((owner, use.operand_number))
        if len(users) < 2:
            continue
        users.sort(key=lambda u: _position(block, u[0]))
        for user, _ in users[1:]:
            copy = op.clone(ip=ir.InsertionPoint(user))
            for i, v in enumerate(list(user.operands)):
                if v == op.results[0]:
                    user.operands[i] = copy.results[0]
            made += 1
    return made


def _position(block, op) -> int:
    for i, o in enumerate(block.operations):
        if _op(o) == op:
            return i
    return -1


def enabled() -> bool:
    """On unless SHLO_GPU_UNTIE_FILLS=0."""
    import os
    return os.environ.get("SHLO_GPU_UNTIE_FILLS", "1") != "0"


_PASSIVE = ("memref.alloc", "arith.constant", "memref.expand_shape", "memref.collapse_shape")


def fold_enabled() -> bool:
    """On unless SHLO_GPU_FOLD_FILLS=0."""
    import os
    return os.environ.get("SHLO_GPU_FOLD_FILLS", "1") != "0"


def fold_fills_into_reductions(entry: ir.Operation) -> int:
    """After bufferization: a top-level `linalg.fill` of a buffer whose next user (ops that do
    not touch the buffer or a view of its allocation between) is a reducing `linalg.generic`
    that writes every element of that buffer (its one output, read by nothing else, the output map one of each parallel
    dim) is dropped; the generic starts each output from the fill's value instead of reading
    it (`select(first reduction step, value, accumulator)`). On the GPU each fill is a launch
    and a pass over the buffer: the decoder's split reductions had 16 of them. Returns how many."""
    from mlir.dialects import arith
    block = entry.regions[0].blocks[0]
    ops = [_op(o) for o in block.operations]
    done = 0
    for i, fill in enumerate(ops):
        if fill.name != "linalg.fill" or len(fill.operands) != 2:
            continue
        value, buf = fill.operands[0], fill.operands[1]
        if not isinstance(buf.type, ir.MemRefType) or value.type != ir.MemRefType(buf.type).element_type:
            continue
        aliases = _aliases(buf)
        g = next((o for o in ops[i + 1:] if o.name not in _PASSIVE and _touches(o, aliases)), None)
        if g is None or not _writes_all_reducing(g, buf):
            continue
        body = g.regions[0].blocks[0]
        acc = body.arguments[len(body.arguments) - 1]
        kinds = ["reduction" in str(a) for a in ir.ArrayAttr(g.attributes["iterator_types"])]
        index = ir.IndexType.get()
        with ir.InsertionPoint.at_block_begin(body):
            zero = arith.ConstantOp(index, 0).result
            first = None
            for d, red in enumerate(kinds):
                if not red:
                    continue
                at = ir.Operation.create("linalg.index", results=[index], attributes={
                    "dim": ir.IntegerAttr.get(ir.IntegerType.get_signless(64), d)}).result
                eq = arith.CmpIOp(arith.CmpIPredicate.eq, at, zero).result
                first = eq if first is None else arith.AndIOp(first, eq).result
            start = arith.SelectOp(first, value, acc)
        for use in list(acc.uses):
            owner = _op(use.owner)
            if owner != start.operation:
                owner.operands[use.operand_number] = start.result
        fill.erase()
        done += 1
    return done


def _aliases(buf) -> list:
    """`buf`, the allocation or argument it views, and every view of that (transitively)."""
    root = buf
    while isinstance(root.owner, (ir.Operation, ir.OpView)) and _op(root.owner).name in _VIEWS:
        root = _op(root.owner).operands[0]
    out, seen = [root], 0
    while seen < len(out):
        v = out[seen]
        seen += 1
        for use in v.uses:
            owner = _op(use.owner)
            if owner.name in _VIEWS:
                out.extend(r for r in owner.results if all(r != x for x in out))
    return out


_VIEWS = ("memref.expand_shape", "memref.collapse_shape", "memref.subview", "memref.cast",
          "memref.reinterpret_cast", "memref.transpose", "memref.view")


def _touches(op: ir.Operation, aliases: list) -> bool:
    """Whether `op` or an op nested in it uses one of `aliases` (or is not known not to)."""
    found = []

    def visit(o):
        o = _op(o)
        if any(v == a for v in o.operands for a in aliases):
            found.append(o)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE
    op.walk(visit)
    return bool(found)


def _writes_all_reducing(g: ir.Operation, buf) -> bool:
    """Whether `g` is a linalg.generic with reduction dims whose one output is `buf` (not also
    an input), indexed by each parallel dim once."""
    if g.name != "linalg.generic" or len(g.results) != 0:
        return False
    operands = list(g.operands)
    if not operands or operands[-1] != buf or any(v == buf for v in operands[:-1]):
        return False
    segments = list(ir.DenseI32ArrayAttr(g.attributes["operandSegmentSizes"]))
    if segments[-1] != 1:
        return False
    kinds = ["reduction" in str(a) for a in ir.ArrayAttr(g.attributes["iterator_types"])]
    if not any(kinds):
        return False
    out_map = ir.AffineMapAttr(list(ir.ArrayAttr(g.attributes["indexing_maps"]))[-1]).value
    results = [str(e) for e in out_map.results]
    parallel = [f"d{d}" for d, red in enumerate(kinds) if not red]
    return sorted(results) == sorted(parallel) and len(set(results)) == len(results)
