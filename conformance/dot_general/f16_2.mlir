// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[-5.527340e-01, -5.341800e-01, 6.987300e-01, -1.781010e-01]> : tensor<4xf16>} : () -> tensor<4xf16>
  %c2 = shlo.constant {value = dense<[-3.293460e-01, 2.827150e-01, 5.083010e-01, -3.757320e-01]> : tensor<4xf16>} : () -> tensor<4xf16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [0], rhs_contracting_dimensions = [0]>} : (tensor<4xf16>, tensor<4xf16>) -> tensor<f16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<4.531250e-01> : tensor<f16>, rtol = 4.000e-03 : f64, atol = 4.000e-03 : f64}} : (tensor<f16>) -> ()
  func.return
}
