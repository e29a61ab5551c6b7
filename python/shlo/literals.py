"""numpy arrays <-> MLIR dense tensor literals, for every shlo element type.

ml_dtypes supplies numpy dtypes for bf16, the f8 family and i2/i4/ui2/ui4;
those arrays travel through their raw bits with the MLIR element type given
explicitly, since the upstream bindings only infer standard numpy dtypes.
"""
from __future__ import annotations

import ml_dtypes
import numpy as np
from mlir import ir

from .types import tensor_type, type_info
from .verify._spec_table import ELEMENT_TYPES

_DTYPE_BY_ELEMENT = {
    name: np.dtype(getattr(ml_dtypes, npname, None) or npname)
    for name, (_cls, _bits, npname) in ELEMENT_TYPES.items()
}
_ELEMENT_BY_DTYPE = {}
for _name, _dt in _DTYPE_BY_ELEMENT.items():
    _ELEMENT_BY_DTYPE.setdefault(_dt, _name)


def numpy_dtype(element: str) -> np.dtype:
    """The numpy dtype that holds values of a shlo element type."""
    try:
        return _DTYPE_BY_ELEMENT[element]
    except KeyError:
        raise ValueError(f"no numpy dtype for element type {element}") from None


def element_of_dtype(dtype) -> str:
    """The shlo element type of a numpy dtype."""
    try:
        return _ELEMENT_BY_DTYPE[np.dtype(dtype)]
    except KeyError:
        raise ValueError(f"no shlo element type for numpy dtype {dtype}") from None


def numpy_to_elements(array, element: str | None = None, context: ir.Context | None = None) -> ir.Attribute:
    """A DenseElementsAttr holding `array` (converted to `element` if given)."""
    array = np.asarray(array)
    element = element or element_of_dtype(array.dtype)
    array = np.ascontiguousarray(array.astype(numpy_dtype(element), copy=False))
    t = tensor_type(array.shape, element).to_mlir(context)
    if array.dtype == np.bool_:
        return ir.DenseElementsAttr.get(array, type=ir.RankedTensorType(t).element_type, context=context)
    if array.dtype.kind in "biufc" and array.dtype.itemsize * 8 == _bits_storage(element):
        return ir.DenseElementsAttr.get(array, signless=not element.startswith("ui"),
                                        type=ir.RankedTensorType(t).element_type, context=context)
    raw = array.view(np.dtype(f"u{array.dtype.itemsize}"))
    return ir.DenseElementsAttr.get(raw, type=ir.RankedTensorType(t).element_type, context=context)


def _bits_storage(element: str) -> int:
    return ELEMENT_TYPES[element][1]


def elements_to_numpy(attr: ir.Attribute) -> np.ndarray:
    """The values of a dense tensor literal as a numpy array of the matching dtype."""
    info = type_info(attr.type)
    dtype = numpy_dtype(info.element)
    dense = ir.DenseElementsAttr(attr)
    if dense.is_splat:
        value = elements_to_numpy(ir.DenseElementsAttr.get_splat(
            ir.RankedTensorType.get([], ir.RankedTensorType(dense.type).element_type), dense.get_splat_value()))
        return np.full(info.shape, value, dtype=dtype)
    if dtype.kind in "biufc" and dtype.itemsize * 8 == _bits_storage(info.element):
        return np.array(dense, copy=True).astype(dtype, copy=False).reshape(info.shape)
    raw = np.array(dense, copy=True)
    return raw.view(dtype).reshape(info.shape)
