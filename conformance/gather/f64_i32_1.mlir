// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0.69563664740060671, -4.5226636356835233, 1.3781898183842007, 7.3475020300960665], [-3.5375499595232425, 2.1855218874564124, -2.5693351858614051, -0.42786667432309289], [-2.2458137911763725, 4.4726528403439705, 0.24753278988741806, -0.92048610745498505], [1.5734841924217435, -0.60343658218631502, -0.10046847776435723, -2.7217312376479992], [6.0312475865376936, 2.3204604920431335, 4.9784675274691619, 0.5144250709381023]]> : tensor<5x4xf64>} : () -> tensor<5x4xf64>
  %c2 = shlo.constant {value = dense<[[1, 1], [4, 3], [-1, 9]]> : tensor<3x2xi32>} : () -> tensor<3x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2>} : (tensor<5x4xf64>, tensor<3x2xi32>) -> tensor<3x2xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2.1855218874564124, -2.5693351858614051], [4.9784675274691619, 0.5144250709381023], [1.3781898183842007, 7.3475020300960665]]> : tensor<3x2xf64>}} : (tensor<3x2xf64>) -> ()
  func.return
}
