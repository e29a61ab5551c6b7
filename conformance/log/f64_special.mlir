// log: oracle jax.lax (log)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00]> : tensor<16xf64>} : () -> tensor<16xf64>
  %v2 = "shlo.log"(%c1) : (tensor<16xf64>) -> tensor<16xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0xFFF0000000000000, 0xFFF0000000000000, 0.000000e+00, 0x7FF8000000000000, -0.69314718055994529, 0x7FF8000000000000, 0.91629073187415511, 0x7FF8000000000000, 709.78271289338397, 0x7FF8000000000000, 0.40546510810816438, 0x7FF0000000000000, 0x7FF8000000000000, 0x7FF8000000000000, 1.0986122886681098, 0x7FF8000000000000]> : tensor<16xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<16xf64>) -> ()
  func.return
}
