"""What changed between releases, and how artifacts cross those changes.

The differences between releases come from the frozen snapshots
(`RELEASES[v]["signatures"]`): ops new in a release, and optional attributes
added to an existing op. This module adds what the snapshots cannot say:

- ABSENT_MEANING: for the kind of an added optional attribute, a test for
  the value whose meaning equals the attribute being absent. A downgrade
  drops the attribute when it holds that value and refuses otherwise.
- LEGACY_ATTRIBUTES: an attribute whose kind changed in a release. The op's
  ODS still accepts the frozen old kind (spec `changes:` entry with
  `legacy_attribute:`), so artifacts from before the change parse; the reader
  rewrites the old form into the current one, and a downgrade rewrites the
  current form back, or refuses what the old form cannot say.
- OP_DOWNGRADES: a rewrite of a new op into ops of an older release, where one
  exists without changing results. (None yet: `erf` has no exact expansion
  into 1.0.0 ops, so writing it at 1.0.0 fails.)
- LEGACY_UPGRADES: frozen legacy op name -> function rewriting it into the
  current op after parsing, for changes an attribute kind cannot absorb (a
  different operand structure). No release has needed one yet.
- Relaxations (since 1.3.0), which need no rewriting but must be refused when
  writing for a release that rejects them: element types new in a release
  (`ELEMENT_TYPES_SINCE`, anywhere in the program), element types added to an
  operand's or result's list (found by comparing the snapshots), and
  RELAXED_CONSTRAINTS, constraints a release relaxed without changing the
  signature (a test for what only the newer release accepts), and regions
  added to an op (1.6.0's composite_regions), tested the same way.
- STRUCT_FIELDS_SINCE (spec `fields_since:`): optional fields added to a
  struct attribute (1.7.0's sharding `unreduced`), refused anywhere in a
  program written for an older release.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable

from mlir import ir

from .. import _shlo_ext
from .. import attributes as _attrs
from .._walk import op_name
from ..errors import DeserializationError, SerializationError
from ..types import type_info
from ..verify._spec_table import ELEMENT_TYPES_SINCE, RELEASES, STRUCT_FIELDS_SINCE, STRUCTS


def _accuracy_is_default(attr: ir.Attribute) -> bool:
    """Whether a result_accuracy (1.1.0 enum or 1.2.0 struct) means what no attribute means."""
    value = _attrs.to_python(attr, "accuracy")
    if isinstance(value, str):  # the 1.1.0 enum
        return value == "DEFAULT"
    return _accuracy_fields(value) == (0.0, 0.0, 0, "DEFAULT")


def _accuracy_fields(value) -> tuple | None:
    if not isinstance(value, _attrs.Struct) or value._kind != "accuracy":
        return None
    return (value.atol, value.rtol, value.ulps, value.mode)


# Attribute kind -> a test for the value that means what the attribute's absence
# means. A downgrade to a release without the attribute drops it when it holds
# that value and refuses otherwise.
ABSENT_MEANING: dict[str, Callable[[ir.Attribute], bool]] = {
    # exponential since 1.1.0 and eleven more transcendental ops since 1.2.0.
    "accuracy": _accuracy_is_default,
}


@dataclass(frozen=True)
class LegacyAttribute:
    since: str                                       # the release whose form is current
    old_kind: str                                    # the frozen kind before it
    upgrade: Callable[[ir.Attribute], str]           # old attribute -> text of the current one
    downgrade: Callable[[ir.Attribute], str | None]  # current -> text of the old one, None if inexpressible


def _accuracy_up(attr: ir.Attribute) -> str:
    mode = _attrs.to_python(attr, "result_accuracy")
    return _attrs._text({"mode": mode}, "accuracy")


def _accuracy_down(attr: ir.Attribute) -> str | None:
    fields = _accuracy_fields(_attrs.to_python(attr, "accuracy"))
    if fields is None or fields[:3] != (0.0, 0.0, 0) or fields[3] not in ("DEFAULT", "HIGHEST"):
        return None
    return f"#shlo.result_accuracy<{fields[3]}>"


LEGACY_ATTRIBUTES: dict[tuple[str, str], LegacyAttribute] = {
    # 1.2.0: exponential's result_accuracy became StableHLO's struct (was the enum DEFAULT|HIGHEST).
    ("exponential", "result_accuracy"): LegacyAttribute("1.2.0", "result_accuracy", _accuracy_up, _accuracy_down),
}
OP_DOWNGRADES: dict = {}
LEGACY_UPGRADES: dict = {}


@dataclass(frozen=True)
class RelaxedConstraint:
    since: str                                       # the first release that accepts it
    used: Callable[[ir.Operation], str | None]       # what of `op` older releases reject, or None


def _unfitting_compare_type(op) -> str | None:
    if "compare_type" not in op.attributes:
        return None
    ctype = _attrs.to_python(op.attributes["compare_type"], "comparison_type")
    from ..verify.rules.core import allowed_comparison_types
    t = type_info(op.operands[0].type)
    if ctype == "NOTYPE" or ctype in allowed_comparison_types(t):
        return None
    return f"compare_type {ctype} on element type {t.element}"


def _other_rng_state(op) -> str | None:
    state, new_state = type_info(op.operands[0].type), type_info(op.results[0].type)
    algorithm = _attrs.to_python(op.attributes["rng_algorithm"], "rng_algorithm")
    if state != new_state:
        return f"output_state of type {new_state.text} for initial_state of type {state.text}"
    if state.rank != 1:
        return f"a state of rank {state.rank}"
    n = state.shape[0]
    if n is not None and algorithm != "DEFAULT" and n not in ((2,) if algorithm == "THREE_FRY" else (2, 3)):
        return f"a state of {n} elements for {algorithm}"
    return None


def _gather_size_not_of_group(op) -> str | None:
    from ..verify.rules.control import process_group_size
    groups = _attrs.op_attribute(op, "replica_groups", "i64_elements")
    handle = _attrs.op_attribute(op, "channel_handle", "channel_handle")
    global_ids = bool(_attrs.op_attribute(op, "use_global_device_ids", "bool"))
    dim = _attrs.op_attribute(op, "all_gather_dim", "i64")
    group = process_group_size(groups, handle, global_ids)
    if group is None:
        return None
    for x, r in zip(op.operands, op.results):
        o, g = type_info(x.type).shape[dim], type_info(r.type).shape[dim]
        if o is not None and g is not None and g != o * group:
            return f"a result of size {g} along all_gather_dim for groups of {group} (operand size {o})"
    return None


def _layouts_per_tuple_member(op) -> str | None:
    if "result_layouts" not in op.attributes:
        return None
    n = len(ir.ArrayAttr(op.attributes["result_layouts"]))
    return None if n == len(op.results) else f"{n} result_layouts for the members of a tuple result"


def _missing_called_computation(op) -> str | None:
    if "called_computations" not in op.attributes:
        return None
    from ..verify.vocabulary import function_type
    for ref in ir.ArrayAttr(op.attributes["called_computations"]):
        name = ir.FlatSymbolRefAttr(ref).value
        if function_type(op, name) is None:
            return f"called_computations naming @{name}, not a function of the module"
    return None


def _promoted_reducer(op) -> str | None:
    n = len(op.results)
    inits = list(op.operands)[n:]
    args = list(op.regions[0].blocks[0].arguments)
    for init, arg in zip(inits, args):
        if init.type != arg.type:
            return f"a body accumulating in {arg.type} for an init value of type {init.type}"
    return None


def _composite_regions(op) -> str | None:
    n = len(op.regions)
    return f"{n} composite_regions" if n else None


# op name -> relaxations of its constraints (same signature, fewer programs rejected), and
# additions that an older release's op cannot hold but that need no rewriting (regions).
RELAXED_CONSTRAINTS: dict[str, list[RelaxedConstraint]] = {
    # 1.3.0: compare C3, any compare_type on any element type (StableHLO's verifier).
    "compare": [RelaxedConstraint("1.3.0", _unfitting_compare_type)],
    # 1.3.0: rng_bit_generator C1-C3, any state shape and size (StableHLO's verifier).
    "rng_bit_generator": [RelaxedConstraint("1.3.0", _other_rng_state)],
    # 1.5.0: all_gather C6, any whole multiple along all_gather_dim (StableHLO's verifier).
    "all_gather": [RelaxedConstraint("1.5.0", _gather_size_not_of_group)],
    # 1.5.0: custom_call C3 (layouts per member of a single tuple result) and C5 (any symbol).
    "custom_call": [RelaxedConstraint("1.5.0", _layouts_per_tuple_member),
                    RelaxedConstraint("1.5.0", _missing_called_computation)],
    # 1.5.0: reduce C5 / C6, promoted accumulator types.
    "reduce": [RelaxedConstraint("1.5.0", _promoted_reducer)],
    # 1.6.0: composite's variadic composite_regions (StableHLO's), carried and never run.
    "composite": [RelaxedConstraint("1.6.0", _composite_regions)],
}


def _key(v: str) -> tuple:
    return tuple(int(x) for x in v.split("."))


def _changed_since(version: str) -> list[str]:
    """Full names of the current ops whose signature differs from release `version` (new
    ops, added or changed attributes, widened element lists) or that a later release
    relaxed: the only ops a downgrade to, a version check of, or an upgrade from
    `version` must look at."""
    current = RELEASES[max(RELEASES, key=_key)]["signatures"]
    old = RELEASES[version]["signatures"]
    return sorted("shlo." + name for name, sig in current.items()
                  if name not in old or any(sig[k] != old[name][k] for k in ("attributes", "operands", "results"))
                  or any(_key(r.since) > _key(version) for r in RELAXED_CONSTRAINTS.get(name, [])))


def _element_allowed(element: str | None, decl: dict) -> bool:
    """Whether a value of element type `element` fits declaration `decl` of a snapshot
    (its element list; quantized and non-tensor values are left to the other checks)."""
    from ..types import element_class
    if element is None or not decl["element"] or element.startswith("!quant."):
        return True
    cls = element_class(element)
    return (element in decl["element"] or cls in decl["element"]
            or ("integer" in decl["element"] and cls in ("signed", "unsigned")))


def _values_outside(op, name: str, version: str) -> str | None:
    """A description of the first operand / result of `op` whose element type release
    `version`'s signature of op `name` does not allow (element lists widened later), or None."""
    sig = RELEASES[version]["signatures"].get(name)
    if sig is None:
        return None
    for what, decls, values in (("operand", sig["operands"], list(op.operands)),
                                ("result", sig["results"], list(op.results))):
        if not decls:
            continue
        # Variadic declarations: pair values with declarations only when each is one value.
        if any(d["variadic"] for d in decls) and len(decls) != len(values):
            pairs = [(decls[-1] if i >= len(decls) else decls[i], v) for i, v in enumerate(values)]
        else:
            pairs = list(zip(decls, values))
        for d, v in pairs:
            t = type_info(v.type)
            if t.kind == "tensor" and not _element_allowed(t.element, d):
                return f"{what} {d['name']} has element type {t.element}"
    return None


