"""Reductions over several adjacent dimensions at once, made reductions over one (on tensors,
before schedules.split_reductions).

The CPU lowering reduces floats one dimension at a time (XLA's order), but leaves an exact
reduction (integers, booleans) over several dimensions as one linalg.reduce: the GPU mapping
gives each output one thread, which walks every reduced element alone (a total over a matrix:
one thread for the whole matrix). Each run of adjacent reduced dimensions is collapsed into
one; where several runs are left (dimensions 0 and 2 of three), they are reduced one at a time,
the last first, each step but the final one from the combiner's neutral element (the program's
initial value enters once, in the final step). split_reductions then splits each step across
threads like a row reduction. Only combiners whose result does not depend on the order qualify.

Floats keep the CPU lowering's order of dimensions (one linalg.reduce a dimension, the last
first, as XLA); within a step the split changes the order, the same way for every step:
split_reductions' whole-group split (a length of 64 or more, a multiple of 8) and `masked_split`
(16..63, or not a multiple of 8) both combine element k into partial k mod f, each partial in
increasing k from the combiner's neutral element, then the f partials in order into the
program's initial value. Where masked_split runs past the end it combines the neutral element
(-0.0 for a sum, so that a sum of -0.0s stays -0.0), which leaves the partial as it was: the
result is the one the whole-group split would give on the same grouping. The interpreter and the
CPU back end sum each step in order; the differences are the rounding of a reordered sum
(tests/test_gpu_reductions.py: within 1e-5 relative for f32).
"""
from __future__ import annotations

import os

from mlir import ir
from .irop import operation_of as _op

# One op of these (integer add / multiply wrap; the rest are exact) and the yield: any order of
# the reduced elements gives the same result.
ORDER_FREE = {"arith.addi", "arith.muli", "arith.andi", "arith.ori", "arith.xori",
              "arith.maxsi", "arith.minsi", "arith.maxui", "arith.minui"}



def _order_free(op: ir.Operation) -> bool:
    body = [_op(o) for o in op.regions[0].blocks[0].operations]
    return len(body) == 2 and body[0].name in ORDER_FREE and body[1].name == "linalg.yield"


def _neutral(name: str, t: ir.IntegerType) -> int:
    w = t.width
    if name in ("arith.muli",):
        return 1
    if name in ("arith.andi", "arith.minui"):
        return -1                       # all ones
    if name == "arith.maxsi":
        return -(1 << (w - 1))
    if name == "arith.minsi":
        return (1 << (w - 1)) - 1
    return 0                            # addi, ori, xori, maxui


def _runs(dims: list) -> list:
    runs = []
    for d in dims:
        if runs and runs[-1][-1] == d - 1:
            runs[-1].append(d)
        else:
            runs.append([d])
    return runs


