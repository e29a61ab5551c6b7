// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 1, 2, 3, 9223372036854775807, 9223372036854775806, -9223372036854775808, -9223372036854775807, -1, -2, -3, 5]> : tensor<12xi64>} : () -> tensor<12xi64>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<12xi64>) -> tensor<12xf64>
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<12xf64>) -> tensor<12xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 2, 3, 9223372036854775807, 9223372036854775806, -9223372036854775808, -9223372036854775807, -1, -2, -3, 5]> : tensor<12xi64>}} : (tensor<12xi64>) -> ()
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, 4.940660e-324, 9.881310e-324, 1.482200e-323, 0x7FFFFFFFFFFFFFFF, 0x7FFFFFFFFFFFFFFE, -0.000000e+00, -4.940660e-324, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFE, 0xFFFFFFFFFFFFFFFD, 2.470330e-323]> : tensor<12xf64>}} : (tensor<12xf64>) -> ()
  func.return
}
