// cholesky: oracle jax.lax.linalg.cholesky; only the selected triangle is compared (other is unspecified)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.75564694, 0.154480457, 0.265554965], [0.154480457, 3.73899412, 0.295602679], [0.265554965, 0.295602679, 3.38600707]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v2 = "shlo.cholesky"(%c1) {lower = true} : (tensor<3x3xf32>) -> tensor<3x3xf32>
  %c3 = shlo.constant {value = dense<[[true, false, false], [true, true, false], [true, true, true]]> : tensor<3x3xi1>} : () -> tensor<3x3xi1>
  %c4 = shlo.constant {value = dense<0.000000e+00> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %v5 = "shlo.select"(%c3, %v2, %c4) : (tensor<3x3xi1>, tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.93794918, 0.000000e+00, 0.000000e+00], [0.0797133669, 1.93200409, 0.000000e+00], [0.137028858, 0.147349402, 1.82907581]]> : tensor<3x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x3xf32>) -> ()
  func.return
}
