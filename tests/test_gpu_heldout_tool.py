"""tools/stablehlo_testdata_gpu.py, the held-out programs on the GPU back end without a GPU: it
must count PTX (both arches assembled) and the mapped form's checks apart, tell wrong values from
refusals, run a wrong-values program through the CPU back end, and save only passing artifacts."""
import numpy as np
import pytest

import stablehlo_testdata_gpu as tool
from shlo.lowering.gpu.ptxas import ptxas_path

pytestmark = pytest.mark.skipif(ptxas_path() is None, reason="ptxas (CUDA toolkit) is not on the PATH")


def _program(expected: str) -> str:
    return f"""
func.func public @main() -> tensor<3xf32> {{
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0.5, 0.25, 0.125]> : tensor<3xf32>
  %s = stablehlo.add %a, %b : tensor<3xf32>
  %e = stablehlo.constant dense<{expected}> : tensor<3xf32>
  stablehlo.custom_call @check.expect_close(%s, %e) {{has_side_effect = true}} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %s : tensor<3xf32>
}}
"""


RIGHT = _program("[1.5, 2.25, 3.125]")
WRONG = _program("[1.5, 2.25, 3.5]")


def test_passing_program_is_saved_with_its_expected_values(tmp_path):
    r = tool.check_program(RIGHT, tmp_path / "right")
    assert r["ptx"] is None and r["mapped"] is None, r
    files = {p.name for p in (tmp_path / "right").iterdir()}
    assert {"plan.json", "kernels.cubin", "inputs.npz", "expected.npz", "tolerance.json"} <= files
    with np.load(tmp_path / "right" / "expected.npz") as z:
        assert any(np.array_equal(z[k], np.float32([1.5, 2.25, 3.125])) for k in z.files)


def test_wrong_values_are_told_apart_and_not_saved(tmp_path):
    r = tool.check_program(WRONG, tmp_path / "wrong")
    assert r["ptx"] is None, r                     # the PTX is fine: only the values are off
    assert r["mapped_kind"] == "wrong values", r
    assert r["cpu"] == "CPU compiled fails too (wrong values)", r
    assert not (tmp_path / "wrong").exists()


def test_a_program_that_does_not_import_fails_both_checks():
    r = tool.check_program("func.func @main() -> tensor<2xf32> { return %x : tensor<2xf32> }")
    assert r["ptx"] and r["mapped"] and r["ptx_kind"].startswith("import: "), r


def test_main_prints_the_totals(tmp_path, capsys):
    d = tmp_path / "progs"
    d.mkdir()
    (d / "right.mlir").write_text(RIGHT)
    (d / "wrong.mlir").write_text(WRONG)
    assert tool.main(["--run", str(d), "--save", str(tmp_path / "out")]) == 1
    out = capsys.readouterr().out
    assert "PTX assembled for sm_80 and sm_90: 2/2 programs" in out
    assert "mapped form on the CPU passes the checks (XLA's values): 1/2 programs" in out
    assert "mapped: wrong values; CPU compiled fails too (wrong values): 1" in out
    assert sorted(p.name for p in (tmp_path / "out").iterdir()) == ["right"]
