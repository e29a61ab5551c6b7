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


_NUMPY_NATIVE = {np.dtype(t) for t in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
                                        np.uint32, np.uint64, np.float16, np.float32, np.float64,
                                        np.complex64, np.complex128)}


def _is_native(dtype: np.dtype, element: str) -> bool:
    """True when the upstream bindings take the numpy buffer for this element type as is."""
    return dtype in _NUMPY_NATIVE and dtype.itemsize * 8 == ELEMENT_TYPES[element][1]


def _literal(x, element: str) -> str:
    cls = ELEMENT_TYPES[element][0]
    if cls == "bool":
        return "true" if x else "false"
    if cls in ("signed", "unsigned"):
        return str(int(x))
    # Floats as bit patterns: exact, and covers NaN and infinities.
    bits = np.asarray(x).reshape(1).view(np.dtype(f"u{np.asarray(x).dtype.itemsize}"))[0]
    return f"0x{int(bits):X}"


def _nested(array: np.ndarray, element: str) -> str:
    if array.ndim == 0:
        return _literal(array, element)
    return "[" + ", ".join(_nested(a, element) for a in array) + "]"


def numpy_to_elements(array, element: str | None = None, context: ir.Context | None = None) -> ir.Attribute:
    """A DenseElementsAttr holding `array` (converted to `element` if given)."""
    array = np.asarray(array)
    element = element or element_of_dtype(array.dtype)
    # (np.ascontiguousarray would turn a rank-0 array into rank 1.)
    array = np.asarray(array.astype(numpy_dtype(element), copy=False), order="C")
    t = tensor_type(array.shape, element).to_mlir(context)
    if array.dtype == np.bool_ and array.ndim > 0:  # (the bindings make rank 0 into rank 1)
        return ir.DenseElementsAttr.get(array, context=context)
    if _is_native(array.dtype, element):
        return ir.DenseElementsAttr.get(array, signless=not element.startswith("ui"),
                                        type=t.element_type, context=context)
    body = "" if array.size == 0 else _nested(array, element)
    return ir.Attribute.parse(f"dense<{body}> : {t}", context)


# Element types whose arrays can live in a dense_resource blob: whole bytes per element,
# laid out as numpy lays them out (i1/i2/i4 have no agreed blob layout in MLIR 22.1.8).
def resource_capable(element: str) -> bool:
    return ELEMENT_TYPES[element][1] >= 8


def numpy_to_resource(array: np.ndarray, name: str, element: str | None = None,
                      context: ir.Context | None = None) -> ir.Attribute:
    """A `dense_resource` tensor literal whose blob is made from the array's buffer (one copy,
    owned by MLIR; no element lists, no text). Weights of imported models use it."""
    array = np.asarray(array)
    element = element or element_of_dtype(array.dtype)
    if not resource_capable(element):
        return numpy_to_elements(array, element, context)
    array = np.ascontiguousarray(array.astype(numpy_dtype(element), copy=False))
    t = tensor_type(array.shape, element).to_mlir(context)
    raw = array.reshape(-1).view(np.uint8) if array.size else np.zeros(0, np.uint8)
    return ir.DenseResourceElementsAttr.get_from_buffer(memoryview(raw), name, t, alignment=array.dtype.alignment)


def is_resource(attr: ir.Attribute) -> bool:
    if isinstance(attr, ir.DenseElementsAttr):
        return False
    try:
        ir.DenseResourceElementsAttr(attr)     # (the bindings register no downcast for it)
    except ValueError:
        return False
    return True


