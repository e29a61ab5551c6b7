"""torch dtypes <-> shlo element types."""
from __future__ import annotations

import numpy as np

from ...errors import ImporterError

_ELEMENTS = {
    "bool": "i1", "uint8": "ui8", "int8": "i8", "int16": "i16", "int32": "i32", "int64": "i64",
    "uint16": "ui16", "uint32": "ui32", "uint64": "ui64",
    "float16": "f16", "bfloat16": "bf16", "float32": "f32", "float64": "f64",
    "complex64": "complex<f32>", "complex128": "complex<f64>",
    "float8_e4m3fn": "f8E4M3FN", "float8_e5m2": "f8E5M2", "float8_e4m3fnuz": "f8E4M3FNUZ",
    "float8_e5m2fnuz": "f8E5M2FNUZ",
}


def element(dtype) -> str:
    """The shlo element type of a torch dtype."""
    name = str(dtype).replace("torch.", "")
    try:
        return _ELEMENTS[name]
    except KeyError:
        raise ImporterError(f"torch dtype {name} has no shlo element type") from None


def torch_dtype(element_type: str):
    import torch
    for name, e in _ELEMENTS.items():
        if e == element_type:
            return getattr(torch, name)
    raise ImporterError(f"element type {element_type} has no torch dtype")


def is_float(element_type: str) -> bool:
    return element_type.startswith(("f", "bf"))


def is_complex(element_type: str) -> bool:
    return element_type.startswith("complex")


def is_int(element_type: str) -> bool:
    return element_type.startswith(("i", "ui")) and element_type != "i1"


def is_unsigned(element_type: str) -> bool:
    return element_type.startswith("ui")


def to_numpy(tensor) -> np.ndarray:
    """A tensor's values as a numpy array with the matching (ml_dtypes) dtype; shares memory
    where numpy can hold the dtype directly."""
    import torch
    from ...literals import numpy_dtype
    t = tensor.detach()
    if t.is_conj():
        t = t.resolve_conj()
    if t.dtype == torch.bfloat16 or t.dtype in (torch.float8_e4m3fn, torch.float8_e5m2,
                                                torch.float8_e4m3fnuz, torch.float8_e5m2fnuz):
        bits = t.contiguous().view(torch.uint16 if t.dtype == torch.bfloat16 else torch.uint8).numpy()
        return bits.view(numpy_dtype(element(t.dtype)))
    return t.contiguous().numpy()
