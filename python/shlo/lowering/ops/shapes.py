"""Shape ops: broadcasts, reshapes, transposes, slices, padding, concatenation, reversal,
iota, their dynamic-shape forms, get_dimension_size and bitcast_convert.

Data movement uses tensor ops (extract_slice, insert_slice, pad, collapse/expand_shape)
and linalg.transpose; broadcasts and iota are linalg.generics whose input maps project the
result's loop dimensions, so element-wise fusion folds them into their consumers. Ops whose
source position depends on run-time values (dynamic broadcasts of size-1 dimensions,
dynamic padding) read their operand with tensor.extract at a computed index.
"""
from __future__ import annotations

import math

from mlir import ir
from mlir.dialects import arith, linalg, tensor

from .. import element as el
from .. import emit, size_checks
from ..element import const, index_const
from ..registry import OpContext, lowers

I64 = lambda: ir.IntegerType.get_signless(64)  # noqa: E731
INDEX = lambda: ir.IndexType.get()  # noqa: E731


# ----------------------------------------------------------------------------- index helpers

def index_scalar(v: ir.Value, element: str) -> ir.Value:
    """A storage scalar of an integer element type as a signed i64 (unsigned values never turn
    negative; ui64 values beyond the i64 range saturate)."""
    x = el.to_compute(v, element)
    if isinstance(x.type, ir.IndexType):        # (shape operands may be index tensors)
        return arith.index_cast(I64(), x)
    w = ir.IntegerType(x.type).width
    if el.is_signed(element):
        return arith.extsi(I64(), x) if w < 64 else x
    if w < 64:
        return arith.extui(I64(), x)
    neg = arith.cmpi(arith.CmpIPredicate.slt, x, const(0, I64()))
    return arith.select(neg, const((1 << 63) - 1, I64()), x)


def element_index(t: ir.Value, element: str, i: int) -> ir.Value:
    """Element i of a 1-D integer tensor, as i64: the scalar it was made from where the ops that
    made it show it (see small_elements), else read from the tensor."""
    known = small_elements(t)
    return index_scalar(known[i] if known is not None else tensor.extract(t, [index_const(i)]), element)


# Shape tensors (concatenations of sizes and constants, as jax.export and torch.export write
# them) have a few elements; they are kept as the scalars they are made of, so that sizes never
# pass through memory: the GPU back end cannot read on the host a value in device memory.
SMALL = 16


def small_elements(v: ir.Value) -> list | None:
    """The elements (row-major) of a small static tensor as scalar values, where it was made by
    tensor.from_elements, a constant, or reshapes of those; None otherwise."""
    t = ir.RankedTensorType(v.type)
    if not t.has_static_shape or math.prod(t.shape) > SMALL:
        return None
    owner = v.owner
    owner = owner.operation if hasattr(owner, "operation") else owner
    if not isinstance(owner, ir.Operation):
        return None
    if owner.name == "tensor.from_elements":
        return list(owner.operands)
    if owner.name in ("tensor.expand_shape", "tensor.collapse_shape"):
        return small_elements(owner.operands[0])
    if owner.name == "arith.constant" and isinstance(t.element_type, ir.IntegerType):
        attr = owner.attributes["value"]
        if isinstance(attr, ir.DenseIntElementsAttr):
            n = math.prod(t.shape)
            values = [attr[0]] * n if attr.is_splat else [attr[i] for i in range(n)]
            return [const(x, t.element_type) for x in values]
    return None




def to_index(v: ir.Value) -> ir.Value:
    return arith.index_cast(INDEX(), v)


def clamp(v: ir.Value, lo: ir.Value, hi: ir.Value) -> ir.Value:
    return arith.minsi(arith.maxsi(v, lo), hi)


def as_i64(size) -> ir.Value:
    return const(size, I64()) if isinstance(size, int) else arith.index_cast(I64(), size)


def result(op) -> ir.Value:
    """The single result of an op builder that returns the op (linalg.transpose, ...)."""
    if isinstance(op, ir.Value):
        return op
    results = op.results if hasattr(op, "results") else op.operation.results
    return results[0]


def _storage(ctx: OpContext, i: int = 0, result_: bool = False) -> str:
    t = (ctx.result_types if result_ else ctx.operand_types)[i]
    return emit.storage_element(t)


# ----------------------------------------------------------------------------- run-time size checks
# (size_checks.py: an op whose sizes may disagree at run time reads nothing out of bounds while
# they do, and hands the driver the predicate that raises after the call)

def _and(a: ir.Value, b: ir.Value) -> ir.Value:
    return arith.andi(a, b)


def _cmp(pred, a, b) -> ir.Value:
    return arith.cmpi(pred, emit.as_index(a), emit.as_index(b))


def size_check(ctx: OpContext, make, guard: bool = True) -> ir.Value | None:
    """The predicate `make()` (an i1 scalar) given to the driver, and returned for the guard
    (`guard`). The GPU back end computes the driver's in a kernel: what it reads (output_shape)
    is in device memory, which the host reads only for sizes. The kernel is a "reduction" of two
    steps, each the same: a rank-0, one-step or parallel one is made host code (loops of one
    step fold, gpu/shape_scalars.py scalarizes parallel ones)."""
    ok = make() if guard else None
    if ctx.lowerer is not None:
        check = ok if ok is not None else make()
        if getattr(ctx.lowerer, "for_gpu", False):
            i8 = ir.IntegerType.get_signless(8)     # (tensors hold i1 as i8)
            step = arith.constant(ir.RankedTensorType.get([2], i8),
                                  ir.DenseElementsAttr.get_splat(ir.RankedTensorType.get([2], i8),
                                                                 ir.IntegerAttr.get(i8, 1)))
            check = emit.generic([step], [emit.empty([], i8)], [emit.identity_map(1), emit.affine_map(1, [])],
                                 ["reduction"], lambda _s, _o: arith.extui(i8, make()))[0]
        ctx.lowerer.size_check(ctx, check)
    return ok


