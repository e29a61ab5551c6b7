// logistic: oracle jax.lax (logistic)
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.000000e+00, -0.000000e+00, 1.000000e+00, -1.000000e+00, 5.000000e-01, -5.000000e-01, 2.500000e+00, -2.500000e+00, 1.7976931348623157E+308, -1.7976931348623157E+308, 1.500000e+00, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF8000000000000, 3.000000e+00, -3.000000e+00]> : tensor<16xf64>} : () -> tensor<16xf64>
  %v2 = "shlo.logistic"(%c1) : (tensor<16xf64>) -> tensor<16xf64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[5.000000e-01, 5.000000e-01, 0.7310585786300049, 0.2689414213699951, 0.62245933120185459, 0.37754066879814541, 0.92414181997875655, 0.075858180021243546, 1.000000e+00, 0.000000e+00, 0.81757447619364365, 1.000000e+00, 0.000000e+00, 0xFFF8000000000000, 0.95257412682243336, 0.047425873177566781]> : tensor<16xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<16xf64>) -> ()
  func.return
}
