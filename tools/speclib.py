"""Loads and checks the machine-readable spec in spec/.

Every generator (ODS, docs, the Python constraint table) and the spec tests
read the spec through this module, so a malformed entry fails in one place
with the file and field named.
"""
from __future__ import annotations

import ast
import dataclasses
import pathlib
import re

import yaml

ROOT = pathlib.Path(__file__).resolve().parent.parent
SPEC = ROOT / "spec"

OPERAND_KINDS = {"tensor", "token", "tuple", "future", "tensor_or_token", "any"}
ELEMENT_CLASSES = {"bool", "signed", "unsigned", "integer", "float", "complex"}
QUANTIZATION = {"per_tensor", "per_axis"}
FORMATS = {"same_types", "functional", "return", "generic", "symbol"}
OP_KEYS = {"name", "since", "category", "summary", "semantics", "traits", "format", "infer_default",
           "operands", "results", "attributes", "regions", "constraints", "infer",
           "examples", "invalid", "changes"}
# Traits that the ODS generator knows how to spell.
TRAITS = {"Pure", "Elementwise", "SameOperandsAndResultShape", "SameOperandsAndResultType",
          "Terminator", "ReturnLike", "RecursiveMemoryEffects", "IsolatedFromAbove",
          "Commutative", "Idempotent", "Involution", "Symbol"}


class SpecError(Exception):
    """A spec file does not follow the schema in spec/README.md."""


@dataclasses.dataclass
class Value:
    name: str
    type: str = "tensor"
    element: list = dataclasses.field(default_factory=list)
    quantized: list = dataclasses.field(default_factory=list)
    variadic: bool = False


@dataclasses.dataclass
class Attribute:
    name: str
    type: str
    optional: bool = False


@dataclasses.dataclass
class Constraint:
    id: str
    text: str
    check: str | None = None
    when: str | None = None
    unchecked: str | None = None


@dataclasses.dataclass
class Op:
    name: str
    since: str
    category: str
    summary: str
    semantics: str
    traits: list
    format: str
    operands: list
    results: list
    attributes: list
    regions: list
    constraints: list
    infer: str | None
    infer_default: bool
    examples: list
    invalid: list
    path: pathlib.Path

    @property
    def cpp_name(self) -> str:
        return "".join(p.capitalize() for p in self.name.split("_")) + "Op"

    def io_constraints(self):
        """The implicit I<n>/O<n>/A<n> ids of operand, result, attribute declarations."""
        ids = [(f"I{i + 1}", v) for i, v in enumerate(self.operands)]
        ids += [(f"A{i + 1}", a) for i, a in enumerate(self.attributes)]
        ids += [(f"O{i + 1}", v) for i, v in enumerate(self.results)]
        return ids


def _fail(path, msg):
    raise SpecError(f"{path.relative_to(ROOT)}: {msg}")


def _value(path, raw, where):
    if not isinstance(raw, dict) or "name" not in raw:
        _fail(path, f"{where}: each entry needs a `name`")
    unknown = set(raw) - {"name", "type", "element", "quantized", "variadic"}
    if unknown:
        _fail(path, f"{where} {raw['name']}: unknown keys {sorted(unknown)}")
    v = Value(**raw)
    if v.type not in OPERAND_KINDS:
        _fail(path, f"{where} {v.name}: type {v.type!r} not in {sorted(OPERAND_KINDS)}")
    element_names = {e["name"] for e in load_types()["element_types"]}
    for e in v.element:
        if e not in ELEMENT_CLASSES and e not in element_names:
            _fail(path, f"{where} {v.name}: unknown element {e!r}")
    for q in v.quantized:
        if q not in QUANTIZATION:
            _fail(path, f"{where} {v.name}: unknown quantization {q!r}")
    return v


_cache: dict = {}


def load_types() -> dict:
    if "types" not in _cache:
        _cache["types"] = yaml.safe_load((SPEC / "types.yaml").read_text())
    return _cache["types"]


def load_attributes() -> dict:
    if "attrs" not in _cache:
        _cache["attrs"] = yaml.safe_load((SPEC / "attributes.yaml").read_text())
    return _cache["attrs"]


def struct_fields_since() -> dict:
    """(struct kind, field) -> the release that added the field, for fields added to a struct
    attribute after its release (`fields_since:` in attributes.yaml). Such a field must be of
    an optional kind (left out of the text when empty) and name a release."""
    out = {}
    releases = set(release_versions())
    for kind, st in load_attributes()["structs"].items():
        for field, version in (st.get("fields_since") or {}).items():
            version = str(version)
            if field not in st["fields"] or not st["fields"][field].startswith("optional_"):
                _fail(SPEC / "attributes.yaml", f"{kind}.fields_since names {field}, which is not an "
                                                 f"optional field of {kind}")
            if version not in releases:
                _fail(SPEC / "attributes.yaml", f"{kind}.fields_since: {field} since {version}, not a release")
            out[(kind, field)] = version
    return out


