"""Ops with scalar regions: reduce, reduce_window, select_and_scatter, map and sort.

Regions are lowered on storage scalars inside the loop body being built
(`ctx.lower_region(i, args, scalar=True)`). reduce is one `linalg.reduce`
(what the CPU schedules tile and vectorize); reduce_window is one
`linalg.generic` over the result and window dimensions; map is an element-wise
`linalg.generic`. select_and_scatter and sort are sequential by definition:
the first picks one position per window with a fold in window order (a
`linalg.generic` marked so that schedules keep its order) and combines the
source values into it window after window (`scf.for`); sort is a stable,
bottom-up merge sort per row (rows side by side in an `scf.forall`), whose
comparator is the op's region, followed by a gather of every operand. The
elements sorted are indices, or when the comparator reads one operand of at
most 32 bits its keys packed beside their indices (read in place, not looked
up). A sort with is_stable = false then moves equal elements where XLA CPU's
std::sort does (std_sort.py): by a replay on ranks, or, for a comparator that
is recognizably a strict weak order, by std::sort's own steps instead of the
merge sort.

All five handle quantized tensors themselves: their regions compute on
quantized rank-0 values (the region's own ops dequantize and requantize), so
the storage integers go into the region unchanged. Where a region computes in
a wider type than the inputs (reduce, reduce_window, select_and_scatter's
scatter), each element is converted as it enters the loop body.
"""
from __future__ import annotations

import numpy as np
from mlir import ir
from mlir.dialects import arith, linalg, scf, tensor

from ...types import TypeInfo
from .. import element as el
from .. import emit
from ..element import const, index_const
from ..registry import OpContext, lowers
from . import quantization as q
from . import std_sort
from .elementwise import convert_scalar

SEQUENTIAL = "shlo.sequential"      # schedules leave ops with this attribute in loop order


def _i1() -> ir.Type:
    return ir.IntegerType.get_signless(1)


def _i8() -> ir.Type:
    return ir.IntegerType.get_signless(8)


def _i64() -> ir.Type:
    return ir.IntegerType.get_signless(64)


def _scalar(v: ir.Value) -> ir.Value:
    return tensor.extract(v, [])


def _as_i1(v: ir.Value) -> ir.Value:
    """A storage boolean (i8 holding 0 or 1) as i1."""
    return arith.trunci(_i1(), v) if ir.IntegerType(v.type).width != 1 else v


def _check_same_sizes(ctx: OpContext, values: list, results: list = ()) -> None:
    """Dynamic sizes of `values` must agree at run time (checked before each call); `results`
    have their sizes."""
    if ctx.lowerer is None or len(values) < 1 or emit.rank(values[0]) == 0:
        return
    ctx.lowerer.same_sizes(values, None, ctx.described)
    for r in results:
        ctx.lowerer.same_sizes(values, r, ctx.described)


def _same_element(a: TypeInfo, b: TypeInfo) -> bool:
    return a.element == b.element and a.quant == b.quant


def _converter(src: TypeInfo, dst: TypeInfo):
    """A function from a storage scalar of `src`'s element type to one of `dst`'s: the
    promotion a region computing in a wider type applies to its inputs."""
    if _same_element(src, dst):
        return lambda v: v
    if src.quant and dst.quant:      # same storage and expressed types, other scale / zero point
        return lambda v: q.quantize_scalar(q.dequantize_scalar(v, src), dst)
    if src.quant or dst.quant:
        raise ValueError(f"cannot convert {src.element} to {dst.element} in a region")
    s, d = src.element, dst.element
    return lambda v: el.from_compute(convert_scalar(el.to_compute(v, s), s, d), d)


def _storage(t: TypeInfo) -> ir.Type:
    return el.storage_type(emit.storage_element(t))


# ----------------------------------------------------------------------------- reduce

