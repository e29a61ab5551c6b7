// exponential_minus_one: oracle jax.lax (expm1)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00]> : tensor<16xf64>} : () -> tensor<16xf64>
  %v2 = "shlo.exponential_minus_one"(%c1) : (tensor<16xf64>) -> tensor<16xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.000000e+00, -0.000000e+00, 1.7182818284590455, -0.63212055882855767, 0.64872127070012808, -0.39346934028736652, 11.182493960703473, -0.91791500137610116, 0x7FF0000000000000, -1.000000e+00, 3.4816890703380645, 0x7FF0000000000000, -1.000000e+00, 0x7FF8000000000000, 19.085536923187668, -0.95021293163213605]> : tensor<16xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<16xf64>) -> ()
  func.return
}
