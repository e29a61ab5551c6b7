// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1, 6, 4, 4, 1], [5, 2, 7, 6, 3], [1, 4, 0, 1, 8]]> : tensor<3x5xui32>} : () -> tensor<3x5xui32>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<ui32>, %k1: tensor<ui32>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<UNSIGNED>} : (tensor<ui32>, tensor<ui32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xui32>) -> tensor<3x5xui32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[1, 1, 4, 4, 6], [2, 3, 5, 6, 7], [0, 1, 1, 4, 8]]> : tensor<3x5xui32>}} : (tensor<3x5xui32>) -> ()
  func.return
}
