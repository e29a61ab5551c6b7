"""What changed between releases, and how artifacts cross those changes.

The differences between releases come from the frozen snapshots
(`RELEASES[v]["signatures"]`): ops new in a release, and optional attributes
added to an existing op. This module adds what the snapshots cannot say:

- ATTRIBUTE_DEFAULTS: for an added optional attribute, the value whose
  meaning equals the attribute being absent. A downgrade drops the attribute
  when it holds that value and refuses otherwise.
- OP_DOWNGRADES: a rewrite of a new op into ops of an older release, where one
  exists without changing results. (None yet: `erf` has no exact expansion
  into 1.0.0 ops, so writing it at 1.0.0 fails.)
- LEGACY_UPGRADES: frozen legacy op name -> function rewriting it into the
  current op after parsing (spec `changes:` entries of kind legacy). No
  release has needed one yet (both 1.1.0 changes are additive); the reader
  still walks the table, so adding an entry is all a future change needs.
"""
from __future__ import annotations

from mlir import ir

from .. import _shlo_ext
from .._walk import op_name
from ..errors import DeserializationError, SerializationError
from ..verify._spec_table import RELEASES

ATTRIBUTE_DEFAULTS = {
    # 1.1.0: exponential gained `result_accuracy`; DEFAULT is what 1.0.0 meant.
    ("exponential", "result_accuracy"): "#shlo.result_accuracy<DEFAULT>",
}
OP_DOWNGRADES: dict = {}
LEGACY_UPGRADES: dict = {}


def _key(v: str) -> tuple:
    return tuple(int(x) for x in v.split("."))


def _changed_since(version: str) -> list[str]:
    """Full names of the current ops that are new since `version` or gained attributes:
    the only ops a downgrade to, or a version check of, `version` must look at."""
    current = RELEASES[max(RELEASES, key=_key)]["signatures"]
    old = RELEASES[version]["signatures"]
    return sorted("shlo." + name for name, sig in current.items()
                  if name not in old or {a["name"] for a in sig["attributes"]}
                  - {a["name"] for a in old[name]["attributes"]})


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
        for attr in _extra_attributes(name, op.opview if hasattr(op, "opview") else op, target):
            value = op.attributes[attr]
            default = ATTRIBUTE_DEFAULTS.get((name, attr))
            if default is not None and str(value) == default:
                del op.attributes[attr]
                continue
            raise SerializationError(
                f"{op.location}: cannot write {full} for shlo {target}: attribute {attr} = {value} "
                f"was introduced in shlo {_attr_since(name, attr)}; {target} only has its default "
                f"meaning{f' ({default})' if default else ''}")
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


def upgrade(prog, version: str, current: str) -> None:
    """Rewrites, in place, the frozen legacy ops of an artifact of `version` into current ops."""
    for op in _ops(prog, ["shlo." + name for name in LEGACY_UPGRADES]):
        LEGACY_UPGRADES[op_name(op)[5:]](op)