def _relaxation_used(op, name: str, version: str) -> tuple[str, str] | None:
    """(what `op` uses, the release that allowed it) for a constraint relaxed after `version`."""
    for r in RELAXED_CONSTRAINTS.get(name, []):
        if _key(r.since) > _key(version):
            what = r.used(op)
            if what:
                return what, r.since
    return None


def _value_types(signature: str) -> str:
    """The operand and result types of a walk signature `(operand types)(result types)attributes`
    (attributes may hold element types of their own, e.g. custom_call's index layouts)."""
    depth, groups = 0, 0
    for i, c in enumerate(signature):
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                groups += 1
                if groups == 2:
                    return signature[:i + 1]
    return signature


def _newer_element_types(prog, version: str) -> tuple | None:
    """(element type, its release, op or function, location) for the first element type of `prog` newer than
    `version`, looking at every distinct op signature and every function type; or None."""
    newer = {e: v for e, v in ELEMENT_TYPES_SINCE.items() if _key(v) > _key(version)}
    if not newer:
        return None
    # An element type appears as `tensor<E>` or `tensor<...xE>`.
    pattern = re.compile(r"(?<=[<x])(" + "|".join(sorted(map(re.escape, newer), key=len, reverse=True))
                         + r")(?=>)")
    for item in _shlo_ext.walk_distinct(prog.module.operation, []):
        m = pattern.search(_value_types(item[2].decode("utf-8", "replace")))
        if m:
            return m.group(1), newer[m.group(1)], item[1].decode(), item[0].location
    for op in prog.module.body.operations:
        if "function_type" in op.attributes:
            m = pattern.search(str(op.attributes["function_type"]))
            if m:
                name = op.attributes["sym_name"] if "sym_name" in op.attributes else "(unnamed)"   # fuzzed
                return m.group(1), newer[m.group(1)], f"function {name}", op.location
    return None


