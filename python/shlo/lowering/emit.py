"""Builders for the linalg / tensor IR that op lowerings emit.

Every helper builds at the current insertion point and location (the driver
sets both), takes and returns `ir.Value`s, and works with dynamic (`?`)
dimensions: sizes are `int`s where static and index `ir.Value`s where not.
"""
from __future__ import annotations

from typing import Callable, Sequence

import numpy as np
from mlir import ir
from mlir.dialects import arith, linalg, tensor

from ..types import TypeInfo
from . import element as el


def tensor_type(shape, element_type: ir.Type) -> ir.RankedTensorType:
    dyn = ir.ShapedType.get_dynamic_size()
    return ir.RankedTensorType.get([dyn if d is None else int(d) for d in shape], element_type)


def lowered_type(t: TypeInfo) -> ir.Type:
    """The storage tensor type of a shlo tensor type (quantized: its storage integers)."""
    element = t.quant.storage if t.quant else t.element
    return tensor_type(t.shape, el.storage_type(element))


def storage_element(t: TypeInfo) -> str:
    """The shlo element whose storage a tensor of type `t` holds (quantized: the storage type)."""
    return t.quant.storage if t.quant else t.element


def is_tensor(v) -> bool:
    return isinstance(v, ir.Value) and isinstance(v.type, ir.RankedTensorType)


def rank(v: ir.Value) -> int:
    return ir.RankedTensorType(v.type).rank


def static_shape(v: ir.Value) -> list:
    """Sizes of a tensor value, None where dynamic."""
    t = ir.RankedTensorType(v.type)
    return [None if t.is_dynamic_dim(i) else t.shape[i] for i in range(t.rank)]


def dim(v: ir.Value, i: int):
    """Size `i` of a tensor: an int when static, an index value when not."""
    t = ir.RankedTensorType(v.type)
    if not t.is_dynamic_dim(i):
        return t.shape[i]
    return tensor.dim(v, el.index_const(i))


def dims(v: ir.Value) -> list:
    return [dim(v, i) for i in range(rank(v))]


def as_index(size) -> ir.Value:
    """A size (int or index value) as an index value."""
    return el.index_const(size) if isinstance(size, int) else size


def empty(sizes: Sequence, element_type: ir.Type) -> ir.Value:
    """tensor.empty of the given sizes (ints or index values)."""
    return tensor.empty(list(sizes), element_type)


def sizes_for(t: TypeInfo, like: ir.Value | None = None, known: dict | None = None) -> list:
    """Sizes of a result of type `t`: static ones from the type, dynamic ones from `known`
    (dimension -> size) or, failing that, from the same dimension of `like`."""
    out = []
    for i, d in enumerate(t.shape):
        if d is not None:
            out.append(d)
        elif known and i in known:
            out.append(known[i])
        elif like is not None:
            out.append(dim(like, i))
        else:
            raise ValueError(f"dynamic dimension {i} of {t} has no known size")
    return out


def identity_map(n: int) -> ir.AffineMap:
    return ir.AffineMap.get_identity(n)


def affine_map(n_dims: int, exprs) -> ir.AffineMap:
    """An affine map of `n_dims` loop dimensions; `exprs` are ints (dimension numbers),
    `None` (constant 0) or AffineExprs."""
    out = []
    for e in exprs:
        if e is None:
            out.append(ir.AffineConstantExpr.get(0))
        elif isinstance(e, int):
            out.append(ir.AffineDimExpr.get(e))
        else:
            out.append(e)
    return ir.AffineMap.get(n_dims, 0, out)


def generic(inputs: Sequence[ir.Value], outputs: Sequence[ir.Value], maps: Sequence[ir.AffineMap],
            iterators: Sequence[str], body: Callable) -> list:
    """A linalg.generic; `body(*block_args)` builds the loop body and returns the values
    to yield (one per output). Returns the op's results."""
    op = linalg.GenericOp_(list(inputs), list(outputs), ir.ArrayAttr.get([ir.AffineMapAttr.get(m) for m in maps]),
                           ir.ArrayAttr.get([ir.Attribute.parse(f"#linalg.iterator_type<{it}>") for it in iterators]))
    block = op.regions[0].blocks[0]
    with ir.InsertionPoint(block):
        out = body(*block.arguments)
        if isinstance(out, ir.Value):
            out = [out]
        linalg.YieldOp(list(out))
    return list(op.results)