@lowers("reduce", quant_aware=True)
def reduce(ctx: OpContext, *operands):
    n = len(operands) // 2
    inputs, inits = list(operands[:n]), list(operands[n:])
    _check_same_sizes(ctx, inputs)
    # the body accumulates in the results' element types: the init values' unless promoted (1.5.0)
    body_types = ctx.result_types[:n]
    promote = [_converter(t, b) for t, b in zip(ctx.operand_types[:n], body_types)]
    init_values = [_converter(t, b)(_scalar(v)) for t, b, v in zip(ctx.operand_types[n:], body_types, inits)]
    dims = sorted(int(d) for d in ctx.attrs["dimensions"])
    sizes = emit.dims(inputs[0])
    if not dims:        # nothing to reduce: each element combined once with the init value
        return _combine_with_init(ctx, inputs, init_values, promote, sizes)
    op, combiner = _reduce_op(ctx, inputs, init_values, promote, dims, sizes)
    identity = _level_identity(combiner, init_values[0]) if n == 1 else None
    long_dims = [d for d in dims if isinstance(sizes[d], int) and sizes[d] >= LONG_REDUCTION]
    if identity is None or (len(dims) == 1 and not (long_dims and all(isinstance(z, int) for z in sizes))):
        return list(op.results)
    # A float sum in loop order, one accumulator (or one per vector lane) for all its elements,
    # lost 1e-4 of its value over 512 x 1024 elements (XLA: 6e-8). It is taken in levels instead:
    # a long dimension is cut into blocks of at most BLOCK, the innermost dimension is reduced first
    # (vector-wide partial sums), then the partial results over the next, which the spec allows (the
    # order of a reduction is the implementation's). The init value joins the last level only;
    # the others start from the combiner's identity (-0.0 for a sum: x + -0.0 is x).
    op.operation.erase()
    x, dims, sizes = inputs[0], list(dims), list(sizes)
    if all(isinstance(z, int) for z in sizes):
        x, dims, sizes = _blocked(x, dims, sizes)
    if len(dims) == 1:
        return list(_reduce_op(ctx, [x], init_values, promote, dims, sizes)[0].results)
    partial, _ = _reduce_op(ctx, [x], [identity], promote, dims[-1:], sizes)
    rest = [d for d in range(len(sizes)) if d != dims[-1]]
    return reduce_levels(ctx, list(partial.results), identity, init_values[0], dims[:-1], [sizes[d] for d in rest])


LONG_REDUCTION = 8192   # a reduced dimension this long is cut into blocks (see reduce)
BLOCK = 1024