def elements_to_numpy(attr: ir.Attribute) -> np.ndarray:
    """The values of a dense tensor literal (dense or dense_resource) as a numpy array of the
    matching dtype."""
    info = type_info(attr.type)
    dtype = numpy_dtype(info.element)
    if is_resource(attr):
        from . import _shlo_ext
        blob = _shlo_ext.dense_resource_bytes(attr)
        if blob is None:
            raise ValueError(f"{attr}: the resource has no data (a dangling dense_resource handle)")
        return np.frombuffer(blob, dtype=dtype).reshape(info.shape)
    if (_is_native(dtype, info.element) and dtype.kind != "c") or dtype == np.bool_:
        dense = ir.DenseElementsAttr(attr)
        if dense.is_splat:
            return np.full(info.shape, np.array(dense.get_splat_value().value if hasattr(
                dense.get_splat_value(), "value") else dense.get_splat_value()), dtype=dtype)
        return np.array(dense).astype(dtype, copy=False).reshape(info.shape)
    # Exotic widths (bf16, f8, i2/i4) and complex: read the printed literal back.
    return text_to_numpy(str(attr), info)


def text_to_numpy(text: str, info) -> np.ndarray:
    """The values of a printed dense literal (`dense<...> : tensor<...>`) of type `info`."""
    dtype = numpy_dtype(info.element)
    body = text[len("dense<"):text.rindex(" : ")].strip()[:-1].strip()
    if body.startswith('"0x'):  # large literals print as one hex blob of the raw storage bytes
        raw = bytes.fromhex(body[3:-1])
        storage = np.dtype(f"u{dtype.itemsize}") if dtype.kind not in "biufc" else dtype
        arr = np.frombuffer(raw, dtype=storage)
        arr = arr.view(dtype) if storage != dtype else arr
        return (np.full(info.shape, arr[0]) if arr.size == 1 else arr.reshape(info.shape)).astype(dtype)
    if body == "":
        return np.zeros(info.shape, dtype)
    cls = ELEMENT_TYPES[info.element][0]
    if cls == "float":
        # Work on bit patterns so that hex literals (NaN payloads) stay exact.
        bits_dtype = np.dtype(f"u{dtype.itemsize}")
        to_bits = lambda x: int(np.array(x, dtype=dtype).view(bits_dtype))  # noqa: E731
        values = _parse_literal(body, hex_as=int, number=to_bits)
        arr = np.array(values, dtype=bits_dtype)
        if arr.ndim == 0:
            arr = np.full(info.shape, arr)
        return arr.view(dtype).reshape(info.shape)
    if cls == "complex":
        # (re, im) parts may be hexadecimal bit patterns of the part type, e.g. (0x7FC00000,0.0)
        part = np.dtype(np.float32 if dtype == np.complex64 else np.float64)
        bits = np.dtype(f"u{part.itemsize}")
        values = _parse_literal(body, hex_as=lambda h: float(np.array(h, bits).view(part)), number=float,
                                complex_parts=True)
    else:
        values = _parse_literal(body)
    arr = np.array(values, dtype={"complex": np.complex128}.get(cls, np.int64))
    if arr.ndim == 0:
        arr = np.full(info.shape, arr)
    return arr.astype(dtype).reshape(info.shape)


def _parse_literal(body: str, hex_as=int, number=None, complex_parts=False):
    """Nested lists of MLIR's printed literals: ints, floats, hex bit patterns, (re, im), true/false.

    With `number`, every number goes through `number(float)` and every hex literal through
    `hex_as(int)`; `complex_parts` keeps `(re, im)` pairs as Python complex numbers."""
    import re
    body = re.sub(r"\(([^,()]+),([^,()]+)\)", r"complex(\1,\2)", body)
    body = body.replace("true", "1").replace("false", "0")
    if number is not None:
        body = re.sub(r"0x[0-9A-Fa-f]+|[-+]?(?:inf|nan|[0-9][0-9.]*(?:[eE][-+]?[0-9]+)?)",
                      lambda m: (f"H({m.group(0)})" if m.group(0).startswith("0x") else f"N('{m.group(0)}')"), body)
        env = {"H": hex_as, "N": lambda t: number(float(t)), "__builtins__": {}}
        if complex_parts:
            env["complex"] = complex
        return eval(body, env)  # noqa: S307
    body = body.replace("inf", "float('inf')").replace("nan", "float('nan')")
    return eval(body, {"float": float, "complex": complex, "__builtins__": {}})  # noqa: S307 - MLIR's own printed numbers
