"""Custom calls that JAX writes into portable programs, compiled as their targets mean (the
interpreter's interpreter/ops/jax_custom_calls.py says what each computes).

stablehlo.dynamic_reduce_window (jax.export's cumulative sums over a symbolic axis): see below.

stablehlo.dynamic_top_k (lax.top_k with a symbolic k) and stablehlo.dynamic_rng_bit_generator
(rng_bit_generator of a symbolic shape): see below.

XLA's ApproxTopK (`is_fallback` where JAX lowered for the CPU; the exact top k is a right
answer for the TPU's recall targets too), and
stablehlo.dynamic_approx_top_k (the same with a symbolic k): the exact top k, i.e. a sort by the
comparator (a called computation, lowered in place of the sort's region) and the first k along
the reduction dimension. XLA CPU sorts it with is_stable = false, so equal values come out in
std::sort's order (std_sort.py), as the interpreter's do, except f32 / f64 approx_max_k, which
XLA hands to its TopK kernel: ties in index order (a stable sort).

annotate_device_placement (jax.device_put to a memory kind) and xla.sdy.FuncResultSharding (a
result's sharding, in the frontend-attribute form): the values pass through.
"""
from __future__ import annotations

import dataclasses
import re

from mlir import ir
from mlir.dialects import arith, linalg, scf, tensor

from .. import element as el
from .. import emit
from ..element import index_const
from ..registry import LOWERINGS, OpContext, lowers_custom_call
from . import random as rnd
from .elementwise import compare_scalars
from .shapes import element_index


@dataclasses.dataclass
class _CalledRegions(OpContext):
    """An op context whose regions are the bodies of called functions (custom calls name their
    bodies in called_computations)."""
    bodies: list = dataclasses.field(default_factory=list)

    def lower_region(self, i: int, args, scalar: bool = False) -> list:
        return self.lowerer.lower_block(self.bodies[i], list(args), scalar=scalar)


def _function_body(ctx: OpContext, name: str) -> ir.Block:
    fop = ctx.lowerer._functions.get(name)
    if fop is None:
        raise ctx.error(f"called computation @{name} is not a function of the program")
    return fop.regions[0].blocks[0]


def _config(ctx: OpContext) -> dict:
    attrs = ctx.op.attributes
    if "mhlo.backend_config" not in attrs or not isinstance(attrs["mhlo.backend_config"], ir.DictAttr):
        return {}
    d = attrs["mhlo.backend_config"]
    out = {}
    for i in range(len(d)):
        a = d[i].attr
        out[d[i].name] = a.value if isinstance(a, (ir.BoolAttr, ir.IntegerAttr, ir.FloatAttr)) else a
    return out


@lowers_custom_call("ApproxTopK")
def approx_top_k(ctx: OpContext, *operands):
    config = _config(ctx)
    n = len(operands) // 2
    if not n or len(operands) % 2 or "top_k" not in config:
        raise ctx.error("ApproxTopK takes N operands and N init values, one comparator and "
                        "mhlo.backend_config = {top_k, reduction_dim, ...}")
    return _top_k_by_comparator(ctx, operands[:n], config, int(config["top_k"]))


@lowers_custom_call("stablehlo.dynamic_approx_top_k")
def dynamic_approx_top_k(ctx: OpContext, *operands):
    """ApproxTopK with a run-time k: (operands..., inits..., k, result shapes...). A k outside
    [0, size] is clamped into it (the interpreter refuses it; compiled code must not read out
    of bounds); the result shape operands repeat what k says and are not read."""
    n, rem = divmod(len(operands) - 1, 3)
    if n < 1 or rem:
        raise ctx.error("stablehlo.dynamic_approx_top_k takes N operands, N init values, k and N result shapes")
    return _top_k_by_comparator(ctx, operands[:n], _config(ctx), operands[2 * n])


