"""Ops with scalar regions: reduce, reduce_window, select_and_scatter, map and sort.

Regions are lowered on storage scalars inside the loop body being built
(`ctx.lower_region(i, args, scalar=True)`). reduce is one `linalg.reduce`
(what the CPU schedules tile and vectorize); reduce_window is one
`linalg.generic` over the result and window dimensions; map is an element-wise
`linalg.generic`. select_and_scatter and sort are sequential by definition:
the first picks one position per window with a fold in window order (a
`linalg.generic` marked so that schedules keep its order) and combines the
source values into it window after window (`scf.for`); sort is a stable,
bottom-up merge sort of an index permutation per row, whose comparator is the
op's region, followed by a gather of every operand.
"""
from __future__ import annotations

import numpy as np
from mlir import ir
from mlir.dialects import arith, linalg, scf, tensor

from .. import element as el
from .. import emit
from ..element import const, index_const
from ..registry import OpContext, lowers
from .shapes import reshape_static  # noqa: F401  (shared data movement)

SEQUENTIAL = "shlo.sequential"      # schedules leave ops with this attribute in loop order


def _scalar(v: ir.Value) -> ir.Value:
    return tensor.extract(v, [])


def _lower_yield(ctx: OpContext, region: int, args: list) -> list:
    return ctx.lower_region(region, args, scalar=True)


def _i1(v: ir.Value) -> ir.Value:
    """A storage boolean (i8) as i1."""
    return arith.trunci(ir.IntegerType.get_signless(1), v) if ir.IntegerType(v.type).width != 1 else v


# ----------------------------------------------------------------------------- reduce

@lowers("reduce")
def reduce(ctx: OpContext, *operands):
    n = len(operands) // 2
    inputs, inits = list(operands[:n]), list(operands[n:])
    dims = sorted(int(d) for d in ctx.attrs["dimensions"])
    rank = emit.rank(inputs[0])
    keep = [d for d in range(rank) if d not in dims]
    sizes = emit.dims(inputs[0])
    outs = [emit.fill(_scalar(v), [sizes[d] for d in keep]) for v in inits]
    if not dims:    # nothing to reduce: each element combined once with the init value
        return _combine_with_init(ctx, inputs, inits, sizes)
    op = linalg.ReduceOp([o.type for o in outs], inputs, outs, dims)
    block = op.regions[0].blocks.append(*[v.type.element_type for v in inputs + outs])
    with ir.InsertionPoint(block):
        args = list(block.arguments)
        linalg.YieldOp(_lower_yield(ctx, 0, args[n:] + args[:n]))
    return list(op.results)


def _combine_with_init(ctx: OpContext, inputs, inits, sizes) -> list:
    n = len(inputs)
    rank = len(sizes)
    outs = [emit.empty(sizes, v.type.element_type) for v in inits]
    init_scalars = [_scalar(v) for v in inits]

    def body(*args):
        return _lower_yield(ctx, 0, init_scalars + list(args[:n]))

    return emit.generic(inputs, outs, [emit.identity_map(rank)] * (2 * n), ["parallel"] * rank, body)


# ----------------------------------------------------------------------------- map

@lowers("map")
def map_(ctx: OpContext, *inputs):
    t = ctx.result_types[0]
    rank = t.rank
    out = emit.empty(emit.sizes_for(t, like=inputs[0]), el.storage_type(emit.storage_element(t)))
    return emit.generic(list(inputs), [out], [emit.identity_map(rank)] * (len(inputs) + 1), ["parallel"] * rank,
                        lambda *args: _lower_yield(ctx, 0, list(args[:-1])))[0]


# ----------------------------------------------------------------------------- windows

def window_attrs(ctx: OpContext, rank: int):
    dims = list(ctx.attrs["window_dimensions"])
    strides = list(ctx.attr("window_strides", [1] * rank))
    base = list(ctx.attr("base_dilations", [1] * rank))
    wdil = list(ctx.attr("window_dilations", [1] * rank))
    padding = ctx.attrs.get("padding")
    if padding is None:
        lo, hi = [0] * rank, [0] * rank
    else:
        p = np.asarray(padding.array() if hasattr(padding, "array") else padding, dtype=np.int64).reshape(-1, 2)
        lo, hi = [int(v) for v in p[:, 0]], [int(v) for v in p[:, 1]]
    return dims, strides, base, wdil, lo, hi