# Fields added to a struct attribute after its release (spec/attributes.yaml `fields_since:`;
# the snapshots record op signatures, not struct fields): (kind, field) -> (release, the
# field's text when set). An added field is optional and left out of the text when empty,
# so older artifacts read unchanged and only a set field needs refusing.
_STRUCT_FIELDS = {(kind, field): (since, re.compile(rf"#shlo\.{STRUCTS[kind]['mnemonic']}<[^<>]*\b{field} = "))
                  for (kind, field), since in STRUCT_FIELDS_SINCE.items()}


def _newer_struct_fields(prog, version: str) -> tuple | None:
    """(kind, field, its release, op or function, location) for the first struct field of
    `prog` newer than `version`; or None. Shardings name a top-level shlo.mesh (sharding.C1),
    so when only sharding fields are newer a module without a mesh is not searched."""
    newer = [(k, f, v, pattern) for (k, f), (v, pattern) in _STRUCT_FIELDS.items() if _key(v) > _key(version)]
    top = [op.operation for op in prog.module.body.operations]
    if not newer or (all(k == "sharding" for k, _, _, _ in newer) and not any(op_name(op) == "shlo.mesh" for op in top)):
        return None
    for kind, field, since, pattern in newer:
        for op in top:
            if op_name(op) == "func.func":
                for key in ("arg_attrs", "res_attrs"):
                    if key in op.attributes and pattern.search(str(op.attributes[key])):
                        return kind, field, since, f"function {op.attributes['sym_name']}", op.location
        for item in _shlo_ext.walk_distinct(prog.module.operation, []):
            if pattern.search(item[2].decode("utf-8", "replace")):
                return kind, field, since, item[1].decode(), item[0].location
    return None


