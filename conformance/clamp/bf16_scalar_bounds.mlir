// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<-7.500000e-01> : tensor<bf16>} : () -> tensor<bf16>
  %c2 = shlo.constant {value = dense<[5.687500e+00, -3.265630e+00, -8.046880e-01, 4.156250e+00, -2.218750e+00, -1.601560e+00]> : tensor<6xbf16>} : () -> tensor<6xbf16>
  %c3 = shlo.constant {value = dense<3.703130e+00> : tensor<bf16>} : () -> tensor<bf16>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<bf16>, tensor<6xbf16>, tensor<bf16>) -> tensor<6xbf16>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3.703130e+00, -7.500000e-01, -7.500000e-01, 3.703130e+00, -7.500000e-01, -7.500000e-01]> : tensor<6xbf16>}} : (tensor<6xbf16>) -> ()
  func.return
}
