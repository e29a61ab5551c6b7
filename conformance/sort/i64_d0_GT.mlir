// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-3, 9, -7, 7, 8], [-6, -5, -2, 3, 9], [-1, 1, 9, -9, 6]]> : tensor<3x5xi64>} : () -> tensor<3x5xi64>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<i64>, %k1: tensor<i64>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<GT>, compare_type = #shlo.comparison_type<SIGNED>} : (tensor<i64>, tensor<i64>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x5xi64>) -> tensor<3x5xi64>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-1, 9, 9, 7, 9], [-3, 1, -2, 3, 8], [-6, -5, -7, -9, 6]]> : tensor<3x5xi64>}} : (tensor<3x5xi64>) -> ()
  func.return
}
