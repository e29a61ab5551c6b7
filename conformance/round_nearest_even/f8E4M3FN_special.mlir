// round_nearest_even: oracle jax.lax (<lambda>)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 4.480000e+02, -4.480000e+02, 1.500000e+00, 0x7F, 0xFF, 0x7F, 3.000000e+00, -3.000000e+00]> : tensor<16xf8E4M3FN>} : () -> tensor<16xf8E4M3FN>
  %v2 = "shlo.round_nearest_even"(%c1) : (tensor<16xf8E4M3FN>) -> tensor<16xf8E4M3FN>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 0.000000e+00, -0.000000e+00, 2.000000e+00, -2.000000e+00, 4.480000e+02, -4.480000e+02, 2.000000e+00, 0x7F, 0xFF, 0x7F, 3.000000e+00, -3.000000e+00]> : tensor<16xf8E4M3FN>}} : (tensor<16xf8E4M3FN>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<16xf8E4M3FN>) -> tensor<16xi8>
  %c4 = shlo.constant {value = dense<7> : tensor<16xi8>} : () -> tensor<16xi8>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<16xi8>, tensor<16xi8>) -> tensor<16xi8>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<16xf8E4M3FN>, tensor<16xf8E4M3FN>) -> tensor<16xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<16xi8>} : () -> tensor<16xi8>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<16xi1>, tensor<16xi8>, tensor<16xi8>) -> tensor<16xi8>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 0, 1]> : tensor<16xi8>}} : (tensor<16xi8>) -> ()
  func.return
}
