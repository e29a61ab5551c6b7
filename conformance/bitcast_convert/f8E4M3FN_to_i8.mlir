// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 4.480000e+02, -4.480000e+02, 1.500000e+00, 3.000000e+00, -3.000000e+00]> : tensor<13xf8E4M3FN>} : () -> tensor<13xf8E4M3FN>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<13xf8E4M3FN>) -> tensor<13xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, -128, 56, -72, 48, -80, 66, -62, 126, -2, 60, 68, -60]> : tensor<13xi8>}} : (tensor<13xi8>) -> ()
  func.return
}
