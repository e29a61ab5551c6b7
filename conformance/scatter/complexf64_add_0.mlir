// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[-1.1048799283849713, -1.6032814585253867, 0.3470043945582223, 0.0049896205500973142, 1.8171309614715081, -1.2219549920825243]> : tensor<6xf64>} : () -> tensor<6xf64>
  %c2 = shlo.constant {value = dense<[0.12317478030386252, -1.9530557677943445, 1.7248856360743254, -0.15547133245345579, 1.0715230798000757, -0.74319749222839759]> : tensor<6xf64>} : () -> tensor<6xf64>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<6xf64>, tensor<6xf64>) -> tensor<6xcomplex<f64>>
  %c4 = shlo.constant {value = dense<[[0], [2], [2], [5]]> : tensor<4x1xi32>} : () -> tensor<4x1xi32>
  %c5 = shlo.constant {value = dense<[0.81216182441846585, 0.68704991978399366, 2.5577283263028812, -0.050831392505474735]> : tensor<4xf64>} : () -> tensor<4xf64>
  %c6 = shlo.constant {value = dense<[-0.67247583061843197, -0.059821864311278415, 1.2329679930017028, 1.9571682483095219]> : tensor<4xf64>} : () -> tensor<4xf64>
  %v7 = "shlo.complex"(%c5, %c6) : (tensor<4xf64>, tensor<4xf64>) -> tensor<4xcomplex<f64>>
  %v8 = "shlo.scatter"(%v3, %c4, %v7) ({
  ^bb0(%a0: tensor<complex<f64>>, %b0: tensor<complex<f64>>):
    %s0 = "shlo.add"(%a0, %b0) : (tensor<complex<f64>>, tensor<complex<f64>>) -> tensor<complex<f64>>
    "shlo.return"(%s0) : (tensor<complex<f64>>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<6xcomplex<f64>>, tensor<4x1xi32>, tensor<4xcomplex<f64>>) -> tensor<6xcomplex<f64>>
  %v9 = "shlo.real"(%v8) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  %v10 = "shlo.imag"(%v8) : (tensor<6xcomplex<f64>>) -> tensor<6xf64>
  "shlo.custom_call"(%v9) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.29271810396650544, -1.6032814585253867, 3.5917826406450972, 0.0049896205500973142, 1.8171309614715081, -1.272786384587999]> : tensor<6xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<6xf64>) -> ()
  "shlo.custom_call"(%v10) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.54930105031456944, -1.9530557677943445, 2.8980317647647498, -0.15547133245345579, 1.0715230798000757, 1.2139707560811241]> : tensor<6xf64>, rtol = 1.000e-12 : f64, atol = 1.000e-14 : f64}} : (tensor<6xf64>) -> ()
  func.return
}
