// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7, 5, 9, 2, 2], [9, 4, 4, 1, 2], [2, 9, 9, 9, 7]]> : tensor<3x5xui64>} : () -> tensor<3x5xui64>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<ui64>, %k1: tensor<ui64>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<UNSIGNED>} : (tensor<ui64>, tensor<ui64>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xui64>) -> tensor<3x5xui64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[2, 2, 5, 7, 9], [1, 2, 4, 4, 9], [2, 7, 9, 9, 9]]> : tensor<3x5xui64>}} : (tensor<3x5xui64>) -> ()
  func.return
}
