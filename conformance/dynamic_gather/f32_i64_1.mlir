// dynamic_gather: oracle jax.lax.gather (CLIP)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1.46104324, 0.859624564, -1.17566109, 2.568230e+00], [-0.607213259, 2.38051724, -2.50792718, -1.60214818], [-3.43810034, 1.55214655, 3.67208195, 0.873227298], [-0.35994041, -4.746650e+00, -2.17788458, 3.44886065], [-3.15879798, 1.24208879, 2.14052081, 0.431507021]]> : tensor<5x4xf32>} : () -> tensor<5x4xf32>
  %c2 = shlo.constant {value = dense<[[1, 1], [4, 3], [-1, 9]]> : tensor<3x2xi64>} : () -> tensor<3x2xi64>
  %c3 = shlo.constant {value = dense<[1, 2]> : tensor<2xi64>} : () -> tensor<2xi64>
  %v4 = "shlo.dynamic_gather"(%c1, %c2, %c3) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false} : (tensor<5x4xf32>, tensor<3x2xi64>, tensor<2xi64>) -> tensor<3x2xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.38051724, -2.50792718], [2.14052081, 0.431507021], [-1.17566109, 2.568230e+00]]> : tensor<3x2xf32>}} : (tensor<3x2xf32>) -> ()
  func.return
}
