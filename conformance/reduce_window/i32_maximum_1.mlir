// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7, 1, 4, 0, 9], [0, 6, 0, -6, -5], [-2, 7, -9, -9, -5], [-3, 9, 5, -7, 5]]> : tensor<4x5xi32>} : () -> tensor<4x5xi32>
  %c2 = shlo.constant {value = dense<-2147483648> : tensor<i32>} : () -> tensor<i32>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<i32>, %b0: tensor<i32>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
    "shlo.return"(%s0) : (tensor<i32>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[1, 0], [0, 2]]> : tensor<2x2xi64>} : (tensor<4x5xi32>, tensor<i32>) -> tensor<2x5xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[7, 4, 9, 9, 9], [7, 7, 0, -5, -5]]> : tensor<2x5xi32>}} : (tensor<2x5xi32>) -> ()
  func.return
}
