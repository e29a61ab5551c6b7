// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.500000e+00, -2.000000e+00, -2.250000e+00, 1.562500e-01, -2.250000e+00, 3.437500e-01]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %c2 = shlo.constant {value = dense<[1.500000e+00, -3.000000e+00, -6.875000e-01, -3.750000e+00, -1.250000e+00, 2.750000e+00]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %c3 = shlo.constant {value = dense<[2.750000e+00, -1.125000e+00, 3.000000e+00, 1.500000e+00, 1.250000e+00, 1.875000e+00]> : tensor<6xf8E4M3FN>} : () -> tensor<6xf8E4M3FN>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xf8E4M3FN>, tensor<6xf8E4M3FN>, tensor<6xf8E4M3FN>) -> tensor<6xf8E4M3FN>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2.500000e+00, -2.000000e+00, -6.875000e-01, 1.562500e-01, -1.250000e+00, 1.875000e+00]> : tensor<6xf8E4M3FN>}} : (tensor<6xf8E4M3FN>) -> ()
  func.return
}
