// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.7963338955224213, -0.23850289055902907, -0.43672205545214376], [-0.23850289055902907, 3.345615149203335, 0.44529029325377545], [-0.43672205545214376, 0.44529029325377545, 3.7292383915112208]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.78804181065779144, 0.68137931187575473], [-1.7484588841651625, 0.87160067261864826], [0.92665994869508161, 3.4419664873032918]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = true, lower = false, unit_diagonal = true, transpose_a = #shlo.transpose<TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.78804181065779144, 0.68137931187575473], [-1.9364091338884168, 1.0341116080681378], [1.4447689004508444, 3.2790599997144443]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  func.return
}
