// dynamic_conv: oracle jax.lax.conv_general_dilated
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[7, 1], [9, 9], [-6, 2], [7, 8], [-2, 2], [4, -3]]]> : tensor<1x6x2xi32>} : () -> tensor<1x6x2xi32>
  %c2 = shlo.constant {value = dense<[[[4, 3], [5, 7]], [[-1, -7], [9, 7]], [[4, -5], [-5, 2]]]> : tensor<3x2x2xi32>} : () -> tensor<3x2x2xi32>
  %c3 = shlo.constant {value = dense<[[1, 2]]> : tensor<1x2xi64>} : () -> tensor<1x2xi64>
  %v4 = "shlo.dynamic_conv"(%c1, %c2, %c3) {batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64, window_strides = array<i64: 2>} : (tensor<1x6x2xi32>, tensor<3x2x2xi32>, tensor<1x2xi64>) -> tensor<1x4x2xi32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-7, -69], [93, 127], [119, 79], [1, -9]]]> : tensor<1x4x2xi32>}} : (tensor<1x4x2xi32>) -> ()
  func.return
}
