"""Sizes that pass through small tensors are computed as scalars, on the host.

Exported programs compute sizes with tensor ops: jax.export's cumsum pads by a window built
from `s - 1` (a 0-d add on a tensor of the dimension size, reshaped and concatenated with
constants), a strided slice's iota is `b / 2` rounded the way the division of a 0-d tensor
says. Bufferized, those are kernels writing small buffers, and the size the host needs for an
allocation or a launch is a load from device memory, which the host cannot do.

Here, on tensors (before bufferization), each top-level `tensor.extract` at constant indices
of a small static integer tensor is replaced by the scalar it holds, where the ops that made
the tensor show it: `tensor.from_elements`, constants, reshapes, static slices and inserts,
fills, and element-wise `linalg.generic`s (their bodies cloned as scalar code). The host's
size program (plan.py) then evaluates it; the tensors left without users are folded away.
"""
from __future__ import annotations

import math

from mlir import ir
from .irop import operation_of as _op

SMALL = 64          # elements: shape tensors, not data



def scalarize_small_extracts(func: ir.Operation) -> int:
    """Replaces the top-level extracts of `func` whose value is known as scalar code; returns
    how many were replaced."""
    n = 0
    for op in [_op(o) for o in func.regions[0].blocks[0].operations]:
        if op.name != "tensor.extract":
            continue
        indices = [_const_index(v) for v in list(op.operands)[1:]]
        source = op.operands[0]
        if any(i is None for i in indices) or not _small_integers(source.type):
            continue
        shape = list(ir.RankedTensorType(source.type).shape)
        with ir.InsertionPoint(op), op.location:
            value = _element(source, _flat(indices, shape), 0)
        if value is not None and value.type == op.result.type:
            op.result.replace_all_uses_with(value)
            op.erase()
            n += 1
    return n


def _small_integers(t: ir.Type) -> bool:
    if not isinstance(t, ir.RankedTensorType) or not t.has_static_shape or math.prod(t.shape) > SMALL:
        return False
    return isinstance(t.element_type, (ir.IntegerType, ir.IndexType))


def _const_index(v: ir.Value):
    owner = v.owner
    if isinstance(owner, ir.Block) or _op(owner).name != "arith.constant":
        return None
    return ir.IntegerAttr(_op(owner).attributes["value"]).value


def _flat(indices: list, shape: list) -> int:
    k = 0
    for i, n in zip(indices, shape):
        k = k * n + i
    return k


def _unflat(k: int, shape: list) -> list:
    out = []
    for n in reversed(shape):
        out.append(k % n if n else 0)
        k = k // n if n else 0
    return out[::-1]


def _static_list(op: ir.Operation, name: str):
    values = list(ir.DenseI64ArrayAttr(op.attributes[name]))
    return None if any(v < -(2 ** 62) for v in values) else values


def _element(v: ir.Value, k: int, depth: int):
    """Scalar code for element k (row-major) of small static tensor `v`, built at the current
    insertion point; None where the ops that made `v` do not show it."""
    if depth > 32 or not isinstance(v.type, ir.RankedTensorType) or not ir.RankedTensorType(v.type).has_static_shape:
        return None
    owner = v.owner
    if isinstance(owner, ir.Block):
        return None                 # an argument: data
    op = _op(owner)
    shape = list(ir.RankedTensorType(v.type).shape)
    name = op.name
    if name == "tensor.from_elements":
        return op.operands[k]
    if name in ("tensor.expand_shape", "tensor.collapse_shape", "tensor.cast"):
        return _element(op.operands[0], k, depth + 1)       # row-major order is kept
    if name == "arith.constant":
        return _constant(op, k)
    if name == "linalg.fill":
        return op.operands[0]
    if name == "tensor.extract_slice":
        return _from_slice(op, k, shape, depth)
    if name == "tensor.insert_slice":
        return _from_insert(op, k, shape, depth)
    if name == "linalg.generic":
        return _from_generic(op, v, k, shape, depth)
    return None


