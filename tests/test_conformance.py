"""Runs the conformance suite (conformance/<op>/<case>.mlir, made by tools/gen_conformance.py).

Each program checks itself against expected values computed by an independent
oracle (JAX on CPU / numpy) through `check.*` custom_calls; running it through
the interpreter must not raise. These tests do not need JAX.
"""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import shlo

ROOT = Path(__file__).resolve().parent.parent
SUITE = ROOT / "conformance"
OP_DIRS = sorted(p for p in SUITE.iterdir() if p.is_dir()) if SUITE.is_dir() else []


def test_suite_present():
    programs = list(SUITE.rglob("*.mlir"))
    assert len(programs) >= 300, f"conformance/ holds only {len(programs)} programs"
    assert len(OP_DIRS) >= 80


@pytest.mark.parametrize("op_dir", OP_DIRS, ids=[p.name for p in OP_DIRS])
def test_conformance_op(op_dir):
    failures = []
    files = sorted(op_dir.glob("*.mlir"))
    assert files
    for f in files:
        try:
            shlo.interpret(shlo.parse(f.read_text(), name=str(f)))
        except shlo.ShloError as ex:
            failures.append(f"{f.relative_to(SUITE)}: {str(ex)[:600]}")
    assert not failures, f"{len(failures)} of {len(files)} programs failed:\n" + "\n".join(failures)


BROKEN = """func.func @main() {
  %a = shlo.constant {value = dense<[1, 2, 3]> : tensor<3xi32>} : () -> tensor<3xi32>
  %b = "shlo.add"(%a, %a) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32>
  "shlo.custom_call"(%b) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2, 4, 777]> : tensor<3xi32>}} : (tensor<3xi32>) -> ()
  func.return
}
"""

BROKEN_CLOSE = """func.func @main() {
  %a = shlo.constant {value = dense<[1.0, 2.0]> : tensor<2xf32>} : () -> tensor<2xf32>
  %b = "shlo.exponential"(%a) : (tensor<2xf32>) -> tensor<2xf32>
  "shlo.custom_call"(%b) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2.718282, 7.5]> : tensor<2xf32>, rtol = 1.0e-05 : f64, atol = 0.0 : f64}} : (tensor<2xf32>) -> ()
  func.return
}
"""


def test_broken_expectation_fails_with_both_values():
    with pytest.raises(shlo.InterpreterError) as info:
        shlo.interpret(shlo.parse(BROKEN))
    msg = str(info.value)
    assert "777" in msg and "6" in msg


def test_broken_close_expectation_fails():
    with pytest.raises(shlo.InterpreterError) as info:
        shlo.interpret(shlo.parse(BROKEN_CLOSE))
    msg = str(info.value)
    assert "7.5" in msg and "7.389" in msg


def _translate():
    exe = Path(sys.executable).with_name("shlo-translate")
    if exe.exists():
        return [str(exe)]
    found = shutil.which("shlo-translate")
    if found:
        return [found]
    return [sys.executable, "-m", "shlo.tools.translate"]


def test_translate_exit_status(tmp_path):
    passing = sorted((SUITE / "add").glob("*.mlir"))[0]
    ok = subprocess.run(_translate() + ["--interpret", str(passing)], capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    bad = tmp_path / "broken.mlir"
    bad.write_text(BROKEN)
    fail = subprocess.run(_translate() + ["--interpret", str(bad)], capture_output=True, text=True, timeout=120)
    assert fail.returncode == 1
    assert "777" in fail.stderr
