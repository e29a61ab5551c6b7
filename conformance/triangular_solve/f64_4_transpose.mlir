// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[4.188550433838202, 0.7058086916550157, -0.73160703428375662], [0.7058086916550157, 3.4399748457657422, -0.49640372125414528], [-0.73160703428375662, -0.49640372125414528, 3.6704116418219503]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[-2.4725186992596533, 0.33653175761414267, 2.2554752792430612], [-0.53300932104839449, 4.3564050274830368, 1.2609992776379157]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v3 = "shlo.triangular_solve"(%c1, %c2) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #shlo.transpose<TRANSPOSE>} : (tensor<3x3xf64>, tensor<2x3xf64>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.51439792061969314, 0.18650509489289022, 0.61450199578254094], [-0.28900025137556545, 1.3159830229625606, 0.34355799858240699]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
