// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.1697737310231942, 0.42472860897462561, 0.41955986317211302], [0.42472860897462561, 4.538464816521345, 1.0905656121865228], [0.41955986317211302, 1.0905656121865228, 4.0945074232968288]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[-1.7364460124876586, 0.60292281705370265], [-0.67392476690192482, 2.7454037619332397], [4.8762598411989773, 3.5707676414291702]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.54781386932850207, 0.19021004911258471], [-0.097225066634588408, 0.58711838035202368], [1.2729567512606277, 0.69621855052338766]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  func.return
}
