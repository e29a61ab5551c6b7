"""The sharding part of the StableHLO <-> shlo translation (since shlo 1.4.0).

Reading: `sdy.mesh` -> `shlo.mesh`; `sdy.sharding` on function arguments and
results -> `shlo.sharding`; an op's `sdy.sharding` -> `shlo.shardings`;
`sdy.sharding_constraint` / `sdy.manual_computation` / `sdy.return` ->
`shlo.sharding_constraint` / `shlo.manual_computation` / `shlo.return`;
`sdy.reshard` and Shardy's explicit collectives (`sdy.all_gather`, `all_slice`,
`all_to_all`, `collective_permute`, `all_reduce`, `reduce_scatter`: the
identity on the global value, moving it to `out_sharding`) ->
`shlo.sharding_constraint` (also `replicated_to_unreduced` /
`sharded_to_unreduced`); `sdy.constant` -> `shlo.constant` with its sharding;
`sdy.named_computation` -> its body inlined (in / out shardings as
constraints); `sdy.propagation_barrier` / `sdy.func_data_flow_edge` -> dropped
(hints to propagation); `sdy.data_flow_edge` -> its sharding on the op whose
result it stands on (XLA does not read the op); sub-axes -> whole axes of a
finer mesh; inline meshes -> meshes made for them;
GSPMD `mhlo.sharding` strings -> shardings over meshes made for them, and
GSPMD's `custom_call @Sharding` -> `shlo.sharding_constraint`.
`sdy.sharding_rule` (how an op's dimensions relate, for propagation) is
dropped: it restates what the op means and XLA recomputes it; on a custom
call (whose meaning Shardy cannot know) it is kept as text and written back.

Writing: the reverse, as Shardy (XLA reads it), so XLA sees the same
shardings. The attribute text conversions live in `importers/shardy.py`.
"""
from __future__ import annotations

import re

from mlir import ir

from ..errors import ImporterError
from ..sharding import Sharding, parse_sharding
from . import shardy

DROPPED = {"sdy.sharding_rule"}   # recomputed by Shardy from the op itself (kept on custom calls)


