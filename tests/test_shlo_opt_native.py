"""shlo-opt's native fast path (dialect/ShloOptNative.cpp, handed `FILE --verify-only`
by python/shlo_launch): the same verdict, message and exit status as the Python path,
and the Python path for whatever it declines."""
import contextlib
import io
import os
import subprocess
import sys

import pytest

import shlo
import shlo_launch
import speclib
from shlo.tools import opt
from shlo.verify import engine

TOOL = shlo_launch.native_tool()
SHLO_OPT = os.path.join(os.path.dirname(sys.executable), "shlo-opt")
OPS = speclib.load_ops()

VALID = """
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = shlo.add %x, %x : tensor<2xf32>
  func.return %0 : tensor<2xf32>
}
"""


def python_path(path, *flags):
    """(exit status, stderr) of shlo-opt's Python path, in this process."""
    engine.forget_passed_checks()
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        code = opt.main([str(path), "--verify-only", *flags])
    return code, err.getvalue()


def native(path, *flags):
    r = subprocess.run([TOOL, str(path), "--verify-only", *flags], capture_output=True, text=True, timeout=60)
    return r.returncode, r.stderr


def test_the_native_tool_is_built():
    # tools/setup.sh (pip install) builds it into shlo/_bin; without it shlo-opt is slow, not wrong.
    assert TOOL and os.access(TOOL, os.X_OK), "shlo/_bin/shlo-opt-native is missing: run tools/setup.sh"


@pytest.mark.parametrize("op", [o for o in OPS if o.invalid], ids=lambda o: o.name)
def test_negative_example_fails_with_pythons_id_and_message(op, tmp_path):
    bad = op.invalid[0]
    path = tmp_path / "bad.mlir"
    path.write_text(bad["program"])
    want = python_path(path)
    assert want[0] == 1 and f"violates {op.name}.{bad['constraint']}:" in want[1]
    got = native(path, "--delegate")
    if got == (3, ""):   # declined: only an attribute of the wrong kind, whose Python value the message quotes
        assert "must be a" in want[1] and "attribute, got" in want[1], want
        return
    assert got == want
    assert native(path) == want      # run by hand: the same


def test_valid_program_and_mlir_errors(tmp_path):
    good = tmp_path / "good.mlir"
    good.write_text(VALID)
    assert native(good) == (0, "") == python_path(good)
    # A structural error (MLIR's verifier, id `mlir`): func.return of the wrong type.
    bad = tmp_path / "bad.mlir"
    bad.write_text(VALID.replace("func.return %0 : tensor<2xf32>", "func.return %x, %0 : tensor<2xf32>, tensor<2xf32>"))
    want = python_path(bad)
    assert want[0] == 1 and want[1].rstrip().endswith("(mlir)")
    assert native(bad) == want
    # --verify-native's messages (shlo.verify.native) are matched as well.
    assert native(bad, "--verify-native") == python_path(bad, "--verify-native")


def test_every_violating_op_is_counted(tmp_path):
    text = """
    func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
      %0 = "shlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
      %1 = "shlo.add"(%b, %a) : (tensor<3xf32>, tensor<2xf32>) -> tensor<2xf32>
      func.return %0, %1 : tensor<2xf32>, tensor<2xf32>
    }"""
    path = tmp_path / "two.mlir"
    path.write_text(text)
    want = python_path(path)
    assert "(and 1 more)" in want[1]
    assert native(path) == want


def test_declines_what_only_python_reports_alike(tmp_path):
    sharded = tmp_path / "sharded.mlir"
    sharded.write_text("""
    shlo.mesh @m {axis_names = ["x"], axis_sizes = array<i64: 2>}
    func.func @main(%x: tensor<4xf32> {shlo.sharding = #shlo.sharding<mesh = @m, dims = [["y"]], open = [],
                                                                      priorities = [], replicated = []>}) -> tensor<4xf32> {
      func.return %x : tensor<4xf32>
    }""")
    assert python_path(sharded)[0] == 1 and "sharding.C2" in python_path(sharded)[1]
    assert native(sharded, "--delegate") == (3, "")
    unparsable = tmp_path / "typo.mlir"
    unparsable.write_text("func.func @main( {")
    assert native(unparsable, "--delegate") == (3, "")
    bytecode = tmp_path / "p.mlirbc"
    bytecode.write_bytes(shlo.parse(VALID).bytecode())
    assert native(bytecode, "--delegate") == (3, "")
    # Run by hand, it says why and exits 2.
    code, err = native(bytecode)
    assert code == 2 and "use shlo-opt" in err


