"""Golden artifacts (compat_tests/) of every released version, the release
history in spec/, and the op-set compatibility check."""
from __future__ import annotations

import copy
import os
import re
import hashlib
import pathlib
import struct
import types
import subprocess
import sys

import numpy as np
import pytest
import yaml

import shlo
import speclib
from shlo.serialize import compat, envelope
from shlo.verify._spec_table import RELEASES

ROOT = pathlib.Path(__file__).resolve().parent.parent
GOLDEN = ROOT / "compat_tests"
ARTIFACTS = sorted(GOLDEN.glob("*/*.shlo"))
# test_golden_crosses_every_version already reads and writes every golden byte for byte; the
# default run checks each golden's text and values for the newest release and every fourth golden of
# the older ones (their programs are mostly the same), SHLO_FULL_TESTS=1 all of them.
FULL = bool(os.environ.get("SHLO_FULL_TESTS"))
_NEWEST = max((p.parent.name for p in ARTIFACTS), key=lambda v: tuple(map(int, v.split("."))))
CHECKED = ARTIFACTS if FULL else [p for i, p in enumerate(ARTIFACTS) if p.parent.name == _NEWEST or i % 4 == 0]


def _rewrap(data: bytes, version=None, payload=None, bc=None) -> bytes:
    """An artifact claiming another version (in the envelope and the producer string) or, in
    format 1, another bytecode version, with a valid checksum."""
    env = envelope.check(data)
    payload = env.payload if payload is None else payload
    if version:
        payload = envelope.set_producer(payload, "shlo " + ".".join(map(str, version)))
    return envelope.wrap(version or env.version, env.bytecode_version if bc is None else bc, payload, env.format)


def test_every_released_version_has_goldens_for_every_op():
    for version in speclib.release_versions():
        ops = set(speclib.released_opset(version))
        have = {p.name.split(".")[0] for p in (GOLDEN / version).glob("*.shlo")}
        assert have == ops, f"{version}: goldens missing for {sorted(ops - have)}"


def test_generator_has_nothing_left_to_write():
    r = subprocess.run([sys.executable, str(GOLDEN / "generate.py"), "--check"], capture_output=True, text=True)
    assert r.returncode == 0, r.stdout + r.stderr


def test_goldens_since_1_2_0_encode_every_shlo_attribute_and_type():
    """No 1.2.0 golden holds a shlo attribute or type as text, and between them they use
    every enum and struct attribute of the spec and both shlo types."""
    attrs = yaml.safe_load((ROOT / "spec/attributes.yaml").read_text())
    mnemonics = set(attrs["enums"]) | {s.get("mnemonic", name) for name, s in attrs["structs"].items()}
    mnemonics -= {"result_accuracy"}  # the frozen 1.1.0 enum: no current program holds it
    mnemonics -= {"sharding"}  # since 1.4.0, so in no 1.2.0 golden; stored as its text (docs/sharding.md)
    mnemonics -= {"dot_algorithm"}  # since 1.6.0, so in no 1.2.0 golden; stored as its text (spec/compatibility.md)
    seen = set()
    for path in sorted((GOLDEN / "1.2.0").glob("*.shlo")):
        payload = envelope.payload_of(path.read_bytes())
        assert b"#shlo." not in payload and b"!shlo." not in payload, path.name
        seen.update(re.findall(r"[#!]shlo\.(\w+)<", path.with_suffix(".mlir").read_text()))
        seen.update(re.findall(r"!shlo\.(token)\b", path.with_suffix(".mlir").read_text()))
    assert mnemonics | {"token", "future"} <= seen, sorted(mnemonics | {"token", "future"} - seen)
    # The same programs written for 1.1.0 did carry their attributes as text.
    assert any(b"#shlo." in envelope.payload_of(p.read_bytes()) for p in (GOLDEN / "1.1.0").glob("*.shlo"))


def upgraded_text(text: str, version: str) -> str:
    """A golden's program text (as its release printed it) in the current op set: what
    the documented upgrades (spec/ops/*.yaml `changes:`) make of it."""
    if tuple(map(int, version.split("."))) < (1, 2, 0):
        # 1.2.0: exponential's result_accuracy enum became StableHLO's struct.
        text = re.sub(r"#shlo\.result_accuracy<(\w+)>", r"#shlo.accuracy<atol = 0.000000e+00, rtol = "
                      r"0.000000e+00, ulps = 0, mode = #shlo.result_accuracy_mode<\1>>", text)
    return text


