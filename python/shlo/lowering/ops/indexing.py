"""Indexing: gather, dynamic_gather and scatter.

gather is one linalg.generic over the result: each element reads its index
vector from start_indices, clamps the start so that the slice lies inside
the operand (the spec's rule), adds its offset and reads the operand there
with tensor.extract. Index arithmetic is done in i64: every integer index
type (signed or unsigned, i4 to ui64) is widened without turning unsigned
values negative (ui64 values beyond the i64 range saturate, which clamps
them to the same place) and only clamped values are cast to `index`.
Reads can never leave the operand, even where a program breaks a run-time
condition the spec leaves undefined (a dynamic operand smaller than a slice,
dynamic_gather slice sizes that do not match the result type, an empty
operand): positions are clamped into the operand, and an operand that turns
out to be empty at run time is replaced by a one-element zero tensor (the
interpreter gathers zeros from an empty operand).

scatter is sequential by definition (later updates see earlier ones through
the update computation), so it is an scf.for nest over the update dimensions,
in order (the interpreter's row-major order over update positions), carrying
the result tensors; the innermost body extracts the current values and the
update values, runs the update computation on them and inserts the new
values. An update element whose target lies outside the inputs is skipped,
as the interpreter does, without testing every element: once the loops over
the update scatter dimensions have read the index vector, one scf.if checks
the target dimensions that are already known, and the loops over the
remaining window dimensions run only over the window positions that land
inside the inputs. When the update computation works in wider element types
than the inputs (the spec allows it), inputs and updates are converted to
those types first. Quantized tensors are scattered as their stored values
and the update computation's quantized ops dequantize and requantize each
pair themselves. `indices_are_sorted` and `unique_indices` are hints; the
lowering does not rely on them. Index tensors with dynamic sizes are read at
clamped positions, so a batch that does not match them at run time cannot
read outside them either.
"""
from __future__ import annotations

from mlir import ir
from mlir.dialects import arith, linalg, scf, tensor

from .. import element as el
from .. import emit, size_checks
from ..element import const, index_const
from ..registry import OpContext, lowers
from .elementwise import convert_scalar
from .shapes import I64, INDEX, element_index, in_bounds_shape, index_scalar, lengths_fit, size_check

P = arith.CmpIPredicate


# ----------------------------------------------------------------------------- i64 arithmetic
# Values are Python ints where known when the program is lowered and i64 ir.Values otherwise,
# so that checks that are true for the static shapes are not emitted at all.

def _v(x) -> ir.Value:
    return const(x, I64()) if isinstance(x, int) else x