def _zero_unless(ok: ir.Value, sizes: list) -> list:
    """The run-time sizes among `sizes` (ints stay), 0 where `ok` is false: an empty result."""
    return [s if isinstance(s, int) else arith.select(ok, emit.as_index(s), index_const(0)) for s in sizes]


def in_bounds_shape(ctx: OpContext, operands: list) -> list:
    """`operands` with each shape operand of ? length (size_checks.unknown_lengths) read through a
    scratch vector of zeros of the result's rank while its length differs: nothing is read past
    it (the op's check, `lengths_fit`, raises)."""
    operands = list(operands)
    rank = size_checks.shape_length(ctx.name, ctx.operand_types, ctx.result_types)
    for k in size_checks.unknown_lengths(ctx.name, ctx.operand_types):
        v = operands[k]
        scratch = emit.fill(emit.zero_scalar(v.type.element_type), [rank])
        operands[k] = arith.select(_length_is(v, rank), v, emit.cast_to(scratch, v.type))
    return operands


def lengths_fit(ctx: OpContext, operands: list) -> ir.Value:
    """The i1 that each shape operand of ? length of the op (its operands as given to the
    lowering, before `in_bounds_shape`) has one element per result dimension."""
    ok = const(1, ir.IntegerType.get_signless(1))
    rank = size_checks.shape_length(ctx.name, ctx.operand_types, ctx.result_types)
    for k in size_checks.unknown_lengths(ctx.name, ctx.operand_types):
        ok = _and(ok, _length_is(operands[k], rank))
    return ok


def _length_is(shape_operand: ir.Value, rank: int) -> ir.Value:
    """The i1 that the 1-D `shape_operand` has `rank` elements."""
    return _cmp(arith.CmpIPredicate.eq, emit.as_index(emit.dim(shape_operand, 0)), index_const(rank))


def _wants_check(ctx: OpContext) -> bool:
    return size_checks.message(ctx.name, ctx.operand_types, ctx.result_types, ctx.attrs) is not None


# ----------------------------------------------------------------------------- broadcasts

@lowers("broadcast_in_dim", quant_aware=True)
def broadcast_in_dim(ctx: OpContext, operand):
    t = ctx.result_types[0]
    dims = list(ctx.attrs["broadcast_dimensions"])
    src = emit.static_shape(operand)
    exprs = []
    known = {}
    for i, d in enumerate(dims):
        if src[i] == 1 and t.shape[d] != 1:
            exprs.append(None)                      # a size-1 dimension broadcast: always index 0
        else:
            exprs.append(d)
            if t.shape[d] is None:
                known[d] = emit.dim(operand, i)
    n = t.rank
    out = emit.empty(emit.sizes_for(t, known=known), operand.type.element_type)
    if any(src[i] is None and t.shape[d] is not None for i, d in enumerate(dims)):
        return _broadcast_to_static(ctx, operand, out, dims)
    scalar = _splat_scalar(operand)
    if scalar is not None:
        # A fill, not a generic: element-wise fusion folds a fill into every consumer, but
        # a generic only into a single one (relu's broadcast zero, shared by CSE, was written
        # out in full and read back).
        return result(emit.fill_into(scalar, out))
    return emit.generic([operand], [out], [emit.affine_map(n, exprs), emit.identity_map(n)],
                        ["parallel"] * n, lambda x, _o: x)[0]


def _broadcast_to_static(ctx: OpContext, operand: ir.Value, out: ir.Value, dims: list) -> ir.Value:
    """broadcast_in_dim of an operand whose ? size meets a static result size r: the size may be
    1 (broadcast) or r when it runs (C5), decided there; any
    other size is checked (the flag of size_checks.narrowed_message) and, while it fails, a
    scratch operand of size 1 is read instead (nothing read out of bounds)."""
    t, src = ctx.result_types[0], emit.static_shape(operand)
    n = t.rank
    runtime = [i for i, d in enumerate(dims) if src[i] is None and t.shape[d] is not None]
    one = index_const(1)

    def fits():
        ok = const(1, ir.IntegerType.get_signless(1))
        for i in runtime:
            size = emit.as_index(emit.dim(operand, i))
            ok = _and(ok, arith.ori(_cmp(arith.CmpIPredicate.eq, size, one),
                                    _cmp(arith.CmpIPredicate.eq, size, index_const(t.shape[dims[i]]))))
        return ok

    ok = size_check(ctx, fits)
    scratch = emit.empty([s if s is not None else one for s in src], operand.type.element_type)
    operand = arith.select(ok, operand, emit.cast_to(scratch, operand.type))
    sizes = {i: emit.as_index(emit.dim(operand, i)) for i in runtime}

    def body(_o):
        idx = []
        for i, d in enumerate(dims):
            j = linalg.IndexOp(d).result
            if src[i] == 1 and t.shape[d] != 1:
                idx.append(index_const(0))
            elif i in sizes:
                idx.append(arith.select(arith.cmpi(arith.CmpIPredicate.eq, sizes[i], one), index_const(0), j))
            else:
                idx.append(j)
        return tensor.extract(operand, idx)

    return emit.generic([], [out], [emit.identity_map(n)], ["parallel"] * n, body)[0]


