// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[3.32678699, 3.4901104, -6.48898697, 5.27735281, -4.84769821, -0.517385483]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf32>) -> tensor<6xbf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3.328130e+00, 3.484380e+00, -6.500000e+00, 5.281250e+00, -4.843750e+00, -5.156250e-01]> : tensor<6xbf16>}} : (tensor<6xbf16>) -> ()
  func.return
}