def map_elements(result_types: Sequence[TypeInfo], inputs: Sequence[ir.Value], input_elements: Sequence[str],
                 fn: Callable, like: ir.Value | None = None, dyn_sizes: Sequence | None = None) -> list:
    """An element-wise linalg.generic: every input has the result's shape (or rank 0,
    broadcast). `fn(*compute_scalars)` returns the compute scalar(s) of each result."""
    shape_src = like if like is not None else next((v for v in inputs if rank(v) > 0), inputs[0] if inputs else None)
    n = len(result_types[0].shape)
    sizes = list(dyn_sizes) if dyn_sizes is not None else sizes_for(result_types[0], shape_src)
    outs = [empty(sizes, el.storage_type(storage_element(t))) for t in result_types]
    maps = [identity_map(n) if rank(v) == n else affine_map(n, []) for v in inputs] + [identity_map(n)] * len(outs)
    result_elements = [storage_element(t) for t in result_types]

    def body(*args):
        xs = [el.to_compute(a, e) for a, e in zip(args[:len(inputs)], input_elements)]
        ys = fn(*xs)
        ys = [ys] if isinstance(ys, ir.Value) else list(ys)
        return [el.from_compute(y, e) for y, e in zip(ys, result_elements)]

    return generic(inputs, outs, maps, ["parallel"] * n, body)


def fill(value: ir.Value, sizes: Sequence, element_type: ir.Type | None = None) -> ir.Value:
    """A tensor of the given sizes filled with a scalar."""
    init = empty(sizes, element_type or value.type)
    return fill_into(value, init)


def fill_into(value: ir.Value, init: ir.Value) -> ir.Value:
    """linalg.fill of `init` with a scalar. Built directly where no conversion is needed: the
    Python op-definition DSL behind `linalg.fill` takes ~0.5 ms a call (22 fills were 4% of the
    decoder's compile)."""
    if value.type != ir.ShapedType(init.type).element_type:
        return linalg.fill(value, outs=[init])       # the DSL writes the conversion
    op = linalg.FillOp(result_tensors=[init.type], inputs=[value], outputs=[init])
    block = op.regions[0].blocks.append(value.type, value.type)
    with ir.InsertionPoint(block):
        linalg.YieldOp([block.arguments[0]])
    return op.result


def zero_scalar(element_type: ir.Type) -> ir.Value:
    """The zero of a storage element type (integers, floats, complex)."""
    if isinstance(element_type, ir.ComplexType):
        from mlir.dialects import complex as cx
        part = ir.ComplexType(element_type).element_type
        return cx.create_(element_type, el.const(0.0, part), el.const(0.0, part))
    return el.const(0, element_type)


def zeros(t: TypeInfo, like: ir.Value | None = None) -> ir.Value:
    """A zero tensor of type `t` (dynamic sizes from `like`)."""
    et = el.storage_type(storage_element(t))
    return fill(zero_scalar(et), sizes_for(t, like))


def splat(value, t: TypeInfo) -> ir.Value:
    """A constant tensor of static type `t` with every element `value` (a Python number, storage form)."""
    et = el.storage_type(storage_element(t))
    rt = tensor_type(t.shape, et)
    if isinstance(et, ir.IntegerType):
        attr = ir.IntegerAttr.get(et, _signed(int(value), et.width))
    else:
        attr = ir.FloatAttr.get(et, float(value))
    return arith.constant(rt, ir.DenseElementsAttr.get_splat(rt, attr))


def _signed(v: int, w: int) -> int:
    v &= (1 << w) - 1
    if w == 1:
        return -v
    return v - (1 << w) if v >= 1 << (w - 1) else v


def constant_array(array: np.ndarray, element: str) -> ir.Value:
    """An arith.constant tensor of `array` (numpy, of `element`'s dtype) in storage form,
    built from the array's buffer (no Python lists; complex literals go through text)."""
    return arith.ConstantOp(tensor_type(np.shape(array), el.storage_type(element)),
                         constant_attr(array, element)).result


def constant_attr(array: np.ndarray, element: str) -> ir.Attribute:
    """The DenseElementsAttr of `array` in storage form."""
    array = np.asarray(array)
    shape = list(array.shape)
    et = el.storage_type(element)
    if el.kind(element) == "complex":
        from ..literals import numpy_to_elements
        return numpy_to_elements(array, element)
    if element in el.BYTE_FLOATS or element in el.SUB_BYTE:
        raw = np.ascontiguousarray(array).view(np.uint8)
        if element in el.SUB_BYTE:
            raw = raw & np.uint8((1 << el.width(element)) - 1)
        array = raw.view(np.int8)
    elif element in ("bf16", "f16"):
        array = np.ascontiguousarray(array).view(np.uint16)   # the bindings take the raw bits
    elif element.startswith("ui"):
        array = np.ascontiguousarray(array).view(f"i{array.dtype.itemsize}")
    return ir.DenseElementsAttr.get(np.ascontiguousarray(array), type=et, shape=shape)


def extract_scalar(v: ir.Value) -> ir.Value:
    """The element of a rank-0 tensor."""
    return tensor.extract(v, [])


def from_scalar(v: ir.Value) -> ir.Value:
    """A rank-0 tensor holding a scalar."""
    return tensor.from_elements(ir.RankedTensorType.get([], v.type), [v])


def cast_to(v: ir.Value, t: ir.Type) -> ir.Value:
    """tensor.cast when the static shapes differ (e.g. a dynamic result into a static type)."""
    if v.type == t:
        return v
    return tensor.cast(t, v)