def _add(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    if isinstance(a, int) and a == 0:
        return b
    if isinstance(b, int) and b == 0:
        return a
    return arith.addi(_v(a), _v(b))


def _sub(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a - b
    if isinstance(b, int) and b == 0:
        return a
    return arith.subi(_v(a), _v(b))


def _max(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return max(a, b)
    return arith.maxsi(_v(a), _v(b))


def _min(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return min(a, b)
    return arith.minsi(_v(a), _v(b))


def _clamp(x, lo, hi):
    return _min(_max(x, lo), hi)


def _i64_size(size):
    """A size (int or index value) as an int or an i64 value."""
    return size if isinstance(size, int) else arith.index_cast(I64(), size)


def _index(x) -> ir.Value:
    return index_const(x) if isinstance(x, int) else arith.index_cast(INDEX(), x)


def _all(conditions: list):
    """The conjunction of i1 values and Python bools: True, False or an i1 value."""
    out = True
    for c in conditions:
        if c is False:
            return False
        if c is True:
            continue
        out = c if out is True else arith.andi(out, c)
    return out


def _in_range(x, n):
    """0 <= x < n, as a Python bool when both are known, else an i1 value."""
    if isinstance(x, int) and isinstance(n, int):
        return 0 <= x < n
    lo = True if isinstance(x, int) and x >= 0 else arith.cmpi(P.sge, _v(x), _v(0))
    return _all([lo, arith.cmpi(P.slt, _v(x), _v(n))])


# ----------------------------------------------------------------------------- gather

class _IndexReader:
    """Reads index vectors out of `indices` as i64 values. Built outside the loops: where a size
    of `indices` is dynamic (and so might not match the batch the program promises at run time),
    positions are clamped into it and an empty tensor is replaced by a zero one, so that no read
    ever leaves the tensor."""

    def __init__(self, indices: ir.Value, element: str, ivd: int, count: int):
        self.element, self.ivd, self.count = element, ivd, count
        sizes = emit.dims(indices)
        self.tensor = _nonempty(indices, sizes)
        self.last = {d: arith.maxsi(arith.subi(s, index_const(1)), index_const(0))
                     for d, s in enumerate(sizes) if not isinstance(s, int)}

    def read(self, batch: list) -> list:
        """The `count` entries of the index vector at batch position `batch` (index values, one per
        batch dimension of `indices`)."""
        out = []
        for k in range(self.count):
            pos, b = [], iter(batch)
            for d in range(emit.rank(self.tensor)):
                p = index_const(k) if d == self.ivd else next(b)
                pos.append(arith.minsi(p, self.last[d]) if d in self.last else p)
            out.append(index_scalar(tensor.extract(self.tensor, pos), self.element))
        return out


def _nonempty(operand: ir.Value, sizes: list) -> ir.Value:
    """`operand`, or, when one of its dynamic sizes is 0 at run time, a zero tensor of the same type
    with size 1 in its dynamic dimensions (it is only read where its static sizes are positive)."""
    dynamic = [s for s in sizes if not isinstance(s, int)]
    if not dynamic:
        return operand
    empty = None
    for s in dynamic:
        z = arith.cmpi(P.eq, s, index_const(0))
        empty = z if empty is None else arith.ori(empty, z)
    if_op = scf.IfOp(empty, [operand.type], has_else=True)
    with ir.InsertionPoint(if_op.then_block):
        et = ir.RankedTensorType(operand.type).element_type
        zeros = emit.fill(emit.zero_scalar(et), [s if isinstance(s, int) else 1 for s in sizes])
        scf.YieldOp([tensor.cast(operand.type, zeros)])
    with ir.InsertionPoint(if_op.else_block):
        scf.YieldOp([operand])
    return if_op.results[0]


def _gather(ctx: OpContext, operand: ir.Value, start_indices: ir.Value, slices: list) -> ir.Value:
    """gather with slice sizes `slices` (per operand dimension: an int, or an i64 value already
    clamped into [0, dim(operand, d)])."""
    dn = ctx.attrs["dimension_numbers"]
    collapsed = list(dn.collapsed_slice_dims)
    obatch = list(dn.operand_batching_dims or [])
    ibatch = list(dn.start_indices_batching_dims or [])
    start_index_map = list(dn.start_index_map)
    offset_dims = list(dn.offset_dims)
    ivd = int(dn.index_vector_dim)
    t = ctx.result_types[0]
    rank_r, rank_x, idx_rank = t.rank, emit.rank(operand), emit.rank(start_indices)
    element = ctx.operand_types[1].element
    batch_result_dims = [r for r in range(rank_r) if r not in offset_dims]
    idx_batch_dims = [d for d in range(idx_rank) if d != ivd]
    offset_operand_dims = [d for d in range(rank_x) if d not in collapsed and d not in obatch]
    if len(offset_operand_dims) != len(offset_dims) or len(batch_result_dims) != len(idx_batch_dims):
        raise ctx.error("offset_dims do not match the operand and the start indices")
    etype = ir.RankedTensorType(operand.type).element_type

    known = {}
    for j, r in enumerate(batch_result_dims):
        if t.shape[r] is None:
            known[r] = emit.dim(start_indices, idx_batch_dims[j])
    for j, r in enumerate(offset_dims):
        if t.shape[r] is None:
            s = slices[offset_operand_dims[j]]
            known[r] = s if isinstance(s, int) else _index(s)
    sizes = emit.sizes_for(t, known=known)
    if any(isinstance(s, int) and s == 0 for s in sizes):
        return emit.empty(sizes, etype)
    xdims = emit.dims(operand)
    if any(isinstance(n, int) and n == 0 for n in xdims):
        return emit.fill(emit.zero_scalar(etype), sizes)    # what the interpreter gathers from nothing

    # Loop invariants: the largest start per dimension, the last readable position.
    n64 = [_i64_size(n) for n in xdims]
    src = _nonempty(operand, xdims)
    src64 = n64 if src is operand else [_i64_size(n) for n in emit.dims(src)]
    has_start = set(start_index_map) | set(obatch)
    hi = {d: _max(_sub(n64[d], slices[d]), 0) for d in has_start}
    last = {}
    for d in range(rank_x):
        safe = isinstance(xdims[d], int) and isinstance(slices[d], int) and (slices[d] >= 1 or d in offset_operand_dims)
        if not safe:            # a run-time size or a slice size of 0 whose start may be dim(operand, d)
            last[d] = _max(_sub(src64[d], 1), 0)
    hi = {d: _v(h) for d, h in hi.items()}
    last = {d: _index(h) for d, h in last.items()}
    zero = const(0, I64())

    # The index vector is read with tensor.extract in the body rather than passed as an input:
    # its position depends only on the batch loops, so once tiled the vectorizer sees it as
    # uniform over the offset dimensions and the operand reads as contiguous (as an input it
    # would become a vector and every operand read a gather).
    reader = _IndexReader(start_indices, element, ivd, len(start_index_map))
    out = emit.empty(sizes, etype)

    def body(_out):
        batch = [linalg.IndexOp(r).result for r in batch_result_dims]
        components = reader.read(batch)
        starts = {}
        for k, d in enumerate(start_index_map):
            starts[d] = components[k]
        for od, idim in zip(obatch, ibatch):
            starts[od] = arith.index_cast(I64(), batch[idx_batch_dims.index(idim)])
        pos = []
        for d in range(rank_x):
            p = arith.index_cast(INDEX(), arith.minsi(arith.maxsi(starts[d], zero), hi[d])) if d in starts else None
            if d in offset_operand_dims:
                off = linalg.IndexOp(offset_dims[offset_operand_dims.index(d)]).result
                p = off if p is None else arith.addi(p, off)
            if p is None:
                p = index_const(0)
            if d in last:
                p = arith.minsi(p, last[d])
            pos.append(p)
        return tensor.extract(src, pos)

    return emit.generic([], [out], [emit.identity_map(rank_r)], ["parallel"] * rank_r, body)[0]


@lowers("gather", quant_aware=True)
def gather(ctx: OpContext, operand, start_indices):
    return _gather(ctx, operand, start_indices, [int(s) for s in ctx.attrs["slice_sizes"]])


@lowers("dynamic_gather", quant_aware=True)
def dynamic_gather(ctx: OpContext, operand, start_indices, slice_sizes):
    given = [operand, start_indices, slice_sizes]
    slice_sizes = in_bounds_shape(ctx, given)[2]     # (of ? length: read in bounds, its length checked)
    element = ctx.operand_types[2].element
    slices = []
    for d, n in enumerate(emit.dims(operand)):
        # sizes outside [0, dim] break the spec (C21; the check below makes the call raise):
        # clamped, so nothing is read outside the operand and no size is negative
        slices.append(_clamp(element_index(slice_sizes, element, d), 0, _i64_size(n)))
    if ctx.lowerer is not None and ctx.op is not None and size_checks.gather_message(ctx.op) is not None:
        size_check(ctx, lambda: _gather_sizes_hold(ctx, operand, start_indices, slice_sizes, given), guard=False)
    return _gather(ctx, operand, start_indices, slices)


def _gather_sizes_hold(ctx: OpContext, operand, start_indices, slice_sizes, given: list) -> ir.Value:
    """The i1 that dynamic_gather's slice sizes and result sizes are what the spec needs
    (size_checks.GATHER: what the interpreter raises on)."""
    element, out = ctx.operand_types[2].element, ctx.result_types[0]
    layout = size_checks.gather_layout(ctx.attrs["dimension_numbers"], emit.rank(operand), emit.rank(start_indices))
    sizes = [element_index(slice_sizes, element, d) for d in range(emit.rank(operand))]
    holds = []
    for d, n in enumerate(emit.dims(operand)):
        holds += [arith.cmpi(P.sge, sizes[d], _v(0)), arith.cmpi(P.sle, sizes[d], _v(_i64_size(n)))]
        if d in layout["at_most_one"]:
            holds.append(arith.cmpi(P.sle, sizes[d], _v(1)))
    holds += [arith.cmpi(P.eq, sizes[d], _v(out.shape[r])) for r, d in layout["offsets"] if out.shape[r] is not None]
    holds += [arith.cmpi(P.eq, _v(_i64_size(emit.dim(start_indices, j))), _v(out.shape[r]))
              for r, j in layout["batches"] if out.shape[r] is not None and ctx.operand_types[1].shape[j] is None]
    if size_checks.unknown_lengths(ctx.name, ctx.operand_types):
        holds.append(lengths_fit(ctx, given))
    verdict = _all(holds)
    return verdict if not isinstance(verdict, bool) else const(int(verdict), ir.IntegerType.get_signless(1))


# ----------------------------------------------------------------------------- scatter

def _to_result_element(x: ir.Value, src: str, dst: str) -> ir.Value:
    """A tensor of element `src` converted to `dst` (the update computation's wider type)."""
    rank = emit.rank(x)
    out = emit.empty(emit.dims(x), el.storage_type(dst))

    def body(a, _o):
        return el.from_compute(convert_scalar(el.to_compute(a, src), src, dst), dst)

    return emit.generic([x], [out], [emit.identity_map(rank)] * 2, ["parallel"] * rank, body)[0]


@lowers("scatter", quant_aware=True)
def scatter(ctx: OpContext, *operands):
    if len(operands) < 3 or len(operands) % 2 == 0:
        raise ctx.error(f"takes N inputs, the indices and N updates; got {len(operands)} operands")
    n = (len(operands) - 1) // 2
    # Quantized tensors are scattered as their stored values: the update computation's ops take
    # and return quantized (storage) scalars themselves.
    for x, r in zip(ctx.operand_types[:n], ctx.result_types):
        if x.quant != r.quant:
            raise ctx.error(f"an update computation from {x} to {r} cannot be compiled")
    inputs, indices, updates = list(operands[:n]), operands[n], list(operands[n + 1:])
    in_elements = [emit.storage_element(t) for t in ctx.operand_types[:n]]
    up_elements = [emit.storage_element(t) for t in ctx.operand_types[n + 1:]]
    res_elements = [emit.storage_element(t) for t in ctx.result_types]
    dn = ctx.attrs["scatter_dimension_numbers"]
    window_dims = list(dn.update_window_dims)
    inserted = list(dn.inserted_window_dims)
    ibatch = list(dn.input_batching_dims or [])
    sbatch = list(dn.scatter_indices_batching_dims or [])
    to_operand = list(dn.scatter_dims_to_operand_dims)
    ivd = int(dn.index_vector_dim)
    rank, urank, idx_rank = emit.rank(inputs[0]), emit.rank(updates[0]), emit.rank(indices)
    element = ctx.operand_types[n].element
    scatter_dims = [d for d in range(urank) if d not in window_dims]
    idx_batch_dims = [d for d in range(idx_rank) if d != ivd]
    window_operand_dims = [d for d in range(rank) if d not in inserted and d not in ibatch]
    if len(window_operand_dims) != len(window_dims) or len(scatter_dims) != len(idx_batch_dims):
        raise ctx.error("update_window_dims do not match the inputs and the scatter indices")
    window_of_operand = dict(zip(window_operand_dims, window_dims))      # input dim -> update dim

    if ctx.lowerer is not None:         # dynamic sizes that must agree, checked before each call
        ctx.lowerer.same_sizes(inputs, None, f"shlo.scatter at {ctx.location}")
        ctx.lowerer.same_sizes(updates, None, f"shlo.scatter at {ctx.location}")
    results = [x if a == b else _to_result_element(x, a, b) for x, a, b in zip(inputs, in_elements, res_elements)]
    if any(isinstance(s, int) and s == 0 for s in emit.dims(indices)) and to_operand:
        return results              # no index vector to read: the batch (so the updates) is empty
    reader = _IndexReader(indices, element, ivd, len(to_operand)) if to_operand else None
    xdims = [_i64_size(s) for s in emit.dims(inputs[0])]
    usizes = emit.dims(updates[0])
    u64 = [_i64_size(s) for s in usizes]
    # The index vector is read once all scatter dimensions have their loop; later loops are
    # window loops whose ranges are cut to the positions that land inside the inputs.
    read_at = max(scatter_dims) + 1 if scatter_dims else 0

    def element_step(u_index: list, targets: list, carried: list) -> list:
        at = [_index(x) for x in targets]
        olds = [tensor.extract(r, at) for r in carried]
        ups = []
        for u, ue, re in zip(updates, up_elements, res_elements):
            v = tensor.extract(u, u_index)
            if ue != re:
                v = el.from_compute(convert_scalar(el.to_compute(v, ue), ue, re), re)
            ups.append(v)
        news = ctx.lower_region(0, olds + ups, scalar=True)
        if len(news) != n:
            raise ctx.error(f"update_computation returns {len(news)} values, expected {n}")
        return [tensor.insert(v, r, at) for v, r in zip(news, carried)]

    def window_loops(d: int, u_index: list, starts: list, bounds: dict, carried: list) -> list:
        if d == urank:
            targets = []
            for od in range(rank):
                ud = window_of_operand.get(od)
                w = arith.index_cast(I64(), u_index[ud]) if ud is not None else 0
                targets.append(_add(starts[od], w))
            return element_step(u_index, targets, carried)
        lo, hi = bounds[d]
        for_op = scf.ForOp(_index(lo), _index(hi), index_const(1), carried)
        with ir.InsertionPoint(for_op.body):
            scf.YieldOp(window_loops(d + 1, u_index + [for_op.induction_variable], starts, bounds,
                                     list(for_op.inner_iter_args)))
        return list(for_op.results)

    def at_index_vector(u_index: list, carried: list) -> list:
        b = [u_index[d] for d in scatter_dims]
        starts = [0] * rank
        if reader is not None:
            components = reader.read(b)
            for k, od in enumerate(to_operand):
                starts[od] = components[k]
        for od, sd in zip(ibatch, sbatch):
            starts[od] = arith.index_cast(I64(), b[idx_batch_dims.index(sd)])
        checks, bounds = [], {}
        for od in range(rank):
            ud = window_of_operand.get(od)
            if ud is not None and ud >= read_at:
                # window positions w with 0 <= start + w < dim; the start is first clamped into
                # [-size, dim] so that nothing overflows (the range is empty beyond it)
                s = _clamp(starts[od], _sub(0, u64[ud]), xdims[od])
                lo = _min(_max(_sub(0, s), 0), u64[ud])
                bounds[ud] = (lo, _max(_min(_sub(xdims[od], s), u64[ud]), lo))
            else:
                w = arith.index_cast(I64(), u_index[ud]) if ud is not None else 0
                checks.append(_in_range(_add(starts[od], w), xdims[od]))
        inside = _all(checks)
        if inside is False:
            return carried
        if inside is True:
            return window_loops(read_at, u_index, starts, bounds, carried)
        if_op = scf.IfOp(inside, [r.type for r in carried], has_else=True)
        with ir.InsertionPoint(if_op.then_block):
            scf.YieldOp(window_loops(read_at, u_index, starts, bounds, carried))
        with ir.InsertionPoint(if_op.else_block):
            scf.YieldOp(carried)
        return list(if_op.results)

    def outer_loops(d: int, u_index: list, carried: list) -> list:
        if d == read_at:
            return at_index_vector(u_index, carried)
        for_op = scf.ForOp(index_const(0), emit.as_index(usizes[d]), index_const(1), carried)
        with ir.InsertionPoint(for_op.body):
            scf.YieldOp(outer_loops(d + 1, u_index + [for_op.induction_variable], list(for_op.inner_iter_args)))
        return list(for_op.results)

    return outer_loops(0, [], results)
