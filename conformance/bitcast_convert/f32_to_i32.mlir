// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 3.40282347E+38, -3.40282347E+38, 1.500000e+00, 0x7F800000, 0xFF800000, 3.000000e+00, -3.000000e+00]> : tensor<15xf32>} : () -> tensor<15xf32>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<15xf32>) -> tensor<15xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, -2147483648, 1065353216, -1082130432, 1056964608, -1090519040, 1075838976, -1071644672, 2139095039, -8388609, 1069547520, 2139095040, -8388608, 1077936128, -1069547520]> : tensor<15xi32>}} : (tensor<15xi32>) -> ()
  func.return
}
