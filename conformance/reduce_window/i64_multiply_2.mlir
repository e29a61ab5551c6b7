// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3, 6, -1, -9, -1], [-7, 3, -3, -5, -8], [-2, 6, 9, -2, 5], [8, -7, 3, -6, 5]]> : tensor<4x5xi64>} : () -> tensor<4x5xi64>
  %c2 = shlo.constant {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<i64>, %b0: tensor<i64>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<i64>, tensor<i64>) -> tensor<i64>
    "shlo.return"(%s0) : (tensor<i64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 3, 2>, window_strides = array<i64: 1, 2>, base_dilations = array<i64: 2, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [1, 1]]> : tensor<2x2xi64>} : (tensor<4x5xi64>, tensor<i64>) -> tensor<5x3xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-21, 54, 360], [-7, -9, 40], [14, -486, -400], [-2, 54, -10], [-16, -1134, 300]]> : tensor<5x3xi64>}} : (tensor<5x3xi64>) -> ()
  func.return
}
