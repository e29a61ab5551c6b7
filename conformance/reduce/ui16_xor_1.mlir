// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[6, 1, 2, 0], [4, 0, 4, 0], [2, 4, 5, 1]], [[5, 1, 9, 7], [5, 0, 0, 3], [9, 2, 8, 2]]]> : tensor<2x3x4xui16>} : () -> tensor<2x3x4xui16>
  %c2 = shlo.constant {value = dense<0> : tensor<ui16>} : () -> tensor<ui16>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<ui16>, %b0: tensor<ui16>):
    %s0 = "shlo.xor"(%a0, %b0) : (tensor<ui16>, tensor<ui16>) -> tensor<ui16>
    "shlo.return"(%s0) : (tensor<ui16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 1>} : (tensor<2x3x4xui16>, tensor<ui16>) -> tensor<2x4xui16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0, 5, 3, 1], [9, 3, 1, 6]]> : tensor<2x4xui16>}} : (tensor<2x4xui16>) -> ()
  func.return
}
