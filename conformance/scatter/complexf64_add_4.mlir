// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.8796310381863321, 0.83616071868368758, -1.9054266532377613, -0.14563563006463939, -0.28450061654224201], [-2.7313056675086123, -2.7380951419319075, 2.2057244736668373, 3.049336855332335, 3.8458371355764225]]> : tensor<2x5xf64>} : () -> tensor<2x5xf64>
  %c2 = shlo.constant {value = dense<[[-2.3495183317589974, -3.1078122491596152, -2.4871804511937996, -0.071624889716432397, 1.7183311582474692], [1.1233746408793142, -0.49120237166409203, -0.43260601244704999, -1.4275620551250681, 1.4692590985705025]]> : tensor<2x5xf64>} : () -> tensor<2x5xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x5xf64>, tensor<2x5xf64>) -> tensor<2x5xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %c5 = shlo.constant {value = dense<[-3.1486742508510783, -1.1885764735586835]> : tensor<2xf64>} : () -> tensor<2xf64>
  %c6 = shlo.constant {value = dense<[-3.1689353295799352, -1.4514285655461745]> : tensor<2xf64>} : () -> tensor<2xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
    "shlo.return"(%s0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x5xcomplex<f64>>, tensor<2x1xi32>, tensor<2xcomplex<f64>>) -> tensor<2x5xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<2x5xcomplex<f64>>) -> tensor<2x5xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<2x5xcomplex<f64>>) -> tensor<2x5xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1.8796310381863321, -2.3125135321673906, -1.9054266532377613, -0.14563563006463939, -0.28450061654224201], [-2.7313056675086123, -2.7380951419319075, 2.2057244736668373, 1.8607603817736516, 3.8458371355764225]]> : tensor<2x5xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x5xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.3495183317589974, -6.2767475787395508, -2.4871804511937996, -0.071624889716432397, 1.7183311582474692], [1.1233746408793142, -0.49120237166409203, -0.43260601244704999, -2.8789906206712423, 1.4692590985705025]]> : tensor<2x5xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<2x5xf64>) -> ()
  func.return
}