def _padded(x: ir.Value, value: ir.Value, lo, hi, interior) -> ir.Value:
    """x padded with the scalar `value` (edges may be negative; interior between elements)."""
    from .shapes import _isum, _spread
    if all(v == 0 for v in lo + hi + interior):
        return x
    dims = emit.dims(x)
    big = [_isum(max(l, 0) + max(h, 0), _spread(n, i)) for n, l, h, i in zip(dims, lo, hi, interior)]
    filled = emit.fill(value, big)
    dyn = ir.ShapedType.get_dynamic_size()
    placed = tensor.insert_slice(x, filled, [], [s for s in dims if not isinstance(s, int)], [],
                                 [max(l, 0) for l in lo], [s if isinstance(s, int) else dyn for s in dims],
                                 [i + 1 for i in interior])
    if all(v >= 0 for v in lo + hi):
        return placed
    sizes = []
    for d, b in enumerate(big):
        cut = max(-lo[d], 0) + max(-hi[d], 0)
        sizes.append(b - cut if isinstance(b, int) else arith.subi(b, index_const(cut)))
    return tensor.extract_slice(emit.tensor_type([s if isinstance(s, int) else None for s in sizes],
                                                 x.type.element_type), placed, [],
                                [s for s in sizes if not isinstance(s, int)], [], [max(-l, 0) for l in lo],
                                [s if isinstance(s, int) else dyn for s in sizes], [1] * len(sizes))


@lowers("reduce_window")
def reduce_window(ctx: OpContext, *operands):
    n = len(operands) // 2
    inputs, inits = list(operands[:n]), list(operands[n:])
    rank = emit.rank(inputs[0])
    wdims, strides, base, wdil, lo, hi = window_attrs(ctx, rank)
    init_scalars = [_scalar(v) for v in inits]
    padded = [_padded(x, v, lo, hi, [b - 1 for b in base]) for x, v in zip(inputs, init_scalars)]
    t = ctx.result_types[0]
    known = {}
    for d in range(rank):
        if t.shape[d] is None:
            size = emit.as_index(emit.dim(padded[0], d))
            span = (wdims[d] - 1) * wdil[d] + 1
            fit = arith.maxsi(arith.subi(size, index_const(span - 1)), index_const(0))
            known[d] = arith.ceildivsi(fit, index_const(strides[d]))
    sizes = emit.sizes_for(t, known=known)
    outs = [emit.fill(s, sizes) for s in init_scalars]
    # loops: result dims d0..d(r-1), then window dims w0..w(r-1)
    exprs = [ir.AffineDimExpr.get(d) * strides[d] + ir.AffineDimExpr.get(rank + d) * wdil[d] for d in range(rank)]
    in_map = ir.AffineMap.get(2 * rank, 0, exprs)
    out_map = emit.affine_map(2 * rank, list(range(rank)))
    window = emit.empty(wdims, ir.IntegerType.get_signless(8))     # gives the window loops their sizes
    win_map = emit.affine_map(2 * rank, list(range(rank, 2 * rank)))

    def body(*args):
        xs, _w, accs = args[:n], args[n], args[n + 1:]
        return _lower_yield(ctx, 0, list(accs) + list(xs))

    return emit.generic(padded + [window], outs, [in_map] * n + [win_map] + [out_map] * n,
                        ["parallel"] * rank + ["reduction"] * rank, body)


@lowers("select_and_scatter")
def select_and_scatter(ctx: OpContext, operand, source, init_value):
    rank = emit.rank(operand)
    wdims, strides, _base, _wdil, lo, _hi = window_attrs(ctx, rank)
    i64 = ir.IntegerType.get_signless(64)
    xs = [arith.index_cast(i64, emit.as_index(s)) for s in emit.dims(operand)]
    et = operand.type.element_type
    windows = emit.dims(source)
    # 1. per window, the selected position: a fold over the taps in window order
    outs = [emit.fill(el.const(0, et) if not isinstance(et, ir.ComplexType) else _zero(et), windows)]
    outs += [emit.fill(const(0, i64), windows) for _ in range(rank)]
    outs.append(emit.fill(const(0, ir.IntegerType.get_signless(8)), windows))       # found anything yet
    taps = emit.empty(wdims, ir.IntegerType.get_signless(8))
    out_map = emit.affine_map(2 * rank, list(range(rank)))
    tap_map = emit.affine_map(2 * rank, list(range(rank, 2 * rank)))

    def pick(_tap, best, *rest):
        pos_old, found = list(rest[:rank]), rest[rank]
        pos, inside = [], None
        for d in range(rank):
            w = arith.index_cast(i64, linalg.IndexOp(d).result)
            t = arith.index_cast(i64, linalg.IndexOp(rank + d).result)
            p = arith.subi(arith.addi(arith.muli(w, const(strides[d], i64)), t), const(lo[d], i64))
            ok = arith.andi(arith.cmpi(arith.CmpIPredicate.sge, p, const(0, i64)),
                            arith.cmpi(arith.CmpIPredicate.slt, p, xs[d]))
            inside = ok if inside is None else arith.andi(inside, ok)
            pos.append(p)
        safe = [arith.index_cast(ir.IndexType.get(),
                                 arith.minsi(arith.maxsi(p, const(0, i64)), arith.maxsi(arith.subi(x, const(1, i64)),
                                                                                        const(0, i64))))
                for p, x in zip(pos, xs)]
        cand = tensor.extract(operand, safe)
        had = _i1(found)
        if_op = scf.IfOp(arith.andi(inside, had), [ir.IntegerType.get_signless(1)], has_else=True)
        with ir.InsertionPoint(if_op.then_block):
            keep = _lower_yield(ctx, 0, [best, cand])[0]
            scf.YieldOp([_i1(keep)])
        with ir.InsertionPoint(if_op.else_block):
            scf.YieldOp([const(1, ir.IntegerType.get_signless(1))])
        keep_old = if_op.results[0]
        # take the candidate when it is inside and (nothing found yet, or select says not to keep)
        take = arith.andi(inside, arith.ori(arith.xori(had, const(1, had.type)),
                                            arith.xori(keep_old, const(1, keep_old.type))))
        new_best = arith.select(take, cand, best)
        new_pos = [arith.select(take, p, q) for p, q in zip(pos, pos_old)]
        new_found = arith.select(arith.ori(had, inside), const(1, found.type), found)
        return [new_best] + new_pos + [new_found]

    chosen = emit.generic([taps], outs, [tap_map] + [out_map] * (rank + 2),
                          ["parallel"] * rank + ["reduction"] * rank, pick)
    chosen[0].owner.attributes[SEQUENTIAL] = ir.UnitAttr.get()
    positions, found = chosen[1:1 + rank], chosen[1 + rank]
    # 2. combine the source values into the result, window after window
    result = emit.fill(_scalar(init_value), emit.dims(operand))
    return _scatter_windows(ctx, result, source, positions, found, windows)


