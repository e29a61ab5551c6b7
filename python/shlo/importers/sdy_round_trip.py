"""Shardy's "round-trip" form, read back into the `sdy` dialect (a pre-pass of the StableHLO import).

From about early to mid 2025, `jax.export` with Shardy wrote its shardings the way XLA
carries them through HLO: as strings in `mhlo.frontend_attributes`, and Shardy's ops as
custom calls. `rewrite` turns that form, in place on the jaxlib module, into the `sdy`
dialect that `stablehlo_sharding.ShardingImport` reads, so the import after it is unchanged:

* the module's `xla.sdy.meshes = "{name = #sdy.mesh<...>, ...}"` -> `sdy.mesh` ops (older
  exports quote each mesh and write its axes without brackets, or escape the quotes in
  the strings once more: read too);
* `xla.sdy.sharding` on a function argument / result -> `sdy.sharding`; on an op ->
  `sdy.sharding` when it has one sharding per result (XLA's own import drops them on ops,
  as XLA may copy them onto ops of another shape: one that does not fit is dropped too);
  `xla.sdy.sharding_rule` -> `sdy.sharding_rule`; the `mhlo.sharding` XLA keeps beside them
  is dropped (the Shardy sharding is the one meant);
* `custom_call @xla.sdy.FuncResultSharding(v)` -> the function result's `sdy.sharding`
  where `v` is returned, a `sdy.sharding_constraint` where it has other uses;
* `custom_call @Sharding` with `xla.sdy.sharding` -> `sdy.sharding_constraint`;
  `@xla.sdy.ShardingGroup` -> `sdy.sharding_group`; `@xla.sdy.PropagationBarrier` ->
  `sdy.propagation_barrier`;
* `@xla.sdy.GlobalToLocalShape` -> `call @xla.sdy.manual_computation_body*` ->
  `@xla.sdy.LocalToGlobalShape` (with `xla.sdy.in_shardings` / `out_shardings` /
  `manual_axes` on the call or on the two custom calls) -> `sdy.manual_computation` with
  the called function's body inlined (the function is dropped once every call is).

Every target is also read with XLA's `local_` prefix. Another `xla.sdy.*` custom call or
frontend attribute, a string that does not parse, a mesh that `xla.sdy.meshes` does not
define, and the forms only XLA's own passes make (tuples through FuncResultSharding or
GlobalToLocalShape) raise `ImporterError` naming them.
"""
from __future__ import annotations

import re

from ..errors import ImporterError

FRONTEND = "mhlo.frontend_attributes"
MESHES = "xla.sdy.meshes"
SHARDING = "xla.sdy.sharding"
RULE = "xla.sdy.sharding_rule"
IN_SHARDINGS, OUT_SHARDINGS, MANUAL_AXES = "xla.sdy.in_shardings", "xla.sdy.out_shardings", "xla.sdy.manual_axes"
GROUP_ID, DIRECTION = "xla.sdy.sharding_group_id", "xla.sdy.allowed_direction"
BODY = "xla.sdy.manual_computation_body"
GLOBAL_TO_LOCAL, LOCAL_TO_GLOBAL = "xla.sdy.GlobalToLocalShape", "xla.sdy.LocalToGlobalShape"
# GSPMD's shard_map pieces: gspmd.rewrite reads them through their mhlo.sharding
GSPMD_SHARD_MAP = {"SPMDFullToShardShape", "SPMDShardToFullShape"}
# module-level pipeline flags XLA writes beside the meshes: no sharding in them, kept verbatim
MODULE_FLAGS = {"xla.sdy.use_tuple_args", "xla.sdy.import_mhlo_shardings"}


def rewrite(jmodule) -> None:
    """Rewrites the round-trip form in `jmodule` (a jaxlib ir.Module) into the sdy dialect."""
    ops = _all_ops(jmodule.body)
    if _marks(jmodule.operation) or any(_marks(op) for op in ops):
        _RoundTrip(jmodule, ops).run()


def _marks(op) -> bool:
    """Whether `op` carries a piece of the round-trip form."""
    if op.name == "stablehlo.custom_call" and "xla.sdy." in _target(op):
        return True
    if op.name == "func.call" and BODY in _callee(op):
        return True
    if op.name == "func.func" and any(_has_sdy_keys(d) for key in ("arg_attrs", "res_attrs")
                                      if key in op.attributes for d in _dicts(op.attributes[key])):
        return True
    return FRONTEND in op.attributes and _has_sdy_keys_in(op.attributes[FRONTEND])


