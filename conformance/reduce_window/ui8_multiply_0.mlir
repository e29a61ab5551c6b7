// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3, 6, 3, 9, 5], [1, 3, 9, 6, 4], [1, 9, 6, 3, 8], [7, 2, 5, 4, 1]]> : tensor<4x5xui8>} : () -> tensor<4x5xui8>
  %c2 = shlo.constant {value = dense<1> : tensor<ui8>} : () -> tensor<ui8>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<ui8>, %b0: tensor<ui8>):
    %s0 = "shlo.multiply"(%a0, %b0) : (tensor<ui8>, tensor<ui8>) -> tensor<ui8>
    "shlo.return"(%s0) : (tensor<ui8>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<4x5xui8>, tensor<ui8>) -> tensor<3x4xui8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[54, 230, 178, 56], [27, 178, 204, 64], [126, 28, 104, 96]]> : tensor<3x4xui8>}} : (tensor<3x4xui8>) -> ()
  func.return
}
