// convert: oracle jax.lax.convert_element_type; round-to-nearest-even, overflow to inf, NaN kept
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.389530e+38, -3.389530e+38, 1.500000e+00, 0x7F80, 0xFF80, 0x7FC0, 3.000000e+00, -3.000000e+00, 1.000000e+00, 6.553600e+04, 1.001170e-08]> : tensor<19xbf16>} : () -> tensor<19xbf16>
  %v2 = "shlo.convert"(%c1) : (tensor<19xbf16>) -> tensor<19xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.38953139E+38, -3.38953139E+38, 1.500000e+00, 0x7F800000, 0xFF800000, 0x7FC00000, 3.000000e+00, -3.000000e+00, 1.000000e+00, 6.553600e+04, 1.00117177E-8]> : tensor<19xf32>}} : (tensor<19xf32>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<19xf32>) -> tensor<19xi32>
  %c4 = shlo.constant {value = dense<31> : tensor<19xi32>} : () -> tensor<19xi32>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<19xi32>, tensor<19xi32>) -> tensor<19xi32>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<19xf32>, tensor<19xf32>) -> tensor<19xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<19xi32>} : () -> tensor<19xi32>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<19xi1>, tensor<19xi32>, tensor<19xi32>) -> tensor<19xi32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0]> : tensor<19xi32>}} : (tensor<19xi32>) -> ()
  func.return
}
