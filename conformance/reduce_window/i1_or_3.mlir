// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, false, false, false, true], [true, true, true, true, false], [true, true, true, true, false], [true, true, true, true, true]]> : tensor<4x5xi1>} : () -> tensor<4x5xi1>
  %c2 = shlo.constant {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<i1>, %b0: tensor<i1>):
    %s0 = "shlo.or"(%a0, %b0) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "shlo.return"(%s0) : (tensor<i1>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 2, 2>, padding = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64>} : (tensor<4x5xi1>, tensor<i1>) -> tensor<3x4xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, true, true, true], [true, true, true, true], [true, true, true, true]]> : tensor<3x4xi1>}} : (tensor<3x4xi1>) -> ()
  func.return
}