EXAMPLES = sorted({p.stem for p in ARTIFACTS})


@pytest.mark.parametrize("example", EXAMPLES)
def test_golden_crosses_every_version(example):
    """An example's golden of any version, read and written for any other version, is
    byte-identical to that version's golden; where the other version has no golden
    (the example uses something it lacks), writing fails with SerializationError."""
    versions = sorted(RELEASES, key=lambda v: tuple(map(int, v.split("."))))
    goldens = {v: GOLDEN / v / f"{example}.shlo" for v in versions}
    goldens = {v: p.read_bytes() for v, p in goldens.items() if p.exists()}
    for src, data in goldens.items():
        prog = shlo.deserialize(data)
        for dst in versions:
            if dst in goldens:
                assert shlo.serialize(prog, target_version=dst) == goldens[dst], f"{src} -> {dst}"
            else:
                with pytest.raises(shlo.SerializationError):
                    shlo.serialize(prog, target_version=dst)


@pytest.mark.parametrize("path", CHECKED, ids=[f"{p.parent.name}/{p.stem}" for p in CHECKED])
def test_golden_artifact(path):
    data = path.read_bytes()
    assert shlo.serialize.__module__  # the function, not the package
    assert envelope.check(data)[0] == tuple(int(x) for x in path.parent.name.split("."))
    assert f"shlo {path.parent.name}\0".encode() in data[:80]
    prog = shlo.deserialize(data)
    assert str(prog) == upgraded_text(path.with_suffix(".mlir").read_text(), path.parent.name)
    # Re-serializing at the artifact's own version reproduces it byte for byte
    # (determinism, and the downgrade path writes what the old producer wrote).
    assert shlo.serialize(prog, target_version=path.parent.name) == data
    values = path.with_suffix(".yaml")
    if not values.exists():
        return
    import run_examples
    from shlo.interpreter import implemented_ops
    used = {o.split(".", 1)[1] for o in _op_names(prog) if o.startswith("shlo.")} - {"return"}
    if not used <= set(implemented_ops()):
        pytest.skip(f"interpreter lacks {sorted(used - set(implemented_ops()))}")
    ex = yaml.safe_load(values.read_text())
    # run_examples parses `program` itself; give it the deserialized program's bytecode-free text
    # and, to tell interpreter gaps from artifact problems, the same example from the .mlir file.
    problems = run_examples.example_run_problems(
        types.SimpleNamespace(examples=[{**ex, "program": str(prog), "name": path.stem}]))
    if problems:
        direct = run_examples.example_run_problems(types.SimpleNamespace(
            examples=[{**ex, "program": path.with_suffix(".mlir").read_text(), "name": path.stem}]))
        if direct == problems:
            pytest.xfail(f"the interpreter disagrees with the expected values without any artifact: {problems[0]}")
    assert problems == []


def _op_names(prog):
    from mlir import ir
    out = []
    prog.module.operation.walk(lambda o: out.append(o.name) or ir.WalkResult.ADVANCE)
    return out


def test_versions_and_snapshots():
    assert shlo.current_version() == speclib.current_version() == "1.8.0"
    assert shlo.minimum_version() == speclib.minimum_version() == "1.0.0"
    for v in speclib.release_versions():
        assert set(speclib.load_snapshot(v)) == set(speclib.released_opset(v))
    assert len(speclib.released_opset("1.0.0")) == 108
    assert set(speclib.released_opset("1.1.0")) - set(speclib.released_opset("1.0.0")) == {"erf"}
    # 1.2.0 kept the op names; twelve ops changed their result_accuracy.
    assert set(speclib.released_opset("1.2.0")) == set(speclib.released_opset("1.1.0"))
    old, new = speclib.load_snapshot("1.1.0"), speclib.load_snapshot("1.2.0")
    assert {n for n in new if new[n] != old[n]} == {
        "cbrt", "cosine", "exponential", "exponential_minus_one", "log", "log_plus_one", "logistic", "rsqrt",
        "sine", "sqrt", "tan", "tanh"}
    assert new["exponential"]["attributes"] == [{"name": "result_accuracy", "optional": True, "type": "accuracy"}]
    # The spec as it stands is exactly its last release (no unreleased change).
    assert speclib.spec_signatures() == speclib.load_snapshot(speclib.current_version())