def _blocked(x: ir.Value, dims: list, sizes: list):
    """`x` with each long reduced dimension of static size n cut into (n / b, b), b the largest
    divisor of n at most BLOCK (at least 64, else the dimension stays); the reduced dimensions
    and sizes of the result."""
    groups, new_sizes, new_dims = [], [], []
    for d, n in enumerate(sizes):
        b = next((b for b in range(min(BLOCK, n // 2), 63, -1) if n % b == 0), None) \
            if d in dims and n >= LONG_REDUCTION else None
        if b is None:
            groups.append([len(new_sizes)])
            if d in dims:
                new_dims.append(len(new_sizes))
            new_sizes.append(n)
        else:
            groups.append([len(new_sizes), len(new_sizes) + 1])
            new_dims += [len(new_sizes), len(new_sizes) + 1]
            new_sizes += [n // b, b]
    if len(new_sizes) == len(sizes):
        return x, dims, sizes
    rt = emit.tensor_type(new_sizes, ir.RankedTensorType(x.type).element_type)
    return tensor.expand_shape(rt, x, groups, [], new_sizes), new_dims, new_sizes


def reduce_levels(ctx: OpContext, inputs: list, identity, init, dims: list, sizes: list) -> list:
    """The rest of a reduction taken in levels (see reduce): its innermost dimension, then the
    others; the last level, whose results are the reduction's, starts from the init value."""
    same = [lambda v: v]
    if len(dims) == 1:
        return list(_reduce_op(ctx, inputs, [init], same, dims, sizes)[0].results)
    partial, _ = _reduce_op(ctx, inputs, [identity], same, dims[-1:], sizes)
    rest = [d for d in range(len(sizes)) if d != dims[-1]]
    return reduce_levels(ctx, list(partial.results), identity, init, dims[:-1], [sizes[d] for d in rest])


def _reduce_op(ctx: OpContext, inputs: list, init_values: list, promote: list, dims: list, sizes: list):
    """linalg.reduce of `inputs` over `dims` with the shlo body; the op and its combiner's name
    (None unless the body is one plain combiner)."""
    n = len(inputs)
    outs = [emit.fill(v, [sizes[d] for d in range(len(sizes)) if d not in dims]) for v in init_values]
    op = linalg.ReduceOp([o.type for o in outs], inputs, outs, dims)
    block = op.regions[0].blocks.append(*[ir.RankedTensorType(v.type).element_type for v in inputs + outs])
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        elements = [p(a) for p, a in zip(promote, args[:n])]
        linalg.YieldOp(ctx.lower_region(0, args[n:] + elements, scalar=True))
    if not _is_plain_combiner(block):
        # MLIR's split reductions only know plain combiners; on any other body the CPU
        # schedule's tile_reduction_using_for fails and the bindings abort the process
        op.operation.attributes[SEQUENTIAL] = ir.UnitAttr.get()
        return op, None
    return op, [o.operation for o in block.operations][0].name


def _level_identity(combiner: str | None, init: ir.Value):
    """The value the inner levels of a split f32 / f64 reduction start from, or None where the
    reduction is not split: a sum or product starts from its identity, a maximum or minimum
    from the init value (it may be taken any number of times)."""
    t = init.type
    if combiner is None or t not in (ir.F32Type.get(), ir.F64Type.get()):
        return None
    if combiner == "arith.addf":
        return arith.constant(t, -0.0)
    if combiner == "arith.mulf":
        return arith.constant(t, 1.0)
    if combiner in ("arith.maximumf", "arith.minimumf", "arith.maxnumf", "arith.minnumf"):
        return init
    return None


# arith ops whose reductions MLIR can split into vector-wide partial results
COMBINERS = frozenset("""arith.addf arith.mulf arith.addi arith.muli arith.andi arith.ori arith.xori
    arith.maximumf arith.minimumf arith.maxnumf arith.minnumf arith.maxsi arith.minsi arith.maxui
    arith.minui""".split())


def _is_plain_combiner(block: ir.Block) -> bool:
    """True when a one-result reduction body is a single combiner of its two arguments."""
    ops = [op.operation for op in block.operations]
    if len(block.arguments) != 2 or len(ops) != 2 or ops[0].name not in COMBINERS:
        return False
    combine, done = ops
    return ({v for v in combine.operands} == set(block.arguments)
            and list(done.operands) == list(combine.results))


def _combine_with_init(ctx: OpContext, inputs, init_scalars, promote, sizes) -> list:
    n = len(inputs)
    rank = len(sizes)
    outs = [emit.empty(sizes, v.type) for v in init_scalars]

    def body(*args):
        return ctx.lower_region(0, init_scalars + [p(a) for p, a in zip(promote, args[:n])], scalar=True)

    return emit.generic(inputs, outs, [emit.identity_map(rank)] * (2 * n), ["parallel"] * rank, body)


# ----------------------------------------------------------------------------- map

@lowers("map", quant_aware=True)
def map_(ctx: OpContext, *inputs):
    t = ctx.result_types[0]
    rank = t.rank
    out = emit.empty(emit.sizes_for(t, like=inputs[0]), _storage(t))
    result = emit.generic(list(inputs), [out], [emit.identity_map(rank)] * (len(inputs) + 1),
                          ["parallel"] * rank,
                          lambda *args: ctx.lower_region(0, list(args[:-1]), scalar=True))[0]
    _check_same_sizes(ctx, list(inputs), [result])
    return result


# ----------------------------------------------------------------------------- padding

def _index(size) -> ir.Value:
    return emit.as_index(size)


def _dilated_size(n, interior: int):
    """n elements with `interior` holes between neighbours: n + (n - 1) * interior, 0 when n = 0."""
    if isinstance(n, int):
        return n + max(n - 1, 0) * interior
    if interior == 0:
        return n
    gaps = arith.maxsi(arith.subi(n, index_const(1)), index_const(0))
    return arith.addi(n, arith.muli(gaps, index_const(interior)))


def _has_zero(sizes) -> bool:
    return any(isinstance(s, int) and s == 0 for s in sizes)


def _plus(size, k: int):
    """size + k (size an int or an index value), never below 0."""
    if isinstance(size, int):
        return max(size + k, 0)
    if k == 0:
        return size
    total = arith.addi(size, index_const(k))
    return total if k > 0 else arith.maxsi(total, index_const(0))


def _padded(x: ir.Value, value: ir.Value, lo, hi, interior) -> ir.Value:
    """`x` padded with the scalar `value`: `interior` holes between neighbours, `lo` / `hi`
    positions at the edges (negative ones cut elements off)."""
    if all(v == 0 for v in list(lo) + list(hi) + list(interior)):
        return x
    dims = emit.dims(x)
    dyn = ir.ShapedType.get_dynamic_size()
    grown = [_plus(_dilated_size(n, i), max(l, 0) + max(h, 0)) for n, l, h, i in zip(dims, lo, hi, interior)]
    filled = emit.fill(value, grown)
    # an empty x is all padding: MLIR's slice verifiers reject any offset into a size-0 dimension
    placed = filled if _has_zero(dims) else tensor.insert_slice(
        x, filled, [], [s for s in dims if not isinstance(s, int)], [], [max(l, 0) for l in lo],
        [s if isinstance(s, int) else dyn for s in dims], [i + 1 for i in interior])
    if all(v >= 0 for v in list(lo) + list(hi)):
        return placed
    sizes = [_plus(g, -(max(-l, 0) + max(-h, 0))) for g, l, h in zip(grown, lo, hi)]
    if _has_zero(sizes):
        return emit.fill(value, sizes)
    result_type = emit.tensor_type([s if isinstance(s, int) else None for s in sizes], x.type.element_type)
    return tensor.extract_slice(result_type, placed, [], [s for s in sizes if not isinstance(s, int)], [],
                                [max(-l, 0) for l in lo], [s if isinstance(s, int) else dyn for s in sizes],
                                [1] * len(sizes))


# ----------------------------------------------------------------------------- windows

def window_attrs(ctx: OpContext, rank: int):
    """window_dimensions, strides, base dilations, window dilations, low and high padding."""
    dims = [int(d) for d in ctx.attrs["window_dimensions"]]
    strides = [int(s) for s in ctx.attr("window_strides", [1] * rank)]
    base = [int(b) for b in ctx.attr("base_dilations", [1] * rank)]
    wdil = [int(w) for w in ctx.attr("window_dilations", [1] * rank)]
    padding = ctx.attrs.get("padding")
    if padding is None:
        lo, hi = [0] * rank, [0] * rank
    else:
        p = np.asarray(padding.array() if hasattr(padding, "array") else padding, dtype=np.int64).reshape(-1, 2)
        lo, hi = [int(v) for v in p[:, 0]], [int(v) for v in p[:, 1]]
    return dims, strides, base, wdil, lo, hi


def _window_count(size, window: int, dilation: int, stride: int):
    """How many windows fit in `size` (an int or index value) positions."""
    span = (window - 1) * dilation + 1
    if isinstance(size, int):
        return 0 if size < span else (size - span) // stride + 1
    fit = arith.maxsi(arith.subi(size, index_const(span - 1)), index_const(0))
    return arith.ceildivsi(fit, index_const(stride)) if stride > 1 else fit


@lowers("reduce_window", quant_aware=True)
def reduce_window(ctx: OpContext, *operands):
    n = len(operands) // 2
    inputs, inits = list(operands[:n]), list(operands[n:])
    _check_same_sizes(ctx, inputs)
    rank = emit.rank(inputs[0])
    wdims, strides, base, wdil, lo, hi = window_attrs(ctx, rank)
    body_types = ctx.result_types
    promote = [_converter(t, b) for t, b in zip(ctx.operand_types[:n], body_types)]
    init_scalars = [_scalar(v) for v in inits]
    # holes and padding take the init value, in the inputs' own element type (C3)
    padded = [_padded(x, v, lo, hi, [b - 1 for b in base]) for x, v in zip(inputs, init_scalars)]
    result = body_types[0]
    known = {d: _window_count(emit.dim(padded[0], d), wdims[d], wdil[d], strides[d])
             for d in range(rank) if result.shape[d] is None}
    sizes = emit.sizes_for(result, known=known)
    outs = [emit.fill(p(s), sizes) for p, s in zip(promote, init_scalars)]
    if any(isinstance(s, int) and s == 0 for s in sizes):
        return outs     # no windows (and linalg rejects taps beyond a static input even then)
    # loops: result dims d0..d(r-1), then the window's taps w0..w(r-1), in row-major order
    taps = [ir.AffineDimExpr.get(d) * strides[d] + ir.AffineDimExpr.get(rank + d) * wdil[d] for d in range(rank)]
    in_map = ir.AffineMap.get(2 * rank, 0, taps)
    out_map = emit.affine_map(2 * rank, list(range(rank)))
    window = emit.empty(wdims, _i8())     # only gives the tap loops their sizes
    window_map = emit.affine_map(2 * rank, list(range(rank, 2 * rank)))

    def body(*args):
        xs, accs = args[:n], args[n + 1:]
        return ctx.lower_region(0, list(accs) + [p(x) for p, x in zip(promote, xs)], scalar=True)

    return emit.generic(padded + [window], outs, [in_map] * n + [window_map] + [out_map] * n,
                        ["parallel"] * rank + ["reduction"] * rank, body)


# ----------------------------------------------------------------------------- select_and_scatter

@lowers("select_and_scatter", quant_aware=True)
def select_and_scatter(ctx: OpContext, operand, source, init_value):
    rank = emit.rank(operand)
    wdims, strides, _base, _wdil, lo, _hi = window_attrs(ctx, rank)
    windows = emit.dims(source)
    positions, found = _selected_positions(ctx, operand, windows, wdims, strides, lo)
    operand_t, result_t = ctx.operand_types[0], ctx.result_types[0]
    promote = _converter(operand_t, result_t)
    result = emit.fill(promote(_scalar(init_value)), emit.dims(operand))
    return _scatter_windows(ctx, result, source, promote, positions, found, windows)


def _selected_positions(ctx: OpContext, operand, windows, wdims, strides, lo):
    """Per window, the position `select` picks (one i64 tensor per dimension) and whether the
    window holds any position of `operand` (i8): a fold over the taps in row-major order."""
    rank = len(wdims)
    i64 = _i64()
    extents = [arith.index_cast(i64, _index(s)) for s in emit.dims(operand)]
    et = ir.RankedTensorType(operand.type).element_type
    outs = [emit.fill(emit.zero_scalar(et), windows)]
    outs += [emit.fill(const(0, i64), windows) for _ in range(rank)]
    outs.append(emit.fill(const(0, _i8()), windows))
    taps = emit.empty(wdims, _i8())
    out_map = emit.affine_map(2 * rank, list(range(rank)))
    tap_map = emit.affine_map(2 * rank, list(range(rank, 2 * rank)))

    def pick(_tap, best, *rest):
        old_pos, found = list(rest[:rank]), rest[rank]
        pos, inside = [], None
        for d in range(rank):
            w = arith.index_cast(i64, linalg.IndexOp(d).result)
            t = arith.index_cast(i64, linalg.IndexOp(rank + d).result)
            p = arith.subi(arith.addi(arith.muli(w, const(strides[d], i64)), t), const(lo[d], i64))
            ok = arith.andi(arith.cmpi(arith.CmpIPredicate.sge, p, const(0, i64)),
                            arith.cmpi(arith.CmpIPredicate.slt, p, extents[d]))
            inside = ok if inside is None else arith.andi(inside, ok)
            pos.append(p)
        had = _as_i1(found)
        # read the candidate only when it lies inside the operand (padding is never chosen)
        branch = scf.IfOp(inside, [best.type, _i1()], has_else=True)
        with ir.InsertionPoint(branch.then_block):
            cand = tensor.extract(operand, [arith.index_cast(ir.IndexType.get(), p) for p in pos])
            keep = scf.IfOp(had, [_i1()], has_else=True)
            with ir.InsertionPoint(keep.then_block):
                scf.YieldOp([_as_i1(ctx.lower_region(0, [best, cand], scalar=True)[0])])
            with ir.InsertionPoint(keep.else_block):
                scf.YieldOp([const(0, _i1())])
            take = arith.xori(keep.results[0], const(1, _i1()))
            scf.YieldOp([arith.select(take, cand, best), take])
        with ir.InsertionPoint(branch.else_block):
            scf.YieldOp([best, const(0, _i1())])
        new_best, take = branch.results
        new_pos = [arith.select(take, p, o) for p, o in zip(pos, old_pos)]
        new_found = arith.select(inside, const(1, found.type), found)
        return [new_best] + new_pos + [new_found]

    chosen = emit.generic([taps], outs, [tap_map] + [out_map] * (rank + 2),
                          ["parallel"] * rank + ["reduction"] * rank, pick)
    chosen[0].owner.attributes[SEQUENTIAL] = ir.UnitAttr.get()
    return chosen[1:1 + rank], chosen[1 + rank]


def _scatter_windows(ctx: OpContext, result, source, promote, positions, found, windows) -> ir.Value:
    """Combines each window's source value into the position it chose, window after window."""
    rank = len(windows)
    idx_t = ir.IndexType.get()

    def loop(d: int, acc: ir.Value, index: list) -> ir.Value:
        if d == rank:
            branch = scf.IfOp(_as_i1(tensor.extract(found, index)), [acc.type], has_else=True)
            with ir.InsertionPoint(branch.then_block):
                at = [arith.index_cast(idx_t, tensor.extract(p, index)) for p in positions]
                old = tensor.extract(acc, at)
                value = promote(tensor.extract(source, index))
                new = ctx.lower_region(1, [old, value], scalar=True)[0]
                scf.YieldOp([tensor.insert(new, acc, at)])
            with ir.InsertionPoint(branch.else_block):
                scf.YieldOp([acc])
            return branch.results[0]
        for_op = scf.ForOp(index_const(0), _index(windows[d]), index_const(1), [acc])
        with ir.InsertionPoint(for_op.body):
            scf.YieldOp([loop(d + 1, for_op.inner_iter_args[0], index + [for_op.induction_variable])])
        return for_op.results[0]

    return loop(0, result, [])


# ----------------------------------------------------------------------------- sort

@lowers("sort", quant_aware=True)
def sort(ctx: OpContext, *operands):
    operands = list(operands)
    rank = emit.rank(operands[0])
    _check_same_sizes(ctx, operands)
    if rank == 0:
        return operands
    dim = int(ctx.attr("dimension", -1))
    dim = dim + rank if dim < 0 else dim
    static = [s if isinstance(s, int) else None for s in ir.RankedTensorType(operands[0].type).shape]
    static = [None if s == ir.ShapedType.get_dynamic_size() else s for s in static]
    if 0 in static or static[dim] == 1:        # nothing to order (and no empty slices to build)
        return operands
    perm = [d for d in range(rank) if d != dim] + [dim]
    inverse = [perm.index(d) for d in range(rank)]
    moved = [_transpose(v, perm) for v in operands]
    order = _sorted_order(ctx, moved, stable=bool(ctx.attr("is_stable", False)))
    return [_transpose(_gather_last(v, order), inverse) for v in moved]


def _transpose(v: ir.Value, perm: list) -> ir.Value:
    if perm == list(range(len(perm))):
        return v
    sizes = emit.dims(v)
    out = emit.empty([sizes[p] for p in perm], ir.RankedTensorType(v.type).element_type)
    op = linalg.transpose(v, outs=[out], permutation=perm)
    return op if isinstance(op, ir.Value) else op.results[0]


def _gather_last(v: ir.Value, order: ir.Value) -> ir.Value:
    """out[..., j] = v[..., order[..., j]]."""
    rank = emit.rank(v)
    out = emit.empty(emit.dims(v), ir.RankedTensorType(v.type).element_type)

    def body(j, _o):
        idx = [linalg.IndexOp(d).result for d in range(rank - 1)] + [arith.index_cast(ir.IndexType.get(), j)]
        return tensor.extract(v, idx)

    return emit.generic([order], [out], [emit.identity_map(rank)] * 2, ["parallel"] * rank, body)[0]


def _sorted_order(ctx: OpContext, values: list, stable: bool = True) -> ir.Value:
    """Per row (all dims but the last), the sorted order of the last dimension's indices: the
    stable one, or where not `stable` the one XLA CPU's std::sort gives (std_sort.py)."""
    i64 = _i64()
    sizes = emit.dims(values[0])
    rank = len(sizes)
    n = _index(sizes[-1])
    static_n = sizes[-1] if isinstance(sizes[-1], int) else ir.ShapedType.get_dynamic_size()
    dyn = ir.ShapedType.get_dynamic_size()
    # a comparator that is a strict weak order sorts with std::sort's own steps (std_sort.py)
    # (ApproxTopK lowers a called function as the comparator: its context holds the body)
    # (lax.top_k's context emits its comparator without a region: it is left out here)
    block = ctx.bodies[0] if getattr(ctx, "bodies", None) else \
        ctx.op.regions[0].blocks[0] if len(ctx.op.regions) else None
    strict = block is not None and std_sort.is_strict_weak(block)
    direct = strict and not stable
    # the one operand the comparator reads, when its keys fit beside their index in an element:
    # sorts then move such elements and read keys in place (the comparisons are the same ones)
    read = [k for k in range(len(values)) if any(len(list(block.arguments[2 * k + s].uses)) for s in (0, 1))] \
        if block is not None else []
    key_type = ir.RankedTensorType(values[read[0]].type).element_type if len(read) == 1 else None
    packed = key_type is not None and std_sort.packable(key_type)

    def scratch() -> list:
        """Work space for a row: std::sort's elements and its stack of segments, or the merge
        sort's two halves (each pass merges from one into the other), and for the replay both."""
        std = [emit.empty([sizes[-1]], i64), emit.empty([3 * std_sort.STACK], i64)]
        if direct:
            return std
        halves = [emit.empty([2 * sizes[-1] if isinstance(sizes[-1], int) else arith.muli(n, index_const(2))], i64)]
        return halves + ([] if stable else std)

    def less_between(row: list):
        def less(i, j):
            args = []
            for v in values:
                args += [tensor.extract(v, row + [i]), tensor.extract(v, row + [j])]
            return _as_i1(ctx.lower_region(0, args, scalar=True)[0])
        return less

    def less_packed(row: list):
        def less(x, y):
            args = []
            for k, v in enumerate(values):
                if k == read[0]:
                    args += [std_sort.unpack_key(x, key_type), std_sort.unpack_key(y, key_type)]
                else:       # not read by the comparator
                    args += [tensor.extract(v, row + [index_const(0)])] * 2
            return _as_i1(ctx.lower_region(0, args, scalar=True)[0])
        return less

    def elements(row: list, buf: ir.Value):
        """The row's elements written to buf (packed keys, or indices), and `less` between two."""
        if packed:
            key = values[read[0]]
            return _fill(buf, n, lambda k: std_sort.pack_key(tensor.extract(key, row + [k]), k)), less_packed(row)

        def less(x, y):
            return less_between(row)(arith.index_cast(ir.IndexType.get(), x), arith.index_cast(ir.IndexType.get(), y))
        return _iota_into(buf, n), less

    def indices(ordered: ir.Value) -> ir.Value:
        if not packed:
            return ordered
        return _fill(ordered, n, lambda k: std_sort.unpack_index(tensor.extract(ordered, [k])))

    def one_row(row: list, buf: ir.Value, *work) -> tuple:
        """The row's order, and the work space as the row left it."""
        buf, less = elements(row, buf)
        if direct:
            ordered, stack = std_sort.std_sort_direct(less, buf, *work, n)
            ordered = indices(ordered)
            return (ordered, ordered, stack)
        buf, start = _merge_sort_row(less, buf, n)
        row_type = emit.tensor_type([None if static_n == dyn else static_n], i64)
        ordered = indices(tensor.extract_slice(row_type, buf, [start], [] if static_n != dyn else [n], [],
                                               [dyn], [static_n], [1]))
        if not stable:      # the replay on ranks from the stable order
            ordered, *work = std_sort.std_sort_order(less_between(row), ordered, *work, n)
        return (ordered, buf, *work)

    row_at = ([] if static_n != dyn else [n], [], [dyn] * (rank - 1) + [0], [1] * (rank - 1) + [static_n], [1] * rank)
    if rank == 1:
        return tensor.insert_slice(one_row([], *scratch())[0], emit.empty(sizes, i64), [], *row_at)
    if getattr(ctx.lowerer, "case_as_switch", False) or getattr(ctx.lowerer, "mode", "compile") != "compile":
        # the GPU path (which asks for scf.index_switch), and shlo-opt's lowering (which may go on
        # to the GPU pipelines: their kernels are made from loops, not from an scf.forall with
        # work space of its own), run the rows in nested scf.for loops on one work space
        def rows(d: int, order: ir.Value, *work, row: list) -> tuple:
            if d == rank - 1:
                ordered, *work = one_row(row, *work)
                return (tensor.insert_slice(ordered, order, row, *row_at), *work)
            for_op = scf.ForOp(index_const(0), _index(sizes[d]), index_const(1), [order, *work])
            with ir.InsertionPoint(for_op.body):
                scf.YieldOp(list(rows(d + 1, *for_op.inner_iter_args, row=row + [for_op.induction_variable])))
            return tuple(for_op.results)
        return rows(0, emit.empty(sizes, i64), *scratch(), row=[])[0]
    # rows side by side (threads, where the compile has them), each with its own work space
    loop = scf.ForallOp([0] * (rank - 1), [_index(s) for s in sizes[:-1]], [1] * (rank - 1),
                        [emit.empty(sizes, i64)])
    with ir.InsertionPoint(loop.body):
        ordered = one_row(list(loop.induction_variables), *scratch())[0]
        with ir.InsertionPoint(loop.terminator().block):
            tensor.parallel_insert_slice(ordered, loop.inner_iter_args[0], list(loop.induction_variables), *row_at)
    return loop.results[0]


def _fill(buf: ir.Value, n: ir.Value, value) -> ir.Value:
    """buf[k] = value(k) for k < n."""
    loop = scf.ForOp(index_const(0), n, index_const(1), [buf])
    with ir.InsertionPoint(loop.body):
        k = loop.induction_variable
        scf.YieldOp([tensor.insert(value(k), loop.inner_iter_args[0], [k])])
    return loop.results[0]


def _iota_into(buf: ir.Value, n: ir.Value) -> ir.Value:
    """buf[k] = k for k < n."""
    loop = scf.ForOp(index_const(0), n, index_const(1), [buf])
    with ir.InsertionPoint(loop.body):
        k = loop.induction_variable
        scf.YieldOp([tensor.insert(arith.index_cast(_i64(), k), loop.inner_iter_args[0], [k])])
    return loop.results[0]


def _merge_sort_row(less, buf: ir.Value, n: ir.Value):
    """Bottom-up merge sort of the elements in buf[0:n] (i64: indices into the row, or packed
    keys, std_sort.pack_key) by `less(x, y)` (an i1: element x sorts strictly before element y),
    with buf[n:2n] as scratch; returns the buffer and where the sorted elements start in it."""
    idx_t = ir.IndexType.get()
    # while width < n: merge runs of `width` from one half into the other
    w = scf.WhileOp([idx_t, idx_t, buf.type], [index_const(1), index_const(0), buf])
    before = w.before.blocks.append(idx_t, idx_t, buf.type)
    with ir.InsertionPoint(before):
        width, src, data = before.arguments
        scf.ConditionOp(arith.cmpi(arith.CmpIPredicate.ult, width, n), [width, src, data])
    after = w.after.blocks.append(idx_t, idx_t, buf.type)
    with ir.InsertionPoint(after):
        width, src, data = after.arguments
        dst = arith.subi(n, src)
        step = arith.muli(width, index_const(2))
        runs = scf.ForOp(index_const(0), n, step, [data])
        with ir.InsertionPoint(runs.body):
            lo = runs.induction_variable
            mid = arith.minui(arith.addi(lo, width), n)
            hi = arith.minui(arith.addi(lo, step), n)
            scf.YieldOp([_merge(less, runs.inner_iter_args[0], src, dst, lo, mid, hi)])
        scf.YieldOp([step, dst, runs.results[0]])
    return w.results[2], w.results[1]


def _merge(less, buf, src, dst, lo, mid, hi) -> ir.Value:
    """Stable merge of buf[src+lo:src+mid] and buf[src+mid:src+hi] into buf[dst+lo:dst+hi]:
    while both runs have elements, the right one is taken only when it sorts strictly before
    the left one; then what is left of either run is copied."""
    idx_t = ir.IndexType.get()
    one = index_const(1)
    w = scf.WhileOp([idx_t, idx_t, buf.type], [lo, mid, buf])
    before = w.before.blocks.append(idx_t, idx_t, buf.type)
    with ir.InsertionPoint(before):
        i, j, out = before.arguments
        both = arith.andi(arith.cmpi(arith.CmpIPredicate.ult, i, mid), arith.cmpi(arith.CmpIPredicate.ult, j, hi))
        scf.ConditionOp(both, [i, j, out])
    after = w.after.blocks.append(idx_t, idx_t, buf.type)
    with ir.InsertionPoint(after):
        i, j, out = after.arguments
        a = tensor.extract(out, [arith.addi(src, i)])
        b = tensor.extract(out, [arith.addi(src, j)])
        take_right = less(b, a)
        # the k-th output goes to dst + i + j - mid (i - lo from the left, j - mid from the right)
        k = arith.subi(arith.addi(i, j), mid)
        out = tensor.insert(arith.select(take_right, b, a), out, [arith.addi(dst, k)])
        scf.YieldOp([arith.select(take_right, i, arith.addi(i, one)),
                     arith.select(take_right, arith.addi(j, one), j), out])
    i, j, out = w.results

    def rest(first, last, out, shift):      # buf[dst + t + shift] = buf[src + t] for t in [first, last)
        loop = scf.ForOp(first, last, one, [out])
        with ir.InsertionPoint(loop.body):
            t = loop.induction_variable
            v = tensor.extract(loop.inner_iter_args[0], [arith.addi(src, t)])
            scf.YieldOp([tensor.insert(v, loop.inner_iter_args[0], [arith.addi(dst, arith.addi(t, shift))])])
        return loop.results[0]

    out = rest(i, mid, out, arith.subi(j, mid))        # left's rest: after the j - mid right ones
    return rest(j, hi, out, index_const(0))            # right's rest: at t, the left all out
