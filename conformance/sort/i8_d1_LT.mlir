// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[5, 2, 3, 7, -8], [-1, -6, -6, 9, 6], [4, 0, -7, 9, 2]]> : tensor<3x5xi8>} : () -> tensor<3x5xi8>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<i8>, %k1: tensor<i8>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<SIGNED>} : (tensor<i8>, tensor<i8>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xi8>) -> tensor<3x5xi8>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-8, 2, 3, 5, 7], [-6, -6, -1, 6, 9], [-7, 0, 2, 4, 9]]> : tensor<3x5xi8>}} : (tensor<3x5xi8>) -> ()
  func.return
}
