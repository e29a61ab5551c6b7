// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[3, -2, 1, 5], [9, -6, 7, -9], [3, 7, -2, 6]], [[-5, 2, 1, -8], [-1, -4, -8, 1], [-9, 6, 1, 1]]]> : tensor<2x3x4xi64>} : () -> tensor<2x3x4xi64>
  %c2 = shlo.constant {value = dense<9223372036854775807> : tensor<i64>} : () -> tensor<i64>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "shlo.minimum"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "shlo.return"(%s0) : (tensor<i64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 2>} : (tensor<2x3x4xi64>, tensor<i64>) -> tensor<3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-8, -9, -9]> : tensor<3xi64>}} : (tensor<3xi64>) -> ()
  func.return
}