class _RoundTrip:
    def __init__(self, jmodule, ops):
        from jaxlib.mlir import ir as jir
        self.jir = jir
        self.module = jmodule
        self.ctx = jmodule.context
        self.ops = ops
        self.meshes = {_sym_name(op) for op in jmodule.body.operations if op.operation.name == "sdy.mesh"}
        self.round_trip_module = FRONTEND in jmodule.operation.attributes and \
            MESHES in _frontend(jmodule.operation)
        self.funcs = {_sym_name(op): op.operation for op in jmodule.body.operations
                      if op.operation.name == "func.func"}

    def run(self):
        with self.ctx:
            self._meshes()
            for func in self.funcs.values():
                self._func_attrs(func)
            for op in self.ops:
                if op.name == "stablehlo.custom_call":
                    self._custom_call(op)
                elif op.name != "func.call" or BODY not in _callee(op):
                    self._op_attrs(op)
            self._manual_computations()

    # -- meshes --------------------------------------------------------------
    def _meshes(self):
        mop = self.module.operation
        if not self.round_trip_module:
            return
        frontend = _frontend(mop)
        unknown = [k for k in frontend if k.startswith("xla.sdy.") and k != MESHES and k not in MODULE_FLAGS]
        if unknown:
            raise ImporterError(f"module frontend attribute {unknown[0]} of Shardy's round-trip form has no "
                                f"shlo counterpart (docs/sharding.md)")
        text = _string(frontend[MESHES], f"module attribute {MESHES}")
        dict_attr = self._parse(_modern_meshes(text), f"module attribute {MESHES}")
        if not isinstance(dict_attr, self.jir.DictAttr):
            raise ImporterError(f"module attribute {MESHES} = {text!r} is not a dictionary of meshes")
        block = self.module.body
        first = block.operations[0].operation if len(block.operations) else None
        ip = self.jir.InsertionPoint(first) if first is not None else self.jir.InsertionPoint(block)
        for i in range(len(dict_attr)):
            name, mesh = dict_attr[i].name, dict_attr[i].attr
            if isinstance(mesh, self.jir.StringAttr):   # older exports quote each mesh
                mesh = self._parse(_modern_meshes(mesh.value), f"mesh {name} of {MESHES}")
            if not str(mesh).startswith("#sdy.mesh<"):
                raise ImporterError(f"module attribute {MESHES}: {name} = {mesh} is not a #sdy.mesh")
            if name in self.meshes:
                raise ImporterError(f"module attribute {MESHES}: mesh {name} is also defined by a sdy.mesh op")
            self.meshes.add(name)
            self.jir.Operation.create("sdy.mesh", attributes={"sym_name": self.jir.StringAttr.get(name), "mesh": mesh},
                                      loc=mop.location, ip=ip)
        _set_frontend(mop, {k: v for k, v in frontend.items() if k != MESHES})

    # -- attributes ------------------------------------------------------------
    def _func_attrs(self, func):
        where = f"function @{_sym_name(func)}"
        for key, kind in (("arg_attrs", "argument"), ("res_attrs", "result")):
            if key not in func.attributes:
                continue
            dicts = []
            for i, d in enumerate(_dicts(func.attributes[key])):
                entries = {d[j].name: d[j].attr for j in range(len(d))}
                frontend = _frontend_of(entries.get(FRONTEND))
                if frontend is not None:
                    self._only(frontend, {SHARDING}, f"{where} {kind} {i}")
                    if SHARDING in frontend:
                        entries["sdy.sharding"] = self._sharding(frontend.pop(SHARDING), f"{where} {kind} {i}")
                    _put_frontend(entries, frontend)
                if self.round_trip_module:   # XLA keeps its own copy beside the Shardy one
                    entries.pop("mhlo.sharding", None)
                dicts.append(self.jir.DictAttr.get(entries))
            func.attributes[key] = self.jir.ArrayAttr.get(dicts)

    def _op_attrs(self, op):
        if op.name == "func.func" or (op.name == "stablehlo.custom_call" and _target(op) in GSPMD_SHARD_MAP):
            return
        frontend = _frontend(op) if FRONTEND in op.attributes else {}
        where = _where(op)
        self._only(frontend, {SHARDING, RULE}, where)
        if SHARDING in frontend:
            shardings = self._per_value(frontend.pop(SHARDING), where)
            if len(shardings) == len(op.results):   # else copied onto an op it does not fit (as XLA does)
                op.attributes["sdy.sharding"] = self._per_value_attr(shardings)
        if RULE in frontend:
            text = _string(frontend.pop(RULE), f"{where}: {RULE}")
            if not text.startswith("#sdy.op_sharding_rule<"):
                raise ImporterError(f"{where}: {RULE} = {text!r} is not a #sdy.op_sharding_rule")
            op.attributes["sdy.sharding_rule"] = self._parse(text, f"{where}: {RULE}")
        if FRONTEND in op.attributes:
            _set_frontend(op, frontend)
        if self.round_trip_module and "mhlo.sharding" in op.attributes and not _keeps_gspmd_sharding(op):
            del op.attributes["mhlo.sharding"]

    def _only(self, frontend: dict, allowed: set, where: str):
        for key in frontend:
            if key.startswith("xla.sdy.") and key not in allowed:
                raise ImporterError(f"{where}: frontend attribute {key} of Shardy's round-trip form has no "
                                    f"shlo counterpart here (docs/sharding.md)")

    # -- custom calls ----------------------------------------------------------
    def _custom_call(self, op):
        target = _target(op)
        name = target[len("local_"):] if target.startswith("local_xla.sdy.") else target
        if name == "Sharding" and SHARDING in _frontend(op):
            self._replace(op, self._constraint(op, self._single(op)))
        elif name == "xla.sdy.FuncResultSharding":
            self._func_result(op)
        elif name == "xla.sdy.ShardingGroup":
            value = self._one_tensor_operand(op)
            group = self._parse(_string(self._key(op, GROUP_ID), f"{_where(op)}: {GROUP_ID}"), _where(op))
            self._check_frontend(op, {GROUP_ID})
            self.jir.Operation.create("sdy.sharding_group", operands=[value], attributes={"group_id": group},
                                      loc=op.location, ip=self.jir.InsertionPoint(op))
            op.erase()
        elif name == "xla.sdy.PropagationBarrier":
            value = self._one_tensor_operand(op)
            direction = self._parse(_string(self._key(op, DIRECTION), f"{_where(op)}: {DIRECTION}"), _where(op))
            self._check_frontend(op, {DIRECTION})
            new = self.jir.Operation.create("sdy.propagation_barrier", results=[value.type], operands=[value],
                                            attributes={"allowed_direction": direction}, loc=op.location,
                                            ip=self.jir.InsertionPoint(op))
            self._replace(op, new.results[0])
        elif name in (GLOBAL_TO_LOCAL, LOCAL_TO_GLOBAL):
            self._check_frontend(op, {IN_SHARDINGS, OUT_SHARDINGS, MANUAL_AXES})   # read with their call
        elif "xla.sdy." in target:
            raise ImporterError(f"{_where(op)}: custom call @{target} of Shardy's round-trip form has no "
                                f"shlo counterpart (docs/sharding.md)")
        else:
            self._op_attrs(op)

    def _func_result(self, op):
        """FuncResultSharding(v): v's sharding as the function's result sharding where v is returned."""
        value = self._one_tensor_operand(op)
        sharding = self._single(op)
        func = _enclosing_func(op)
        returns = [u for u in _uses(op.results[0]) if u[0].name == "func.return"] if op.results else []
        others = [u for u in _uses(op.results[0]) if u[0].name != "func.return"] if op.results else []
        if func is None or any(ret.parent.name != "func.func" for ret, _ in returns):
            raise ImporterError(f"{_where(op)}: xla.sdy.FuncResultSharding outside a function's body")
        positions = [i for _, i in returns]
        if not op.results or not _uses(op.results[0]):   # unused: the operand may still be returned
            positions = [i for u, i in _uses(value) if u.name == "func.return" and u.parent == func]
        self._set_result_shardings(func, positions, sharding)
        self._replace(op, self._constraint(op, sharding) if others else value)

    def _set_result_shardings(self, func, positions, sharding):
        if not positions:
            return
        n = len(self.jir.FunctionType(self.jir.TypeAttr(func.attributes["function_type"]).value).results)
        old = _dicts(func.attributes["res_attrs"]) if "res_attrs" in func.attributes else [None] * n
        dicts = []
        for i, d in enumerate(old):
            entries = {d[j].name: d[j].attr for j in range(len(d))} if d is not None else {}
            if i in positions:
                entries["sdy.sharding"] = sharding
                entries.pop("mhlo.sharding", None)
            dicts.append(self.jir.DictAttr.get(entries))
        func.attributes["res_attrs"] = self.jir.ArrayAttr.get(dicts)

    def _constraint(self, op, sharding):
        value = self._one_tensor_operand(op)
        return self.jir.Operation.create("sdy.sharding_constraint", results=[value.type], operands=[value],
                                         attributes={"sharding": sharding}, loc=op.location,
                                         ip=self.jir.InsertionPoint(op)).results[0]

    def _single(self, op):
        """The one sharding in an op's `xla.sdy.sharding` (a per-value list of one)."""
        self._check_frontend(op, {SHARDING})
        shardings = self._per_value(self._key(op, SHARDING), _where(op))
        if len(shardings) != 1:
            raise ImporterError(f"{_where(op)}: {SHARDING} of @{_target(op)} has {len(shardings)} shardings, "
                                f"not one")
        return shardings[0]

    def _one_tensor_operand(self, op):
        if len(op.operands) != 1 or not isinstance(op.operands[0].type, self.jir.RankedTensorType) \
                or len(op.results) > 1:
            raise ImporterError(f"{_where(op)}: @{_target(op)} of other than one tensor (a tuple or several "
                                f"values, as XLA's own passes make) has no shlo counterpart")
        return op.operands[0]

    def _key(self, op, key):
        frontend = _frontend(op) if FRONTEND in op.attributes else {}
        if key not in frontend:
            raise ImporterError(f"{_where(op)}: @{_target(op)} without its frontend attribute {key}")
        return frontend[key]

    def _check_frontend(self, op, allowed):
        self._only(_frontend(op) if FRONTEND in op.attributes else {}, allowed, _where(op))

    def _replace(self, op, value):
        if op.results:
            op.results[0].replace_all_uses_with(value)
        op.erase()

    # -- manual computations -------------------------------------------------------
    def _manual_computations(self):
        bodies = set()
        pending = [op for op in _all_ops(self.module.body) if op.name == "func.call" and BODY in _callee(op)]
        while pending:
            ready = [not self._calls_body(self._body(c)) for c in pending]
            if not any(ready):
                raise ImporterError(f"{_where(pending[0])}: manual computation bodies that call each other "
                                    f"in a cycle")
            for call, now in zip(pending, ready):
                if now:   # innermost first: a body is copied with the computations inside it made
                    bodies.add(_callee(call))
                    self._manual_computation(call)
            pending = [c for c, now in zip(pending, ready) if not now]
        for name in bodies:
            self.funcs[name].erase()

    def _body(self, call):
        name = _callee(call)
        if name not in self.funcs:
            raise ImporterError(f"{_where(call)}: call of @{name}, which the module does not define")
        return self.funcs[name]

    def _calls_body(self, func):
        return any(op.name == "func.call" and BODY in _callee(op) for op in _all_ops(func.regions[0].blocks[0]))

    def _manual_computation(self, call):
        jir = self.jir
        where = _where(call)
        body = self._body(call)
        if len(call.results) and not any(_uses(r) for r in call.results):
            # XLA replaced every result (each with a dimension of size 0) by a constant: nothing is left to run
            to_local = next((v.owner.operation for v in call.operands if not isinstance(v.owner, jir.Block)
                             and _target(v.owner.operation).endswith(GLOBAL_TO_LOCAL)), None)
            call.erase()
            if to_local is not None and not any(_uses(r) for r in to_local.results):
                to_local.erase()
            return
        to_local = self._only_producer(call, where)
        to_global = self._only_user(call, where)
        for cc in (to_local, to_global):
            if cc is not None and any(not isinstance(v.type, jir.RankedTensorType)
                                      for v in list(cc.operands) + list(cc.results)):
                raise ImporterError(f"{_where(cc)}: a tuple through @{_target(cc)} (as XLA's own passes make) "
                                    f"has no shlo counterpart")
        frontends = []
        for o in (call, to_local, to_global):
            if o is not None:
                frontends.append(_frontend(o))
                self._only(frontends[-1], {IN_SHARDINGS, OUT_SHARDINGS, MANUAL_AXES}, _where(o))

        def find(key, default):
            for f in frontends:
                if key in f:
                    return _string(f[key], f"{where}: {key}")
            if default is None:
                raise ImporterError(f"{where}: call of @{_callee(call)} without {key}")
            return default

        empty = "#sdy.sharding_per_value<[]>"
        ins = self._per_value(find(IN_SHARDINGS, None if to_local is not None else empty), where)
        outs = self._per_value(find(OUT_SHARDINGS, None if to_global is not None else empty), where)
        axes_text = find(MANUAL_AXES, None)
        if not axes_text.startswith("#sdy<manual_axes"):
            raise ImporterError(f"{where}: {MANUAL_AXES} = {axes_text!r} is not a #sdy<manual_axes{{...}}>")
        operands = list(to_local.operands) if to_local is not None else []
        results = [r.type for r in to_global.results] if to_global is not None else []
        if len(ins) != len(operands) or len(outs) != len(results):
            raise ImporterError(f"{where}: {len(ins)} in / {len(outs)} out shardings for a manual computation "
                                f"of {len(operands)} operands and {len(results)} results")
        new = jir.Operation.create(
            "sdy.manual_computation", results=results, operands=operands, regions=1, loc=call.location,
            attributes={"in_shardings": self._per_value_attr(ins), "out_shardings": self._per_value_attr(outs),
                        "manual_axes": self._parse(axes_text, f"{where}: {MANUAL_AXES}")},
            ip=jir.InsertionPoint(call))
        copy = body.clone(ip=jir.InsertionPoint(call))
        block = copy.regions[0].blocks[0]
        block.append_to(new.regions[0])
        ret = block.operations[len(block.operations) - 1].operation
        jir.Operation.create("sdy.return", operands=list(ret.operands), loc=ret.location,
                             ip=jir.InsertionPoint(ret))
        ret.erase()
        copy.erase()
        if to_global is not None:
            for a, b in zip(to_global.results, new.results):
                a.replace_all_uses_with(b)
            to_global.erase()
        call.erase()
        if to_local is not None and not any(_uses(r) for r in to_local.results):
            to_local.erase()

    def _only_producer(self, call, where):
        """The GlobalToLocalShape whose results are the call's operands, in order (None: no operands)."""
        if not len(call.operands):
            return None
        owner = call.operands[0].owner
        op = owner.operation if not isinstance(owner, self.jir.Block) else None
        if op is None or op.name != "stablehlo.custom_call" or not _target(op).endswith(GLOBAL_TO_LOCAL) \
                or list(op.results) != list(call.operands):
            raise ImporterError(f"{where}: the operands of @{_callee(call)} are not the results of one "
                                f"@{GLOBAL_TO_LOCAL}")
        return op

    def _only_user(self, call, where):
        """The LocalToGlobalShape whose operands are the call's results, in order (None: no results)."""
        if not len(call.results):
            return None
        users = {id(u.operation): u.operation for r in call.results for u, _ in _uses(r)}
        op = next(iter(users.values())) if len(users) == 1 else None
        if op is None or op.name != "stablehlo.custom_call" or not _target(op).endswith(LOCAL_TO_GLOBAL) \
                or list(op.operands) != list(call.results):
            raise ImporterError(f"{where}: the results of @{_callee(call)} do not go to one @{LOCAL_TO_GLOBAL}")
        return op

    # -- parsing ---------------------------------------------------------------
    def _parse(self, text: str, where: str):
        try:
            return self.jir.Attribute.parse(text)
        except Exception as e:  # noqa: BLE001 - jaxlib's MLIRError
            first = str(e).splitlines()
            detail = next((line.strip() for line in first if "error:" in line), first[0] if first else "")
            raise ImporterError(f"{where}: {text!r} does not parse as Shardy's ({detail})") from None

    def _sharding(self, attr, where: str):
        text = _string(attr, f"{where}: {SHARDING}")
        if not text.startswith("#sdy.sharding<"):
            raise ImporterError(f"{where}: {SHARDING} = {text!r} is not a #sdy.sharding")
        self._check_meshes(text, where)
        return self._parse(text, f"{where}: {SHARDING}")

    def _per_value(self, attr, where: str) -> list:
        text = attr if isinstance(attr, str) else _string(attr, f"{where}: {SHARDING}")
        if not text.startswith("#sdy.sharding_per_value<"):
            raise ImporterError(f"{where}: {text!r} is not a #sdy.sharding_per_value")
        self._check_meshes(text, where)
        from jaxlib.mlir.dialects import sdy
        return list(sdy.TensorShardingPerValueAttr(self._parse(text, where)).shardings)

    def _per_value_attr(self, shardings):
        from jaxlib.mlir.dialects import sdy
        return sdy.TensorShardingPerValueAttr.get(shardings)

    def _check_meshes(self, text: str, where: str):
        for name in re.findall(r'@([A-Za-z_][\w.$-]*)', _STRINGS.sub('""', text)):
            if name not in self.meshes:
                raise ImporterError(f"{where}: sharding {text!r} names mesh @{name}, which the module does not "
                                    f"define (in {MESHES} or a sdy.mesh)")


