"""The op-set compatibility check: the spec against every released snapshot.

A release freezes each op's signature (operands, results, attributes,
regions, constraint ids) in `spec/versions/<v>.json`. Between one release and
the next, and between the last release and the spec being edited, an op may
change only with a `changes:` entry naming the newer version:

- `kind: compatible`: an artifact of the older version still parses as the
  new op and means the same. Only these differences qualify: optional
  attributes added to an op when the older release pins MLIR bytecode
  version 4 or older (there, an op's attributes are a dictionary keyed by
  name, in every op, so an absent one takes no bytes; appended to an op
  that had attributes since 1.6.0; at version 5 and later, 1.8.0's 6,
  every op with attributes writes a properties record laid out by its
  definition, even when all are absent, so any addition changes the bytes
  written for the older release and is legacy), a
  variadic region list added to an op that had no regions (bytecode stores
  each op's region count, so an old op reads as one with an empty list;
  since 1.6.0), new constraints that only involve those attributes, and
  element types added to an operand's or result's list (since 1.3.0; every
  old program stays valid, and writing for the older release refuses a
  value of an element type it did not allow).
- `kind: legacy`: anything else. The old form must stay readable: as a frozen
  legacy op (`legacy_op:`), or, when only an attribute's kind changed, as a
  frozen attribute kind the op's ODS still accepts (`legacy_attribute:`); the
  reader upgrades it (serialize/rules.py).

An op may never disappear, and a new op must declare `since:` the newer
version. `spec_problems` returns one readable line per violation.
"""
from __future__ import annotations


def _vkey(v: str) -> tuple:
    return tuple(int(x) for x in v.split("."))


def _widened(old: list, new: list) -> bool:
    """Whether value list `new` equals `old` except that some element lists gained entries
    (a relaxation: every old program's values are still allowed, and mean the same)."""
    if len(old) != len(new):
        return False
    for a, b in zip(old, new):
        if {k: v for k, v in a.items() if k != "element"} != {k: v for k, v in b.items() if k != "element"}:
            return False
        if not a["element"] or not b["element"] or not set(a["element"]) <= set(b["element"]):
            if a["element"] != b["element"]:
                return False
    return True


# The last MLIR bytecode version that writes an op's attributes as a dictionary
# (5 introduced the properties encoding, a record laid out per op definition).
DICTIONARY_ATTRIBUTES_BYTECODE = 4


def _regions_added(old: list, new: list) -> bool:
    """Whether `new` is one variadic region list added to an op that had no regions."""
    return not old and len(new) == 1 and new[0].get("variadic", False)


def _diff(old: dict, new: dict, dictionary_attrs: bool = False) -> tuple[list[str], bool]:
    """(what differs, whether every difference is a compatible kind); `dictionary_attrs`: the older
    release's artifacts store attributes as a dictionary (bytecode version 4 or older)."""
    diffs, compatible = [], True
    for key in ("operands", "results", "regions"):
        if old[key] == new[key]:
            continue
        if key != "regions" and _widened(old[key], new[key]):
            diffs.append(f"{key}' element types widened")
            continue
        if key == "regions" and _regions_added(old[key], new[key]):
            diffs.append(f"variadic regions {new[key][0]['name']} added")
            continue
        diffs.append(f"{key} changed")
        compatible = False
    if old["attributes"] != new["attributes"]:
        added = new["attributes"][len(old["attributes"]):]
        # Without a dictionary (bytecode 5+) the properties record follows the op definition:
        # an op that gains an attribute, even its first, writes other bytes for the old release.
        if not dictionary_attrs or new["attributes"][:len(old["attributes"])] != old["attributes"]:
            compatible = False
        if not all(a["optional"] for a in added):
            compatible = False
        diffs.append("attributes " + ", ".join(
            f"{a['name']}{'' if a['optional'] else ' (required)'}" for a in added) + " added"
            if new["attributes"][:len(old["attributes"])] == old["attributes"] else "attributes changed")
    if old["constraints"] != new["constraints"]:
        if new["constraints"][:len(old["constraints"])] != old["constraints"]:
            compatible = False
        diffs.append("constraints changed")
    if old["since"] != new["since"]:
        diffs.append(f"since changed from {old['since']} to {new['since']}")
        compatible = False
    return diffs, compatible


def _compare(old_v: str, old: dict, new_v: str | None, new: dict, changes: dict,
             dictionary_attrs: bool = False) -> list[str]:
    """Problems going from snapshot `old` (release old_v) to `new` (release new_v, or the spec if None)."""
    where = f"release {new_v}" if new_v else "the spec"
    problems = []
    for name in sorted(set(old) - set(new)):
        problems.append(f"{where}: op {name} of release {old_v} was removed; released ops stay forever")
    for name in sorted(set(new) - set(old)):
        since = new[name]["since"]
        if _vkey(since) <= _vkey(old_v) or (new_v and since != new_v):
            problems.append(f"{where}: op {name} is new after release {old_v} but says since: {since}"
                            + (f" (expected {new_v})" if new_v else " (expected an unreleased version)"))
    for name in sorted(set(old) & set(new)):
        if old[name] == new[name]:
            continue
        diffs, compatible = _diff(old[name], new[name], dictionary_attrs)
        entries = [c for c in changes.get(name, [])
                   if _vkey(c["version"]) > _vkey(old_v) and (new_v is None or _vkey(c["version"]) <= _vkey(new_v))]
        what = "; ".join(diffs)
        if not entries:
            problems.append(f"{where}: op {name} changed since release {old_v} ({what}) with no `changes:` "
                            f"entry for a newer version; a released op set is frozen")
        elif not compatible and not any(c["kind"] == "legacy" and (c.get("legacy_op") or c.get("legacy_attribute"))
                                        for c in entries):
            problems.append(f"{where}: op {name} changed incompatibly since release {old_v} ({what}); "
                            f"this needs a `changes:` entry of kind legacy naming the frozen legacy op "
                            f"or legacy attribute")
    return problems


def spec_problems(current: dict, releases: dict, changes: dict, bytecode_versions: dict | None = None) -> list[str]:
    """Every compatibility problem of the release history and of the current spec.

    `current`: op name -> signature of the spec as it is; `releases`: version ->
    snapshot, in any order; `changes`: op name -> its `changes:` entries;
    `bytecode_versions`: version -> its pinned MLIR bytecode version (unknown
    ones are taken as not storing attributes as a dictionary).
    """
    versions = sorted(releases, key=_vkey)
    pins = bytecode_versions or {}
    dictionary = {v: v in pins and pins[v] <= DICTIONARY_ATTRIBUTES_BYTECODE for v in versions}
    problems = []
    for a, b in zip(versions, versions[1:]):
        problems += _compare(a, releases[a], b, releases[b], changes, dictionary[a])
    if versions:
        problems += _compare(versions[-1], releases[versions[-1]], None, current, changes, dictionary[versions[-1]])
    return problems


def package_problems() -> list[str]:
    """The check on the tables compiled into this package (what `shlo-opt --check-compat` runs)."""
    from ..verify._spec_table import CHANGES, RELEASES, SIGNATURES
    return spec_problems(SIGNATURES, {v: r["signatures"] for v, r in RELEASES.items()}, CHANGES,
                         {v: r["bytecode_version"] for v, r in RELEASES.items()})
