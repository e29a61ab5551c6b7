"""Shape assertions that `shlo.compile` checks before the native code runs (lowering/assertions.py):
a size the assertion reads is followed back through the ops that made the tensor (elementwise,
transpose, concatenate, gather, dynamic_gather) to sizes and shape operands, so the check does not
compute the tensor itself. ONNX's AffineGrid expanded cases need this: a Squeeze assertion reads the
size of a GatherElements result."""
from __future__ import annotations

import numpy as np
import pytest

import shlo
from shlo.interpreter.ops.control import ShapeAssertionFailure

DNUMS = ("offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], "
         "start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1")

THROUGH_GATHER = """
func.func @main(%x: tensor<5x4xf32>, %i: tensor<?x1xi64>) -> tensor<4x?xf32> {
  %g = shlo.gather %x, %i {dimension_numbers = #shlo.gather<DNUMS>, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf32>, tensor<?x1xi64>) -> tensor<?x4xf32>
  %e = shlo.exponential %g : tensor<?x4xf32>
  %t = shlo.transpose %e {permutation = array<i64: 1, 0>} : (tensor<?x4xf32>) -> tensor<4x?xf32>
  %c = shlo.concatenate %t, %t {dimension = 1 : i64} : (tensor<4x?xf32>, tensor<4x?xf32>) -> tensor<4x?xf32>
  %n = shlo.get_dimension_size %c {dimension = 1 : i64} : (tensor<4x?xf32>) -> tensor<i32>
  %two = shlo.constant {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  %p = shlo.compare %n, %two {comparison_direction = #shlo.comparison_direction<NE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  shlo.custom_call %p, %n {call_target_name = "shape_assertion", error_message = "columns {0} must not be 2", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  func.return %c : tensor<4x?xf32>
}
""".replace("DNUMS", DNUMS)


def _expected(x, i):
    t = np.exp(x[i[:, 0]]).T
    return np.concatenate([t, t], axis=1)


def test_assertion_reads_a_gather_result_size_from_its_indices():
    prog = shlo.parse(THROUGH_GATHER)
    compiled = shlo.compile(prog)       # a CompileError before: the assertion needed the gather
    x = np.arange(20, dtype=np.float32).reshape(5, 4) / 10
    i = np.array([[4], [0], [2]], np.int64)
    np.testing.assert_allclose(compiled(x, i)[0], _expected(x, i), rtol=1e-6)
    with pytest.raises(shlo.ShloError, match="columns 2 must not be 2"):
        compiled(x, i[:1])
    with pytest.raises(ShapeAssertionFailure, match="columns 2 must not be 2"):
        shlo.interpret(prog, x, i[:1])


THROUGH_DYNAMIC_GATHER = """
func.func @main(%x: tensor<?x?xf32>, %i: tensor<1xi64>, %s: tensor<2xi64>) -> tensor<?x?xf32> {
  %g = shlo.dynamic_gather %x, %i, %s {dimension_numbers = #shlo.gather<offset_dims = [0, 1], collapsed_slice_dims = [], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 0>} : (tensor<?x?xf32>, tensor<1xi64>, tensor<2xi64>) -> tensor<?x?xf32>
  %n = shlo.get_dimension_size %g {dimension = 1 : i64} : (tensor<?x?xf32>) -> tensor<i32>
  %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %p = shlo.compare %n, %one {comparison_direction = #shlo.comparison_direction<NE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  shlo.custom_call %p, %n {call_target_name = "shape_assertion", error_message = "width {0} must not be 1", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  func.return %g : tensor<?x?xf32>
}
"""


def test_assertion_reads_a_dynamic_gather_result_size_from_its_slice_sizes():
    prog = shlo.parse(THROUGH_DYNAMIC_GATHER)
    compiled = shlo.compile(prog)
    x = np.arange(12, dtype=np.float32).reshape(4, 3)
    np.testing.assert_array_equal(compiled(x, np.array([1]), np.array([2, 3]))[0], x[1:3])
    with pytest.raises(shlo.ShloError, match="width 1 must not be 1"):
        compiled(x, np.array([1]), np.array([2, 1]))


BITCAST_TO_A_WIDER_TYPE = """
func.func @main(%x: tensor<?x2xi32>) -> tensor<?xi64> {
  %b = shlo.bitcast_convert %x : (tensor<?x2xi32>) -> tensor<?xi64>
  %n = shlo.get_dimension_size %b {dimension = 0 : i64} : (tensor<?xi64>) -> tensor<i32>
  %one = shlo.constant {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %p = shlo.compare %n, %one {comparison_direction = #shlo.comparison_direction<NE>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
  shlo.custom_call %p, %n {call_target_name = "shape_assertion", error_message = "n {0}", has_side_effect = true} : (tensor<i1>, tensor<i32>) -> ()
  func.return %b : tensor<?xi64>
}
"""


def test_a_size_not_read_through_a_rank_changing_bitcast_is_refused_clearly():
    """bitcast_convert between widths has no operand of the result's rank: the size is not read
    through it (an IndexError once), and the assertion is refused as before."""
    with pytest.raises(shlo.CompileError, match="depends on shlo.bitcast_convert"):
        shlo.compile(shlo.parse(BITCAST_TO_A_WIDER_TYPE))
