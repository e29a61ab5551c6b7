"""GSPMD shardings on shared meshes, and GSPMD-era shard_map regions -> Shardy
manual computations (a pass over the jaxlib module before the import proper).

Meshes. GSPMD shardings give device tiles, not mesh axes. Every iota tile
assignment (`<=[dims]T(perm)`) is a transposed view of devices 0..N-1 in
row-major order, so each tile dimension covers a range of strides of that
order. `CommonMeshes` gives all the tiled shardings of a module over the same
devices one mesh: an axis boundary at every stride where some sharding cuts
(axes `_a0`, `_a1`, ... major to minor), each sharding naming the axes inside
its ranges. One mesh matters: Shardy propagates shardings only between values
on the same mesh, so a mesh per sharding changed what XLA chose for values the
program leaves unsharded. Explicit device lists share a mesh when they list the
same devices in the same order (the list becomes the mesh's device ids). Where
the cuts do not nest, `shardy.gspmd_sharding` makes a mesh per sharding, as
before.

Manual regions. Without Shardy, JAX lowers `shard_map` to a region that
GSPMD custom calls mark:

    %s = custom_call @Sharding(%x) {mhlo.sharding = "{devices=[4,2]<=[8]}"}       full value
    %l = custom_call @SPMDFullToShardShape(%s) {mhlo.sharding = "{manual}"}        local piece
    %r = call @shmap_body(%l)                                                      per device
    %m = custom_call @Sharding(%r) {mhlo.sharding = "{manual}"}
    %y = custom_call @SPMDShardToFullShape(%m) {mhlo.sharding = "{devices=[4,1,2]<=[8] ...}"}

`rewrite` turns each such region into `sdy.manual_computation` over the
common mesh (or one made for the region), which the Shardy import then reads
like JAX's own: the ops between the FullToShard and ShardToFull calls move
into the body, constants it reads from outside are copied in, scalars it reads
from outside (JAX's dimension variables under symbolic shapes) become operands
of their own, replicated, and the
`{manual}` (or `last_tile_dims={manual, ...}`: partly manual) shardings say
which mesh axes are manual. Anything else is an ImportError naming the region.
"""
from __future__ import annotations

import json
import re

import numpy as np

from ..errors import ImporterError

FULL_TO_SHARD = "SPMDFullToShardShape"
SHARD_TO_FULL = "SPMDShardToFullShape"


def _target(op) -> str | None:
    if op.name != "stablehlo.custom_call":
        return None
    return str(op.attributes["call_target_name"]).strip('"')


def _gspmd_text(op) -> str:
    t = str(op.attributes["mhlo.sharding"]) if "mhlo.sharding" in op.attributes else "{replicated}"
    return json.loads(t) if t.startswith('"') else t


def unspecified_dims(op) -> tuple:
    """The dimensions JAX left open on a GSPMD custom call (`backend_config = "unspecified_dims=[0,1]"`,
    written for `P.UNCONSTRAINED` and partly manual shard_map): Shardy's open dimensions."""
    if "backend_config" not in op.attributes:
        return ()
    m = re.search(r'unspecified_dims=\[([\d,\s]*)\]', str(op.attributes["backend_config"]))
    return tuple(int(x) for x in m.group(1).split(",") if x.strip()) if m else ()


def _is_manual(text: str) -> bool:
    return "manual" in text


# ------------------------------------------------------------------ GSPMD strings