def _zero(t: ir.Type) -> ir.Value:
    from mlir.dialects import complex as cx
    pt = ir.ComplexType(t).element_type
    return cx.create_(t, const(0.0, pt), const(0.0, pt))


def _scatter_windows(ctx: OpContext, result, source, positions, found, windows) -> ir.Value:
    rank = len(windows)
    idx_t = ir.IndexType.get()

    def loop(d: int, acc: ir.Value, index: list) -> ir.Value:
        if d == rank:
            if_op = scf.IfOp(_i1(tensor.extract(found, index)), [acc.type], has_else=True)
            with ir.InsertionPoint(if_op.then_block):
                at = [arith.index_cast(idx_t, tensor.extract(p, index)) for p in positions]
                old = tensor.extract(acc, at)
                new = _lower_yield(ctx, 1, [old, tensor.extract(source, index)])[0]
                scf.YieldOp([tensor.insert(new, acc, at)])
            with ir.InsertionPoint(if_op.else_block):
                scf.YieldOp([acc])
            return if_op.results[0]
        for_op = scf.ForOp(index_const(0), emit.as_index(windows[d]), index_const(1), [acc])
        with ir.InsertionPoint(for_op.body):
            scf.YieldOp([loop(d + 1, for_op.inner_iter_args[0], index + [for_op.induction_variable])])
        return for_op.results[0]

    return loop(0, result, [])


# ----------------------------------------------------------------------------- sort

@lowers("sort")
def sort(ctx: OpContext, *operands):
    rank = emit.rank(operands[0])
    dim = int(ctx.attr("dimension", -1))
    dim = dim + rank if dim < 0 else dim
    if rank == 0:
        return list(operands)
    perm = [d for d in range(rank) if d != dim] + [dim]
    inverse = [perm.index(d) for d in range(rank)]
    moved = [_transpose(v, perm) for v in operands]
    order = _sorted_order(ctx, moved)
    gathered = [_gather_last(v, order) for v in moved]
    return [_transpose(v, inverse) for v in gathered]


def _transpose(v: ir.Value, perm: list) -> ir.Value:
    if perm == list(range(len(perm))):
        return v
    sizes = emit.dims(v)
    out = emit.empty([sizes[p] for p in perm], v.type.element_type)
    op = linalg.transpose(v, outs=[out], permutation=perm)
    return op if isinstance(op, ir.Value) else op.results[0]


def _gather_last(v: ir.Value, order: ir.Value) -> ir.Value:
    """out[..., j] = v[..., order[..., j]]."""
    rank = emit.rank(v)
    out = emit.empty(emit.dims(v), v.type.element_type)

    def body(j, _o):
        idx = [linalg.IndexOp(d).result for d in range(rank - 1)] + [arith.index_cast(ir.IndexType.get(), j)]
        return tensor.extract(v, idx)

    return emit.generic([order], [out], [emit.identity_map(rank)] * 2, ["parallel"] * rank, body)[0]


