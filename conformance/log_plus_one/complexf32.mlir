// log_plus_one: oracle jax.lax (log1p)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.41045094, -1.42541289, -0.617554485], [0.65855664, -0.895340323, -3.4790504]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-0.682849466, 2.95605397, -3.98354268], [0.215446308, -1.20688224, 0.422124326]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v4 = "shlo.log_plus_one"(%v3) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.227259368, 1.09410489, 1.38675904], [0.514314353, 0.191786379, 0.922166466]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.11201358, 1.71372736, -1.47508335], [0.129176542, -1.4842937, 2.97293377]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
