// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[7, 0, 0, 7, 2], [4, 4, 2, 6, 5], [4, 2, 9, 4, 9]]> : tensor<3x5xui8>} : () -> tensor<3x5xui8>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<ui8>, %k1: tensor<ui8>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<GT>, compare_type = #shlo.comparison_type<UNSIGNED>} : (tensor<ui8>, tensor<ui8>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 0 : i64, is_stable = true} : (tensor<3x5xui8>) -> tensor<3x5xui8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[7, 4, 9, 7, 9], [4, 2, 2, 6, 5], [4, 0, 0, 4, 2]]> : tensor<3x5xui8>}} : (tensor<3x5xui8>) -> ()
  func.return
}