def _splat_scalar(operand: ir.Value):
    """The element of a splat integer or float constant tensor, as a scalar constant; else None."""
    owner = operand.owner
    owner = owner.operation if hasattr(owner, "operation") else owner
    if not isinstance(owner, ir.Operation) or owner.name != "arith.constant":
        return None
    if not isinstance(ir.ShapedType(operand.type).element_type, (ir.IntegerType, ir.FloatType)):
        return None     # complex: the bindings cannot even read such a constant's attribute
    attr = owner.attributes["value"]
    if not isinstance(attr, ir.DenseElementsAttr) or not attr.is_splat:
        return None
    value = attr.get_splat_value()
    if not isinstance(value, (ir.IntegerAttr, ir.FloatAttr)):
        return None
    return arith.constant(value.type, value)


def _shape_values(shape: ir.Value, element: str, rank: int) -> list:
    """The sizes held by a 1-D shape tensor, as index values."""
    return [to_index(element_index(shape, element, i)) for i in range(rank)]


@lowers("dynamic_broadcast_in_dim", quant_aware=True)
def dynamic_broadcast_in_dim(ctx: OpContext, operand, output_dimensions):
    given = [operand, output_dimensions]
    operand, output_dimensions = in_bounds_shape(ctx, given)
    t = ctx.result_types[0]
    n = t.rank
    sizes = _shape_values(output_dimensions, ctx.operand_types[1].element, n)
    sizes = [s if t.shape[i] is None else t.shape[i] for i, s in enumerate(sizes)]
    dims = list(ctx.attrs["broadcast_dimensions"])
    src = emit.static_shape(operand)
    if _wants_check(ctx):
        # C5 at run time; while it fails, the result is empty (or, all static, read from a
        # scratch operand of size 1 wherever the operand's size is dynamic)
        def fits():
            wanted = _shape_values(output_dimensions, ctx.operand_types[1].element, n)
            ok = lengths_fit(ctx, given)
            for i, d in enumerate(dims):
                if src[i] == 1 or (src[i] is not None and t.shape[d] is not None):
                    continue
                size = emit.as_index(emit.dim(operand, i))
                out_size = wanted[d] if t.shape[d] is None else t.shape[d]
                ok = _and(ok, arith.ori(_cmp(arith.CmpIPredicate.eq, size, index_const(1)),
                                        _cmp(arith.CmpIPredicate.eq, size, out_size)))
            return ok

        ok = size_check(ctx, fits)
        sizes = _zero_unless(ok, sizes)
        if None not in t.shape:
            scratch = emit.empty([s if s is not None else index_const(1) for s in src], operand.type.element_type)
            operand = arith.select(ok, operand, emit.cast_to(scratch, operand.type))
    out = emit.empty(sizes, operand.type.element_type)
    if all(s is not None for s in src):
        exprs = [None if src[i] == 1 and t.shape[d] != 1 else d for i, d in enumerate(dims)]
        return emit.generic([operand], [out], [emit.affine_map(n, exprs), emit.identity_map(n)],
                            ["parallel"] * n, lambda x, _o: x)[0]
    # A dynamic operand size may be 1 (broadcast) or the result's size: decided at run time.
    src_sizes = [emit.as_index(emit.dim(operand, i)) for i in range(len(dims))]
    one = index_const(1)

    def body(_o):
        idx = []
        for i, d in enumerate(dims):
            j = linalg.IndexOp(d).result
            idx.append(arith.select(arith.cmpi(arith.CmpIPredicate.eq, src_sizes[i], one), index_const(0), j))
        return tensor.extract(operand, idx)

    return emit.generic([], [out], [emit.identity_map(n)], ["parallel"] * n, body)[0]


# ----------------------------------------------------------------------------- iota

def _iota_value(i: ir.Value, element: str) -> ir.Value:
    """The iota value at index i (an index value), as a storage scalar of `element`."""
    k = el.kind(element)
    wide = arith.index_cast(I64(), i)
    if k in ("signed", "unsigned", "bool"):
        ct = el.compute_type(element)
        v = arith.trunci(ct, wide) if ir.IntegerType(ct).width < 64 else wide
        return el.from_compute(v, element)
    if k == "complex":
        from mlir.dialects import complex as cx
        pt = el.mlir_type(el.part_element(element))
        re = arith.uitofp(pt, wide) if str(pt) != "f64" else arith.uitofp(pt, wide)
        return cx.create_(el.storage_type(element), re, const(0.0, pt))
    from .elementwise import convert_float
    f = convert_float(arith.uitofp(ir.F64Type.get(), wide), "f64", element)
    return el.from_compute(f, element)


def _iota(t, sizes, dim: int) -> ir.Value:
    n = len(sizes)
    element = emit.storage_element(t)
    out = emit.empty(sizes, el.storage_type(element))
    return emit.generic([], [out], [emit.identity_map(n)], ["parallel"] * n,
                        lambda _o: _iota_value(linalg.IndexOp(dim).result, element))[0]


@lowers("iota")
def iota(ctx: OpContext):
    t = ctx.result_types[0]
    return _iota(t, emit.sizes_for(t), ctx.attrs["iota_dimension"])


