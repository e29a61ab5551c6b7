// minimum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.109380e+00, -2.484380e+00, 4.628910e-01], [3.671880e-01, 5.078130e-01, 3.730470e-01]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %c2 = shlo.constant {value = dense<[[2.515630e+00, 3.843750e+00, 2.078130e+00], [2.828130e+00, 1.406250e+00, 3.296880e+00]]> : tensor<2x3xbf16>} : () -> tensor<2x3xbf16>
  %v3 = "shlo.minimum"(%c1, %c2) : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x3xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.109380e+00, -2.484380e+00, 4.628910e-01], [3.671880e-01, 5.078130e-01, 3.730470e-01]]> : tensor<2x3xbf16>}} : (tensor<2x3xbf16>) -> ()
  func.return
}
