"""Linear algebra: dot_general, convolution and dynamic_conv.

dot_general becomes `linalg.matmul` ([M, K] x [K, N]) or `linalg.batch_matmul`
([B, M, K] x [B, K, N]): each operand is transposed to (batch, free,
contracting) order (lhs) or (batch, contracting, free) order (rhs) and its
groups of dimensions collapsed into one (a missing group becomes a unit
dimension); the [B, M, N] result is expanded back, which is already the
result's dimension order. Without contracting dimensions the op is an outer
product: one element-wise `linalg.generic`; where a group would hold several
dynamic dimensions (MLIR cannot lower such reshapes) it is one contraction
`linalg.generic`.

convolution moves the input to (N, spatial..., C) and the kernel to
(spatial..., I, O), dilates and pads the input (one `linalg.generic` that
reads the kept elements; `tensor.pad` / `insert_slice` would bufferize to a
strided `memref.copy`, which needs MLIR's runtime library), and runs
`linalg.conv_{1,2,3}d_n*c_*cf` (rank 2: `linalg.matmul`); feature groups use
the depthwise named ops (one input
feature per group), `conv_2d_nhwgc_gfhwc` (2-D) or a `linalg.generic`;
batch groups are turned into feature groups by moving the batch groups next
to the features. The result is transposed to the requested layout. Small f32
convolutions whose XLA CPU order the interpreter takes (its oneDNN kernel
orders, transposed convolutions, kernels larger than the input) are summed in
that order by unrolled generics instead (`_conv_in_order`,
`_transposed_in_order`, `_swapped_in_order`).

Accumulation (the "plan"): products and sums are formed in an accumulator
type, then converted once to the result type:

  result            accumulator
  iN / uiN          the N-bit storage integer (wraps as N-bit arithmetic;
                    i2/i4: i8, masked at the end)
  bool              i32 (i64 for huge K) counts of true products, then != 0
  f16 / bf16 / f8   f32 (f8 operands are decoded to f32 first)
  f32 / f64         itself (f64 when an operand is f64)
  complex           itself

Where the named op's own cast (`cast_signed` / `cast_unsigned`) turns an
operand's storage into the accumulator correctly (i8 x i8 -> i32, ui8 -> i32,
bf16 -> f32, bool 0/1 -> i32) the operand is used as is; otherwise it is
converted element-wise first (fused with its transpose). dot_general sums
the operands' own values (as the interpreter does); convolution first
converts the operands to the result's element type (as the spec says).
"""
from __future__ import annotations

import dataclasses

import numpy as np
from mlir import ir
from mlir.dialects import arith, complex as cx, linalg, scf, tensor

from .. import element as el
from .. import emit
from ..registry import OpContext, lowers
from .elementwise import convert_scalar

DYN = ir.ShapedType.get_dynamic_size()


# ----------------------------------------------------------------------------- index arithmetic
# Sizes are Python ints where static and index Values where not; these fold ints.

def _ix(x) -> ir.Value:
    return el.index_const(x) if isinstance(x, int) else x


def _both_static(*xs) -> bool:
    return all(isinstance(x, int) for x in xs)


def _add(a, b):
    return a + b if _both_static(a, b) else arith.addi(_ix(a), _ix(b))


def _sub(a, b):
    return a - b if _both_static(a, b) else arith.subi(_ix(a), _ix(b))


def _mul(a, b):
    return a * b if _both_static(a, b) else arith.muli(_ix(a), _ix(b))


def _max(a, b):
    return max(a, b) if _both_static(a, b) else arith.maxsi(_ix(a), _ix(b))


def _min(a, b):
    return min(a, b) if _both_static(a, b) else arith.minsi(_ix(a), _ix(b))


def _floordiv(a, c: int):
    return a // c if isinstance(a, int) else arith.floordivsi(a, el.index_const(c))


