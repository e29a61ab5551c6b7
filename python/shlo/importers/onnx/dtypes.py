"""ONNX tensor element types <-> shlo element types."""
from __future__ import annotations

from ...errors import ImporterError

# TensorProto.DataType names -> shlo element types (STRING and the 2-bit / 4-bit float
# types have no shlo counterpart)
_ELEMENTS = {
    "FLOAT": "f32", "UINT8": "ui8", "INT8": "i8", "UINT16": "ui16", "INT16": "i16", "INT32": "i32",
    "INT64": "i64", "BOOL": "i1", "FLOAT16": "f16", "DOUBLE": "f64", "UINT32": "ui32", "UINT64": "ui64",
    "COMPLEX64": "complex<f32>", "COMPLEX128": "complex<f64>", "BFLOAT16": "bf16",
    "FLOAT8E4M3FN": "f8E4M3FN", "FLOAT8E4M3FNUZ": "f8E4M3FNUZ", "FLOAT8E5M2": "f8E5M2",
    "FLOAT8E5M2FNUZ": "f8E5M2FNUZ", "UINT4": "ui4", "INT4": "i4",
}


def name_of(data_type: int) -> str:
    import onnx
    try:
        return onnx.TensorProto.DataType.Name(data_type)
    except ValueError:
        return f"data type {data_type}"


def element(data_type: int) -> str:
    """The shlo element type of an ONNX TensorProto data type (an int)."""
    name = name_of(data_type)
    try:
        return _ELEMENTS[name]
    except KeyError:
        raise ImporterError(f"ONNX element type {name} has no shlo counterpart") from None


def data_type(element_type: str) -> int:
    import onnx
    for name, e in _ELEMENTS.items():
        if e == element_type:
            return onnx.TensorProto.DataType.Value(name)
    raise ImporterError(f"element type {element_type} has no ONNX counterpart")


def is_float(e: str) -> bool:
    return e.startswith(("f", "bf"))


def is_int(e: str) -> bool:
    return e.startswith(("i", "ui")) and e != "i1"


def is_unsigned(e: str) -> bool:
    return e.startswith("ui")