_STRINGS = re.compile(r'"(?:[^"\\]|\\.)*"')


def _modern_meshes(text: str) -> str:
    """`#sdy.mesh<"a"=2, "b"=4>` (Shardy's mesh syntax before its axes took brackets) as
    `#sdy.mesh<["a"=2, "b"=4]>`; a mesh already in brackets is left as it is."""
    out, i = [], 0
    for m in re.finditer(r'#sdy\.mesh<(?!\[)', text):
        start = m.end()
        end = start
        while end < len(text) and text[end] != ">":
            end = end + len(_STRINGS.match(text, end).group(0)) if text[end] == '"' and _STRINGS.match(text, end) \
                else end + 1
        inner = text[start:end]
        axes, sep, ids = inner.partition("device_ids=")
        axes = axes.rstrip().rstrip(",").strip()
        out.append(text[i:start] + "[" + axes + "]" + (", device_ids=" + ids if sep else ""))
        i = end
    out.append(text[i:])
    return "".join(out)


# -- jaxlib helpers -----------------------------------------------------------------

def _all_ops(block) -> list:
    """Every op in `block`, nested ones too, in order."""
    out = []
    for op in block.operations:
        op = op.operation
        out.append(op)
        for region in op.regions:
            for b in region.blocks:
                out.extend(_all_ops(b))
    return out


