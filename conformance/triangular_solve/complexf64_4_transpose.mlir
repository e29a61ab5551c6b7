// triangular_solve: oracle jax.lax.linalg.triangular_solve (given only the triangle; shlo must ignore the other)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[51.227563199088976, -5.1069143117580129, -1.5807006039091593], [-5.1069143117580129, 12.829375231466601, -9.0041057360220477], [-1.5807006039091593, -9.0041057360220477, 44.10128187459452]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c2 = shlo.constant {value = dense<[[0.000000e+00, -16.846242269449128, 3.8841719982446543], [16.846242269449128, 0.000000e+00, 6.4354156154087061], [-3.8841719982446543, -6.4354156154087061, 0.000000e+00]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[-0.49662463526858647, 1.8862375294220157, 1.723051453179244], [0.93284029488115072, 0.86404799538779198, 0.209467076061125]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %c5 = shlo.constant {value = dense<[[1.5565781196354775, 1.0127031173188892, 0.19460584110357171], [-1.352643059921153, -2.4525032692100486, 0.71355178524890706]]> : tensor<2x3xf64>} : () -> tensor<2x3xf64>
  %v6 = "shlo.complex"(%c4, %c5) : (tensor<2x3xf64>, tensor<2x3xf64>) -> tensor<2x3xcomplex<f64>>
  %v7 = "shlo.triangular_solve"(%v3, %v6) {left_side = false, lower = false, unit_diagonal = false, transpose_a = #shlo.transpose<TRANSPOSE>} : (tensor<3x3xcomplex<f64>>, tensor<2x3xcomplex<f64>>) -> tensor<2x3xcomplex<f64>>
  %v8 = "shlo.real"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  %v9 = "shlo.imag"(%v7) : (tensor<2x3xcomplex<f64>>) -> tensor<2x3xf64>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.01107484506841893, 0.1766593001465675, 0.039070325848551912], [0.08735198752072583, 0.078798743360291579, 0.0047496822576894972]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<2x3xf64>) -> ()
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0.091878133155763819, 0.062434978989740028, 0.0044127025980094823], [-0.018515078973389641, -0.18219004399606964, 0.016179842283903401]]> : tensor<2x3xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-12 : f64}} : (tensor<2x3xf64>) -> ()
  func.return
}
