// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8.441160e-02, -7.319330e-01, -5.034180e-01, 4.499510e-01, -4.694820e-01], [-7.519530e-01, 6.235350e-01, -2.257080e-01, -2.951660e-01, -7.625580e-03], [6.347650e-01, -5.537110e-01, 8.208000e-01, 8.374020e-01, -2.971190e-01], [-1.932370e-01, 3.823240e-01, -6.230460e-01, 7.255860e-01, 4.707030e-01]]> : tensor<4x5xf16>} : () -> tensor<4x5xf16>
  %c2 = shlo.constant {value = dense<0x7C00> : tensor<f16>} : () -> tensor<f16>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<f16>, %b0: tensor<f16>):
    %s0 = "shlo.minimum"(%a0, %b0) : (tensor<f16>, tensor<f16>) -> tensor<f16>
    "shlo.return"(%s0) : (tensor<f16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 2, 2>, window_strides = array<i64: 1, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<0> : tensor<2x2xi64>} : (tensor<4x5xf16>, tensor<f16>) -> tensor<3x4xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-7.519530e-01, -7.319330e-01, -5.034180e-01, -4.694820e-01], [-7.519530e-01, -5.537110e-01, -2.951660e-01, -2.971190e-01], [-5.537110e-01, -6.230460e-01, -6.230460e-01, -2.971190e-01]]> : tensor<3x4xf16>}} : (tensor<3x4xf16>) -> ()
  func.return
}
