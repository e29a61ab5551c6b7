// cholesky: oracle jax.lax.linalg.cholesky; only the selected triangle is compared (other is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.1236387120635278, 0.59569516032591641, -0.57559225602973174], [0.59569516032591641, 3.6593693858230218, -0.15836635372589164], [-0.57559225602973174, -0.15836635372589164, 4.2978005035380011]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v2 = "shlo.cholesky"(%c1) {lower = true} : (tensor<3x3xf64>) -> tensor<3x3xf64>
  %c3 = shlo.constant {value = dense<[[true, false, false], [true, true, false], [true, true, true]]> : tensor<3x3xi1>} : () -> tensor<3x3xi1>
  %c4 = shlo.constant {value = dense<0.000000e+00> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v5 = "shlo.select"(%c3, %v2, %c4) : (tensor<3x3xi1>, tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.0306744475822627, 0.000000e+00, 0.000000e+00], [0.29334842964865976, 1.8903216881382088, 0.000000e+00], [-0.28344881017980822, -0.039790629735590513, 2.0532593555931742]]> : tensor<3x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x3xf64>) -> ()
  func.return
}