def _top_k_by_comparator(ctx: OpContext, operands, config: dict, k):
    """The first k of `operands` sorted by the called comparator along reduction_dim: XLA CPU's
    ApproxTopK fallback. `k` is an int or a run-time scalar tensor."""
    names = [ir.FlatSymbolRefAttr(a).value for a in ir.ArrayAttr(ctx.op.attributes["called_computations"])] \
        if "called_computations" in ctx.op.attributes else []
    if len(names) != 1 or "reduction_dim" not in config:
        raise ctx.error("ApproxTopK takes one comparator and mhlo.backend_config = {top_k, reduction_dim, ...}")
    if not config.get("aggregate_to_topk", True):
        raise ctx.error("ApproxTopK without aggregate_to_topk returns XLA's approximate bins, whose layout shlo "
                        "does not define")
    # the exact top k is an answer of any recall target: what XLA CPU computes (is_fallback) and
    # what the interpreter gives a TPU program too
    n = len(operands)
    dim = int(config["reduction_dim"]) % emit.rank(operands[0])
    body = _function_body(ctx, names[0])
    # ties as XLA CPU and the interpreter leave them: std::sort's order, but an f32 / f64
    # approx_max_k (a GT comparator) goes to XLA's TopK kernel, ties in index order
    stable = ctx.operand_types[0].element in ("f32", "f64") and any(
        op.name == "shlo.compare" and "GT" in str(op.attributes["comparison_direction"])
        for op in body.operations)
    fields = {f.name: getattr(ctx, f.name) for f in dataclasses.fields(OpContext)}
    fields.update(name="sort", attrs={"dimension": dim, "is_stable": stable},
                  operand_types=ctx.operand_types[:n], result_types=ctx.operand_types[:n])
    sub = _CalledRegions(**fields, bodies=[body])
    ordered = LOWERINGS["sort"](sub, *operands)
    dyn = ir.ShapedType.get_dynamic_size()
    if not isinstance(k, int):
        size = emit.as_index(emit.dims(operands[0])[dim])
        k = arith.minsi(arith.maxsi(arith.index_cast(ir.IndexType.get(), tensor.extract(k, [])), index_const(0)),
                        size)
    out = []
    for v in ordered:
        sizes = emit.dims(v)
        rank = len(sizes)
        static = [(k if isinstance(k, int) else dyn) if d == dim else (s if isinstance(s, int) else dyn)
                  for d, s in enumerate(sizes)]
        dynamic = [(k if d == dim else s) for d, s in enumerate(sizes)
                   if (d == dim and not isinstance(k, int)) or (d != dim and not isinstance(s, int))]
        result_type = ir.RankedTensorType.get(static, ir.RankedTensorType(v.type).element_type)
        out.append(tensor.extract_slice(result_type, v, [], dynamic, [], [0] * rank, static, [1] * rank))
    return out


@lowers_custom_call("stablehlo.dynamic_reduce_window")
def dynamic_reduce_window(ctx: OpContext, *operands):
    """reduce_window whose window sizes, strides, dilations and padding are run-time values: one
    loop nest over the result, and per result element a loop over the window's taps that reads
    the input where a tap lands on one of its elements and the init value elsewhere (padding
    and the holes of base dilation), folding with the body (a called computation)."""
    names = [ir.FlatSymbolRefAttr(a).value for a in ir.ArrayAttr(ctx.op.attributes["called_computations"])] \
        if "called_computations" in ctx.op.attributes else []
    n, rem = divmod(len(operands) - 5, 2)
    if n < 1 or rem or len(names) != 1:
        raise ctx.error("stablehlo.dynamic_reduce_window takes N inputs, N init values, 5 window tensors "
                        "and one called computation")
    inputs, inits = list(operands[:n]), list(operands[n:2 * n])
    if any(a.element != r.element for a, r in zip(ctx.operand_types[:n], ctx.result_types)):
        raise ctx.error("stablehlo.dynamic_reduce_window with results of other element types than its inputs "
                        "is not compiled")
    rank = emit.rank(inputs[0])
    params = []
    for t, v in zip(ctx.operand_types[2 * n:2 * n + 4], operands[2 * n:2 * n + 4]):
        params.append([emit.as_index(arith.index_cast(ir.IndexType.get(), element_index(v, t.element, d)))
                       for d in range(rank)])
    wdims, strides, base, wdil = params
    pad_t, pad = ctx.operand_types[2 * n + 4], operands[2 * n + 4]
    flat_pad = tensor.collapse_shape(ir.RankedTensorType.get([2 * rank], ir.RankedTensorType(pad.type).element_type),
                                     pad, [[0, 1]])
    lo = [arith.index_cast(ir.IndexType.get(), element_index(flat_pad, pad_t.element, 2 * d)) for d in range(rank)]
    hi = [arith.index_cast(ir.IndexType.get(), element_index(flat_pad, pad_t.element, 2 * d + 1)) for d in range(rank)]
    one, zero = index_const(1), index_const(0)
    in_sizes = [emit.as_index(s) for s in emit.dims(inputs[0])]
    known = {}
    for d in range(rank):
        dilated = arith.maxsi(arith.addi(arith.muli(arith.subi(in_sizes[d], one), base[d]), one), zero)
        padded = arith.addi(arith.addi(dilated, lo[d]), hi[d])
        span = arith.addi(arith.muli(arith.subi(wdims[d], one), wdil[d]), one)
        fit = arith.subi(padded, span)
        count = arith.addi(arith.floordivsi(fit, strides[d]), one)
        known[d] = arith.maxsi(arith.select(arith.cmpi(arith.CmpIPredicate.slt, fit, zero), zero, count), zero)
    sizes = emit.sizes_for(ctx.result_types[0], known=known)
    init_scalars = [tensor.extract(v, []) for v in inits]
    outs = [emit.fill(s, sizes) for s in init_scalars]
    taps = one
    for w in wdims:
        taps = arith.muli(taps, w)
    fields = {f.name: getattr(ctx, f.name) for f in dataclasses.fields(OpContext)}
    body_ctx = _CalledRegions(**fields, bodies=[_function_body(ctx, names[0])])

    def element(*accs):
        out_index = [linalg.IndexOp(d).result for d in range(rank)]
        loop = scf.ForOp(zero, taps, one, list(accs))
        with ir.InsertionPoint(loop.body):
            rest, valid, where = loop.induction_variable, None, []
            for d in reversed(range(rank)):         # the tap's position, row-major
                t = arith.remsi(rest, wdims[d])
                rest = arith.divsi(rest, wdims[d])
                p = arith.subi(arith.addi(arith.muli(out_index[d], strides[d]), arith.muli(t, wdil[d])), lo[d])
                ok = arith.andi(arith.cmpi(arith.CmpIPredicate.sge, p, zero),
                                arith.andi(arith.cmpi(arith.CmpIPredicate.eq, arith.remsi(p, base[d]), zero),
                                           arith.cmpi(arith.CmpIPredicate.slt, arith.divsi(p, base[d]), in_sizes[d])))
                valid = ok if valid is None else arith.andi(valid, ok)
                where.insert(0, arith.divsi(p, base[d]))
            read = scf.IfOp(valid, [s.type for s in init_scalars], has_else=True)
            with ir.InsertionPoint(read.then_block):
                scf.YieldOp([tensor.extract(x, where) for x in inputs])
            with ir.InsertionPoint(read.else_block):
                scf.YieldOp(init_scalars)
            scf.YieldOp(body_ctx.lower_region(0, list(loop.inner_iter_args) + list(read.results), scalar=True))
        return list(loop.results)

    return emit.generic([], outs, [emit.identity_map(rank)] * n, ["parallel"] * rank, element)