def _ops(prog, names) -> list:
    """The ops of `prog` with one of these full names, found natively (not one Python call per op)."""
    return _shlo_ext.ops_named(prog.module.operation, list(names)) if names else []


def _since(name: str, newest: str) -> str:
    """The release that introduced op `name` (looked up in the snapshots)."""
    for v in sorted(RELEASES, key=_key):
        if name in RELEASES[v]["signatures"]:
            return v
    return newest


def _attr_since(op: str, attr: str) -> str | None:
    for v in sorted(RELEASES, key=_key):
        sig = RELEASES[v]["signatures"].get(op)
        if sig and any(a["name"] == attr for a in sig["attributes"]):
            return v
    return None


def _extra_attributes(name: str, op, target: str) -> list[str]:
    """Attributes set on `op` that op `name` does not have at release `target`."""
    current = RELEASES[max(RELEASES, key=_key)]["signatures"].get(name)
    old = RELEASES[target]["signatures"].get(name)
    if current is None or old is None:
        return []
    known = {a["name"] for a in old["attributes"]}
    return [a["name"] for a in current["attributes"] if a["name"] not in known and a["name"] in op.attributes]


def _legacy_in_force(name: str, version: str):
    """(attribute, LegacyAttribute) pairs of op `name` whose old form is the one `version` has."""
    return [(attr, rule) for (op, attr), rule in LEGACY_ATTRIBUTES.items()
            if op == name and _key(version) < _key(rule.since)]


