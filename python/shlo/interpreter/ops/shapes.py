"""Shape manipulation: broadcasts, concatenation, iota, padding, reshapes,
reversal, slicing, transposition and their dynamic-shape forms."""
from __future__ import annotations

import numpy as np

from ...literals import numpy_dtype
from ...verify._spec_table import ELEMENT_TYPES
from ...errors import InterpreterError
from ..registry import implements

# ----------------------------------------------------------------- helpers


def index_values(arr) -> list:
    """The values of an integer tensor as Python ints (unsigned read as non-negative)."""
    a = np.asarray(arr)
    if a.dtype.kind not in "iu":  # ml_dtypes int2/int4/uint2/uint4 and the like
        a = a.astype(np.int64)
    return [int(v) for v in a.reshape(-1).tolist()]


def index_array(arr) -> np.ndarray:
    """An integer tensor as int64, with uint64 values above the int64 range saturated."""
    a = np.asarray(arr)
    if a.dtype == np.uint64:
        a = np.minimum(a, np.uint64(np.iinfo(np.int64).max))
    return a.astype(np.int64)


def result_dtype(ctx, i: int = 0) -> np.dtype:
    return numpy_dtype(ctx.result_types[i].element)


def check_shape(ctx, shape, i: int = 0):
    """Raises unless `shape` agrees with the static sizes of result `i`'s type."""
    declared = ctx.result_types[i].shape
    shape = tuple(shape)
    if len(declared) != len(shape) or any(d is not None and d != s for d, s in zip(declared, shape)):
        text = "x".join("?" if d is None else str(d) for d in declared)
        raise ValueError(f"result shape {shape} does not match the result type's shape {text}")


def common_shape(arrays, ctx=None, constraint: str = "") -> tuple:
    """The shape every one of `arrays` has (ops with several same-shaped inputs); with `ctx`, a
    mismatch (? sizes the program computes) names the op's `constraint`."""
    shape = arrays[0].shape
    if any(a.shape != shape for a in arrays):
        if ctx is not None:
            raise _size_error(ctx, f"its inputs have shapes {', '.join(str(a.shape) for a in arrays)}",
                              constraint)
        raise ValueError("all inputs must have the same shape")
    return shape


def _runtime_shape(value, name: str) -> list:
    shape = index_values(value)
    if any(s < 0 for s in shape):
        raise ValueError(f"{name} has a negative size: {shape}")
    return shape


def pad_array(x: np.ndarray, value, lo, hi, interior) -> np.ndarray:
    """x padded with `value`: `interior` between elements, `lo`/`hi` (maybe negative) at the edges."""
    x = np.asarray(x)
    if len(lo) != x.ndim or len(hi) != x.ndim or len(interior) != x.ndim:
        raise ValueError(f"padding amounts must have {x.ndim} entries")
    if any(i < 0 for i in interior):
        raise ValueError(f"interior padding must not be negative: {list(interior)}")
    sizes = [l + h + n + max(n - 1, 0) * i for n, l, h, i in zip(x.shape, lo, hi, interior)]
    if any(s < 0 for s in sizes):
        raise ValueError(f"padding gives a negative result size: {sizes}")
    big = [max(l, 0) + max(h, 0) + n + max(n - 1, 0) * i for n, l, h, i in zip(x.shape, lo, hi, interior)]
    out = np.full(big, np.asarray(value, dtype=x.dtype), dtype=x.dtype)
    place = tuple(slice(max(l, 0), max(l, 0) + max(n - 1, 0) * (i + 1) + (1 if n else 0), i + 1)
                  for n, l, i in zip(x.shape, lo, interior))
    out[place] = x
    crop = tuple(slice(max(-l, 0), b - max(-h, 0)) for b, l, h in zip(big, lo, hi))
    return out[crop].copy()


def broadcast_array(x: np.ndarray, dims, shape) -> np.ndarray:
    x = np.asarray(x)
    dims = [int(d) for d in dims]
    shape = [int(s) for s in shape]
    if len(dims) != x.ndim:
        raise ValueError(f"broadcast_dimensions has {len(dims)} entries for an operand of rank {x.ndim}")
    if len(set(dims)) != len(dims) or any(not 0 <= d < len(shape) for d in dims):
        raise ValueError(f"bad broadcast_dimensions {dims} for result rank {len(shape)}")
    for i, d in enumerate(dims):
        if x.shape[i] not in (1, shape[d]):
            raise ValueError(f"operand dimension {i} has size {x.shape[i]}, "
                             f"not 1 or the result size {shape[d]} of dimension {d}")
    order = sorted(range(len(dims)), key=lambda i: dims[i])
    xt = np.transpose(x, order)
    expanded = [1] * len(shape)
    for k, i in enumerate(order):
        expanded[dims[i]] = xt.shape[k]
    return np.broadcast_to(xt.reshape(expanded), shape).copy()


