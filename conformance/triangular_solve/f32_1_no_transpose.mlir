// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.00400114, -0.372347772, 0.142516628], [-0.372347772, 4.04246378, 0.139262423], [0.142516628, 0.139262423, 4.531370e+00]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[-1.7212677, -3.50669289, 2.66374683], [2.84729552, -0.579107225, 1.41959095]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.533362567, -0.887715518, 0.587845743], [0.685636222, -0.154048488, 0.313280731]]> : tensor<2x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
