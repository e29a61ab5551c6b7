// compare: oracle jax.lax.lt
func.func @main() {
  %c1 = shlo.constant {value = dense<[false, false, true, true]> : tensor<4xi1>} : () -> tensor<4xi1>
  %c2 = shlo.constant {value = dense<[false, true, false, true]> : tensor<4xi1>} : () -> tensor<4xi1>
  %v3 = "shlo.compare"(%c1, %c2) {comparison_direction = #shlo.comparison_direction<LT>, compare_type = #shlo.comparison_type<UNSIGNED>} : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[false, true, false, false]> : tensor<4xi1>}} : (tensor<4xi1>) -> ()
  func.return
}
