// map: oracle jax.lax elementwise op applied by map
func.func @main() {
  %c1 = shlo.constant {value = dense<[[true, true, false], [true, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %c2 = shlo.constant {value = dense<[[true, false, false], [true, false, true]]> : tensor<2x3xi1>} : () -> tensor<2x3xi1>
  %v3 = "shlo.map"(%c1, %c2) ({
  ^bb0(%a0: tensor<i1>, %b0: tensor<i1>):
    %s0 = "shlo.and"(%a0, %b0) : (tensor<i1>, tensor<i1>) -> tensor<i1>
    "shlo.return"(%s0) : (tensor<i1>) -> ()
  }) {dimensions = array<i64: 0, 1>} : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x3xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[true, false, false], [true, false, true]]> : tensor<2x3xi1>}} : (tensor<2x3xi1>) -> ()
  func.return
}
