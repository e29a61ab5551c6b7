module {
  func.func @main(%arg0: tensor<1x4x1xi32>, %arg1: tensor<3x1x1xi32>) -> tensor<1x2x1xi32> {
    %0 = shlo.convolution %arg0, %arg1 {batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64, lhs_dilation = array<i64: 1>, padding = dense<[[1, 0]]> : tensor<1x2xi64>, precision_config = [#shlo.precision<DEFAULT>, #shlo.precision<DEFAULT>], rhs_dilation = array<i64: 1>, window_strides = array<i64: 2>} : (tensor<1x4x1xi32>, tensor<3x1x1xi32>) -> tensor<1x2x1xi32>
    return %0 : tensor<1x2x1xi32>
  }
}
