// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.64918327, -0.135001808, 0.483343571], [-0.135001808, 3.92774558, -0.750352502], [0.483343571, -0.750352502, 3.82932496]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[-1.00993443, -3.48319244, -3.29773736], [1.36090779, -2.73706698, 0.706601798]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #shlo.transpose<TRANSPOSE>} : (tensor<3x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.201585114, -1.05133605, -0.861179828], [0.32401818, -0.661603152, 0.184523866]]> : tensor<2x3xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<2x3xf32>) -> ()
  func.return
}
