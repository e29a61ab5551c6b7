// multiply: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.000000e+00, 4.500000e+00, 3.500000e+00], [4.000000e+00, -1.875000e+00, 1.000000e+00]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %c2 = shlo.constant {value = dense<[[-2.750000e+00, -7.000000e+00, 2.000000e+00], [1.875000e+00, 6.500000e+00, 8.125000e-01]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %v3 = "shlo.multiply"(%c1, %c2) : (tensor<2x3xf8E4M3FN>, tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8.000000e+00, -3.200000e+01, 7.000000e+00], [7.500000e+00, -1.200000e+01, 8.125000e-01]]> : tensor<2x3xf8E4M3FN>}} : (tensor<2x3xf8E4M3FN>) -> ()
  func.return
}
