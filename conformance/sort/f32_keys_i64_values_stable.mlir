// sort: oracle jax.lax.sort(num_keys=1, stable)
func.func @main() {
  %c1 = shlo.constant {value = dense<[-0.000000e+00, 3.000000e+00, -3.000000e+00, -3.000000e+00, -1.000000e+00, 1.000000e+00, -4.000000e+00, -2.000000e+00]> : tensor<8xf32>} : () -> tensor<8xf32>
  %c2 = shlo.constant {value = dense<[2112333296756445495, -6388103168410237610, 547736651365536175, -6221954281655276377, 6897149608809076267, -7708756853872930127, -5972718974209579339, 6975737967077758967]> : tensor<8xi64>} : () -> tensor<8xi64>
  %v3:2 = "shlo.sort"(%c1, %c2) ({
  ^bb0(%k0: tensor<f32>, %k1: tensor<f32>, %v0: tensor<i64>, %v1: tensor<i64>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<TOTALORDER>} : (tensor<f32>, tensor<f32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<8xf32>, tensor<8xi64>) -> (tensor<8xf32>, tensor<8xi64>)
  "shlo.custom_call"(%v3#0) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-4.000000e+00, -3.000000e+00, -3.000000e+00, -2.000000e+00, -1.000000e+00, -0.000000e+00, 1.000000e+00, 3.000000e+00]> : tensor<8xf32>}} : (tensor<8xf32>) -> ()
  "shlo.custom_call"(%v3#1) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[-5972718974209579339, 547736651365536175, -6221954281655276377, 6975737967077758967, 6897149608809076267, 2112333296756445495, -7708756853872930127, -6388103168410237610]> : tensor<8xi64>}} : (tensor<8xi64>) -> ()
  func.return
}