def _uses(value) -> list:
    """(user op, operand index) for each use of `value`."""
    return [(u.owner.operation if hasattr(u.owner, "operation") else u.owner, u.operand_number) for u in value.uses]


def _enclosing_func(op):
    parent = op.parent
    while parent is not None and parent.name != "func.func":
        parent = parent.parent
    return parent


def _target(op) -> str:
    from jaxlib.mlir import ir as jir
    return jir.StringAttr(op.attributes["call_target_name"]).value if "call_target_name" in op.attributes else ""


def _callee(op) -> str:
    from jaxlib.mlir import ir as jir
    return jir.FlatSymbolRefAttr(op.attributes["callee"]).value if "callee" in op.attributes else ""


def _sym_name(op) -> str:
    from jaxlib.mlir import ir as jir
    return jir.StringAttr(op.operation.attributes["sym_name"]).value


def _where(op) -> str:
    target = f" @{_target(op)}" if op.name == "stablehlo.custom_call" else ""
    return f"{op.name}{target} at {op.location}"


def _string(attr, where: str) -> str:
    from jaxlib.mlir import ir as jir
    if isinstance(attr, str):
        return attr
    if not isinstance(attr, jir.StringAttr):
        raise ImporterError(f"{where}: {attr} is not a string")
    # exports of early 2025 escaped the quotes once more (`\"a\"` inside the string)
    return attr.value.replace('\\"', '"')


