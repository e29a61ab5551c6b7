// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<1.125000e+00> : tensor<f8E4M3FN>} : () -> tensor<f8E4M3FN>
  %c2 = shlo.constant {value = dense<[1.500000e+00, -3.000000e+00, -6.875000e-01, -3.750000e+00, -1.250000e+00, 2.750000e+00]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %c3 = shlo.constant {value = dense<4.500000e+00> : tensor<f8E4M3FN>} : () -> tensor<f8E4M3FN>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<f8E4M3FN>, tensor<6xf8E4M3FN>, tensor<f8E4M3FN>) -> tensor<6xf8E4M3FN>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.500000e+00, 1.125000e+00, 1.125000e+00, 1.125000e+00, 1.125000e+00, 2.750000e+00]> : tensor<6xf8E4M3FN>}} : (tensor<6xf8E4M3FN>) -> ()
  func.return
}
