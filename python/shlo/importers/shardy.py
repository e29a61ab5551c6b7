"""Shardy and GSPMD shardings <-> shlo meshes and shardings (since shlo 1.4.0).

Read side (`from_stablehlo`, `from_jax`):
  sdy.mesh @m = <["x"=4, "y"=2], device_ids=[...]>  -> shlo.mesh @m
  #sdy.sharding<@m, [{"x"}, {"y", ?}p1], replicated={"z"}>  -> #shlo.sharding<...>
  #sdy.sharding_per_value<[...]> (an op's `sdy.sharding`)   -> shlo.shardings = [...]
  #sdy<manual_axes{"x"}>                                     -> ["x"]
  GSPMD `mhlo.sharding` strings: {replicated}, {maximal device=d} and tiled
  {devices=[a,b,...]ids|<=[n]|<=[dims]T(perm) [last_tile_dim_replicate]} become
  shardings over meshes made for them (`gspmd_0`, ... ; axes `_d<i>` per tiled
  dimension and `_r` for replication, device ids the tile assignment).
  Sub-axes (`"x":(1)2`) become whole axes of a finer mesh (`AxisSplits`);
  inline meshes (`mesh<[...]>` in a sharding) become meshes made for them
  (`inline_0`, ...).
  `unreduced={"x"}` -> the sharding's `unreduced` (since shlo 1.7.0).
Not covered (ImportError naming it): GSPMD `last_tile_dims` /
manual / tuple shardings of something other than an op's results.

Write side (`to_stablehlo`): the reverse, always as Shardy, which XLA reads.
"""
from __future__ import annotations

import json
import math
import re

import numpy as np

from ..errors import ImporterError
from ..sharding import Mesh, Sharding, parse_sharding

# ------------------------------------------------------------------ Shardy -> shlo

_NAME = r'"(?:[^"\\]|\\.)*"'


def _end_of_group(text: str, start: int, open_: str, close: str) -> int:
    from ..sharding import ShardingTextError, end_of_group
    try:
        return end_of_group(text, start, open_, close)
    except ShardingTextError:
        raise ImporterError(f"unbalanced {open_}{close} in Shardy attribute {text}") from None


_SUB_AXIS = re.compile(r'(' + _NAME + r')\s*:\s*\((\d+)\)(\d+)')
_MESH_REF = re.compile(r'<\s*@(' + _NAME + r'|[\w$.-]+)\s*,')


def _mesh_name(text: str) -> str:
    return json.loads(text) if text.startswith('"') else text


