// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[2.6816882924511107, -2.8078884103982222, 1.5544443329251427, 0.25698355260434025, -1.6051591214907963, 1.1521447639969253]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c2 = shlo.constant {value = dense<[1.9572462781872557, 0.82556018734895564, -2.6515244802998499, -1.3591154812944282, 0.19292920991800397, -6.0079183245152592]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xcomplex<f64>>
  %v4 = "shlo.convert"(%v3) : (tensor<6xcomplex<f64>>) -> tensor<6xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<6xcomplex<f32>>) -> tensor<6xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2.68168831, -2.80788851, 1.55444431, 0.256983548, -1.60515916, 1.15214479]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[1.9572463, 0.825560212, -2.65152454, -1.35911548, 0.192929208, -6.00791835]> : tensor<6xf32>}} : (tensor<6xf32>) -> ()
  func.return
}
