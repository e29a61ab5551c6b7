// atan2: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-2.296880e+00, -1.953130e+00, -6.250000e+00], [4.804690e-01, -2.968750e+00, -9.648430e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[3.320310e-01, -1.390630e+00, -9.882810e-01], [5.500000e+00, -6.953130e-01, 4.281250e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.atan2"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.429690e+00, -2.187500e+00, -1.726560e+00], [8.691400e-02, -1.804690e+00, -2.216800e-01]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