def test_shlo_opt_hands_verify_only_runs_to_the_native_tool(tmp_path):
    path = tmp_path / "p.mlir"
    path.write_text(VALID)
    # A stand-in native tool shows which runs are handed over and what happens when it declines.
    fake = tmp_path / "fake-native"
    fake.write_text("#!/bin/sh\necho \"native $*\" >&2\nexit ${FAKE_STATUS:-0}\n")
    fake.chmod(0o755)

    def run(*args, status=0):
        env = dict(os.environ, SHLO_OPT_NATIVE=str(fake), FAKE_STATUS=str(status))
        return subprocess.run([SHLO_OPT, *args], capture_output=True, text=True, env=env, timeout=300)

    r = run(str(path), "--verify-only")
    assert r.returncode == 0 and r.stderr == f"native {path} --delegate\n"
    r = run(str(path), "--verify-only", "--verify-native", status=1)
    assert r.returncode == 1 and r.stderr == f"native {path} --verify-native --delegate\n"
    r = run(str(path), "--verify-only", status=3)      # declined: the Python path verifies
    assert r.returncode == 0 and r.stderr == f"native {path} --delegate\n"
    r = run(str(path))                                  # printing: Python only
    assert r.returncode == 0 and "native" not in r.stderr and "shlo.add" in r.stdout
    assert shlo_launch.fast_path_args(["-", "--verify-only"]) is None                      # stdin
    assert shlo_launch.fast_path_args(["a.mlir", "--verify-only", "-p", "x"]) is None
    assert shlo_launch.fast_path_args(["a.mlir", "--verify-only", "--trusted-input"]) == ["a.mlir", "--delegate"]


def test_shlo_opt_is_a_native_program():
    # dialect/ShloOptLauncher.cpp: the fast path starts no Python (a console script's start-up
    # was a fifth of the whole command's time on a 10,000-op program)
    with open(SHLO_OPT, "rb") as f:
        assert f.read(4) == b"\x7fELF"


def test_shlo_opt_fast_path_end_to_end(tmp_path):
    spec_error = """
    func.func @main(%a: tensor<2xf32>, %b: tensor<3xf32>) -> tensor<2xf32> {
      %0 = "shlo.add"(%a, %b) : (tensor<2xf32>, tensor<3xf32>) -> tensor<2xf32>
      func.return %0 : tensor<2xf32>
    }"""
    mlir_error = VALID.replace("%x, %x : tensor<2xf32>", "%x, %0 : tensor<2xf32>")   # used before defined
    for text, words in ((spec_error, "violates add.C"), (mlir_error, "does not dominate")):
        path = tmp_path / "bad.mlir"
        path.write_text(text)
        fast = subprocess.run([SHLO_OPT, str(path), "--verify-only"], capture_output=True, text=True, timeout=300)
        slow = subprocess.run([SHLO_OPT, str(path), "--verify-only"], capture_output=True, text=True, timeout=300,
                              env=dict(os.environ, SHLO_OPT_NATIVE="0"))
        assert fast.returncode == slow.returncode == 1
        assert fast.stderr == slow.stderr and words in fast.stderr


RUN_FUNC = """
  func.func @f{i}(%x: tensor<{n}xf32>) -> tensor<{n}xf32> {{
    %0 = shlo.add %x, %x : tensor<{n}xf32>
    %1 = shlo.transpose %0 {{permutation = array<i64: 0>}} : (tensor<{n}xf32>) -> tensor<{n}xf32>
    func.return %1 : tensor<{n}xf32>
  }}"""


def test_a_large_module_parsed_in_runs_says_what_one_parse_says(tmp_path):
    """Past 64 kB the tool may parse runs of functions on separate threads (SHLO_OPT_NATIVE_SPLIT=1
    forces it, =0 turns it off): the same verdicts, messages and locations either way."""
    funcs = [RUN_FUNC.format(i=i, n=i + 1) for i in range(400)]
    funcs[0] = "  // a { and a \"}\" in a comment" + funcs[0]
    good = "module {" + "".join(funcs) + "\n}\n"
    late = good[:good.index("@f350(")] + good[good.index("@f350("):].replace("array<i64: 0>", "array<i64: 1>", 1)
    both = late[:late.index("@f20(")] + late[late.index("@f20("):].replace("array<i64: 0>", "array<i64: 1>", 1)
    typo = late.replace("shlo.add %x, %x : tensor<301xf32>", "shlo.add %x, %q : tensor<301xf32>")
    cases = {"good": good, "late": late, "both": both, "typo": typo}
    for name, text in cases.items():
        path = tmp_path / f"{name}.mlir"
        path.write_text(text)
        runs = {}
        for split in ("1", "0"):
            r = subprocess.run([TOOL, str(path), "--timing"], capture_output=True, text=True, timeout=60,
                               env=dict(os.environ, SHLO_OPT_NATIVE_SPLIT=split))
            timing = [l for l in r.stderr.splitlines() if l.startswith("shlo-opt-native: ")]
            runs[split] = (r.returncode, [l for l in r.stderr.splitlines() if l not in timing])
            assert any(" runs) " in l for l in timing) == (split == "1" and name != "typo"), (name, timing)
        assert runs["1"] == runs["0"], name
    assert runs["0"][0] == 1 and "use of undeclared SSA value" in runs["0"][1][0]
