"""Converts shlo attributes between MLIR and plain Python values.

Enums are strings (`"EQ"`), struct attributes are `Struct`s with one field per
spec field, dense lists are lists, tensor literals are `Elements`. The same
tables (generated from spec/attributes.yaml) drive both directions.
"""
from __future__ import annotations

import dataclasses
import functools
import re
import struct

import numpy as np
from mlir import ir

from .errors import BuildError
from .types import TypeInfo, type_info
from .verify._spec_table import ARRAYS, BUILTIN_ATTRS, ENUMS, STRUCTS


class Struct:
    """A struct attribute's fields as Python attributes (read-only)."""

    def __init__(self, kind: str, fields: dict):
        object.__setattr__(self, "_kind", kind)
        object.__setattr__(self, "_fields", dict(fields))

    def __getattr__(self, name):
        try:
            return self._fields[name]
        except KeyError:
            raise AttributeError(f"{self._kind} has no field {name}") from None

    def __setattr__(self, name, value):
        raise AttributeError("struct attributes are immutable")

    def __eq__(self, other):
        return isinstance(other, Struct) and (self._kind, self._fields) == (other._kind, other._fields)

    def __hash__(self):
        return hash((self._kind, tuple((k, tuple(v) if isinstance(v, list) else v)
                                       for k, v in self._fields.items())))

    def as_dict(self) -> dict:
        return dict(self._fields)

    def __repr__(self):
        return f"{self._kind}({', '.join(f'{k}={v!r}' for k, v in self._fields.items())})"


@dataclasses.dataclass(frozen=True)
class Elements:
    """A tensor literal of an op: its type and, on demand, its values as numpy.

    It keeps the op and attribute name rather than an `ir.Attribute`, since the
    upstream bindings cannot create Python objects for some literals (complex
    numbers); those are read back from their text.
    """
    type: TypeInfo
    op: ir.Operation | None = None
    name: str | None = None
    attr: ir.Attribute | None = None   # when built from an attribute in hand (builders)

    def array(self) -> np.ndarray:
        from .literals import elements_to_numpy, text_to_numpy
        if self.attr is not None:
            return elements_to_numpy(self.attr)
        try:
            attr = self.op.attributes[self.name]
        except TypeError:
            from . import _shlo_ext
            return text_to_numpy(_shlo_ext.attribute_text(self.op, self.name).decode(), self.type)
        return elements_to_numpy(attr)


def op_attribute(op: ir.Operation, name: str, kind: str):
    """The Python value of attribute `name` (of spec kind `kind`) of `op`, or None when absent."""
    if kind in ("elements", "i64_elements"):
        from . import _shlo_ext
        t = _shlo_ext.attribute_type(op, name)
        return None if t is None else Elements(type_info(t), op, name)
    attrs = op.attributes
    return to_python(attrs[name], kind) if name in attrs else None


_STRUCT_BY_MNEMONIC = {v["mnemonic"]: k for k, v in STRUCTS.items()}
_STRUCT_RE = re.compile(r"#shlo\.(\w+)<(.*)>\Z", re.S)
_FIELD_RE = re.compile(r"(\w+)\s*=\s*(\[[^\]]*\]|#shlo\.\w+<\w+>|[-+0-9A-Za-z.]+)")


def _float_field(text: str) -> float:
    # MLIR prints a float that decimal cannot carry (NaN, infinities) as its bits.
    if text.lower().startswith("0x"):
        return struct.unpack("<d", int(text, 16).to_bytes(8, "little"))[0]
    return float(text)


def _field(kind: str, text: str):
    if kind == "dims":
        inner = text[1:-1].strip()
        return [int(x) for x in inner.split(",")] if inner else []
    if kind == "int":
        return int(text)
    if kind == "float":
        return _float_field(text)
    if kind == "element_type":     # dot_algorithm's precision types: the type's text (`tf32`)
        return text
    if kind == "bool":
        return text == "true"
    return _decode_dialect_text(text)  # an enum field: its case


@functools.lru_cache(maxsize=2048)
def _decode_dialect_text(text: str):
    m = _STRUCT_RE.match(text)
    if not m:
        return text
    mnemonic, body = m.groups()
    if mnemonic == "sharding":  # nested lists of axis names: shlo.sharding reads it
        from .sharding import ShardingTextError, parse_sharding
        try:
            return parse_sharding(text)
        except (ShardingTextError, ValueError, TypeError):
            return text  # not of kind sharding: the verifier says so (A<n>)
    if mnemonic in ENUMS:
        return body.strip()
    kind = _STRUCT_BY_MNEMONIC.get(mnemonic)
    if kind is None:
        return text
    kinds = STRUCTS[kind]["fields"]
    return Struct(kind, {name: _field(kinds[name], value) for name, value in _FIELD_RE.findall(body)
                         if name in kinds})


def kind_of(value, kind: str) -> bool:
    """Whether a decoded dialect attribute is of spec kind `kind` (an enum case or a Struct of that kind)."""
    if kind in ENUMS:
        return isinstance(value, str) and value in ENUMS[kind]
    if kind == "sharding":
        from .sharding import Sharding
        return isinstance(value, Sharding)
    if kind in STRUCTS:
        return isinstance(value, Struct) and value._kind == kind
    return True


