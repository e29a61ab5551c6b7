// reduce_precision: oracle jax.lax.reduce_precision
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.40282347E+38, -3.40282347E+38, 1.500000e+00, 0x7F800000, 0xFF800000, 0x7FC00000, 3.000000e+00, -3.000000e+00, -3.99076509, 0.447598189, 0.980897247, -1.28641152, 2.54247832, 4.61157846, -8.30410957, 2.27669382, 1.00390625, 1.0078125, 1.01171875, 6.550400e+04, 7.000000e+04, 9.99999997E-7]> : tensor<30xf32>} : () -> tensor<30xf32>
  %v2 = "shlo.reduce_precision"(%c1) {exponent_bits = 5 : i32, mantissa_bits = 10 : i32} : (tensor<30xf32>) -> tensor<30xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 0x7F800000, 0xFF800000, 1.500000e+00, 0x7F800000, 0xFF800000, 0x7FC00000, 3.000000e+00, -3.000000e+00, -3.99023438, 0.447509766, 0.980957031, -1.28613281, 2.54296875, 4.61328125, -8.3046875, 2.27734375, 1.00390625, 1.0078125, 1.01171875, 6.550400e+04, 0x7F800000, 0.000000e+00]> : tensor<30xf32>}} : (tensor<30xf32>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<30xf32>) -> tensor<30xi32>
  %c4 = shlo.constant {value = dense<31> : tensor<30xi32>} : () -> tensor<30xi32>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<30xi32>, tensor<30xi32>) -> tensor<30xi32>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<30xf32>, tensor<30xf32>) -> tensor<30xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<30xi32>} : () -> tensor<30xi32>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<30xi1>, tensor<30xi32>, tensor<30xi32>) -> tensor<30xi32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0]> : tensor<30xi32>}} : (tensor<30xi32>) -> ()
  func.return
}
