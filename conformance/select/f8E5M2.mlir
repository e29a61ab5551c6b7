// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, false], [true, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[-6.250000e-01, -6.000000e+00, -1.250000e+00], [7.000000e+00, 4.000000e+00, 8.750000e-01]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %c3 = shlo.constant {value = dense<[[-1.500000e+00, -2.000000e+00, -6.250000e-01], [-1.500000e+00, 4.000000e+00, -6.000000e+00]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xf8E5M2>, tensor<2x3xf8E5M2>) -> tensor<2x3xf8E5M2>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.500000e+00, -6.000000e+00, -6.250000e-01], [7.000000e+00, 4.000000e+00, 8.750000e-01]]> : tensor<2x3xf8E5M2>}} : (tensor<2x3xf8E5M2>) -> ()
  func.return
}
