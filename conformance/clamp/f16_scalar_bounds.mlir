// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<-4.828130e+00> : tensor<f16>} : () -> tensor<f16>
  %c2 = shlo.constant {value = dense<[4.289060e+00, -1.885740e+00, 2.603520e+00, -1.569340e+00, -5.589840e+00, 4.058590e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %c3 = shlo.constant {value = dense<1.459960e+00> : tensor<f16>} : () -> tensor<f16>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<f16>, tensor<6xf16>, tensor<f16>) -> tensor<6xf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.459960e+00, -1.885740e+00, 1.459960e+00, -1.569340e+00, -4.828130e+00, 1.459960e+00]> : tensor<6xf16>}} : (tensor<6xf16>) -> ()
  func.return
}