def _constant(op: ir.Operation, k: int):
    from mlir.dialects import arith
    attr = op.attributes["value"]
    if not isinstance(attr, ir.DenseIntElementsAttr):
        return None
    element = ir.RankedTensorType(op.result.type).element_type
    value = attr[0] if attr.is_splat else attr[k]
    return arith.ConstantOp(element, value).result


def _from_slice(op: ir.Operation, k: int, shape: list, depth: int):
    offsets, strides = _static_list(op, "static_offsets"), _static_list(op, "static_strides")
    source_shape = list(ir.RankedTensorType(op.operands[0].type).shape)
    if offsets is None or strides is None or len(source_shape) != len(shape) or len(list(op.operands)) != 1:
        return None                 # dynamic offsets, or a rank-reducing slice
    index = [o + i * s for o, i, s in zip(offsets, _unflat(k, shape), strides)]
    return _element(op.operands[0], _flat(index, source_shape), depth + 1)


def _from_insert(op: ir.Operation, k: int, shape: list, depth: int):
    source, dest = op.operands[0], op.operands[1]
    offsets, sizes, strides = (_static_list(op, n) for n in ("static_offsets", "static_sizes", "static_strides"))
    if offsets is None or sizes is None or strides is None or len(list(op.operands)) != 2:
        return None
    source_shape = list(ir.RankedTensorType(source.type).shape)
    if source_shape != sizes or any(s != 1 for s in strides):
        return None                 # a rank-reducing or strided insert
    index = _unflat(k, shape)
    if all(o <= i < o + n for i, o, n in zip(index, offsets, sizes)):
        return _element(source, _flat([i - o for i, o in zip(index, offsets)], sizes), depth + 1)
    return _element(dest, k, depth + 1)


def _from_generic(op: ir.Operation, v: ir.Value, k: int, shape: list, depth: int):
    """An all-parallel generic with projected-permutation maps: the body as scalar code over the
    elements its operands give this output element."""
    from mlir.dialects import arith
    if any("parallel" not in str(a) for a in ir.ArrayAttr(op.attributes["iterator_types"])):
        return None
    maps = [ir.AffineMapAttr(m).value for m in ir.ArrayAttr(op.attributes["indexing_maps"])]
    operands = list(op.operands)
    result = next(i for i, r in enumerate(op.results) if r == v)
    n_ins = len(operands) - len(op.results)
    out_map = maps[n_ins + result]
    if not out_map.is_permutation and out_map.n_results:
        return None
    index = _unflat(k, shape)
    loops = [0] * out_map.n_dims
    for pos, expr in enumerate(out_map.results):
        loops[ir.AffineDimExpr(expr).position] = index[pos]
    body = op.regions[0].blocks[0]
    known = []                              # (value in the body, scalar outside it)
    for i, (arg, operand, amap) in enumerate(zip(body.arguments, operands, maps)):
        if not isinstance(operand.type, ir.RankedTensorType):
            known.append((arg, operand))    # a scalar operand
            continue
        if i >= n_ins and not list(arg.uses):
            continue                        # an output nobody reads
        if not amap.is_projected_permutation:
            return None
        at = [loops[ir.AffineDimExpr(e).position] for e in amap.results]
        element = _element(operand, _flat(at, list(ir.RankedTensorType(operand.type).shape)), depth + 1)
        if element is None:
            return None
        known.append((arg, element))

    def get(x):
        for key, val in known:
            if key == x:
                return val
        return x                            # defined outside the generic

    for inner in body.operations:
        inner = _op(inner)
        if inner.name == "linalg.yield":
            return get(inner.operands[result])
        if inner.regions:
            return None
        if inner.name == "linalg.index":
            dim = ir.IntegerAttr(inner.attributes["dim"]).value
            known.append((inner.result, arith.ConstantOp(ir.IndexType.get(), loops[dim]).result))
            continue
        clone = inner.clone()
        for i, operand in enumerate(inner.operands):
            clone.operands[i] = get(operand)
        known.extend(zip(inner.results, clone.results))
