// sort: oracle jax.lax.sort (total order for floats); descending via reversed stable sort
func.func @main() {
  %c1 = shlo.constant {value = dense<[[-6, 2, -2, 3, -6], [-7, 5, -2, -3, 9], [-5, -3, 0, 3, -1]]> : tensor<3x5xi16>} : () -> tensor<3x5xi16>
  %v2 = "shlo.sort"(%c1) ({
  ^bb0(%k0: tensor<i16>, %k1: tensor<i16>):
    %c = "shlo.compare"(%k0, %k1) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<SIGNED>} : (tensor<i16>, tensor<i16>) -> tensor<i1>
    "shlo.return"(%c) : (tensor<i1>) -> ()
  }) {dimension = 1 : i64, is_stable = true} : (tensor<3x5xi16>) -> tensor<3x5xi16>
  "shlo.custom_call"(%v2) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[-6, -6, -2, 2, 3], [-7, -3, -2, 5, 9], [-5, -3, -1, 0, 3]]> : tensor<3x5xi16>}} : (tensor<3x5xi16>) -> ()
  func.return
}
