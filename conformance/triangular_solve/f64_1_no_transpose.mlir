// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.8339691748910751, -0.20287284267360367, -0.97666072824238137], [-0.20287284267360367, 4.1053929731058254, -0.02689285804473775], [-0.97666072824238137, -0.02689285804473775, 4.3795841776948077]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[-0.50275562342417912, -0.1960706140690463, -2.5464779525237797], [-7.2156852547993626, 0.08591974990716135, 5.3909341304701943]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = false, lower = true, unit_diagonal = false, transpose_a = #shlo.transpose<NO_TRANSPOSE>} : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.28197665312049858, -0.051568090014088526, -0.58144286060146411], [-1.5669423652072596, 0.028991818337188554, 1.2309237388166177]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