class ShardingImport:
    """Per-module state of the read side: the meshes met so far, GSPMD meshes made."""

    def __init__(self, importer, jmodule):
        from . import gspmd
        self.imp = importer
        taken = {_symbol(op.operation) for op in jmodule.body.operations if op.operation.name == "sdy.mesh"}
        texts = gspmd.module_texts(jmodule)
        self.common = gspmd.CommonMeshes(texts, taken) if texts else None
        if texts:
            gspmd.rewrite(jmodule, self.common)   # GSPMD-era shard_map regions -> sdy.manual_computation
        mesh_axes = {}
        for op in jmodule.body.operations:
            op = op.operation
            if op.name == "sdy.mesh":
                mesh_axes[_symbol(op)] = shardy.sdy_mesh(str(op.attributes["mesh"]))[0]
        taken |= set(mesh_axes)
        self.gspmd = shardy.GspmdMeshes(taken)
        self.gspmd.common = self.common
        self.inline = shardy.GspmdMeshes(taken, prefix="inline")
        text = jmodule.operation.get_asm(large_elements_limit=4) if mesh_axes else ""
        splits = shardy.AxisSplits(mesh_axes, text) if ":(" in text else None
        self.reader = shardy.ShardyReader(splits, self.inline)

    def mesh(self, op):
        """shlo.mesh for a top-level sdy.mesh (at the current insertion point); axes that
        sub-axes cut are split into their pieces."""
        name = _symbol(op)
        axes, ids = shardy.sdy_mesh(str(op.attributes["mesh"]))
        if self.reader.splits is not None:
            axes = self.reader.splits.mesh(name, axes)
        self._create_mesh(name, axes, ids, self.imp.loc(op.location))

    def _create_mesh(self, name, axes, ids, loc):
        attrs = {
            "sym_name": ir.StringAttr.get(name, self.imp.ctx),
            "axis_names": ir.ArrayAttr.get([ir.StringAttr.get(a, self.imp.ctx) for a, _ in axes], self.imp.ctx),
            "axis_sizes": ir.DenseI64ArrayAttr.get([s for _, s in axes], self.imp.ctx),
        }
        if ids is not None:
            attrs["device_ids"] = ir.DenseI64ArrayAttr.get(list(ids), self.imp.ctx)
        return ir.Operation.create("shlo.mesh", attributes=attrs, loc=loc)

    def finish(self, module):
        """Declares the meshes made for GSPMD shardings and inline Shardy meshes, at the top of the module."""
        block = module.body
        first = block.operations[0] if len(block.operations) else None
        common = [m.mesh() for m in self.common.meshes.values()] if self.common else []
        for m in common + list(self.gspmd.meshes.values()) + list(self.inline.meshes.values()):
            ip = ir.InsertionPoint(first) if first is not None else ir.InsertionPoint(block)
            with ip:
                self._create_mesh(m.name, m.axes, m.device_ids, ir.Location.unknown(self.imp.ctx))

    def value_attrs(self, jattr, jtypes, where: str):
        """A function's arg_attrs / res_attrs (jaxlib ArrayAttr of dicts) with shardings translated."""
        from jaxlib.mlir import ir as jir
        from .stablehlo import attr_to_shlo
        dicts = []
        for d, t in zip(jir.ArrayAttr(jattr), list(jtypes)):
            d = jir.DictAttr(d)
            entries = {}
            for i in range(len(d)):
                named = d[i]
                name, text = named.name, str(named.attr)
                if name == "sdy.sharding":
                    entries["shlo.sharding"] = self.sharding_attr(shardy.fit_rank(shardy.sdy_sharding(text, self.reader), _rank(t)))
                elif name == "mhlo.sharding":
                    s = shardy.gspmd_shardings(text, [_rank(t)], self.gspmd)[0]
                    entries["shlo.sharding"] = self.sharding_attr(s)
                else:
                    try:
                        entries[name] = self.imp.attr(attr_to_shlo(None, text))
                    except Exception as e:  # noqa: BLE001
                        raise ImporterError(f"{where}: attribute {name} = {text} does not translate ({e})") from None
            dicts.append(ir.DictAttr.get(entries, self.imp.ctx))
        return ir.ArrayAttr.get(dicts, self.imp.ctx)

    def sharding_attr(self, s: Sharding):
        return self.imp.attr(s.text())

    def shardings_attr(self, shardings):
        return ir.ArrayAttr.get([self.sharding_attr(s) for s in shardings], self.imp.ctx)

    def op_attr(self, op, name: str, text: str):
        """(new name, attribute) for a discardable sharding attribute of an op, None to drop it,
        or NotImplemented when `name` is not one of them."""
        if name in DROPPED:
            # a custom call's rule is all that tells Shardy how its dimensions relate: kept as text
            return NotImplemented if op.name == "stablehlo.custom_call" else None
        ranks = [_rank(r.type) for r in op.results]
        if name == "sdy.sharding":
            shardings = [shardy.fit_rank(s, k) for s, k in zip(shardy.sdy_shardings_per_value(text, self.reader), ranks)]
        elif name == "mhlo.sharding":
            shardings = shardy.gspmd_shardings(text, ranks, self.gspmd)
        else:
            return NotImplemented
        if not all(_is_tensor(r.type) for r in op.results):
            # A token or tuple result (a host callback in XLA's round-trip form returns `tuple<>`)
            # can only be placed or replicated: Shardy and GSPMD refuse dimensions there
            # (`<@maximal_mesh_0, []>`, `{maximal device=0}`). shlo's shardings are of tensors
            # (sharding.C4) and never change values, so the placement is dropped, as on an op
            # without results.
            return None
        return "shlo.shardings", self.shardings_attr(shardings)

    def operation(self, op, loc):
        """shlo ops for a sdy op (or GSPMD's @Sharding custom_call); returns the new op."""
        imp = self.imp
        name = op.name
        results = [imp.type(r.type, imp.where(op)) for r in op.results]
        if name in ("sdy.sharding_constraint", "sdy.reshard") or name == "stablehlo.custom_call":
            # sdy.reshard (move the value now) is a constraint too: both are the identity on values
            rank = _rank(op.results[0].type)
            if name != "stablehlo.custom_call":
                s = shardy.fit_rank(shardy.sdy_sharding(str(op.attributes["sharding"]), self.reader), rank)
            else:
                import dataclasses
                from .gspmd import _gspmd_text, unspecified_dims
                m = re.fullmatch(r'\{\s*unknown\s+shard_(?:as|like)\s+(\d+)\s*\}', _gspmd_text(op).strip())
                if m:   # GSPMD's shard_alike: the same group as Shardy's sdy.sharding_group
                    value = imp.operands(op)[0]
                    add_sharding_group(value, int(m.group(1)), imp.where(op))
                    return _Identity(value)
                s = shardy.gspmd_shardings(str(op.attributes["mhlo.sharding"]), [rank], self.gspmd)[0]
                s = dataclasses.replace(s, open=unspecified_dims(op))   # with_sharding_constraint's UNCONSTRAINED
            return ir.Operation.create("shlo.sharding_constraint", results=results, operands=imp.operands(op)[:1],
                                       attributes={"sharding": self.sharding_attr(s)}, loc=loc)
        if name == "sdy.manual_computation":
            ins, outs = (shardy.sdy_shardings_per_value(str(op.attributes[k]), self.reader)
                         for k in ("in_shardings", "out_shardings"))
            def per_value(shardings, values):
                return self.shardings_attr([shardy.fit_rank(s, _rank(v.type)) for s, v in zip(shardings, values)])
            mesh = (ins + outs)[0].mesh if ins + outs else ""
            manual = shardy.sdy_manual_axes(str(op.attributes["manual_axes"]), mesh, self.reader)
            attrs = {
                "in_shardings": per_value(ins, op.operands),
                "out_shardings": per_value(outs, op.results),
                "manual_axes": ir.ArrayAttr.get([ir.StringAttr.get(a, imp.ctx) for a in manual], imp.ctx),
            }
            new = ir.Operation.create("shlo.manual_computation", results=results, operands=imp.operands(op),
                                      attributes=attrs, regions=1, loc=loc)
            imp.region(op.regions[0], new.regions[0], op)
            return new
        if name == "sdy.return":
            return ir.Operation.create("shlo.return", operands=imp.operands(op), loc=loc)
        if name in EXPLICIT_COLLECTIVES:
            # Shardy's explicit collectives work on the global value: each is the identity on
            # values and moves the value to `out_sharding` now, as sdy.reshard does
            rank = _rank(op.results[0].type)
            s = shardy.fit_rank(shardy.sdy_sharding(str(op.attributes["out_sharding"]), self.reader), rank)
            return ir.Operation.create("shlo.sharding_constraint", results=results, operands=imp.operands(op)[:1],
                                       attributes={"sharding": self.sharding_attr(s)}, loc=loc)
        if name in ("sdy.propagation_barrier", "sdy.func_data_flow_edge"):
            return _Identity(imp.operands(op)[0])   # hints to propagation only
        if name == "sdy.constant":
            # a constant Shardy keeps from folding (so that each use can be placed apart): the
            # same value; its sdy.sharding becomes shlo.shardings, as on any op
            return imp.constant(op, loc)
        if name == "sdy.data_flow_edge":
            return self._data_flow_edge(op, loc, results)
        if name == "sdy.named_computation":
            return self._inline_named_computation(op, loc)
        if name == "sdy.sharding_group":
            # shard_alike: "give these values one sharding", a hint to propagation with no result
            # and no effect on values; kept as a discardable attribute and written back
            from jaxlib.mlir import ir as jir
            group = jir.IntegerAttr(op.attributes["group_id"]).value
            add_sharding_group(imp.values[op.operands[0]], group, imp.where(op))
            return _NO_OP
        imp.fail(op, f"Shardy op {name} has no shlo counterpart (docs/sharding.md)")


    def _data_flow_edge(self, op, loc, results):
        """sdy.data_flow_edge (what Shardy's import puts on the results of while / case): the
        identity; its sharding is that of the value it stands on, so it goes on the owner op's
        `shlo.shardings` (other results fully open), as Shardy sinks it before export. On a
        block argument, or a result that already has a sharding, it becomes a constraint."""
        value = self.imp.operands(op)[0]
        if "sharding" not in op.attributes:
            return _Identity(value)
        s = shardy.fit_rank(shardy.sdy_sharding(str(op.attributes["sharding"]), self.reader),
                            _rank(op.results[0].type))
        owner = value.owner
        if not isinstance(owner, ir.Block) and "shlo.shardings" not in owner.attributes:
            owner = owner.operation
            index = ir.OpResult(value).result_number
            shardings = [s if i == index else _fully_open(s.mesh, r.type) for i, r in enumerate(owner.results)]
            owner.attributes["shlo.shardings"] = self.shardings_attr(shardings)
            return _Identity(value)
        return ir.Operation.create("shlo.sharding_constraint", results=results, operands=[value],
                                   attributes={"sharding": self.sharding_attr(s)}, loc=loc)

    def _inline_named_computation(self, op, loc):
        """sdy.named_computation (a named group of ops, like a call of a function used once):
        its body inlined where it stands, with its in / out shardings, when given, as
        sharding constraints on the values that enter and leave it."""
        imp = self.imp
        shardings = {k: shardy.sdy_shardings_per_value(str(op.attributes[k]), self.reader)
                     for k in ("in_shardings", "out_shardings") if k in op.attributes}

        def constrain(values, key):
            if key not in shardings:
                return list(values)
            out = []
            for v, s in zip(values, shardings[key]):
                if isinstance(v.type, ir.RankedTensorType):   # tokens and tuples have no sharding
                    s = shardy.fit_rank(s, v.type.rank)
                    v = ir.Operation.create("shlo.sharding_constraint", results=[v.type], operands=[v], loc=loc,
                                            attributes={"sharding": self.sharding_attr(s)}).results[0]
                out.append(v)
            return out

        blocks = list(op.regions[0].blocks)
        if len(blocks) != 1:
            imp.fail(op, "a sdy.named_computation body of more than one block has no shlo counterpart")
        for arg, value in zip(blocks[0].arguments, constrain(imp.operands(op), "in_shardings")):
            imp.values[arg] = value
        returned = None
        for inner in blocks[0].operations:
            inner = inner.operation
            if inner.name == "sdy.return":
                returned = imp.operands(inner)
            else:
                imp.operation(inner)
        if returned is None or len(returned) != len(op.results):
            imp.fail(op, "the body of sdy.named_computation does not end in sdy.return of its results")
        return _Values(constrain(returned, "out_shardings"))


