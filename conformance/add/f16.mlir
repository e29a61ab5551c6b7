// add: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.212770e-01, -3.433590e+00, -6.879880e-01], [-3.164060e+00, -3.171880e+00, 2.761720e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[2.292970e+00, -1.321290e+00, -1.904300e+00], [-4.707030e-01, 7.221670e-01, 4.687500e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.add"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.171880e+00, -4.753910e+00, -2.591800e+00], [-3.634770e+00, -2.449220e+00, 7.449210e+00]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
