// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[4, 2, 5, 6], [5, 8, 8, 0], [4, 7, 9, 4]], [[2, 5, 5, 6], [2, 0, 4, 2], [3, 2, 4, 1]]]> : tensor<2x3x4xui32>} : () -> tensor<2x3x4xui32>
  %c2 = shlo.constant {value = dense<4294967295> : tensor<ui32>} : () -> tensor<ui32>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<ui32>, %b0: tensor<ui32>):
    %s0 = "shlo.minimum"(%a0, %b0) : (tensor<ui32>, tensor<ui32>) -> tensor<ui32>
    "shlo.return"(%s0) : (tensor<ui32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xui32>, tensor<ui32>) -> tensor<ui32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0> : tensor<ui32>}} : (tensor<ui32>) -> ()
  func.return
}
