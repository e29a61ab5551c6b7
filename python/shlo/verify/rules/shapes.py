"""Rules for shape-manipulating ops: result shapes and quantization axes."""
from __future__ import annotations

import dataclasses
import re

from .. import vocabulary as v
from ...types import tensor_type as _tensor_type, tuple_type as _tuple_type


def same_element_type_up_to_axis(operand, result):
    """True when `result` has the element type of `operand`, where a per-axis quantized operand lets the result pick its own axis, scales and zero points."""
    if not v.is_per_axis_quantized(operand):
        return v.same_element_type(operand, result)
    return v.is_per_axis_quantized(result) and v.same_baseline_element_type(operand, result)


def broadcast_quantization_ok(operand, result, broadcast_dimensions):
    """True when a per-axis quantized broadcast keeps its axis (mapped by `broadcast_dimensions`) and, from a unit axis, repeats the single scale and zero point."""
    axis = v.quantization_dimension(operand)
    if v.quantization_dimension(result) != broadcast_dimensions[axis]:
        return False
    if v.dim(operand, axis) == 1:
        s0, z0 = v.scales(operand)[0], v.zero_points(operand)[0]
        return all(s == s0 for s in v.scales(result)) and all(z == z0 for z in v.zero_points(result))
    return True


def reshape_quantization_ok(operand, result):
    """True when a per-axis quantized reshape keeps the size of the quantized axis and the element count in front of it."""
    a, b = v.quantization_dimension(operand), v.quantization_dimension(result)
    if a is None or b is None:
        return False
    before_a = v.product(v.shape(operand)[:a])
    before_b = v.product(v.shape(result)[:b])
    return v.compatible_dim(before_a, before_b) and v.compatible_dim(v.dim(operand, a), v.dim(result, b))


def known_size_equal(a, b):
    """True when two element counts are equal or either is unknown (`None`)."""
    return a is None or b is None or a == b


def is_dimension_tensor(x, n):
    """True when `x` is a 1-D tensor whose (static) size is `n`; a dynamic size is accepted."""
    return v.rank(x) == 1 and v.compatible_dim(v.dim(x, 0), n)


def concatenate_result_shape(inputs, dimension):
    """The shape of concatenating `inputs` along `dimension`: sizes there add up (dynamic if any is), other sizes merge."""
    shapes = [v.shape(x) for x in inputs]
    out = list(shapes[0])
    for s in shapes[1:]:
        out = list(v.merge_shapes(tuple(out), s))
    along = [s[dimension] for s in shapes]
    out[dimension] = None if any(d is None for d in along) else sum(along)
    return tuple(out)


def same_shape_except(inputs, dimension):
    """True when all tensors have the same rank and compatible sizes in every dimension other than `dimension`."""
    shapes = [v.shape(x) for x in inputs]
    r = len(shapes[0])
    return all(len(s) == r for s in shapes) and all(
        v.compatible_dim(shapes[0][d], s[d]) for s in shapes[1:] for d in range(r) if d != dimension)


def pad_result_shape(operand, edge_padding_low, edge_padding_high, interior_padding):
    """The shape of padding `operand`: low + high + size + (size - 1) * interior per dimension, dynamic where the operand is."""
    out = []
    for d, lo, hi, it in zip(v.shape(operand), edge_padding_low, edge_padding_high, interior_padding):
        out.append(None if d is None else lo + hi + d + max(d - 1, 0) * it)
    return tuple(out)


def slice_result_shape(start_indices, limit_indices, strides):
    """The shape of a strided slice: ceil((limit - start) / stride) per dimension."""
    return tuple(-(-(l - s) // st) for s, l, st in zip(start_indices, limit_indices, strides))


def slice_bounds_ok(operand, start_indices, limit_indices):
    """True when `0 <= start <= limit <= size` in every dimension (a dynamic size bounds nothing)."""
    return all(0 <= s <= l and (d is None or l <= d)
               for s, l, d in zip(start_indices, limit_indices, v.shape(operand)))


def _with_axis(x, axis):
    q = dataclasses.replace(x.quant, axis=axis)
    text = re.sub(r"^(!quant\.uniform<[^:<>]+(?:<-?\d+:-?\d+>)?:[^:,]+):\d+,", rf"\g<1>:{axis},", x.element)
    return text, q


def transpose_result_type(operand, permutation):
    """The result type of transposing `operand` by `permutation` (a per-axis quantization axis moves with its dimension)."""
    new_shape = v.permute(v.shape(operand), permutation)
    if v.is_per_axis_quantized(operand):
        text, q = _with_axis(operand, list(permutation).index(v.quantization_dimension(operand)))
        return _tensor_type(new_shape, text, q)
    return v.tensor_type(new_shape, operand)


def make_tuple_type(values):
    """The tuple type whose members are the types of `values`, in order."""
    return _tuple_type(values)


def start_indices_ok(start_indices):
    """True when all start indices are rank-0 tensors of one and the same type."""
    return all(v.rank(i) == 0 for i in start_indices) and v.same_type(*start_indices)
