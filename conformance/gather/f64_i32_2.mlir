// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[4.2075362764304973, 1.8610612746658588], [-1.3477326869782102, 4.7813747176253285], [1.3046189121392091, 5.7929831775349374], [-5.0675916132753205, -5.1792409192107254]], [[-1.3020744235192074, -5.0686116297841393], [0.33582688654231785, -3.4906347804208009], [0.2796713206802372, -0.12177175246373412], [0.8456751052260888, -3.3368349613249233]], [[-1.7666446969737812, -0.78307743856482581], [-1.233784451920457, 3.0570443032545072], [-2.2879899739566037E-4, 3.6408682423941299], [-1.2891662763051683, -0.43729951648555976]]]> : tensor<3x4x2xf64>} : () -> tensor<3x4x2xf64>
  %c2 = shlo.constant {value = dense<[[0, 1], [2, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1, 2], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0, 1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 2, 2>} : (tensor<3x4x2xf64>, tensor<2x2xi32>) -> tensor<2x2x2xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[[-1.3477326869782102, 4.7813747176253285], [1.3046189121392091, 5.7929831775349374]], [[-1.7666446969737812, -0.78307743856482581], [-1.233784451920457, 3.0570443032545072]]]> : tensor<2x2x2xf64>}} : (tensor<2x2x2xf64>) -> ()
  func.return
}