# Shardy's explicit collectives (what its later stages leave): all the identity on the global
# value, moving it to their `out_sharding`. replicated_to_unreduced / sharded_to_unreduced too:
# an unreduced value is the sum of its pieces, and all-reducing their result gives the operand.
EXPLICIT_COLLECTIVES = {"sdy.all_gather", "sdy.all_slice", "sdy.all_to_all", "sdy.collective_permute",
                        "sdy.all_reduce", "sdy.reduce_scatter", "sdy.replicated_to_unreduced",
                        "sdy.sharded_to_unreduced"}


class _Values:
    """Stands for an inlined region: its results are values already made."""

    def __init__(self, values):
        self.results = tuple(values)


class _Dropped:
    results = ()


_NO_OP = _Dropped()


class _Identity:
    """Stands for an op whose result is its operand."""

    def __init__(self, value):
        self.results = (value,)


GROUPS = "sdy.sharding_groups"          # on an op: "result:group, ..."
ARG_GROUPS = "sdy.sharding_group_args"  # on a function: "argument:group, ..."


def add_sharding_group(value, group: int, where: str) -> None:
    """Records that `value` (an op result or a function argument) is in sharding group `group`."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        holder, key, index = owner.owner, ARG_GROUPS, ir.BlockArgument(value).arg_number
        if holder.operation.name != "func.func":
            raise ImporterError(f"{where}: sdy.sharding_group of a block argument of {holder.operation.name} "
                                f"has no shlo counterpart (function arguments and op results only)")
    else:
        holder, key, index = owner, GROUPS, ir.OpResult(value).result_number
    holder = holder.operation
    old = ir.StringAttr(holder.attributes[key]).value + ", " if key in holder.attributes else ""
    holder.attributes[key] = ir.StringAttr.get(f"{old}{index}:{group}")


def _groups_of(op, key):
    from jaxlib.mlir import ir as jir
    return [tuple(int(x) for x in item.split(":")) for item in jir.StringAttr(op.attributes[key]).value.split(",")]


def restore_sharding_groups(jmodule) -> None:
    """The exported module's `sdy.sharding_group` ops, from the attributes `add_sharding_group` left."""
    from jaxlib.mlir import ir as jir
    i64 = jir.IntegerType.get_signless(64, jmodule.context)

    def group_op(value, group, loc):
        return jir.Operation.create("sdy.sharding_group", operands=[value],
                                    attributes={"group_id": jir.IntegerAttr.get(i64, group)}, loc=loc)

    def walk(block):
        for op in list(block.operations):
            op = op.operation
            if op.name == "func.func" and ARG_GROUPS in op.attributes:
                entry = op.regions[0].blocks[0]
                with jir.InsertionPoint.at_block_begin(entry):
                    for index, group in _groups_of(op, ARG_GROUPS):
                        group_op(entry.arguments[index], group, op.location)
                del op.attributes[ARG_GROUPS]
            if GROUPS in op.attributes:
                with jir.InsertionPoint(op):
                    made = [group_op(op.results[index], group, op.location) for index, group in _groups_of(op, GROUPS)]
                for g in reversed(made):
                    g.move_after(op)
                del op.attributes[GROUPS]
            for region in op.regions:
                for b in region.blocks:
                    walk(b)

    walk(jmodule.body)


