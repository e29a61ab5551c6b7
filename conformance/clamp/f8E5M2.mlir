// clamp: oracle jax.lax.clamp
func.func @main() {
  %c1 = shlo.constant {value = dense<[-2.500000e+00, -3.000000e+00, 7.500000e-01, -5.000000e+00, -8.750000e-01, -2.000000e+00]> : tensor<6xf8E5M2>} : () -> tensor<6xf8E5M2>
  %c2 = shlo.constant {value = dense<[1.562500e-01, 2.000000e+00, -4.375000e-01, 3.500000e+00, 4.000000e+00, -5.000000e+00]> : tensor<6xf8E5M2>} : () -> tensor<6xf8E5M2>
  %c3 = shlo.constant {value = dense<[-6.250000e-01, -2.500000e+00, 1.750000e+00, 2.500000e+00, 4.000000e+00, 4.000000e+00]> : tensor<6xf8E5M2>} : () -> tensor<6xf8E5M2>
  %v4 = "shlo.clamp"(%c1, %c2, %c3) : (tensor<6xf8E5M2>, tensor<6xf8E5M2>, tensor<6xf8E5M2>) -> tensor<6xf8E5M2>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-6.250000e-01, -2.500000e+00, 7.500000e-01, 2.500000e+00, 4.000000e+00, -2.000000e+00]> : tensor<6xf8E5M2>}} : (tensor<6xf8E5M2>) -> ()
  func.return
}
