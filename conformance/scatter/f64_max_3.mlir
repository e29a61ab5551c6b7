// scatter: oracle jax.lax.scatter* (FILL_OR_DROP: out-of-bounds update windows are skipped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-0.73009471143377869, 0.011543626307876198, 0.8421923363100533], [0.14729241778540103, 0.41688307708972439, -0.46613441609789291], [0.58946937069910554, -0.89648590681511853, 0.74295671472372427], [0.56941402394989404, -0.15513827774402034, 0.71951145930640659], [0.22766922778948928, -0.38207836461845235, -0.079640146777518294]]> : tensor<5x3xf64>} : () -> tensor<5x3xf64>
  %c2 = shlo.constant {value = dense<[[4], [7], [-1]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %c3 = shlo.constant {value = dense<[[-0.18123106618936247, -0.11862414993144721, -0.46645521699617293], [0.85179966465406831, 0.54091740597652593, -0.37720654513315233], [-0.84200774610689588, -0.42153521558376322, 0.037682606503695926]]> : tensor<3x3xf64>} : () -> tensor<3x3xf64>
  %v4 = "shlo.scatter"(%c1, %c2, %c3) ({
  ^bb0(%a0: tensor<f64>, %b0: tensor<f64>):
    %s0 = "shlo.maximum"(%a0, %b0) : (tensor<f64>, tensor<f64>) -> tensor<f64>
    "shlo.return"(%s0) : (tensor<f64>) -> ()
  }) {operandSegmentSizes = array<i32: 1, 1, 1>, scatter_dimension_numbers = #shlo.scatter<update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, indices_are_sorted = false, unique_indices = false} : (tensor<5x3xf64>, tensor<3x1xi32>, tensor<3x3xf64>) -> tensor<5x3xf64>
  "shlo.custom_call"(%v4) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.73009471143377869, 0.011543626307876198, 0.8421923363100533], [0.14729241778540103, 0.41688307708972439, -0.46613441609789291], [0.58946937069910554, -0.89648590681511853, 0.74295671472372427], [0.56941402394989404, -0.15513827774402034, 0.71951145930640659], [0.22766922778948928, -0.11862414993144721, -0.079640146777518294]]> : tensor<5x3xf64>}} : (tensor<5x3xf64>) -> ()
  func.return
}
