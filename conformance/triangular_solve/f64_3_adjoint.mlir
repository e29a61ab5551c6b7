// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5.0071665297841577, -0.052313050239698136, -0.67442542829019003], [-0.052313050239698136, 4.0149431503748279, 0.32100996995317554], [-0.67442542829019003, 0.32100996995317554, 3.4299930833116101]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.12064752662102302, -0.59553548562837444], [1.9982330736793823, 4.1258870097482472], [-2.2269884003037643, -0.85002706353435808]]> : tensor<3x2xf64>} : () -> tensor<3x2xf64>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = true, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<ADJOINT>} : (tensor<3x3xf64>, tensor<3x2xf64>) -> tensor<3x2xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.10580420854584319, -0.14137290154661089], [0.54961050104706832, 1.0474470300452674], [-0.64926906445934829, -0.24782180106137969]]> : tensor<3x2xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<3x2xf64>) -> ()
  func.return
}
