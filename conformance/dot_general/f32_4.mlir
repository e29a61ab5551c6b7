// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[0.530920208, -0.765488326, -0.876473128, -0.0442444682], [-0.236957088, -0.85194242, 0.688074052, -0.420460463], [0.680348336, -0.774041831, -0.0491399951, 1.668200e-01]], [[0.599055648, -0.501675487, -4.181360e-01, 0.451236784], [0.170092657, 0.868873894, -0.190214619, 0.0370915122], [-0.394051909, -0.375988096, 0.300199658, 0.764991045]]]> : tensor<2x3x4xf32>} : () -> tensor<2x3x4xf32>
  %c2 = shlo.constant {value = dense<[[[-0.841038227, 2.966920e-01], [-0.425553352, 0.0042815092], [-0.171322882, 0.00892609358]], [[-0.125924781, 0.141295239], [0.681522727, 0.567050159], [-0.473284692, -5.465950e-01]], [[0.334438801, 0.842249333], [-0.09875115, 0.41080758], [0.427102625, 0.716282606]], [[0.554450035, 0.22767131], [0.413433015, 0.557290852], [0.396244735, -0.601054847]]]> : tensor<4x3x2xf32>} : () -> tensor<4x3x2xf32>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1, 2], rhs_contracting_dimensions = [1, 0]>} : (tensor<2x3x4xf32>, tensor<4x3x2xf32>) -> tensor<2x2xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.09445214, -0.84098941], [0.900383949, 0.250584215]]> : tensor<2x2xf32>, rtol = 8.000e-06 : f64, atol = 2.000e-06 : f64}} : (tensor<2x2xf32>) -> ()
  func.return
}
