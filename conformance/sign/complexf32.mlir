// sign: oracle jax.lax (sign)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.94707394, 0.0612259172, 1.69814622], [-0.848103106, 0.00429239683, -1.29440916]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %c2 = shlo.constant {value = dense<[[-4.60400438, -3.02826786, 1.84166503], [-0.124702834, 0.0499011464, -0.698335767]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xcomplex<f32>>
  %v4 = "shlo.sign"(%v3) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xcomplex<f32>>
  %v5 = "shlo.real"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v6 = "shlo.imag"(%v4) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v5) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.389508665, 2.021400e-02, 0.677880764], [-0.98936218, 0.0857015252, -0.880088746]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.921022832, -0.999795734, 0.735171854], [-0.145473197, 0.996320843, -0.474809259]]> : tensor<2x3xf32>, rtol = 2.000e-06 : f64, atol = 1.000e-07 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