def _sorted_order(ctx: OpContext, values: list) -> ir.Value:
    """Per row (all dims but the last), the stable sorted order of the last dimension's indices."""
    i64 = ir.IntegerType.get_signless(64)
    sizes = emit.dims(values[0])
    rank = len(sizes)
    n = sizes[-1]
    row_t = emit.tensor_type([n if isinstance(n, int) else None], i64)
    order = emit.empty(sizes, i64)
    dyn = ir.ShapedType.get_dynamic_size()

    def one_row(row: list, acc: ir.Value) -> ir.Value:
        iota = emit.generic([], [emit.empty([n], i64)], [emit.identity_map(1)], ["parallel"],
                            lambda _o: arith.index_cast(i64, linalg.IndexOp(0).result))[0]
        ordered = _merge_sort_row(ctx, values, iota, emit.empty([n], i64), row, emit.as_index(n))
        static = [1] * (rank - 1) + [n if isinstance(n, int) else dyn]
        return tensor.insert_slice(ordered, acc, row, [] if isinstance(n, int) else [emit.as_index(n)], [],
                                   [dyn] * (rank - 1) + [0], static, [1] * rank)

    def rows(d: int, acc: ir.Value, row: list) -> ir.Value:
        if d == rank - 1:
            return one_row(row, acc)
        for_op = scf.ForOp(index_const(0), emit.as_index(sizes[d]), index_const(1), [acc])
        with ir.InsertionPoint(for_op.body):
            scf.YieldOp([rows(d + 1, for_op.inner_iter_args[0], row + [for_op.induction_variable])])
        return for_op.results[0]

    del row_t
    return rows(0, order, [])


def _merge_sort_row(ctx: OpContext, values, a: ir.Value, b: ir.Value, row: list, n: ir.Value) -> ir.Value:
    """Bottom-up merge sort of the 1-D index tensor `a` (b is scratch) by the values of `row`."""
    idx_t = ir.IndexType.get()
    one = index_const(1)
    # while width < n: merge runs of `width` from src into dst, then swap
    w = scf.WhileOp([idx_t, a.type, a.type], [one, a, b])
    before = w.before.blocks.append(idx_t, a.type, a.type)
    with ir.InsertionPoint(before):
        width, src, dst = before.arguments
        scf.ConditionOp(arith.cmpi(arith.CmpIPredicate.ult, width, n), [width, src, dst])
    after = w.after.blocks.append(idx_t, a.type, a.type)
    with ir.InsertionPoint(after):
        width, src, dst = after.arguments
        step = arith.muli(width, index_const(2))
        runs = scf.ForOp(index_const(0), n, step, [dst])
        with ir.InsertionPoint(runs.body):
            lo = runs.induction_variable
            mid = arith.minui(arith.addi(lo, width), n)
            hi = arith.minui(arith.addi(lo, step), n)
            scf.YieldOp([_merge(ctx, values, src, runs.inner_iter_args[0], row, lo, mid, hi)])
        scf.YieldOp([step, runs.results[0], src])
    return w.results[1]


def _merge(ctx: OpContext, values, src, dst, row, lo, mid, hi) -> ir.Value:
    """Stable merge of src[lo:mid] and src[mid:hi] into dst[lo:hi] (indices into `row`)."""
    idx_t = ir.IndexType.get()
    i1 = ir.IntegerType.get_signless(1)
    loop = scf.ForOp(lo, hi, index_const(1), [lo, mid, dst])
    with ir.InsertionPoint(loop.body):
        k = loop.induction_variable
        i, j, out = loop.inner_iter_args
        left_left = arith.cmpi(arith.CmpIPredicate.ult, i, mid)
        right_left = arith.cmpi(arith.CmpIPredicate.ult, j, hi)
        ii = arith.select(left_left, i, lo)
        jj = arith.select(right_left, j, lo)
        a_idx = tensor.extract(src, [ii])
        b_idx = tensor.extract(src, [jj])
        # take the right element only when it sorts strictly before the left one
        both = arith.andi(left_left, right_left)
        if_op = scf.IfOp(both, [i1], has_else=True)
        with ir.InsertionPoint(if_op.then_block):
            args = []
            for v in values:
                args += [tensor.extract(v, row + [arith.index_cast(idx_t, b_idx)]),
                         tensor.extract(v, row + [arith.index_cast(idx_t, a_idx)])]
            scf.YieldOp([_i1(_lower_yield(ctx, 0, args)[0])])
        with ir.InsertionPoint(if_op.else_block):
            scf.YieldOp([arith.xori(left_left, const(1, i1))])    # left exhausted: take right
        take_right = if_op.results[0]
        chosen = arith.select(take_right, b_idx, a_idx)
        out = tensor.insert(chosen, out, [k])
        scf.YieldOp([arith.select(take_right, i, arith.addi(i, index_const(1))),
                     arith.select(take_right, arith.addi(j, index_const(1)), j), out])
    return loop.results[2]
