// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 1, 2, 3, 65535, 65534, 0, 1, 4, 5, 6, 7]> : tensor<12xui16>} : () -> tensor<12xui16>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<12xui16>) -> tensor<12xf16>
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<12xf16>) -> tensor<12xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 2, 3, -1, -2, 0, 1, 4, 5, 6, 7]> : tensor<12xi16>}} : (tensor<12xi16>) -> ()
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, 5.960460e-08, 1.192090e-07, 1.788140e-07, 0xFFFF, 0xFFFE, 0.000000e+00, 5.960460e-08, 2.384190e-07, 2.980230e-07, 3.576280e-07, 4.172330e-07]> : tensor<12xf16>}} : (tensor<12xf16>) -> ()
  func.return
}
