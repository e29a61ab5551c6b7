// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-7.500000e-01, 2.031250e-01, -1.250000e-01], [5.625000e-01, -6.250000e-01, 4.375000e-01]]> : tensor<2x3xf8E4M3FN>} : () -> tensor<2x3xf8E4M3FN>
  %c2 = shlo.constant {value = dense<[-4.062500e-01, 6.250000e-02, 5.000000e-01, 3.437500e-01]> : tensor<4xf8E4M3FN>} : () -> tensor<4xf8E4M3FN>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<2x3x4xf8E4M3FN>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[3.125000e-01, -4.687500e-02, -3.750000e-01, -2.500000e-01], [-8.593750e-02, 1.171880e-02, 1.015630e-01, 7.031250e-02], [5.078130e-02, -7.812500e-03, -6.250000e-02, -4.296880e-02]], [[-2.343750e-01, 3.515630e-02, 2.812500e-01, 1.875000e-01], [2.500000e-01, -3.906250e-02, -3.125000e-01, -2.187500e-01], [-1.718750e-01, 2.734380e-02, 2.187500e-01, 1.562500e-01]]]> : tensor<2x3x4xf8E4M3FN>, rtol = 1.300e-01 : f64, atol = 7.000e-02 : f64}} : (tensor<2x3x4xf8E4M3FN>) -> ()
  func.return
}