def _one_step(op: ir.Operation, source: ir.Value, dim: int) -> ir.Value:
    """A linalg.reduce of `source` over `dim` with `op`'s combiner, from its neutral element."""
    from mlir.dialects import arith, linalg, tensor
    t = ir.RankedTensorType(source.type)
    elt = t.element_type
    shape = [n for i, n in enumerate(t.shape) if i != dim]
    combiner = _op(list(op.regions[0].blocks[0].operations)[0])
    out_t = ir.RankedTensorType.get(shape, elt)
    with ir.InsertionPoint(op), op.location:
        fill = linalg.fill(arith.ConstantOp(elt, ir.IntegerAttr.get(elt, _neutral(combiner.name, ir.IntegerType(elt)))).result,
                           outs=[tensor.EmptyOp(shape, elt).result])
        step = ir.Operation.create("linalg.reduce", results=[out_t], operands=[source, fill],
                                   attributes={"dimensions": ir.DenseI64ArrayAttr.get([dim]),
                                               "operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, 1])},
                                   regions=1)
    old_args = list(op.regions[0].blocks[0].arguments)
    block = step.regions[0].blocks.append(elt, elt)
    with ir.InsertionPoint(block), op.location:
        body = combiner.clone()
        for i, v in enumerate(list(body.operands)):
            k = next((k for k, a in enumerate(old_args) if a == v), None)
            if k is not None:
                body.operands[i] = block.arguments[k]
        linalg.YieldOp([body.results[0]])
    return step.results[0]


def collapse_reduction_dims(module: ir.Module) -> int:
    """Each static linalg.reduce of one integer input over several dimensions, with an
    order-free combiner, reduces a collapsed view of its input (each run of adjacent reduced
    dimensions one), one dimension a step. Returns how many changed."""
    from mlir.dialects import tensor
    from ... import _shlo_ext
    i64 = ir.IntegerType.get_signless(64)
    n = 0
    for op in _shlo_ext.ops_named(module.operation, ["linalg.reduce"]):
        dims = sorted(ir.DenseI64ArrayAttr(op.attributes["dimensions"]))
        if len(dims) < 2 or len(op.results) != 1:
            continue
        source = op.operands[0]
        if not isinstance(source.type, ir.RankedTensorType):
            continue
        t = ir.RankedTensorType(source.type)
        if not t.has_static_shape or not isinstance(t.element_type, ir.IntegerType) or not _order_free(op):
            continue
        runs = _runs(dims)
        groups, at = [], {}             # at: first dimension of a run -> its position after collapsing
        d = 0
        while d < t.rank:
            run = next((r for r in runs if r[0] == d), None)
            if run is not None:
                at[d] = len(groups)
            groups.append(run or [d])
            d += len(run) if run else 1
        value = source
        if any(len(g) > 1 for g in groups):
            shape = []
            for g in groups:
                extent = 1
                for k in g:
                    extent *= t.shape[k]
                shape.append(extent)
            with ir.InsertionPoint(op), op.location:
                value = tensor.CollapseShapeOp(ir.RankedTensorType.get(shape, t.element_type), source, ir.ArrayAttr.get(
                    [ir.ArrayAttr.get([ir.IntegerAttr.get(i64, k) for k in g]) for g in groups])).result
        for run in reversed(runs[1:]):  # positions of earlier runs do not move
            value = _one_step(op, value, at[run[0]])
        op.operands[0] = value
        op.attributes["dimensions"] = ir.DenseI64ArrayAttr.get([at[runs[0][0]]])
        n += 1
    return n


# The neutral element of a float combiner, for masking: x op neutral == x for every x (-0.0 for
# addf: x + -0.0 is x, -0.0 and NaN included; NaN for maxnumf / minnumf, which return the other
# operand of a NaN).
FLOAT_NEUTRAL = {"arith.addf": "-0.0", "arith.mulf": "1.0", "arith.maximumf": "-inf", "arith.minimumf": "inf",
                 "arith.maxnumf": "nan", "arith.minnumf": "nan"}


def masked_factor(extent: int, outputs: int) -> int | None:
    """How many partial reductions `masked_split` splits a step with few outputs into, where
    schedules._split_factor does not take it (16..63 elements, or not a multiple of 8: 300,
    1001): a power of two leaving each partial 8 elements or more, all of them at most
    SPLIT_THREADS threads. None where it does not pay."""
    from .schedules import FEW_OUTPUTS, SPLIT_THREADS
    if outputs >= FEW_OUTPUTS or extent < 16:
        return None
    factor = 2
    while factor * 2 * 8 <= extent and outputs * factor * 2 <= SPLIT_THREADS:
        factor *= 2
    return factor


def masked_split(op: ir.Operation) -> bool:
    """A static linalg.reduce of one input over one dimension d of extent E, with a combiner of
    one op that has a neutral element, split like schedules.split_reductions does for multiples
    of 8, but with a mask: `factor` partials, partial j combining elements j, j + f, j + 2f, ...
    below E in order from the neutral element (a linalg.generic whose threads are (outputs, j),
    neighbouring j reading neighbouring elements; past E the neutral element stands in, leaving
    the partial as it was), then the op reduces the partials in order j = 0, 1, ... into its
    initial value. The same order as the split of a multiple of 8, and as fast; no padded copy.
    Returns whether it split. SHLO_GPU_MASKED_SPLIT=0 leaves such steps one thread an output."""
    from mlir.dialects import arith, linalg, tensor
    if os.environ.get("SHLO_GPU_MASKED_SPLIT", "1") == "0":
        return False
    if op.name != "linalg.reduce" or len(op.operands) != 2 or len(op.results) != 1:
        return False
    dims = list(ir.DenseI64ArrayAttr(op.attributes["dimensions"]))
    source = op.operands[0]
    if len(dims) != 1 or not isinstance(source.type, ir.RankedTensorType):
        return False
    t = ir.RankedTensorType(source.type)
    if not t.has_static_shape:
        return False
    block = op.regions[0].blocks[0]
    body = [_op(o) for o in block.operations]
    if len(body) != 2 or body[1].name != "linalg.yield" or len(body[0].operands) != 2 or \
            not all(any(v == a for a in block.arguments) for v in body[0].operands):
        return False
    name, elt = body[0].name, t.element_type
    if isinstance(elt, ir.IntegerType):
        if name not in ORDER_FREE:
            return False
        neutral = ir.IntegerAttr.get(elt, _neutral(name, ir.IntegerType(elt)))
    elif isinstance(elt, (ir.F16Type, ir.BF16Type, ir.F32Type, ir.F64Type)) and name in FLOAT_NEUTRAL:
        lit = FLOAT_NEUTRAL[name]
        neutral = ir.Attribute.parse(f"0x{_special_bits(lit, elt)} : {elt}" if lit in ("inf", "-inf", "nan")
                                     else f"{lit} : {elt}")
    else:
        return False
    d, extent = dims[0], t.shape[dims[0]]
    out_shape = [n for i, n in enumerate(t.shape) if i != d]
    outputs = 1
    for n in out_shape:
        outputs *= n
    factor = masked_factor(extent, outputs)
    if factor is None:
        return False
    steps = -(-extent // factor)
    r = len(out_shape)                          # loops: (outputs..., j, i)
    idx = ir.IndexType.get()
    with ir.InsertionPoint(op), op.location:
        zero = arith.ConstantOp(elt, neutral).result
        part_t = ir.RankedTensorType.get(out_shape + [factor], elt)
        init = linalg.fill(zero, outs=[tensor.EmptyOp(out_shape + [factor], elt).result])
        counter = tensor.EmptyOp([steps], elt).result      # gives the loop over i its extent; not read
        loops = ", ".join(f"d{k}" for k in range(r + 2))
        maps = ir.ArrayAttr.get([ir.Attribute.parse(f"affine_map<({loops}) -> (d{r + 1})>"),
                                 ir.Attribute.parse(f"affine_map<({loops}) -> ({', '.join(f'd{k}' for k in range(r + 1))})>")])
        kinds = ir.Attribute.parse("[" + ", ".join(["#linalg.iterator_type<parallel>"] * (r + 1)
                                                   + ["#linalg.iterator_type<reduction>"]) + "]")
        gen = linalg.GenericOp([part_t], [counter], [init], maps, kinds)
        gblock = gen.regions[0].blocks.append(elt, elt)
    with ir.InsertionPoint(gblock), op.location:
        ks = [linalg.IndexOp(ir.IntegerAttr.get(ir.IntegerType.get_signless(64), k)).result for k in range(r + 2)]
        j, i = ks[r], ks[r + 1]
        at = arith.AddIOp(arith.MulIOp(i, arith.ConstantOp(idx, factor).result).result, j).result
        inside = arith.CmpIOp(arith.CmpIPredicate.ult, at, arith.ConstantOp(idx, extent).result).result
        safe = arith.MinUIOp(at, arith.ConstantOp(idx, extent - 1).result).result
        where = ks[:d] + [safe] + ks[d:r]
        x = tensor.ExtractOp(source, where).result
        v = arith.SelectOp(inside, x, arith.ConstantOp(elt, neutral).result).result
        comb = body[0].clone()
        for k, operand in enumerate(list(comb.operands)):
            comb.operands[k] = v if operand == block.arguments[0] else gblock.arguments[1]
        linalg.YieldOp([comb.results[0]])
    op.operands[0] = gen.results[0]
    op.attributes["dimensions"] = ir.DenseI64ArrayAttr.get([r])
    return True


def _special_bits(value: str, elt) -> str:
    """The hex bits of inf / -inf / a quiet NaN of a float type (MLIR's float literals)."""
    width = {ir.F16Type: 16, ir.BF16Type: 16, ir.F32Type: 32, ir.F64Type: 64}
    w = next(v for k, v in width.items() if isinstance(elt, k))
    exp, man = {16: (5, 10), 32: (8, 23), 64: (11, 52)}[w] if not isinstance(elt, ir.BF16Type) else (8, 7)
    bits = ((1 << exp) - 1) << man
    if value == "nan":
        bits |= 1 << (man - 1)
    elif value == "-inf":
        bits |= 1 << (w - 1)
    return format(bits, f"0{w // 4}X")
