// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-7.119140e-01, -7.104490e-01, 2.536620e-01], [-3.012700e-01, -3.381350e-01, -8.764640e-01]]> : tensor<2x3xf16>} : () -> tensor<2x3xf16>
  %c2 = shlo.constant {value = dense<[-6.943360e-01, -5.575560e-02, 2.500000e-01, -5.258790e-01]> : tensor<4xf16>} : () -> tensor<4xf16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [], rhs_contracting_dimensions = []>} : (tensor<2x3xf16>, tensor<4xf16>) -> tensor<2x3x4xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[4.943850e-01, 3.970340e-02, -1.779790e-01, 3.742680e-01], [4.934080e-01, 3.961180e-02, -1.776120e-01, 3.735350e-01], [-1.761470e-01, -1.414490e-02, 6.341550e-02, -1.334230e-01]], [[2.092290e-01, 1.679990e-02, -7.531730e-02, 1.584470e-01], [2.347410e-01, 1.885990e-02, -8.453370e-02, 1.778560e-01], [6.083980e-01, 4.885860e-02, -2.191160e-01, 4.609380e-01]]]> : tensor<2x3x4xf16>, rtol = 4.000e-03 : f64, atol = 4.000e-03 : f64}} : (tensor<2x3x4xf16>) -> ()
  func.return
}
