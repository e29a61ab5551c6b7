// ceil: oracle jax.lax (ceil)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.760740e+00, 1.898190e-01, 3.105470e+00], [-6.589840e+00, 4.289060e+00, 2.318360e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v2 = "shlo.ceil"(%c1) : (tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.000000e+00, 1.000000e+00, 4.000000e+00], [-6.000000e+00, 5.000000e+00, 3.000000e+00]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
