// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[0.721768915, -0.871941268, -0.121863201, 3.946180e-01]> : tensor<4xf32>} : () -> tensor<4xf32>
  %c2 = shlo.constant {value = dense<[-0.804460942, 0.632770597, -0.0365537852, -0.804432451]> : tensor<4xf32>} : () -> tensor<4xf32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xf32>, tensor<4xf32>) -> tensor<f32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<-1.44536257> : tensor<f32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<f32>) -> ()
  func.return
}
