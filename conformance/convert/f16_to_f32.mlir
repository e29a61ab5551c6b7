// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-6.917960e+00, 1.659180e+00, 1.564450e+00, 4.972660e+00, 5.161130e-01, 1.391600e+00]> : tensor<6xf16>} : () -> tensor<6xf16>
  %v2 = "shlo.convert"(%c1) : (tensor<6xf16>) -> tensor<6xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-6.91796875, 1.65917969, 1.56445313, 4.97265625, 0.516113281, 1.39160156]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
