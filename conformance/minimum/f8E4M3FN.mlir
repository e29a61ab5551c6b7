// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.125000e-01, 4.000000e+00, -4.500000e+00], [2.250000e+00, 4.500000e+00, 5.000000e-01]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %c2 = shlo.constant {value = dense<[[1.000000e+00, -1.125000e+00, -2.000000e+00], [-3.250000e+00, 3.250000e+00, 5.500000e+00]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xf8E4M3FN>, tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.125000e-01, -1.125000e+00, -4.500000e+00], [-3.250000e+00, 3.250000e+00, 5.000000e-01]]> : tensor<2x3xf8E4M3FN>}} : (tensor<2x3xf8E4M3FN>) -> ()
  func.return
}
