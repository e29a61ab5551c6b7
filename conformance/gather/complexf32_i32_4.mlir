// gather: oracle jax.lax.gather (mode CLIP: start indices clamped)
func.func @main() {
  %c1 = shlo.constant {value = dense<[[[-0.938966214, -0.0948773249, 1.40239739], [-0.409568876, 2.35572433, 2.7090137], [-2.67656684, -2.45663381, -2.33946013], [-3.22860527, 0.0633351132, 1.38126743], [2.53105307, -3.56798935, 0.940735459]], [[1.77234232, -0.359150916, -0.723256469], [-1.88551652, 2.09599161, -2.48352289], [2.8913343, -0.131974488, 1.20928192], [-0.197351351, -3.02643585, -1.5504483], [0.252514273, 0.211919442, 0.856841862]]]> : tensor<2x5x3xf32>} : () -> tensor<2x5x3xf32>
  %c2 = shlo.constant {value = dense<[[[1.1411643, -1.09316158, -3.81433678], [-0.911620557, 3.41861081, 4.56118393], [2.02729869, 1.18248069, 2.37626529], [-3.09447813, 0.0593120568, -2.63196826], [-3.580441, 1.59707391, 3.41642833]], [[2.4761734, 0.207531154, 1.4093411], [-4.51468277, -2.05558729, 1.95556545], [-1.10962045, 1.07984102, 1.3263886], [-1.59113252, -0.56414479, -0.698224365], [-0.251099706, -2.62006783, -0.893524289]]]> : tensor<2x5x3xf32>} : () -> tensor<2x5x3xf32>
  %v3 = "shlo.complex"(%c1, %c2) : (tensor<2x5x3xf32>, tensor<2x5x3xf32>) -> tensor<2x5x3xcomplex<f32>>
  %c4 = shlo.constant {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %v5 = "shlo.gather"(%v3, %c4) {dimension_numbers = #shlo.gather<offset_dims = [1], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1, 3>} : (tensor<2x5x3xcomplex<f32>>, tensor<2x1xi32>) -> tensor<2x3xcomplex<f32>>
  %v6 = "shlo.real"(%v5) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  %v7 = "shlo.imag"(%v5) : (tensor<2x3xcomplex<f32>>) -> tensor<2x3xf32>
  "shlo.custom_call"(%v6) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.409568876, 2.35572433, 2.7090137], [-0.197351351, -3.02643585, -1.5504483]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  "shlo.custom_call"(%v7) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-0.911620557, 3.41861081, 4.56118393], [-1.59113252, -0.56414479, -0.698224365]]> : tensor<2x3xf32>}} : (tensor<2x3xf32>) -> ()
  func.return
}
