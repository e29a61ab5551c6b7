"""Indexing: gather, dynamic_gather and scatter.

gather is one linalg.generic over the result: each element reads its index
vector from start_indices, clamps the start so that the slice lies inside
the operand (the spec's rule), adds its offset and reads the operand there.
scatter is sequential by definition (later updates see earlier ones through
the update computation), so it is a loop nest over the update elements that
carries the results; an element whose target lies outside the inputs is
skipped, as the interpreter does.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg, scf, tensor

from .. import emit
from ..element import const, index_const
from ..registry import OpContext, lowers
from .shapes import I64, element_index, index_scalar

INDEX = ir.IndexType.get


def _index_vector(indices: ir.Value, element: str, ivd: int, batch: list, k: int) -> ir.Value:
    """Entry k of the index vector at batch position `batch` (index values per batch dim), as i64."""
    rank = emit.rank(indices)
    pos, b = [], iter(batch)
    for d in range(rank):
        pos.append(index_const(k) if d == ivd else next(b))
    return index_scalar(tensor.extract(indices, pos), element)


def _gather(ctx: OpContext, operand, start_indices, slice_sizes_i64: list, slice_sizes: list):
    dn = ctx.attrs["dimension_numbers"]
    collapsed = list(dn.collapsed_slice_dims)
    obatch = list(dn.operand_batching_dims or [])
    ibatch = list(dn.start_indices_batching_dims or [])
    start_index_map = list(dn.start_index_map)
    offset_dims = list(dn.offset_dims)
    ivd = int(dn.index_vector_dim)
    t = ctx.result_types[0]
    rank_r = t.rank
    rank_x = emit.rank(operand)
    idx_rank = emit.rank(start_indices)
    element = ctx.operand_types[1].element
    batch_result_dims = [r for r in range(rank_r) if r not in offset_dims]
    idx_batch_dims = [d for d in range(idx_rank) if d != ivd]
    offset_operand_dims = [d for d in range(rank_x) if d not in collapsed and d not in obatch]
    xdims = [emit.as_index(s) for s in emit.dims(operand)]
    known = {}
    for j, r in enumerate(batch_result_dims):
        if t.shape[r] is None:
            known[r] = emit.dim(start_indices, idx_batch_dims[j])
    for j, r in enumerate(offset_dims):
        if t.shape[r] is None:
            known[r] = slice_sizes[offset_operand_dims[j]]
    out = emit.empty(emit.sizes_for(t, known=known), operand.type.element_type)
    i64 = I64()

    def body(_o):
        batch = [linalg.IndexOp(r).result for r in batch_result_dims]
        starts = [const(0, i64) for _ in range(rank_x)]
        for k, d in enumerate(start_index_map):
            starts[d] = _index_vector(start_indices, element, ivd, batch, k) if idx_rank else const(0, i64)
        for od, idim in zip(obatch, ibatch):
            starts[od] = arith.index_cast(i64, batch[idx_batch_dims.index(idim)])
        pos = []
        for d in range(rank_x):
            hi = arith.subi(arith.index_cast(i64, xdims[d]), slice_sizes_i64[d])
            s = arith.minsi(arith.maxsi(starts[d], const(0, i64)), arith.maxsi(hi, const(0, i64)))
            p = arith.index_cast(INDEX(), s)
            if d in offset_operand_dims:
                p = arith.addi(p, linalg.IndexOp(offset_dims[offset_operand_dims.index(d)]).result)
            pos.append(p)
        return tensor.extract(operand, pos)

    return emit.generic([], [out], [emit.identity_map(rank_r)], ["parallel"] * rank_r, body)[0]


@lowers("gather", quant_aware=True)
def gather(ctx: OpContext, operand, start_indices):
    sizes = list(ctx.attrs["slice_sizes"])
    return _gather(ctx, operand, start_indices, [const(s, I64()) for s in sizes], sizes)


@lowers("dynamic_gather", quant_aware=True)
def dynamic_gather(ctx: OpContext, operand, start_indices, slice_sizes):
    rank = emit.rank(operand)
    element = ctx.operand_types[2].element
    values = [element_index(slice_sizes, element, d) for d in range(rank)]
    return _gather(ctx, operand, start_indices, values, [arith.index_cast(INDEX(), v) for v in values])


@lowers("scatter")
def scatter(ctx: OpContext, *operands):
    n = (len(operands) - 1) // 2
    inputs, indices, updates = list(operands[:n]), operands[n], list(operands[n + 1:])
    dn = ctx.attrs["scatter_dimension_numbers"]
    window_dims = list(dn.update_window_dims)
    inserted = list(dn.inserted_window_dims)
    ibatch = list(dn.input_batching_dims or [])
    sbatch = list(dn.scatter_indices_batching_dims or [])
    to_operand = list(dn.scatter_dims_to_operand_dims)
    ivd = int(dn.index_vector_dim)
    rank = emit.rank(inputs[0])
    urank = emit.rank(updates[0])
    idx_rank = emit.rank(indices)
    element = ctx.operand_types[n].element
    scatter_dims = [d for d in range(urank) if d not in window_dims]
    idx_batch_dims = [d for d in range(idx_rank) if d != ivd]
    window_operand_dims = [d for d in range(rank) if d not in inserted and d not in ibatch]
    xdims = [arith.index_cast(I64(), emit.as_index(s)) for s in emit.dims(inputs[0])]
    usizes = [emit.as_index(s) for s in emit.dims(updates[0])]
    i64 = I64()

    def element_step(u_index: list, results: list) -> list:
        b = [u_index[d] for d in scatter_dims]
        target = [const(0, i64) for _ in range(rank)]
        for k, d in enumerate(to_operand):
            target[d] = arith.addi(target[d], _index_vector(indices, element, ivd, b, k))
        for od, sd in zip(ibatch, sbatch):
            target[od] = arith.addi(target[od], arith.index_cast(i64, b[idx_batch_dims.index(sd)]))
        for od, ud in zip(window_operand_dims, window_dims):
            target[od] = arith.addi(target[od], arith.index_cast(i64, u_index[ud]))
        inside = None
        for d in range(rank):
            ok = arith.andi(arith.cmpi(arith.CmpIPredicate.sge, target[d], const(0, i64)),
                            arith.cmpi(arith.CmpIPredicate.slt, target[d], xdims[d]))
            inside = ok if inside is None else arith.andi(inside, ok)
        if inside is None:
            inside = const(1, ir.IntegerType.get_signless(1))
        if_op = scf.IfOp(inside, [r.type for r in results], has_else=True)
        with ir.InsertionPoint(if_op.then_block):
            at = [arith.index_cast(INDEX(), x) for x in target]
            olds = [tensor.extract(r, at) for r in results]
            news = ctx.lower_region(0, olds + [tensor.extract(u, u_index) for u in updates], scalar=True)
            scf.YieldOp([tensor.insert(v, r, at) for v, r in zip(news, results)])
        with ir.InsertionPoint(if_op.else_block):
            scf.YieldOp(results)
        return list(if_op.results)

    def loop(d: int, u_index: list, results: list) -> list:
        if d == urank:
            return element_step(u_index, results)
        for_op = scf.ForOp(index_const(0), usizes[d], index_const(1), results)
        with ir.InsertionPoint(for_op.body):
            scf.YieldOp(loop(d + 1, u_index + [for_op.induction_variable], list(for_op.inner_iter_args)))
        return list(for_op.results)

    return loop(0, [], inputs)
