// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.90915799, 5.18541241, -0.853244185, -0.419114888, -4.40975523, -3.48355222]> : tensor<6xf32>} : () -> tensor<6xf32>
  %c2 = shlo.constant {value = dense<[1.58504128, 1.0750742, -1.4713577, -1.8350929, 0.666613698, 1.52035284]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xcomplex<f32>>
  %v4 = "shlo.convert"(%v3) : (tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.9091579914093018, 5.1854124069213867, -0.85324418544769287, -0.41911488771438599, -4.4097552299499512, -3.4835522174835205]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.5850412845611572, 1.0750741958618164, -1.4713577032089233, -1.8350929021835327, 0.66661369800567627, 1.520352840423584]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