class AxisSplits:
    """Shardy sub-axes as whole mesh axes. A mesh axis that the module's shardings cut into
    sub-axes ("x":(1)2 and "x":(2)2 of "x"=4) becomes the axes "x:(1)2", "x:(2)2" of the
    mesh, major to minor: positions keep their row-major order, so device ids are unchanged,
    and a reference to the whole axis names all its pieces in order."""

    def __init__(self, mesh_axes: dict[str, tuple], module_text: str = ""):
        self.mesh_axes = mesh_axes                      # mesh name -> ((axis, size), ...)
        cuts: dict[tuple, set] = {}                     # (mesh, axis) -> boundaries
        for m in _MESH_REF.finditer(module_text):
            try:
                end = _end_of_group(module_text, m.start(), "<", ">")
            except ImporterError:
                continue
            mesh = _mesh_name(m.group(1))
            for sub in _SUB_AXIS.finditer(module_text[m.start():end]):
                pre, size = int(sub.group(2)), int(sub.group(3))
                cuts.setdefault((mesh, json.loads(sub.group(1))), set()).update((pre, pre * size))
        self.pieces: dict[tuple, list] = {}             # (mesh, axis) -> [(name, pre, size), ...]
        for (mesh, axis), bounds in cuts.items():
            n = dict(mesh_axes.get(mesh, ())).get(axis)
            if n is None:
                continue    # an unknown mesh or axis is reported where the sharding is read
            bounds = sorted(b for b in bounds | {1, n} if b <= n)
            if any(b % a for a, b in zip(bounds, bounds[1:])) or n % bounds[-1]:
                raise ImporterError(f"Shardy sub-axes of \"{axis}\"={n} on @{mesh} do not nest "
                                    f"(boundaries {bounds}): no whole-axis split holds them all")
            self.pieces[(mesh, axis)] = [(f"{axis}:({a}){b // a}", a, b // a) for a, b in zip(bounds, bounds[1:])]

    def mesh(self, name: str, axes: tuple) -> tuple:
        """The axes of mesh `name` with split axes replaced by their pieces."""
        out = []
        for axis, size in axes:
            pieces = self.pieces.get((name, axis))
            out.extend([(p, s) for p, _, s in pieces] if pieces else [(axis, size)])
        return tuple(out)

    def names(self, mesh: str, axis: str, pre: int | None = None, size: int | None = None) -> list[str]:
        """The mesh axes that make up `axis` (or its sub-axis (pre)size)."""
        pieces = self.pieces.get((mesh, axis))
        if pre is None:
            return [p for p, _, _ in pieces] if pieces else [axis]
        chosen = [p for p, a, s in pieces or () if a >= pre and a * s <= pre * size]
        if not pieces or math.prod(s for _, a, s in pieces or () if a >= pre and a * s <= pre * size) != size:
            raise ImporterError(f"Shardy sub-axis \"{axis}\":({pre}){size} does not fit axis \"{axis}\" of @{mesh}")
        return chosen



class ShardyReader:
    """What reading one module's Shardy attributes needs besides their text: the sub-axis
    splits of its meshes and the meshes made for inline `mesh<...>` shardings."""

    def __init__(self, splits: AxisSplits | None = None, inline: "GspmdMeshes | None" = None):
        self.splits = splits
        self.inline = inline

    def axis(self, item: str, mesh: str, where: str) -> list[str]:
        item = item.strip()
        if re.fullmatch(_NAME, item):
            name = json.loads(item)
            return self.splits.names(mesh, name) if self.splits else [name]
        sub = _SUB_AXIS.fullmatch(item)
        if sub and self.splits is not None:
            return self.splits.names(mesh, json.loads(sub.group(1)), int(sub.group(2)), int(sub.group(3)))
        raise ImporterError(f"Shardy sub-axis {item} in {where} has no shlo counterpart (whole axes only)")

    def axis_set(self, text: str, mesh: str, where: str) -> list[str]:
        inner = text.strip()[1:-1].strip()
        items = re.findall(_NAME + r'(?:\s*:\s*\(\d+\)\d+)?', inner) if inner else []
        return [a for i in items for a in self.axis(i, mesh, where)]

    def mesh_ref(self, body: str, text: str) -> tuple[str, int]:
        """(mesh name, end of the reference) at the start of a sharding's body: `@m` or an
        inline `mesh<[...]>` (a mesh is made for it)."""
        m = re.match(r'@(' + _NAME + r'|[\w$.-]+)\s*,\s*', body)
        if m:
            return _mesh_name(m.group(1)), m.end()
        if body.startswith("mesh<") and self.inline is not None:
            end = _end_of_group(body, len("mesh"), "<", ">")
            axes, ids = sdy_mesh(body[len("mesh"):end])
            comma = re.match(r'\s*,\s*', body[end:])
            return self.inline.mesh(axes, ids).name, end + (comma.end() if comma else 0)
        raise ImporterError(f"Shardy sharding {text}: cannot read its mesh (a sdy.mesh name or an inline mesh<...>)")


_PLAIN = ShardyReader()


def sdy_sharding(text: str, reader: ShardyReader = _PLAIN) -> Sharding:
    """`#sdy.sharding<@m, [...], replicated={...}>` or its bare `<@m, [...]>` form as a Sharding."""
    t = text.strip()
    if t.startswith("#sdy.sharding"):
        t = t[len("#sdy.sharding"):]
    if not (t.startswith("<") and t.endswith(">")):
        raise ImporterError(f"not a Shardy sharding: {text}")
    body = t[1:-1].strip()
    mesh, start = reader.mesh_ref(body, text)
    rest = body[start:]
    end = _end_of_group(rest, 0, "[", "]")
    dims, open_, prios = [], [], []
    for i, dm in enumerate(re.finditer(r'\{([^{}]*)\}(?:p(\d+))?', rest[1:end - 1])):
        items = [s.strip() for s in dm.group(1).split(",") if s.strip()]
        if "?" in items:
            open_.append(i)
            items.remove("?")
        dims.append(tuple(a for item in items for a in reader.axis(item, mesh, text)))
        prios.append(int(dm.group(2)) if dm.group(2) is not None else -1)
    named = {"replicated": [], "unreduced": []}   # unreduced: since shlo 1.7.0
    tail = rest[end:]
    for key, group in re.findall(r'(\w+)\s*=\s*(\{[^{}]*\})', tail):
        axes = reader.axis_set(group, mesh, text)
        if key in named:
            named[key] = axes
        elif axes:
            raise ImporterError(f"Shardy sharding {text}: `{key}` axes have no shlo counterpart")
    return Sharding(mesh, tuple(dims), tuple(open_), tuple(prios) if any(p >= 0 for p in prios) else (),
                    tuple(named["replicated"]), tuple(named["unreduced"]))


def sdy_shardings_per_value(text: str, reader: ShardyReader = _PLAIN) -> list[Sharding]:
    """`#sdy.sharding_per_value<[<@m, ...>, ...]>` as a list of Shardings."""
    t = text.strip()
    start = t.index("[")
    inner = t[start + 1:_end_of_group(t, start, "[", "]") - 1]
    out, i = [], 0
    while i < len(inner):
        if inner[i] == "<":
            j = _end_of_group(inner, i, "<", ">")
            out.append(sdy_sharding(inner[i:j], reader))
            i = j
        else:
            i += 1
    return out


def sdy_manual_axes(text: str, mesh: str = "", reader: ShardyReader = _PLAIN) -> list[str]:
    m = re.search(r'manual_axes\s*(\{[^{}]*\})', text)
    if not m:
        raise ImporterError(f"cannot read manual axes {text}")
    return reader.axis_set(m.group(1), mesh, text)


def sdy_mesh(text: str) -> tuple[tuple, tuple | None]:
    """(axes, device_ids) of `#sdy.mesh<["x"=4, "y"=2], device_ids=[...]>`."""
    t = text.strip()
    if t.startswith("#sdy.mesh"):
        t = t[len("#sdy.mesh"):]
    body = t.strip()[1:-1]
    start = body.index("[")
    end = _end_of_group(body, start, "[", "]")
    axes = tuple((json.loads(n), int(s)) for n, s in re.findall(r'(' + _NAME + r')\s*=\s*(\d+)', body[start:end]))
    ids = re.search(r'device_ids\s*=\s*\[([^\]]*)\]', body[end:])
    device_ids = tuple(int(x) for x in ids.group(1).split(",") if x.strip()) if ids else None
    return axes, device_ids


# ------------------------------------------------------------------ shlo -> Shardy

def _names(axes) -> str:
    return ", ".join(json.dumps(a) for a in axes)


class ExportMeshes(frozenset):
    """What writing shardings as Shardy needs to know of a module's meshes: the names of its
    single-device meshes (the set itself: Shardy writes their shardings with no dims), and
    the axes that import split from Shardy sub-axes (`pieces`: mesh -> piece -> (axis, pre,
    size); `whole`: mesh -> axis -> size), written back as the axis and its sub-axes."""

    def __new__(cls, maximal=(), meshes=()):
        self = super().__new__(cls, maximal)
        self.pieces, self.whole = {}, {}
        # mesh -> axis -> position: Shardy wants `replicated` / `unreduced` in mesh order
        self.order = {m.name: {a: i for i, (a, _) in enumerate(m.axes)} for m in meshes}
        for m in meshes:
            found: dict[str, list] = {}
            for i, (name, size) in enumerate(m.axes):
                sub = re.fullmatch(r'(.+):\((\d+)\)(\d+)', name)
                if sub and int(sub.group(3)) == size:
                    found.setdefault(sub.group(1), []).append((i, int(sub.group(2)), size, name))
            for axis, parts in found.items():
                # adjacent axes, major first (pre-size 1), each piece's pre-size the product of those before
                chain = all(b[0] == a[0] + 1 and b[1] == a[1] * a[2] for a, b in zip(parts, parts[1:]))
                if not chain or parts[0][1] != 1 or axis in dict(m.axes):
                    continue
                self.whole.setdefault(m.name, {})[axis] = parts[-1][1] * parts[-1][2]
                for _, pre, size, name in parts:
                    self.pieces.setdefault(m.name, {})[name] = (axis, pre, size)
        return self

    def axes(self, mesh: str, names) -> list[str]:
        """Shardy's axis references for a list of mesh axes (major to minor): runs of adjacent
        pieces of one split axis become that axis, or one sub-axis `"x":(pre)size`."""
        pieces = self.pieces.get(mesh, {})
        out, run = [], None      # run: [axis, pre, size] of consecutive pieces
        def flush():
            if run:
                axis, pre, size = run
                whole = self.whole[mesh][axis]
                out.append(json.dumps(axis) if pre == 1 and size == whole else f"{json.dumps(axis)}:({pre}){size}")
        for name in names:
            piece = pieces.get(name)
            if piece and run and run[0] == piece[0] and piece[1] == run[1] * run[2]:
                run = [piece[0], run[1], run[2] * piece[2]]
                continue
            flush()
            if piece:
                run = list(piece)
            else:
                run = None
                out.append(json.dumps(name))
        flush()
        return out

    def mesh_axes(self, mesh: Mesh) -> list[tuple]:
        whole, seen, out = self.whole.get(mesh.name, {}), set(), []
        for name, size in mesh.axes:
            piece = self.pieces.get(mesh.name, {}).get(name)
            if piece is None:
                out.append((name, size))
            elif piece[0] not in seen:
                seen.add(piece[0])
                out.append((piece[0], whole[piece[0]]))
        return out


def sharding_to_sdy(s: Sharding, bare: bool = False, maximal=frozenset()) -> str:
    """Shardy's text of a sharding; on a mesh in `maximal` (one device, no axes) Shardy wants no dims."""
    if s.mesh in maximal:
        text = f"<@{s.mesh}, []>"
        return text if bare else "#sdy.sharding" + text
    names = maximal.axes if isinstance(maximal, ExportMeshes) else (lambda _, axes: [json.dumps(a) for a in axes])
    dims = []
    for i, d in enumerate(s.dims):
        items = names(s.mesh, d) + (["?"] if i in s.open else [])
        prio = s.priorities[i] if s.priorities else -1
        dims.append("{" + ", ".join(items) + "}" + (f"p{prio}" if prio >= 0 else ""))
    # replicated and unreduced are sets of axes, which Shardy's verifier wants in mesh order
    order = maximal.order.get(s.mesh, {}) if isinstance(maximal, ExportMeshes) else {}
    def in_mesh_order(axes):
        return sorted(axes, key=lambda a: order.get(a, len(order)))
    replicated = ", ".join(names(s.mesh, in_mesh_order(s.replicated)))
    unreduced = ", ".join(names(s.mesh, in_mesh_order(s.unreduced)))
    text = (f"<@{s.mesh}, [{', '.join(dims)}]" + (f", replicated={{{replicated}}}" if s.replicated else "")
            + (f", unreduced={{{unreduced}}}" if s.unreduced else "") + ">")
    return text if bare else "#sdy.sharding" + text


def shardings_to_sdy_per_value(shardings, maximal=frozenset()) -> str:
    return "#sdy.sharding_per_value<[" + ", ".join(sharding_to_sdy(s, True, maximal) for s in shardings) + "]>"


def mesh_to_sdy(mesh: Mesh, meshes: ExportMeshes | None = None) -> str:
    axes = ", ".join(f"{json.dumps(n)}={s}" for n, s in (meshes.mesh_axes(mesh) if meshes is not None else mesh.axes))
    ids = f", device_ids=[{', '.join(map(str, mesh.device_ids))}]" if mesh.device_ids is not None else ""
    return f"#sdy.mesh<[{axes}]{ids}>"


_SHLO_SHARDING = re.compile(r'#shlo\.sharding<[^<>]*>')


def shlo_text_to_sdy(text: str, maximal=frozenset()) -> str:
    """An attribute's text with every `shlo.sharding = #shlo.sharding<...>` entry written as Shardy's."""
    return re.sub(r'shlo\.sharding = (' + _SHLO_SHARDING.pattern + ')',
                  lambda m: "sdy.sharding = " + sharding_to_sdy(parse_sharding(m.group(1)), False, maximal), text)


def fit_rank(s: Sharding, rank: int) -> Sharding:
    """Shardy writes a sharding on a single-device mesh with no dims: one empty entry per dimension."""
    if not s.dims and rank > 0:
        import dataclasses
        return dataclasses.replace(s, dims=((),) * rank)
    return s


# ------------------------------------------------------------------ GSPMD -> shlo

class GspmdMeshes:
    """The meshes made for the GSPMD shardings of one module, one per distinct tiling."""

    def __init__(self, taken=(), prefix: str = "gspmd"):
        self.meshes: dict[tuple, Mesh] = {}
        self.taken = taken if isinstance(taken, set) else set(taken)   # shared by the makers of one module
        self.prefix = prefix
        self.common = None   # gspmd.CommonMeshes: shared meshes tried first

    def mesh(self, axes: tuple, device_ids: tuple | None) -> Mesh:
        key = (axes, device_ids)
        if key not in self.meshes:
            k = len(self.meshes)
            while f"{self.prefix}_{k}" in self.taken:
                k += 1
            name = f"{self.prefix}_{k}"
            self.taken.add(name)
            self.meshes[key] = Mesh(name, axes, device_ids)
        return self.meshes[key]


def _split_tuple(body: str) -> list[str]:
    parts, i = [], 0
    while i < len(body):
        if body[i] == "{":
            j = _end_of_group(body, i, "{", "}")
            parts.append(body[i:j])
            i = j
        else:
            i += 1
    return parts


def gspmd_shardings(text: str, ranks: list[int], meshes: GspmdMeshes) -> list[Sharding]:
    """The Shardings of a GSPMD sharding string for values of the given ranks (a tuple
    sharding `{{...}, {...}}` gives one per value)."""
    t = text.strip()
    if t.startswith('"') and t.endswith('"'):
        t = json.loads(t)
    inner = t.strip()
    if inner.startswith("{{") or (inner.startswith("{") and inner[1:].lstrip().startswith("{")):
        parts = _split_tuple(inner[1:-1])
        if len(parts) != len(ranks):
            raise ImporterError(f"GSPMD tuple sharding {text} has {len(parts)} entries for {len(ranks)} values")
        return [gspmd_sharding(p, r, meshes) for p, r in zip(parts, ranks)]
    return [gspmd_sharding(inner, r, meshes) for r in ranks]


def gspmd_sharding(text: str, rank: int, meshes: GspmdMeshes) -> Sharding:
    if meshes.common is not None:
        shared = meshes.common.sharding(text, rank)
        if shared is not None:
            return shared
    body = text.strip()
    if body.startswith("{") and body.endswith("}"):
        body = body[1:-1].strip()
    empty = tuple(() for _ in range(rank))
    if body in ("replicated", ""):
        return Sharding(meshes.mesh((), None).name, empty)
    m = re.fullmatch(r'maximal device=(\d+)', body)
    if m:
        return Sharding(meshes.mesh((), (int(m.group(1)),)).name, empty)
    m = re.fullmatch(r'devices=\[([\d,]+)\]\s*(<=\[[\d,]+\](?:T\([\d,]+\))?|[\d,]+)\s*(last_tile_dim_replicate)?', body)
    if not m:
        raise ImporterError(f"GSPMD sharding {{{body}}} has no shlo counterpart (supported: replicated, maximal, "
                            f"tiled devices=[...] with optional last_tile_dim_replicate)")
    tiles = [int(x) for x in m.group(1).split(",")]
    ids_text = m.group(2)
    n = int(np.prod(tiles))
    if ids_text.startswith("<="):
        im = re.fullmatch(r'<=\[([\d,]+)\](?:T\(([\d,]+)\))?', ids_text)
        shape = [int(x) for x in im.group(1).split(",")]
        ids = np.arange(int(np.prod(shape))).reshape(shape)
        if im.group(2):
            ids = ids.transpose([int(x) for x in im.group(2).split(",")])
        ids = [int(x) for x in ids.reshape(-1)]
    else:
        ids = [int(x) for x in ids_text.split(",")]
    replicate = bool(m.group(3))
    if len(ids) != n or len(tiles) != rank + (1 if replicate else 0):
        raise ImporterError(f"GSPMD sharding {{{body}}} does not fit a value of rank {rank}")
    axes, dims = [], []
    for i, t in enumerate(tiles[:rank]):
        if t > 1:
            axes.append((f"_d{i}", t))
            dims.append((f"_d{i}",))
        else:
            dims.append(())
    if replicate and tiles[-1] > 1:
        axes.append(("_r", tiles[-1]))
    device_ids = None if ids == list(range(n)) else tuple(ids)
    return Sharding(meshes.mesh(tuple(axes), device_ids).name, tuple(dims))
