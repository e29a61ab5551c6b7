// round_nearest_even: oracle jax.lax (<lambda>)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.041020e+00, -1.822270e+00, -1.418950e+00], [-1.284180e+00, 3.345700e+00, 4.484380e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.round_nearest_even"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.000000e+00, -2.000000e+00, -1.000000e+00], [-1.000000e+00, 3.000000e+00, 4.000000e+00]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
