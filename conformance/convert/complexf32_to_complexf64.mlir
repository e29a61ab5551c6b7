// convert: oracle jax.lax.convert_element_type
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.35756314, -2.15593934, 3.113520e+00, -1.36080182, 1.00005209, -0.867385745]> : tensor<6xf32>} : () -> tensor<6xf32>
  %c2 = shlo.constant {value = dense<[2.80617666, 0.803942799, 0.206703663, 0.759508371, -2.46742964, 3.07142353]> : tensor<6xf32>} : () -> tensor<6xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xcomplex<f32>>
  %v4 = "shlo.convert"(%v3) : (tensor<6xcomplex<f32>>) -> tensor<6xcomplex<f64>>
  %v5 = "shlo.real"(%v4) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v6 = "shlo.imag"(%v4) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-1.3575631380081177, -2.1559393405914307, 3.1135199069976807, -1.3608018159866333, 1.0000520944595337, -0.86738574504852294]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[2.8061766624450684, 0.80394279956817626, 0.20670366287231445, 0.75950837135314941, -2.4674296379089355, 3.0714235305786133]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