def _is_kind(attr: ir.Attribute, kind: str) -> bool:
    return _attrs.kind_of(_attrs.to_python(attr, kind), kind)


@functools.lru_cache(maxsize=None)
def rewrites_nothing(target: str, current: str) -> bool:
    """Whether every `current` program is already one of `target` (1.8.0 for 1.7.0: the same op
    set, no element type, struct field, relaxation or legacy attribute newer than `target`), so
    writing for it needs no downgrade pass, only `target`'s pinned encoding."""
    newer = lambda v: _key(v) > _key(target)  # noqa: E731
    return (RELEASES[target]["signatures"] == RELEASES[current]["signatures"] and not _changed_since(target)
            and not any(map(newer, ELEMENT_TYPES_SINCE.values()))
            and not any(map(newer, STRUCT_FIELDS_SINCE.values()))
            and not any(newer(rule.since) for rule in LEGACY_ATTRIBUTES.values()))


def downgrade(prog, target: str, current: str):
    """A copy of `prog` written in the op set of `target`, or SerializationError."""
    # A copy through bytecode keeps locations (Program.clone goes through text); version 4's
    # attribute dictionaries also copy an invalid op that lacks a required attribute.
    from ..program import parse
    prog = parse(_shlo_ext.write_bytecode(prog.module.operation, 4, 1, "shlo copy"), context=prog.context,
                 verify=False)
    sigs = RELEASES[target]["signatures"]
    newer = _newer_element_types(prog, target)
    if newer is not None:
        raise SerializationError(
            f"{newer[3]}: cannot write {newer[2]} for shlo {target}: it uses element type {newer[0]}, "
            f"introduced in shlo {newer[1]}")
    for op in _ops(prog, _changed_since(target)):
        full = op_name(op)
        name = full[5:]
        if name not in sigs:
            rewrite = OP_DOWNGRADES.get((name, target))
            if rewrite is None:
                raise SerializationError(
                    f"{op.location}: cannot write {full} for shlo {target}: the op was introduced in "
                    f"shlo {_since(name, current)} and has no equivalent in {target}")
            rewrite(op)
            continue
        outside = _values_outside(op, name, target)
        if outside is not None:
            raise SerializationError(
                f"{op.location}: cannot write {full} for shlo {target}: {outside}, which shlo {target} "
                f"does not allow there (allowed since a later release)")
        relaxed = _relaxation_used(op, name, target)
        if relaxed is not None:
            raise SerializationError(
                f"{op.location}: cannot write {full} for shlo {target}: {relaxed[0]} is allowed only "
                f"since shlo {relaxed[1]}")
        for attr, rule in _legacy_in_force(name, target):
            if attr not in op.attributes:
                continue
            old = rule.downgrade(op.attributes[attr])
            if old is None:
                raise SerializationError(
                    f"{op.location}: cannot write {full} for shlo {target}: {attr} = {op.attributes[attr]} "
                    f"has no {rule.old_kind} form, which is all that shlo before {rule.since} has")
            op.attributes[attr] = ir.Attribute.parse(old, prog.context)
        kinds = {a["name"]: a["type"] for a in RELEASES[current]["signatures"][name]["attributes"]}
        for attr in _extra_attributes(name, op, target):
            value = op.attributes[attr]
            means_absent = ABSENT_MEANING.get(kinds[attr])
            if means_absent is not None and means_absent(value):
                del op.attributes[attr]
                continue
            raise SerializationError(
                f"{op.location}: cannot write {full} for shlo {target}: attribute {attr} = {value} "
                f"was introduced in shlo {_attr_since(name, attr)}; {target} only has its default meaning")
    # after the ops: an op newer than `target` (shlo.mesh) is the first thing to name
    field = _newer_struct_fields(prog, target)
    if field is not None:
        raise SerializationError(
            f"{field[4]}: cannot write {field[3]} for shlo {target}: a #shlo.{field[0]} attribute sets "
            f"`{field[1]}`, introduced in shlo {field[2]}")
    return prog