# ----------------------------------------------------------------------------- dynamic_top_k

@dataclasses.dataclass
class _TopKOrder(OpContext):
    """A sort context whose comparator is lax.top_k's, emitted directly: the first operand by
    `GT` (TOTALORDER for floats: +NaN first, -NaN last, +0 before -0), ties kept in index
    order by the stable sort."""
    element: str = ""

    def lower_region(self, i: int, args, scalar: bool = False) -> list:
        a, b = (el.to_compute(v, self.element) for v in args[:2])   # (lhs, rhs) of the operand
        total = "TOTALORDER" if el.is_float(self.element) else None
        return [compare_scalars(a, b, self.element, "GT", total)]


@lowers_custom_call("stablehlo.dynamic_top_k")
def dynamic_top_k(ctx: OpContext, operand, k):
    """(values, indices) of the k largest entries along the last dimension, as the interpreter:
    a stable sort of (operand, iota) by the top_k order, then the first k. A k outside
    [0, size] is clamped into it (the interpreter refuses it; compiled code must not read out
    of bounds)."""
    if len(ctx.result_types) != 2 or emit.rank(operand) == 0:
        raise ctx.error("stablehlo.dynamic_top_k takes (operand of rank >= 1, k) and returns (values, indices)")
    element = ctx.operand_types[0].element
    if el.kind(element) not in ("float", "signed", "unsigned"):
        raise ctx.error(f"stablehlo.dynamic_top_k of {element} elements is not compiled (integers or floats only)")
    rank = emit.rank(operand)
    sizes = emit.dims(operand)
    index_element = ctx.result_types[1].element
    index_type = el.storage_type(index_element)
    iota = emit.generic([], [emit.empty(sizes, index_type)], [emit.identity_map(rank)], ["parallel"] * rank,
                        lambda _o: arith.index_cast(index_type, linalg.IndexOp(rank - 1).result))[0]
    fields = {f.name: getattr(ctx, f.name) for f in dataclasses.fields(OpContext)}
    fields.update(name="sort", attrs={"dimension": rank - 1, "is_stable": True},
                  operand_types=[ctx.operand_types[0], ctx.result_types[1]],
                  result_types=[ctx.operand_types[0], ctx.result_types[1]])
    ordered = LOWERINGS["sort"](_TopKOrder(**fields, element=element), operand, iota)
    n = emit.as_index(sizes[-1])
    count = arith.index_cast(ir.IndexType.get(), tensor.extract(k, []))
    count = arith.minsi(arith.maxsi(count, index_const(0)), n)
    dyn = ir.ShapedType.get_dynamic_size()
    out = []
    for v, t in zip(ordered, ctx.result_types):
        last = t.shape[-1]
        static = [s if isinstance(s, int) else dyn for s in sizes[:-1]] + [dyn if last is None else last]
        dynamic = [s for s in sizes[:-1] if not isinstance(s, int)] + ([count] if last is None else [])
        result_type = ir.RankedTensorType.get(static, ir.RankedTensorType(v.type).element_type)
        out.append(tensor.extract_slice(result_type, v, [], dynamic, [], [0] * rank, static, [1] * rank))
    return out


