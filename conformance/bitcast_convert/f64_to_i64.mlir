// bitcast_convert: oracle jax.lax.bitcast_convert_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 3.000000e+00, -3.000000e+00]> : tensor<15xf64>} : () -> tensor<15xf64>
  %v2 = "shlo.bitcast_convert"(%c1) : (tensor<15xf64>) -> tensor<15xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, -9223372036854775808, 4607182418800017408, -4616189618054758400, 4602678819172646912, -4620693217682128896, 4612811918334230528, -4610560118520545280, 9218868437227405311, -4503599627370497, 4609434218613702656, 9218868437227405312, -4503599627370496, 4613937818241073152, -4609434218613702656]> : tensor<15xi64>}} : (tensor<15xi64>) -> ()
  func.return
}
