// complex: oracle jax.lax.complex
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.8520340160430773, -2.6386975736336979, 2.4340057539794531], [-2.2004555320181836, 3.4210293914624854, 1.1980303281068676]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c2 = shlo.constant {value = dense<[[4.5228970873649041, 0.31079457400124127, 0.17549729961389773], [-1.4254837522429136, -1.9790328471633818, 1.6855903011667537]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v4 = "shlo.real"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v5 = "shlo.imag"(%v3) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.8520340160430773, -2.6386975736336979, 2.4340057539794531], [-2.2004555320181836, 3.4210293914624854, 1.1980303281068676]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4.5228970873649041, 0.31079457400124127, 0.17549729961389773], [-1.4254837522429136, -1.9790328471633818, 1.6855903011667537]]> : tensor<2x3xf64>}} : (tensor<2x3xf64>) -> ()
  func.return
}