# ----------------------------------------------------------------------------- dynamic_rng_bit_generator

@lowers_custom_call("stablehlo.dynamic_rng_bit_generator")
def dynamic_rng_bit_generator(ctx: OpContext, initial_state, output_shape):
    """rng_bit_generator whose output shape is a run-time tensor: the same counter-based words
    as the static lowering (lowering/ops/random.py), with the linear index, the block count and
    THREE_FRY's choice of the split dimension (the first even size, else the first largest)
    computed from the run-time sizes."""
    state_t, out_t = ctx.result_types
    element = out_t.element
    if el.kind(element) not in ("signed", "unsigned", "float"):
        raise ctx.error(f"stablehlo.dynamic_rng_bit_generator cannot produce element type {element}")
    rank = len(out_t.shape)
    shape_t = ctx.operand_types[1]
    if shape_t.shape != (rank,) and list(shape_t.shape) != [rank]:
        raise ctx.error(f"stablehlo.dynamic_rng_bit_generator: output_shape {shape_t} does not have one entry "
                        f"per dimension of the result {out_t}")
    u64 = ir.IntegerType.get_signless(64)
    sizes64 = []
    for d, s in enumerate(out_t.shape):
        v = element_index(output_shape, shape_t.element, d) if s is None else rnd._c64(s)
        sizes64.append(v)
    sizes = [s if s is not None else arith.index_cast(ir.IndexType.get(), sizes64[d])
             for d, s in enumerate(out_t.shape)]
    algorithm = _rng_algorithm(ctx)
    count = state_t.shape[0]
    words = rnd._state_words(initial_state, count)
    wide = el.width(element) == 64
    total = rnd._c64(1)
    for s in sizes64:
        total = arith.muli(total, s)

    def linear(dims64):
        lin = rnd._c64(0)
        for d, s in enumerate(dims64):
            lin = arith.addi(arith.muli(lin, s), _iteration(d))
        return lin

    if algorithm == "THREE_FRY":
        if count != 2:
            raise ctx.error(f"THREE_FRY needs a state of 2 elements, got {count}")
        word, used = _three_fry(sizes64, words[0], words[1], wide, linear, total)
        new_state = [words[0], arith.addi(words[1], used)]
    elif algorithm == "PHILOX":
        if count not in (2, 3):
            raise ctx.error(f"PHILOX needs a state of 2 or 3 elements, got {count}")
        hi = words[2] if count == 3 else words[0]
        word, used = _philox(words[0], words[1], hi, wide, lambda: linear(sizes64), total)
        lo2 = arith.addi(words[1], used)
        carry = arith.extui(u64, arith.cmpi(arith.CmpIPredicate.ult, lo2, words[1]))
        new_state = [words[0], lo2] + ([arith.addi(hi, carry)] if count == 3 else [])
    else:
        raise ctx.error(f"unknown rng_algorithm {algorithm}")
    out = emit.empty(sizes, el.storage_type(element))
    values = emit.generic([], [out], [emit.identity_map(rank)], ["parallel"] * rank,
                          lambda _o: rnd._word_to_element(word(), element))[0]
    state = tensor.from_elements(emit.lowered_type(state_t), new_state)
    return [state, values]


def _rng_algorithm(ctx: OpContext) -> str:
    """The custom call's `rng_algorithm` (not an attribute of custom_call in the spec, so read
    from the op itself): DEFAULT is PHILOX, as in the static lowering."""
    attr = ctx.op.attributes["rng_algorithm"] if "rng_algorithm" in ctx.op.attributes else None
    if attr is None:
        return "PHILOX"
    match = re.search(r"<\s*(\w+)\s*>", str(attr))
    if match is None:
        raise ctx.error(f"stablehlo.dynamic_rng_bit_generator: rng_algorithm {attr} is not an rng_algorithm")
    return "PHILOX" if match.group(1) == "DEFAULT" else match.group(1)


