// reduce: oracle jax.lax.reduce (floating sums compared with tolerance: order is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-5, 7, 9, -1], [-7, -6, -6, 1], [7, 8, 5, -1]], [[2, -1, -9, 8], [6, -7, 1, 1], [-5, -3, -9, -1]]]> : tensor<2x3x4xi32>} : () -> tensor<2x3x4xi32>
  %c2 = shlo.constant {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %v3 = "shlo.reduce"(%c1, %c2) ({
  ^bb0(%a0: tensor<i32>, %b0: tensor<i32>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "shlo.return"(%s0) : (tensor<i32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, dimensions = array<i64: 0, 1, 2>} : (tensor<2x3x4xi32>, tensor<i32>) -> tensor<i32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-6> : tensor<i32>}} : (tensor<i32>) -> ()
  func.return
}