def _symbol(op) -> str:
    from jaxlib.mlir import ir as jir
    return jir.StringAttr(op.attributes["sym_name"]).value


def _fully_open(mesh: str, shlo_type) -> Sharding:
    """No placement asked for: every dimension unsharded and open to the compiler."""
    rank = ir.RankedTensorType(shlo_type).rank if isinstance(shlo_type, ir.RankedTensorType) else 0
    return Sharding(mesh, ((),) * rank, open=tuple(range(rank)))


def _is_tensor(jtype) -> bool:
    from jaxlib.mlir import ir as jir
    try:
        jir.RankedTensorType(jtype)
        return True
    except (ValueError, TypeError):
        return False


def _rank(jtype) -> int:
    from jaxlib.mlir import ir as jir
    try:
        return len(jir.RankedTensorType(jtype).shape)
    except (ValueError, TypeError):
        return 0


def maximal_meshes(module) -> frozenset:
    """Names of the single-device meshes (no axes, device ids) of a shlo module, as a
    shardy.ExportMeshes that also knows the axes split from sub-axes."""
    from ..sharding import meshes
    found = list(meshes(module.operation).values())
    return shardy.ExportMeshes([m.name for m in found if not m.axes and m.device_ids], found)


def is_gspmd_constraint(op) -> bool:
    """GSPMD's sharding constraint: `custom_call @Sharding` with an `mhlo.sharding`; under symbolic
    shapes JAX adds the result's shape as operands that `indices_of_shape_operands` names."""
    return (op.name == "stablehlo.custom_call" and str(op.attributes["call_target_name"]) == '"Sharding"'
            and "mhlo.sharding" in op.attributes and len(op.results) == 1
            and shape_operands(op) == list(range(1, len(op.operands))))


