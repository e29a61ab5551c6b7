// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-4.3875788177443997, 0.074009097511366667, -2.2083527461296804, 0.76284332034079627], [-0.75951716802100555, -3.3864736225302119, -0.37350973449865393, -0.15400231116418234], [0.42663270993389396, -0.80446036320166269, -1.7646766739824944, -0.90759844633506614], [-5.6346363818542411, 2.840488303266282, -5.3729037193240075, -0.66401704236238523], [0.93375030747639021, 4.783493405874335, 1.1516194412449006, 0.021099176905330853]]> : tensor<5x4xf64>} : () -> tensor<5x4xf64>
  %c2 = shlo.constant {value = dense<[[0], [2], [4]]> : tensor<3x1xi32>} : () -> tensor<3x1xi32>
  %v3 = "shlo.gather"(%c1, %c2) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 4>} : (tensor<5x4xf64>, tensor<3x1xi32>) -> tensor<3x4xf64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-4.3875788177443997, 0.074009097511366667, -2.2083527461296804, 0.76284332034079627], [0.42663270993389396, -0.80446036320166269, -1.7646766739824944, -0.90759844633506614], [0.93375030747639021, 4.783493405874335, 1.1516194412449006, 0.021099176905330853]]> : tensor<3x4xf64>}} : (tensor<3x4xf64>) -> ()
  func.return
}
