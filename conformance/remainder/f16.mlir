// remainder: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.413090e+00, 1.667970e+00, -6.987300e-01], [3.019530e+00, 1.041020e+00, -2.597660e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[3.314450e+00, 1.003910e+00, 6.910150e+00], [-1.708980e+00, -3.558590e+00, 6.039060e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.remainder"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.413090e+00, 6.640630e-01, -6.987300e-01], [1.310550e+00, 1.041020e+00, -2.597660e-01]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
