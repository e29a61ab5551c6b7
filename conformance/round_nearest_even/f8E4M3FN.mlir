// round_nearest_even: oracle jax.lax (<lambda>)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.750000e+00, -3.250000e+00, 3.250000e+00], [3.250000e+00, 4.500000e+00, 2.500000e+00]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %v2 = "shlo.round_nearest_even"(%c1) : (tensor<2x3xf8E4M3FN>) -> tensor<2x3xf8E4M3FN>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.000000e+00, -3.000000e+00, 3.000000e+00], [3.000000e+00, 4.000000e+00, 2.000000e+00]]> : tensor<2x3xf8E4M3FN>}} : (tensor<2x3xf8E4M3FN>) -> ()
  func.return
}
