// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.750000e+00, 6.250000e-01, 1.250000e+00], [8.000000e+00, 2.500000e+00, -3.000000e+00]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %c2 = shlo.constant {value = dense<[[3.000000e+00, -5.000000e+00, 3.000000e+00], [-5.000000e+00, 1.500000e+00, 5.000000e+00]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xf8E5M2>, tensor<2x3xf8E5M2>) -> tensor<2x3xf8E5M2>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[5.000000e+00, -4.000000e+00, 4.000000e+00], [3.000000e+00, 4.000000e+00, 2.000000e+00]]> : tensor<2x3xf8E5M2>}} : (tensor<2x3xf8E5M2>) -> ()
  func.return
}
