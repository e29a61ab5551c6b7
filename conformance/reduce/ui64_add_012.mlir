// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[2, 0, 0, 9], [2, 0, 2, 8], [4, 5, 4, 7]], [[2, 7, 7, 8], [2, 0, 0, 5], [8, 0, 9, 9]]]> : tensor<2x3x4xui64>} : () -> tensor<2x3x4xui64>
  %c2 = shlo.constant {value = dense<0> : tensor<ui64>} : () -> tensor<ui64>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<ui64>, %b0: tensor<ui64>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<ui64>, tensor<ui64>) -> tensor<ui64>
    "shlo.return"(%s0) : (tensor<ui64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xui64>, tensor<ui64>) -> tensor<ui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<100> : tensor<ui64>}} : (tensor<ui64>) -> ()
  func.return
}
