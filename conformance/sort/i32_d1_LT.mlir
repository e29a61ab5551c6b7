// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[8, 6, 7, -5, -4], [3, -3, -4, -7, 8], [8, 5, 4, 4, 5]]> : tensor<3x5xi32>} : () -> tensor<3x5xi32>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<i32>, %k1: tensor<i32>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<SIGNED>} : (tensor<i32>, tensor<i32>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xi32>) -> tensor<3x5xi32>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-5, -4, 6, 7, 8], [-7, -4, -3, 3, 8], [4, 4, 5, 5, 8]]> : tensor<3x5xi32>}} : (tensor<3x5xi32>) -> ()
  func.return
}
