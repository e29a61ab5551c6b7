// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[-7.500000e-01, -8.125000e-01, -3.437500e-01, 7.500000e-01]> : tensor<4xf8E4M3FN>} : () -> tensor<4xf8E4M3FN>
  %c2 = shlo.constant {value = dense<[3.437500e-01, -1.757810e-02, -6.250000e-01, -3.515630e-02]> : tensor<4xf8E4M3FN>} : () -> tensor<4xf8E4M3FN>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xf8E4M3FN>, tensor<4xf8E4M3FN>) -> tensor<f8E4M3FN>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-5.468750e-02> : tensor<f8E4M3FN>, rtol = 1.300e-01 : f64, atol = 7.000e-02 : f64}} : (tensor<f8E4M3FN>) -> ()
  func.return
}
