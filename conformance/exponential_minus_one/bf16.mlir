// exponential_minus_one: oracle jax.lax (expm1)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.492190e-01, 6.875000e-01, -2.382810e-01], [8.828120e-01, 3.164060e-01, 8.085930e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v2 = "shlo.exponential_minus_one"(%c1) : (tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5.664060e-01, 9.882810e-01, -2.119140e-01], [1.414060e+00, 3.730470e-01, 1.242190e+00]]> : tensor<2x3xbf16>, rtol = 1.000e-02 : f64, atol = 1.000e-03 : f64}} : (tensor<2x3xbf16>) -> ()
  func.return
}
