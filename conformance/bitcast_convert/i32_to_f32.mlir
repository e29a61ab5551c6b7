// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 1, 2, 3, 2147483647, 2147483646, -2147483648, -2147483647, -1, -2, -3, 5]> : tensor<12xi32>} : () -> tensor<12xi32>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<12xi32>) -> tensor<12xf32>
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<12xf32>) -> tensor<12xi32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 2, 3, 2147483647, 2147483646, -2147483648, -2147483647, -1, -2, -3, 5]> : tensor<12xi32>}} : (tensor<12xi32>) -> ()
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, 1.401300e-45, 2.802600e-45, 4.203900e-45, 0x7FFFFFFF, 0x7FFFFFFE, -0.000000e+00, -1.401300e-45, 0xFFFFFFFF, 0xFFFFFFFE, 0xFFFFFFFD, 7.006490e-45]> : tensor<12xf32>}} : (tensor<12xf32>) -> ()
  func.return
}
