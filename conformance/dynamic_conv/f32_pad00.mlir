// dynamic_conv: oracle jax.lax.conv_general_dilated
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[0.667053997, -0.895574986], [0.664051115, 0.180589408], [0.404781371, -0.54451859], [0.113319024, -0.0734612643], [0.0338084511, 0.13266173], [-0.837216556, -0.199499011]]]> : tensor<1x6x2xf32>} : () -> tensor<1x6x2xf32>
  %c2 = shlo.constant {value = dense<[[[-0.587960124, -0.446742505], [0.767895221, -0.750324368]], [[-0.433360189, 0.531082332], [-0.317503542, 0.426166654]], [[-0.083677791, 0.533708572], [-0.0560012609, -0.232690662]]]> : tensor<3x2x2xf32>} : () -> tensor<3x2x2xf32>
  %c3 = shlo.constant {value = dense<0> : tensor<1x2xi64>} : () -> tensor<1x2xi64>
  %v4 = "shlo.dynamic_conv"(%c1, %c2, %c3) {batch_group_count = 1 : i64, dimension_numbers = #shlo.conv<input_batch_dimension = 0, input_feature_dimension = 2, input_spatial_dimensions = [1], kernel_input_feature_dimension = 1, kernel_output_feature_dimension = 2, kernel_spatial_dimensions = [0], output_batch_dimension = 0, output_feature_dimension = 2, output_spatial_dimensions = [1]>, feature_group_count = 1 : i64, window_strides = array<i64: 2>} : (tensor<1x6x2xf32>, tensor<3x2x2xf32>, tensor<1x2xi64>) -> tensor<1x2x2xf32>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_close_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-1.42839742, 1.14633703], [-0.692170501, 0.243782237]]]> : tensor<1x2x2xf32>, rtol = 1.000e-05 : f64, atol = 1.000e-06 : f64}} : (tensor<1x2x2xf32>) -> ()
  func.return
}