def shape_operands(op) -> list:
    """The operand indices a JAX custom call marks as giving its result's shape (`indices_of_shape_operands`)."""
    from jaxlib.mlir import ir as jir
    if "indices_of_shape_operands" not in op.attributes:
        return []
    return [int(i) for i in jir.DenseIntElementsAttr(op.attributes["indices_of_shape_operands"])]


# ---------------------------------------------------------------------- writing

def export_mesh(exporter, op):
    """sdy.mesh for a shlo.mesh."""
    from ..sharding import mesh_of_op
    jir = exporter.jir
    m = mesh_of_op(op)
    meshes = exporter.maximal if isinstance(exporter.maximal, shardy.ExportMeshes) else None
    attrs = {"sym_name": jir.StringAttr.get(m.name, exporter.ctx), "mesh": exporter.attr(shardy.mesh_to_sdy(m, meshes))}
    return jir.Operation.create("sdy.mesh", attributes=attrs, loc=exporter.loc(op.location))


def export_op_attr(exporter, name: str, attr):
    """(name, jaxlib attribute) for a sharding attribute of an op or function, or None."""
    if name == "shlo.shardings":
        shardings = [parse_sharding(str(a)) for a in ir.ArrayAttr(attr)]
        return "sdy.sharding", exporter.attr(shardy.shardings_to_sdy_per_value(shardings, exporter.maximal))
    return None


