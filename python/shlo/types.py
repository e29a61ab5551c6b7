"""A plain-Python view of shlo types, for the verifier, builders and tools.

`TypeInfo` describes an MLIR type (tensor, token, tuple, future) with its
shape (dynamic sizes are `None`) and element type spelled as in MLIR. It is
hashable and compares structurally, so constraints can say `type(a) == type(b)`.
"""
from __future__ import annotations

import dataclasses
import functools
import re

from mlir import ir
from mlir.dialects import quant

from ._text import split_top_level

from .verify._spec_table import ELEMENT_TYPES


@dataclasses.dataclass(frozen=True)
class QuantInfo:
    """Parameters of a uniform-quantized element type."""
    storage: str            # e.g. "i8"
    expressed: str          # e.g. "f32"
    scales: tuple
    zero_points: tuple
    axis: int | None        # quantization dimension; None when per-tensor
    storage_min: int
    storage_max: int

    @property
    def per_axis(self) -> bool:
        return self.axis is not None


@dataclasses.dataclass(frozen=True)
class TypeInfo:
    kind: str                           # tensor | token | tuple | future | other
    shape: tuple | None = None          # tensors: sizes, None for `?`
    element: str | None = None          # tensors: element type as MLIR prints it
    quant: QuantInfo | None = None      # tensors with quantized elements
    members: tuple = ()                 # tuple / future: member types
    text: str = ""                      # the MLIR spelling

    def __str__(self) -> str:
        return self.text

    @property
    def rank(self) -> int:
        return len(self.shape)

    def to_mlir(self, context: ir.Context | None = None) -> ir.Type:
        return ir.Type.parse(self.text, context)


def _dims_text(shape) -> str:
    return "".join(("?" if d is None else str(d)) + "x" for d in shape)


def tensor_type(shape, element: str, quant_info: QuantInfo | None = None) -> TypeInfo:
    shape = tuple(None if d is None or d < 0 else int(d) for d in shape)
    return TypeInfo("tensor", shape, element, quant_info, (), f"tensor<{_dims_text(shape)}{element}>")


def token_type() -> TypeInfo:
    return TypeInfo("token", text="!shlo.token")


def tuple_type(members) -> TypeInfo:
    members = tuple(members)
    return TypeInfo("tuple", members=members, text=f"tuple<{', '.join(m.text for m in members)}>")


def future_type(members) -> TypeInfo:
    members = tuple(members)
    return TypeInfo("future", members=members, text=f"!shlo.future<{', '.join(m.text for m in members)}>")


def _storage_name(q) -> str:
    # The quant dialect stores `u8` as a signless i8 plus an unsigned flag.
    width = q.storage_type_integral_width
    return f"i{width}" if q.is_signed else f"ui{width}"


def _quant_info(et: ir.Type) -> QuantInfo | None:
    if isinstance(et, quant.UniformQuantizedPerAxisType):
        q = et
        return QuantInfo(_storage_name(q), str(q.expressed_type), tuple(q.scales),
                         tuple(q.zero_points), q.quantized_dimension,
                         q.storage_type_min, q.storage_type_max)
    if isinstance(et, quant.UniformQuantizedType):
        q = et
        return QuantInfo(_storage_name(q), str(q.expressed_type), (q.scale,),
                         (q.zero_point,), None, q.storage_type_min, q.storage_type_max)
    return None


# TypeInfos by spelling: they hold no MLIR objects, so one cache serves every context (a
# cache keyed by context as well kept every context ever seen alive).
_BY_TEXT: dict = {}


def _from_text(text: str, context: ir.Context) -> TypeInfo:
    info = _BY_TEXT.get(text)
    if info is None:
        info = _convert(ir.Type.parse(text, context), text, context)
        if len(_BY_TEXT) > 16384:
            _BY_TEXT.clear()
        _BY_TEXT[text] = info
    return info


def _convert(t: ir.Type, text: str, context) -> TypeInfo:
    if isinstance(t, ir.RankedTensorType):
        rt = t
        shape = tuple(None if rt.is_dynamic_dim(i) else rt.shape[i] for i in range(rt.rank))
        et = rt.element_type
        return TypeInfo("tensor", shape, str(et), _quant_info(et), (), text)
    if isinstance(t, ir.TupleType):
        tt = t
        members = tuple(type_info(tt.get_type(i)) for i in range(tt.num_types))
        return TypeInfo("tuple", members=members, text=text)
    if text == "!shlo.token":
        return TypeInfo("token", text=text)
    m = re.fullmatch(r"!shlo\.future<(.*)>", text, re.S)
    if m:
        members = tuple(_from_text(p, context) for p in split_top_level(m.group(1)))
        return TypeInfo("future", members=members, text=text)
    return TypeInfo("other", text=text)


def type_info(t: ir.Type) -> TypeInfo:
    """The TypeInfo of an MLIR type (cached by its spelling)."""
    text = str(t)
    info = _BY_TEXT.get(text)
    if info is None:
        info = _convert(t, text, t.context)
        if len(_BY_TEXT) > 16384:
            _BY_TEXT.clear()
        _BY_TEXT[text] = info
    return info


def element_class(element: str | None) -> str | None:
    """bool | signed | unsigned | float | complex | quantized, or None if unknown."""
    if element is None:
        return None
    if element.startswith("!quant."):
        return "quantized"
    entry = ELEMENT_TYPES.get(element)
    return entry[0] if entry else None


def element_bits(element: str) -> int:
    entry = ELEMENT_TYPES.get(element)
    if entry is None:
        raise ValueError(f"unknown element type {element}")
    return entry[1]
