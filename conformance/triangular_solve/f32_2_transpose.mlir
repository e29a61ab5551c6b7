// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[3.15955472, 0.199080482, -0.16129896], [0.199080482, 3.77854419, -0.769757568], [-0.16129896, -0.769757568, 3.77308583]]> : tensor<3x3xf32>} : () -> tensor<3x3xf32>
  %c2 = shlo.constant {value = dense<[[-3.4675231, -1.45397937], [2.28162766, 4.39716434], [-3.69936037, 2.53945279]]> : tensor<3x2xf32>} : () -> tensor<3x2xf32>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = true, lower = false, unit_diagonal = true, transpose_a = #shlo.transpose<TRANSPOSE>} : (tensor<3x3xf32>, tensor<3x2xf32>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-3.4675231, -1.45397937], [2.97194386, 4.6866231], [-1.97099197, 5.91249084]]> : tensor<3x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-05 : f64}} : (tensor<3x2xf32>) -> ()
  func.return
}
