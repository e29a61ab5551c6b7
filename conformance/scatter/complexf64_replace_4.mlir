// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.046175133673318228, -4.8266617837914207, -1.7315612318747542, 0.81063565382718971, -3.4149665393137214], [0.52913771841040169, 0.92548713741767952, 1.8364349720345785, -0.020576277748582471, -1.2209233832456485]]> : tensor<2x5xf64>} : () -> tensor<2x5xf64>
  %c2 = shlo.constant {value = dense<[[-2.1295927592071178, 0.33908696740635397, -2.9477635656216008, -4.7322575423364883, -1.5506248205699764], [-0.062995523571203679, -0.19141949474016803, -3.1527247789525816, -1.4903068157749215, -2.5283049979457597]]> : tensor<2x5xf64>} : () -> tensor<2x5xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x5xf64>, tensor<2x5xf64>) -> tensor<2x5xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %c5 = shlo.constant {value = dense<[1.1617340225602841, -2.6031097503823242]> : tensor<2xf64>} : () -> tensor<2xf64>
  %c6 = shlo.constant {value = dense<[-1.4801451237357557, -1.6932383003544762]> : tensor<2xf64>} : () -> tensor<2xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    "shlo.return"(%b0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<2x5xcomplex<f64>>, tensor<2x1xi32>, tensor<2xcomplex<f64>>) -> tensor<2x5xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<2x5xcomplex<f64>>) -> tensor<2x5xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<2x5xcomplex<f64>>) -> tensor<2x5xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.046175133673318228, 1.1617340225602841, -1.7315612318747542, 0.81063565382718971, -3.4149665393137214], [0.52913771841040169, 0.92548713741767952, 1.8364349720345785, -2.6031097503823242, -1.2209233832456485]]> : tensor<2x5xf64>}} : (tensor<2x5xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-2.1295927592071178, -1.4801451237357557, -2.9477635656216008, -4.7322575423364883, -1.5506248205699764], [-0.062995523571203679, -0.19141949474016803, -3.1527247789525816, -1.6932383003544762, -2.5283049979457597]]> : tensor<2x5xf64>}} : (tensor<2x5xf64>) -> ()
  func.return
}