def test_op_set_is_compatible_with_every_release():
    assert compat.package_problems() == []
    r = subprocess.run([sys.executable, str(ROOT / "tools/release.py"), "check"], capture_output=True,
                       text=True, cwd=ROOT / "tools")
    assert r.returncode == 0, r.stdout + r.stderr


PINS = {r["version"]: r["bytecode_version"] for r in speclib.load_versions()["releases"]}


def _problems(mutate, changes=None, pins=None):
    current = copy.deepcopy(speclib.spec_signatures())
    mutate(current)
    releases = {v: speclib.load_snapshot(v) for v in speclib.release_versions()}
    base = {o.name: speclib.op_changes(o) for o in speclib.load_ops()}
    base.update(changes or {})
    return compat.spec_problems(current, releases, base, PINS if pins is None else pins)


def test_additions_to_ops_with_attributes_or_without_regions():
    """An optional attribute added to an op is compatible only when the last release pins bytecode
    version 4 (attributes stored as a dictionary keyed by name; appended to an op that has
    attributes since 1.6.0). 1.8.0 pins 6, whose properties record is laid out by the op's
    definition, so any attribute added after it is legacy. A variadic region list added to an op
    without regions is compatible. None of these passes without an entry."""
    entry = {"concatenate": [{"version": "1.9.0", "kind": "compatible", "text": "x"}]}
    assert PINS["1.7.0"] == 4 and PINS["1.8.0"] == 6
    dictionary = {**PINS, "1.8.0": 4}   # as if 1.8.0 still stored dictionaries

    def appended(c):
        c["concatenate"]["attributes"].append({"name": "mode", "type": "i32", "optional": True})
    assert any("op concatenate changed since release 1.8.0" in p for p in _problems(appended))
    assert _problems(appended, entry, dictionary) == []
    assert any("op concatenate changed incompatibly" in p for p in _problems(appended, entry))
    # Pins unknown: the release history itself (1.6.0's own additions) no longer passes.
    assert any("op send changed incompatibly since release 1.5.0" in p
               for p in _problems(appended, entry, {}))

    def inserted(c):
        c["concatenate"]["attributes"].insert(0, {"name": "mode", "type": "i32", "optional": True})
    assert any("changed incompatibly" in p for p in _problems(inserted, entry, dictionary))

    # The first attribute of an op that had none: compatible over a dictionary, not over a record
    # (1.9.0's op would write a properties record that 1.8.0's attribute-less op cannot read).
    first = {"negate": [{"version": "1.9.0", "kind": "compatible", "text": "x"}]}

    def first_attr(c):
        c["negate"]["attributes"].append({"name": "mode", "type": "i32", "optional": True})
    assert _problems(first_attr, first, dictionary) == []
    assert any("op negate changed incompatibly" in p for p in _problems(first_attr, first))
    legacy = {"negate": [{"version": "1.9.0", "kind": "legacy", "text": "x", "legacy_op": "negate_v1"}]}
    assert _problems(first_attr, legacy) == []

    regions = {"negate": [{"version": "1.9.0", "kind": "compatible", "text": "x"}]}

    def variadic_regions(c):
        c["negate"]["regions"] = [{"name": "extra", "variadic": True}]
    assert any("variadic regions extra added" in p for p in _problems(variadic_regions))
    assert _problems(variadic_regions, regions) == []

    def one_region(c):
        c["negate"]["regions"] = [{"name": "extra", "variadic": False}]
    assert any("changed incompatibly" in p for p in _problems(one_region, regions))


