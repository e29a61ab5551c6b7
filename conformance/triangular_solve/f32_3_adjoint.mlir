// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.39057946, -0.648869216, -0.0722243413], [-0.648869216, 4.19351339, 0.0665786043], [-0.0722243413, 0.0665786043, 3.22091651]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[-0.452740341, -2.07137108], [-4.55514622, -0.42763406], [0.437858164, 4.43254566]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<ADJOINT>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.338923693, -0.605301678], [-1.08839452, -0.123824067], [0.135942101, 1.37617528]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  func.return
}