@lowers("dynamic_iota")
def dynamic_iota(ctx: OpContext, output_shape):
    given = [output_shape]
    output_shape, = in_bounds_shape(ctx, given)
    t = ctx.result_types[0]
    sizes = _shape_values(output_shape, ctx.operand_types[0].element, t.rank)
    sizes = [s if t.shape[i] is None else t.shape[i] for i, s in enumerate(sizes)]
    if _wants_check(ctx):       # non-negative sizes that agree with the static ones; else empty

        def fits():
            P, ok = arith.CmpIPredicate, lengths_fit(ctx, given)
            for s, known in zip(_shape_values(output_shape, ctx.operand_types[0].element, t.rank), t.shape):
                ok = _and(ok, _cmp(P.sge, s, index_const(0)) if known is None
                          else _cmp(P.eq, s, index_const(known)))
            return ok

        sizes = _zero_unless(size_check(ctx, fits), sizes)
    return _iota(t, sizes, ctx.attrs["iota_dimension"])


# ----------------------------------------------------------------------------- reshapes

def _groups(src: list, dst: list):
    """Reassociation groups mapping the larger-rank static shape onto the smaller one, or None
    when the reshape is not a pure collapse or expansion."""
    big, small = (src, dst) if len(src) >= len(dst) else (dst, src)
    if not small:
        return [] if all(b == 1 for b in big) else None
    groups, i = [], 0
    for s in small:
        group, prod = [], 1
        while i < len(big) and (not group or prod < s):
            group.append(i)
            prod *= big[i]
            i += 1
        if prod != s or not group:      # (a unit size with no source dimension left: no grouping)
            return None
        groups.append(group)
    while i < len(big):               # trailing unit dims join the last group
        if big[i] != 1:
            return None
        groups[-1].append(i)
        i += 1
    return groups


def reshape_static(v: ir.Value, shape: list) -> ir.Value:
    """v reshaped to a static `shape` with collapse/expand_shape (through 1-D if needed)."""
    src = emit.static_shape(v)
    if src == list(shape):
        return v
    et = v.type.element_type
    if 0 in src or 0 in shape:      # no elements: nothing to move (and no reassociation exists)
        return emit.empty(list(shape), et)
    rt = emit.tensor_type(shape, et)
    groups = _groups(src, list(shape))
    if groups is not None and len(src) > len(shape):
        return tensor.collapse_shape(rt, v, _reassoc(groups))
    if groups is not None and len(src) < len(shape):
        return tensor.expand_shape(rt, v, _reassoc(groups), [], shape)
    total = 1
    for s in src:
        total *= s
    flat = reshape_static(v, [total]) if len(src) != 1 else v
    return reshape_static(flat, shape) if list(shape) != [total] else flat


def _reassoc(groups) -> ir.ArrayAttr:
    i64 = ir.IntegerType.get_signless(64)
    return ir.ArrayAttr.get([ir.ArrayAttr.get([ir.IntegerAttr.get(i64, d) for d in g]) for g in groups])


def reshape_to_sizes(v: ir.Value, sizes: list, ok: ir.Value | None = None) -> ir.Value:
    """A reshape to run-time sizes (index values or ints). tensor.reshape would bufferize to
    memref.reshape, which does not lower to LLVM; an expand_shape with two dynamic sizes in
    one group aborts MLIR. So: collapse to 1-D, then expand when at most one size is dynamic,
    else read each element at its row-major position. `ok`: whether the element counts agree
    (run-time sizes are made 0 by the caller where they do not; all-static sizes read a scratch
    tensor then)."""
    flat = _collapse_all(v)
    n = len(sizes)
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in sizes], v.type.element_type)
    if n == 0:
        return tensor.collapse_shape(rt, flat, _reassoc([]))
    dynamic = [i for i, s in enumerate(sizes) if not isinstance(s, int)]
    if not dynamic and None in emit.static_shape(flat):
        # every result size known but the operand's not (?x? to 1x1): an expand_shape of all-static
        # sizes needs its source static too; the element counts agree (the op's constraint)
        total = 1
        for s in sizes:
            total *= s
        flat = tensor.cast(emit.tensor_type([total], v.type.element_type), flat)
        if ok is not None:
            flat = arith.select(ok, flat, emit.empty([total], v.type.element_type))
    if len(dynamic) == 1 and None not in emit.static_shape(flat):
        # a static operand into run-time sizes (an importer loosening a value to ?): an
        # expand_shape to a dynamic size needs its source dynamic too
        flat = tensor.cast(emit.tensor_type([None], v.type.element_type), flat)
    if len(dynamic) <= 1:
        static = [s if isinstance(s, int) else ir.ShapedType.get_dynamic_size() for s in sizes]
        return tensor.expand_shape(rt, flat, _reassoc([list(range(n))]),
                                   [s for s in sizes if not isinstance(s, int)], static)
    out = emit.empty(sizes, v.type.element_type)

    def body(_o):
        pos = index_const(0)
        for d in range(n):
            pos = arith.addi(arith.muli(pos, emit.as_index(sizes[d])), linalg.IndexOp(d).result)
        return tensor.extract(flat, [pos])

    return emit.generic([], [out], [emit.identity_map(n)], ["parallel"] * n, body)[0]


def _collapse_all(v: ir.Value) -> ir.Value:
    r = emit.rank(v)
    if r == 1:
        return v
    static = emit.static_shape(v)
    total = None
    if None not in static:
        total = 1
        for s in static:
            total *= s
    rt = emit.tensor_type([total], v.type.element_type)
    return tensor.collapse_shape(rt, v, _reassoc([list(range(r))] if r else []))


