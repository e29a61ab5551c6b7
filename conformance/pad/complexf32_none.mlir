// pad: oracle jax.lax.pad (negative padding crops)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.587987721, -1.43126702, -0.0613855421], [-2.53199959, 2.720824, -0.582341135]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[1.6521343, 0.305563152, -1.01440322], [-1.47916412, 2.00284553, 2.28332567]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<1.54488325> : tensor<f32>} : () -> tensor<f32>
  %c5 = shlo.constant {value = dense<-2.75782371> : tensor<f32>} : () -> tensor<f32>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<f32>, tensor<f32>) -> tensor<complex<f32>>
  %v7 = "shlo.pad"(%v3, %v6) {edge_padding_low = array<i64: 0, 0>, edge_padding_high = array<i64: 0, 0>, interior_padding = array<i64: 0, 0>} : (tensor<2x3xcomplex<f32>>, tensor<complex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.587987721, -1.43126702, -0.0613855421], [-2.53199959, 2.720824, -0.582341135]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.6521343, 0.305563152, -1.01440322], [-1.47916412, 2.00284553, 2.28332567]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
