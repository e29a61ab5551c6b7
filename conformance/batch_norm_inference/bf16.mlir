// batch_norm_inference: oracle numpy float64 (no lax op)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-5.820310e-01, 4.218750e+00, 3.921880e+00, 3.562500e+00], [-2.812500e+00, 3.562500e+00, -2.156250e+00, 8.281250e-01]], [[5.625000e-01, 2.125000e+00, 1.210940e+00, -1.234380e+00], [-3.312500e+00, -1.343750e+00, 2.593750e+00, 1.250000e+00]], [[-1.843750e+00, -3.921880e+00, -8.789060e-02, -3.925780e-01], [-3.093750e+00, 1.109380e+00, 5.039060e-01, 9.375000e-01]]]> : tensor<3x2x4xbf16>} : () -> tensor<3x2x4xbf16>
  %c2 = shlo.constant {value = dense<[3.984380e+00, 3.718750e+00]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %c3 = shlo.constant {value = dense<[4.937500e+00, 6.406250e-01]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %c4 = shlo.constant {value = dense<[-2.578130e+00, -1.906250e+00]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %c5 = shlo.constant {value = dense<[8.085930e-01, 6.640630e-01]> : tensor<2xbf16>} : () -> tensor<2xbf16>
  %v6 = "shlo.batch_norm_inference"(%c1, %c2, %c3, %c4, %c5) {epsilon = 0.25 : f32, feature_index = 1 : i64} : (tensor<3x2x4xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>, tensor<2xbf16>) -> tensor<3x2x4xbf16>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[1.268750e+01, 3.125000e+01, 3.012500e+01, 2.875000e+01], [-2.890630e+00, 2.187500e+01, -3.320310e-01, 1.125000e+01]], [[1.712500e+01, 2.312500e+01, 1.962500e+01, 1.012500e+01], [-4.843750e+00, 2.828130e+00, 1.812500e+01, 1.293750e+01]], [[7.781250e+00, -2.656250e-01, 1.456250e+01, 1.337500e+01], [-3.984380e+00, 1.237500e+01, 1.000000e+01, 1.168750e+01]]]> : tensor<3x2x4xbf16>, rtol = 3.000e-02 : f64, atol = 3.000e-02 : f64}} : (tensor<3x2x4xbf16>) -> ()
  func.return
}
