// cbrt: oracle jax.lax (cbrt)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00]> : tensor<16xf64>} : () -> tensor<16xf64>
  %v2 = "shlo.cbrt"(%c1) : (tensor<16xf64>) -> tensor<16xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 0.79370052598409979, -0.79370052598409979, 1.3572088082974532, -1.3572088082974532, 5.6438030941223623E+102, -5.6438030941223623E+102, 1.1447142425533317, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 1.4422495703074083, -1.4422495703074083]> : tensor<16xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<16xf64>) -> ()
  func.return
}
