// atan2: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.934570e-01, -3.958980e+00, 5.156250e-01], [1.628910e+00, 1.630860e+00, 8.945310e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[-6.381840e-01, -2.015630e+00, 5.942380e-01], [2.968750e+00, 1.069530e+01, -1.064450e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.atan2"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.710940e+00, -2.041020e+00, 7.148430e-01], [5.019530e-01, 1.513670e-01, 2.443360e+00]]> : tensor<2x3xf16>, rtol = 2.000e-03 : f64, atol = 1.000e-04 : f64}} : (tensor<2x3xf16>) -> ()
  func.return
}