def _dicts(array) -> list:
    from jaxlib.mlir import ir as jir
    return [jir.DictAttr(a) for a in jir.ArrayAttr(array)]


def _frontend_of(attr):
    from jaxlib.mlir import ir as jir
    if attr is None or not isinstance(attr, jir.DictAttr):
        return None
    return {attr[i].name: attr[i].attr for i in range(len(attr))}


def _frontend(op) -> dict:
    return _frontend_of(op.attributes[FRONTEND]) or {} if FRONTEND in op.attributes else {}


def _has_sdy_keys_in(attr) -> bool:
    found = _frontend_of(attr)
    return bool(found) and any(k.startswith("xla.sdy.") for k in found)


def _has_sdy_keys(d) -> bool:
    return any(d[i].name == FRONTEND and _has_sdy_keys_in(d[i].attr) for i in range(len(d)))


def _put_frontend(entries: dict, frontend: dict) -> None:
    from jaxlib.mlir import ir as jir
    if frontend:
        entries[FRONTEND] = jir.DictAttr.get(frontend)
    else:
        entries.pop(FRONTEND, None)


def _set_frontend(op, frontend: dict) -> None:
    from jaxlib.mlir import ir as jir
    if frontend:
        op.attributes[FRONTEND] = jir.DictAttr.get(frontend)
    elif FRONTEND in op.attributes:
        del op.attributes[FRONTEND]


def _keeps_gspmd_sharding(op) -> bool:
    """GSPMD's `custom_call @Sharding` left without a Shardy sharding, and GSPMD's shard_map
    custom calls: their mhlo.sharding is all that says what they do."""
    return op.name == "stablehlo.custom_call" and _target(op) in ({"Sharding"} | GSPMD_SHARD_MAP)
