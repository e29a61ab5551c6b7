// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[false, true, false, true, false], [true, false, false, true, false], [false, false, true, true, true]]> : tensor<3x5xi1>} : () -> tensor<3x5xi1>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<i1>, %k1: tensor<i1>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<UNSIGNED>} : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xi1>) -> tensor<3x5xi1>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[false, false, false, true, true], [false, false, false, true, true], [false, false, true, true, true]]> : tensor<3x5xi1>}} : (tensor<3x5xi1>) -> ()
  func.return
}