def load_program() -> dict:
    return yaml.safe_load((SPEC / "program.yaml").read_text())


def attribute_kinds() -> set:
    a = load_attributes()
    return set(a["builtin"]) | set(a["enums"]) | set(a["structs"]) | set(a["arrays"])


def load_op(path: pathlib.Path) -> Op:
    raw = yaml.safe_load(path.read_text())
    if not isinstance(raw, dict):
        _fail(path, "not a mapping")
    unknown = set(raw) - OP_KEYS
    if unknown:
        _fail(path, f"unknown keys {sorted(unknown)}")
    for key in ("name", "since", "category", "summary", "semantics"):
        if key not in raw:
            _fail(path, f"missing `{key}`")
    if raw["name"] != path.stem:
        _fail(path, f"name {raw['name']!r} differs from the file name")
    kinds = attribute_kinds()
    attrs = []
    for a in raw.get("attributes", []):
        unknown = set(a) - {"name", "type", "optional"}
        if unknown:
            _fail(path, f"attribute {a.get('name')}: unknown keys {sorted(unknown)}")
        if a.get("type") not in kinds:
            _fail(path, f"attribute {a.get('name')}: unknown kind {a.get('type')!r}")
        attrs.append(Attribute(**a))
    constraints = []
    for c in raw.get("constraints", []):
        unknown = set(c) - {"id", "text", "check", "when", "unchecked"}
        if unknown:
            _fail(path, f"constraint {c.get('id')}: unknown keys {sorted(unknown)}")
        c = Constraint(**c)
        if not re.fullmatch(r"C\d+", c.id):
            _fail(path, f"constraint id {c.id!r} is not C<n>")
        if (c.check is None) == (c.unchecked is None):
            _fail(path, f"constraint {c.id}: give exactly one of `check` (an expression) "
                        "or `unchecked` (why it cannot be checked before running)")
        for expr in (c.check, c.when):
            if expr is not None:
                try:
                    ast.parse(expr, mode="eval")
                except SyntaxError as e:
                    _fail(path, f"constraint {c.id}: bad expression {expr!r}: {e}")
        constraints.append(c)
    ids = [c.id for c in constraints]
    if ids != [f"C{i + 1}" for i in range(len(ids))]:
        _fail(path, f"constraint ids must be C1, C2, ... in order; got {ids}")
    traits = raw.get("traits", [])
    for t in traits:
        if t not in TRAITS:
            _fail(path, f"unknown trait {t!r}")
    fmt = raw.get("format", "generic")
    if fmt not in FORMATS:
        _fail(path, f"unknown format {fmt!r}")
    op = Op(
        name=raw["name"], since=str(raw["since"]), category=raw["category"],
        summary=raw["summary"].strip(), semantics=raw["semantics"].strip(),
        traits=traits, format=fmt,
        operands=[_value(path, v, "operand") for v in raw.get("operands", [])],
        results=[_value(path, v, "result") for v in raw.get("results", [])],
        attributes=attrs,
        regions=[r if isinstance(r, dict) else {"name": r} for r in raw.get("regions", [])],
        constraints=constraints, infer=raw.get("infer"), infer_default=bool(raw.get("infer_default")),
        examples=raw.get("examples", []), invalid=raw.get("invalid", []), path=path)
    if not op.examples:
        _fail(path, "needs at least one example")
    for ex in op.examples:
        unknown = set(ex) - {"name", "program", "inputs", "expected", "tolerance", "note", "replicas", "partitions"}
        if unknown or "program" not in ex:
            _fail(path, f"example {ex.get('name')}: needs `program`; unknown keys {sorted(unknown)}")
    all_ids = set(ids) | {i for i, _ in op.io_constraints()}
    for bad in op.invalid:
        if set(bad) - {"constraint", "program", "note"} or "program" not in bad:
            _fail(path, f"invalid example: keys are constraint, program, note")
        if bad.get("constraint") not in all_ids:
            _fail(path, f"invalid example names unknown constraint {bad.get('constraint')!r}")
    if op.format == "same_types" and (any(v.variadic for v in op.operands)
                                       or len(op.results) != 1 or op.results[0].variadic):
        _fail(path, "format same_types needs fixed operands and one result")
    return op


