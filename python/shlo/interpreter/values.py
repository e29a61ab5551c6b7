"""Run-time values of the interpreter and their conversion from user input.

Tensors are numpy arrays whose dtype matches the element type (ml_dtypes for
bf16, f8 and i2/i4/ui2/ui4); quantized tensors hold their storage integers.
Tokens are `TOKEN`; tuples are Python tuples.
"""
from __future__ import annotations

import numpy as np

from ..errors import InterpreterError
from ..literals import numpy_dtype
from ..types import TypeInfo


class Token:
    """The value of a `!shlo.token`: carries no data."""
    __slots__ = ()

    def __repr__(self):
        return "token"


TOKEN = Token()


def storage_dtype(t: TypeInfo) -> np.dtype:
    """The numpy dtype that holds a tensor of type `t` (storage type when quantized)."""
    return numpy_dtype(t.quant.storage if t.quant else t.element)


def check_value(value, t: TypeInfo, what: str):
    """Converts `value` to the run-time form of type `t`, or raises InterpreterError saying why not."""
    if t.kind == "token":
        if value is None or isinstance(value, Token) or value == "token":
            return TOKEN
        raise InterpreterError(f"{what}: expected a token, got {type(value).__name__}")
    if t.kind == "tuple":
        if not isinstance(value, (tuple, list)) or len(value) != len(t.members):
            raise InterpreterError(f"{what}: expected a tuple of {len(t.members)} values for {t}")
        return tuple(check_value(v, m, f"{what}[{i}]") for i, (v, m) in enumerate(zip(value, t.members)))
    if t.kind != "tensor":
        raise InterpreterError(f"{what}: values of type {t} cannot be passed in")
    dtype = storage_dtype(t)
    arr = np.asarray(value)
    if arr.dtype != dtype:
        # Python scalars and lists convert; numpy arrays must already have the right dtype.
        if isinstance(value, np.ndarray) or isinstance(value, np.generic):
            raise InterpreterError(f"{what}: expected dtype {dtype} for {t}, got {arr.dtype}")
        try:
            arr = np.asarray(value, dtype=dtype)
        except (TypeError, ValueError, OverflowError) as e:
            raise InterpreterError(f"{what}: cannot convert to {t}: {e}") from None
    if arr.ndim != len(t.shape) or any(d is not None and d != s for d, s in zip(t.shape, arr.shape)):
        raise InterpreterError(f"{what}: expected shape {_shape_text(t.shape)} for {t}, got {arr.shape}")
    return arr


def _shape_text(shape) -> str:
    return "(" + ", ".join("?" if d is None else str(d) for d in shape) + ")"


def dequantize(arr: np.ndarray, t: TypeInfo) -> np.ndarray:
    """The expressed-type values that the storage integers of a quantized tensor stand for."""
    q = t.quant
    expressed = numpy_dtype(q.expressed)
    ints = arr.astype(np.float64)
    if q.axis is None:
        out = (ints - q.zero_points[0]) * q.scales[0]
    else:
        shape = [1] * arr.ndim
        shape[q.axis] = -1
        zps = np.array(q.zero_points, np.float64).reshape(shape)
        scales = np.array(q.scales, np.float64).reshape(shape)
        out = (ints - zps) * scales
    return out.astype(expressed)


def quantize(values: np.ndarray, t: TypeInfo) -> np.ndarray:
    """Storage integers for `values` in quantized type `t`: round to nearest even, then clamp."""
    q = t.quant
    v = np.asarray(values, np.float64)
    if q.axis is None:
        scaled = v / q.scales[0] + q.zero_points[0]
    else:
        shape = [1] * v.ndim
        shape[q.axis] = -1
        scaled = v / np.array(q.scales, np.float64).reshape(shape) + np.array(q.zero_points, np.float64).reshape(shape)
    rounded = np.clip(np.rint(scaled), q.storage_min, q.storage_max)
    return rounded.astype(numpy_dtype(q.storage))
