// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4698162889289201563, 8951261116797313498, -4147723994383296608, -4730656743670036988], [-2098891180884484255, 917596189082207135, -5270300977719478622, -7444262446046016677], [-2845565993038356617, 6964226341779548394, 3313049611972360434, -379597685736795042], [6637989608721826769, -2223172325124960455, -3674335121953813555, -5076164768893187589], [-7910606074189347206, 2394169634937709688, -1192219057835342493, -7683070614965942843]]> : tensor<5x4xi64>} : () -> tensor<5x4xi64>
  %c2 = shlo.constant {value = dense<[[1, 1], [4, 3], [-1, 9]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>} : (tensor<5x4xi64>, tensor<3x2xi32>) -> tensor<3x2xi64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[917596189082207135, -5270300977719478622], [-1192219057835342493, -7683070614965942843], [-4147723994383296608, -4730656743670036988]]> : tensor<3x2xi64>}} : (tensor<3x2xi64>) -> ()
  func.return
}