def iota_array(shape, dim: int, element: str) -> np.ndarray:
    shape = [int(s) for s in shape]
    if not 0 <= dim < len(shape):
        raise ValueError(f"iota_dimension {dim} is out of range for rank {len(shape)}")
    dtype = numpy_dtype(element)
    idx = np.arange(shape[dim], dtype=np.int64)
    kind, bits = ELEMENT_TYPES[element][0], ELEMENT_TYPES[element][1]
    if kind in ("signed", "unsigned"):
        if bits < 64:  # two's-complement wrap-around
            idx = idx & ((1 << bits) - 1)
            if kind == "signed":
                idx = np.where(idx >= (1 << (bits - 1)), idx - (1 << bits), idx)
        vals = idx.astype(dtype)
    elif kind == "bool":
        vals = (idx & 1).astype(dtype)
    else:
        vals = idx.astype(np.float64).astype(dtype)
    view = [1] * len(shape)
    view[dim] = shape[dim]
    return np.broadcast_to(vals.reshape(view), shape).copy()


def slice_array(x, starts, limits, strides) -> np.ndarray:
    x = np.asarray(x)
    if not (len(starts) == len(limits) == len(strides) == x.ndim):
        raise ValueError(f"slice bounds must have {x.ndim} entries")
    for d, (s, l, st) in enumerate(zip(starts, limits, strides)):
        if st <= 0:
            raise ValueError(f"stride {st} of dimension {d} is not positive")
        if not 0 <= s <= l <= x.shape[d]:
            raise ValueError(f"slice [{s}, {l}) of dimension {d} is outside [0, {x.shape[d]}]")
    return x[tuple(slice(s, l, st) for s, l, st in zip(starts, limits, strides))].copy()


def clamp_starts(starts, operand_shape, sizes) -> list:
    out = []
    for d, (s, n, k) in enumerate(zip(starts, operand_shape, sizes)):
        if k > n:
            raise ValueError(f"size {k} exceeds the operand size {n} in dimension {d}")
        out.append(min(max(s, 0), n - k))
    return out


# ----------------------------------------------------------------- static-shape ops


@implements("broadcast_in_dim")
def broadcast_in_dim(ctx, operand):
    return broadcast_array(operand, ctx.attrs["broadcast_dimensions"], ctx.result_types[0].shape)


@implements("concatenate")
def concatenate(ctx, *inputs):
    if not inputs:
        raise ValueError("concatenate needs at least one input")
    if all(None not in t.shape for t in ctx.operand_types):
        return np.concatenate([np.asarray(x) for x in inputs], axis=ctx.attrs["dimension"])
    axis, shapes = ctx.attrs["dimension"], [np.shape(x) for x in inputs]
    for j, shape in enumerate(shapes[1:], 1):     # (? sizes the program computes may differ)
        if len(shape) != len(shapes[0]) or any(a != b for d, (a, b) in enumerate(zip(shapes[0], shape)) if d != axis):
            raise _size_error(ctx, f"inputs[0] has shape {shapes[0]}, inputs[{j}] {shape}: sizes other than "
                              f"dimension {axis} differ", "C4")
    out = np.concatenate([np.asarray(x) for x in inputs], axis=axis)
    if any(d is not None and d != s for d, s in zip(ctx.result_types[0].shape, out.shape)):
        raise _size_error(ctx, f"the inputs give shape {out.shape}, the result type "
                          f"{tuple('?' if d is None else d for d in ctx.result_types[0].shape)}", "C5")
    return out


@implements("iota")
def iota(ctx):
    return iota_array(ctx.result_types[0].shape, ctx.attrs["iota_dimension"], ctx.result_types[0].element)


@implements("pad")
def pad(ctx, operand, padding_value):
    out = pad_array(operand, padding_value, ctx.attrs["edge_padding_low"], ctx.attrs["edge_padding_high"],
                    ctx.attrs["interior_padding"])
    check_shape(ctx, out.shape)
    return out


def _size_error(ctx, text: str, constraint: str) -> InterpreterError:
    """A run-time size the spec's constraint forbids (compiled code raises the same, size_checks.py)."""
    return InterpreterError(f"{ctx.location}: shlo.{ctx.name}: {text} ({ctx.name} {constraint})")


@implements("reshape")
def reshape(ctx, operand):
    shape = ctx.result_types[0].shape
    x = np.asarray(operand)
    if int(np.prod(shape, dtype=np.int64)) != x.size:
        raise _size_error(ctx, f"the operand has {x.size} elements, the result {tuple(shape)} "
                          f"{int(np.prod(shape, dtype=np.int64))}", "C2")
    return x.reshape(shape).copy()