def check_version_claim(prog, version: str) -> None:
    """An artifact may use only ops and attributes of the version it claims."""
    if version == max(RELEASES, key=_key):
        return
    sigs = RELEASES[version]["signatures"]
    newer = _newer_element_types(prog, version)
    if newer is not None:
        raise DeserializationError(f"{newer[3]}: artifact claims shlo {version} but {newer[2]} uses element type "
                                   f"{newer[0]}, introduced in shlo {newer[1]}")
    for op in _ops(prog, _changed_since(version)):
        full = op_name(op)
        if full[5:] in LEGACY_UPGRADES:
            continue
        name = full[5:]
        if name not in sigs:
            raise DeserializationError(f"{op.location}: artifact claims shlo {version} but uses {full}, "
                                       f"introduced in shlo {_since(name, version)}")
        outside = _values_outside(op, name, version)
        if outside is not None:
            raise DeserializationError(f"{op.location}: artifact claims shlo {version} but {full}'s "
                                       f"{outside}, not allowed there before a later release")
        relaxed = _relaxation_used(op, name, version)
        if relaxed is not None:
            raise DeserializationError(f"{op.location}: artifact claims shlo {version} but {full} uses "
                                       f"{relaxed[0]}, allowed only since shlo {relaxed[1]}")
        extra = _extra_attributes(name, op, version)
        if extra:
            raise DeserializationError(f"{op.location}: artifact claims shlo {version} but {full} has "
                                       f"attribute {extra[0]}, introduced in shlo {_attr_since(name, extra[0])}")
        for attr, rule in _legacy_in_force(name, version):
            if attr in op.attributes and not _is_kind(op.attributes[attr], rule.old_kind):
                raise DeserializationError(
                    f"{op.location}: artifact claims shlo {version} but {full} has {attr} = "
                    f"{op.attributes[attr]}, a form introduced in shlo {rule.since}")
    field = _newer_struct_fields(prog, version)
    if field is not None:
        raise DeserializationError(f"{field[4]}: artifact claims shlo {version} but {field[3]} has a "
                                   f"#shlo.{field[0]} attribute that sets `{field[1]}`, introduced in shlo {field[2]}")


def upgrade(prog, version: str, current: str) -> None:
    """Rewrites, in place, what an artifact of `version` holds in a legacy form into the current form."""
    for op in _ops(prog, ["shlo." + name for name in LEGACY_UPGRADES]):
        LEGACY_UPGRADES[op_name(op)[5:]](op)
    legacy = {(op, attr): rule for (op, attr), rule in LEGACY_ATTRIBUTES.items() if _key(version) < _key(rule.since)}
    for op in _ops(prog, sorted({"shlo." + name for name, _ in legacy})):
        name = op_name(op)[5:]
        for (op_, attr), rule in legacy.items():
            if op_ == name and attr in op.attributes:
                op.attributes[attr] = ir.Attribute.parse(rule.upgrade(op.attributes[attr]), prog.context)
