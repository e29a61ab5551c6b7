// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.82726955, -0.174283892, 0.873565912], [-0.174283892, 3.291440e+00, -0.0718719736], [0.873565912, -0.0718719736, 4.23220587]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[1.33738637, -1.09339714], [6.91823577, 3.74997497], [3.53401589, -1.3718518]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.349436164, -0.285685956], [2.120390e+00, 1.12418401], [0.798911273, -0.246086568]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  func.return
}
