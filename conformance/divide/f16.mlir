// divide: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.320310e+00, -5.152340e+00, 5.339840e+00], [5.083010e-01, -2.156250e+00, 5.265630e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[-1.317380e+00, -2.144530e+00, 6.250000e-01], [-1.271480e+00, -2.036130e-01, -6.691400e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.divide"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.279300e+00, 2.402340e+00, 8.546870e+00], [-3.996580e-01, 1.059380e+01, -7.871090e-01]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
