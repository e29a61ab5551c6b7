// if: oracle jax.lax.cond
func.func @main() {
  %c1 = shlo.constant {value = dense<true> : tensor<i1>} : () -> tensor<i1>
  %c2 = shlo.constant {value = dense<[false, true, false]> : tensor<3xi1>} : () -> tensor<3xi1>
  %v3 = "shlo.if"(%c1) ({
    %d = "shlo.not"(%c2) : (tensor<3xi1>) -> tensor<3xi1>
    "shlo.return"(%d) : (tensor<3xi1>) -> ()
  }, {
    "shlo.return"(%c2) : (tensor<3xi1>) -> ()
  }) : (tensor<i1>) -> tensor<3xi1>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[true, false, true]> : tensor<3xi1>}} : (tensor<3xi1>) -> ()
  func.return
}
