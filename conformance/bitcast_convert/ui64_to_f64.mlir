// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 1, 2, 3, 18446744073709551615, 18446744073709551614, 0, 1, 4, 5, 6, 7]> : tensor<12xui64>} : () -> tensor<12xui64>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<12xui64>) -> tensor<12xf64>
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<12xf64>) -> tensor<12xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 2, 3, -1, -2, 0, 1, 4, 5, 6, 7]> : tensor<12xi64>}} : (tensor<12xi64>) -> ()
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, 4.940660e-324, 9.881310e-324, 1.482200e-323, 0xFFFFFFFFFFFFFFFF, 0xFFFFFFFFFFFFFFFE, 0.000000e+00, 4.940660e-324, 1.976260e-323, 2.470330e-323, 2.964390e-323, 3.458460e-323]> : tensor<12xf64>}} : (tensor<12xf64>) -> ()
  func.return
}