def test_compat_check_catches_unversioned_changes():
    def operand(c):
        c["add"]["operands"][0]["element"] = ["float"]
    assert any("op add changed since release 1.8.0" in p for p in _problems(operand))

    def removed(c):
        del c["sine"]
    assert any("op sine of release 1.8.0 was removed" in p for p in _problems(removed))

    def new_op(c):
        c["gelu"] = {**c["erf"], "since": "1.0.0"}
    assert any("op gelu is new" in p for p in _problems(new_op))

    def required_attr(c):
        c["negate"]["attributes"].append({"name": "mode", "type": "i32", "optional": False})
    assert any("op negate changed" in p for p in _problems(required_attr))
    # With a compatible entry the required attribute is still incompatible ...
    entry = {"negate": [{"version": "1.9.0", "kind": "compatible", "text": "x"}]}
    assert any("changed incompatibly" in p for p in _problems(required_attr, entry))
    # ... a legacy entry naming the frozen op makes it acceptable,
    entry = {"negate": [{"version": "1.9.0", "kind": "legacy", "text": "x", "legacy_op": "negate_v1"}]}
    assert _problems(required_attr, entry) == []

    # and an optional attribute on an attribute-less op needs only a compatible entry while the
    # last release stores dictionaries (test_additions_to_ops_with_attributes_or_without_regions).
    def optional_attr(c):
        c["negate"]["attributes"].append({"name": "mode", "type": "i32", "optional": True})
    assert _problems(optional_attr)
    assert _problems(optional_attr, {"negate": [{"version": "1.9.0", "kind": "compatible", "text": "x"}]},
                     {**PINS, "1.8.0": 4}) == []

    # Element types added to a value's list (1.3.0's `index`) are compatible with an entry;
    # taking one away never is.
    def widened(c):
        c["add"]["operands"][0]["element"] = c["add"]["operands"][0]["element"] + ["index"]
    assert any("element types widened" in p for p in _problems(widened))
    assert _problems(widened, {"add": [{"version": "1.9.0", "kind": "compatible", "text": "x"}]}) == []

    def narrowed(c):
        c["dynamic_iota"]["operands"][0]["element"] = ["integer"]
    assert any("op dynamic_iota changed incompatibly" in p
               for p in _problems(narrowed, {"dynamic_iota": [{"version": "1.9.0", "kind": "compatible", "text": "x"}]}))


def test_released_history_is_checked_too():
    releases = {v: speclib.load_snapshot(v) for v in speclib.release_versions()}
    releases["1.1.0"] = copy.deepcopy(releases["1.1.0"])
    releases["1.1.0"]["erf"]["since"] = "1.0.0"
    problems = compat.spec_problems(speclib.spec_signatures(), releases, {}, PINS)
    assert any("release 1.1.0: op erf is new after release 1.0.0" in p for p in problems)
    assert any("release 1.1.0: op exponential changed" in p for p in problems)  # no changes: entry given


def _an_artifact(version="1.0.0"):
    return (GOLDEN / version / "add.integers.shlo").read_bytes() if (GOLDEN / version / "add.integers.shlo").exists() \
        else sorted((GOLDEN / version).glob("add.*.shlo"))[0].read_bytes()


def test_future_artifact_is_rejected():
    data = _rewrap(_an_artifact("1.8.0"), version=(1, 9, 0))
    with pytest.raises(shlo.DeserializationError, match=r"targets shlo 1\.9\.0, newer than this reader"):
        shlo.deserialize(data)
    data = _rewrap(_an_artifact("1.2.0"), version=(2, 0, 0))
    with pytest.raises(shlo.DeserializationError, match="newer than this reader"):
        shlo.deserialize(data)


def test_artifact_below_minimum_is_rejected():
    data = _rewrap(_an_artifact("1.0.0"), version=(0, 9, 0))
    with pytest.raises(shlo.DeserializationError, match=r"0\.9\.0, older than the oldest version"):
        shlo.deserialize(data)


def test_unreleased_version_and_wrong_bytecode_version_are_rejected():
    with pytest.raises(shlo.DeserializationError, match="never released"):
        shlo.deserialize(_rewrap(_an_artifact(), version=(1, 0, 7)))
    with pytest.raises(shlo.DeserializationError, match="bytecode version 6"):
        shlo.deserialize(_rewrap(_an_artifact(), bc=6))
    payload = envelope.payload_of(_an_artifact("1.2.0"))   # format 2: the version varint is the payload's
    assert payload[4] == 0x09                              # 4, as MLIR's prefix varint
    with pytest.raises(shlo.DeserializationError, match="bytecode version 6"):
        shlo.deserialize(envelope.wrap((1, 2, 0), 6, payload[:4] + b"\x0d" + payload[5:], 2))


def test_check_compat_cli_on_the_goldens(tmp_path):
    from shlo.tools import opt
    sample = tmp_path / "goldens"
    for version in speclib.release_versions():
        (sample / version).mkdir(parents=True)
        for p in ARTIFACTS[::40 if FULL else 160]:
            (sample / version / p.name).write_bytes(p.read_bytes())
    assert opt.main(["--check-compat", str(sample)]) == 0
    bad = tmp_path / "bad.shlo"
    bad.write_bytes(_an_artifact()[:-3])
    good = tmp_path / "good.shlo"
    good.write_bytes(_an_artifact())
    assert opt.main(["--check-compat", str(tmp_path)]) == 1
    assert opt.main(["--check-compat", str(good)]) == 0
