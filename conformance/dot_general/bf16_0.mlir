// dot_general: oracle jax.lax.dot_general
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.609380e-01, -5.507810e-01, 6.093750e-01, 4.140630e-01], [-3.808590e-01, -1.523440e-01, -4.296880e-01, -4.511720e-01], [-1.875000e-01, -6.015630e-01, -1.953130e-01, 5.468750e-01]]> : tensor<3x4xbf16>} : () -> tensor<3x4xbf16>
  %c2 = shlo.constant {value = dense<[[-8.554680e-01, 7.617180e-01, -6.679690e-01, -4.453130e-01, -2.285160e-01], [-4.824220e-01, -5.390630e-01, 5.175780e-02, 1.611330e-01, -8.671870e-01], [4.824220e-01, 5.351560e-01, -8.515620e-01, 4.589840e-01, -1.572270e-01], [6.835930e-01, 7.812500e-01, -3.198240e-02, -2.734380e-01, -9.948730e-03]]> : tensor<4x5xbf16>} : () -> tensor<4x5xbf16>
  %v3 = "shlo.dot_general"(%c1, %c2) {dot_dimension_numbers = #shlo.dot<lhs_batching_dimensions = [], rhs_batching_dimensions = [], lhs_contracting_dimensions = [1], rhs_contracting_dimensions = [0]>} : (tensor<3x4xbf16>, tensor<4x5xbf16>) -> tensor<3x5xbf16>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[4.492190e-01, 1.296880e+00, -8.671870e-01, -1.279300e-01, 2.714840e-01], [-1.162110e-01, -7.890630e-01, 6.250000e-01, 7.128900e-02, 2.910160e-01], [7.304680e-01, 5.039060e-01, 2.431640e-01, -2.519530e-01, 5.898440e-01]]> : tensor<3x5xbf16>, rtol = 2.000e-02 : f64, atol = 2.000e-02 : f64}} : (tensor<3x5xbf16>) -> ()
  func.return
}
