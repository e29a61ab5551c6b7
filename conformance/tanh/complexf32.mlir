// tanh: oracle jax.lax (tanh)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3.45042205, -0.541609883, 3.48279119], [-1.08048618, -9.434850e-01, 1.15211594]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[0.774126887, -2.13500857, -1.45490634], [2.6154902, 0.276988238, -0.975044846]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v4 = "shlo.tanh"(%v3) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.999952614, -1.07353163, 1.00183868], [-0.875155508, -0.762896597, 1.05768657]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.00201326516, 0.74183017, -4.34404792E-4], [-0.177500367, 0.124488562, -0.198154315]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
