// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[1, -5, 7, 7, 5], [-8, 1, 3, -8, -2], [1, 3, -5, -5, 1]]> : tensor<3x5xi4>} : () -> tensor<3x5xi4>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<i4>, %k1: tensor<i4>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<SIGNED>} : (tensor<i4>, tensor<i4>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xi4>) -> tensor<3x5xi4>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5, 1, 5, 7, 7], [-8, -8, -2, 1, 3], [-5, -5, 1, 1, 3]]> : tensor<3x5xi4>}} : (tensor<3x5xi4>) -> ()
  func.return
}
