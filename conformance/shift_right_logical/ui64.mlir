// shift_right_logical: oracle jax.lax
func.func @main() {
  %c1 = shlo.constant {value = dense<[[18059470482656138178, 3543884944154526304, 18151433160530240856], [15538121243788877261, 11639053204649022998, 7477514133661530372]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %c2 = shlo.constant {value = dense<[[0, 1, 2], [3, 4, 5]]> : tensor<2x3xui64>} : () -> tensor<2x3xui64>
  %v3 = "shlo.shift_right_logical"(%c1, %c2) : (tensor<2x3xui64>, tensor<2x3xui64>) -> tensor<2x3xui64>
  "shlo.custom_call"(%v3) {call_target_name = "check.expect_eq_const", has_side_effect = true, api_version = #shlo.custom_call_api_version<API_VERSION_TYPED_FFI>, backend_config = {expected = dense<[[18059470482656138178, 1771942472077263152, 4537858290132560214], [1942265155473609657, 727440825290563937, 233672316676922824]]> : tensor<2x3xui64>}} : (tensor<2x3xui64>) -> ()
  func.return
}
