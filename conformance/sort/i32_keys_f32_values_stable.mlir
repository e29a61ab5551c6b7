// sort: oracle jax.lax.sort(num_keys=1, stable)
func.func @main() {
  %c1 = shlo.constant {value = dense<[2, 0, 2, 0, 0, 2, 0, 1]> : tensor<8xi32>} : () -> tensor<8xi32>
  %c2 = shlo.constant {value = dense<[-1.16146171, -0.545902848, 1.43318164, 4.67783451, -5.543530e-01, -2.72332358, -0.165910587, 0.764608085]> : tensor<8xf32>} : () -> tensor<8xf32>
  %v3:2 = "shlo.sort"(%c1, %c2) ({
  ^bb0(%k0: tensor<i32>, %k1: tensor<i32>, %v0: tensor<f32>, %v1: tensor<f32>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<SIGNED>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<8xi32>, tensor<8xf32>) -> (tensor<8xi32>, tensor<8xf32>)
  "shlo.custom_call"(%v3#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[0, 0, 0, 0, 1, 2, 2, 2]> : tensor<8xi32>}} : (tensor<8xi32>) -> ()
  "shlo.custom_call"(%v3#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-0.545902848, 4.67783451, -5.543530e-01, -0.165910587, 0.764608085, -1.16146171, 1.43318164, -2.72332358]> : tensor<8xf32>}} : (tensor<8xf32>) -> ()
  func.return
}
