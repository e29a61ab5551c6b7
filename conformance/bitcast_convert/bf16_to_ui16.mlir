// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.389530e+38, -3.389530e+38, 1.500000e+00, 0x7F80, 0xFF80, 3.000000e+00, -3.000000e+00]> : tensor<15xbf16>} : () -> tensor<15xbf16>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<15xbf16>) -> tensor<15xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 32768, 16256, 49024, 16128, 48896, 16416, 49184, 32639, 65407, 16320, 32640, 65408, 16448, 49216]> : tensor<15xui16>}} : (tensor<15xui16>) -> ()
  func.return
}