def load_ops() -> list[Op]:
    if "ops" not in _cache:
        _cache["ops"] = [load_op(p) for p in sorted((SPEC / "ops").glob("*.yaml"))]
    return _cache["ops"]


def released_opset(version: str | None = None) -> list[str]:
    """The op names of a released version (default: the current one)."""
    version = version or current_version()
    return (SPEC / f"opset-{version}.txt").read_text().split()


# ----------------------------------------------------------------- versions
# spec/versions.yaml lists every release; spec/versions/<v>.json is the frozen
# snapshot of every op's signature at that release (written once, by
# tools/release.py, never edited); spec/opset-<v>.txt its op names.

def _vkey(v: str) -> tuple:
    return tuple(int(x) for x in v.split("."))


def load_versions() -> dict:
    if "versions" not in _cache:
        raw = yaml.safe_load((SPEC / "versions.yaml").read_text())
        rel = raw.get("releases") or []
        names = [str(r["version"]) for r in rel]
        if names != sorted(names, key=_vkey) or len(set(names)) != len(names):
            raise SpecError("spec/versions.yaml: releases must be listed oldest first, once each")
        for r in rel:
            r["version"] = str(r["version"])
            for key in ("date", "bytecode_version", "summary"):
                if key not in r:
                    raise SpecError(f"spec/versions.yaml: release {r['version']} lacks `{key}`")
            r.setdefault("attribute_encoding", 0)
            r.setdefault("envelope_format", 1)
            if r["attribute_encoding"] not in (0, 1) or r["envelope_format"] not in (1, 2):
                raise SpecError(f"spec/versions.yaml: release {r['version']}: attribute_encoding is 0 or 1, "
                                f"envelope_format 1 or 2")
        _cache["versions"] = {"releases": rel, "minimum_version": str(raw["minimum_version"])}
    return _cache["versions"]


def release_versions() -> list[str]:
    return [r["version"] for r in load_versions()["releases"]]


def current_version() -> str:
    return release_versions()[-1]


def minimum_version() -> str:
    return load_versions()["minimum_version"]


def op_signature(op: Op) -> dict:
    """What an artifact depends on: operand/result/attribute/region declarations."""
    val = lambda v: {"name": v.name, "type": v.type, "element": list(v.element),  # noqa: E731
                     "quantized": list(v.quantized), "variadic": v.variadic}
    return {"since": op.since,
            "operands": [val(v) for v in op.operands],
            "results": [val(v) for v in op.results],
            "attributes": [{"name": a.name, "type": a.type, "optional": a.optional} for a in op.attributes],
            "regions": [{"name": r["name"], "variadic": bool(r.get("variadic"))} for r in op.regions],
            "constraints": [c.id for c in op.constraints]}


def spec_signatures() -> dict:
    return {op.name: op_signature(op) for op in load_ops()}


def load_snapshot(version: str) -> dict:
    import json
    return json.loads((SPEC / "versions" / f"{version}.json").read_text())


def op_changes(op: Op) -> list[dict]:
    """The op's `changes:` entries: [{version, kind: compatible|legacy, text[, legacy_op | legacy_attribute]}]."""
    key = ("changes", op.path)
    if key in _cache:
        return _cache[key]
    raw = yaml.safe_load(op.path.read_text()).get("changes") or []
    _cache[key] = raw
    for c in raw:
        if set(c) - {"version", "kind", "text", "legacy_op", "legacy_attribute"} \
                or c.get("kind") not in ("compatible", "legacy"):
            _fail(op.path, "changes: entries are {version, kind: compatible|legacy, text"
                           "[, legacy_op | legacy_attribute]}")
        c["version"] = str(c["version"])
    return raw


def legacy_attribute_kinds(op: Op) -> dict[str, list[str]]:
    """Attribute name -> the frozen kinds its ODS still accepts: for each `legacy_attribute`
    change, the kind the attribute had in the release before that change."""
    out: dict[str, list[str]] = {}
    versions = release_versions()
    for c in op_changes(op):
        name = c.get("legacy_attribute")
        if not name:
            continue
        older = [v for v in versions if _vkey(v) < _vkey(c["version"])]
        if not older:
            _fail(op.path, f"legacy_attribute {name}: no release before {c['version']}")
        old = {a["name"]: a["type"] for a in load_snapshot(older[-1]).get(op.name, {}).get("attributes", [])}
        if name not in old:
            _fail(op.path, f"legacy_attribute {name}: release {older[-1]} has no such attribute")
        out.setdefault(name, []).append(old[name])
    return out
