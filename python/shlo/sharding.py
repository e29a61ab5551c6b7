"""Meshes and shardings (since shlo 1.4.0) as plain Python values.

A `#shlo.sharding<mesh = @m, dims = [["x"], []], open = [], priorities = [],
replicated = []>` attribute (with `unreduced = [...]` after it since 1.7.0, when
not empty) reads as a `Sharding`; a `shlo.mesh` op as a
`Mesh`. The verifier's rules, the importer, the exporter and the interpreter
all read shardings through this module, so the text form is parsed in one
place (the bindings cannot look inside dialect attributes).
"""
from __future__ import annotations

import dataclasses
import functools
import json
import re

from mlir import ir

from ._walk import op_name


@dataclasses.dataclass(frozen=True)
class Mesh:
    name: str
    axes: tuple          # ((name, size), ...) major to minor
    device_ids: tuple | None = None

    @property
    def sizes(self) -> dict:
        return dict(self.axes)

    @property
    def num_devices(self) -> int:
        n = 1
        for _, s in self.axes:
            n *= s
        return n

    def devices(self) -> list[int]:
        """Device id of each mesh position, positions in row-major order of the axes."""
        return list(self.device_ids) if self.device_ids else list(range(self.num_devices))


@dataclasses.dataclass(frozen=True)
class Sharding:
    mesh: str
    dims: tuple            # per dimension: tuple of axis names, major to minor
    open: tuple = ()       # dimensions that a compiler may shard further
    priorities: tuple = () # empty, or one per dimension (-1: none)
    replicated: tuple = ()  # axes said explicitly to replicate the value
    unreduced: tuple = ()   # axes along which the value is held as partial sums (since 1.7.0)

    def axes(self) -> list[str]:
        """Every axis the sharding names, in order of appearance (repeats kept)."""
        return [a for d in self.dims for a in d] + list(self.replicated) + list(self.unreduced)

    def text(self) -> str:
        def names(xs):
            return "[" + ", ".join(json.dumps(x) for x in xs) + "]"
        dims = "[" + ", ".join(names(d) for d in self.dims) + "]"
        ints = lambda xs: "[" + ", ".join(str(int(x)) for x in xs) + "]"  # noqa: E731
        return (f"#shlo.sharding<mesh = @{self.mesh}, dims = {dims}, open = {ints(self.open)}, "
                f"priorities = {ints(self.priorities)}, replicated = {names(self.replicated)}"
                # left out when empty: a sharding without it is written as before 1.7.0
                + (f", unreduced = {names(self.unreduced)}" if self.unreduced else "") + ">")

    def attr(self, context=None) -> ir.Attribute:
        return ir.Attribute.parse(self.text(), context)


class ShardingTextError(ValueError):
    pass


def end_of_group(text: str, start: int, open_: str = "[", close: str = "]") -> int:
    """Index just past the group that opens at text[start] == `open_` (quoted strings skipped)."""
    depth, i, in_str = 0, start, False
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == open_:
            depth += 1
        elif c == close:
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ShardingTextError(f"unbalanced {open_}{close} in {text!r}")


_FIELD = re.compile(r"\s*(\w+)\s*=\s*")


@functools.lru_cache(maxsize=4096)
def parse_sharding(text: str) -> Sharding:
    """The Sharding printed as `text` (`#shlo.sharding<...>`)."""
    text = text.strip()
    if not (text.startswith("#shlo.sharding<") and text.endswith(">")):
        raise ShardingTextError(f"not a #shlo.sharding attribute: {text}")
    body = text[len("#shlo.sharding<"):-1]
    fields, pos = {}, 0
    while pos < len(body):
        m = _FIELD.match(body, pos)
        if not m:
            raise ShardingTextError(f"cannot read {body[pos:]!r} in {text}")
        name, pos = m.group(1), m.end()
        if body[pos] == "[":
            end = end_of_group(body, pos)
            fields[name] = json.loads(body[pos:end])
        else:
            end = body.find(",", pos)
            end = len(body) if end < 0 else end
            fields[name] = body[pos:end].strip()
        pos = end
        while pos < len(body) and body[pos] in ", ":
            pos += 1
    mesh = fields.get("mesh", "")
    if mesh.startswith("@"):
        mesh = mesh[1:]
        if mesh.startswith('"'):
            mesh = json.loads(mesh)
    return Sharding(mesh, tuple(tuple(d) for d in fields.get("dims", [])), tuple(fields.get("open", [])),
                    tuple(fields.get("priorities", [])), tuple(fields.get("replicated", [])),
                    tuple(fields.get("unreduced", [])))


def sharding_of(attr) -> Sharding:
    return parse_sharding(str(attr))


def mesh_of_op(op) -> Mesh:
    """The Mesh a `shlo.mesh` op declares."""
    attrs = op.attributes
    names = [ir.StringAttr(a).value for a in ir.ArrayAttr(attrs["axis_names"])]
    sizes = list(ir.DenseI64ArrayAttr(attrs["axis_sizes"]))
    ids = tuple(ir.DenseI64ArrayAttr(attrs["device_ids"])) if "device_ids" in attrs else None
    return Mesh(ir.StringAttr(attrs["sym_name"]).value, tuple(zip(names, sizes)), ids)


def module_of(op):
    """The builtin.module enclosing `op` (or `op` itself when it is one)."""
    while op is not None and op.name != "builtin.module":
        op = op.parent
    return op


def meshes(module_op) -> dict[str, Mesh]:
    """name -> Mesh of the `shlo.mesh` ops at the top level of a module op."""
    out = {}
    for op in module_op.regions[0].blocks[0].operations:
        op = op.operation
        if op_name(op) == "shlo.mesh":   # not op.name: a corrupt artifact's name may not be text
            try:
                m = mesh_of_op(op)
            except Exception:  # noqa: BLE001 - a malformed mesh is reported by its own checks
                continue
            out[m.name] = m
    return out


def find_mesh(op, name: str) -> Mesh | None:
    module = module_of(op)
    return None if module is None else meshes(module).get(name)


def local_shape(shape, sharding: Sharding, mesh: Mesh, axes=None) -> tuple:
    """The shape of one device's piece: each dimension divided by the product of the sizes of
    its sharding axes (only those in `axes`, when given). Dynamic dimensions stay dynamic."""
    sizes = mesh.sizes
    out = []
    for d, n in enumerate(shape):
        k = 1
        for a in (sharding.dims[d] if d < len(sharding.dims) else ()):
            if axes is None or a in axes:
                k *= sizes.get(a, 1)
        out.append(None if n is None else n // k)
    return tuple(out)