def _iteration(d: int) -> ir.Value:
    return arith.index_cast(ir.IntegerType.get_signless(64), linalg.IndexOp(d).result)


def _philox(key, lo, hi, wide: bool, linear, total):
    """As random._philox, with the element count `total` a run-time u64."""
    c64 = rnd._c64
    w = arith.muli(total, c64(2)) if wide else total
    m = arith.divui(arith.addi(w, c64(3)), c64(4))
    k0, k1 = rnd._split(key)

    def block(t):
        lo_t = arith.addi(lo, t)
        carry = arith.extui(lo.type, arith.cmpi(arith.CmpIPredicate.ult, lo_t, lo))
        return rnd.philox4x32(k0, k1, *rnd._split(lo_t), *rnd._split(arith.addi(hi, carry)))

    def lane(ys, sel):
        out = ys[0]
        for j in (1, 2, 3):
            out = arith.select(arith.cmpi(arith.CmpIPredicate.eq, sel, c64(j)), ys[j], out)
        return out

    def word():
        i = linear()
        if wide:
            ys = block(arith.shrui(i, c64(1)))
            first = arith.muli(arith.andi(i, c64(1)), c64(2))
            return rnd._join(lane(ys, first), lane(ys, arith.addi(first, c64(1))))
        return lane(block(arith.shrui(i, c64(2))), arith.andi(i, c64(3)))

    return word, m


def _three_fry(sizes64, key, counter, wide: bool, linear, total):
    """As random._three_fry with run-time sizes: 64-bit words take one block per element;
    32-bit ones pair up elements along dimension d (the first even size, else the first
    largest), one block per pair, the odd member taking the block's second word."""
    c64 = rnd._c64
    k0, k1 = rnd._split(key)
    if wide:
        def word():
            y0, y1 = rnd.threefry2x32(k0, k1, *rnd._split(arith.addi(counter, linear(sizes64))))
            return rnd._join(y0, y1)
        return word, total
    if not sizes64:                              # a scalar: one block, its first word
        def word():
            return rnd.threefry2x32(k0, k1, *rnd._split(counter))[0]
        return word, c64(1)
    ult, eq = arith.CmpIPredicate.ult, arith.CmpIPredicate.eq
    # d: the first even size; failing that, the first of the largest
    d, found = c64(0), None
    for i, s in enumerate(sizes64):
        even = arith.cmpi(eq, arith.andi(s, c64(1)), c64(0))
        if found is None:
            d, found = c64(i), even
        else:
            d = arith.select(arith.andi(even, arith.xori(found, el.const(1, found.type))), c64(i), d)
            found = arith.ori(found, even)
    largest, biggest = c64(0), sizes64[0]
    for i, s in enumerate(sizes64[1:], start=1):
        more = arith.cmpi(ult, biggest, s)
        largest, biggest = arith.select(more, c64(i), largest), arith.select(more, s, biggest)
    d = arith.select(found, d, largest)
    split = [arith.cmpi(eq, d, c64(i)) for i in range(len(sizes64))]
    half = [arith.select(split[i], arith.shrui(arith.addi(s, c64(1)), c64(1)), s) for i, s in enumerate(sizes64)]
    used = c64(1)
    for h in half:
        used = arith.muli(used, h)

    def word():
        lin, parity = c64(0), c64(0)
        for i, h in enumerate(half):
            j = _iteration(i)
            parity = arith.select(split[i], arith.andi(j, c64(1)), parity)
            lin = arith.addi(arith.muli(lin, h), arith.select(split[i], arith.shrui(j, c64(1)), j))
        y0, y1 = rnd.threefry2x32(k0, k1, *rnd._split(arith.addi(counter, lin)))
        return arith.select(arith.cmpi(arith.CmpIPredicate.ne, parity, c64(0)), y1, y0)

    return word, used


@lowers_custom_call("annotate_device_placement")
@lowers_custom_call("xla.sdy.FuncResultSharding")
def placement_annotation(ctx: OpContext, *operands):
    """jax.device_put to a memory kind, a function result's sharding: where XLA keeps values;
    they pass through (one device, one address space)."""
    if len(operands) != len(ctx.result_types):
        raise ctx.error("a placement annotation has as many results as operands")
    return list(operands)
