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
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from mlir import ir

from .. import _shlo_ext
from .. import attributes as _attrs
from .._walk import op_name
from ..errors import DeserializationError, SerializationError
from ..verify._spec_table import RELEASES


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


def _key(v: str) -> tuple:
    return tuple(int(x) for x in v.split("."))


def _changed_since(version: str) -> list[str]:
    """Full names of the current ops whose signature differs from release `version` (new
    ops, added or changed attributes): the only ops a downgrade to, a version check
    of, or an upgrade from `version` must look at."""
    current = RELEASES[max(RELEASES, key=_key)]["signatures"]
    old = RELEASES[version]["signatures"]
    return sorted("shlo." + name for name, sig in current.items()
                  if name not in old or sig["attributes"] != old[name]["attributes"])


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


def downgrade(prog, target: str, current: str):
    """A copy of `prog` written in the op set of `target`, or SerializationError."""
    # A copy through bytecode keeps locations (Program.clone goes through text).
    from ..program import parse
    prog = parse(prog.bytecode(), context=prog.context, verify=False)
    sigs = RELEASES[target]["signatures"]
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
    return prog


def check_version_claim(prog, version: str) -> None:
    """An artifact may use only ops and attributes of the version it claims."""
    if version == max(RELEASES, key=_key):
        return
    sigs = RELEASES[version]["signatures"]
    for op in _ops(prog, _changed_since(version)):
        full = op_name(op)
        if full[5:] in LEGACY_UPGRADES:
            continue
        name = full[5:]
        if name not in sigs:
            raise DeserializationError(f"{op.location}: artifact claims shlo {version} but uses {full}, "
                                       f"introduced in shlo {_since(name, version)}")
        extra = _extra_attributes(name, op, version)
        if extra:
            raise DeserializationError(f"{op.location}: artifact claims shlo {version} but {full} has "
                                       f"attribute {extra[0]}, introduced in shlo {_attr_since(name, extra[0])}")
        for attr, rule in _legacy_in_force(name, version):
            if attr in op.attributes and not _is_kind(op.attributes[attr], rule.old_kind):
                raise DeserializationError(
                    f"{op.location}: artifact claims shlo {version} but {full} has {attr} = "
                    f"{op.attributes[attr]}, a form introduced in shlo {rule.since}")


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
