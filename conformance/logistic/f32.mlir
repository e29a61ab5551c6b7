// logistic: oracle jax.lax (logistic)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6.38271236, 1.22261631, -2.61105728], [-0.124375746, -7.44587755, -2.1507206]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.logistic"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.00168767839, 0.772523642, 0.0684301704], [0.468946099, 5.83502813E-4, 0.104263902]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
