// sqrt: oracle jax.lax (sqrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.40282347E+38, -3.40282347E+38, 1.500000e+00, 0x7F800000, 0xFF800000, 0x7FC00000, 3.000000e+00, -3.000000e+00]> : tensor<16xf32>} : () -> tensor<16xf32>
  %v2 = "shlo.sqrt"(%c1) : (tensor<16xf32>) -> tensor<16xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, 0xFFC00000, 0.707106769, 0xFFC00000, 1.58113885, 0xFFC00000, 1.8446743E+19, 0xFFC00000, 1.22474492, 0x7F800000, 0xFFC00000, 0x7FC00000, 1.73205078, 0xFFC00000]> : tensor<16xf32>}} : (tensor<16xf32>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<16xf32>) -> tensor<16xi32>
  %c4 = shlo.constant {value = dense<31> : tensor<16xi32>} : () -> tensor<16xi32>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<16xi32>} : () -> tensor<16xi32>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<16xi1>, tensor<16xi32>, tensor<16xi32>) -> tensor<16xi32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]> : tensor<16xi32>}} : (tensor<16xi32>) -> ()
  func.return
}