@implements("reverse")
def reverse(ctx, operand):
    dims = ctx.attrs["dimensions"] or []
    x = np.asarray(operand)
    return np.flip(x, axis=tuple(dims)).copy() if dims else x.copy()


@implements("slice")
def slice_(ctx, operand):
    return slice_array(operand, ctx.attrs["start_indices"], ctx.attrs["limit_indices"], ctx.attrs["strides"])


@implements("transpose")
def transpose(ctx, operand):
    return np.transpose(np.asarray(operand), ctx.attrs["permutation"]).copy()


# ----------------------------------------------------------------- dynamic-shape ops


@implements("dynamic_broadcast_in_dim")
def dynamic_broadcast_in_dim(ctx, operand, output_dimensions):
    shape = _runtime_shape(output_dimensions, "output_dimensions")
    check_shape(ctx, shape)
    x = np.asarray(operand)
    for i, d in enumerate(ctx.attrs["broadcast_dimensions"]):
        if i < x.ndim and 0 <= d < len(shape) and x.shape[i] not in (1, shape[d]):
            raise _size_error(ctx, f"operand dimension {i} has size {x.shape[i]}, neither 1 nor the size "
                              f"{shape[d]} of result dimension {d}", "C5")
    return broadcast_array(operand, ctx.attrs["broadcast_dimensions"], shape)


@implements("dynamic_iota")
def dynamic_iota(ctx, output_shape):
    shape = index_values(output_shape)
    if any(s < 0 for s in shape):
        raise _size_error(ctx, f"output_shape has a negative size: {list(shape)}", "sizes read when the op runs")
    check_shape(ctx, shape)
    return iota_array(shape, ctx.attrs["iota_dimension"], ctx.result_types[0].element)


@implements("dynamic_pad")
def dynamic_pad(ctx, operand, padding_value, edge_padding_low, edge_padding_high, interior_padding):
    lo, hi, interior = (index_values(v) for v in (edge_padding_low, edge_padding_high, interior_padding))
    x = np.asarray(operand)
    if any(i < 0 for i in interior):
        raise _size_error(ctx, f"interior padding {list(interior)} is negative", "C4")
    if len(lo) == len(hi) == len(interior) == x.ndim:
        sizes = [a + b + n + max(n - 1, 0) * i for a, b, n, i in zip(lo, hi, x.shape, interior)]
        if any(s < 0 for s in sizes):
            raise _size_error(ctx, f"the padding gives the result sizes {sizes}", "C6")
    out = pad_array(operand, padding_value, lo, hi, interior)
    check_shape(ctx, out.shape)
    return out


@implements("dynamic_reshape")
def dynamic_reshape(ctx, operand, output_shape):
    shape = index_values(output_shape)
    x = np.asarray(operand)
    if any(s < 0 for s in shape) or int(np.prod(shape, dtype=object)) != x.size:
        raise _size_error(ctx, f"the operand has {x.size} elements, output_shape asks for {tuple(shape)}", "C2")
    check_shape(ctx, shape)
    return x.reshape(shape).copy()


@implements("dynamic_slice")
def dynamic_slice(ctx, operand, *start_indices):
    x = np.asarray(operand)
    sizes = list(ctx.attrs["slice_sizes"])
    if len(start_indices) != x.ndim or len(sizes) != x.ndim:
        raise ValueError(f"need {x.ndim} start indices and slice sizes")
    starts = clamp_starts([index_values(s)[0] for s in start_indices], x.shape, sizes)
    return x[tuple(slice(s, s + k) for s, k in zip(starts, sizes))].copy()


@implements("dynamic_update_slice")
def dynamic_update_slice(ctx, operand, update, *start_indices):
    x = np.asarray(operand)
    u = np.asarray(update)
    if len(start_indices) != x.ndim or u.ndim != x.ndim:
        raise ValueError(f"need {x.ndim} start indices and an update of rank {x.ndim}")
    if any(k > n for k, n in zip(u.shape, x.shape)):
        raise _size_error(ctx, f"update has shape {u.shape}, larger than the operand's {x.shape}", "C6")
    starts = clamp_starts([index_values(s)[0] for s in start_indices], x.shape, u.shape)
    out = x.copy()
    out[tuple(slice(s, s + k) for s, k in zip(starts, u.shape))] = u
    return out


@implements("get_dimension_size")
def get_dimension_size(ctx, operand):
    return np.array(np.asarray(operand).shape[ctx.attrs["dimension"]], dtype=np.int32)