class Tiling:
    """A GSPMD sharding as tiles over a base order of devices: `tiles` per dimension
    (data dimensions, then the subgroup dimensions with `kinds`), and the tile
    array as a transposed view (`radix`, `perm`) of the base order."""

    def __init__(self, text: str, rank: int | None = None):
        body = text.strip()
        body = body[1:-1].strip() if body.startswith("{") and body.endswith("}") else body
        self.text, self.rank = text, rank or 0
        self.manual_all = body == "manual"
        self.replicated = body in ("replicated", "")
        self.ids = None           # explicit device list, or None for an iota one
        if self.manual_all or self.replicated:
            self.tiles, self.kinds, self.radix, self.perm = [], [], [], []
            return
        m = re.fullmatch(r'devices=\[([\d,]+)\]\s*(<=\[[\d,]+\](?:T\([\d,]+\))?|[\d,]+)\s*(.*)', body)
        if not m:
            raise ImporterError(f"GSPMD sharding {text} has no shlo counterpart here (supported: replicated, "
                                f"manual, tiled devices=[...] with last_tile_dim_replicate or last_tile_dims)")
        self.tiles = [int(x) for x in m.group(1).split(",")]
        rest = m.group(3).strip()
        if rest == "last_tile_dim_replicate":
            kinds = ["replicated"]
        elif rest.startswith("last_tile_dims="):
            kinds = [k.strip() for k in rest[len("last_tile_dims="):].strip("{}").split(",")]
        elif rest == "":
            kinds = []
        else:
            raise ImporterError(f"GSPMD sharding {text}: `{rest}` has no shlo counterpart")
        if rank is None:
            rank = self.rank = len(self.tiles) - len(kinds)
        if len(kinds) != len(self.tiles) - rank or any(k not in ("manual", "replicated") for k in kinds):
            raise ImporterError(f"GSPMD sharding {text} does not fit a value of rank {rank}")
        self.kinds = kinds
        n = int(np.prod(self.tiles))
        ids = m.group(2)
        if ids.startswith("<="):
            im = re.fullmatch(r'<=\[([\d,]+)\](?:T\(([\d,]+)\))?', ids)
            self.radix = [int(x) for x in im.group(1).split(",")]
            self.perm = [int(x) for x in im.group(2).split(",")] if im.group(2) else list(range(len(self.radix)))
        else:
            listed = [int(x) for x in ids.split(",")]
            if len(listed) != n:
                raise ImporterError(f"GSPMD sharding {text}: {len(listed)} devices for {n} tiles")
            self.radix, self.perm = [n], [0]
            self.ids = None if listed == list(range(n)) else tuple(listed)

    @property
    def devices_key(self) -> tuple:
        """Shardings with the same key can share a mesh: the device count and list."""
        return int(np.prod(self.tiles)), self.ids

    def pieces(self) -> list[list[tuple]]:
        """Per tile dimension, the stride ranges [lo, hi) of the base order it covers, major first."""
        strides = [int(np.prod(self.radix[i + 1:])) for i in range(len(self.radix))]
        queue = [[strides[a], strides[a] * self.radix[a]] for a in self.perm]   # [lo, hi) per axis, major first
        out = []
        for t in self.tiles:
            ranges, need = [], t
            while need > 1:
                while queue and queue[0][1] == queue[0][0]:
                    queue.pop(0)
                if not queue:
                    raise ImporterError(f"GSPMD sharding {self.text}: tiles {self.tiles} do not fit its devices")
                lo, hi = queue[0]
                size = hi // lo
                take = need if size % need == 0 else (size if need % size == 0 else 0)
                if not take:
                    raise ImporterError(f"GSPMD sharding {self.text}: tiles {self.tiles} do not fit its devices")
                ranges.append((hi // take, hi))
                queue[0][1] = hi // take
                need //= take
            out.append(ranges)
        return out


class RegionMesh:
    """The mesh of one manual region: axes at every stride where its shardings cut."""

    def __init__(self, tilings: list[Tiling], where: str, name: str = ""):
        self.name = name
        lists = {t.ids for t in tilings if t.tiles}
        if len(lists) > 1:
            raise ImporterError(f"{where}: its GSPMD shardings list devices in different orders; no one mesh "
                                f"holds them all")
        self.device_ids = next(iter(lists)) if lists else None
        sizes = {int(np.prod(t.tiles)) for t in tilings if t.tiles}
        if len(sizes) > 1:
            raise ImporterError(f"{where}: its GSPMD shardings tile {sorted(sizes)} devices; one mesh needs one count")
        self.n = sizes.pop() if sizes else 1
        cuts = {1, self.n}
        for t in tilings:
            for ranges in t.pieces():
                for lo, hi in ranges:
                    cuts.update((lo, hi))
        cuts = sorted(cuts)
        if any(b % a for a, b in zip(cuts, cuts[1:])):
            raise ImporterError(f"{where}: its GSPMD shardings cut the devices at strides {cuts}, which do not nest")
        # axes major to minor: the largest strides first
        spans = list(zip(cuts, cuts[1:]))[::-1]
        self.axes = [(f"_a{i}", hi // lo, lo, hi) for i, (lo, hi) in enumerate(spans)]

    def sharding(self, t: Tiling):
        from ..sharding import Sharding
        return Sharding(self.name, tuple(tuple(d) for d in self.dims_and_manual(t)[0]))

    def mesh(self):
        from ..sharding import Mesh
        return Mesh(self.name, tuple((name, size) for name, size, _, _ in self.axes), self.device_ids)


    def names_in(self, lo: int, hi: int) -> list[str]:
        return [name for name, _, a, b in self.axes if a >= lo and b <= hi]

    def sdy_mesh(self) -> str:
        axes = ", ".join(f'"{name}"={size}' for name, size, _, _ in self.axes)
        ids = f", device_ids=[{', '.join(map(str, self.device_ids))}]" if self.device_ids else ""
        return f"#sdy.mesh<[{axes}]{ids}>"

    def dims_and_manual(self, t: Tiling) -> tuple[list[list[str]], list[str]]:
        """Axes per data dimension, and the axes a manual subgroup (or `{manual}`) names."""
        if t.manual_all:
            return [[] for _ in range(t.rank)], [name for name, _, _, _ in self.axes]
        if t.replicated:
            return [[] for _ in range(t.rank)], []
        pieces = t.pieces()
        dims = [[a for lo, hi in pieces[d] for a in self.names_in(lo, hi)] for d in range(t.rank)]
        manual = [a for k, ranges in zip(t.kinds, pieces[t.rank:]) if k == "manual"
                  for lo, hi in ranges for a in self.names_in(lo, hi)]
        return dims, manual


class CommonMeshes:
    """One mesh for the tiled GSPMD shardings of a module over the same devices (see above)."""

    def __init__(self, texts, taken: set):
        groups: dict[tuple, list] = {}
        for text in texts:
            for part in _parts(text):
                try:
                    t = Tiling(part)
                except ImporterError:
                    continue     # reported, with the value's rank, where the sharding is read
                if t.tiles:
                    groups.setdefault(t.devices_key, []).append(t)
        self.meshes: dict[tuple, RegionMesh] = {}
        for key, tilings in groups.items():
            try:
                m = RegionMesh(tilings, "")
            except ImporterError:
                continue         # cuts that do not nest: a mesh per sharding
            k = 0
            while f"gspmd_{k}" in taken:
                k += 1
            m.name = f"gspmd_{k}"
            taken.add(m.name)
            self.meshes[key] = m

    def sharding(self, text: str, rank: int):
        """The Sharding of one GSPMD sharding on a common mesh, or None (then a mesh of its own)."""
        try:
            t = Tiling(text, rank)
        except ImporterError:
            return None
        if t.replicated and len(self.meshes) == 1:
            return next(iter(self.meshes.values())).sharding(t)
        m = self.meshes.get(t.devices_key) if t.tiles else None
        return None if m is None or t.manual_all else m.sharding(t)


def _parts(text: str) -> list[str]:
    """The member shardings of a GSPMD string (one unless it is a tuple `{{...}, {...}}`)."""
    from .shardy import _split_tuple
    t = text.strip()
    if t.startswith('"') and t.endswith('"'):
        t = json.loads(t)
    t = t.strip()
    if t.startswith("{") and t[1:].lstrip().startswith("{"):
        return _split_tuple(t[1:-1])
    return [t]


def module_texts(jmodule) -> list[str]:
    """Every GSPMD sharding string of a module: on ops and on function arguments and results."""
    from jaxlib.mlir import ir as jir
    out = []
    for op in jmodule.body.operations:
        op = op.operation
        if op.name == "func.func":
            for key in ("arg_attrs", "res_attrs"):
                if key in op.attributes:
                    for d in jir.ArrayAttr(op.attributes[key]):
                        d = jir.DictAttr(d)
                        if "mhlo.sharding" in d:
                            out.append(jir.StringAttr(d["mhlo.sharding"]).value)
        for block in _blocks(op):
            for inner in block.operations:
                inner = inner.operation
                if "mhlo.sharding" in inner.attributes:
                    out.append(_gspmd_text(inner))
    return out

def _sdy_sharding(mesh: str, dims, open_=()) -> str:
    return f"<@{mesh}, [" + ", ".join("{" + ", ".join([json.dumps(a) for a in d] + (["?"] if i in open_ else []))
                                      + "}" for i, d in enumerate(dims)) + "]>"


# ------------------------------------------------------------------ regions

def _rank(value) -> int:
    from jaxlib.mlir import ir as jir
    try:
        return len(jir.RankedTensorType(value.type).shape)
    except (ValueError, TypeError):
        return 0


def _owner_in(value, block_ops: dict):
    """The op of `block_ops` (id -> op) that defines `value`, or None when it comes from elsewhere."""
    from jaxlib.mlir import ir as jir
    owner = value.owner
    if isinstance(owner, jir.Block):
        return None
    op = owner.operation if hasattr(owner, "operation") else owner
    return block_ops.get(_key(op))


def _key(op):
    return op.operation if hasattr(op, "operation") else op


def _blocks(op):
    for region in op.regions:
        for block in region.blocks:
            yield block
            for inner in block.operations:
                yield from _blocks(inner.operation)


def rewrite(jmodule, common: CommonMeshes | None = None) -> bool:
    """Rewrites the GSPMD manual regions of `jmodule` in place; True when there were any."""
    from jaxlib.mlir import ir as jir
    top = jmodule.operation
    work = [b for op in jmodule.body.operations for b in _blocks(op.operation)]
    found = False
    count = 0
    while work:
        block = work.pop(0)
        ops = [op.operation for op in block.operations]
        if not any(_target(op) == SHARD_TO_FULL for op in ops):
            continue
        found = True
        position = {_key(op): i for i, op in enumerate(ops)}
        by_key = {_key(op): op for op in ops}
        # one region at a time, then the block afresh: rewriting moves and erases ops
        g = _first_region(ops, position, by_key)
        body = _rewrite_region(jir, jmodule, top, g, common, f"gspmd_manual_{count}")
        count += 1
        work[:0] = [block] + list(_blocks_of(body))   # inlined bodies may hold nested regions
    if found:
        _drop_inner_manual_shardings(jmodule)
        _drop_uncalled(jir, jmodule)
    return found


def _drop_uncalled(jir, jmodule) -> None:
    """Erases the private functions nothing calls any more (the shard_map bodies now inlined)."""
    called = set()
    for op in jmodule.body.operations:
        for block in _blocks(op.operation):
            for inner in block.operations:
                if inner.operation.name == "func.call":
                    called.add(jir.FlatSymbolRefAttr(inner.operation.attributes["callee"]).value)
    for op in list(jmodule.body.operations):
        op = op.operation
        if op.name != "func.func" or "sym_visibility" not in op.attributes:
            continue
        name = jir.StringAttr(op.attributes["sym_name"]).value
        if jir.StringAttr(op.attributes["sym_visibility"]).value == "private" and name not in called \
                and name.startswith("shmap_body"):
            op.erase()


def _blocks_of(block):
    yield block
    for op in block.operations:
        yield from _blocks(op.operation)


def _first_region(ops, position, by_key) -> dict:
    """The first manual region of a block: its first ShardToFull op, the ops it reads back to
    the FullToShard ops, and everything those FullToShard results reach (more ShardToFull ops
    of the same region included)."""
    first = next(op for op in ops if _target(op) == SHARD_TO_FULL)
    body, fulls, outs = set(), set(), [first]
    for v in first.operands:
        d = _owner_in(v, by_key)
        if d is not None:
            _backward(d, by_key, body, fulls)
    changed = True
    while changed:            # ops are in order, so this settles in a pass or two
        changed = False
        inside = body | fulls
        for op in ops:
            k = _key(op)
            if k in inside or any(k == _key(o) for o in outs):
                continue
            if not any((d := _owner_in(v, by_key)) is not None and _key(d) in inside for v in op.operands):
                continue
            if _target(op) == SHARD_TO_FULL:
                outs.append(op)
                for v in op.operands:
                    d = _owner_in(v, by_key)
                    if d is not None:
                        _backward(d, by_key, body, fulls)
            else:
                body.add(k)
            inside = body | fulls
            changed = True
    return {"body": sorted(body, key=position.get), "fulls": sorted(fulls, key=position.get),
            "outs": sorted(outs, key=lambda o: position[_key(o)]), "by_key": by_key}


def _backward(op, by_key, body, fulls):
    """Adds `op` and the ops of the block it reads from to `body`, stopping at FullToShard ops
    (added to `fulls`)."""
    if _target(op) == FULL_TO_SHARD:
        fulls.add(_key(op))
        return
    stack = [op]
    body.add(_key(op))
    while stack:
        o = stack.pop()
        for v in o.operands:
            d = _owner_in(v, by_key)
            if d is None or _key(d) in body or _key(d) in fulls:
                continue
            if _target(d) == FULL_TO_SHARD:
                fulls.add(_key(d))
                continue
            body.add(_key(d))
            stack.append(d)


def _rewrite_region(jir, jmodule, top, g, common, own_name):
    by_key = g["by_key"]
    fulls = [by_key[k] for k in g["fulls"]]
    body = [by_key[k] for k in g["body"]]
    outs = g["outs"]
    where = f"GSPMD manual region ending at {outs[0].location}"
    # the value each ShardToFull reads is the body's, often through a `{manual}` @Sharding
    returned, manual_constraints = [], []
    for s in outs:
        v = s.operands[0]
        d = _owner_in(v, by_key)
        if d is not None and _target(d) == "Sharding" and _is_manual(_gspmd_text(d)):
            manual_constraints.append(d)
            v = d.operands[0]
        returned.append(v)
    body = [op for op in body if _key(op) not in {_key(c) for c in manual_constraints}]
    # the full values: each FullToShard's operand, sharded as the @Sharding that produced it says
    ins, in_tilings, in_open = [], [], []
    for f in fulls:
        x = f.operands[0]
        d = _owner_in(x, by_key)
        constrained = d is not None and _target(d) == "Sharding"
        ins.append(x)
        in_tilings.append(Tiling(_gspmd_text(d) if constrained else "{replicated}", _rank(x)))
        in_open.append(unspecified_dims(d) if constrained else ())
    # scalars the body reads from outside (JAX's dimension variables under symbolic shapes): operands
    # of their own, replicated (a scalar cannot be split: every device reads all of it)
    scalars = _outside_scalars(body, {_key(f) for f in fulls})
    ins += scalars
    in_tilings += [Tiling("{replicated}", 0)] * len(scalars)
    in_open += [()] * len(scalars)
    manual_tilings = [Tiling(_gspmd_text(f), _rank(f.results[0])) for f in fulls] + \
        [Tiling(_gspmd_text(c), _rank(c.results[0])) for c in manual_constraints]
    out_tilings = [Tiling(_gspmd_text(s), _rank(s.results[0])) for s in outs]
    tilings = in_tilings + out_tilings + manual_tilings
    keys = {t.devices_key for t in tilings if t.tiles}
    mesh = common.meshes.get(keys.pop()) if common is not None and len(keys) == 1 else None
    declare = mesh is None     # the common meshes are declared by the Shardy import
    if mesh is None:
        mesh = RegionMesh(tilings, where, own_name)
    mesh_name = mesh.name
    manual = None
    for t in manual_tilings:
        axes = mesh.dims_and_manual(t)[1]
        if manual is not None and set(axes) != set(manual):
            raise ImporterError(f"{where}: its values are manual over different mesh axes")
        manual = axes
    # axes already manual around this region (a nested shard_map): manual subgroups of the full
    # values' shardings; the region makes only the others manual
    outer = {a for t in in_tilings + out_tilings for a in mesh.dims_and_manual(t)[1]}
    manual = [a for a, _, _, _ in mesh.axes if a in set(manual or []) - outer]
    if not manual:
        raise ImporterError(f"{where}: no mesh axis is manual")
    with top.context, outs[0].location:
        per_value = lambda tilings, opens: jir.Attribute.parse("#sdy.sharding_per_value<[" + ", ".join(  # noqa: E731
            _sdy_sharding(mesh_name, mesh.dims_and_manual(t)[0], o) for t, o in zip(tilings, opens)) + "]>")
        attrs = {"in_shardings": per_value(in_tilings, in_open),
                 "out_shardings": per_value(out_tilings, [unspecified_dims(s) for s in outs]),
                 "manual_axes": jir.Attribute.parse("#sdy<manual_axes{" + ", ".join(json.dumps(a) for a in manual)
                                                    + "}>")}
        if declare:
            with jir.InsertionPoint(jmodule.body.operations[0]):
                jir.Operation.create("sdy.mesh", attributes={"sym_name": jir.StringAttr.get(mesh_name),
                                                             "mesh": jir.Attribute.parse(mesh.sdy_mesh())},
                                     loc=outs[0].location)
        with jir.InsertionPoint(outs[0]):   # after every FullToShard, before any use of a result
            mc = jir.Operation.create("sdy.manual_computation", results=[s.results[0].type for s in outs],
                                      operands=ins, attributes=attrs, regions=1, loc=outs[0].location)
        block = mc.regions[0].blocks.append(*[f.results[0].type for f in fulls], *[v.type for v in scalars])
        with jir.InsertionPoint(block):
            ret = jir.Operation.create("sdy.return", operands=returned, loc=outs[0].location)
        for op in body:
            op.move_before(ret)
        _close_over(jir, mc, block, {_key(f) for f in fulls}, where,
                    list(zip(scalars, list(block.arguments)[len(fulls):])))
        for op in body:
            if op.name == "func.call":
                _inline_call(jir, jmodule, op)
        for f, arg in zip(fulls, block.arguments):
            f.results[0].replace_all_uses_with(arg)
        for s, r in zip(outs, mc.results):
            s.results[0].replace_all_uses_with(r)
        for op in outs + manual_constraints + fulls:
            op.erase()
    return block


def _inside(value, mc) -> bool:
    """Whether `value` is defined in the region of `mc` (at any depth)."""
    from jaxlib.mlir import ir as jir
    owner = value.owner
    op = owner.owner if isinstance(owner, jir.Block) else owner
    op = _key(op)
    target = _key(mc)
    while op is not None:
        if op == target:
            return True
        op = op.parent
        op = _key(op) if op is not None else None
    return False


def _is_scalar(value) -> bool:
    from jaxlib.mlir import ir as jir
    try:
        return len(jir.RankedTensorType(value.type).shape) == 0
    except (ValueError, TypeError):
        return False


def _defined_in(value, keys: set) -> bool:
    """Whether `value` is defined by one of the ops `keys`, or in one of their regions."""
    from jaxlib.mlir import ir as jir
    owner = value.owner
    op = _key(owner.owner if isinstance(owner, jir.Block) else owner)
    while op is not None:
        if op in keys:
            return True
        op = op.parent
        op = _key(op) if op is not None else None
    return False


def _outside_scalars(body, fulls: set) -> list:
    """The scalar values, other than constants and FullToShard results, that the ops of `body`
    (at any depth) read from outside them, each once, in the order first read."""
    keys = {_key(op) for op in body}
    found = []

    def visit(op):
        for v in op.operands:
            owner = v.owner
            d = None if hasattr(owner, "arguments") else _key(owner)
            if (_defined_in(v, keys) or (d is not None and (d in fulls or d.name == "stablehlo.constant"))
                    or not _is_scalar(v) or any(v == f for f in found)):
                continue
            found.append(v)
        for region in op.regions:
            for b in region.blocks:
                for inner in b.operations:
                    visit(inner.operation)

    for op in body:
        visit(_key(op))
    return found


def _close_over(jir, mc, block, fulls, where, scalars=()) -> None:
    """The body (moved into `mc`) must read nothing from outside (manual_computation is isolated
    from above): FullToShard results become block arguments later, constants are copied in,
    the outside scalars (value, block argument) read their block arguments, and anything else
    is an ImportError naming the region."""
    copies = {}

    def visit(op):
        for i, v in enumerate(op.operands):
            if _inside(v, mc):
                continue
            owner = v.owner
            d = None if isinstance(owner, jir.Block) else _key(owner)
            if d is not None and d in fulls:
                continue
            if d is not None and d.name == "stablehlo.constant":
                if d not in copies:
                    copies[d] = d.clone(jir.InsertionPoint(block.operations[0]))
                op.operands[i] = copies[d].results[0]
                continue
            arg = next((a for s, a in scalars if s == v), None)
            if arg is not None:
                op.operands[i] = arg
                continue
            raise ImporterError(f"{where}: its body reads a value defined outside it ({v.get_name()})")
        for region in op.regions:
            for b in region.blocks:
                for inner in b.operations:
                    visit(inner.operation)

    for op in list(block.operations):
        visit(op.operation)


def _inline_call(jir, jmodule, call) -> None:
    """Replaces `call` (in a manual body) by a copy of its callee's body: JAX's Shardy export
    writes shard_map bodies inline, and XLA's partitioner expects a manual computation nested
    in another one to sit in its body, not in a called function."""
    callee = jir.FlatSymbolRefAttr(call.attributes["callee"]).value
    func = next((f.operation for f in jmodule.body.operations
                 if f.operation.name == "func.func" and jir.StringAttr(f.operation.attributes["sym_name"]).value == callee),
                None)
    if func is None or len(func.regions[0].blocks) != 1:
        return
    entry = func.regions[0].blocks[0]
    mapping = {arg: v for arg, v in zip(entry.arguments, call.operands)}
    returned = None
    for op in entry.operations:
        op = op.operation
        if op.name in ("func.return", "stablehlo.return"):
            returned = [mapping.get(v, v) for v in op.operands]
            break
        copy = op.clone(jir.InsertionPoint(call))
        _remap(copy, mapping)
        for a, b in zip(op.results, copy.results):
            mapping[a] = b
    if returned is None:
        return
    for r, v in zip(call.results, returned):
        r.replace_all_uses_with(v)
    call.erase()


def _remap(op, mapping) -> None:
    """Points the operands of `op` and of the ops nested in it at their copies in `mapping`."""
    for i, v in enumerate(op.operands):
        if v in mapping:
            op.operands[i] = mapping[v]
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                _remap(inner.operation, mapping)


def _drop_inner_manual_shardings(jmodule):
    """`{manual}` @Sharding calls left inside bodies (in called functions) are the identity."""
    for block in [b for op in jmodule.body.operations for b in _blocks(op.operation)]:
        for op in [o.operation for o in block.operations]:
            if _target(op) == "Sharding" and _is_manual(_gspmd_text(op)):
                op.results[0].replace_all_uses_with(op.operands[0])
                op.erase()
            elif "mhlo.sharding" in op.attributes and _is_manual(_gspmd_text(op)):
                del op.attributes["mhlo.sharding"]
