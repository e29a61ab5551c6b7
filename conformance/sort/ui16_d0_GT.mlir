// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5, 0, 5, 8, 3], [8, 4, 7, 9, 3], [0, 2, 2, 1, 4]]> : tensor<3x5xui16>} : () -> tensor<3x5xui16>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<ui16>, %k1: tensor<ui16>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<GT>, compare_type = #shlo.comparison_type<UNSIGNED>} : (tensor<ui16>, tensor<ui16>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x5xui16>) -> tensor<3x5xui16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[8, 4, 7, 9, 4], [5, 2, 5, 8, 3], [0, 0, 2, 1, 3]]> : tensor<3x5xui16>}} : (tensor<3x5xui16>) -> ()
  func.return
}
