// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.500000e+00, 2.500000e+00, 1.093750e-01], [6.000000e+00, 4.000000e+00, 2.000000e+00]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %c2 = shlo.constant {value = dense<[[-5.000000e+00, 3.000000e+00, -4.000000e+00], [6.000000e+00, -1.250000e+00, 4.000000e+00]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xf8E5M2>, tensor<2x3xf8E5M2>) -> tensor<2x3xf8E5M2>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5.000000e-01, 8.750000e-01, -2.734380e-02], [1.000000e+00, -3.000000e+00, 5.000000e-01]]> : tensor<2x3xf8E5M2>}} : (tensor<2x3xf8E5M2>) -> ()
  func.return
}
