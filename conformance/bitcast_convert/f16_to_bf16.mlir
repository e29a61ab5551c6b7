// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 6.550400e+04, -6.550400e+04, 1.500000e+00, 0x7C00, 0xFC00, 3.000000e+00, -3.000000e+00]> : tensor<15xf16>} : () -> tensor<15xf16>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<15xf16>) -> tensor<15xbf16>
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<15xbf16>) -> tensor<15xi16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, -32768, 15360, -17408, 14336, -18432, 16640, -16128, 31743, -1025, 15872, 31744, -1024, 16896, -15872]> : tensor<15xi16>}} : (tensor<15xi16>) -> ()
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 7.812500e-03, -7.812500e-03, 3.051760e-05, -3.051760e-05, 8.000000e+00, -8.000000e+00, 2.648070e+36, -2.648070e+36, 1.250000e-01, 2.658460e+36, -2.658460e+36, 3.200000e+01, -3.200000e+01]> : tensor<15xbf16>}} : (tensor<15xbf16>) -> ()
  func.return
}
