// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00]> : tensor<16xf64>} : () -> tensor<16xf64>
  %v2 = "shlo.sign"(%c1) : (tensor<16xf64>) -> tensor<16xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 1.000000e+00, -1.000000e+00, 1.000000e+00, -1.000000e+00, 1.000000e+00, -1.000000e+00, 1.000000e+00, 1.000000e+00, -1.000000e+00, 0x7FF8000000000000, 1.000000e+00, -1.000000e+00]> : tensor<16xf64>}} : (tensor<16xf64>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<16xf64>) -> tensor<16xi64>
  %c4 = shlo.constant {value = dense<63> : tensor<16xi64>} : () -> tensor<16xi64>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<16xf64>, tensor<16xf64>) -> tensor<16xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<16xi64>} : () -> tensor<16xi64>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<16xi1>, tensor<16xi64>, tensor<16xi64>) -> tensor<16xi64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1]> : tensor<16xi64>}} : (tensor<16xi64>) -> ()
  func.return
}
