// select: oracle jax.lax.select
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, false], [false, false, false]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[-0.563966811, -3.31314731, -0.292576522], [0.66825968, 1.7254858, 1.45533943]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c3 = shlo.constant {value = dense<[[0.261279702, 3.5607903, -2.13637328], [-4.19644547, -2.47994232, -1.50184631]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v4 = "shlo.complex"(%c2, %c3) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %c5 = shlo.constant {value = dense<[[2.310550e+00, 0.870382071, 1.58370125], [3.30515981, 0.504393637, 2.53196597]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c6 = shlo.constant {value = dense<[[3.86241508, -1.92053831, -0.122055434], [-3.5455215, -0.878457427, 0.913932859]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v8 = "shlo.select"(%c1, %v4, %v7) : (tensor<2x3xi1>, tensor<2x3xcomplex<f32>>, tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v9 = "shlo.real"(%v8) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v10 = "shlo.imag"(%v8) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.310550e+00, -3.31314731, 1.58370125], [3.30515981, 0.504393637, 2.53196597]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[3.86241508, 3.5607903, -0.122055434], [-3.5455215, -0.878457427, 0.913932859]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
