// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[0x7FC00000, 1.000000e+00, -0.000000e+00, 0.000000e+00, 0xFF800000], [-0.0421458632, 3.85669661, 4.51713848, -0.811148464, -0.738087117], [1.02375829, -4.140680e+00, 0.831625044, -1.00899577, 2.59550738]]> : tensor<3x5xf32>} : () -> tensor<3x5xf32>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<f32>, %k1: tensor<f32>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<TOTALORDER>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xf32>) -> tensor<3x5xf32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[0xFF800000, -0.000000e+00, 0.000000e+00, 1.000000e+00, 0x7FC00000], [-0.811148464, -0.738087117, -0.0421458632, 3.85669661, 4.51713848], [-4.140680e+00, -1.00899577, 0.831625044, 1.02375829, 2.59550738]]> : tensor<3x5xf32>}} : (tensor<3x5xf32>) -> ()
  %v3 = "shlo.bitcast_convert"(%v2) : (tensor<3x5xf32>) -> tensor<3x5xi32>
  %c4 = shlo.constant {value = dense<31> : tensor<3x5xi32>} : () -> tensor<3x5xi32>
  %v5 = "shlo.shift_right_logical"(%v3, %c4) : (tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  %v6 = "shlo.compare"(%v2, %v2) {comparison_direction = #shlo.comparison_direction<EQ>} : (tensor<3x5xf32>, tensor<3x5xf32>) -> tensor<3x5xi1>
  %c7 = shlo.constant {value = dense<0> : tensor<3x5xi32>} : () -> tensor<3x5xi32>
  %v8 = "shlo.select"(%v6, %v5, %c7) : (tensor<3x5xi1>, tensor<3x5xi32>, tensor<3x5xi32>) -> tensor<3x5xi32>
  "shlo.custom_call"(%v8) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 1, 0, 0, 0], [1, 1, 1, 0, 0], [1, 1, 0, 0, 0]]> : tensor<3x5xi32>}} : (tensor<3x5xi32>) -> ()
  func.return
}
