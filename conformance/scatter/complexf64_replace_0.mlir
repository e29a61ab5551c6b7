// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[4.0080983597733617, 1.9931318043212909, -0.52555829165398149, -0.25637694368973885, -0.85160207498219298, 0.29938755845779208]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c2 = shlo.constant {value = dense<[2.5056433890024525, 0.76066870914340412, 2.1570884997085367, -0.15643464959239906, 2.4119762814446095, -0.0332164089598437]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[0], [2], [3], [5]]> : tensor<4x1xi32>} : () -> tensor<4x1xi32>
  %c5 = shlo.constant {value = dense<[3.4277328019364219, -0.10077532648258189, -3.9772406212405929, -4.5578210548015328]> : tensor<4xf64>} : () -> tensor<4xf64>
  %c6 = shlo.constant {value = dense<[0.84694773920960442, 0.51258964949701069, -0.17846427257253289, -0.95662641043307084]> : tensor<4xf64>} : () -> tensor<4xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    "shlo.return"(%b0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<6xcomplex<f64>>, tensor<4x1xi32>, tensor<4xcomplex<f64>>) -> tensor<6xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[3.4277328019364219, 1.9931318043212909, -0.10077532648258189, -3.9772406212405929, -0.85160207498219298, -4.5578210548015328]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0.84694773920960442, 0.76066870914340412, 0.51258964949701069, -0.17846427257253289, 2.4119762814446095, -0.95662641043307084]> : tensor<6xf64>}} : (tensor<6xf64>) -> ()
  func.return
}
