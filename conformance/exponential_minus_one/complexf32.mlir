// exponential_minus_one: oracle jax.lax (expm1)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-1.9849987, -2.69319987, 0.845678746], [0.746202945, -2.40497184, -1.03907633]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-2.020420e+00, -0.39158529, -2.57330513], [-1.75346565, 2.39858508, -0.134548187]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v4 = "shlo.exponential_minus_one"(%v3) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1.05970931, -0.93745774, -2.96340728], [-1.38310659, -1.0664767, -0.649416089]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.123726599, -0.0258242805, -1.25374389], [-2.0738883, 0.0610668436, -0.0474571474]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
