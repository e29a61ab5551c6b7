// round_nearest_even: oracle jax.lax (<lambda>)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.12116814, 2.06798267, 3.18189526], [-2.95358729, 1.5861311, 1.00689459]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v2 = "shlo.round_nearest_even"(%c1) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4.000000e+00, 2.000000e+00, 3.000000e+00], [-3.000000e+00, 2.000000e+00, 1.000000e+00]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