def to_python(attr: ir.Attribute, kind: str):
    """The Python value of an attribute of the given spec kind."""
    if kind in ENUMS or kind in STRUCTS:
        return _decode_dialect_text(str(attr))
    if kind in ARRAYS:
        return [_decode_dialect_text(str(a)) for a in ir.ArrayAttr(attr)]
    if kind in ("i32", "i64"):
        return ir.IntegerAttr(attr).value
    if kind == "f32":
        return ir.FloatAttr(attr).value
    if kind == "bool":
        return ir.BoolAttr(attr).value
    if kind in ("string", "symbol_name"):
        return ir.StringAttr(attr).value
    if kind == "string_array":
        return [ir.StringAttr(a).value for a in ir.ArrayAttr(attr)]
    if kind == "i64_array":
        return list(ir.DenseI64ArrayAttr(attr))
    if kind == "bool_array":
        return list(ir.DenseBoolArrayAttr(attr))
    if kind in ("elements", "i64_elements"):
        raise TypeError("tensor literals are read with op_attribute(op, name, kind)")
    if kind == "type":
        return type_info(ir.TypeAttr(attr).value)
    if kind == "type_array":
        return [type_info(ir.TypeAttr(a).value) for a in ir.ArrayAttr(attr)]
    if kind == "symbol":
        return ir.FlatSymbolRefAttr(attr).value
    if kind == "symbol_array":
        return [ir.FlatSymbolRefAttr(a).value for a in ir.ArrayAttr(attr)]
    if kind == "dictionary":
        d = ir.DictAttr(attr)
        return {d[i].name: d[i].attr for i in range(len(d))}
    if kind == "layouts":
        return [[int(x) for x in np.array(ir.DenseIntElementsAttr(a))] for a in ir.ArrayAttr(attr)]
    return attr


def _float_text(v: float) -> str:
    if v != v or v in (float("inf"), float("-inf")):
        return "0x%016X" % int.from_bytes(struct.pack("<d", v), "little")
    return "%.17e" % v  # MLIR float literals need the '.'; 17 digits read back exactly


def _field_text(value, kind: str) -> str:
    """A struct field's text: `[1, 2]` (dims), `3` (int), `1.0e+00` (float) or an enum attribute."""
    if kind == "dims":
        return f"[{', '.join(str(int(x)) for x in value)}]"
    if kind == "int":
        return str(int(value))
    if kind == "float":
        return _float_text(float(value))
    if kind == "element_type":
        return str(value)
    if kind == "bool":
        return "true" if value else "false"
    return _text(value, kind)


_FIELD_DEFAULTS = {"dims": [], "int": 0, "float": 0.0, "element_type": "f32", "bool": False}  # an enum field defaults to its first case


def _default_field_text(kind: str) -> str:
    return _field_text(_FIELD_DEFAULTS[kind] if kind in _FIELD_DEFAULTS else ENUMS[kind][0], kind)


def _text(value, kind: str) -> str:
    if kind in ENUMS:
        if value not in ENUMS[kind]:
            raise BuildError(f"{value!r} is not a {kind} (one of {', '.join(ENUMS[kind])})")
        return f"#shlo.{kind}<{value}>"
    if kind == "sharding":
        from .sharding import Sharding
        if not isinstance(value, Sharding):
            raise BuildError(f"a sharding attribute is built from shlo.sharding.Sharding, not {value!r}")
        return value.text()
    if kind in STRUCTS:
        fields = STRUCTS[kind]["fields"]
        values = value.as_dict() if isinstance(value, Struct) else dict(value)
        unknown = set(values) - set(fields)
        if unknown:
            raise BuildError(f"{kind} has no fields {sorted(unknown)}")
        parts = [f"{name} = {_field_text(values[name], fkind) if name in values else _default_field_text(fkind)}"
                 for name, fkind in fields.items()]
        return f"#shlo.{STRUCTS[kind]['mnemonic']}<{', '.join(parts)}>"
    if kind in ARRAYS:
        return "[" + ", ".join(_text(v, ARRAYS[kind]) for v in value) + "]"
    raise BuildError(f"no text form for attribute kind {kind}")


def from_python(value, kind: str, context: ir.Context | None = None) -> ir.Attribute:
    """An MLIR attribute of the given spec kind holding `value`."""
    if isinstance(value, ir.Attribute):
        return value
    if kind in ENUMS or kind in STRUCTS or kind in ARRAYS:
        return ir.Attribute.parse(_text(value, kind), context)
    if kind == "i64":
        return ir.IntegerAttr.get(ir.IntegerType.get_signless(64, context), int(value))
    if kind == "i32":
        return ir.IntegerAttr.get(ir.IntegerType.get_signless(32, context), int(value))
    if kind == "f32":
        return ir.FloatAttr.get(ir.F32Type.get(context), float(value))
    if kind == "bool":
        return ir.BoolAttr.get(bool(value), context)
    if kind in ("string", "symbol_name"):
        return ir.StringAttr.get(str(value), context)
    if kind == "string_array":
        return ir.ArrayAttr.get([ir.StringAttr.get(str(v), context) for v in value], context)
    if kind == "i64_array":
        return ir.DenseI64ArrayAttr.get([int(x) for x in value], context)
    if kind == "bool_array":
        return ir.DenseBoolArrayAttr.get([bool(x) for x in value], context)
    if kind == "type":
        t = value if isinstance(value, ir.Type) else ir.Type.parse(str(value), context)
        return ir.TypeAttr.get(t)
    if kind == "symbol":
        return ir.FlatSymbolRefAttr.get(str(value), context)
    if kind in ("elements", "i64_elements"):
        from .literals import numpy_to_elements
        return numpy_to_elements(np.asarray(value, dtype=np.int64 if kind == "i64_elements" else None),
                                 context=context)
    raise BuildError(f"cannot build a {kind} attribute from {value!r}; pass an mlir.ir.Attribute")


assert set(BUILTIN_ATTRS)  # the generated table is present
