// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-0.635263144, -0.627779603], [1.80892301, 1.79909289], [1.34651327, 0.0282843597], [-3.05808711, -1.22167623]], [[2.05656576, 1.46015131], [1.3582319, -7.365480e-02], [1.8215301, -3.07049942], [5.7992444, 0.809844613]], [[0.104045287, -2.53508568], [0.842838823, 1.07545221], [2.93922472, -1.77785718], [-0.777770102, 2.09396553]]]> : tensor<3x4x2xf32>} : () -> tensor<3x4x2xf32>
  %c2 = shlo.constant {value = dense<[[[-2.47074986, -1.97748601], [0.637745797, 0.518024385], [3.63381505, 0.315018505], [3.34985781, 1.96849167]], [[0.166908368, -0.3552908], [0.751042366, -2.60049415], [0.464524567, 0.146100521], [1.20419312, 4.4746418]], [[-3.13092041, 0.589838624], [-0.474564463, -0.0441573374], [-0.0612111389, 0.393788368], [-0.879097521, 2.72782159]]]> : tensor<3x4x2xf32>} : () -> tensor<3x4x2xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<3x4x2xf32>, tensor<3x4x2xf32>) -> tensor<3x4x2xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[0, 1], [2, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %v5 = "shlo.gather"(%v3, %c4) {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xcomplex<f32>>, tensor<2x2xi32>) -> tensor<2x2x2xcomplex<f32>>
  %v6 = "shlo.real"(%v5) : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2x2xf32>
  %v7 = "shlo.imag"(%v5) : (tensor<2x2x2xcomplex<f32>>) -> tensor<2x2x2xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[1.80892301, 1.79909289], [1.34651327, 0.0282843597]], [[0.104045287, -2.53508568], [0.842838823, 1.07545221]]]> : tensor<2x2x2xf32>}} : (tensor<2x2x2xf32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[0.637745797, 0.518024385], [3.63381505, 0.315018505]], [[-3.13092041, 0.589838624], [-0.474564463, -0.0441573374]]]> : tensor<2x2x2xf32>}} : (tensor<2x2x2xf32>) -> ()
  func.return
}