@lowers("reshape", quant_aware=True)
def reshape(ctx: OpContext, operand):
    t = ctx.result_types[0]
    if None not in t.shape and None not in emit.static_shape(operand):
        return reshape_static(operand, list(t.shape))
    # dynamic: the one unknown result size is whatever the element count leaves
    total = _element_count(operand)
    known = 1
    for s in t.shape:
        if s is not None:
            known *= s
    sizes = [s if s is not None else arith.divui(total, index_const(known)) for s in t.shape]
    if sum(1 for s in t.shape if s is None) > 1:
        raise ctx.error("a reshape with several dynamic result dimensions needs dynamic_reshape")
    ok = None
    if _wants_check(ctx):       # C2 at run time (a ? result size takes what is left: divisible)
        def fits():
            if None in t.shape:
                return _cmp(arith.CmpIPredicate.eq, arith.remui(total, index_const(known)), index_const(0))
            return _cmp(arith.CmpIPredicate.eq, total, index_const(known))

        ok = size_check(ctx, fits)
    return reshape_to_sizes(operand, sizes, ok)


def _element_count(v: ir.Value) -> ir.Value:
    total = index_const(1)
    for d in emit.dims(v):
        total = arith.muli(total, emit.as_index(d))
    return total


@lowers("dynamic_reshape", quant_aware=True)
def dynamic_reshape(ctx: OpContext, operand, output_shape):
    given = [operand, output_shape]
    operand, output_shape = in_bounds_shape(ctx, given)
    t = ctx.result_types[0]
    if None not in t.shape and None not in emit.static_shape(operand) and \
            not size_checks.unknown_lengths(ctx.name, ctx.operand_types):
        return reshape_static(operand, list(t.shape))
    asked = _shape_values(output_shape, ctx.operand_types[1].element, t.rank)
    sizes = [s if t.shape[i] is None else t.shape[i] for i, s in enumerate(asked)]
    count = _element_count(operand)
    known = math.prod(s for s in t.shape if s is not None)
    one_size = t.shape.count(None) == 1 and known > 0
    def fits():
        ok = _reshape_fits(_shape_values(output_shape, ctx.operand_types[1].element, t.rank), count, t.shape)
        return _and(lengths_fit(ctx, given), ok) if size_checks.unknown_lengths(ctx.name, ctx.operand_types) else ok

    ok = size_check(ctx, fits, guard=not one_size)
    if one_size:
        # the one run-time size is what the count leaves, as when the sizes agree: in bounds
        # either way, and known on the host (the GPU back end reads output_shape in its kernels)
        return reshape_to_sizes(operand, [arith.divui(count, index_const(known)) if s is None else s
                                          for s in t.shape], ok)
    return reshape_to_sizes(operand, _zero_unless(ok, sizes), ok)


def _reshape_fits(asked: list, count: ir.Value, static: list) -> ir.Value:
    """dynamic_reshape's C2 at run time: the sizes `asked` are non-negative, agree with the
    result type's static sizes and multiply to `count`, with no i64 wrap-around (a non-empty
    operand: no size over the count; an empty one: some size 0)."""
    P = arith.CmpIPredicate
    zero = index_const(0)
    ok = const(1, ir.IntegerType.get_signless(1))
    no_zero, none_over, product = ok, ok, index_const(1)
    for s, known in zip(asked, static):
        ok = _and(ok, _cmp(P.sge, s, zero))
        if known is not None:
            ok = _and(ok, _cmp(P.eq, s, index_const(known)))
        no_zero = _and(no_zero, _cmp(P.ne, s, zero))
        none_over = _and(none_over, _cmp(P.sle, s, count))
        product = arith.muli(product, s)
    ok = _and(ok, _cmp(P.eq, product, count))
    empty = _cmp(P.eq, count, zero)
    return _and(ok, arith.select(empty, arith.xori(no_zero, const(1, ir.IntegerType.get_signless(1))),
                                 none_over))


@lowers("transpose", quant_aware=True)
def transpose(ctx: OpContext, operand):
    perm = list(ctx.attrs["permutation"])
    if perm == list(range(len(perm))):
        return operand
    t = ctx.result_types[0]
    # (an operand's ? size stays ? where the result type has it static: linalg.transpose needs the
    # sizes to agree, and the driver checks the static size, Lowerer._fix_type)
    src = emit.static_shape(operand)
    sizes = [t.shape[i] if t.shape[i] is not None and src[p] is not None else emit.dim(operand, p)
             for i, p in enumerate(perm)]
    out = emit.empty(sizes, operand.type.element_type)
    return result(linalg.transpose(operand, outs=[out], permutation=perm))


# ----------------------------------------------------------------------------- slices

