// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[2.4742911832791328, -1.1784315105043079, 1.8224973649167924], [2.8975674183158211, 1.2255341674362332, -4.5826946358209968], [1.3785628853356227, -1.3160424371202057, -0.38639790903418242], [3.6993491592903123, 0.13473410729527205, -1.1756071828718218], [1.0976346797461343, -2.7594436488904921, -2.4526054527948791]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[2.4928488213016911, 0.10795364078461912, 1.1595080351431513], [2.1904286839700577, -1.3603630613207129, -0.93414829861852311], [3.2002139503818792, 0.76630336465797755, -2.0536772499110296], [0.70944553914372421, 0.20611725668906489, 2.4139796503817217], [-2.8634641315900966, 1.1101706386328238, -2.7961112388531477]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<5x3xf64>, tensor<5x3xf64>) -> tensor<5x3xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[1], [3], [1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c5 = shlo.constant {value = dense<[[-2.1587682018277925, -2.7615140879792111, 0.64231817721588391], [-6.6411654769772674, -3.7665577101917056, -1.2174826009592268], [-0.24907072859772089, 2.1371311375004463, -4.644708269780244]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %c6 = shlo.constant {value = dense<[[1.7357591517981086, -0.27521361844543624, -2.2411596579243818], [-0.39222128382838028, 0.16915700298192868, 1.6196556069595842], [1.1119138565542515, 1.1021714235479747, 1.4212181801273449]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<3x3xf64>, tensor<3x3xf64>) -> tensor<3x3xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    "shlo.return"(%b0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xcomplex<f64>>, tensor<3x1xi32>, tensor<3x3xcomplex<f64>>) -> tensor<5x3xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<5x3xcomplex<f64>>) -> tensor<5x3xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<5x3xcomplex<f64>>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.4742911832791328, -1.1784315105043079, 1.8224973649167924], [-0.24907072859772089, 2.1371311375004463, -4.644708269780244], [1.3785628853356227, -1.3160424371202057, -0.38639790903418242], [-6.6411654769772674, -3.7665577101917056, -1.2174826009592268], [1.0976346797461343, -2.7594436488904921, -2.4526054527948791]]> : tensor<5x3xf64>}} : (tensor<5x3xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.4928488213016911, 0.10795364078461912, 1.1595080351431513], [1.1119138565542515, 1.1021714235479747, 1.4212181801273449], [3.2002139503818792, 0.76630336465797755, -2.0536772499110296], [-0.39222128382838028, 0.16915700298192868, 1.6196556069595842], [-2.8634641315900966, 1.1101706386328238, -2.7961112388531477]]> : tensor<5x3xf64>}} : (tensor<5x3xf64>) -> ()
  func.return
}
