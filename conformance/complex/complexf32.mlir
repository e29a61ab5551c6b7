// complex: oracle jax.lax.complex
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.053746555, -1.66747606, -2.13413668], [3.41963482, 0.969708383, -1.65213859]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[0.764415442, 3.80735373, -0.724226356], [2.47058082, 0.895273625, -8.0428915]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v4 = "shlo.real"(%v3) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v5 = "shlo.imag"(%v3) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.053746555, -1.66747606, -2.13413668], [3.41963482, 0.969708383, -1.65213859]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.764415442, 3.80735373, -0.724226356], [2.47058082, 0.895273625, -8.0428915]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
