// logistic: oracle jax.lax (logistic)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.99578691961273713, 4.1494593941406963, 1.0337799169433799], [-2.2229858701810117, -4.7752962298199453, -0.96699208140231208]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v2 = "shlo.logistic"(%c1) : (tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.7302294308274575, 0.98447198139838587, 0.7376480550388228], [0.097705256771247403, 0.0083650210011253882, 0.27548044998678028]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
