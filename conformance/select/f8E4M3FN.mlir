// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, true], [false, false, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[1.000000e+00, -7.500000e-01, 1.125000e+00], [5.000000e-01, -2.000000e+00, -4.375000e-01]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %c3 = shlo.constant {value = dense<[[-7.500000e-01, -2.750000e+00, 1.750000e+00], [3.750000e-01, 3.750000e-01, -7.812500e-03]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %v4 = "shlo.select"(%c1, %c2, %c3) : (tensor<2x3xi1>, tensor<2x3xf8E4M3FN>, tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-7.500000e-01, -7.500000e-01, 1.125000e+00], [3.750000e-01, 3.750000e-01, -7.812500e-03]]> : tensor<2x3xf8E4M3FN>}} : (tensor<2x3xf8E4M3FN>) -> ()
  func.return
}