@lowers("slice", quant_aware=True)
def slice_(ctx: OpContext, operand):
    starts, limits, strides = (list(ctx.attrs[k]) for k in ("start_indices", "limit_indices", "strides"))
    sizes = [-(-(hi - lo) // st) for lo, hi, st in zip(starts, limits, strides)]
    rt = emit.tensor_type(sizes, operand.type.element_type)
    return tensor.extract_slice(rt, operand, [], [], [], starts, sizes, strides)


def _clamped_starts(ctx: OpContext, operand, starts, sizes) -> list:
    """Start indices (rank-0 tensors) clamped to [0, dim - size], as index values."""
    out = []
    for d, (s, k) in enumerate(zip(starts, sizes)):
        v = index_scalar(tensor.extract(s, []), _start_element(ctx, d))
        hi = arith.subi(as_i64(emit.dim(operand, d)), as_i64(k))
        out.append(to_index(clamp(v, const(0, I64()), arith.maxsi(hi, const(0, I64())))))
    return out


def _start_element(ctx: OpContext, d: int) -> str:
    """Element type of the d-th start index operand (they follow the data operands)."""
    first = len(ctx.operand_types) - _start_count(ctx)
    return ctx.operand_types[first + d].element


def _start_count(ctx: OpContext) -> int:
    return ctx.operand_types[0].rank


@lowers("dynamic_slice", quant_aware=True)
def dynamic_slice(ctx: OpContext, operand, *start_indices):
    sizes = list(ctx.attrs["slice_sizes"])
    if getattr(ctx.lowerer, "for_gpu", False) and None not in emit.static_shape(operand):
        return _dynamic_slice_in_loops(ctx, operand, start_indices, sizes)
    offsets = _clamped_starts(ctx, operand, start_indices, sizes)
    rt = emit.tensor_type(sizes, operand.type.element_type)
    dyn = ir.ShapedType.get_dynamic_size()
    return tensor.extract_slice(rt, operand, offsets, [], [], [dyn] * len(sizes), sizes, [1] * len(sizes))


def _dynamic_slice_in_loops(ctx: OpContext, operand, start_indices, sizes):
    """The GPU path's dynamic_slice: a linalg.generic whose body reads the start indices and the
    operand element (a gather), so the starts stay in device memory. As a slice at a run-time
    offset, the offset is a host value (the view's), which the host would have to read back."""
    out = emit.empty(sizes, operand.type.element_type)
    rank = len(sizes)

    def body(_out):
        at = []
        for d, (s, k) in enumerate(zip(start_indices, sizes)):
            v = index_scalar(tensor.extract(s, []), _start_element(ctx, d))
            hi = const(max(emit.static_shape(operand)[d] - k, 0), I64())
            start = to_index(clamp(v, const(0, I64()), hi))
            at.append(arith.addi(start, linalg.IndexOp(d).result))
        return tensor.extract(operand, at)
    return emit.generic([], [out], [emit.identity_map(rank)], ["parallel"] * rank, body)[0]


@lowers("dynamic_update_slice", quant_aware=True)
def dynamic_update_slice(ctx: OpContext, operand, update, *start_indices):
    sizes = emit.dims(update)
    offsets = _clamped_starts(ctx, operand, start_indices, sizes)
    dyn = ir.ShapedType.get_dynamic_size()
    static_sizes = [s if isinstance(s, int) else dyn for s in sizes]
    dyn_sizes = [s for s in sizes if not isinstance(s, int)]
    return tensor.insert_slice(update, operand, offsets, dyn_sizes, [], [dyn] * len(sizes), static_sizes,
                               [1] * len(sizes))


# ----------------------------------------------------------------------------- padding

def _pad_scalar(padding_value: ir.Value) -> ir.Value:
    return tensor.extract(padding_value, [])


@lowers("pad", quant_aware=True)
def pad(ctx: OpContext, operand, padding_value):
    lo, hi, interior = (list(ctx.attrs[k]) for k in ("edge_padding_low", "edge_padding_high", "interior_padding"))
    t = ctx.result_types[0]
    if 0 in t.shape:
        # no elements (the other sizes may be known only at run time): no slice of size 0, which
        # tensor.extract_slice's verifier refuses at an offset past the end (x[:, 8:] of ? x 8)
        dims = emit.dims(operand)
        return emit.empty(emit.sizes_for(t, known={d: _isum(lo[d] + hi[d], _spread(dims[d], interior[d]))
                                                   for d in range(t.rank) if t.shape[d] is None}),
                          emit.lowered_type(t).element_type)
    value = _pad_scalar(padding_value)
    if all(i == 0 for i in interior) and all(x >= 0 for x in lo + hi):
        rt = emit.lowered_type(t)
        op = tensor.PadOp(rt, operand, [], [], lo, hi)
        block = op.regions[0].blocks.append(*([INDEX()] * len(lo)))
        with ir.InsertionPoint(block):
            tensor.YieldOp(value)
        return op.result
    # Interior or negative padding: place the operand with a stride into a filled tensor big
    # enough for the positive padding, then cut off the negative parts.
    dims = emit.dims(operand)
    big, place = [], []
    for n, l, h, i in zip(dims, lo, hi, interior):
        spread = _spread(n, i)
        big.append(_isum(max(l, 0) + max(h, 0), spread))
        place.append(max(l, 0))
    filled = emit.fill(value, big)
    dyn = ir.ShapedType.get_dynamic_size()
    static_sizes = [s if isinstance(s, int) else dyn for s in dims]
    placed = tensor.insert_slice(operand, filled, [], [s for s in dims if not isinstance(s, int)], [],
                                 place, static_sizes, [i + 1 for i in interior])
    offsets = [max(-l, 0) for l in lo]
    sizes = emit.sizes_for(t, known={d: _isub(big[d], max(-lo[d], 0) + max(-hi[d], 0))
                                     for d in range(t.rank) if t.shape[d] is None})
    static = [s if isinstance(s, int) else dyn for s in sizes]
    return tensor.extract_slice(emit.lowered_type(t), placed, [], [s for s in sizes if not isinstance(s, int)], [],
                                offsets, static, [1] * len(sizes))


def _spread(n, interior: int):
    """Size of n elements with `interior` padding between them: n + (n - 1) * interior (0 if n = 0)."""
    if isinstance(n, int):
        return n + max(n - 1, 0) * interior
    if interior == 0:
        return n
    nm1 = arith.maxsi(arith.subi(n, index_const(1)), index_const(0))
    return arith.addi(n, arith.muli(nm1, index_const(interior)))


def _isum(a: int, b):
    return a + b if isinstance(b, int) else arith.addi(b, index_const(a))


def _isub(a, b: int):
    return a - b if isinstance(a, int) else arith.subi(a, index_const(b))


@lowers("dynamic_pad", quant_aware=True)
def dynamic_pad(ctx: OpContext, operand, padding_value, edge_padding_low, edge_padding_high, interior_padding):
    given = [operand, padding_value, edge_padding_low, edge_padding_high, interior_padding]
    _, _, edge_padding_low, edge_padding_high, interior_padding = in_bounds_shape(ctx, given)
    t = ctx.result_types[0]
    n = t.rank
    ie = [ctx.operand_types[k].element for k in (2, 3, 4)]
    lo = [element_index(edge_padding_low, ie[0], d) for d in range(n)]
    hi = [element_index(edge_padding_high, ie[1], d) for d in range(n)]
    inner = [arith.maxsi(element_index(interior_padding, ie[2], d), const(0, I64())) for d in range(n)]
    src = [as_i64(s) for s in emit.dims(operand)]
    sizes = []
    for d in range(n):
        nm1 = arith.maxsi(arith.subi(src[d], const(1, I64())), const(0, I64()))
        total = arith.addi(arith.addi(arith.addi(lo[d], hi[d]), src[d]), arith.muli(nm1, inner[d]))
        sizes.append(t.shape[d] if t.shape[d] is not None else to_index(arith.maxsi(total, const(0, I64()))))
    if _wants_check(ctx):
        # C4 and C6 at run time; the op itself stays in bounds (sizes at least 0, reads clamped)
        def fits():
            P, ok = arith.CmpIPredicate, lengths_fit(ctx, given)
            for d in range(n):
                lo_d, hi_d = (element_index(edge_padding_low, ie[0], d), element_index(edge_padding_high, ie[1], d))
                in_d = element_index(interior_padding, ie[2], d)
                nm1 = arith.maxsi(arith.subi(src[d], const(1, I64())), const(0, I64()))
                total = arith.addi(arith.addi(arith.addi(lo_d, hi_d), src[d]), arith.muli(nm1, in_d))
                ok = _and(ok, arith.cmpi(P.sge, in_d, const(0, I64())))
                ok = _and(ok, arith.cmpi(P.sge, total, const(0, I64())) if t.shape[d] is None
                          else arith.cmpi(P.eq, total, const(t.shape[d], I64())))
            return ok

        size_check(ctx, fits, guard=False)
    out = emit.empty(sizes, operand.type.element_type)
    value = _pad_scalar(padding_value)
    zero = const(0, I64())

    def body(_o):
        # position j in the result: (j - lo) must be a multiple of (interior + 1) and in range
        inside = None
        idx = []
        for d in range(n):
            j = arith.index_cast(I64(), linalg.IndexOp(d).result)
            rel = arith.subi(j, lo[d])
            step = arith.addi(inner[d], const(1, I64()))
            q = arith.divsi(arith.maxsi(rel, zero), step)
            ok = arith.andi(arith.cmpi(arith.CmpIPredicate.sge, rel, zero),
                            arith.cmpi(arith.CmpIPredicate.eq, arith.remsi(arith.maxsi(rel, zero), step), zero))
            ok = arith.andi(ok, arith.cmpi(arith.CmpIPredicate.slt, q, src[d]))
            inside = ok if inside is None else arith.andi(inside, ok)
            idx.append(q)
        if inside is None:
            return tensor.extract(operand, [])
        from mlir.dialects import scf
        if_op = scf.IfOp(inside, [value.type], has_else=True)
        with ir.InsertionPoint(if_op.then_block):
            safe = [to_index(clamp(q, zero, arith.maxsi(arith.subi(s, const(1, I64())), zero)))
                    for q, s in zip(idx, src)]
            scf.YieldOp([tensor.extract(operand, safe)])
        with ir.InsertionPoint(if_op.else_block):
            scf.YieldOp([value])
        return if_op.results[0]

    return emit.generic([], [out], [emit.identity_map(n)], ["parallel"] * n, body)[0]


# ----------------------------------------------------------------------------- concatenate, reverse

@lowers("concatenate", quant_aware=True)
def concatenate(ctx: OpContext, *inputs):
    t = ctx.result_types[0]
    axis = ctx.attrs["dimension"]
    n = t.rank
    like = inputs[0]
    known = {}
    for d in range(n):
        if t.shape[d] is None:
            if d == axis:
                total = index_const(0)
                for v in inputs:
                    total = arith.addi(total, emit.as_index(emit.dim(v, d)))
                known[d] = total
            else:
                known[d] = emit.dim(like, d)
    if n == 1 and t.shape[0] is not None and t.shape[0] <= SMALL and \
            all(emit.static_shape(v)[0] is not None for v in inputs):
        # a shape tensor: kept as its scalars (see small_elements)
        parts = []
        for v in inputs:
            size = emit.static_shape(v)[0]
            known_parts = small_elements(v)
            parts += known_parts if known_parts is not None else \
                [tensor.extract(v, [index_const(j)]) for j in range(size)]
        return tensor.from_elements(ir.RankedTensorType.get([t.shape[0]], like.type.element_type), parts)
    out = emit.empty(emit.sizes_for(t, known=known), like.type.element_type)
    offset = 0
    dyn = ir.ShapedType.get_dynamic_size()
    for v in inputs:
        sizes = emit.dims(v)
        if any(isinstance(s, int) and s == 0 for s in sizes):
            continue        # inserts nothing (and an empty slice at the end would be out of bounds)
        offs = [0] * n
        offs[axis] = offset
        static_sizes = [s if isinstance(s, int) else dyn for s in sizes]
        static_offs = [o if isinstance(o, int) else dyn for o in offs]
        out = tensor.insert_slice(v, out, [o for o in offs if not isinstance(o, int)],
                                  [s for s in sizes if not isinstance(s, int)], [], static_offs, static_sizes,
                                  [1] * n)
        offset = _iadd(offset, sizes[axis])
    return out


def _iadd(a, b):
    if isinstance(a, int) and isinstance(b, int):
        return a + b
    return arith.addi(emit.as_index(a), emit.as_index(b))


@lowers("reverse", quant_aware=True)
def reverse(ctx: OpContext, operand):
    dims = set(ctx.attrs["dimensions"])
    n = emit.rank(operand)
    sizes = emit.dims(operand)
    out = emit.empty(sizes, operand.type.element_type)
    if all(isinstance(sizes[d], int) for d in dims):
        exprs = []
        for d in range(n):
            e = ir.AffineDimExpr.get(d)
            exprs.append(ir.AffineConstantExpr.get(sizes[d] - 1) - e if d in dims else d)
        return emit.generic([operand], [out], [emit.affine_map(n, exprs), emit.identity_map(n)],
                            ["parallel"] * n, lambda x, _o: x)[0]

    def body(_o):
        idx = []
        for d in range(n):
            j = linalg.IndexOp(d).result
            if d in dims:
                j = arith.subi(arith.subi(emit.as_index(sizes[d]), index_const(1)), j)
            idx.append(j)
        return tensor.extract(operand, idx)

    return emit.generic([], [out], [emit.identity_map(n)], ["parallel"] * n, body)[0]


# ----------------------------------------------------------------------------- sizes

@lowers("get_dimension_size", quant_aware=True)
def get_dimension_size(ctx: OpContext, operand):
    size = emit.dim(operand, ctx.attrs["dimension"])
    i32 = ir.IntegerType.get_signless(32)
    v = const(size, i32) if isinstance(size, int) else arith.index_cast(i32, size)
    return emit.from_scalar(v)


# ----------------------------------------------------------------------------- bitcast_convert

def bits_of(v: ir.Value, element: str) -> ir.Value:
    """The bit pattern of a storage scalar as an integer of the element's width."""
    w = el.width(element)
    it = ir.IntegerType.get_signless(w)
    if element in el.SUB_BYTE or (element in el.BYTE_FLOATS and w < 8):    # (f4 / f6: the low bits)
        return arith.trunci(it, v)
    if element in el.BYTE_FLOATS or el.is_int(element) or element == "i1":
        return v
    if el.kind(element) == "complex":
        from mlir.dialects import complex as cx
        return cx.bitcast(it, v)
    return arith.bitcast(it, v)


def from_bits(b: ir.Value, element: str) -> ir.Value:
    """The storage scalar of `element` whose bit pattern is the integer `b`."""
    if element in el.SUB_BYTE or (element in el.BYTE_FLOATS and el.width(element) < 8):
        return arith.extui(el.storage_type(element), b)
    if element in el.BYTE_FLOATS or el.is_int(element):
        return b
    if el.kind(element) == "complex":
        from mlir.dialects import complex as cx
        return cx.bitcast(el.storage_type(element), b)
    return arith.bitcast(el.storage_type(element), b)


@lowers("bitcast_convert", quant_aware=True)
def bitcast_convert(ctx: OpContext, operand):
    src, dst = _storage(ctx), _storage(ctx, 0, True)
    t = ctx.result_types[0]
    n, m = el.width(src), el.width(dst)
    if n == m:
        return _map_storage(operand, t, lambda x: from_bits(bits_of(x, src), dst))
    rank = t.rank
    it_n, it_m = ir.IntegerType.get_signless(n), ir.IntegerType.get_signless(m)
    if m < n:   # each source element becomes n/m results along a new last dimension
        known = {d: emit.dim(operand, d) for d in range(rank - 1) if t.shape[d] is None}
        out = emit.empty(emit.sizes_for(t, known=known), el.storage_type(dst))

        def split(x, _o):
            k = arith.index_cast(it_n, linalg.IndexOp(rank - 1).result)
            shifted = arith.shrui(bits_of(x, src), arith.muli(k, const(m, it_n)))
            return from_bits(arith.trunci(it_m, shifted), dst)

        in_map = emit.affine_map(rank, list(range(rank - 1)))
        return emit.generic([operand], [out], [in_map, emit.identity_map(rank)], ["parallel"] * rank, split)[0]
    # m > n: the last dimension's m/n source elements make one result element
    parts = m // n
    known = {d: emit.dim(operand, d) for d in range(rank) if t.shape[d] is None}
    out = emit.empty(emit.sizes_for(t, known=known), el.storage_type(dst))

    def join(_o):
        idx = [linalg.IndexOp(d).result for d in range(rank)]
        acc = const(0, it_m)
        for k in range(parts):
            x = tensor.extract(operand, idx + [index_const(k)])
            piece = arith.extui(it_m, bits_of(x, src))
            acc = arith.ori(acc, arith.shli(piece, const(k * n, it_m)))
        return from_bits(acc, dst)

    return emit.generic([], [out], [emit.identity_map(rank)], ["parallel"] * rank, join)[0]


def _map_storage(v: ir.Value, t, fn) -> ir.Value:
    """One linalg.generic applying fn to each storage scalar of v."""
    n = t.rank
    out = emit.empty(emit.sizes_for(t, like=v), el.storage_type(emit.storage_element(t)))
    return emit.generic([v], [out], [emit.identity_map(n)] * 2, ["parallel"] * n, lambda x, _o: fn(x))[0]
