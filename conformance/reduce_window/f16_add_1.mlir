// reduce_window: oracle jax.lax.reduce_window
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8.441160e-02, -7.319330e-01, -5.034180e-01, 4.499510e-01, -4.694820e-01], [-7.519530e-01, 6.235350e-01, -2.257080e-01, -2.951660e-01, -7.625580e-03], [6.347650e-01, -5.537110e-01, 8.208000e-01, 8.374020e-01, -2.971190e-01], [-1.932370e-01, 3.823240e-01, -6.230460e-01, 7.255860e-01, 4.707030e-01]]> : tensor<4x5xf16>} : () -> tensor<4x5xf16>
  %c2 = shlo.constant {value = dense<0.000000e+00> : tensor<f16>} : () -> tensor<f16>
  %v3 = "shlo.reduce_window"(%c1, %c2) ({
  ^bb0(%a0: tensor<f16>, %b0: tensor<f16>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<f16>, tensor<f16>) -> tensor<f16>
    "shlo.return"(%s0) : (tensor<f16>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1>, window_dimensions = array<i64: 2, 3>, window_strides = array<i64: 2, 1>, base_dilations = array<i64: 1, 1>, window_dilations = array<i64: 1, 1>, padding = dense<[[1, 0], [0, 2]]> : tensor<2x2xi64>} : (tensor<4x5xf16>, tensor<f16>) -> tensor<2x5xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.150390e+00, -7.851560e-01, -5.229490e-01, -1.953130e-02, -4.694820e-01], [5.478520e-01, 1.207030e+00, 8.320310e-01, 2.375490e-01, -3.046880e-01]]> : tensor<2x5xf16>, rtol = 4.000e-03 : f64, atol = 4.000e-03 : f64}} : (tensor<2x5xf16>) -> ()
  func.return
}