def _ceildiv(a, c: int):
    return -(-a // c) if isinstance(a, int) else arith.ceildivsi(a, el.index_const(c))


def _static_of(size) -> int:
    return size if isinstance(size, int) else DYN


def _mixed(sizes):
    """(dynamic values, static list with DYN where dynamic) for an offsets/sizes operand pair."""
    return [s for s in sizes if not isinstance(s, int)], [_static_of(s) for s in sizes]


def _product(sizes):
    out = 1
    for s in sizes:
        out = _mul(out, s)
    return out


def _loop_index(d: int) -> ir.Value:
    """linalg.index: the loop index `d` inside a linalg.generic body (`linalg.index` in the
    bindings is the OpDSL's, not the op's builder)."""
    return linalg.IndexOp(d).result


def _etype(v: ir.Value) -> ir.Type:
    return ir.RankedTensorType(v.type).element_type


# ----------------------------------------------------------------------------- scalars of the accumulator

def _zero(t: ir.Type) -> ir.Value:
    if isinstance(t, ir.ComplexType):
        part = t.element_type
        return cx.create_(t, el.const(0.0, part), el.const(0.0, part))
    return el.const(0, t) if isinstance(t, ir.IntegerType) else el.const(0.0, t)


def _mul_acc(a, b):
    t = a.type
    if isinstance(t, ir.ComplexType):
        return cx.mul(a, b)
    return arith.muli(a, b) if isinstance(t, ir.IntegerType) else arith.mulf(a, b)


def _add_acc(a, b):
    t = a.type
    if isinstance(t, ir.ComplexType):
        return cx.add(a, b)
    return arith.addi(a, b) if isinstance(t, ir.IntegerType) else arith.addf(a, b)


def _cast_scalar(v: ir.Value, t: ir.Type, unsigned: bool) -> ir.Value:
    """What a named op's cast_signed / cast_unsigned does to one operand element."""
    s = v.type
    if s == t:
        return v
    if isinstance(s, ir.IntegerType) and isinstance(t, ir.IntegerType):
        if s.width > t.width:
            return arith.trunci(t, v)
        return arith.extui(t, v) if unsigned else arith.extsi(t, v)
    if isinstance(s, ir.IntegerType):
        return arith.uitofp(t, v) if unsigned else arith.sitofp(t, v)
    return arith.extf(t, v) if _float_width(t) > _float_width(s) else arith.truncf(t, v)


def _float_width(t: ir.Type) -> int:
    return {"f16": 16, "bf16": 16, "f32": 32, "f64": 64}[str(t)]


# ----------------------------------------------------------------------------- accumulation plan

@dataclasses.dataclass
class _Operand:
    element: str                    # shlo element of its storage
    cast: str | None                # "signed" / "unsigned": the named op's cast reads it; None: convert first
    convert: object = None          # fn(compute scalar) -> accumulator scalar, when cast is None


@dataclasses.dataclass
class _Plan:
    acc: str                        # accumulator element (its storage is its compute type)
    result: str                     # result element
    operands: list                  # _Operand per operand

    @property
    def acc_type(self) -> ir.Type:
        return el.mlir_type(self.acc)

    @property
    def needs_finish(self) -> bool:
        r = self.result
        return (el.storage_type(r) != self.acc_type or r in el.SUB_BYTE or r in el.BYTE_FLOATS)

    @property
    def cast_fn(self):
        """The cast attribute of a named op reading every directly-read operand."""
        modes = {o.cast for o in self.operands if o.cast}
        return linalg.TypeFn.cast_unsigned if modes == {"unsigned"} else linalg.TypeFn.cast_signed

    def finish(self, v: ir.Value) -> ir.Value:
        """An accumulator scalar as the result's storage scalar."""
        return el.from_compute(convert_scalar(v, self.acc, self.result), self.result)

    def to_acc(self, i: int, v: ir.Value) -> ir.Value:
        """Operand `i`'s storage scalar as an accumulator scalar (in loop bodies)."""
        o = self.operands[i]
        if o.cast:
            return _cast_scalar(v, self.acc_type, o.cast == "unsigned")
        return o.convert(el.to_compute(v, o.element))


def _accumulator(result: str, operand: str, reduction_size) -> str:
    k = el.kind(result)
    if k == "bool":
        small = isinstance(reduction_size, int) and reduction_size < 2 ** 31
        return "i32" if small else "i64"
    if k in ("signed", "unsigned"):
        return f"i{max(8, el.width(result))}"
    if k == "float":
        return "f64" if "f64" in (result, operand) else "f32"
    if k == "complex":
        return "complex<f64>" if "complex<f64>" in (result, operand) else "complex<f32>"
    raise ValueError(f"no accumulator for {result}")


def _direct_cast(op: str, acc: str, result: str) -> str | None:
    """How a named op reads storage of `op` into accumulator `acc` with the right value
    (modulo 2^N for integer results), or None when it cannot."""
    rk, ok = el.kind(result), el.kind(op)
    if rk == "complex":
        return "signed" if op == acc else None
    if ok == "bool":
        return "unsigned"
    if rk == "bool":
        return None
    if ok == "unsigned":
        return "unsigned"          # storage holds the value zero-extended (ui2/ui4 too)
    if ok == "signed":
        if op not in el.SUB_BYTE:
            return "signed"
        # i2/i4 storage holds the low bits: congruent modulo 2^N for results no wider
        if rk in ("signed", "unsigned") and el.width(result) <= el.width(op):
            return "unsigned"
        return None
    if ok == "float" and rk == "float" and op not in el.BYTE_FLOATS:
        return "signed"
    return None


def _dot_operand(op: str, acc: str, result: str, convert: bool = False) -> _Operand:
    cast = None if convert else _direct_cast(op, acc, result)
    if cast:
        return _Operand(op, cast)
    if el.kind(result) == "bool":
        # the interpreter's boolean accumulation reads any value != 0 as true
        return _Operand(op, None, lambda v: convert_scalar(convert_scalar(v, op, "i1"), "i1", acc))
    return _Operand(op, None, lambda v: convert_scalar(v, op, acc))


def _conv_operand(op: str, acc: str, result: str) -> _Operand:
    """Convolution converts operands to the result type before multiplying. When they have it
    already, storage reads right with cast_signed (the conv named ops' only cast): the same type,
    bool 0/1, or a widening float."""
    if op == result and _direct_cast(op, acc, result):
        return _Operand(op, "signed")
    return _Operand(op, None, lambda v: convert_scalar(convert_scalar(v, op, result), result, acc))


def _check_combination(ctx: OpContext, ops: list, result: str):
    rk = el.kind(result)
    for op in ops:
        ok = el.kind(op)
        if rk == "bool" and ok in ("float", "complex"):
            raise ctx.error(f"a boolean result from {op} operands is not supported")
        if rk in ("signed", "unsigned", "float") and ok == "complex":
            raise ctx.error(f"a {result} result from {op} operands is not supported")


# ----------------------------------------------------------------------------- tensor helpers

def _transpose(v: ir.Value, perm) -> ir.Value:
    perm = [int(p) for p in perm]
    if perm == list(range(len(perm))):
        return v
    sizes = emit.dims(v)
    out = emit.empty([sizes[p] for p in perm], _etype(v))
    return _result(linalg.transpose(v, outs=[out], permutation=perm))


def _result(op) -> ir.Value:
    """The value of a builder's result (some builders return the op)."""
    if isinstance(op, ir.Value):
        return op
    if isinstance(op, ir.OpResultList):
        return op[0]
    return op.results[0]


def _inverse(perm) -> list:
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return inv


def _rearranged(v: ir.Value, perm, plan: _Plan | None = None, index: int = 0, reverse=()) -> ir.Value:
    """out[i...] = v[...] with out dim j = v dim perm[j]; `reverse` (dims of v) read backwards;
    with `plan`, operand `index` is converted to the accumulator when its plan says so."""
    perm = [int(p) for p in perm]
    convert = plan is not None and plan.operands[index].cast is None
    if not convert and not reverse:
        return _transpose(v, perm)
    sizes = emit.dims(v)
    n = len(perm)
    et = plan.acc_type if convert else _etype(v)
    out = emit.empty([sizes[p] for p in perm], et)
    inv = _inverse(perm)

    def body(*args):
        if reverse:
            # read the element at the reversed index (a map like K - 1 - d cannot be tiled)
            idx = []
            for d in range(n):
                i = _loop_index(inv[d])
                if d in reverse:
                    i = arith.subi(arith.subi(_ix(sizes[d]), el.index_const(1)), i)
                idx.append(i)
            x = tensor.extract(v, idx)
        else:
            x = args[0]
        return plan.to_acc(index, x) if convert else x

    ins = [] if reverse else [v]
    maps = ([] if reverse else [emit.affine_map(n, [inv[d] for d in range(n)])]) + [emit.identity_map(n)]
    return emit.generic(ins, [out], maps, ["parallel"] * n, body)[0]


def _collapse(v: ir.Value, groups) -> ir.Value:
    shape = emit.static_shape(v)
    out_shape = []
    for g in groups:
        sizes = [shape[d] for d in g]
        out_shape.append(None if None in sizes else int(np.prod(sizes, dtype=np.int64)))
    rt = emit.tensor_type(out_shape, _etype(v))
    return tensor.collapse_shape(rt, v, [list(g) for g in groups])


def _expand(v: ir.Value, groups, sizes) -> ir.Value:
    rt = emit.tensor_type([s if isinstance(s, int) else None for s in sizes], _etype(v))
    dynamic, static = _mixed(sizes)
    return tensor.expand_shape(rt, v, [list(g) for g in groups], dynamic, static)


def _attach_units(targets: list, is_unit: list) -> list:
    """Reassociation groups that merge each unit target dim into a neighbouring kept dim."""
    kept = [t for t in targets if not is_unit[t]]
    if not kept:
        return []
    groups = [[k] for k in kept]
    j = 0
    for t in targets:
        if is_unit[t]:
            # before the first kept dim: join the first group; else the latest one
            if t < kept[0]:
                groups[0].insert(0, t)
            else:
                groups[j].append(t)
        else:
            j = kept.index(t)
    for g in groups:
        g.sort()
    return groups


def _regroup(v: ir.Value, counts: list) -> ir.Value:
    """Consecutive dims of `v` in groups of `counts[i]` dims, each collapsed into one dim
    (an empty group becomes a unit dim)."""
    starts = np.cumsum([0] + counts[:-1]).tolist()
    groups = [list(range(s, s + c)) for s, c in zip(starts, counts) if c]
    if any(c > 1 for c in counts):
        v = _collapse(v, groups)
    if all(counts):
        return v
    # insert unit dims for the empty groups
    n = len(counts)
    is_unit = [c == 0 for c in counts]
    src_sizes = iter(emit.dims(v))
    sizes = [1 if u else next(src_sizes) for u in is_unit]
    return _expand(v, _attach_units(list(range(n)), is_unit), sizes)


def _ungroup(v: ir.Value, shapes: list) -> ir.Value:
    """The inverse of `_regroup`: dim i of `v` expanded into sizes `shapes[i]` (empty: a unit dim
    dropped)."""
    n = len(shapes)
    is_unit = [len(s) == 0 for s in shapes]
    if any(is_unit):
        v = _collapse(v, _attach_units(list(range(n)), is_unit)) if not all(is_unit) else \
            tensor.collapse_shape(emit.tensor_type([], _etype(v)), v, [])
    kept = [s for s in shapes if s]
    if all(len(s) == 1 for s in kept):
        return v
    groups, sizes, at = [], [], 0
    for s in kept:
        groups.append(list(range(at, at + len(s))))
        sizes.extend(s)
        at += len(s)
    return _expand(v, groups, sizes)


def _split_dim(v: ir.Value, d: int, outer: int) -> ir.Value:
    """Dim `d` of size outer * inner expanded into (outer, inner)."""
    sizes = emit.dims(v)
    inner = sizes[d] // outer if isinstance(sizes[d], int) else arith.divui(sizes[d], el.index_const(outer))
    groups, at = [], 0
    for i in range(len(sizes)):
        groups.append([at, at + 1] if i == d else [at])
        at += len(groups[-1])
    return _expand(v, groups, sizes[:d] + [outer, inner] + sizes[d + 1:])


def _filled(sizes, t: ir.Type) -> ir.Value:
    return emit.fill_into(_zero(t), emit.empty(sizes, t))


def _finished(v: ir.Value, plan: _Plan, perm=None) -> ir.Value:
    """The accumulator tensor as the result's storage, transposed by `perm` (out dim j = dim perm[j])."""
    n = emit.rank(v)
    perm = list(range(n)) if perm is None else [int(p) for p in perm]
    if not plan.needs_finish:
        return _transpose(v, perm)
    sizes = emit.dims(v)
    out = emit.empty([sizes[p] for p in perm], el.storage_type(plan.result))
    inv = _inverse(perm)
    in_map = emit.affine_map(n, [inv[d] for d in range(n)])
    return emit.generic([v], [out], [in_map, emit.identity_map(n)], ["parallel"] * n,
                        lambda a, _o: plan.finish(a))[0]


def _pick(a, b):
    """Two sizes of the same dimension: the static one if any."""
    return a if isinstance(a, int) else b


# ----------------------------------------------------------------------------- dot_general

def _dims(values) -> list:
    return [int(d) for d in (values or [])]


@lowers("dot_general")
def dot_general(ctx: OpContext, lhs, rhs):
    dn = ctx.attrs["dot_dimension_numbers"]
    lb, rb = _dims(dn.lhs_batching_dimensions), _dims(dn.rhs_batching_dimensions)
    lc, rc = _dims(dn.lhs_contracting_dimensions), _dims(dn.rhs_contracting_dimensions)
    lt, rt = ctx.operand_types
    res = ctx.result_types[0]
    lf = [d for d in range(lt.rank) if d not in lb and d not in lc]
    rf = [d for d in range(rt.rank) if d not in rb and d not in rc]
    _check_combination(ctx, [lt.element, rt.element], res.element)
    ls, rs = emit.dims(lhs), emit.dims(rhs)
    k = _product([_pick(ls[a], rs[b]) for a, b in zip(lc, rc)])
    acc = _accumulator(res.element, lt.element if lt.element == rt.element else "", k)
    plan = _Plan(acc, res.element, [_dot_operand(lt.element, acc, res.element),
                                   _dot_operand(rt.element, acc, res.element)])
    batch_sizes = [_pick(ls[a], rs[b]) for a, b in zip(lb, rb)]
    result_sizes = emit.sizes_for(res, known=dict(enumerate(batch_sizes + [ls[d] for d in lf] + [rs[d] for d in rf])))
    if _statically_empty(result_sizes):
        return _no_elements(result_sizes, res.element)
    if _statically_empty([k]):
        # nothing to multiply (and no loop of extent 0 for the schedules to tile)
        return _finished(_filled(result_sizes, plan.acc_type), plan)
    if not lc:
        return _outer_product(lhs, rhs, lb, rb, lf, rf, result_sizes, plan)
    groups = [[ls[d] for d in g] for g in (lb, lf, lc)] + [[rs[d] for d in g] for g in (rb, rf, rc)]
    if any(_dynamic_count(g) > 1 for g in groups):
        # MLIR cannot lower reshapes that split one dim into several dynamic ones
        return _contraction(lhs, rhs, lb, rb, lc, rc, lf, rf, result_sizes, plan)
    _unify_casts(plan)
    a = _rearranged(lhs, lb + lf + lc, plan, 0)
    b = _rearranged(rhs, rb + rc + rf, plan, 1)
    nb = [len(lb)] if lb else []
    a = _regroup(a, nb + [len(lf), len(lc)])
    b = _regroup(b, nb + [len(rc), len(rf)])
    a_sizes, b_sizes = emit.dims(a), emit.dims(b)
    out_sizes = ([_pick(a_sizes[0], b_sizes[0])] if lb else []) + [a_sizes[-2], b_sizes[-1]]
    order = _xla_dot_order(ctx, [lt.element, rt.element, res.element], lt.rank, rt.rank, lb, lc, rb, rc,
                           a_sizes, b_sizes)
    if order is not None:
        product = _dot_in_order(a, b, out_sizes, bool(lb), order)
    else:
        init = _filled(out_sizes, plan.acc_type)
        named = linalg.batch_matmul if lb else linalg.matmul
        product = named(a, b, outs=[init], cast=plan.cast_fn)
        hint = _f32_product_hint(ctx, lt.element, rt.element, res.element)
        if hint:
            product.owner.attributes[F32_PRODUCT_HINT] = ir.StringAttr.get(hint)
    nbatch, nl = len(lb), len(lf)
    shapes = ([result_sizes[:nbatch]] if lb else []) + [result_sizes[nbatch:nbatch + nl],
                                                          result_sizes[nbatch + nl:]]
    return _finished(_ungroup(product, shapes), plan)


# Small f32 dots the interpreter sums in an XLA CPU order (`reductions._xla_f32_order`:
# 'seqfma', 'chains4') are summed so by one unrolled all-parallel generic: up to this many terms
# K and this many multiply-adds in all. Larger ones stay a named matmul (vectorized and tiled,
# in no XLA order).
ORDERED_DOT_K = 64
ORDERED_DOT_WORK = 1 << 14


def _xla_dot_order(ctx: OpContext, elements, lhs_rank, rhs_rank, lb, lc, rb, rc, a_sizes, b_sizes):
    """'seqfma' / 'chains4' where shlo.compile sums this dot in the interpreter's XLA order, else None."""
    from ...interpreter.ops.reductions import _xla_f32_order
    if elements != ["f32"] * 3 or getattr(ctx.lowerer, "mode", "compile") != "compile" \
            or getattr(ctx.lowerer, "for_gpu", False):
        return None
    sizes = list(a_sizes) + list(b_sizes)
    if not all(isinstance(v, int) for v in sizes):
        return None
    B = a_sizes[0] if lb else 1
    M, K, N = a_sizes[-2], a_sizes[-1], b_sizes[-1]
    if not 1 <= K <= ORDERED_DOT_K or B * M * N * K > ORDERED_DOT_WORK:
        return None
    return _xla_f32_order(lhs_rank, rhs_rank, lb, lc, rb, rc, B, M, K, N)


def _dot_in_order(a, b, out_sizes, batched: bool, order: str) -> ir.Value:
    """a ([B,] M, K) x b ([B,] K, N) f32 as the interpreter sums it: 'seqfma' one fused multiply-add
    per k from 0; 'chains4' four fused chains over k mod 4 for the first K - K % 4 terms, added
    (c0 + c1) + (c2 + c3), plus the last K % 4 products rounded and summed in order. One
    all-parallel generic reading a's column k and b's row k through constant-index maps."""
    from mlir.dialects import math
    f32 = ir.F32Type.get()
    K = emit.static_shape(a)[-1]
    nb = 1 if batched else 0
    n_loops = nb + 2
    lead = [0] if batched else []
    m, n = nb, nb + 1
    const = ir.AffineConstantExpr.get
    maps = ([lead + [m, const(k)] for k in range(K)] + [lead + [const(k), n] for k in range(K)]
            + [list(range(n_loops))])

    def body(*args):
        xs, ws = args[:K], args[K:2 * K]
        zero = el.const(0.0, f32)
        if order == "seqfma":
            acc = zero
            for k in range(K):
                acc = math.fma(xs[k], ws[k], acc)
            return acc
        whole = K - K % 4
        chains = [zero] * 4
        for k in range(whole):
            chains[k % 4] = math.fma(xs[k], ws[k], chains[k % 4])
        acc = arith.addf(arith.addf(chains[0], chains[1]), arith.addf(chains[2], chains[3]))
        if whole < K:
            tail = arith.mulf(xs[whole], ws[whole])
            for k in range(whole + 1, K):
                tail = arith.addf(tail, arith.mulf(xs[k], ws[k]))
            acc = arith.addf(acc, tail)
        return acc

    return emit.generic([a] * K + [b] * K, [emit.empty(out_sizes, f32)],
                        [emit.affine_map(n_loops, mp) for mp in maps], ["parallel"] * n_loops, body)[0]


# How a back end may compute an f32 product (the CUDA one on the tensor cores as TF32; the CPU
# one ignores it): "tf32" where the op's algorithm asks for tf32 operands in one product, "default"
# where its precision is DEFAULT (as XLA takes TF32 on these GPUs; shlo only with the cuda
# target's `tf32` option), absent for HIGH / HIGHEST and every other algorithm: exact f32.
F32_PRODUCT_HINT = "shlo.f32_product"


def _f32_product_hint(ctx: OpContext, lhs: str, rhs: str, res: str) -> str | None:
    if not lhs == rhs == res == "f32":
        return None
    algorithm = ctx.attrs.get("algorithm")
    if algorithm is not None:
        tf32 = (str(algorithm.lhs_precision_type) == str(algorithm.rhs_precision_type) == "tf32"
                and int(algorithm.num_primitive_operations) == 1)
        return "tf32" if tf32 else None
    precision = ctx.attrs.get("precision_config") or []
    return "default" if all(str(p) == "DEFAULT" for p in precision) else None


def _no_elements(sizes, element: str) -> ir.Value:
    """A result with a static size 0: no loops at all (schedules must not tile extent-0 loops)."""
    return emit.empty(sizes, el.storage_type(element))


def _statically_empty(sizes) -> bool:
    return any(isinstance(s, int) and s == 0 for s in sizes)


def _dynamic_count(sizes) -> int:
    return sum(1 for s in sizes if not isinstance(s, int))


def _contraction(lhs, rhs, lb, rb, lc, rc, lf, rf, result_sizes, plan: _Plan) -> ir.Value:
    """dot_general as one linalg.generic: loops (batch, lhs free, rhs free, contracting)."""
    nb, nl, nr, nc = len(lb), len(lf), len(rf), len(lc)
    n = nb + nl + nr + nc
    lmap, rmap = [0] * (nb + nl + nc), [0] * (nb + nr + nc)
    for i, (a, b) in enumerate(zip(lb, rb)):
        lmap[a], rmap[b] = i, i
    for j, d in enumerate(lf):
        lmap[d] = nb + j
    for j, d in enumerate(rf):
        rmap[d] = nb + nl + j
    for k, (a, b) in enumerate(zip(lc, rc)):
        lmap[a], rmap[b] = nb + nl + nr + k, nb + nl + nr + k
    init = _filled(result_sizes, plan.acc_type)
    out_map = list(range(nb + nl + nr))

    def body(x, y, acc):
        return _add_acc(acc, _mul_acc(plan.to_acc(0, x), plan.to_acc(1, y)))

    maps = [emit.affine_map(n, m) for m in (lmap, rmap, out_map)]
    iters = ["parallel"] * (nb + nl + nr) + ["reduction"] * nc
    return _finished(emit.generic([lhs, rhs], [init], maps, iters, body)[0], plan)


def _unify_casts(plan: _Plan):
    """A named op has one cast for both inputs: convert one first when they differ."""
    a, b = plan.operands
    if a.cast and b.cast and a.cast != b.cast:
        plan.operands[1] = _dot_operand(b.element, plan.acc, plan.result, convert=True)


def _outer_product(lhs, rhs, lb, rb, lf, rf, sizes, plan: _Plan):
    """dot_general without contracting dimensions: one element-wise generic."""
    nb, nl = len(lb), len(lf)
    n = len(sizes)
    lmap = [0] * emit.rank(lhs)
    for i, d in enumerate(lb):
        lmap[d] = i
    for j, d in enumerate(lf):
        lmap[d] = nb + j
    rmap = [0] * emit.rank(rhs)
    for i, d in enumerate(rb):
        rmap[d] = i
    for j, d in enumerate(rf):
        rmap[d] = nb + nl + j
    out = emit.empty(sizes, el.storage_type(plan.result))

    def body(x, y, _o):
        p = _mul_acc(plan.to_acc(0, x), plan.to_acc(1, y))
        return plan.finish(p)

    return emit.generic([lhs, rhs], [out], [emit.affine_map(n, lmap), emit.affine_map(n, rmap),
                                            emit.identity_map(n)], ["parallel"] * n, body)[0]


# ----------------------------------------------------------------------------- convolution

@dataclasses.dataclass
class _Padding:
    """Where the input's elements land in the dilated, padded input (canonical dims)."""
    starts: list        # first input element kept, per dim
    counts: list        # input elements kept, per dim
    offsets: list       # where the first kept one lands
    strides: list       # the dilation, per dim
    sizes: list         # the padded sizes

    @property
    def trivial(self) -> bool:
        return all(_both_static(st, o, c, s) and st == 0 and o == 0 and c == s and d == 1
                   for st, o, c, s, d in zip(self.starts, self.offsets, self.counts, self.sizes, self.strides))

    @property
    def plain(self) -> bool:
        """Only non-negative zero padding at the edges, all sizes static: a tensor.pad."""
        return all(_both_static(st, o, c, s) and st == 0 and d == 1 and o >= 0 and s - o - c >= 0
                   for st, o, c, s, d in zip(self.starts, self.offsets, self.counts, self.sizes, self.strides))


def _padding(sizes, ns, pads, ldil, min_sizes) -> _Padding:
    """Dilation by `ldil` and padding by `pads` (negative: cropping) of spatial dims 1..ns of
    a canonical input of `sizes`; spatial dim i is made at least `min_sizes[i]` long (when given)
    so that every window the result needs lies inside it."""
    n = len(sizes)
    out = _Padding([0] * n, list(sizes), [0] * n, [1] * n, list(sizes))
    for i in range(ns):
        d = 1 + i
        s, lo, hi, dil = sizes[d], pads[i][0], pads[i][1], ldil[i]
        dilated = _max(_add(_mul(_sub(s, 1), dil), 1), 0)
        p0 = _add(_add(dilated, lo), hi)
        p = _max(p0, 0)
        if min_sizes is not None and min_sizes[i] is not None:
            if isinstance(lo, int) and isinstance(hi, int):
                p = _max(p, min_sizes[i])
            else:
                # padding known only at run time (dynamic_conv) and a typed result size: the
                # windows of that result read exactly the first min_sizes[i] elements, so the
                # buffer has that static size (the GPU back end cannot size a buffer from data
                # in device memory); elements padded past it are never read
                p = min_sizes[i]
        first = _max(_ceildiv(_sub(0, lo), dil), 0)          # first element landing at >= 0
        last = _min(_sub(s, 1), _floordiv(_sub(_sub(p0, 1), lo), dil))
        count = _max(_add(_sub(last, first), 1), 0)
        out.starts[d] = _min(first, s)
        out.counts[d] = count
        out.offsets[d] = _min(_add(lo, _mul(first, dil)), p)
        out.strides[d] = dil
        out.sizes[d] = p
    return out


def _padded_input(x: ir.Value, perm, plan: _Plan, pad: _Padding) -> ir.Value:
    """x rearranged to canonical dims by `perm` (and converted by `plan`), dilated and padded:
    one linalg.generic over the padded input that reads each kept element with tensor.extract
    (tensor.pad / insert_slice bufferize to strided memref.copy, which needs a runtime library)."""
    if pad.trivial:
        return _rearranged(x, perm, plan, 0)
    n = len(perm)
    if pad.plain:
        # rearrange, then a tensor.pad: it bufferizes to a fill and a copy loop that LLVM
        # vectorizes, where the general form below reads element by element
        y = _rearranged(x, perm, plan, 0)
        et = _etype(y)
        low = list(pad.offsets)
        high = [s - o - c for s, o, c in zip(pad.sizes, pad.offsets, pad.counts)]
        if list(emit.static_shape(y)) == list(pad.counts):
            op = tensor.PadOp(emit.tensor_type(pad.sizes, et), y, [], [], low, high)
            block = op.regions[0].blocks.append(*([ir.IndexType.get()] * n))
            with ir.InsertionPoint(block):
                tensor.YieldOp(_zero(et))
            return op.result
    convert = plan.operands[0].cast is None
    et = plan.acc_type if convert else _etype(x)
    out = emit.empty(pad.sizes, et)
    xsizes = emit.dims(x)
    never_empty = all(isinstance(s, int) and s > 0 for s in xsizes)
    ult, sge = arith.CmpIPredicate.ult, arith.CmpIPredicate.sge

    def body(_o):
        index = [None] * n
        valid = None
        for j in range(n):
            q = _loop_index(j)
            if _both_static(pad.starts[j], pad.offsets[j], pad.counts[j], pad.sizes[j]) and \
                    pad.starts[j] == 0 and pad.offsets[j] == 0 and pad.strides[j] == 1 and \
                    pad.counts[j] == pad.sizes[j]:
                index[perm[j]] = q
                continue
            t = arith.subi(q, _ix(pad.offsets[j]))
            ok = arith.cmpi(sge, t, el.index_const(0))
            src = t
            if pad.strides[j] != 1:
                stride = el.index_const(pad.strides[j])
                src = arith.divui(t, stride)
                ok = arith.andi(ok, arith.cmpi(arith.CmpIPredicate.eq, arith.remui(t, stride), el.index_const(0)))
            ok = arith.andi(ok, arith.cmpi(ult, src, _ix(pad.counts[j])))
            valid = ok if valid is None else arith.andi(valid, ok)
            if not (isinstance(pad.starts[j], int) and pad.starts[j] == 0):
                src = arith.addi(src, _ix(pad.starts[j]))
            index[perm[j]] = arith.select(ok, src, el.index_const(0))
        zero = _zero(et)

        def read():
            v = tensor.extract(x, index)
            return plan.to_acc(0, v) if convert else v

        if valid is None:
            return read()
        if never_empty:
            return arith.select(valid, read(), zero)
        # an input dim may be empty: read only inside it
        branch = scf.IfOp(valid, [et], has_else=True)
        with ir.InsertionPoint(branch.then_block):
            scf.YieldOp([read()])
        with ir.InsertionPoint(branch.else_block):
            scf.YieldOp([zero])
        return branch.results[0]

    return emit.generic([], [out], [emit.identity_map(n)], ["parallel"] * n, body)[0]


def _window_count(padded, span, stride: int):
    """Windows of extent `span` that fit, with steps `stride`, in `padded` elements."""
    if _both_static(padded, span):
        return 0 if padded <= 0 or span > padded else (padded - span) // stride + 1
    fits = arith.andi(arith.cmpi(arith.CmpIPredicate.sgt, _ix(padded), el.index_const(0)),
                      arith.cmpi(arith.CmpIPredicate.sle, _ix(span), _ix(padded)))
    n = _add(_floordiv(_sub(padded, span), stride), 1)
    return arith.select(fits, _ix(n), el.index_const(0))


@dataclasses.dataclass
class _ConvSetup:
    ns: int
    strides: list
    lhs_dilation: list
    rhs_dilation: list
    reversal: list
    groups: int                     # feature groups after batch groups became feature groups
    batch_groups: int


def _conv_setup(ctx: OpContext) -> _ConvSetup:
    a = ctx.attrs
    ns = ctx.operand_types[0].rank - 2

    def ints(name, default):
        v = a.get(name)
        return [int(x) for x in v] if v is not None else [default] * ns

    rev = a.get("window_reversal")
    rev = [bool(r) for r in rev] if rev is not None else [False] * ns
    g, bg = int(a.get("feature_group_count") or 1), int(a.get("batch_group_count") or 1)
    strides, ldil, rdil = ints("window_strides", 1), ints("lhs_dilation", 1), ints("rhs_dilation", 1)
    if any(v <= 0 for v in strides + ldil + rdil) or g < 1 or bg < 1:
        raise ctx.error("window strides, dilations and group counts must be positive")
    return _ConvSetup(ns, strides, ldil, rdil, rev, g * bg, bg)


def _conv_kind(setup: _ConvSetup, kernel_in) -> str:
    ns, g = setup.ns, setup.groups
    if g == 1:
        return "matmul" if ns == 0 else "named" if ns <= 3 else "generic"
    if kernel_in == 1 and 1 <= ns <= 3:
        return "depthwise"
    if ns == 2:
        return "grouped2d"
    return "generic"


@dataclasses.dataclass
class _ConvDims:
    """The dimension numbers, as ints."""
    in_b: int
    in_f: int
    in_sp: list
    k_o: int
    k_i: int
    k_sp: list
    out_b: int
    out_f: int
    out_sp: list

    @classmethod
    def of(cls, dn) -> "_ConvDims":
        return cls(int(dn.input_batch_dimension), int(dn.input_feature_dimension),
                   _dims(dn.input_spatial_dimensions), int(dn.kernel_output_feature_dimension),
                   int(dn.kernel_input_feature_dimension), _dims(dn.kernel_spatial_dimensions),
                   int(dn.output_batch_dimension), int(dn.output_feature_dimension),
                   _dims(dn.output_spatial_dimensions))


def _shifted_after(split: int):
    """Dim numbers after dim `split` was expanded into two."""
    return lambda d: d + 1 if d > split else d


def _input_layout(lhs, dims: _ConvDims, setup: _ConvSetup, grouped: bool):
    """The input with batch / feature groups split off, and the permutation to (N, S..., C)
    or, grouped, (N, S..., G, Cg); batch groups become feature groups (Cg = C)."""
    if setup.batch_groups > 1:
        x = _split_dim(lhs, dims.in_b, setup.batch_groups)          # (BG, Bo)
        sh = _shifted_after(dims.in_b)
        return x, [dims.in_b + 1] + [sh(d) for d in dims.in_sp] + [dims.in_b, sh(dims.in_f)]
    if grouped:
        x = _split_dim(lhs, dims.in_f, setup.groups)                # (G, Cg)
        sh = _shifted_after(dims.in_f)
        return x, [sh(dims.in_b)] + [sh(d) for d in dims.in_sp] + [dims.in_f, dims.in_f + 1]
    return lhs, [dims.in_b] + dims.in_sp + [dims.in_f]


def _kernel_layout(rhs, dims: _ConvDims, setup: _ConvSetup, kind: str, plan: _Plan) -> ir.Value:
    """The kernel as (K..., I, O); depthwise (K..., G, M); grouped 2-D (G, Og, K..., I);
    generic (K..., I, G, Og); reversed and converted as asked."""
    ns = setup.ns
    reverse = [dims.k_sp[i] for i in range(ns) if setup.reversal[i]]
    if kind in ("matmul", "named"):
        return _rearranged(rhs, dims.k_sp + [dims.k_i, dims.k_o], plan, 1, reverse=reverse)
    w = _split_dim(rhs, dims.k_o, setup.groups)                     # (G, Og)
    sh = _shifted_after(dims.k_o)
    ksp, ki, kg, kog = [sh(d) for d in dims.k_sp], sh(dims.k_i), dims.k_o, dims.k_o + 1
    perm = [kg, kog] + ksp + [ki] if kind == "grouped2d" else ksp + [ki, kg, kog]
    w = _rearranged(w, perm, plan, 1, reverse=[sh(d) for d in reverse])
    if kind == "depthwise":
        w = _collapse(w, [[i] for i in range(ns)] + [[ns, ns + 1], [ns + 2]])   # I == 1
    return w


def _merge_groups(y: ir.Value, ns: int) -> ir.Value:
    """(N, S..., G, Og) -> (N, S..., O)."""
    return _collapse(y, [[i] for i in range(ns + 1)] + [[ns + 1, ns + 2]])


# The named window ops, by their op-DSL function's name: built from the op's class with its body
# filled by MLIR (`fill_builtin_region`), the same op the DSL function builds, without the DSL
# deriving the op's whole definition again on every call (1.5-5 ms a convolution, a tenth of a
# small CNN's compile time).
_WINDOW_OPS = {"conv_1d_nwc_wcf": "Conv1DNwcWcfOp", "conv_2d_nhwc_hwcf": "Conv2DNhwcHwcfOp",
               "conv_3d_ndhwc_dhwcf": "Conv3DNdhwcDhwcfOp", "depthwise_conv_1d_nwc_wcm": "DepthwiseConv1DNwcWcmOp",
               "depthwise_conv_2d_nhwc_hwcm": "DepthwiseConv2DNhwcHwcmOp",
               "depthwise_conv_3d_ndhwc_dhwcm": "DepthwiseConv3DNdhwcDhwcmOp",
               "conv_2d_nhwgc_gfhwc": "Conv2DNhwgcGfhwcOp"}


def window_op(name: str, x: ir.Value, w: ir.Value, init: ir.Value, strides, dilations) -> ir.Value:
    op = getattr(linalg, _WINDOW_OPS[name])([init.type], [x, w], [init])
    op.operation.attributes["strides"] = ir.DenseIntElementsAttr.get(np.asarray(strides, np.int64))
    op.operation.attributes["dilations"] = ir.DenseIntElementsAttr.get(np.asarray(dilations, np.int64))
    linalg.fill_builtin_region(op.operation)
    return op.result


def _conv_op(kind: str, x, w, out_spatial, setup: _ConvSetup, plan: _Plan) -> ir.Value:
    """The convolution of the canonical input and kernel, as (N, S..., O) accumulators."""
    ns, g = setup.ns, setup.groups
    n, ws = emit.dim(x, 0), emit.dims(w)
    acc_t = plan.acc_type
    window = (setup.strides, setup.rhs_dilation)
    if kind == "matmul":
        return linalg.matmul(x, w, outs=[_filled([n, ws[-1]], acc_t)], cast=plan.cast_fn)
    if kind == "named":
        name = {1: "conv_1d_nwc_wcf", 2: "conv_2d_nhwc_hwcf", 3: "conv_3d_ndhwc_dhwcf"}[ns]
        return window_op(name, x, w, _filled([n] + out_spatial + [ws[-1]], acc_t), *window)
    if kind == "depthwise":
        name = {1: "depthwise_conv_1d_nwc_wcm", 2: "depthwise_conv_2d_nhwc_hwcm", 3: "depthwise_conv_3d_ndhwc_dhwcm"}[ns]
        x = _merge_groups(x, ns)                                    # Cg == 1
        return _merge_groups(window_op(name, x, w, _filled([n] + out_spatial + [g, ws[-1]], acc_t), *window), ns)
    if kind == "grouped2d":
        y = window_op("conv_2d_nhwgc_gfhwc", x, w, _filled([n] + out_spatial + [g, ws[1]], acc_t), *window)
        return _merge_groups(y, ns)
    return _merge_groups(_generic_conv(x, w, out_spatial, setup, plan), ns)


def _from_canonical(sizes, dims: "_ConvDims", ns: int) -> dict:
    """Result dim -> size, from sizes in canonical (N, S..., O) order."""
    out = {dims.out_b: sizes[0], dims.out_f: sizes[ns + 1]}
    for i, d in enumerate(dims.out_sp):
        out[d] = sizes[1 + i]
    return out


def _conv(ctx: OpContext, lhs, rhs, pads):
    setup = _conv_setup(ctx)
    dims = _ConvDims.of(ctx.attrs["dimension_numbers"])
    ns = setup.ns
    lt, rt = ctx.operand_types[:2]
    res = ctx.result_types[0]
    _check_combination(ctx, [lt.element, rt.element], res.element)
    ksizes = emit.dims(rhs)
    reduction = _product([ksizes[dims.k_i]] + [ksizes[d] for d in dims.k_sp])
    acc = _accumulator(res.element, res.element, reduction)
    plan = _Plan(acc, res.element, [_conv_operand(lt.element, acc, res.element),
                                   _conv_operand(rt.element, acc, res.element)])
    kind = _conv_kind(setup, ksizes[dims.k_i])
    x, perm = _input_layout(lhs, dims, setup, kind in ("depthwise", "grouped2d", "generic"))

    # output spatial sizes: from the result type where static, else the number of windows
    spans = [_max(_add(_mul(_sub(ksizes[k], 1), d), 1), 0) for k, d in zip(dims.k_sp, setup.rhs_dilation)]
    typed = [res.shape[d] for d in dims.out_sp]
    # the padded input covers every window a typed result size needs (dynamic_conv: padding
    # sizes are known only at run time, and must never make the conv read out of bounds)
    min_sizes = [None if t is None else (0 if t == 0 else _add(_mul(t - 1, s), sp))
                 for t, s, sp in zip(typed, setup.strides, spans)]
    xsizes = emit.dims(x)
    pad = _padding([xsizes[p] for p in perm], ns, pads, setup.lhs_dilation, min_sizes)
    out_spatial = [t if t is not None else _window_count(pad.sizes[1 + i], spans[i], setup.strides[i])
                   for i, t in enumerate(typed)]
    canonical_sizes = [pad.sizes[0]] + out_spatial + [_pick(res.shape[dims.out_f], ksizes[dims.k_o])]
    if _statically_empty(canonical_sizes):
        return _no_elements(emit.sizes_for(res, known=_from_canonical(canonical_sizes, dims, ns)), res.element)
    # XLA CPU's summation orders (as the interpreter) for shlo.compile; the shlo-legalize-to-linalg
    # pass keeps the named ops, and so does the GPU path where it maps them to GEMM tiles
    xla_orders = getattr(ctx.lowerer, "mode", "compile") == "compile"
    on_gpu = getattr(ctx.lowerer, "for_gpu", False)
    transposed = (None if _statically_empty([reduction]) or not xla_orders else
                  _interpreter_transposed_plan(kind, [lt.element, rt.element, res.element], setup, pads,
                                               [xsizes[p] for p in perm], ksizes, dims))

    def w_of(layout):
        return _kernel_layout(rhs, dims, setup, layout, plan)

    swapped = (None if transposed is not None or _statically_empty([reduction]) or on_gpu or not xla_orders
               else _interpreter_swapped_plan(kind, [lt.element, rt.element, res.element], setup, pads,
                                              [xsizes[p] for p in perm], ksizes, dims))
    if swapped is not None:
        y = _swapped_in_order(_rearranged(x, perm, plan, 0), w_of(kind), setup, pads, *swapped)
    elif transposed is not None:
        y = _transposed_in_order(_rearranged(x, perm, plan, 0), w_of(kind),
                                 setup, pads, *transposed)
    elif _statically_empty([reduction]):
        # nothing to multiply (and no loop of extent 0 for the schedules to tile)
        y = _filled(canonical_sizes, plan.acc_type)
    else:
        taken = xla_orders and not (on_gpu and kind in ("named", "grouped2d"))
        orders = (_interpreter_orders(kind, [lt.element, rt.element, res.element], setup, pad.sizes[0],
                                      out_spatial, ksizes, dims) if taken else None)
        if on_gpu and orders is not None and (ns == 3 or (setup.groups > 1 and orders.size > 48)):
            orders = None   # the GPU path maps these (3-D, grouped past 48 pixels) to its GEMM kernels
        if orders is None:
            x = _padded_input(x, perm, plan, pad)
            y = _result(_conv_op(kind, x, w_of(kind), out_spatial, setup, plan))
        else:
            # the ordered generic reads the grouped layouts (N, P..., G, Cg) and (K..., Cg, G, Og)
            if kind not in ("depthwise", "grouped2d", "generic"):
                x, perm = _input_layout(lhs, dims, setup, True)
                pad = _padding([emit.dims(x)[p] for p in perm], ns, pads, setup.lhs_dilation, min_sizes)
            in_order = _conv_in_order if _terms(ksizes, dims) <= ORDERED_UNROLLED_TERMS else _rolled_in_order
            y = in_order(_padded_input(x, perm, plan, pad), w_of("generic"), out_spatial, setup, orders)

    # canonical (N, S..., O) -> result layout: result dim r holds canonical dim canonical_of[r]
    canonical_of = {dims.out_b: 0, dims.out_f: ns + 1}
    for i, d in enumerate(dims.out_sp):
        canonical_of[d] = 1 + i
    return _finished(y, plan, [canonical_of[r] for r in range(ns + 2)])


# The ordered generic is unrolled over its K terms and not vectorized as the named ops are: against
# the named op (scratch parity15/small_cost*.py, medians of 11-21 interleaved runs, the machine
# shared) it ran 0.3-0.9x the time up to ~2.4 M products, but 21-34x at 8.9 M (16 features, K = 144)
# and 56x at 4.4 M (8 features, K = 144), and forced onto the ResNet block's convolutions 31x
# (4612 against 150 ms). So the compiled code takes the interpreter's order only up to this many
# products; larger ones keep the named op, within the tolerance but not bit-equal to XLA.
ORDERED_PRODUCTS = 1 << 21
# Where every pixel's order is one fused chain over (tap, channel), the named op's vectorized
# schedule sums in that order too (bit-equal on the conv programs of
# tools/stablehlo_testdata_compiled.py but four 1-D ones of K = 3), and compiles in a fraction of
# the time: the unrolled generic's compile grows with K (a 16 x 16 x 16 -> 16 3x3 convolution, K =
# 144: 1.8 s against 38-74 ms named, XLA 40-111 ms). So such convolutions take the ordered generic
# only up to this many terms.
ORDERED_FMA_TERMS = 16
# Up to this many terms the ordered generic is unrolled (`_conv_in_order`: one all-parallel generic
# the element-wise schedule vectorizes); past it, rolled (`_rolled_in_order`: reduction loops,
# scalar), whose compile does not grow with K. Unrolled, a 3-D 16 -> 16 2x2x2 convolution (K =
# 128) compiled in ~1.1 s, the passes over its 256 term views taking 0.76 s; rolled, 0.2 s.
ORDERED_UNROLLED_TERMS = 16


def _interpreter_orders(kind: str, elements: list, setup: _ConvSetup, batch, out_spatial, ksizes,
                        dims: _ConvDims):
    """Each output pixel's summation order where the interpreter sums an f32 convolution in XLA
    CPU's measured (oneDNN kernel) order, `interpreter/ops/convolution.xla_pixel_orders` (AVX2's
    kernels: 2-16 features a group, at most 144 terms; AVX-512's: 2-64, 384), and the convolution
    has at most ORDERED_PRODUCTS products; None elsewhere (the named window op). Static shapes only."""
    if kind == "matmul" or setup.batch_groups != 1:
        return None
    ks = [ksizes[d] for d in dims.k_sp]
    sizes = [batch, ksizes[dims.k_o], ksizes[dims.k_i]] + ks + list(out_spatial)
    if not all(isinstance(v, int) for v in sizes) or int(np.prod(sizes, dtype=np.int64)) > ORDERED_PRODUCTS:
        return None
    from ...interpreter.ops.convolution import xla_pixel_orders
    from ...interpreter.ops.convolution_order import ADD2, FMA, FMA2
    P = int(np.prod(out_spatial, dtype=np.int64))
    o = xla_pixel_orders(elements, batch, P, ksizes[dims.k_i], ks, ksizes[dims.k_o], setup.groups, 1,
                         setup.lhs_dilation, setup.reversal, setup.strides, setup.rhs_dilation)
    # (only 2-D ungrouped: 3-D, 1-D and grouped named ops do not sum the fused chain in (tap, channel)
    # order; e.g. an AVX-512 host's 1-D 40-feature or 2-group 2-D chains, test_stablehlo_conv_order_avx512)
    if o is None or (len(ks) == 2 and setup.groups == 1 and ksizes[dims.k_i] * int(np.prod(ks)) > ORDERED_FMA_TERMS
                     and not np.any(o != FMA)):
        return None
    if not np.isin(o, (FMA, FMA2, ADD2)).all():     # (AVX-512's K split between threads: not compiled)
        return None
    return o.reshape([batch] + list(out_spatial))


def _terms(ksizes, dims: _ConvDims) -> int:
    return ksizes[dims.k_i] * int(np.prod([ksizes[d] for d in dims.k_sp], dtype=np.int64))


def _term_views(x, w, out_spatial, setup: _ConvSetup, tap, c: int) -> list:
    """x (N, P..., G, Cg), w (K..., Cg, G, Og): the input values term (tap, c) meets in every
    window, (N, O..., G, 1), and its weights, (1..., 1, G, Og). Not rank-reduced: MLIR cannot
    always tell which unit dims a strided rank-reducing subview drops (an assertion)."""
    ns = setup.ns
    xs_shape, ws = emit.static_shape(x), emit.static_shape(w)
    N, G, Og = xs_shape[0], xs_shape[-2], ws[-1]
    f32 = ir.F32Type.get()
    view = [N] + list(out_spatial) + [G]
    return [tensor.extract_slice(emit.tensor_type(view + [1], f32), x, [], [], [],
                                 [0] + [t * dl for t, dl in zip(tap, setup.rhs_dilation)] + [0, c], view + [1],
                                 [1] + list(setup.strides) + [1, 1]),
            tensor.extract_slice(emit.tensor_type([1] * (ns + 1) + [G, Og], f32), w, [], [], [],
                                 list(tap) + [c, 0, 0], [1] * (ns + 1) + [G, Og], [1] * (ns + 3))]


def _rolled_in_order(x, w, out_spatial, setup: _ConvSetup, orders: np.ndarray) -> ir.Value:
    """`_conv_in_order`'s sums, with the terms' loops rolled: 'fma' is one generic whose reduction
    loops run (tap..., c), i.e. k = tap * Cg + c, in order; 'fma2' / 'add2' one generic per order
    whose parallel dim p and reduction dim j sum k = 2j + p (the even and odd chains), then a last
    generic adds the two chains, the last odd term, and picks each pixel's order."""
    from mlir.dialects import math
    from ...interpreter.ops.convolution_order import FMA, FMA2
    ns = setup.ns
    xs_shape, ws = emit.static_shape(x), emit.static_shape(w)
    N, G, Cg, Og = xs_shape[0], xs_shape[-2], xs_shape[-1], ws[-1]
    kern = list(ws[:ns])
    K = Cg * int(np.prod(kern, dtype=np.int64))
    f32 = ir.F32Type.get()
    d = ir.AffineDimExpr.get
    present = sorted(int(v) for v in np.unique(orders))
    out_sizes = [N] + list(out_spatial) + [G, Og]

    def step(fused):
        return ((lambda a, b, acc: math.fma(a, b, acc)) if fused else
                (lambda a, b, acc: arith.addf(acc, arith.mulf(a, b))))

    def reads(n, o, g, taps, c, m):
        """x's and w's maps for term (taps, c) of output (n, o..., g, m)."""
        x_map = [d(n)] + [d(o[i]) * setup.strides[i] + taps[i] * setup.rhs_dilation[i] for i in range(ns)]
        return x_map + [d(g), c], list(taps) + [c, d(g), d(m)]

    chains = []     # (order, value): the fma chain (N, O..., G, Og), or the two chains (..., 2)
    for order in present:
        if order == FMA:
            n_loops = 2 * ns + 4
            n, o, g, m = 0, list(range(1, ns + 1)), ns + 1, ns + 2
            x_map, w_map = reads(n, o, g, [d(i) for i in range(ns + 3, 2 * ns + 3)], d(2 * ns + 3), m)
            maps = [x_map, w_map, [n] + o + [g, m]]
            value = emit.generic([x, w], [_filled(out_sizes, f32)],
                                 [emit.affine_map(n_loops, mp) for mp in maps],
                                 ["parallel"] * (ns + 3) + ["reduction"] * (ns + 1), step(True))[0]
        elif K < 2:
            value = _filled(out_sizes + [2], f32)
        else:
            # loops (n, o..., g, m, p, j): term k = 2j + p, its tap k floordiv Cg (row-major over
            # the kernel's sizes) and channel k mod Cg; the i8 splat indexed (j, p) only gives
            # the loops their sizes
            n_loops = ns + 5
            n, o, g, m, p, j = 0, list(range(1, ns + 1)), ns + 1, ns + 2, ns + 3, ns + 4
            k = d(j) * 2 + d(p)
            tap = ir.AffineExpr.get_floor_div(k, Cg)
            taps = []
            for i in range(ns):
                inner = int(np.prod(kern[i + 1:], dtype=np.int64))
                taps.append(ir.AffineExpr.get_mod(ir.AffineExpr.get_floor_div(tap, inner), kern[i]))
            x_map, w_map = reads(n, o, g, taps, k % Cg, m)
            sizes = emit.constant_array(np.zeros((K // 2, 2), np.int8), "i8")
            maps = [x_map, w_map, [j, p], [n] + o + [g, m, p]]
            value = emit.generic([x, w, sizes], [_filled(out_sizes + [2], f32)],
                                 [emit.affine_map(n_loops, mp) for mp in maps],
                                 ["parallel"] * (ns + 4) + ["reduction"],
                                 lambda a, b, _s, acc, f=step(order == FMA2): f(a, b, acc))[0]
        chains.append((order, value))

    n_loops = ns + 3
    n, o, g, m = 0, list(range(1, ns + 1)), ns + 1, ns + 2
    inputs, maps = [], []
    for order, value in chains:
        if order == FMA:
            inputs.append(value)
            maps.append([n] + o + [g, m])
        else:
            inputs += [value, value]
            maps += [[n] + o + [g, m, None], [n] + o + [g, m, ir.AffineConstantExpr.get(1)]]
    odd = K % 2 == 1
    if odd:
        last = [int(v) for v in np.unravel_index(K - 1, kern + [Cg])]
        inputs += _term_views(x, w, out_spatial, setup, last[:ns], last[ns])
        maps += [[n] + o + [g, None], [None] * (ns + 1) + [g, m]]
    if len(present) > 1:
        inputs.append(emit.constant_array(orders.astype(np.int8), "i8"))
        maps.append([n] + o)
    maps.append(list(range(n_loops)))

    def body(*args):
        at, value = 0, {}
        for order, _ in chains:
            if order == FMA:
                value[order], at = args[at], at + 1
            else:
                value[order], at = arith.addf(args[at], args[at + 1]), at + 2
        if odd:
            xl, wl = args[at], args[at + 1]
            at += 2
            for order in value:
                if order != FMA:
                    value[order] = step(order == FMA2)(xl, wl, value[order])
        out = value[present[-1]]
        for order in present[:-1]:
            is_it = arith.cmpi(arith.CmpIPredicate.eq, args[at], el.const(order, ir.IntegerType.get_signless(8)))
            out = arith.select(is_it, value[order], out)
        return out

    y = emit.generic(inputs, [emit.empty(out_sizes, f32)], [emit.affine_map(n_loops, mp) for mp in maps],
                     ["parallel"] * n_loops, body)[0]
    return _merge_groups(y, ns)


def _conv_in_order(x, w, out_spatial, setup: _ConvSetup, orders: np.ndarray) -> ir.Value:
    """x (N, P..., G, Cg), w (K..., Cg, G, Og) -> (N, O..., G * Og) f32, each output pixel's K =
    taps x Cg terms (k = tap * Cg + c, as `convolution_order._terms`) summed in its order from
    `convolution_order` (as the interpreter): 'fma' one fused multiply-add per term from 0;
    'fma2' / 'add2' even and odd k in two chains (fused / rounded products), added, then the last
    odd term. One all-parallel linalg.generic over (n, o..., g, m) reading each term through its
    own strided view; the per-pixel order is a small i8 constant. The interpreter names orders
    only for K <= 144 and the caller takes them up to ORDERED_PRODUCTS, so the body stays small."""
    import itertools
    ns = setup.ns
    xs_shape, ws = emit.static_shape(x), emit.static_shape(w)
    N, G, Cg, Og = xs_shape[0], xs_shape[-2], xs_shape[-1], ws[-1]
    n_loops = ns + 3
    n, o, g, m = 0, list(range(1, ns + 1)), ns + 1, ns + 2
    taps = list(itertools.product(*(range(k) for k in ws[:ns])))
    f32 = ir.F32Type.get()
    x_terms, w_terms = [], []
    for tap in taps:
        for c in range(Cg):
            xv, wv = _term_views(x, w, out_spatial, setup, tap, c)
            x_terms.append(xv)
            w_terms.append(wv)
    K = len(x_terms)
    maps = [[n] + o + [g, None]] * K + [[None] * (ns + 1) + [g, m]] * K
    inputs = x_terms + w_terms + [emit.constant_array(orders.astype(np.int8), "i8")]
    maps.append([n] + o)
    init = emit.empty([N] + list(out_spatial) + [G, Og], f32)
    maps.append(list(range(n_loops)))
    present = sorted(int(v) for v in np.unique(orders))

    def body(*args):
        return _sum_in_order(args[:K], args[K:2 * K], present, args[2 * K])

    y = emit.generic(inputs, [init], [emit.affine_map(n_loops, mp) for mp in maps], ["parallel"] * n_loops,
                     body)[0]
    return _merge_groups(y, ns)


def _sum_in_order(xs, ws, present, sel):
    """sum_k xs[k] * ws[k] (f32 scalars) in `convolution_order`'s orders: 'fma' one fused
    multiply-add per term from 0; 'fma2' / 'add2' even and odd k in two chains (fused / rounded
    products), added, then the last odd term; the pixel's order is the i8 `sel` where several are
    `present`."""
    from mlir.dialects import math
    from ...interpreter.ops.convolution_order import FMA, FMA2
    f32 = ir.F32Type.get()
    K = len(xs)

    def chain(ks, fused, acc):
        for k in ks:
            acc = math.fma(xs[k], ws[k], acc) if fused else arith.addf(acc, arith.mulf(xs[k], ws[k]))
        return acc

    zero = el.const(0.0, f32)
    ke = K - K % 2
    value = {}
    for order in present:
        if order == FMA:
            value[order] = chain(range(K), True, zero)
        else:
            fused = order == FMA2
            value[order] = chain(range(ke, K), fused,
                                 arith.addf(chain(range(0, ke, 2), fused, zero), chain(range(1, ke, 2), fused, zero)))
    out = value[present[-1]]
    for order in present[:-1]:
        is_it = arith.cmpi(arith.CmpIPredicate.eq, sel, el.const(order, ir.IntegerType.get_signless(8)))
        out = arith.select(is_it, value[order], out)
    return out


def _interpreter_transposed_plan(kind: str, elements: list, setup: _ConvSetup, pads, xsizes, ksizes,
                                 dims: _ConvDims):
    """(output sizes, row orders) where the interpreter sums an f32 transposed convolution in XLA
    CPU's order (`interpreter/ops/convolution.xla_transposed_plan`); None elsewhere. Static shapes
    and padding only."""
    from ...interpreter.ops.convolution import xla_transposed_plan
    from ...interpreter.ops.convolution_order import ADD2, FMA, FMA2
    plan = _static_plan(xla_transposed_plan, kind, elements, setup, pads, xsizes, ksizes, dims)
    if plan is not None and not all(np.isin(po, (FMA, FMA2, ADD2)).all() for _, _, po in plan[1]):
        return None                 # (AVX-512's K split between threads: not compiled)
    return plan


def _static_plan(planner, kind: str, elements: list, setup: _ConvSetup, pads, xsizes, ksizes, dims: _ConvDims):
    """`planner` (the interpreter's xla_transposed_plan / xla_swapped_plan) on this named,
    ungrouped-batch convolution in (N, C, S...) / (O, I, K...) sizes; None where a size or padding
    is a run-time one."""
    if kind != "named" or setup.batch_groups != 1:
        return None
    ks = [ksizes[d] for d in dims.k_sp]
    sizes = list(xsizes) + [ksizes[dims.k_o], ksizes[dims.k_i]] + ks + [v for p in pads for v in p]
    if not all(isinstance(v, int) for v in sizes):
        return None
    n, isp, c = xsizes[0], list(xsizes[1:-1]), xsizes[-1]
    return planner(elements, [n, c] + isp, [ksizes[dims.k_o], ksizes[dims.k_i]] + ks, setup.groups, 1,
                   setup.strides, [tuple(p) for p in pads], setup.lhs_dilation, setup.rhs_dilation, setup.reversal)


def _transposed_in_order(x, w, setup: _ConvSetup, pads, out_sp, row_orders) -> ir.Value:
    """x (N, S..., C) undilated and unpadded, w (K..., C, F) -> (N, O..., F) f32 as the interpreter's
    `convolution_order.transposed_f32` (XLA CPU's EigenTransposedConv2D): for each kernel tap one
    all-parallel generic of every input pixel's C-term dot with the tap's F columns, in the order of
    its row block (16 rows of taps x F, then the rest) and pixel; each tap's products placed (dilated,
    padded) where they land in the output; the output the sum of the taps' in row-major order,
    rounded adds from 0 (a zero where a tap does not land adds nothing: the sum is never -0)."""
    import itertools
    ns = setup.ns
    xs_shape, ws = emit.static_shape(x), emit.static_shape(w)
    N, isp, C, F = xs_shape[0], xs_shape[1:-1], xs_shape[-1], ws[-1]
    ks = ws[:ns]
    f32, i8 = ir.F32Type.get(), ir.IntegerType.get_signless(8)
    x_c = [tensor.extract_slice(emit.tensor_type([N] + isp, f32), x, [], [], [], [0] * (ns + 1) + [c],
                                [N] + isp + [1], [1] * (ns + 2)) for c in range(C)]
    # each pixel's order in a full 16-row block and in the last (shorter) block
    m = row_orders[-1][1]
    short_last = len(row_orders) > 1 and m - row_orders[-1][0] < 16
    full_rows = row_orders[-1][0] if short_last else m
    kinds = [row_orders[0][2]] + ([row_orders[-1][2]] if short_last else [])
    sels = [emit.constant_array(o.reshape([N] + isp).astype(np.int8), "i8") for o in kinds]
    present = sorted({int(v) for o in kinds for v in np.unique(o)})
    n_loops = ns + 2
    pixel_map = emit.affine_map(n_loops, list(range(ns + 1)))
    f_map = emit.affine_map(n_loops, [ns + 1])
    plain = _Plan("f32", "f32", [_Operand("f32", "signed"), _Operand("f32", "signed")])
    placed = []
    for ti, tap in enumerate(itertools.product(*(range(k) for k in ks))):
        w_c = [tensor.extract_slice(emit.tensor_type([F], f32), w, [], [], [], list(tap) + [c, 0],
                                    [1] * ns + [1, F], [1] * (ns + 2)) for c in range(C)]
        first_tail = full_rows - ti * F          # this tap's features from here on are in the last block

        def body(*args):
            xv, wv, sel = args[:C], args[C:2 * C], args[2 * C:2 * C + len(sels)]
            s = sel[0]
            if len(sels) > 1 and first_tail < F:
                tail = arith.cmpi(arith.CmpIPredicate.sge, _loop_index(ns + 1), el.index_const(max(first_tail, 0)))
                s = arith.select(tail, sel[1], sel[0])
            return _sum_in_order(xv, wv, present, s)

        d_t = emit.generic(x_c + w_c + sels, [emit.empty([N] + isp + [F], f32)],
                           [pixel_map] * C + [f_map] * C + [pixel_map] * len(sels) + [emit.identity_map(n_loops)],
                           ["parallel"] * n_loops, body)[0]
        # input pixel i of this tap lands on output pixel i * d + low - t
        tap_pads = [(lo - t, hi - k + 1 + t) for (lo, hi), t, k in zip(pads, tap, ks)]
        pad = _padding([N] + isp + [F], ns, tap_pads, setup.lhs_dilation, None)
        placed.append(_padded_input(d_t, list(range(ns + 2)), plain, pad))
    T = len(placed)

    def total(*args):
        acc = el.const(0.0, f32)
        for v in args[:T]:
            acc = arith.addf(acc, v)
        return acc

    return emit.generic(placed, [emit.empty([N] + list(out_sp) + [F], f32)], [emit.identity_map(n_loops)] * (T + 1),
                        ["parallel"] * n_loops, total)[0]


# The swapped order's loop nest is unrolled over its terms (input pixels x features): at most this many
SWAPPED_TERMS = 144


def _interpreter_swapped_plan(kind: str, elements: list, setup: _ConvSetup, pads, xsizes, ksizes,
                              dims: _ConvDims):
    """(output sizes, reversed dimensions) where the interpreter sums an f32 convolution whose kernel
    is larger than its input in XLA CPU's swapped-operand order
    (`interpreter/ops/convolution.xla_swapped_plan`), it has at most SWAPPED_TERMS terms an output
    and ORDERED_PRODUCTS products; None elsewhere. Static shapes and padding only."""
    from ...interpreter.ops.convolution import xla_swapped_plan
    plan = _static_plan(xla_swapped_plan, kind, elements, setup, pads, xsizes, ksizes, dims)
    if plan is None:
        return None
    n, isp, c = xsizes[0], list(xsizes[1:-1]), xsizes[-1]
    terms = c * int(np.prod(isp, dtype=np.int64))
    products = n * ksizes[dims.k_o] * terms * int(np.prod(plan[0], dtype=np.int64))
    return plan if terms <= SWAPPED_TERMS and products <= ORDERED_PRODUCTS else None


def _swapped_in_order(x, w, setup: _ConvSetup, pads, out_sp, reversed_dims) -> ir.Value:
    """x (N, S..., C) undilated and unpadded, w (K..., C, F) -> (N, O..., F) f32 as the interpreter's
    `convolution_order.swapped_f32` (XLA swaps the operands and runs a plain loop nest): one
    all-parallel generic over (n, o..., f), each output one fused multiply-add per term from 0 over
    the input pixels (row-major, reversed along `reversed_dims`) then the features; the kernel tap
    a term meets, (s * lhs dilation + low - o * stride) / rhs dilation, read in the body, and a
    term whose tap is outside the kernel (or between dilated taps) skipped."""
    import itertools
    from mlir.dialects import math
    ns = setup.ns
    xs_shape, ws = emit.static_shape(x), emit.static_shape(w)
    N, isp, C, F = xs_shape[0], xs_shape[1:-1], xs_shape[-1], ws[-1]
    ks = ws[:ns]
    f32 = ir.F32Type.get()
    n_loops = ns + 2
    pixels = list(itertools.product(*(range(i - 1, -1, -1) if r else range(i) for i, r in zip(isp, reversed_dims))))
    const = ir.AffineConstantExpr.get
    x_terms, x_maps = [], []
    for px in pixels:
        for c in range(C):
            x_terms.append(x)
            x_maps.append(emit.affine_map(n_loops, [0] + [const(v) for v in px] + [const(c)]))

    def cmp(pred, a, b):
        return arith.cmpi(pred, a, b)

    def body(*args):
        xv = args[:len(x_terms)]
        acc = el.const(0.0, f32)
        o = [_loop_index(1 + i) for i in range(ns)]
        f = _loop_index(ns + 1)
        for pi, px in enumerate(pixels):
            valid, taps = None, []
            for i in range(ns):
                lo, st, rd, ld, k = pads[i][0], setup.strides[i], setup.rhs_dilation[i], setup.lhs_dilation[i], ks[i]
                # pos = s * ld + lo - o * st, the tap position in the dilated kernel
                pos = arith.subi(el.index_const(px[i] * ld + lo), arith.muli(o[i], el.index_const(st)))
                ok = arith.andi(cmp(arith.CmpIPredicate.sge, pos, el.index_const(0)),
                                cmp(arith.CmpIPredicate.slt, pos, el.index_const(k * rd)))
                tap = pos
                if rd > 1:
                    ok = arith.andi(ok, cmp(arith.CmpIPredicate.eq, arith.remsi(pos, el.index_const(rd)),
                                            el.index_const(0)))
                    tap = arith.divsi(pos, el.index_const(rd))
                # clamped, so that the read stays inside the kernel where the term is skipped
                tap = arith.maxsi(arith.minsi(tap, el.index_const(k - 1)), el.index_const(0))
                taps.append(tap)
                valid = ok if valid is None else arith.andi(valid, ok)
            for c in range(C):
                wv = tensor.extract(w, taps + [el.index_const(c), f])
                acc = arith.select(valid, math.fma(xv[pi * C + c], wv, acc), acc)
        return acc

    return emit.generic(x_terms, [emit.empty([N] + list(out_sp) + [F], f32)], x_maps + [emit.identity_map(n_loops)],
                        ["parallel"] * n_loops, body)[0]


def _generic_conv(x, w, out_spatial, setup: _ConvSetup, plan: _Plan) -> ir.Value:
    """x (N, P..., G, Cg), w (K..., Cg, G, Og) -> (N, O..., G, Og): a linalg.generic over
    (n, o..., g, f, k..., c)."""
    ns = setup.ns
    xs, ws = emit.dims(x), emit.dims(w)
    n_loops = 2 * ns + 4
    n, o, g, f = 0, list(range(1, ns + 1)), ns + 1, ns + 2
    k, c = list(range(ns + 3, 2 * ns + 3)), 2 * ns + 3
    d = ir.AffineDimExpr.get
    x_map = [d(n)] + [d(o[i]) * setup.strides[i] + d(k[i]) * setup.rhs_dilation[i] for i in range(ns)] + [d(g), d(c)]
    w_map = [d(i) for i in k] + [d(c), d(g), d(f)]
    out_map = [d(n)] + [d(i) for i in o] + [d(g), d(f)]
    init = _filled([xs[0]] + out_spatial + [xs[-2], ws[-1]], plan.acc_type)
    iters = ["parallel"] * (ns + 3) + ["reduction"] * (ns + 1)

    def body(a, b, acc):
        return _add_acc(acc, _mul_acc(plan.to_acc(0, a), plan.to_acc(1, b)))

    maps = [emit.affine_map(n_loops, m) for m in (x_map, w_map, out_map)]
    return emit.generic([x, w], [init], maps, iters, body)[0]


def _static_pads(ctx: OpContext, ns: int) -> list:
    p = ctx.attrs.get("padding")
    if p is None:
        return [(0, 0)] * ns
    arr = np.asarray(p.array() if hasattr(p, "array") else p, dtype=np.int64).reshape(-1)
    if arr.size != 2 * ns:
        raise ctx.error(f"padding has {arr.size} entries, expected {2 * ns}")
    return [(int(arr[2 * i]), int(arr[2 * i + 1])) for i in range(ns)]


@lowers("convolution")
def convolution(ctx: OpContext, lhs, rhs):
    return _conv(ctx, lhs, rhs, _static_pads(ctx, ctx.operand_types[0].rank - 2))


@lowers("dynamic_conv")
def dynamic_conv(ctx: OpContext, lhs, rhs, padding):
    ns = ctx.operand_types[0].rank - 2
    element = ctx.operand_types[2].element
    signed = el.kind(element) == "signed"
    i64 = ir.IntegerType.get_signless(64)
    pads = []
    for i in range(ns):
        pair = []
        for j in range(2):
            v = el.to_compute(tensor.extract(padding, [el.index_const(i), el.index_const(j)]), element)
            if ir.IntegerType(v.type).width < 64:
                v = arith.extsi(i64, v) if signed else arith.extui(i64, v)
            pair.append(arith.index_cast(ir.IndexType.get(), v))
        pads.append(tuple(pair))
    return _conv(ctx, lhs, rhs, pads)