def export_operation(exporter, op):
    """sdy ops for shlo.sharding_constraint / manual_computation; None for other ops."""
    jir = exporter.jir
    name = op.name
    loc = exporter.loc(op.location)
    if name == "shlo.sharding_constraint":
        s = parse_sharding(str(op.attributes["sharding"]))
        new = jir.Operation.create("sdy.sharding_constraint", results=[exporter.type(r.type) for r in op.results],
                                   operands=[exporter.values[v] for v in op.operands],
                                   attributes={"sharding": exporter.attr(shardy.sharding_to_sdy(s, False, exporter.maximal))},
                                   loc=loc)
    elif name == "shlo.manual_computation":
        def per_value(key):
            return exporter.attr(shardy.shardings_to_sdy_per_value(
                [parse_sharding(str(a)) for a in ir.ArrayAttr(op.attributes[key])], exporter.maximal))
        axes = [ir.StringAttr(a).value for a in ir.ArrayAttr(op.attributes["manual_axes"])]
        mesh = parse_sharding(str(ir.ArrayAttr(op.attributes["in_shardings"])[0])).mesh \
            if len(ir.ArrayAttr(op.attributes["in_shardings"])) else ""
        names = exporter.maximal.axes(mesh, axes) if isinstance(exporter.maximal, shardy.ExportMeshes) \
            else [shardy.json.dumps(a) for a in axes]
        attrs = {"in_shardings": per_value("in_shardings"), "out_shardings": per_value("out_shardings"),
                 "manual_axes": exporter.attr("#sdy<manual_axes{" + ", ".join(names) + "}>")}
        new = jir.Operation.create("sdy.manual_computation", results=[exporter.type(r.type) for r in op.results],
                                   operands=[exporter.values[v] for v in op.operands], attributes=attrs, regions=1,
                                   loc=loc)
        exporter.region(op.regions[0], new.regions[0], terminator="sdy.return")
    else:
        return None
    if GROUPS in op.attributes:   # shard_alike on its result: restore_sharding_groups writes the op back
        new.attributes[GROUPS] = jir.StringAttr.get(ir.StringAttr(op.attributes[GROUPS]).value, exporter.ctx)
    for a, b in zip(op.results, new.results):
        exporter.values[a] = b
    return new
