// maximum: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.212890e+00, -1.433590e+00, -4.453130e+00], [-2.421880e+00, 4.070310e+00, -9.511710e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[[2.712890e+00, 1.269530e+00, 3.081050e-01], [-4.187500e+00, -1.580080e+00, 2.214840e+00]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %v3 = "shlo.maximum"(%c1, %c2) : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x3xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.712890e+00, 1.269530e+00, 3.081050e-01], [-2.421880e+00, 4.070310e+00, 2.214840e+00]]> : tensor<2x3xf16>}} : (tensor<2x3xf16>) -> ()
  func.return
}
