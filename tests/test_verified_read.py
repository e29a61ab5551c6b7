"""The verified read's fast path (`shlo.verify.native.verify_read`, used by
`shlo.deserialize`): the spec's C++ checks on each distinct op signature, the
Python verifier for what they flag or cannot judge. An artifact is rejected
with the same error class, constraint id and message as by the Python verifier
alone (SHLO_VERIFY_NATIVE=0), and the C++ checks find the same first id."""
import os

import pytest

import shlo
import speclib
from shlo import _shlo_ext
from shlo.verify import engine, native

OPS = speclib.load_ops()
# The default run reads every other invalid program of each op (all of them with SHLO_FULL_TESTS=1):
# each goes through the Python verifier twice, a third of this file's time.
FULL = bool(os.environ.get("SHLO_FULL_TESTS"))


def _read(data: bytes, monkeypatch, fast: bool):
    """(error class, message) of a verified read, or None when it is accepted."""
    monkeypatch.setenv("SHLO_VERIFY_NATIVE", "1" if fast else "0")
    engine.forget_passed_checks()   # a cold Python verifier: its memo must not hide an op
    try:
        shlo.deserialize(data)
    except shlo.ShloError as e:
        return type(e).__name__, str(e)
    return None


def _cpp_verdict(prog) -> tuple:
    """(judged, first violated constraint id or None, module holds shardings)."""
    return _shlo_ext.verify_spec_distinct(prog.module.operation, engine.unmemoizable_ops())


@pytest.mark.parametrize("op", OPS, ids=[o.name for o in OPS])
def test_invalid_artifacts_rejected_alike(op, monkeypatch):
    for bad in op.invalid if FULL else op.invalid[::2]:
        want = f"{op.name}.{bad['constraint']}"
        prog = shlo.parse(bad["program"], verify=False)
        try:
            data = shlo.serialize(prog)
        except shlo.SerializationError:   # a required attribute absent: 1.7.0's dictionaries can say it
            data = shlo.serialize(prog, target_version="1.7.0")
        fast, slow = _read(data, monkeypatch, True), _read(data, monkeypatch, False)
        assert fast == slow, f"{want}: fast path {fast}, Python verifier {slow}"
        assert fast is not None and fast[0] == "DeserializationError" and f"violates {want}" in fast[1], fast
        # The C++ checks themselves found it: the fast path did not accept it and leave it to chance.
        judged, cid, _ = _cpp_verdict(prog)
        assert (judged, cid) == (True, want), f"{want}: C++ gave {(judged, cid)}"


@pytest.mark.parametrize("op", OPS, ids=[o.name for o in OPS])
def test_valid_examples_read_alike(op, monkeypatch):
    for ex in op.examples:
        prog = shlo.parse(ex["program"], verify=False)
        data = shlo.serialize(prog)
        assert _read(data, monkeypatch, True) == _read(data, monkeypatch, False), ex.get("name")


def test_repeated_ops_checked_once_but_each_violation_reported():
    # Two identical bad ops and one good one: the C++ side stops at the first, the
    # Python verifier then reports every violating op, as it always did.
    text = """
    func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) {
      %0 = "shlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
      %1 = "shlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
      %2 = "shlo.add"(%a, %a) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32>
      func.return %0, %1, %2 : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>
    }"""
    prog = shlo.parse(text, verify=False)
    assert _cpp_verdict(prog) == (True, "add.C1", False)
    errors = native.verify_read(prog.module.operation)
    assert [e.constraint for e in errors] == ["add.C1", "add.C1"]
    with pytest.raises(shlo.DeserializationError, match=r"violates add\.C1.*\(and 1 more\)"):
        shlo.deserialize(shlo.serialize(prog))


def test_sharding_rules_still_checked_on_the_fast_path(monkeypatch):
    # sharding.C1 is a module-level rule of the Python verifier; the C++ side judges the ops valid.
    text = """
    func.func @main(%a: tensor<4xf32> {shlo.sharding = #shlo.sharding<mesh = @nowhere, dims = [["x"]], open = [], priorities = [], replicated = []>}) -> tensor<4xf32> {
      %0 = shlo.add %a, %a : tensor<4xf32>
      func.return %0 : tensor<4xf32>
    }"""
    prog = shlo.parse(text, verify=False)
    assert _cpp_verdict(prog) == (True, None, True)
    data = shlo.serialize(prog)
    fast = _read(data, monkeypatch, True)
    assert fast == _read(data, monkeypatch, False)
    assert fast is not None and "sharding.C1" in fast[1]


def test_unmemoizable_ops_checked_every_time():
    # An op whose constraints look at its surroundings is checked at each occurrence.
    names = engine.unmemoizable_ops()
    assert "shlo.composite" in names and all(n.startswith("shlo.") for n in names)


def test_op_shardings_checked_when_the_module_has_a_mesh(monkeypatch):
    # sharding.C5 (one sharding per result) on an op: the Python rules run because of the mesh.
    sharding = '#shlo.sharding<mesh = @mesh, dims = [["y"]], open = [], priorities = [], replicated = []>'
    text = """shlo.mesh @mesh {axis_names = ["x", "y"], axis_sizes = array<i64: 2, 4>}
    func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
      %0 = shlo.abs %x {shlo.shardings = [S, S]} : tensor<8xf32>
      func.return %0 : tensor<8xf32>
    }""".replace("S", sharding)
    prog = shlo.parse(text, verify=False)
    assert _cpp_verdict(prog) == (True, None, True)
    data = shlo.serialize(prog)
    fast = _read(data, monkeypatch, True)
    assert fast == _read(data, monkeypatch, False)
    assert fast is not None and "sharding.C5" in fast[1]
    # One sharding per result: accepted both ways.
    good = shlo.serialize(shlo.parse(text.replace("[S, S]".replace("S", sharding), f"[{sharding}]"), verify=False))
    assert _read(good, monkeypatch, True) is None and _read(good, monkeypatch, False) is None
