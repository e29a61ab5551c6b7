// subtract: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5.000000e+00, -1.000000e+00, 7.000000e+00], [1.750000e+00, -3.000000e+00, -6.250000e-01]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %c2 = shlo.constant {value = dense<[[2.000000e+00, -1.000000e+00, -1.750000e+00], [-8.750000e-01, -3.500000e+00, -3.500000e+00]]> : tensor<2x3xf8E5M2>} : () -> tensor<2x3xf8E5M2>
  %v3 = "shlo.subtract"(%c1, %c2) : (tensor<2x3xf8E5M2>, tensor<2x3xf8E5M2>) -> tensor<2x3xf8E5M2>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.000000e+00, 0.000000e+00, 8.000000e+00], [2.500000e+00, 5.000000e-01, 3.000000e+00]]> : tensor<2x3xf8E5M2>}} : (tensor<2x3xf8E5M2>) -> ()
  %v4 = "shlo.bitcast_convert"(%v3) : (tensor<2x3xf8E5M2>) -> tensor<2x3xi8>
  %c5 = shlo.constant {value = dense<7> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v6 = "shlo.shift_right_logical"(%v4, %c5) : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  %v7 = "shlo.compare"(%v3, %v3) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<2x3xf8E5M2>, tensor<2x3xf8E5M2>) -> tensor<2x3xi1>
  %c8 = shlo.constant {value = dense<0> : tensor<2x3xi8>} : () -> tensor<2x3xi8>
  %v9 = "shlo.select"(%v7, %v6, %c8) : (tensor<2x3xi1>, tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0> : tensor<2x3xi8>}} : (tensor<2x3xi8>) -> ()
  func.return
}
