// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-8.125000e-01, 1.875000e-01, -7.500000e-01, -5.000000e-01], [-7.500000e-01, 3.125000e-02, 8.750000e-01, 4.062500e-01], [8.125000e-01, -6.875000e-01, 2.343750e-01, 7.500000e-01]]> : tensor<3x4xf8E4M3FN>} : () -> tensor<3x4xf8E4M3FN>
  %c2 = shlo.constant {value = dense<[[-4.375000e-01, 5.000000e-01, 1.757810e-02, 8.750000e-01, 2.031250e-01], [-1.953130e-02, 8.125000e-01, -3.125000e-01, 5.625000e-01, 6.250000e-01], [-2.812500e-01, 8.750000e-01, -6.250000e-01, -1.718750e-01, -8.125000e-01], [-9.375000e-02, 1.093750e-01, 8.125000e-01, 6.875000e-01, -3.125000e-01]]> : tensor<4x5xf8E4M3FN>} : () -> tensor<4x5xf8E4M3FN>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xf8E4M3FN>, tensor<4x5xf8E4M3FN>) -> tensor<3x5xf8E4M3FN>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[6.250000e-01, -9.375000e-01, -9.765620e-03, -8.125000e-01, 6.875000e-01], [4.296880e-02, 4.687500e-01, -2.343750e-01, -5.000000e-01, -1.000000e+00], [-4.687500e-01, 1.406250e-01, 6.875000e-01, 8.125000e-01, -6.875000e-01]]> : tensor<3x5xf8E4M3FN>, rtol = 1.300e-01 : f64, atol = 7.000e-02 : f64}} : (tensor<3x5xf8E4M3FN>) -> ()
  func.return
}
