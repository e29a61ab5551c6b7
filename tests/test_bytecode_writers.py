"""Every bytecode-writing path refuses a program MLIR's writer would abort on.

An unverified program can hold an op without a required attribute; from
bytecode version 5 on, MLIR's writer dereferences it and aborts the process.
serialize(), Program.bytecode(), parse(Program) and `shlo-opt --emit-bytecode`
must give a ShloError naming the op and the attribute instead.
"""
import os
import subprocess
import sys

import pytest

import shlo

SHLO_OPT = os.path.join(os.path.dirname(sys.executable), "shlo-opt")

LACKING = """func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "shlo.reduce_precision"(%a) {mantissa_bits = 10 : i32} : (tensor<2xf32>) -> tensor<2xf32>
  func.return %0 : tensor<2xf32>
}"""

NAMED = r"shlo\.reduce_precision .*required attribute exponent_bits is absent"


def _lacking():
    return shlo.parse(LACKING, verify=False)


@pytest.mark.parametrize("version", [None, 5, 6])
def test_program_bytecode_refuses_an_op_lacking_a_required_attribute(version):
    with pytest.raises(shlo.SerializationError, match=NAMED) as e:
        _lacking().bytecode(desired_version=version)
    assert 'loc("<input>":2:8)' in str(e.value)


def test_bytecode_4_still_writes_it():
    """Version 4 keeps attributes in a dictionary, which can leave one out."""
    data = _lacking().bytecode(desired_version=4)
    again = shlo.parse(data, verify=False)
    assert "mantissa_bits = 10" in again.text() and "exponent_bits" not in again.text()


def test_serialize_refuses_it_for_releases_on_bytecode_6():
    with pytest.raises(shlo.SerializationError, match=r"for shlo 1\.8\.0: its required attribute exponent_bits"):
        shlo.serialize(_lacking(), target_version="1.8.0")


def test_parse_of_such_a_program_reports_the_constraint():
    """parse(Program) copies through bytecode; for this program it copies through generic text,
    keeping locations, and verification then names the spec's constraint."""
    with pytest.raises(shlo.VerificationError, match="reduce_precision.A1") as e:
        shlo.parse(_lacking())
    assert e.value.constraint == "reduce_precision.A1"
    assert '"<input>":2:8' in str(e.value)
    copy = shlo.parse(_lacking(), verify=False)
    assert "exponent_bits" not in copy.text() and "mantissa_bits = 10" in copy.text()


def test_valid_programs_still_write_newest_bytecode():
    prog = shlo.parse(LACKING.replace("mantissa_bits = 10 : i32", "exponent_bits = 5 : i32, mantissa_bits = 10 : i32"))
    assert shlo.parse(prog.bytecode()).text() == prog.text()
    assert shlo.parse(prog).text() == prog.text()


def test_shlo_opt_emit_bytecode_refuses_it(tmp_path):
    src = tmp_path / "in.mlir"
    src.write_text(LACKING)
    out = tmp_path / "out.mlirbc"
    r = subprocess.run([SHLO_OPT, str(src), "--no-verify", "--emit-bytecode", "-o", str(out)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 1, r.stderr
    assert r.stderr.startswith("shlo-opt: error: ")
    assert "cannot write shlo.reduce_precision" in r.stderr and "exponent_bits is absent" in r.stderr
    assert "Assertion" not in r.stderr and not out.exists()
    # text output of the same unverified program is still fine
    r = subprocess.run([SHLO_OPT, str(src), "--no-verify", "--generic"], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and "shlo.reduce_precision" in r.stdout
