"""Element-wise linalg.generics with their leading dimensions merged into one, before the
schedules tile them (schedules.apply).

An element-wise op over 8x56x56x64 tiled to vectors of the last dimension becomes a nest of four
loops, each carrying the output tensor; with its leading three dimensions merged (every operand
indexes them in order, or not at all: a per-channel scale indexes only the last) it is a nest of
two. The deeper nest cost at every later stage: one-shot bufferization asks whether each loop's
carried tensor is read, recursively through the loops inside it; region DCE re-walks each loop's
body; LLVM's loop passes and address arithmetic grow with the depth. Each element is computed by
the same ops as before, so the results are the same bits.
"""
from __future__ import annotations

import math

from mlir import ir
from mlir.dialects import linalg, tensor

# Producers whose element-wise consumer a schedule fuses into their tiles (schedules.plan's
# contraction and convolution groups): such a consumer keeps its shape.
_FUSING_PRODUCERS = ("linalg.matmul", "linalg.batch_matmul", "linalg.conv_2d_nhwc_hwcf")


def flatten_elementwise(module: ir.Module) -> int:
    """Merges the leading dimensions of every element-wise linalg.generic where it can (see
    `_leading_run`); returns how many ops changed."""
    from .. import _shlo_ext
    n = 0
    for op in _shlo_ext.ops_named(module.operation, ["linalg.generic"]):
        op = op.operation if hasattr(op, "operation") else op
        k = _leading_run(op)
        if k >= 1:
            _merge_leading(op, k)
            n += 1
    return n


def _dims(m: ir.AffineMap) -> list:
    return [ir.AffineDimExpr(e).position for e in m.results]


def _leading_run(op: ir.Operation) -> int:
    """The largest k >= 1 such that loop dims 0..k are indexed, by every operand that indexes any
    of them, as its leading dims in that order (a static, all-parallel op of plain arithmetic with
    projected-permutation maps); 0 if none."""
    its = [str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])]
    if len(its) < 2 or any("parallel" not in a for a in its) or len(op.regions[0].blocks) != 1:
        return 0
    body = [o.operation.name for o in op.regions[0].blocks[0].operations]
    if any(name in ("linalg.index", "tensor.extract") or not name.startswith(("arith.", "math.", "linalg.yield"))
           for name in body):
        return 0
    values = list(op.operands) + list(op.results)
    if any(not isinstance(v.type, ir.RankedTensorType) or not ir.RankedTensorType(v.type).has_static_shape
           for v in values):
        return 0
    if any(ir.RankedTensorType(v.type).element_type == ir.BF16Type.get() for v in values):
        # LLVM aborts ("Do not know how to soft promote this operator's operand") on some bf16
        # vector ops with a partial last vector, which merged rows make (a 5x5 select, compare or
        # negate became one 25-element row); rows left as they are keep the shapes that compiled
        return 0
    for v in op.operands:
        owner = v.owner if isinstance(v, ir.OpResult) else None
        owner = owner.operation if owner is not None and hasattr(owner, "operation") else owner
        if owner is not None and (owner.name in _FUSING_PRODUCERS or
                                  (owner.name.startswith("linalg.") and owner.name not in
                                   ("linalg.generic", "linalg.fill", "linalg.broadcast", "linalg.transpose"))):
            return 0
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    if not all(m.is_projected_permutation for m in maps):
        return 0
    dims = [_dims(m) for m in maps]
    for k in range(len(its) - 1, 0, -1):
        lead = list(range(k + 1))
        if all(d[:k + 1] == lead and not set(d[k + 1:]) & set(lead) or not set(d) & set(lead) for d in dims):
            return k
    return 0


def _merge_leading(op: ir.Operation, k: int) -> None:
    """Rewrites `op` over loop dims (0..k merged, k+1, ...): operands that index dims 0..k
    collapsed to match, the results expanded back to their shapes."""
    maps = [ir.AffineMapAttr(a).value for a in ir.ArrayAttr(op.attributes["indexing_maps"])]
    n = maps[0].n_dims
    lead = set(range(k + 1))

    def new_map(m: ir.AffineMap) -> ir.AffineMap:
        d = _dims(m)
        rest = [ir.AffineDimExpr.get(j - k) for j in d if j not in lead]
        head = [ir.AffineDimExpr.get(0)] if set(d) & lead else []
        return ir.AffineMap.get(n - k, 0, head + rest)

    def reassociation(rank: int) -> ir.ArrayAttr:
        i64 = ir.IntegerType.get_signless(64)
        groups = [list(range(k + 1))] + [[i] for i in range(k + 1, rank)]
        return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, i) for i in g]) for g in groups])

    def collapsed_type(t: ir.RankedTensorType) -> ir.RankedTensorType:
        shape = list(t.shape)
        return ir.RankedTensorType.get([math.prod(shape[:k + 1])] + shape[k + 1:], t.element_type)

    n_inputs = len(op.operands) - len(op.results)
    with ir.InsertionPoint(op), op.location:
        operands = []
        for v, m in zip(op.operands, maps):
            if set(_dims(m)) & lead:
                t = ir.RankedTensorType(v.type)
                v = tensor.CollapseShapeOp(collapsed_type(t), v, reassociation(t.rank)).result
            operands.append(v)
        result_types = [collapsed_type(ir.RankedTensorType(r.type)) for r in op.results]
        its = list(ir.ArrayAttr(op.attributes["iterator_types"]))[k:]
        new = linalg.GenericOp(result_types, operands[:n_inputs], operands[n_inputs:],
                               ir.ArrayAttr.get([ir.AffineMapAttr.get(new_map(m)) for m in maps]),
                               ir.ArrayAttr.get(its))
        for name in [a.name for a in map(op.attributes.__getitem__, range(len(op.attributes)))]:
            if name not in ("indexing_maps", "iterator_types", "operandSegmentSizes"):
                new.operation.attributes[name] = op.attributes[name]
        op.regions[0].blocks[0].append_to(new.regions[0])
        for old, r in zip(op.results, new.results):
            t = ir.RankedTensorType(old.type)
            expanded = tensor.ExpandShapeOp(t, r, reassociation(t.rank), [], list(t.shape)).result
            old.replace_all_uses_with(expanded)
    op.erase()
