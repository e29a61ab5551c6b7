// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.545410e-01, -6.757810e-01, -6.030270e-01, 7.832030e-01], [-3.127440e-01, -6.768800e-02, 2.648930e-01, 1.563720e-01], [5.498050e-01, 7.446280e-01, -5.947270e-01, -8.588860e-01]]> : tensor<3x4xf16>} : () -> tensor<3x4xf16>
  %c2 = shlo.constant {value = dense<[[6.025390e-01, -9.704580e-02, 3.120120e-01, -2.468260e-01, -1.922610e-01], [4.099120e-01, -8.740230e-02, -8.222650e-01, -6.230460e-01, -2.656250e-01], [-2.122800e-01, -5.400390e-01, -5.585940e-01, -1.947020e-01, -4.511720e-01], [6.533200e-01, -3.159180e-01, 8.403320e-01, -6.372070e-01, -5.927730e-01]]> : tensor<4x5xf16>} : () -> tensor<4x5xf16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xf16>, tensor<4x5xf16>) -> tensor<3x5xf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.695310e-01, 1.523440e-01, 1.502930e+00, 7.751460e-02, 1.702880e-02], [-1.702880e-01, -1.561280e-01, -5.847160e-02, -3.186040e-02, -1.341550e-01], [2.016600e-01, 4.741210e-01, -8.300780e-01, 6.341550e-02, 4.738770e-01]]> : tensor<3x5xf16>, rtol = 4.000e-03 : f64, atol = 4.000e-03 : f64}} : (tensor<3x5xf16>) -> ()
  func.return
}
