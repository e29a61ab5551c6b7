// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0, 1, 2, 3, 255, 254, 0, 1, 4, 5, 6, 7]> : tensor<12xui8>} : () -> tensor<12xui8>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<12xui8>) -> tensor<12xf8E5M2>
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<12xf8E5M2>) -> tensor<12xi8>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 1, 2, 3, -1, -2, 0, 1, 4, 5, 6, 7]> : tensor<12xi8>}} : (tensor<12xi8>) -> ()
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, 1.525880e-05, 3.051760e-05, 4.577640e-05, 0xFF, 0xFE, 0.000000e+00, 1.525880e-05, 6.103520e-05, 7.629390e-05, 9.155270e-05, 1.068120e-04]> : tensor<12xf8E5M2>}} : (tensor<12xf8E5M2>) -> ()
  func.return
}
