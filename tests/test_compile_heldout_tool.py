"""tools/stablehlo_testdata_compiled.py's per-failure comparison, which tells a lowering bug from
a rounding difference on the held-out programs: it must see every check of both runs (not stop at
the first failure), count the elements outside each, and put the real check targets back."""
import numpy as np
import pytest

import shlo
import stablehlo_testdata_compiled as tool
from shlo.interpreter.ops.control import CheckFailure

PROGRAM = """
func.func public @main() -> tensor<3xf32> {
  %a = stablehlo.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %b = stablehlo.constant dense<[0.5, 0.25, 0.125]> : tensor<3xf32>
  %s = stablehlo.add %a, %b : tensor<3xf32>
  %wrong = stablehlo.constant dense<[1.5, 2.25, 3.5]> : tensor<3xf32>
  %right = stablehlo.constant dense<[1.5, 2.25, 3.125]> : tensor<3xf32>
  stablehlo.custom_call @check.expect_close(%s, %wrong) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  stablehlo.custom_call @check.expect_close(%s, %right) {has_side_effect = true} : (tensor<3xf32>, tensor<3xf32>) -> ()
  return %s : tensor<3xf32>
}
"""


def test_explain_counts_every_check_and_restores_the_targets():
    exact = np.array([1.5, 2.25, 3.125])
    lines = tool.explain(PROGRAM, reference=[exact, exact])
    assert len(lines) == 2, lines
    assert "bit for bit: yes (0 of 3 differ)" in lines[0]
    assert "outside the check: compiled 1, interpreted 1" in lines[0]
    assert "outside the check: compiled 0, interpreted 0" in lines[1]
    # the reference: compiled exact; the "XLA" (expected) values of the first check 0.375 off at 3.125
    assert "compiled 0.00 / 0.000" in lines[0]
    assert f"XLA {0.375 / float(np.spacing(np.float32(3.125))):.2f} /" in lines[0]
    with pytest.raises(CheckFailure, match="1 of 3 elements differ"):
        shlo.interpret(shlo.from_stablehlo(PROGRAM))
