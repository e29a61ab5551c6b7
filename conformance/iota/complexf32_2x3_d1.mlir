// iota: oracle jax.lax.broadcasted_iota
func.func @main() {
  %v1 = "shlo.iota"() {iota_dimension = 1 : i64} : () -> tensor<2x3xcomplex<f32>>
  %v2 = "shlo.real"(%v1) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v3 = "shlo.imag"(%v1) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.000000e+00, 1.000000e+00, 2.000000e+00], [0.000000e+00, 1.000000e+00, 2.000000e+00]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<0.000000e+00> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
